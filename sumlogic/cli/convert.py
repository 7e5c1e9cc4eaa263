"""``sumlogic convert IN [--from F] --to F [-o OUT]``: a puzzle from one notation to another.

``IN`` is a file, ``-``, ``sample:NAME`` or a link / puzzle string given
inline; ``--from`` names its notation when detection cannot.  The result goes
to standard output, or to ``OUT``.  A puzzle the target notation cannot hold
(a Kakuro as an f-puzzles link, a Killer with givens as a SudokuWiki string)
is a one-line error, exit status 2.

>>> from sumlogic.cli import main
>>> main(["convert", "sample:killer-1", "--to", "sudokuwiki"])  # doctest: +ELLIPSIS
https://www.sudokuwiki.org/killersudoku.htm?bd=3113...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from solver.errors import SumlogicError

from .common import EXIT_OK, EXIT_UNSOLVED, emit_data, warn

from .reading import InputError, read_entries


def add_parser(commands: Any) -> None:
    """The ``convert`` command."""
    from puzzles import FORMATS

    names = sorted(FORMATS)
    parser = commands.add_parser("convert", help="convert puzzles between notations (files, links, strings)")
    parser.add_argument("input", metavar="IN",
                        help="puzzle file, '-' for standard input, sample:NAME, or a link or puzzle string")
    parser.add_argument("--from", dest="source_format", choices=names, metavar="F",
                        help=f"notation of IN (default: detected); one of {', '.join(names)}")
    parser.add_argument("--to", dest="target_format", choices=names, metavar="F", required=True,
                        help="notation to write")
    parser.add_argument("--output", "-o", metavar="OUT", help="file to write (default: standard output)")
    parser.set_defaults(run=cmd_convert)


def cmd_convert(args: argparse.Namespace) -> int:
    """Read every puzzle of IN and write them in the target notation."""
    from puzzles import write_text

    entries = read_entries(args.input, args.source_format)
    for entry in entries:
        if entry.error:
            warn(f"sumlogic: {entry.error}")
    puzzles = [e.puzzle for e in entries if e.puzzle is not None]
    try:
        text = write_text(puzzles, args.target_format)
    except SumlogicError as error:
        raise InputError(f"{args.target_format}: {' '.join(str(error).split())}") from None
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise InputError(f"{args.output}: cannot write: {error.strerror or error}") from None
    else:
        emit_data(text)
    return EXIT_UNSOLVED if len(puzzles) < len(entries) else EXIT_OK
