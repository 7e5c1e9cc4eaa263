"""Small helpers every notation and kind shares: the Sudoku houses, givens
strings, carried facts (``Puzzle.info``), error locations and text blocks.

>>> [r.name for r in sudoku_houses()][::9]
['row 1', 'column 1', 'box 1']
>>> parse_givens("5" + "." * 79 + "0")[:2]
(5, 0)
>>> format_givens((5,) + (0,) * 80)[:3]
'5..'
>>> thaw(freeze({"a": [1, [2]]}))
{'a': [1, [2]]}
>>> freeze({"a": 1}) == freeze([["a", 1]])
False
>>> id_from_source("puzzles/kakuro-6x6.kakuro")
'kakuro-6x6'
"""

from __future__ import annotations

import re
from pathlib import PurePath
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle, Region, cell_label

from .text import ASCII_SPACE, is_blank, short, text_lines



SIZE = 9
"""Side of the standard Sudoku-type grids (Sudoku, Killer, Greater Killer, Kropki)."""

SIZES: tuple[int, ...] = tuple(range(4, 10))
"""The grid sides the Sudoku-type kinds accept: ``N x N`` with digits ``1..N``."""

Position = tuple[int, int]
Info = tuple[tuple[str, Any], ...]
Box = tuple[int, int]
"""The shape of a box: ``(rows, columns)``."""

USUAL_BOXES: dict[int, Box] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
"""The box shape a grid side has when nothing else is said (5 and 7 have no boxes)."""


@lru_cache(maxsize=None)
def grid_cells(size: int = SIZE) -> tuple[Position, ...]:
    """Cell positions of a ``size x size`` grid in reading order: cell index ``size * row + col``."""
    return tuple((r, c) for r in range(size) for c in range(size))


GRID_CELLS: tuple[Position, ...] = grid_cells(SIZE)
"""Cell positions of a 9x9 grid in reading order: cell index ``9 * row + col``."""


def check_size(size: Any) -> int:
    """``size`` when it is a grid side sumlogic handles (4..9), else :class:`InvalidPuzzleError`.

    >>> check_size(10)
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: grid size 10 is not one of 4..9
    """
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        raise InvalidPuzzleError(f"grid size {short(size)} is not one of {SIZES[0]}..{SIZES[-1]}")
    return size


def grid_houses(size: int = SIZE, box: Box | None = None,
                regions: Sequence[Sequence[Position]] | None = None) -> tuple[Region, ...]:
    """The houses of an ``size x size`` grid: ``row 1``.., ``column 1``.., then
    its boxes or irregular regions (in that order).

    ``box`` is ``(rows, columns)`` of a box (``None``: the usual shape of
    :data:`USUAL_BOXES`, no boxes for 5 and 7); boxes are ``box 1``.. in
    reading order (kind ``box``).  ``regions`` lists ``size`` irregular
    regions (jigsaw) of ``size`` cells each, every cell in exactly one, as
    0-based positions; they become ``region 1``.. in the order given (kind
    ``region``), and an empty list means no third kind of house at all.

    >>> [r.name for r in grid_houses(6, (3, 2))][12:14], grid_houses(6, (3, 2))[12].cells
    (['box 1', 'box 2'], (0, 1, 6, 7, 12, 13))
    >>> len(grid_houses(5)), grid_houses(4, regions=()) == grid_houses(4)[:8]
    (10, True)
    >>> grid_houses(6, (2, 2))
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: box 2x2: a 6x6 grid needs boxes of 6 cells (rows x columns = 6, each at least 2)
    """
    return _houses(check_size(size), box, None if regions is None else tuple(tuple(map(tuple, r)) for r in regions))


@lru_cache(maxsize=64)
def _houses(size: int, box: Box | None, regions: tuple[tuple[Position, ...], ...] | None) -> tuple[Region, ...]:
    rows = [Region(f"row {r + 1}", tuple(size * r + c for c in range(size)), kind="row") for r in range(size)]
    cols = [Region(f"column {c + 1}", tuple(size * r + c for r in range(size)), kind="column") for c in range(size)]
    if regions is not None:
        if box is not None:
            raise InvalidPuzzleError("give either a box shape or irregular regions, not both")
        return tuple(rows + cols + _irregular(size, regions))
    shape = box if box is not None else USUAL_BOXES.get(size)
    if shape is None:
        return tuple(rows + cols)
    bh, bw = check_box(size, shape)
    stacks = size // bw
    boxes = [Region(f"box {b + 1}",
                    tuple(size * (bh * (b // stacks) + i // bw) + bw * (b % stacks) + i % bw for i in range(size)),
                    kind="box")
             for b in range(size)]
    return tuple(rows + cols + boxes)


def square_grid(size: int = SIZE, box: Box | None = None, regions: Sequence[Sequence[Position]] | None = None
                ) -> tuple[tuple[Position, ...], tuple[Region, ...]]:
    """The cells and houses of a Sudoku-type grid (see :func:`grid_houses`), the size checked first."""
    houses = grid_houses(size, box, regions)
    return grid_cells(size), houses


def check_box(size: int, box: Any) -> Box:
    """A box shape ``(rows, columns)`` that tiles a ``size x size`` grid, else :class:`InvalidPuzzleError`."""
    ok = (isinstance(box, tuple) and len(box) == 2
          and all(isinstance(x, int) and not isinstance(x, bool) and x >= 2 for x in box)
          and box[0] * box[1] == size)
    if not ok:
        shape = f"{box[0]}x{box[1]}" if isinstance(box, tuple) and len(box) == 2 else short(box)
        raise InvalidPuzzleError(f"box {shape}: a {size}x{size} grid needs boxes of {size} cells "
                                 f"(rows x columns = {size}, each at least 2)")
    return box


def _irregular(size: int, regions: tuple[tuple[Position, ...], ...]) -> list[Region]:
    """The irregular regions as ``region 1``..: checked to split the grid into ``size`` parts of ``size`` cells."""
    if len(regions) == 0:
        return []
    if len(regions) != size:
        raise InvalidPuzzleError(f"{len(regions)} irregular regions for a {size}x{size} grid, not {size}")
    owner: dict[Position, int] = {}
    out = []
    for k, cells in enumerate(regions, 1):
        if len(cells) != size:
            raise InvalidPuzzleError(f"region {k}: has {len(cells)} cells, not {size}")
        for pos in cells:
            if not (isinstance(pos, tuple) and len(pos) == 2 and all(isinstance(x, int) for x in pos)):
                raise InvalidPuzzleError(f"region {k}: {short(pos)} is not a cell position")
            r, c = pos
            if not (0 <= r < size and 0 <= c < size):
                raise InvalidPuzzleError(f"region {k}: {cell_label(r, c)} is outside the {size}x{size} grid")
            if pos in owner:
                where = "twice" if owner[pos] == k else f"and in region {owner[pos]}"
                raise InvalidPuzzleError(f"region {k}: lists {cell_label(r, c)} {where}")
            owner[pos] = k
        out.append(Region(f"region {k}", tuple(sorted(size * r + c for r, c in cells)), kind="region"))
    return out


def sudoku_houses() -> tuple[Region, ...]:
    """The 27 houses of a 9x9 grid: ``row 1``..``row 9``, ``column 1``.., ``box 1``.. (in that order)."""
    return grid_houses(SIZE)


HOUSES: tuple[Region, ...] = sudoku_houses()


def grid_shape(puzzle: Any) -> tuple[int, Box | None, tuple[tuple[Position, ...], ...] | None]:
    """``(size, box, regions)`` of a Sudoku-type puzzle, the inverse of :func:`grid_houses`:
    ``box`` when it has boxes, ``regions`` (0-based positions) when it has
    irregular regions, ``()`` when it has neither though its size usually has boxes.

    >>> from puzzles import sample
    >>> grid_shape(sample("sudoku-1"))
    (9, (3, 3), None)
    """
    size = puzzle.height
    third = [r for r in puzzle.regions if r.kind in ("box", "region") and len(r.cells) == size]
    if third and third[0].kind == "box":
        rows = {puzzle.cells[c][0] for c in third[0].cells}
        return size, (len(rows), size // len(rows)), None
    if third:
        return size, None, tuple(tuple(puzzle.cells[c] for c in r.cells) for r in third)
    return size, None, (() if size in USUAL_BOXES else None)


def is_standard(puzzle: Any) -> bool:
    """Whether a Sudoku-type puzzle is the classic 9x9 grid with 3x3 boxes (what the text notations hold)."""
    return (puzzle.height == puzzle.width == SIZE and puzzle.max_digit == SIZE
            and tuple(puzzle.regions[:len(HOUSES)]) == HOUSES
            and not any(r.kind in ("row", "column", "box", "region") for r in puzzle.regions[len(HOUSES):]))


def shape_text(puzzle: Any) -> str:
    """``'6x6 grid with 2x3 boxes'``, ``'9x9 grid with irregular regions'``, ``'5x5 grid without boxes'``."""
    size, box, regions = grid_shape(puzzle)
    what = f"{box[0]}x{box[1]} boxes" if box else "irregular regions" if regions else "no boxes"
    return f"{size}x{size} grid with {what}"


def parse_givens(text: str, size: int = SIZE) -> tuple[int, ...]:
    """``size``² characters, row by row: a digit 1..size is a given, ``.`` or ``0`` an empty cell.

    >>> parse_givens("12")
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: givens have 2 characters, not 81
    >>> parse_givens("5" + "." * 15, 4)
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: r1c1: '5' is not a digit 1..4 or '.'
    """
    cells = size * size
    if not isinstance(text, str):
        raise ParseError(f"givens must be a string of {cells} characters, not {type(text).__name__}")
    if len(text) != cells:
        raise ParseError(f"givens have {len(text)} characters, not {cells}")
    out = []
    for i, ch in enumerate(text):
        if ch in ".0":
            out.append(0)
        elif "1" <= ch <= str(size):
            out.append(int(ch))
        elif size == SIZE:
            raise ParseError(f"{cell_label(i // size, i % size)}: {ch!r} is not a digit or '.'")
        else:
            raise ParseError(f"{cell_label(i // size, i % size)}: {ch!r} is not a digit 1..{size} or '.'")
    return tuple(out)


def format_givens(givens: Sequence[int]) -> str:
    """The 81-character givens string (``.`` for an empty cell)."""
    return "".join(str(g) if g else "." for g in givens)


_CELL = re.compile(r"r([1-9][0-9]{0,2})c([1-9][0-9]{0,2})\Z", re.ASCII)
"""A cell name as the corpus writes it: ``r``, the row, ``c``, the column, ASCII digits, 1-based."""


def grid_position(name: Any, where: str, height: int = SIZE, width: int = SIZE) -> Position:
    """``'r3c4'`` -> ``(2, 3)``, checked against the grid; errors start with ``where``.

    >>> grid_position("r3c4", "cage a")
    (2, 3)
    >>> grid_position("r10c1", "cage a")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: cage a: r10c1 is outside the 9x9 grid
    """
    if not isinstance(name, str):
        raise ParseError(f"{where}: cell {short(name)} is not a name like r3c4")
    found = _CELL.match(name)
    if not found:
        raise ParseError(f"{where}: bad cell name {short(name)} (expected rRcC, e.g. r3c4)")
    r, c = int(found.group(1)) - 1, int(found.group(2)) - 1
    if r >= height or c >= width:
        raise InvalidPuzzleError(f"{where}: {cell_label(r, c)} is outside the {height}x{width} grid")
    return r, c


def rules_of(puzzle: Puzzle, *, givens: bool = True, comparisons: bool = True) -> tuple[Any, ...]:
    """What a puzzle asks, by grid position (region names, labels, order and
    carried facts aside): two puzzles with equal rules have the same solutions.
    ``givens`` / ``comparisons`` False leave those out (a notation that holds
    neither, such as an f-puzzles position, is compared on the rest).

    >>> import dataclasses
    >>> from puzzles import sample
    >>> p = sample("killer-1")
    >>> rules_of(p) == rules_of(dataclasses.replace(p, id="other")), rules_of(p) == rules_of(sample("greater-killer-1"))
    (True, False)
    """
    pos = puzzle.cells

    def cells(indexes: Sequence[int]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(pos[c] for c in indexes))

    return (puzzle.height, puzzle.width, puzzle.max_digit,
            sorted((cells(r.cells), -1 if r.total is None else r.total, r.distinct) for r in puzzle.regions),
            sorted((pos[c], g) for c, g in enumerate(puzzle.givens) if g) if givens else None,
            sorted((cells((x.a, x.b)), x.kind) for x in puzzle.pairs),
            sorted((cells(puzzle.regions[x.left].cells), x.op, cells(puzzle.regions[x.right].cells))
                   for x in puzzle.comparisons) if comparisons else None)


# --- carried facts -------------------------------------------------------------


class FrozenMap(tuple):
    """A JSON object frozen into a hashable tuple of ``(key, value)`` pairs.

    It is a tuple subclass, so a :class:`~solver.model.Puzzle` holding it stays
    hashable, and :func:`thaw` can tell it apart from a frozen list.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:  # never equal to a frozen list holding the same pairs
        return isinstance(other, FrozenMap) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((FrozenMap, tuple(self)))

    def __repr__(self) -> str:
        return f"FrozenMap({tuple(self)!r})"


def freeze(value: Any) -> Any:
    """A hashable copy of a JSON value: lists become tuples, objects :class:`FrozenMap`."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return FrozenMap((k, freeze(v)) for k, v in value.items())
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`."""
    if isinstance(value, FrozenMap):
        return {k: thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def with_info(info: Iterable[tuple[str, Any]], key: str, value: Any) -> Info:
    """``info`` with ``key`` set to ``value``: in place when present, else appended.

    >>> with_info((("a", 1), ("b", 2)), "a", 3)
    (('a', 3), ('b', 2))
    """
    pairs = list(info)
    for i, (k, _) in enumerate(pairs):
        if k == key:
            pairs[i] = (key, value)
            return tuple(pairs)
    return tuple(pairs) + ((key, value),)


# --- the puzzle's identity -------------------------------------------------------

IDENTITY_KEYS: tuple[str, ...] = ("title", "author", "rules")
"""The :attr:`~solver.model.Puzzle.info` keys of a puzzle's identity: its title,
its author and its rules text as the setter wrote them (f-puzzles ``title`` /
``author`` / ``ruleset``, SudokuPad metadata, the same keys in JSON Lines)."""

MAX_ID_LENGTH = 48
"""The most characters of an id made from a title."""


def identity_info(pairs: Iterable[tuple[str, Any]]) -> Info:
    """The identity facts among ``(key, value)`` pairs, in :data:`IDENTITY_KEYS`
    order: non-blank strings only, white space at the ends dropped.

    >>> identity_info([("author", " Ann "), ("title", ""), ("rules", 3), ("title", "Heart")])
    (('title', 'Heart'), ('author', 'Ann'))
    """
    found: dict[str, str] = {}
    for key, value in pairs:
        if key in IDENTITY_KEYS and key not in found and isinstance(value, str) and value.strip():
            found[key] = value.strip()
    return tuple((key, found[key]) for key in IDENTITY_KEYS if key in found)


def title_id(title: Any) -> str:
    """A short id made from a title: lower-case ASCII letters and digits, other
    runs turned into ``-``, accents dropped, at most :data:`MAX_ID_LENGTH`
    characters (cut at a word); ``''`` when nothing is left.

    >>> title_id("4/17/22: Yer A Hairy Wizard"), title_id("Plus C'est la Même Chose"), title_id("漢字")
    ('4-17-22-yer-a-hairy-wizard', 'plus-c-est-la-meme-chose', '')
    """
    if not isinstance(title, str):
        return ""
    import unicodedata

    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    if len(slug) > MAX_ID_LENGTH:
        cut = slug[:MAX_ID_LENGTH + 1]
        slug = (cut.rsplit("-", 1)[0] if "-" in cut else cut[:MAX_ID_LENGTH]).strip("-")
    return slug


def content_id(puzzle: Puzzle) -> str:
    """A short id made from what a puzzle asks (:func:`rules_of`): its kind and
    the first 10 hex digits of a SHA-256 of its rules, the same on every run
    and machine, different for different puzzles.

    >>> from puzzles import sample
    >>> content_id(sample("sudoku-1"))[:7], len(content_id(sample("sudoku-1")))
    ('sudoku-', 17)
    >>> content_id(sample("sudoku-1")) == content_id(sample("sudoku-1")) != content_id(sample("kropki-2"))
    True
    """
    import hashlib

    digest = hashlib.sha256(repr(rules_of(puzzle)).encode("utf-8")).hexdigest()
    return f"{puzzle.kind}-{digest[:10]}"


def name_of(puzzle: Puzzle) -> str:
    """The name a puzzle goes by: its id, else an id made from its title, else from its content.

    >>> from puzzles import sample
    >>> import dataclasses
    >>> p = dataclasses.replace(sample("killer-1"), id="")
    >>> name_of(p) == content_id(p), name_of(dataclasses.replace(p, info=(("title", "Heart in a Cage"),)))
    (True, 'heart-in-a-cage')
    """
    return puzzle.id or title_id(puzzle.get_info("title")) or content_id(puzzle)


# --- where an error happened ---------------------------------------------------


def located(error: SumlogicError, *, line: int | None = None, source: str | None = None) -> ParseError:
    """An error as a :class:`ParseError` carrying the line and file where the puzzle came from.

    >>> str(located(InvalidPuzzleError("cage a: has no cells"), line=3, source="x.jsonl"))
    'x.jsonl:line 3: cage a: has no cells'
    """
    if isinstance(error, ParseError):
        return error.located(line=line, source=source)
    return ParseError(" ".join(str(error).split()), line=line, source=source)


def id_from_source(source: str | None) -> str:
    """A puzzle id from a file name: its stem (``''`` for standard input or no file)."""
    if not source or source.startswith("<") or source == "-":
        return ""
    return PurePath(source).stem


def blocks(text: str) -> Iterator[tuple[int, list[str]]]:
    """Groups of consecutive non-blank lines, each with the 1-based number of its first line.

    >>> list(blocks("a\\nb\\n\\n\\nc\\n"))
    [(1, ['a', 'b']), (5, ['c'])]
    """
    start = 0
    group: list[str] = []
    for number, line in enumerate(text_lines(text), 1):
        if not is_blank(line):
            if not group:
                start = number
            group.append(line)
        elif group:
            yield start, group
            group = []
    if group:
        yield start, group


def content_lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of a text, stripped, with their 1-based numbers."""
    return [(n, line.strip(ASCII_SPACE)) for n, line in enumerate(text_lines(text), 1) if not is_blank(line)]


_INT = re.compile(r"[0-9]{1,4}\Z")


def parse_int(text: str, what: str) -> int:
    """A small non-negative decimal integer (at most 4 digits), else :class:`ParseError` naming ``what``."""
    if not _INT.match(text):
        raise ParseError(f"{what}: {short(text)} is not a number")
    return int(text)


def require_kind(puzzle: Any, kinds: Sequence[str], notation: str) -> None:
    """Raise :class:`InvalidPuzzleError` unless ``puzzle`` is a Puzzle of one of
    ``kinds`` and, for the Sudoku-type kinds, the classic 9x9 grid (the text
    notations hold nothing else).

    >>> from puzzles import sample
    >>> require_kind(sample("sudoku-1"), ("kropki",), "KEN")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: the KEN notation cannot hold a sudoku puzzle
    >>> from puzzles import sudoku
    >>> require_kind(sudoku.build(size=6), ("sudoku",), "sudoku")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: the sudoku notation holds only 9x9 grids with 3x3 boxes, not a 6x6 grid with ...
    """
    kind = getattr(puzzle, "kind", None)
    if kind not in kinds:
        what = f"a {kind} puzzle" if isinstance(kind, str) else short(puzzle)
        raise InvalidPuzzleError(f"the {notation} notation cannot hold {what}")
    if kind != "kakuro" and not is_standard(puzzle):
        raise InvalidPuzzleError(f"the {notation} notation holds only 9x9 grids with 3x3 boxes, "
                                 f"not a {shape_text(puzzle)} (JSON Lines holds every size)")


def line_id(source: str | None, line: int, count: int) -> str:
    """The id of a puzzle read from one line of a file holding ``count`` puzzles:
    the file's stem, followed by ``/line`` when the file holds several.

    >>> line_id("top.sudoku", 7, 3), line_id("one.sudoku", 1, 1), line_id(None, 7, 3)
    ('top/7', 'one', '')
    """
    stem = id_from_source(source)
    if not stem or count == 1:
        return stem
    return f"{stem}/{line}"


