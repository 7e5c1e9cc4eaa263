"""Intersections, subsets and Kropki dots: hand-checked cases that must fire with
exactly the expected effects, and cases that must not fire."""

from __future__ import annotations

from puzzles.greater_killer import build as build_greater
from puzzles.killer import Cage
from puzzles.kropki import build as build_kropki
from puzzles.sudoku import build as build_sudoku
from solver.bits import mask_of
from solver.candidates import Candidates
from solver.engine import Context
from solver.model import Puzzle, Region
from techniques import dots, intersections, subsets
from techniques.dots import find_kropki_chain, find_kropki_dots
from techniques.intersections import find_cage_confinement, find_claiming, find_pointing
from techniques.subsets import (find_hidden_pair, find_hidden_quad, find_hidden_triple, find_naked_pair,
                                find_naked_quad, find_naked_triple)

FULL = mask_of(range(1, 10))


def cell(name: str) -> int:
    r, c = int(name[1]) - 1, int(name[3]) - 1
    return 9 * r + c


def ctx_for(puzzle: Puzzle, masks=None, *, explain: bool = True) -> Context:
    state = Candidates.initial(puzzle) if masks is None else Candidates(puzzle, masks)
    return Context(puzzle, state, (), explain=explain)


def without(masks: list[int], cells, digits) -> list[int]:
    out = list(masks)
    for c in cells:
        out[cell(c) if isinstance(c, str) else c] &= ~mask_of(digits)
    return out


SUDOKU = build_sudoku()
ROW1 = [f"r1c{c}" for c in range(1, 10)]
BOX1 = [f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4)]


# --- pointing and claiming ------------------------------------------------------------------
def test_pointing():
    masks = without([FULL] * 81, [c for c in BOX1 if c not in ("r1c1", "r1c2")], [5])
    step = next(find_pointing(ctx_for(SUDOKU, masks)))
    assert step.technique == "pointing" and step.level == 3
    assert step.eliminations == tuple((cell(c), 1 << 5) for c in ROW1[3:])
    assert step.text.startswith("In box 1, 5 can only go in r1c1 and r1c2, both in row 1; "
                                "so 5 leaves the rest of row 1")


def test_claiming():
    masks = without([FULL] * 81, ROW1[2:], [5])
    step = next(find_claiming(ctx_for(SUDOKU, masks)))
    assert step.eliminations == tuple((cell(c), 1 << 5) for c in BOX1 if c[1] != "1")
    assert step.text.startswith("In row 1, 5 can only go in r1c1 and r1c2, both in box 1")


def test_no_pointing_on_a_fresh_grid_or_a_placed_digit():
    assert list(find_pointing(ctx_for(SUDOKU))) == []
    assert list(find_claiming(ctx_for(SUDOKU))) == []
    masks = without([FULL] * 81, [c for c in BOX1 if c != "r1c1"], [5])  # one cell left: a hidden single
    assert list(find_pointing(ctx_for(SUDOKU, masks))) == []


# --- cage confinement -----------------------------------------------------------------------
def greater(cages, relations=()):
    return build_greater([Cage(label, total, cells) for label, total, cells in cages], relations)


def test_cage_confinement_into_a_row():
    p = greater([("a", 3, ((0, 0), (0, 1)))])
    step = next(find_cage_confinement(ctx_for(p)))
    assert step.technique == "cage-confinement"
    assert step.eliminations == tuple((cell(c), mask_of([1, 2])) for c in ROW1[2:])
    assert step.text.startswith("cage a (3) must hold 1 and 2 (its only combination 1+2 uses them)")


def test_cage_confinement_from_a_house():
    p = greater([("a", 12, ((0, 0), (0, 1), (1, 0)))])
    masks = without([FULL] * 81, ROW1[2:], [5])
    steps = list(find_cage_confinement(ctx_for(p, masks)))
    [step] = [s for s in steps if s.text.startswith("In row 1")]
    assert dict(step.eliminations) == {cell("r1c1"): mask_of([2, 7, 8, 9]), cell("r1c2"): mask_of([2, 7, 8, 9]),
                                       cell("r2c1"): mask_of([2, 5, 7, 8, 9])}
    assert "must be 1+5+6 or 3+4+5" in step.text


def test_cage_confinement_claims_several_digits_at_once():
    # Row 1 can place 1 and 5 only in r1c1 and r1c2, both in cage a (15): the cage holds
    # both, so its third digit is 9.  Either digit alone would leave 1+6+8 or 4+5+6 open.
    p = greater([("a", 15, ((0, 0), (0, 1), (1, 0)))])
    masks = without([FULL] * 81, ROW1[2:], [1, 5])
    [step] = [s for s in find_cage_confinement(ctx_for(p, masks)) if s.text.startswith("In row 1")]
    assert dict(step.eliminations) == {cell("r1c1"): FULL & ~mask_of([1, 5]), cell("r1c2"): FULL & ~mask_of([1, 5]),
                                       cell("r2c1"): FULL & ~mask_of([9])}
    assert step.text.startswith("In row 1, 1 and 5 can only go in r1c1 and r1c2, both in cage a (15); "
                                "so cage a holds 1 and 5 and must be 1+5+9:")
    assert step.candidates == ((cell("r1c1"), mask_of([1, 5])), (cell("r1c2"), mask_of([1, 5])))


def test_combination_confinement_from_a_house_into_a_derived_sum():
    # A derived sum r1c1 + r2c1 = 10 (distinct, both in column 1); column 1 can place 3
    # only there, so the sum is 3+7.
    ctx = ctx_for(SUDOKU, without([FULL] * 81, [f"r{r}c1" for r in range(3, 10)], [3]))
    ctx.add_virtual(Region("sum of r1c1 + r2c1", (cell("r1c1"), cell("r2c1")), 10, True, kind="virtual"))
    steps = list(intersections.find_combination_confinement(ctx))
    [step] = [s for s in steps if s.text.startswith("In column 1")]
    assert step.technique == "combination-confinement"
    assert step.eliminations == ((cell("r1c1"), FULL & ~mask_of([3, 7])), (cell("r2c1"), FULL & ~mask_of([3, 7])))
    assert "so sum of r1c1 + r2c1 holds 3 and must be 3+7" in step.text


def test_no_combination_confinement_into_a_sum_that_is_a_house_or_not_distinct():
    masks = without([FULL] * 81, [f"r{r}c1" for r in range(3, 10)], [3])
    ctx = ctx_for(SUDOKU, masks)
    ctx.add_virtual(Region("loose sum", (cell("r1c1"), cell("r2c1")), 10, False, kind="virtual"))
    ctx.add_virtual(Region("column 1 again", tuple(cell(f"r{r}c1") for r in range(1, 10)), 45, True,
                           kind="virtual"))
    assert not [s for s in intersections.find_combination_confinement(ctx) if s.text.startswith("In column")]


def test_cage_confinement_needs_a_required_digit():
    p = greater([("a", 10, ((0, 0), (0, 1)))])  # 1+9, 2+8, ...: no digit is required
    assert list(find_cage_confinement(ctx_for(p))) == []
    p = greater([("a", None, ((0, 0), (0, 1)))])
    assert list(find_cage_confinement(ctx_for(p))) == []


# --- subsets ------------------------------------------------------------------------------
def test_naked_pair():
    masks = [FULL] * 81
    masks[cell("r1c2")] = masks[cell("r1c5")] = mask_of([3, 8])
    step = next(find_naked_pair(ctx_for(SUDOKU, masks)))
    assert step.technique == "naked-pair" and step.level == 4
    assert step.eliminations == tuple((cell(c), mask_of([3, 8])) for c in ROW1 if c not in ("r1c2", "r1c5"))
    assert step.text.startswith("r1c2 and r1c5 can only be 3/8 (a naked pair in row 1), so 3 and 8 leave")


def test_naked_triple_with_partial_cells():
    masks = [FULL] * 81
    masks[cell("r1c1")], masks[cell("r1c5")], masks[cell("r1c9")] = mask_of([1, 2]), mask_of([2, 3]), mask_of([1, 3])
    assert list(find_naked_pair(ctx_for(SUDOKU, masks))) == []
    step = next(find_naked_triple(ctx_for(SUDOKU, masks)))
    assert step.eliminations == tuple((cell(c), mask_of([1, 2, 3])) for c in ROW1 if c not in ("r1c1", "r1c5", "r1c9"))
    assert "hold only 1-3 between them" in step.text


def test_naked_quad():
    masks = [FULL] * 81
    for name, ds in (("r1c1", [1, 2]), ("r1c2", [2, 3]), ("r1c3", [3, 4]), ("r1c4", [1, 4])):
        masks[cell(name)] = mask_of(ds)
    step = next(s for s in find_naked_quad(ctx_for(SUDOKU, masks)) if "row 1" in s.text)
    assert step.eliminations == tuple((cell(c), mask_of([1, 2, 3, 4])) for c in ROW1[4:])


def test_hidden_pair():
    masks = without([FULL] * 81, [c for c in ROW1 if c not in ("r1c3", "r1c7")], [4, 6])
    step = next(find_hidden_pair(ctx_for(SUDOKU, masks)))
    assert step.technique == "hidden-pair"
    assert step.eliminations == ((cell("r1c3"), FULL & ~mask_of([4, 6])), (cell("r1c7"), FULL & ~mask_of([4, 6])))
    assert step.text.startswith("row 1 needs 4 and 6, and they can only go in r1c3 and r1c7 (a hidden pair)")


def test_hidden_triple_and_quad():
    masks = without([FULL] * 81, [c for c in ROW1 if c not in ("r1c1", "r1c2", "r1c3")], [1, 2, 3])
    assert list(find_hidden_pair(ctx_for(SUDOKU, masks))) == []
    step = next(find_hidden_triple(ctx_for(SUDOKU, masks)))
    assert {c for c, _ in step.eliminations} == {cell("r1c1"), cell("r1c2"), cell("r1c3")}
    masks = without([FULL] * 81, [c for c in ROW1 if c not in ROW1[:4]], [1, 2, 3, 4])
    step = next(find_hidden_quad(ctx_for(SUDOKU, masks)))
    assert all(m == FULL & ~mask_of([1, 2, 3, 4]) for _, m in step.eliminations)


def test_hidden_pair_in_a_cage_needs_required_digits():
    # cage 17 of 3 cells has several combinations; 8 and 9 are not in all of them.
    region = Region("cage a", (0, 1, 2, 3), total=30, kind="cage", label="a")  # 6+7+8+9 only
    p = Puzzle(kind="demo", height=1, width=4, cells=tuple((0, c) for c in range(4)), regions=(region,))
    masks = [mask_of([6, 7, 8, 9])] * 2 + [mask_of([6, 7]) | mask_of([1])] * 2
    step = next(find_hidden_pair(ctx_for(p, masks)))
    assert step.eliminations == ((0, mask_of([6, 7])), (1, mask_of([6, 7])))
    assert "every combination" in step.text or "only combination" in step.text
    loose = Region("cage b", (0, 1, 2, 3), total=20, kind="cage", label="b")
    q = Puzzle(kind="demo", height=1, width=4, cells=tuple((0, c) for c in range(4)), regions=(loose,))
    masks = [mask_of([1, 2, 8, 9])] * 2 + [mask_of([3, 4, 5, 6, 7])] * 2
    assert list(find_hidden_pair(ctx_for(q, masks))) == []


def test_subsets_in_fast_mode():
    masks = [FULL] * 81
    masks[cell("r1c2")] = masks[cell("r1c5")] = mask_of([3, 8])
    fast = next(find_naked_pair(ctx_for(SUDOKU, masks, explain=False)))
    slow = next(find_naked_pair(ctx_for(SUDOKU, masks)))
    assert fast.text == "" and fast.eliminations == slow.eliminations


def test_broken_state_does_not_crash():
    masks = [FULL] * 81
    masks[0] = 0
    for finder in (find_naked_pair, find_hidden_pair, find_naked_triple, find_hidden_triple, find_pointing,
                   find_claiming, find_kropki_dots):
        list(finder(ctx_for(SUDOKU, masks)))


# --- Kropki -------------------------------------------------------------------------------
def test_black_dot():
    p = build_kropki(black=[((3, 4), (3, 5))], negative=False)
    [step] = list(find_kropki_dots(ctx_for(p)))
    assert step.technique == "kropki-dots" and step.level == 2
    assert step.eliminations == ((cell("r4c5"), mask_of([5, 7, 9])), (cell("r4c6"), mask_of([5, 7, 9])))
    assert step.text.startswith("r4c5 and r4c6 have a black dot: one is double the other")


def test_white_dot_next_to_a_single():
    p = build_kropki(white=[((0, 0), (0, 1))], negative=False)
    masks = [FULL] * 81
    masks[1] = mask_of([5])
    [step] = list(find_kropki_dots(ctx_for(p, masks)))
    assert step.eliminations == ((0, FULL & ~mask_of([4, 6])),)


def test_negative_rule():
    p = build_kropki(negative=True)
    masks = [FULL] * 81
    masks[1] = mask_of([4])
    steps = list(find_kropki_dots(ctx_for(p, masks)))
    first = steps[0]
    assert first.eliminations == ((0, mask_of([2, 3, 5, 8])),)
    assert "negative rule" in first.text and "r1c2 is 4" in first.text
    assert len(steps) == 3  # r1c1, r1c3 and r2c2 each lose 2, 3, 5 and 8


def test_no_dot_step_when_consistent():
    p = build_kropki(white=[((0, 0), (0, 1))], negative=False)
    masks = [FULL] * 81
    masks[0], masks[1] = mask_of([4, 6]), mask_of([5])
    assert list(find_kropki_dots(ctx_for(p, masks))) == []


def test_kropki_chain_two_white_dots():
    p = build_kropki(white=[((1, 0), (1, 1)), ((1, 1), (1, 2))], negative=False)
    [step] = list(find_kropki_chain(ctx_for(p)))
    assert step.technique == "kropki-chain" and step.level == 4
    assert step.eliminations == ((cell("r2c2"), mask_of([1, 9])),)
    assert "r2c1 and r2c3 see each other" in step.text


def test_kropki_chain_two_black_dots():
    p = build_kropki(black=[((1, 0), (1, 1)), ((1, 1), (2, 1))], negative=False)  # an L inside box 1
    masks = [FULL] * 81
    for c in (cell("r2c1"), cell("r2c2"), cell("r3c2")):
        masks[c] = mask_of([1, 2, 3, 4, 6, 8])
    [step] = list(find_kropki_chain(ctx_for(p, masks)))
    # the middle needs two different double-or-half partners: only 2 (1, 4) and 4 (2, 8) have two.
    assert dict(step.eliminations)[cell("r2c2")] == mask_of([1, 3, 6, 8])


def test_no_chain_when_ends_do_not_see_each_other():
    p = build_kropki(white=[((0, 3), (1, 3))], black=[((1, 3), (1, 4))], negative=False)
    masks = [FULL] * 81
    # r1c4 and r2c5 are in the same box, so this is a chain; move it across a box edge instead:
    q = build_kropki(white=[((0, 2), (1, 2))], black=[((1, 2), (1, 3))], negative=False)  # r1c3 / r2c4 differ boxes
    assert dot_fork_cells(q) == []
    assert dot_fork_cells(p) == [(cell("r2c4"), cell("r1c4"), cell("r2c5"))]
    del masks


def dot_fork_cells(p):
    return [(x, a, b) for x, a, _, b, _ in dots.dot_forks(p)]


def test_technique_records():
    for module in (dots, intersections, subsets):
        for tech in module.TECHNIQUES:
            assert tech.example and tech.score > 0 and 2 <= tech.level <= 6
