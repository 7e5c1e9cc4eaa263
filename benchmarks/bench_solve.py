"""Seconds to solve and prove uniqueness: sumlogic's exact solver against OR-tools CP-SAT (and SAT).

    python benchmarks/bench_solve.py [--kinds killer kakuro] [--limit N] [--corpus DIR]
                                     [--timeout S] [--slowest K] [--no-cpsat] [--sat] [--ids TEXT ...]

For every corpus puzzle of the chosen kinds, in one process and one after
the other on the same puzzle object:

* **sumlogic**: :func:`solver.search.solve` (compile, propagate, search for a
  second solution);
* **CP-SAT** (``pip install ortools``, the ``bench`` extra): a model built
  from the same :class:`~solver.model.Puzzle`, solved, then solved again
  with a clause that excludes the first solution, which must come back
  infeasible.  One search worker (``num_workers = 1``), so both solvers use
  one core.

* **SAT** (``--sat``, python-sat from the ``bench`` extra): the CNF of
  :mod:`benchmarks.sat_peer`, solved by Glucose 4 the same way (Greater
  Killers, whose comparisons it does not encode, are left out).

Both times are CPU seconds of this process (``time.process_time``, which
counts every thread, so CP-SAT's one worker is counted in full) and include
building the model from the puzzle (parsing the file is not timed).  CPU
time keeps the comparison fair on a shared machine, where wall-clock time
depends on what else runs; ``--timeout`` is wall-clock, as for users.
Both answers are checked against the recorded solution; a mismatch or a
timeout is printed and makes the exit code 1.

The model: a boolean per cell and digit with exactly one per cell; at most
one cell per digit in every all-different region (exactly one in a full
house); a linear sum per region with a total; for every all-different sum a
table of the digit combinations that fit (over "digit d is used" booleans);
Kropki dots and the negative rule as clauses forbidding the digit pairs that
break them (the corpus README reports a CP-SAT presolve bug with a table
formulation of dots); Greater Killer comparisons as linear inequalities.

It prints, per kind, the number of puzzles, the median and the largest
seconds of each solver, the ratio of the medians (sumlogic / CP-SAT; below
1 means sumlogic is faster) and the slowest puzzles.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402
from solver.bits import combinations  # noqa: E402
from solver.model import Puzzle, pair_holds  # noqa: E402
from solver.search import solve  # noqa: E402

TARGET_MAX_SECONDS = 1.0


@dataclass
class Run:
    """One solver on one puzzle: seconds taken and whether the answer was right."""

    seconds: float
    ok: bool
    note: str = ""


def recorded_solution(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The corpus solution as digits per cell index (None when the record has none)."""
    text = puzzle.get_info("solution")
    if text is None:
        return None
    return puzzle.parse_solution(text if isinstance(text, str) else list(text))


def run_sumlogic(puzzle: Puzzle, expected: tuple[int, ...] | None, timeout: float) -> Run:
    """Solve with sumlogic and check the answer: status ``solved`` and the recorded solution."""
    start = time.process_time()
    result = solve(puzzle, timeout=timeout)
    seconds = time.process_time() - start
    if result.status != "solved":
        return Run(seconds, False, result.status)
    if expected is not None and tuple(result.solution or ()) != expected:
        return Run(seconds, False, "another solution")
    return Run(seconds, True)


def build_cpsat(puzzle: Puzzle):
    """A CP-SAT model of ``puzzle`` and its cell-digit booleans ``x[cell][digit]``."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    digits = range(1, puzzle.max_digit + 1)
    x: list[dict[int, Any]] = []
    for cell, given in enumerate(puzzle.givens):
        options = [given] if given else list(digits)
        row = {d: model.new_bool_var(f"x{cell}_{d}") for d in options}
        model.add_exactly_one(row.values())
        x.append(row)

    def value(cell: int) -> Any:
        return sum(d * var for d, var in x[cell].items())

    for region in puzzle.regions:
        cells = region.cells
        if region.distinct:
            full = len(cells) == puzzle.max_digit
            used: list[Any] = []
            for d in digits:
                lits = [x[c][d] for c in cells if d in x[c]]
                if full:
                    model.add_exactly_one(lits)
                else:
                    model.add_at_most_one(lits)
                if region.total is not None and not full:
                    flag = model.new_bool_var(f"u{region.name}_{d}")
                    model.add(sum(lits) == flag)
                    used.append(flag)
            if used:
                table = [[combo >> d & 1 for d in digits]
                         for combo in combinations(len(cells), region.total, puzzle.max_digit)]
                model.add_allowed_assignments(used, table)
        if region.total is not None:
            model.add(sum(value(c) for c in cells) == region.total)
    for pair in puzzle.pairs:
        for a, va in x[pair.a].items():
            for b, vb in x[pair.b].items():
                if not pair_holds(pair.kind, a, b):
                    model.add_bool_or([va.negated(), vb.negated()])
    for comp in puzzle.comparisons:
        left = sum(value(c) for c in puzzle.regions[comp.left].cells)
        right = sum(value(c) for c in puzzle.regions[comp.right].cells)
        if comp.op == "<":
            model.add(left < right)
        elif comp.op == ">":
            model.add(left > right)
        else:
            model.add(left == right)
    return model, x


def cpsat_solver(timeout: float) -> Any:
    """A CP-SAT solver with one worker and ``timeout`` seconds, as every peer run here uses."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    return solver


def run_cpsat(puzzle: Puzzle, expected: tuple[int, ...] | None, timeout: float) -> Run:
    """Solve with CP-SAT (one worker), exclude the solution, check the second solve is infeasible."""
    from ortools.sat.python import cp_model

    start = time.process_time()
    model, x = build_cpsat(puzzle)
    solver = cpsat_solver(timeout)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Run(time.process_time() - start, False, solver.status_name(status))
    found = tuple(next(d for d, var in row.items() if solver.value(var)) for row in x)
    model.add_bool_or([x[c][d].negated() for c, d in enumerate(found)])
    second = solver.solve(model)
    seconds = time.process_time() - start
    if second != cp_model.INFEASIBLE:
        return Run(seconds, False, "second solve: " + solver.status_name(second))
    if expected is not None and found != expected:
        return Run(seconds, False, "another solution")
    return Run(seconds, True)


def run_sat(puzzle: Puzzle, expected: tuple[int, ...] | None, timeout: float) -> Run:
    """Solve with the SAT peer (:mod:`benchmarks.sat_peer`): a solution, then none other."""
    from benchmarks.sat_peer import sat_verdict

    status, seconds, found = sat_verdict(puzzle, timeout)
    if status != "solved":
        return Run(seconds, False, status)
    if expected is not None and found != expected:
        return Run(seconds, False, "another solution")
    return Run(seconds, True)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown table's lines (what BENCHMARKS.md quotes).

    >>> markdown_table(["a", "b"], [["1", "2"]])
    ['| a | b |', '| --- | --- |', '| 1 | 2 |']
    """
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def fmt(seconds: float) -> str:
    """Seconds with three decimals."""
    return f"{seconds:.3f}"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the table; exit code 1 when an answer was wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--limit", type=int, default=None, help="at most this many puzzles per kind")
    parser.add_argument("--ids", nargs="+", default=None, help="only puzzles whose id contains one of these")
    parser.add_argument("--corpus", default=None, help="corpus folder (default: $SUMLOGIC_CORPUS or ../shared/corpus)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per puzzle and solver")
    parser.add_argument("--slowest", type=int, default=3, help="slowest puzzles listed per kind and solver")
    parser.add_argument("--no-cpsat", action="store_true", help="time sumlogic only")
    parser.add_argument("--sat", action="store_true", help="also time the SAT peer (Glucose 4 through python-sat)")
    args = parser.parse_args(argv)
    folder = corpus_dir(args.corpus)
    if args.sat:
        from benchmarks.sat_peer import available
        if not available():
            sys.exit("the SAT peer needs python-sat: pip install -e '.[bench]'")
    if not args.no_cpsat:
        try:
            import ortools  # noqa: F401
        except ImportError:
            sys.exit("CP-SAT needs OR-tools: pip install ortools (or pip install -e '.[bench]'), or pass --no-cpsat")

    print("command: python benchmarks/bench_solve.py " + " ".join(sys.argv[1:] if argv is None else argv))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; CPU seconds")
    print(f"corpus: {folder}; CP-SAT: {'off' if args.no_cpsat else 'num_workers = 1'}")
    rows = []
    slow: list[str] = []
    wrong = 0
    over: list[str] = []
    for kind in args.kinds:
        puzzles = load(kind, folder, args.limit, args.ids)
        if not puzzles:
            continue
        ours: list[tuple[float, str]] = []
        theirs: list[tuple[float, str]] = []
        sat: list[tuple[float, str]] = []
        for puzzle in puzzles:
            expected = recorded_solution(puzzle)
            mine = run_sumlogic(puzzle, expected, args.timeout)
            ours.append((mine.seconds, puzzle.id))
            if not mine.ok:
                wrong += 1
                print(f"  sumlogic {puzzle.id}: {mine.note} after {fmt(mine.seconds)} s", flush=True)
            if mine.seconds > TARGET_MAX_SECONDS:
                over.append(f"{puzzle.id} ({fmt(mine.seconds)} s)")
            if not args.no_cpsat:
                other = run_cpsat(puzzle, expected, args.timeout)
                theirs.append((other.seconds, puzzle.id))
                if not other.ok:
                    wrong += 1
                    print(f"  CP-SAT {puzzle.id}: {other.note} after {fmt(other.seconds)} s", flush=True)
            if args.sat and not puzzle.comparisons:
                peer = run_sat(puzzle, expected, args.timeout)
                sat.append((peer.seconds, puzzle.id))
                if not peer.ok:
                    wrong += 1
                    print(f"  SAT {puzzle.id}: {peer.note} after {fmt(peer.seconds)} s", flush=True)
        med = statistics.median(s for s, _ in ours)
        row = [kind, str(len(puzzles)), fmt(med), fmt(max(ours)[0])]
        if theirs:
            their_med = statistics.median(s for s, _ in theirs)
            row += [fmt(their_med), fmt(max(theirs)[0]), f"{med / their_med:.2f}"]
        if args.sat:
            sat_med = statistics.median(s for s, _ in sat) if sat else 0.0
            row += [fmt(sat_med), fmt(max(sat)[0]), f"{med / sat_med:.2f}"] if sat else ["-"] * 3
        rows.append(row)
        for name, times in (("sumlogic", ours), ("CP-SAT", theirs), ("SAT", sat)):
            if times:
                top = sorted(times, reverse=True)[:args.slowest]
                slow.append(f"| {kind} | {name} | " + ", ".join(f"{pid} {fmt(s)}" for s, pid in top) + " |")
        print(f"  {kind}: done", flush=True)

    header = ["kind", "n", "sumlogic median s", "sumlogic max s"]
    if not args.no_cpsat:
        header += ["CP-SAT median s", "CP-SAT max s", "ratio of medians"]
    if args.sat:
        header += ["SAT median s", "SAT max s", "ratio to SAT"]
    print()
    print("\n".join(markdown_table(header, rows)))
    print()
    print("| kind | solver | slowest (s) |")
    print("| --- | --- | --- |")
    print("\n".join(slow))
    print()
    print(f"sumlogic puzzles over {TARGET_MAX_SECONDS:g} s: {len(over)}" + (": " + ", ".join(over) if over else ""))
    if wrong:
        print(f"{wrong} wrong or unfinished answers (see above)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
