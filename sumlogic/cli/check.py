"""The ``check`` subcommand::

    sumlogic check PATH --position POS [--json] [--format F] [--timeout S]

Checks the person's position (their digits and pencil marks) against the
puzzle's unique solution and lists each mistake by cell, saying why without
naming the right digit.  ``--json`` writes ``{"id", "kind", "status",
"mistakes": [{"cell", "kind", "digit", "text"}], "placed", "open"}``.
Exit status 0 when there is no mistake (``ok``, ``complete``), 1 for
mistakes or a puzzle without a unique solution, 2 for input that cannot be read.

>>> from sumlogic.cli import build_parser
>>> args = build_parser().parse_args(["check", "sample:sudoku-1", "--position", "r1c1=1 r1c2=12"])
>>> args.run(args)
r1c1 (candidate): you removed 4 from r1c1, but r1c1 can still be 4
r1c2 (candidate): you removed 7 from r1c2, but r1c2 can still be 7
status: 2 mistakes
1
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from .common import EXIT_OK, EXIT_UNSOLVED, STATUS_WORDS, emit, emit_json

from .reading import one_puzzle, read_all, read_position_arg


def add_parser(commands: Any, add_input: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register ``check`` on the CLI's subparsers."""
    from .common import add_position

    check = commands.add_parser("check", help="check your digits and pencil marks against the solution",
                                description="Check a position (your digits and pencil marks) against the "
                                            "puzzle's unique solution; each mistake is named by cell, "
                                            "without giving the right digit away.")
    add_input(check)
    add_position(check)
    check.set_defaults(run=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    """``sumlogic check``."""
    from ..api import check

    entries = read_all(args.paths, args.format, args.max_input)
    entry = one_puzzle(entries, "check")
    position = read_position_arg(entry, args.position, args.paths[0], args.max_input)
    result = check(position, timeout=args.timeout)
    if args.json:
        emit_json(result.to_dict())
    else:
        for line in check_lines(result.to_dict()):
            emit(line)
    return EXIT_OK if result.ok else EXIT_UNSOLVED


def check_lines(data: dict[str, Any]) -> list[str]:
    """The human report of a check (from its ``to_dict()``)."""
    lines = [f"{m['cell']} ({m['kind']}): {m['text']}" for m in data["mistakes"]]
    status = data["status"]
    if status == "mistakes":
        count = len(data["mistakes"])
        lines.append(f"status: {count} mistake{'s' if count != 1 else ''}")
    elif status == "ok":
        lines.append(f"status: ok, no mistake ({data['placed']} digits placed, {data['open']} cells open)")
    elif status == "complete":
        lines.append("status: complete, every digit right")
    else:
        if data.get("reason"):
            lines.append(data["reason"])
        lines.append(f"status: {STATUS_WORDS.get(status, status)}; nothing to check against")
    return lines
