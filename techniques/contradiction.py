"""Bounded-depth contradiction: suppose a digit, follow the cheaper techniques
until some cell or region is left with no option, and so remove the digit.

``contradiction-1`` supposes one digit and runs every cheaper technique (all
those below level 7 but the named patterns, :func:`inner_techniques`) in fast
mode; ``contradiction-2`` may also use
``contradiction-1`` inside the supposition, and ``contradiction-3`` may use
depth 2.  The total nesting never exceeds ``ctx.max_depth``.

The exact solver's :class:`~solver.propagate.Propagator` screens candidates
first (bivalue cells first): only a supposition that propagation refutes is
replayed with the techniques, and the replay alone decides, so a step is
never an unexplained contradiction.  At depth 2 and 3 the screen probes the
bivalue cells inside each supposition, at most :data:`SCREEN_BUDGET`
propagation calls per search; before a guess (at the top level, when the
deepest contradiction too has found nothing) the depth-2 and depth-3
searches run once more with a screen five times as wide
(:data:`WIDE_SCREEN_BUDGET`): a guess costs more, and explains less.
Refuted candidates are replayed in the
screen's order: stage by stage (bivalue cells first), and in a batch the
ones propagation refutes with the fewest cells changed first.  With
:data:`MAX_REFUTED` above one, that many replays race step by step and the
shortest chain wins.  In explain mode the chain is carried as sub-steps (at
depth 1 the replay builds the sentences as it goes; deeper, the chosen
chain is replayed with them): the supposition, each
step, and a last ``contradiction-end`` sub-step naming the cell or region
left with no option.  Steps the dead end does not depend on are left out of
the shown chain (:mod:`techniques.relevance`).  Sub-steps are only shown,
never applied.

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
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

from operator import ne
from typing import Iterator, Sequence

from solver.bits import POPCOUNT, differing, digits_of, is_single
from solver.contract import Context, Technique, Work
from solver.propagate import Propagator, shared
from solver.step import Step

from .dead_ends import DeadEnd, dead_end, immediate
from .relevance import prune

#: depth -> (level, score per use)
LEVELS: dict[int, tuple[int, int]] = {1: (7, 20), 2: (8, 40), 3: (9, 80)}
#: Refuted candidates whose chains race (the shortest wins) at the top level.
#: One: the first refuted candidate in the screen's order (bivalue cells
#: first) gives whole traces about as long as racing four did, in about half
#: the time (measured in docs/logic-coverage.md, session 6).
MAX_REFUTED = 1
#: The same inside a supposition.
MAX_REFUTED_INSIDE = 1
#: The longest chain (technique steps after the supposition) a replay follows.
MAX_CHAIN = 250
#: Propagation calls the nested screen (depth 2 and 3) may spend per search.
SCREEN_BUDGET = 600
#: The same for the last resort: when every technique, ``contradiction-3`` included,
#: has found nothing at the top level and the next step would be a guess, the depth-2
#: and depth-3 searches run once more with this wider screen (a guess costs more).
WIDE_SCREEN_BUDGET = 3000
#: Cells the screen's remembered fixed points (:class:`FixedPoints`) may hold
#: in all: memory stays bounded however long the search (a few tens of MB).
MAX_FIXED_CELLS = 1 << 19
ASSUME = "contradiction-assume"
#: ``ctx.memo`` keys: clean propagation fixed points, and candidates whose replay stalled.
CLEAN = "contradiction-clean"
STALLED = "contradiction-stalled"
#: ``ctx.memo`` key: per depth, the candidates the last nested screen let through, with its masks.
CLEARED = "contradiction-cleared"
END = "contradiction-end"


#: The exact solver's propagator for a puzzle, compiled once (shared with the guess choice).
propagator = shared


def technique_id(depth: int) -> str:
    """``contradiction-<depth>``."""
    return f"contradiction-{depth}"


def inner_techniques(ctx: Context, depth: int) -> tuple[Technique, ...]:
    """The techniques a depth-``depth`` supposition runs: every technique of
    ``ctx`` below its level but the named patterns of the link graph
    (:data:`techniques.PATTERNS`: fish, the turbot family, wings, chains,
    almost locked sets, uniqueness), plus the shallower contradictions.

    A person following a supposition looks for singles, sums, intersections
    and subsets, not for patterns, as a guess's branch does
    (:mod:`solver.guessing`); and a pattern inside a supposition is costly:
    the link graph is built again for every state of every chain (on the
    extreme Killers the patterns took about a third of the CPU time of the
    contradiction chains, and left their count and the guesses unchanged)."""
    from . import PATTERNS  # the package imports this module first

    level = LEVELS[depth][0]
    inner = [t for t in ctx.techniques if t.level < level and t.id not in PATTERNS]
    have = {t.id for t in inner}
    inner += [BY_DEPTH[d] for d in range(1, depth) if technique_id(d) not in have]
    return tuple(inner)


# --- screening with the exact propagator ----------------------------------------------
class _Budget:
    """Propagation calls left to a nested screen; each one also costs a unit of
    the solve's :class:`~solver.contract.Work` budget."""

    __slots__ = ("left", "work")

    def __init__(self, left: int, work: Work) -> None:
        self.left = left
        self.work = work

    def take(self) -> None:
        """Count one propagation call."""
        self.left -= 1
        if not self.work.spend():
            self.left = min(self.left, 0)


def _refuted(prop: Propagator, masks: list[int], cell: int, bit: int, level: int, budget: _Budget) -> bool:
    """True when propagation, with ``level`` rounds of nested probing of the
    bivalue cells, shows that ``cell`` cannot hold ``bit``."""
    if budget.left <= 0:
        return False
    budget.take()
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
                budget.take()
                if not prop.propagate(trial, (other,)):
                    return True
                break
        if budget.left <= 0:
            return False
    return False


def race_width(ctx: Context) -> int:
    """How many refuted candidates race at once: :data:`MAX_REFUTED` at the
    top level, :data:`MAX_REFUTED_INSIDE` inside a supposition."""
    return MAX_REFUTED_INSIDE if ctx.depth else MAX_REFUTED


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


class FixedPoints:
    """Fixed points of suppositions that propagated cleanly in earlier screens
    of one top-level state, kept sparse so that memory does not grow with the
    search: for each ``(cell, bit)`` only the cells the supposition narrowed
    (and their masks) are stored, with the version of the screened masks
    (``base``) they were narrowed from.  The masks only ever narrow while one
    cache lives (a state that is not a narrowing starts a new one), so the
    full fixed point is that base with the stored cells put back, and a cell
    not stored is unchanged since exactly when ``changed`` says so.  At most
    :data:`MAX_FIXED_CELLS` cells are stored in all; past that, new fixed
    points are not kept (the screen then propagates those from scratch).

    >>> fp = FixedPoints(None, [0b110, 0b110, 0b1110])
    >>> fp.put((0, 0b10), [0b110, 0b110, 0b1110], [0b10, 0b100, 0b1010])
    >>> fp.stored, fp.fixed_point((0, 0b10))
    (3, [2, 4, 10])
    >>> fp.narrow([0b110, 0b110, 0b0110])
    >>> fp.restart((0, 0b10), [0b110, 0b110, 0b0110])  # r3 narrowed: the fixed point changes
    ([2, 4, 2], False)
    """

    __slots__ = ("state", "base", "version", "changed", "entries", "stored")

    def __init__(self, state: object, base: Sequence[int]) -> None:
        #: the top-level candidate state these fixed points belong to
        self.state = state
        #: the masks screened last
        self.base = tuple(base)
        #: how many times ``base`` narrowed
        self.version = 0
        #: per cell, the version at which its mask last narrowed
        self.changed = [0] * len(base)
        #: ``(cell, bit) -> (version, cells, masks)``: the cells the supposition narrowed from that version's base
        self.entries: dict[tuple[int, int], tuple[int, tuple[int, ...], tuple[int, ...]]] = {}
        #: cells stored over all entries
        self.stored = 0

    def __len__(self) -> int:
        return len(self.entries)

    def follows(self, state: object, base: Sequence[int]) -> bool:
        """True when ``base`` belongs to the same state and narrows the last one screened."""
        return state is self.state and len(base) == len(self.base) and \
            not any(b & ~s for b, s in zip(base, self.base))

    def narrow(self, base: Sequence[int]) -> None:
        """Move on to ``base``, a narrowing of the last masks screened."""
        moved = differing(self.base, base)
        if moved:
            self.version += 1
            for c in moved:
                self.changed[c] = self.version
            self.base = tuple(base)

    def restart(self, key: tuple[int, int], base: Sequence[int]) -> tuple[list[int], bool] | None:
        """The stored fixed point of ``key`` narrowed to ``base`` (the current
        masks), and whether that left it unchanged; None when none is stored."""
        entry = self.entries.get(key)
        if entry is None:
            return None
        version, cells, masks = entry
        trial = list(base)
        same = True
        for c, m in zip(cells, masks):
            narrowed = m & base[c]
            trial[c] = narrowed
            same = same and narrowed == m
        if same and version < self.version:
            # A cell not stored held the base's mask then: unchanged unless the base narrowed there since.
            inside = set(cells)
            same = not any(v > version and c not in inside for c, v in enumerate(self.changed))
        return trial, same

    def put(self, key: tuple[int, int], base: Sequence[int], trial: Sequence[int]) -> None:
        """Remember the fixed point ``trial`` of ``key`` found from ``base`` (the current masks)."""
        self.drop(key)
        cells = tuple(differing(base, trial))
        if self.stored + len(cells) > MAX_FIXED_CELLS:
            return
        self.entries[key] = (self.version, cells, tuple(trial[c] for c in cells))
        self.stored += len(cells)

    def drop(self, key: tuple[int, int]) -> None:
        """Forget the fixed point of ``key``."""
        old = self.entries.pop(key, None)
        if old is not None:
            self.stored -= len(old[1])

    def fixed_point(self, key: tuple[int, int]) -> list[int]:
        """The whole stored fixed point of ``key`` narrowed to the last masks screened."""
        found = self.restart(key, self.base)
        if found is None:
            raise KeyError(key)
        return found[0]

    def copy(self) -> "FixedPoints":
        """An independent copy (the entries are immutable and shared)."""
        out = FixedPoints(self.state, self.base)
        out.version, out.changed, out.stored = self.version, list(self.changed), self.stored
        out.entries = dict(self.entries)
        return out


def _clean_cache(ctx: Context, base: list[int]) -> FixedPoints:
    """The :class:`FixedPoints` of this top-level state, moved on to ``base``;
    a new, empty one inside an assumption or when the state is not a
    narrowing of the last one screened."""
    if ctx.depth:
        return FixedPoints(None, base)
    entry = ctx.memo.get(CLEAN)
    if isinstance(entry, FixedPoints) and entry.follows(ctx.state, base):
        entry.narrow(base)
    else:
        entry = FixedPoints(ctx.state, base)
        ctx.memo[CLEAN] = entry
    return entry


def _probe(prop: Propagator, base: list[int], cell: int, bit: int, cache: FixedPoints) -> tuple[bool, list[int]]:
    """Propagate ``cell = bit`` from ``base``: whether it holds, and the masks.

    A supposition that propagated cleanly in a wider state restarts from its
    old fixed point narrowed to ``base``, waking only the constraints on the
    cells that narrowing changed: every removal in the old fixed point
    follows from the supposition in the wider state, so it holds in the
    narrower one too.  Far less work than from scratch, and at least as
    strong (it may keep deductions a fresh run would not repeat).  Only the
    screen uses the outcome: the replay with the techniques decides."""
    key = (cell, bit)
    found = cache.restart(key, base)
    if found is None:
        trial = list(base)
        trial[cell] = bit
        ok = prop.propagate(trial, (cell,))
    else:
        trial, same = found
        # Wake every constraint the supposition reached, not just those on the
        # narrowed cells: some constraints are not idempotent on their own.
        ok = True if same else prop.propagate(trial, differing(trial, base))
    if ok:
        cache.put(key, base, trial)
    else:
        cache.drop(key)
    return ok, trial


def screen(ctx: Context, depth: int, calls: int | None = None) -> Iterator[list[tuple[int, int]]]:
    """Batches of ``(cell, digit)`` candidates worth replaying at ``depth``:
    those that propagation refutes (with ``depth - 1`` rounds of nested
    probing), stage by stage (:func:`_stages`), in batches of at most
    :data:`MAX_REFUTED`, the ones that took the least propagation first.
    Candidates whose replay stalled in an earlier search of this solve come
    last.  Every propagation call costs a unit of ``ctx.work``; the screen
    stops when the budget is spent, and the nested screen after ``calls``
    propagation calls (default :data:`SCREEN_BUDGET`)."""
    prop = propagator(ctx.puzzle)
    masks = ctx.state.masks
    base = list(masks)
    work = ctx.work
    if 0 in base or not work.spend():
        return
    if not prop.propagate(base):
        # Propagation refutes the state itself, so every supposition fails and the
        # screen has nothing to tell apart: depth 1 takes the first supposition that
        # fails before any technique (one more unit of work).
        first = immediate(ctx, _stages(ctx)) if depth == 1 and work.spend() else None
        if first is not None:
            yield [first]
        return
    n = len(base)
    width = race_width(ctx)
    budget = _Budget(SCREEN_BUDGET if calls is None else calls, work)
    cache = _clean_cache(ctx, base) if depth == 1 else FixedPoints(None, base)
    stalled: set[tuple[int, int]] = ctx.memo.get((STALLED, depth), set()) if not ctx.depth else set()
    deferred: list[tuple[int, int]] = []
    # The wide screen of the last resort follows the usual one on the same state: the
    # candidates that one let through (probed to the end) would be let through again.
    cleared: set[tuple[int, int]] = set()
    skip: set[tuple[int, int]] = set()
    if depth > 1 and not ctx.depth:
        key = tuple(base)
        if calls is None:
            ctx.memo[(CLEARED, depth)] = (key, cleared)
        else:
            last = ctx.memo.get((CLEARED, depth))
            if last is not None and last[0] == key:
                skip = last[1]
    # A supposition implied by one that propagates cleanly propagates cleanly too.
    clean: set[tuple[int, int]] = set()
    for cells in _stages(ctx):
        hits: list[tuple[int, int, int, int]] = []
        for order, cell in enumerate(cells):
            for digit in digits_of(masks[cell]):
                bit = 1 << digit
                if (cell, digit) in stalled:
                    deferred.append((cell, digit))
                elif not base[cell] & bit:
                    hits.append((n + 1, order, cell, digit))
                elif depth > 1:
                    if (cell, digit) in skip or budget.left <= 0:
                        continue
                    if _refuted(prop, base, cell, bit, depth - 1, budget):
                        hits.append((0, order, cell, digit))
                    elif budget.left > 0:
                        cleared.add((cell, digit))
                elif (cell, bit) not in clean:
                    if not work.spend():
                        return
                    ok, trial = _probe(prop, base, cell, bit, cache)
                    if not ok:
                        hits.append((sum(map(ne, base, trial)), order, cell, digit))
                    else:
                        clean.update((c, trial[c]) for c in differing(base, trial) if is_single(trial[c]))
            if len(hits) >= width:
                hits.sort()
                yield [(cell, digit) for _, _, cell, digit in hits]
                hits = []
        if hits:
            hits.sort()
            yield [(cell, digit) for _, _, cell, digit in hits]
    # Stalled before, so probably again: replayed last, without screening.
    for k in range(0, len(deferred), width):
        yield deferred[k:k + width]


# --- replaying a supposition with the techniques ---------------------------------------
class Chase:
    """A supposition followed step by step with the cheaper techniques.

    The supposition is ``cell`` holding ``digit``, or ``case``, any step
    (a forcing net's case: a sum's combination as removals, say); the
    chase then stops where its owner says (:meth:`advance` one step at a
    time), or at a dead end."""

    def __init__(self, ctx: Context, cell: int, digit: int, depth: int, *, explain: bool,
                 work: Work | None = None, case: Step | None = None) -> None:
        self.cell, self.digit, self.depth = cell, digit, depth
        self.inner = inner_techniques(ctx, depth)
        if case is None:
            text = f"Suppose {ctx.name(cell)} is {digit}." if explain else ""
            case = Step(ASSUME, "Supposition", LEVELS[depth][0], text, placements=((cell, digit),), cells=(cell,))
        before = list(ctx.state.masks)
        self.fork = ctx.suppose(case, techniques=self.inner, explain=explain, work=work)
        assert self.fork.last is not None
        self.steps: list[Step] = [self.fork.last]
        #: the dead end reached (None while open or when the techniques stall)
        self.end: DeadEnd | None = self._check(before)
        self.stalled = False

    def _check(self, before: list[int]) -> DeadEnd | None:
        masks = self.fork.state.masks
        return dead_end(self.fork, differing(before, masks))

    @property
    def length(self) -> int:
        """Technique steps after the supposition."""
        return len(self.steps) - 1

    def advance(self) -> bool:
        """Apply one more step; False when the chase is over (dead end or stall)."""
        if self.end is not None or self.stalled:
            return False
        before = list(self.fork.state.masks)
        step = self.fork.advance(self.inner)
        if step is None:
            self.stalled = True
            return False
        self.steps.append(step)
        self.end = self._check(before)
        return self.end is None


def chase(ctx: Context, cell: int, digit: int, depth: int, *, explain: bool,
          cap: int = MAX_CHAIN, work: Work | None = None) -> Chase | None:
    """Suppose ``cell`` is ``digit`` and apply the cheaper techniques until a
    dead end (the finished :class:`Chase`), or None when they stall or
    ``cap`` technique steps pass without one.  ``work`` replaces the solve's
    budget (a replay of a chain already found passes an unlimited one)."""
    run = Chase(ctx, cell, digit, depth, explain=explain, work=work)
    while run.end is None and run.length < cap and run.advance():
        pass
    return run if run.end is not None else None


def shortest(ctx: Context, batch: Sequence[tuple[int, int]], depth: int,
             explain: bool = False) -> tuple[Chase | None, list[tuple[int, int]]]:
    """Follow the suppositions of ``batch`` side by side, one step each in
    turn: the first to reach a dead end has the shortest chain (ties go to
    the earlier one).  Also returns the others that had not stalled; at the
    top level the ones that stalled are remembered (``ctx.memo``) so that
    the next screens replay them last.  ``explain``: the runs build their
    sentences as they go (the winner then needs no replay)."""
    runs = [Chase(ctx, cell, digit, depth, explain=explain) for cell, digit in batch]
    every = list(runs)
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
    if not ctx.depth:
        gave_up = {(r.cell, r.digit) for r in every if r.stalled and r.end is None}
        if gave_up:
            ctx.memo.setdefault((STALLED, depth), set()).update(gave_up)
    return winner, [(r.cell, r.digit) for r in runs if r is not winner and not r.stalled]


# Refuted candidates left over from the last search on a top-level state are
# kept in ``ctx.memo`` so that the next search (on the same, narrower state)
# tries them first: (MEMO, depth) -> (state, snapshot of its masks, inner
# technique ids, candidates).
MEMO = "contradiction"


def _left_over(ctx: Context, depth: int) -> list[tuple[int, int]]:
    """The refuted candidates the last top-level search at ``depth`` left untried, when
    the state is that search's own (narrowed since) and the techniques are the same."""
    if ctx.depth:
        return []  # forks share the memo: only the top level uses it
    entry = ctx.memo.pop((MEMO, depth), None)
    if entry is None:
        return []
    state, snapshot, inner, hits = entry
    masks = ctx.state.masks
    if state is not ctx.state or len(snapshot) != len(masks) or any(m & ~s for m, s in zip(masks, snapshot)) \
            or inner != tuple(t.id for t in inner_techniques(ctx, depth)):
        return []
    return [(c, d) for c, d in hits if masks[c] >> d & 1 and not is_single(masks[c])]


def _keep(ctx: Context, depth: int, hits: list[tuple[int, int]]) -> None:
    """Remember untried refuted candidates for the next top-level search at ``depth``."""
    if ctx.depth or not hits:
        return
    ctx.memo[(MEMO, depth)] = (ctx.state, tuple(ctx.state.masks), tuple(t.id for t in inner_techniques(ctx, depth)),
                               hits)


def search(ctx: Context, depth: int, explain: bool = False, calls: int | None = None) -> Chase | None:
    """The chase refuting a candidate at ``depth``: the shortest chain among
    refuted candidates left over from the last search, else among a fresh
    screen's first batch that has one.
    ``explain``: the chases build their sentences as they go; ``calls``: the
    nested screen's propagation calls (:func:`screen`)."""
    pending = _left_over(ctx, depth)
    width = race_width(ctx)
    while pending:
        best, rest = shortest(ctx, pending[:width], depth, explain)
        pending = rest + pending[width:]
        if best is not None:
            _keep(ctx, depth, pending)
            return best
    for batch in screen(ctx, depth, calls):
        best, rest = shortest(ctx, batch, depth, explain)
        if best is not None:
            _keep(ctx, depth, rest)
            return best
    return None


def _explains(ctx: Context, depth: int) -> bool:
    """Whether a search at ``depth`` builds its chases' sentences as it goes: at depth 1,
    and deeper when only one chain runs at a time (a race's losers would be explained
    too, so its winner is replayed instead)."""
    return ctx.explain and (depth == 1 or race_width(ctx) == 1)


def _deepest(ctx: Context) -> int:
    """The deepest contradiction ``ctx`` tries: the deepest of its techniques that
    ``max_depth`` allows (0 when none)."""
    ids = {t.id for t in ctx.techniques}
    return max((d for d in BY_DEPTH if d <= ctx.max_depth and technique_id(d) in ids), default=0)


def _last_resort(ctx: Context, deepest: int) -> Chase | None:
    """At the top level, when the deepest contradiction (``deepest``) has found nothing
    either, so that the next step would be a guess: the searches of depth 2 up to it once
    more, with the nested screen widened to :data:`WIDE_SCREEN_BUDGET` calls."""
    for deep in range(2, deepest + 1):
        found = search(ctx, deep, explain=_explains(ctx, deep), calls=WIDE_SCREEN_BUDGET)
        if found is not None:
            return found
    return None


def find(ctx: Context, depth: int) -> Iterator[Step]:
    """The contradiction of ``depth`` that :func:`search` picks, explained."""
    if ctx.depth + depth > ctx.max_depth or ctx.work.exhausted or dead_end(ctx) is not None:
        return  # nothing to suppose in a state that is contradictory already (or no work left)
    # At depth 1, and deeper when only one chain runs at a time, the search
    # itself builds the sentences: they cost less than replaying the winner.
    # Deeper with a race, the losers' nested chains would be explained too,
    # so the winner is replayed instead (not charged: fast and explained
    # solves spend the same work).
    found = search(ctx, depth, explain=_explains(ctx, depth))
    if found is None and not ctx.depth and depth > 1 and depth == _deepest(ctx):
        found = _last_resort(ctx, depth)
    if found is None:
        return
    depth = found.depth  # the last resort may find a shallower chain: the step keeps its depth
    cell, digit = found.cell, found.digit
    if not ctx.explain:
        yield _step(ctx, cell, digit, depth, "", ())
        return
    run = found if found.fork.explain else chase(ctx, cell, digit, depth, explain=True, work=Work())
    if run is None or run.end is None:  # cannot happen: the techniques do the same in both modes
        return
    end = run.end
    level = LEVELS[depth][0]
    closing = Step(END, "Contradiction", level, end.sentence, cells=end.cells, regions=end.regions)
    chain = prune(ctx, run.steps, end, run.inner)  # only the steps the dead end needs
    count = len(chain) - 1
    after = f"(after {count} step{'s' if count != 1 else ''}, shown below) " if count else ""
    text = f"If {ctx.name(cell)} were {digit}, then {after}{end.clause}; so {ctx.name(cell)} is not {digit}."
    yield _step(ctx, cell, digit, depth, text, tuple(chain) + (closing,), end)


def _step(ctx: Context, cell: int, digit: int, depth: int, text: str, sub_steps: tuple[Step, ...],
          end: DeadEnd | None = None) -> Step:
    level = LEVELS[depth][0]
    cells = (cell,) + tuple(c for c in (end.cells if end else ()) if c != cell)
    return Step(technique_id(depth), f"Contradiction (depth {depth})", level, text,
                eliminations=((cell, 1 << digit),), cells=cells, regions=end.regions if end else (),
                candidates=((cell, 1 << digit),), sub_steps=sub_steps)


def find_depth_1(ctx: Context) -> Iterator[Step]:
    """Contradiction with suppositions nested 1 deep at most."""
    return find(ctx, 1)


def find_depth_2(ctx: Context) -> Iterator[Step]:
    """Contradiction with suppositions nested 2 deep at most."""
    return find(ctx, 2)


def find_depth_3(ctx: Context) -> Iterator[Step]:
    """Contradiction with suppositions nested 3 deep at most."""
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
