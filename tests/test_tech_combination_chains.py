"""Combination chains (issue 27, item 5): alternating chains that run through the cages'
combinations ("cage a is 2+8 or 1+9: it holds 1 or 2").  Hand-made 9x9 grids that must
fire with exactly the expected elimination, near misses whose combinations only look
linked, the extended link graph's links checked one by one, and the technique first in
the order on generated and corpus Killers (the soundness harness)."""

from __future__ import annotations

import random


import techniques
from puzzles.generate import killer
from solver.bits import mask_of
from solver.candidates import Candidates
from solver.engine import Context, Work
from solver.link_combos import combination_index
from solver.links import LinkGraph, node
from solver.search import solve
from techniques.combination_chains import find_combination_chains

from .test_tech_catalogue import FULL, cell, ctx_for, grid, setting
from .test_tech_soundness import check_run

# cage a (10) in row 1 (r1c2 r1c3), cage b (5) in column 1 (r2c1 r3c1); r1c2 and r2c1 share box 1.
CAGES = [("a", 10, ("r1c2", "r1c3")), ("b", 5, ("r2c1", "r3c1"))]


def _masks(**cells) -> list[int]:
    """Cage a is 1+9 or 2+8 with its 2 only in r1c2; cage b is 1+4 or 2+3 with its 2 only in r2c1;
    r1c1, which sees both cages, is 1 or 5."""
    base = setting([FULL] * 81, r1c1=[1, 5], r1c2=[1, 2, 9], r1c3=[1, 8, 9], r2c1=[1, 2, 4], r3c1=[1, 3, 4])
    return setting(base, **cells)


def test_a_loop_through_two_cages_combinations():
    # r1c2=2 = r1c2|r1c3=1 (cage a holds 1 or 2) - r2c1|r3c1=1 (box 1) = r2c1=2 (cage b holds 1 or 2)
    # - r1c2=2 (box 1): a continuous loop, so each weak link holds exactly one true end: box 1 holds its 1
    # and its 2 in these cells, and r1c1 sees both groups of 1.
    p = grid(CAGES)
    [step] = list(find_combination_chains(ctx_for(p, _masks())))
    assert step.technique == "combination-chain" and step.level == 7
    box = mask_of([1, 2])
    assert step.eliminations == ((cell("r1c1"), 1 << 1), (cell("r2c2"), box), (cell("r2c3"), box),
                                 (cell("r3c2"), box), (cell("r3c3"), box))
    assert step.text == ("Combination chain (cage a (10) can only be 1+9 or 2+8; cage b (5) can only be 1+4 or 2+3): "
                         "r1c2=2 = r1c2|r1c3=1 - r2c1|r3c1=1 = r2c1=2 - r1c2=2 closes into a loop, so each weak link "
                         "in it holds exactly one true end: r1c1 is not 1; r2c2, r2c3, r3c2 and r3c3 are not 1 or 2.")
    assert [link.strong for link in step.links] == [True, False, True, False]
    assert {name for name, _ in step.regions} == {"cage a", "cage b"}


OPEN = [("a", 10, ("r1c2", "r1c3")), ("b", 5, ("r2c1", "r4c1"))]


def _open(**cells) -> list[int]:
    """The open chain's grid: cage b in r2c1 and r4c1, r3c1 neither 1 nor 2."""
    return setting(_masks(r3c1=range(5, 10), r4c1=[1, 3, 4]), **cells)


def test_an_open_chain_through_two_cages_combinations():
    # r1c2|r1c3=1 = r1c2=2 - r2c1=2 = r2c1|r4c1=1: cage a or cage b holds the 1 that r1c1 sees.
    p = grid(OPEN)
    [step] = list(find_combination_chains(ctx_for(p, _open())))
    assert step.eliminations == ((cell("r1c1"), 1 << 1),)
    assert step.text.endswith("r1c2|r1c3=1 = r1c2=2 - r2c1=2 = r2c1|r4c1=1: 1 is in r1c2/r1c3 or 1 is in "
                              "r2c1/r4c1, so r1c1 is not 1.")


def test_a_cage_whose_2_the_other_cage_does_not_wholly_see():
    # r4c1 may be 2 as well: r1c2=2 no longer rules out every 2 of cage b (r4c1 is outside box 1).
    p = grid(OPEN)
    assert list(find_combination_chains(ctx_for(p, _open(r4c1=[1, 2, 3, 4])))) == []


def test_a_third_combination_breaks_the_either_or():
    # cage a may also be 3+7: it need not hold 1 or 2, so the combinations only look linked.
    p = grid(OPEN)
    assert list(find_combination_chains(ctx_for(p, _open(r1c2=[1, 2, 3, 9], r1c3=[1, 7, 8, 9])))) == []


def test_the_combination_links_one_by_one():
    p = grid(CAGES)
    masks = _masks()
    cx = combination_index(LinkGraph(p, masks))
    a1 = cx.at[((cell("r1c2"), cell("r1c3")), 1)]      # cage a holds 1 (the segment's group)
    a2 = cx.at[node(cell("r1c2"), 2)]                  # cage a holds 2: only r1c2 can
    a8 = cx.at[node(cell("r1c3"), 8)]
    b1 = cx.at[((cell("r2c1"), cell("r3c1")), 1)]
    b3 = cx.at[node(cell("r3c1"), 3)]                  # cage b holds 3: only r3c1 can
    assert a2 in cx.strong[a1] and a2 in cx.weak[a1]    # 1+9 or 2+8: exactly one of 1 and 2
    assert a8 in cx.strong[a1] and a8 in cx.weak[a1]
    assert b3 in cx.strong[b1]
    # r1c3 = 9 makes cage a 1+9, so it rules out cage a's 2 and 8 (the cell inherits the sum's link)
    assert a2 in cx.weak[cx.at[node(cell("r1c3"), 9)]]
    # cage b's combinations say nothing about cage a
    assert not cx.combination_links.get((a1, b1))


def test_combination_nodes_beyond_one_segment():
    # An L-shaped cage of 3 cells: its 1s lie in no single line, so "cage c holds 1" is a new node,
    # seen whole only by cells that see all three.
    # Cage c (9) from 1-5 is 1+3+5 or 2+3+4.
    p = grid([("c", 9, ("r5c5", "r5c6", "r6c5"))])
    masks = setting([FULL] * 81, r5c5=range(1, 6), r5c6=range(1, 6), r6c5=range(1, 6))
    cx = combination_index(LinkGraph(p, masks))
    [c1] = [i for (ri, d), i in cx.sum_nodes.items() if d == 1]
    assert cx.nodes[c1] == ((cell("r5c5"), cell("r5c6"), cell("r6c5")), 1)
    assert cx.added >> c1 & 1
    seen = {cx.nodes[j][0] for j in cx.weak[c1] if cx.nodes[j][1] == 1 and len(cx.nodes[j][0]) == 1}
    assert seen == {(cell(n),) for n in ("r4c4", "r4c5", "r4c6", "r5c4", "r6c4", "r6c6")}  # box 5's others
    [c2] = [i for (ri, d), i in cx.sum_nodes.items() if d == 2]
    assert c2 in cx.strong[c1] and c2 in cx.weak[c1]


def test_combination_chains_stay_out_of_suppositions():
    p = grid(CAGES)
    ctx = Context(p, Candidates(p, _masks()), (), depth=1)
    assert list(find_combination_chains(ctx)) == []


def test_the_same_step_in_fast_mode():
    p = grid(CAGES)
    [slow] = list(find_combination_chains(ctx_for(p, _masks())))
    [fast] = list(find_combination_chains(ctx_for(p, _masks(), explain=False)))
    assert fast.eliminations == slow.eliminations and fast.text == ""


def test_a_generated_killer_that_needed_trial_needs_none():
    # Seed 5238 of puzzles.generate.killer stalled before contradiction-1 at its opening.
    puzzle = killer.generate(random.Random(5238))
    solution = solve(puzzle).solution
    used, guesses = check_run(puzzle, solution, techniques=techniques.DEFAULT, work=Work(60000), explain=False)
    assert used.get("combination-chain", 0) >= 1
    assert not any(t.startswith("contradiction") for t in used) and guesses == 0


# Soundness with the technique first in the order, on generated and corpus puzzles:
# tests/test_tech_soundness.py (test_late_techniques_first_*).
