"""Wings (XY-Wing, XYZ-Wing, WXYZ-Wing): cases that must fire with exactly the expected
eliminations, near misses that must not, on Sudoku and Killer grids, and a brute-force
check of every elimination on random positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.greater_killer import build as build_greater
from puzzles.killer import Cage
from puzzles.sudoku import build as build_sudoku
from solver.bits import mask_of
from solver.search import random_solution
from techniques import DEFAULT, wings
from techniques.wings import find_wxyz_wing, find_xy_wing, find_xyz_wing

from .position_brute import random_position
from .test_tech_fish import check_family, ctx_for

FULL = mask_of(range(1, 10))
SUDOKU = build_sudoku()


def cell(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def grid(**cells: str) -> list[int]:
    """Full candidates except the named cells (``r1c1="12"``)."""
    masks = [FULL] * 81
    for name, digits in cells.items():
        masks[cell(name)] = mask_of(int(d) for d in digits)
    return masks


def named(step) -> list[tuple[str, list[int]]]:
    return [(SUDOKU.cell_name(c), [d for d in range(10) if m >> d & 1]) for c, m in step.eliminations]


# --- XY-Wing --------------------------------------------------------------------------------------
def test_xy_wing():
    masks = grid(r1c1="12", r1c5="13", r3c2="23")
    step = next(find_xy_wing(ctx_for(SUDOKU, masks)))
    assert step.technique == "xy-wing" and step.level == 6
    assert named(step) == [(n, [3]) for n in ("r1c2", "r1c3", "r3c4", "r3c5", "r3c6")]
    assert step.text.startswith("XY-Wing on 3: the pivot r1c1 is 1 or 2; if 1, r1c5 (1/3) is 3; if 2, "
                                "r3c2 (2/3) is 3.")
    assert step.cells == (cell("r1c1"), cell("r1c5"), cell("r3c2"))
    # the chain: r1c5=3 = r1c5=1 - r1c1=1 = r1c1=2 - r3c2=2 = r3c2=3
    assert [(lk.cells, lk.digit, lk.strong) for lk in step.links] == [
        ((cell("r1c5"),), 3, True), ((cell("r1c5"),), 1, False), ((cell("r1c1"),), 1, True),
        ((cell("r1c1"),), 2, False), ((cell("r3c2"),), 2, True)]


def test_no_xy_wing_when_a_pincer_does_not_see_the_pivot_or_the_digits_do_not_match():
    assert list(find_xy_wing(ctx_for(SUDOKU, grid(r1c1="12", r1c5="13", r9c9="23")))) == []
    assert list(find_xy_wing(ctx_for(SUDOKU, grid(r1c1="12", r1c5="13", r3c2="24")))) == []
    # the pincers see each other only; no cell sees both outside the wing and holds 3
    masks = grid(r1c1="12", r1c5="13", r3c2="23")
    for name in ("r1c2", "r1c3", "r3c4", "r3c5", "r3c6"):
        masks[cell(name)] &= ~(1 << 3)
    assert list(find_xy_wing(ctx_for(SUDOKU, masks))) == []


def test_xy_wing_through_a_cage():
    """The pivot r3c3 sees the pincer r4c4 only through their cage."""
    p = build_greater([Cage("a", 12, ((2, 2), (2, 3), (3, 3)))])
    masks = grid(r3c3="12", r4c4="13", r1c3="23", r3c4="789")
    step = next(find_xy_wing(ctx_for(p, masks)))
    assert named(step) == [("r1c4", [3]), ("r4c3", [3])]
    without_cage = build_sudoku()
    assert list(find_xy_wing(ctx_for(without_cage, masks))) == []


# --- XYZ-Wing -------------------------------------------------------------------------------------
def test_xyz_wing():
    masks = grid(r1c1="124", r1c5="14", r2c2="24")
    step = next(find_xyz_wing(ctx_for(SUDOKU, masks)))
    assert step.technique == "xyz-wing" and step.level == 7
    assert named(step) == [("r1c2", [4]), ("r1c3", [4])]
    assert step.text.startswith("XYZ-Wing on 4: the pivot r1c1 is 1, 2 or 4")


def test_no_xyz_wing_when_a_pincer_does_not_see_the_pivot():
    assert list(find_xyz_wing(ctx_for(SUDOKU, grid(r1c1="124", r1c5="14", r5c5="24")))) == []
    assert list(find_xyz_wing(ctx_for(SUDOKU, grid(r1c1="124", r1c5="14", r2c2="25")))) == []


# --- WXYZ-Wing ------------------------------------------------------------------------------------
def test_wxyz_wing():
    """Digits 1, 2, 4 and 9 over r1c1, r1c2, r2c3 and r1c8: 1 (r1c1, r1c2), 2 (r1c1, r2c3) and 4
    (r1c8 only) are restricted; 9 is in all four, and r2c3 and r1c8 do not see each other."""
    masks = grid(r1c1="129", r1c2="19", r2c3="29", r1c8="49")
    step = next(find_wxyz_wing(ctx_for(SUDOKU, masks)))
    assert step.technique == "wxyz-wing"
    assert named(step) == [("r1c3", [9])]
    assert step.text.startswith("WXYZ-Wing on 9: r1c1, r1c2, r1c8 and r2c3 hold only 1, 2, 4 and 9 between them")


def test_no_wxyz_wing_with_two_loose_digits():
    masks = grid(r1c1="129", r1c2="19", r2c3="29", r1c8="249")  # 2 and 9 are both loose
    assert list(find_wxyz_wing(ctx_for(SUDOKU, masks))) == []


def test_family_order_and_fast_mode():
    step = next(find_xy_wing(ctx_for(SUDOKU, grid(r1c1="12", r1c5="13", r3c2="23"), explain=False)))
    assert step.text == "" and step.eliminations
    ids = [t.id for t in DEFAULT]
    for t in wings.TECHNIQUES:
        assert ids.index("hidden-quad") < ids.index(t.id) < ids.index("contradiction-1")


# --- brute force ----------------------------------------------------------------------------------
FINDERS = [t.find for t in wings.TECHNIQUES]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from([6, 9]))
def test_every_wing_elimination_is_confirmed_by_brute_force(seed, size):
    rng = random.Random(seed)
    puzzle = build_sudoku(size=size)
    solution = random_solution(puzzle, rng)
    assert solution is not None
    masks = random_position(rng, solution, size, extra=0.25 if size == 6 else 0.15, fixed=0.3)
    check_family(puzzle, masks, FINDERS)


@pytest.mark.parametrize("seed", range(4))
def test_wings_fire_on_random_positions(seed):
    rng = random.Random(seed)
    total = 0
    for _ in range(10):
        solution = random_solution(SUDOKU, rng)
        assert solution is not None
        total += check_family(SUDOKU, random_position(rng, solution, 9, extra=0.15, fixed=0.3), FINDERS)
    assert total > 0
