"""The exact search in C, when the optional extension ``solver._native`` is built.

:class:`~solver.search.Search` hands its work to :func:`search` when it can:
the C code is a port of the same search loop and the same constraints, run
in the same order, so it visits exactly the same nodes and finds the same
solutions, only much faster per node (measured in BENCHMARKS.md).  Without a
C compiler the package still installs and everything runs in pure Python.
Set ``SUMLOGIC_PURE_PYTHON=1`` to force the pure-Python search.

:func:`encode` turns a :class:`~solver.propagate.Propagator` into a flat
array of C ints::

    header      ncells, ncons, max_digit, ntables
    tables      ntables x 1024 pair-support entries
    constraint  kind, tier, n, cells[n], then by kind:
      House      full
      Pointing   nfam, per family: part_of[n], nparts, per part: nout, outs[nout]
      AllDiff    (nothing)
      Cage       total, full, nlinks, links, nhouses, house links
                 (a link: nrest, rest[nrest], nout, outs[nout])
      Sum        total
      Difference shifted_total, mirrored[n]
      PairRule   a, b, table index
      Compare    nleft, gap, left_total, right_total (NO_TOTAL when unknown)

>>> from puzzles import sample
>>> from solver.propagate import Propagator
>>> prop = Propagator(sample("killer-1"))
>>> list(encode(prop)[:3]) == [81, len(prop.constraints), 9]
True
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .constraints import AllDifferent, Cage, Compare, Difference, House, Link, PairRule, Pointing, Sum

if TYPE_CHECKING:
    from .propagate import Propagator

try:  # the optional C extension
    from . import _native  # type: ignore[attr-defined, unused-ignore]
except ImportError:  # pragma: no cover - depends on the build
    _native = None

NO_TOTAL = -1_000_000
_KIND = {House: 0, Pointing: 1, AllDifferent: 2, Cage: 3, Sum: 4, Difference: 5, PairRule: 6, Compare: 7}


def available() -> bool:
    """True when the C search is built and not switched off by ``SUMLOGIC_PURE_PYTHON``."""
    return _native is not None and not os.environ.get("SUMLOGIC_PURE_PYTHON")


def distinct_fit_function():
    """The C ``distinct_fit`` (see :func:`solver.supports.distinct_fit`), or
    None when the extension is not available."""
    return _native.distinct_fit if available() else None


class Unsupported(Exception):
    """A constraint the C search does not know (the search then stays in Python)."""


def _links(out: list[int], links: tuple[Link, ...]) -> None:
    out.append(len(links))
    for link in links:
        out += (len(link.rest), *link.rest, len(link.outside), *link.outside)


def compiled(propagator: Propagator) -> object | None:
    """The propagator compiled for the C code, or None when the C code is not
    built or some constraint is one it does not know.  Built once and kept
    in ``propagator.native`` (False there means: no C for this propagator)."""
    if propagator.native is None:
        program = encode(propagator) if _native is not None else None
        propagator.native = False if program is None else _native.compile(program)
    return propagator.native or None


def encode(propagator: Propagator) -> array | None:
    """The propagator as a flat array of C ints (layout above), or None when
    some constraint is one the C code does not know."""
    try:
        return _encode(propagator)
    except Unsupported:
        return None


def _encode(propagator: Propagator) -> array:
    puzzle = propagator.puzzle
    tables: list[tuple[int, ...]] = []
    table_index: dict[int, int] = {}
    body: list[int] = []
    for con in propagator.constraints:
        kind = _KIND.get(type(con))
        if kind is None:
            raise Unsupported(type(con).__name__)
        body += (kind, con.tier, len(con.cells), *con.cells)
        if isinstance(con, House):
            body.append(con.full)
        elif isinstance(con, Pointing):
            body.append(len(con.families))
            for part_of, outsides in con.families:
                body += (*part_of, len(outsides))
                for outside in outsides:
                    body += (len(outside), *outside)
        elif isinstance(con, Cage):
            if len(con.cells) > 9:
                raise Unsupported("cage over nine cells")
            body += (con.total, con.full)
            _links(body, con.links)
            _links(body, con.houses)
        elif isinstance(con, Sum):
            body.append(con.total)
        elif isinstance(con, Difference):
            if len(con.cells) > 6:
                raise Unsupported("difference over more than six cells")
            body += (con.shifted_total, *(1 if flip else 0 for flip in con.mirrored))
        elif isinstance(con, PairRule):
            if len(con.table) != 1024:
                raise Unsupported("pair table")
            key = id(con.table)
            if key not in table_index:
                table_index[key] = len(tables)
                tables.append(con.table)
            body += (con.a, con.b, table_index[key])
        elif isinstance(con, Compare):
            body += (len(con.left), con.gap,
                     NO_TOTAL if con.left_total is None else con.left_total,
                     NO_TOTAL if con.right_total is None else con.right_total)
    out = array("i", (puzzle.size, len(propagator.constraints), puzzle.max_digit, len(tables)))
    for table in tables:
        out.extend(table)
    out.extend(body)
    return out


def search(program: object, masks: list[int], limit: int, node_limit: int | None,
           seconds: float | None, cages: bool = False) -> tuple[list[tuple[int, ...]], int, bool]:
    """Run the C search on a :func:`compiled` program: ``(solutions, nodes, out_of_budget)``.

    ``cages``: the program's cages compete with its cells for branching
    (as :attr:`solver.search.Search.cages` says)."""
    assert _native is not None
    return _native.search(program, masks, limit, -1 if node_limit is None else node_limit,
                          -1.0 if seconds is None else max(0.0, seconds), cages)


def propagate(program: object, masks: list[int], cells: Iterable[int] | None) -> int:
    """Narrow ``masks`` in place with the C code: -1 at a fixed point, -2 when
    a mask was already empty, else the index of the constraint that failed."""
    assert _native is not None
    return _native.propagate(program, masks, cells if cells is None or isinstance(cells, (list, tuple))
                             else list(cells))
