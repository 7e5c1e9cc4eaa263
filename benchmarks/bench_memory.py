"""Peak memory of ``explain`` on a big Kakuro with many solutions.

    python benchmarks/bench_memory.py [--size 60x60] [--seed 1] [--budget N ...] [--steps N] [--timeout S]

The puzzle is a random Kakuro (:func:`puzzles.generate.impossible.random_kakuro`:
random pattern, random digits, clued from them, not made unique), the kind
of grid on which the contradiction search does the most work and finds the
most.  Each budget runs in a fresh child process (so one run's memory does
not count for the next); printed per run: the budget, the steps applied,
the work spent, the peak resident memory of the child
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``), the same before the
explain started (imports and the puzzle), and its CPU seconds.  ``--steps``
stops each run after that many steps (status ``stuck``) to keep it short;
``--timeout`` is the engine's safety net (wall-clock seconds).

Memory, not time, is the figure: a run that keeps what its contradiction
search computed grows with the work; a bounded one stays near the model's
own size whatever the budget.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _size(text: str) -> tuple[int, int]:
    height, _, width = text.lower().partition("x")
    return int(height), int(width or height)


def _kib_to_mb(kib: int) -> float:
    return kib / 1024


def one_run(size: tuple[int, int], seed: int, budget: int | None, steps: int | None,
            timeout: float | None) -> dict[str, Any]:
    """Explain the seeded random Kakuro once (in this process) and measure it."""
    from puzzles.generate.impossible import random_kakuro
    from solver.engine import solve_with_logic
    from techniques import DEFAULT

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * size[0] * size[1]))  # random_fill recurses per cell
    puzzle = random_kakuro(random.Random(seed), *size)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    trace = solve_with_logic(puzzle, DEFAULT, explain=True, budget=budget, timeout=timeout, max_steps=steps)
    cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"cells": len(puzzle.cells), "status": trace.status, "steps": len(trace.steps), "work": trace.work,
            "before_mb": _kib_to_mb(before), "peak_mb": _kib_to_mb(peak), "cpu": cpu}


def measure(size: tuple[int, int], seed: int, budget: int | None, steps: int | None,
            timeout: float | None) -> dict[str, Any]:
    """:func:`one_run` in a fresh process (its peak memory is its own)."""
    args = [sys.executable, __file__, "--child", "--size", f"{size[0]}x{size[1]}", "--seed", str(seed),
            "--budget", str(-1 if budget is None else budget)]
    if steps is not None:
        args += ["--steps", str(steps)]
    if timeout is not None:
        args += ["--timeout", str(timeout)]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"child run failed ({done.returncode}): {done.stderr.strip().splitlines()[-1:]}")
    return dict(json.loads(done.stdout))


def main(argv: list[str] | None = None) -> int:
    """Print one line per budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=_size, default=(60, 60), help="HEIGHTxWIDTH, clues included (default 60x60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, nargs="*", default=[0, 20_000],
                        help="work budgets to compare (default 0 20000; -1 for none)")
    parser.add_argument("--steps", type=int, default=None, help="stop each run after this many steps")
    parser.add_argument("--timeout", type=float, default=None, help="the engine's safety net, seconds")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        chosen = None if args.budget[0] < 0 else args.budget[0]
        print(json.dumps(one_run(args.size, args.seed, chosen, args.steps, args.timeout)))
        return 0
    print(f"random Kakuro {args.size[0]}x{args.size[1]}, seed {args.seed}")
    print(f"{'budget':>8} {'status':>9} {'cells':>6} {'steps':>6} {'work':>8} {'start MB':>9} {'peak MB':>8} "
          f"{'cpu s':>7}")
    for budget in args.budget:
        chosen = None if budget < 0 else budget
        row = measure(args.size, args.seed, chosen, args.steps, args.timeout)
        label = "none" if chosen is None else str(chosen)
        print(f"{label:>8} {row['status']:>9} {row['cells']:>6} {row['steps']:>6} {row['work']:>8} "
              f"{row['before_mb']:>9.0f} {row['peak_mb']:>8.0f} {row['cpu']:>7.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
