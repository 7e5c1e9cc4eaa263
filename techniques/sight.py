"""What the fish, wing and ALS families ask of the candidate state, in bit masks.

* :meth:`Sight.seen_by`: for a cell and a digit, as a bit mask over cell indexes,
  the cells that cannot hold that digit together with it (a weak link between
  the two candidates), from the link graph :mod:`solver.links`;
* :meth:`Sight.needing`: the regions whose digits differ and that must hold a
  digit (exactly once), from the same graph;
* :meth:`Sight.distinct_regions`: every region whose digits differ (at most once).

These read the rules through the link graph and compute nothing of their own
beyond packing them into masks; :func:`sight` keeps one :class:`Sight` per
state in ``ctx.memo`` so the techniques of the three families share it.

>>> from puzzles import sample
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = sample("sudoku-1")
>>> ctx = Context(p, Candidates.initial(p), [])
>>> bin(sight(ctx).seen_by(0, 5)).count("1")  # a Sudoku cell sees 20 others
20
"""

from __future__ import annotations

from solver.bits import POPCOUNT
from solver.contract import Context
from solver.model import Region

from solver.links import graph, node

_KEY = "sight"


def see_is_all(ctx: Context) -> bool:
    """True when the link graph's ``see`` (shared regions whose digits differ, dots that never join
    equal digits) already holds every weak link between equal digits in two cells.

    The graph's other weak links come from dots, sums and comparisons forbidding two candidates
    together; between *equal* digits a dot adds nothing beyond ``see`` (it either never joins
    equal digits, and is in ``see``, or always allows them), nor does a sum region whose digits
    differ (its cells see each other).  What remains is a sum whose digits may repeat and a
    comparison of two cages.  ``tests/test_tech_wings.py`` checks this against the graph.
    """
    return not ctx.puzzle.comparisons and not any(r.total is not None and not r.distinct for r in ctx.regions())


class Sight:
    """One candidate state's sight, packed into bit masks and filled lazily; get it with
    :func:`sight` (once per technique call: it is shared through ``ctx.memo`` while the
    state stays the same)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.graph = graph(ctx)
        self._seen: dict[tuple[int, int], int] = {}
        self._distinct: list[Region] | None = None
        self._see_only = see_is_all(ctx)
        #: per-state scratch space for the families (keys start with the family's name)
        self.cache: dict[object, object] = {}

    def distinct_regions(self) -> list[Region]:
        """The puzzle's and the derived regions whose digits differ, without repeats (same cells)."""
        if self._distinct is None:
            seen: set[frozenset[int]] = set()
            out = []
            for region in self.ctx.regions():
                if not region.distinct or len(region.cells) < 2:
                    continue
                key = frozenset(region.cells)
                if key not in seen:
                    seen.add(key)
                    out.append(region)
            self._distinct = out
        return self._distinct

    def seen_by(self, cell: int, digit: int) -> int:
        """The bit mask of the cells that cannot hold ``digit`` together with ``cell``: the
        cells it always sees (a shared region whose digits differ, a dot) and, while ``digit``
        is open in ``cell``, the candidates a sum, dot or comparison forbids beside it
        (:meth:`solver.links.LinkGraph.sees`)."""
        key = (cell, digit)
        found = self._seen.get(key)
        if found is None:
            g = self.graph
            found = g.see[cell]
            if not self._see_only and g.is_node(node(cell, digit)):
                for cells, d in g.weak_from(node(cell, digit)):
                    if d == digit and len(cells) == 1:
                        found |= 1 << cells[0]
            found &= ~(1 << cell)
            self._seen[key] = found
        return found

    def common_seers(self, bits: int, digit: int) -> int:
        """The cells that see every cell of ``bits`` for ``digit`` (-1, all cells, when ``bits`` is empty)."""
        out = -1
        if self._see_only:
            see = self.graph.see
            while bits and out:
                low = bits & -bits
                out &= see[low.bit_length() - 1]
                bits ^= low
            return out
        while bits and out:
            low = bits & -bits
            out &= self.seen_by(low.bit_length() - 1, digit)
            bits ^= low
        return out

    def needing(self, digit: int) -> list[Region]:
        """The regions that must hold ``digit`` (:meth:`solver.links.LinkGraph.regions_needing`:
        every house; a cage, run or derived sum whose every fitting combination uses it)."""
        return [region for region, _ in self.graph.regions_needing(digit)]


def sight(ctx: Context) -> Sight:
    """The :class:`Sight` of ``ctx``'s current state (built once per state)."""
    key = (tuple(ctx.state.masks), len(ctx.virtual), id(ctx.puzzle))
    entry = ctx.memo.get(_KEY)
    if entry is None or entry[0] != key:
        entry = (key, Sight(ctx))
        ctx.memo[_KEY] = entry
    found: Sight = entry[1]
    return found


def open_cells_with(masks: list[int], digit: int) -> int:
    """The open cells (two or more candidates) that may hold ``digit``, as a cell bit set.

    >>> open_cells_with([0b110, 0b100, 0b1100], 2) == 0b101
    True
    """
    bit = 1 << digit
    out = 0
    for c, m in enumerate(masks):
        if m & bit and POPCOUNT[m] >= 2:
            out |= 1 << c
    return out
