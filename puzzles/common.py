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
from typing import Any, Iterable, Iterator, Sequence

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Region, cell_label

SIZE = 9
"""Side of the Sudoku-type grids (Sudoku, Killer, Greater Killer, Kropki)."""

GRID_CELLS: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
"""Cell positions of a 9x9 grid in reading order: cell index ``9 * row + col``."""

Position = tuple[int, int]
Info = tuple[tuple[str, Any], ...]


def sudoku_houses() -> tuple[Region, ...]:
    """The 27 houses of a 9x9 grid: ``row 1``..``row 9``, ``column 1``.., ``box 1``.. (in that order)."""
    rows = [Region(f"row {r + 1}", tuple(9 * r + c for c in range(9)), kind="row") for r in range(9)]
    cols = [Region(f"column {c + 1}", tuple(9 * r + c for r in range(9)), kind="column") for c in range(9)]
    boxes = [Region(f"box {b + 1}",
                    tuple(9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)), kind="box")
             for b in range(9)]
    return tuple(rows + cols + boxes)


HOUSES: tuple[Region, ...] = sudoku_houses()


def parse_givens(text: str) -> tuple[int, ...]:
    """81 characters, row by row: a digit 1-9 is a given, ``.`` or ``0`` an empty cell.

    >>> parse_givens("12")
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: givens have 2 characters, not 81
    """
    if not isinstance(text, str):
        raise ParseError(f"givens must be a string of 81 characters, not {type(text).__name__}")
    if len(text) != SIZE * SIZE:
        raise ParseError(f"givens have {len(text)} characters, not {SIZE * SIZE}")
    out = []
    for i, ch in enumerate(text):
        if ch in ".0":
            out.append(0)
        elif "1" <= ch <= "9":
            out.append(int(ch))
        else:
            raise ParseError(f"{cell_label(i // 9, i % 9)}: {ch!r} is not a digit or '.'")
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


def quote(value: Any, limit: int = 40) -> str:
    """A name as it is when it is plain (printable, no white space, short), else :func:`short`.

    >>> quote("aa"), quote("a b"), quote(3)
    ('aa', "'a b'", '3')
    """
    if isinstance(value, str) and value and value.isprintable() and len(value) <= limit \
            and not any(ch.isspace() for ch in value):
        return value
    return short(value, limit)


def short(value: Any, limit: int = 40) -> str:
    """``repr`` of a value cut to ``limit`` characters: safe to quote in a one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


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


BOM = "\ufeff"
"""The byte order mark some editors put first in a UTF-8 file: dropped by every reader."""

ASCII_SPACE = " \t\n\r\f\v"
"""White space that may pad a line or separate lines: ASCII only (``str.split()`` also takes
U+0085, U+2028 and U+2029, which JSON strings may hold)."""


def drop_bom(text: str) -> str:
    """A text without its leading byte order mark (one is dropped, if any).

    >>> drop_bom("\\ufeff{}"), drop_bom("{}")
    ('{}', '{}')
    """
    return text[1:] if text.startswith(BOM) else text


def text_lines(text: str) -> list[str]:
    """The lines of a text: they end at ``\n`` (a ``\r`` before it is dropped) and nowhere else.

    Unlike ``str.splitlines()``, U+0085, U+2028, U+2029, a lone ``\r`` and
    the other separators Python knows stay inside their line (JSON strings may
    hold them), so line numbers are those of any editor.

    >>> text_lines("a\\r\\nb\\u2028c\\n\\nd"), text_lines("a\\n"), text_lines("")
    (['a', 'b\\u2028c', '', 'd'], ['a'], [])
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def is_blank(line: str) -> bool:
    """Whether a line holds only ASCII white space."""
    return not line.strip(ASCII_SPACE)


_INT = re.compile(r"[0-9]{1,4}\Z")


def parse_int(text: str, what: str) -> int:
    """A small non-negative decimal integer (at most 4 digits), else :class:`ParseError` naming ``what``."""
    if not _INT.match(text):
        raise ParseError(f"{what}: {short(text)} is not a number")
    return int(text)


def require_kind(puzzle: Any, kinds: Sequence[str], notation: str) -> None:
    """Raise :class:`InvalidPuzzleError` unless ``puzzle`` is a Puzzle of one of ``kinds``.

    >>> from puzzles import sample
    >>> require_kind(sample("sudoku-1"), ("kropki",), "KEN")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidPuzzleError: the KEN notation cannot hold a sudoku puzzle
    """
    kind = getattr(puzzle, "kind", None)
    if kind not in kinds:
        what = f"a {kind} puzzle" if isinstance(kind, str) else short(puzzle)
        raise InvalidPuzzleError(f"the {notation} notation cannot hold {what}")


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
