"""An independent solution finder for the tests: plain backtracking over a puzzle's rules.

It shares nothing with ``solver`` beyond reading a
:class:`~solver.model.Puzzle`'s fields and :func:`~solver.model.pair_holds`:
no candidate masks, no propagator, no derived sums.  Domains are Python
sets; assigning a cell removes its digit from the cells that must differ
and prunes dot partners; a region with a total is checked against the
smallest and largest sums its open cells can still reach.  The open cell
with the fewest digits goes next.  Slow, obviously right, and enough for
9x9 puzzles and small Kakuros.

>>> from puzzles import sample
>>> find_solution(sample("sudoku-1")) is not None
True
"""

from __future__ import annotations

from solver.model import Puzzle, pair_holds


class GaveUp(Exception):
    """The node budget ran out before an answer."""


def find_solution(puzzle: Puzzle, node_limit: int = 2_000_000) -> tuple[int, ...] | None:
    """A solution of ``puzzle`` (digits per cell), or None when it has none.

    Raises :class:`GaveUp` after ``node_limit`` assignments.
    """
    digits = set(range(1, puzzle.max_digit + 1))
    domains: list[set[int]] = [{g} if g else set(digits) for g in puzzle.givens]
    cell_regions = [[i for i, r in enumerate(puzzle.regions) if c in r.cells] for c in range(puzzle.size)]
    partners: list[list[tuple[int, str]]] = [[] for _ in range(puzzle.size)]
    for pair in puzzle.pairs:
        partners[pair.a].append((pair.b, pair.kind))
        partners[pair.b].append((pair.a, pair.kind))
    value = [0] * puzzle.size
    count = [0]

    def region_ok(ri: int) -> bool:
        region = puzzle.regions[ri]
        placed = [value[c] for c in region.cells if value[c]]
        if region.distinct and len(set(placed)) != len(placed):
            return False
        if region.total is None:
            return True
        open_cells = [c for c in region.cells if not value[c]]
        need = region.total - sum(placed)
        if region.distinct:
            free = sorted(set().union(*(domains[c] for c in open_cells)) - set(placed)) if open_cells else []
            if len(free) < len(open_cells):
                return False
            low = sum(free[:len(open_cells)])
            high = sum(free[len(free) - len(open_cells):])
        else:
            low = sum(min(domains[c]) for c in open_cells)
            high = sum(max(domains[c]) for c in open_cells)
        return low <= need <= high

    def comparisons_ok() -> bool:
        for comp in puzzle.comparisons:
            left, right = puzzle.regions[comp.left].cells, puzzle.regions[comp.right].cells
            if all(value[c] for c in left + right):
                a, b = sum(value[c] for c in left), sum(value[c] for c in right)
                if not (a < b if comp.op == "<" else a > b if comp.op == ">" else a == b):
                    return False
        return True

    def assign(cell: int, digit: int) -> list[tuple[int, set[int]]] | None:
        """Place ``digit``; the domains it changed (to undo), or None on a dead end."""
        saved = [(cell, domains[cell])]
        domains[cell] = {digit}
        value[cell] = digit
        for ri in cell_regions[cell]:
            if puzzle.regions[ri].distinct:
                for other in puzzle.regions[ri].cells:
                    if other != cell and digit in domains[other] and not value[other]:
                        saved.append((other, domains[other]))
                        domains[other] = domains[other] - {digit}
                        if not domains[other]:
                            return saved_fail(saved)
        for other, kind in partners[cell]:
            if not value[other]:
                kept = {d for d in domains[other] if pair_holds(kind, digit, d)}
                if kept != domains[other]:
                    saved.append((other, domains[other]))
                    domains[other] = kept
                    if not kept:
                        return saved_fail(saved)
            elif not pair_holds(kind, digit, value[other]):
                return saved_fail(saved)
        if not all(region_ok(ri) for ri in cell_regions[cell]) or not comparisons_ok():
            return saved_fail(saved)
        return saved

    def saved_fail(saved: list[tuple[int, set[int]]]) -> list[tuple[int, set[int]]] | None:
        """Undo ``saved`` and report the dead end."""
        undo(saved)
        return None

    def undo(saved: list[tuple[int, set[int]]]) -> None:
        for c, dom in reversed(saved):
            domains[c] = dom
            if c == saved[0][0]:
                value[c] = 0

    def search() -> bool:
        open_cells = [c for c in range(puzzle.size) if not value[c]]
        if not open_cells:
            return True
        cell = min(open_cells, key=lambda c: len(domains[c]))
        for digit in sorted(domains[cell]):
            count[0] += 1
            if count[0] > node_limit:
                raise GaveUp(f"{puzzle.id or puzzle.kind}: no answer within {node_limit} nodes")
            saved = assign(cell, digit)
            if saved is None:
                continue
            if search():
                return True
            undo(saved)
        return False

    for cell, given in enumerate(puzzle.givens):
        if given:
            value[cell] = 0
            if assign(cell, given) is None:
                return None
    if not all(region_ok(ri) for ri in range(len(puzzle.regions))):
        return None
    if not search():
        return None
    found = tuple(value)
    assert not puzzle.check_solution(found), "the brute force returned a broken grid"
    return found
