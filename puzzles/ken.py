"""KEN, Kropki Easy Notation: a Kropki Sudoku on one line, like chess's FEN.

The board is nine rows separated by ``/``, each read left to right:

* a digit ``N`` is a given with no dot below it nor to its right;
* ``(Nbr)`` is a cell with dots: ``N`` is its given (left out when the cell
  is empty), ``b`` the dot below it and ``r`` the dot to its right, each
  ``w`` (white), ``k`` (black) or ``x`` (none);
* a letter ``A``..``H`` is a run of 1..8 empty cells without dots.

A short last row is padded with empty cells.  After the board, separated by
a space, an optional rule field: ``n`` (the negative rule: every dot is
shown, so neighbours without a dot are neither consecutive nor in ratio 1:2)
or ``p`` (partial: only the dots shown constrain).

**Decision: the rule defaults to** ``n``.  KEN describes every dot of a
grid, which is how dot generators and "all dots shown" Kropki use it, so a
bare board means the negative rule, and the writer adds `` p`` only for a
puzzle without it.  The rule is kept in ``Puzzle.info`` as ``negative``.

The writer's canonical form uses digits and letter runs wherever a cell has
no dot (a row of nine such empty cells is ``HA``) and ``(Nbr)`` with both
codes otherwise.  One puzzle per line; blank lines are ignored.

>>> [p] = parse("(wx)H/HA/HA/HA/HA/HA/HA/HA/5 p")
>>> p.pairs, p.givens[72], p.get_info("negative")
((Pair(a=0, b=9, kind='consecutive'),), 5, False)
>>> write([p])
'(wx)H/HA/HA/HA/HA/HA/HA/HA/5H p\\n'
>>> parse("(xk)H/HA/HA/HA/HA/HA/HA/HA/HA")[0].pairs[:2]
(Pair(a=0, b=1, kind='ratio'), Pair(a=0, b=9, kind='neither'))
>>> parse("(wx)H/HA/HA/HA/HA/HA/HA/HA/(wx)H")
Traceback (most recent call last):
...
solver.errors.ParseError: line 1: r9c1: a dot below the last row
"""

from __future__ import annotations

import re
from typing import Sequence

from solver.errors import ParseError, SumlogicError
from solver.model import Puzzle, cell_label

from . import kropki
from .common import SIZE, content_lines, line_id, located, require_kind
from .text import check_line_ends, drop_bom, short, fields as split_fields

_CELL = re.compile(r"\(([1-9]?)([wkx])([wkx])\)")
_CODE_OF = {"consecutive": "w", "ratio": "k"}
_RUN_LETTERS = "ABCDEFGH"
_SHAPE = re.compile(r"[1-9A-H()wkx]+(/[1-9A-H()wkx]*)+(\s+[np])?\Z", re.ASCII)


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Kropki of a text in KEN, one per non-blank line."""
    text = drop_bom(text)
    check_line_ends(text, source)
    lines = content_lines(text)
    out = []
    for number, line in lines:
        try:
            out.append(parse_line(line, id=line_id(source, number, len(lines))))
        except SumlogicError as error:
            raise located(error, line=number, source=source) from None
    return out


def parse_line(line: str, *, id: str = "") -> Puzzle:
    """One KEN line (board and optional rule field) as a Kropki."""
    fields = split_fields(line)
    if len(fields) > 2 or not fields:
        raise ParseError(f"expected a board and an optional rule n or p, found {len(fields)} fields")
    rule = fields[1] if len(fields) == 2 else "n"
    if rule not in ("n", "p"):
        raise ParseError(f"rule field {short(rule)} is not n (negative) or p (partial)")
    rows = fields[0].split("/")
    if len(rows) != SIZE:
        raise ParseError(f"the board has {len(rows)} rows separated by '/', not 9")
    givens = [0] * (SIZE * SIZE)
    dots: dict[str, list[kropki.Dot]] = {"w": [], "k": []}
    for r, row in enumerate(rows):
        cells = _row_cells(row, r)
        if len(cells) < SIZE and r < SIZE - 1:
            raise ParseError(f"row {r + 1} has {len(cells)} cells, not 9")
        for c, (given, below, right) in enumerate(cells):
            givens[SIZE * r + c] = given
            for code, (dr, dc), where in ((below, (1, 0), "below the last row"),
                                          (right, (0, 1), "right of the last column")):
                if code == "x":
                    continue
                if r + dr >= SIZE or c + dc >= SIZE:
                    raise ParseError(f"{cell_label(r, c)}: a dot {where}")
                dots[code].append(((r, c), (r + dr, c + dc)))
    return kropki.build(givens, dots["w"], dots["k"], negative=rule == "n", id=id)


def _row_cells(row: str, r: int) -> list[tuple[int, str, str]]:
    """``(given, dot below, dot right)`` of each cell a row spells (at most 9)."""
    cells: list[tuple[int, str, str]] = []
    i = 0
    while i < len(row):
        ch = row[i]
        if len(cells) >= SIZE:
            raise ParseError(f"row {r + 1} has more than 9 cells")
        if ch in _RUN_LETTERS:
            run = _RUN_LETTERS.index(ch) + 1
            if len(cells) + run > SIZE:
                raise ParseError(f"row {r + 1}: run {ch} of {run} empty cells goes past column 9")
            cells.extend([(0, "x", "x")] * run)
            i += 1
        elif "1" <= ch <= "9":
            cells.append((int(ch), "x", "x"))
            i += 1
        elif ch == "(":
            end = row.find(")", i)
            m = _CELL.fullmatch(row, i, end + 1) if end >= 0 else None
            if not m:
                raise ParseError(f"{cell_label(r, len(cells))}: {short(row[i:end + 1] if end >= 0 else row[i:])} "
                                 f"is not a cell like (5wx) or (kx)")
            cells.append((int(m.group(1) or 0), m.group(2), m.group(3)))
            i = end + 1
        else:
            raise ParseError(f"row {r + 1}: {ch!r} is not a KEN cell (digit, A-H or (..))")
    return cells


def write_line(puzzle: Puzzle) -> str:
    """The canonical KEN of a Kropki (with `` p`` when the negative rule does not hold).

    >>> write_line(parse_line("(5xx)(xx)(xx)F/HA/HA/HA/HA/HA/HA/HA/HA"))
    '5H/HA/HA/HA/HA/HA/HA/HA/HA'
    """
    require_kind(puzzle, (kropki.KIND,), "KEN")
    below: dict[int, str] = {}
    right: dict[int, str] = {}
    for pair in puzzle.pairs:
        code = _CODE_OF.get(pair.kind)
        if code is None:
            continue
        (ra, ca), (rb, cb) = sorted((puzzle.cells[pair.a], puzzle.cells[pair.b]))
        (below if rb == ra + 1 else right)[SIZE * ra + ca] = code
    rows = []
    for r in range(SIZE):
        tokens: list[str] = []
        run = 0
        for c in range(SIZE):
            i = SIZE * r + c
            given = puzzle.givens[i]
            if i in below or i in right:
                tokens.append(_run(run) + f"({given or ''}{below.get(i, 'x')}{right.get(i, 'x')})")
                run = 0
            elif given:
                tokens.append(_run(run) + str(given))
                run = 0
            else:
                run += 1
        tokens.append(_run(run))
        rows.append("".join(tokens))
    board = "/".join(rows)
    return board if kropki.negative(puzzle) else board + " p"


def _run(length: int) -> str:
    """Letters for a run of empty cells without dots: 9 -> ``HA``."""
    return "H" * (length // 8) + (_RUN_LETTERS[length % 8 - 1] if length % 8 else "")


def write(puzzles: Sequence[Puzzle]) -> str:
    """One KEN line per Kropki."""
    return "".join(write_line(p) + "\n" for p in puzzles)


def detect(text: str) -> bool:
    """True when the first non-blank line looks like a KEN board."""
    text = drop_bom(text)
    lines = content_lines(text[:4000])
    return bool(lines) and bool(_SHAPE.match(lines[0][1]))
