"""The ``solve`` subcommand: ``sumlogic solve PATH... [--format F] [--json]
[--timeout S] [--no-logic] [--jobs N]``.

Each puzzle is solved by the exact solver, which proves the solution unique
(or finds none, or two); unless ``--no-logic`` is given, the logic engine
then tells whether human techniques alone solve it.  ``--json`` writes one
record per puzzle; the human output draws the solved grid.

>>> from sumlogic.cli import build_parser
>>> args = build_parser().parse_args(["solve", "sample:kakuro-6x6", "--no-logic"])
>>> args.run(args)  # doctest: +ELLIPSIS
== kakuro-6x6 (kakuro, read as kakuro)
    #   11\\   27\\     #   18\\   11\\
   \\3     2     1 12\\10     1     9
  \\22     9     7     1     3     2
    # 10\\21     9     8     4    3\\
  \\23     9     8     3     2     1
   \\3     1     2   \\10     8     2
status: solved, the solution is unique; ... s
<BLANKLINE>
0
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from .common import (EXIT_OK, EXIT_UNSOLVED, STATUS_WORDS, add_jobs, emit, emit_json, emit_lines, header, in_order,
                     progress, warn)

from .reading import Entry, read_all
from .grid import draw_grid
from solver.model import Puzzle


def add_parser(commands: Any, add_input: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register ``solve`` on the CLI's subparsers."""
    solve = commands.add_parser("solve", help="solve puzzles and prove the solution unique",
                                description="Solve puzzles exactly, prove uniqueness, and tell whether "
                                            "logic alone solves them.")
    add_input(solve)
    solve.add_argument("--no-logic", action="store_true",
                       help="skip the logic engine (by_logic and techniques are then null)")
    add_jobs(solve)
    solve.set_defaults(run=cmd_solve)


def solve_record(entry: Entry, timeout: float, logic: bool) -> dict[str, Any]:
    """The JSON report on one puzzle: exact status, solution, and (when asked
    and the puzzle has one solution) whether logic alone solves it."""
    if entry.puzzle is None:
        return {"id": entry.id, "kind": entry.kind, "status": "invalid", "unique": False, "solution": None,
                "seconds": 0.0, "by_logic": None, "techniques": None, "error": entry.error}
    from ..api import solve

    puzzle = entry.puzzle
    result = solve(puzzle, timeout=timeout)
    record = result.to_dict()
    if not logic:
        record.update(by_logic=None, techniques=None)
    elif result.status != "solved":
        record.update(by_logic=False, techniques={})
    else:
        record.update(logic_record(puzzle, timeout))
    return record


def logic_record(puzzle: Puzzle, timeout: float) -> dict[str, Any]:
    """``by_logic``, ``techniques``, ``logic_status`` and ``logic_seconds`` from a fast engine run."""
    from ..api import explain

    trace = explain(puzzle, explain=False, timeout=timeout)
    return {"by_logic": trace.by_logic, "techniques": trace.techniques_used(),
            "logic_status": trace.status, "logic_seconds": round(trace.seconds, 4)}


def print_solve(entry: Entry, record: dict[str, Any]) -> None:
    """The human report on one solved (or not) puzzle."""
    emit(header(entry))
    if entry.puzzle is None:
        emit(f"invalid: {entry.error}")
        emit()
        return
    puzzle = entry.puzzle
    digits = puzzle.parse_solution(record["solution"]) if record["solution"] else None
    emit_lines(draw_grid(puzzle, digits))
    status = record["status"]
    words = "solved, the solution is unique" if status == "solved" else STATUS_WORDS.get(status, status)
    if status == "multiple" and digits:
        words += " (one of them is shown)"
    elif status == "timeout" and digits:
        words += " (a solution is shown; its uniqueness is not proved)"
    emit(f"status: {words}; {record['seconds']:.3f} s")
    if record.get("by_logic") is not None and status == "solved":
        emit(logic_summary(record))
    emit()


def logic_summary(record: dict[str, Any]) -> str:
    """One line saying how the logic engine did.

    >>> logic_summary({"by_logic": False, "logic_status": "solved", "logic_seconds": 0.25,
    ...                "techniques": {"givens": 1, "hidden-single": 9, "guess": 2}})
    'logic: needs 2 guess(es); 0.250 s; hidden-single 9, guess 2'
    """
    used = {k: v for k, v in record["techniques"].items() if k != "givens"}
    counts = ", ".join(f"{k} {v}" for k, v in used.items())
    if record["by_logic"]:
        verdict = "solved by logic alone"
    elif record.get("logic_status") == "solved":
        verdict = f"needs {used.get('guess', 0)} guess(es)"
    else:
        verdict = f"engine ended {record.get('logic_status')}"
    return f"logic: {verdict}; {record['logic_seconds']:.3f} s; {counts}".rstrip("; ")


def cmd_solve(args: argparse.Namespace) -> int:
    """``sumlogic solve``."""
    entries = read_all(args.paths, args.format, args.max_input)
    all_solved = True
    jobs = [(entry, args.timeout, not args.no_logic) for entry in entries]
    records = progress(in_order(_solve_job, jobs, args.jobs), len(jobs), "solving")
    for entry, record in zip(entries, records):
        all_solved &= record["status"] == "solved"
        if entry.puzzle is None:
            warn(f"sumlogic: {entry.error}")
        if args.json:
            emit_json(record)
        else:
            print_solve(entry, record)
    return EXIT_OK if all_solved else EXIT_UNSOLVED


def _solve_job(job: tuple[Entry, float, bool]) -> dict[str, Any]:
    """:func:`solve_record` on one tuple (for a process pool)."""
    return solve_record(*job)
