"""The ``sumlogic`` command line (also ``python -m solver``).

Commands::

    sumlogic solve PATH... [--format F] [--json] [--timeout S] [--no-logic]
    sumlogic explain PATH... [--json] [--html OUT.html] [--max-depth N] [--no-guess] [--format F]
    sumlogic hint PATH... [--json] [--max-depth N] [--format F]
    sumlogic formats
    sumlogic samples

``PATH`` is a puzzle file in any notation (detected from the content, the
extension breaking ties), ``-`` for standard input, or ``sample:NAME`` for a
bundled sample.

Exit status: 0 when every puzzle is solved (for ``explain``: the trace ends
``solved``, guesses allowed; for ``hint``: a hint was given), 1 when some
puzzle is not (no solution, several, timeout, stuck, or an ``invalid`` line
of a one-puzzle-per-line file), 2 for a usage error or an input that cannot
be read at all (one line on standard error naming the file, line and cell
or cage), 3 for an internal error (a bug: one line on standard error; set
``SUMLOGIC_DEBUG=1`` to see the traceback), 130 on Ctrl-C, 141 when the
reader of standard output goes away.

>>> main(["solve", "sample:sudoku-1", "--json", "--no-logic"])  # doctest: +ELLIPSIS
{"id": "sudoku-1", "kind": "sudoku", "status": "solved", "unique": true, "solution": "478962315...", ...}
0
>>> main(["formats"])  # doctest: +ELLIPSIS
notation  kinds ...
sudoku    sudoku                                          .sudoku .txt  Sudoku: 81 characters a line
0
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from .bits import digits_of
from .errors import ParseError, SumlogicError
from .model import Puzzle
from .step import Step

if TYPE_CHECKING:
    from .engine import Technique, Trace

EXIT_OK = 0
EXIT_UNSOLVED = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

SAMPLE_PREFIX = "sample:"
STDIN_NAME = "<stdin>"
LINE_FORMATS = ("jsonl", "sudoku", "ken")
"""Notations holding one puzzle per line: a bad line spoils only itself."""

DEFAULT_TIMEOUT = 60.0
WIDTH = 100

STATUS_WORDS = {
    "solved": "solved",
    "no-solution": "no-solution: the rules cannot all be met",
    "multiple": "multiple: the puzzle has more than one solution",
    "timeout": "timeout: ran out of time",
    "stuck": "stuck: no technique applies and guessing is off",
    "invalid": "invalid",
}


class InputError(Exception):
    """An input that cannot be read at all; ``str()`` is one line naming the place."""


# --------------------------------------------------------------------- reading input


@dataclass(frozen=True)
class Entry:
    """One puzzle read from an input, or the error of one bad line of a
    one-puzzle-per-line file (then ``puzzle`` is None and ``error`` says why)."""

    source: str
    puzzle: Puzzle | None = None
    error: str | None = None
    id: str = ""
    kind: str | None = None


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


def read_source(path: str) -> str:
    """The text of a file, or of standard input for ``-``."""
    name = STDIN_NAME if path == "-" else path
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{name}: not UTF-8 text") from None
    except OSError as error:
        raise InputError(f"{name}: cannot read: {error.strerror or error}") from None


def read_sample(name: str) -> list[Entry]:
    """The bundled sample ``name`` as one entry."""
    from puzzles import SAMPLES, sample

    if name not in SAMPLES:
        raise InputError(f"{SAMPLE_PREFIX}{name}: no such sample (samples: {', '.join(SAMPLES)})")
    return [Entry(SAMPLE_PREFIX + name, puzzle=sample(name))]


def read_entries(path: str, format: str | None = None) -> list[Entry]:
    """Every puzzle of an input (a file, ``-`` or ``sample:NAME``).

    Raises :class:`InputError` when nothing can be read from it.
    """
    if path.startswith(SAMPLE_PREFIX) and not Path(path).exists():
        return read_sample(path[len(SAMPLE_PREFIX):])
    name = STDIN_NAME if path == "-" else path
    return parse_entries(read_source(path), format, name)


def parse_entries(text: str, format: str | None, name: str) -> list[Entry]:
    """Every puzzle of a text.  When the text is in a one-puzzle-per-line
    notation and some lines are bad, the good lines are kept and each bad one
    becomes an entry holding its error; when no puzzle at all can be read,
    :class:`InputError` carries the first error."""
    from puzzles import FORMATS, detect_format, read_text

    if not text.strip():
        raise InputError(f"{name}: empty, no puzzle found")
    try:
        notation = format or detect_format(text, name)
    except SumlogicError:
        raise InputError(f"{name}: cannot tell the notation; name it with --format "
                         f"({', '.join(FORMATS)})") from None
    try:
        puzzles = read_text(text, format=notation, filename=name)
    except SumlogicError as error:
        entries = line_entries(text, notation, name) if line_by_line(text, notation) else []
        if not any(e.puzzle for e in entries):
            raise InputError(error_line(error, name)) from None
        return entries
    if not puzzles:
        raise InputError(f"{name}: no puzzle found")
    return [Entry(name, puzzle=p) for p in puzzles]


def line_by_line(text: str, notation: str) -> bool:
    """Whether a text may be read one line at a time: its notation holds one
    puzzle per line, and it is not one JSON value spread over several lines."""
    if notation not in LINE_FORMATS:
        return False
    if notation == "jsonl":
        stripped = text.strip()
        return not stripped.startswith("[") and not _is_json(stripped)
    return True


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def line_entries(text: str, notation: str, name: str) -> list[Entry]:
    """One entry per non-blank line, each line read on its own."""
    from puzzles import FORMATS
    from puzzles.common import line_id

    parse = FORMATS[notation].parse
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    out: list[Entry] = []
    for number, line in lines:
        try:
            puzzles = parse(line)
        except SumlogicError as error:
            message = error.message if isinstance(error, ParseError) else str(error)
            located = ParseError(one_line(message), line=number, source=name)
            out.append(Entry(name, error=str(located), **_identity(line, notation)))
            continue
        for puzzle in puzzles:
            if notation != "jsonl" and not puzzle.id:
                puzzle = dataclasses.replace(puzzle, id=line_id(name, number, len(lines)))
            out.append(Entry(name, puzzle=puzzle))
    return out


def _identity(line: str, notation: str) -> dict[str, Any]:
    """The id and kind a bad JSON Lines record claims, when it says."""
    if notation != "jsonl":
        return {}
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(record, dict):
        return {}
    found: dict[str, Any] = {}
    if isinstance(record.get("id"), str):
        found["id"] = record["id"]
    if isinstance(record.get("kind"), str):
        found["kind"] = record["kind"]
    return found


def read_all(paths: Sequence[str], format: str | None) -> list[Entry]:
    """The entries of every input, in order; :class:`InputError` for the first unreadable one."""
    out: list[Entry] = []
    for path in paths:
        out.extend(read_entries(path, format))
    return out


# --------------------------------------------------------------------- drawing grids


def draw_grid(puzzle: Puzzle, digits: Sequence[int] | None = None) -> str:
    """A grid as text: the digits given (0 for an open cell), else the givens.

    >>> from puzzles import sample
    >>> print(draw_grid(sample("sudoku-1")).splitlines()[0])
    . . . | 9 6 . | . 1 5
    >>> print(draw_grid(sample("kakuro-6x6")).splitlines()[1])
       \\3     .     . 12\\10     .     .
    """
    values = list(digits) if digits is not None else list(puzzle.givens)
    if puzzle.kind == "kakuro":
        try:
            return draw_kakuro(puzzle, values)
        except SumlogicError:
            pass
    if puzzle.is_full_grid:
        return draw_full(puzzle, values)
    return "\n".join(puzzle.format_solution(values))


def draw_full(puzzle: Puzzle, values: Sequence[int]) -> str:
    """A full grid, with box separators when it is 9x9."""
    rows = [["."] * puzzle.width for _ in range(puzzle.height)]
    for (r, c), d in zip(puzzle.cells, values):
        rows[r][c] = str(d) if d else "."
    boxed = puzzle.height == puzzle.width == 9
    lines = []
    for r, row in enumerate(rows):
        if boxed and r in (3, 6):
            lines.append("------+-------+------")
        cells = [row[i:i + 3] for i in range(0, 9, 3)] if boxed else [row]
        lines.append(" | ".join(" ".join(part) for part in cells))
    return "\n".join(lines)


def draw_kakuro(puzzle: Puzzle, values: Sequence[int]) -> str:
    """A Kakuro: ``#`` for a block, ``D\\R`` for a clue, a digit or ``.`` for a white cell."""
    from puzzles.kakuro import to_grid

    grid = to_grid(puzzle)
    for (r, c), d in zip(puzzle.cells, values):
        grid[r][c] = str(d) if d else "."
    width = max(len(token) for row in grid for token in row)
    return "\n".join(" ".join(token.rjust(width) for token in row).rstrip() for row in grid)


# --------------------------------------------------------------------- printing


def emit(text: str = "") -> None:
    """Write one line (or several) to standard output, flushed so pipes see it at once."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def emit_json(data: Any) -> None:
    """Write one JSON object on one line."""
    emit(json.dumps(data, ensure_ascii=False))


def warn(text: str) -> None:
    """Write one line to standard error."""
    sys.stderr.write(one_line(text) + "\n")
    sys.stderr.flush()


def header(entry: Entry) -> str:
    """The line that starts the report on one puzzle."""
    if entry.puzzle is None:
        return f"== {entry.id or entry.source} ({entry.kind or 'unknown kind'})"
    p = entry.puzzle
    return f"== {p.id or entry.source} ({p.kind})"


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


# --------------------------------------------------------------------- solve


def solve_record(entry: Entry, timeout: float, logic: bool) -> dict[str, Any]:
    """The JSON report on one puzzle: exact status, solution, and (when asked
    and the puzzle has one solution) whether logic alone solves it."""
    if entry.puzzle is None:
        return {"id": entry.id, "kind": entry.kind, "status": "invalid", "unique": False, "solution": None,
                "seconds": 0.0, "by_logic": None, "techniques": None, "error": entry.error}
    from .search import solve

    puzzle = entry.puzzle
    result = solve(puzzle, timeout=timeout)
    record: dict[str, Any] = {
        "id": puzzle.id, "kind": puzzle.kind, "status": result.status, "unique": result.unique,
        "solution": puzzle.format_solution(result.solution) if result.solution else None,
        "seconds": round(result.seconds, 4), "nodes": result.nodes,
    }
    if not logic:
        record.update(by_logic=None, techniques=None)
    elif result.status != "solved":
        record.update(by_logic=False, techniques={})
    else:
        record.update(logic_record(puzzle, timeout))
    return record


def logic_record(puzzle: Puzzle, timeout: float) -> dict[str, Any]:
    """``by_logic``, ``techniques``, ``logic_status`` and ``logic_seconds`` from a fast engine run."""
    from .engine import solve_with_logic

    trace = solve_with_logic(puzzle, explain=False, timeout=timeout)
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
    emit(draw_grid(puzzle, digits))
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
    """One line saying how the logic engine did."""
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
    entries = read_all(args.paths, args.format)
    all_solved = True
    for entry in entries:
        record = solve_record(entry, args.timeout, not args.no_logic)
        all_solved &= record["status"] == "solved"
        if entry.puzzle is None:
            warn(f"sumlogic: {entry.error}")
        if args.json:
            emit_json(record)
        else:
            print_solve(entry, record)
    return EXIT_OK if all_solved else EXIT_UNSOLVED


# --------------------------------------------------------------------- explain


def invalid_record(entry: Entry) -> dict[str, Any]:
    """What ``--json`` writes for a bad line."""
    return {"id": entry.id, "kind": entry.kind, "status": "invalid", "error": entry.error}


def print_trace(entry: Entry, trace: Trace) -> None:
    """Numbered steps, the ending and the final grid."""
    puzzle = entry.puzzle
    assert puzzle is not None
    emit(header(entry))
    for number, step in enumerate(trace.steps, 1):
        for line in format_step(step, puzzle, f"{number:>3}."):
            emit(line)
    emit(trace_ending(trace))
    final = trace.solution if trace.status == "solved" else placed_digits(puzzle, trace.steps)
    emit(draw_grid(puzzle, final))
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
    from .engine import solve_with_logic

    entries = read_all(args.paths, args.format)
    traces: list[dict[str, Any]] = []
    all_solved = True
    for entry in entries:
        if entry.puzzle is None:
            all_solved = False
            warn(f"sumlogic: {entry.error}")
            if args.json:
                emit_json(invalid_record(entry))
            continue
        trace = solve_with_logic(entry.puzzle, guess=not args.no_guess, max_depth=args.max_depth,
                                 timeout=args.timeout)
        all_solved &= trace.status == "solved"
        data = trace.to_dict() if args.json or args.html else None
        if data is not None and args.html:
            traces.append(data)
        if args.json:
            emit_json(data)
        else:
            print_trace(entry, trace)
    if args.html:
        write_page(args.html, traces)
    return EXIT_OK if all_solved else EXIT_UNSOLVED


def write_page(path: str, traces: list[dict[str, Any]]) -> None:
    """Write the step viewer page for ``traces`` (nothing when there is none)."""
    if not traces:
        warn(f"{path}: not written: no puzzle to show")
        return
    from .html import render_html

    try:
        Path(path).write_text(render_html(traces), encoding="utf-8", newline="\n")
    except OSError as error:
        raise InputError(f"{path}: cannot write: {error.strerror or error}") from None


# --------------------------------------------------------------------- hint


def first_hint(puzzle: Puzzle, max_depth: int) -> Step | None:
    """The first step after the givens step from the start state (a guess
    when no technique applies); None when every cell is given."""
    from .candidates import Candidates
    from .engine import Context, apply, givens_step, guess_step, next_step
    from .search import solve

    ctx = Context(puzzle, Candidates.initial(puzzle), _default_techniques(), max_depth=max_depth)
    opening = givens_step(ctx)
    if opening is not None:
        apply(ctx, opening)
    if ctx.is_done():
        return None
    step = next_step(ctx)
    if step is None:
        solution = solve(puzzle).solution
        assert solution is not None
        step = guess_step(ctx, solution)
    return step


def _default_techniques() -> Sequence[Technique]:
    from techniques import DEFAULT

    return DEFAULT


def hint_record(entry: Entry, timeout: float, max_depth: int) -> tuple[dict[str, Any], Step | None]:
    """The JSON report of a hint, and the step itself (None when there is none)."""
    from .search import solve

    if entry.puzzle is None:
        return invalid_record(entry), None
    puzzle = entry.puzzle
    status = solve(puzzle, timeout=timeout).status
    step = first_hint(puzzle, max_depth) if status == "solved" else None
    if status == "solved" and step is None:
        status = "done"
    record = {"id": puzzle.id, "kind": puzzle.kind, "status": status,
              "step": step.to_dict(puzzle) if step else None}
    return record, step


def cmd_hint(args: argparse.Namespace) -> int:
    """``sumlogic hint``."""
    entries = read_all(args.paths, args.format)
    ok = True
    for entry in entries:
        record, step = hint_record(entry, args.timeout, args.max_depth)
        ok &= step is not None or record["status"] == "done"
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
    """The hint, or why there is none."""
    if step is not None and entry.puzzle is not None:
        for line in format_step(step, entry.puzzle):
            emit(line)
    elif record["status"] == "done":
        emit("no hint: every cell is already given")
    elif record["status"] == "invalid":
        emit(f"no hint: invalid: {entry.error}")
    else:
        emit(f"no hint: {STATUS_WORDS.get(record['status'], record['status'])}")


# --------------------------------------------------------------------- formats, samples


def cmd_formats(args: argparse.Namespace) -> int:
    """``sumlogic formats``: every notation with its kinds and extensions."""
    from puzzles import FORMATS

    rows = [(n.name, ", ".join(n.kinds), " ".join(n.extensions), n.description) for n in FORMATS.values()]
    if args.json:
        for name, kinds, extensions, description in rows:
            emit_json({"name": name, "kinds": kinds.split(", "), "extensions": extensions.split(),
                       "description": description})
        return EXIT_OK
    for line in table(rows, ("notation", "kinds", "extensions", "description")):
        emit(line)
    return EXIT_OK


def cmd_samples(args: argparse.Namespace) -> int:
    """``sumlogic samples``: every bundled sample with its kind and notation."""
    from puzzles import SAMPLES, detect_format, sample
    from puzzles.samples import sample_text

    rows = []
    for name in SAMPLES:
        puzzle = sample(name)
        rows.append((SAMPLE_PREFIX + name, puzzle.kind, detect_format(sample_text(name)),
                     f"{puzzle.height}x{puzzle.width}"))
    if args.json:
        for name, kind, notation, size in rows:
            emit_json({"name": name, "kind": kind, "notation": notation, "size": size})
        return EXIT_OK
    for line in table(rows, ("path", "kind", "notation", "size")):
        emit(line)
    return EXIT_OK


def table(rows: Sequence[tuple[str, ...]], titles: tuple[str, ...]) -> list[str]:
    """Rows as aligned columns under a title line."""
    everything = [titles, *rows]
    widths = [max(len(row[i]) for row in everything) for i in range(len(titles))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in everything]


# --------------------------------------------------------------------- arguments


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def depth(text: str) -> int:
    """An argparse type: a nesting depth 0..10."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = argparse.ArgumentParser(
        prog="sumlogic",
        description="Solve Kakuro, Killer, Greater Killer, Kropki and Sudoku puzzles the way a strong "
                    "human does, and explain every step.",
        epilog="Exit status: 0 all solved, 1 some not solved (or an invalid line), 2 usage error or "
               "unreadable input, 3 internal error.")
    parser.add_argument("--version", action="version", version=f"sumlogic {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    solve = commands.add_parser("solve", help="solve puzzles and prove the solution unique",
                                description="Solve puzzles exactly, prove uniqueness, and tell whether "
                                            "logic alone solves them.")
    add_input(solve)
    solve.add_argument("--no-logic", action="store_true",
                       help="skip the logic engine (by_logic and techniques are then null)")
    solve.set_defaults(run=cmd_solve)

    explain = commands.add_parser("explain", help="solve step by step, explaining every step",
                                  description="Solve step by step with human techniques and print every step.")
    add_input(explain)
    explain.add_argument("--max-depth", type=depth, default=3, metavar="N",
                         help="deepest nesting of assumptions in contradiction chains (default 3)")
    explain.add_argument("--no-guess", action="store_true",
                         help="stop with status 'stuck' instead of guessing when no technique applies")
    explain.add_argument("--html", metavar="OUT.html", help="also write one self-contained step viewer page")
    explain.set_defaults(run=cmd_explain)

    hint = commands.add_parser("hint", help="show only the next step from the start",
                               description="Show the first step a solver would take after the givens.")
    add_input(hint)
    hint.add_argument("--max-depth", type=depth, default=3, metavar="N",
                      help="deepest nesting of assumptions in contradiction chains (default 3)")
    hint.set_defaults(run=cmd_hint)

    formats = commands.add_parser("formats", help="list the notations sumlogic reads and writes")
    formats.add_argument("--json", action="store_true", help="one JSON object per notation")
    formats.set_defaults(run=cmd_formats)

    samples = commands.add_parser("samples", help="list the bundled sample puzzles (use as sample:NAME)")
    samples.add_argument("--json", action="store_true", help="one JSON object per sample")
    samples.set_defaults(run=cmd_samples)

    from . import cli_generate, cli_grade

    cli_grade.add_parser(commands, add_input)
    cli_generate.add_parser(commands)
    return parser


def _version() -> str:
    from . import __version__

    return __version__


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace | int:
    """The parsed arguments, or the exit code argparse chose (help, version, usage error)."""
    try:
        return build_parser().parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE


# --------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    args = parse_args(list(argv) if argv is not None else None)
    if isinstance(args, int):
        return args
    run: Callable[[argparse.Namespace], int] = getattr(args, "run", None) or args.func
    try:
        return run(args)
    except InputError as error:
        warn(f"sumlogic: {error}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return broken_pipe()
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
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_BROKEN_PIPE


def entry_point() -> None:
    """``python -m solver``: run :func:`main` and exit with its status."""
    try:
        code = main()
    except KeyboardInterrupt:  # Ctrl-C while the modules load
        code = EXIT_INTERRUPTED
    sys.exit(code)
