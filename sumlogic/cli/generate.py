"""The ``generate`` subcommand: ``sumlogic generate KIND [--seed N] [--count K]
[--band B] [--minutes LO-HI] [--needs ID[,ID...] [--hardest]] [--size WxH] [--format F] [--max-tries T]``.

Puzzles are written to standard output, one at a time as they are made, in
the kind's usual notation (KEN for Kropki, the killer text, the Kakuro grid,
the Sudoku line) or any notation that holds the kind (``--format jsonl``
gives corpus records with the solution).  With ``--band``, ``--minutes``
(the estimated solving time ``grade`` prints) or ``--needs`` (techniques
the explained path must use, :mod:`sumlogic.needs`; ``--hardest``: and
nothing of a higher level) each puzzle's number of tries goes to standard error.

Exit codes: 0 done, 1 a puzzle's try budget ran out (the puzzles made
before it are written), 2 a usage error.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="sumlogic")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["generate", "sudoku", "--seed", "3"])
>>> args.func(args)
.4..1..8.......2.967........2...31....79.2.....3..8.9.15.2........3.6.........4..
0
>>> args = parser.parse_args(["generate", "killer", "--format", "ken"])
>>> run(args, err=sys.stdout)
sumlogic generate: the ken notation cannot hold killer puzzles (use jsonl or killer or fpuzzles or ...)
hint: see 'sumlogic generate --help'
2
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, TextIO



def add_parser(subparsers: Any) -> None:
    """Register ``generate`` on an argparse subparsers object (``func=run``)."""
    from puzzles.generate import DEFAULT_MAX_TRIES, KINDS

    parser = subparsers.add_parser(
        "generate", help="make unique, minimal puzzles",
        description="Make puzzles with exactly one solution (proved by the exact solver) and minimal clues.",
        epilog="Kakuro sizes count the clue row and column, like the corpus (default 10x10).")
    parser.add_argument("kind", choices=KINDS, help="the kind of puzzle")
    parser.add_argument("--seed", type=int, default=None,
                        help="make the output reproducible (default: a random seed, shown in the ids)")
    parser.add_argument("--count", type=int, default=1, metavar="K", help="how many puzzles (default 1)")
    parser.add_argument("--band", default=None, metavar="B",
                        help="keep trying until sumlogic's grade is this band "
                             "(Easy, Medium, Hard, Expert, Extreme, Needs-guessing)")
    parser.add_argument("--minutes", default=None, metavar="LO-HI",
                        help="keep trying until the estimated solving time (grade's ~minutes) is within LO-HI, "
                             "e.g. 5-15 (with --band, both must hold)")
    parser.add_argument("--needs", default=None, metavar="ID[,ID...]",
                        help="keep trying until the explained path uses each of these techniques "
                             "(ids as 'sumlogic techniques --kind KIND' lists them)")
    parser.add_argument("--hardest", action="store_true",
                        help="with --needs: and uses nothing of a higher level than the hardest of them")
    parser.add_argument("--size", default=None, metavar="WxH", help="Kakuro width x height (default 10x10)")
    parser.add_argument("--format", default=None, metavar="F",
                        help="notation: the kind's usual one by default (ken, killer, kakuro, sudoku), or jsonl")
    parser.add_argument("--max-tries", type=int, default=None, metavar="T",
                        help=f"tries per puzzle before giving up with exit code 1 (default {DEFAULT_MAX_TRIES}; "
                             f"more for a band the kind reaches rarely: 600 for Killer Extreme, Kropki Easy and "
                             f"Greater Killer Hard)")
    parser.set_defaults(func=run)


def _fail(message: str, stream: TextIO, usage: bool = True) -> None:
    """One line saying what is wrong (control characters escaped), then for a
    usage error the hint line every usage error has."""
    from .common import OutputError, emit_data, one_line, printable

    text = printable(one_line(f"sumlogic generate: {message}"), frozenset()) + "\n"
    if usage:
        text += "hint: see 'sumlogic generate --help'\n"
    try:
        emit_data(text, stream)
    except (OutputError, BrokenPipeError):  # nowhere left to say it; the exit status still does
        pass


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Generate as ``args`` asks; returns the exit code (0 ok, 1 budget exhausted, 2 usage error).

    ``out`` and ``err`` default to standard output and standard error.
    """
    from puzzles import FORMATS, write_text
    from puzzles.generate import BudgetExhausted, parse_size
    from puzzles.kinds import KINDS as KIND_RECORDS

    from ..generation import band_name, generate_many, parse_minutes
    from .common import OutputError, emit_data, printable

    out = out or sys.stdout
    err = err or sys.stderr
    kind = args.kind
    fmt = args.format or KIND_RECORDS[kind].notation
    notation = FORMATS.get(fmt)
    if notation is None:
        _fail(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})", err)
        return 2
    if kind not in notation.kinds:
        usable = [name for name, n in FORMATS.items() if kind in n.kinds]
        _fail(f"the {fmt} notation cannot hold {kind} puzzles (use {' or '.join(usable)})", err)
        return 2
    if args.count < 0:
        _fail(f"--count {args.count}: must be 0 or more", err)
        return 2
    if args.max_tries is not None and args.max_tries < 1:
        _fail(f"--max-tries {args.max_tries}: must be 1 or more", err)
        return 2
    needs = getattr(args, "needs", None)
    hardest = bool(getattr(args, "hardest", False))
    if hardest and needs is None:
        _fail("--hardest applies with --needs only", err)
        return 2
    try:
        band = band_name(args.band) if args.band is not None else None
        minutes = parse_minutes(args.minutes) if getattr(args, "minutes", None) is not None else None
        size = parse_size(args.size) if args.size is not None else None
        if size is not None and kind != "kakuro":
            raise ValueError(f"--size applies to kakuro only ({kind} is always 9x9)")
        puzzles = generate_many(kind, seed=args.seed, count=args.count, band=band, size=size,
                                max_tries=args.max_tries, minutes=minutes, needs=needs, hardest=hardest)
    except ValueError as error:
        _fail(f"--{error}" if str(error).startswith("needs: ") else str(error), err)
        return 2
    separator = None
    started = time.perf_counter()
    try:
        for puzzle, tries in puzzles:
            text = write_text([puzzle], fmt)
            if separator is None:
                separator = write_text([puzzle, puzzle], fmt)[len(text):-len(text) or None]
                emit_data(text, out)
            else:
                emit_data(separator + text, out)
            if band is not None or minutes is not None or needs is not None:
                seconds = time.perf_counter() - started
                wanted = ", ".join(w for w in (band, minutes and f"{minutes[0]:g}-{minutes[1]:g} min") if w)
                if needs is not None:  # the label says the needs and the band or minutes
                    wanted = str(puzzle.get_info("difficulty", wanted))
                note = f"{puzzle.id}: {wanted} after {tries} {'try' if tries == 1 else 'tries'} ({seconds:.1f} s)"
                try:
                    emit_data(printable(note, frozenset()) + "\n", err)
                except OutputError:  # standard error gone: the puzzles still go out
                    pass
                started = time.perf_counter()
    except BudgetExhausted as error:
        advice = "another band" if band is not None or minutes is not None else "other techniques"
        _fail(f"{error}; raise --max-tries or choose {advice}" if error.band else
              f"{error}; raise --max-tries", err, usage=False)
        return 1
    return 0
