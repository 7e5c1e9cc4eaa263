"""The time estimate: how long a person takes to solve a puzzle, from the
engine's own path (issue 19; Pelánek's computational model of Sudoku
difficulty, docs/grading.md).

:class:`MoveCounter` is the engine observer that measures each top-level
step (moves open, chain length, combinations, a person's singles via the
:class:`Spotter`, pencil marks); :func:`path_steps` turns a trace into
:data:`PathStep` rows; a :class:`TimeModel` per kind (:data:`TIME_MODELS`,
:func:`time_model`) turns rows into seconds (:func:`estimate_seconds`).
The models are fitted by ``python benchmarks/calibrate.py`` on the rated
puzzle sets.  :mod:`sumlogic.grading` reports the estimate beside the band.

>>> from puzzles import sample
>>> from solver.engine import solve_with_logic
>>> from techniques import DEFAULT
>>> t = solve_with_logic(sample("sudoku-1"), DEFAULT, explain=False, observe=MoveCounter())
>>> estimate_minutes(path_steps(t), time_model("sudoku")) > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from solver.bits import combinations
from solver.engine import GUESS, Context, Trace, Work
from solver.model import Puzzle
from solver.step import Step
from techniques import forcing


#: One top-level step of a solving path as the time estimate sees it:
#: ``(technique id, level, moves open, open cells, chain length, combinations)``.
#: *Moves open* counts the distinct applications of the step's technique and
#: the others of its level that come after it in the technique order (the
#: earlier ones found nothing), capped (:data:`OPTION_CAPS`); *open cells* the
#: cells not yet placed; *chain length* the technique steps of a
#: contradiction's refutation (0 else); *combinations* the most digit
#: combinations a sum region the step names can hold (1 when it names none:
#: a cage of 2 cells summing to 3 has 1, one of 5 cells summing to 25 has 12).
#: Three more fields follow (:class:`Spotter`): the singles a person who looks
#: for them in the easiest place first has open at this step, ``(box hidden,
#: row/column hidden, naked)``, ``(0, 0, 0)`` when not measured (not a single,
#: or a kind whose singles this count does not model).  Then two for the sum
#: kinds: *marks*, the most candidates (pencil marks) left in a sum region the
#: step names, counted in that state (0 when it names none), and *crossing*, 1
#: when the step names a sum region and its eliminations do not follow from
#: that region's total and size alone (the person had to read the candidates
#: the crossing regions left; 0 else: "16 in two cells is 7+9" needs no other cell).
PathStep = tuple[str, int, int, int, int, int, int, int, int, int, int]

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
    its own (:data:`CHAIN_WORK`), and its moves open are 1.  A forcing net
    counts the same way, its chain being all its cases' steps together
    (:func:`techniques.forcing.net_length`).  Combinations:
    see :data:`PathStep`.
    """

    def __init__(self, spotting: bool = True, count_moves: bool = True, lean: bool = False) -> None:
        #: (cells, total) of a sum region -> its number of digit combinations
        self._combos: dict[tuple[tuple[int, ...], int], int] = {}
        #: (size, total) of a sum region -> the digits any of its combinations uses
        self._digits: dict[tuple[int, int], int] = {}
        #: False: moves open are not counted (always 1), for a kind whose time
        #: model does not use them (``options == 0``): the re-runs are most of the counter's cost
        self.count_moves = count_moves
        #: True (:meth:`for_model`): the moves open of a single the Spotter counted are not counted
        self.lean = lean
        #: whether to count :meth:`spotted` (``grade`` leaves it out when the kind's model does not use it)
        self.spotting = spotting
        #: the person's own order through the current run of singles (:class:`Spotter`)
        self._spotter: Spotter | None = None
        #: the puzzle last seen and its :meth:`Spotter.layout`
        self._layout: tuple[Puzzle, Layout] | None = None

    @classmethod
    def for_model(cls, model: TimeModel) -> MoveCounter:
        """A counter that measures only what ``model`` weighs (what ``grade`` uses;
        calibration measures everything): the :class:`Spotter` counts when it
        uses them (``line > 0``), and then not the moves open of the singles it
        times by them; no moves open at all when it does not weigh them
        (``options == 0``).  The estimate is the same as with everything measured."""
        return cls(spotting=model.line > 0, count_moves=model.options != 0, lean=True)

    def __call__(self, ctx: Context, step: Step) -> tuple[int, int, int, int, int, int, int, int, int]:
        """:meth:`moves` followed by :meth:`spotted` (``box, line, naked``)."""
        spotted = self.spotted(ctx, step)
        return self.moves(ctx, step, count=self.count_moves and not (self.lean and any(spotted))) + spotted

    def spotted(self, ctx: Context, step: Step) -> tuple[int, int, int]:
        """The singles open to a person at ``step`` (:class:`Spotter`); ``(0, 0, 0)`` unless
        ``step`` is a single of a puzzle without sum regions.

        Singles can be taken in any order and always end in the same state, so
        a run of them has as many steps in the person's order as in the
        engine's: the k-th single of the engine's run is counted at the k-th
        state of the person's."""
        if not self.spotting or step.level != 1 or not step.placements or ctx.sum_regions():
            self._spotter = None
            return 0, 0, 0
        spotter = self._spotter
        if spotter is None or not spotter.follows(ctx):
            if self._layout is None or self._layout[0] is not ctx.puzzle:
                self._layout = ctx.puzzle, Spotter.layout(ctx.puzzle)
            spotter = self._spotter = Spotter(ctx, self._layout[1])
        counts = spotter.advance()
        if counts is None:  # the person's state ran dry before the engine's: not measured
            self._spotter = None
            return 0, 0, 0
        return counts

    def moves(self, ctx: Context, step: Step, count: bool = True) -> tuple[int, int, int, int, int, int]:
        """``(moves open, chain length, combinations, size, marks, crossing)`` for ``step``,
        found in ``ctx`` (size: the most cells of a sum region the step names, 0 when
        none; marks and crossing: see :data:`PathStep`); with ``count`` False, moves open are 1."""
        combos, size = self.combinations(ctx, step)
        marks, crossing = self.marks(ctx, step)
        if step.level >= CHAIN_LEVEL and step.technique.startswith("contradiction-") and step.eliminations:
            return 1, self.chain(ctx, step), combos, size, marks, crossing
        if step.technique == forcing.ID and step.eliminations:
            # A net is read like a contradiction: one move, and its chain is every case's steps together.
            length = forcing.net_length(ctx, step, CHAIN_WORK)
            return 1, LONG_CHAIN if length is None else length, combos, size, marks, crossing
        techniques = ctx.techniques
        ids = [t.id for t in techniques]
        if step.technique not in ids or not count:
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


#: :meth:`Spotter.layout`: the units (cells, is a line) and the units of each cell.
Layout = tuple[list[tuple[tuple[int, ...], bool]], list[list[int]]]


class Spotter:
    """A person's own pass through a run of singles (Pelánek's model of Sudoku
    solvers): at each state they take a single of the easiest kind open,
    hidden singles in a box first (cross-hatching one box), then hidden
    singles in a row or column, then naked singles (a cell with one digit
    left, which needs every digit of its row, column and box checked).

    It keeps its own copy of the candidates, starting from the engine's
    state at the first single of a run; :meth:`advance` counts the singles
    open in that copy by kind and takes the person's move: of the easiest
    kind, the same digit as the last one placed if it can, else the next
    digit up (people go through the digits one by one), in its lowest cell.
    The engine's state is never touched.
    """

    def __init__(self, ctx: Context, layout: Layout | None = None) -> None:
        puzzle = ctx.puzzle
        self.ctx = ctx
        self.placed = len(ctx.placed)
        #: the candidates of the open cells (0 for a placed cell)
        self.masks = [0 if c in ctx.placed else m for c, m in enumerate(ctx.state.masks)]
        self.peers = puzzle.peers
        self.max_digit = puzzle.max_digit
        #: the digit the person placed last (0: none yet)
        self.last = 0
        #: the units (:meth:`layout`) and the units each cell is in
        self.units, self.unit_of = layout if layout is not None else self.layout(puzzle)
        #: per unit, the digits placed in it
        self.done = [0] * len(self.units)
        for i, (cells, _) in enumerate(self.units):
            for c in cells:
                if c in ctx.placed:
                    self.done[i] |= ctx.state.masks[c]

    @staticmethod
    def layout(puzzle: Puzzle) -> Layout:
        """``(cells, is a row or column)`` of every region of ``puzzle`` that holds each
        digit once, and per cell the indexes of those regions it is in."""
        units: list[tuple[tuple[int, ...], bool]] = []
        for region in puzzle.regions:
            if region.distinct and region.total is None and len(region.cells) == puzzle.max_digit:
                rows = {puzzle.cells[c][0] for c in region.cells}
                cols = {puzzle.cells[c][1] for c in region.cells}
                units.append((tuple(region.cells), len(rows) == 1 or len(cols) == 1))
        unit_of: list[list[int]] = [[] for _ in puzzle.cells]
        for i, (cells, _) in enumerate(units):
            for c in cells:
                unit_of[c].append(i)
        return units, unit_of

    def follows(self, ctx: Context) -> bool:
        """True when this copy is at the same point of the same run as ``ctx`` (as many cells placed)."""
        return ctx is self.ctx and len(ctx.placed) == self.placed

    def open_singles(self) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """The singles open in the copy, as ``cell -> digit``: hidden in a box (a region
        that is not a line), hidden in a row or column and not in a box, naked and not hidden."""
        masks = self.masks
        box: dict[int, int] = {}
        line: dict[int, int] = {}
        for (cells, is_line), done in zip(self.units, self.done):
            once = twice = 0
            for c in cells:
                m = masks[c]
                twice |= once & m
                once |= m
            lone = once & ~twice & ~done
            while lone:
                bit = lone & -lone
                lone ^= bit
                cell = next(c for c in cells if masks[c] & bit)
                if is_line:
                    line.setdefault(cell, bit.bit_length() - 1)
                else:
                    box[cell] = bit.bit_length() - 1
        for cell in box:
            line.pop(cell, None)
        naked = {c: m.bit_length() - 1 for c, m in enumerate(masks)
                 if m and not m & (m - 1) and c not in box and c not in line}
        return box, line, naked

    def advance(self) -> tuple[int, int, int] | None:
        """The singles open now (box hidden, line hidden, naked), after which the
        person takes one; None when the copy has none left."""
        box, line, naked = self.open_singles()
        pick = box or line or naked
        if not pick:
            return None
        last, top = self.last, self.max_digit
        cell = min(pick, key=lambda c: ((pick[c] - last) % top if last else pick[c], c))
        self.last = pick[cell]
        bit = 1 << pick[cell]
        self.masks[cell] = 0
        self.placed += 1
        for unit in self.unit_of[cell]:
            self.done[unit] |= bit
        for peer in self.peers[cell]:
            self.masks[peer] &= ~bit
        return len(box), len(line), len(naked)


def path_steps(trace: Trace) -> list[PathStep]:
    """The top-level steps of ``trace`` as :data:`PathStep` rows (the givens left out).

    A trace made without the :class:`MoveCounter` (no notes) counts one move
    open per step, no chains, no spotting counts and no marks.

    >>> from puzzles import sample
    >>> from solver.engine import solve_with_logic
    >>> from techniques import DEFAULT
    >>> t = solve_with_logic(sample("sudoku-1"), DEFAULT, explain=False, observe=MoveCounter())
    >>> rows = path_steps(t)
    >>> rows[0][0], rows[0][2] > 1, rows[0][3], rows[-1][3]
    ('naked-single', True, 51, 1)
    """
    p = trace.puzzle
    open_cells = len(p.cells) - sum(1 for g in p.givens if g)
    notes = trace.notes if len(trace.notes) == len(trace.steps) else [None] * len(trace.steps)
    out: list[PathStep] = []
    for step, note in zip(trace.steps, notes):
        if step.technique == "givens":
            continue
        options, chain, combos = note[:3] if note is not None else (1, 0, 1)
        marks, crossing = note[4:6] if note is not None and len(note) >= 6 else (0, 0)
        box, line, naked = note[6:9] if note is not None and len(note) >= 9 else (0, 0, 0)
        out.append((step.technique, step.level, options, open_cells, chain, combos, box, line, naked, marks,
                    crossing))
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

    Added for the sum kinds (rows with marks and crossing): with
    ``region_cap`` set, a largest region of more cells counts as
    ``region_cap`` cells (a cage that fills most of a house is read by the few
    digits it leaves out: krazydad's 7- and 8-cell cages are easy); a step
    naming a sum region with ``m`` candidates left in it takes
    ``(m / MARKS_UNIT) ** marks`` times longer (the pencil marks a person
    weighs), and ``crossing`` times longer when its eliminations need the
    candidates other regions left, not just the region's total and size.
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
    #: A single whose row has spotting counts (:class:`Spotter`) takes, when ``line`` is
    #: above 0, ``seconds * (o / 81) ** cells * k / n ** options`` with ``n`` the singles
    #: open of the easiest kind and ``k`` 1 for hidden singles in a box, ``line`` for
    #: hidden singles in a row or column, ``naked_only`` for naked singles (the step's
    #: own ``n`` and ``naked`` are not used then).  0: the counts are not used.
    line: float = 0.0
    naked_only: float = 1.0
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
    # Fitted by ``python benchmarks/calibrate.py`` (calibrate_time ROWS 6), each kind on its own rated sets.
    # Sudoku: mean rho 0.872 on sudoku-cloud, sudoku-krazydad, sudoku-janko (singles timed by the
    # Spotter's counts: line, naked_only); its clock set by the Cloud players' median time.
    "sudoku": TimeModel(seconds=24.37, growth=3.0, options=0.25, cells=1.0, chain=50.0, guess=300.0, combos=0.5,
                        naked=1.5, region=30.0, region_base=2.0, floor=0.0, floor_growth=2.0, line=2.0,
                        naked_only=16.0),
    # The other clocks are set beside the Sudoku one on janko.at's grades (calibrate_time.anchored).
    # Kropki: mean rho 0.395 on corpus kropki/janko, all of it from the hardest level (its floor
    # ties each level: within a level no path feature orders janko's grades); the floor doubles per
    # level (it grew 4x, which gave every level-7 Kropki about 11 hours, for the same rho).
    "kropki": TimeModel(seconds=2.6317, growth=1.0, options=0.5, cells=0.0, chain=5.3995, guess=32.3964,
                        combos=0.5, naked=2.0, region=30.0, region_base=2.0, floor=60.0, floor_growth=2.0),
    # Killer: mean rho 0.667 on killer-janko, corpus killer tiers; region_cap: a cage of more than
    # 5 cells reads like one of 5; moves open unused (not counted: no gain under cross-validation).
    "killer": TimeModel(seconds=0.5663, growth=1.0, options=0.0, cells=1.0, chain=1.1618, guess=6.971,
                        combos=1.0, naked=2.0, region=30.0, region_base=2.0, floor=0.0, floor_growth=2.0,
                        region_cap=5.0),
    # Kakuro: mean rho 0.558 on kakuro-janko; marks and crossing: a run's candidates and whether
    # the crossing runs' candidates were needed; moves open unused (not counted).
    "kakuro": TimeModel(seconds=0.4037, growth=5.0, options=0.0, cells=0.0, chain=0.8283, guess=4.9701,
                        combos=0.5, naked=2.0, region=0.0, region_base=2.0, floor=120.0, floor_growth=2.0,
                        marks=2.0, crossing=5.0),
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


def estimate_seconds(path: Iterable[tuple[Any, ...]], model: TimeModel = TIME_MODEL, largest: int = 0) -> float:
    """The estimated solving time of a path of :data:`PathStep` rows, in seconds
    (``largest``: :func:`largest_region` of the puzzle).  Rows may stop after
    the first six columns (no spotting counts, marks or crossing) or nine (no
    marks or crossing).

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
    >>> estimate_seconds([("sum-combinations", 2, 1, 81, 0, 1, 0, 0, 0, 36, 1)], m)  # 10 * (36 / 18) ** 1 * 2
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
        if model.line > 0 and len(row) >= 9 and any(row[6:9]):
            box, line, naked = row[6:9]
            total += spotting_seconds(model, open_cells, box, line, naked)
            continue
        step = (model.seconds * model.growth ** (level - 1) * (max(open_cells, 1) / 81) ** model.cells
                * max(combos, 1) ** model.combos / max(options, 1) ** model.options)
        if technique == "naked-single":
            step *= model.naked
        if len(row) >= 11:
            step *= (max(row[9], 1) / MARKS_UNIT) ** model.marks * (model.crossing if row[10] else 1.0)
        total += step + model.chain * chain
    if largest:
        size = min(float(largest), model.region_cap) if model.region_cap else float(largest)
        total += model.seconds * model.region * model.region_base ** size
    if hardest >= 2:
        total = max(total, model.seconds * model.floor * model.floor_growth ** (min(hardest, 9) - 2))
    return total


def spotting_seconds(model: TimeModel, open_cells: int, box: int, line: int, naked: int) -> float:
    """The seconds of a single taken with ``box``, ``line`` and ``naked`` singles open
    (:class:`Spotter`): the person finds one of the easiest kind open; the more
    of them, the sooner (see :attr:`TimeModel.line`).

    >>> m = TimeModel(seconds=10.0, growth=1.0, options=1.0, cells=0.0, chain=0.0, guess=0.0,
    ...               line=3.0, naked_only=8.0)
    >>> spotting_seconds(m, 50, 2, 4, 9), spotting_seconds(m, 50, 0, 1, 9), spotting_seconds(m, 50, 0, 0, 4)
    (5.0, 30.0, 20.0)
    """
    if box:
        count, factor = box, 1.0
    elif line:
        count, factor = line, model.line
    else:
        count, factor = naked, model.naked_only
    return model.seconds * (max(open_cells, 1) / 81) ** model.cells * factor / max(count, 1) ** model.options


def estimate_minutes(path: Iterable[tuple[Any, ...]], model: TimeModel = TIME_MODEL, largest: int = 0) -> float:
    """:func:`estimate_seconds` in minutes, rounded to 0.1 (the figure ``grade`` reports)."""
    return round(estimate_seconds(path, model, largest) / 60, 1)


CALIBRATED_MINUTES: tuple[float, float] = (3.0, 50.0)
"""The range of solving times the estimate is calibrated on, in whole minutes: the
Cloud Sudoku players' mean times (191 s to 3013 s; ``rating.mean_seconds`` of
``../shared/rated/sudoku-cloud.jsonl``), the only set timed by people, on which every
kind's clock is set (``benchmarks/calibrate_time.py``: ``scale_seconds``, and
``anchor_seconds`` for the other kinds).  Beyond its top the model extrapolates, so an
estimate above it is said as "more than 50 minutes", never as a figure."""


def minutes_said(minutes: float | None) -> tuple[float | None, bool]:
    """What may be said of an estimate of ``minutes``: the figure and False inside
    the calibrated range (or below it), the top of the range and True (open-ended:
    "more than" it) above; None and False without an estimate.

    >>> minutes_said(12.3), minutes_said(10458.0), minutes_said(None)
    ((12.3, False), (50.0, True), (None, False))
    """
    if minutes is None:
        return None, False
    top = CALIBRATED_MINUTES[1]
    return (top, True) if minutes > top else (minutes, False)


def time_score(minutes: float) -> int:
    """The time estimate as an integer score: tenths of a minute.

    >>> time_score(12.3), time_score(0.0)
    (123, 0)
    """
    return round(minutes * 10)
