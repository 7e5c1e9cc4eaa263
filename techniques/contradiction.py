"""Bounded-depth contradiction: suppose a digit, follow the cheaper techniques
until some cell or region is left with no option, and so remove the digit.

``contradiction-1`` supposes one digit and runs every cheaper technique (all
those below level 7) in fast mode; ``contradiction-2`` may also use
``contradiction-1`` inside the supposition, and ``contradiction-3`` may use
depth 2.  The total nesting never exceeds ``ctx.max_depth``.

The exact solver's :class:`~solver.propagate.Propagator` screens candidates
first (bivalue cells first): only a supposition that propagation refutes is
replayed with the techniques, and the replay alone decides, so a step is
never an unexplained contradiction.  Among the first few refuted candidates
the shortest chain wins; it is replayed in explain mode and carried as
sub-steps: the supposition, each step, and a last ``contradiction-end``
sub-step naming the cell or region left with no option.  Sub-steps are only
shown, never applied.

>>> from solver.candidates import Candidates
>>> from solver.engine import Context
>>> from solver.model import Puzzle, Region
>>> from techniques import singles
>>> p = Puzzle(kind="demo", height=2, width=5, cells=((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)),
...            regions=(Region("row 1", (0, 1, 2, 3, 4), kind="row"),
...                     Region("column 1", (0, 5), kind="column")), max_digit=5)
>>> masks = [0b110, 0b1010, 0b1010, 0b110100, 0b110100, 0b110]  # 12, 13, 13, 245, 245, 12
>>> ctx = Context(p, Candidates(p, masks), singles.TECHNIQUES + TECHNIQUES)
>>> step = next(CONTRADICTION_1.find(ctx))
>>> step.eliminations == ((0, 1 << 1),)
True
>>> print(step.text)
If r1c1 were 1, then (after 1 step, shown below) r1c3 would have no candidate left; so r1c1 is not 1.
>>> [s.technique for s in step.sub_steps]
['contradiction-assume', 'naked-single', 'contradiction-end']
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Sequence

from solver.bits import (CONSECUTIVE_OF, POPCOUNT, RATIO_OF, combinations, digits_of, full_mask, high_digit,
                         is_single, low_digit)
from solver.engine import Context, Technique, apply, next_step
from solver.model import Puzzle, Region, pair_holds
from solver.propagate import Propagator
from solver.step import Step

from .common import describe, digit_list, region_key

#: depth -> (level, score per use)
LEVELS: dict[int, tuple[int, int]] = {1: (7, 20), 2: (8, 40), 3: (9, 80)}
#: Refuted candidates compared before the shortest chain is chosen.
MAX_REFUTED = 4
#: The longest chain (technique steps after the supposition) a replay follows.
MAX_CHAIN = 250
#: Propagation calls the nested screen (depth 2 and 3) may spend per search.
SCREEN_BUDGET = 600
ASSUME = "contradiction-assume"
END = "contradiction-end"


@lru_cache(maxsize=32)
def propagator(puzzle: Puzzle) -> Propagator:
    """The exact solver's propagator for a puzzle, compiled once."""
    return Propagator(puzzle)


def technique_id(depth: int) -> str:
    """``contradiction-<depth>``."""
    return f"contradiction-{depth}"


def inner_techniques(ctx: Context, depth: int) -> tuple[Technique, ...]:
    """The techniques a depth-``depth`` supposition runs: every technique of
    ``ctx`` below its level, plus the shallower contradictions."""
    level = LEVELS[depth][0]
    inner = [t for t in ctx.techniques if t.level < level]
    have = {t.id for t in inner}
    inner += [BY_DEPTH[d] for d in range(1, depth) if technique_id(d) not in have]
    return tuple(inner)


# --- dead ends: a cell or region left with no option --------------------------------
@dataclass(frozen=True)
class DeadEnd:
    """Why a state has no solution: a clause (``r5c5 would have no candidate
    left``) and what to highlight."""

    clause: str
    cells: tuple[int, ...] = ()
    regions: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def sentence(self) -> str:
        """The clause as a sentence."""
        text = self.clause
        if text.startswith("the "):
            text = "T" + text[1:]
        return text + "."


_PAIR_WORDS = {"consecutive": "the white dot between {a} and {b} (digits one apart)",
               "ratio": "the black dot between {a} and {b} (one digit double the other)",
               "neither": "{a} and {b} (no dot: neither one apart nor one double the other)"}
_LOW = tuple(low_digit(m) if m else 10 for m in range(1 << 10))
_HIGH = tuple(high_digit(m) if m else 0 for m in range(1 << 10))
_HOUSE, _ALL_DIFFERENT, _CAGE, _SUM, _FREE = range(5)
Rule = tuple[int, tuple[int, ...], int, tuple[int, ...]]  # (kind, cells, total or full mask, combos)


@lru_cache(maxsize=None)
def _partners(kind: str) -> tuple[int, ...]:
    """For each mask of one cell of a pair: the digits of the other cell that have a partner in it."""
    if kind == "consecutive":
        return CONSECUTIVE_OF
    if kind == "ratio":
        return RATIO_OF
    return tuple(sum(1 << x for x in range(1, 10) if any(pair_holds(kind, x, y) for y in digits_of(m)))
                 for m in range(1 << 10))


def _rule(region: Region, max_digit: int) -> Rule:
    cells = region.cells
    if region.distinct:
        if region.total is None:
            if len(cells) == max_digit:
                return (_HOUSE, cells, full_mask(max_digit), ())
            return (_ALL_DIFFERENT, cells, 0, ())
        return (_CAGE, cells, region.total, tuple(combinations(len(cells), region.total, max_digit)))
    if region.total is not None:
        return (_SUM, cells, region.total, ())
    return (_FREE, cells, 0, ())


@lru_cache(maxsize=32)
def _rules(puzzle: Puzzle) -> tuple[Rule, ...]:
    """What each region of the puzzle demands, compiled for :func:`_holds`."""
    return tuple(_rule(r, puzzle.max_digit) for r in puzzle.regions)


def _holds(rule: Rule, masks: list[int]) -> bool:
    """False when the region is left with no option."""
    kind, cells, value, combos = rule
    if kind == _SUM:
        lo = hi = 0
        for c in cells:
            m = masks[c]
            lo += _LOW[m]
            hi += _HIGH[m]
        return lo <= value <= hi
    if kind == _FREE:
        return True
    union = 0
    for c in cells:
        union |= masks[c]
    if kind == _HOUSE:
        return union & value == value
    if POPCOUNT[union] < len(cells):
        return False
    if kind == _ALL_DIFFERENT:
        return True
    for combo in combos:
        if combo & ~union:
            continue
        for c in cells:
            if not masks[c] & combo:
                break
        else:
            return True
    return False


def _region_dead_end(ctx: Context, region: Region) -> DeadEnd:
    """Words for a region that :func:`_holds` rejects."""
    masks = ctx.state.masks
    kind, cells, value, _ = _rule(region, ctx.puzzle.max_digit)
    key = (region_key(region),)
    name = describe(region)
    total = "its total" if f"({value})" in name else str(value)
    union = 0
    for c in cells:
        union |= masks[c]
    if kind == _SUM:
        lo = sum(_LOW[masks[c]] for c in cells)
        hi = sum(_HIGH[masks[c]] for c in cells)
        return DeadEnd(f"{name} could not make {total}: its cells allow totals {lo} to {hi} only", (), key)
    if kind == _HOUSE:
        missing = digits_of(value & ~union)[0]
        return DeadEnd(f"{name} would have no place left for {missing}", (), key)
    if POPCOUNT[union] < len(cells):
        return DeadEnd(f"{name} would need {len(cells)} different digits, but its cells "
                       f"allow only {POPCOUNT[union]} ({digit_list(union)})", (), key)
    return DeadEnd(f"{name} would have no combination of {len(cells)} different digits left that makes "
                   f"{total}", (), key)


_OP_WORDS = {"<": "less than", ">": "more than", "=": "equal to"}


def _sum_bounds(region: Region, masks: list[int]) -> tuple[int, int]:
    """The least and the most a region can add (its total when it has one)."""
    if region.total is not None:
        return region.total, region.total
    return sum(_LOW[masks[c]] for c in region.cells), sum(_HIGH[masks[c]] for c in region.cells)


def _bounds_text(region: Region, lo: int, hi: int) -> str:
    if region.total is not None:
        return describe(region)
    return f"{describe(region)} (adding {lo})" if lo == hi else f"{describe(region)} (adding {lo} to {hi})"


def dead_end(ctx: Context, changed: Sequence[int] | None = None) -> DeadEnd | None:
    """The first cell or region of ``ctx`` left with no option, looking only
    at cells in ``changed`` and what holds them (default: everything)."""
    masks = ctx.state.masks
    puzzle = ctx.puzzle
    if 0 in masks:
        cell = masks.index(0)
        return DeadEnd(f"{ctx.name(cell)} would have no candidate left", (cell,))
    cells = range(len(masks)) if changed is None else changed
    rules = _rules(puzzle)
    cell_regions = puzzle.cell_regions
    seen: set[int] = set()
    bad = -1
    for c in cells:
        for ri in cell_regions[c]:
            if ri not in seen:
                seen.add(ri)
                if (bad < 0 or ri < bad) and not _holds(rules[ri], masks):
                    bad = ri
    if bad >= 0:
        return _region_dead_end(ctx, puzzle.regions[bad])
    if ctx.virtual:
        touched = set(cells)
        for region in ctx.virtual:
            if touched.intersection(region.cells) and not _holds(_rule(region, puzzle.max_digit), masks):
                return _region_dead_end(ctx, region)
    if puzzle.comparisons:
        touched = set(cells)
        for comp in puzzle.comparisons:
            left, right = puzzle.regions[comp.left], puzzle.regions[comp.right]
            if touched.intersection(left.cells) or touched.intersection(right.cells):
                (llo, lhi), (rlo, rhi) = _sum_bounds(left, masks), _sum_bounds(right, masks)
                if comp.op == "<" and llo >= rhi or comp.op == ">" and lhi <= rlo or \
                        comp.op == "=" and (llo > rhi or lhi < rlo):
                    return DeadEnd(f"{_bounds_text(left, llo, lhi)} could not be {_OP_WORDS[comp.op]} "
                                   f"{_bounds_text(right, rlo, rhi)}", (),
                                   (region_key(left), region_key(right)))
    if puzzle.pairs:
        pairs = sorted({pi for c in cells for pi in puzzle.cell_pairs[c]})
        for pi in pairs:
            pair = puzzle.pairs[pi]
            if not masks[pair.a] & _partners(pair.kind)[masks[pair.b]]:
                what = _PAIR_WORDS[pair.kind].format(a=ctx.name(pair.a), b=ctx.name(pair.b))
                return DeadEnd(f"{what} would have no pair of digits left", (pair.a, pair.b))
    return None


# --- screening with the exact propagator ----------------------------------------------
class _Budget:
    """Propagation calls left to a nested screen."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def _refuted(prop: Propagator, masks: list[int], cell: int, bit: int, level: int, budget: _Budget) -> bool:
    """True when propagation, with ``level`` rounds of nested probing of the
    bivalue cells, shows that ``cell`` cannot hold ``bit``."""
    if budget.left <= 0:
        return False
    budget.left -= 1
    trial = list(masks)
    trial[cell] = bit
    if not prop.propagate(trial, (cell,)):
        return True
    if level == 0:
        return False
    for other in range(len(trial)):
        m = trial[other]
        if POPCOUNT[m] != 2:
            continue
        for b in (m & -m, m & (m - 1)):
            if _refuted(prop, trial, other, b, level - 1, budget):
                trial[other] &= ~b
                budget.left -= 1
                if not prop.propagate(trial, (other,)):
                    return True
                break
        if budget.left <= 0:
            return False
    return False


def _stages(ctx: Context) -> list[list[int]]:
    """The cells not placed yet, in stages: one or two candidates, three,
    then the rest, fewest first (only the first two stages inside a
    supposition)."""
    masks = ctx.state.masks
    placed = ctx.placed
    stages: list[list[int]] = [[], [], []]
    for c, m in enumerate(masks):
        if c not in placed and m:
            stages[min(max(POPCOUNT[m], 2), 4) - 2].append(c)
    stages[2].sort(key=lambda c: (POPCOUNT[masks[c]], c))
    return stages if ctx.depth == 0 else stages[:2]


@lru_cache(maxsize=32)
def _layout(puzzle: Puzzle) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per puzzle: each cell's peers as a bit set, each region's cells as a
    bit set, and each cell's regions that are not houses."""
    peers = tuple(sum(1 << p for p in puzzle.peers[c]) for c in range(puzzle.size))
    cells = tuple(sum(1 << c for c in r.cells) for r in puzzle.regions)
    rules = _rules(puzzle)
    others = tuple(tuple(ri for ri in puzzle.cell_regions[c] if rules[ri][0] != _HOUSE) for c in range(puzzle.size))
    return peers, cells, others


def immediate(ctx: Context) -> tuple[int, int] | None:
    """The first ``(cell, digit)`` (bivalue cells first) whose supposition
    alone, before any technique, leaves a cell or region with no option.

    A shortcut, not the last word: houses are checked for the supposed digit
    only (bit sets of its places), other regions and dots in full."""
    puzzle = ctx.puzzle
    masks = list(ctx.state.masks)
    rules = _rules(puzzle)
    peer_bits, region_bits, others = _layout(puzzle)
    # Per digit: the houses with at most four places left for it (bit sets), and
    # per cell: the digits some house has no other place for.
    places: list[list[tuple[int, int]]] = [[] for _ in range(puzzle.max_digit + 1)]
    only = [0] * len(masks)
    for ri, rule in enumerate(rules):
        if rule[0] != _HOUSE:
            continue
        for d in range(1, puzzle.max_digit + 1):
            spots = [c for c in rule[1] if masks[c] >> d & 1]
            if len(spots) == 1:
                only[spots[0]] |= 1 << d
            if len(spots) <= 4:
                places[d].append((region_bits[ri], sum(1 << c for c in spots)))
    peers = puzzle.peers
    cell_pairs = puzzle.cell_pairs
    pairs = puzzle.pairs
    for cells in _stages(ctx):
        for cell in cells:
            mask = masks[cell]
            own = 1 << cell
            seen = peer_bits[cell] | own
            for digit in digits_of(mask):
                # A house left with no place for the digit, or with no place for another digit but this cell.
                if mask & only[cell] & ~(1 << digit) or any(
                        not where & own and not spots & ~seen for where, spots in places[digit]):
                    return cell, digit
                bit = 1 << digit
                changed = [cell]
                masks[cell] = bit
                dead = False
                for peer in peers[cell]:
                    if masks[peer] & bit:
                        masks[peer] &= ~bit
                        changed.append(peer)
                        dead = dead or not masks[peer]
                checked: set[int] = set()
                for c in () if dead else changed:
                    for ri in others[c]:
                        if ri not in checked:
                            checked.add(ri)
                            if not _holds(rules[ri], masks):
                                dead = True
                                break
                    if dead:
                        break
                if not dead and pairs:
                    dead = any(not masks[pairs[pi].a] & _partners(pairs[pi].kind)[masks[pairs[pi].b]]
                               for c in changed for pi in cell_pairs[c])
                masks[cell] = mask
                for peer in changed[1:]:
                    masks[peer] |= bit
                if dead:
                    return cell, digit
    return None


def screen(ctx: Context, depth: int) -> Iterator[list[tuple[int, int]]]:
    """Batches of ``(cell, digit)`` candidates worth replaying at ``depth``:
    those that propagation refutes (with ``depth - 1`` rounds of nested
    probing), stage by stage (:func:`_stages`), in batches of at most
    :data:`MAX_REFUTED`, the ones that took the least propagation first."""
    prop = propagator(ctx.puzzle)
    masks = ctx.state.masks
    base = list(masks)
    if 0 in base or not prop.propagate(base):
        return
    n = len(base)
    budget = _Budget(SCREEN_BUDGET)
    # A supposition implied by one that propagates cleanly propagates cleanly too.
    clean: set[tuple[int, int]] = set()
    for cells in _stages(ctx):
        hits: list[tuple[int, int, int, int]] = []
        for order, cell in enumerate(cells):
            for digit in digits_of(masks[cell]):
                bit = 1 << digit
                if not base[cell] & bit:
                    hits.append((n + 1, order, cell, digit))
                elif depth > 1:
                    if budget.left > 0 and _refuted(prop, base, cell, bit, depth - 1, budget):
                        hits.append((0, order, cell, digit))
                elif (cell, bit) not in clean:
                    trial = list(base)
                    trial[cell] = bit
                    if not prop.propagate(trial, (cell,)):
                        hits.append((sum(1 for a, b in zip(base, trial) if a != b), order, cell, digit))
                    else:
                        clean.update((c, m) for c, m in enumerate(trial) if m != base[c] and is_single(m))
            if len(hits) >= MAX_REFUTED:
                hits.sort()
                yield [(cell, digit) for _, _, cell, digit in hits]
                hits = []
        if hits:
            hits.sort()
            yield [(cell, digit) for _, _, cell, digit in hits]


# --- replaying a supposition with the techniques ---------------------------------------
class Chase:
    """A supposition followed step by step with the cheaper techniques."""

    def __init__(self, ctx: Context, cell: int, digit: int, depth: int, *, explain: bool) -> None:
        self.cell, self.digit = cell, digit
        self.inner = inner_techniques(ctx, depth)
        self.fork = ctx.fork(explain=explain, depth=ctx.depth + 1, techniques=self.inner)
        text = f"Suppose {ctx.name(cell)} is {digit}." if explain else ""
        suppose = Step(ASSUME, "Supposition", LEVELS[depth][0], text, placements=((cell, digit),), cells=(cell,))
        before = list(self.fork.state.masks)
        self.steps: list[Step] = [apply(self.fork, suppose)]
        #: the dead end reached (None while open or when the techniques stall)
        self.end: DeadEnd | None = self._check(before)
        self.stalled = False

    def _check(self, before: list[int]) -> DeadEnd | None:
        masks = self.fork.state.masks
        return dead_end(self.fork, [i for i, (a, b) in enumerate(zip(before, masks)) if a != b])

    @property
    def length(self) -> int:
        """Technique steps after the supposition."""
        return len(self.steps) - 1

    def advance(self) -> bool:
        """Apply one more step; False when the chase is over (dead end or stall)."""
        if self.end is not None or self.stalled:
            return False
        step = None if self.fork.is_done() else next_step(self.fork, self.inner)
        if step is None:
            self.stalled = True
            return False
        before = list(self.fork.state.masks)
        self.steps.append(apply(self.fork, step))
        self.end = self._check(before)
        return self.end is None


def chase(ctx: Context, cell: int, digit: int, depth: int, *, explain: bool,
          cap: int = MAX_CHAIN) -> Chase | None:
    """Suppose ``cell`` is ``digit`` and apply the cheaper techniques until a
    dead end (the finished :class:`Chase`), or None when they stall or
    ``cap`` technique steps pass without one."""
    run = Chase(ctx, cell, digit, depth, explain=explain)
    while run.end is None and run.length < cap and run.advance():
        pass
    return run if run.end is not None else None


def shortest(ctx: Context, batch: Sequence[tuple[int, int]], depth: int) -> tuple[Chase | None, list[tuple[int, int]]]:
    """Follow the suppositions of ``batch`` side by side, one step each in
    turn: the first to reach a dead end has the shortest chain (ties go to
    the earlier one).  Also returns the others that had not stalled."""
    runs = [Chase(ctx, cell, digit, depth, explain=False) for cell, digit in batch]
    winner: Chase | None = None
    for _ in range(MAX_CHAIN + 1):
        winner = next((run for run in runs if run.end is not None), None)
        runs = [run for run in runs if not run.stalled]
        if winner is not None or not runs:
            break
        for run in runs:
            run.advance()
            if run.end is not None:
                winner = run
                break
        if winner is not None:
            break
    return winner, [(r.cell, r.digit) for r in runs if r is not winner and not r.stalled]


# Refuted candidates left over from the last search on a top-level state, so
# that the next search (on the same, narrower state) tries them first:
# (depth, id of the state) -> (state, snapshot of its masks, inner technique ids, candidates).
_LEFT_OVER: OrderedDict[tuple[int, int], tuple[object, tuple[int, ...], tuple[str, ...], list[tuple[int, int]]]] = \
    OrderedDict()
_LEFT_OVER_SIZE = 8


def _left_over(ctx: Context, depth: int) -> list[tuple[int, int]]:
    entry = _LEFT_OVER.pop((depth, id(ctx.state)), None)
    if entry is None or ctx.depth:
        return []
    state, snapshot, inner, hits = entry
    masks = ctx.state.masks
    if state is not ctx.state or len(snapshot) != len(masks) or any(m & ~s for m, s in zip(masks, snapshot)) \
            or inner != tuple(t.id for t in inner_techniques(ctx, depth)):
        return []
    return [(c, d) for c, d in hits if masks[c] >> d & 1 and not is_single(masks[c])]


def _keep(ctx: Context, depth: int, hits: list[tuple[int, int]]) -> None:
    if ctx.depth or not hits:
        return
    _LEFT_OVER[(depth, id(ctx.state))] = (ctx.state, tuple(ctx.state.masks),
                                          tuple(t.id for t in inner_techniques(ctx, depth)), hits)
    while len(_LEFT_OVER) > _LEFT_OVER_SIZE:
        _LEFT_OVER.popitem(last=False)


def search(ctx: Context, depth: int) -> tuple[int, int] | None:
    """The ``(cell, digit)`` to refute at ``depth``: a supposition that fails
    at once, else the shortest chain among refuted candidates left over from
    the last search, else among a fresh screen's first batch that has one."""
    first = immediate(ctx) if depth == 1 else None
    if first is not None:
        return first
    pending = _left_over(ctx, depth)
    while pending:
        best, rest = shortest(ctx, pending[:MAX_REFUTED], depth)
        pending = rest + pending[MAX_REFUTED:]
        if best is not None:
            _keep(ctx, depth, pending)
            return best.cell, best.digit
    for batch in screen(ctx, depth):
        best, rest = shortest(ctx, batch, depth)
        if best is not None:
            _keep(ctx, depth, rest)
            return best.cell, best.digit
    return None


def find(ctx: Context, depth: int) -> Iterator[Step]:
    """The contradiction of ``depth`` that :func:`search` picks, explained."""
    if ctx.depth + depth > ctx.max_depth or dead_end(ctx) is not None:
        return  # nothing to suppose in a state that is contradictory already
    found = search(ctx, depth)
    if found is None:
        return
    cell, digit = found
    if not ctx.explain:
        yield _step(ctx, cell, digit, depth, "", ())
        return
    run = chase(ctx, cell, digit, depth, explain=True)
    if run is None or run.end is None:  # cannot happen: the techniques do the same in both modes
        return
    end = run.end
    level = LEVELS[depth][0]
    closing = Step(END, "Contradiction", level, end.sentence, cells=end.cells, regions=end.regions)
    count = run.length
    after = f"(after {count} step{'s' if count != 1 else ''}, shown below) " if count else ""
    text = f"If {ctx.name(cell)} were {digit}, then {after}{end.clause}; so {ctx.name(cell)} is not {digit}."
    yield _step(ctx, cell, digit, depth, text, tuple(run.steps) + (closing,), end)


def _step(ctx: Context, cell: int, digit: int, depth: int, text: str, sub_steps: tuple[Step, ...],
          end: DeadEnd | None = None) -> Step:
    level = LEVELS[depth][0]
    cells = (cell,) + tuple(c for c in (end.cells if end else ()) if c != cell)
    return Step(technique_id(depth), f"Contradiction (depth {depth})", level, text,
                eliminations=((cell, 1 << digit),), cells=cells, regions=end.regions if end else (),
                candidates=((cell, 1 << digit),), sub_steps=sub_steps)


def find_depth_1(ctx: Context) -> Iterator[Step]:
    return find(ctx, 1)


def find_depth_2(ctx: Context) -> Iterator[Step]:
    return find(ctx, 2)


def find_depth_3(ctx: Context) -> Iterator[Step]:
    return find(ctx, 3)


CONTRADICTION_1 = Technique(
    "contradiction-1", "Contradiction (depth 1)", LEVELS[1][0], LEVELS[1][1], find_depth_1,
    "if r3c4 were 7, then r3c5 would be 2 and r5c5 would have no candidate left; so r3c4 is not 7.")
CONTRADICTION_2 = Technique(
    "contradiction-2", "Contradiction (depth 2)", LEVELS[2][0], LEVELS[2][1], find_depth_2,
    "if r3c4 were 7, a depth-1 contradiction inside that supposition would empty r5c5; so r3c4 is not 7.")
CONTRADICTION_3 = Technique(
    "contradiction-3", "Contradiction (depth 3)", LEVELS[3][0], LEVELS[3][1], find_depth_3,
    "if r3c4 were 7, depth-2 contradictions inside that supposition would empty r5c5; so r3c4 is not 7.")

BY_DEPTH: dict[int, Technique] = {1: CONTRADICTION_1, 2: CONTRADICTION_2, 3: CONTRADICTION_3}

TECHNIQUES = (CONTRADICTION_1, CONTRADICTION_2, CONTRADICTION_3)
