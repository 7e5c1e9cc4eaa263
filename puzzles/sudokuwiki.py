"""SudokuWiki strings and links (``https://www.sudokuwiki.org/...?bd=<string>``).

* Classic: ``bd=`` + 81 characters row by row, ``0`` or ``.`` for an empty cell.
* Killer: ``bd=`` + 81 digits, a colour per cell chosen so that touching cages
  differ (a cage is a 4-connected set of cells of one colour), then ``,`` and
  162 digits, two per cell in reading order: the cage total in the cage's first
  cell, ``00`` elsewhere.  The string has no place for givens, nor for a
  cell in no cage: the writer refuses a Killer with such a cell.
* ``bd=S9B...`` is SudokuWiki's packed solver state (givens plus candidates):
  not read, with an error saying so.

The writer makes ``https://www.sudokuwiki.org/killersudoku.htm?bd=...`` for a
Killer (colours 1..9 from a map colouring of the cages) and
``https://www.sudokuwiki.org/sudoku.htm?bd=...`` for a Sudoku.

>>> from puzzles import sample
>>> text = write([sample("killer-1")])
>>> text[:60]
'https://www.sudokuwiki.org/killersudoku.htm?bd=3113223122331'
>>> [p] = parse(text)
>>> sorted(c.cells for c in killer.cages(p)) == sorted(c.cells for c in killer.cages(sample("killer-1")))
True
>>> parse("1" * 81 + "," + "0" * 162)
Traceback (most recent call last):
...
solver.errors.ParseError: SudokuWiki killer: cage at r1c1 has no total (00 in its first cell)
"""

from __future__ import annotations

import re
from typing import Sequence
from urllib.parse import unquote

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle, cell_label

from . import killer
from .common import GRID_CELLS, SIZE, Position, content_lines, line_id, located, require_kind
from .text import check_line_ends, check_link_tail, drop_bom, short
from .gridspec import GridSpec, build, cage_label, spec_of, standard_boxes
from .killer import Cage

_LINK = re.compile(r"\A(?:https?://)?(?:www\.)?sudokuwiki\.org/[^?\s]*\?(?:[^#\s]*&)?bd=([^&#\s]*)",
                   re.IGNORECASE | re.ASCII)
_KILLER = re.compile(r"\A([0-9]{81}),([0-9]{162})\Z")
_CLASSIC = re.compile(r"\A[0-9.]{81}\Z")
KILLER_PREFIX = "https://www.sudokuwiki.org/killersudoku.htm?bd="
CLASSIC_PREFIX = "https://www.sudokuwiki.org/sudoku.htm?bd="


def _string_of(line: str) -> str:
    m = _LINK.match(line.strip())
    if not m:
        return line.strip()
    check_link_tail(line.strip(), m.end())
    return unquote(m.group(1))  # a link's bd= value may be percent-encoded (%2C for the comma)


def read_spec(line: str, id: str = "") -> GridSpec:
    """The spec of one SudokuWiki link or ``bd`` string."""
    text = _string_of(line)
    if text.startswith("S9B"):
        raise ParseError("SudokuWiki packed solver state (bd=S9B...: givens plus candidates) is not read; "
                         "use the puzzle's 81-character starting string")
    m = _KILLER.match(text)
    boxes = standard_boxes(SIZE)
    if m:
        return GridSpec("killer", SIZE, (0,) * 81, boxes, cages=_cages(m.group(1), m.group(2)), id=id)
    if _CLASSIC.match(text):
        givens = tuple(0 if ch in ".0" else int(ch) for ch in text)
        return GridSpec("sudoku", SIZE, givens, boxes, id=id)
    raise ParseError(f"{short(text)} is not a SudokuWiki string (81 givens, or 81 colours ',' 162 total digits)")


def _cages(colours: str, totals: str) -> tuple[Cage, ...]:
    """The cages of a killer string: 4-connected cells of one colour, each with the total in its first cell."""
    cage_of: dict[Position, int] = {}
    groups: list[list[Position]] = []
    for start in GRID_CELLS:
        if start in cage_of:
            continue
        cage_of[start] = len(groups)
        group = [start]
        todo = [start]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= n[0] < SIZE and 0 <= n[1] < SIZE and n not in cage_of \
                        and colours[SIZE * n[0] + n[1]] == colours[SIZE * start[0] + start[1]]:
                    cage_of[n] = len(groups)
                    group.append(n)
                    todo.append(n)
        groups.append(sorted(group))
    out = []
    for index, group in enumerate(groups):
        first = group[0]
        total = int(totals[2 * (SIZE * first[0] + first[1]):][:2])
        if total == 0:
            raise ParseError(f"SudokuWiki killer: cage at {cell_label(*first)} has no total (00 in its first cell)")
        for pos in group[1:]:
            if totals[2 * (SIZE * pos[0] + pos[1]):][:2] != "00":
                raise ParseError(f"SudokuWiki killer: {cell_label(*pos)} holds a total but is not the first "
                                 f"cell of its cage (colours of touching cages must differ)")
        out.append(Cage(cage_label(index), total, tuple(group)))
    return tuple(out)


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of a text of SudokuWiki links or strings, one a line."""
    text = drop_bom(text)
    check_line_ends(text, source)
    lines = content_lines(text)
    out = []
    for number, line in lines:
        try:
            out.append(build(read_spec(line, line_id(source, number, len(lines)))))
        except SumlogicError as error:
            raise located(error, line=number if len(lines) > 1 else None, source=source) from None
    return out


# --- writing ----------------------------------------------------------------------------


def colours(cages: Sequence[Cage]) -> list[int]:
    """A colour 1..9 per cage so that cages sharing an edge differ (the most
    constrained cage first, backtracking when stuck); :class:`InvalidPuzzleError`
    when a cage is not connected (the string could not tell it apart).

    >>> colours([Cage("a", 3, ((0, 0), (0, 1))), Cage("b", 4, ((1, 0),)), Cage("c", 5, ((1, 1),))])
    [1, 2, 3]
    """
    owner = {pos: i for i, cage in enumerate(cages) for pos in cage.cells}
    touching: list[set[int]] = [set() for _ in cages]
    for i, cage in enumerate(cages):
        cells = set(cage.cells)
        seen = {cage.cells[0]}
        todo = [cage.cells[0]]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
                elif n in owner and owner[n] != i:
                    touching[i].add(owner[n])
        if seen != cells:
            raise InvalidPuzzleError(f"cage {cage.label}: its cells are not connected, which the SudokuWiki "
                                     f"killer string cannot hold")
    colour = [0] * len(cages)

    def solve() -> bool:
        left = [i for i in range(len(cages)) if not colour[i]]
        if not left:
            return True
        i = max(left, key=lambda k: (len({colour[n] for n in touching[k]} - {0}), len(touching[k]), -k))
        used = {colour[n] for n in touching[i]}
        for choice in range(1, 10):
            if choice not in used:
                colour[i] = choice
                if solve():
                    return True
        colour[i] = 0
        return False

    if not solve():
        raise InvalidPuzzleError("the cages cannot be coloured with 9 colours for a SudokuWiki killer string")
    return colour


def line(puzzle: Puzzle) -> str:
    """The SudokuWiki link of a Killer (without givens) or a Sudoku."""
    require_kind(puzzle, ("killer", "sudoku"), "SudokuWiki")
    spec = spec_of(puzzle)
    if spec.kind == "sudoku":
        return CLASSIC_PREFIX + "".join(str(g) for g in spec.givens)
    if any(spec.givens):
        raise InvalidPuzzleError("the SudokuWiki killer string has no place for givens")
    loose = killer.loose_cells(puzzle)
    if loose:
        raise InvalidPuzzleError(f"{puzzle.cell_name(loose[0])} is in no cage: the SudokuWiki killer string gives "
                                 f"every cell a cage; write JSON Lines, f-puzzles or SudokuPad instead")
    cages = killer.cages(puzzle)
    paint = colours(cages)
    cells = [0] * 81
    totals = ["00"] * 81
    for cage, colour in zip(cages, paint):
        for r, c in cage.cells:
            cells[SIZE * r + c] = colour
        if cage.total is not None and not 0 < cage.total < 100:
            raise InvalidPuzzleError(f"cage {cage.label}: total {cage.total} does not fit two digits")
        if cage.total is None:
            raise InvalidPuzzleError(f"cage {cage.label}: the SudokuWiki killer string needs every cage total")
        r, c = min(cage.cells)
        totals[SIZE * r + c] = f"{cage.total:02d}"
    return KILLER_PREFIX + "".join(map(str, cells)) + "," + "".join(totals)


def write(puzzles: Sequence[Puzzle]) -> str:
    """One SudokuWiki link per line."""
    return "".join(line(p) + "\n" for p in puzzles)


def detect(text: str) -> bool:
    """True when the first non-blank line is a SudokuWiki link or killer string."""
    lines = content_lines(text[:400])
    return bool(lines) and (bool(_LINK.match(lines[0][1])) or bool(_KILLER.match(lines[0][1])))
