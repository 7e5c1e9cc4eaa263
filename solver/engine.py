"""The technique engine: ordered passes, cheapest first, restart after any progress.

The contract it runs (:class:`Technique`, :class:`Context`, :func:`apply`,
:func:`next_step`) is :mod:`solver.contract`; this module is the loop
(:class:`Engine`, :class:`Run`), the opening ``givens`` step, guesses, and
the :class:`Trace` a run leaves.
The engine knows no technique by name: the ordered list comes from the
caller (usually ``techniques.DEFAULT``), and when logic runs out it
guesses, recording a ``guess`` step.

>>> from puzzles import sample
>>> from techniques import DEFAULT
>>> trace = solve_with_logic(sample("sudoku-1"), DEFAULT)
>>> trace.status, trace.by_logic, [s.technique for s in trace.steps[:2]]
('solved', True, ['givens', 'naked-single'])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from . import guessing
from .candidates import Candidates
from .contract import Context, Finder, Snapshot, Technique, Uniqueness, Work, apply, next_step, stamped
from .model import Puzzle
from .step import Step

__all__ = ["DEFAULT_BUDGET", "Context", "Engine", "Finder", "GUESS", "Observer", "Run", "Snapshot", "Technique",
           "Trace", "Uniqueness", "Work", "apply", "givens_step", "guess_step", "next_step", "solve_with_logic",
           "stamped", "why_guess"]

#: A caller's hook on the top-level solving path (:class:`Engine`'s
#: ``observe``): it sees the context and each step the techniques found there,
#: before the step is applied, and what it returns is kept in :attr:`Trace.notes`.
#: It must only read the state (grading counts the moves open there).
Observer = Callable[["Context", Step], Any]


# --- the loop ---------------------------------------------------------------------
@dataclass
class Trace:
    """The outcome of solving with logic: every step, and how it ended.

    ``status``: ``solved``, ``stuck`` (logic ran out and guessing was off),
    ``no-solution``, ``multiple``, or ``timeout``.
    """

    puzzle: Puzzle
    status: str
    steps: list[Step]
    solution: tuple[int, ...] | None
    seconds: float = 0.0
    #: units of the :class:`Work` budget spent (deterministic, unlike ``seconds``)
    work: int = 0
    #: the puzzle in its notation's record shape (the corpus schema), without its
    #: solution; set by the caller that knows the notations (``sumlogic``)
    record: dict[str, Any] | None = None
    #: with an ``observe`` hook (:data:`Observer`), what it returned for each step
    #: (None for the givens and for guesses), aligned with :attr:`steps`
    notes: list[Any] = field(default_factory=list)
    #: with status ``no-solution``: why, in words that name a cell, region or dot (set by the
    #: caller that knows the dead ends, ``sumlogic``; the trace's last step says it too)
    reason: str | None = None

    @property
    def by_logic(self) -> bool:
        """True when no guess was needed."""
        return self.status == "solved" and all(s.technique != "guess" for s in self.steps)

    def techniques_used(self) -> dict[str, int]:
        """Technique id -> number of steps, in order of first use."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.technique] = out.get(s.technique, 0) + 1
        return out

    def index_of(self, step: Step) -> int:
        """The index of ``step`` in :attr:`steps` (0 is the givens step; the same
        as its place in ``to_dict()["steps"]`` and on the step page, which counts
        from 1 after the givens): the step itself when it is there, else the first
        step equal to it (one read back with :meth:`Step.from_dict`).

        >>> from puzzles import sample
        >>> import techniques
        >>> trace = Engine(techniques.DEFAULT).solve(sample("sudoku-1"))
        >>> [trace.index_of(s) for s in trace.steps[:3]]
        [0, 1, 2]

        Raises:
            ValueError: ``step`` is not a step of this trace.
        """
        for n, own in enumerate(self.steps):
            if own is step:
                return n
        for n, own in enumerate(self.steps):
            if own == step:
                return n
        raise ValueError(f"step {getattr(step, 'technique', step)!r} is not a step of this trace")

    def to_dict(self, *, include_puzzle: bool = True) -> dict[str, Any]:
        """JSON-ready: id, kind, status, by_logic, steps, solution (corpus shape) and,
        when :attr:`record` is set, the puzzle record."""
        p = self.puzzle
        out: dict[str, Any] = {"id": p.id, "kind": p.kind, "status": self.status, "by_logic": self.by_logic,
                               "techniques": self.techniques_used(),
                               "steps": [s.to_dict(p) for s in self.steps],
                               "solution": p.format_solution(self.solution) if self.solution else None}
        if self.reason is not None:
            out["reason"] = self.reason
        if include_puzzle and self.record is not None:
            out["puzzle"] = dict(self.record)
        return out


GUESS = guessing.GUESS
#: Without a work budget, the share of ``timeout`` that the searching
#: techniques may use; the rest is left for the exact solve behind a guess.
LOGIC_SHARE = 0.75
#: The work budget (:class:`Work` units) grading uses: enough for every corpus
#: puzzle that logic solves (the costliest, the extreme Killer iss-tarek/17,
#: spends about 140 000, some 35 s of CPU), so that grades never depend on the
#: machine's speed.
DEFAULT_BUDGET = 200_000


def givens_step(ctx: Context) -> Step | None:
    """The opening step: every given digit leaves the cells that see it."""
    puzzle = ctx.puzzle
    masks = ctx.state.masks
    elims = []
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            bit = 1 << digit
            for peer in sorted(puzzle.peers[cell]):
                if masks[peer] & bit and not puzzle.givens[peer]:
                    elims.append((peer, bit))
    if not elims:
        return None
    merged: dict[int, int] = {}
    for c, m in elims:
        merged[c] = merged.get(c, 0) | m
    givens = tuple(i for i, g in enumerate(puzzle.givens) if g)
    return Step("givens", "Givens", 0, "Each given digit is removed from the cells that must differ from it.",
                eliminations=tuple(sorted(merged.items())), cells=givens)


def why_guess(ctx: Context) -> str:
    """The opening of a guess's sentence: why no technique gave a step."""
    if ctx.work.out_of_time:
        return "No technique applies within the time allowed for searching techniques."
    if ctx.work.exhausted:
        return "No technique applies within the work budget for searching techniques."
    return "No technique applies."


def guess_step(ctx: Context, solution: tuple[int, ...]) -> Step:
    """A guess that takes its digit from a known ``solution`` without
    searching: the cell :func:`~solver.guessing.choose` picks, given that
    cell's solution digit (the engine's fallback when following guesses is
    cut short, and a test's way to get past a stall)."""
    cell, _ = guessing.choose(ctx)
    return guessing.cut_short_step(ctx, cell, solution[cell], why_guess(ctx))


class Run:
    """One engine run from a start state.  Iterate it for the steps, each
    applied to :attr:`ctx` as it is yielded; afterwards :attr:`status` says
    how it ended (``solved``, ``stuck``, ``no-solution``, ``multiple``,
    ``timeout``) and :attr:`solution` holds the digits (the solution the
    exact solver found, when it ended otherwise).
    """

    def __init__(self, engine: "Engine", ctx: Context, opening: bool,
                 solution: tuple[int, ...] | None = None) -> None:
        self.engine = engine
        self.ctx = ctx
        self.status = "running"
        self.solution: tuple[int, ...] | None = None
        self._known = solution
        #: what the engine's ``observe`` hook returned per step (see :attr:`Trace.notes`)
        self.notes: list[Any] = []
        self.started = time.perf_counter()
        self._opening = opening

    def __iter__(self) -> Iterator[Step]:
        from .search import solve  # the exact solver, for guesses only

        engine, ctx = self.engine, self.ctx
        puzzle, state = ctx.puzzle, ctx.state
        count = 0
        if self._opening:
            opening = givens_step(ctx)
            if opening is not None:
                count += 1
                self.notes.append(None)
                yield apply(ctx, opening)
        solution = self._known
        status = "solved"
        # Logic comes first.  The exact solver runs only when a guess is needed, from
        # the candidates logic has left (far easier than from the start): it names
        # the digit to guess, or shows that there is no solution or several.
        while not ctx.is_done():
            if ctx.is_broken():
                status = "no-solution"
                break
            if engine.max_steps is not None and count >= engine.max_steps:
                status = "stuck"
                break
            step = next_step(ctx)
            if engine.observe is not None:
                self.notes.append(None if step is None else engine.observe(ctx, step))
            if step is None:
                if not engine.guess:
                    status = "stuck"
                    break
                if solution is None and ctx.uniqueness is not None and ctx.uniqueness.proved:
                    solution = ctx.uniqueness.solution  # proved already: the exact solve is not repeated
                if solution is None:
                    timeout, budget = engine.timeout, engine.budget
                    left = timeout if timeout is None or budget is not None else \
                        max(1.0, timeout - (time.perf_counter() - self.started))
                    exact = solve(puzzle, timeout=left, node_limit=engine.node_limit, masks=list(state.masks))
                    if exact.status != "solved":
                        self.status, self.solution = exact.status, exact.solution
                        return
                    solution = exact.solution
                    assert solution is not None  # a solved exact search names its solution
                # Guess without looking at the solution; follow the guess, undo it on a
                # contradiction (solver.guessing).  A right guess brings the steps made
                # under it, which the observer sees as they are applied here.
                for k, made in enumerate(guessing.guess(ctx, tuple(solution), why_guess)):
                    if k and engine.observe is not None:
                        self.notes.append(None if made.technique == GUESS else engine.observe(ctx, made))
                    count += 1
                    yield apply(ctx, made)
                continue
            count += 1
            yield apply(ctx, step)
        if status == "solved" and puzzle.check_solution(state.values()):
            status = "no-solution"  # every cell placed, yet some rule fails: the rules contradict each other
        self.status = status
        self.solution = tuple(state.values()) if status == "solved" else solution


class Engine:
    """The technique loop: ordered techniques, cheapest first, restart from
    the top after every step, a recorded guess only when none applies.

    ``techniques`` is the ordered list to try (``techniques.DEFAULT`` is the
    usual one: the engine knows no technique itself); ``explain`` False
    skips the sentences (fast mode); ``guess=False`` ends ``stuck`` instead
    of guessing; ``max_depth`` bounds the nesting of contradiction chains;
    ``max_steps`` stops early (``stuck``).  ``budget`` caps the work
    (:class:`Work` units, counted, not timed) the searching techniques may
    spend over a run; ``timeout`` (wall-clock seconds, None for none) is a
    safety net (see :func:`solve_with_logic`).  ``node_limit`` bounds the
    exact solve behind a guess by search nodes (counted, like the budget):
    with a budget, a node limit and no timeout nothing depends on the
    machine.  ``observe`` (an :data:`Observer`) sees each step the
    techniques find at the top level, before it is applied; its results are
    kept in :attr:`Trace.notes` and change nothing else.

    :meth:`steps` is the loop every use shares: ``explain`` collects all its
    steps, ``hint`` takes the first one after the givens, grading reads them.

    >>> import itertools
    >>> from puzzles import sample
    >>> from techniques import DEFAULT
    >>> engine = Engine(DEFAULT)
    >>> [s.technique for s in itertools.islice(engine.steps(sample("sudoku-1")), 3)]
    ['givens', 'naked-single', 'naked-single']
    """

    def __init__(self, techniques: Sequence[Technique], *, explain: bool = True, guess: bool = True,
                 max_depth: int = 3, budget: int | None = None, timeout: float | None = 60.0,
                 max_steps: int | None = None, node_limit: int | None = None,
                 observe: Observer | None = None) -> None:
        self.techniques = tuple(techniques)
        self.node_limit = node_limit
        self.observe = observe
        self.explain = explain
        self.guess = guess
        self.max_depth = max_depth
        self.budget = budget
        self.timeout = timeout
        self.max_steps = max_steps

    def start(self, puzzle: Puzzle, state: Candidates | None = None, placed: set[int] | None = None) -> Context:
        """A fresh context for ``puzzle`` (from its initial candidates unless
        ``state`` is given; ``placed`` the cells whose digit counts as placed).

        From the puzzle's start (neither ``state`` nor ``placed`` given) the
        context may learn, from the exact solver and only when a technique
        asks (:attr:`Context.unique`), whether the puzzle has exactly one
        solution; from any other state (a person's position) it never does,
        so the uniqueness techniques find nothing there."""
        deadline = None if self.timeout is None or self.budget is not None else \
            time.perf_counter() + self.timeout * LOGIC_SHARE
        proof = self.proof(puzzle) if state is None and placed is None else None
        return Context(puzzle, state if state is not None else Candidates.initial(puzzle), self.techniques,
                       explain=self.explain, max_depth=self.max_depth, work=Work(self.budget, deadline=deadline),
                       placed=placed, uniqueness=proof)

    def proof(self, puzzle: Puzzle) -> Uniqueness:
        """Whether ``puzzle`` has exactly one solution, asked of the exact
        solver on first use, within the engine's ``node_limit`` and ``timeout``
        (a search cut short proves nothing)."""
        def decide() -> tuple[str, tuple[int, ...] | None]:
            from .search import solve
            exact = solve(puzzle, timeout=self.timeout, node_limit=self.node_limit)
            return exact.status, exact.solution

        return Uniqueness(decide)

    def run(self, start: Puzzle | Context, solution: tuple[int, ...] | None = None,
            opening: bool | None = None) -> Run:
        """A run from a puzzle or from a context.  It opens with the givens
        step when ``opening`` says so (by default: from a puzzle, not from a
        context).  A guess is chosen and followed without the solution
        (:mod:`solver.guessing`); ``solution``, when known already (else the
        exact solver finds it), only serves the fallback past the guess's
        bound and tells a branch that completes another solution (a puzzle
        with several) from the one sought."""
        if isinstance(start, Puzzle):
            return Run(self, self.start(start), opening=True if opening is None else opening, solution=solution)
        return Run(self, start, opening=bool(opening), solution=solution)

    def steps(self, start: Puzzle | Context) -> Iterator[Step]:
        """The steps from ``start``, each applied as it is yielded."""
        return iter(self.run(start))

    def solve(self, puzzle: Puzzle) -> Trace:
        """Every step from the start of ``puzzle``, as a :class:`Trace`."""
        run = self.run(puzzle)
        steps = list(run)
        notes = run.notes[:len(steps)] if self.observe is not None else []
        return Trace(puzzle, run.status, steps, run.solution, time.perf_counter() - run.started, run.ctx.work.spent,
                     notes=notes)


def solve_with_logic(puzzle: Puzzle, techniques: Sequence[Technique], *, explain: bool = True,
                     guess: bool = True, max_depth: int = 3, timeout: float | None = 60.0,
                     max_steps: int | None = None, budget: int | None = None,
                     node_limit: int | None = None, observe: Observer | None = None) -> Trace:
    """Solve step by step with human techniques, guessing only when they all fail.

    ``techniques`` is the ordered list to try (``techniques.DEFAULT`` is the
    usual one: the engine knows no technique itself); ``guess=False`` stops
    with status ``stuck`` instead of guessing; ``max_depth`` bounds the
    nesting of contradiction chains; ``max_steps`` stops early (status ``stuck``).

    ``budget`` caps the work (a :class:`Work` budget, counted, not timed) the
    searching techniques may spend over the whole solve; once it is spent
    they find nothing more, so logic runs out sooner and the engine guesses
    exactly as when no technique applies: the same puzzle and budget always
    give the same trace.  ``timeout`` (wall-clock seconds; None for none) is
    a safety net.  Without a budget, the searching techniques may run for
    :data:`LOGIC_SHARE` of it; after that they find nothing more (the
    cheaper techniques go on), so a puzzle whose logic is slow on this
    machine ends with guesses instead of no answer, and the rest of the time
    goes to the exact solve that names a guess's digit.  With a budget, the
    budget bounds the logic and the timeout only that exact solve.  Either
    way the trace then depends on the machine's speed; the status is
    ``timeout`` only when the exact solve runs out of time.

    >>> from puzzles import sample
    >>> from techniques import DEFAULT
    >>> t = solve_with_logic(sample("killer-1"), DEFAULT, explain=False, budget=0)
    >>> t.status, t.work <= 1
    ('solved', True)
    """
    return Engine(techniques, explain=explain, guess=guess, max_depth=max_depth, budget=budget, timeout=timeout,
                  max_steps=max_steps, node_limit=node_limit, observe=observe).solve(puzzle)
