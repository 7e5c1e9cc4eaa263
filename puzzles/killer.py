"""Killer Sudoku, and its text notation.

A Killer is a Sudoku with cages; a cage's digits differ and add up to its
total (a cage may have no printed total: its digits must still differ).  A
cell lies in at most one cage: a setter may leave cells outside every cage
(*loose* cells, which only the Sudoku rules constrain), and nothing here
wraps them in cages of its own: the cages are the setter's, no more.  The
puzzle holds the 27 Sudoku houses followed by one region per cage, named
``cage <label>`` (kind ``cage``); a loose cell is in no cage region
(:func:`loose_cells`).  Cage cells are kept in reading order.  Any side N from 4 to 9 works the same
way (:func:`build` with ``size``, ``box`` or ``regions`` as in
:func:`puzzles.sudoku.build`); the text notation holds the 9x9 grid only.

The text notation is nine lines ``<9 givens> <9 cage symbols>`` (``.`` or
``0`` for an empty cell; a symbol is any one character but ``=`` and white
space) followed by the totals, ``a=12 b=17 c=?`` (``?`` for a cage without
a printed total), on one or more lines.  The order of the totals is the
order of the cages.  Puzzles in one file are separated by blank lines.
Every cell has a symbol there, so the notation cannot hold a loose cell:
the writer refuses such a Killer (one line naming the cell) rather than
invent a cage for it; JSON Lines, f-puzzles and SudokuPad hold it.

The writer keeps the labels when each is a single character; otherwise (the
corpus names its 27th cage ``aa``) it relabels every cage, in order, with
``a``..``z``, ``A``..``Z``, ``0``..``9`` and then punctuation.

>>> text = sample_text()
>>> [p] = parse(text)
>>> p.kind, len(p.regions), p.regions[28].name, p.regions[28].total, p.regions[28].cells
('killer', 60, 'cage b', 8, (1, 2))
>>> write([p]) == text
True
>>> parse(text.replace("b=8 ", "b=50 "))
Traceback (most recent call last):
...
solver.errors.ParseError: line 10: cage b: total 50 is impossible for 2 different digits (3..17)
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle, Region, cell_label

from .common import (GRID_CELLS, SIZE, Box, Position, content_lines, line_id, located, require_kind, square_grid)
from .killer_totals import smallest_shortfall
from .text import check_line_ends, drop_bom, fields, quote, short

KIND = "killer"

SYMBOLS = string.ascii_lowercase + string.ascii_uppercase + string.digits + "!#$%&*+-/:;<>@^_~()[]{}|"
"""The cage symbols the writer uses when it has to relabel (more than the 81 a grid can need)."""

_GRID_LINE = re.compile(r"([0-9.]{9})\s+(\S{9})\Z", re.ASCII)


@dataclass(frozen=True)
class Cage:
    """A cage as written: a label, a total (``None`` when not printed) and its cells (0-based positions).

    >>> Cage("a", 3, ((0, 0), (0, 1))).names()
    ['r1c1', 'r1c2']
    """

    label: str
    total: int | None
    cells: tuple[Position, ...]

    def names(self) -> list[str]:
        """The cells as ``rRcC`` names."""
        return [cell_label(r, c) for r, c in self.cells]


def cage_regions(cages: Iterable[Cage], *, cover: bool, size: int = SIZE) -> tuple[Region, ...]:
    """One region per cage, checking labels and cells.

    With ``cover`` every cell of the ``size x size`` grid must lie in a cage
    (Killer); without, cells may lie in none (Greater Killer).

    >>> cage_regions([Cage("a", 3, ((0, 0),)), Cage("b", 4, ((0, 0),))], cover=False)
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: r1c1: in cage a and cage b
    """
    owner: dict[Position, str] = {}
    labels: set[str] = set()
    regions = []
    for cage in cages:
        label = cage.label
        if quote(label) != label:
            raise InvalidPuzzleError(f"cage label {short(label)} is not a short name without spaces")
        if label in labels:
            raise InvalidPuzzleError(f"cage {label}: label used twice")
        labels.add(label)
        if not cage.cells:
            raise InvalidPuzzleError(f"cage {label}: has no cells")
        for pos in cage.cells:
            r, c = pos
            if not (0 <= r < size and 0 <= c < size):
                raise InvalidPuzzleError(f"cage {label}: {cell_label(r, c)} is outside the {size}x{size} grid")
            if pos in owner:
                if owner[pos] == label:
                    raise InvalidPuzzleError(f"cage {label}: lists {cell_label(r, c)} twice")
                raise InvalidPuzzleError(f"{cell_label(r, c)}: in cage {owner[pos]} and cage {label}")
            owner[pos] = label
        cells = tuple(sorted(size * r + c for r, c in cage.cells))
        regions.append(Region(f"cage {label}", cells, total=cage.total, distinct=True, kind="cage", label=label))
    if cover:
        for r in range(size):
            for c in range(size):
                if (r, c) not in owner:
                    raise InvalidPuzzleError(f"{cell_label(r, c)}: in no cage")
    return tuple(regions)


def build(cages: Iterable[Cage], givens: Sequence[int] = (), size: int = SIZE, box: Box | None = None,
          regions: Sequence[Sequence[Position]] | None = None, *, id: str = "",
          info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Killer from its cages and optional givens.  The cages need not cover
    the grid: a cell in none is a loose cell (only the Sudoku rules hold it),
    and no cage is made up for it.  A Killer has at least one cage.

    ``size``, ``box`` and ``regions`` give the grid as in :func:`puzzles.sudoku.build`.

    >>> p = build([Cage("a", 45, GRID_CELLS[:9])])
    >>> [r.name for r in p.regions if r.kind == "cage"], len(loose_cells(p))
    (['cage a'], 72)
    >>> build([Cage("a", 44, GRID_CELLS[:9])])
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: cage a: total 44 is impossible for 9 different digits (45..45)
    >>> build([], size=4)
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: a Killer needs at least one cage (without cages it is a Sudoku)
    """
    cells, houses = square_grid(size, box, regions)
    cage_list = list(cages)
    cage_regions_ = cage_regions(cage_list, cover=False, size=size)
    if not cage_regions_:
        raise InvalidPuzzleError("a Killer needs at least one cage (without cages it is a Sudoku)")
    puzzle = Puzzle(kind=KIND, height=size, width=size, cells=cells, regions=houses + cage_regions_,
                    givens=tuple(givens) or (0,) * (size * size), max_digit=size, id=id, info=tuple(info))
    check_grand_total(cage_list, size, houses)  # after each cage's own checks, which name the cage
    return puzzle


def loose_cells(puzzle: Puzzle) -> tuple[int, ...]:
    """The cells (indexes) of a Killer or Greater Killer that lie in no cage, in reading order.

    >>> loose_cells(build([Cage("a", 3, ((0, 0), (0, 1)))], size=4))
    (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    >>> loose_cells(parse(sample_text())[0])
    ()
    """
    caged = {c for r in puzzle.regions if r.kind == "cage" for c in r.cells}
    return tuple(sorted((i for i in range(len(puzzle.cells)) if i not in caged), key=lambda i: puzzle.cells[i]))


def check_grand_total(cages: Sequence[Cage], size: int = SIZE, houses: Sequence[Region] = ()) -> None:
    """The cage totals must fit what the grid holds, ``size`` of each digit
    (405 on 9x9): when cages cover the grid they must add up to it exactly
    (:class:`InvalidPuzzleError` saying by how much they miss).  A cage
    without a printed total, and a loose cell (in no cage), may hold 1 to
    ``size`` a cell, so with such cells only a range is checked.  With the grid's
    ``houses`` the message also names the smallest union of them that shows the miss
    (:func:`puzzles.killer_totals.smallest_shortfall`).

    >>> rows = [Cage(f"r{r}", 45, GRID_CELLS[9 * r:9 * r + 9]) for r in range(9)]
    >>> check_grand_total(rows)
    >>> check_grand_total(rows[:8] + [Cage("r8", 44, GRID_CELLS[72:])])
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: the cage totals add up to 404, not 405 (9 of each digit 1-9)
    >>> from puzzles.common import grid_houses
    >>> try:
    ...     check_grand_total(rows[:8] + [Cage("r8", 44, GRID_CELLS[72:])], houses=grid_houses(9))
    ... except InvalidPuzzleError as error:
    ...     print(str(error).split(": ")[1])
    row 9 holds cage r8 (44) wholly, which totals 44, but a row totals 45
    """
    grand = size * size * (size + 1) // 2
    known = sum(c.total for c in cages if c.total is not None)
    loose = size * size - sum(len(c.cells) for c in cages)
    open_cells = loose + sum(len(c.cells) for c in cages if c.total is None)
    low, high = known + open_cells, known + size * open_cells
    if low <= grand <= high:
        return
    digits = f"{size} of each digit 1-{size}"
    if not open_cells:
        said = f"the cage totals add up to {known}, not {grand} ({digits})"
    else:
        said = (f"the printed cage totals add up to {known}: with {open_cells} cell(s) in cages "
                f"without a total or in no cage the grid cannot add up to {grand} ({digits})")
    # Name the smallest part of the grid that already shows it (issue 29): a row, two boxes, ...
    where = smallest_shortfall([(c.label, c.total, c.cells) for c in cages], houses, size) if houses else None
    if houses and not where:
        where = "no union of houses short of the whole grid shows it"
    raise InvalidPuzzleError(f"{said}: {where}" if where else said)


def cages(puzzle: Puzzle) -> list[Cage]:
    """The cages of a Killer or Greater Killer, in order.

    >>> [c.label for c in cages(parse(sample_text())[0])][:3]
    ['a', 'b', 'c']
    """
    return [Cage(r.label if r.label is not None else r.name, r.total, tuple(puzzle.cells[i] for i in r.cells))
            for r in puzzle.regions if r.kind == "cage"]


# --- the text notation -----------------------------------------------------------


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Killer of a text in the killer notation."""
    text = drop_bom(text)
    check_line_ends(text, source)
    lines = content_lines(text)
    found: list[tuple[int, int, list[Cage], tuple[int, ...]]] = []
    i = 0
    while i < len(lines):
        try:
            i, block = _read_block(lines, i)
        except SumlogicError as error:
            raise located(error, line=lines[i][0], source=source) from None
        found.append(block)
    out = []
    for start, total_line, cage_list, givens in found:
        try:
            out.append(build(cage_list, givens, id=line_id(source, start, len(found))))
        except SumlogicError as error:
            line = total_line if str(error).startswith("cage ") else start
            raise located(error, line=line, source=source) from None
    return out


def _read_block(lines: list[tuple[int, str]], i: int) -> tuple[int, tuple[int, int, list[Cage], tuple[int, ...]]]:
    """Read the puzzle starting at ``lines[i]``: the index after it, and its
    first line, totals line, cages and givens."""
    start = lines[i][0]
    grid = lines[i:i + SIZE]
    if len(grid) < SIZE:
        raise ParseError(f"a Killer needs 9 grid lines, found {len(grid)}")
    symbols: list[str] = []
    givens: list[int] = []
    for number, line in grid:
        m = _GRID_LINE.match(line)
        if not m:
            raise ParseError(f"expected 9 givens and 9 cage symbols, e.g. '5.......3 aabbccdde', "
                             f"not {short(line)}", line=number)
        givens.extend(0 if ch in ".0" else int(ch) for ch in m.group(1))
        symbols.extend(m.group(2))
    i += SIZE
    if i >= len(lines) or not _is_totals(lines[i][1]):
        raise ParseError("the cage totals line (e.g. 'a=12 b=17') is missing", line=grid[-1][0] + 1)
    total_line = lines[i][0]
    totals: dict[str, int | None] = {}
    while i < len(lines) and _is_totals(lines[i][1]):
        number, line = lines[i]
        for token in fields(line):
            label, eq, value = token.partition("=")
            if not eq or not label:
                raise ParseError(f"{short(token)} is not a cage total like 'a=12' or 'a=?'", line=number)
            if label in totals:
                raise ParseError(f"cage {quote(label)}: total given twice", line=number)
            totals[label] = None if value == "?" else _total(value, label, number)
        i += 1
    cells: dict[str, list[Position]] = {label: [] for label in totals}
    for index, symbol in enumerate(symbols):
        if symbol not in cells:
            raise ParseError(f"{cell_label(*GRID_CELLS[index])}: cage {quote(symbol)} has no total "
                             f"(write {quote(symbol)}=? for a cage without one)", line=grid[index // SIZE][0])
        cells[symbol].append(GRID_CELLS[index])
    for label, where in cells.items():
        if not where:
            raise ParseError(f"cage {quote(label)}: has a total but no cells", line=total_line)
    cage_list = [Cage(label, totals[label], tuple(cells[label])) for label in totals]
    return i, (start, total_line, cage_list, tuple(givens))


def _is_totals(line: str) -> bool:
    """True for a line of cage totals (it has ``=`` and is not the grid line of a next puzzle)."""
    return "=" in line and not _GRID_LINE.match(line)


def _total(value: str, label: str, line: int) -> int:
    if not value.isdigit() or not value.isascii() or len(value) > 3:
        raise ParseError(f"cage {quote(label)}: total {short(value)} is not a number or '?'", line=line)
    return int(value)


def symbols_for(puzzle: Puzzle) -> list[str]:
    """The symbol of each cage in the text notation: its label when every label
    is one writable character, else ``a``, ``b``, ... in cage order.

    >>> symbols_for(parse(sample_text())[0])[:3]
    ['a', 'b', 'c']
    """
    labels = [c.label for c in cages(puzzle)]
    if len(labels) > len(SYMBOLS):
        raise InvalidPuzzleError(f"the killer notation cannot write {len(labels)} cages")
    if all(len(label) == 1 and label != "=" and not label.isspace() for label in labels):
        return labels
    return list(SYMBOLS[:len(labels)])


def write(puzzles: Sequence[Puzzle]) -> str:
    """The killer notation of Killers, separated by blank lines.

    Every cell of the notation has a cage symbol, so a Killer with a loose
    cell is refused (:class:`InvalidPuzzleError` naming the cell), never
    written with a cage the setter did not draw.
    """
    texts = []
    for puzzle in puzzles:
        require_kind(puzzle, (KIND,), "killer")
        loose = loose_cells(puzzle)
        if loose:
            raise InvalidPuzzleError(
                f"{puzzle.cell_name(loose[0])} is in no cage ({len(loose)} such cell{'s' * (len(loose) != 1)}): "
                f"the killer notation gives every cell a cage; write JSON Lines, f-puzzles or SudokuPad instead")
        cage_list = cages(puzzle)
        symbols = symbols_for(puzzle)
        grid = [["?"] * SIZE for _ in range(SIZE)]
        for symbol, cage in zip(symbols, cage_list):
            for r, c in cage.cells:
                grid[r][c] = symbol
        lines = []
        for r in range(SIZE):
            givens = "".join(str(g) if g else "." for g in puzzle.givens[SIZE * r:SIZE * r + SIZE])
            lines.append(f"{givens} {''.join(grid[r])}")
        lines.append(" ".join(f"{s}={'?' if c.total is None else c.total}" for s, c in zip(symbols, cage_list)))
        texts.append("\n".join(lines) + "\n")
    return "\n".join(texts)


def detect(text: str) -> bool:
    """True when the first non-blank line looks like ``5.......3 aabbccdde``."""
    text = drop_bom(text)
    lines = content_lines(text[:4000])
    return bool(lines) and bool(_GRID_LINE.match(lines[0][1]))


def sample_text() -> str:
    """The text of the bundled sample ``killer-1`` (used by the examples)."""
    from .samples import sample_text as read

    return read("killer-1")
