"""Bounded-depth contradiction: suppose a digit, follow the cheaper techniques
until some cell or region is left with no option, and so remove the digit.

``contradiction-1`` supposes one digit and runs every cheaper technique (all
those below level 7 but the named patterns, :func:`inner_techniques`) in fast
mode; ``contradiction-2`` may also use
``contradiction-1`` inside the supposition, and ``contradiction-3`` may use
depth 2.  The total nesting never exceeds ``ctx.max_depth``.

The exact solver's :class:`~solver.propagate.Propagator` screens candidates
first (:mod:`techniques.screening`, bivalue cells first): only a supposition
that propagation refutes is replayed with the techniques, and the replay
alone decides, so a step is never an unexplained contradiction.  At depth 2
and 3 the screen probes the bivalue cells inside each supposition, at most
:data:`~techniques.screening.SCREEN_BUDGET` propagation calls per search;
before a guess (at the top level, when the deepest contradiction too has
found nothing) the depth-2 and depth-3 searches run once more with a screen
five times as wide (:data:`WIDE_SCREEN_BUDGET`): a guess costs more, and
explains less.  Refuted candidates are replayed in the screen's order: stage
by stage (bivalue cells first), and in a batch the ones propagation refutes
with the fewest cells changed first.  With
:data:`~techniques.screening.MAX_REFUTED` above one, that many replays race
step by step and the shortest chain wins.  In explain mode the chain is
carried as sub-steps (at depth 1 the replay builds the sentences as it goes;
deeper, the chosen chain is replayed with them): the supposition, each step,
and a last ``contradiction-end`` sub-step naming the cell or region left with
no option.  Steps the dead end does not depend on are left out of the shown
chain (:mod:`techniques.relevance`).  Sub-steps are only shown,
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

from typing import Iterator, Sequence

from solver.bits import differing, is_single
from solver.contract import Context, Technique, Work
from solver.step import Step

from .dead_ends import DeadEnd, dead_end
from .relevance import prune
from .screening import STALLED, race_width, screen

#: depth -> (level, score per use)
LEVELS: dict[int, tuple[int, int]] = {1: (7, 20), 2: (8, 40), 3: (9, 80)}
#: The longest chain (technique steps after the supposition) a replay follows.
MAX_CHAIN = 250
#: The nested screen's propagation calls (:data:`~techniques.screening.SCREEN_BUDGET` as a
#: rule) in the last resort: when every technique, ``contradiction-3`` included, has found
#: nothing at the top level and the next step would be a guess, the depth-2 and depth-3
#: searches run once more with this wider screen (a guess costs more).
WIDE_SCREEN_BUDGET = 3000
ASSUME = "contradiction-assume"
END = "contradiction-end"


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
