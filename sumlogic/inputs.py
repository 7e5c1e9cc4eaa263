"""Reading puzzles from what a person gives: a file, standard input (``-``),
``sample:NAME``, or a link or puzzle string given inline; a bad line of a
one-puzzle-per-line file becomes an entry holding its error.

One reader for :func:`sumlogic.read`, the command line (:mod:`sumlogic.cli.reading`
adds the positions) and the server's requests.

>>> [e.puzzle.kind for e in read_entries("sample:killer-1")]
['killer']
>>> [e.notation for e in read_entries("https://puzz.link/p?sudoku/4/4/g2j1h1j3g")]
['puzzlink']
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from solver.errors import ParseError, SumlogicError
from solver.model import Puzzle

SAMPLE_PREFIX = "sample:"
STDIN_NAME = "<stdin>"
LINE_FORMATS = ("jsonl", "sudoku", "ken")
"""Notations holding one puzzle per line: a bad line spoils only itself."""

DEFAULT_MAX_INPUT = 64 * 1024 * 1024
"""Bytes read at most from one input (``--max-input``): a larger one is refused, never read whole."""

class InputError(Exception):
    """An input that cannot be read at all; ``str()`` is one line naming the place.

    ``cause`` is the error under it where there is one (the ``OSError`` of a
    file that cannot be read, an :class:`UnknownFormatError`, an
    :class:`UnknownSampleError`): :func:`sumlogic.read` raises the last two as they are."""

    def __init__(self, message: str, cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.cause = cause


# --------------------------------------------------------------------- reading input


@dataclass(frozen=True)
class Entry:
    """One puzzle read from an input, or the error of one bad line of a
    one-puzzle-per-line file (then ``puzzle`` is None and ``error`` says why).
    ``notation`` is the notation the input was read as (given or detected)."""

    source: str
    puzzle: Puzzle | None = None
    error: str | None = None
    id: str = ""
    kind: str | None = None
    notation: str | None = None


def one_line(text: str) -> str:
    """Text with every run of white space (newlines too) made one space."""
    return " ".join(text.split())


def error_line(error: BaseException, name: str) -> str:
    """An error's message as one line that names the input first."""
    if isinstance(error, ParseError):
        text = str(error if error.source else error.located(source=name))
    else:
        text = str(error)
    if not text.startswith(name):
        text = f"{name}: {text}"
    return one_line(text)


def read_source(path: str, max_bytes: int = DEFAULT_MAX_INPUT) -> str:
    """The text of a file, or of standard input for ``-``, read with a bounded
    read: an input of more than ``max_bytes`` bytes is refused
    (:class:`InputError`) after reading ``max_bytes + 1`` bytes, whatever its
    size (``/dev/zero`` too).  The bytes are UTF-8 (a byte order mark dropped),
    or UTF-16 / UTF-32 starting with their byte order mark; the first byte that
    is not UTF-8 is named by line and column."""
    from puzzles.text import decode_text, read_bounded

    name = STDIN_NAME if path == "-" else path
    try:
        if path == "-":
            data = _read_stdin(max_bytes)
        else:
            with open(path, "rb") as handle:
                data = read_bounded(handle, max_bytes)
    except OSError as error:
        raise InputError(f"{name}: cannot read: {error.strerror or error}", error) from None
    except ValueError:  # a NUL in the name
        raise InputError(f"{name}: cannot read: not a usable file name") from None
    if len(data) > max_bytes:
        raise InputError(f"{name}: larger than the input limit of {max_bytes} bytes "
                         f"(raise it with --max-input BYTES)")
    try:
        return decode_text(data)
    except ParseError as error:
        raise InputError(str(error.located(source=name)), error.located(source=name)) from None


def _read_stdin(max_bytes: int) -> bytes:
    """At most ``max_bytes + 1`` bytes of standard input (of its text when it has no byte stream)."""
    from puzzles.text import read_bounded

    stream = getattr(sys.stdin, "buffer", None)
    if stream is not None:
        return bytes(read_bounded(stream, max_bytes))
    return str(read_bounded(sys.stdin, max_bytes)).encode("utf-8", "surrogateescape")


def read_sample(name: str, format: str | None = None) -> list[Entry]:
    """The bundled sample ``name`` as one entry; with ``format``, its text is
    read in that notation (an error when the sample is not written in it)."""
    from puzzles import SAMPLES, sample
    from puzzles.samples import sample_text

    if name not in SAMPLES:
        from puzzles import UnknownSampleError

        message = f"{SAMPLE_PREFIX}{name}: no such sample (samples: {', '.join(SAMPLES)})"
        raise InputError(message, UnknownSampleError(message))
    if format is None:
        from puzzles import detect_format

        return [Entry(SAMPLE_PREFIX + name, puzzle=sample(name), notation=detect_format(sample_text(name)))]
    entries = parse_entries(sample_text(name), format, SAMPLE_PREFIX + name)
    return [dataclasses.replace(e, puzzle=dataclasses.replace(e.puzzle, id=name)) if e.puzzle else e
            for e in entries]


def read_entries(path: str, format: str | None = None, max_bytes: int = DEFAULT_MAX_INPUT) -> list[Entry]:
    """Every puzzle of an input (a file, ``-``, ``sample:NAME``, or a link or
    puzzle string given inline, such as an f-puzzles or SudokuPad link).
    A file or standard input over ``max_bytes`` bytes is refused.

    Raises :class:`InputError` when nothing can be read from it.
    """
    if path.startswith("\ufeff") and not _exists(path):  # a byte order mark pasted with the argument
        path = path[1:]
    if path.startswith(SAMPLE_PREFIX) and not _exists(path):
        return read_sample(path[len(SAMPLE_PREFIX):], format)
    if path != "-" and not _exists(path) and inline(unwrap(path)):
        path = unwrap(path)
        name = inline_name(path)
        return named(unnamed_inline(parse_entries(path, format, name), name))
    name = STDIN_NAME if path == "-" else path
    return named(parse_entries(read_source(path, max_bytes), format, name))


def unnamed_inline(entries: Sequence[Entry], name: str) -> list[Entry]:
    """Entries of a puzzle given inline (a link as an argument) without the id its
    readers made from the argument as if it were a file name: it has no file."""
    from puzzles.common import id_from_source

    stem = id_from_source(name)
    return [dataclasses.replace(e, puzzle=dataclasses.replace(e.puzzle, id=""))
            if e.puzzle is not None and stem and e.puzzle.id.startswith(stem) else e
            for e in entries]


def named(entries: Sequence[Entry]) -> list[Entry]:
    """Entries whose puzzle has no id given one that is the same on every run
    (:func:`puzzles.common.name_of`: from its title, else a short hash of its
    content), so that output never shows a puzzle without a name."""
    from puzzles.common import name_of

    return [dataclasses.replace(e, puzzle=dataclasses.replace(e.puzzle, id=name_of(e.puzzle)))
            if e.puzzle is not None and not e.puzzle.id else e for e in entries]


def _exists(path: str) -> bool:
    try:
        return Path(path).exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        return False


def inline(argument: str) -> bool:
    """Whether a command-line argument that is not a file is a puzzle itself (a link, a string in a known notation).

    >>> inline("https://sudokupad.app/u1gswfvw2x"), inline("missing.sudoku")
    (True, False)
    """
    from puzzles import detect_format

    if "://" in argument:
        return True
    try:
        detect_format(argument)
    except SumlogicError:
        return False
    return True


_WRAPPERS = {"<": ">", "(": ")", "[": "]", '"': '"', "'": "'", "`": "`"}


def unwrap(argument: str) -> str:
    """A link as pasted from a message: white space, a byte order mark and one pair of
    ``<>``, ``()``, ``[]`` or quotes around it dropped (``<https://...>`` is how RFC 3986
    writes a link in text).  Anything without ``://`` is left as it is (KEN starts with ``(``).

    >>> unwrap(" <https://sudokupad.app/x> "), unwrap("(xw)(xk)")
    ('https://sudokupad.app/x', '(xw)(xk)')
    """
    from puzzles.text import ASCII_SPACE, drop_bom

    text = drop_bom(argument.strip(ASCII_SPACE)).strip(ASCII_SPACE)
    if "://" not in text:
        return argument
    if len(text) > 2 and _WRAPPERS.get(text[0]) == text[-1]:
        text = text[1:-1].strip(ASCII_SPACE)
    return text


def inline_name(argument: str) -> str:
    """How errors name an inline argument: the argument, cut to 48 characters."""
    text = one_line(argument)
    return text if len(text) <= 48 else text[:45] + "..."


def parse_entries(text: str, format: str | None, name: str) -> list[Entry]:
    """Every puzzle of a text.  When the text is in a one-puzzle-per-line
    notation and some lines are bad, the good lines are kept and each bad one
    becomes an entry holding its error; when no puzzle at all can be read,
    :class:`InputError` carries the first error."""
    from puzzles import FORMATS, detect_format, read_text
    from puzzles.text import drop_bom

    text = drop_bom(text)
    if not text.strip():
        raise InputError(f"{name}: empty, no puzzle found")
    try:
        notation = format or detect_format(text, name)
    except SumlogicError:
        from puzzles.text import lone_cr_hint

        from solver.errors import UnknownFormatError

        message = f"{name}: cannot tell the notation; name it with --format ({', '.join(FORMATS)}){lone_cr_hint(text)}"
        raise InputError(message, UnknownFormatError(message.replace("with --format", "with format="))) from None
    try:
        puzzles = read_text(text, format=notation, filename=name)
    except SumlogicError as error:
        entries = line_entries(text, notation, name) if line_by_line(text, notation) else []
        if not any(e.puzzle for e in entries):
            raise InputError(error_line(error, name), error) from None
        return entries
    if not puzzles:
        raise InputError(f"{name}: no puzzle found")
    return [Entry(name, puzzle=p, notation=notation) for p in puzzles]


def line_by_line(text: str, notation: str) -> bool:
    """Whether a text may be read one line at a time: its notation holds one
    puzzle per line, and it is not one JSON value spread over several lines."""
    if notation not in LINE_FORMATS:
        return False
    if notation == "jsonl":
        from puzzles.jsonl import is_json

        stripped = text.strip()
        return not stripped.startswith("[") and not is_json(stripped)
    return True


def line_entries(text: str, notation: str, name: str) -> list[Entry]:
    """One entry per non-blank line, each line read on its own."""
    from puzzles import FORMATS
    from puzzles.common import line_id
    from puzzles.text import is_blank, text_lines

    parse = FORMATS[notation].parse
    lines = [(n, line) for n, line in enumerate(text_lines(text), 1) if not is_blank(line)]
    out: list[Entry] = []
    for number, line in lines:
        try:
            puzzles = parse(line)
        except SumlogicError as error:
            message = error.message if isinstance(error, ParseError) else str(error)
            located = ParseError(one_line(message), line=number, source=name)
            out.append(Entry(name, error=str(located), notation=notation, **_identity(line, notation)))
            continue
        for puzzle in puzzles:
            if notation != "jsonl" and not puzzle.id:
                puzzle = dataclasses.replace(puzzle, id=line_id(name, number, len(lines)))
            out.append(Entry(name, puzzle=puzzle, notation=notation))
    return out


def _identity(line: str, notation: str) -> dict[str, Any]:
    """The id and kind a bad JSON Lines record claims, when it says."""
    if notation != "jsonl":
        return {}
    from puzzles.jsonl import loads

    try:
        record = loads(line)
    except SumlogicError:
        return {}
    if not isinstance(record, dict):
        return {}
    found: dict[str, Any] = {}
    if isinstance(record.get("id"), str):
        found["id"] = record["id"]
    if isinstance(record.get("kind"), str):
        found["kind"] = record["kind"]
    return found


def read_all(paths: Sequence[str], format: str | None, max_bytes: int = DEFAULT_MAX_INPUT) -> list[Entry]:
    """The entries of every input, in order; :class:`InputError` for the first unreadable one."""
    out: list[Entry] = []
    for path in paths:
        out.extend(read_entries(path, format, max_bytes))
    return out
