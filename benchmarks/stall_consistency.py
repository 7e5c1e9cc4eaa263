"""How much supposition-based reasoning of any width could still do where logic stalls.

    PYTHONPATH=. python benchmarks/stall_consistency.py [--kinds killer] [--ids iss-mathemagic]
        [--depth 2] [--budget N]

For every corpus puzzle the technique engine cannot finish without a guess,
it takes the state where the engine first gives up (fast mode, no guess) and
measures, with the exact solver's propagation (cage combinations, house
matching, pointing, and the innie/outie sums of :mod:`solver.derived`):

* **depth 1**: remove every candidate whose supposition propagation refutes,
  until none is left (singleton consistency);
* **depth 2**: remove every candidate whose supposition, followed by the depth-1
  pass inside it, ends in a dead end, until none is left.

This bounds what the engine's contradiction chains of that depth can
remove, whatever the order or width of their search: they replay only
candidates this propagation refutes (it is their screen; at depth 2 it
probes only bivalue cells inside a supposition, here every cell).  So a
puzzle still far from solved after depth 2 needs depth 3 at the least (or a
technique of another kind).  Every candidate removed is checked
against the corpus solution.  Slow on purpose (tens of seconds a puzzle):
it tries everything.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import corpus_dir, load  # noqa: E402
from solver.bits import POPCOUNT  # noqa: E402
from solver.propagate import Propagator, singleton_consistency  # noqa: E402


def stall_state(puzzle, budget: int | None) -> list[int] | None:
    """The candidates where the engine first needs a guess, or None when it needs none."""
    from solver.candidates import Candidates
    from solver.engine import Context, apply, solve_with_logic
    from techniques import DEFAULT

    trace = solve_with_logic(puzzle, DEFAULT, explain=False, guess=False, budget=budget, timeout=None)
    if trace.status != "stuck":
        return None
    ctx = Context(puzzle, Candidates.initial(puzzle), (), explain=False)
    for step in trace.steps:
        apply(ctx, step)
    return list(ctx.state.masks)


def count(masks: list[int]) -> int:
    """Candidates left."""
    return sum(POPCOUNT[m] for m in masks)


def main() -> None:
    from solver.engine import DEFAULT_BUDGET

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kinds", nargs="*", default=["killer"])
    ap.add_argument("--ids", nargs="*", default=None, help="only ids containing one of these")
    ap.add_argument("--depth", type=int, default=2, help="deepest pass (1 or 2; 3 takes hours)")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="the engine's work budget")
    ap.add_argument("--corpus", default=None)
    args = ap.parse_args()
    folder = corpus_dir(args.corpus)
    print(f"{'puzzle':34} {'stall':>6} " + " ".join(f"{'depth ' + str(d):>8}" for d in range(1, args.depth + 1))
          + "  unsound  seconds")
    for kind in args.kinds:
        for puzzle in load(kind, folder, ids=args.ids):
            masks = stall_state(puzzle, args.budget)
            if masks is None:
                continue
            solution = puzzle.parse_solution(puzzle.get_info("solution"))
            start = time.process_time()
            prop = Propagator(puzzle)
            left = [count(masks)]
            work = list(masks)
            ok = prop.propagate(work)
            for depth in range(1, args.depth + 1):
                ok = ok and singleton_consistency(prop, work, depth)
                left.append(count(work))
            unsound = sum(1 for c, m in enumerate(work) if not m >> solution[c] & 1) if ok else -1
            print(f"{puzzle.id:34} {left[0]:6} " + " ".join(f"{n:8}" for n in left[1:])
                  + f"  {unsound:7}  {time.process_time() - start:7.1f}", flush=True)


if __name__ == "__main__":
    main()
