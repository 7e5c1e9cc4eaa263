"""What the interchange readers (f-puzzles, SudokuPad, SudokuWiki, puzz.link)
share: a :class:`GridSpec` holding a Sudoku-type puzzle exactly as a link
describes it (any size, its boxes or irregular regions), the errors for
unsupported constraints and for links that need the network, and the one
place where a spec becomes a :class:`~solver.model.Puzzle`.

The readers read the size and the regions in full; :func:`build` hands them to
one small function per kind (:func:`build_sudoku`, :func:`build_killer`,
:func:`build_kropki`), which pass the side, the box shape or the irregular
regions (:func:`layout`) to the kind builders.

>>> spec = GridSpec("sudoku", 6, (0,) * 36, standard_boxes(6))
>>> spec.record()["box"]
'2x3'
>>> build(spec).max_digit
6
>>> str(UnsupportedError({"thermometer": 3, "arrow": 1}))
'unsupported: thermometer x3, arrow x1'
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from solver.errors import ParseError, SumlogicError
from solver.model import Puzzle, cell_label

from . import killer, kropki, sudoku
from .common import IDENTITY_KEYS, SIZE, Info, Position, line_id, located, title_id
from .killer import Cage
from .kropki import Dot

MAX_SIZE = 99
"""Grid sides beyond this (or below 1) are damaged data, not a puzzle."""

BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
"""The default box (rows x columns) of each grid side that has one (f-puzzles and SudokuPad draw these)."""


class UnsupportedError(ParseError):
    """A link or payload uses constraints sumlogic does not model.

    ``constraints`` maps each name to how many times it occurs; ``str()`` is one
    line, ``unsupported: thermometer x3, arrow x1``.
    """

    def __init__(self, constraints: Mapping[str, int], *, line: int | None = None,
                 source: str | None = None) -> None:
        self.constraints = dict(constraints)
        text = ", ".join(f"{name} x{count}" for name, count in self.constraints.items())
        super().__init__(f"unsupported: {text}", line=line, source=source)

    def located(self, *, line: int | None = None, source: str | None = None) -> "ParseError":
        """A copy with the place filled in (still an :class:`UnsupportedError`)."""
        return UnsupportedError(self.constraints, line=self.line if self.line is not None else line,
                                source=self.source if self.source is not None else source)


class NeedsNetworkError(ParseError):
    """A link that names a puzzle stored on a server (a SudokuPad short id, an
    f-puzzles ``?id=``): sumlogic reads offline, so it cannot be read."""

    def __init__(self, message: str, *, id: str = "", line: int | None = None,
                 source: str | None = None) -> None:
        self.id = id
        super().__init__(message, line=line, source=source)

    def located(self, *, line: int | None = None, source: str | None = None) -> "ParseError":
        """A copy with the place filled in (still a :class:`NeedsNetworkError`)."""
        return NeedsNetworkError(self.message, id=self.id, line=self.line if self.line is not None else line,
                                 source=self.source if self.source is not None else source)


def standard_boxes(size: int) -> tuple[tuple[Position, ...], ...]:
    """The default boxes of a grid side, each in reading order; ``()`` when the side has none.

    >>> standard_boxes(4)[1]
    ((0, 2), (0, 3), (1, 2), (1, 3))
    >>> standard_boxes(7)
    ()
    """
    if size not in BOX_SHAPES:
        return ()
    bh, bw = BOX_SHAPES[size]
    boxes: dict[int, list[Position]] = {}
    for r in range(size):
        for c in range(size):
            boxes.setdefault((r // bh) * (size // bw) + c // bw, []).append((r, c))
    return tuple(tuple(boxes[b]) for b in sorted(boxes))


def same_regions(a: Iterable[Iterable[Position]], b: Iterable[Iterable[Position]]) -> bool:
    """Whether two lists of regions hold the same sets of cells (in any order)."""
    return sorted(sorted(r) for r in a) == sorted(sorted(r) for r in b)


def cage_label(index: int) -> str:
    """The corpus label of the ``index``-th cage: ``a``..``z``, ``A``..``Z``, then ``aa``, ``ab``, ...

    >>> [cage_label(i) for i in (0, 25, 26, 51, 52, 53, 78)]
    ['a', 'z', 'A', 'Z', 'aa', 'ab', 'ba']
    """
    if index < 52:
        return string.ascii_letters[index] if index < 26 else string.ascii_uppercase[index - 26]
    index -= 52
    return string.ascii_lowercase[index // 26 % 26] + string.ascii_lowercase[index % 26]


@dataclass(frozen=True)
class GridSpec:
    """A Sudoku-type puzzle as a link describes it, before it becomes a :class:`Puzzle`.

    ``boxes`` are the regions of the grid (the default boxes unless the source
    says otherwise), each a tuple of positions; ``cages`` are the setter's
    cages only (a cell in none stays in none: no cage is made up for it).
    """

    kind: str
    size: int
    givens: tuple[int, ...]
    boxes: tuple[tuple[Position, ...], ...]
    cages: tuple[Cage, ...] = ()
    white: tuple[Dot, ...] = ()
    black: tuple[Dot, ...] = ()
    negative: bool = False
    id: str = ""
    info: Info = field(default=())

    def record(self) -> dict[str, Any]:
        """The spec in the corpus schema (with ``box`` ``"RxC"`` for sides other than 9), for any size.

        Irregular regions have no place in the schema: they are left out.
        """
        out: dict[str, Any] = {"kind": self.kind, "size": self.size}
        if self.size != SIZE and self.size in BOX_SHAPES:
            out["box"] = "{}x{}".format(*BOX_SHAPES[self.size])
        if any(self.givens):
            out["givens"] = "".join(str(g) if g else "." for g in self.givens)
        if self.kind == "killer":
            out["cages"] = [{"label": c.label, "sum": c.total, "cells": c.names()} for c in self.cages]
        if self.kind == "kropki":
            out["white"] = [[cell_label(*a), cell_label(*b)] for a, b in self.white]
            out["black"] = [[cell_label(*a), cell_label(*b)] for a, b in self.black]
            out["negative"] = self.negative
        return out


def label_cages(cages: Sequence[tuple[int | None, Sequence[Position]]], size: int) -> tuple[Cage, ...]:
    """Labelled cages from ``(total, cells)`` pairs in source order: the
    setter's cages and no others (a cell in no cage stays in none).

    Cells outside the grid, a cell listed twice and overlapping cages are a
    :class:`ParseError` naming the cell.

    >>> [(c.label, c.total, c.cells) for c in label_cages([(3, [(0, 1), (0, 0)])], 2)]
    [('a', 3, ((0, 0), (0, 1)))]
    >>> label_cages([(3, [(0, 0)]), (4, [(0, 0)])], 2)
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: r1c1 is in two cages (a and b)
    """
    owner: dict[Position, str] = {}
    out: list[Cage] = []
    for total, cells in cages:
        label = cage_label(len(out))
        if not cells:
            raise ParseError(f"cage {label} has no cells")
        for pos in cells:
            if not (0 <= pos[0] < size and 0 <= pos[1] < size):
                raise ParseError(f"cage {label}: {cell_label(*pos)} is outside the {size}x{size} grid")
            if pos in owner:
                raise ParseError(f"{cell_label(*pos)} is in two cages ({owner[pos]} and {label})"
                                 if owner[pos] != label else f"cage {label} lists {cell_label(*pos)} twice")
            owner[pos] = label
        out.append(Cage(label, total, tuple(sorted(cells))))
    return tuple(out)


def metadata_cages(cages: Any) -> list[tuple[str, str]]:
    """``(key, text)`` of the cell-less cages ``title: ...``, ``author: ...`` and
    ``rules: ...`` (several ``rules:`` cages are the lines of one text).

    >>> metadata_cages([{"value": "rules: One."}, {"value": "Rules: Two."}, {"cells": [[0, 0]], "value": "x: y"}])
    [('rules', 'One.\\nTwo.')]
    """
    found: dict[str, list[str]] = {}
    for cage in cages if isinstance(cages, list) else []:
        if isinstance(cage, dict) and not cage.get("cells") and isinstance(cage.get("value"), str):
            key, colon, value = cage["value"].partition(":")
            key = key.strip().lower()
            if colon and key in IDENTITY_KEYS and value.strip():
                found.setdefault(key, []).append(value.strip())
    return [(key, "\n".join(lines)) for key, lines in found.items()]


def check_supported(found: Mapping[str, int]) -> None:
    """Raise :class:`UnsupportedError` when a reader found unsupported constraints (irregular
    regions are not among them: a jigsaw reads, so the error names only what stops the puzzle)."""
    if found:
        raise UnsupportedError(dict(found))


def kind_of(found: Counter[str], cages: bool, dots: bool) -> str:
    """The kind a payload with (or without) cages and Kropki dots describes;
    cages and dots together are counted in ``found`` as unsupported."""
    if cages and dots:
        found["killer cages with kropki dots"] += 1
        return "sudoku"
    return "killer" if cages else "kropki" if dots else "sudoku"


def read_lines(lines: Sequence[tuple[int, str]], source: str | None,
               read_line: Callable[[str, str], Puzzle]) -> list[Puzzle]:
    """One puzzle per ``(line number, text)``, read by ``read_line(text, id)``; an
    error names the line (when there are several) and the source."""
    out = []
    for number, line in lines:
        try:
            out.append(read_line(line, line_id(source, number, len(lines))))
        except SumlogicError as error:
            raise located(error, line=number if len(lines) > 1 else None, source=source) from None
    return out


def check_size(size: Any, what: str = "size") -> int:
    """A grid side read from a payload: a whole number 1..99, else :class:`ParseError`.

    >>> check_size(0)
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: size 0 is out of range (1..99)
    """
    if not isinstance(size, int) or isinstance(size, bool):
        raise ParseError(f"{what} {size!r:.40} is not a whole number")
    if not 1 <= size <= MAX_SIZE:
        raise ParseError(f"{what} {size} is out of range (1..{MAX_SIZE})")
    return size


def check_digits(size: int) -> None:
    """Grids whose digits go past 9 are unsupported (one digit per cell)."""
    if size > 9:
        raise UnsupportedError({f"{size}x{size} grid": 1})


# --- the one place where a spec becomes a puzzle ------------------------------------


def _shaped_boxes(size: int, rows: int, cols: int) -> list[list[Position]]:
    """The boxes of ``rows`` x ``cols`` cells that tile a grid of side ``size``."""
    return [[(br * rows + i, bc * cols + j) for i in range(rows) for j in range(cols)]
            for br in range(size // rows) for bc in range(size // cols)]


def layout(size: int, boxes: Sequence[Sequence[Position]]
           ) -> tuple[tuple[int, int] | None, list[list[Position]] | None]:
    """``(box, regions)`` for the kind builders: a box shape when the regions
    are boxes of one shape, else the regions themselves (``[]``: no boxes).

    >>> layout(6, _shaped_boxes(6, 3, 2))
    ((3, 2), None)
    >>> layout(7, ())
    (None, [])
    """
    if not boxes:
        return None, []
    for rows in range(2, size):
        if size % rows == 0 and same_regions(boxes, _shaped_boxes(size, rows, size // rows)):
            return (rows, size // rows), None
    return None, [list(b) for b in boxes]


def build_sudoku(givens: Sequence[int], size: int, boxes: Sequence[Sequence[Position]], *, id: str = "",
                 info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Sudoku of side ``size`` with regions ``boxes``."""
    box, regions = layout(size, boxes)
    return sudoku.build(givens, size, box, regions, id=id, info=info)


def build_killer(cages: Iterable[Cage], givens: Sequence[int], size: int, boxes: Sequence[Sequence[Position]], *,
                 id: str = "", info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Killer of side ``size`` with regions ``boxes`` and the setter's ``cages`` (cells in none stay loose)."""
    box, regions = layout(size, boxes)
    return killer.build(cages, givens, size, box, regions, id=id, info=info)


def build_kropki(givens: Sequence[int], white: Iterable[Dot], black: Iterable[Dot], negative: bool, size: int,
                 boxes: Sequence[Sequence[Position]], *, id: str = "",
                 info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Kropki of side ``size`` with regions ``boxes``."""
    box, regions = layout(size, boxes)
    return kropki.build(givens, white, black, size, box, regions, negative=negative, id=id, info=info)


def build(spec: GridSpec) -> Puzzle:
    """The puzzle of a spec (see the module docstring); every error is a one-line :class:`ParseError`.

    A spec with a ``title`` in its info is named after it (:func:`~puzzles.common.title_id`),
    before the name of the file it came from: the title is the puzzle's identity.

    >>> build(GridSpec("sudoku", 4, (0,) * 16, standard_boxes(4), id="links/3", info=(("title", "Tiny One"),))).id
    'tiny-one'
    """
    ident = title_id(dict(spec.info).get("title")) or spec.id
    try:
        if spec.kind == "killer":
            return build_killer(spec.cages, spec.givens, spec.size, spec.boxes, id=ident, info=spec.info)
        if spec.kind == "kropki":
            return build_kropki(spec.givens, spec.white, spec.black, spec.negative, spec.size, spec.boxes,
                                id=ident, info=spec.info)
        return build_sudoku(spec.givens, spec.size, spec.boxes, id=ident, info=spec.info)
    except SumlogicError as error:
        raise located(error) from None


def spec_of(puzzle: Puzzle) -> GridSpec:
    """The spec of a Sudoku, Killer or Kropki (the writers' input); ``boxes`` are
    its boxes or irregular (jigsaw) regions, ``()`` when it has neither.

    >>> from puzzles import sample
    >>> spec_of(sample("killer-1")).cages[1].total
    8
    """
    if puzzle.kind not in ("sudoku", "killer", "kropki"):
        from solver.errors import InvalidPuzzleError

        raise InvalidPuzzleError(f"this notation cannot hold a {puzzle.kind} puzzle")
    white: list[Dot] = []
    black: list[Dot] = []
    if puzzle.kind == "kropki":
        white, black = kropki.dots(puzzle)
    return GridSpec(
        kind=puzzle.kind, size=puzzle.height, givens=tuple(puzzle.givens),
        boxes=tuple(tuple(puzzle.cells[i] for i in r.cells) for r in puzzle.regions if r.kind in ("box", "region")),
        cages=tuple(killer.cages(puzzle)) if puzzle.kind == "killer" else (),
        white=tuple(white), black=tuple(black),
        negative=kropki.negative(puzzle) if puzzle.kind == "kropki" else False, id=puzzle.id,
        info=tuple(puzzle.info))
