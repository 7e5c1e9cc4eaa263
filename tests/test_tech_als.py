"""Almost locked sets (ALS-XZ, ALS-XY-Wing) and Sue de Coq: cases that must fire with
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
from solver.search import random_solution
from techniques import DEFAULT, als
from techniques.als import find_als_xy_wing, find_als_xz, find_sue_de_coq

from .position_brute import can_hold, random_position
from .test_tech_fish import check_family, ctx_for
from .test_tech_wings import cell, grid, named

SUDOKU = build_sudoku()


def with_cells(steps, names) -> list:
    """The steps whose highlighted cells are exactly ``names``."""
    want = {cell(n) for n in names}
    return [s for s in steps if set(s.cells) == want]


def all_confirmed(puzzle, masks, steps) -> None:
    for step in steps:
        for c, m in step.eliminations:
            for d in range(1, 10):
                if m >> d & 1:
                    assert not can_hold(puzzle, masks, c, d), f"{step.text}: {puzzle.cell_name(c)} can be {d}"


# --- ALS-XZ ---------------------------------------------------------------------------------------
def test_als_xz():
    """A = r1c1-r1c3 (1/2, 2/3, 3/4: four digits in three cells), B = r4c1 (1/4); 1 is restricted
    (column 1), so 4 is in A or B: the cells seeing r1c3 and r4c1 (column 1 and box 1, column 3
    and row 4 or box 4) lose 4."""
    masks = grid(r1c1="12", r1c2="23", r1c3="34", r4c1="14")
    steps = list(find_als_xz(ctx_for(SUDOKU, masks)))
    all_confirmed(SUDOKU, masks, steps)
    found = with_cells(steps, ["r1c1", "r1c2", "r1c3", "r4c1"])  # (the same cells split two ways)
    assert found and all(s.technique == "als-xz" and s.level == 7 for s in found)
    expected = tuple((cell(n), 1 << 4) for n in ("r2c1", "r3c1", "r4c3", "r5c3", "r6c3"))
    assert {s.eliminations for s in found} == {expected}
    assert any("r1c1, r1c2 and r1c3 (1-4, in row 1) and r4c1 (1 and 4, in row 4) are almost locked sets whose 1s "
               "all see each other" in s.text for s in found)


def test_als_xz_through_a_killer_cage():
    """r3c3 (1/2) and r4c4 (2/3) share no house, only cage a: with r4c1 (1/3), 3 is restricted
    (row 4), so 1 is in the cage's ALS or in r4c1."""
    p = build_greater([Cage("a", 12, ((2, 2), (2, 3), (3, 3)))])
    masks = grid(r3c3="12", r4c4="23", r3c4="789", r4c1="13")
    steps = list(find_als_xz(ctx_for(p, masks)))
    all_confirmed(p, masks, steps)
    found = with_cells(steps, ["r3c3", "r4c4", "r4c1"])
    assert {s.eliminations for s in found} == {tuple((cell(n), 1 << 1) for n in ("r1c1", "r2c1", "r3c1", "r4c3",
                                                                                "r5c3", "r6c3"))}
    assert any("in cage a" in s.text for s in found)
    # without the cage, r3c3 and r4c4 are no ALS
    assert with_cells(find_als_xz(ctx_for(SUDOKU, masks)), ["r3c3", "r4c4", "r4c1"]) == []


def test_no_als_xz_without_a_restricted_common_digit():
    masks = grid(r1c1="12", r1c2="23", r1c3="34", r5c2="14")  # r1c1 and r5c2 do not see each other
    assert with_cells(find_als_xz(ctx_for(SUDOKU, masks)), ["r1c1", "r1c2", "r1c3", "r5c2"]) == []


def test_doubly_linked_als_xz():
    """r1c1 (1/2) and r1c5-r1c6 (1/3, 2/3): 1 and 2 both restricted (row 1); so 3 is locked in B."""
    masks = grid(r1c1="12", r1c5="13", r1c6="23")
    steps = with_cells(find_als_xz(ctx_for(SUDOKU, masks)), ["r1c1", "r1c5", "r1c6"])
    all_confirmed(SUDOKU, masks, steps)
    doubly = [s for s in steps if "doubly linked" in s.text]
    assert doubly
    lost = {(SUDOKU.cell_name(c), m) for s in doubly for c, m in s.eliminations}
    # 3 leaves the rest of row 1 and box 2; 1 and 2 leave the rest of row 1
    assert ("r2c4", 1 << 3) in lost and ("r1c9", 0b1110) in lost


# --- ALS-XY-Wing ----------------------------------------------------------------------------------
def test_als_xy_wing():
    """C = r5c5 (1/2) shares 1 with A = r5c1 (1/3) and 2 with B = r1c5 (2/3): 3 leaves r1c1."""
    masks = grid(r5c5="12", r5c1="13", r1c5="23")
    steps = list(find_als_xy_wing(ctx_for(SUDOKU, masks)))
    all_confirmed(SUDOKU, masks, steps)
    (step,) = with_cells(steps, ["r5c5", "r5c1", "r1c5"])
    assert step.technique == "als-xy-wing"
    assert named(step) == [("r1c1", [3])]
    assert len(step.links) == 2 and not any(lk.strong for lk in step.links)


def test_no_als_xy_wing_when_c_does_not_see_b():
    masks = grid(r5c5="12", r5c1="13", r1c6="23")
    assert with_cells(find_als_xy_wing(ctx_for(SUDOKU, masks)), ["r5c5", "r5c1", "r1c6"]) == []


# --- Sue de Coq -----------------------------------------------------------------------------------
def test_sue_de_coq():
    masks = grid(r1c1="1258", r1c2="1258", r1c7="15", r3c3="28")
    step = next(find_sue_de_coq(ctx_for(SUDOKU, masks)))
    assert step.technique == "sue-de-coq"
    lost = {SUDOKU.cell_name(c): [d for d in range(10) if m >> d & 1] for c, m in step.eliminations}
    assert lost == {"r1c3": [1, 2, 5, 8], "r1c4": [1, 5], "r1c5": [1, 5], "r1c6": [1, 5], "r1c8": [1, 5],
                    "r1c9": [1, 5], "r2c1": [2, 8], "r2c2": [2, 8], "r2c3": [2, 8], "r3c1": [2, 8], "r3c2": [2, 8]}
    assert step.text.startswith("Sue de Coq: r1c1 and r1c2 (where row 1 meets box 1) hold 1, 2, 5 and 8")
    all_confirmed(SUDOKU, masks, [step])


def test_no_sue_de_coq_with_an_extra_digit_or_shared_digits():
    assert list(find_sue_de_coq(ctx_for(SUDOKU, grid(r1c1="1258", r1c2="1258", r1c7="15", r3c3="289")))) == []
    assert list(find_sue_de_coq(ctx_for(SUDOKU, grid(r1c1="1258", r1c2="1258", r1c7="12", r3c3="28")))) == []


def test_family_order():
    ids = [t.id for t in DEFAULT]
    for t in als.TECHNIQUES:
        assert ids.index("hidden-quad") < ids.index(t.id) < ids.index("contradiction-1")


# --- brute force ----------------------------------------------------------------------------------
FINDERS = [t.find for t in als.TECHNIQUES]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from([6, 9]))
def test_every_als_elimination_is_confirmed_by_brute_force(seed, size):
    rng = random.Random(seed)
    puzzle = build_sudoku(size=size)
    solution = random_solution(puzzle, rng)
    assert solution is not None
    masks = random_position(rng, solution, size, extra=0.25 if size == 6 else 0.15, fixed=0.3)
    check_family(puzzle, masks, FINDERS)


@pytest.mark.parametrize("seed", range(3))
def test_als_fire_on_random_positions(seed):
    rng = random.Random(seed)
    total = 0
    for _ in range(8):
        solution = random_solution(SUDOKU, rng)
        assert solution is not None
        total += check_family(SUDOKU, random_position(rng, solution, 9, extra=0.15, fixed=0.3), FINDERS)
    assert total > 0
