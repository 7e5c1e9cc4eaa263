"""The ``explain`` and ``hint`` subcommands::

    sumlogic explain PATH... [--json] [--html OUT.html] [--max-depth N] [--no-guess] [--budget N]
                     [--jobs N] [--format F] [--timeout S] [--position POS] [--techniques ID,...]
                     [--without ID,...] [--max-level N]
    sumlogic hint PATH... [--json] [--max-depth N] [--format F] [--timeout S] [--position POS]
                  [--level 1|2|3] [--techniques ID,...] [--without ID,...] [--max-level N]

``explain`` solves each puzzle with the technique engine and prints every
step (``--json``: the trace, one line per puzzle; ``--html``: also the step
viewer page; ``--budget N``: a work budget instead of the clock, so the same
puzzle always gives the same trace).  ``hint`` prints only the first step after the givens,
exactly as ``explain`` shows it (with every effect of a placement).

With ``--position POS`` (one puzzle) both start from the person's own
digits and pencil marks instead of the start, after checking them: a
position with mistakes gets the mistakes instead of steps built on them.
``hint --level 1`` names the technique and where to look, ``--level 2`` the
cells and digits involved without the conclusion, ``--level 3`` the whole
step.  ``--techniques``, ``--without`` and ``--max-level`` choose the techniques.

>>> from sumlogic.cli import build_parser
>>> args = build_parser().parse_args(["hint", "sample:sudoku-1"])
>>> args.run(args)
Naked single [naked-single, level 1]
  r9c8 has one candidate left, so it is 3.
  => r9c8=3 r5c8-3 r6c8-3 r8c8-3 r8c9-3 r9c4-3 r9c7-3 r9c9-3
0
"""

from __future__ import annotations

import argparse
import textwrap
from typing import TYPE_CHECKING, Any, Callable, Iterable

from solver.bits import digits_of
from .common import (EXIT_OK, EXIT_UNSOLVED, STATUS_WORDS, add_jobs, add_position, add_techniques, depth, emit,
                     emit_json, emit_lines, header, in_order, progress, technique_ids, warn)
from .reading import Entry, InputError, one_puzzle, read_all, read_position_arg
from .grid import draw_grid
from solver.model import Puzzle
from solver.step import Step

if TYPE_CHECKING:
    from solver.engine import Trace

WIDTH = 100
"""Where step sentences wrap."""


def add_parsers(commands: Any, add_input: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register ``explain`` and ``hint`` on the CLI's subparsers."""
    explain = commands.add_parser("explain", help="solve step by step, explaining every step",
                                  description="Solve step by step with human techniques and print every step.")
    add_input(explain)
    add_max_depth(explain)
    explain.add_argument("--no-guess", action="store_true",
                         help="stop with status 'stuck' instead of guessing when no technique applies")
    explain.add_argument("--html", metavar="OUT.html",
                         help="write one self-contained step viewer page instead of the steps as text "
                              "(with --json, the traces still go to standard output)")
    add_budget(explain, None)
    add_jobs(explain)
    add_position(explain)
    add_techniques(explain)
    explain.set_defaults(run=cmd_explain)

    hint = commands.add_parser("hint", help="show only the next step (from the start or from your position)",
                               description="Show the next step a solver would take: after the givens, or "
                                           "from your own position (--position).")
    add_input(hint)
    add_max_depth(hint)
    add_position(hint)
    hint.add_argument("--level", type=int, choices=(1, 2, 3), default=None,
                      help="how much to tell: 1 the technique and where to look, 2 the cells and digits "
                           "involved (not the conclusion), 3 the whole step (default: 3)")
    add_techniques(hint)
    hint.set_defaults(run=cmd_hint)


def add_max_depth(parser: argparse.ArgumentParser) -> None:
    """The ``--max-depth N`` option (0..10, default 3)."""
    parser.add_argument("--max-depth", type=depth, default=3, metavar="N",
                        help="deepest nesting of assumptions in contradiction chains (default 3)")


def add_budget(parser: argparse.ArgumentParser, default: int | None) -> None:
    """The ``--budget N`` option: the work units contradiction chains may spend per puzzle."""
    from .common import work_units

    after = ("default: none, 3/4 of --timeout limits them; a budget gives the same trace on any machine"
             if default is None else f"default {default}")
    parser.add_argument("--budget", type=work_units, default=default, metavar="N",
                        help="work units (about one propagation each) that contradiction chains may spend "
                             f"per puzzle; past it the engine guesses ({after})")


# --------------------------------------------------------------------- steps as text


def effects(step: Step, puzzle: Puzzle) -> str:
    """A step's placements and eliminations: ``r3c4=7 r3c5-12``."""
    parts = [f"{puzzle.cell_name(c)}={d}" for c, d in step.placements]
    parts += [f"{puzzle.cell_name(c)}-{''.join(map(str, digits_of(m)))}" for c, m in step.eliminations]
    return " ".join(parts)


def format_step(step: Step, puzzle: Puzzle, label: str = "", indent: int = 0) -> list[str]:
    """Lines describing a step (and the chain under it): name, level, sentence, effects."""
    pad = " " * indent
    head = f"{label} " if label else ""
    title = f"{pad}{head}{step.name} [{step.technique}, level {step.level}]"
    body_pad = pad + " " * len(head)
    lines = [title]
    if step.text:
        lines += textwrap.wrap(step.text, WIDTH, initial_indent=body_pad + "  ", subsequent_indent=body_pad + "  ")
    changes = effects(step, puzzle)
    if changes:
        lines += textwrap.wrap(changes, WIDTH, initial_indent=body_pad + "  => ",
                               subsequent_indent=body_pad + "     ", break_on_hyphens=False)
    for k, sub in enumerate(step.sub_steps, 1):
        lines += format_step(sub, puzzle, f"{k})", len(body_pad) + 4)
    return lines


def placed_digits(puzzle: Puzzle, steps: Iterable[Step]) -> list[int]:
    """The digits placed by the givens and by the steps (0 where open)."""
    values = list(puzzle.givens)
    for step in steps:
        for cell, digit in step.placements:
            values[cell] = digit
    return values


def invalid_record(entry: Entry) -> dict[str, Any]:
    """What ``--json`` writes for a bad line."""
    return {"id": entry.id, "kind": entry.kind, "status": "invalid", "error": entry.error}


# --------------------------------------------------------------------- explain


def print_trace(entry: Entry, trace: Trace, note: str = "") -> None:
    """Numbered steps, the ending and the final grid (``note``: a line after the header)."""
    puzzle = entry.puzzle
    assert puzzle is not None
    emit(header(entry))
    if note:
        emit(note)
    for number, step in enumerate(trace.steps, 1):
        for line in format_step(step, puzzle, f"{number:>3}."):
            emit(line)
    emit(trace_ending(trace))
    final = trace.solution if trace.status == "solved" else placed_digits(puzzle, trace.steps)
    emit_lines(draw_grid(puzzle, final))
    emit()


def trace_ending(trace: Trace) -> str:
    """One line: how the trace ended."""
    steps = len(trace.steps)
    guesses = sum(1 for s in trace.steps if s.technique == "guess")
    if trace.status == "solved":
        how = "by logic alone" if trace.by_logic else f"with {guesses} guess(es)"
        return f"status: solved {how} in {steps} steps; {trace.seconds:.3f} s"
    return f"status: {STATUS_WORDS.get(trace.status, trace.status)}; {steps} steps; {trace.seconds:.3f} s"


def cmd_explain(args: argparse.Namespace) -> int:
    """``sumlogic explain``."""
    entries = read_all(args.paths, args.format, args.max_input)
    ids = technique_ids(args)
    if args.position is not None:
        return _explain_position(args, one_puzzle(entries, "--position"), ids)
    traces: list[dict[str, Any]] = []
    all_solved = True
    jobs = [(entry.puzzle, not args.no_guess, args.max_depth, args.timeout, args.budget, ids)
            for entry in entries if entry.puzzle is not None]
    solved = progress(in_order(_explain_job, jobs, args.jobs), len(jobs), "explaining")
    for entry in entries:
        if entry.puzzle is None:
            all_solved = False
            warn(f"sumlogic: {entry.error}")
            if args.json:
                emit_json(invalid_record(entry))
            continue
        trace = next(solved)
        all_solved &= trace.status == "solved"
        data = trace.to_dict() if args.json or args.html else None
        if data is not None and args.html:
            traces.append(data)
        if args.json:
            emit_json(data)
        elif not args.html:  # with --html the page shows the steps: one "wrote" line instead
            print_trace(entry, trace)
    if args.html:
        write_page(args.html, traces)
        if traces and not args.json:
            emit(f"wrote {args.html} ({len(traces)} puzzle{'s' if len(traces) != 1 else ''})")
    return EXIT_OK if all_solved else EXIT_UNSOLVED


def _explain_position(args: argparse.Namespace, entry: Entry, ids: tuple[str, ...] | None) -> int:
    """``explain --position``: the solution from the person's position, or their mistakes."""
    from ..api import explain

    position = read_position_arg(entry, args.position, args.paths[0], args.max_input)
    trace = explain(position, techniques=ids, guess=not args.no_guess, max_depth=args.max_depth,
                    timeout=args.timeout, budget=args.budget)
    data = trace.to_dict()
    if args.json:
        emit_json(data)
    if args.html and trace.status != "mistakes":
        write_page(args.html, [data])
        if not args.json:
            emit(f"wrote {args.html} (1 puzzle)")
    elif not args.json:
        if trace.status == "mistakes":
            emit(header(entry))
            for line in mistake_lines(data["mistakes"]):
                emit(line)
        else:
            placed = len(data["position"]["placed"])
            marked = len(data["position"]["marks"])
            print_trace(entry, trace, f"from your position: {placed} digit{'s' if placed != 1 else ''} placed, "
                                      f"{marked} cell{'s' if marked != 1 else ''} pencilled")
    return EXIT_OK if trace.status == "solved" else EXIT_UNSOLVED


def mistake_lines(mistakes: list[dict[str, Any]]) -> list[str]:
    """The mistakes of a position, one line each, after a count."""
    count = len(mistakes)
    return [f"your position has {count} mistake{'s' if count != 1 else ''}:"] + \
        [f"  {m['cell']} ({m['kind']}): {m['text']}" for m in mistakes]


def write_page(path: str, traces: list[dict[str, Any]]) -> None:
    """Write the step viewer page for ``traces`` (nothing when there is none)."""
    if not traces:
        warn(f"{path}: not written: no puzzle to show")
        return
    from ..html import write_html

    try:
        write_html(path, traces)
    except OSError as error:
        raise InputError(f"{path}: cannot write: {error.strerror or error}") from None


# --------------------------------------------------------------------- hint


def _explain_job(job: tuple[Puzzle, bool, int, float, int | None, tuple[str, ...] | None]) -> Trace:
    """One ``explain`` trace (for a process pool); techniques travel as ids."""
    from ..api import explain

    puzzle, guess, max_depth, timeout, budget, ids = job
    return explain(puzzle, techniques=ids, guess=guess, max_depth=max_depth, timeout=timeout, budget=budget)


def hint_record(entry: Entry, timeout: float, max_depth: int, level: int | None = None,
                ids: tuple[str, ...] | None = None, position: Any = None) -> tuple[dict[str, Any], Step | None]:
    """The JSON report of a hint, and the step itself (None when there is none)."""
    from ..api import hint

    if entry.puzzle is None:
        return invalid_record(entry), None
    found = hint(position if position is not None else entry.puzzle, level=level, techniques=ids,
                 max_depth=max_depth, timeout=timeout)
    return found.to_dict(), found.step


def cmd_hint(args: argparse.Namespace) -> int:
    """``sumlogic hint``."""
    entries = read_all(args.paths, args.format, args.max_input)
    ids = technique_ids(args)
    position = None
    if args.position is not None:
        position = read_position_arg(one_puzzle(entries, "--position"), args.position, args.paths[0],
                                     args.max_input)
    ok = True
    for entry in entries:
        record, step = hint_record(entry, args.timeout, args.max_depth, args.level, ids, position)
        ok &= (step is not None and record["status"] == "solved") or record["status"] == "done"
        if entry.puzzle is None:
            warn(f"sumlogic: {entry.error}")
        if args.json:
            emit_json(record)
            continue
        if len(entries) > 1:
            emit(header(entry))
        print_hint(entry, record, step)
    return EXIT_OK if ok else EXIT_UNSOLVED


def print_hint(entry: Entry, record: dict[str, Any], step: Step | None) -> None:
    """The hint (at its level: the nudge, the cells and digits, or the whole step), or why there is none."""
    level = record.get("level")
    if record["status"] == "mistakes":
        for line in mistake_lines(record["mistakes"]):
            emit(line)
        emit("no hint: correct the mistakes first")
    elif step is not None and entry.puzzle is not None:
        if level in (1, 2):
            for line in textwrap.wrap(record["text"], WIDTH):
                emit(line)
        else:
            for line in format_step(step, entry.puzzle):
                emit(line)
        if record["status"] == "timeout":
            emit("note: the exact solver ran out of time before proving that the puzzle has exactly one solution")
    elif record["status"] == "done":
        emit("no hint: every cell is already given" if level is None else "no hint: every cell is filled")
    elif record["status"] == "invalid":
        emit(f"no hint: invalid: {entry.error}")
    else:
        emit(f"no hint: {STATUS_WORDS.get(record['status'], record['status'])}")
