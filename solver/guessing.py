"""Guessing as a person does it: pick a cell, try a digit, follow it, undo on a contradiction.

When no technique applies the engine guesses without looking at the
solution: the open cell with the fewest candidates (the first such cell),
its lowest digit first (:func:`choose`).  It then follows the guess with the
run's simpler techniques (:meth:`Search.techniques`), guessing again
inside when they stall
(depth first, at most :data:`MAX_DEPTH` guesses deep), until the branch

* reaches a contradiction (a cell with no candidate left, or a full grid
  that breaks a rule): the guess was wrong.  The trace gets one ``guess``
  step that removes the digit, whose sub-steps are the guess, every step
  made under it and the contradiction (``r4c5 = 3 led to a contradiction:
  r6c7 has no candidate left; undo, so r4c5 is not 3``), and logic goes on;
* or completes the grid: the guess was right, and the trace gets the
  ``guess`` step placing the digit followed by the steps made under it.

The branches of one guess may take at most :data:`BUDGET` technique steps
in all (counted, never timed).  Past that bound, or deeper than
:data:`MAX_DEPTH`, the search is cut short and the digit is taken from the
exact solver's solution, and the step says so.  The solution (``target``)
is otherwise used only to tell a completed branch that is *another*
solution of a puzzle with several from the one sought.

>>> from puzzles import sample
>>> from techniques import singles
>>> from solver.engine import Engine
>>> trace = Engine(singles.TECHNIQUES).solve(sample("sudoku-1"))
>>> trace.status, trace.by_logic
('solved', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .bits import POPCOUNT, digits_of, is_single
from .contract import Context, apply, next_step
from .step import Step

GUESS = "guess"
NAME = "Guess (backtracking)"
LEVEL = 10
#: The technique steps every branch of one guess may take in all (counted, never timed).
BUDGET = 2000
#: The deepest nesting of guesses inside a guess.
MAX_DEPTH = 20
ASSUME = "guess-assume"
#: The techniques a branch leaves out: trial of its own (contradiction chains).
TRIAL = "contradiction"
#: A branch follows its guess with the run's techniques below this level.
BRANCH_LEVEL = 6
END = "guess-end"


def choose(ctx: Context) -> tuple[int, int]:
    """The cell and digit to guess, chosen without the solution: the open
    cell with the fewest candidates (ties: the first), its lowest digit.
    A cell with one candidate that no chosen technique places comes first
    (its only digit)."""
    masks = ctx.state.masks
    best = -1
    for cell, mask in enumerate(masks):
        if cell in ctx.placed or not mask:
            continue
        if best < 0 or POPCOUNT[mask] < POPCOUNT[masks[best]]:
            best = cell
            if is_single(mask):
                break
    if best < 0:
        raise ValueError("no open cell to guess")
    return best, digits_of(masks[best])[0]


@dataclass
class Branch:
    """What following a guess found: ``outcome`` is ``solved``,
    ``contradiction``, ``other`` (a solution other than the one sought) or
    ``unknown`` (the search was cut short); ``steps`` are those made under
    the guess, the guess's own placement first; ``end`` says what broke."""

    outcome: str
    steps: list[Step] = field(default_factory=list)
    end: str = ""
    broken: tuple[int, ...] = ()


class Search:
    """One guess's depth-first search, with its shared step budget."""

    def __init__(self, target: tuple[int, ...] | None, budget: int = BUDGET, max_depth: int = MAX_DEPTH,
                 why: Callable[[Context], str] | None = None) -> None:
        self.target = target
        self.why = why
        self.left = budget
        self.max_depth = max_depth

    @staticmethod
    def techniques(ctx: Context) -> tuple:
        """What a branch follows a guess with: the run's techniques below
        :data:`BRANCH_LEVEL` (singles, sums, intersections, pairs, triples,
        innies and outies), never contradiction chains: a branch is trial
        already, and where those stall it guesses again, which costs far less
        than patterns and chains inside every guess."""
        return tuple(t for t in ctx.techniques if t.level < BRANCH_LEVEL and not t.id.startswith(TRIAL))

    def explore(self, ctx: Context, cell: int, digit: int, depth: int = 1) -> Branch:
        """Follow ``cell = digit`` from ``ctx`` (which is left unchanged) until
        the branch is decided or the search is cut short."""
        fork = ctx.fork(techniques=self.techniques(ctx))
        fork.memo = {}  # what the techniques remember belongs to the top level's states
        masks = ctx.state.masks
        options = "/".join(str(d) for d in digits_of(masks[cell]))
        text = (f"Guess: {ctx.name(cell)} (candidates {options}) is {digit}." if ctx.explain else "")
        branch = Branch("unknown", [apply(fork, Step(ASSUME, "Guess", LEVEL, text, placements=((cell, digit),),
                                                     cells=(cell,), candidates=((cell, masks[cell]),)))])
        puzzle = fork.puzzle
        while True:
            if fork.is_broken():
                empty = tuple(c for c, m in enumerate(fork.state.masks) if not m)
                branch.outcome, branch.broken = "contradiction", empty[:1]
                branch.end = f"{fork.name(empty[0])} has no candidate left"
                return branch
            if fork.is_done():
                values = tuple(fork.state.values())
                problems = puzzle.check_solution(values)
                if problems:
                    branch.outcome, branch.end = "contradiction", problems[0]
                elif self.target is not None and values != tuple(self.target):
                    branch.outcome = "other"
                    branch.end = "the grid is full, with a solution other than the one sought (the puzzle has several)"
                else:
                    branch.outcome = "solved"
                return branch
            if self.left <= 0:
                return branch
            self.left -= 1
            step = next_step(fork)
            if step is None:
                if depth >= self.max_depth:
                    return branch
                inner_cell, inner_digit = choose(fork)
                inner = self.explore(fork, inner_cell, inner_digit, depth + 1)
                why = self.why(fork) if self.why is not None else ""
                if inner.outcome == "solved":
                    branch.steps.append(placed_step(fork, inner_cell, inner_digit, inner, why))
                    branch.steps.extend(inner.steps[1:])
                    branch.outcome = "solved"
                    return branch
                if inner.outcome == "unknown":
                    return branch
                step = refuted_step(fork, inner_cell, inner_digit, inner, why)
            branch.steps.append(apply(fork, step))


def refuted_step(ctx: Context, cell: int, digit: int, branch: Branch, why: str = "") -> Step:
    """The ``guess`` step for a branch that failed: it removes the digit, and
    carries the guess, the steps under it and the contradiction as sub-steps."""
    masks = ctx.state.masks
    text = ""
    subs: tuple[Step, ...] = ()
    if ctx.explain:
        options = "/".join(str(d) for d in digits_of(masks[cell]))
        count = len(branch.steps) - 1
        after = f"after {count} step{'s' if count != 1 else ''}, shown below" if count else "at once"
        lead = "led to a contradiction" if branch.outcome == "contradiction" else "did not lead to that solution"
        text = (f"{why + ' ' if why else ''}Guess: {ctx.name(cell)} (candidates {options}) is tried as {digit}. "
                f"The guess {ctx.name(cell)}={digit} {lead} ({after}): {branch.end}; undo, so "
                f"{ctx.name(cell)} is not {digit}.")
        end = Step(END, "Contradiction", LEVEL, f"{branch.end[0].upper()}{branch.end[1:]}: the guess "
                   f"{ctx.name(cell)}={digit} was wrong.", cells=branch.broken)
        subs = (*branch.steps, end)
    return Step(GUESS, NAME, LEVEL, text, eliminations=((cell, 1 << digit),), cells=(cell,),
                candidates=((cell, masks[cell]),), sub_steps=subs)


def placed_step(ctx: Context, cell: int, digit: int, branch: Branch, why: str = "") -> Step:
    """The ``guess`` step for a branch that reached the solution: it places
    the digit; the steps made under it follow it in the trace."""
    masks = ctx.state.masks
    text = ""
    if ctx.explain:
        options = "/".join(str(d) for d in digits_of(masks[cell]))
        if is_single(masks[cell]):
            text = (f"{why + ' ' if why else ''}{ctx.name(cell)} has one candidate left, {digit}, which none of "
                    f"the chosen techniques places: it is placed as a guess.")
        else:
            text = (f"{why + ' ' if why else ''}Guess: {ctx.name(cell)} (candidates {options}, the fewest of any "
                    f"open cell) is tried as {digit}. The steps that follow are made under this guess; they reach "
                    f"the solution without a contradiction, so the guess was right.")
    return Step(GUESS, NAME, LEVEL, text, placements=((cell, digit),), cells=(cell,),
                candidates=((cell, masks[cell]),))


def cut_short_step(ctx: Context, cell: int, digit: int, why: str = "", budget: int = BUDGET) -> Step:
    """The ``guess`` step when the search was cut short: the exact solver's digit."""
    masks = ctx.state.masks
    text = ""
    if ctx.explain:
        options = "/".join(str(d) for d in digits_of(masks[cell]))
        text = (f"{why + ' ' if why else ''}Guess: {ctx.name(cell)} (candidates {options}). Following the guesses "
                f"here takes more than {budget} steps or {MAX_DEPTH} nested guesses, so the search is cut "
                f"short and the digit is taken from the exact solver's solution: {ctx.name(cell)} is {digit}.")
    return Step(GUESS, NAME, LEVEL, text, placements=((cell, digit),), cells=(cell,),
                candidates=((cell, masks[cell]),))


def guess(ctx: Context, target: tuple[int, ...] | None, why: Callable[[Context], str] | None = None,
          budget: int = BUDGET, max_depth: int = MAX_DEPTH) -> list[Step]:
    """The steps one guess adds to the trace, to be applied to ``ctx`` in
    order: a refuted guess (one step), a right guess followed by the steps
    made under it, or, past the bound, the exact solver's digit (``target``
    must then be known).  ``why`` gives the opening of each guess's sentence
    (why no technique applied) from the state it was made in."""
    cell, digit = choose(ctx)
    search = Search(target, budget, max_depth, why)
    reason = why(ctx) if why is not None else ""
    if is_single(ctx.state.masks[cell]):
        return [placed_step(ctx, cell, digit, Branch("solved"), reason)]
    branch = search.explore(ctx, cell, digit)
    if branch.outcome == "solved":
        return [placed_step(ctx, cell, digit, branch, reason), *branch.steps[1:]]
    if branch.outcome in ("contradiction", "other"):
        return [refuted_step(ctx, cell, digit, branch, reason)]
    if target is None:
        raise ValueError("the guess was cut short and no solution is known")
    return [cut_short_step(ctx, cell, target[cell], reason, budget)]
