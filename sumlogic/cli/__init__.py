"""The ``sumlogic`` command line (also ``python -m sumlogic``).

Commands, each in its own module of this package (this one holds the
parser and the exit handling; :mod:`sumlogic.cli.reading` the reading of
puzzles and positions; :mod:`sumlogic.cli.common` the exit codes, printing
and the options they share)::

    sumlogic solve PATH... [--json] [--no-logic]                              solve
    sumlogic explain PATH... [--json] [--html OUT.html] [--max-depth N] [--no-guess]
    sumlogic hint PATH... [--json] [--max-depth N] [--level N]                explain
    sumlogic check PATH --position POS [--json]                               check
    sumlogic grade PATH... [--json] [--jobs N] [--max-depth N]                grade
    sumlogic generate KIND [--seed N] [--count K] [--band B] [--size WxH] ... generate
    sumlogic formats [--json]                                                 formats
    sumlogic convert IN [--from F] --to F [-o OUT]                            convert
    sumlogic samples [--json]
    sumlogic serve [--host 127.0.0.1] [--port 8000] [--workers N]             serve

The commands that read puzzles (all but ``generate``, ``formats`` and
``samples``) also take ``--format F`` and ``--timeout S``.

``PATH`` is a puzzle file in any notation (detected from the content, the
extension breaking ties), ``-`` for standard input, ``sample:NAME`` for a
bundled sample, or a link or puzzle string itself (an f-puzzles, SudokuPad,
SudokuWiki or puzz.link link, an 81-character Sudoku line...).

Exit status: 0 when every puzzle is solved (for ``explain``: the trace ends
``solved``, guesses allowed; for ``hint``: a hint was given), 1 when some
puzzle is not (no solution, several, timeout, stuck, or an ``invalid`` line
of a one-puzzle-per-line file), 2 for a usage error or an input that cannot
be read at all (one line on standard error naming the file, line and cell
or cage), 3 for an internal error (a bug: one line on standard error; set
``SUMLOGIC_DEBUG=1`` to see the traceback), 130 on Ctrl-C (at any moment:
no traceback, worker processes stopped at once, the lines already written
whole), 141 when the reader of standard output goes away.  A usage error is
one line, then one line of hint.

>>> main(["solve", "sample:sudoku-1", "--json", "--no-logic"])  # doctest: +ELLIPSIS
{"id": "sudoku-1", "kind": "sudoku", "status": "solved", "unique": true, "solution": "478962315...", ...}
0
>>> main(["formats"])  # doctest: +ELLIPSIS
notation       kinds ...
sudoku         sudoku                                          .sudoku .txt  Sudoku: 81 characters a line
...
0
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..processes import STOP_SIGNALS  # light: a pool's modules are imported when one starts

if TYPE_CHECKING:
    import argparse

# Nothing heavy is imported here: the console script imports this module
# before :func:`main` can take Ctrl-C in hand, so the commands (and the
# solver under them) are imported inside main.

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class Stopped(KeyboardInterrupt):
    """A stop signal other than Ctrl-C (SIGTERM, SIGHUP) arrived: the run ends as
    after Ctrl-C, with exit status 128 + the signal's number (143, 129)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def stop_status(error: BaseException) -> int:
    """The exit status of a run stopped by ``error`` (a :class:`KeyboardInterrupt`): 130, or 128 + N.

    >>> stop_status(KeyboardInterrupt()), stop_status(Stopped(15))
    (130, 143)
    """
    return 128 + error.signum if isinstance(error, Stopped) else EXIT_INTERRUPTED


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    from . import check, convert, explain, formats, generate, grade, serve, solve
    from .common import add_input
    from .usage import Parser

    parser = Parser(
        prog="sumlogic",
        description="Solve Kakuro, Killer, Greater Killer, Kropki and Sudoku puzzles the way a strong "
                    "human does, and explain every step.",
        epilog="Exit status: 0 all solved, 1 some not solved (or an invalid line), 2 usage error or "
               "unreadable input, 3 internal error, 130 interrupted.")
    parser.add_argument("--version", action="version", version=f"sumlogic {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    parser.commands = commands.choices

    solve.add_parser(commands, add_input)
    explain.add_parsers(commands, add_input)
    check.add_parser(commands, add_input)
    formats.add_parsers(commands)
    grade.add_parser(commands, add_input)
    generate.add_parser(commands)
    convert.add_parser(commands)
    serve.add_parser(commands)
    return parser


def _version() -> str:
    from .. import __version__

    return __version__


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace | int:
    """The parsed arguments, or the exit code argparse chose (help, version, usage error)."""
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the command's own parser, whose --help lists what it takes
            commands: dict[str, Any] = getattr(parser, "commands", {})
            command = commands.get(getattr(args, "command", None) or "", parser)
            command.error(f"unrecognized arguments: {' '.join(extra)}")
        return args
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE


# --------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring).

    Ctrl-C, wherever it comes (reading, solving, writing, in worker
    processes), ends the run with 130 and no traceback; SIGTERM and SIGHUP
    end it the same way with 143 and 129; a second signal while stopping is
    ignored.  The previous handlers are restored on return, so a program may
    call this function.
    """
    previous = _take_interrupts()
    try:
        return _run(argv)
    except KeyboardInterrupt as stop:
        return _interrupted(stop)
    finally:
        _restore_interrupts(previous)


def _take_interrupts() -> dict[int, Any] | None:
    """Install the stop handler of a run; returns the handlers it replaces (None when it cannot)."""
    previous: dict[int, Any] = {}
    try:
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) == signal.SIG_IGN:
                continue  # started to ignore it (nohup, a background job of a script): leave it so
            previous[signum] = signal.signal(signum, _on_interrupt)
    except (ValueError, OSError, AttributeError):  # not the main thread
        _restore_interrupts(previous)
        return None
    return previous


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """The first stop signal stops the run; later ones are ignored while it stops.
    While a line of output is being written, the stop waits for the end of
    the line (a short while at most: see :func:`sumlogic.cli.common.defer_stop`)."""
    for other in STOP_SIGNALS:
        try:
            signal.signal(other, signal.SIG_IGN)
        except (ValueError, OSError):
            pass
    defer = getattr(sys.modules.get("sumlogic.cli.common"), "defer_stop", None)  # None while it is imported
    if defer is not None and defer(signum):
        return
    raise KeyboardInterrupt if signum == signal.SIGINT else Stopped(signum)


def _restore_interrupts(previous: dict[int, Any] | None) -> None:
    if not previous:
        return
    for signum, handler in previous.items():
        try:
            signal.signal(signum, handler)
        except (ValueError, OSError, TypeError):
            pass


def _interrupted(stop: BaseException | None = None) -> int:
    """Stop the worker processes (without waiting for them) and give the exit status of the stop."""
    for signum in STOP_SIGNALS:
        try:
            signal.signal(signum, signal.SIG_IGN)
        except (ValueError, OSError):
            pass
    if "sumlogic.cli.common" in sys.modules:
        from .common import stop_workers

        stop_workers()
    return stop_status(stop) if stop is not None else EXIT_INTERRUPTED


def _run(argv: Sequence[str] | None) -> int:
    from .common import EXIT_INTERNAL, OutputError, stop_workers, warn
    from .reading import InputError

    try:
        args = parse_args(list(argv) if argv is not None else None)
        if isinstance(args, int):
            return args
        run: Callable[[argparse.Namespace], int] = getattr(args, "run", None) or args.func
        return run(args)
    except InputError as error:
        warn(f"sumlogic: {error}")
        return EXIT_USAGE
    except KeyboardInterrupt as stop:
        return _interrupted(stop)
    except BrokenPipeError:
        return broken_pipe()
    except OutputError as error:  # a full disk, a closed standard output
        stop_workers()
        warn(f"sumlogic: {error}")
        return EXIT_USAGE
    except RecursionError:  # the readers catch their own (too deep an input): here it is a bug, in plain words
        if os.environ.get("SUMLOGIC_DEBUG"):
            raise
        warn("sumlogic: internal error: the work went deeper than Python's stack allows "
             "(set SUMLOGIC_DEBUG=1 to see the traceback)")
        return EXIT_INTERNAL
    except Exception as error:  # a bug: one line, never a traceback (unless asked for)
        if os.environ.get("SUMLOGIC_DEBUG"):
            raise
        warn(f"sumlogic: internal error: {type(error).__name__}: {error} "
             f"(set SUMLOGIC_DEBUG=1 to see the traceback)")
        return EXIT_INTERNAL


def broken_pipe() -> int:
    """The reader of standard output went away: stop quietly.

    Standard output is pointed at /dev/null so that the interpreter's final
    flush does not complain again.
    """
    from .common import EXIT_BROKEN_PIPE

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_BROKEN_PIPE


def entry_point() -> None:
    """The ``sumlogic`` console script and ``python -m sumlogic``: run
    :func:`main` and exit with its status.

    After a stop signal the process ends at once (output flushed, no
    interpreter clean-up that could wait on a worker); otherwise stop signals
    are ignored from the moment :func:`main` returns.  Output still held (the
    help, the version) is written before the exit, and a failure to write it
    (a full disk) is one line and exit status 2, not silence.
    """
    try:
        status = main()
    except KeyboardInterrupt as stop:  # between main's return and here, or before main took Ctrl-C in hand
        status = stop_status(stop)
    for signum in STOP_SIGNALS:
        try:
            signal.signal(signum, signal.SIG_IGN)
        except (ValueError, OSError):
            pass
    stopped = status == EXIT_INTERRUPTED or status - 128 in STOP_SIGNALS
    output_cut = getattr(sys.modules.get("sumlogic.cli.common"), "output_cut", None)
    if stopped:
        if output_cut is None or not output_cut():  # a write cut short would only block again
            _flush(sys.stdout)
        _flush(sys.stderr)
        os._exit(status)
    if status not in (EXIT_USAGE, 141):
        status = _flush_output(status)
    sys.exit(status)


def _flush(stream: Any) -> None:
    try:
        stream.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _flush_output(status: int) -> int:
    """Write what standard output still holds; on failure say so in one line and give exit status 2."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        return broken_pipe()
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or "it is closed"
        try:
            sys.stderr.write(f"sumlogic: standard output: cannot write: {reason}\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
        broken_pipe()  # so that the interpreter's own last flush does not fail again
        return EXIT_USAGE
    return status
