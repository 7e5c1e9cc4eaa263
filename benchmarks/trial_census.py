"""How much trial the corpus Killers still need: contradiction steps (and those
with an empty chain), forcing nets, guesses and CPU time per puzzle.

    PYTHONPATH=. python benchmarks/trial_census.py [--kinds killer greater-killer] [--ids iss-tarek]
        [--budget 200000] [--out rows.jsonl] [--generated N --seed S]

For every puzzle it runs the engine explained (``techniques.DEFAULT``, a
counted work budget, no clock: by default grading's, so that the census
counts what ``sumlogic grade`` meets) and counts the top-level ``contradiction-*``
steps, those whose chain is empty (the supposition straight to the dead end:
a direct deduction dressed up as trial), the forcing nets and their cases that
end in a dead end (each one a refutation inside a net), the guesses, and the CPU seconds
(``time.process_time``).  ``--out`` writes one JSON line per puzzle (with the
dead ends of the empty chains).  It prints totals per source (the part of an
id before its last ``/``) and the slowest puzzle.  ``--generated N`` instead
makes N puzzles of the first of ``--kinds`` (``killer`` or ``kakuro``) with
``puzzles.generate`` (seeds S, S+1, ...) and counts those needing
contradiction or a guess (``--verbose``: and lists their seeds).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import corpus_dir, load  # noqa: E402
from solver.engine import DEFAULT_BUDGET  # noqa: E402

#: The forum's extreme collections (everything else in the Killer corpus is everyday).
EXTREME = ("killer/iss/", "killer/iss-mathemagic/", "killer/iss-tarek/")


def census(puzzle: Any, budget: int) -> dict[str, Any]:
    """One puzzle's counts."""
    from solver.engine import solve_with_logic
    from techniques import DEFAULT

    start = time.process_time()
    trace = solve_with_logic(puzzle, DEFAULT, explain=True, timeout=None, budget=budget, node_limit=2_000_000)
    cpu = time.process_time() - start
    contradictions = [s for s in trace.steps if s.technique.startswith("contradiction-")]
    empty = [s for s in contradictions if [x.technique for x in s.sub_steps]
             == ["contradiction-assume", "contradiction-end"]]
    nets = [s for s in trace.steps if s.technique == "forcing-net"]
    used: dict[str, int] = {}
    for s in trace.steps:
        used[s.technique] = used.get(s.technique, 0) + 1
    return {"id": puzzle.id, "status": trace.status, "cpu": round(cpu, 3), "steps": len(trace.steps),
            "contradictions": len(contradictions), "empty": len(empty),
            "nets": len(nets), "dead_cases": sum(x.technique == "contradiction-end" for s in nets for x in s.sub_steps),
            "guesses": sum(1 for s in trace.steps if s.technique == "guess"), "work": trace.work,
            "used": used, "empty_ends": [s.sub_steps[-1].text for s in empty]}


def source(puzzle_id: str) -> str:
    """``killer/iss-tarek/05`` -> ``killer/iss-tarek``."""
    return puzzle_id.rsplit("/", 1)[0]


def summary(rows: list[dict[str, Any]]) -> None:
    """Totals per source, the non-Mathemagic guess-free share and the slowest puzzle."""
    by: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault(source(r["id"]), []).append(r)
    print(f"{'source':28} {'n':>4} {'contra':>7} {'empty':>6} {'with contra':>11} {'nets':>5} {'dead cases':>10} "
          f"{'guessing':>8} {'max cpu':>8}")
    for name, group in sorted(by.items()):
        print(f"{name:28} {len(group):>4} {sum(r['contradictions'] for r in group):>7} "
              f"{sum(r['empty'] for r in group):>6} {sum(1 for r in group if r['contradictions']):>11} "
              f"{sum(r.get('nets', 0) for r in group):>5} {sum(r.get('dead_cases', 0) for r in group):>10} "
              f"{sum(1 for r in group if r['guesses']):>8} {max(r['cpu'] for r in group):>8.2f}")
    every = [r for r in rows if not r["id"].startswith(EXTREME)]
    extreme = [r for r in rows if r["id"].startswith(EXTREME)]
    other = [r for r in rows if "mathemagic" not in r["id"]]
    print(f"all: {len(rows)} puzzles, {sum(r['contradictions'] for r in rows)} contradiction steps, "
          f"{sum(r['empty'] for r in rows)} with an empty chain, {sum(r.get('nets', 0) for r in rows)} forcing nets "
          f"(with {sum(r.get('dead_cases', 0) for r in rows)} cases ending in a dead end), "
          f"{sum(1 for r in rows if r['guesses'])} guessing")
    print(f"everyday: {len(every)}, with contradiction or guess: "
          f"{sum(1 for r in every if r['contradictions'] or r['guesses'])}")
    print(f"forum extremes: {len(extreme)}, contradiction steps {sum(r['contradictions'] for r in extreme)}")
    if other:
        print(f"non-Mathemagic without a guess: {sum(1 for r in other if not r['guesses'])}/{len(other)} "
              f"= {100 * sum(1 for r in other if not r['guesses']) / len(other):.1f}%")
    slow = max(rows, key=lambda r: r["cpu"])
    print(f"slowest: {slow['id']} {slow['cpu']:.2f} s cpu, {slow['steps']} steps, work {slow['work']}, "
          f"{slow['contradictions']} contradictions, {slow['guesses']} guesses")


def generated(count: int, seed: int, budget: int, kind: str = "killer", verbose: bool = False) -> None:
    """Generated puzzles of ``kind`` (``killer`` or ``kakuro``): how many need contradiction, how many
    a guess; ``verbose`` lists the seeds that need trial and the CPU seconds of the explained paths."""
    import importlib
    import random

    from solver.engine import solve_with_logic
    from techniques import DEFAULT

    from puzzles.generate import Rejected

    make = importlib.import_module(f"puzzles.generate.{kind.replace('-', '_')}")
    trial = guessing = netted = net_only = 0
    cpu: list[float] = []
    for k in range(count):
        rng = random.Random(seed + k)
        while True:  # a draw the generator rejects (a Kakuro it cannot make unique): the next draw
            try:
                puzzle = make.generate(rng)
                break
            except Rejected:
                continue
        start = time.process_time()
        trace = solve_with_logic(puzzle, DEFAULT, explain=False, timeout=None, budget=budget)
        cpu.append(time.process_time() - start)
        used = {s.technique for s in trace.steps}
        needs = any(t.startswith("contradiction-") or t == "guess" for t in used)
        trial += needs
        guessing += "guess" in used
        if "forcing-net" in used:
            netted += 1
            net_only += not needs
        if verbose and needs:
            print(f"trial {seed + k} {sorted(t for t in used if t.startswith('contradiction-') or t == 'guess')}",
                  flush=True)
    cpu.sort()
    print(f"generated {kind}s: {count} (seeds {seed}..{seed + count - 1}): trial {trial} "
          f"({100 * trial / count:.1f}%), guessing {guessing}, with forcing nets {netted} ({net_only} of them "
          f"with no trial); CPU s per path: median {cpu[len(cpu) // 2]:.4f}, "
          f"total {sum(cpu):.1f}")


def main() -> None:
    """Parse the options and run."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=["killer", "greater-killer"])
    ap.add_argument("--ids", nargs="*", default=None, help="only ids containing one of these")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                    help="engine work budget per puzzle (default: grading's, solver.engine.DEFAULT_BUDGET)")
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--out", default=None, help="write one JSON line per puzzle here")
    ap.add_argument("--generated", type=int, default=0,
                    help="count generated puzzles instead (the first of --kinds: killer or kakuro)")
    ap.add_argument("--verbose", action="store_true", help="with --generated: list the seeds that need trial")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.generated:
        generated(args.generated, args.seed, args.budget, args.kinds[0] if args.kinds else "killer", args.verbose)
        return
    folder = corpus_dir(args.corpus)
    rows = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    for kind in args.kinds:
        for puzzle in load(kind, folder, None, args.ids):
            row = census(puzzle, args.budget)
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    if out:
        out.close()
    summary(rows)


if __name__ == "__main__":
    main()
