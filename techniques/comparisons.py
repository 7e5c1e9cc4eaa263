r"""Sum comparisons (Greater Killer): ``sum(cage A) < / = / > sum(cage B)``.

A cage may show no total.  From the candidates left, each side can reach
only some sums (a cage with a total reaches just that one); the comparison
then bounds the other side, and a candidate goes when no placement of its
cage with different digits reaches an allowed sum.  One step per comparison.

>>> from puzzles.greater_killer import build
>>> from puzzles.killer import Cage
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = build([Cage("a", None, ((0, 0), (0, 1))), Cage("d", 5, ((1, 0), (1, 1)))], [("a", "<", "d")])
>>> step = next(find_sum_comparisons(Context(p, Candidates.initial(p), TECHNIQUES)))
>>> print(step.text.replace(", so", ",\nso"))
cage a < cage d (5), and cage a has no printed total and could add 3 to 17 with the candidates left,
so it adds at most 4: r1c1 and r1c2 lose 4-9.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from solver.bits import digits_of, mask_sum
from solver.contract import Context, Technique
from solver.model import Region
from solver.step import Step

from solver.supports import repeat_support

from .combinations import ALL_SUMS, distinct_fit, losses_text
from .common import region_key

_FLIP = {"<": ">", ">": "<", "=": "="}


def reachable_sums(region: Region, masks: list[int]) -> int:
    """The totals a region can still reach, as a bit mask (bit ``s`` for total ``s``)."""
    if region.total is not None:
        return 1 << region.total
    return _reachable(tuple([masks[c] for c in region.cells]), region.distinct)


@lru_cache(maxsize=1 << 14)
def _reachable(now: tuple[int, ...], distinct: bool) -> int:
    """The totals cells with these candidates can add up to (different digits when
    ``distinct``), as a bit mask: the relation checks ask again and again for the same
    cells, one candidate taken at a time, so the answers are kept.

    >>> bin(_reachable((0b110, 0b1100), True)), bin(_reachable((0b110, 0b110), False))
    ('0b111000', '0b11100')
    """
    if distinct:
        out = 0
        for combo in distinct_fit(now, ALL_SUMS)[1]:
            out |= 1 << mask_sum(combo)
        return out
    return repeat_support(now, ALL_SUMS)[1]


def allowed_sums(mine: int, op: str, theirs: int) -> int:
    """The totals in ``mine`` that satisfy ``mine op theirs`` for some total in ``theirs``.

    >>> bin(allowed_sums(0b11110, "<", 0b1000))
    '0b110'
    """
    if not mine or not theirs:
        return 0
    if op == "=":
        return mine & theirs
    if op == "<":
        top = theirs.bit_length() - 1
        return mine & ((1 << top) - 1)
    bottom = (theirs & -theirs).bit_length() - 1
    return mine & ~((1 << (bottom + 1)) - 1)


def _bounds(sums: int) -> tuple[int, int]:
    return (sums & -sums).bit_length() - 1, sums.bit_length() - 1


def _side_name(region: Region) -> str:
    return f"{region.name} ({region.total})" if region.total is not None else region.name


def _conclusion(op: str, allowed: int) -> str:
    lo, hi = _bounds(allowed)
    if lo == hi:
        return f"it must add {lo}"
    if op == "<":
        return f"it adds at most {hi}"
    if op == ">":
        return f"it adds at least {lo}"
    return f"it adds {lo} to {hi}"


def find_sum_comparisons(ctx: Context) -> Iterator[Step]:
    """One step per comparison that rules out candidates of a cage without a total."""
    masks = ctx.state.masks
    regions = ctx.puzzle.regions
    for comp in ctx.puzzle.comparisons:
        left, right = regions[comp.left], regions[comp.right]
        if any(masks[c] == 0 for c in left.cells + right.cells):
            continue
        if left.total is not None and right.total is not None:
            continue
        reach_left, reach_right = reachable_sums(left, masks), reachable_sums(right, masks)
        if not reach_left or not reach_right:
            continue
        elims: list[tuple[int, int]] = []
        notes: list[str] = []
        for side, op, mine, theirs in ((left, comp.op, reach_left, reach_right),
                                       (right, _FLIP[comp.op], reach_right, reach_left)):
            if side.total is not None:
                continue
            allowed = allowed_sums(mine, op, theirs)
            now = tuple([masks[c] for c in side.cells])
            if side.distinct:
                support = distinct_fit(now, allowed)[0]
            else:
                support = repeat_support(now, allowed)[0]
            lost = [(c, m & ~s) for c, m, s in zip(side.cells, now, support) if m & ~s]
            if not lost:
                continue
            elims.extend(lost)
            if ctx.explain:
                lo, hi = _bounds(mine)
                if allowed:
                    notes.append(f"{side.name} has no printed total and could add {lo} to {hi} with the "
                                 f"candidates left, so {_conclusion(op, allowed)}: {losses_text(ctx, lost)}")
                else:
                    notes.append(f"{side.name} has no printed total and no sum it can reach ({lo} to {hi}) "
                                 f"fits: {losses_text(ctx, lost)}")
        if not elims:
            continue
        text = ""
        if ctx.explain:
            text = f"{_side_name(left)} {comp.op} {_side_name(right)}, and " + "; and ".join(notes) + "."
        yield Step("sum-comparison", "Sum comparison", 3, text, eliminations=tuple(elims),
                   cells=tuple(c for c, _ in elims), regions=(region_key(left), region_key(right)))


def _case_sums(ctx: Context, left: Region, right: Region, cell: int, digit: int) -> tuple[int, int, list[int]]:
    """The totals each side can reach with ``cell`` set to ``digit`` (and the digit gone from
    the cells of both sides that see it), and those cells."""
    masks = list(ctx.state.masks)
    peers = ctx.puzzle.peers[cell]
    bit = 1 << digit
    masks[cell] = bit
    lost = []
    for c in dict.fromkeys(left.cells + right.cells):
        if c in peers and masks[c] & bit:
            masks[c] &= ~bit
            lost.append(c)
    return reachable_sums(left, masks), reachable_sums(right, masks), lost


def _sums_text(sums: int) -> str:
    values = [str(s) for s in range(sums.bit_length()) if sums >> s & 1]
    if not values:
        return "nothing"
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def find_relation_checks(ctx: Context) -> Iterator[Step]:
    """One step per comparison: a candidate of either side that, taken with the
    cells of both sides that see it, leaves no pair of totals that fits."""
    masks = ctx.state.masks
    regions = ctx.puzzle.regions
    for comp in ctx.puzzle.comparisons:
        left, right = regions[comp.left], regions[comp.right]
        cells = tuple(dict.fromkeys(left.cells + right.cells))
        if any(masks[c] == 0 for c in cells):
            continue
        elims: list[tuple[int, int]] = []
        notes: list[str] = []
        for cell in cells:
            m = masks[cell]
            if m & (m - 1) == 0:
                continue
            gone = 0
            for d in digits_of(m):
                reach_left, reach_right, lost = _case_sums(ctx, left, right, cell, d)
                if allowed_sums(reach_left, comp.op, reach_right):
                    continue
                gone |= 1 << d
                if ctx.explain:
                    seen = f" ({', '.join(ctx.name(c) for c in lost)} {'sees' if len(lost) == 1 else 'see'} " \
                           f"it and {'loses' if len(lost) == 1 else 'lose'} {d})" if lost else ""
                    notes.append(f"with {ctx.name(cell)} = {d}{seen}, {_side_name(left)} could add only "
                                 f"{_sums_text(reach_left)} and {_side_name(right)} only {_sums_text(reach_right)}")
            if gone:
                elims.append((cell, gone))
        if not elims:
            continue
        text = ""
        if ctx.explain:
            verdict = ", which does not fit" if len(notes) == 1 else "; neither fits"
            text = (f"{_side_name(left)} {comp.op} {_side_name(right)}: " + "; ".join(notes) + verdict +
                    f". So {losses_text(ctx, elims)}.")
        yield Step("relation-check", "Relation check", 5, text, eliminations=tuple(elims),
                   cells=tuple(c for c, _ in elims), regions=(region_key(left), region_key(right)))


SUM_COMPARISON = Technique(
    "sum-comparison", "Sum comparison", 3, 5, find_sum_comparisons,
    "cage a has no printed total; cage a < cage d (16) means cage a adds at most 15, so r1c1 cannot be 9.",
    kinds=("greater-killer",))

RELATION_CHECK = Technique(
    "relation-check", "Relation check", 5, 12, find_relation_checks,
    "cage x > cage af: with r8c6 = 5 (r9c6 sees it and loses 5), cage x could add only 15 and cage af only 15, "
    "which does not fit. So r8c6 loses 5.", kinds=("greater-killer",))

TECHNIQUES = (SUM_COMPARISON, RELATION_CHECK)
