"""Grading throughput: puzzles per second per kind, with 1 and 2 processes.

    python benchmarks/bench_grade.py [--kinds kropki sudoku] [--limit N] [--corpus DIR]

It grades the same corpus puzzles with ``--jobs 1`` and ``--jobs 2`` (the
code path of ``sumlogic grade``), checks that both give the same grades,
and prints puzzles per second and the speed-up.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402


def main() -> None:
    from solver.cli_grade import graded

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=list(KINDS))
    ap.add_argument("--limit", type=int, default=40, help="puzzles per kind (default 40)")
    ap.add_argument("--timeout", type=float, default=15.0, help="seconds per puzzle (default 15)")
    ap.add_argument("--corpus", default=None)
    args = ap.parse_args()
    folder = corpus_dir(args.corpus)
    print(f"{'kind':15} {'n':>4} {'jobs=1 /s':>10} {'jobs=2 /s':>10} {'speed-up':>9}  same")
    for kind in args.kinds:
        puzzles = load(kind, folder, args.limit)
        if not puzzles:
            continue
        rates = []
        results = []
        for jobs in (1, 2):
            start = time.perf_counter()
            grades = [g.to_dict() for g in graded(puzzles, jobs, args.timeout, 3)]
            rates.append(len(puzzles) / (time.perf_counter() - start))
            results.append(grades)
        same = results[0] == results[1]
        print(f"{kind:15} {len(puzzles):>4} {rates[0]:>10.2f} {rates[1]:>10.2f} {rates[1] / rates[0]:>9.2f}  {same}")


if __name__ == "__main__":
    main()
