"""Where an explained solve's CPU time goes: each technique's own time, at the
top level and inside suppositions, and the same grouped into five shares.

    PYTHONPATH=. python benchmarks/technique_cpu.py [--kinds killer] [--ids iss-tarek/21 ...]
        [--budget 200000] [--top 25] [--each]

Every corpus puzzle chosen is solved as ``benchmarks/trial_census.py`` does it
(``techniques.DEFAULT`` explained, a counted work budget, grading's by default,
no clock), with each technique's ``find`` wrapped to time itself
(``time.process_time``).  A technique's time is its own: the time of the
techniques it runs inside its suppositions (a contradiction's replays, a net's
cases) is taken out of it and counted where they run.  The shares:

* *patterns at the top level*: the techniques of level 5 and up but trial,
  tried at each stall before trial (fish, wings, chains, the Killer searches);
* *trial at the top level*: the contradictions' and the forcing nets' own time
  (screening with the exact propagator, bookkeeping, the chains' sentences);
* *inside suppositions*: every technique run within a supposition;
* *cheap at the top level*: levels 1-4 at the top level;
* *outside the techniques*: the rest (the engine's loop, applying steps, the
  exact solve and the branches behind a guess).

The wrapping costs a little time of its own, so the total is a few per cent
above an unwrapped run's; read the shares, not the seconds.  ``--each`` also
prints the shares per puzzle.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import corpus_dir, load  # noqa: E402
from solver.engine import DEFAULT_BUDGET  # noqa: E402
from techniques import contradiction, forcing  # noqa: E402

#: The trial techniques (the contradictions and the forcing nets): their own time is a share of its own.
TRIAL = frozenset({t.id for t in contradiction.TECHNIQUES} | {forcing.ID})
#: The shares, in the order they are printed.
SHARES = ("patterns at the top level", "trial at the top level", "inside suppositions", "cheap at the top level",
          "outside the techniques")


class Clock:
    """Own CPU time per ``(technique id, level, inside a supposition)``: a stack of
    the time nested technique calls took, taken out of their caller's."""

    def __init__(self) -> None:
        self.own: dict[tuple[str, int, bool], float] = defaultdict(float)
        self._nested: list[float] = []

    def wrap(self, tech: Any) -> Any:
        """``tech`` with a ``find`` that adds its own time to this clock."""
        find = tech.find

        def timed(ctx: Any) -> Iterator[Any]:
            key = (tech.id, tech.level, bool(ctx.depth))
            start = time.process_time()
            self._nested.append(0.0)
            steps = find(ctx)  # a technique may do its work here, or at each next()
            while True:
                try:
                    step = next(steps)
                except StopIteration:
                    self._charge(key, start)
                    return
                self._charge(key, start)
                yield step
                start = time.process_time()
                self._nested.append(0.0)

        return replace(tech, find=timed)

    def _charge(self, key: tuple[str, int, bool], start: float) -> None:
        spent = time.process_time() - start
        nested = self._nested.pop()
        self.own[key] += spent - nested
        if self._nested:
            self._nested[-1] += spent


def shares(own: dict[tuple[str, int, bool], float], total: float) -> dict[str, float]:
    """The five shares (seconds) of ``total`` from the techniques' own times."""
    out = dict.fromkeys(SHARES, 0.0)
    for (tid, level, inside), seconds in own.items():
        if inside:
            out["inside suppositions"] += seconds
        elif tid in TRIAL:
            out["trial at the top level"] += seconds
        elif level >= 5:
            out["patterns at the top level"] += seconds
        else:
            out["cheap at the top level"] += seconds
    out["outside the techniques"] = total - sum(own.values())
    return out


def measure(puzzle: Any, budget: int) -> tuple[float, dict[tuple[str, int, bool], float], Any]:
    """Solve ``puzzle`` with every technique timed: total CPU seconds, own times, the trace."""
    from solver.engine import solve_with_logic
    from techniques import DEFAULT

    clock = Clock()
    timed = tuple(clock.wrap(t) for t in DEFAULT)
    start = time.process_time()
    trace = solve_with_logic(puzzle, timed, explain=True, timeout=None, budget=budget, node_limit=2_000_000)
    return time.process_time() - start, dict(clock.own), trace


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", nargs="*", default=["killer"])
    parser.add_argument("--ids", nargs="*", help="only ids containing one of these")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help="engine work budget per puzzle (default: grading's)")
    parser.add_argument("--corpus")
    parser.add_argument("--top", type=int, default=25, help="how many techniques to list")
    parser.add_argument("--each", action="store_true", help="print the shares of every puzzle")
    args = parser.parse_args(argv)
    folder = corpus_dir(args.corpus)
    own: dict[tuple[str, int, bool], float] = defaultdict(float)
    total = 0.0
    for kind in args.kinds:
        for puzzle in load(kind, folder, ids=args.ids):
            seconds, mine, trace = measure(puzzle, args.budget)
            total += seconds
            for key, value in mine.items():
                own[key] += value
            if args.each:
                part = shares(mine, seconds)
                print(f"{puzzle.id}: {seconds:.2f} s, work {trace.work}; "
                      + ", ".join(f"{name} {part[name]:.2f}" for name in SHARES), flush=True)
    print(f"CPU {total:.1f} s in all")
    for name, seconds in shares(own, total).items():
        print(f"  {name:28} {seconds:8.1f} s {100 * seconds / max(total, 1e-9):5.1f}%")
    print(f"the {args.top} techniques taking most (own time):")
    for (tid, _, inside), seconds in sorted(own.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {tid:28} {'inside' if inside else 'top':6} {seconds:7.2f} s")


if __name__ == "__main__":
    main()
