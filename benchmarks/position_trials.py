"""Hints and checks from positions sampled along corpus traces (issue 17's acceptance run).

    python benchmarks/position_trials.py [--per-kind 40] [--seed 17] [--budget 20000] [--corpus DIR]

How the positions are sampled: for each kind, ``--per-kind`` positions from
the corpus puzzles with a unique solution, taken in turn from puzzles spread
evenly through the kind's file (the one Greater Killer gives all of its
kind's positions).  For each, the engine solves the puzzle (fast mode, the
work ``--budget``, guesses allowed) and a step number ``k`` is drawn
uniformly from the steps after the givens; the position is the engine's
state after ``k`` steps: its placed digits (those that are not givens) and,
as pencil marks, the candidates of every open cell.

Then, per position:

* ``hint --level 3`` from it must be **sound** (no placement other than the
  solution digit, no elimination of the solution digit) and **applicable**
  (it places an open cell or removes a candidate the position still has),
  and equal the first step ``explain`` finds from the same position;
* one **mistake is injected**: a placed digit changed to another digit the
  cell could not hold in the solution, or (when the position has no placed
  digit of its own, and in every other trial) the true digit removed from
  an open cell's marks; ``check`` must report exactly that cell and kind;
* ``check`` of the position itself must report **no mistake** (a false
  alarm otherwise).

Prints the counts per kind and in total; exit status 1 if any trial fails.
The work is counted (budgets), so the counts do not depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402
from solver.model import Puzzle  # noqa: E402
from sumlogic.position import Position  # noqa: E402


@dataclass
class Tally:
    """What the trials of one kind found."""

    positions: int = 0
    sound: int = 0
    applicable: int = 0
    same_as_explain: int = 0
    injected: int = 0
    caught: int = 0
    false_alarms: int = 0
    failures: list[str] = field(default_factory=list)

    def row(self, name: str) -> str:
        return (f"{name:<15}{self.positions:>9}{self.sound:>7}{self.applicable:>11}{self.same_as_explain:>9}"
                f"{self.injected:>10}{self.caught:>8}{self.false_alarms:>14}")


def position_after(puzzle: Puzzle, solution: tuple[int, ...], k: int, budget: int) -> Position:
    """The engine's state after ``k`` steps as a :class:`sumlogic.Position`."""
    from solver.engine import Engine
    from techniques import DEFAULT

    run = Engine(DEFAULT, explain=False, budget=budget, timeout=None).run(puzzle, solution=solution)
    for taken, _ in enumerate(run, 1):
        if taken > k:  # the givens step, then k more
            break
    ctx = run.ctx
    position = Position(puzzle)
    for cell in sorted(ctx.placed):
        if not puzzle.givens[cell]:
            position = position.place(cell, ctx.state.values()[cell])
    for cell, mask in enumerate(ctx.state.masks):
        if cell not in ctx.placed:
            position = position.keep(cell, [d for d in range(1, puzzle.max_digit + 1) if mask >> d & 1])
    return position


def steps_of(puzzle: Puzzle, solution: tuple[int, ...], budget: int) -> int:
    """How many steps after the givens the engine takes on ``puzzle``."""
    from solver.engine import Engine
    from techniques import DEFAULT

    return sum(1 for s in Engine(DEFAULT, explain=False, budget=budget, timeout=None).run(puzzle, solution=solution)
               if s.technique != "givens")


def trial(puzzle: Puzzle, solution: tuple[int, ...], k: int, rng: random.Random, budget: int, tally: Tally,
          inject_digit: bool) -> None:
    """One position: its hint, an injected mistake, and a clean check."""
    import sumlogic

    where = f"{puzzle.id} after {k} steps"
    position = position_after(puzzle, solution, k, budget)
    masks = position.masks()
    tally.positions += 1
    hint = sumlogic.hint(position, level=3)
    step = hint.step
    if step is None:
        tally.failures.append(f"{where}: no hint ({hint.status})")
    else:
        wrong = [c for c, d in step.placements if d != solution[c]] + \
                [c for c, m in step.eliminations if m >> solution[c] & 1]
        tally.sound += not wrong
        if wrong:
            tally.failures.append(f"{where}: hint {step.technique} is unsound at {wrong}")
        changes = any(not position.digit(c) for c, _ in step.placements) or \
            any(masks[c] & m for c, m in step.eliminations)
        tally.applicable += changes
        if not changes:
            tally.failures.append(f"{where}: hint {step.technique} changes nothing")
        first = next((s for s in sumlogic.explain(position, budget=budget).steps
                      if s.technique != "givens"), None)
        same = first is not None and (first.technique, first.placements, first.eliminations) == \
            (step.technique, step.placements, step.eliminations)
        tally.same_as_explain += same
        if not same:
            tally.failures.append(f"{where}: hint {step.technique} is not explain's first step "
                                  f"({first.technique if first else None})")
    clean = sumlogic.check(position)
    if clean.mistakes:
        tally.false_alarms += 1
        tally.failures.append(f"{where}: false alarm {clean.mistakes[0].text}")
    own = [c for c, _ in position.placements() if not puzzle.givens[c]]
    open_cells = [c for c in range(len(puzzle.cells)) if not position.digit(c) and masks[c].bit_count() > 1]
    if inject_digit and own or not open_cells:
        cell = rng.choice(own)
        digit = rng.choice([d for d in range(1, puzzle.max_digit + 1) if d != solution[cell]])
        damaged, kind = position.place(cell, digit), "digit"
    else:
        cell = rng.choice(open_cells)
        keep = [d for d in range(1, puzzle.max_digit + 1) if masks[cell] >> d & 1 and d != solution[cell]]
        damaged, kind = position.keep(cell, keep), "candidate"
    tally.injected += 1
    found = sumlogic.check(damaged)
    named = [(m.cell, m.kind) for m in found.mistakes]
    if named == [(puzzle.cell_name(cell), kind)]:
        tally.caught += 1
    else:
        tally.failures.append(f"{where}: injected {kind} at {puzzle.cell_name(cell)}, check reported {named}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=40)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--budget", type=int, default=20_000)
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--corpus", default=None)
    args = parser.parse_args(argv)

    from benchmarks.bench_grade import spread
    from solver.search import solve

    folder = corpus_dir(args.corpus)
    rng = random.Random(args.seed)
    total = Tally()
    print(f"{'kind':<15}{'positions':>9}{'sound':>7}{'applicable':>11}{'=explain':>9}"
          f"{'injected':>10}{'caught':>8}{'false alarms':>14}")
    for kind in args.kinds:
        tally = Tally()
        puzzles = [p for p in spread(load(kind, folder), args.per_kind) if p.get_info("solution")]
        chosen: list[tuple[Puzzle, tuple[int, ...], int]] = []
        for puzzle in puzzles:
            result = solve(puzzle, node_limit=200_000, timeout=None)
            if result.status == "solved" and result.solution is not None:
                chosen.append((puzzle, result.solution, steps_of(puzzle, result.solution, args.budget)))
        chosen = [c for c in chosen if c[2] >= 2]
        for n in range(args.per_kind):
            puzzle, solution, length = chosen[n % len(chosen)]
            trial(puzzle, solution, rng.randrange(1, length), rng, args.budget, tally, inject_digit=n % 2 == 0)
        print(tally.row(kind), flush=True)
        for line in tally.failures[:10]:
            print("   ", line)
        for name in ("positions", "sound", "applicable", "same_as_explain", "injected", "caught", "false_alarms"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.failures += tally.failures
    print(total.row("total"))
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
