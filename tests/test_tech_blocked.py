"""Blocked fillings (issue 27): a sum's ways to fill checked against every house and
every other sum around it.  Hand-made 9x9 grids that must fire with exactly the
expected eliminations, near misses that must not, and the technique first in the
order on generated and corpus Killers (the soundness harness)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

import techniques
from puzzles import read_path
from puzzles import from_record
from solver.bits import mask_of
from solver.candidates import Candidates
from solver.engine import Context, Work
from techniques import blocked_fillings
from techniques.blocked_fillings import find_blocked_fillings

from .strategies import killer_records
from .test_tech_catalogue import FULL, cell, ctx_for, grid, setting
from .test_tech_soundness import check_run, greater_killer_records

ROW_1_OTHERS = ("r1c5", "r1c6", "r1c7", "r1c8", "r1c9")
BOX_1_LOWER = ("r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3")


def _masks(**cells) -> list[int]:
    """Cage a (10) in r1c3-r1c4 is 1+9 either way round; row 1's other cells hold neither 1 nor 9
    except r1c1 and r1c2, which may be 9; box 1's lower rows may not be 9."""
    masks = setting([FULL] * 81, r1c3=[1, 9], r1c4=[1, 9], r1c1=range(2, 10), r1c2=range(2, 10))
    for name in ROW_1_OTHERS:
        masks[cell(name)] = mask_of(range(2, 9))
    for name in BOX_1_LOWER:
        masks[cell(name)] = mask_of(range(1, 9))
    return setting(masks, **cells)


def _after(puzzle, masks, placed: dict[str, int]) -> dict[int, int]:
    """What placing ``placed`` takes from the other cells (the expected eliminations of a single way left)."""
    out: dict[int, int] = {}
    inside = {cell(n) for n in placed}
    for name, digit in placed.items():
        for q in puzzle.peers[cell(name)]:
            if q not in inside and masks[q] >> digit & 1:
                out[q] = out.get(q, 0) | 1 << digit
    return out


def steps_of(puzzle, masks, name: str = "cage a", *, explain: bool = True) -> list:
    """The steps about one cage (other cages of the grid may have steps of their own)."""
    return [s for s in find_blocked_fillings(ctx_for(puzzle, masks, explain=explain)) if s.regions[0][0] == name]


def test_a_way_that_leaves_a_house_no_place_for_a_digit_goes():
    # 1 in r1c3 and 9 in r1c4: r1c4's 9 leaves r1c1 and r1c2, box 1's last places for 9, without it.
    p = grid([("a", 10, ("r1c3", "r1c4"))])
    masks = _masks()
    [step] = list(find_blocked_fillings(ctx_for(p, masks)))
    expected = _after(p, masks, {"r1c3": 9, "r1c4": 1})
    expected[cell("r1c3")] = 1 << 1
    expected[cell("r1c4")] = 1 << 9
    assert step.technique == "blocked-fillings" and step.level == 7
    assert dict(step.eliminations) == expected
    assert step.text.startswith("cage a (10) has 2 ways left to fill: 1 of them is blocked "
                                "(1 in r1c3 and 9 in r1c4 leave box 1 no place for 9)")


def test_a_house_with_another_place_left_blocks_nothing():
    # r2c1 may be 9 (and r1c1, r1c2 may not): box 1 keeps a place for 9 whichever way cage a goes, and
    # no cell sees a digit of cage a both ways.
    p = grid([("a", 10, ("r1c3", "r1c4"))])
    masks = _masks(r2c1=range(1, 10), r1c1=range(2, 9), r1c2=range(2, 9))
    assert list(find_blocked_fillings(ctx_for(p, masks))) == []


def test_a_way_that_leaves_another_cage_no_combination_goes():
    # cage b (4) in r2c4-r3c4 must be 1+3; 1 in r1c4 would take 1 from both its cells.
    p = grid([("a", 10, ("r1c3", "r1c4")), ("b", 4, ("r2c4", "r3c4"))])
    masks = _masks(r2c1=range(1, 10), r1c1=range(2, 9), r1c2=range(2, 9), r2c4=[1, 3], r3c4=[1, 3])
    [step] = steps_of(p, masks)
    expected = _after(p, masks, {"r1c3": 1, "r1c4": 9})
    expected[cell("r1c3")] = 1 << 9
    expected[cell("r1c4")] = 1 << 1
    assert dict(step.eliminations) == expected
    assert "9 in r1c3 and 1 in r1c4 leave cage b (4) no combination" in step.text


def test_another_cage_with_a_combination_left_blocks_nothing():
    # cage b (5) may still be 2+3 when 1 leaves it.
    p = grid([("a", 10, ("r1c3", "r1c4")), ("b", 5, ("r2c4", "r3c4"))])
    masks = _masks(r2c1=range(1, 10), r1c1=range(2, 9), r1c2=range(2, 9), r2c4=[1, 2, 3, 4], r3c4=[1, 2, 3, 4])
    assert steps_of(p, masks) == []


def test_a_cell_that_sees_a_digit_of_every_way_loses_it():
    # r2c5 sees r1c4 (box 2) and r1c3 sees nothing of it; r1c5 is 2-8.  With r1c5 allowed 1 and 9,
    # r1c5 sees both cells through row 1, so it loses 1 and 9 whichever way cage a goes.
    p = grid([("a", 10, ("r1c3", "r1c4"))])
    masks = _masks(r2c1=range(1, 10), r1c1=range(2, 9), r1c2=range(2, 9), r1c5=range(1, 10))
    [step] = list(find_blocked_fillings(ctx_for(p, masks)))
    assert step.eliminations == ((cell("r1c5"), mask_of([1, 9])),)
    assert step.text == ("cage a (10) has 2 ways left to fill: whichever is used, r1c5 sees its 1 and its 9, "
                         "so r1c5 loses 1 and 9.")


def test_a_digit_lost_by_sight_one_way_and_through_a_cage_the_other_names_the_cage():
    # Cage b (10) in r2c5-r2c6 is 9+1 or 7+3.  With 9 in r1c4, r2c5 sees it, so cage b is 7+3 and
    # r2c6 loses 1; with 1 in r1c4, r2c6 sees it, so cage b is 7+3 again and r2c5 loses 9.
    p = grid([("a", 10, ("r1c3", "r1c4")), ("b", 10, ("r2c5", "r2c6"))])
    masks = _masks(r2c1=range(1, 10), r1c1=range(2, 9), r1c2=range(2, 9), r2c5=[7, 9], r2c6=[1, 3])
    [step] = steps_of(p, masks)
    assert step.eliminations == ((cell("r2c5"), mask_of([9])), (cell("r2c6"), mask_of([1])))
    assert step.text == (
        "cage a (10) has 2 ways left to fill: whichever is used, r2c5 cannot keep 9 (each way either puts it "
        "where r2c5 sees it, or leaves cage b (10) no combination with it there); r2c6 cannot keep 1 (each way "
        "either puts it where r2c6 sees it, or leaves cage b (10) no combination with it there), so r2c5 loses 9, "
        "r2c6 loses 1.")


def test_every_way_blocked_is_left_to_others():
    # Both ways blocked (box 1 and cage b): a dead end, not a step.
    p = grid([("a", 10, ("r1c3", "r1c4")), ("b", 4, ("r2c4", "r3c4"))])
    masks = _masks(r2c4=[1, 3], r3c4=[1, 3])
    assert steps_of(p, masks) == []


def test_blocked_fillings_stay_out_of_suppositions():
    p = grid([("a", 10, ("r1c3", "r1c4"))])
    ctx = Context(p, Candidates(p, _masks()), (), depth=1)
    assert list(find_blocked_fillings(ctx)) == []


def test_a_sum_with_too_many_ways_is_left_alone():
    # A 4-cell cage of 20 with every digit open has far more than MAX_WAYS ways.
    p = grid([("a", 20, ("r5c5", "r5c6", "r6c5", "r6c6"))])
    assert list(find_blocked_fillings(ctx_for(p))) == []


def test_the_same_steps_in_fast_mode():
    p = grid([("a", 10, ("r1c3", "r1c4")), ("b", 4, ("r2c4", "r3c4"))])
    masks = _masks(r2c1=range(1, 10), r1c1=range(2, 9), r1c2=range(2, 9), r2c4=[1, 3], r3c4=[1, 3])
    [slow] = steps_of(p, masks)
    [fast] = steps_of(p, masks, explain=False)
    assert fast.eliminations == slow.eliminations and fast.text == ""


# --- soundness with the technique first ---------------------------------------------------
def front_order() -> tuple:
    first = blocked_fillings.TECHNIQUES
    return first + tuple(t for t in techniques.DEFAULT if t not in first)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(killer_records(max_cage=4))
def test_blocked_fillings_first_on_generated_killers(record):
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), techniques=front_order(), work=Work(1500))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(greater_killer_records())
def test_blocked_fillings_first_on_generated_greater_killers(record):
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), techniques=front_order(), work=Work(1500))


def test_blocked_fillings_first_on_corpus_killers(corpus):
    puzzles = read_path(str(corpus / "killer.jsonl"))
    for puzzle in puzzles[5::30]:
        check_run(puzzle, puzzle.parse_solution(puzzle.get_info("solution")), techniques=front_order(),
                  work=Work(1500), explain=False)
