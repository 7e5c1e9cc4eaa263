"""Grading: how hard a puzzle is, from the techniques a solution needs.

The grade of a puzzle comes from its logic trace (HoDoKu style): the hardest
level used decides the band, the sum of the technique scores per use is the
score, and a puzzle that needs a guess is in the band ``Needs-guessing``.

>>> from puzzles import sample
>>> g = grade(sample("sudoku-1"))
>>> g.band, g.level, g.hardest in ("naked-single", "hidden-single")
('Easy', 1, True)
>>> import pickle; pickle.loads(pickle.dumps(g)) == g
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .engine import DEFAULT_BUDGET, GUESS, Technique, Trace, solve_with_logic
from .model import Puzzle

#: Bands by the hardest level a solution needs: (name, highest level in it).
#: Chosen from the corpus (see docs/grading.md): level 1-2 is what every
#: published "easy" puzzle needs, 3 adds intersections, 4-5 subsets and the
#: rule of 45, 6 cut vertices, quads and short contradictions, 7-9 deeper
#: contradiction chains.
BANDS: tuple[tuple[str, int], ...] = (
    ("Easy", 2),
    ("Medium", 3),
    ("Hard", 5),
    ("Expert", 7),
    ("Extreme", 9),
)
NEEDS_GUESSING = "Needs-guessing"
BAND_ORDER: tuple[str, ...] = tuple(name for name, _ in BANDS) + (NEEDS_GUESSING,)


def band_for(level: int, guessed: bool) -> str:
    """The band of a puzzle whose hardest step has ``level``.

    >>> band_for(1, False), band_for(4, False), band_for(8, False), band_for(3, True)
    ('Easy', 'Hard', 'Extreme', 'Needs-guessing')
    """
    if guessed:
        return NEEDS_GUESSING
    for name, top in BANDS:
        if level <= top:
            return name
    return BANDS[-1][0]


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade (plain data: picklable, JSON-ready with :meth:`to_dict`)."""

    id: str
    kind: str
    status: str
    level: int
    band: str
    score: int
    hardest: str
    techniques: tuple[tuple[str, int], ...] = field(default=())
    steps: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """``id, kind, status, level, band, score, hardest, techniques, steps`` (no timing, so
        that the same puzzle always gives the same data)."""
        return {"id": self.id, "kind": self.kind, "status": self.status, "level": self.level, "band": self.band,
                "score": self.score, "hardest": self.hardest, "techniques": dict(self.techniques),
                "steps": self.steps}


def grade_trace(trace: Trace, techniques: Sequence[Technique]) -> Grade:
    """The grade of an explained (or fast) trace, scored with ``techniques``."""
    scores = {t.id: t.score for t in techniques}
    scores.setdefault(GUESS, 100)
    level = 0
    hardest = ""
    score = 0
    for step in trace.steps:
        score += scores.get(step.technique, 0)
        if step.level > level:
            level, hardest = step.level, step.technique
    guessed = any(s.technique == GUESS for s in trace.steps)
    counts = trace.techniques_used()
    counts.pop("givens", None)
    band = band_for(level, guessed) if trace.status == "solved" else trace.status
    p = trace.puzzle
    return Grade(p.id, p.kind, trace.status, level, band, score, hardest,
                 tuple(counts.items()), len(trace.steps), trace.seconds)


def grade(puzzle: Puzzle, techniques: Sequence[Technique] | None = None, *, max_depth: int = 3,
          timeout: float | None = 60.0) -> Grade:
    """Grade a puzzle by solving it with logic (fast mode: no explanation text)."""
    if techniques is None:
        from techniques import DEFAULT

        techniques = DEFAULT
    trace = solve_with_logic(puzzle, techniques, explain=False, max_depth=max_depth, timeout=timeout,
                             budget=DEFAULT_BUDGET)
    return grade_trace(trace, techniques)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties get their average rank).

    >>> round(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 6), round(spearman([1, 2, 3], [3, 2, 1]), 6)
    (1.0, -1.0)
    """
    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return out

    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("spearman needs two equally long lists of at least 2 values")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 0.0
