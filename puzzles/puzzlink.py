r"""puzz.link / pzprjs: Kakuro and Sudoku links, the bare Kakuro URL body and
the pzprv3 Kakuro file.

Kakuro ``https://puzz.link/p?kakuro/<cols>/<rows>/<body>`` (also
``pzv.jp/p.html?kakuro/...``, the same ``/p?`` or ``/p.html?`` query on any other
host that serves the pzprjs player, or only ``<cols>/<rows>/<body>``): ``cols`` x
``rows`` is the interior; the sumlogic grid adds the clue frame (row 0 and
column 0).  The body lists the interior cells in reading order (a letter
``k``..``z`` is a run of 1..16 white cells, ``.`` a block, any other character
starts a two-character clue cell, down total then across total), then one
total per column whose top cell is white (the frame above it), then one per
row whose first cell is white (the frame to its left).  A total is ``0``-``9``,
``a``-``j`` (10-19) or ``A``-``Z`` (20-45); ``0`` or ``-`` is none.  A clue with
no white cell after it means nothing and is dropped.

pzprv3 ``pzprv3/kakuro/<rows>/<cols>/`` then ``/``-separated lines: the
corner and the down totals above the columns, then per row its across total
and a token per cell (``.`` white, ``A,D`` a clue cell: across, down; ``0`` or
``-1`` none), then the answer rows (ignored).

Sudoku ``https://puzz.link/p?sudoku/<n>/<n>/<body>``: ``0``-``9``, ``a``-``f``
a clue, ``-xx`` / ``+xxx`` a two / three hex digit clue, ``.`` an unknown clue,
``g``..``z`` 1..20 empty cells.

>>> [p] = parse("5/5/48la0.na0lh3l0Bn.0cl.c4a3")
>>> kakuro.to_grid(p)[1]
['#', '4\\8', '.', '.', '10\\', '#']
>>> write([p])
'https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3\n'
>>> parse("https://puzz.link/p?sudoku/4/4/g2j1h1j3g")[0].max_digit
4
"""

from __future__ import annotations

import re
from typing import Sequence

from solver.errors import InvalidPuzzleError, ParseError
from solver.model import Puzzle

from . import kakuro
from .common import content_lines, require_kind, shape_text
from .text import check_line_ends, drop_bom, fields, short
from .gridspec import (MAX_SIZE, GridSpec, UnsupportedError, build, check_size, read_lines, same_regions, spec_of,
                       standard_boxes)

KAKURO_PREFIX = "https://puzz.link/p?kakuro/"
SUDOKU_SIZES = (4, 6, 9)
"""The Sudoku sizes the writer makes links for (pzprjs draws these with their usual boxes)."""
SUDOKU_PREFIX = "https://puzz.link/p?sudoku/"

_URL = re.compile(r"\A(?:https?://)?[\w.-]+(?::\d+)?(?:/[\w.~%-]+)*/p(?:\.html)?\?(?:m=\w+&)?([a-z][a-z0-9-]*)/(.*)\Z",
                  re.IGNORECASE | re.ASCII)
"""A pzprjs link: puzz.link and pzv.jp, and the same player served elsewhere (a mirror, a fork's
GitHub Pages, a local copy: ``http://localhost:8080/p.html?kakuro/...``); the path ends ``/p`` or
``/p.html`` and the query starts with the puzzle type."""
_BODY = re.compile(r"\A([0-9]+)/([0-9]+)/([0-9A-Za-z.\-+]*)\Z")
_PZPRV3 = re.compile(r"\Apzprv3(?:\.\d+)?/kakuro/", re.IGNORECASE)
_TOTAL_CHARS = "0123456789abcdefghijABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MAX_TOTAL = 45


def _total(ch: str, where: str) -> int:
    if ch == "-":
        return 0
    value = _TOTAL_CHARS.find(ch)
    if value < 0:
        raise ParseError(f"{where}: {ch!r} is not a Kakuro total character")
    return value


def _encode_total(total: int | None) -> str:
    if not total:
        return "0"
    if total > _MAX_TOTAL:
        raise InvalidPuzzleError(f"puzz.link Kakuro totals go up to {_MAX_TOTAL}, not {total}")
    return _TOTAL_CHARS[total]


def _grid(rows: int, cols: int, white: list[list[bool]], clue: dict[tuple[int, int], list[int]]) -> list[list[str]]:
    """Sumlogic Kakuro tokens of a framed grid (``rows + 1`` x ``cols + 1``); clues without a run dropped."""
    height, width = rows + 1, cols + 1

    def is_white(r: int, c: int) -> bool:
        return 1 <= r < height and 1 <= c < width and white[r - 1][c - 1]

    grid = [["." if is_white(r, c) else "#" for c in range(width)] for r in range(height)]
    for (r, c), (down, across) in clue.items():
        down = down if is_white(r + 1, c) else 0
        across = across if is_white(r, c + 1) else 0
        if down or across:
            grid[r][c] = f"{down or ''}\\{across or ''}"
    return grid


def side(text: str, what: str) -> int:
    """A grid side as a link writes it: ASCII digits (``int`` would take ``'\u0665'``, and
    refuse thousands of digits with an internal message), 1..99.

    >>> side("12", "size")
    12
    >>> side("9" * 5000, "size")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: size '999999999999...9999999999999' is out of range (1..99)
    """
    if not (text.isascii() and text.isdigit()):
        raise ParseError(f"{what} {short(text)} is not a number")
    if len(text) > 6:
        raise ParseError(f"{what} {short(text)} is out of range (1..{MAX_SIZE})")
    return check_size(int(text), what)


def read_kakuro(cols_text: str, rows_text: str, body: str, id: str = "") -> Puzzle:
    """A Kakuro from the three parts of a puzz.link URL."""
    cols = side(cols_text, "puzz.link Kakuro width")
    rows = side(rows_text, "puzz.link Kakuro height")
    white = [[False] * cols for _ in range(rows)]
    clue: dict[tuple[int, int], list[int]] = {}
    i = cell = 0
    while cell < rows * cols:
        if i >= len(body):
            raise ParseError(f"puzz.link Kakuro body ends after {cell} of {rows * cols} cells (truncated?)")
        ch = body[i]
        r, c = divmod(cell, cols)
        if "k" <= ch <= "z":
            run = int(ch, 36) - 19
            if cell + run > rows * cols:
                raise ParseError(f"puzz.link Kakuro body: a run of {run} white cells goes past the grid")
            for k in range(cell, cell + run):
                white[k // cols][k % cols] = True
            cell += run
            i += 1
        elif ch == ".":
            cell += 1
            i += 1
        else:
            if i + 1 >= len(body):
                raise ParseError("puzz.link Kakuro body ends inside a clue cell (truncated?)")
            where = f"puzz.link Kakuro clue r{r + 2}c{c + 2}"
            clue[(r + 1, c + 1)] = [_total(body[i], where), _total(body[i + 1], where)]
            cell += 1
            i += 2
    for c in range(cols):
        if white[0][c]:
            if i >= len(body):
                raise ParseError("puzz.link Kakuro body ends before the totals above the columns (truncated?)")
            clue[(0, c + 1)] = [_total(body[i], f"puzz.link Kakuro column {c + 1} total"), 0]
            i += 1
    for r in range(rows):
        if white[r][0]:
            if i >= len(body):
                raise ParseError("puzz.link Kakuro body ends before the totals left of the rows (truncated?)")
            clue[(r + 1, 0)] = [0, _total(body[i], f"puzz.link Kakuro row {r + 1} total")]
            i += 1
    if i != len(body):
        raise ParseError(f"puzz.link Kakuro body has {len(body) - i} characters too many")
    return kakuro.build(_grid(rows, cols, white, clue), id=id)


def read_pzprv3(text: str, id: str = "") -> Puzzle:
    """A Kakuro from a pzprv3 file text (problem part; the answer is ignored)."""
    if text.lower().count("pzprv3") > 1:
        raise ParseError("a pzprv3 text holds one puzzle; this one has a second pzprv3 header")
    parts = re.split(r"[/\n]", text.strip())
    if len(parts) < 4:
        raise ParseError("pzprv3 Kakuro text is too short")
    try:
        rows, cols = side(parts[2], "pzprv3 rows"), side(parts[3], "pzprv3 columns")
    except ValueError:
        raise ParseError(f"pzprv3 Kakuro size {short(parts[2])}/{short(parts[3])} is not two numbers") from None
    lines = [fields(p) for p in parts[4:]]
    if len(lines) < rows + 1:
        raise ParseError(f"pzprv3 Kakuro text has {len(lines)} lines after the size, not at least {rows + 1}")

    def number(token: str, where: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,3}", token):
            raise ParseError(f"pzprv3 Kakuro {where}: {short(token)} is not a number")
        return max(int(token), 0)

    if len(lines[0]) != cols + 1:
        raise ParseError(f"pzprv3 Kakuro first line has {len(lines[0])} tokens, not {cols + 1}")
    white = [[False] * cols for _ in range(rows)]
    clue: dict[tuple[int, int], list[int]] = {}
    for c in range(cols):
        clue[(0, c + 1)] = [number(lines[0][c + 1], f"column {c + 1} total"), 0]
    for r in range(rows):
        tokens = lines[r + 1]
        if len(tokens) != cols + 1:
            raise ParseError(f"pzprv3 Kakuro row {r + 1} has {len(tokens)} tokens, not {cols + 1}")
        clue[(r + 1, 0)] = [0, number(tokens[0], f"row {r + 1} total")]
        for c, token in enumerate(tokens[1:]):
            if token == ".":
                white[r][c] = True
            else:
                across, _, down = token.partition(",")
                clue[(r + 1, c + 1)] = [number(down or "0", f"r{r + 2}c{c + 2}"),
                                        number(across, f"r{r + 2}c{c + 2}")]
    return kakuro.build(_grid(rows, cols, white, clue), id=id)


def read_sudoku(width_text: str, height_text: str, body: str, id: str = "") -> GridSpec:
    """The spec of a puzz.link Sudoku."""
    size = side(width_text, "puzz.link Sudoku size")
    if side(height_text, "puzz.link Sudoku height") != size:
        raise ParseError(f"puzz.link Sudoku is {width_text}x{height_text}, not square")
    if size > 9:
        raise UnsupportedError({f"{size}x{size} grid": 1})
    givens = [0] * (size * size)
    unknown = 0
    i = cell = 0
    while i < len(body) and cell < size * size:
        ch = body[i]
        if ch in "-+":
            width = 2 if ch == "-" else 3
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or not re.fullmatch(r"[0-9a-f]+", digits):
                raise ParseError(f"puzz.link Sudoku: {short(body[i:i + 1 + width])} is not a clue")
            givens[cell] = int(digits, 16)
            i += 1 + width
            cell += 1
        elif ch == ".":
            unknown += 1
            i += 1
            cell += 1
        elif "0" <= ch <= "9" or "a" <= ch <= "f":
            givens[cell] = int(ch, 16)
            i += 1
            cell += 1
        elif "g" <= ch <= "z":
            cell += int(ch, 36) - 15
            i += 1
        else:
            raise ParseError(f"puzz.link Sudoku: {ch!r} is not a clue or a skip")
    if i != len(body):
        raise ParseError(f"puzz.link Sudoku body has {len(body) - i} characters after the last cell")
    if cell > size * size:
        raise ParseError("puzz.link Sudoku body skips past the last cell")
    for n, g in enumerate(givens):
        if g > size:
            raise ParseError(f"puzz.link Sudoku: clue {g} at r{n // size + 1}c{n % size + 1} is more than {size}")
    if unknown:
        raise UnsupportedError({"unknown clue (?)": unknown})
    return GridSpec("sudoku", size, tuple(givens), standard_boxes(size), id=id)


def read_line(line: str, id: str = "") -> Puzzle:
    """The puzzle of one puzz.link link, Kakuro body or pzprv3 text."""
    line = line.strip()
    if _PZPRV3.match(line):
        return read_pzprv3(line, id)
    m = _URL.match(line)
    kind, rest = (m.group(1).lower(), m.group(2)) if m else ("kakuro", line)
    rest = rest.split("#")[0].split("&")[0]
    if m and rest.endswith("/"):
        rest = rest[:-1]  # pzprjs writes an empty last part after some bodies ("<body>/")
    body = _BODY.match(rest)
    if not body:
        raise ParseError(f"{short(line)} is not a puzz.link {kind} link (<columns>/<rows>/<body>)")
    if kind == "kakuro":
        return read_kakuro(body.group(1), body.group(2), body.group(3), id)
    if kind == "sudoku":
        return build(read_sudoku(body.group(1), body.group(2), body.group(3), id))
    raise UnsupportedError({f"puzz.link {kind} puzzle": 1})


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of a text of puzz.link links (one a line) or of a pzprv3 file."""
    text = drop_bom(text)
    check_line_ends(text, source)
    if _PZPRV3.match(text.strip()):
        lines = [(1, text.strip())]
    else:
        lines = content_lines(text)
    return read_lines(lines, source, read_line)


# --- writing ---------------------------------------------------------------------------


def kakuro_link(puzzle: Puzzle) -> str:
    """The puzz.link link of a Kakuro (without givens, its clues in a frame of row 0 and column 0)."""
    require_kind(puzzle, ("kakuro",), "puzz.link Kakuro")
    if any(puzzle.givens):
        raise InvalidPuzzleError("a puzz.link Kakuro link has no place for given digits")
    grid = kakuro.to_grid(puzzle)
    rows, cols = puzzle.height - 1, puzzle.width - 1
    if rows < 1 or cols < 1 or any(t == "." for t in grid[0]) or any(row[0] == "." for row in grid):
        raise InvalidPuzzleError("a puzz.link Kakuro needs a frame: no white cell in the first row or column")

    def totals(token: str) -> tuple[int, int]:
        down, _, across = token.partition("\\")
        return int(down or 0), int(across or 0)

    out: list[str] = []
    run = 0
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            token = grid[r][c]
            if token == ".":
                run += 1
                if run == 16:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("k") + run - 1))
                run = 0
            if token == "#":
                out.append(".")
            else:
                down, across = totals(token)
                out.append(_encode_total(down) + _encode_total(across))
    if run:
        out.append(chr(ord("k") + run - 1))
    for c in range(1, cols + 1):
        if grid[1][c] == ".":
            out.append(_encode_total(totals(grid[0][c])[0] if grid[0][c] != "#" else 0))
    for r in range(1, rows + 1):
        if grid[r][1] == ".":
            out.append(_encode_total(totals(grid[r][0])[1] if grid[r][0] != "#" else 0))
    return f"{KAKURO_PREFIX}{cols}/{rows}/{''.join(out)}"


def sudoku_link(puzzle: Puzzle) -> str:
    """The puzz.link link of a Sudoku: 4x4, 6x6 (2x3 boxes) or 9x9, with the usual boxes (what pzprjs draws)."""
    if puzzle.kind != "sudoku":
        require_kind(puzzle, ("sudoku",), "puzz.link Sudoku")
    spec = spec_of(puzzle)
    if spec.size not in SUDOKU_SIZES or not same_regions(spec.boxes, standard_boxes(spec.size)):
        raise InvalidPuzzleError("the puzz.link Sudoku notation holds only 4x4, 6x6 and 9x9 grids with their "
                                 f"usual boxes, not a {shape_text(puzzle)} (JSON Lines holds every size)")
    out: list[str] = []
    skip = 0
    for g in spec.givens:
        if not g:
            skip += 1
            if skip == 20:
                out.append("z")
                skip = 0
            continue
        if skip:
            out.append(chr(ord("g") + skip - 1))
            skip = 0
        out.append(format(g, "x"))
    if skip:
        out.append(chr(ord("g") + skip - 1))
    return f"{SUDOKU_PREFIX}{spec.size}/{spec.size}/{''.join(out)}"


def write(puzzles: Sequence[Puzzle]) -> str:
    """One puzz.link link per line (Kakuro or Sudoku)."""
    out = []
    for puzzle in puzzles:
        if puzzle.kind != "sudoku":
            require_kind(puzzle, ("kakuro",), "puzz.link")
        out.append(kakuro_link(puzzle) if puzzle.kind == "kakuro" else sudoku_link(puzzle))
    return "".join(line + "\n" for line in out)


def detect(text: str) -> bool:
    """True when the first non-blank line is a puzz.link / pzv.jp link, a Kakuro URL body or a pzprv3 Kakuro."""
    lines = content_lines(text[:400])
    if not lines:
        return False
    first = lines[0][1]
    return bool(_URL.match(first) or _PZPRV3.match(first) or _BODY.match(first[:400]))

