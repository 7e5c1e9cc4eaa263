"""Looking only where something changed must not change what a technique finds.

:func:`solver.engine.next_step` records the state in which each technique
last found nothing, and the region-local techniques (singles, sum
combinations, intersections, subsets) then skip the regions that have not
changed since.  Here every technique is asked, state after state of a solve,
for its first step in the solving context (with those records), and whenever
it read them, again in a fresh copy of the same state (without them).  The two
must be the same step, text included, so the shortcut never alters a trace.
A technique that read no record looked everywhere, so it is not asked twice:
that keeps the check about skipping (not about budgets a technique counts over
a whole solve, such as ``blocked-fillings``') and halves its cost.
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


class Recording(Context):
    """A solving context that notes which techniques read its records (and got some)."""

    __slots__ = ("asked",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.asked: set[str] = set()

    def changed_since_quiet(self, technique_id: str) -> set[int] | None:
        changed = super().changed_since_quiet(technique_id)
        if changed is not None:
            self.asked.add(technique_id)
        return changed


def check_same_steps(puzzle, solution, *, explain: bool, max_steps: int = 400) -> int:
    """Solve with :data:`LOCAL` (guessing the solution digit when stuck), and at
    every state compare each technique's first step with and without the
    records, whenever the technique read them.  Returns how many comparisons
    there were."""
    ctx = Recording(puzzle, Candidates.initial(puzzle), LOCAL, explain=explain)
    opening = givens_step(ctx)
    if opening is not None:
        apply(ctx, opening)
    narrowed = 0
    for _ in range(max_steps):
        if ctx.is_done() or ctx.is_broken():
            break
        fresh = Context(puzzle, ctx.state.copy(), LOCAL, explain=explain, virtual=ctx.virtual, placed=ctx.placed)
        for technique in LOCAL:
            ctx.asked.clear()
            found = first(ctx, technique)
            if not ctx.asked:
                continue  # it looked everywhere: nothing to compare
            narrowed += 1
            assert found == first(fresh, technique), (
                f"{puzzle.id}: {technique.id} finds another step when it skips unchanged regions")
        step = next_step(ctx)
        apply(ctx, step if step is not None else guess_step(ctx, solution))
    return narrowed


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(killer_records(), killer_records(hidden_totals=True), kakuro_records(), kropki_records()),
       st.booleans())
def test_skipping_unchanged_regions_finds_the_same_steps(record, explain):
    puzzle = from_record(record)
    assert check_same_steps(puzzle, puzzle.parse_solution(record["solution"]), explain=explain) > 0


@pytest.mark.slow
def test_same_steps_on_corpus_killers_and_kakuros(corpus):
    checked = 0
    for kind, every in (("killer", 50), ("kakuro", 90), ("greater-killer", 1)):
        for puzzle in read_path(str(corpus / f"{kind}.jsonl"))[::every]:
            solution = puzzle.parse_solution(puzzle.get_info("solution"))
            checked += check_same_steps(puzzle, solution, explain=True, max_steps=100)
    assert checked > 500
