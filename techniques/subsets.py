"""Subsets: n cells of a region locked to n digits.

* **naked pair / triple / quad** (levels 4, 5, 6): n cells of a region whose
  digits differ hold only n digits between them, so those digits leave the
  region's other cells;
* **hidden pair / triple / quad** (levels 4, 5, 6): n digits the region must
  hold (every digit in a full house; in a cage or run, the digits every
  fitting combination uses) that can only go in the same n cells, so those
  cells lose every other digit.

Any region whose digits differ counts: houses, cages, Kakuro runs, derived sums.

>>> from solver.model import Puzzle, Region
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = Puzzle(kind="demo", height=1, width=3, cells=((0, 0), (0, 1), (0, 2)),
...            regions=(Region("row 1", (0, 1, 2), kind="row"),), max_digit=3)
>>> state = Candidates(p, [0b0110, 0b0110, 0b1110])
>>> print(next(find_naked_pair(Context(p, state, TECHNIQUES))).text)
r1c1 and r1c2 can only be 1/2 (a naked pair in row 1), so 1 and 2 leave the rest of row 1: r1c3 loses 1 and 2.
"""

from __future__ import annotations

from itertools import combinations as choose
from typing import Callable, Iterator

from solver.bits import POPCOUNT, digits_of
from solver.contract import Context, Technique
from solver.step import Step

from .combinations import digit_ranges, losses_text, region_fit, required_digits
from .common import cells_text, describe, digit_list, region_key

_NAMES = {2: "pair", 3: "triple", 4: "quad"}
_LEVELS = {2: 4, 3: 5, 4: 6}


def _naked(ctx: Context, n: int) -> Iterator[Step]:
    masks = ctx.state.masks
    tid, name = f"naked-{_NAMES[n]}", f"Naked {_NAMES[n]}"
    changed = ctx.changed_since_quiet(tid)
    for region in ctx.regions():
        if not region.distinct or len(region.cells) <= n or changed is not None and changed.isdisjoint(region.cells):
            continue
        cells = region.cells
        if any(masks[c] == 0 for c in cells):
            continue
        pool = [c for c in cells if 2 <= POPCOUNT[masks[c]] <= n]
        if len(pool) < n:
            continue
        for group in choose(pool, n):
            union = 0
            for c in group:
                union |= masks[c]
            if POPCOUNT[union] != n:
                continue
            elims = tuple((c, masks[c] & union) for c in cells if c not in group and masks[c] & union)
            if not elims:
                continue
            text = ""
            if ctx.explain:
                same = all(masks[c] == union for c in group)
                held = (f"can only be {digit_list(union)}" if same
                        else f"hold only {digit_ranges(union)} between them")
                text = (f"{cells_text(ctx, group)} {held} (a naked {_NAMES[n]} in {region.name}), "
                        f"so {digit_ranges(union)} leave the rest of {region.name}: "
                        f"{losses_text(ctx, list(elims))}.")
            yield Step(tid, name, _LEVELS[n], text, eliminations=elims, cells=group,
                       regions=(region_key(region),), candidates=tuple((c, masks[c]) for c in group))


def _hidden(ctx: Context, n: int) -> Iterator[Step]:
    masks = ctx.state.masks
    max_digit = ctx.puzzle.max_digit
    tid, name = f"hidden-{_NAMES[n]}", f"Hidden {_NAMES[n]}"
    changed = ctx.changed_since_quiet(tid)
    for region in ctx.regions():
        if not region.distinct or len(region.cells) <= n or changed is not None and changed.isdisjoint(region.cells):
            continue
        cells = region.cells
        if any(masks[c] == 0 for c in cells):
            continue
        fixed = 0
        for c in cells:
            if POPCOUNT[masks[c]] == 1:
                fixed |= masks[c]
        need = required_digits(region, masks, max_digit) & ~fixed
        if POPCOUNT[need] < n:
            continue
        spots: dict[int, int] = {}
        for d in digits_of(need):
            where = 0
            for i, c in enumerate(cells):
                if masks[c] >> d & 1:
                    where |= 1 << i
            if 2 <= where.bit_count() <= n:
                spots[d] = where
        if len(spots) < n:
            continue
        for digits in choose(sorted(spots), n):
            where = 0
            for d in digits:
                where |= spots[d]
            if where.bit_count() != n:
                continue
            keep = 0
            for d in digits:
                keep |= 1 << d
            group = tuple(c for i, c in enumerate(cells) if where >> i & 1)
            elims = tuple((c, masks[c] & ~keep) for c in group if masks[c] & ~keep)
            if not elims:
                continue
            text = ""
            if ctx.explain:
                why = ""
                if region.total is not None:
                    _, combos = region_fit(region, masks)
                    why = (" (its only combination uses them)" if len(combos) == 1
                           else " (every combination that still fits uses them)")
                ds = digit_ranges(keep)
                text = (f"{describe(region)} needs {ds}{why}, and they can only go in {cells_text(ctx, group)} "
                        f"(a hidden {_NAMES[n]}); so those cells hold nothing else: "
                        f"{losses_text(ctx, list(elims))}.")
            yield Step(tid, name, _LEVELS[n], text, eliminations=elims, cells=group,
                       regions=(region_key(region),), candidates=tuple((c, masks[c] & keep) for c in group))


def _finder(kind: Callable[[Context, int], Iterator[Step]], n: int) -> Callable[[Context], Iterator[Step]]:
    def find(ctx: Context) -> Iterator[Step]:
        return kind(ctx, n)

    find.__name__ = f"find_{kind.__name__.strip('_')}_{_NAMES[n]}"
    find.__doc__ = f"{kind.__name__.strip('_').capitalize()} {_NAMES[n]}s in every region whose digits differ."
    return find


find_naked_pair = _finder(_naked, 2)
find_hidden_pair = _finder(_hidden, 2)
find_naked_triple = _finder(_naked, 3)
find_hidden_triple = _finder(_hidden, 3)
find_naked_quad = _finder(_naked, 4)
find_hidden_quad = _finder(_hidden, 4)

NAKED_PAIR = Technique("naked-pair", "Naked pair", 4, 10, find_naked_pair,
                       "r1c2 and r1c5 can only be 3/8, so 3 and 8 leave the rest of row 1.")
HIDDEN_PAIR = Technique("hidden-pair", "Hidden pair", 4, 12, find_hidden_pair,
                        "row 1 needs 4 and 6, which can only go in r1c3 and r1c7, so those cells hold nothing else.")
NAKED_TRIPLE = Technique("naked-triple", "Naked triple", 5, 20, find_naked_triple,
                         "r4c1, r4c2 and r4c6 hold only 1, 5 and 9 between them, so those digits leave row 4.")
HIDDEN_TRIPLE = Technique("hidden-triple", "Hidden triple", 5, 25, find_hidden_triple,
                          "box 5 needs 2, 3 and 7, which can only go in three cells, so those hold nothing else.")
NAKED_QUAD = Technique("naked-quad", "Naked quad", 6, 35, find_naked_quad,
                       "four cells of column 2 hold only 1-4 between them, so 1-4 leave the rest of column 2.")
HIDDEN_QUAD = Technique("hidden-quad", "Hidden quad", 6, 40, find_hidden_quad,
                        "row 9 needs 5-8, which can only go in four cells, so those hold nothing else.")

TECHNIQUES = (NAKED_PAIR, HIDDEN_PAIR, NAKED_TRIPLE, HIDDEN_TRIPLE, NAKED_QUAD, HIDDEN_QUAD)
