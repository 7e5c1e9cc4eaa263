"""Grading: how hard a puzzle is, from the techniques a solution needs.

The grade of a puzzle comes from its logic trace (HoDoKu style): the hardest
level used decides the band, and a puzzle that needs a guess is in the band
``Needs-guessing``.  The score (:func:`score_steps`) counts only the steps a
human would call hard: each step of level ``L >= WEIGHTS.floor`` adds
``WEIGHTS.base ** (L - WEIGHTS.floor)``, and the hardest level adds
``WEIGHTS.per_level`` points per level.  The weights and the band cut points
were chosen on the corpus by ``benchmarks/calibrate.py`` (docs/grading.md
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
from solver.bits import combinations
from solver.engine import DEFAULT_BUDGET, GUESS, Context, Technique, Trace, Work, solve_with_logic
from solver.model import Puzzle
from solver.step import Step

#: Bands by the hardest level a solution needs: (name, highest level in it).
#: The cut points were chosen on the corpus (``benchmarks/calibrate.py``,
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


def band_for(level: int, guessed: bool) -> str:
    """The band of a puzzle whose hardest step has ``level``.

    >>> band_for(1, False), band_for(4, False), band_for(6, False), band_for(8, False), band_for(3, True)
    ('Easy', 'Medium', 'Hard', 'Extreme', 'Needs-guessing')
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
    #: the estimated solving time of a person, in minutes (:func:`estimate_minutes`)
    minutes: float = 0.0

    @property
    def time_score(self) -> int:
        """The time estimate as a score: tenths of a minute (:func:`time_score`)."""
        return time_score(self.minutes)

    def to_dict(self) -> dict[str, Any]:
        """``id, kind, status, level, band, score, hardest, techniques, steps, minutes,
        time_score`` (no wall-clock timing, so that the same puzzle always gives the same data)."""
        return {"id": self.id, "kind": self.kind, "status": self.status, "level": self.level, "band": self.band,
                "score": self.score, "hardest": self.hardest, "techniques": dict(self.techniques),
                "steps": self.steps, "minutes": self.minutes, "time_score": self.time_score}


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


#: The weights in use, chosen by ``python benchmarks/calibrate.py --fit`` (docs/grading.md).
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


# --- the time estimate ---------------------------------------------------------------
#: One top-level step of a solving path as the time estimate sees it:
#: ``(technique id, level, moves open, open cells, chain length, combinations)``.
#: *Moves open* counts the distinct applications of the step's technique and
#: the others of its level that come after it in the technique order (the
#: earlier ones found nothing), capped (:data:`OPTION_CAPS`); *open cells* the
#: cells not yet placed; *chain length* the technique steps of a
#: contradiction's refutation (0 else); *combinations* the most digit
#: combinations a sum region the step names can hold (1 when it names none:
#: a cage of 2 cells summing to 3 has 1, one of 5 cells summing to 25 has 12).
#: Rows made by :func:`path_steps` carry two more columns (:data:`PathStepMarks`):
#: *marks*, the most candidates (pencil marks) left in a sum region the step
#: names, counted in that state (0 when it names none), and *crossing*, 1 when
#: the step names a sum region and its eliminations do not follow from that
#: region's total and size alone (the person had to read the candidates the
#: crossing regions left; 0 else: "16 in two cells is 7+9" needs no other cell).
PathStep = tuple[str, int, int, int, int, int]
#: A :data:`PathStep` with the *marks* and *crossing* columns appended.
PathStepMarks = tuple[str, int, int, int, int, int, int, int]

#: How many moves open are counted at most, by level (the rest: ``OPTION_CAPS[-1]``).
#: Beyond a few, more options hardly shorten the search, and counting stops early.
OPTION_CAPS: tuple[int, ...] = (0, 20, 3, 2)
#: The work a replayed refutation may spend to measure its chain (else :data:`LONG_CHAIN`).
CHAIN_WORK = 5_000
#: The chain length assumed when the replay runs out of :data:`CHAIN_WORK`.
LONG_CHAIN = 40
#: The level of the first contradiction technique; from it on a step's chain is measured.
CHAIN_LEVEL = 7
#: A step's marks count in units of a fresh two-cell run's candidates (``TimeModel.marks``):
#: the unit changes no Kakuro rho (9 and 18 fit alike) but keeps its minutes near the old scale.
MARKS_UNIT = 18


def _cap(level: int) -> int:
    """The most moves counted at ``level``."""
    return OPTION_CAPS[level] if level < len(OPTION_CAPS) else OPTION_CAPS[-1]


class MoveCounter:
    """The :data:`~solver.engine.Observer` grading passes to the engine: for
    each top-level step, ``(moves open, chain length, combinations)``.

    Moves open: the step's technique and the later ones of the same level are
    run again on the same state, and their distinct effects counted up to
    :func:`_cap` (techniques only read the state, so the path does not
    change).  A contradiction is not searched again (that costs work and its
    search keeps notes): its chain is replayed with a separate work budget of
    its own (:data:`CHAIN_WORK`), and its moves open are 1.  Combinations:
    see :data:`PathStep`.
    """

    def __init__(self, count_moves: bool = True) -> None:
        #: (cells, total) of a sum region -> its number of digit combinations
        self._combos: dict[tuple[tuple[int, ...], int], int] = {}
        #: (size, total) of a sum region -> the digits any of its combinations uses
        self._digits: dict[tuple[int, int], int] = {}
        #: False: moves open are not counted (always 1), for a kind whose time
        #: model does not use them (``options == 0``): the re-runs are most of the counter's cost
        self.count_moves = count_moves

    def __call__(self, ctx: Context, step: Step) -> tuple[int, int, int, int, int, int]:
        """``(moves open, chain length, combinations, size, marks, crossing)`` for ``step``,
        found in ``ctx`` (size: the most cells of a sum region the step names, 0 when
        none; marks and crossing: see :data:`PathStep`)."""
        combos, size = self.combinations(ctx, step)
        marks, crossing = self.marks(ctx, step)
        if step.level >= CHAIN_LEVEL and step.technique.startswith("contradiction-") and step.eliminations:
            return 1, self.chain(ctx, step), combos, size, marks, crossing
        techniques = ctx.techniques
        ids = [t.id for t in techniques]
        if step.technique not in ids or not self.count_moves:
            return 1, 0, combos, size, marks, crossing
        cap = _cap(step.level)
        seen: set[Any] = set()
        for tech in techniques[ids.index(step.technique):]:
            if tech.level != step.level:
                break
            for found in tech.find(ctx):
                seen.add(found.placements or found.eliminations)
                if len(seen) >= cap:
                    return cap, 0, combos, size, marks, crossing
        return max(1, len(seen)), 0, combos, size, marks, crossing

    def combinations(self, ctx: Context, step: Step) -> tuple[int, int]:
        """The most digit combinations a distinct sum region named by ``step`` can hold (1: none),
        and the most cells of such a region (0: none)."""
        if not step.regions:
            return 1, 0
        named = {tuple(cells) for _, cells in step.regions}
        most = 1
        size = 0
        for region in ctx.sum_regions():
            cells = tuple(region.cells)
            if cells in named and region.distinct and region.total is not None:
                key = (cells, region.total)
                count = self._combos.get(key)
                if count is None:
                    count = len(combinations(len(region.cells), region.total, ctx.puzzle.max_digit))
                    self._combos[key] = count
                most = max(most, count)
                size = max(size, len(cells))
        return most, size

    def marks(self, ctx: Context, step: Step) -> tuple[int, int]:
        """The most candidates left in a distinct sum region named by ``step`` (0: none), and
        1 when ``step`` names such a region and its eliminations need more than the totals
        (see :data:`PathStep`).

        Crossing is 0 when, for some named region, the step eliminates in that
        region's cells and every digit it eliminates there is one no
        combination of the region's size and total uses.
        """
        if not step.regions:
            return 0, 0
        named = {tuple(cells) for _, cells in step.regions}
        masks = ctx.state.masks
        most = 0
        found = False
        from_totals = False
        for region in ctx.sum_regions():
            cells = tuple(region.cells)
            if cells not in named or not region.distinct or region.total is None:
                continue
            found = True
            most = max(most, sum(masks[c].bit_count() for c in cells))
            key = (len(cells), region.total)
            digits = self._digits.get(key)
            if digits is None:
                digits = 0
                for combo in combinations(len(cells), region.total, ctx.puzzle.max_digit):
                    digits |= combo
                self._digits[key] = digits
            inside = [m for c, m in step.eliminations if c in cells]
            if inside and all(not m & digits for m in inside):
                from_totals = True
        return most, int(found and not from_totals)

    @staticmethod
    def chain(ctx: Context, step: Step) -> int:
        """The technique steps of the refutation behind a contradiction step."""
        from techniques.contradiction import chase

        cell, mask = step.eliminations[0]
        digit = mask.bit_length() - 1
        depth = int(step.technique.rsplit("-", 1)[1])
        run = chase(ctx, cell, digit, depth, explain=False, work=Work(CHAIN_WORK))
        return run.length if run is not None else LONG_CHAIN


def path_steps(trace: Trace) -> list[PathStepMarks]:
    """The top-level steps of ``trace`` as :data:`PathStepMarks` rows (the givens left out).

    A trace made without the :class:`MoveCounter` (no notes) counts one move
    open per step, no chains, no marks.

    >>> from puzzles import sample
    >>> t = solve_with_logic(sample("sudoku-1"), DEFAULT, explain=False, observe=MoveCounter())
    >>> rows = path_steps(t)
    >>> rows[0][0], rows[0][2] > 1, rows[0][3], rows[-1][3]
    ('naked-single', True, 51, 1)
    """
    p = trace.puzzle
    open_cells = len(p.cells) - sum(1 for g in p.givens if g)
    notes = trace.notes if len(trace.notes) == len(trace.steps) else [None] * len(trace.steps)
    out: list[PathStepMarks] = []
    for step, note in zip(trace.steps, notes):
        if step.technique == "givens":
            continue
        options, chain, combos = note[:3] if note is not None else (1, 0, 1)
        marks, crossing = note[4:6] if note is not None and len(note) >= 6 else (0, 0)
        out.append((step.technique, step.level, options, open_cells, chain, combos, marks, crossing))
        open_cells -= len({c for c, _ in step.placements})
    return out


@dataclass(frozen=True)
class TimeModel:
    """The parameters of :func:`estimate_seconds`.

    A step of level ``L`` taken with ``n`` moves open and ``o`` cells open,
    naming sum regions of at most ``k`` digit combinations, takes
    ``seconds * growth ** (L - 1) * (o / 81) ** cells * k ** combos / n ** options``
    seconds (times ``naked`` for a naked single, which people find harder
    to spot than a hidden one), plus ``chain`` seconds per step of a
    contradiction's chain; a guess takes ``guess`` seconds.  81 (a Sudoku
    grid) makes ``seconds`` the time of a lone level-1 move in an empty Sudoku.

    Two terms for the puzzle as a whole, in units of ``seconds``: reading
    the largest sum region (a cage or run of ``s`` cells) adds
    ``region * region_base ** s``; and when the hardest level ``H`` is 2 or
    more, the total is at least ``floor * floor_growth ** (H - 2)`` (levels
    above 9, a guess, count as 9), so that a puzzle that needs a harder
    technique is not made quick by a short path (puzzles of singles alone
    are ordered by their path alone).

    Added for the sum kinds (rows with marks and crossing, :data:`PathStepMarks`):
    with ``region_cap`` set, a largest region of more cells counts as
    ``region_cap`` cells (a cage that fills most of a house is read by the few
    digits it leaves out: krazydad's 7- and 8-cell cages are easy); a step
    naming a sum region with ``m`` candidates left in it takes
    ``(m / MARKS_UNIT) ** marks`` times longer (the pencil marks a person weighs), and ``crossing`` times
    longer when its eliminations need the candidates other regions left, not
    just the region's total and size.
    """

    seconds: float
    growth: float
    options: float
    cells: float
    chain: float
    guess: float
    combos: float = 0.0
    naked: float = 1.0
    region: float = 0.0
    region_base: float = 2.0
    floor: float = 0.0
    floor_growth: float = 2.0
    region_cap: float = 0.0
    marks: float = 0.0
    crossing: float = 1.0


#: The model in use, fitted by ``python benchmarks/calibrate.py --rated --fit``
#: (docs/grading.md): its shape parameters by the rank agreement with the rated
#: sets, ``seconds`` so that the median estimate of the Cloud Sudoku puzzles is
#: their players' median mean solving time.
#: ``python benchmarks/calibrate.py --rated --fit --jobs 2`` (commit after 64050bf), fitted on all of
#: sudoku-cloud, sudoku-krazydad, sudoku-janko, killer-janko, kakuro-janko, corpus kropki/janko and
#: corpus killer tiers: mean rho 0.634.
TIME_MODEL = TimeModel(seconds=39.82, growth=1.0, options=0.5, cells=1.0, chain=50.0, guess=300.0, combos=0.5,
                       naked=1.5, region=30.0, region_base=2.0, floor=120.0, floor_growth=4.0)

#: The time model of each kind with rated puzzles to fit it on (``benchmarks/calibrate.py --rated --fit``
#: fits one model per kind on that kind's sets): people read a Killer's cages and a
#: Kakuro's runs differently, and one shared model traded one kind's agreement for another's.
TIME_MODELS: dict[str, TimeModel] = {
    # mean rho 0.799 on sudoku-cloud, sudoku-krazydad, sudoku-janko
    "sudoku": TimeModel(seconds=39.82, growth=3.0, options=0.5, cells=1.0, chain=50.0, guess=300.0, combos=0.5,
                        naked=1.5, region=30.0, region_base=2.0, floor=0.0, floor_growth=4.0),
    # mean rho 0.395 on corpus kropki/janko
    "kropki": TimeModel(seconds=39.82, growth=1.0, options=0.5, cells=0.0, chain=50.0, guess=300.0, combos=0.5,
                        naked=2.0, region=30.0, region_base=2.0, floor=30.0, floor_growth=4.0),
    # mean rho 0.667 on killer-janko, corpus killer tiers (branch killrho, rows version 4:
    # ``python benchmarks/calibrate.py --rated --fit --jobs 2``); region_cap: a cage of more than
    # 5 cells reads like one of 5
    "killer": TimeModel(seconds=39.82, growth=1.5, options=1.0, cells=1.0, chain=50.0, guess=300.0, combos=1.0,
                        naked=1.0, region=30.0, region_base=2.0, floor=0.0, floor_growth=4.0, region_cap=5.0),
    # mean rho 0.558 on kakuro-janko (same command); marks and crossing: a run's candidates
    # and whether the crossing runs' candidates were needed; moves open unused (not counted)
    "kakuro": TimeModel(seconds=39.82, growth=5.0, options=0.0, cells=0.0, chain=50.0, guess=300.0, combos=0.5,
                        naked=2.0, region=0.0, region_base=2.0, floor=120.0, floor_growth=4.0, marks=2.0,
                        crossing=5.0),
}
#: Kinds without rated puzzles of their own borrow the model of the nearest kind.
BORROWED_MODEL: dict[str, str] = {"greater-killer": "killer"}


def time_model(kind: str) -> TimeModel:
    """The :class:`TimeModel` of ``kind`` (:data:`TIME_MODELS`; else a borrowed one; else :data:`TIME_MODEL`).

    >>> time_model("greater-killer") == time_model("killer"), time_model("no-such-kind") == TIME_MODEL
    (True, True)
    """
    return TIME_MODELS.get(kind) or TIME_MODELS.get(BORROWED_MODEL.get(kind, ""), TIME_MODEL)


def largest_region(puzzle: Puzzle) -> int:
    """The most cells of a region with a printed total (a cage, a run); 0 when none.

    >>> from puzzles import sample
    >>> largest_region(sample("sudoku-1")), largest_region(sample("killer-1")) > 1
    (0, True)
    """
    return max((len(r.cells) for r in puzzle.regions if r.total is not None), default=0)


def estimate_seconds(path: Iterable[PathStep | PathStepMarks], model: TimeModel = TIME_MODEL,
                     largest: int = 0) -> float:
    """The estimated solving time of a path of :data:`PathStep` rows (or
    :data:`PathStepMarks`, whose marks and crossing the model may weigh), in
    seconds (``largest``: :func:`largest_region` of the puzzle).

    >>> m = TimeModel(seconds=10.0, growth=2.0, options=1.0, cells=1.0, chain=5.0, guess=100.0, combos=1.0)
    >>> estimate_seconds([("naked-single", 1, 2, 81, 0, 1), ("pointing", 3, 1, 81, 0, 1)], m)
    45.0
    >>> estimate_seconds([("contradiction-1", 7, 1, 81, 4, 1), ("guess", 10, 1, 40, 0, 1)], m)
    760.0
    >>> estimate_seconds([("sum-combinations", 2, 1, 81, 0, 3)], m)
    60.0
    >>> m = TimeModel(seconds=10.0, growth=1.0, options=0.0, cells=0.0, chain=0.0, guess=0.0, naked=2.0,
    ...               region=1.0, region_base=2.0, floor=10.0, floor_growth=2.0)
    >>> estimate_seconds([("naked-single", 1, 1, 81, 0, 1)], m, largest=3)  # 20 + 80 (region), no floor
    100.0
    >>> estimate_seconds([("naked-single", 1, 1, 81, 0, 1), ("pointing", 3, 1, 81, 0, 1)], m)  # floor 200
    200.0
    >>> m = TimeModel(seconds=10.0, growth=1.0, options=0.0, cells=0.0, chain=0.0, guess=0.0, marks=1.0, crossing=2.0)
    >>> estimate_seconds([("sum-combinations", 2, 1, 81, 0, 1, 36, 1)], m)  # 10 * (36 / 18) ** 1 * 2
    40.0
    >>> m = TimeModel(seconds=1.0, growth=1.0, options=0.0, cells=0.0, chain=0.0, guess=0.0, region=1.0,
    ...               region_base=2.0, region_cap=5)
    >>> estimate_seconds([], m, largest=8) == estimate_seconds([], m, largest=5) == 32.0
    True
    """
    total = 0.0
    hardest = 0
    for row in path:
        technique, level, options, open_cells, chain, combos = row[:6]
        hardest = max(hardest, level)
        if technique == GUESS:
            total += model.guess
            continue
        step = (model.seconds * model.growth ** (level - 1) * (max(open_cells, 1) / 81) ** model.cells
                * max(combos, 1) ** model.combos / max(options, 1) ** model.options)
        if technique == "naked-single":
            step *= model.naked
        if len(row) > 7:
            step *= (max(row[6], 1) / MARKS_UNIT) ** model.marks * (model.crossing if row[7] else 1.0)
        total += step + model.chain * chain
    if largest:
        size = min(float(largest), model.region_cap) if model.region_cap else float(largest)
        total += model.seconds * model.region * model.region_base ** size
    if hardest >= 2:
        total = max(total, model.seconds * model.floor * model.floor_growth ** (min(hardest, 9) - 2))
    return total


def estimate_minutes(path: Iterable[PathStep | PathStepMarks], model: TimeModel = TIME_MODEL,
                     largest: int = 0) -> float:
    """:func:`estimate_seconds` in minutes, rounded to 0.1 (the figure ``grade`` reports)."""
    return round(estimate_seconds(path, model, largest) / 60, 1)


def time_score(minutes: float) -> int:
    """The time estimate as an integer score: tenths of a minute.

    >>> time_score(12.3), time_score(0.0)
    (123, 0)
    """
    return round(minutes * 10)


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
    band = band_for(level, guessed) if trace.status == "solved" else trace.status
    minutes = (estimate_minutes(path_steps(trace), time_model(p.kind), largest_region(p))
               if trace.status == "solved" else 0.0)
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
    # moves open are counted only for a kind whose time model weighs them (their re-runs cost most)
    counter = MoveCounter(count_moves=time_model(puzzle.kind).options != 0)
    trace = solve_with_logic(puzzle, techniques, explain=False, max_depth=max_depth, timeout=None,
                             budget=budget, node_limit=node_limit, observe=counter)
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
