"""Wings: a few cells with as many digits, all but one of which can be there only once.

* **XY-Wing** (level 6): a *pivot* with two digits x/y sees two *pincers*
  x/z and y/z (for x and for y).  Whatever the pivot is, one pincer is z, so
  z leaves every cell that sees both pincers.
* **XYZ-Wing** (level 7): the same with a pivot x/y/z: the pivot or one
  pincer is z, so z leaves the cells that see all three.
* **WXYZ-Wing** (level 7): four cells (a pivot and three cells it sees) hold
  four digits between them, and every digit but one, z, is *restricted*:
  the cells holding it all see each other, so it is in at most one of them.
  Three restricted digits fill at most three cells, so one of the cells that
  hold z is z: z leaves the cells that see all of them.

"Sees" is for the digit in question and comes from the link graph
(:mod:`solver.links`): a shared row, column, box, jigsaw region, cage, run or
derived sum, a Kropki dot, or a sum or comparison that forbids the two
candidates together.  The search spends a counted budget of nodes per call.

>>> XY_WING.level, XYZ_WING.level, WXYZ_WING.level
(6, 7, 7)
"""

from __future__ import annotations

from itertools import combinations as choose
from typing import Iterator

from solver.bits import POPCOUNT, digits_of
from solver.bits import cells_of
from solver.contract import Context, Technique
from solver.step import Link, Step

from .combinations import digit_ranges, losses_text
from .common import cells_text
from .sight import Sight, open_cells_with, sight

NODE_BUDGET = 30_000
"""Cells tried per call of a wing search (counted, never timed)."""


def _targets(view: Sight, holders: int, z: int, wing: int, open_z: int) -> int:
    """The open cells outside the wing that see every cell of ``holders`` for ``z``."""
    return view.common_seers(holders, z) & open_z & ~wing


def find_xy_wing(ctx: Context) -> Iterator[Step]:
    """XY-Wings: a bivalue pivot x/y seeing pincers x/z and y/z."""
    if ctx.depth:
        return
    view = sight(ctx)
    masks = ctx.state.masks
    bivalue = [c for c, m in enumerate(masks) if POPCOUNT[m] == 2]
    if len(bivalue) < 3:
        return
    open_of: dict[int, int] = {}
    for p in bivalue:
        x, y = digits_of(masks[p])
        sx, sy = view.seen_by(p, x), view.seen_by(p, y)
        wings_x = [a for a in bivalue if sx >> a & 1 and masks[a] >> x & 1 and not masks[a] >> y & 1]
        wings_y = [b for b in bivalue if sy >> b & 1 and masks[b] >> y & 1 and not masks[b] >> x & 1]
        for a in wings_x:
            z_bit = masks[a] & ~(1 << x)
            for b in wings_y:
                if masks[b] & ~(1 << y) != z_bit:
                    continue
                z = z_bit.bit_length() - 1
                if z not in open_of:
                    open_of[z] = open_cells_with(masks, z)
                wing = 1 << p | 1 << a | 1 << b
                hit = _targets(view, 1 << a | 1 << b, z, wing, open_of[z])
                if hit:
                    yield _xy_step(ctx, p, a, b, x, y, z, hit)


def _xy_step(ctx: Context, p: int, a: int, b: int, x: int, y: int, z: int, hit: int) -> Step:
    bit = 1 << z
    elims = tuple((c, bit) for c in cells_of(hit))
    text = ""
    if ctx.explain:
        n = ctx.name
        where = "which sees both" if len(elims) == 1 else "which see both"
        text = (f"XY-Wing on {z}: the pivot {n(p)} is {x} or {y}; if {x}, {n(a)} ({x}/{z}) is {z}; if {y}, "
                f"{n(b)} ({y}/{z}) is {z}. Either way {n(a)} or {n(b)} is {z}, so {cells_text(ctx, cells_of(hit))} "
                f"({where}) {'loses' if len(elims) == 1 else 'lose'} {z}.")
    links = (Link((a,), z, (a,), x, True), Link((a,), x, (p,), x, False), Link((p,), x, (p,), y, True),
             Link((p,), y, (b,), y, False), Link((b,), y, (b,), z, True))
    return Step("xy-wing", "XY-Wing", 6, text, eliminations=elims, cells=(p, a, b),
                candidates=((p, ctx.state.masks[p]), (a, ctx.state.masks[a]), (b, ctx.state.masks[b])),
                links=links)


def find_xyz_wing(ctx: Context) -> Iterator[Step]:
    """XYZ-Wings: a pivot x/y/z seeing pincers x/z and y/z."""
    if ctx.depth:
        return
    view = sight(ctx)
    masks = ctx.state.masks
    bivalue = [c for c, m in enumerate(masks) if POPCOUNT[m] == 2]
    open_of: dict[int, int] = {}
    for p, pm in enumerate(masks):
        if POPCOUNT[pm] != 3:
            continue
        inside = [c for c in bivalue if not masks[c] & ~pm]
        for a, b in choose(inside, 2):
            shared = masks[a] & masks[b]
            if POPCOUNT[shared] != 1:
                continue
            z = shared.bit_length() - 1
            x = (masks[a] & ~shared).bit_length() - 1
            y = (masks[b] & ~shared).bit_length() - 1
            if not (view.seen_by(p, x) >> a & 1 and view.seen_by(p, y) >> b & 1):
                continue
            if z not in open_of:
                open_of[z] = open_cells_with(masks, z)
            wing = 1 << p | 1 << a | 1 << b
            hit = _targets(view, wing, z, wing, open_of[z])
            if hit:
                bit = 1 << z
                elims = tuple((c, bit) for c in cells_of(hit))
                text = ""
                if ctx.explain:
                    n = ctx.name
                    text = (f"XYZ-Wing on {z}: the pivot {n(p)} is {x}, {y} or {z}; if {x}, {n(a)} ({x}/{z}) is "
                            f"{z}; if {y}, {n(b)} ({y}/{z}) is {z}. So one of the three is {z}, and "
                            f"{losses_text(ctx, list(elims))} (seeing all three).")
                yield Step("xyz-wing", "XYZ-Wing", 7, text, eliminations=elims, cells=(p, a, b),
                           candidates=((p, pm), (a, masks[a]), (b, masks[b])))


def _unrestricted(view: Sight, masks: list[int], cells: tuple[int, ...], union: int) -> list[tuple[int, int]]:
    """``(digit, holders)`` for the digits of ``union`` whose holders among ``cells`` do not all
    see each other (holders as a bit mask)."""
    out = []
    for e in digits_of(union):
        holders = [c for c in cells if masks[c] >> e & 1]
        bits = 0
        for c in holders:
            bits |= 1 << c
        if any(bits & ~(1 << c) & ~view.seen_by(c, e) for c in holders):
            out.append((e, bits))
    return out


def _trios(pool: list[int], masks: list[int], pm: int) -> Iterator[tuple[int, int, int]]:
    """Three cells of ``pool`` that hold, with the pivot's digits ``pm``, exactly four digits."""
    for i, a in enumerate(pool):
        ua = pm | masks[a]
        if POPCOUNT[ua] > 4:
            continue
        for j in range(i + 1, len(pool)):
            b = pool[j]
            ub = ua | masks[b]
            if POPCOUNT[ub] > 4:
                continue
            for c in pool[j + 1:]:
                if POPCOUNT[ub | masks[c]] == 4:
                    yield a, b, c


def find_wxyz_wing(ctx: Context) -> Iterator[Step]:
    """WXYZ-Wings: a pivot and three cells it sees, four digits, one of them unrestricted."""
    if ctx.depth:
        return
    view = sight(ctx)
    masks = ctx.state.masks
    budget = NODE_BUDGET
    open_of: dict[int, int] = {}
    seen: set[frozenset[int]] = set()
    for p, pm in enumerate(masks):
        if not 2 <= POPCOUNT[pm] <= 4:
            continue
        sees_p = 0
        for d in digits_of(pm):
            sees_p |= view.seen_by(p, d)
        pool = [c for c in cells_of(sees_p) if 2 <= POPCOUNT[masks[c]] <= 4
                and POPCOUNT[masks[c] | pm] <= 4]
        if len(pool) < 3:
            continue
        for trio in _trios(pool, masks, pm):
            budget -= 1
            if budget <= 0:
                return
            cells = (p, *trio)
            union = pm | masks[trio[0]] | masks[trio[1]] | masks[trio[2]]
            key = frozenset(cells)
            if key in seen:
                continue
            seen.add(key)
            loose = _unrestricted(view, masks, cells, union)
            if len(loose) != 1:
                continue
            z, holders = loose[0]
            if z not in open_of:
                open_of[z] = open_cells_with(masks, z)
            wing = 0
            for c in cells:
                wing |= 1 << c
            hit = _targets(view, holders, z, wing, open_of[z])
            if not hit:
                continue
            bit = 1 << z
            elims = tuple((c, bit) for c in cells_of(hit))
            text = ""
            if ctx.explain:
                others = digit_ranges(union & ~bit)
                text = (f"WXYZ-Wing on {z}: {cells_text(ctx, cells)} hold only {digit_ranges(union)} between them, "
                        f"and each of {others} can be in only one of them (its cells see each other); so one of "
                        f"{cells_text(ctx, cells_of(holders))} is {z}, and {losses_text(ctx, list(elims))} "
                        f"(seeing all of those).")
            yield Step("wxyz-wing", "WXYZ-Wing", 7, text, eliminations=elims, cells=cells,
                       candidates=tuple((c, masks[c]) for c in cells))


XY_WING = Technique("xy-wing", "XY-Wing", 6, 44, find_xy_wing,
                    "XY-Wing on 5: the pivot r2c2 is 3 or 7; if 3, r2c8 (3/5) is 5; if 7, r6c2 (7/5) is 5; so "
                    "r6c8, which sees both, loses 5.")
XYZ_WING = Technique("xyz-wing", "XYZ-Wing", 7, 50, find_xyz_wing,
                     "XYZ-Wing on 4: the pivot r5c5 is 1, 2 or 4; if 1, r5c1 (1/4) is 4; if 2, r4c6 (2/4) is 4; so "
                     "r5c4 and r5c6, seeing all three, lose 4.")
WXYZ_WING = Technique("wxyz-wing", "WXYZ-Wing", 7, 55, find_wxyz_wing,
                      "WXYZ-Wing on 9: four cells hold only 2, 5, 7 and 9, and 2, 5 and 7 can each be in only one "
                      "of them, so one of the cells holding 9 is 9 and r3c7, seeing them all, loses 9.")

TECHNIQUES = (XY_WING, XYZ_WING, WXYZ_WING)
