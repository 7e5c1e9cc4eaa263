"""Grading throughput: puzzles per second per kind, with 1 and 2 processes.

    python benchmarks/bench_grade.py [--kinds kropki sudoku] [--limit N] [--timeout S] [--corpus DIR]
    python benchmarks/bench_grade.py --estimate-cost [--kinds ...] [--limit N]

``--estimate-cost`` prints instead what the time estimate costs (issue 19:
``grade`` at most 2x what it cost before the estimate existed): CPU seconds
per puzzle of the engine's run alone (what ``grade`` did before) against
``grade`` (the run with :class:`sumlogic.grading.MoveCounter` measuring what
the kind's model needs), alternated in one process, and their ratio.

It grades the same corpus puzzles (``--limit`` per kind, evenly spaced
through the kind's file, so that a short run still sees every source) with
``--jobs 1`` and ``--jobs 2`` (the code path of ``sumlogic grade``), checks
that both give the same grades, and prints puzzles per second of wall time,
CPU seconds per puzzle (this process and its workers) and the speed-up.  On a
shared machine the wall-clock rates depend on the load, which is printed too;
the CPU figures do not.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402


def cpu_seconds() -> float:
    """CPU time (user + system) of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def spread(items: list[Any], limit: int) -> list[Any]:
    """At most ``limit`` items, evenly spaced through ``items`` (in order).

    >>> spread(list(range(10)), 3), spread([1, 2], 5)
    ([0, 3, 6], [1, 2])
    """
    if limit <= 0 or len(items) <= limit:
        return list(items)
    return [items[i * len(items) // limit] for i in range(limit)]


def run(puzzles: list[Any], jobs: int, timeout: float) -> tuple[list[dict[str, Any]], float, float]:
    """Grade ``puzzles`` with ``jobs`` processes: the grades, wall seconds and CPU seconds."""
    from sumlogic.cli.grade import graded

    wall, cpu = time.perf_counter(), cpu_seconds()
    grades = [g.to_dict() for g in graded(puzzles, jobs, timeout, 3)]  # the pool is shut down here
    return grades, time.perf_counter() - wall, cpu_seconds() - cpu


def estimate_cost(kinds: list[str], folder: Path, limit: int, rounds: int = 3) -> None:
    """Print, per kind, CPU seconds per puzzle of the engine alone and of ``grade``, and the ratio
    (the smallest of ``rounds`` alternated rounds each, so that a busy moment counts less)."""
    from solver.engine import DEFAULT_BUDGET, solve_with_logic
    from sumlogic.grading import EXACT_NODES, grade
    from techniques import DEFAULT

    def engine(p: Any) -> None:
        solve_with_logic(p, DEFAULT, explain=False, max_depth=3, timeout=None, budget=DEFAULT_BUDGET,
                         node_limit=EXACT_NODES)

    print(f"{'kind':15} {'n':>4} {'engine s/puzzle':>16} {'grade s/puzzle':>15} {'ratio':>6}")
    for kind in kinds:
        puzzles = spread(load(kind, folder), limit)
        if not puzzles:
            continue
        best = {"engine": float("inf"), "grade": float("inf")}
        for _ in range(rounds):
            for name, work in (("engine", engine), ("grade", grade)):
                start = time.process_time()
                for p in puzzles:
                    work(p)
                best[name] = min(best[name], (time.process_time() - start) / len(puzzles))
        print(f"{kind:15} {len(puzzles):>4} {best['engine']:>16.4f} {best['grade']:>15.4f} "
              f"{best['grade'] / best['engine']:>6.2f}")


def main() -> None:
    """Print the throughput table (or, with ``--estimate-cost``, what the estimate costs)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=list(KINDS))
    ap.add_argument("--limit", type=int, default=40, help="puzzles per kind (default 40)")
    ap.add_argument("--timeout", type=float, default=15.0, help="seconds per puzzle (default 15)")
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--estimate-cost", action="store_true",
                    help="CPU per puzzle of the engine alone against grade (the time estimate's cost)")
    args = ap.parse_args()
    folder = corpus_dir(args.corpus)
    if args.estimate_cost:
        estimate_cost(args.kinds, folder, args.limit)
        return
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.limit} puzzles per kind (evenly spaced), timeout {args.timeout:g} s")
    print(f"{'kind':15} {'n':>4} {'jobs=1 /s':>10} {'jobs=2 /s':>10} {'speed-up':>9} "
          f"{'cpu s/puzzle':>13} {'not solved':>11}  same")
    for kind in args.kinds:
        puzzles = spread(load(kind, folder), args.limit)
        if not puzzles:
            continue
        one, wall1, cpu1 = run(puzzles, 1, args.timeout)
        two, wall2, _ = run(puzzles, 2, args.timeout)
        n = len(puzzles)
        unsolved = sum(1 for g in one if g["status"] != "solved")
        print(f"{kind:15} {n:>4} {n / wall1:>10.2f} {n / wall2:>10.2f} {wall1 / wall2:>9.2f} "
              f"{cpu1 / n:>13.3f} {unsolved:>11}  {one == two}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
