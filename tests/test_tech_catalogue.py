"""The Killer catalogue (issue 27): house and cage pointing, house combinations, the
relation check and cage pairs.  Hand-made grids that must fire with exactly the expected eliminations
and near misses that must not; the new techniques first in the order (positions the
default order never gives them) on generated Killers and Greater Killers and corpus
puzzles; and the corpus traces without a zero-step contradiction."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import techniques
from puzzles import from_record, read_path
from puzzles.greater_killer import build as build_greater
from puzzles.killer import Cage
from solver.bits import mask_of
from solver.candidates import Candidates
from solver.engine import Context, Engine, Work
from solver.model import Region
from techniques import cage_pairs, comparisons, house_combos, seeing
from techniques.cage_pairs import find_cage_pairs
from techniques.comparisons import find_relation_checks, find_sum_comparisons
from techniques.house_combos import find_house_combinations
from techniques.seeing import find_cage_pointing, find_house_pointing

from .corpus_traces import corpus_puzzles, corpus_trace
from .strategies import killer_records
from .test_tech_soundness import check_run, greater_killer_records

FULL = mask_of(range(1, 10))
NEW = (seeing.HOUSE_POINTING, seeing.CAGE_POINTING, house_combos.HOUSE_COMBINATIONS, comparisons.RELATION_CHECK,
       cage_pairs.CAGE_PAIRS)


def cell(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def pos(name: str) -> tuple[int, int]:
    return int(name[1]) - 1, int(name[3]) - 1


def grid(cages, relations=()):
    """A 9x9 grid with some cages (label, total or None, cell names) and relations."""
    return build_greater([Cage(label, total, tuple(pos(n) for n in names)) for label, total, names in cages],
                         relations)


def ctx_for(puzzle, masks=None, *, explain: bool = True) -> Context:
    state = Candidates.initial(puzzle) if masks is None else Candidates(puzzle, masks)
    return Context(puzzle, state, (), explain=explain)


def setting(masks, **cells) -> list[int]:
    out = list(masks)
    for name, digits in cells.items():
        out[cell(name)] = mask_of(digits)
    return out


def without(masks, names, digits) -> list[int]:
    out = list(masks)
    for n in names:
        out[cell(n)] &= ~mask_of(digits)
    return out


# --- cage pointing ------------------------------------------------------------------------
CAGE_6 = grid([("a", 6, ("r1c3", "r2c3", "r2c4"))])  # 1+2+3, its places in no single house


def test_cage_pointing_removes_a_required_digit_from_the_cells_that_see_all_its_places():
    steps = list(find_cage_pointing(ctx_for(CAGE_6)))
    assert [s.technique for s in steps] == ["cage-pointing"] * 3 and steps[0].level == 3
    for step, d in zip(steps, (1, 2, 3)):
        # r2c1 and r2c2 see r1c3 through box 1 and r2c3, r2c4 through row 2.
        assert step.eliminations == ((cell("r2c1"), 1 << d), (cell("r2c2"), 1 << d))
    assert steps[0].text == (
        "cage a (6) must hold 1 (its only combination 1+2+3 uses it), and only r1c3, r2c3 and r2c4 can take "
        "it; r2c1 sees them all (r1c3 through box 1, r2c3 through row 2, r2c4 through row 2) and r2c2 sees "
        "them all (r1c3 through box 1, r2c3 through row 2, r2c4 through row 2), so they are not 1.")


def test_cage_pointing_spares_a_cell_that_sees_the_places_only_partly():
    # r2c7 sees r2c3 and r2c4 but not r1c3; r1c1 sees r1c3 and r2c3 but not r2c4.
    hit = {c for s in find_cage_pointing(ctx_for(CAGE_6)) for c, _ in s.eliminations}
    assert cell("r2c7") not in hit and cell("r1c1") not in hit and cell("r3c3") not in hit


def test_cage_pointing_leaves_one_house_to_cage_confinement():
    # Without 1 in r1c3, the cage's places for 1 are both in row 2: cage confinement's step, not this one.
    masks = without([FULL] * 81, ["r1c3"], [1])
    steps = list(find_cage_pointing(ctx_for(CAGE_6, masks)))
    assert all(m != 1 << 1 for s in steps for _, m in s.eliminations)
    assert [s.cells for s in steps] == [tuple(cell(n) for n in ("r1c3", "r2c3", "r2c4"))] * 2


def test_cage_pointing_needs_a_digit_every_combination_uses():
    p = grid([("a", 10, ("r1c3", "r2c3", "r2c4"))])  # 1+2+7, 1+3+6, ...: no digit in all of them
    assert list(find_cage_pointing(ctx_for(p))) == []


# --- house pointing -----------------------------------------------------------------------
HOUSE = grid([("k", None, ("r6c9", "r6c8", "r7c8", "r7c7"))])
COLUMN_9 = [f"r{r}c9" for r in range(1, 10)]


def test_house_pointing_sees_the_places_through_a_cage():
    masks = without([FULL] * 81, [n for n in COLUMN_9 if n not in ("r6c9", "r8c9")], [2])
    steps = [s for s in find_house_pointing(ctx_for(HOUSE, masks)) if s.regions[0][0] == "column 9"]
    [step] = steps
    assert step.technique == "house-pointing" and step.level == 3
    assert step.eliminations == ((cell("r7c7"), 1 << 2), (cell("r7c8"), 1 << 2))
    assert step.text == ("In column 9, 2 can only go in r6c9 and r8c9; r7c7 sees both (r6c9 through cage k, "
                         "r8c9 through box 9) and r7c8 sees both (r6c9 through cage k, r8c9 through box 9), "
                         "so they are not 2.")


def test_house_pointing_leaves_one_region_to_claiming():
    # Both places in box 9: every cell that sees both sees them through box 9 (claiming's step).
    masks = without([FULL] * 81, [n for n in COLUMN_9 if n not in ("r7c9", "r8c9")], [2])
    assert list(find_house_pointing(ctx_for(HOUSE, masks))) == []


def test_house_pointing_spares_a_cell_that_sees_one_place():
    # r6c8 sees r6c9 (row 6, cage k) but not r8c9.
    masks = without([FULL] * 81, [n for n in COLUMN_9 if n not in ("r6c9", "r8c9")], [2])
    hit = {c for s in find_house_pointing(ctx_for(HOUSE, masks)) for c, _ in s.eliminations}
    assert cell("r6c8") not in hit and cell("r5c9") not in hit


def test_house_pointing_finds_nothing_in_a_plain_sudoku_grid():
    p = grid([])
    masks = without([FULL] * 81, [n for n in COLUMN_9 if n not in ("r3c9", "r8c9")], [2])
    assert list(find_house_pointing(ctx_for(p, masks))) == []


# --- house combinations -------------------------------------------------------------------
def test_house_combinations_name_the_clash():
    p = grid([("k", 14, ("r1c1", "r1c2")), ("s", 11, ("r1c3", "r1c4"))])
    masks = setting([FULL] * 81, r1c1=[5, 6, 8, 9], r1c2=[5, 6, 8, 9], r1c3=[4, 5, 6, 7], r1c4=[4, 5, 6, 7])
    steps = [s for s in find_house_combinations(ctx_for(p, masks)) if s.regions[0][0] == "row 1"]
    [step] = steps
    assert step.technique == "house-combinations" and step.level == 5
    loose = tuple((cell(f"r1c{c}"), mask_of([4, 7])) for c in range(5, 10))
    assert step.eliminations == ((cell("r1c3"), mask_of([5, 6])), (cell("r1c4"), mask_of([5, 6]))) + loose
    assert "cage s cannot be 5+6: it clashes with cage k (14), which can only be 5+9 or 6+8" in step.text


def test_house_combinations_that_only_look_like_they_clash():
    # cage k (14, 3 cells) could be 1+4+9, which leaves 5+6 to cage s.
    p = grid([("k", 14, ("r1c1", "r1c2", "r1c3")), ("s", 11, ("r1c4", "r1c5"))])
    masks = setting([FULL] * 81, r1c4=[4, 5, 6, 7], r1c5=[4, 5, 6, 7])
    assert [s for s in find_house_combinations(ctx_for(p, masks)) if s.regions[0][0] == "row 1"] == []


def test_house_combinations_fit_the_loose_cells():
    # Two loose cells that can only be 1/2 leave cage a (10, 2 cells) no 1+9 or 2+8.
    p = grid([("a", 10, ("r1c1", "r1c2"))])
    masks = setting([FULL] * 81, r1c3=[1, 2], r1c4=[1, 2])
    [step] = [s for s in find_house_combinations(ctx_for(p, masks)) if s.regions[0][0] == "row 1"]
    assert dict(step.eliminations)[cell("r1c1")] == mask_of([1, 2, 5, 8, 9])  # 5: in no combination at all
    assert "no choice of the other cages' combinations and the loose cells' digits fits beside it" in step.text


def test_house_combinations_take_a_derived_sum_as_a_cage():
    # Innies r1c1 + r1c2 = 17 (8+9) leave cage s (13) only 6+7.
    p = grid([("s", 13, ("r1c3", "r1c4"))])
    ctx = ctx_for(p)
    ctx.add_virtual(Region("innies of row 1", (cell("r1c1"), cell("r1c2")), total=17, kind="virtual"))
    [step] = [s for s in find_house_combinations(ctx) if s.regions[0][0] == "row 1"]
    effects = dict(step.eliminations)
    assert effects[cell("r1c3")] == effects[cell("r1c4")] == mask_of([1, 2, 3, 4, 5, 8, 9])
    assert "cage s cannot be 4+9: it clashes with innies of row 1 (17), which must be 8+9" in step.text


# --- relation check -----------------------------------------------------------------------
def test_relation_check_takes_both_sides_together():
    # x = 6 + r1c1, af = 3 + r2c1, r1c1 and r2c1 are 5/8 in one column: x > af needs r1c1 = 8.
    p = grid([("x", None, ("r1c1", "r1c2")), ("af", None, ("r2c1", "r2c2"))], [("x", ">", "af")])
    masks = setting([FULL] * 81, r1c1=[5, 8], r1c2=[6], r2c1=[5, 8], r2c2=[3])
    ctx = ctx_for(p, masks)
    assert list(find_sum_comparisons(ctx)) == []  # each side alone still fits
    [step] = list(find_relation_checks(ctx))
    assert step.technique == "relation-check" and step.level == 5
    assert step.eliminations == ((cell("r1c1"), 1 << 5), (cell("r2c1"), 1 << 8))
    assert step.text.startswith("cage x > cage af: with r1c1 = 5 (r2c1 sees it and loses 5), cage x could add "
                                "only 11 and cage af only 11")


def test_relation_check_with_sides_that_do_not_meet():
    p = grid([("x", None, ("r1c1", "r1c2")), ("af", None, ("r5c5", "r5c6"))], [("x", ">", "af")])
    masks = setting([FULL] * 81, r1c1=[5, 8], r1c2=[6], r5c5=[5, 8], r5c6=[3])
    assert list(find_relation_checks(ctx_for(p, masks))) == []


# --- cage pairs ---------------------------------------------------------------------------
def test_cage_pairs_fill_two_cages_together():
    # cage a (5) is 1+4 or 2+3 in row 1; cage b (6) is 1+2+3 with two cells in row 1: 2+3 in a would leave
    # r1c5 and r1c6 only 1.
    p = grid([("a", 5, ("r1c1", "r1c2")), ("b", 6, ("r1c5", "r1c6", "r2c5"))])
    masks = setting([FULL] * 81, r1c1=[1, 2, 3, 4], r1c2=[1, 2, 3, 4], r1c5=[1, 2, 3], r1c6=[1, 2, 3],
                    r2c5=[1, 2, 3])
    [step] = list(find_cage_pairs(ctx_for(p, masks)))
    assert step.technique == "cage-pairs" and step.level == 7
    assert sorted(step.eliminations) == sorted([(cell("r1c1"), mask_of([2, 3])), (cell("r1c2"), mask_of([2, 3])),
                                                (cell("r1c5"), 1 << 1), (cell("r1c6"), 1 << 1),
                                                (cell("r2c5"), mask_of([2, 3]))])
    assert step.text.startswith("cage a (5) and cage b (6) meet (r1c5 sees r1c1, r1c2, r1c6 sees r1c1, r1c2)")


def test_cage_pairs_that_meet_in_one_cell_only():
    p = grid([("a", 5, ("r1c1", "r1c2")), ("b", 6, ("r1c5", "r2c5", "r2c6"))])
    masks = setting([FULL] * 81, r1c1=[1, 2, 3, 4], r1c2=[1, 2, 3, 4], r1c5=[1, 2, 3], r2c5=[1, 2, 3],
                    r2c6=[1, 2, 3])
    assert list(find_cage_pairs(ctx_for(p, masks))) == []


def test_cage_pairs_stay_out_of_suppositions():
    p = grid([("a", 5, ("r1c1", "r1c2")), ("b", 6, ("r1c5", "r1c6", "r2c5"))])
    ctx = Context(p, Candidates.initial(p), (), depth=1)
    assert list(find_cage_pairs(ctx)) == []


# --- soundness with the new techniques first ----------------------------------------------
def front_order() -> tuple:
    return NEW + tuple(t for t in techniques.DEFAULT if t not in NEW)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(killer_records(max_cage=4))
def test_new_techniques_first_on_generated_killers(record):
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), techniques=front_order(), work=Work(2000))


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(greater_killer_records())
def test_new_techniques_first_on_generated_greater_killers(record):
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), techniques=front_order(), work=Work(2000))


def test_new_techniques_first_on_corpus_killers(corpus):
    puzzles = read_path(str(corpus / "killer.jsonl")) + read_path(str(corpus / "greater-killer.jsonl"))
    for puzzle in puzzles[::28]:
        check_run(puzzle, puzzle.parse_solution(puzzle.get_info("solution")), techniques=front_order(),
                  work=Work(1500), explain=False)


# --- no zero-step contradiction -----------------------------------------------------------
def empty_chains(puzzle, *, work: int, max_steps: int | None = None) -> list[str]:
    """Contradiction steps of the default trace whose chain goes straight from the supposition to the dead end."""
    engine = Engine(techniques.DEFAULT, explain=True, timeout=None, budget=work, max_steps=max_steps)
    return [f"{puzzle.id}: {s.text}" for s in engine.steps(puzzle) if zero_step(s)]


def zero_step(step) -> bool:
    """Whether ``step`` is a contradiction whose chain goes straight from the supposition to the dead end."""
    return step.technique.startswith("contradiction-") and [x.technique for x in step.sub_steps] == [
        "contradiction-assume", "contradiction-end"]


#: Corpus Killers whose traces had zero-step contradictions before the catalogue, and the step they all came by.
HAD_EMPTY_CHAINS = {"killer/iss-tarek/02": 30, "killer/iss-mathemagic/05": 20}


@pytest.mark.parametrize("puzzle_id", sorted(HAD_EMPTY_CHAINS))
def test_no_zero_step_contradiction_on_a_few_corpus_killers(puzzle_id, corpus):
    [puzzle] = [p for p in read_path(str(corpus / "killer.jsonl")) if p.id == puzzle_id]
    assert empty_chains(puzzle, work=4000, max_steps=HAD_EMPTY_CHAINS[puzzle_id]) == []


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["killer", "greater-killer", "kakuro", "kropki", "sudoku"])
def test_no_zero_step_contradiction_in_the_corpus(kind, corpus):
    """Over the trace ``sumlogic explain`` gives (the default budget; a known-hard Killer with the
    short budgets of every corpus test), shared with test_soundness.py through tests/corpus_traces.py."""
    bad = []
    for puzzle in corpus_puzzles(str(corpus), kind):
        bad += [f"{puzzle.id}: {s.text}" for s in corpus_trace(puzzle).steps if zero_step(s)]
    assert bad == []
