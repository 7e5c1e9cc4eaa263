"""Screening suppositions with the exact solver's propagator, for the contradiction search.

Before :mod:`techniques.contradiction` replays a supposition with the
techniques (which alone decide, and explain), the propagator of the exact
solver (:class:`~solver.propagate.Propagator`, in C) screens the candidates:
only one that propagation refutes is worth a replay.  :func:`screen` yields
them in batches, stage by stage (cells with one or two candidates first),
the ones refuted with the fewest cells changed first; at depth 2 and 3 a
candidate that propagation alone lets through is probed further, its
supposition's bivalue cells supposed in turn (:func:`_refuted`), within a
budget of propagation calls.  Suppositions that propagate cleanly keep their
fixed points (:class:`FixedPoints`), so that the next screen of a narrower
state restarts from them.  Every propagation call costs a unit of the
solve's :class:`~solver.contract.Work` budget.

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=2, width=5, cells=((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)),
...            regions=(Region("row 1", (0, 1, 2, 3, 4), kind="row"),
...                     Region("column 1", (0, 5), kind="column")), max_digit=5)
>>> masks = [0b110, 0b1010, 0b1010, 0b110100, 0b110100, 0b110]  # 12, 13, 13, 245, 245, 12
>>> next(screen(Context(p, Candidates(p, masks), ()), 1))  # r1c1 = 1 leaves r1c2 and r1c3 only 3
[(0, 1)]
"""

from __future__ import annotations

from operator import ne
from typing import Iterator, Sequence

from solver.bits import POPCOUNT, differing, digits_of, is_single
from solver.contract import Context, Work
from solver.propagate import Propagator, shared

from .dead_ends import immediate

#: Refuted candidates whose chains race (the shortest wins) at the top level.
#: One: the first refuted candidate in the screen's order (bivalue cells
#: first) gives whole traces about as long as racing four did, in about half
#: the time (measured in docs/logic-coverage.md, session 6).
MAX_REFUTED = 1
#: The same inside a supposition.
MAX_REFUTED_INSIDE = 1
#: Propagation calls the nested screen (depth 2 and 3) may spend per search.
SCREEN_BUDGET = 600
#: Cells the screen's remembered fixed points (:class:`FixedPoints`) may hold
#: in all: memory stays bounded however long the search (a few tens of MB).
MAX_FIXED_CELLS = 1 << 19
#: ``ctx.memo`` keys: clean propagation fixed points, and candidates whose replay stalled.
CLEAN = "contradiction-clean"
STALLED = "contradiction-stalled"
#: ``ctx.memo`` key: per depth, the candidates the last nested screen let through, with its masks.
CLEARED = "contradiction-cleared"

#: The exact solver's propagator for a puzzle, compiled once (shared with the guess choice).
propagator = shared


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
