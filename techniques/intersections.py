"""Intersections: a digit confined to where two regions overlap.

* **pointing** (level 3): a box whose candidates for a digit all lie in one row
  or column; the digit leaves the rest of that line;
* **claiming** (level 3): a row or column whose candidates for a digit all lie
  in one box; the digit leaves the rest of that box;
* **cage confinement** (level 3): a cage that must hold a digit (every
  combination that fits uses it) with all its cells for the digit in one
  house: the digit leaves the rest of the house.  And back: a house whose
  cells for some digits all lie in one cage, so the cage holds them all
  (taken together, as the exact propagator does): they leave the cage's
  other cells and the cage's combinations without all of them go;
* **combination confinement** (level 3): the same for any other sum region
  (a Kakuro run, a derived sum) and any other region whose digits differ,
  and back from a house into a distinct derived sum (a virtual region).

Techniques look only at region kinds (``row``, ``column``, ``box``, ``region``, ``cage``); an
irregular (jigsaw) region plays the part of a box.

>>> from puzzles import sample
>>> from solver.engine import solve_with_logic
>>> from techniques import singles, combinations
>>> techs = singles.TECHNIQUES + combinations.TECHNIQUES + TECHNIQUES
>>> solve_with_logic(sample("killer-1"), techs, guess=False).status
'solved'
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence, TypeVar

from solver.bits import POPCOUNT, digits_of
from solver.contract import Context, Technique
from solver.model import BLOCK_KINDS, HOUSE_KINDS, Puzzle, Region, per_puzzle
from solver.step import Step

from .combinations import (combos_text, digit_ranges, distinct_fit, losses_text, region_fit,
                           required_digits)
from .common import BOX_KINDS, CAGE_KINDS, SUM_KINDS, cells_text, describe, plus, region_key

T = TypeVar("T")



def is_house(region: Region, max_digit: int) -> bool:
    """Whether ``region`` holds every digit once (a row, column, box or jigsaw region)."""
    return region.kind in HOUSE_KINDS and region.distinct and len(region.cells) == max_digit


@per_puzzle
def house_overlaps(puzzle: Puzzle) -> tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """``(box, line, shared, box only, line only)`` for every box and row/column
    sharing at least two cells (region indexes and cell tuples)."""
    houses = [(i, r) for i, r in enumerate(puzzle.regions) if is_house(r, puzzle.max_digit)]
    out = []
    for bi, box in houses:
        if box.kind not in BLOCK_KINDS:
            continue
        box_cells = set(box.cells)
        for li, line in houses:
            if line.kind in BLOCK_KINDS:
                continue
            shared = tuple(c for c in line.cells if c in box_cells)
            if len(shared) >= 2:
                out.append((bi, li, shared, tuple(c for c in box.cells if c not in shared),
                            tuple(c for c in line.cells if c not in box_cells)))
    return tuple(out)


def _regions_holding(puzzle: Puzzle, cells: set[int]) -> set[int]:
    """The indexes of the puzzle's regions that hold one of ``cells``."""
    out: set[int] = set()
    for c in cells:
        out.update(puzzle.cell_regions[c])
    return out


@per_puzzle
def cage_sets(puzzle: Puzzle) -> tuple[tuple[tuple[int, frozenset[int]], ...], ...]:
    """For each cell: the distinct cages holding it, as (region index, its cells)."""
    regions = puzzle.regions
    return tuple(tuple((ri, frozenset(regions[ri].cells)) for ri in puzzle.cell_regions[c]
                       if regions[ri].kind == "cage" and regions[ri].distinct)
                 for c in range(puzzle.size))


@per_puzzle
def house_reach(puzzle: Puzzle) -> dict[int, frozenset[int]]:
    """For each house (region index): its cells and those of every cage that
    meets it, what a house-to-cage step in that house depends on."""
    out = {}
    for hi, house in enumerate(puzzle.regions):
        if is_house(house, puzzle.max_digit):
            cells = set(house.cells)
            for c in house.cells:
                for ri in puzzle.cell_regions[c]:
                    if puzzle.regions[ri].kind == "cage":
                        cells.update(puzzle.regions[ri].cells)
            out[hi] = frozenset(cells)
    return out


def _all(cells) -> str:
    return "both in" if len(cells) == 2 else "all in"


def fixed_digits(masks: list[int], cells) -> int:
    """The digits already fixed (one candidate left) in ``cells``, as a mask."""
    out = 0
    for c in cells:
        m = masks[c]
        if m & (m - 1) == 0:
            out |= m
    return out


def _confined(masks: list[int], shared, own_rest, other_rest) -> int:
    """Digits with at least two candidates in ``shared``, none in ``own_rest`` and
    some in ``other_rest`` (not placed anywhere in the owning region)."""
    once = twice = 0
    for c in shared:
        m = masks[c]
        twice |= once & m
        once |= m
    rest = 0
    for c in own_rest:
        rest |= masks[c]
    target = 0
    for c in other_rest:
        target |= masks[c]
    return twice & ~rest & target & ~fixed_digits(masks, shared) & ~fixed_digits(masks, own_rest)


def _box_line_steps(ctx: Context, pointing: bool) -> Iterator[Step]:
    masks = ctx.state.masks
    regions = ctx.puzzle.regions
    tid, name = ("pointing", "Pointing") if pointing else ("claiming", "Claiming")
    changed = ctx.changed_since_quiet(tid)
    touched = None if changed is None else _regions_holding(ctx.puzzle, changed)
    for bi, li, shared, box_rest, line_rest in house_overlaps(ctx.puzzle):
        if touched is not None and bi not in touched and li not in touched:
            continue  # box and line unchanged since this technique last found nothing
        if 0 in (masks[c] for c in shared):
            continue
        own, other = (regions[bi], regions[li]) if pointing else (regions[li], regions[bi])
        own_rest, other_rest = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        found = _confined(masks, shared, own_rest, other_rest)
        for d in digits_of(found):
            bit = 1 << d
            elims = tuple((c, bit) for c in other_rest if masks[c] & bit)
            spots = tuple(c for c in shared if masks[c] & bit)
            text = ""
            if ctx.explain:
                text = (f"In {own.name}, {d} can only go in {cells_text(ctx, spots)}, {_all(spots)} {other.name}; "
                        f"so {d} leaves the rest of {other.name}: {cells_text(ctx, [c for c, _ in elims])}.")
            yield Step(tid, name, 3, text, eliminations=elims, cells=spots,
                       regions=(region_key(own), region_key(other)),
                       candidates=tuple((c, bit) for c in spots))


def find_pointing(ctx: Context) -> Iterator[Step]:
    """A box's candidates for a digit all in one line."""
    yield from _box_line_steps(ctx, True)


def find_claiming(ctx: Context) -> Iterator[Step]:
    """A line's candidates for a digit all in one box."""
    yield from _box_line_steps(ctx, False)


# --- confinement of a sum region's required digits ------------------------------------
def _distinct_regions_of(ctx: Context, cell: int) -> list[Region]:
    puzzle = ctx.puzzle
    out = [puzzle.regions[i] for i in puzzle.cell_regions[cell] if puzzle.regions[i].distinct]
    out.extend(r for r in ctx.virtual if r.distinct and cell in r.cells)
    return out


def _required_confinement(ctx: Context, cages: bool) -> Iterator[Step]:
    """Sum region R needs digit d, R's cells for d all inside region H: d leaves H's other cells.
    ``cages``: R a cage and H a house (cage confinement); else every other pairing."""
    masks = ctx.state.masks
    max_digit = ctx.puzzle.max_digit
    # A step depends on the sum region's cells alone (its required digits and their
    # places); the other region only gives the targets, and those can only go.
    changed = ctx.changed_since_quiet("cage-confinement" if cages else "combination-confinement")
    for region in ctx.sum_regions():
        if not region.distinct or (cages and region.kind != "cage"):
            continue
        if changed is not None and changed.isdisjoint(region.cells):
            continue
        now = tuple([masks[c] for c in region.cells])
        if 0 in now:
            continue
        need = required_digits(region, masks, max_digit) & ~fixed_digits(masks, region.cells)
        if not need:
            continue
        own = set(region.cells)
        found: dict[str, tuple[Region, list[tuple[int, int]], int]] = {}
        order: list[str] = []
        for d in digits_of(need):
            bit = 1 << d
            spots = [c for c in region.cells if masks[c] & bit]
            if len(spots) < 2:
                continue
            for other in _distinct_regions_of(ctx, spots[0]):
                if other is region or set(other.cells) == own:
                    continue
                house = is_house(other, max_digit)
                if cages != (region.kind == "cage" and house):
                    continue
                if not all(c in other.cells for c in spots[1:]):
                    continue
                targets = [c for c in other.cells if c not in own and masks[c] & bit]
                if not targets:
                    continue
                if other.name not in found:
                    found[other.name] = (other, [], 0)
                    order.append(other.name)
                reg, elims, digits = found[other.name]
                elims.extend((c, bit) for c in targets)
                found[other.name] = (reg, elims, digits | bit)
        for key in order:
            other, elims, digits = found[key]
            merged: dict[int, int] = {}
            for c, m in elims:
                merged[c] = merged.get(c, 0) | m
            effects = tuple(sorted(merged.items()))
            text = ""
            if ctx.explain:
                _, combos = region_fit(region, masks)
                why = (f"its only combination {plus(digits_of(combos[0]))}" if len(combos) == 1
                       else "every combination that still fits")
                many = POPCOUNT[digits]
                ds = digit_ranges(digits)
                text = (f"{describe(region)} must hold {ds} ({why} uses {'them' if many > 1 else 'it'}), "
                        f"and its cells for {'these digits' if many > 1 else 'it'} all lie in {other.name}; "
                        f"so {ds} {'leave' if many > 1 else 'leaves'} the rest of {other.name}: "
                        f"{losses_text(ctx, list(effects))}.")
            holding = tuple(c for c in region.cells if masks[c] & digits)
            yield Step("cage-confinement" if cages else "combination-confinement",
                       "Cage confinement" if cages else "Combination confinement", 3, text,
                       eliminations=effects, cells=holding, regions=(region_key(region), region_key(other)),
                       candidates=tuple((c, masks[c] & digits) for c in holding))


def house_claims(masks: list[int], house_cells: tuple[int, ...],
                 regions_with: Callable[[list[int]], Sequence[T]]) -> list[tuple[T, int, list[int]]]:
    """What one house's digits claim: each region (from ``regions_with(places)``,
    the regions holding all those places) that holds every place of one or
    more of the house's unplaced digits with two places or more, with those
    digits (a mask) and their places, in the order of each region's first
    digit."""
    fixed = fixed_digits(masks, house_cells)
    once = twice = 0
    for c in house_cells:
        m = masks[c]
        twice |= once & m
        once |= m
    claims: dict[int, tuple[T, int, list[int]]] = {}  # by id(region), in the order first claimed
    for d in digits_of(twice & ~fixed):
        bit = 1 << d
        spots = [c for c in house_cells if masks[c] & bit]
        for region in regions_with(spots):
            _, bits, places = claims.get(id(region), (region, 0, []))
            claims[id(region)] = (region, bits | bit, places + [c for c in spots if c not in places])
    return [(region, bits, sorted(places)) for region, bits, places in claims.values()]


def holding_effects(masks: list[int], house_cells: tuple[int, ...], bits: int, cells: tuple[int, ...],
                    total: int | None) -> tuple[tuple[tuple[int, int], ...], list[int]]:
    """What follows when the distinct region over ``cells`` (with ``total``,
    or None) must hold the digits ``bits`` because its house has no other
    place for them: they leave the region's cells outside the house, and the
    region keeps only the combinations holding them all (cells keep the
    digits some placement of those uses).  The eliminations in cell order,
    and those combinations (empty without a total)."""
    elims: dict[int, int] = {}
    for c in cells:
        if c not in house_cells and masks[c] & bits:
            elims[c] = masks[c] & bits
    combos: list[int] = []
    if total is not None:
        trimmed = [masks[c] & ~elims.get(c, 0) for c in cells]
        every, all_combos = distinct_fit(tuple(trimmed), 1 << total)
        combos = [x for x in all_combos if x & bits == bits]
        if len(combos) == len(all_combos):
            keep = list(every)  # every combination holds the digits: the region's own support
        else:
            keep = [0] * len(cells)
            for combo in combos:
                sup, _ = distinct_fit(tuple(m & combo for m in trimmed), 1 << total)
                keep = [k | s for k, s in zip(keep, sup)]
        for c, m, k in zip(cells, trimmed, keep):
            if m & ~k:
                elims[c] = elims.get(c, 0) | (m & ~k)
    return tuple(sorted(elims.items())), combos


def holding_text(ctx: Context, house: Region, bits: int, spots: Sequence[int], region: str, name: str,
                 combos: Sequence[int], effects: Sequence[tuple[int, int]]) -> str:
    """``In row 3, 4 can only go in r3c1 and r3c2, both in cage b (12); so cage b
    holds 4 and must be 3+4+5: ...`` (``region`` describes the holder, ``name``
    names it again)."""
    ds = digit_ranges(bits)
    text = (f"In {house.name}, {ds} can only go in {cells_text(ctx, spots)}, {_all(spots)} {region}; "
            f"so {name} holds {ds}")
    if combos:
        text += f" and must be {combos_text(combos)}"
    return text + f": {losses_text(ctx, list(effects))}."


def _house_to_cage(ctx: Context, virtual: bool = False) -> Iterator[Step]:
    """A house whose cells for some digits all lie in one cage: the cage holds
    those digits.  ``virtual``: the same with the distinct derived sums
    (virtual regions) in place of the cages."""
    masks = ctx.state.masks
    puzzle = ctx.puzzle
    regions = puzzle.regions
    cages_of = cage_sets(puzzle)
    tid, name = ("combination-confinement", "Combination confinement") if virtual else \
        ("cage-confinement", "Cage confinement")
    changed = ctx.changed_since_quiet(tid)
    holding: dict[int, list[Region]] = {}
    if virtual:
        for r in ctx.virtual:
            if r.distinct and r.total is not None:
                for c in r.cells:
                    holding.setdefault(c, []).append(r)
        if not holding:
            return
    else:
        if not any(cages_of):
            return
        reach = house_reach(puzzle)

    def cages_with(spots: list[int]) -> list[Region]:
        return [regions[ri] for ri, cells in cages_of[spots[0]] if cells.issuperset(spots)]

    def sums_with(spots: list[int]) -> list[Region]:
        return [r for r in holding.get(spots[0], ()) if all(c in r.cells for c in spots[1:])]

    for hi, house in enumerate(regions):
        if not is_house(house, puzzle.max_digit):
            continue
        if virtual:
            meeting = list({id(r): r for c in house.cells for r in holding.get(c, ())}.values())
            if not meeting:
                continue
            if changed is not None and changed.isdisjoint(house.cells) \
                    and all(changed.isdisjoint(r.cells) for r in meeting):
                continue  # the house and the sums meeting it unchanged since the last empty search
        elif changed is not None and changed.isdisjoint(reach[hi]):
            continue  # neither the house nor a cage meeting it changed since the last empty search
        for cage, bits, spots in house_claims(masks, house.cells, sums_with if virtual else cages_with):
            if virtual and set(cage.cells) == set(house.cells):
                continue
            effects, combos = holding_effects(masks, house.cells, bits, cage.cells, cage.total)
            if not effects:
                continue
            text = holding_text(ctx, house, bits, spots, describe(cage), cage.name, combos, effects) \
                if ctx.explain else ""
            yield Step(tid, name, 3, text, eliminations=effects,
                       cells=tuple(spots), regions=(region_key(house), region_key(cage)),
                       candidates=tuple((c, masks[c] & bits) for c in spots))


def find_cage_confinement(ctx: Context) -> Iterator[Step]:
    """A cage's required digit inside one house, or a house's digit inside one cage."""
    yield from _required_confinement(ctx, True)
    yield from _house_to_cage(ctx)


def find_combination_confinement(ctx: Context) -> Iterator[Step]:
    """Any other sum region's required digit inside one other distinct region,
    or a house's digit inside one distinct derived sum."""
    yield from _required_confinement(ctx, False)
    yield from _house_to_cage(ctx, virtual=True)


POINTING = Technique("pointing", "Pointing", 3, 4, find_pointing,
                     "In box 1, 5 can only go in r2c1 and r2c3, both in row 2, so 5 leaves the rest of row 2.",
                     kinds=BOX_KINDS)
CLAIMING = Technique("claiming", "Claiming", 3, 4, find_claiming,
                     "In row 4, 8 can only go in r4c7 and r4c9, both in box 6, so 8 leaves the rest of box 6.",
                     kinds=BOX_KINDS)
CAGE_CONFINEMENT = Technique("cage-confinement", "Cage confinement", 3, 5, find_cage_confinement,
                             "cage b (3) must hold 1 and 2, both inside box 1, so 1 and 2 leave the rest of box 1.",
                             kinds=CAGE_KINDS)
COMBINATION_CONFINEMENT = Technique(
    "combination-confinement", "Combination confinement", 3, 5, find_combination_confinement,
    "a derived sum of 17 over r4c1 and r5c1 must be 8+9, both in column 1: 8 and 9 leave the rest of column 1.",
    kinds=SUM_KINDS)

TECHNIQUES = (POINTING, CLAIMING, CAGE_CONFINEMENT, COMBINATION_CONFINEMENT)
