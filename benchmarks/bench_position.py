"""Checking positions and hinting from them: CPU seconds per call, per kind.

    python benchmarks/bench_position.py [--kinds killer sudoku] [--limit N] [--seed S] [--corpus DIR]

For ``--limit`` corpus puzzles per kind (evenly spaced through the file), it
builds two positions from the puzzle's solution: a correct one (a random
40% of the open cells placed, a fifth of the rest pencilled with their digit
among others) and the same with three wrong digits and two wrongly removed
true candidates.  It times (CPU seconds of this process) ``check`` of the
wrong one (every mistake is found and explained), ``hint(level=2)`` of the
correct one, and counts how the wrong digits were explained: a clash with a
digit the cell sees, a dead end the cheaper techniques reach, or only
"no solution has it".  Each call includes the exact solve that proves the
solution unique.  The figures are CPU time, so they do not depend on the
machine's load; they do depend on its speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_grade import spread  # noqa: E402
from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--limit", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpus", default=None)
    args = parser.parse_args(argv)

    import sumlogic
    from sumlogic import Position

    folder = corpus_dir(args.corpus)
    rng = random.Random(args.seed)
    print(f"{'kind':<15}{'puzzles':>8}{'check median':>14}{'check max':>11}{'hint median':>13}{'hint max':>10}"
          f"   wrong digits: clash / dead end / no solution")
    for kind in args.kinds:
        puzzles = spread(load(kind, folder), args.limit)
        checks: list[float] = []
        hints: list[float] = []
        why = {"clash": 0, "dead end": 0, "no solution": 0}
        for puzzle in puzzles:
            solved = sumlogic.solve(puzzle, timeout=20)
            if solved.status != "solved":
                continue
            solution = puzzle.parse_solution(solved.solution)
            good = Position(puzzle)
            for cell in range(puzzle.size):
                if not puzzle.givens[cell] and rng.random() < 0.4:
                    good = good.place(cell, solution[cell])
            for cell in range(puzzle.size):
                if not good.values()[cell] and rng.random() < 0.2:
                    good = good.keep(cell, {solution[cell], rng.randint(1, puzzle.max_digit)})
            open_cells = [c for c in range(puzzle.size) if not good.values()[c]]
            bad = good
            wrong = rng.sample(open_cells, 5)
            for cell in wrong[:3]:
                bad = bad.place(cell, rng.choice([d for d in range(1, puzzle.max_digit + 1) if d != solution[cell]]))
            for cell in wrong[3:]:
                bad = bad.keep(cell, [d for d in range(1, puzzle.max_digit + 1) if d != solution[cell]][:3])
            start = time.process_time()
            result = sumlogic.check(bad)
            checks.append(time.process_time() - start)
            assert len(result.mistakes) == 5, (puzzle.id, result.to_dict())
            for mistake in result.mistakes:
                if mistake.kind == "digit":
                    key = "clash" if "repeats" in mistake.text else "no solution" if "no solution" in mistake.text \
                        else "dead end"
                    why[key] += 1
            start = time.process_time()
            hinted = sumlogic.hint(good, level=2)
            hints.append(time.process_time() - start)
            assert hinted.status in ("solved", "done"), (puzzle.id, hinted.status)
        if not checks:
            continue
        print(f"{kind:<15}{len(checks):>8}{statistics.median(checks):>13.3f}s{max(checks):>10.3f}s"
              f"{statistics.median(hints):>12.3f}s{max(hints):>9.3f}s   "
              f"{why['clash']} / {why['dead end']} / {why['no solution']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
