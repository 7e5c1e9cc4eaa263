r"""Reading a person's position from text (the ``--position`` files, the
server's ``position`` field, an f-puzzles link).

>>> from puzzles import sample
>>> from sumlogic.position import Position
>>> pos = Position(sample("sudoku-1")).place("r1c1", 4).keep("r1c2", [7, 8])
>>> read_position(pos.puzzle, pos.to_text()) == pos
True

Reading (:func:`read_position`) takes these forms, detected from the text:

* the grid of digits: for a Sudoku-type grid one line of N x N characters,
  or N lines of N (``.``, ``0``, ``-`` or ``_`` for an empty cell; spaces,
  ``|`` and ``---+---`` lines ignored); for a Kakuro a grid of the shape of
  its text grid, a digit or ``.`` in each white cell (any other token, such
  as ``#`` or ``12\10``, where there is none).  The puzzle's own givens may
  be written or left out; written, they must agree with the puzzle;
* candidate lists, before, after or instead of the grid: ``r1c2=135 r1c3=79``
  (``:`` also separates; ``r1c2=`` keeps nothing, a mistake ``check`` names);
* an f-puzzles link, its lz string or its JSON (also a SudokuPad
  ``/fpuzzles...`` link): entered digits (``value`` without ``given``) and
  centre pencil marks (``centerPencilMarks``); corner marks are not
  candidates and are left out.  Its rules must be the puzzle's;
* the JSON of :meth:`Position.to_dict`.

Errors are :class:`~solver.errors.ParseError` (one line naming the source,
the line and the cell) for text, :class:`~solver.errors.InvalidArgumentError`
for calls of the API; both are ``ValueError``.
"""

from __future__ import annotations

import re

from puzzles.common import rules_of
from puzzles.jsonl import loads
from puzzles.text import check_line_ends, drop_bom, fields, text_lines
from solver.errors import InvalidArgumentError, ParseError, SumlogicError
from solver.model import Puzzle, cell_label

from .arguments import type_name
from .position import Position, _marked, _placed

__all__ = ["read_position"]

_EMPTY = frozenset(".0-_")
_IGNORED = " \t|"
_MARK = re.compile(r"(?<![A-Za-z0-9])[rR]([0-9]+)[cC]([0-9]+)[ \t]*[=:][ \t]*([0-9]*)(?![A-Za-z0-9])")
_FPUZZLES = re.compile(r"(?:f-puzzles\.com|/fpuzzles|\AN4Ig)", re.IGNORECASE)
_PAD_FPUZZLES = re.compile(r"/fpuzzles(N4Ig[^?#\s]*)", re.IGNORECASE)


def read_position(puzzle: Puzzle, text: str, source: str | None = None) -> Position:
    """The position written in ``text`` for ``puzzle`` (the forms are in
    the module docstring, detected from the content).

    Raises:
        ParseError: (a ``ValueError``) one line naming ``source`` (default
            ``position``), the line and the cell.
        TypeError: ``puzzle`` is not a Puzzle, ``text`` not a str, ``source`` not a str or None.

    >>> from puzzles import sample
    >>> p = sample("kakuro-6x6")
    >>> pos = read_position(p, "r2c2=12 r2c3=12")
    >>> pos.candidates("r2c2")
    [1, 2]
    >>> read_position(p, "r1c1=3")
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: position:line 1: r1c1: not a playable cell of this puzzle
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"read_position() takes a Puzzle, not {type_name(puzzle)}")
    if not isinstance(text, str):
        raise TypeError(f"read_position() takes the text of a position (a str), not {type_name(text)}")
    if source is not None and not isinstance(source, str):
        raise TypeError(f"read_position(): source must be a str or None, not {type_name(source)}")
    where = source or "position"
    text = drop_bom(text)
    stripped = text.strip()
    try:
        if stripped.startswith("{"):
            return _from_json(puzzle, stripped, where)
        if "\n" not in stripped and _FPUZZLES.search(stripped):
            return _from_fpuzzles(puzzle, stripped, where)
        return _from_text(puzzle, text, where)
    except ParseError as error:  # its own "position: " prefix is said once, by ``where``
        raise ParseError(error.message.removeprefix("position: "), line=error.line,
                         source=error.source or where) from None
    except InvalidArgumentError as error:
        raise ParseError(str(error), source=where) from None


def _from_json(puzzle: Puzzle, text: str, where: str) -> Position:
    data = loads(text)  # strict, and its errors in plain words
    if isinstance(data, dict) and "grid" in data and "size" in data:
        return _from_fpuzzles(puzzle, text, where)
    return Position.from_dict(data, puzzle)


def _from_fpuzzles(puzzle: Puzzle, text: str, where: str) -> Position:
    from puzzles.fpuzzles import read_with_marks

    pad = _PAD_FPUZZLES.search(text)
    body = pad.group(1) if pad else text
    try:
        theirs, marks = read_with_marks(body)
    except SumlogicError as error:
        raise ParseError(f"f-puzzles: {error}") from None
    if (theirs.height, theirs.width) != (puzzle.height, puzzle.width) or theirs.cells != puzzle.cells:
        raise ParseError(f"the f-puzzles grid is {theirs.height}x{theirs.width}, "
                         f"the puzzle {puzzle.height}x{puzzle.width}")
    if rules_of(theirs, givens=False, comparisons=False) != rules_of(puzzle, givens=False, comparisons=False):
        raise ParseError("the f-puzzles position is of another puzzle: its cages, dots or regions differ")
    pos = Position(puzzle)
    values = {puzzle.cells[i]: g for i, g in enumerate(theirs.givens) if g}
    values.update(marks.values)
    for (r, c), digit in sorted(values.items()):
        pos = _placed(pos, (r, c), digit, "f-puzzles ")
    for (r, c), digits in sorted(marks.center.items()):
        if not pos.values()[puzzle.index_of[(r, c)]]:
            pos = _marked(pos, (r, c), list(digits), "f-puzzles ")
    return pos


def _from_text(puzzle: Puzzle, text: str, where: str) -> Position:
    check_line_ends(text)  # a lone CR would join two lines silently
    pos = Position(puzzle)
    grid: list[tuple[int, str]] = []
    marks: list[tuple[int, str, str]] = []
    for number, line in enumerate(text_lines(text), 1):
        for m in _MARK.finditer(line):
            marks.append((number, f"r{m.group(1)}c{m.group(2)}", m.group(3)))
        rest = _MARK.sub(" ", line)
        if rest.strip():
            grid.append((number, rest))
    if grid:
        pos = _grid_digits(pos, grid)
    for number, name, digits in marks:
        try:
            pos = _marked(pos, name, digits, "")
        except (InvalidArgumentError, ParseError) as error:
            raise ParseError(getattr(error, "message", str(error)), line=number) from None
    return pos


def _grid_digits(pos: Position, lines: list[tuple[int, str]]) -> Position:
    puzzle = pos.puzzle
    if puzzle.is_full_grid:
        rows = _square_rows(puzzle, lines)
    else:
        rows = _kakuro_rows(puzzle, lines)
    for number, r, tokens in rows:
        for c, token in enumerate(tokens):
            cell = puzzle.index_of.get((r, c))
            name = cell_label(r, c)
            if cell is None:
                if token.isdigit() and len(token) == 1:
                    raise ParseError(f"{name}: a digit where the puzzle has no white cell", line=number)
                continue
            if token in _EMPTY:
                continue
            if not (len(token) == 1 and "1" <= token <= str(puzzle.max_digit)):
                raise ParseError(f"{name}: {token!r} is not a digit 1..{puzzle.max_digit} or an empty cell "
                                 f"(. 0 - _)", line=number)
            try:
                pos = _placed(pos, cell, int(token), "")
            except InvalidArgumentError as error:
                raise ParseError(str(error), line=number) from None
    return pos


def _square_rows(puzzle: Puzzle, lines: list[tuple[int, str]]) -> list[tuple[int, int, list[str]]]:
    n = puzzle.width
    cleaned = [(number, "".join(ch for ch in line if ch not in _IGNORED)) for number, line in lines]
    if len(cleaned) == 1:
        number, cells = cleaned[0]
        if len(cells) != n * n:
            raise ParseError(f"a position line has {n * n} characters (one per cell), not {len(cells)}", line=number)
        return [(number, r, list(cells[r * n:(r + 1) * n])) for r in range(n)]
    rows = [(number, cells) for number, cells in cleaned
            if not ("+" in cells or (set(cells) <= set("-=") and len(cells) != n))]
    if len(rows) != n:
        raise ParseError(f"a position grid has {n} rows of {n} cells, not {len(rows)} rows",
                         line=rows[-1][0] if rows else cleaned[0][0])
    out = []
    for r, (number, cells) in enumerate(rows):
        if len(cells) != n:
            raise ParseError(f"row {r + 1} has {len(cells)} cells, not {n}", line=number)
        out.append((number, r, list(cells)))
    return out


def _kakuro_rows(puzzle: Puzzle, lines: list[tuple[int, str]]) -> list[tuple[int, int, list[str]]]:
    if len(lines) != puzzle.height:
        raise ParseError(f"a position grid has {puzzle.height} rows, like the puzzle, not {len(lines)}",
                         line=lines[-1][0])
    out = []
    for r, (number, line) in enumerate(lines):
        tokens = fields(line)  # ASCII white space only: a U+00A0 is no separator
        if len(tokens) != puzzle.width:
            raise ParseError(f"row {r + 1} has {len(tokens)} cells, not {puzzle.width} like the puzzle", line=number)
        out.append((number, r, tokens))
    return out
