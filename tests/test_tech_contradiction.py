"""Tests for bounded-depth contradiction (techniques/contradiction.py).

Hand-made states where a contradiction must fire with exactly the expected
elimination and chain, states where it must not, ``max_depth``, the chain
replaying to its dead end, a soundness oracle over the corpus (every puzzle
of the small kinds and every third Killer, each run with a bounded work
budget) and hypothesis puzzles, the work budget itself, and deterministic
traces.  ``PYTHONPATH=. python tests/test_tech_contradiction.py KIND...``
prints solve rates and timings.
"""

from __future__ import annotations

import importlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from puzzles import from_record, read_path
from solver.candidates import Candidates
from solver.engine import Context, Engine, Technique, apply, givens_step, next_step, solve_with_logic
from solver.model import Comparison, Puzzle, Region
from solver.step import Step
import techniques
from techniques import contradiction, screening, singles
from techniques.contradiction import (CONTRADICTION_1, CONTRADICTION_2, CONTRADICTION_3, END, ASSUME, TECHNIQUES,
                                      dead_end, inner_techniques)

try:
    from .corpus_traces import corpus_puzzles, corpus_trace
    from .oracle import wrong_effects
    from .strategies import kakuro_records, killer_records, kropki_records
except ImportError:  # run as a script or without package context
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from corpus_traces import corpus_puzzles, corpus_trace  # type: ignore[no-redef]
    from oracle import wrong_effects  # type: ignore[no-redef]
    from strategies import kakuro_records, killer_records, kropki_records  # type: ignore[no-redef]

FAMILIES = ("combinations", "dots", "intersections", "comparisons", "subsets", "innies", "cutvertex", "algebra")


def all_techniques() -> tuple[Technique, ...]:
    """Singles, every other family present now, and contradiction: sorted by level (stable), unique ids."""
    techs = list(singles.TECHNIQUES)
    for name in FAMILIES:
        try:
            module = importlib.import_module(f"techniques.{name}")
        except ImportError:
            continue
        techs += list(getattr(module, "TECHNIQUES", ()))
    techs += list(TECHNIQUES)
    seen: set[str] = set()
    out = []
    for t in sorted(techs, key=lambda t: t.level):
        if t.id not in seen:
            seen.add(t.id)
            out.append(t)
    return tuple(out)


# --- a hand-made state ------------------------------------------------------------
# Row 1 is r1c1..r1c5 (digits 1..5, all different); column 1 is r1c1 and r2c1.
#   r1c1 {1,2}  r1c2 {1,3}  r1c3 {1,3}  r1c4 {2,4,5}  r1c5 {2,4,5}  r2c1 {1,2}
# r1c2 and r1c3 hold 1 and 3 between them, so r1c1 is not 1.  If r1c1 were 1,
# r1c2 and r1c3 would both be left with 3: placing r1c2 = 3 empties r1c3.
DEMO = Puzzle(kind="demo", height=2, width=5, cells=((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0)),
              regions=(Region("row 1", (0, 1, 2, 3, 4), kind="row"), Region("column 1", (0, 5), kind="column")),
              max_digit=5)
DEMO_MASKS = [0b110, 0b1010, 0b1010, 0b110100, 0b110100, 0b110]


def demo_ctx(techniques=singles.TECHNIQUES + TECHNIQUES, *, max_depth: int = 3, explain: bool = True,
             depth: int = 0) -> Context:
    return Context(DEMO, Candidates(DEMO, DEMO_MASKS), techniques, explain=explain, max_depth=max_depth,
                   depth=depth)


def test_depth_1_fires_with_the_shortest_chain_ending_at_an_empty_cell():
    ctx = demo_ctx()
    steps = list(CONTRADICTION_1.find(ctx))
    assert len(steps) == 1
    step = steps[0]
    assert (step.technique, step.level, step.name) == ("contradiction-1", 7, "Contradiction (depth 1)")
    assert step.eliminations == ((0, 1 << 1),) and step.placements == ()
    assert step.text == ("If r1c1 were 1, then (after 1 step, shown below) r1c3 would have no candidate left; "
                         "so r1c1 is not 1.")
    assert [s.technique for s in step.sub_steps] == [ASSUME, "naked-single", END]
    suppose, single, end = step.sub_steps
    assert suppose.placements == ((0, 1),) and suppose.text == "Suppose r1c1 is 1."
    assert single.placements == ((1, 3),)
    assert end.cells == (2,) and end.text == "r1c3 would have no candidate left."
    assert end.placements == () and end.eliminations == ()
    assert ctx.state.masks == DEMO_MASKS  # finding never changes the state


def test_fast_mode_gives_the_same_effects_without_text():
    fast = next(CONTRADICTION_1.find(demo_ctx(explain=False)))
    slow = next(CONTRADICTION_1.find(demo_ctx()))
    assert fast.eliminations == slow.eliminations and fast.text == "" and fast.sub_steps == ()


def test_the_engine_uses_it_and_the_rest_follows_by_singles():
    ctx = demo_ctx()
    step = next_step(ctx)
    assert step is not None and step.technique == "contradiction-1"
    apply(ctx, step)
    assert ctx.state.masks[0] == 1 << 2
    assert next_step(ctx).technique == "naked-single"


def test_immediate_dead_end_is_a_zero_step_chain():
    # If r1c1 were 2 in a row of three cells {1,2},{1,2},{1,2,3}... the row would have two 1-only cells.
    p = Puzzle(kind="demo", height=1, width=3, cells=((0, 0), (0, 1), (0, 2)),
               regions=(Region("row 1", (0, 1, 2), kind="row"),))
    ctx = Context(p, Candidates(p, [0b110, 0b110, 0b1110]), singles.TECHNIQUES + TECHNIQUES)
    step = next(CONTRADICTION_1.find(ctx))
    assert step.eliminations == ((2, 1 << 1),)
    assert step.text == ("If r1c3 were 1, then row 1 would need 3 different digits, but its cells allow only 2 "
                         "(1/2); so r1c3 is not 1.")
    assert [s.technique for s in step.sub_steps] == [ASSUME, END]
    assert step.regions == (("row 1", (0, 1, 2)),)


def test_no_step_when_every_candidate_is_consistent():
    full = [0b111110] * 6
    ctx = Context(DEMO, Candidates(DEMO, full), singles.TECHNIQUES + TECHNIQUES)
    assert all(list(t.find(ctx)) == [] for t in TECHNIQUES)


def test_never_an_unexplained_contradiction():
    # Three cells adding 15 (digits may repeat): r1c1, r1c2 in {1,9} add 2, 10
    # or 18, so r1c3 in {4,5} must be 5.  Propagation knows r1c3 = 4 fails,
    # but singles and the dead end checks cannot show it in one supposition:
    # depth 1 gives no step, depth 2 explains it with a nested supposition.
    p = Puzzle(kind="demo", height=1, width=3, cells=((0, 0), (0, 1), (0, 2)),
               regions=(Region("sum s", (0, 1, 2), total=15, distinct=False),))
    masks = [0b1000000010, 0b1000000010, 0b110000]
    ctx = Context(p, Candidates(p, masks), singles.TECHNIQUES + TECHNIQUES)
    assert list(screening.screen(ctx, 1)) == [[(2, 4)]]
    assert list(CONTRADICTION_1.find(ctx)) == []
    step = next(CONTRADICTION_2.find(ctx))
    assert step.eliminations == ((2, 1 << 4),)
    assert [s.technique for s in step.sub_steps] == [ASSUME, "contradiction-1", "naked-single", "last-cell", END]
    assert step.sub_steps[1].text == ("If r1c1 were 1, then sum s (15) could not make its total: its cells allow "
                                      "totals 6 to 14 only; so r1c1 is not 1.")
    assert replays_to_its_dead_end(ctx, step)
    ctx = Context(p, Candidates(p, masks), singles.TECHNIQUES + TECHNIQUES, max_depth=1)
    assert all(list(t.find(ctx)) == [] for t in TECHNIQUES)


def test_comparisons_are_dead_ends_too():
    # r1c1 < r1c2, both {1,2,3}: if r1c1 were 3, cage b could not be more.
    p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
               regions=(Region("cage a", (0,)), Region("cage b", (1,))), comparisons=(Comparison(0, "<", 1),),
               max_digit=3)
    ctx = Context(p, Candidates(p, [0b1110, 0b1110]), singles.TECHNIQUES + TECHNIQUES)
    step = next(CONTRADICTION_1.find(ctx))
    assert step.eliminations == ((0, 1 << 3),)
    assert step.text == ("If r1c1 were 3, then cage a (adding 3) could not be less than cage b (adding 1 to 3); "
                         "so r1c1 is not 3.")


def test_broken_or_inconsistent_states_give_nothing():
    broken = list(DEMO_MASKS)
    broken[3] = 0
    ctx = Context(DEMO, Candidates(DEMO, broken), singles.TECHNIQUES + TECHNIQUES)
    assert all(list(t.find(ctx)) == [] for t in TECHNIQUES)
    # Two cells that must both be 3, and row 1 has no place for 1.
    bad = [0b100, 0b1000, 0b1000, 0b110100, 0b110100, 0b10]
    ctx = Context(DEMO, Candidates(DEMO, bad), singles.TECHNIQUES + TECHNIQUES)
    assert all(list(t.find(ctx)) == [] for t in TECHNIQUES)


def test_max_depth_is_respected():
    for t in TECHNIQUES:
        assert list(t.find(demo_ctx(max_depth=0))) == []
    assert list(CONTRADICTION_2.find(demo_ctx(max_depth=1))) == []
    assert list(CONTRADICTION_3.find(demo_ctx(max_depth=2))) == []
    assert list(CONTRADICTION_1.find(demo_ctx(max_depth=1, depth=1))) == []
    assert len(list(CONTRADICTION_1.find(demo_ctx(max_depth=1)))) == 1
    assert len(list(CONTRADICTION_2.find(demo_ctx(max_depth=2)))) == 1
    assert len(list(CONTRADICTION_3.find(demo_ctx(max_depth=3)))) == 1


def test_inner_techniques_are_the_cheaper_ones():
    ctx = demo_ctx(all_techniques())
    assert all(t.level < 7 for t in inner_techniques(ctx, 1))
    assert [t.id for t in inner_techniques(ctx, 2) if t.level >= 7] == ["contradiction-1"]
    assert [t.id for t in inner_techniques(ctx, 3) if t.level >= 7] == ["contradiction-1", "contradiction-2"]
    # Depth 2 brings depth 1 along even when the caller did not list it.
    bare = demo_ctx((CONTRADICTION_2,))
    assert [t.id for t in inner_techniques(bare, 2)] == ["contradiction-1"]


def test_suppositions_leave_out_the_named_patterns():
    # Every technique of the default order below the depth's level, in that
    # order, except the link graph's named patterns.
    ctx = demo_ctx(techniques.DEFAULT)
    for depth, level in ((1, 7), (2, 8), (3, 9)):
        ids = [t.id for t in inner_techniques(ctx, depth)]
        assert ids == [t.id for t in techniques.DEFAULT if t.level < level and t.id not in techniques.PATTERNS]
    depth_1 = {t.id for t in inner_techniques(ctx, 1)}
    assert {"naked-quad", "multi-house-innies", "cut-vertex", "kropki-cluster"} <= depth_1
    assert not {"x-wing", "skyscraper", "empty-rectangle", "w-wing", "xy-wing", "unique-rectangle-1"} & depth_1
    depth_2 = {t.id for t in inner_techniques(ctx, 2)}
    assert {"cage-pairs", "blocked-fillings", "contradiction-1"} <= depth_2
    assert not {"x-chain", "aic", "als-xz", "swordfish", "xyz-wing"} & depth_2


def _all_steps(steps):
    for step in steps:
        yield step
        yield from _all_steps(step.sub_steps)


def test_no_chain_of_a_corpus_killer_uses_a_named_pattern(corpus):
    # iss-tarek/18's depth-2 chains used an AIC inside a supposition (4 times)
    # until the patterns were left out of suppositions; the trace keeps its
    # count of contradiction steps and guesses.
    puzzle = next(p for p in corpus_puzzles(str(corpus), "killer") if p.id == "killer/iss-tarek/18")
    trace = corpus_trace(puzzle)
    chains = [s for s in trace.steps if s.technique.startswith("contradiction-")]
    assert len(chains) >= 2 and any(s.technique == "contradiction-2" for s in chains)
    inside = [s.technique for s in _all_steps(chains) if s.technique in techniques.PATTERNS]
    assert inside == []
    assert all(s.sub_steps and s.sub_steps[-1].technique == END for s in chains)


def test_depth_2_nests_a_depth_1_chain():
    # With no cheaper technique at all, depth 1 can only use dead ends right
    # after a supposition, and none exists here; depth 2 finds one inside.
    ctx = demo_ctx(TECHNIQUES)
    assert list(CONTRADICTION_1.find(ctx)) == []
    step = next(CONTRADICTION_2.find(ctx))
    assert step.technique == "contradiction-2" and step.eliminations == ((0, 1 << 1),)
    assert [s.technique for s in step.sub_steps] == [ASSUME, "contradiction-1", END]
    inner = step.sub_steps[1]
    assert inner.eliminations == ((1, 1 << 3),)  # inside: r1c2 is not 3 ...
    assert [s.technique for s in inner.sub_steps] == [ASSUME, END]
    assert inner.sub_steps[-1].text == "r1c3 would have no candidate left."
    assert step.sub_steps[-1].text == "r1c2 would have no candidate left."  # ... which empties it
    assert list(CONTRADICTION_2.find(demo_ctx(TECHNIQUES, max_depth=1))) == []


def test_the_deepest_search_widens_its_screen_before_a_guess(monkeypatch):
    # With no nested screening at all, depth 2 and 3 find nothing in the demo state;
    # the deepest one (the last before a guess) then searches again with the wide
    # screen and finds depth 2's chain, reported as a depth-2 step.
    monkeypatch.setattr(screening, "SCREEN_BUDGET", 0)
    assert list(CONTRADICTION_2.find(demo_ctx(TECHNIQUES))) == []  # not the deepest: no second search
    step = next(CONTRADICTION_3.find(demo_ctx(TECHNIQUES)))
    assert step.technique == "contradiction-2" and step.level == contradiction.LEVELS[2][0]
    assert step.eliminations == ((0, 1 << 1),)
    assert [s.technique for s in step.sub_steps] == [ASSUME, "contradiction-1", END]
    assert step.text.startswith("If r1c1 were 1, then")
    fast = next(CONTRADICTION_3.find(demo_ctx(TECHNIQUES, explain=False)))
    assert (fast.technique, fast.eliminations) == ("contradiction-2", step.eliminations)
    # With max_depth 2, depth 2 is the deepest and widens itself.
    assert next(CONTRADICTION_2.find(demo_ctx(TECHNIQUES, max_depth=2))).eliminations == step.eliminations
    # The deepest is the deepest technique in use: depth 3 under a max_depth of 4 (there is
    # no depth-4 technique), depth 2 when depth 3 is left out.
    assert next(CONTRADICTION_3.find(demo_ctx(TECHNIQUES, max_depth=4))).eliminations == step.eliminations
    without_3 = (CONTRADICTION_1, CONTRADICTION_2)
    assert next(CONTRADICTION_2.find(demo_ctx(without_3))).eliminations == step.eliminations


def test_no_wide_screen_inside_a_supposition_or_when_it_is_closed(monkeypatch):
    monkeypatch.setattr(screening, "SCREEN_BUDGET", 0)
    # Inside a supposition depth 2 may be the deepest allowed, but a guess is not next.
    assert list(CONTRADICTION_2.find(demo_ctx(TECHNIQUES, max_depth=3, depth=1))) == []
    monkeypatch.setattr(contradiction, "WIDE_SCREEN_BUDGET", 0)
    assert list(CONTRADICTION_3.find(demo_ctx(TECHNIQUES))) == []
    # depth 1's own screen needs no nested calls: unchanged
    assert len(list(CONTRADICTION_1.find(demo_ctx()))) == 1


def test_dead_ends_name_what_has_no_option():
    p = Puzzle(kind="demo", height=1, width=4, cells=((0, 0), (0, 1), (0, 2), (0, 3)),
               regions=(Region("cage a", (0, 1), total=10), Region("sum b", (2, 3), total=15, distinct=False)))
    ctx = Context(p, Candidates(p, [0b110, 0b1110, 0b110, 0b110]), ())
    found = dead_end(ctx)
    assert found is not None and found.sentence == (
        "cage a (10) would have no combination of 2 different digits left that makes its total.")
    ctx.state.masks[:2] = [0b10, 1 << 9]
    found = dead_end(ctx)
    assert found is not None
    assert found.clause == "sum b (15) could not make its total: its cells allow totals 2 to 4 only"


def replays_to_its_dead_end(ctx: Context, step: Step) -> bool:
    """Applying the chain's sub-steps (not the closing one) leaves a dead end."""
    fork = ctx.fork(explain=False)
    for sub in step.sub_steps[:-1]:
        apply(fork, sub)
    return dead_end(fork) is not None


def test_chain_replays_to_its_dead_end():
    ctx = demo_ctx()
    assert replays_to_its_dead_end(ctx, next(CONTRADICTION_1.find(ctx)))
    ctx = demo_ctx(TECHNIQUES)
    assert replays_to_its_dead_end(ctx, next(CONTRADICTION_2.find(ctx)))


# --- soundness ----------------------------------------------------------------------
def unsound(puzzle: Puzzle, techniques, solution, *, explain: bool = False, limit: int = 3000,
            work: int | None = None) -> list[str]:
    """Steps (applied with the engine, no guessing) that remove a solution digit or place a wrong one;
    in explain mode also contradiction steps whose chain does not replay to a dead end.  ``work``
    caps the contradiction searches (a :class:`~solver.engine.Work` budget for the whole run)."""
    bad: list[str] = []

    def check(ctx: Context, step: Step) -> None:
        if explain and step.technique.startswith("contradiction"):
            if not step.sub_steps or step.sub_steps[-1].technique != END or not replays_to_its_dead_end(ctx, step):
                bad.append(f"{puzzle.id}: {step.text}: the chain does not end in a dead end")
        bad.extend(f"{puzzle.id}: {step.technique} {w}" for w in wrong_effects(step, solution, puzzle.cell_name))

    engine = Engine(techniques, explain=explain, max_depth=3, guess=False, budget=work, timeout=None,
                    max_steps=limit, observe=check)
    for _ in engine.steps(puzzle):
        pass
    return bad


HARD = ("killer/iss-tarek/06", "killer/iss-tarek/08")  # extreme Killers that need many contradictions


def corpus_sample(corpus: Path, kind: str, count: int | None, hard: int = 0) -> list[Puzzle]:
    """``count`` puzzles spread over the file (all when None), after the first
    ``hard`` of :data:`HARD`."""
    puzzles = read_path(str(corpus / f"{kind}.jsonl"))
    first = [p for p in puzzles if p.id in HARD[:hard]]
    if count is None or len(puzzles) <= count:
        return first + [p for p in puzzles if p not in first]
    stride = len(puzzles) / count
    return first + [puzzles[int(i * stride)] for i in range(count) if puzzles[int(i * stride)] not in first]


# kind -> (puzzles, hard Killers, steps each): singles + contradiction alone make long chains, so few steps.
SAMPLE = {"kakuro": (6, 0, 80), "kropki": (4, 0, 60), "killer": (2, 1, 40)}
SAMPLE_ALL = {"kakuro": (6, 0, 400), "kropki": (6, 0, 400), "killer": (4, 1, 30)}


@pytest.mark.parametrize("kind", sorted(SAMPLE))
def test_corpus_sample_is_sound(kind, corpus):
    count, hard, limit = SAMPLE[kind]
    bad = []
    for puzzle in corpus_sample(corpus, kind, count, hard):
        bad += unsound(puzzle, singles.TECHNIQUES + TECHNIQUES, puzzle.parse_solution(puzzle.get_info("solution")),
                       limit=limit)
    assert bad == []


@pytest.mark.parametrize("kind", sorted(SAMPLE_ALL))
def test_corpus_sample_with_every_family_is_sound_and_explained(kind, corpus):
    count, hard, limit = SAMPLE_ALL[kind]
    bad = []
    for puzzle in corpus_sample(corpus, kind, count, hard):
        bad += unsound(puzzle, all_techniques(), puzzle.parse_solution(puzzle.get_info("solution")), explain=True,
                       limit=limit)
    assert bad == []


#: Work units (:class:`~solver.engine.Work`) each puzzle of the corpus run may spend on
#: contradiction searches: a bounded run (about 30 s of CPU in all) that still makes hundreds
#: of contradiction steps; the steps after the budget is spent are the cheaper families'.
CORPUS_WORK = 3000
#: kind -> every how many-th puzzle the corpus run takes (the extreme Killers are costly).
CORPUS_STRIDE = {"kakuro": 1, "kropki": 1, "greater-killer": 1, "sudoku": 1, "killer": 3}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(CORPUS_STRIDE))
def test_corpus_is_sound_within_a_work_budget(kind, corpus):
    bad = []
    puzzles = corpus_sample(corpus, kind, None)[::CORPUS_STRIDE[kind]]
    for puzzle in puzzles:
        bad += unsound(puzzle, all_techniques(), puzzle.parse_solution(puzzle.get_info("solution")),
                       work=CORPUS_WORK)
    assert bad == []


def check_record(record: dict) -> None:
    puzzle = from_record(record)
    solution = puzzle.parse_solution(record["solution"])
    assert unsound(puzzle, singles.TECHNIQUES + TECHNIQUES, solution, limit=100) == []


HYPOTHESIS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@HYPOTHESIS
@given(killer_records())
def test_hypothesis_killers_are_sound(record):
    check_record(record)


@HYPOTHESIS
@given(kropki_records())
def test_hypothesis_kropki_are_sound(record):
    check_record(record)


@HYPOTHESIS
@given(kakuro_records())
def test_hypothesis_kakuro_are_sound(record):
    check_record(record)


# --- determinism --------------------------------------------------------------------
def test_a_race_of_several_chains_stays_sound_and_explained(corpus, monkeypatch):
    """The default replays one refuted candidate at a time; a wider race (the
    setting kept for those who want the shortest chain of several) still
    gives sound steps whose chains replay, and both modes agree."""
    monkeypatch.setattr(screening, "MAX_REFUTED", 4)
    monkeypatch.setattr(screening, "MAX_REFUTED_INSIDE", 3)
    puzzle = next(p for p in read_path(str(corpus / "killer.jsonl")) if p.id == HARD[0])
    solution = puzzle.parse_solution(puzzle.get_info("solution"))
    assert unsound(puzzle, all_techniques(), solution, explain=True, limit=60) == []
    explained = solve_with_logic(puzzle, all_techniques(), budget=20000)
    fast = solve_with_logic(puzzle, all_techniques(), explain=False, budget=20000)
    assert [s.technique for s in explained.steps] == [s.technique for s in fast.steps]
    assert explained.techniques_used().get("contradiction-1", 0) >= 5


def test_two_runs_give_byte_identical_traces(corpus):
    wanted = "kropki/lisudoku/ukpuzzles-2"  # 14 depth-1 contradictions with every family
    puzzles = read_path(str(corpus / "kropki.jsonl"))
    puzzle = next((p for p in puzzles if p.id == wanted), puzzles[0])
    techniques = all_techniques()
    # No clock: with a timeout the logic could be cut short at a different step on a busy machine.
    first = solve_with_logic(puzzle, techniques, timeout=None)
    second = solve_with_logic(puzzle, techniques, timeout=None)
    one, two = (json.dumps(t.to_dict(), sort_keys=True) for t in (first, second))
    assert one == two
    assert first.by_logic and (puzzle.id != wanted or "contradiction-1" in first.techniques_used())


def test_depth_2_runs_are_identical_too(corpus):
    # Depth 2 on the hardest Sudoku: cut short after its first depth-2 step.
    puzzles = read_path(str(corpus / "sudoku.jsonl"))
    puzzle = next((p for p in puzzles if p.id == "sudoku/inkala-2012"), None)
    if puzzle is None:
        pytest.skip("sudoku/inkala-2012 is not in the corpus")
    runs = []
    for _ in range(2):
        ctx = Context(puzzle, Candidates.initial(puzzle), all_techniques(), explain=True, max_depth=2)
        apply(ctx, givens_step(ctx))
        steps = []
        while not steps or steps[-1].technique != "contradiction-2":
            step = next_step(ctx)
            assert step is not None
            steps.append(apply(ctx, step))
        runs.append(json.dumps([s.to_dict(puzzle) for s in steps]))
    assert runs[0] == runs[1]


def test_demo_state_twice_is_identical():
    a = next(CONTRADICTION_1.find(demo_ctx()))
    b = next(CONTRADICTION_1.find(demo_ctx()))
    assert a == b and a.to_dict(DEMO) == b.to_dict(DEMO)


# --- measuring ----------------------------------------------------------------------
def measure(kind: str, techniques, folder: Path) -> str:
    """Puzzles solved with no guess, and median/max CPU seconds of an explained trace (without the exact solve)."""
    solved, seconds = 0, []
    for puzzle in read_path(str(folder / f"{kind}.jsonl")):
        start = time.process_time()
        run = Engine(techniques, explain=True, max_depth=3, guess=False, timeout=None).run(puzzle)
        for _ in run:
            pass
        ctx = run.ctx
        seconds.append(time.process_time() - start)
        solved += ctx.is_done() and ctx.state.values() == puzzle.parse_solution(puzzle.get_info("solution"))
    return (f"{kind}: {solved}/{len(seconds)} without a guess; median {statistics.median(seconds):.3f}s, "
            f"max {max(seconds):.2f}s")


if __name__ == "__main__":
    folder = Path(os.environ.get("SUMLOGIC_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
    for kind in sys.argv[1:] or ["kropki", "kakuro", "killer"]:
        print("singles + contradiction", measure(kind, singles.TECHNIQUES + TECHNIQUES, folder), flush=True)
        print("every family", measure(kind, all_techniques(), folder), flush=True)
