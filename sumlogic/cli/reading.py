"""Reading the puzzles (and positions) a command is given: files, standard
input, ``sample:NAME``, links and strings given inline; a bad line of a
one-puzzle-per-line file becomes an entry holding its error."""

from __future__ import annotations

import dataclasses
import re
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
    """An input that cannot be read at all; ``str()`` is one line naming the place."""



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
        raise InputError(f"{name}: cannot read: {error.strerror or error}") from None
    except ValueError:  # a NUL in the name
        raise InputError(f"{name}: cannot read: not a usable file name") from None
    if len(data) > max_bytes:
        raise InputError(f"{name}: larger than the input limit of {max_bytes} bytes "
                         f"(raise it with --max-input BYTES)")
    try:
        return decode_text(data)
    except ParseError as error:
        raise InputError(str(error.located(source=name))) from None


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
        raise InputError(f"{SAMPLE_PREFIX}{name}: no such sample (samples: {', '.join(SAMPLES)})")
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

        raise InputError(f"{name}: cannot tell the notation; name it with --format "
                         f"({', '.join(FORMATS)}){lone_cr_hint(text)}") from None
    try:
        puzzles = read_text(text, format=notation, filename=name)
    except SumlogicError as error:
        entries = line_entries(text, notation, name) if line_by_line(text, notation) else []
        if not any(e.puzzle for e in entries):
            raise InputError(error_line(error, name)) from None
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


# --------------------------------------------------------------------- positions


_FILE_NAME = re.compile(r"[\w.\-/\\~]+\.[A-Za-z]\w*\Z")
"""An argument that looks like a file name (a position given as a path)."""


def read_position_arg(entry: Entry, argument: str | None, path: str, max_bytes: int = DEFAULT_MAX_INPUT) -> Any:
    """The :class:`~sumlogic.position.Position` of ``--position`` for the
    puzzle of ``entry`` (read from ``path``).  Without ``--position``, an
    f-puzzles or SudokuPad input gives its own entered digits and marks;
    else the start.  :class:`InputError` for a position that cannot be read."""
    from ..position import Position
    from ..position_text import read_position

    assert entry.puzzle is not None
    if argument is None:
        text, name = _own_marks(path, max_bytes)
        if text is None:
            return Position(entry.puzzle)
    elif argument == "-" or _exists(argument):
        text, name = read_source(argument, max_bytes), (STDIN_NAME if argument == "-" else argument)
    elif _FILE_NAME.match(argument.strip()) and "=" not in argument:
        raise InputError(f"{argument}: cannot read: No such file or directory")
    else:
        text, name = argument, "--position"
    try:
        return read_position(entry.puzzle, text, source=name)
    except SumlogicError as error:
        raise InputError(one_line(str(error))) from None


def _own_marks(path: str, max_bytes: int) -> tuple[str | None, str]:
    """The text of an f-puzzles or SudokuPad input (which may carry a solver's marks), else None."""
    from puzzles.fpuzzles import detect, detect_json

    if path == "-" or (path.startswith(SAMPLE_PREFIX) and not _exists(path)):
        return None, path  # standard input is read once, for the puzzle
    if not _exists(path):
        text = path
    else:
        text = read_source(path, max_bytes)
    first = text.strip()
    if detect(first) or detect_json(first) or re.search(r"/fpuzzlesN4Ig", first[:300], re.IGNORECASE):
        return first, inline_name(path)
    return None, path


def one_puzzle(entries: Sequence[Entry], option: str) -> Entry:
    """The one puzzle an option such as ``--position`` needs (:class:`InputError` otherwise)."""
    good = [e for e in entries if e.puzzle is not None]
    if len(entries) != 1 or not good:
        raise InputError(f"{option} needs exactly one puzzle; the input holds {len(entries)}")
    return good[0]
