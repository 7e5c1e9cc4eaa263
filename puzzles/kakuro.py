r"""Kakuro, and its text grid.

A Kakuro grid of any size holds block cells, clue cells and white cells.
Grid positions count every cell, so ``r1c1`` is the top-left corner even
when it is a block.  The playable cells are the white cells, in reading
order.  Each maximal run of white cells that follows a clue is a region:
its digits differ and add up to the clue.  Regions are named after their
direction, total and first cell, ``across 16 at r2c3``; the across runs come
first, then the down runs, each in reading order.

A run after a block, the grid edge or a clue cell whose number for that
direction is empty has no printed total (small grids of MarcelGarus/kakuro
and penpa-edit's test grids have such runs).  Its digits must still differ,
so a run of two or more cells is a region without a total (``total`` is
None), named ``across at r4c3``; a one-cell run without a total has no rule
and no region.  A white cell must lie in at least one region.

The text grid is one row per line, tokens separated by white space: ``#`` a
block, ``D\R`` a clue cell (``D`` the down sum, ``R`` the across sum, either
may be empty: ``23\``, ``\16``; a bare ``\`` reads as a block), ``.`` an
empty white cell and ``1``..``9`` a given.  Grids in one file are separated
by blank lines.

>>> text = "#   4\\  3\\\n\\3 .   .\n\\4 .   .\n"
>>> [p] = parse(text, source="tiny.kakuro")
>>> p.id, p.size, [r.name for r in p.regions]
('tiny', 4, ['across 3 at r2c2', 'across 4 at r3c2', 'down 4 at r2c2', 'down 3 at r2c3'])
>>> print(write([p]), end="")
# 4\ 3\
\3 . .
\4 . .
>>> parse("#  4\\\n\\3 .\n\\5 #\n")
Traceback (most recent call last):
...
solver.errors.ParseError: line 3: r3c1: across clue 5 has no white cell to its right
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle, Region, cell_label

from .common import blocks, line_id, located, parse_int, require_kind
from .text import check_line_ends, drop_bom, fields, short

KIND = "kakuro"
_CLUE = re.compile(r"([0-9]*)\\([0-9]*)\Z")
_DIRECTIONS = (("across", 0, 1, "to its right"), ("down", 1, 0, "below it"))


def build(grid: Sequence[Sequence[str]], *, id: str = "", info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    r"""A Kakuro from its grid of tokens (rows of ``#``, ``D\R``, ``.`` or a digit)."""
    height = len(grid)
    width = len(grid[0]) if height else 0
    if not height or not width:
        raise InvalidPuzzleError("a Kakuro grid needs at least one row and one column")
    white: dict[tuple[int, int], int] = {}
    clues: dict[tuple[int, int], tuple[int | None, int | None]] = {}
    for r, row in enumerate(grid):
        if len(row) != width:
            raise InvalidPuzzleError(f"row {r + 1} has {len(row)} cells, not {width} like row 1")
        for c, token in enumerate(row):
            where = cell_label(r, c)
            if token == "." or (len(token) == 1 and "1" <= token <= "9"):
                white[(r, c)] = 0 if token == "." else int(token)
            elif token != "#":
                m = _CLUE.match(token) if isinstance(token, str) else None
                if not m:
                    raise ParseError(f"{where}: {short(token)} is not a Kakuro cell (#, D\\R, . or a digit)")
                down = parse_int(m.group(1), f"{where}: down clue") if m.group(1) else None
                across = parse_int(m.group(2), f"{where}: across clue") if m.group(2) else None
                if down is not None or across is not None:
                    clues[(r, c)] = (down, across)
    if not white:
        raise InvalidPuzzleError("a Kakuro grid needs at least one white cell")
    cells = tuple(sorted(white))
    index = {pos: i for i, pos in enumerate(cells)}
    regions: list[Region] = []
    covered: set[int] = set()
    for name, dr, dc, after in _DIRECTIONS:
        side = 1 if name == "across" else 0
        for (r, c), pair in sorted(clues.items()):
            if pair[side] is not None and (r + dr, c + dc) not in white:
                raise InvalidPuzzleError(f"{cell_label(r, c)}: {name} clue {pair[side]} has no white cell {after}")
        for (r, c) in cells:
            if (r - dr, c - dc) in white:
                continue  # not the first cell of its run
            run = []
            pos = (r, c)
            while pos in white:
                run.append(index[pos])
                pos = (pos[0] + dr, pos[1] + dc)
            if len(run) > 9:
                raise InvalidPuzzleError(f"{name} run at {cell_label(r, c)}: {len(run)} white cells, more than 9")
            total = clues.get((r - dr, c - dc), (None, None))[side]
            if total is None and len(run) < 2:
                continue  # one cell and no total: no rule
            covered.update(run)
            label = name if total is None else f"{name} {total}"
            regions.append(Region(f"{label} at {cell_label(r, c)}", tuple(run), total=total,
                                  distinct=True, kind=name))
    for i, pos in enumerate(cells):
        if i not in covered:
            raise InvalidPuzzleError(f"{cell_label(*pos)}: white cell without a clue or a white neighbour")
    return Puzzle(kind=KIND, height=height, width=width, cells=cells, regions=tuple(regions),
                  givens=tuple(white[pos] for pos in cells), id=id, info=tuple(info))


def to_grid(puzzle: Puzzle) -> list[list[str]]:
    r"""The grid of tokens of a Kakuro (the inverse of :func:`build`).

    >>> to_grid(parse("#  4\\ 3\\\n\\3 . .\n\\4 . 1\n")[0])[2]
    ['\\4', '.', '1']
    """
    require_kind(puzzle, (KIND,), "Kakuro")
    grid = [["#"] * puzzle.width for _ in range(puzzle.height)]
    for (r, c), given in zip(puzzle.cells, puzzle.givens):
        grid[r][c] = str(given) if given else "."
    sums: dict[tuple[int, int], list[str]] = {}
    for region in puzzle.regions:
        if region.kind not in ("across", "down") or region.total is None:
            continue
        r, c = puzzle.cells[region.cells[0]]
        clue = (r, c - 1) if region.kind == "across" else (r - 1, c)
        if min(clue) < 0 or grid[clue[0]][clue[1]] != "#":
            raise InvalidPuzzleError(f"{region.name}: no clue cell before the run")
        sides = sums.setdefault(clue, ["", ""])
        sides[1 if region.kind == "across" else 0] = str(region.total)
    for (r, c), (down, across) in sums.items():
        grid[r][c] = f"{down}\\{across}"
    return grid


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Kakuro of a text (grids separated by blank lines)."""
    text = drop_bom(text)
    check_line_ends(text, source)
    groups = list(blocks(text))
    out = []
    for start, lines in groups:
        try:
            out.append(build([fields(line) for line in lines], id=line_id(source, start, len(groups))))
        except SumlogicError as error:
            raise located(error, line=_line_of(error, start, len(lines)), source=source) from None
    return out


def _line_of(error: SumlogicError, start: int, height: int) -> int:
    """The line of a grid an error names (its first cell ``rRcC`` or ``row N``), else the grid's first line."""
    m = re.search(r"\br(\d+)c\d+\b|\brow (\d+)\b", str(error))
    if m:
        row = int(m.group(1) or m.group(2))
        if 1 <= row <= height:
            return start + row - 1
    return start


def write(puzzles: Sequence[Puzzle]) -> str:
    """The text grids of Kakuros, separated by blank lines (tokens separated by one space)."""
    return "\n".join("".join(" ".join(row) + "\n" for row in to_grid(p)) for p in puzzles)


def detect(text: str) -> bool:
    """True when the first non-blank line is Kakuro tokens with a block or a clue."""
    text = drop_bom(text)
    for line in text[:4000].splitlines():
        tokens = line.split()
        if tokens:
            return (any("\\" in t or t == "#" for t in tokens)
                    and all(t in ("#", ".") or _CLUE.match(t) or (len(t) == 1 and "1" <= t <= "9")
                            for t in tokens))
    return False
