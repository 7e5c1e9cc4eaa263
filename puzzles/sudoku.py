"""Classic Sudoku, and its one-line notation.

A Sudoku is 81 cells in reading order (cell index ``9 * row + col``) and 27
houses: ``row 1``..``row 9``, ``column 1``..``column 9``, ``box 1``..``box 9``,
each holding 1..9 once.

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

from .common import (drop_bom, GRID_CELLS, HOUSES, SIZE, content_lines, format_givens, line_id, located,
                     parse_givens, require_kind)

KIND = "sudoku"
_CHARS = frozenset(".0123456789")


def build(givens: Sequence[int] = (), *, id: str = "", info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Sudoku from its 81 givens (0 = empty).

    >>> build([1, 1] + [0] * 79)
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: row 1: a given digit repeats
    """
    return Puzzle(kind=KIND, height=SIZE, width=SIZE, cells=GRID_CELLS, regions=HOUSES,
                  givens=tuple(givens) or (0,) * 81, id=id, info=tuple(info))


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Sudoku of a text, one per non-blank line."""
    text = drop_bom(text)
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
