"""The exact solver: propagation plus backtracking on the most constrained cell.

It builds no explanation text.  It tells whether a puzzle has no solution,
exactly one, or several, and never hangs: a node limit and a time limit turn
a search that runs too long into the ``timeout`` status.

Branching picks the open cell with the fewest candidates relative to how
often it has been involved in contradictions so far ("dom/wdeg"): each
contradiction adds weight to the cells branched on and to the cells of the
constraint that found it, so the search learns to branch where the puzzle
is tight.  A cage (a Killer cage or a distinct derived sum; not a Kakuro
run) whose cells can still take two or more digit sets competes with the cells:
its score is the number of sets per unit of its open cells' weight, and
when it wins each branch cuts all its cells down to one set (the way a
solver reasons about cage combinations).  The sets of a cage are disjoint
cases, so every solution lies in exactly one branch.  Propagation does the
rest (:mod:`solver.propagate`).

>>> from puzzles import sample
>>> result = solve(sample("sudoku-1"))
>>> result.status, result.unique
('solved', True)
>>> count_solutions(sample("sudoku-1"), limit=2)
1
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Literal

from . import native
from .bits import POPCOUNT
from .linear import sums_contradict
from .model import Puzzle
from .constraints import Cage
from .propagate import Propagator, solved_digits
from .run_sums import has_run_groups
from .supports import cage_support

Status = Literal["solved", "no-solution", "multiple", "timeout"]

RUN_GROUPS_AFTER = 2000
"""Nodes a Kakuro search may take before it starts again with the sums over
groups of runs (:mod:`solver.run_sums`) added to its propagation.  They cost
a few milliseconds to find and slow every node a little, which the corpus
puzzles (solved in a few nodes) do not need; a Kakuro whose clues
contradict each other locally needs them to be refuted at all."""


@dataclass(frozen=True)
class SolveResult:
    """What the exact solver found.

    ``status`` is ``solved`` (exactly one solution), ``no-solution``,
    ``multiple`` (``solution`` then holds one of them) or ``timeout``.
    ``solution`` holds a digit per cell index.  ``nodes`` counts the
    branches tried (each one a propagation).
    """

    status: Status
    solution: tuple[int, ...] | None
    nodes: int
    seconds: float

    @property
    def unique(self) -> bool:
        """True when exactly one solution exists."""
        return self.status == "solved"


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time limit is reached."""


class Search:
    """Depth-first search over a compiled puzzle, counting solutions up to ``limit``.

    ``timeout`` (seconds) and ``node_limit`` bound the work: reaching either
    makes :meth:`run` raise ``_OutOfBudget``.  ``rng`` shuffles the order in
    which digits are tried (for generators).
    """

    def __init__(self, propagator: Propagator, *, limit: int = 2, timeout: float | None = None,
                 node_limit: int | None = None, rng: random.Random | None = None,
                 native: bool | None = None) -> None:
        """``native``: run the C search of :mod:`solver.native` (same nodes,
        same answers, faster); None uses it when it is built and no ``rng``
        is given; False keeps the search and the propagator in pure Python."""
        self.propagator = propagator
        self.native = native
        if native is False:
            propagator.native = False
        self.limit = limit
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self.node_limit = node_limit
        self.rng = rng
        self.nodes = 0
        self.solutions: list[tuple[int, ...]] = []
        # Failure weight per cell, starting at one more than its number of constraints (dom/deg).
        self.weight = [1.0 + len(ks) for ks in propagator.cell_constraints]
        # The cages that may be branched on by digit set, in constraint order:
        # none in a Kakuro, whose runs gain nothing from it (corpus: 450
        # nodes instead of 50) and whose generators' second solutions would change.
        self.cages: list[Cage] = ([] if has_run_groups(propagator.puzzle) else
                                  [con for con in propagator.constraints if isinstance(con, Cage)])

    def run(self, masks: list[int]) -> None:
        """Search from ``masks`` (propagated first); fills ``self.solutions``.
        Raises ``_OutOfBudget`` when a limit is hit."""
        masks = list(masks)
        if self._run_native(masks):
            return
        if not self.propagator.propagate(masks):
            return
        propagate = self.propagator.propagate
        # Each stack entry: a node's masks, the cells it branches on, the
        # candidate masks still to try on them (one per branch).
        stack: list[tuple[list[int], tuple[int, ...], list[int]]] = []
        while True:
            branch = self._choose(masks)
            if branch is None:
                self.solutions.append(solved_digits(masks))
                if len(self.solutions) >= self.limit:
                    return
            else:
                cells, options = branch
                if self.rng is not None:
                    self.rng.shuffle(options)
                stack.append((masks, cells, options))
            # Find the next branch whose propagation succeeds.
            while stack:
                parent, cells, options = stack[-1]
                if not options:
                    stack.pop()
                    continue
                self._tick()
                option = options.pop()
                child = parent[:]
                for c in cells:
                    child[c] &= option
                if propagate(child, cells):
                    masks = child
                    break
                self._punish(cells)
            else:
                return

    def _run_native(self, masks: list[int]) -> bool:
        """Do the whole search in C when allowed and possible; False when not.
        The C search does not learn weights across calls: each run starts from dom/deg."""
        use = self.native
        if use is None:
            use = self.rng is None and native.available()
        if not use:
            return False
        if self.rng is not None:
            raise ValueError("the C search does not shuffle digits: leave out rng or native")
        program = native.compiled(self.propagator)
        if program is None:
            if self.native:
                raise ValueError("the C search cannot run this puzzle's constraints")
            return False
        seconds = None if self.deadline is None else self.deadline - time.perf_counter()
        node_limit = None if self.node_limit is None else self.node_limit - self.nodes
        found, nodes, out_of_budget = native.search(program, masks, self.limit - len(self.solutions),
                                                    node_limit, seconds, bool(self.cages))
        self.nodes += nodes
        self.solutions.extend(found)
        if out_of_budget:
            raise _OutOfBudget
        return True

    def _tick(self) -> None:
        """Count a branch; raise ``_OutOfBudget`` past a limit."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    def _punish(self, branched: tuple[int, ...]) -> None:
        """Add weight to the cells branched on and to the cells of the
        constraint that found the contradiction."""
        weight = self.weight
        for c in branched:
            weight[c] += 1.0
        con = self.propagator.failed
        if con is not None:
            for c in con.cells:
                weight[c] += 1.0

    def _choose(self, masks: list[int]) -> tuple[tuple[int, ...], list[int]] | None:
        """What to branch on: ``(cells, options)`` where each option is a mask
        that every cell of ``cells`` is cut down to (options are tried from
        the end), or None when every cell is fixed.

        It is the open cell with the fewest candidates per unit of failure
        weight, one option per digit (lowest tried first) -- unless a cage
        of :attr:`cages` has two or more fitting digit sets (:func:`~solver.supports.cage_support`
        with nothing forced) and fewer of them per unit of the summed weight
        of its open cells: then the cage, one option per set (lowest mask
        first).  The first strict minimum wins, cells before cages; the C
        search computes the same scores in the same order.
        """
        best = -1
        best_score = 1e18
        weight = self.weight
        popcount = POPCOUNT
        for i, m in enumerate(masks):
            if m & (m - 1):
                score = popcount[m] / weight[i]
                if score < best_score:
                    best, best_score = i, score
        if best < 0:
            return None
        cage: Cage | None = None
        sets: tuple[int, ...] = ()
        for con in self.cages:
            found = cage_support(con.total, tuple([masks[c] for c in con.cells]), 0, con.max_digit)
            if found is None or len(found[2]) < 2:
                continue
            open_weight = 0.0
            for c in con.cells:
                m = masks[c]
                if m & (m - 1):
                    open_weight += weight[c]
            score = len(found[2]) / open_weight
            if score < best_score:
                best_score, cage, sets = score, con, found[2]
        if cage is not None:
            return cage.cells, sorted(sets, reverse=True)
        m = masks[best]
        return (best,), [1 << d for d in range(m.bit_length() - 1, 0, -1) if m >> d & 1]


def totals_contradict(prop: Propagator, masks: list[int]) -> bool:
    """True when the root of a search is already proved to have no solution:
    propagation fails, or the region totals contradict each other as linear
    equations once propagation has fixed what it can
    (:func:`solver.linear.sums_contradict`).  ``masks`` are left as they are.

    It runs before the search, in Python for both searches, so the C and
    the Python search still visit the same nodes; a puzzle it proves
    impossible takes 0 nodes.
    """
    trial = list(masks)
    return not prop.propagate(trial) or sums_contradict(prop.puzzle, trial)


def staged_search(prop: Propagator, masks: list[int], *, limit: int, timeout: float | None,
                  node_limit: int | None, native: bool | None = None) -> tuple[Search, bool]:
    """Search from ``masks`` for up to ``limit`` solutions: ``(search, out_of_budget)``.

    A Kakuro search that passes :data:`RUN_GROUPS_AFTER` nodes starts
    again from ``masks`` with a propagator that also knows the sums over
    groups of runs; its nodes count on from the first search's and the
    limits cover both.  Every other search runs once, as before.  Both
    steps are the same for the C and the Python search (``native`` as in
    :class:`Search`).
    """
    deadline = None if timeout is None else time.perf_counter() + timeout
    staged = has_run_groups(prop.puzzle) and (node_limit is None or node_limit > RUN_GROUPS_AFTER)
    search = Search(prop, limit=limit, timeout=timeout, node_limit=RUN_GROUPS_AFTER if staged else node_limit,
                    native=native)
    try:
        search.run(masks)
        return search, False
    except _OutOfBudget:
        if not staged or search.nodes <= RUN_GROUPS_AFTER:
            return search, True  # out of time, or of the caller's own node limit
    stronger = Propagator(prop.puzzle, run_groups=True)
    left = None if deadline is None else max(0.0, deadline - time.perf_counter())
    second = Search(stronger, limit=limit, timeout=left, node_limit=node_limit, native=native)
    second.nodes = search.nodes
    try:
        second.run(masks)
    except _OutOfBudget:
        return second, True
    return second, False


def solve(puzzle: Puzzle, *, timeout: float | None = 10.0, node_limit: int | None = None,
          masks: list[int] | None = None) -> SolveResult:
    """Solve and prove uniqueness (looks for a second solution).

    ``masks`` starts from given candidates instead of the givens alone.
    """
    start = time.perf_counter()
    prop = Propagator(puzzle)
    if masks is None:
        masks = prop.initial_masks()
    if totals_contradict(prop, masks):
        return SolveResult("no-solution", None, 0, time.perf_counter() - start)
    search, out_of_budget = staged_search(prop, masks, limit=2, timeout=timeout, node_limit=node_limit)
    if out_of_budget:
        sol = search.solutions[0] if search.solutions else None
        return SolveResult("timeout", sol, search.nodes, time.perf_counter() - start)
    found = search.solutions
    status: Status = "no-solution" if not found else "solved" if len(found) == 1 else "multiple"
    return SolveResult(status, found[0] if found else None, search.nodes, time.perf_counter() - start)


def count_solutions(puzzle: Puzzle, limit: int = 2, *, timeout: float | None = None,
                    node_limit: int | None = None) -> int:
    """How many solutions there are, counting no further than ``limit``.

    Raises :class:`TimeoutError` when a limit stops the count early.
    """
    prop = Propagator(puzzle)
    masks = prop.initial_masks()
    if totals_contradict(prop, masks):
        return 0
    search, out_of_budget = staged_search(prop, masks, limit=limit, timeout=timeout, node_limit=node_limit)
    if out_of_budget:
        raise TimeoutError(f"counting solutions of {puzzle.id or puzzle.kind} ran out of time")
    return len(search.solutions)


def random_solution(puzzle: Puzzle, rng: random.Random, *, node_limit: int | None = 200_000) -> tuple[int, ...] | None:
    """One solution found with digits tried in random order (for generators), or None."""
    prop = Propagator(puzzle)
    search = Search(prop, limit=1, node_limit=node_limit, rng=rng)
    try:
        search.run(prop.initial_masks())
    except _OutOfBudget:
        return None
    return search.solutions[0] if search.solutions else None
