"""The engine's deterministic work budget and the contradiction search's memo.

``solve_with_logic(budget=N, DEFAULT)`` caps the work the searching techniques spend
(counted, never timed): when it is spent the engine guesses exactly as when
logic runs out, so a trace depends on the puzzle and the budget only.  The
contradiction screen keeps what it learnt in ``Context.memo``: fixed points
of suppositions that propagated cleanly (reused incrementally: sound, and
refuting at least what propagating from scratch refutes) and suppositions
whose replay stalled (tried last).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from puzzles import read_path, sample
from solver.bits import digits_of, is_single
from solver.candidates import Candidates
from solver.engine import DEFAULT_BUDGET, GUESS, Context, Engine, Work, apply, next_step, solve_with_logic
from sumlogic.grading import EXACT_NODES, MoveCounter, grade, grade_trace
from techniques import DEFAULT, contradiction, screening

CONTRADICTIONS = "kropki/iss/cross-plus-a-kropki"  # a few depth-1 contradictions, little work


def corpus_puzzle(corpus: Path, kind: str, pid: str):
    """One corpus puzzle by id (fails when it is missing)."""
    found = [p for p in read_path(str(corpus / f"{kind}.jsonl")) if p.id == pid]
    assert found, f"{pid} is not in the corpus"
    return found[0]


def dump(trace) -> str:
    """A trace as canonical JSON (no timing)."""
    return json.dumps(trace.to_dict(), sort_keys=True)


def test_work_counts_and_runs_out():
    work = Work(3)
    assert [work.spend() for _ in range(3)] == [True, True, True] and not work.exhausted
    assert not work.spend() and work.exhausted and work.spent == 4
    unlimited = Work()
    assert unlimited.spend(10 ** 9) and not unlimited.exhausted and unlimited.spent == 10 ** 9


def test_a_small_budget_ends_in_guesses_and_a_large_one_does_not(corpus):
    puzzle = corpus_puzzle(corpus, "kropki", CONTRADICTIONS)
    free = solve_with_logic(puzzle, DEFAULT, explain=False)

    def supposing(trace) -> int:
        """Steps that follow suppositions and so spend the budget: contradictions and forcing nets."""
        used = trace.techniques_used()
        return used.get("contradiction-1", 0) + used.get("forcing-net", 0)

    chains = supposing(free)
    assert free.by_logic and chains >= 2
    assert 0 < free.work < 1000
    # Enough budget: the very same trace.
    roomy = solve_with_logic(puzzle, DEFAULT, explain=False, budget=free.work)
    assert [s.to_dict(puzzle) for s in roomy.steps] == [s.to_dict(puzzle) for s in free.steps]
    # Too little: logic runs out, the engine guesses, and the answer is still right.
    for budget in (0, 50):
        tight = solve_with_logic(puzzle, DEFAULT, explain=False, budget=budget)
        assert tight.status == "solved" and not tight.by_logic
        assert tight.solution == free.solution
        assert "guess" in tight.techniques_used()
        assert budget < tight.work <= budget + 10  # spent, with a small overshoot at most
        assert supposing(tight) < chains


def test_the_budget_makes_traces_repeatable_and_mode_independent(corpus):
    puzzle = corpus_puzzle(corpus, "kropki", CONTRADICTIONS)
    first, second = (solve_with_logic(puzzle, DEFAULT, budget=60) for _ in range(2))
    assert dump(first) == dump(second) and first.work == second.work
    fast = solve_with_logic(puzzle, DEFAULT, explain=False, budget=60)
    # Replaying a chain to explain it is not charged: both modes spend the same work and
    # take the same steps (the explained ones also list a placement's peer removals).
    assert fast.work == first.work
    assert [(s.technique, s.placements) for s in fast.steps] == [(s.technique, s.placements) for s in first.steps]


def test_grading_uses_the_default_budget(corpus):
    puzzle = corpus_puzzle(corpus, "kropki", CONTRADICTIONS)
    trace = solve_with_logic(puzzle, DEFAULT, explain=False, budget=DEFAULT_BUDGET, timeout=None,
                             node_limit=EXACT_NODES, observe=MoveCounter())
    expected = grade_trace(trace, DEFAULT)
    assert grade(puzzle).to_dict() == expected.to_dict()
    assert DEFAULT_BUDGET >= 150_000  # the costliest corpus puzzle logic solves spends about 140 000


def test_with_a_budget_the_clock_no_longer_cuts_logic_short():
    puzzle = sample("greater-killer-1")  # needs depth-1 contradictions
    trace = solve_with_logic(puzzle, DEFAULT, explain=False, timeout=1e-9, budget=DEFAULT_BUDGET)
    assert trace.status == "solved" and trace.by_logic


def test_without_a_budget_slow_logic_ends_in_guesses_not_a_timeout():
    puzzle = sample("greater-killer-1")
    trace = solve_with_logic(puzzle, DEFAULT, timeout=1e-9)
    assert trace.status == "solved" and not trace.by_logic
    assert puzzle.check_solution(trace.solution) == []
    assert not any(s.technique.startswith("contradiction") for s in trace.steps)
    guesses = [s for s in trace.steps if s.technique == GUESS]
    assert guesses and all("time allowed for searching techniques" in s.text for s in guesses)
    # Cheap techniques still run between the guesses.
    assert any(s.technique not in (GUESS, "givens") for s in trace.steps)


def test_cheap_techniques_still_run_after_the_budget_is_spent():
    trace = solve_with_logic(sample("killer-1"), DEFAULT, explain=False, budget=0)
    assert trace.status == "solved" and trace.by_logic  # no contradiction needed, nothing charged
    assert trace.work == 0


def test_nested_steps_stop_when_the_budget_is_spent():
    puzzle = sample("sudoku-1")
    ctx = Context(puzzle, Candidates.initial(puzzle), DEFAULT, depth=1, work=Work(0))
    assert next_step(ctx) is None and ctx.work.spent == 1  # inside an assumption each try costs a unit
    top = Context(puzzle, Candidates.initial(puzzle), DEFAULT, work=Work(0))
    assert next_step(top) is not None and top.work.spent == 0  # the top level is never charged


def test_forks_share_the_budget_and_the_memo():
    puzzle = sample("sudoku-1")
    ctx = Context(puzzle, Candidates.initial(puzzle), DEFAULT, work=Work(5))
    fork = ctx.fork(depth=1)
    assert fork.work is ctx.work and fork.memo is ctx.memo
    own = Work()
    assert ctx.fork(work=own).work is own


# --- the contradiction memo -----------------------------------------------------------
def _state_after(puzzle, steps: int) -> Context:
    run = Engine([t for t in DEFAULT if t.level < 7], explain=False, guess=False, timeout=None).run(puzzle)
    taken = 0
    for step in run:
        taken += step.technique != "givens"
        if taken >= steps:
            break
    return run.ctx


@pytest.mark.parametrize("pid", ["killer/iss-tarek/06"])  # its propagation is not idempotent: it once failed here
def test_incremental_probes_are_sound_and_at_least_as_strong(pid, corpus):
    puzzle = corpus_puzzle(corpus, "killer", pid)
    solution = puzzle.parse_solution(puzzle.get_info("solution"))
    prop = screening.propagator(puzzle)
    ctx = _state_after(puzzle, 15)
    wide = list(ctx.state.masks)
    assert prop.propagate(wide)
    cache = screening.FixedPoints(None, wide)
    cands = [(c, 1 << d) for c, m in enumerate(wide) if not is_single(m) for d in digits_of(m)]
    assert len(cands) > 100
    for cell, bit in cands:
        screening._probe(prop, wide, cell, bit, cache)
    assert cache  # most suppositions propagate cleanly at this stage
    rng = random.Random(pid)
    refuted = 0
    for _ in range(2):
        # Narrow the state soundly (remove some non-solution digits), then compare.
        narrow = list(wide)
        for cell in rng.sample(range(len(narrow)), 12):
            extra = narrow[cell] & ~(1 << solution[cell])
            if extra:
                narrow[cell] &= ~(1 << rng.choice(digits_of(extra)))
        assert prop.propagate(narrow)
        cache.narrow(narrow)
        for cell, bit in cands:
            if not narrow[cell] & bit:
                continue
            ok_fresh, fresh = screening._probe(prop, narrow, cell, bit, screening.FixedPoints(None, narrow))
            ok_cached, cached = screening._probe(prop, narrow, cell, bit, cache.copy())
            if bit == 1 << solution[cell]:
                # The true digit: both propagate cleanly and keep every solution digit.
                assert ok_fresh and ok_cached, puzzle.cell_name(cell)
                assert all(m >> d & 1 for m, d in zip(cached, solution))
                assert all(m >> d & 1 for m, d in zip(fresh, solution))
            elif not ok_fresh:
                refuted += 1
                assert not ok_cached, (puzzle.cell_name(cell), bit)  # what propagation refutes stays refuted
        wide = narrow
    assert refuted  # the comparison saw refutations too


def test_screens_remember_clean_fixed_points_and_stalled_suppositions(corpus):
    puzzle = corpus_puzzle(corpus, "killer", "killer/iss-tarek/06")
    ctx = _state_after(puzzle, 400)  # stuck: only a contradiction goes on
    ctx = Context(puzzle, ctx.state, DEFAULT, explain=False, placed=ctx.placed)
    assert next_step(ctx, [t for t in DEFAULT if t.level < 7]) is None
    step = next(contradiction.CONTRADICTION_1.find(ctx))
    cache = ctx.memo[screening.CLEAN]
    assert step.eliminations and cache.state is ctx.state
    points = {key: cache.fixed_point(key) for key in cache.entries}
    assert points and all(len(masks) == puzzle.size for masks in points.values())
    # The screen's fixed points are the supposition's own: the supposed digit stays.
    assert all(masks[cell] == bit for (cell, bit), masks in points.items())
    # Kept sparse: only the cells each supposition narrowed are stored.
    assert cache.stored == sum(len(cells) for _, cells, _ in cache.entries.values()) < len(points) * puzzle.size
    # A stalled supposition is replayed last, never screened out.
    stalled = {(c, d) for c, m in enumerate(ctx.state.masks) if not is_single(m) for d in digits_of(m)}
    ctx.memo[(screening.STALLED, 1)] = stalled
    batches = list(screening.screen(ctx, 1))
    order = [c for stage in screening._stages(ctx) for c in stage]
    assert [pair for batch in batches for pair in batch] == sorted(stalled, key=lambda p: (order.index(p[0]), p[1]))
    assert all(len(batch) <= screening.MAX_REFUTED for batch in batches)


def test_a_guess_takes_the_fewest_candidates_and_the_lowest_digit_not_the_solution(corpus):
    """Each guess goes to the open cell with the fewest candidates (the first
    such), its lowest digit: a guess of a wrong digit is refuted and undone
    (one step removing it), a right one places it; the solution is not looked at."""
    puzzle = corpus_puzzle(corpus, "killer", "killer/iss/wecoc-2")
    solution = puzzle.parse_solution(puzzle.get_info("solution"))
    trace = solve_with_logic(puzzle, DEFAULT, budget=0)  # no searching: several guesses
    ctx = Context(puzzle, Candidates.initial(puzzle), (), explain=False)
    refuted = placed = 0
    for step in trace.steps:
        if step.technique == GUESS:
            masks = ctx.state.masks
            open_cells = [c for c in range(len(masks)) if c not in ctx.placed]
            fewest = min(open_cells, key=lambda c: (masks[c].bit_count(), c))
            low = digits_of(masks[fewest])[0]
            if "cut short" in step.text:  # past the search's bound: the exact solver's digit, and it says so
                assert step.placements == ((fewest, solution[fewest]),)
            elif step.placements:
                assert step.placements == ((fewest, low),) and low == solution[fewest]
                placed += 1
            else:
                assert step.eliminations == ((fewest, 1 << low),) and low != solution[fewest]
                refuted += 1
        apply(ctx, step)
    assert refuted >= 1 and placed >= 1 and trace.status == "solved" and trace.solution == solution


def test_remembered_fixed_points_stay_within_their_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory does not grow with the contradiction search: the screen's fixed points
    hold at most MAX_FIXED_CELLS cells (counted, here with a small cap that binds)."""
    from puzzles.generate.impossible import random_kakuro

    cap = 300
    monkeypatch.setattr(screening, "MAX_FIXED_CELLS", cap)
    puzzle = random_kakuro(random.Random(3), 14, 14)  # many solutions: contradictions keep firing
    seen: list[int] = []

    def watch(ctx: Context, step: object) -> None:
        cache = ctx.memo.get(screening.CLEAN)
        if isinstance(cache, screening.FixedPoints):
            assert cache.stored == sum(len(cells) for _, cells, _ in cache.entries.values())
            seen.append(cache.stored)

    trace = solve_with_logic(puzzle, DEFAULT, explain=False, timeout=None, budget=20_000, observe=watch)
    assert trace.techniques_used().get("contradiction-1", 0) >= 1
    assert seen and max(seen) <= cap
    assert max(seen) > cap // 2  # the cap was reached, not merely respected
