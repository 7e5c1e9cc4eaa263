"""How well sumlogic's grade agrees with the sources' own difficulty ratings.

    python benchmarks/calibrate.py [--jobs 2] [--corpus DIR]

For each corpus source that rates its puzzles (krazydad's book number,
janko.at's Kropki rating 3-6, the MiniZinc easy/hard/super labels) it grades
every rated puzzle and prints Spearman's rank correlation (rho) between the
source's rating and sumlogic's score, hardest level and step count.
"""

from __future__ import annotations

import argparse
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402

WORDS = {"easy": 1, "medium": 2, "hard": 3, "super": 4, "extreme": 5}


def rating(difficulty: str | None) -> float | None:
    """A number from a source's difficulty string, or None when it has none.

    >>> rating("krazydad intermediate, book 37 of 100 (books ordered by increasing difficulty)"), rating("janko 4")
    (37.0, 4.0)
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
    """``kind/source`` of an id."""
    return "/".join(puzzle_id.split("/")[:2])


def grade_one(puzzle):
    from solver.grade import grade

    g = grade(puzzle)
    return puzzle.id, g.score, g.level, g.steps, g.band


def main() -> None:
    from solver.grade import spearman

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--corpus", default=None)
    args = ap.parse_args()
    folder = corpus_dir(args.corpus)
    rated: dict[str, list] = {}
    for kind in KINDS:
        for p in load(kind, folder):
            r = rating(p.get_info("difficulty"))
            if r is not None:
                rated.setdefault(source_of(p.id), []).append((p, r))
    print(f"{'source':22} {'n':>4} {'rho(score)':>11} {'rho(level)':>11} {'rho(steps)':>11}")
    for source, items in sorted(rated.items()):
        ratings = [r for _, r in items]
        if len(set(ratings)) < 2:
            continue
        puzzles = [p for p, _ in items]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                rows = list(pool.map(grade_one, puzzles))
        else:
            rows = [grade_one(p) for p in puzzles]
        scores = [row[1] for row in rows]
        levels = [row[2] for row in rows]
        steps = [row[3] for row in rows]
        print(f"{source:22} {len(items):>4} {spearman(ratings, scores):>11.2f} {spearman(ratings, levels):>11.2f} "
              f"{spearman(ratings, steps):>11.2f}")


if __name__ == "__main__":
    main()
