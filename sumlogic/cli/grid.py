"""Puzzle grids drawn as text for the command line (``solve`` and ``explain``).

A full grid is rows of digits (``.`` for an open cell) with separators
between its boxes or irregular regions (any size); a Kakuro keeps its blocks and ``D\\R`` clues; any other shape falls
back to the puzzle's own solution rows.  A grid with cages (Killer, Greater
Killer) also shows each cell's cage label beside the digits, then the
totals (and Greater Killer's relations) by label, so that "cage b" in a
step's sentence can be found on the grid.
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

from puzzles.kinds import KINDS
from solver.errors import SumlogicError
from solver.model import BLOCK_KINDS, Puzzle


def draw_grid(puzzle: Puzzle, digits: Sequence[int] | None = None) -> str:
    """A grid as text: the digits given (0 for an open cell), else the givens.

    >>> from puzzles import sample
    >>> print(draw_grid(sample("sudoku-1")).splitlines()[0])
    . . . | 9 6 . | . 1 5
    >>> print(draw_grid(sample("kakuro-6x6")).splitlines()[1])
       \\3     .     . 12\\10     .     .
    """
    values = list(digits) if digits is not None else list(puzzle.givens)
    known = KINDS.get(puzzle.kind)
    if known is not None and known.layout == "kakuro":
        try:
            return draw_kakuro(puzzle, values)
        except SumlogicError:
            pass
    if puzzle.is_full_grid:
        if _cages(puzzle):
            return draw_caged(puzzle, values)
        return draw_full(puzzle, values)
    return "\n".join(puzzle.format_solution(values))


def _cages(puzzle: Puzzle) -> list[int]:
    """Indexes of the puzzle's labelled cages."""
    return [i for i, r in enumerate(puzzle.regions) if r.kind == "cage" and r.label]


def draw_caged(puzzle: Puzzle, values: Sequence[int]) -> str:
    """A grid with cages: the digits, beside them the cage label of each cell
    (``.`` for a cell in none, labels padded to one width), then the totals
    by label (``?`` for none printed) and any relations between cage sums.

    >>> from puzzles import sample
    >>> lines = draw_grid(sample("killer-1")).splitlines()
    >>> lines[0]
    '. . . | . . . | . . .    a b b | c d d | e f g'
    >>> lines[-1][:24]
    'cages: a=7 b=8 c=6 d=6 e'
    """
    owner: dict[tuple[int, int], str] = {}
    cages = _cages(puzzle)
    for i in cages:
        region = puzzle.regions[i]
        for c in region.cells:
            owner[puzzle.cells[c]] = str(region.label)
    # A cell in no cage shows ".", unless a cage is labelled "." (then a blank: no label has a space).
    outside = " " if "." in owner.values() else "."
    width = max(display_width(label) for label in owner.values())
    labels = [padded(owner.get(pos, outside), width) for pos in puzzle.cells]
    left = draw_full(puzzle, values).splitlines()
    right = draw_full(puzzle, labels).splitlines()
    pad = max(len(line) for line in left)
    lines = [f"{a.ljust(pad)}    {b}".rstrip() for a, b in zip(left, right)]
    totals = []
    for i in cages:
        region = puzzle.regions[i]
        totals.append(f"{region.label}={'?' if region.total is None else region.total}")
    lines.append("cages: " + " ".join(totals))
    relations = [f"{puzzle.regions[c.left].label}{c.op}{puzzle.regions[c.right].label}" for c in puzzle.comparisons]
    if relations:
        lines.append("sums: " + " ".join(relations))
    return "\n".join(lines)


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: 2 for a wide (East Asian) character,
    0 for a combining mark, else 1.

    >>> display_width("ab"), display_width("漢"), display_width("e\u0301")
    (2, 2, 1)
    """
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def padded(text: str, width: int) -> str:
    """``text`` padded with spaces on the right to ``width`` terminal columns."""
    return text + " " * max(0, width - display_width(text))


def draw_full(puzzle: Puzzle, values: Sequence[int | str]) -> str:
    """A full grid, with ``|`` and ``-`` (``+`` where they meet) between cells of
    different boxes or irregular regions.  ``values`` are digits (0: ``.``) or
    tokens of one width (drawn as they are).

    >>> from puzzles import sudoku
    >>> print(draw_full(sudoku.build(size=6, box=(3, 2)), [0] * 36))
    . . | . . | . .
    . . | . . | . .
    . . | . . | . .
    ----+-----+----
    . . | . . | . .
    . . | . . | . .
    . . | . . | . .
    >>> jigsaw = [[(0, 0), (0, 1), (1, 0), (2, 0)], [(0, 2), (0, 3), (1, 3), (2, 3)],
    ...           [(1, 1), (1, 2), (2, 1), (2, 2)], [(3, 0), (3, 1), (3, 2), (3, 3)]]
    >>> print(draw_full(sudoku.build(size=4, regions=jigsaw), [0] * 16))
    .   . | .   .
      +---+---+
    . | .   . | .
    . | .   . | .
    --+-------+--
    .   .   .   .
    """
    height, width = puzzle.height, puzzle.width
    tokens = [d if isinstance(d, str) else str(d) if d else "." for d in values]
    size = max((display_width(t) for t in tokens), default=1)
    rows = [["." * size] * width for _ in range(height)]
    for (r, c), token in zip(puzzle.cells, tokens):
        rows[r][c] = token
    owner = _block_owner(puzzle)
    if owner is None:
        return "\n".join(" ".join(row) for row in rows)

    def wall(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return owner.get(a, -1) != owner.get(b, -1)

    # A gap between two columns is " | " where some row has a wall there, else " ".
    wide = [any(wall((r, c), (r, c + 1)) for r in range(height)) for c in range(width - 1)]
    lines = []
    for r in range(height):
        if r:
            dash = [wall((r - 1, c), (r, c)) for c in range(width)]
            if any(dash):
                lines.append(_separator(dash, wide, [wall((r - 1, c), (r - 1, c + 1)) for c in range(width - 1)],
                                        [wall((r, c), (r, c + 1)) for c in range(width - 1)], size))
        text = rows[r][0]
        for c in range(1, width):
            if not wide[c - 1]:
                text += " "
            else:
                text += " | " if wall((r, c - 1), (r, c)) else "   "
            text += rows[r][c]
        lines.append(text.rstrip())
    return "\n".join(lines)


def _separator(dash: list[bool], wide: list[bool], above: list[bool], below: list[bool], size: int = 1) -> str:
    """The line between two rows: ``-`` under each cell (``size`` wide) whose block changes,
    ``+`` or ``|`` where walls between columns go on."""
    text = ("-" if dash[0] else " ") * size
    for c in range(1, len(dash)):
        left, right = dash[c - 1], dash[c]
        if not wide[c - 1]:
            text += "-" if left and right else " "
        else:
            wall = above[c - 1] or below[c - 1]
            middle = ("+" if wall and (left or right) else "|" if above[c - 1] and below[c - 1]
                      else "-" if left and right else " ")
            text += ("-" if left else " ") + middle + ("-" if right else " ")
        text += ("-" if right else " ") * size
    return text.rstrip()


def _block_owner(puzzle: Puzzle) -> dict[tuple[int, int], int] | None:
    """For each grid position, the index of the box or irregular region holding it
    (``None`` when the puzzle has none: no separators)."""
    owner: dict[tuple[int, int], int] = {}
    for i, region in enumerate(puzzle.regions):
        if region.kind in BLOCK_KINDS and region.distinct and len(region.cells) == puzzle.max_digit:
            for c in region.cells:
                owner.setdefault(puzzle.cells[c], i)
    return owner or None


def draw_kakuro(puzzle: Puzzle, values: Sequence[int]) -> str:
    """A Kakuro: ``#`` for a block, ``D\\R`` for a clue, a digit or ``.`` for a white cell."""
    from puzzles.kakuro import to_grid

    grid = to_grid(puzzle)
    for (r, c), d in zip(puzzle.cells, values):
        grid[r][c] = str(d) if d else "."
    width = max(len(token) for row in grid for token in row)
    return "\n".join(" ".join(token.rjust(width) for token in row).rstrip() for row in grid)
