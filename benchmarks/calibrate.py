"""How well sumlogic's grade agrees with the sources' own difficulty ratings.

    python benchmarks/calibrate.py [--jobs 2] [--limit N] [--rated-dir DIR] [--cache DIR] [--fold-seeds 19,1,2]
    python benchmarks/calibrate.py --score [--jobs 2] [--cache DIR] [--budget S] [--all] [--fit] [--cached]
                                   [--refresh] [--corpus DIR]

By default (``--rated`` says the same) it calibrates the time estimate
(:mod:`benchmarks.calibrate_time`): per rated set of ``shared/rated/`` and
rated corpus group, n and Spearman's rho, in use and cross-validated, with
bootstrap intervals, then each kind's fitted model and the band cut points.
``--score`` calibrates the older hardest-level score instead; the rest of
this text is about it.

Two phases, so that the slow part runs once:

1. *Traces.*  Every rated corpus puzzle and every puzzle of the killer
   collections in the cross-source check (``--all``: every corpus puzzle) is
   solved as :func:`sumlogic.grading.grade` does it (fast mode, the engine's
   deterministic work budget), with at most ``--budget`` CPU seconds each as
   a safety net, and its steps are cached as :data:`sumlogic.grading.StepFeature`
   rows in ``--cache`` (one JSON file per puzzle, in a folder named by a hash
   of the technique table and the work budget, so that a changed table starts
   a fresh cache; ``--refresh`` after other engine changes).  A puzzle over
   the budget is cached as ``timeout`` and left out of every rho; the report
   says how many.  ``--cached`` reports on the cache without solving.
2. *Scores.*  Scoring a cached trace is cheap, so the script prints
   Spearman's rho between each rated source's rating and the old score (sum of
   the technique table's scores), the current score (:data:`sumlogic.grading.WEIGHTS`),
   the hardest level and the step count, then the hardest level per labelled
   group and the band cut points those labels ask for; ``--fit`` adds the
   grid search that chose the weights (:mod:`benchmarks.calibrate_fit`,
   docs/grading.md).

Sources that are not difficulty scales are left out: sudoku top95 ("hard")
and royle17 ("17 clues") are one label each, and so are the killer "extreme"
collections, which only take part in the cross-source killer check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import signal
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402
from solver.model import Puzzle  # noqa: E402

WORDS = {"easy": 1, "medium": 2, "hard": 3, "super": 4, "extreme": 5}

#: The cross-source killer check: tiers of collections, easiest first.
KILLER_TIERS: tuple[tuple[str, int], ...] = (
    ("killer/krazydad", 1),            # "intermediate" books
    ("killer/vtsukur", 2),             # sudoku.com daily/expert, dailykillersudoku 10/10
    ("killer/iss-tarek", 3),           # "extreme" collections
    ("killer/iss-mathemagic", 3),      # (killer/iss mixes a "hard" and an "extreme": left out)
)

Entry = dict[str, Any]


def rating(difficulty: str | None) -> float | None:
    """A number from a source's difficulty string, or None when it has none.

    >>> rating("krazydad intermediate, book 37 of 100 (books ordered by increasing difficulty)"), rating("janko 4")
    (37.0, 4.0)
    >>> rating("easy"), rating("top95 (hard)"), rating(None)
    (1.0, None, None)
    """
    if not difficulty:
        return None
    book = re.search(r"book (\d+)", difficulty)
    if book:
        return float(book.group(1))
    janko = re.fullmatch(r"janko (\d+)", difficulty.strip())
    if janko:
        return float(janko.group(1))
    return float(WORDS[difficulty.strip()]) if difficulty.strip() in WORDS else None


def source_of(puzzle_id: str) -> str:
    """``kind/source`` of an id.

    >>> source_of("killer/krazydad/v1-b007-p5")
    'killer/krazydad'
    """
    return "/".join(puzzle_id.split("/")[:2])


def tier_of(puzzle_id: str) -> int | None:
    """The cross-source killer tier of a puzzle (1 easiest), or None.

    >>> tier_of("killer/iss-tarek/39"), tier_of("kropki/janko/004")
    (3, None)
    """
    return dict(KILLER_TIERS).get(source_of(puzzle_id))


def table_hash() -> str:
    """A short hash of the technique table (id, level, score, order) and the
    engine's work budget, which names the cache folder.  Other changes to the
    engine or the techniques do not change it: pass ``--refresh`` after them."""
    from solver.engine import DEFAULT_BUDGET
    from techniques import DEFAULT

    text = json.dumps([[(t.id, t.level, t.score) for t in DEFAULT], DEFAULT_BUDGET])
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def cache_file(folder: Path, puzzle_id: str) -> Path:
    """Where the cached trace of ``puzzle_id`` lives."""
    return folder / (puzzle_id.replace("/", "__") + ".json")


class OverBudget(Exception):
    """Raised (from a profiling-timer signal) when a puzzle used up its CPU budget."""


def _over_budget(signum: int, frame: Any) -> None:
    """The ``SIGPROF`` handler: stop the solve in progress."""
    raise OverBudget


CPU_TIMER = hasattr(signal, "setitimer") and hasattr(signal, "ITIMER_PROF")
"""Whether this platform has the CPU-time timer (not Windows)."""


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`OverBudget` inside the block once it has used ``seconds`` of
    CPU time (``ITIMER_PROF``, so a busy machine does not cut it short); where
    that timer is missing, the block runs unbounded."""
    if not CPU_TIMER:
        yield
        return
    old = signal.signal(signal.SIGPROF, _over_budget)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def trace_entry(job: tuple[Puzzle, float]) -> Entry:
    """Solve one puzzle within ``budget`` seconds of CPU time; its status, CPU time and step features.

    The budget is CPU time (``ITIMER_PROF``), not wall time, so that a busy
    machine does not turn slow puzzles into timeouts; where that timer is
    missing (Windows) the engine's wall-clock timeout is used instead.
    """
    from solver.engine import DEFAULT_BUDGET, solve_with_logic
    from techniques import DEFAULT
    from sumlogic.grading import step_features

    puzzle, budget = job
    cpu = time.process_time()
    entry: Entry = {"id": puzzle.id, "kind": puzzle.kind, "budget": budget, "cells": len(puzzle.cells),
                    "givens": sum(1 for g in puzzle.givens if g)}
    try:
        with cpu_budget(budget):
            # the same call as sumlogic.grading.grade, with the CPU budget as the safety net
            trace = solve_with_logic(puzzle, DEFAULT, explain=False, max_depth=3,
                                     timeout=None if CPU_TIMER else budget, budget=DEFAULT_BUDGET)
        entry.update(status=trace.status, steps=step_features(trace))
    except OverBudget:
        entry.update(status="timeout", steps=[])
    entry["cpu"] = round(time.process_time() - cpu, 3)
    return entry


def cached_entries(puzzles: list[Puzzle], folder: Path, budget: float, jobs: int,
                   refresh: bool = False, solve: bool = True) -> Iterator[Entry]:
    """Every puzzle's entry, from the cache when it holds one made with at least
    this budget (or a finished one), else computed in ``jobs`` processes and
    stored; with ``solve`` False only the cached entries."""
    folder.mkdir(parents=True, exist_ok=True)
    todo: list[Puzzle] = []
    for p in puzzles:
        path = cache_file(folder, p.id)
        if path.is_file() and not refresh:
            entry = json.loads(path.read_text())
            if entry["status"] != "timeout" or entry["budget"] >= budget:
                yield entry
                continue
        todo.append(p)
    if todo and not solve:
        print(f"{len(todo)} puzzles not in the cache, left out (--cached)", file=sys.stderr)
        return
    if todo:
        print(f"solving {len(todo)} puzzles (budget {budget:g} s each, {jobs} process(es)) ...", file=sys.stderr)
    work = [(p, budget) for p in todo]
    if jobs == 1:
        results: Iterator[Entry] = map(trace_entry, work)
        for entry in results:
            _store(folder, entry)
            yield entry
        return
    with ProcessPoolExecutor(jobs) as pool:
        for future in as_completed([pool.submit(trace_entry, w) for w in work]):
            entry = future.result()
            _store(folder, entry)
            yield entry


def _store(folder: Path, entry: Entry) -> None:
    """Write one entry to the cache (atomically) and log it to stderr."""
    path = cache_file(folder, entry["id"])
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(entry))
    os.replace(tmp, path)
    print(f"  {entry['id']}: {entry['status']} {entry['cpu']:.1f} s", file=sys.stderr)


def collect(folder: Path, everything: bool) -> list[tuple[Puzzle, float | None]]:
    """Rated puzzles (and with ``everything`` all corpus puzzles) with their rating."""
    out = []
    for kind in KINDS:
        for p in load(kind, folder):
            r = rating(p.get_info("difficulty"))
            if everything or r is not None or tier_of(p.id) is not None:
                out.append((p, r))
    # rated sources first, the extreme killers (slow) last
    out.sort(key=lambda item: 0 if item[1] is not None or tier_of(item[0].id) == 2 else
             2 if tier_of(item[0].id) is not None else 1)
    return out


def main() -> None:
    """Fill the cache, then print the calibration tables."""
    from benchmarks.calibrate_fit import report

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=1, help="processes for the traces (default 1)")
    ap.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "sumlogic-calibrate"),
                    help="folder for cached traces (default: <tmp>/sumlogic-calibrate)")
    ap.add_argument("--budget", type=float, default=60.0,
                    help="CPU seconds per puzzle, a safety net over the engine's work budget (default 60)")
    ap.add_argument("--all", action="store_true", help="also trace unrated puzzles (for the band quantiles)")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("--cached", action="store_true", help="only report what the cache holds")
    ap.add_argument("--fit", action="store_true", help="with --score: print the grid search that chose the weights")
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--rated", action="store_true",
                    help="calibrate the time estimate on shared/rated/ and the rated corpus groups, "
                         "cross-validated (benchmarks/calibrate_time.py; the default)")
    ap.add_argument("--score", action="store_true",
                    help="calibrate the hardest-level score and its bands on the corpus instead")
    ap.add_argument("--rated-dir", default=None, help="the rated sets (default: ../shared/rated)")
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles per rated set (0: all)")
    ap.add_argument("--fold-seeds", default="",
                    help="with --rated: also the cross-validated rho with the folds drawn by each of these "
                         "seeds, comma-separated (say 19,1,2,3,4,5), and their mean")
    args = ap.parse_args()
    if args.rated or not args.score:
        from benchmarks import calibrate_time

        args.fit = True  # the cross-validation is the point of the report
        calibrate_time.main(args)
        return
    items = collect(corpus_dir(args.corpus), args.all)
    ratings = {p.id: r for p, r in items}
    labels = {p.id: _label(p.get_info("difficulty")) for p, _ in items}
    folder = Path(args.cache) / table_hash()
    entries = list(cached_entries([p for p, _ in items], folder, args.budget, args.jobs, args.refresh,
                                  not args.cached))
    for e in entries:
        e["rating"], e["label"] = ratings[e["id"]], labels[e["id"]]
    print(f"cache: {folder}  ({len(entries)} traces, CPU budget {args.budget:g} s each)")
    report(entries, fit_too=args.fit)


def _label(difficulty: str | None) -> str | None:
    """A difficulty string without book numbers and notes in brackets (for grouping).

    >>> _label("krazydad intermediate, book 7 of 100 (books ordered by increasing difficulty)")
    'krazydad intermediate'
    """
    if not difficulty:
        return None
    return re.sub(r",? ?book \d+ of \d+", "", re.sub(r" ?\(.*\)", "", difficulty)).strip()


if __name__ == "__main__":
    main()
