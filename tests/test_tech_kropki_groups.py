"""Kropki dot groups: cases that must fire with exactly the expected eliminations, near
misses that must not, and a brute-force check of every elimination on random positions
of generated (negative-rule) Kropkis."""

from __future__ import annotations

import random

import pytest

from puzzles.kropki import build
from puzzles.sudoku import build as build_sudoku
from solver.bits import mask_of
from solver.candidates import Candidates
from solver.engine import Context
from solver.search import random_solution
from techniques import DEFAULT
from techniques.kropki_groups import (KROPKI_CLUSTER, KROPKI_GROUP, MAX_WAYS, dot_groups, find_kropki_cluster,
                                      find_kropki_group, group_ways)

from .position_brute import GaveUp, can_hold, random_position

FULL = mask_of(range(1, 10))


def cell(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def position(puzzle, given: dict[str, list[int]]) -> Context:
    masks = [FULL] * 81
    for name, digits in given.items():
        masks[cell(name)] = mask_of(digits)
    return Context(puzzle, Candidates(puzzle, masks), (), explain=True)


def elims(puzzle, step) -> dict[str, list[int]]:
    return {puzzle.cell_name(c): [d for d in range(10) if m >> d & 1] for c, m in step.eliminations}


def row_and_box_1(but: set[str]) -> set[str]:
    names = {f"r1c{c}" for c in range(1, 10)} | {f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4)}
    return names - but


# --- must fire ----------------------------------------------------------------------------------
def test_white_pair_of_2_3_4_locks_3():
    p = build(white=[((0, 0), (0, 1))], negative=False)
    step = next(find_kropki_group(position(p, {"r1c1": [2, 3, 4], "r1c2": [2, 3, 4]})))
    assert step.technique == "kropki-group" and step.level == KROPKI_GROUP.level
    assert elims(p, step) == {n: [3] for n in sorted(row_and_box_1({"r1c1", "r1c2"}))}
    assert "every way holds 3" in step.text and "2-3, 3-2, 3-4 or 4-3" in step.text


def test_black_chain_holds_2_and_4():
    # r1c1 # r1c2 # r1c3, each 1/2/4/8: only 1-2-4, 4-2-1, 2-4-8 or 8-4-2
    p = build(black=[((0, 0), (0, 1)), ((0, 1), (0, 2))], negative=False)
    step = next(find_kropki_group(position(p, {"r1c1": [1, 2, 4, 8], "r1c2": [1, 2, 4, 8],
                                               "r1c3": [1, 2, 4, 8]})))
    expected = {n: [2, 4] for n in row_and_box_1({"r1c1", "r1c2", "r1c3"})}
    expected["r1c2"] = [1, 8]
    assert elims(p, step) == expected
    assert "1-2-4" in step.text and "2-4-8" in step.text


def test_group_across_two_boxes_uses_the_missing_dots():
    # a square over boxes 1 and 2: r1c3 o r1c4 o r2c4 o r2c3, and no dot r1c3-r2c3 (negative rule)
    p = build(white=[((0, 2), (0, 3)), ((0, 3), (1, 3)), ((1, 3), (1, 2))], negative=True)
    ctx = position(p, {"r1c3": [1, 2], "r1c4": [2, 3], "r2c4": [1, 2, 3, 4], "r2c3": [1, 2, 3, 4]})
    assert [s for s in find_kropki_group(ctx) if len(s.cells) == 4] == []  # not one house: a cluster
    square = [s for s in find_kropki_cluster(ctx) if len(s.cells) == 4]
    assert len(square) == 1 and square[0].technique == "kropki-cluster" and square[0].level == KROPKI_CLUSTER.level
    # only 1-2-4-3 (r1c3, r1c4, r2c3, r2c4): r1c3 = 2 leaves r2c3 nothing that is not next to 2
    assert elims(p, square[0]) == {"r1c3": [2], "r1c4": [3], "r2c3": [1, 2, 3], "r2c4": [1, 2, 4]}
    assert "1-2-4-3" in square[0].text and "no dot between r1c3 and r2c3" in square[0].text
    assert square[0].regions == ()  # four cells of no single house


def test_open_square_with_many_ways_says_which_digits_no_way_has():
    # the same square, every cell open: 10 ways; r1c3 = 3 fails (its neighbour r2c3, below it without
    # a dot, would have to avoid 2, 3, 4 and 6 and still be one away from a neighbour of r1c4)
    p = build(white=[((0, 2), (0, 3)), ((0, 3), (1, 3)), ((1, 3), (1, 2))], negative=True)
    square = [s for s in find_kropki_cluster(position(p, {})) if len(s.cells) == 4]
    assert len(square) == 1
    assert elims(p, square[0]) == {"r1c3": [3], "r1c4": [1, 9], "r2c3": [3], "r2c4": [1, 9]}
    assert "filled in 10 ways" in square[0].text and "none has r1c3 = 3, r1c4 = 1 or 9" in square[0].text


# --- near misses --------------------------------------------------------------------------------
def test_white_pair_that_need_not_hold_3():
    # 4-5 is a way without 3, and every candidate has a partner: nothing to say
    p = build(white=[((0, 0), (0, 1))], negative=False)
    assert list(find_kropki_group(position(p, {"r1c1": [2, 3, 4], "r1c2": [2, 3, 4, 5]}))) == []


def test_locked_digit_with_nothing_to_remove():
    p = build(white=[((0, 0), (0, 1))], negative=False)
    given = {"r1c1": [2, 3, 4], "r1c2": [2, 3, 4]}
    for name in row_and_box_1({"r1c1", "r1c2"}):
        given[name] = [1, 5, 6, 7, 8, 9]
    assert list(find_kropki_group(position(p, given))) == []


def test_solved_groups_and_lone_cells_are_quiet():
    p = build(white=[((0, 0), (0, 1))], negative=False)
    assert list(find_kropki_group(position(p, {"r1c1": [3], "r1c2": [4]}))) == []
    # no dots: no groups at all
    assert dot_groups(build(negative=False)) == ()


def test_clusters_with_too_many_ways_and_squares_without_dots_are_quiet():
    # a square over boxes 1 and 2 with one white dot and every cell open: more ways than a person lists
    p = build(white=[((0, 2), (0, 3))], negative=True)
    group = next(g for g in dot_groups(p) if g[0] == (2, 3, 11, 12))
    assert group_ways((FULL,) * 4, group[1], MAX_WAYS) is None
    assert [s for s in find_kropki_cluster(position(p, {})) if len(s.cells) == 4] == []
    # a square with no dot at all is no group
    q = build(white=[((0, 0), (0, 1))], negative=True)
    assert all(any((a, b) == (0, 1) for a in g[0] for b in g[0]) for g in dot_groups(q))


def test_in_default_before_contradiction():
    ids = [t.id for t in DEFAULT]
    order = [ids.index(t) for t in ("kropki-chain", "kropki-group", "kropki-cluster", "contradiction-1")]
    assert order == sorted(order)


# --- brute force --------------------------------------------------------------------------------
def with_every_dot(solution: tuple[int, ...]):
    """The negative-rule Kropki (no givens) whose dots are those of ``solution``."""
    white, black = [], []
    for r in range(9):
        for c in range(9):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < 9 and cc < 9:
                    a, b = solution[9 * r + c], solution[9 * rr + cc]
                    if a == 2 * b or b == 2 * a:
                        black.append(((r, c), (rr, cc)))
                    elif abs(a - b) == 1:
                        white.append(((r, c), (rr, cc)))
    return build(white=white, black=black, negative=True)


def check(puzzle, masks) -> int:
    """Every elimination of the technique on the position is confirmed by a search."""
    checked = 0
    ctx = Context(puzzle, Candidates(puzzle, masks), (), explain=True)
    for k, step in enumerate(find_kropki_group(ctx)):
        if k == 8:
            break
        assert step.text
        for c, m in step.eliminations:
            assert m and not m & ~masks[c], f"{step.text}: removes a non-candidate"
            for d in range(1, 10):
                if m >> d & 1 and checked < 12:
                    try:
                        assert not can_hold(puzzle, masks, c, d), f"{step.text}: {puzzle.cell_name(c)} can be {d}"
                    except GaveUp:
                        continue
                    checked += 1
    return checked


@pytest.mark.parametrize("seed", range(4))
def test_every_elimination_is_confirmed_by_brute_force(seed):
    rng = random.Random(seed)
    total = 0
    for _ in range(2):
        solution = random_solution(build_sudoku(), rng)
        assert solution is not None
        puzzle = with_every_dot(solution)
        for _ in range(3):
            masks = random_position(rng, solution, 9, extra=0.5, fixed=0.3)
            total += check(puzzle, masks)
    assert total > 0
