"""Reading the puzzles (and positions) a command is given.

The puzzles are read by :mod:`sumlogic.inputs` (files, standard input,
``sample:NAME``, links and strings given inline; the same reader as
:func:`sumlogic.read`'s), re-exported here; the positions (``--position``)
are read here."""

from __future__ import annotations

import re
from typing import Any, Sequence

from solver.errors import SumlogicError

from ..inputs import (DEFAULT_MAX_INPUT, LINE_FORMATS, SAMPLE_PREFIX, STDIN_NAME, Entry, InputError, _exists,
                      error_line, inline, inline_name, line_by_line, line_entries, one_line, parse_entries,
                      read_all, read_entries, read_sample, read_source, unwrap)

__all__ = ["DEFAULT_MAX_INPUT", "LINE_FORMATS", "SAMPLE_PREFIX", "STDIN_NAME", "Entry", "InputError", "error_line",
           "inline", "inline_name", "line_by_line", "line_entries", "one_line", "one_puzzle", "parse_entries",
           "read_all", "read_entries", "read_position_arg", "read_sample", "read_source", "unwrap"]


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
