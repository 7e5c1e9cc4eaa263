"""Sum combinations, combination confinement and sum comparisons: hand-checked cases
and the support computations against brute force."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.greater_killer import build as build_greater
from puzzles.killer import Cage
from solver.bits import digits_of, mask_of
from solver.candidates import Candidates
from solver.engine import Context
from solver.model import Puzzle, Region
from techniques import combinations, comparisons, intersections
from solver.supports import repeat_support
from techniques.combinations import digit_ranges, distinct_fit, find_sum_combinations, required_digits
from techniques.comparisons import allowed_sums, find_sum_comparisons
from techniques.intersections import find_combination_confinement

FULL = mask_of(range(1, 10))


def ctx_for(puzzle: Puzzle, masks=None, *, explain: bool = True, virtual=()) -> Context:
    state = Candidates.initial(puzzle) if masks is None else Candidates(puzzle, masks)
    ctx = Context(puzzle, state, combinations.TECHNIQUES, explain=explain)
    for region in virtual:
        ctx.add_virtual(region)
    return ctx


def line(n: int, *regions: Region) -> Puzzle:
    return Puzzle(kind="demo", height=1, width=n, cells=tuple((0, c) for c in range(n)), regions=regions)


def steps(finder, ctx) -> list:
    return list(finder(ctx))


# --- sum combinations ---------------------------------------------------------------------
def test_two_cell_run_keeps_only_its_combination():
    p = line(2, Region("across 16 at r2c3", (0, 1), total=16, kind="across"))
    [step] = steps(find_sum_combinations, ctx_for(p))
    assert step.technique == "sum-combinations" and step.level == 2
    assert step.eliminations == ((0, FULL & ~mask_of([7, 9])), (1, FULL & ~mask_of([7, 9])))
    assert step.text == "across 16 at r2c3 (2 cells) can only be 7+9, so r1c1 and r1c2 lose 1-6 and 8."


def test_cage_lists_its_combinations():
    p = line(3, Region("cage b", (0, 1, 2), total=10, kind="cage", label="b"))
    [step] = steps(find_sum_combinations, ctx_for(p))
    assert step.eliminations == tuple((c, mask_of([8, 9])) for c in range(3))
    assert step.text == ("cage b (10, 3 cells) can only be 1+2+7, 1+3+6, 1+4+5 or 2+3+5, "
                         "so r1c1, r1c2 and r1c3 lose 8 and 9.")


def test_placement_check_beyond_the_union_of_combinations():
    # cage 6 (3 cells) is 1+2+3; two cells hold only 1/2, so the third must be 3.
    p = line(3, Region("cage c", (0, 1, 2), total=6, kind="cage", label="c"))
    masks = [mask_of([1, 2]), mask_of([1, 2]), mask_of([1, 2, 3])]
    [step] = steps(find_sum_combinations, ctx_for(p, masks))
    assert step.eliminations == ((2, mask_of([1, 2])),)
    assert "r1c3 cannot be 1 or 2" in step.text and "1+2+3" in step.text


def test_nine_cell_run_uses_matching_not_just_union():
    cells = tuple(range(9))
    p = line(9, Region("across 45 at r1c1", cells, total=45, kind="across"))
    masks = [mask_of([1, 2])] * 2 + [mask_of([1, 2, 3, 4])] + [FULL & ~mask_of([1, 2, 3])] * 6
    [step] = steps(find_sum_combinations, ctx_for(p, masks))
    # r1c1 and r1c2 take 1 and 2, so r1c3 is 3 or 4; the rest must cover 4..9 without 3, so r1c3 is 3.
    assert dict(step.eliminations) == {2: mask_of([1, 2, 4])}


def test_no_step_when_nothing_to_remove():
    p = line(2, Region("across 16 at r2c3", (0, 1), total=16, kind="across"))
    assert steps(find_sum_combinations, ctx_for(p, [mask_of([7, 9])] * 2)) == []


def test_broken_region_is_skipped():
    p = line(2, Region("across 16 at r2c3", (0, 1), total=16, kind="across"))
    assert steps(find_sum_combinations, ctx_for(p, [0, FULL])) == []


def test_impossible_region_empties_its_cells():
    p = line(2, Region("cage a", (0, 1), total=16, kind="cage", label="a"))
    [step] = steps(find_sum_combinations, ctx_for(p, [mask_of([1, 2]), FULL]))
    assert dict(step.eliminations) == {0: mask_of([1, 2]), 1: FULL}
    assert "cannot be completed" in step.text


def test_virtual_sum_with_repeats():
    # r1c1 and r1c3 share no region: 9+9 is allowed.
    p = line(3, Region("cage a", (0, 1), total=None, kind="cage", label="a"))
    virtual = Region("r1c1 + r1c3", (0, 2), total=18, distinct=False, kind="virtual")
    [step] = steps(find_sum_combinations, ctx_for(p, virtual=[virtual]))
    assert step.eliminations == ((0, FULL & ~mask_of([9])), (2, FULL & ~mask_of([9])))
    assert "digits may repeat" in step.text


def test_virtual_sum_knows_which_of_its_cells_must_differ():
    # r1c1, r1c2 share cage a (they differ); r1c4 shares nothing with them and may repeat a digit.
    p = line(4, Region("cage a", (0, 1), total=None, kind="cage", label="a"))
    virtual = Region("r1c1 + r1c2 + r1c4", (0, 1, 3), total=8, distinct=False, kind="virtual")
    masks = [mask_of([1, 2, 3])] * 2 + [FULL, mask_of([1, 2, 3])]
    [step] = steps(find_sum_combinations, ctx_for(p, masks, virtual=[virtual]))
    # The pair makes 3, 4 or 5 (never 6), so it is 2+3 and r1c4 = 3: r1c1 and r1c2 lose 1, r1c4 loses 1
    # and 2.  With repeats allowed everywhere, 3+3+2 would keep 2 in every cell.
    assert dict(step.eliminations) == {0: mask_of([1]), 1: mask_of([1]), 3: mask_of([1, 2])}
    assert repeat_support(tuple(masks[c] for c in (0, 1, 3)), 1 << 8)[0] == (mask_of([2, 3]),) * 3


def test_kakuro_crossing_is_explained():
    # r1c1 is in across 4 (1+3) and down 3 (1+2): only 1 is common.
    p = Puzzle(kind="kakuro", height=2, width=2, cells=((0, 0), (0, 1), (1, 0)),
               regions=(Region("across 4 at r1c1", (0, 1), total=4, kind="across"),
                        Region("down 3 at r1c1", (0, 2), total=3, kind="down")))
    ctx = ctx_for(p, [mask_of([1, 3]), mask_of([1, 3]), FULL])
    step = next(find_sum_combinations(ctx))
    assert step.eliminations[0] == (0, mask_of([3]))
    assert ("r1c1 is in both down 3 at r1c1 (1+2) and across 4 at r1c1 (1+3): the only digit both allow is 1."
            in step.text)


def test_fast_mode_has_same_effects_and_no_text():
    p = line(3, Region("cage b", (0, 1, 2), total=10, kind="cage", label="b"))
    slow = steps(find_sum_combinations, ctx_for(p))
    fast = steps(find_sum_combinations, ctx_for(p, explain=False))
    assert [s.eliminations for s in slow] == [s.eliminations for s in fast]
    assert all(s.text == "" for s in fast)


def test_required_digits():
    region = Region("cage x", (0, 1, 2), total=23, kind="cage")
    assert required_digits(region, [FULL] * 3) == mask_of([6, 8, 9])  # 23 = 6+8+9 only
    assert required_digits(Region("cage y", (0, 1), total=None), [FULL] * 2) == 0


def test_digit_ranges():
    assert digit_ranges(mask_of([1, 2, 3, 4, 5, 6, 8])) == "1-6 and 8"
    assert digit_ranges(mask_of([4])) == "4"


masks_st = st.lists(st.integers(1, FULL).map(lambda m: m & FULL).filter(bool), min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(masks_st, st.integers(1, 45))
def test_distinct_fit_matches_brute_force(masks, total):
    support, combos = distinct_fit(tuple(masks), 1 << total)
    want = [0] * len(masks)
    sets = set()
    for values in product(*(digits_of(m) for m in masks)):
        if len(set(values)) == len(values) and sum(values) == total:
            for i, v in enumerate(values):
                want[i] |= 1 << v
            sets.add(mask_of(values))
    assert list(support) == want
    assert combos == tuple(sorted(sets))


@settings(max_examples=200, deadline=None)
@given(masks_st, st.integers(1, 45))
def test_repeat_fit_matches_brute_force(masks, total):
    support, totals = repeat_support(tuple(masks), 1 << total)
    want = [0] * len(masks)
    for values in product(*(digits_of(m) for m in masks)):
        if sum(values) == total:
            for i, v in enumerate(values):
                want[i] |= 1 << v
    assert list(support) == want
    assert bool(totals) == any(want)


# --- combination confinement ----------------------------------------------------------------
def test_virtual_sum_confined_to_a_column():
    column = Region("column 1", tuple(range(9)), kind="column")
    p = Puzzle(kind="demo", height=9, width=1, cells=tuple((r, 0) for r in range(9)), regions=(column,))
    virtual = Region("r1c1 + r2c1", (0, 1), total=17, kind="virtual")
    ctx = ctx_for(p, virtual=[virtual])
    [step] = steps(find_combination_confinement, ctx)
    assert step.technique == "combination-confinement"
    assert step.eliminations == tuple((c, mask_of([8, 9])) for c in range(2, 9))
    assert "must hold 8 and 9" in step.text and "column 1" in step.text


def test_confinement_needs_every_combination():
    column = Region("column 1", tuple(range(9)), kind="column")
    p = Puzzle(kind="demo", height=9, width=1, cells=tuple((r, 0) for r in range(9)), regions=(column,))
    virtual = Region("r1c1 + r2c1", (0, 1), total=16, kind="virtual")  # 7+9: both required too
    assert steps(find_combination_confinement, ctx_for(p, virtual=[virtual]))
    loose = Region("r1c1 + r2c1", (0, 1), total=10, kind="virtual")  # 1+9, 2+8, ...: nothing required
    assert steps(find_combination_confinement, ctx_for(p, virtual=[loose])) == []


# --- sum comparisons -----------------------------------------------------------------------
def greater(cages, relations):
    return build_greater([Cage(label, total, cells) for label, total, cells in cages], relations)


def test_cage_without_total_below_a_cage_with_one():
    p = greater([("a", None, ((0, 0), (0, 1))), ("d", 5, ((1, 0), (1, 1)))], [("a", "<", "d")])
    [step] = steps(find_sum_comparisons, ctx_for(p))
    a = p.regions[p.region_index["a"]].cells
    assert step.eliminations == tuple((c, mask_of(range(4, 10))) for c in a)
    assert step.text == ("cage a < cage d (5), and cage a has no printed total and could add 3 to 17 with "
                         "the candidates left, so it adds at most 4: r1c1 and r1c2 lose 4-9.")


def test_comparison_bounds_both_sides_without_totals():
    p = greater([("a", None, ((0, 0), (0, 1))), ("b", None, ((4, 4),))], [("a", ">", "b")])
    masks = [FULL] * 81
    masks[40] = mask_of([3, 4, 5])
    masks[0], masks[1] = mask_of([1]), mask_of([2, 3])  # a adds 3 or 4, so b is 3 and a is 4
    [step] = steps(find_sum_comparisons, ctx_for(p, masks))
    assert dict(step.eliminations) == {1: mask_of([2]), 40: mask_of([4, 5])}


def test_equal_comparison():
    p = greater([("a", None, ((0, 0), (0, 1))), ("b", 17, ((4, 4), (4, 5)))], [("a", "=", "b")])
    [step] = steps(find_sum_comparisons, ctx_for(p))
    assert dict(step.eliminations) == {0: mask_of(range(1, 8)), 1: mask_of(range(1, 8))}
    assert "it must add 17" in step.text


def test_comparison_that_holds_anyway_is_silent():
    p = greater([("a", None, ((0, 0), (0, 1))), ("b", 30, ((4, 4), (4, 5), (4, 6), (4, 7)))],
                [("a", "<", "b")])
    assert steps(find_sum_comparisons, ctx_for(p)) == []


def test_allowed_sums():
    assert allowed_sums(0b1111000, ">", 0b100000) == 0b1000000
    assert allowed_sums(0b1111000, "=", 0b100000) == 0b100000
    assert allowed_sums(0, "<", 0b1) == 0


def test_technique_records():
    for module in (combinations, comparisons, intersections):
        for tech in module.TECHNIQUES:
            # The relation check tries a comparison case by case, the full filling check places a whole
            # cage: harder steps (levels 5 and 4) than the rest here.
            top = {"relation-check": 5, "sum-fillings": 4}.get(tech.id, 3)
            assert tech.example and tech.score > 0 and 2 <= tech.level <= top
