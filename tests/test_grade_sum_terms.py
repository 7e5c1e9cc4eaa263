"""The time estimate's terms for the sum kinds (Killer, Kakuro): the largest
cage counted at most ``region_cap`` cells, a sum step's pencil marks
(``marks``) and whether it needed the crossing regions' candidates
(``crossing``); and the moves-open count skipped for a kind whose model does
not weigh it."""

from __future__ import annotations

from dataclasses import replace

from puzzles import sample
from solver.bits import mask_of
from solver.engine import Engine, solve_with_logic
from solver.step import Step
from sumlogic.grading import (MoveCounter, TimeModel, estimate_seconds, grade, largest_region, path_steps,
                              time_model)
from techniques import DEFAULT

MODEL = TimeModel(seconds=1.0, growth=1.0, options=0.0, cells=0.0, chain=0.0, guess=0.0, region=1.0,
                  region_base=2.0)


def _sum_step(cells: tuple[int, ...], name: str, digits: list[int]) -> Step:
    """A level-2 step naming the run ``cells`` that removes ``digits`` from each of its cells."""
    mask = mask_of(digits)
    return Step("sum-combinations", "Sum combinations", 2, eliminations=tuple((c, mask) for c in cells),
                cells=cells, regions=((name, cells),))


def test_marks_and_crossing_on_a_hand_made_state() -> None:
    puzzle = sample("kakuro-6x6")
    three, ten = puzzle.regions[0], puzzle.regions[1]
    assert (three.cells, three.total, ten.cells, ten.total) == ((0, 1), 3, (2, 3), 10)
    ctx = Engine(DEFAULT).start(puzzle)
    counter = MoveCounter()
    # 3 in two cells is 1+2: removing 3-9 follows from the total alone; 18 marks (2 cells x 9)
    assert counter.marks(ctx, _sum_step(three.cells, three.name, list(range(3, 10)))) == (18, 0)
    # 10 in two cells never uses 5 (1+9, 2+8, 3+7, 4+6): removing 5 needs no other cell
    assert counter.marks(ctx, _sum_step(ten.cells, ten.name, [5])) == (18, 0)
    # removing 1 from the 10 needs more than the total (the crossing runs' candidates)
    assert counter.marks(ctx, _sum_step(ten.cells, ten.name, [1])) == (18, 1)
    # fewer candidates left, fewer marks
    ctx.state.masks[2] = mask_of([1, 9])
    assert counter.marks(ctx, _sum_step(ten.cells, ten.name, [1]))[0] == 11
    # a step naming no sum region has neither
    assert counter.marks(ctx, Step("naked-single", "Naked single", 1, placements=((0, 1),))) == (0, 0)


def test_path_rows_carry_marks_and_crossing() -> None:
    trace = solve_with_logic(sample("kakuro-6x6"), DEFAULT, explain=False, observe=MoveCounter())
    rows = path_steps(trace)
    assert all(len(r) == 11 for r in rows)
    assert all(r[6:9] == (0, 0, 0) for r in rows)  # no spotting counts in a puzzle with sum regions
    sums = [r for r in rows if r[0] == "sum-combinations"]
    assert sums and all(r[9] >= 2 for r in sums)  # every run has two cells or more, each a mark at least
    assert all(r[9] == 0 and r[10] == 0 for r in rows if r[0] == "naked-single")  # names no region
    assert {r[10] for r in sums} <= {0, 1}


def test_the_new_terms_are_monotone() -> None:
    m = replace(MODEL, marks=1.0, crossing=3.0)
    few = ("sum-combinations", 2, 1, 40, 0, 2, 0, 0, 0, 4, 0)
    many = ("sum-combinations", 2, 1, 40, 0, 2, 0, 0, 0, 12, 0)
    crossing = ("sum-combinations", 2, 1, 40, 0, 2, 0, 0, 0, 4, 1)
    assert estimate_seconds([many], m) > estimate_seconds([few], m)
    assert estimate_seconds([crossing], m) == 3 * estimate_seconds([few], m)
    # the weights at their neutral values change nothing, and old six-column rows still work
    assert estimate_seconds([few], MODEL) == estimate_seconds([few[:6]], MODEL)


def test_region_cap_counts_large_cages_as_the_cap() -> None:
    capped = replace(MODEL, region_cap=5)
    assert estimate_seconds([], capped, largest=8) == estimate_seconds([], capped, largest=5) == 32.0
    assert estimate_seconds([], capped, largest=5) > estimate_seconds([], capped, largest=4)
    assert estimate_seconds([], MODEL, largest=8) > estimate_seconds([], MODEL, largest=5)  # no cap
    assert time_model("killer").region_cap == 5 and time_model("greater-killer").region_cap == 5
    assert largest_region(sample("killer-1")) > 1


def test_moves_are_not_counted_when_the_model_ignores_them() -> None:
    kakuro = sample("kakuro-6x6")
    assert time_model("kakuro").options == 0.0  # the premise: the Kakuro model does not weigh moves open
    counted = solve_with_logic(kakuro, DEFAULT, explain=False, observe=MoveCounter())
    skipped = solve_with_logic(kakuro, DEFAULT, explain=False, observe=MoveCounter.for_model(time_model("kakuro")))
    assert [s.technique for s in counted.steps] == [s.technique for s in skipped.steps]
    rows, fast = path_steps(counted), path_steps(skipped)
    assert all(r[2] == 1 for r in fast) and any(r[2] > 1 for r in rows)
    assert [r[:2] + r[3:] for r in rows] == [r[:2] + r[3:] for r in fast]
    model = time_model("kakuro")
    assert estimate_seconds(rows, model) == estimate_seconds(fast, model)
    assert grade(kakuro).minutes == round(estimate_seconds(rows, model, largest_region(kakuro)) / 60, 1)
