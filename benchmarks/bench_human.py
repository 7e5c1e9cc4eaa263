"""Side by side with HoDoKu: how often each needs trial, and how fast it explains.

    pip install -e '.[bench]'        # hodoku-py, HoDoKu's Python port (GPL: used as a peer only)
    python benchmarks/bench_human.py [--generated N] [--seed S] [--corpus DIR] [--kropki N] [--killer N]
                                     [--budget W] [--no-hodoku]

On the corpus's classic Sudokus and on ``N`` classic Sudokus from our own
generator (``sumlogic.generate("sudoku", seed=S, index=i)``), each puzzle
is explained by sumlogic (``solve_with_logic`` with the default techniques,
sentences written, a counted work budget ``W``) and solved by hodoku-py's
``Solver().solve`` with its default settings.  It prints, per set:

* puzzles needing **trial**: sumlogic, a ``contradiction-*``, ``forcing-net``
  or ``guess`` step; HoDoKu, a step of its *Last Resort* category (forcing chains and
  nets, brute force, templates, kraken fish) or no solution path (give up);
* the **hardest technique** of each, counted over the puzzles (sumlogic:
  the step of the highest level; HoDoKu: the step of the highest base score
  in its configuration);
* **agreement**: the puzzles on which both need trial or both do not;
* **CPU seconds** of each (``time.process_time``, median and total) and the
  ratio of the medians (sumlogic / HoDoKu; below 1 means sumlogic is faster).

Then the share of generated Kropkis and Killers (``--kropki``, ``--killer``
of each) that sumlogic needs trial on (HoDoKu solves classic Sudoku only).
hodoku-py is only called through its public API (``hodoku.Solver``,
``hodoku.SolverConfig``); nothing of it is copied.  ``--no-hodoku`` runs
sumlogic alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from puzzles import read_path
from solver.engine import DEFAULT_BUDGET, solve_with_logic
from solver.model import Puzzle
from techniques import DEFAULT

#: HoDoKu's step types that count as trial even outside its Last Resort category.
HODOKU_TRIAL_PREFIXES = ("FORCING_CHAIN", "FORCING_NET", "BRUTE_FORCE", "TEMPLATE", "KRAKEN_FISH", "GIVE_UP",
                         "INCOMPLETE")


@dataclass(frozen=True)
class Row:
    """One solver on one puzzle: whether it needed trial, its hardest technique, CPU seconds."""

    trial: bool
    hardest: str
    seconds: float
    solved: bool = True


@dataclass
class Summary:
    """What the script prints for one set of puzzles."""

    name: str
    count: int
    trial: dict[str, int] = field(default_factory=dict)
    hardest: dict[str, Counter[str]] = field(default_factory=dict)
    median: dict[str, float] = field(default_factory=dict)
    total: dict[str, float] = field(default_factory=dict)
    agree: int | None = None
    only: dict[str, int] = field(default_factory=dict)


def sumlogic_trial(techniques_used: Iterable[str]) -> bool:
    """Whether a sumlogic trace used trial: a contradiction chain, a forcing net
    (HoDoKu's forcing nets and chains are trial too: its Last Resort) or a guess.

    >>> sumlogic_trial(["naked-single", "unique-rectangle-1"]), sumlogic_trial(["contradiction-2"])
    (False, True)
    >>> sumlogic_trial(["aic", "forcing-net"])
    True
    """
    return any(t in ("guess", "forcing-net") or t.startswith("contradiction") for t in techniques_used)


def hodoku_trial(step_types: Iterable[str], categories: Iterable[str] = (), solved: bool = True) -> bool:
    """Whether a HoDoKu solution path used trial: a Last Resort step (by
    category, or by a type name of :data:`HODOKU_TRIAL_PREFIXES`), or no
    complete path.

    >>> hodoku_trial(["HIDDEN_SINGLE", "X_WING"]), hodoku_trial(["FORCING_CHAIN_VERITY"])
    (False, True)
    >>> hodoku_trial(["NAKED_PAIR"], ["Last Resort"]), hodoku_trial([], solved=False)
    (True, True)
    """
    return (not solved or any(t.startswith(HODOKU_TRIAL_PREFIXES) for t in step_types)
            or any(c == "Last Resort" for c in categories))


def hardest(steps: Sequence[tuple[str, float]]) -> str:
    """The name of the hardest step, by its rank (level or score); the first of equals.

    >>> hardest([("naked-single", 1), ("x-wing", 4), ("naked-pair", 4)])
    'x-wing'
    >>> hardest([])
    ''
    """
    best, name = float("-inf"), ""
    for step, rank in steps:
        if rank > best:
            best, name = rank, step
    return name


def summarise(name: str, rows: dict[str, list[Row]]) -> Summary:
    """The figures of one set: ``rows`` maps a solver's name to its rows, one per puzzle, in the same order.

    >>> s = summarise("t", {"a": [Row(True, "x", 1.0), Row(False, "y", 3.0)],
    ...                     "b": [Row(True, "z", 2.0), Row(True, "z", 2.0)]})
    >>> s.trial, s.agree, s.only, s.median
    ({'a': 1, 'b': 2}, 1, {'a': 0, 'b': 1}, {'a': 2.0, 'b': 2.0})
    """
    count = len(next(iter(rows.values()))) if rows else 0
    out = Summary(name, count)
    for solver, got in rows.items():
        assert len(got) == count, "every solver needs a row for every puzzle"
        out.trial[solver] = sum(r.trial for r in got)
        out.hardest[solver] = Counter(r.hardest for r in got)
        out.median[solver] = statistics.median(r.seconds for r in got) if got else 0.0
        out.total[solver] = sum(r.seconds for r in got)
    if len(rows) == 2:
        (a, ra), (b, rb) = rows.items()
        out.agree = sum(x.trial == y.trial for x, y in zip(ra, rb))
        out.only = {a: sum(x.trial and not y.trial for x, y in zip(ra, rb)),
                    b: sum(y.trial and not x.trial for x, y in zip(ra, rb))}
    return out


def percent(part: int, whole: int) -> str:
    """``12 (3.4%)``."""
    return f"{part} ({100 * part / whole:.1f}%)" if whole else str(part)


def report(summary: Summary, top: int = 6) -> str:
    """The printed table of one set (Markdown, to paste into BENCHMARKS.md).

    >>> rows = {"sumlogic": [Row(True, "guess", 0.5)], "HoDoKu": [Row(False, "X_WING", 0.25)]}
    >>> print(report(summarise("demo", rows)))  # doctest: +NORMALIZE_WHITESPACE
    **demo** (1 puzzles)
    <BLANKLINE>
    | | sumlogic | HoDoKu |
    | --- | --- | --- |
    | puzzles needing trial | 1 (100.0%) | 0 (0.0%) |
    | needing trial, the other not | 1 | 0 |
    | hardest technique (most often) | guess 1 | X_WING 1 |
    | CPU seconds: median | 0.5000 | 0.2500 |
    | CPU seconds: total | 0.5 | 0.2 |
    <BLANKLINE>
    agreement on trial: 0 of 1 (0.0%); ratio of the median CPU seconds (sumlogic / HoDoKu): 2.00
    """
    solvers = list(summary.trial)
    lines = [f"**{summary.name}** ({summary.count} puzzles)", "",
             "| | " + " | ".join(solvers) + " |", "| --- |" + " --- |" * len(solvers),
             "| puzzles needing trial | "
             + " | ".join(percent(summary.trial[s], summary.count) for s in solvers) + " |"]
    if summary.only:
        lines.append("| needing trial, the other not | " + " | ".join(str(summary.only[s]) for s in solvers) + " |")
    lines.append("| hardest technique (most often) | " + " | ".join(
        ", ".join(f"{k} {n}" for k, n in summary.hardest[s].most_common(top)) for s in solvers) + " |")
    lines.append("| CPU seconds: median | " + " | ".join(f"{summary.median[s]:.4f}" for s in solvers) + " |")
    lines.append("| CPU seconds: total | " + " | ".join(f"{summary.total[s]:.1f}" for s in solvers) + " |")
    if summary.agree is not None and len(solvers) == 2:
        a, b = solvers
        ratio = summary.median[a] / summary.median[b] if summary.median[b] else float("inf")
        share = f" ({100 * summary.agree / summary.count:.1f}%)" if summary.count else ""
        lines += ["", f"agreement on trial: {summary.agree} of {summary.count}{share}; ratio of the median CPU "
                      f"seconds ({a} / {b}): {ratio:.2f}"]
    return "\n".join(lines)


# --- running the two solvers ----------------------------------------------------------------------
def run_sumlogic(puzzle: Puzzle, budget: int = DEFAULT_BUDGET) -> Row:
    """sumlogic's explained path: trial or not, hardest step, CPU seconds."""
    start = time.process_time()
    trace = solve_with_logic(puzzle, DEFAULT, explain=True, timeout=None, budget=budget)
    seconds = time.process_time() - start
    steps = [(s.technique, s.level) for s in trace.steps]
    return Row(sumlogic_trial(t for t, _ in steps), hardest(steps), seconds, trace.status == "solved")


def grid_text(puzzle: Puzzle) -> str:
    """A classic Sudoku's givens as 81 characters, ``.`` for an empty cell."""
    if not (puzzle.height == puzzle.width == 9 and puzzle.is_full_grid):
        raise ValueError(f"{puzzle.id}: HoDoKu takes 9x9 classic Sudokus only")
    digits = ["."] * 81
    for (r, c), g in zip(puzzle.cells, puzzle.givens):
        if g:
            digits[9 * r + c] = str(g)
    return "".join(digits)


def hodoku_runner() -> Callable[[Puzzle], Row] | None:
    """hodoku-py's solver as a function of a puzzle, or None when it is not installed."""
    try:
        import hodoku
    except ImportError:
        return None
    solver = hodoku.Solver()
    config = hodoku.SolverConfig().step_config

    def run(puzzle: Puzzle) -> Row:
        text = grid_text(puzzle)
        start = time.process_time()
        result = solver.solve(text)
        seconds = time.process_time() - start
        steps: list[Any] = list(result.steps or [])
        names = [s.type.name for s in steps]
        categories = [config[s.type].category.value for s in steps if s.type in config]
        ranked = [(s.type.name, config[s.type].base_score if s.type in config else 0) for s in steps]
        return Row(hodoku_trial(names, categories, bool(result.solved)), hardest(ranked), seconds,
                   bool(result.solved))

    return run


def generated(kind: str, seed: int, count: int) -> list[Puzzle]:
    """``count`` puzzles of ``kind`` from our generator (seed, index 0..count-1)."""
    import sumlogic
    return [sumlogic.generate(kind, seed=seed, index=i) for i in range(count)]


def compare(name: str, puzzles: Sequence[Puzzle], hodoku: Callable[[Puzzle], Row] | None, budget: int) -> Summary:
    rows: dict[str, list[Row]] = {"sumlogic": []}
    if hodoku is not None:
        rows["HoDoKu"] = []
    for puzzle in puzzles:
        rows["sumlogic"].append(run_sumlogic(puzzle, budget))
        if hodoku is not None:
            rows["HoDoKu"].append(hodoku(puzzle))
    return summarise(name, rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generated", type=int, default=200, help="generated classic Sudokus (default 200)")
    parser.add_argument("--seed", type=int, default=2026, help="the generator's seed (default 2026)")
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parent.parent.parent / "shared" /
                        "corpus", help="the corpus folder (its sudoku.jsonl)")
    parser.add_argument("--kropki", type=int, default=50, help="generated Kropkis (default 50)")
    parser.add_argument("--killer", type=int, default=30, help="generated Killers (default 30)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="sumlogic's work budget per puzzle")
    parser.add_argument("--no-hodoku", action="store_true", help="run sumlogic alone")
    args = parser.parse_args(argv)
    hodoku = None if args.no_hodoku else hodoku_runner()
    if hodoku is None and not args.no_hodoku:
        print("hodoku-py is not installed (pip install -e '.[bench]'); running sumlogic alone", file=sys.stderr)
    sets: list[tuple[str, list[Puzzle]]] = []
    corpus = args.corpus / "sudoku.jsonl"
    if corpus.is_file():
        sets.append((f"corpus classic Sudokus ({corpus})", list(read_path(str(corpus)))))
    else:
        print(f"no corpus at {corpus}: generated puzzles only", file=sys.stderr)
    if args.generated:
        sets.append((f"generated classic Sudokus (seed {args.seed}, indexes 0-{args.generated - 1})",
                     generated("sudoku", args.seed, args.generated)))
    for name, puzzles in sets:
        print(report(compare(name, puzzles, hodoku, args.budget)), end="\n\n", flush=True)
    for kind, count in (("kropki", args.kropki), ("killer", args.killer)):
        if count:
            summary = compare(f"generated {kind}s (seed {args.seed}, indexes 0-{count - 1})",
                              generated(kind, args.seed, count), None, args.budget)
            print(report(summary), end="\n\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
