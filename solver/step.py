"""A solving step: a plain record of what a technique found and why.

Effects (placements and eliminations) are kept apart from what is only shown
(highlighted cells, regions and candidates, and for a contradiction the chain
of sub-steps).  Cells are indexes into the puzzle; :meth:`Step.to_dict` names
them ``rRcC``.

>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=3),))
>>> s = Step("last-cell", "Last cell", 1, "r1c2 is 3 - 1 = 2.", placements=((1, 2),),
...          cells=(1,), regions=(("cage a", (0, 1)),))
>>> d = s.to_dict(p)
>>> d["placements"], d["highlights"]["regions"][0]["cells"]
([['r1c2', 2]], ['r1c1', 'r1c2'])
>>> Step.from_dict(d, p) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from .bits import digits_of, mask_of
from .errors import InvalidArgumentError, InvalidPuzzleError, ParseError
from .model import Puzzle, Region, shown


class Link(NamedTuple):
    """One link of a chain, as a step shows it: from one node to the next.

    A node is a digit in one cell or, grouped, in a few cells of which
    exactly the true ones matter (``r1c1|r1c2=5``: 5 is in one of them).
    ``strong``: at least one end is true (written ``=``); else weak: not
    both are true (written ``-``).

    >>> Link((0,), 5, (6,), 5, True).strong
    True
    """

    cells: tuple[int, ...]
    digit: int
    to_cells: tuple[int, ...]
    to_digit: int
    strong: bool


@dataclass(frozen=True)
class Step:
    """One deduction.

    ``placements``: ``(cell, digit)`` pairs; ``eliminations``: ``(cell, mask)``
    pairs (digits removed, as a bit mask).  ``cells``, ``regions`` (``(name,
    cells)``) and ``candidates`` (``(cell, mask)``) are highlights only.
    ``sub_steps`` is the chain that proves a contradiction.  ``derived`` holds
    new facts (a sum over a few cells found by algebra) that later passes use
    as virtual regions.  ``links`` is the chain a pattern follows, in order
    (:class:`Link` records: strong ones drawn solid, weak ones dashed).
    """

    technique: str
    name: str
    level: int
    text: str = ""
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    regions: tuple[tuple[str, tuple[int, ...]], ...] = ()
    candidates: tuple[tuple[int, int], ...] = ()
    sub_steps: tuple["Step", ...] = ()
    derived: tuple[Region, ...] = ()
    links: tuple[Link, ...] = ()

    @property
    def is_progress(self) -> bool:
        """True when the step changes the candidates."""
        return bool(self.placements or self.eliminations)

    def removed_count(self) -> int:
        """How many candidates the eliminations remove."""
        return sum(m.bit_count() for _, m in self.eliminations)

    def to_dict(self, puzzle: Puzzle) -> dict[str, Any]:
        """The step as JSON-ready data with cells named ``rRcC``.

        Raises:
            InvalidArgumentError: a cell of the step is not a cell of ``puzzle``
                (a step of another puzzle).
        """
        count = len(puzzle.cells)

        def name(cell: int) -> str:
            if not isinstance(cell, int) or not 0 <= cell < count:
                raise InvalidArgumentError(f"step {self.technique!r}: cell {shown(cell)} is not a cell of "
                                           f"this {puzzle.height}x{puzzle.width} puzzle (a step of another one?)")
            return puzzle.cell_name(cell)

        return {
            "technique": self.technique,
            "name": self.name,
            "level": self.level,
            "text": self.text,
            "placements": [[name(c), d] for c, d in self.placements],
            "eliminations": [[name(c), digits_of(m)] for c, m in self.eliminations],
            "highlights": {
                "cells": [name(c) for c in self.cells],
                "regions": [{"name": n, "cells": [name(c) for c in cells]} for n, cells in self.regions],
                "candidates": [[name(c), digits_of(m)] for c, m in self.candidates],
            },
            "sub_steps": [s.to_dict(puzzle) for s in self.sub_steps],
            "derived": [{"name": r.name, "cells": [name(c) for c in r.cells], "total": r.total,
                         "distinct": r.distinct} for r in self.derived],
            "links": [{"from": {"cells": [name(c) for c in k.cells], "digit": k.digit},
                       "to": {"cells": [name(c) for c in k.to_cells], "digit": k.to_digit},
                       "type": "strong" if k.strong else "weak"} for k in self.links],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], puzzle: Puzzle) -> "Step":
        """The inverse of :meth:`to_dict`.

        Raises:
            ParseError: ``data`` is not a step's JSON: the message names the
                field (a missing key, a value of the wrong type, a digit out
                of range, a cell name that is not a cell of ``puzzle``).
        """
        return _step_from(data, puzzle, "step")


def _step_from(data: Any, puzzle: Puzzle, where: str) -> Step:
    """:meth:`Step.from_dict` for the step at ``where`` (``step``, ``step.sub_steps[2]``)."""
    data = _of(data, dict, where, "an object")
    technique = _of(data.get("technique"), str, f"{where}.technique", "a str")
    highlights = _of(data.get("highlights", {}), dict, f"{where}.highlights", "an object")

    def items(key: str, holder: dict[str, Any] = data, at: str = where) -> list[Any]:
        return _of(holder.get(key, []), list, f"{at}.{key}", "a list")

    def cell(value: Any, at: str) -> int:
        _of(value, str, at, "a cell name (rRcC)")
        try:
            return puzzle.cell_at(value)
        except InvalidPuzzleError as error:
            raise ParseError(f"{at}: {error}") from None

    def digit(value: Any, at: str) -> int:
        if not _whole(value) or not 1 <= value <= puzzle.max_digit:
            raise ParseError(f"{at}: expected a digit 1..{puzzle.max_digit}, not {shown(value)}")
        return value

    def pair(value: Any, at: str) -> tuple[Any, Any]:
        value = _of(value, list, at, "a [cell, digit(s)] pair")
        if len(value) != 2:
            raise ParseError(f"{at}: expected a [cell, digit(s)] pair, not {shown(value)}")
        return value[0], value[1]

    def mask(value: Any, at: str) -> int:
        return mask_of(digit(d, f"{at}[{i}]") for i, d in enumerate(_of(value, list, at, "a list of digits")))

    def cell_values(key: str, value: Callable[[Any, str], int], holder: dict[str, Any] = data,
                    at: str = where) -> tuple[tuple[int, int], ...]:
        """The ``[cell, digit]`` (or ``[cell, digits]``) pairs under ``key``."""
        out = []
        for i, item in enumerate(items(key, holder, at)):
            here = f"{at}.{key}[{i}]"
            c, v = pair(item, here)
            out.append((cell(c, here), value(v, here)))
        return tuple(out)

    def region(value: Any, at: str) -> tuple[str, tuple[int, ...]]:
        value = _of(value, dict, at, "an object")
        cells = _of(value.get("cells"), list, f"{at}.cells", "a list of cell names")
        return (_of(value.get("name"), str, f"{at}.name", "a str"),
                tuple(cell(c, f"{at}.cells[{i}]") for i, c in enumerate(cells)))

    def derived(value: Any, at: str) -> Region:
        name, cells = region(value, at)
        total = value.get("total")
        if total is not None and not _whole(total):
            raise ParseError(f"{at}.total: expected an int or null, not {shown(total)}")
        distinct = _of(value.get("distinct", False), bool, f"{at}.distinct", "true or false")
        return Region(name, cells, total, distinct, kind="virtual")

    def node(value: Any, at: str) -> tuple[tuple[int, ...], int]:
        value = _of(value, dict, at, "an object")
        cells = _of(value.get("cells"), list, f"{at}.cells", "a list of cell names")
        if not cells:
            raise ParseError(f"{at}.cells: a chain node needs at least one cell")
        return (tuple(cell(c, f"{at}.cells[{i}]") for i, c in enumerate(cells)),
                digit(value.get("digit"), f"{at}.digit"))

    def link(value: Any, at: str) -> Link:
        value = _of(value, dict, at, "an object")
        kind = value.get("type")
        if kind not in ("strong", "weak"):
            raise ParseError(f"{at}.type: expected 'strong' or 'weak', not {shown(kind)}")
        return Link(*node(value.get("from"), f"{at}.from"), *node(value.get("to"), f"{at}.to"), kind == "strong")

    level = data.get("level", 0)
    if not _whole(level):
        raise ParseError(f"{where}.level: expected an int, not {shown(level)}")
    hl = f"{where}.highlights"
    return Step(
        technique=technique,
        name=_of(data.get("name", technique), str, f"{where}.name", "a str"),
        level=level,
        text=_of(data.get("text", ""), str, f"{where}.text", "a str"),
        placements=cell_values("placements", digit),
        eliminations=cell_values("eliminations", mask),
        cells=tuple(cell(c, f"{hl}.cells[{i}]") for i, c in enumerate(items("cells", highlights, hl))),
        regions=tuple(region(r, f"{hl}.regions[{i}]") for i, r in enumerate(items("regions", highlights, hl))),
        candidates=cell_values("candidates", mask, highlights, hl),
        sub_steps=tuple(_step_from(s, puzzle, f"{where}.sub_steps[{i}]")
                        for i, s in enumerate(items("sub_steps"))),
        derived=tuple(derived(r, f"{where}.derived[{i}]") for i, r in enumerate(items("derived"))),
        links=tuple(link(k, f"{where}.links[{i}]") for i, k in enumerate(items("links"))),
    )


def _whole(value: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _of(value: Any, kind: type, where: str, wanted: str) -> Any:
    """``value`` when it is a ``kind`` (a bool is not an int), else :class:`ParseError` naming ``where``."""
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise ParseError(f"{where}: expected {wanted}, not {shown(value)}")
    return value
