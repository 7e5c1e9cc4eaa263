"""What the commands share: exit codes, printing, progress, the process pool,
and the argument types and options common to several commands (reading the
puzzles and positions is :mod:`sumlogic.cli.reading`)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import unicodedata
from typing import Any, Callable, Iterable, Iterator, Sequence, TypeVar

from ..processes import hold_stop_signals, release_stop_signals, stop_pool, worker_pool
from .reading import DEFAULT_MAX_INPUT, Entry, InputError, one_line

Number = TypeVar("Number", int, float)
Job = TypeVar("Job")
Done = TypeVar("Done")
Item = TypeVar("Item")

EXIT_OK = 0
EXIT_UNSOLVED = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

DEFAULT_TIMEOUT = 60.0

STATUS_WORDS = {
    "solved": "solved",
    "no-solution": "no-solution: the rules cannot all be met",
    "multiple": "multiple: the puzzle has more than one solution",
    "timeout": "timeout: ran out of time",
    "stuck": "stuck: no technique applies and guessing is off",
    "invalid": "invalid",
}


# --------------------------------------------------------------------- printing


_SHOWN_AS_IS = frozenset("\n")
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def printable(text: str, keep: frozenset[str] = _SHOWN_AS_IS) -> str:
    """Text safe to show on a terminal: control, format and separator
    characters (escape sequences, bidirectional overrides, U+2028...) are
    written as ``\\xNN`` / ``\\uNNNN`` escapes; characters in ``keep`` stay.

    >>> printable("id\\x1b[31m red\\u202e")
    'id\\\\x1b[31m red\\\\u202e'
    """
    if text.isprintable() and not any(ch in keep for ch in text):
        return text
    out = []
    for ch in text:
        if ch in keep or unicodedata.category(ch) not in _ESCAPED_CATEGORIES:
            out.append(ch)
        elif "\udc80" <= ch <= "\udcff":  # a byte that was not UTF-8 (a file name in another encoding)
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        else:
            out.append(ascii(ch)[1:-1])
    return "".join(out)


class OutputError(Exception):
    """Standard output (or another output stream) cannot be written: a full disk,
    a closed descriptor; ``str()`` is one line naming it and why."""


STOP_GRACE = 0.25
"""Seconds a stop signal waits for the line being written to be finished:
past them (a reader that has stopped reading) the run stops anyway."""

_WRITING = False
"""Whether a line of output is being written now (a stop signal then waits for its end)."""

_PENDING: int | None = None
"""The stop signal that came while a line was being written, if any."""

_CUT = False
"""Whether a write was cut short by a stop past its grace (what the stream still holds would block)."""

_ALARM: list[Any] = []
"""The SIGALRM handler :func:`defer_stop` replaced (given back when the stop is raised)."""


def defer_stop(signum: int) -> bool:
    """Called by the stop handler (:func:`sumlogic.cli._on_interrupt`): when a line
    is being written, remember the signal and return True, so the line is
    finished and the run stops right after it; a write still blocked after
    :data:`STOP_GRACE` seconds (a reader that has stopped reading) is cut
    short then.  False when nothing is being written: stop now."""
    global _PENDING
    if not _WRITING:
        return False
    _PENDING = signum
    try:
        _ALARM.append(signal.signal(signal.SIGALRM, _past_grace))
        signal.setitimer(signal.ITIMER_REAL, STOP_GRACE)
    except (AttributeError, ValueError, OSError):  # no alarm here: stop after the line, however long it takes
        pass
    return True


def _past_grace(signum: int, frame: Any) -> None:
    """The line being written when the stop came is still not out: stop now, cutting it."""
    global _CUT
    _CUT = True
    _raise_pending()


def _raise_pending() -> None:
    global _PENDING
    pending, _PENDING = _PENDING, None
    _cancel_alarm()
    if pending is not None:
        from . import Stopped

        raise KeyboardInterrupt if pending == signal.SIGINT else Stopped(pending)


def _cancel_alarm() -> None:
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        while _ALARM:
            signal.signal(signal.SIGALRM, _ALARM.pop())
    except (AttributeError, ValueError, OSError, TypeError):
        pass


def output_cut() -> bool:
    """Whether a write was cut short by a stop (:func:`defer_stop`)."""
    return _CUT


def _write(stream: Any, text: str, data: bool = False) -> None:
    """Write and flush ``text``; a stop signal that comes meanwhile waits for the
    end of it (a short while at most, :func:`defer_stop`), so that a stopped
    run leaves no half line (a JSON record cut in two) however busy it was.

    Text the stream's encoding cannot hold (a non-UTF-8 locale) is written with
    backslash escapes (``data``: as UTF-8 bytes, the encoding of JSON and of
    every notation).  A stream that cannot be written (a full disk, a closed
    descriptor) is an :class:`OutputError`; a reader gone away stays a
    :class:`BrokenPipeError`.
    """
    global _WRITING
    if stream is None:
        raise OutputError(f"{_stream_name(stream)}: cannot write: it is closed")
    _WRITING = True
    try:
        if _BAR is not None:
            from tqdm import tqdm

            with tqdm.external_write_mode(file=sys.stderr):  # the bar is cleared, then drawn again
                _write_now(stream, text, data)
        else:
            _write_now(stream, text, data)
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or "it is closed"
        raise OutputError(f"{_stream_name(stream)}: cannot write: {reason}") from None
    finally:
        _WRITING = False
    if _PENDING is not None:
        _raise_pending()


def _stream_name(stream: Any) -> str:
    return "standard error" if stream is sys.stderr and stream is not None else "standard output"


def _write_now(stream: Any, text: str, data: bool) -> None:
    """Write ``text`` whole.  A stream on a file descriptor is written with
    ``os.write`` until every byte is out: Python's buffered writer may report a
    long write done when a signal came in the middle of it, and drop the rest."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        encoded = text.encode(encoding)
    except UnicodeEncodeError:  # a locale that cannot show every character
        encoded = text.encode("utf-8") if data else text.encode(encoding, "backslashreplace")
    except LookupError:
        encoded = text.encode("utf-8")
    fd = _descriptor(stream)
    if fd is None:
        stream.write(encoded.decode(encoding, "replace") if encoding.lower() not in ("utf-8", "utf8") else text)
        stream.flush()
        return
    stream.flush()  # anything written to it another way goes first
    view = memoryview(encoded)
    while view:
        view = view[os.write(fd, view):]


def _descriptor(stream: Any) -> int | None:
    """The file descriptor under a text stream, when writing bytes to it is the same as
    writing text (POSIX: no newline translation); else None."""
    if os.name != "posix" or not hasattr(stream, "buffer"):
        return None
    try:
        return int(stream.fileno())
    except (OSError, ValueError, AttributeError, TypeError):
        return None


def emit(text: str = "") -> None:
    """Write one line of human output to standard output, flushed so pipes see
    it at once; control characters are escaped (:func:`printable`), a newline
    too: an id or a file name holding one cannot start a line of its own (a
    forged ``status:`` line).  Text of several lines goes through :func:`emit_lines`."""
    _write(sys.stdout, printable(text, frozenset()) + "\n")


def emit_lines(text: str) -> None:
    """Write text of several lines (a grid), each line as :func:`emit` writes one."""
    _write(sys.stdout, "".join(printable(line, frozenset()) + "\n" for line in text.split("\n")))


def emit_json(data: Any) -> None:
    """Write one JSON object on one line, exactly (JSON escapes what it must)."""
    _write(sys.stdout, json.dumps(data, ensure_ascii=False) + "\n", data=True)


def emit_data(text: str, stream: Any = None) -> None:
    """Write puzzles in a notation (``convert``, ``generate``) as they are, to
    standard output or ``stream``: whole, like :func:`emit_json`."""
    _write(sys.stdout if stream is None else stream, text, data=True)


def warn(text: str) -> None:
    """Write one line to standard error, control characters escaped.  When
    standard error itself cannot be written (closed, a full disk) the line is
    dropped: there is nowhere left to say it, and the exit status still says
    how the run ended."""
    try:
        _write(sys.stderr, printable(one_line(text), frozenset()) + "\n")
    except (OutputError, BrokenPipeError):
        pass


# --------------------------------------------------------------------- progress

_BAR: Any = None
"""The progress bar being drawn on standard error, if any (output clears it first)."""


def progress(items: Iterable[Item], total: int, what: str) -> Iterator[Item]:
    """Yield ``items``, drawing a progress bar (tqdm) on standard error while
    they come, only when standard error is a terminal and there are two or
    more.  Every line of output clears the bar first and draws it again after
    (:func:`emit`), and the bar is erased at the end, so results never mix
    with it and a pipe or a file never sees it."""
    global _BAR
    stream = sys.stderr
    if total < 2 or _BAR is not None or not getattr(stream, "isatty", lambda: False)():
        yield from items
        return
    from tqdm import tqdm

    bar = tqdm(total=total, desc=what, unit="puzzle", file=stream, leave=False, dynamic_ncols=True,
               mininterval=0.2)
    _BAR = bar
    try:
        for item in items:
            yield item
            bar.update()
    finally:
        _BAR = None
        bar.close()


def header(entry: Entry) -> str:
    """The line that starts the report on one puzzle: its id, kind and the notation it was read as.

    >>> from puzzles import sample
    >>> header(Entry("sample:killer-1", puzzle=sample("killer-1"), notation="sudokupad"))
    '== killer-1 (killer, read as sudokupad)'
    """
    read_as = f", read as {entry.notation}" if entry.notation else ""
    if entry.puzzle is None:
        return f"== {entry.id or entry.source} ({entry.kind or 'unknown kind'}{read_as})"
    p = entry.puzzle
    return f"== {p.id or entry.source} ({p.kind}{read_as})"


def table(rows: Sequence[tuple[str, ...]], titles: tuple[str, ...]) -> list[str]:
    """Rows as aligned columns under a title line."""
    everything = [titles, *rows]
    widths = [max(len(row[i]) for row in everything) for i in range(len(titles))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in everything]


# --------------------------------------------------------------------- arguments


def number(text: str, convert: Callable[[str], Number], what: str) -> Number:
    """``convert(text)``, or the argparse error saying that ``text`` is not ``what``
    (in ASCII digits: ``int`` and ``float`` also take ``'١٠٠'``, Arabic-Indic digits).

    >>> number("١٠٠", int, "a whole number")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '١٠٠' is not a whole number
    """
    if not text.isascii():
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds above 0.

    >>> positive_float("2.5")
    2.5
    >>> positive_float("nan")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'nan' is not a positive number of seconds
    """
    value = number(text, float, "a number")
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def work_units(text: str) -> int:
    """An argparse type: a work budget, a whole number 0 or more.

    >>> work_units("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: -1 is not 0 or more
    """
    value = number(text, int, "a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is not 0 or more")
    return value


def jobs_count(text: str) -> int:
    """An argparse type: a number of processes, 1 or more.

    >>> jobs_count("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: --jobs must be at least 1
    """
    value = number(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError("--jobs must be at least 1")
    return value


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """The ``--jobs N`` option of the commands that work puzzle by puzzle."""
    parser.add_argument("--jobs", "-j", type=jobs_count, default=1, metavar="N",
                        help="processes to spread the puzzles over (default 1); the output keeps the input order")


def in_order(func: Callable[[Job], Done], jobs: Sequence[Job], processes: int) -> Iterator[Done]:
    """``func`` of each job, in the jobs' order, computed in ``processes``
    processes (here, in this process, when one is enough).  ``func`` must be
    a module-level function and the jobs picklable.

    The worker processes (:func:`sumlogic.processes.worker_pool`: they end
    with this process, however it ends) ignore Ctrl-C; when this generator is
    interrupted or closed early, they are stopped at once
    (:func:`stop_workers`) instead of being waited for.

    >>> list(in_order(abs, [-2, 3, -4], 2))
    [2, 3, 4]
    """
    if processes == 1 or len(jobs) < 2:
        yield from map(func, jobs)
        return
    pool = worker_pool(min(processes, len(jobs)))
    _POOLS.append(pool)
    try:
        held = hold_stop_signals()  # workers start with the stop signals held back, until they set their own
        try:
            results = pool.map(func, jobs, chunksize=1)  # submits every job: every worker starts here
        finally:
            release_stop_signals(held)
        yield from results
    except BaseException:
        stop_workers()
        raise
    else:
        pool.shutdown()
    finally:
        if pool in _POOLS:
            _POOLS.remove(pool)


_POOLS: list[Any] = []
"""The process pools of :func:`in_order` at work."""


def _quiet_thread_error(args: Any) -> None:
    """:data:`threading.excepthook` once the workers are being stopped: a pool's
    manager thread may trip over the workers it has just lost (seen under load
    after Ctrl-C), and the process is ending anyway, so nothing is printed."""


def stop_workers() -> None:
    """Stop every worker process now: queued jobs are cancelled, running ones killed, nothing waited for.
    From here on an error in another thread (a pool's manager) is not printed."""
    if _POOLS:
        threading.excepthook = _quiet_thread_error
    while _POOLS:
        stop_pool(_POOLS.pop())


def depth(text: str) -> int:
    """An argparse type: a nesting depth 0..10.

    >>> depth("three")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'three' is not a whole number
    """
    value = number(text, int, "a whole number")
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 10")
    return value


def add_input(parser: argparse.ArgumentParser) -> None:
    """The PATH arguments and the options every puzzle-reading command shares."""
    from puzzles import FORMATS

    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="puzzle file (any notation; .jsonl may hold many), '-' for standard input, "
                             "or sample:NAME for a bundled sample")
    parser.add_argument("--format", "-f", choices=sorted(FORMATS), metavar="F",
                        help=f"notation of the input (default: detected); one of {', '.join(sorted(FORMATS))}")
    parser.add_argument("--json", action="store_true", help="one JSON object per puzzle per line")
    parser.add_argument("--timeout", type=positive_float, default=DEFAULT_TIMEOUT, metavar="S",
                        help=f"seconds allowed per puzzle (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-input", type=input_limit, default=DEFAULT_MAX_INPUT, metavar="BYTES",
                        help=f"refuse an input larger than this (default {DEFAULT_MAX_INPUT} bytes, 64 MB)")


MAX_INPUT_LIMIT = 1 << 32
"""The largest ``--max-input``, 4 GiB: an input is read in one piece (a larger
limit could not be read into memory anyway, and Python refuses some as too large)."""


def input_limit(text: str) -> int:
    """An argparse type: a number of bytes, 1 to :data:`MAX_INPUT_LIMIT`.

    >>> input_limit("1024")
    1024
    >>> input_limit("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 0 is not a number of bytes (1 or more)
    >>> input_limit("99999999999999999999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 99999999999999999999 is more than the largest limit, 4294967296 bytes (4 GiB)
    """
    value = number(text, int, "a whole number of bytes")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a number of bytes (1 or more)")
    if value > MAX_INPUT_LIMIT:
        raise argparse.ArgumentTypeError(f"{value} is more than the largest limit, {MAX_INPUT_LIMIT} bytes (4 GiB)")
    return value


# --------------------------------------------------------------------- techniques and positions


def add_techniques(parser: argparse.ArgumentParser) -> None:
    """The ``--techniques``, ``--without`` and ``--max-level`` options (see :func:`techniques.select`)."""
    parser.add_argument("--techniques", metavar="ID,...", default=None,
                        help="use only these techniques (ids, comma-separated; tried cheapest first)")
    parser.add_argument("--without", metavar="ID,...", default=None,
                        help="leave these techniques out (ids, comma-separated)")
    parser.add_argument("--max-level", type=level_number, default=None, metavar="N",
                        help="use only techniques of level N or lower")


def level_number(text: str) -> int:
    """An argparse type: a technique level, 0 or more.

    >>> level_number("x")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'x' is not a whole number
    """
    value = number(text, int, "a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is not 0 or more")
    return value


def technique_ids(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The ids of the techniques ``--techniques``, ``--without`` and
    ``--max-level`` choose (None for the default list untouched); an
    unknown id is an :class:`InputError` naming it and listing the valid ones."""
    from solver.errors import InvalidArgumentError
    from techniques import select

    only, without, max_level = (getattr(args, "techniques", None), getattr(args, "without", None),
                                getattr(args, "max_level", None))
    if only is None and without is None and max_level is None:
        return None
    try:
        return tuple(t.id for t in select(only, without=without, max_level=max_level))
    except InvalidArgumentError as error:
        raise InputError(f"--{error}") from None


def add_position(parser: argparse.ArgumentParser, required: bool = False) -> None:
    """The ``--position POS`` option: the person's own digits and pencil marks."""
    parser.add_argument("--position", metavar="POS", default=None, required=required,
                        help="your position: a file, '-', or the text itself (the grid of digits and/or "
                             "candidate lists such as 'r1c2=135 r1c3=79', an f-puzzles link or JSON); "
                             "for an f-puzzles or SudokuPad puzzle it may be left out: the link's own digits "
                             "and centre marks are read")


