"""Looking only where something changed must not change what a technique finds.

:func:`solver.engine.next_step` records the state in which each technique
last found nothing, and the region-local techniques (singles, sum
combinations, intersections, subsets) then skip the regions that have not
changed since.  Here every such technique is asked, state after state of a
solve, for its first step twice: in the solving context (with those records)
and in a fresh copy of the same state (without them).  The two must be the
same step, text included, so the shortcut never alters a trace.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import from_record, read_path
from solver.candidates import Candidates
from solver.engine import Context, apply, givens_step, guess_step, next_step
from techniques import DEFAULT

from .strategies import kakuro_records, killer_records, kropki_records

#: Everything but the searching techniques (contradiction chains).
LOCAL = tuple(t for t in DEFAULT if not t.id.startswith("contradiction"))


def first(ctx: Context, technique):
    return next(iter(technique.find(ctx)), None)


def check_same_steps(puzzle, solution, *, explain: bool, max_steps: int = 400) -> int:
    """Solve with :data:`LOCAL` (guessing the solution digit when stuck), and at
    every state compare each technique's first step with and without the
    records.  Returns how many comparisons used the records."""
    ctx = Context(puzzle, Candidates.initial(puzzle), LOCAL, explain=explain)
    opening = givens_step(ctx)
    if opening is not None:
        apply(ctx, opening)
    narrowed = 0
    for _ in range(max_steps):
        if ctx.is_done() or ctx.is_broken():
            break
        fresh = Context(puzzle, ctx.state.copy(), LOCAL, explain=explain, virtual=ctx.virtual, placed=ctx.placed)
        # blocked-fillings counts the ways it tries over a whole solve: the fresh context gets what is
        # left of that budget, so that only skipping (not a spent budget) could make the two differ.
        left = ctx.memo.get("blocked-fillings", {}).get("left")
        if left is not None:
            fresh.memo["blocked-fillings"] = {"left": left}
        for technique in LOCAL:
            narrowed += ctx.changed_since_quiet(technique.id) is not None
            assert first(ctx, technique) == first(fresh, technique), (
                f"{puzzle.id}: {technique.id} finds another step when it skips unchanged regions")
        step = next_step(ctx)
        apply(ctx, step if step is not None else guess_step(ctx, solution))
    return narrowed


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(killer_records(), killer_records(hidden_totals=True), kakuro_records(), kropki_records()),
       st.booleans())
def test_skipping_unchanged_regions_finds_the_same_steps(record, explain):
    puzzle = from_record(record)
    assert check_same_steps(puzzle, puzzle.parse_solution(record["solution"]), explain=explain) > 0


@pytest.mark.slow
def test_same_steps_on_corpus_killers_and_kakuros(corpus):
    checked = 0
    for kind, every in (("killer", 34), ("kakuro", 60), ("greater-killer", 1)):
        for puzzle in read_path(str(corpus / f"{kind}.jsonl"))[::every]:
            solution = puzzle.parse_solution(puzzle.get_info("solution"))
            checked += check_same_steps(puzzle, solution, explain=True, max_steps=150)
    assert checked > 500
