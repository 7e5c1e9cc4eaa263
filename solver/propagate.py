"""Fast constraint propagation over candidate masks (no explanations).

:class:`Propagator` compiles a :class:`~solver.model.Puzzle` once into the
constraints of :mod:`solver.constraints` and then narrows candidate masks to
a fixed point:

* every house (a distinct region of ``max_digit`` cells): naked and hidden
  singles, and a digit confined to the overlap with another distinct region
  (a box-line intersection, a cage) leaves the rest of that region;
* every distinct sum (Killer cage, Kakuro run, derived sum over mutual
  peers): each cell keeps exactly the digits of some fitting assignment,
  and the digits every assignment uses leave overlapping regions the same way;
* every other sum (innies and outies of :mod:`solver.derived`): exact
  support up to six cells, bounds beyond;
* pair relations (Kropki dots, the negative rule) through support tables;
* comparisons between region sums (Greater Killer) as bounds.

It is the fast path that search, contradiction, grading and generation reuse.

>>> from puzzles import sample
>>> p = sample("sudoku-1")
>>> masks = Propagator(p).initial_masks()
>>> Propagator(p).propagate(masks)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from .bits import CONSECUTIVE_OF, RATIO_OF, SUM_OF_MASK, full_mask
from .constraints import AllDifferent, Cage, Compare, Constraint, House, Link, PairRule, Pointing, Sum
from .model import Puzzle, pair_holds
from .supports import distinct_support, sum_support


def _support_table(kind: str) -> tuple[int, ...]:
    """For each mask of the other cell: the digits that have a partner in it."""
    if kind == "consecutive":
        return CONSECUTIVE_OF
    if kind == "ratio":
        return RATIO_OF
    out = []
    for m in range(1 << 10):
        s = 0
        for x in range(1, 10):
            if any(m >> y & 1 and pair_holds(kind, x, y) for y in range(1, 10)):
                s |= 1 << x
        out.append(s)
    return tuple(out)


_SUPPORT = {k: _support_table(k) for k in ("consecutive", "ratio", "neither")}


class Propagator:
    """A puzzle compiled for fast propagation.  Build once, call many times.

    ``constraints`` lists the compiled constraints; ``cell_constraints[c]``
    the indexes of those that watch cell ``c``.
    """

    def __init__(self, puzzle: Puzzle, extra_sums: Iterable[tuple[tuple[int, ...], int]] = (),
                 derived: bool = True) -> None:
        """``extra_sums``: further ``(cells, total)`` facts (digits may repeat
        unless the cells are mutual peers); ``derived``: add the innie and
        outie sums of :mod:`solver.derived`."""
        self.puzzle = puzzle
        self.full = full = full_mask(puzzle.max_digit)
        max_digit = puzzle.max_digit
        houses: list[House] = []
        cages: list[Cage] = []
        others: list[Constraint] = []
        # Distinct regions that links may point into: (cells, set of cells).
        distinct: list[tuple[tuple[int, ...], frozenset[int]]] = []
        for region in puzzle.regions:
            cells = region.cells
            if region.distinct:
                distinct.append((cells, frozenset(cells)))
                if len(cells) == max_digit:
                    houses.append(House(cells, full))
                elif region.total is not None:
                    cages.append(Cage(cells, region.total, max_digit))
                elif len(cells) > 1:
                    others.append(AllDifferent(cells))
            elif region.total is not None:
                others.append(Sum(cells, region.total))
        sums = list(extra_sums)
        if derived:
            from .derived import derived_sums
            sums += [(d.cells, d.total) for d in derived_sums(puzzle)]
        peers = puzzle.peers
        # A sum over the cells of a region (or of an earlier sum) adds nothing.
        seen = {tuple(sorted(r.cells)) for r in puzzle.regions if r.total is not None or len(r.cells) == max_digit}
        for cells, total in sums:
            cells = tuple(sorted(cells))
            if cells in seen:
                continue
            seen.add(cells)
            if all(b in peers[a] for i, a in enumerate(cells) for b in cells[i + 1:]):
                cages.append(Cage(cells, total, max_digit))
            else:
                others.append(Sum(cells, total))
        for pair in puzzle.pairs:
            others.append(PairRule(pair.a, pair.b, _SUPPORT[pair.kind]))
        for comp in puzzle.comparisons:
            left, right = puzzle.regions[comp.left], puzzle.regions[comp.right]
            if comp.op == ">":
                left, right = right, left
            others.append(Compare(left.cells, right.cells, comp.op == "=", left.total, right.total))
            if comp.op == "=":
                others.append(Compare(right.cells, left.cells, True, right.total, left.total))
        pointing = self._link(houses, cages, distinct)
        self.constraints: list[Constraint] = [*houses, *others, *pointing, *cages]
        self.tiers = bytes(con.tier for con in self.constraints)
        # The constraint that found the last contradiction (None if none did).
        self.failed: Constraint | None = None
        cell_cons: list[list[int]] = [[] for _ in range(puzzle.size)]
        for k, con in enumerate(self.constraints):
            for c in con.cells:
                if not cell_cons[c] or cell_cons[c][-1] != k:
                    cell_cons[c].append(k)
        self.cell_constraints: list[tuple[int, ...]] = [tuple(x) for x in cell_cons]

    def _link(self, houses: list[House], cages: list[Cage],
              distinct: list[tuple[tuple[int, ...], frozenset[int]]]) -> list[Pointing]:
        """Link the regions that overlap in two or more cells.

        Houses with houses (box and line) become :class:`Pointing`
        constraints; every cage gets links to the distinct regions it
        overlaps (to push its needed digits out) and to the houses (to learn
        the digits a house can only place in the cage).
        """
        house_sets = [frozenset(h.cells) for h in houses]
        pointing = []
        for house, own in zip(houses, house_sets):
            overlaps = [(own & other, tuple(c for c in other_house.cells if c not in own))
                        for other_house, other in zip(houses, house_sets)
                        if len(own & other) >= 2 and other - own]
            # Group the overlaps into families of disjoint parts (greedy).
            families: list[list[tuple[frozenset[int], tuple[int, ...]]]] = []
            for part, outside in overlaps:
                for family in families:
                    if all(not part & p for p, _ in family):
                        family.append((part, outside))
                        break
                else:
                    families.append([(part, outside)])
            compiled = []
            for family in families:
                outsides = [outside for _, outside in family] + [()]  # the last part: cells in no overlap
                part_of = tuple(next((j for j, (p, _) in enumerate(family) if c in p), len(family))
                                for c in house.cells)
                compiled.append((part_of, tuple(outsides)))
            if compiled:
                pointing.append(Pointing(house.cells, tuple(compiled)))
        for cage in cages:
            own = frozenset(cage.cells)
            cage.links = tuple(Link(tuple(c for c in cage.cells if c not in other),
                                    tuple(c for c in cells if c not in own))
                               for cells, other in distinct
                               if len(own & other) >= 2 and other - own and own - other)
            cage.houses = tuple(Link(tuple(c for c in cage.cells if c not in hs),
                                     tuple(c for c in h.cells if c not in own))
                                for h, hs in zip(houses, house_sets)
                                if len(own & hs) >= 2 and hs - own)
        return pointing

    def initial_masks(self) -> list[int]:
        """Givens fixed, every other cell open."""
        full = self.full
        return [(1 << g) if g else full for g in self.puzzle.givens]

    def propagate(self, masks: list[int], changed_cells: Iterable[int] | None = None) -> bool:
        """Narrow ``masks`` in place to a fixed point.  False on a contradiction
        (``failed`` then names the constraint that found it).

        ``changed_cells``: only constraints on these cells start the work
        (default: every constraint).
        """
        self.failed = None
        if 0 in masks:
            return False
        cons = self.constraints
        cell_cons = self.cell_constraints
        tiers = self.tiers
        queued = bytearray(len(cons))
        # One FIFO queue per tier (a list and a read position); a higher tier
        # runs only when the lower ones are empty.
        queues: tuple[list[int], list[int], list[int]] = ([], [], [])
        heads = [0, 0, 0]
        if changed_cells is None:
            start: Iterable[int] = range(len(cons))
        else:
            start = [k for c in changed_cells for k in cell_cons[c]]
        for k in start:
            if not queued[k]:
                queued[k] = 1
                queues[tiers[k]].append(k)
        q0, q1, q2 = queues
        h0 = h1 = h2 = 0
        while True:
            if h0 < len(q0):
                k = q0[h0]
                h0 += 1
            elif h1 < len(q1):
                k = q1[h1]
                h1 += 1
            elif h2 < len(q2):
                k = q2[h2]
                h2 += 1
            else:
                return True
            # queued[k] stays set while k's own changes are handed out: k is at its own fixed point.
            changed = cons[k].run(masks)
            if changed is None:
                self.failed = cons[k]
                return False
            for c in changed:
                for j in cell_cons[c]:
                    if not queued[j]:
                        queued[j] = 1
                        queues[tiers[j]].append(j)
            queued[k] = 0


def solved_digits(masks: list[int]) -> tuple[int, ...]:
    """Digits of a fully fixed mask list."""
    return tuple(m.bit_length() - 1 for m in masks)


__all__ = ["Propagator", "distinct_support", "solved_digits", "sum_support", "SUM_OF_MASK"]
