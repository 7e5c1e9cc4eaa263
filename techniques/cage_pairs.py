r"""Combinations across two cages that meet: the first link of a combination chain.

**Cage pairs** (``cage-pairs``, level 7, tried just before ``contradiction-1``): two sums of different digits (cages,
or derived sums) whose cells see each other through shared houses are filled
together: each way to fill the first one (its digits in its cells) takes those
digits from the cells of the second that see them, and the second must still
have a combination that fits.  A candidate of the first that only ways leaving
the second without a combination use goes; a candidate of the second that no
way to fill the first leaves it goes too.  Each cage's own check
(``sum-combinations``) and the house-wide one (``house-combinations``) cannot
see this: it needs the two cages' cells in different houses at once.

It is tried only outside suppositions: ``contradiction-1`` runs the
techniques below level 7 only, and the deeper chains, which may use level 7,
skip it (inside a supposition it cost more time than it saved steps on the
extreme Killers).  The second cage's support is
:func:`~solver.supports.distinct_fit`, once per group of ways to fill the
first that take the same digits from the cells the second sees; pairs whose
cages both have more than :data:`MAX_FILLINGS` ways to fill are left alone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from solver.bits import digits_of
from solver.contract import Context, Technique
from solver.model import Region
from solver.step import Step
from solver.supports import distinct_fit

from .combinations import losses_text, or_list
from .common import SUM_KINDS, describe, region_key
from .seeing import peer_bits

#: Ways to fill the first cage of a pair beyond which the pair is left alone.
MAX_FILLINGS = 60


def fillings(region: Region, masks: list[int], limit: int = MAX_FILLINGS) -> tuple[tuple[int, ...], ...] | None:
    """Every way to fill a distinct sum region (one digit per cell, as bits), or
    None past ``limit``; its combinations come from :func:`distinct_fit`."""
    return _fillings(region.total or 0, tuple([masks[c] for c in region.cells]), limit)


@lru_cache(maxsize=20000)
def _fillings(total: int, now: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...] | None:
    _, combos = distinct_fit(now, 1 << total)
    out: list[tuple[int, ...]] = []
    chosen = [0] * len(now)

    def walk(i: int, left: int) -> bool:
        if i == len(now):
            out.append(tuple(chosen))
            return len(out) <= limit
        m = now[i] & left
        while m:
            bit = m & -m
            m ^= bit
            chosen[i] = bit
            if not walk(i + 1, left & ~bit):
                return False
        return True

    for combo in combos:
        if not walk(0, combo):
            return None
    return tuple(out)


@lru_cache(maxsize=20000)
def _groups(total: int, now: tuple[int, ...], seen: tuple[int, ...]
            ) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The ways to fill a region grouped by the digits of its cells at positions ``seen``
    (what the other cage sees): each group's digits there and the union of its ways."""
    groups: dict[tuple[int, ...], tuple[int, ...]] = {}
    for way in _fillings(total, now, MAX_FILLINGS) or ():
        key = tuple([way[f] for f in seen])
        known = groups.get(key)
        groups[key] = way if known is None else tuple([a | b for a, b in zip(known, way)])
    return tuple(groups.items())


def _meeting_pairs(ctx: Context) -> list[tuple[Region, Region, list[tuple[int, int]]]]:
    """Pairs (each once) of disjoint sums of different digits some of whose cells see each
    other, with, for each cell of the second, the bit set of the first's cells it sees.
    The joint filling gives both cages' exact support, so one order is enough."""
    regions = [r for r in ctx.sum_regions() if r.distinct and r.total is not None]
    peers = peer_bits(ctx.puzzle)
    bits = [sum(1 << c for c in r.cells) for r in regions]
    out = []
    for i, first in enumerate(regions):
        for j in range(i + 1, len(regions)):
            second = regions[j]
            if bits[i] & bits[j]:
                continue
            sight = []
            for c in second.cells:
                seen = peers[c] & bits[i]
                if seen:
                    sight.append((c, seen))
            if sight:
                out.append((first, second, sight))
    return out


def _flip(first: Region, second: Region, sight: list[tuple[int, int]], peers: tuple[int, ...]
          ) -> tuple[Region, Region, list[tuple[int, int]]]:
    """The same pair seen from the second cage."""
    bits = sum(1 << c for c in second.cells)
    return second, first, [(c, peers[c] & bits) for c in first.cells if peers[c] & bits]


def _pairs(ctx: Context) -> list[tuple[Region, Region, list[tuple[int, int]], int]]:
    """:func:`_meeting_pairs` with both cages' cells as one bit set, kept per set of derived sums."""
    key = ("cage-pairs", tuple((r.cells, r.total) for r in ctx.virtual))
    found = ctx.memo.get(key)
    if found is None:
        found = [(a, b, sight, sum(1 << c for c in a.cells + b.cells)) for a, b, sight in _meeting_pairs(ctx)]
        ctx.memo[key] = found
    return found


def _joint(ctx: Context, first: Region, second: Region, sight: list[tuple[int, int]]
           ) -> tuple[Region, Region, list[tuple[int, int]], list[tuple[int, int]]] | None:
    """The eliminations of one pair's joint filling (with the pair in the order walked), or None."""
    masks = ctx.state.masks
    if not any(masks[c] & _union(masks, seen) for c, seen in sight):
        return None  # no digit the first cage may take is a candidate of a cell of the second that sees it
    ways = fillings(first, masks)
    other = fillings(second, masks)
    if other is not None and (ways is None or len(other) < len(ways)):
        first, second, sight = _flip(first, second, sight, peer_bits(ctx.puzzle))
        ways = other
    if not ways:
        return None
    index = {c: k for k, c in enumerate(first.cells)}
    seen = sorted({index[f] for _, bits in sight for f in first.cells if bits >> f & 1})
    where = {f: j for j, f in enumerate(seen)}
    seen_by = [(k, [where[index[f]] for f in first.cells if bits >> f & 1])
               for k, c in enumerate(second.cells) for d, bits in sight if d == c]
    groups = _groups(first.total or 0, tuple([masks[c] for c in first.cells]), tuple(seen))
    now_first = [masks[c] for c in first.cells]
    now_second = tuple([masks[c] for c in second.cells])
    keep_first = [0] * len(first.cells)
    keep_second = [0] * len(second.cells)
    total = 1 << (second.total or 0)
    for digits, union in groups:
        cut = list(now_second)
        for k, positions in seen_by:
            for j in positions:
                cut[k] &= ~digits[j]
        support = distinct_fit(tuple(cut), total)[0]
        if not support[0]:
            continue
        keep_first = [a | b for a, b in zip(keep_first, union)]
        keep_second = [a | b for a, b in zip(keep_second, support)]
        if keep_first == now_first and keep_second == list(now_second):
            return None  # every candidate of both is used: nothing goes
    if not any(keep_first):
        return None  # no joint filling at all: a dead end, left to others
    elims = [(c, masks[c] & ~k) for c, k in zip(first.cells, keep_first) if masks[c] & ~k]
    elims += [(c, masks[c] & ~k) for c, k in zip(second.cells, keep_second) if masks[c] & ~k]
    return (first, second, sight, elims) if elims else None


#: Pair results remembered per solve (``ctx.memo``) before the memory is cleared.
MEMO_LIMIT = 50_000


def find_cage_pairs(ctx: Context) -> Iterator[Step]:
    """One step per pair of meeting cages whose joint filling rules out candidates
    (at the top level only: inside a supposition it is not tried)."""
    if ctx.depth:
        return
    masks = ctx.state.masks
    changed = ctx.changed_since_quiet("cage-pairs")
    changed_bits = -1 if changed is None else sum(1 << c for c in changed)
    memo = ctx.memo.setdefault("cage-pairs-results", {})
    for first, second, sight, both in _pairs(ctx):
        if not both & changed_bits:
            continue  # both cages unchanged since this technique last found nothing
        state = tuple([masks[c] for c in first.cells + second.cells])
        key = (first.cells, second.cells, state)
        if key in memo:
            found = memo[key]
        else:
            found = None if 0 in state else _joint(ctx, first, second, sight)
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            memo[key] = found
        if found is None:
            continue
        first, second, sight, elims = found
        text = ""
        if ctx.explain:
            text = _text(ctx, first, second, sight, elims)
        yield Step("cage-pairs", "Cage pairs", 7, text, eliminations=tuple(elims),
                   cells=tuple(c for c, _ in elims), regions=(region_key(first), region_key(second)))


def _union(masks: list[int], cells: int) -> int:
    out = 0
    while cells:
        low = cells & -cells
        out |= masks[low.bit_length() - 1]
        cells ^= low
    return out


def _text(ctx: Context, first: Region, second: Region, sight: list[tuple[int, int]],
          elims: list[tuple[int, int]]) -> str:
    own = [(c, m) for c, m in elims if c in first.cells]
    other = [(c, m) for c, m in elims if c in second.cells]
    meet = ", ".join(f"{ctx.name(c)} sees {', '.join(ctx.name(f) for f in first.cells if seen >> f & 1)}"
                     for c, seen in sight[:3])
    if len(sight) > 3:
        meet += ", ..."
    text = f"{describe(first)} and {describe(second)} meet ({meet})"
    parts = []
    if own:
        cases = ", or ".join(f"{ctx.name(c)} as {or_list([str(d) for d in digits_of(m)])}" for c, m in own)
        parts.append(f"every way to fill {first.name} with {cases} leaves {second.name} no combination")
    if other:
        cases = ", ".join(f"{or_list([str(d) for d in digits_of(m)])} in {ctx.name(c)}" for c, m in other)
        parts.append(f"no way to fill {first.name} leaves {second.name} a combination with {cases}")
    return text + ": " + "; and ".join(parts) + f". So {losses_text(ctx, elims)}."


CAGE_PAIRS = Technique(
    "cage-pairs", "Cage pairs", 7, 25, find_cage_pairs,
    "cage a (10) and cage b (9) meet (r2c4 sees r2c1, r1c4 sees r1c2): every way to fill cage a with r2c1 as 3 "
    "leaves cage b no combination. So r2c1 loses 3.", kinds=SUM_KINDS)

TECHNIQUES = (CAGE_PAIRS,)
