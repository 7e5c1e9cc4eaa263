"""Logic coverage and speed of full explained traces, per kind.

    python benchmarks/bench_explain.py [--kinds killer kakuro] [--limit N] [--jobs 2]

For every corpus puzzle it runs the technique engine in explained mode (the
same work as ``sumlogic explain``), checks every step against the known
solution (an elimination of a solution digit or a wrong placement is counted
as unsound), and prints per kind: puzzles solved by logic alone / total,
unsound steps, median and max seconds, then the puzzles that needed a guess
with the technique they were stuck at.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402


def unsound_steps(trace, solution) -> int:
    """Steps that remove a solution digit or place a wrong one."""
    bad = 0
    for step in trace.steps:
        if any(solution[c] != d for c, d in step.placements):
            bad += 1
        elif any(m >> solution[c] & 1 for c, m in step.eliminations):
            bad += 1
    return bad


def run_one(puzzle):
    from solver.engine import solve_with_logic

    trace = solve_with_logic(puzzle, explain=True, timeout=120)
    solution = puzzle.parse_solution(puzzle.get_info("solution"))
    guesses = [i for i, s in enumerate(trace.steps) if s.technique == "guess"]
    return (puzzle.id, trace.status, trace.by_logic, trace.seconds, unsound_steps(trace, solution),
            len(trace.steps), len(guesses))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=list(KINDS))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--ids", nargs="*", default=None, help="only ids containing one of these")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--corpus", default=None)
    args = ap.parse_args()
    folder = corpus_dir(args.corpus)
    print(f"{'kind':15} {'by logic':>12} {'unsound':>8} {'median s':>9} {'max s':>8}  slowest")
    needing_guess = []
    total_unsound = 0
    for kind in args.kinds:
        puzzles = load(kind, folder, args.limit, args.ids)
        if not puzzles:
            continue
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Serial() as pool:
            rows = list(pool.map(run_one, puzzles))
        secs = [r[3] for r in rows]
        logic = sum(1 for r in rows if r[2])
        unsound = sum(r[4] for r in rows)
        total_unsound += unsound
        slowest = max(rows, key=lambda r: r[3])
        print(f"{kind:15} {logic:>5}/{len(rows):<6} {unsound:>8} {statistics.median(secs):>9.3f} "
              f"{max(secs):>8.3f}  {slowest[0]}")
        needing_guess += [(r[0], r[1], r[6]) for r in rows if not r[2]]
    if needing_guess:
        print("\nNot solved by logic alone (id, status, guesses):")
        for pid, status, guesses in needing_guess:
            print(f"  {pid}  {status}  {guesses}")
    sys.exit(1 if total_unsound else 0)


class _Serial:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def map(fn, items):
        return map(fn, items)


if __name__ == "__main__":
    main()
