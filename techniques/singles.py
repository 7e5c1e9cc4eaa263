"""Singles: the first things a solver looks for.

* **naked single**: a cell with one candidate left;
* **hidden single**: a digit that a distinct region must hold (every digit
  in a full house; a digit every fitting combination of a sum region uses)
  with only one cell left for it;
* **last cell**: the one open cell of a sum region is its total minus the
  digits already placed.

>>> from puzzles import sample
>>> from solver.engine import solve_with_logic
>>> trace = solve_with_logic(sample("sudoku-1"), TECHNIQUES)
>>> trace.status, sorted(trace.techniques_used())[:2]
('solved', ['givens', 'hidden-single'])
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import is_single, single_digit
from solver.contract import Context, Technique
from solver.step import Step

from .common import describe, fitting_combos, plus, region_key


def find_naked_singles(ctx: Context) -> Iterator[Step]:
    masks = ctx.state.masks
    placed = ctx.placed
    changed = ctx.changed_since_quiet("naked-single")
    for cell in range(len(masks)) if changed is None else sorted(changed):
        m = masks[cell]
        if cell not in placed and is_single(m):
            d = single_digit(m)
            text = f"{ctx.name(cell)} has one candidate left, so it is {d}." if ctx.explain else ""
            yield Step("naked-single", "Naked single", 1, text, placements=((cell, d),), cells=(cell,))


def find_last_cells(ctx: Context) -> Iterator[Step]:
    masks = ctx.state.masks
    placed = ctx.placed
    changed = ctx.changed_since_quiet("last-cell")
    for region in ctx.sum_regions():
        if changed is not None and changed.isdisjoint(region.cells):
            continue  # unchanged since this technique last found nothing
        if region.total is None:
            continue  # sum_regions() holds only regions with a total
        open_cells = [c for c in region.cells if c not in placed]
        if len(open_cells) != 1 or len(region.cells) < 2:
            continue
        cell = open_cells[0]
        others = [single_digit(masks[c]) for c in region.cells if c != cell]
        assert region.total is not None  # sum_regions gives regions with a total
        value = region.total - sum(others)
        if not 1 <= value <= ctx.puzzle.max_digit:
            value = 0
        text = ""
        if ctx.explain:
            text = (f"{ctx.name(cell)} is the last open cell of {describe(region)}: "
                    f"{region.total} - ({plus(others)}) = {value}.")
        if value == 0 or not masks[cell] >> value & 1:
            # The arithmetic leaves no digit for the cell: the state is contradictory.
            yield Step("last-cell", "Last cell", 1, text, eliminations=((cell, masks[cell]),), cells=(cell,),
                       regions=(region_key(region),))
            return
        yield Step("last-cell", "Last cell", 1, text, placements=((cell, value),), cells=(cell,),
                   regions=(region_key(region),))


def find_hidden_singles(ctx: Context) -> Iterator[Step]:
    """A digit a distinct region must hold (a full house: every digit; a sum region: a
    digit every fitting combination uses) with one open cell left for it."""
    masks = ctx.state.masks
    placed = ctx.placed
    max_digit = ctx.puzzle.max_digit
    every = ((1 << (max_digit + 1)) - 1) & ~1
    changed = ctx.changed_since_quiet("hidden-single")
    for region in ctx.regions():
        if not region.distinct or changed is not None and changed.isdisjoint(region.cells):
            continue
        full_house = region.total is None and len(region.cells) == max_digit
        if region.total is None and not full_house:
            continue
        # The digits with exactly one cell left in the region, not settled there yet:
        # only those can give a hidden single, so the combinations are looked at only then.
        once = twice = 0
        for c in region.cells:
            m = masks[c]
            twice |= once & m
            once |= m
        lone = once & ~twice
        if not lone:
            continue
        for c in region.cells:
            m = masks[c]
            if m & lone and (c in placed or is_single(m)):
                lone &= ~m
        if not lone:
            continue
        if full_house:
            if once & every != every or 0 in (masks[c] for c in region.cells):
                continue  # a digit has no place left: the state is broken, nothing to find
            combos = [every]
        else:
            combos = fitting_combos(masks, region, max_digit)
            if not combos:
                continue
        required = -1
        for combo in combos:
            required &= combo
        for d in range(1, max_digit + 1):
            if not (required & lone) >> d & 1:
                continue
            cell = next(c for c in region.cells if masks[c] >> d & 1)
            text = ""
            if ctx.explain:
                why = "" if full_house else (
                    f" (every combination that still fits uses {d})" if len(combos) > 1 else
                    f" (its digits must be {plus(d for d in range(1, 10) if combos[0] >> d & 1)})")
                article = "an" if d == 8 else "a"
                text = (f"{describe(region)} needs {article} {d}{why}, "
                        f"and {ctx.name(cell)} is the only cell left for it.")
            yield Step("hidden-single", "Hidden single", 1, text, placements=((cell, d),), cells=(cell,),
                       regions=(region_key(region),), candidates=((cell, 1 << d),))


NAKED_SINGLE = Technique("naked-single", "Naked single", 1, 1, find_naked_singles,
                         "r3c4 has only 7 left, so it is 7.")
HIDDEN_SINGLE = Technique("hidden-single", "Hidden single", 1, 2, find_hidden_singles,
                          "row 3 needs a 5 and r3c8 is the only cell that can hold it.")
LAST_CELL = Technique("last-cell", "Last cell", 1, 1, find_last_cells,
                      "cage b (15) has 4 and 2 placed, so its last cell is 15 - 6 = 9.")

TECHNIQUES = (NAKED_SINGLE, LAST_CELL, HIDDEN_SINGLE)
