"""Classic Sudoku, and its one-line notation.

A Sudoku is 81 cells in reading order (cell index ``9 * row + col``) and 27
houses: ``row 1``..``row 9``, ``column 1``..``column 9``, ``box 1``..``box 9``,
each holding 1..9 once.  Any side ``N`` from 4 to 9 works the same way
(digits 1..N, :func:`build` with ``size``): boxes of the usual shape
(2x2, 2x3, 2x4; none for 5 and 7), another ``box`` shape, or irregular
``regions`` (jigsaw).  The one-line notation holds the 9x9 grid only.

The notation is one puzzle per line: 81 characters row by row, a digit for a
given and ``.`` or ``0`` for an empty cell.  Blank lines are ignored; the
writer uses ``.``.

>>> line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> [p] = parse(line)
>>> p.kind, len(p.regions), p.givens[:3], p.regions[18].name
('sudoku', 27, (4, 0, 0), 'box 1')
>>> write([p]) == line + "\\n"
True
>>> parse("4.....8.5.3\\n", source="x.sudoku")
Traceback (most recent call last):
...
solver.errors.ParseError: x.sudoku:line 1: a Sudoku line has 81 characters, not 11
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from solver.errors import ParseError, SumlogicError
from solver.model import Puzzle

from .common import (SIZE, Box, Position, content_lines, format_givens, line_id, located, parse_givens, require_kind,
                     square_grid)
from .text import check_line_ends, drop_bom

KIND = "sudoku"
_CHARS = frozenset(".0123456789")


def build(givens: Sequence[int] = (), size: int = SIZE, box: Box | None = None,
          regions: Sequence[Sequence[Position]] | None = None, *, id: str = "",
          info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Sudoku from its givens (``size``² digits in reading order, 0 = empty).

    ``size`` is the side N (4..9, digits 1..N); ``box`` the ``(rows, columns)``
    of a box (``None``: the usual shape for ``size``); ``regions`` irregular
    regions instead of boxes, ``size`` lists of ``size`` 0-based ``(row,
    col)`` positions (an empty list: no boxes).  See
    :func:`puzzles.common.grid_houses`.

    >>> build([1, 1] + [0] * 79)
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: row 1: a given digit repeats
    >>> p = build([0] * 36, size=6, box=(3, 2))
    >>> p.max_digit, p.regions[12].cells
    (6, (0, 1, 6, 7, 12, 13))
    """
    cells, houses = square_grid(size, box, regions)
    return Puzzle(kind=KIND, height=size, width=size, cells=cells, regions=houses,
                  givens=tuple(givens) or (0,) * (size * size), max_digit=size, id=id, info=tuple(info))


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Sudoku of a text, one per non-blank line."""
    text = drop_bom(text)
    check_line_ends(text, source)
    lines = content_lines(text)
    out = []
    for number, line in lines:
        try:
            if len(line) != SIZE * SIZE:
                raise ParseError(f"a Sudoku line has 81 characters, not {len(line)}")
            out.append(build(parse_givens(line), id=line_id(source, number, len(lines))))
        except SumlogicError as error:
            raise located(error, line=number, source=source) from None
    return out


def write(puzzles: Sequence[Puzzle]) -> str:
    """One line of 81 characters per puzzle."""
    out = []
    for puzzle in puzzles:
        require_kind(puzzle, (KIND,), "sudoku")
        out.append(format_givens(puzzle.givens) + "\n")
    return "".join(out)


def detect(text: str) -> bool:
    """True when the first non-blank line is 81 digits and dots."""
    text = drop_bom(text)
    lines = content_lines(text[:4000])
    return bool(lines) and len(lines[0][1]) == 81 and set(lines[0][1]) <= _CHARS
