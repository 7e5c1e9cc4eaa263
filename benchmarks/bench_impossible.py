"""Seconds and nodes to prove damaged puzzles impossible: sumlogic against OR-tools CP-SAT (and a SAT solver).

    python benchmarks/bench_impossible.py [--count N] [--seed S] [--timeout S] [--corpus DIR] [--no-cpsat] [--sat]
                                          [--only WORD ...] [--reasons]

Batches, each drawn from its own seeded random stream:

* **Kakuro 6x6, 10x10, 15x15, 20x20**: random grids (random pattern, random
  digits, clued from them: :func:`puzzles.generate.impossible.random_kakuro`,
  usually with many solutions), half with one clue one or two off
  (``total``), half with two clues changed so that the across and down
  totals still agree (``balanced``);
* **9x9 Killer, Kropki, Sudoku**: corpus puzzles with a damage of
  :func:`puzzles.generate.impossible.damage` (Killer: ``total``,
  ``balanced``, ``given``; Kropki: ``dot``, ``given``; Sudoku: ``given``);
* **extreme killer 9x9 (balanced)**: the corpus's extreme Killers
  (:data:`EXTREME_KILLERS`: iss-mathemagic, iss-tarek) with two cage
  totals changed in balance, whose refutation is as hard as their
  originals' solution (issue 20's last gap).

A damaged puzzle can still have solutions; only impossible ones are kept,
drawing again until ``--count`` are found.  With CP-SAT (``pip install
ortools``) a puzzle is kept when CP-SAT proves it infeasible, or when CP-SAT
gives no answer within ``--timeout`` and sumlogic proves it impossible
(counted in "CP-SAT unfinished", its time then the timeout: a lower bound;
the hardest extreme Killers are such puzzles); a puzzle CP-SAT solves is
dropped, and a wrong verdict of sumlogic on it is printed and makes the exit
code 1.  Without CP-SAT a puzzle is kept when sumlogic does not find a
solution (its own verdict, as the header says).  ``--only`` runs the batches
whose name contains one of its words.

Times are CPU seconds of the process (``time.process_time``), with model
building, as in ``bench_solve.py`` (whose CP-SAT model this reuses, with
one worker).  Printed per batch: sumlogic's median and largest seconds and
nodes to ``no-solution``, how many took over issue 20's target of one
second, how many ended otherwise (``timeout``), CP-SAT's
median and largest seconds, and the ratio of the medians.

``--reasons`` (issue 29) also explains every kept puzzle sumlogic proves
impossible (``sumlogic.explain``, as the API and ``sumlogic explain`` do) and
counts those whose ``reason`` names a cell (``r3c4``) or a region of the
puzzle; a puzzle the library refuses as invalid (a Killer whose cage
totals no longer add up) is counted apart when the refusal names the
houses that show it ("row 3 holds cages a (17) and b (30) wholly, which
total 47, but a row totals 45").  Any without such a reason is printed and
makes the exit code 1.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_solve import build_cpsat, cpsat_solver, markdown_table
from benchmarks.corpus import corpus_dir, load
from benchmarks.sat_peer import available as sat_available
from benchmarks.sat_peer import sat_verdict
from puzzles.generate.base import Rejected
from puzzles.generate.impossible import damage, random_kakuro
from solver.model import Puzzle
from solver.engine import DEFAULT_BUDGET
from solver.search import solve

KAKURO_SIDES = (6, 10, 15, 20)
DAMAGES = {"killer": ("total", "balanced", "given"), "kropki": ("dot", "given"), "sudoku": ("given",)}
EXTREME_KILLERS = ("iss-mathemagic/", "iss-tarek/")
"""Id parts of the corpus Killers damaged for the extreme batch."""

TARGET_SECONDS = 1.0
"""Issue 20's target: an impossible Kakuro up to 20x20 or 9x9 puzzle proved so within this time."""


def cpsat_infeasible(puzzle: Puzzle, timeout: float) -> tuple[bool | None, float]:
    """``(infeasible, cpu seconds)`` of one CP-SAT solve (``None``: no answer in time)."""
    from ortools.sat.python import cp_model

    start = time.process_time()
    model, _ = build_cpsat(puzzle)
    status = cpsat_solver(timeout).solve(model)
    seconds = time.process_time() - start
    if status == cp_model.INFEASIBLE:
        return True, seconds
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False, seconds
    return None, seconds


def draw_kakuro(side: int, rng: random.Random, index: int) -> Puzzle:
    """A damaged random Kakuro (``total`` for even ``index``, ``balanced`` for odd)."""
    while True:
        try:
            grid = random_kakuro(rng, side, side)
        except Rejected:
            continue
        return damage(grid, rng, "total" if index % 2 == 0 else "balanced")


def names_a_place(puzzle: Puzzle, text: str) -> bool:
    """Whether ``text`` names a cell (``r3c4``; a dot by its two cells) or a region of ``puzzle``."""
    import re

    return bool(re.search(r"\br\d+c\d+\b", text)) or any(
        re.search(rf"\b{re.escape(r.name)}\b", text) for r in puzzle.regions)


def reason_of(puzzle: Puzzle) -> tuple[str, str]:
    """``(outcome, words)``: ``named`` with the reason ``sumlogic.explain`` gives, ``invalid`` with
    the refusal (which names the houses that show it), or ``missing`` when the reason or the
    refusal names no cell, region or dot."""
    import sumlogic

    try:
        trace = sumlogic.explain(puzzle, budget=DEFAULT_BUDGET)
    except sumlogic.InvalidPuzzleError as error:
        # A refusal at reading (a Killer whose cage totals miss the grid's) names the smallest
        # union of houses that shows it; one that names no place counts as missing.
        return ("invalid" if names_a_place(puzzle, str(error)) else "missing"), str(error)
    reason = trace.to_dict().get("reason") or ""
    return ("named" if reason and names_a_place(puzzle, reason) else "missing"), reason


def batch(name: str, draw, count: int, use_cpsat: bool, timeout: float, use_sat: bool = False,
          reasons: dict[str, int] | None = None) -> tuple[list[str], int]:
    """Time ``count`` impossible puzzles from ``draw(index)``: one table row, and how many
    puzzles sumlogic called impossible where a peer found a solution (0 unless a bug).
    ``use_sat``: also time the SAT peer (:mod:`benchmarks.sat_peer`) on every kept puzzle."""
    ours: list[tuple[float, int]] = []
    theirs: list[float] = []
    sat: list[float] = []
    unfinished = their_unfinished = sat_unfinished = wrong = 0
    tries = 0
    while len(ours) < count and tries < 20 * count:
        puzzle = draw(tries)
        tries += 1
        start = time.process_time()
        result = solve(puzzle, timeout=timeout)
        seconds = time.process_time() - start
        if use_cpsat:
            infeasible, their_seconds = cpsat_infeasible(puzzle, timeout)
            if infeasible is False:
                if result.status == "no-solution":
                    wrong += 1
                    print(f"  WRONG {name} {puzzle.id}: sumlogic says no-solution, CP-SAT found one", flush=True)
                continue
            if infeasible is None:
                if result.status != "no-solution":
                    continue  # neither decided it in time
                their_unfinished += 1
            theirs.append(their_seconds)
        elif result.status in ("solved", "multiple"):
            continue
        if use_sat:
            verdict, sat_seconds, _ = sat_verdict(puzzle, timeout)
            sat.append(sat_seconds)
            sat_unfinished += verdict == "timeout"
            if verdict in ("solved", "multiple"):
                wrong += 1
                print(f"  WRONG {name} {puzzle.id}: the SAT peer found a solution", flush=True)
        if result.status != "no-solution":
            unfinished += 1
            print(f"  {name} {puzzle.id}: {result.status} after {seconds:.3f} s, {result.nodes} nodes", flush=True)
        elif reasons is not None:
            outcome, words = reason_of(puzzle)
            reasons[outcome] = reasons.get(outcome, 0) + 1
            if outcome == "missing":
                wrong += 1
                print(f"  NO REASON {name} {puzzle.id}: {words!r}", flush=True)
        ours.append((seconds, result.nodes))
    secs = [s for s, _ in ours]
    nodes = [n for _, n in ours]
    row = [name, str(len(ours)), f"{statistics.median(secs):.3f}", f"{max(secs):.3f}",
           str(sum(s > TARGET_SECONDS for s in secs)), str(int(statistics.median(nodes))), str(max(nodes)),
           str(unfinished)]
    if use_cpsat:
        row += [f"{statistics.median(theirs):.3f}", f"{max(theirs):.3f}", str(their_unfinished),
                f"{statistics.median(secs) / statistics.median(theirs):.2f}"] if theirs else ["-"] * 4
    if use_sat:
        row += [f"{statistics.median(sat):.3f}", f"{max(sat):.3f}", str(sat_unfinished),
                f"{statistics.median(secs) / statistics.median(sat):.2f}"] if sat else ["-"] * 4
    print(f"  {name}: done", flush=True)
    return row, wrong


def main(argv: list[str] | None = None) -> int:
    """Run every batch and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="impossible puzzles per batch")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds allowed per puzzle and solver")
    parser.add_argument("--corpus", default=None, help="corpus folder (default: $SUMLOGIC_CORPUS or ../shared/corpus)")
    parser.add_argument("--no-cpsat", action="store_true", help="time sumlogic only")
    parser.add_argument("--sat", action="store_true",
                        help="also time the SAT peer (Glucose 4 through python-sat) on every kept puzzle")
    parser.add_argument("--only", nargs="+", default=None, help="run the batches whose name contains one of these")
    parser.add_argument("--reasons", action="store_true",
                        help="also check that sumlogic.explain gives each a reason naming a cell, region or dot")
    args = parser.parse_args(argv)
    use_cpsat = not args.no_cpsat
    if use_cpsat:
        try:
            import ortools  # noqa: F401
        except ImportError:
            use_cpsat = False
    use_sat = args.sat and sat_available()
    if args.sat and not use_sat:
        print("--sat: python-sat is not installed (pip install -e '.[bench]'); the SAT peer is left out")
    folder = corpus_dir(args.corpus)
    print("command: python benchmarks/bench_impossible.py " + " ".join(sys.argv[1:] if argv is None else argv))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; CPU seconds")
    print("kept: " + ("CP-SAT (num_workers = 1) proves it infeasible, or sumlogic does while CP-SAT runs out of time"
                      if use_cpsat else
                      "sumlogic finds no solution (CP-SAT " + ("left out)" if args.no_cpsat else "not installed)")))
    batches: list[tuple[str, Callable[[int], Puzzle]]] = []
    for side in KAKURO_SIDES:
        rng = random.Random(f"kakuro-{side}-{args.seed}")
        batches.append((f"kakuro {side}x{side}", partial(draw_kakuro, side, rng)))
    for kind, damages in DAMAGES.items():
        puzzles = load(kind, folder)
        rng = random.Random(f"{kind}-{args.seed}")

        def draw(i: int, puzzles=puzzles, rng=rng, damages=damages) -> Puzzle:
            return damage(rng.choice(puzzles), rng, damages[i % len(damages)])

        batches.append((f"{kind} 9x9", draw))
    extreme = [p for p in load("killer", folder) if any(part in (p.id or "") for part in EXTREME_KILLERS)]
    if extreme:
        extreme_rng = random.Random(f"extreme-killer-{args.seed}")
        batches.append(("extreme killer 9x9 (balanced)",
                        lambda i: damage(extreme_rng.choice(extreme), extreme_rng, "balanced")))
    rows = []
    wrong = 0
    for name, draw_one in batches:
        if args.only and not any(word in name for word in args.only):
            continue
        tally: dict[str, int] | None = {} if args.reasons else None
        row, bad = batch(name, draw_one, args.count, use_cpsat, args.timeout, use_sat, tally)
        if tally is not None:
            print(f"  {name} reasons: {tally.get('named', 0)} naming a cell, region or dot; "
                  f"{tally.get('invalid', 0)} refused as invalid naming the houses; "
                  f"{tally.get('missing', 0)} without", flush=True)
        rows.append(row)
        wrong += bad
    header = ["batch", "n", "sumlogic median s", "sumlogic max s", f"over {TARGET_SECONDS:g} s", "median nodes",
              "max nodes", "not no-solution"]
    if use_cpsat:
        header += ["CP-SAT median s", "CP-SAT max s", "CP-SAT unfinished", "ratio of medians"]
    if use_sat:
        header += ["SAT median s", "SAT max s", "SAT unfinished", "ratio to SAT"]
    print()
    print("\n".join(markdown_table(header, rows)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
