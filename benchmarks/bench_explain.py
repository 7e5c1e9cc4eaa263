"""Logic coverage and speed of full explained traces, per kind.

    PYTHONPATH=. python benchmarks/bench_explain.py [--kinds killer kakuro] [--limit N] [--jobs 2]
        [--ids iss-tarek] [--timeout 120] [--budget N] [--profile out.prof]
    PYTHONPATH=. python benchmarks/bench_explain.py --generated 2000 --seed 7 [--kinds sudoku kropki]

For every corpus puzzle it runs the technique engine in explained mode (the
same work as ``sumlogic explain``), checks every step against the known
solution (an elimination of a solution digit or a wrong placement is counted
as unsound), and prints per kind: puzzles solved by logic alone / total,
unsound steps, median and max CPU seconds (``time.process_time``, so other
processes on the machine do not skew it), then the puzzles that needed a
guess: their status, guesses, and where logic got stuck (open cells and
candidates left at the first guess, the hardest technique used before it).
``--budget`` passes a work budget to the engine (see
:func:`solver.engine.solve_with_logic`); ``--profile`` writes a cProfile of
the whole run (serial only).  ``--generated N`` runs N puzzles of each
generated kind (``sumlogic generate``'s generators, ``--seed``) instead of
the corpus, each checked against its solution from the exact solver.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402


class Row(NamedTuple):
    """One puzzle's outcome."""

    id: str
    status: str
    by_logic: bool
    cpu: float
    unsound: int
    steps: int
    guesses: int
    stuck: str
    work: int


def unsound_steps(steps: Iterable[Any], solution: tuple[int, ...]) -> int:
    """Steps that remove a solution digit or place a wrong one."""
    bad = 0
    for step in steps:
        if any(solution[c] != d for c, d in step.placements):
            bad += 1
        elif any(m >> solution[c] & 1 for c, m in step.eliminations):
            bad += 1
    return bad


def where_stuck(trace: Any) -> str:
    """Open cells and candidates at the first guess, and the hardest technique before it."""
    from solver.candidates import Candidates
    from solver.engine import Context, GUESS, apply

    puzzle = trace.puzzle
    ctx = Context(puzzle, Candidates.initial(puzzle), (), explain=False)
    hardest = (0, "")

    def state() -> str:
        masks = ctx.state.masks
        open_cells = [c for c in range(len(masks)) if c not in ctx.placed]
        left = sum(masks[c].bit_count() for c in open_cells)
        return f"{len(open_cells)} open cells, {left} candidates; hardest before: {hardest[1] or '-'}"

    for step in trace.steps:
        if step.technique == GUESS:
            return state()
        apply(ctx, step)
        hardest = max(hardest, (step.level, step.technique))
    # No guess recorded: time ran out in logic, or in the exact solver asked for the guess.
    return state() + f" (then {trace.status}, before any guess)"


def run_one(puzzle: Any, timeout: float | None = 120.0, budget: int | None = None) -> Row:
    """Solve one puzzle explained and measure it."""
    from solver.engine import solve_with_logic
    from techniques import DEFAULT

    start = time.process_time()
    kwargs: dict[str, Any] = {} if budget is None else {"budget": budget}
    trace = solve_with_logic(puzzle, DEFAULT, explain=True, timeout=timeout, **kwargs)
    cpu = time.process_time() - start
    solution = known_solution(puzzle)
    guesses = sum(1 for s in trace.steps if s.technique == "guess")
    stuck = "" if trace.by_logic else where_stuck(trace)
    return Row(puzzle.id, trace.status, trace.by_logic, cpu, unsound_steps(trace.steps, solution),
               len(trace.steps), guesses, stuck, trace.work)


def known_solution(puzzle: Any) -> tuple[int, ...]:
    """The corpus record's solution, else the exact solver's (a generated puzzle)."""
    if puzzle.get_info("solution") is not None:
        return tuple(puzzle.parse_solution(puzzle.get_info("solution")))
    from solver.search import solve

    result = solve(puzzle, timeout=None)
    if result.status != "solved" or result.solution is None:
        raise SystemExit(f"{puzzle.id}: the exact solver says {result.status}")
    return tuple(result.solution)


def generated(kind: str, count: int, seed: int) -> list[Any]:
    """``count`` puzzles of ``kind`` from the generator (``seed``)."""
    from puzzles.generate import generate_many

    return [p for p, _ in generate_many(kind, seed=seed, count=count)]


class _Job:
    """A picklable ``run_one`` with fixed options."""

    def __init__(self, timeout: float | None, budget: int | None) -> None:
        self.timeout, self.budget = timeout, budget

    def __call__(self, puzzle: Any) -> Row:
        return run_one(puzzle, self.timeout, self.budget)


def main() -> None:
    """Parse the options, run every kind, print the table; exit 1 on any unsound step."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=list(KINDS))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--ids", nargs="*", default=None, help="only ids containing one of these")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--timeout", type=float, default=0, help="wall seconds per trace (0: none)")
    ap.add_argument("--budget", type=int, default=None, help="engine work budget (default: the engine's)")
    ap.add_argument("--profile", default=None, help="write a cProfile of the run here (forces --jobs 1)")
    ap.add_argument("--verbose", action="store_true", help="print every puzzle as it finishes")
    ap.add_argument("--generated", type=int, default=0, help="N generated puzzles per kind instead of the corpus")
    ap.add_argument("--seed", type=int, default=1, help="the generator's seed (with --generated)")
    args = ap.parse_args()
    if args.generated:
        from puzzles.generate import KINDS as GENERATED

        args.kinds = [k for k in args.kinds if k in GENERATED]
    folder = Path() if args.generated else corpus_dir(args.corpus)
    job = _Job(args.timeout or None, args.budget)
    profiler = None
    if args.profile:
        import cProfile

        profiler, args.jobs = cProfile.Profile(), 1
        profiler.enable()
    print(f"{'kind':15} {'by logic':>12} {'unsound':>8} {'median s':>9} {'max s':>8}  slowest", flush=True)
    needing_guess: list[Row] = []
    total_unsound = 0
    for kind in args.kinds:
        puzzles = generated(kind, args.generated, args.seed) if args.generated else load(kind, folder, args.limit,
                                                                                           args.ids)
        if not puzzles:
            continue
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Serial() as pool:
            rows = []
            for row in pool.map(job, puzzles):
                rows.append(row)
                if args.verbose:
                    print(f"  {row.id:40} {row.status:10} logic={row.by_logic!s:5} {row.cpu:8.3f}s "
                          f"steps={row.steps} work={row.work} unsound={row.unsound}", flush=True)
        secs = [r.cpu for r in rows]
        logic = sum(1 for r in rows if r.by_logic)
        unsound = sum(r.unsound for r in rows)
        total_unsound += unsound
        slowest = max(rows, key=lambda r: r.cpu)
        print(f"{kind:15} {logic:>5}/{len(rows):<6} {unsound:>8} {statistics.median(secs):>9.3f} "
              f"{max(secs):>8.3f}  {slowest.id}", flush=True)
        needing_guess += [r for r in rows if not r.by_logic]
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(args.profile)
    if needing_guess:
        print("\nNot solved by logic alone (id, status, guesses, cpu s, where logic got stuck):")
        for r in needing_guess:
            print(f"  {r.id}  {r.status}  {r.guesses}  {r.cpu:.2f}  {r.stuck}")
    sys.exit(1 if total_unsound else 0)


class _Serial:
    """A stand-in for a process pool that runs in this process."""

    def __enter__(self) -> "_Serial":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def map(fn: Callable[[Any], Row], items: Iterable[Any]) -> Iterator[Row]:
        return map(fn, items)


if __name__ == "__main__":
    main()
