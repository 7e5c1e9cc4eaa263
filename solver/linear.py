"""A quick proof of no solution: the region totals contradict each other as plain linear equations.

Every region with a total says ``sum(cells) == total``; every house (a
distinct region of ``max_digit`` cells) says its cells add up to
``1 + 2 + ... + max_digit``; an ``=`` comparison of a Greater Killer says
two region sums are equal; a fixed cell says ``cell == digit``.  When no
assignment of numbers at all (digits or not) meets these equations, the
puzzle has no solution, and Gaussian elimination shows it at once where a
search would have to try digits cell by cell.

In a Kakuro whose white cells each lie in an across and a down run, the
across totals and the down totals both add up to the sum of all cells, so
a single clue off by one is such a contradiction; in a Killer the cage
totals must add up to 405.

The elimination runs modulo the prime :data:`PRIME`.  That is sound: a
solution is a vector of integers meeting every equation, so it meets them
modulo any prime too; a contradiction modulo the prime therefore proves
there is no solution.  (The converse can fail only when the prime divides
some determinant of the system, which it cannot for these small 0/1 rows
in practice; then the check merely says nothing.)

>>> from puzzles import sample
>>> from dataclasses import replace
>>> p = sample("kakuro-6x6")
>>> sums_contradict(p, [0] * p.size)
False
>>> run = p.regions[0]
>>> damaged = replace(p, regions=(replace(run, total=run.total + 1),) + p.regions[1:])
>>> sums_contradict(damaged, [0] * damaged.size)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .model import Puzzle

PRIME = (1 << 61) - 1
"""The modulus of the elimination (a Mersenne prime, far above any total)."""

Row = dict[int, int]
"""A linear equation's left side: cell index -> coefficient (mod :data:`PRIME`); the
constant sits under the key :data:`CONSTANT`."""

CONSTANT = -1
"""The key of a row's right-hand side."""


def equations(puzzle: Puzzle, masks: Sequence[int]) -> Iterator[Row]:
    """The linear equations the rules impose, with the cells fixed in
    ``masks`` (a single candidate) moved to the right-hand side.

    A ``mask`` of 0 counts as open (callers pass ``[0] * size`` for "nothing fixed").
    """
    full_total = puzzle.max_digit * (puzzle.max_digit + 1) // 2

    def row(plus: Sequence[int], minus: Sequence[int], total: int) -> Row:
        out: Row = {}
        for sign, cells in ((1, plus), (-1, minus)):
            for c in cells:
                m = masks[c]
                if m and not m & (m - 1):
                    total -= sign * (m.bit_length() - 1)
                else:
                    out[c] = (out.get(c, 0) + sign) % PRIME
        out = {c: k for c, k in out.items() if k}
        out[CONSTANT] = total % PRIME
        return out

    for region in puzzle.regions:
        if region.total is not None:
            yield row(region.cells, (), region.total)
        elif region.distinct and len(region.cells) == puzzle.max_digit:
            yield row(region.cells, (), full_total)
    for comp in puzzle.comparisons:
        if comp.op == "=":
            yield row(puzzle.regions[comp.left].cells, puzzle.regions[comp.right].cells, 0)


def sums_contradict(puzzle: Puzzle, masks: Sequence[int]) -> bool:
    """True when the equations of :func:`equations` have no common solution
    (so neither has the puzzle); False when they have one or the check cannot tell."""
    # Rows in echelon form: pivot cell -> row with coefficient 1 there, in the order they were made.
    pivots: dict[int, Row] = {}
    order: dict[int, int] = {}
    for eq in equations(puzzle, masks):
        reduced = _reduce(eq, pivots, order)
        cells = [c for c in reduced if c != CONSTANT]
        if not cells:
            if reduced[CONSTANT]:
                return True  # 0 == a nonzero number
            continue
        pivot = cells[0]
        scale = pow(reduced[pivot], PRIME - 2, PRIME)
        pivots[pivot] = {c: k * scale % PRIME for c, k in reduced.items()}
        order[pivot] = len(order)
    return False


def _reduce(eq: Row, pivots: dict[int, Row], order: dict[int, int]) -> Row:
    """``eq`` with every pivot cell eliminated (earliest pivot first, so that
    a pivot row brings in only later pivots and the loop ends)."""
    row = dict(eq)
    while True:
        present = [c for c in row if c in pivots]
        if not present:
            return row
        pivot = min(present, key=order.__getitem__)
        factor = row[pivot]
        for c, k in pivots[pivot].items():
            value = (row.get(c, 0) - factor * k) % PRIME
            if value or c == CONSTANT:
                row[c] = value
            else:
                del row[c]
