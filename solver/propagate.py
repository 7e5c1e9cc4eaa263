"""Fast constraint propagation over candidate masks (no explanations).

:class:`Propagator` compiles a :class:`~solver.model.Puzzle` once into the
constraints of :mod:`solver.constraints` and then narrows candidate masks to
a fixed point:

* every house (a distinct region of ``max_digit`` cells): naked and hidden
  singles, and a digit confined to a box-line overlap leaves the rest of
  the other house (pointing, claiming);
* every distinct sum (Killer cage, Kakuro run, derived sum over mutual
  peers): each cell keeps exactly the digits of some fitting assignment
  (a perfect matching per fitting digit combination); the digits every
  assignment uses leave the rest of any distinct region the cage lies in
  or crosses when they can only go in the overlap; a house digit that can
  only go in the cage must be in it (and leaves the cage's cells outside
  that house);
* derived sums (innies and outies of :mod:`solver.derived`, and innies
  minus outies; on request a Kakuro's sums over groups of runs,
  :mod:`solver.run_sums`): exact support up to six cells, bounds beyond;
* pair relations (Kropki dots, the negative rule) through support tables;
* comparisons between region sums (Greater Killer) as bounds.

It builds no explanations.  It is the fast path that search, contradiction,
grading and generation reuse.

>>> from puzzles import sample
>>> p = sample("sudoku-1")
>>> masks = Propagator(p).initial_masks()
>>> Propagator(p).propagate(masks)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from . import native
from .bits import SUM_OF_MASK, full_mask
from .constraints import (TIERS, AllDifferent, Cage, Compare, Constraint, Difference, House, Link, PairRule, Pointing,
                          Sum)
from .model import PAIR_SUPPORT, Puzzle, per_puzzle
from .supports import distinct_support, sum_support


class Propagator:
    """A puzzle compiled for fast propagation.  Build once, call many times.

    ``constraints`` lists the compiled constraints; ``cell_constraints[c]``
    the indexes of those that watch cell ``c``.
    """

    def __init__(self, puzzle: Puzzle, extra_sums: Iterable[tuple[tuple[int, ...], int]] = (),
                 derived: bool = True, run_groups: bool = False) -> None:
        """``extra_sums``: further ``(cells, total)`` facts (digits may repeat
        unless the cells are mutual peers); ``derived``: add the innie,
        outie and innie-minus-outie sums of :mod:`solver.derived`;
        ``run_groups``: add a Kakuro's sums over groups of runs
        (:mod:`solver.run_sums`; the exact solver turns them on when a
        search runs long)."""
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
        if derived:
            from .derived import mixed_sums
            for plus, minus, total in mixed_sums(puzzle):
                others.append(Difference(plus, minus, total, max_digit))
        if run_groups:
            from .run_sums import run_group_sums
            for plus, minus, total in run_group_sums(puzzle):
                if not minus:
                    others.append(Sum(plus, total))
                elif not plus:
                    others.append(Sum(minus, -total))
                else:
                    others.append(Difference(plus, minus, total, max_digit))
        for pair in puzzle.pairs:
            others.append(PairRule(pair.a, pair.b, PAIR_SUPPORT[pair.kind]))
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
        # The C version of this propagator (solver.native.compiled): None until
        # first use, False when propagation stays in Python.
        self.native: object | None = None

    def _link(self, houses: list[House], cages: list[Cage],
              distinct: list[tuple[tuple[int, ...], frozenset[int]]]) -> list[Pointing]:
        """Link the regions that overlap in two or more cells.

        Houses with houses (box and line) become :class:`Pointing`
        constraints; every cage gets links to the distinct regions it
        overlaps or lies in, when they have cells outside it (to push its
        needed digits out), and to the houses (to learn the digits a house
        can only place in the cage).
        """
        house_sets = [frozenset(h.cells) for h in houses]
        # The regions (by index) that hold each cell, to find overlaps without trying every pair.
        houses_of: dict[int, list[int]] = {}
        for j, h in enumerate(houses):
            for c in h.cells:
                houses_of.setdefault(c, []).append(j)
        distinct_of: dict[int, list[int]] = {}
        for j, (cells, _) in enumerate(distinct):
            for c in cells:
                distinct_of.setdefault(c, []).append(j)
        pointing = []
        for house, own in zip(houses, house_sets):
            near = _overlap_counts(house.cells, houses_of)
            overlaps = [(own & house_sets[j], tuple(c for c in houses[j].cells if c not in own))
                        for j in near if house_sets[j] - own]
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
            links = []
            for j in _overlap_counts(cage.cells, distinct_of):
                cells, other = distinct[j]
                if other - own:
                    links.append(Link(tuple(c for c in cage.cells if c not in other),
                                      tuple(c for c in cells if c not in own)))
            cage.links = tuple(links)
            cage.houses = tuple(Link(tuple(c for c in cage.cells if c not in house_sets[j]),
                                     tuple(c for c in houses[j].cells if c not in own))
                                for j in _overlap_counts(cage.cells, houses_of) if house_sets[j] - own)
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
        if self.native is None and not native.available():
            self.native = False
        program = None if self.native is False else native.compiled(self)
        if program is not None:
            outcome = native.propagate(program, masks, changed_cells)
            self.failed = self.constraints[outcome] if outcome >= 0 else None
            return outcome == -1
        self.failed = None
        if 0 in masks:
            return False
        cons = self.constraints
        cell_cons = self.cell_constraints
        tiers = self.tiers
        queued = bytearray(len(cons))
        # One FIFO queue per tier (a list and a read position); a constraint of
        # a higher tier runs only when the lower queues are empty, and
        # ``low`` is the lowest tier whose queue may hold work.
        queues: list[list[int]] = [[] for _ in range(TIERS)]
        heads = [0] * TIERS
        if changed_cells is None:
            start: Iterable[int] = range(len(cons))
        else:
            start = [k for c in changed_cells for k in cell_cons[c]]
        for k in start:
            if not queued[k]:
                queued[k] = 1
                queues[tiers[k]].append(k)
        low = 0
        while True:
            queue = queues[low]
            head = heads[low]
            if head == len(queue):
                low += 1
                if low == TIERS:
                    return True
                continue
            k = queue[head]
            heads[low] = head + 1
            # queued[k] stays set while k's own changes are handed out: k is at its own fixed point.
            changed = cons[k].run(masks)
            if changed is None:
                self.failed = cons[k]
                return False
            for c in changed:
                for j in cell_cons[c]:
                    if not queued[j]:
                        queued[j] = 1
                        tier = tiers[j]
                        queues[tier].append(j)
                        low = min(low, tier)
            queued[k] = 0


@per_puzzle
def shared(puzzle: Puzzle) -> Propagator:
    """The propagator of a puzzle (with the derived sums), compiled once and
    shared by everything that only reads it: contradiction screens, guess choice."""
    return Propagator(puzzle)


def singleton_consistency(prop: Propagator, masks: list[int], depth: int = 1) -> bool:
    """Remove from ``masks`` (in place, already propagated) every candidate
    whose supposition ``prop`` refutes, until none is left; ``depth`` 2 also
    runs this depth-1 pass inside each supposition before giving up on it.
    False when ``masks`` themselves fail.

    >>> from puzzles import sample
    >>> p = sample("sudoku-1")
    >>> prop = Propagator(p)
    >>> masks = prop.initial_masks()
    >>> prop.propagate(masks) and singleton_consistency(prop, masks)
    True
    """
    changed = True
    while changed:
        changed = False
        for cell, mask in enumerate(masks):
            if mask & (mask - 1) == 0:
                continue
            for digit in range(1, mask.bit_length()):
                bit = 1 << digit
                if not masks[cell] & bit:
                    continue
                trial = list(masks)
                trial[cell] = bit
                if prop.propagate(trial, (cell,)) and (depth < 2 or singleton_consistency(prop, trial, depth - 1)):
                    continue
                masks[cell] &= ~bit
                if not prop.propagate(masks, (cell,)):
                    return False
                changed = True
    return True


def _overlap_counts(cells: tuple[int, ...], regions_of: dict[int, list[int]]) -> list[int]:
    """The regions (indexes into ``regions_of``'s lists) holding two or more of ``cells``, ascending."""
    count: dict[int, int] = {}
    for c in cells:
        for j in regions_of.get(c, ()):
            count[j] = count.get(j, 0) + 1
    return sorted(j for j, n in count.items() if n >= 2)


def solved_digits(masks: list[int]) -> tuple[int, ...]:
    """Digits of a fully fixed mask list."""
    return tuple(m.bit_length() - 1 for m in masks)


__all__ = [
    "SUM_OF_MASK",
    "Propagator",
    "distinct_support",
    "shared",
    "singleton_consistency",
    "solved_digits",
    "sum_support",
]
