"""Why a puzzle has no solution, in words that name a cell, a region or a dot.

A trace that ends ``no-solution`` gets a reason (:func:`add_reason`): its
steps are replayed from where the trace started, and

* where logic has led to a dead end (a cell, a region or a dot left with
  no option: :func:`techniques.dead_ends.dead_end`, the same clause that
  ends a contradiction chain), the reason names it: "No solution: after 12
  steps, cage c (19) has no combination of 3 different digits left that
  makes its total.";
* where logic ran out first, the exact search decides, and the reason names
  the cell it tried: "No solution: after 5 steps no technique finds more,
  and the exact search tried every digit of r4c5 (2, 7); each fails."

The reason is the trace's ``reason`` (``to_dict()["reason"]``) and a last
step, ``no-solution``, that highlights what it names.

>>> from puzzles import sample
>>> print(reason_step(sample("sudoku-1"), [], [0b10] * 81).text)
No solution: as it stands, row 1 has no place left for 2.
"""

from __future__ import annotations

from typing import Sequence

from solver.candidates import Candidates
from solver.contract import Context, apply
from solver.engine import DEFAULT_BUDGET, Engine, Technique, Trace
from solver.model import Puzzle
from solver.bits import POPCOUNT, digits_of
from solver.step import Step
from techniques.dead_ends import dead_end

NO_SOLUTION = "no-solution"
"""The technique id of the last step of a trace without a solution (it applies nothing)."""


def _steps_words(count: int) -> str:
    return f"{count} step{'s' if count != 1 else ''}"


def indicative(clause: str) -> str:
    """A dead end's clause, said of the state it is in (not of a supposition).

    >>> indicative("cage c (19) would have no combination of 3 different digits left that makes its total")
    'cage c (19) has no combination of 3 different digits left that makes its total'
    >>> indicative("r1c1 would have no candidate left"), indicative("row 1 could not make 45")
    ('r1c1 has no candidate left', 'row 1 cannot make 45')
    """
    return (clause.replace(" would have ", " has ").replace(" would need ", " needs ")
            .replace(" could not ", " cannot "))


def reason_step(puzzle: Puzzle, steps: Sequence[Step], masks: Sequence[int],
                placed: set[int] | None = None) -> Step:
    """The last step of a trace without a solution: ``steps`` replayed from
    ``masks`` (the candidates the trace started from), then the dead end
    logic reached, or else the cell the exact search tried."""
    ctx = Context(puzzle, Candidates(puzzle, list(masks)), (), placed=set(placed or ()))
    for step in steps:
        apply(ctx, step)
    count = sum(1 for s in steps if s.technique != "givens")
    end = dead_end(ctx)
    if end is not None:
        when = f"after {_steps_words(count)}, " if count else \
            "from the givens alone, " if steps else "as it stands, "
        text = f"No solution: {when}{indicative(end.clause)}."
        return Step(NO_SOLUTION, "No solution", 0, text, cells=end.cells, regions=end.regions)
    state = ctx.state.masks
    open_cells = [c for c, m in enumerate(state) if c not in ctx.placed and POPCOUNT[m] > 1] or \
        [c for c in range(len(state)) if c not in ctx.placed] or list(range(len(state)))
    cell = min(open_cells, key=lambda c: (POPCOUNT[state[c]], c))
    digits = ", ".join(str(d) for d in digits_of(state[cell]))
    when = f"after {_steps_words(count)} no technique finds more, and " if count else ""
    text = f"No solution: {when}the exact search tried every digit of {ctx.name(cell)} ({digits}); each fails."
    return Step(NO_SOLUTION, "No solution", 0, text, cells=(cell,), candidates=((cell, state[cell]),))


def add_reason(trace: Trace, masks: Sequence[int] | None = None, placed: set[int] | None = None) -> Trace:
    """``trace`` with its reason (:attr:`Trace.reason`) and last step when it ended
    ``no-solution`` (else as it is).  ``masks`` and ``placed``: where the trace
    started (default: the puzzle's start, before the givens step)."""
    if trace.status != NO_SOLUTION or trace.reason is not None:
        return trace
    puzzle = trace.puzzle
    start = list(masks) if masks is not None else list(Candidates.initial(puzzle).masks)
    step = reason_step(puzzle, trace.steps, start, placed)
    trace.steps.append(step)
    if trace.notes:
        trace.notes.append(None)
    trace.reason = step.text
    return trace


def run_to_reason(puzzle: Puzzle, masks: Sequence[int], placed: set[int], techniques: Sequence[Technique],
                  *, budget: int | None = None, timeout: float | None = None, max_depth: int = 3,
                  explain: bool = True) -> list[Step]:
    """For a puzzle (or a position of it) known to have no solution: the steps logic
    takes from ``masks`` without guessing (within ``budget`` work units, default
    :data:`~solver.engine.DEFAULT_BUDGET`), then the :func:`reason_step`."""
    engine = Engine(techniques, explain=explain, guess=False, max_depth=max_depth,
                    budget=DEFAULT_BUDGET if budget is None else budget, timeout=timeout)
    ctx = engine.start(puzzle, Candidates(puzzle, list(masks)), placed=set(placed))
    steps = list(engine.run(ctx))
    return steps + [reason_step(puzzle, steps, masks, placed)]
