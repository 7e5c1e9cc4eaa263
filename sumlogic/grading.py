"""Grading: how hard a puzzle is, from the techniques a solution needs.

The grade of a puzzle comes from its logic trace (HoDoKu style): the hardest
level used decides the band, and a puzzle that needs a guess is in the band
``Needs-guessing``.  The score (:func:`score_steps`) counts only the steps a
human would call hard: each step of level ``L >= WEIGHTS.floor`` adds
``WEIGHTS.base ** (L - WEIGHTS.floor)``, and the hardest level adds
``WEIGHTS.per_level`` points per level.  The weights and the band cut points
were chosen on the corpus by ``benchmarks/calibrate.py --score`` (docs/grading.md
says how, and how well they agree with the sources' own ratings).

>>> from puzzles import sample
>>> g = grade(sample("sudoku-1"))
>>> g.band, g.level, g.hardest in ("naked-single", "hidden-single")
('Easy', 1, True)
>>> import pickle; pickle.loads(pickle.dumps(g)) == g
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from techniques import DEFAULT
from solver.engine import DEFAULT_BUDGET, GUESS, Technique, Trace, solve_with_logic
from solver.model import Puzzle

# The time estimate lives in its own module; its names are re-exported here,
# where the grade that reports it is.
from .estimate import (CALIBRATED_MINUTES, CHAIN_LEVEL, CHAIN_WORK, LONG_CHAIN, MARKS_UNIT, OPTION_CAPS,
                       TIME_MODEL, TIME_MODELS,
                       Layout, MoveCounter, PathStep, Spotter, TimeModel, estimate_minutes, estimate_seconds,
                       largest_region, minutes_said, path_steps, spotting_seconds, time_model, time_score)

__all__ = [
    "BANDS", "BAND_ORDER", "MINUTE_BANDS", "NEEDS_GUESSING", "EXACT_NODES", "WEIGHTS", "Grade", "StepFeature",
    "Weights", "band_for", "grade", "grade_trace", "score_steps", "spearman", "step_features",
    # from sumlogic.estimate
    "CALIBRATED_MINUTES", "minutes_said",
    "CHAIN_LEVEL", "CHAIN_WORK", "LONG_CHAIN", "MARKS_UNIT", "OPTION_CAPS", "TIME_MODEL", "TIME_MODELS", "Layout",
    "MoveCounter", "PathStep", "Spotter", "TimeModel", "estimate_minutes", "estimate_seconds", "largest_region",
    "path_steps", "spotting_seconds", "time_model", "time_score",
]

#: Bands by the hardest level a solution needs: (name, highest level in it).
#: The cut points were chosen on the corpus (``benchmarks/calibrate.py --score``,
#: docs/grading.md): of all cut points, these put the most puzzles whose source
#: names a difficulty in words (easy, intermediate, expert, extreme ...) in the
#: band of that word.  Easy: singles and basic sum/dot steps (1-2); Medium:
#: intersections, pairs, triples, innies and outies (3-5); Hard: quads and cut
#: vertices (6); Expert: contradictions of depth 1 (7); Extreme: depth 2-3 (8-9).
BANDS: tuple[tuple[str, int], ...] = (
    ("Easy", 2),
    ("Medium", 5),
    ("Hard", 6),
    ("Expert", 7),
    ("Extreme", 9),
)
NEEDS_GUESSING = "Needs-guessing"
BAND_ORDER: tuple[str, ...] = tuple(name for name, _ in BANDS) + (NEEDS_GUESSING,)


#: Per kind, the estimated minutes (:attr:`Grade.minutes`) from which the time
#: estimate lifts a puzzle's band above what its hardest level gives: the
#: hardest level sets the floor, and a long slog of easy steps is not Easy.
#: The estimate lifts a puzzle to Medium or Hard at most (Expert and
#: Extreme take the contradictions that define them).  Chosen by
#: ``python benchmarks/calibrate.py --rated`` on the kind's janko.at grades
#: (grades 1-2 Easy, 3 Medium, 4-5 Hard: each cut point at the estimate's
#: quantile of the share of puzzles graded below it), and kept only for kinds
#: where it makes the bands agree better with those grades (docs/grading.md).
MINUTE_BANDS: dict[str, tuple[tuple[str, float], ...]] = {
    # kakuro-janko: band against grade +0.18 by the hardest level alone, +0.51 lifted (5-fold CV +0.50)
    "kakuro": (("Medium", 5.6), ("Hard", 9.3)),
    # sudoku-janko: +0.48 alone, +0.67 lifted (5-fold CV +0.66); sudoku-cloud +0.36 -> +0.55,
    # sudoku-krazydad's seven tiers +0.92 -> +0.93
    "sudoku": (("Medium", 8.1), ("Hard", 12.0)),
}


def band_for(level: int, guessed: bool, kind: str = "", minutes: float = 0.0,
             minute_bands: dict[str, tuple[tuple[str, float], ...]] | None = None) -> str:
    """The band of a puzzle whose hardest step has ``level`` (and, for a kind in
    ``minute_bands``, default :data:`MINUTE_BANDS`, whose estimate is ``minutes``).

    >>> band_for(1, False), band_for(4, False), band_for(6, False), band_for(8, False), band_for(3, True)
    ('Easy', 'Medium', 'Hard', 'Extreme', 'Needs-guessing')
    """
    if guessed:
        return NEEDS_GUESSING
    band = BANDS[-1][0]
    for name, top in BANDS:
        if level <= top:
            band = name
            break
    for name, least in (MINUTE_BANDS if minute_bands is None else minute_bands).get(kind, ()):
        if minutes >= least and BAND_ORDER.index(name) > BAND_ORDER.index(band):
            band = name
    return band


#: The level from which a grade's line names the techniques a solution needs:
#: the singles and the basic sum and dot steps (levels 1-2) every puzzle uses.
NEEDS_FROM_LEVEL = 3


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
    #: the model's estimate of a person's solving time, in minutes (:func:`estimate_minutes`), as it
    #: comes: for ranking and calibrating.  What may be *said* of it is :attr:`estimate_minutes`,
    #: :attr:`open_ended` and :attr:`estimate` (the JSON and the pages say only those).
    minutes: float = 0.0

    def needs(self, from_level: int = NEEDS_FROM_LEVEL) -> list[tuple[str, int]]:
        """The techniques of level ``from_level`` or more the solution used, with
        how many times, hardest first (then the most used): what a setter reads
        as "needs: W-Wing x2, Skyscraper x1".

        >>> g = Grade("p", "sudoku", "solved", 6, "Hard", 0, "naked-quad",
        ...           (("naked-single", 40), ("pointing", 3), ("naked-quad", 1), ("naked-pair", 2)))
        >>> g.needs()
        [('naked-quad', 1), ('naked-pair', 2), ('pointing', 3)]
        """
        from techniques import catalogue

        levels = {t.id: t.level for t in catalogue()}
        used = [(name, count) for name, count in self.techniques if levels.get(name, 0) >= from_level]
        return sorted(used, key=lambda item: (-levels[item[0]], -item[1], item[0]))

    def needs_text(self) -> str:
        """:meth:`needs` in words, by technique name: ``X-Wing x1, Naked pair x2``
        (``""`` when the solution used nothing of that level).

        >>> Grade("p", "sudoku", "solved", 3, "Medium", 0, "pointing", (("pointing", 3),)).needs_text()
        'Pointing x3'
        """
        from techniques import catalogue

        names = {t.id: t.name for t in catalogue()}
        return ", ".join(f"{names.get(name, name)} x{count}" for name, count in self.needs())

    @property
    def guessed(self) -> bool:
        """Whether the solution needed a guess (then there is no time estimate, only the band)."""
        return any(name == GUESS for name, _ in self.techniques)

    @property
    def estimate_minutes(self) -> float | None:
        """The minutes that may be said: the estimate inside the calibrated range
        (:data:`CALIBRATED_MINUTES`), its top when the estimate is beyond it (see
        :attr:`open_ended`), None when the puzzle needs guessing or was not solved."""
        if self.status != "solved" or self.guessed:
            return None
        return minutes_said(self.minutes)[0]

    @property
    def open_ended(self) -> bool:
        """True when the estimate is beyond the calibrated range: "more than :attr:`estimate_minutes`"."""
        return self.status == "solved" and not self.guessed and minutes_said(self.minutes)[1]

    @property
    def estimate(self) -> str:
        """The estimate in words: ``about 6.1 minutes``, ``more than 50 minutes``, or ``""`` (none: the
        puzzle needs guessing or was not solved, and only the band is said)."""
        said = self.estimate_minutes
        if said is None:
            return ""
        return f"more than {said:g} minutes" if self.open_ended else f"about {said:g} minutes"

    @property
    def time_score(self) -> int:
        """The time estimate as a score: tenths of a minute (:func:`time_score`), as it comes."""
        return time_score(self.minutes)

    def to_dict(self) -> dict[str, Any]:
        """``id, kind, status, level, band, score, hardest, techniques, steps, minutes,
        time_score, minutes_open, estimate`` (no wall-clock timing, so that the same puzzle always gives
        the same data).  ``minutes`` is what may be said (:attr:`estimate_minutes`: null without an
        estimate), ``minutes_open`` true when it is open-ended ("more than"), ``time_score`` its tenths."""
        said = self.estimate_minutes
        return {"id": self.id, "kind": self.kind, "status": self.status, "level": self.level, "band": self.band,
                "score": self.score, "hardest": self.hardest, "techniques": dict(self.techniques),
                "steps": self.steps, "minutes": said, "time_score": None if said is None else time_score(said),
                "minutes_open": self.open_ended, "estimate": self.estimate}


#: One step of a trace as the score sees it: (technique id, level, placements, candidates removed).
StepFeature = tuple[str, int, int, int]


def step_features(trace: Trace) -> list[StepFeature]:
    """The steps of ``trace`` as :data:`StepFeature` tuples (the ``givens`` step left out).

    In fast mode the eliminations are the ones the technique reported, not the
    peers a placement clears, so ``removed`` counts a technique's own work.

    >>> from puzzles import sample
    >>> rows = step_features(solve_with_logic(sample("sudoku-1"), DEFAULT, explain=False))
    >>> rows[0][:3], all(r[0] != "givens" for r in rows)
    (('naked-single', 1, 1), True)
    """
    return [(s.technique, s.level, len(s.placements), s.removed_count())
            for s in trace.steps if s.technique != "givens"]


@dataclass(frozen=True)
class Weights:
    """The parameters of :func:`score_steps`.

    ``floor``: steps below this level add nothing (every puzzle needs many
    singles and dot or sum steps, and their number says little about
    difficulty); ``base``: a step of level ``L >= floor`` adds
    ``base ** (L - floor)``; ``per_level``: points per level of the hardest step.
    """

    floor: int
    base: float
    per_level: int


#: The weights in use, chosen by ``python benchmarks/calibrate.py --score --fit`` (docs/grading.md).
WEIGHTS = Weights(floor=6, base=1.0, per_level=1000)


def score_steps(steps: Iterable[StepFeature], weights: Weights = WEIGHTS) -> int:
    """The score of a solution path given as :data:`StepFeature` rows.

    >>> w = Weights(floor=3, base=2.0, per_level=10)
    >>> score_steps([("naked-single", 1, 1, 0)] * 50, w)
    10
    >>> score_steps([("naked-single", 1, 1, 0), ("pointing", 3, 0, 2), ("naked-pair", 4, 0, 3)], w)
    43
    """
    level = 0
    total = 0.0
    for _, step_level, _, _ in steps:
        level = max(level, step_level)
        if step_level >= weights.floor:
            total += weights.base ** (step_level - weights.floor)
    return round(weights.per_level * level + total)


def grade_trace(trace: Trace, techniques: Sequence[Technique] | None = None,
                weights: Weights = WEIGHTS) -> Grade:
    """The grade of an explained (or fast) trace.

    The score depends on the steps' levels only (:func:`score_steps`);
    ``techniques`` is accepted for compatibility and not needed.  A trace
    stopped by the wall-clock ``timeout`` has no grade: how far it got depends
    on the machine, so level, score, techniques and steps are left empty and
    the same puzzle gives the same record however it is run.
    """
    p = trace.puzzle
    if trace.status == "timeout":
        return Grade(p.id, p.kind, trace.status, 0, trace.status, 0, "", (), 0, trace.seconds, 0.0)
    level = 0
    hardest = ""
    for step in trace.steps:
        if step.level > level:
            level, hardest = step.level, step.technique
    score = score_steps(step_features(trace), weights)
    guessed = any(s.technique == GUESS for s in trace.steps)
    counts = trace.techniques_used()
    counts.pop("givens", None)
    minutes = (estimate_minutes(path_steps(trace), time_model(p.kind), largest_region(p))
               if trace.status == "solved" else 0.0)
    band = band_for(level, guessed, p.kind, minutes) if trace.status == "solved" else trace.status
    return Grade(p.id, p.kind, trace.status, level, band, score, hardest,
                 tuple(counts.items()), len(trace.steps), trace.seconds, minutes)


#: The search nodes the exact solve behind a guess may use when grading (the
#: hardest corpus puzzles need a few thousand from the state logic leaves).
EXACT_NODES = 2_000_000


def grade(puzzle: Puzzle, techniques: Sequence[Technique] | None = None, *, max_depth: int = 3,
          timeout: float | None = None, budget: int = DEFAULT_BUDGET, node_limit: int = EXACT_NODES) -> Grade:
    """Grade a puzzle by solving it with logic (fast mode: no explanation text).

    ``budget``: the work contradiction chains may spend (:class:`~solver.engine.Work`);
    past it the engine guesses.  ``node_limit``: the search nodes the exact
    solve behind a guess may use; past it the status is ``timeout``.  Both
    are counted, not timed, so the grade never depends on the machine or its
    load.  ``timeout`` (wall-clock seconds) is accepted for compatibility and
    ignored: a clock would make the grade depend on the machine.
    """
    if techniques is None:
        techniques = DEFAULT
    trace = solve_with_logic(puzzle, techniques, explain=False, max_depth=max_depth, timeout=None,
                             budget=budget, node_limit=node_limit,
                             observe=MoveCounter.for_model(time_model(puzzle.kind)))
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
