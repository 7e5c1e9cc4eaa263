"""The engine contract: what a technique is, the state it looks at, and how a
step changes that state.

* :class:`Technique`: an id, a name, a level, a score per use and a function
  ``find(ctx)`` yielding :class:`~solver.step.Step` records; it finds steps
  and changes nothing.
* :class:`Context`: the one candidate state (candidate masks, placed cells,
  derived regions), with the mode (explain or fast), the nesting depth, a
  :class:`Work` budget shared with every fork, and a per-solve memo.
* :func:`apply` carries a step out (a placement also clears its digit from
  the peers, and the step is completed with every effect); :func:`next_step`
  is the first step the first technique in order finds, stamped with that
  technique's name and level.
* :meth:`Context.suppose` is the one way for a technique to follow a
  supposition (contradiction chains): a fork one level deeper with the
  supposed step applied, which it advances with :meth:`Context.advance`.

The loop that runs techniques in order and guesses when they fail is
:mod:`solver.engine`; the techniques themselves live in :mod:`techniques`.

>>> from solver.model import Puzzle, Region
>>> from solver.candidates import Candidates
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=3),), givens=(0, 0))
>>> ctx = Context(p, Candidates.initial(p), [])
>>> fork = ctx.suppose(Step("contradiction-assume", "Supposition", 7, "", placements=((0, 1),)))
>>> fork.depth, fork.state.masks[0] == 1 << 1, ctx.state.masks[0] != fork.state.masks[0]
(1, True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Sequence

from .bits import differing
from .candidates import Candidates
from .model import Puzzle, Region
from .step import Step

Finder = Callable[["Context"], Iterator[Step]]
#: A candidate state as :meth:`Context.snapshot` records it.
Snapshot = tuple[tuple[int, ...], frozenset[int], int]


class Work:
    """A work budget, shared by a context and all its forks.

    ``left`` is the number of work units still allowed (None: no limit).
    Techniques that search (contradiction chains) spend units through
    :meth:`spend` and give up once it returns False; :func:`next_step`
    spends one unit per technique it tries inside an assumption.  Work is
    counted, never timed, so the same puzzle always stops at the same step.

    ``deadline`` (a :func:`time.perf_counter` instant, None for none) is the
    one exception: a safety net for solves without a budget.  Once it has
    passed, :meth:`spend` returns False as if the units were spent, and
    ``out_of_time`` tells the two apart.

    >>> w = Work(2)
    >>> w.spend(), w.spend(), w.spend(), w.exhausted, w.spent
    (True, True, False, True, 3)
    >>> Work(None).spend(10**6)
    True
    >>> late = Work(None, deadline=0.0)
    >>> late.spend(), late.exhausted, late.out_of_time
    (False, True, True)
    """

    __slots__ = ("left", "spent", "deadline", "out_of_time")

    def __init__(self, units: int | None = None, *, deadline: float | None = None) -> None:
        self.left = units
        self.spent = 0
        self.deadline = deadline
        self.out_of_time = False

    def spend(self, units: int = 1) -> bool:
        """Use ``units``; False when the budget is (now) exhausted or the deadline has passed."""
        self.spent += units
        if self.deadline is not None and not self.out_of_time and time.perf_counter() > self.deadline:
            self.out_of_time = True
        if self.out_of_time:
            return False
        if self.left is None:
            return True
        self.left -= units
        return self.left >= 0

    @property
    def exhausted(self) -> bool:
        """True once more was spent than allowed, or the deadline has passed."""
        return self.out_of_time or (self.left is not None and self.left < 0)


class Uniqueness:
    """Whether the puzzle is proved to have exactly one solution, decided at
    most once (on first ask) and shared by a context and all its forks.

    ``decide`` is what the engine gives a run from a puzzle's start: a call
    to the exact solver returning its status and solution.  Techniques that
    rest on uniqueness (:mod:`techniques.uniqueness`) ask
    :attr:`Context.unique`, which is False for a context without one (a
    person's position, a hand-made state): they then find nothing.

    >>> calls = []
    >>> u = Uniqueness(lambda: calls.append(1) or ("solved", (1, 2)))
    >>> u.proved, u.proved, u.solution, len(calls)
    (True, True, (1, 2), 1)
    >>> Uniqueness(lambda: ("multiple", (1, 2))).proved
    False
    """

    __slots__ = ("_decide", "_proved", "status", "solution")

    def __init__(self, decide: Callable[[], tuple[str, tuple[int, ...] | None]]) -> None:
        self._decide: Callable[[], tuple[str, tuple[int, ...] | None]] | None = decide
        self._proved = False
        #: the exact solver's status once decided (None before)
        self.status: str | None = None
        #: the solution when proved unique
        self.solution: tuple[int, ...] | None = None

    @classmethod
    def known(cls, solution: tuple[int, ...]) -> "Uniqueness":
        """Already proved by the caller, whose exact solve found ``solution`` alone."""
        return cls(lambda: ("solved", tuple(solution)))

    @property
    def proved(self) -> bool:
        """True when the exact solver found exactly one solution."""
        if self._decide is not None:
            decide, self._decide = self._decide, None
            status, solution = decide()
            self.status = status
            self._proved = status == "solved" and solution is not None
            self.solution = tuple(solution) if self._proved and solution is not None else None
        return self._proved


@dataclass(frozen=True)
class Technique:
    """A human solving technique.

    ``level`` orders difficulty (1 easiest); ``score`` is what one use adds to
    a puzzle's grade; ``example`` is a one-line example for the docs;
    ``kinds`` names the puzzle kinds whose rules it reads (``("kropki",)``
    for the dots), empty when it works on every kind.
    """

    id: str
    name: str
    level: int
    score: int
    find: Finder = field(compare=False, repr=False)
    example: str = ""
    kinds: tuple[str, ...] = ()


class Context:
    """What a technique sees: the puzzle, the candidate state, the regions
    (the puzzle's plus virtual ones derived so far), and the mode.

    ``explain`` False means fast mode: techniques may leave ``text`` empty.
    ``techniques`` is the ordered list in use, so a technique can run the
    cheaper ones (contradiction does).  ``depth`` is the nesting of
    assumptions this context sits in (0 at the top).  ``work`` is the
    :class:`Work` budget shared with every fork; ``memo`` is a per-solve
    scratch dict where a technique may keep what it learnt for the next call
    (shared with forks too; keys should start with the technique's id).

    ``quiet`` remembers, per technique id, the state in which that technique
    last found nothing (:func:`next_step` records it); :meth:`changed_since_quiet`
    turns it into the cells changed since, so that a technique whose steps
    depend only on the cells of one region (or one small group of regions)
    need look only where something changed.  Forks copy it: a fork starts
    from its parent's state.

    ``uniqueness`` (a :class:`Uniqueness`, shared with forks; None for none)
    says whether the puzzle is proved to have one solution: only then may
    the uniqueness techniques (Unique Rectangles, BUG+1) use that fact
    (:attr:`unique`).
    """

    __slots__ = ("puzzle", "state", "virtual", "explain", "techniques", "depth", "max_depth", "placed",
                 "work", "memo", "quiet", "last", "uniqueness", "_sum_regions", "_changes")

    def __init__(self, puzzle: Puzzle, state: Candidates, techniques: Sequence[Technique], *,
                 explain: bool = True, max_depth: int = 3, depth: int = 0,
                 virtual: list[Region] | None = None, placed: set[int] | None = None,
                 work: Work | None = None, memo: dict[Any, Any] | None = None,
                 quiet: dict[str, Snapshot] | None = None, uniqueness: Uniqueness | None = None) -> None:
        self.puzzle = puzzle
        self.uniqueness = uniqueness
        #: cells whose digit is placed (givens and placements); a cell with one
        #: candidate that is not placed yet is a naked single waiting to be seen.
        self.placed: set[int] = set(placed) if placed is not None else {
            i for i, g in enumerate(puzzle.givens) if g}
        self.state = state
        self.virtual: list[Region] = list(virtual or [])
        self.explain = explain
        self.techniques = tuple(techniques)
        self.depth = depth
        self.max_depth = max_depth
        self.work = work if work is not None else Work()
        self.memo: dict[Any, Any] = memo if memo is not None else {}
        self.quiet: dict[str, Snapshot] = dict(quiet) if quiet else {}
        #: the step :meth:`suppose` applied last (the supposition a fork starts from)
        self.last: Step | None = None
        self._sum_regions: list[Region] | None = None
        # id(snapshot) -> (snapshot, the state it was compared with, the changed cells)
        self._changes: dict[int, tuple[Snapshot, tuple[tuple[int, ...], int, int], set[int]]] = {}

    @property
    def masks(self) -> list[int]:
        """The candidate masks (shared with ``state``)."""
        return self.state.masks

    @property
    def unique(self) -> bool:
        """True when the puzzle is proved to have exactly one solution (the
        exact solver runs the first time this is asked); False without a
        proof (see :class:`Uniqueness`)."""
        return self.uniqueness is not None and self.uniqueness.proved

    def regions(self) -> list[Region]:
        """The puzzle's regions followed by the virtual ones."""
        return list(self.puzzle.regions) + self.virtual

    def sum_regions(self) -> list[Region]:
        """Regions with a total (puzzle ones first, then virtual)."""
        if self._sum_regions is None:
            self._sum_regions = [r for r in self.regions() if r.total is not None]
        return self._sum_regions

    def add_virtual(self, region: Region) -> bool:
        """Remember a derived region; False when an equal one is known."""
        key = (frozenset(region.cells), region.total)
        for r in self.regions():
            if (frozenset(r.cells), r.total) == key:
                return False
        self.virtual.append(region)
        self._sum_regions = None
        return True

    def fork(self, *, explain: bool | None = None, depth: int | None = None,
             techniques: Sequence[Technique] | None = None, work: Work | None = None) -> "Context":
        """An independent copy of the state (for assumptions), sharing the work
        budget (or using ``work``) and the memo."""
        return Context(self.puzzle, self.state.copy(), techniques if techniques is not None else self.techniques,
                       explain=self.explain if explain is None else explain, max_depth=self.max_depth,
                       depth=self.depth if depth is None else depth, virtual=self.virtual,
                       placed=self.placed, work=self.work if work is None else work, memo=self.memo,
                       quiet=self.quiet, uniqueness=self.uniqueness)

    def snapshot(self) -> Snapshot:
        """What :meth:`changed_since_quiet` compares against: the masks, the placed
        cells and the number of virtual regions."""
        return tuple(self.state.masks), frozenset(self.placed), len(self.virtual)

    def changed_since_quiet(self, technique_id: str) -> set[int] | None:
        """The cells changed since the technique ``technique_id`` last found
        nothing in this context or the one it was forked from: a narrowed
        mask, a placement, or a cell of a virtual region added since.  None
        when it has not come up empty yet (look everywhere).

        A technique whose steps in a region depend only on that region's
        cells may skip every region that holds none of these cells: such a
        region had no step then and is unchanged, and candidates only ever
        go, so it still has none.  The first step it finds is then the one a
        full scan finds first.  The set returned is shared: read it only.

        >>> from puzzles import sample
        >>> from solver.candidates import Candidates
        >>> p = sample("sudoku-1")
        >>> ctx = Context(p, Candidates.initial(p), [])
        >>> ctx.changed_since_quiet("naked-single") is None
        True
        >>> ctx.quiet["naked-single"] = ctx.snapshot()
        >>> ctx.state.masks[5] &= ~0b10
        >>> sorted(ctx.changed_since_quiet("naked-single"))
        [5]
        """
        entry = self.quiet.get(technique_id)
        if entry is None:
            return None
        # Techniques that came up empty in the same round share one snapshot, so the
        # comparison is made once per snapshot and state (placed cells and virtual
        # regions only ever grow, so their counts tell whether they changed).
        now = tuple(self.state.masks)
        key = (now, len(self.placed), len(self.virtual))
        known = self._changes.get(id(entry))
        if known is not None and known[0] is entry and known[1] == key:
            return known[2]
        masks, placed, virtual = entry
        if key[2] < virtual or len(masks) != len(now):
            return None
        out = set(differing(masks, now))
        if key[1] != len(placed):
            out.update(self.placed - placed)
        for region in self.virtual[virtual:]:
            out.update(region.cells)
        if len(self._changes) > 64:
            self._changes.clear()
        self._changes[id(entry)] = (entry, key, out)
        return out

    def name(self, cell: int) -> str:
        """``rRcC`` of a cell."""
        return self.puzzle.cell_name(cell)

    def is_broken(self) -> bool:
        """True when some cell has no candidate left."""
        return 0 in self.state.masks

    def is_done(self) -> bool:
        """True when every cell is placed."""
        return len(self.placed) == len(self.state.masks)

    # --- following a supposition ------------------------------------------------------
    def suppose(self, step: Step, *, techniques: Sequence[Technique] | None = None, explain: bool | None = None,
                work: Work | None = None) -> "Context":
        """A fork one level deeper (:meth:`fork`) with ``step`` (a supposition:
        usually one placement) applied to it; this context is unchanged.
        ``techniques`` are what the fork may use, ``work`` a budget of its own
        (default: this context's, shared)."""
        fork = self.fork(explain=explain, depth=self.depth + 1, techniques=techniques, work=work)
        fork.last = apply(fork, step)
        return fork

    def carry_out(self, step: Step) -> Step:
        """Apply ``step`` to this context (:func:`apply`): the completed step."""
        return apply(self, step)

    def advance(self, techniques: Sequence[Technique] | None = None) -> Step | None:
        """Find the next step (:func:`next_step`) and apply it; the completed
        step, or None when nothing applies or every cell is placed."""
        if self.is_done():
            return None
        step = next_step(self, techniques)
        return None if step is None else apply(self, step)


# --- applying steps ---------------------------------------------------------------
def apply(ctx: Context, step: Step) -> Step:
    """Carry out a step on ``ctx.state`` and return it completed: a placement
    also removes its digit from the cell's peers, and those removals are added
    to the step's eliminations so that the trace lists every effect.
    Eliminations of digits that are already gone are dropped, and the rest
    are listed in cell order."""
    masks = ctx.state.masks
    puzzle = ctx.puzzle
    removed: dict[int, int] = {}
    order: list[int] = []

    def remove(cell: int, mask: int) -> None:
        hit = masks[cell] & mask
        if hit:
            masks[cell] &= ~hit
            if cell not in removed:
                removed[cell] = 0
                order.append(cell)
            removed[cell] |= hit

    for cell, digit in step.placements:
        ctx.placed.add(cell)
        bit = 1 << digit
        if masks[cell] & bit:
            remove(cell, masks[cell] & ~bit)
        else:
            remove(cell, masks[cell])  # a wrong placement empties the cell: a contradiction
        for peer in puzzle.peers[cell]:
            remove(peer, bit)
    for cell, mask in step.eliminations:
        remove(cell, mask)
    for region in step.derived:
        ctx.add_virtual(region)
    if not ctx.explain:
        return step
    # In cell order: the peers are sets, whose order can differ between
    # processes (a puzzle sent to a worker is rebuilt), and a trace must not.
    placed = {c for c, _ in step.placements}
    return replace(step, eliminations=tuple((c, removed[c]) for c in sorted(order) if c not in placed))


# --- finding the next step ---------------------------------------------------------
def stamped(step: Step, tech: Technique) -> Step:
    """``step`` carrying the id, name and level of the technique that found it.

    A technique may report a step under another of its family's ids (a
    contradiction found deeper than asked, a confinement into a derived
    sum); those keep the id, name and level they were given.
    """
    if step.technique in (tech.id, "") and (step.name, step.level) != (tech.name, tech.level):
        return replace(step, technique=tech.id, name=tech.name, level=tech.level)
    return step


def next_step(ctx: Context, techniques: Sequence[Technique] | None = None) -> Step | None:
    """The first step the first technique (in order) finds, or None.  Inside
    an assumption (``ctx.depth > 0``) each technique tried costs one unit of
    ``ctx.work``, and nothing is found once the budget is exhausted."""
    work = ctx.work if ctx.depth else None
    snapshot: Snapshot | None = None
    for tech in techniques if techniques is not None else ctx.techniques:
        if work is not None and not work.spend():
            return None
        for step in tech.find(ctx):
            return stamped(step, tech)
        if snapshot is None:
            snapshot = ctx.snapshot()
        ctx.quiet[tech.id] = snapshot  # found nothing here: see Context.changed_since_quiet
    return None
