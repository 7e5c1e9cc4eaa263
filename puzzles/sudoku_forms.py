"""Two more ways to write a Sudoku as text.

* ``sudoku-grid``: one row a line (9 lines of 9), a digit for a given and
  ``.``, ``0``, ``-`` or ``_`` for an empty cell; spaces and ``|`` are ignored,
  and so are grid lines such as ``------+-------+------``.  Several grids
  follow one another (blank lines between them are optional).
* ``sudoku-csv``: ``puzzle,solution`` lines (81 characters each; the solution
  is optional, and a first line without a puzzle, such as
  ``quizzes,solutions``, is a header).  A solution is not trusted: the exact
  solver checks it, and a wrong one is an error.  It is kept in
  ``Puzzle.info`` as ``solution``.

>>> text = sample_grid()
>>> print(text.splitlines()[0])
4 . . | . . . | 8 . 5
>>> [p] = parse_grid(text)
>>> write_grid([p]) == text
True
>>> line = "1" + "." * 80 + "," + "1" * 81
>>> parse_csv(line)
Traceback (most recent call last):
...
solver.errors.ParseError: line 1: the solution is not a valid grid: row 1: a given digit repeats
"""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle

from . import sudoku
from .common import (content_lines, parse_givens, format_givens, line_id, located, require_kind, with_info)
from .text import check_line_ends, drop_bom
from .gridspec import GridSpec, build, standard_boxes

_EMPTY = ".0-_"
_ROW_CHARS = frozenset("123456789" + _EMPTY)
_IGNORED = " \t|"
_CSV_FIELD = re.compile(r"[0-9.]{81}\Z")
_HEADER = re.compile(r"[A-Za-z_ ]*[A-Za-z][A-Za-z_ ]*\Z")
"""The first field of a header line: a column name such as ``puzzle`` or ``quizzes``."""


def _csv_fields(line: str) -> list[str]:
    """The fields of a CSV line, white space and one pair of double quotes around each dropped.

    >>> _csv_fields(' "12" , 3')
    ['12', '3']
    """
    fields = [f.strip() for f in line.split(",")]
    return [f[1:-1].strip() if len(f) >= 2 and f[0] == f[-1] == '"' else f for f in fields]


# --- 9 lines of 9 -------------------------------------------------------------------


def _cells(line: str) -> str:
    return "".join(ch for ch in line if ch not in _IGNORED)


def _is_rule(cells: str, size: int | None) -> bool:
    """Whether a line (spaces and ``|`` removed) is a drawn grid line, not a row."""
    if "+" in cells or not cells:
        return True
    return set(cells) <= set("-=") and len(cells) != (size or 9)


def _rows(text: str) -> list[tuple[int, str]]:
    """The rows of a text: ``(line number, cells)``, grid lines left out."""
    out: list[tuple[int, str]] = []
    size: int | None = None
    for number, line in content_lines(text):
        cells = _cells(line)
        if _is_rule(cells, size):
            continue
        if size is None:
            size = len(cells)
        out.append((number, cells))
    return out


def parse_grid(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Sudoku of a text of grids written one row a line."""
    text = drop_bom(text)
    check_line_ends(text, source)
    rows = _rows(text)
    if not rows:
        raise ParseError("no Sudoku rows found", source=source)
    size = len(rows[0][1])
    count = -(-len(rows) // size)
    out = []
    for start in range(0, len(rows), size):
        block = rows[start:start + size]
        first = block[0][0]
        try:
            if not 4 <= size <= 9:
                raise ParseError(f"a Sudoku row has 4 to 9 cells, not {size}")
            if len(block) != size:
                raise ParseError(f"a {size}x{size} Sudoku needs {size} rows, found {len(block)}")
            givens: list[int] = []
            for number, cells in block:
                bad = next((ch for ch in cells if ch not in _ROW_CHARS), None)
                if len(cells) != size or bad is not None:
                    what = f"{bad!r} is not a digit or an empty cell (. 0 - _)" if bad is not None \
                        else f"this row has {len(cells)} cells, not {size}"
                    raise ParseError(what, line=number)
                givens.extend(0 if ch in _EMPTY else int(ch) for ch in cells)
            spec = GridSpec("sudoku", size, tuple(givens), standard_boxes(size),
                            id=line_id(source, first, count))
            out.append(build(spec))
        except SumlogicError as error:
            raise located(error, line=first, source=source) from None
    return out


def write_grid(puzzles: Sequence[Puzzle]) -> str:
    """Each Sudoku as 9 lines of 9 with box separators, grids separated by a blank line."""
    texts = []
    for puzzle in puzzles:
        require_kind(puzzle, ("sudoku",), "sudoku-grid")
        lines = []
        for r in range(9):
            row = format_givens(puzzle.givens[9 * r:9 * r + 9])
            lines.append(" | ".join(" ".join(row[i:i + 3]) for i in (0, 3, 6)))
            if r in (2, 5):
                lines.append("------+-------+------")
        texts.append("\n".join(lines) + "\n")
    return "\n".join(texts)


def detect_grid(text: str) -> bool:
    """True when the text starts with N rows of N cells (4 <= N <= 9), the next line being a row or nothing."""
    rows = _rows(text[:2000])
    if not rows:
        return False
    size = len(rows[0][1])
    head = rows[:size + 1]
    return (4 <= size <= 9 and len(head) >= size
            and all(len(cells) == size and set(cells) <= _ROW_CHARS for _, cells in head))


# --- puzzle,solution lines -------------------------------------------------------------


def check_solution(puzzle: Puzzle, solution: str) -> None:
    """Raise :class:`ParseError` unless ``solution`` solves ``puzzle``, checked with the exact solver.

    The solution must be a valid grid that keeps the givens; when the solver
    proves the puzzle has exactly one solution, it must be that one.
    """
    from solver.search import solve

    if not re.fullmatch(r"[1-9]{81}", solution):
        raise ParseError("the solution is not 81 digits 1-9")
    digits = tuple(int(ch) for ch in solution)
    try:
        sudoku.build(digits)
    except InvalidPuzzleError as error:
        raise ParseError(f"the solution is not a valid grid: {error}") from None
    for i, (given, digit) in enumerate(zip(puzzle.givens, digits)):
        if given and given != digit:
            raise ParseError(f"the solution has {digit} at r{i // 9 + 1}c{i % 9 + 1}, where the puzzle gives {given}")
    result = solve(puzzle, timeout=10.0)
    if result.status == "no-solution":
        raise ParseError("the puzzle has no solution, so the solution given cannot be right")
    if result.status == "solved" and result.solution is not None and tuple(result.solution) != digits:
        raise ParseError("the solution given is not the puzzle's solution (the exact solver finds another, "
                         "and only that one)")


def parse_csv(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Sudoku of ``puzzle[,solution]`` lines."""
    text = drop_bom(text)
    check_line_ends(text, source)
    lines = content_lines(text)
    if lines and _HEADER.match(_csv_fields(lines[0][1])[0]):
        lines = lines[1:]  # a header: column names, no digits (a damaged first puzzle is not taken for one)
    out = []
    for number, line in lines:
        try:
            fields = _csv_fields(line)
            try:
                givens = parse_givens(fields[0])  # names the first character that is not a digit or '.'
            except ParseError as error:
                raise ParseError(f"the puzzle field: {error.message}") from None
            if len(fields) > 2 and any(fields[2:]):
                raise ParseError(f"a line holds puzzle,solution: found {len(fields)} fields")
            puzzle = sudoku.build(givens, id=line_id(source, number, len(lines)))
            if len(fields) > 1 and fields[1]:
                check_solution(puzzle, fields[1])
                puzzle = dataclasses.replace(puzzle, info=with_info(puzzle.info, "solution", fields[1]))
            out.append(puzzle)
        except SumlogicError as error:
            raise located(error, line=number, source=source) from None
    return out


def write_csv(puzzles: Sequence[Puzzle]) -> str:
    """``puzzle,solution`` lines (the solution when the puzzle carries one, else only the puzzle)."""
    out = []
    for puzzle in puzzles:
        require_kind(puzzle, ("sudoku",), "sudoku-csv")
        solution = puzzle.get_info("solution")
        given = format_givens(puzzle.givens)
        out.append(f"{given},{solution}" if isinstance(solution, str) and solution else given)
    return "".join(line + "\n" for line in out)


def detect_csv(text: str) -> bool:
    """True when the first puzzle line is 81 characters, a comma, then 81 digits or nothing."""
    lines = content_lines(text[:2000])
    for _, line in lines[:2]:
        fields = line.split(",")
        if len(fields) == 2 and _CSV_FIELD.match(fields[0].strip()) and (
                not fields[1].strip() or re.fullmatch(r"[0-9]{81}", fields[1].strip())):
            return True
    return False


def sample_grid() -> str:
    """A Sudoku written as 9 lines of 9 (used by the examples)."""
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    return write_grid(sudoku.parse(line))
