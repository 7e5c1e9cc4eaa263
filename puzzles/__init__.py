"""The five puzzle kinds and every notation sumlogic reads and writes.

Each kind module (:mod:`~puzzles.sudoku`, :mod:`~puzzles.killer`,
:mod:`~puzzles.greater_killer`, :mod:`~puzzles.kropki`,
:mod:`~puzzles.kakuro`) turns its rules into the generic
:class:`solver.model.Puzzle`; each notation is a :class:`Notation` in
:data:`FORMATS`:

=========  ===============================  ==========================
name       kinds                            extensions
=========  ===============================  ==========================
jsonl      all (the corpus schema)          ``.jsonl``, ``.json``
kakuro     kakuro (text grid)               ``.kakuro``
killer     killer (9 lines + totals)        ``.killer``
ken        kropki (one line, like FEN)      ``.ken``
kropki3    kropki (three sections)          ``.kropki``
sudoku     sudoku (81 characters a line)    ``.sudoku``, ``.txt``
=========  ===============================  ==========================

and the interchange notations, links and strings as other sites share them
(see :mod:`~puzzles.fpuzzles`, :mod:`~puzzles.sudokupad`,
:mod:`~puzzles.sudokuwiki`, :mod:`~puzzles.puzzlink`,
:mod:`~puzzles.sudoku_forms`): ``sudoku-grid``, ``sudoku-csv``,
``fpuzzles``, ``fpuzzles-json``, ``sudokupad``, ``sudokuwiki``, ``puzzlink``.

Sudoku, Killer, Greater Killer and Kropki take any grid side from 4 to 9,
with boxes of any shape that tiles the grid, no boxes, or irregular (jigsaw)
regions (``size``, ``box`` and ``regions`` of :func:`puzzles.sudoku.build`
and the other builders); JSON Lines holds them all, the text notations hold
the classic 9x9 grid only and say so for any other.

>>> [p] = read_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> p.kind, detect_format("(wx)H/HA/HA/HA/HA/HA/HA/HA/HA")
('sudoku', 'ken')
>>> to_record(p)["givens"][:9]
'4.....8.5'
>>> print(write_text([sample("kakuro-6x6")], "kakuro").splitlines()[0])
# 11\\ 27\\ # 18\\ 11\\
>>> read_text("hello")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.UnknownFormatError: cannot tell the notation of this text (jsonl, kakuro, killer, ken, ...)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterable

from solver.errors import ParseError, UnknownFormatError
from solver.model import Puzzle

from . import fpuzzles, jsonl, kakuro, ken, killer, kropki3, puzzlink, sudoku, sudoku_forms, sudokupad, sudokuwiki
from .text import decode_text, drop_bom, lone_cr_hint, read_bounded
from .jsonl import from_record, to_record
from .notation import Notation
from .samples import SAMPLES, UnknownSampleError, sample

__all__ = [
    "EXTENSIONS", "FORMATS", "Notation", "SAMPLES", "UnknownSampleError", "detect_format", "from_record",
    "read_path", "read_text", "sample", "to_record", "write_text",
]

FORMATS: dict[str, Notation] = {
    n.name: n for n in (
        Notation("jsonl", ("kakuro", "killer", "greater-killer", "kropki", "sudoku"), (".jsonl", ".json"),
                 jsonl.parse, jsonl.write, jsonl.detect, "JSON Lines, the corpus schema"),
        Notation("kakuro", ("kakuro",), (".kakuro",), kakuro.parse, kakuro.write, kakuro.detect,
                 "Kakuro text grid: #, D\\R clues, . and digits"),
        Notation("killer", ("killer",), (".killer",), killer.parse, killer.write, killer.detect,
                 "Killer text: 9 lines of givens and cage symbols, then a=12 b=17 ..."),
        Notation("ken", ("kropki",), (".ken",), ken.parse, ken.write, ken.detect,
                 "Kropki Easy Notation: one line, rows separated by /"),
        Notation("kropki3", ("kropki",), (".kropki",), kropki3.parse, kropki3.write, kropki3.detect,
                 "Kropki in three sections: givens, horizontal dots, vertical dots"),
        Notation("sudoku", ("sudoku",), (".sudoku", ".txt"), sudoku.parse, sudoku.write, sudoku.detect,
                 "Sudoku: 81 characters a line"),
        Notation("sudoku-grid", ("sudoku",), (), sudoku_forms.parse_grid, sudoku_forms.write_grid,
                 sudoku_forms.detect_grid, "Sudoku: 9 lines of 9 (. 0 - _ empty; spaces, | and grid lines ignored)"),
        Notation("sudoku-csv", ("sudoku",), (".csv",), sudoku_forms.parse_csv, sudoku_forms.write_csv,
                 sudoku_forms.detect_csv, "Sudoku: puzzle,solution lines (the solution is checked)"),
        Notation("fpuzzles", ("killer", "kropki", "sudoku"), (), fpuzzles.parse, fpuzzles.write, fpuzzles.detect,
                 "f-puzzles link (https://www.f-puzzles.com/?load=...) or its lz string"),
        Notation("fpuzzles-json", ("killer", "kropki", "sudoku"), (), fpuzzles.parse_json_text,
                 fpuzzles.write_json, fpuzzles.detect_json, "f-puzzles JSON (one puzzle)"),
        Notation("sudokupad", ("killer", "kropki", "sudoku"), (), sudokupad.parse, sudokupad.write,
                 sudokupad.detect, "SudokuPad link (https://sudokupad.app/...: fpuzzles, scl, ctc)"),
        Notation("sudokuwiki", ("killer", "sudoku"), (), sudokuwiki.parse, sudokuwiki.write, sudokuwiki.detect,
                 "SudokuWiki link or bd= string (classic, killer)"),
        Notation("puzzlink", ("kakuro", "sudoku"), (), puzzlink.parse, puzzlink.write, puzzlink.detect,
                 "puzz.link / pzv.jp link (kakuro, sudoku), Kakuro URL body, pzprv3 Kakuro"),
    )
}
"""Every notation by name."""

EXTENSIONS: dict[str, str] = {ext: n.name for n in FORMATS.values() for ext in n.extensions}
"""File extension -> notation name."""

INTERCHANGE: tuple[str, ...] = ("fpuzzles", "fpuzzles-json", "sudokupad", "sudokuwiki", "puzzlink")
"""The notations of links and payloads: their detectors look for distinctive marks (a host, a prefix,
f-puzzles fields), so when one of them matches it wins over a broader match (``{`` for JSON Lines)."""


def notation(format: str) -> Notation:
    """The notation named ``format``; :class:`UnknownFormatError` if there is none.

    >>> notation("ken").name
    'ken'
    >>> notation("fen")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.UnknownFormatError: unknown format 'fen' (known: jsonl, kakuro, killer, ken, kropki3, sudoku, ...)
    """
    try:
        return FORMATS[format]
    except (KeyError, TypeError):
        raise UnknownFormatError(f"unknown format {format!r} (known: {', '.join(FORMATS)})") from None


def detect_format(text: str, filename: str | None = None) -> str:
    """The name of the notation of a text: from its content first, the file
    extension breaking ties (or deciding when the content matches nothing).

    >>> detect_format('{"kind": "sudoku"}'), detect_format("", "x.killer")
    ('jsonl', 'killer')
    """
    by_extension = EXTENSIONS.get(Path(filename).suffix.lower()) if filename else None
    matches = [name for name, n in FORMATS.items() if n.detect(text)]
    specific = [name for name in matches if name in INTERCHANGE]
    if len(specific) == 1:
        return specific[0]
    if len(matches) == 1:
        return matches[0]
    if by_extension and (by_extension in matches or not matches):
        return by_extension
    if matches:
        return matches[0]
    where = f" {filename}" if filename else " this text"
    raise UnknownFormatError(f"cannot tell the notation of{where} ({', '.join(FORMATS)}){lone_cr_hint(text)}")


def read_text(text: str, format: str | None = None, filename: str | None = None) -> list[Puzzle]:
    """Every puzzle of a text, in the notation ``format`` (detected when ``None``).

    ``filename`` names the text in error messages, helps detection and gives
    the id of a puzzle whose notation has none.
    """
    text = drop_bom(text)
    name = format if format is not None else detect_format(text, filename)
    return notation(name).parse(text, source=filename)


MAX_INPUT_BYTES = 64 * 1024 * 1024
"""The largest input :func:`read_path` reads by default (64 MB)."""


def read_path(path: str | Path, format: str | None = None, max_bytes: int = MAX_INPUT_BYTES) -> list[Puzzle]:
    """Every puzzle of a file (``-`` reads standard input).

    At most ``max_bytes + 1`` bytes are read: a larger input is refused with
    :class:`ParseError` (``/dev/zero`` too).  The bytes are UTF-8 (a byte order
    mark dropped), or UTF-16 / UTF-32 starting with their byte order mark.
    """
    name = "<stdin>" if str(path) == "-" else str(path)
    try:
        if str(path) == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = (read_bounded(stream, max_bytes) if stream is not None
                    else read_bounded(sys.stdin, max_bytes).encode("utf-8", "surrogateescape"))
        else:
            with open(path, "rb") as handle:
                data = read_bounded(handle, max_bytes)
    except OSError as error:
        raise ParseError(f"cannot read: {error.strerror or error}", source=name) from None
    except ValueError:  # a NUL in the name
        raise ParseError("cannot read: not a usable file name", source=name) from None
    if len(data) > max_bytes:
        raise ParseError(f"larger than the input limit of {max_bytes} bytes", source=name)
    try:
        text = decode_text(data)  # UTF-8 (a byte order mark dropped), or UTF-16/32 with their mark
    except ParseError as error:
        raise error.located(source=name) from None
    return read_text(text, format=format, filename=name)


def write_text(puzzles: Iterable[Puzzle], format: str) -> str:
    """Puzzles as text in the notation ``format``.

    :class:`~solver.errors.InvalidPuzzleError` when the notation cannot hold a
    puzzle (a Killer as KEN).
    """
    return notation(format).write(list(puzzles))
