r"""House combinations (killer pairs and triples, blocked combinations).

**House combinations** (``house-combinations``, level 5): the cages that lie
wholly inside a house, and the house's other ("loose") cells, share out its
digits, each exactly once.  Each cage's combination is chosen jointly: the
combinations must not overlap, and the digits they leave must fit the loose
cells (one each, a perfect matching).  A combination that no joint choice
uses goes, and with it the candidates only it supported; a loose cell keeps
only the digits some joint choice leaves it.  The step says which
combinations clash (``cage s cannot be 5+6: it clashes with cage k (14),
which can only be 5+9 or 6+8``).

Each cage's own fitting combinations come from
:func:`~solver.supports.distinct_fit` (through
:func:`~techniques.combinations.region_fit`), the loose cells' matching from
:func:`~solver.supports.matching_support`.  Derived sums of different digits (innies and outies) among the loose
cells count as cages too.  The joint choices are walked
depth first, fewest combinations first; a house with more than
:data:`MAX_CHOICES` partial choices is left alone.

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=1, width=4, cells=((0, 0), (0, 1), (0, 2), (0, 3)),
...            regions=(Region("row 1", (0, 1, 2, 3), kind="row"), Region("cage a", (0, 1), total=5, kind="cage"),
...                     Region("cage b", (2, 3), total=5, kind="cage")), max_digit=4)
>>> ctx = Context(p, Candidates.initial(p), TECHNIQUES)
>>> ctx.state.masks[2] = ctx.state.masks[3] = 0b10010        # cage b can only be 1+4
>>> print(next(find_house_combinations(ctx)).text.replace(": it", ":\nit"))
row 1 holds 1-4 once, shared by cage a (5) and cage b (5); cage a cannot be 1+4:
it clashes with cage b (5), which must be 1+4. So r1c1 and r1c2 lose 1 and 4.
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import digits_of, full_mask
from solver.contract import Context, Technique
from solver.model import HOUSE_KINDS, Puzzle, Region, per_puzzle
from solver.step import Step
from solver.supports import distinct_fit, matching_support

from .combinations import combos_text, losses_text, region_fit
from .common import CAGE_KINDS, cells_text, describe, plus, region_key

#: Partial joint choices one house may walk before it is left alone.
MAX_CHOICES = 4000


@per_puzzle
def house_cages(puzzle: Puzzle) -> tuple[tuple[Region, tuple[Region, ...], tuple[int, ...]], ...]:
    """``(house, cages wholly inside it, loose cells)`` for every house that
    holds at least one cage with a total wholly inside."""
    out = []
    cages = [r for r in puzzle.regions if r.kind == "cage" and r.distinct and r.total is not None]
    for house in puzzle.regions:
        if not (house.kind in HOUSE_KINDS and house.distinct and len(house.cells) == puzzle.max_digit):
            continue
        cells = set(house.cells)
        inside = tuple(r for r in cages if cells.issuperset(r.cells) and len(r.cells) < len(cells))
        if not inside:
            continue
        taken = {c for r in inside for c in r.cells}
        out.append((house, inside, tuple(c for c in house.cells if c not in taken)))
    return tuple(out)


def _with_derived(ctx: Context, layouts: list[tuple[Region, tuple[Region, ...], tuple[int, ...]]]
                  ) -> list[tuple[Region, tuple[Region, ...], tuple[int, ...]]]:
    """The layouts with the derived sums of different digits (innies, outies) that lie among
    a house's loose cells taken as cages too, the largest first."""
    sums = sorted((r for r in ctx.virtual if r.distinct and r.total is not None),
                  key=lambda r: -len(r.cells))
    by_house = {house.name: (house, cages, loose) for house, cages, loose in layouts}
    max_digit = ctx.puzzle.max_digit
    for house in ctx.puzzle.regions:
        if not (house.kind in HOUSE_KINDS and house.distinct and len(house.cells) == max_digit):
            continue
        _, cages, loose = by_house.get(house.name, (house, (), house.cells))
        free = set(loose)
        extra = []
        for region in sums:
            if free.issuperset(region.cells) and len(region.cells) < max_digit:
                extra.append(region)
                free.difference_update(region.cells)
        if extra:
            by_house[house.name] = (house, cages + tuple(extra), tuple(c for c in loose if c in free))
    return list(by_house.values())


def _joint(combos: list[tuple[int, ...]], loose: tuple[int, ...], full: int
           ) -> tuple[list[set[int]], list[int]] | None:
    """The combinations of each cage that some joint choice uses, and each loose
    cell's digits over all joint choices; None past :data:`MAX_CHOICES`."""
    order = sorted(range(len(combos)), key=lambda i: len(combos[i]))
    used: list[set[int]] = [set() for _ in combos]
    loose_support = [0] * len(loose)
    chosen = [0] * len(combos)
    matches: dict[int, tuple[int, ...] | None] = {}
    count = 0

    def walk(k: int, taken: int) -> bool:
        nonlocal count
        count += 1
        if count > MAX_CHOICES:
            return False
        if k == len(order):
            rest = full & ~taken
            if rest not in matches:
                matches[rest] = matching_support(tuple([m & rest for m in loose])) if loose else ()
            found = matches[rest]
            if found is None:
                return True
            for i, combo in enumerate(chosen):
                used[i].add(combo)
            for j, s in enumerate(found):
                loose_support[j] |= s
            return True
        i = order[k]
        for combo in combos[i]:
            if combo & taken:
                continue
            chosen[i] = combo
            if not walk(k + 1, taken | combo):
                return False
        return True

    if not walk(0, 0):
        return None
    return used, loose_support


def _clash(combo: int, others: list[tuple[Region, tuple[int, ...]]]) -> str:
    """Why a combination no joint choice uses goes: a cage all of whose combinations overlap it."""
    for region, combos in others:
        if combos and all(c & combo for c in combos):
            which = f"can only be {combos_text(combos)}" if len(combos) > 1 else f"must be {combos_text(combos)}"
            return f"it clashes with {describe(region)}, which {which}"
    return "no choice of the other cages' combinations and the loose cells' digits fits beside it"


def find_house_combinations(ctx: Context) -> Iterator[Step]:
    """One step per house whose joint choice of cage combinations rules out candidates."""
    masks = ctx.state.masks
    full = full_mask(ctx.puzzle.max_digit)
    changed = ctx.changed_since_quiet("house-combinations")
    layouts = list(house_cages(ctx.puzzle))
    if ctx.virtual:
        layouts = _with_derived(ctx, layouts)
    for house, cages, loose in layouts:
        if changed is not None and changed.isdisjoint(house.cells):
            continue  # the house (and so every sum inside it) is unchanged since the last empty search
        if any(masks[c] == 0 for c in house.cells):
            continue
        if len(cages) == 1 and not loose:
            continue
        combos = [region_fit(cage, masks)[1] for cage in cages]
        if not all(combos):
            continue
        if all(len(c) == 1 for c in combos) and not loose:
            continue
        loose_masks = tuple([masks[c] for c in loose])
        found = _joint(combos, loose_masks, full)
        if found is None:
            continue
        used, loose_support = found
        if not any(used):
            continue  # no joint choice at all: a dead end, left to others
        elims: dict[int, int] = {}
        for cage, every, kept in zip(cages, combos, used):
            if len(kept) == len(every):
                continue
            now = tuple([masks[c] for c in cage.cells])
            keep = [0] * len(now)
            for combo in kept:
                support, _ = distinct_fit(tuple(m & combo for m in now), 1 << (cage.total or 0))
                keep = [a | b for a, b in zip(keep, support)]
            for c, m, k in zip(cage.cells, now, keep):
                if m & ~k:
                    elims[c] = m & ~k
        for c, m, s in zip(loose, loose_masks, loose_support):
            if m & ~s:
                elims[c] = m & ~s
        if not elims:
            continue
        effects = tuple(sorted(elims.items()))
        text = ""
        if ctx.explain:
            text = _text(ctx, house, cages, combos, used, loose, effects)
        yield Step("house-combinations", "House combinations", 5, text, eliminations=effects,
                   cells=tuple(c for c, _ in effects),
                   regions=(region_key(house),) + tuple(region_key(cage) for cage in cages))


def _text(ctx: Context, house: Region, cages: tuple[Region, ...], combos: list[tuple[int, ...]],
          used: list[set[int]], loose: tuple[int, ...], effects: tuple[tuple[int, int], ...]) -> str:
    top = ctx.puzzle.max_digit
    names = [describe(c) for c in cages]
    sharing = (", ".join(names[:-1]) + " and " + names[-1]) if len(names) > 1 else names[0]
    if loose:
        sharing += f" with {cells_text(ctx, loose)} loose"
    text = f"{house.name} holds 1-{top} once, shared by {sharing}"
    notes = []
    for i, (cage, every, kept) in enumerate(zip(cages, combos, used)):
        gone = [c for c in every if c not in kept]
        if not gone:
            continue
        others = [(cages[j], combos[j]) for j in range(len(cages)) if j != i]
        for combo in sorted(gone, key=lambda c: digits_of(c)):
            notes.append(f"{cage.name} cannot be {plus(digits_of(combo))}: {_clash(combo, others)}")
    if notes:
        text += "; " + "; ".join(notes)
    elif loose:
        text += "; the digits the cages leave must fit the loose cells"
    return text + f". So {losses_text(ctx, list(effects))}."


HOUSE_COMBINATIONS = Technique(
    "house-combinations", "House combinations", 5, 15, find_house_combinations,
    "row 3 holds 1-9 once, shared by cage k (14) and cage s (11) with r3c1, r3c2, r3c3, r3c4 and r3c9 loose; "
    "cage s cannot be 5+6: it clashes with cage k (14), which can only be 5+9 or 6+8. So r3c5 loses 5.",
    kinds=CAGE_KINDS)

TECHNIQUES = (HOUSE_COMBINATIONS,)
