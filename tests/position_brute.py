"""An independent check of eliminations on a candidate position, for the pattern tests.

:func:`can_hold` answers "does some solution of this position (the puzzle's rules,
each cell one of its candidates) put ``digit`` in ``cell``?" by plain backtracking
over Python sets: distinct regions, region totals (checked against the smallest and
largest sums still reachable), Kropki pairs (:func:`~solver.model.pair_holds`) and
comparisons (checked once their cages are full).  It shares nothing with the
techniques, the link graph or the exact solver.  :func:`random_position` makes a
position from a solution: every cell keeps its solution digit plus a few others.
"""

from __future__ import annotations

import random

from solver.bits import digits_of
from solver.model import Puzzle, compare, pair_holds


class GaveUp(Exception):
    """The node budget ran out."""


def can_hold(puzzle: Puzzle, masks: list[int], cell: int, digit: int, node_limit: int = 200_000) -> bool:
    """True when a solution of the position has ``digit`` at ``cell``."""
    domains = [set(digits_of(m)) for m in masks]
    if digit not in domains[cell]:
        return False
    domains[cell] = {digit}
    regions_of: list[list[int]] = [[] for _ in range(puzzle.size)]
    for ri, region in enumerate(puzzle.regions):
        for c in region.cells:
            regions_of[c].append(ri)
    partners: list[list[tuple[int, str]]] = [[] for _ in range(puzzle.size)]
    for pair in puzzle.pairs:
        partners[pair.a].append((pair.b, pair.kind))
        partners[pair.b].append((pair.a, pair.kind))
    value = [0] * puzzle.size
    nodes = [0]

    def region_ok(ri: int) -> bool:
        region = puzzle.regions[ri]
        placed = [value[c] for c in region.cells if value[c]]
        if region.distinct and len(set(placed)) != len(placed):
            return False
        if region.total is None:
            return True
        open_cells = [c for c in region.cells if not value[c]]
        need = region.total - sum(placed)
        low = sum(min(domains[c]) for c in open_cells)
        high = sum(max(domains[c]) for c in open_cells)
        return low <= need <= high

    def comparisons_ok() -> bool:
        for comp in puzzle.comparisons:
            left, right = puzzle.regions[comp.left], puzzle.regions[comp.right]
            if all(value[c] for c in left.cells + right.cells):
                if not compare(sum(value[c] for c in left.cells), comp.op, sum(value[c] for c in right.cells)):
                    return False
        return True

    def ok(c: int) -> bool:
        d = value[c]
        for other, kind in partners[c]:
            if value[other] and not pair_holds(kind, d, value[other]):
                return False
        return all(region_ok(ri) for ri in regions_of[c]) and comparisons_ok()

    def search() -> bool:
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise GaveUp
        best, size = -1, 99
        for c in range(puzzle.size):
            if not value[c]:
                n = len(domains[c])
                if n < size:
                    best, size = c, n
        if best < 0:
            return True
        for d in sorted(domains[best]):
            value[best] = d
            if ok(best) and search():
                return True
        value[best] = 0
        return False

    return search()


def random_position(rng: random.Random, solution: tuple[int, ...], max_digit: int, extra: float = 0.35,
                    fixed: float = 0.3) -> list[int]:
    """Candidate masks that hold the solution: ``fixed`` of the cells keep only their digit,
    the others also each other digit with probability ``extra``."""
    masks = []
    for digit in solution:
        m = 1 << digit
        if rng.random() >= fixed:
            for d in range(1, max_digit + 1):
                if rng.random() < extra:
                    m |= 1 << d
        masks.append(m)
    return masks
