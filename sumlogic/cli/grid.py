"""Puzzle grids drawn as text for the command line (``solve`` and ``explain``).

A full grid is rows of digits (``.`` for an open cell) with box separators
on 9x9; a Kakuro keeps its blocks and ``D\\R`` clues; any other shape falls
back to the puzzle's own solution rows.
"""

from __future__ import annotations

from typing import Sequence

from solver.errors import SumlogicError
from solver.model import Puzzle


def draw_grid(puzzle: Puzzle, digits: Sequence[int] | None = None) -> str:
    """A grid as text: the digits given (0 for an open cell), else the givens.

    >>> from puzzles import sample
    >>> print(draw_grid(sample("sudoku-1")).splitlines()[0])
    . . . | 9 6 . | . 1 5
    >>> print(draw_grid(sample("kakuro-6x6")).splitlines()[1])
       \\3     .     . 12\\10     .     .
    """
    values = list(digits) if digits is not None else list(puzzle.givens)
    if puzzle.kind == "kakuro":
        try:
            return draw_kakuro(puzzle, values)
        except SumlogicError:
            pass
    if puzzle.is_full_grid:
        return draw_full(puzzle, values)
    return "\n".join(puzzle.format_solution(values))


def draw_full(puzzle: Puzzle, values: Sequence[int]) -> str:
    """A full grid, with box separators when it is 9x9."""
    rows = [["."] * puzzle.width for _ in range(puzzle.height)]
    for (r, c), d in zip(puzzle.cells, values):
        rows[r][c] = str(d) if d else "."
    boxed = puzzle.height == puzzle.width == 9
    lines = []
    for r, row in enumerate(rows):
        if boxed and r in (3, 6):
            lines.append("------+-------+------")
        cells = [row[i:i + 3] for i in range(0, 9, 3)] if boxed else [row]
        lines.append(" | ".join(" ".join(part) for part in cells))
    return "\n".join(lines)


def draw_kakuro(puzzle: Puzzle, values: Sequence[int]) -> str:
    """A Kakuro: ``#`` for a block, ``D\\R`` for a clue, a digit or ``.`` for a white cell."""
    from puzzles.kakuro import to_grid

    grid = to_grid(puzzle)
    for (r, c), d in zip(puzzle.cells, values):
        grid[r][c] = str(d) if d else "."
    width = max(len(token) for row in grid for token in row)
    return "\n".join(" ".join(token.rjust(width) for token in row).rstrip() for row in grid)
