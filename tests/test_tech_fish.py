"""Fish (X-Wing, Swordfish, Jellyfish; finned and sashimi): cases that must fire with
exactly the expected eliminations, near misses that must not, on Sudoku and Killer
grids, and a brute-force check of every elimination on random positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.greater_killer import build as build_greater
from puzzles.killer import Cage
from puzzles.sudoku import build as build_sudoku
from solver.bits import mask_of
from solver.candidates import Candidates
from solver.engine import Context
from solver.search import random_solution
from techniques import DEFAULT, fish
from techniques.fish import (find_finned_swordfish, find_finned_x_wing, find_jellyfish, find_swordfish,
                             find_x_wing)

from .position_brute import GaveUp, can_hold, random_position

FULL = mask_of(range(1, 10))
SUDOKU = build_sudoku()


def cell(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def ctx_for(puzzle, masks, *, explain: bool = True) -> Context:
    return Context(puzzle, Candidates(puzzle, masks), (), explain=explain)


def confine(masks: list[int], digit: int, rows: dict[int, list[int]]) -> list[int]:
    """``digit`` kept, in each given row, only in the given columns (1-based)."""
    out = list(masks)
    for r, cols in rows.items():
        for c in range(1, 10):
            if c not in cols:
                out[9 * (r - 1) + c - 1] &= ~(1 << digit)
    return out


def elims(step) -> list[tuple[str, list[int]]]:
    return [(SUDOKU.cell_name(c), [d for d in range(10) if m >> d & 1]) for c, m in step.eliminations]


def losing(digit: int, cells) -> list[tuple[str, list[int]]]:
    return [(SUDOKU.cell_name(c), [digit]) for c in sorted(cells)]


# --- basic fish ---------------------------------------------------------------------------------
def test_x_wing_in_rows():
    masks = confine([FULL] * 81, 4, {2: [3, 8], 7: [3, 8]})
    step = next(find_x_wing(ctx_for(SUDOKU, masks)))
    assert step.technique == "x-wing" and step.level == 6
    expected = [9 * r + c for r in range(9) for c in (2, 7) if r not in (1, 6)]
    assert elims(step) == losing(4, expected)
    assert step.text.startswith("X-Wing on 4: in rows 2 and 7, 4 can only go in columns 3 and 8, so 4 leaves "
                                "the rest of columns 3 and 8: r1c3, r1c8, r3c3")
    assert step.cells == tuple(cell(n) for n in ("r2c3", "r2c8", "r7c3", "r7c8"))
    assert {name for name, _ in step.regions} == {"row 2", "row 7", "column 3", "column 8"}


def test_x_wing_in_columns():
    masks = [FULL] * 81
    for c in (1, 6):  # 9 only in rows 4 and 5 of columns 1 and 6 (different boxes)
        for r in range(9):
            if r not in (3, 4):
                masks[9 * r + c] &= ~(1 << 9)
    step = next(find_x_wing(ctx_for(SUDOKU, masks)))
    expected = [9 * r + c for r in (3, 4) for c in range(9) if c not in (1, 6)]
    assert elims(step) == losing(9, expected)
    assert "in columns 2 and 7, 9 can only go in rows 4 and 5" in step.text


def test_no_x_wing_when_a_row_has_a_third_place_or_nothing_to_remove():
    masks = confine([FULL] * 81, 4, {2: [3, 8], 7: [3, 5, 8]})
    assert list(find_x_wing(ctx_for(SUDOKU, masks))) == []
    assert list(find_x_wing(ctx_for(SUDOKU, [FULL] * 81))) == []
    # the X-Wing's columns already hold 4 nowhere else: nothing to remove
    masks = confine([FULL] * 81, 4, {r: ([3, 8] if r in (2, 7) else [1, 2, 4, 5, 6, 7, 9]) for r in range(1, 10)})
    assert list(find_x_wing(ctx_for(SUDOKU, masks))) == []


def test_swordfish_and_jellyfish():
    masks = confine([FULL] * 81, 6, {1: [2, 5], 4: [5, 9], 8: [2, 9]})
    step = next(find_swordfish(ctx_for(SUDOKU, masks)))
    assert step.technique == "swordfish" and step.level == 7
    expected = [9 * r + c for r in range(9) for c in (1, 4, 8) if r not in (0, 3, 7)]
    assert elims(step) == losing(6, expected)
    assert step.text.startswith("Swordfish on 6: in rows 1, 4 and 8, 6 can only go in columns 2, 5 and 9")
    assert list(find_x_wing(ctx_for(SUDOKU, masks))) == []
    masks = confine([FULL] * 81, 3, {1: [2, 4], 3: [4, 5], 6: [5, 9], 8: [2, 9]})
    step = next(find_jellyfish(ctx_for(SUDOKU, masks)))
    expected = [9 * r + c for r in range(9) for c in (1, 3, 4, 8) if r not in (0, 2, 5, 7)]
    assert elims(step) == losing(3, expected)
    assert list(find_swordfish(ctx_for(SUDOKU, masks))) == []


# --- finned and sashimi -------------------------------------------------------------------------
def test_finned_x_wing_removes_only_what_sees_the_fin():
    masks = confine([FULL] * 81, 7, {2: [3, 8], 7: [3, 8, 9]})  # fin r7c9, in box 9 with column 8
    assert list(find_x_wing(ctx_for(SUDOKU, masks))) == []
    step = next(find_finned_x_wing(ctx_for(SUDOKU, masks)))
    assert step.technique == "finned-x-wing" and step.level == 7
    assert elims(step) == losing(7, [cell("r8c8"), cell("r9c8")])
    assert step.text.startswith("Finned X-Wing on 7: in rows 2 and 7, 7 can only go in columns 3 and 8 or in "
                                "the fin r7c9")


def test_sashimi_x_wing():
    masks = confine([FULL] * 81, 7, {2: [3, 8], 7: [8, 9]})  # row 7 keeps one place in the covers
    step = next(find_finned_x_wing(ctx_for(SUDOKU, masks)))
    assert elims(step) == losing(7, [cell("r8c8"), cell("r9c8")])
    assert step.text.startswith("Sashimi X-Wing on 7")


def test_no_finned_fish_when_the_fin_is_outside_the_covers_boxes():
    masks = confine([FULL] * 81, 7, {2: [3, 8], 7: [3, 5, 8]})  # fin r7c5 in box 8: sees no cover cell
    assert list(find_finned_x_wing(ctx_for(SUDOKU, masks))) == []
    masks = confine([FULL] * 81, 7, {2: [3, 8], 7: [1, 3, 5, 8]})  # fins in two boxes: no cell sees both
    assert list(find_finned_x_wing(ctx_for(SUDOKU, masks))) == []
    assert list(find_finned_swordfish(ctx_for(SUDOKU, masks))) == []


def test_finned_swordfish():
    masks = confine([FULL] * 81, 2, {1: [2, 5], 4: [5, 9], 8: [2, 7, 9]})  # fin r8c7 (box 9, with column 9)
    assert list(find_swordfish(ctx_for(SUDOKU, masks))) == []
    step = next(find_finned_swordfish(ctx_for(SUDOKU, masks)))
    assert elims(step) == losing(2, [cell("r7c9"), cell("r9c9")])


# --- other kinds ----------------------------------------------------------------------------------
def killer(cages):
    return build_greater([Cage(label, total, cells) for label, total, cells in cages])


def test_x_wing_over_cages_in_a_killer():
    """Two cages that must hold 1 (3 = 1+2 and 8 = 1+2+5 or 1+3+4), with 1 left in columns 1 and 2."""
    p = killer([("a", 3, ((0, 0), (0, 1))), ("b", 8, ((4, 0), (4, 1), (4, 2)))])
    masks = list(Candidates.initial(p).masks)
    masks[cell("r5c3")] &= ~(1 << 1)
    step = next(find_x_wing(ctx_for(p, masks)))
    assert step.technique == "x-wing"
    expected = [9 * r + c for r in range(9) for c in (0, 1) if r not in (0, 4)]
    assert elims(step) == losing(1, expected)
    assert "in cage a (3) and cage b (8), 1 can only go in columns 1 and 2" in step.text


def test_no_x_wing_over_a_cage_that_need_not_hold_the_digit():
    p = killer([("a", 3, ((0, 0), (0, 1))), ("b", 9, ((4, 0), (4, 1), (4, 2)))])  # 9 = 2+3+4 lacks 1
    masks = list(Candidates.initial(p).masks)
    masks[cell("r5c3")] &= ~(1 << 1)
    assert list(find_x_wing(ctx_for(p, masks))) == []


def test_fish_on_a_6x6_grid():
    p = build_sudoku(size=6)
    masks = [mask_of(range(1, 7))] * 36
    masks = list(masks)
    for r in (0, 3):  # 5 in rows 1 and 4 only in columns 2 and 5
        for c in range(6):
            if c not in (1, 4):
                masks[6 * r + c] &= ~(1 << 5)
    step = next(find_x_wing(ctx_for(p, masks)))
    assert [(p.cell_name(c), m) for c, m in step.eliminations] == [
        (p.cell_name(6 * r + c), 1 << 5) for r in range(6) for c in (1, 4) if r not in (0, 3)]


def test_fast_mode_has_no_text_and_the_family_is_in_default_after_the_quads():
    masks = confine([FULL] * 81, 4, {2: [3, 8], 7: [3, 8]})
    step = next(find_x_wing(ctx_for(SUDOKU, masks, explain=False)))
    assert step.text == "" and step.eliminations
    ids = [t.id for t in DEFAULT]
    for t in fish.TECHNIQUES:
        assert ids.index("hidden-quad") < ids.index(t.id) < ids.index("contradiction-1")


# --- brute force ----------------------------------------------------------------------------------
def check_family(puzzle, masks, finders) -> int:
    """Every elimination every finder yields on the position is confirmed by a search of its solutions."""
    checked = 0
    ctx = ctx_for(puzzle, masks)
    for find in finders:
        for k, step in enumerate(find(ctx)):
            if k == 5:
                break
            for c, m in step.eliminations:
                assert m and not m & ~masks[c], f"{step.text}: removes a non-candidate"
                for d in range(1, puzzle.max_digit + 1):
                    if m >> d & 1:
                        try:
                            assert not can_hold(puzzle, masks, c, d), (
                                f"{step.text}: {puzzle.cell_name(c)} can be {d}")
                        except GaveUp:
                            continue
                        checked += 1
    return checked


FINDERS = [t.find for t in fish.TECHNIQUES]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from([6, 9]))
def test_every_fish_elimination_is_confirmed_by_brute_force(seed, size):
    rng = random.Random(seed)
    puzzle = build_sudoku(size=size)
    solution = random_solution(puzzle, rng)
    assert solution is not None
    # few candidates per digit, so that fish appear
    masks = random_position(rng, solution, size, extra=0.3 if size == 6 else 0.2, fixed=0.25)
    check_family(puzzle, masks, FINDERS)


@pytest.mark.parametrize("seed", range(6))
def test_fish_fire_on_random_positions(seed):
    """The brute force above is not vacuous: on these positions fish fire and are confirmed."""
    rng = random.Random(seed)
    total = 0
    for _ in range(10):
        solution = random_solution(SUDOKU, rng)
        assert solution is not None
        masks = random_position(rng, solution, 9, extra=0.2, fixed=0.25)
        total += check_family(SUDOKU, masks, FINDERS)
    assert total > 0
