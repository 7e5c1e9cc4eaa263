r"""Ways to fill a cage checked against the whole grid: blocked fillings.

**Blocked fillings** (``blocked-fillings``, level 7, tried just before
``contradiction-1``; Killers and Greater Killers): a sum of different digits
(a cage or a derived sum) with only a few ways left to fill it (its digits in
its cells) is filled each way in turn, and the way's digits are taken from
every cell that sees the cell holding them.  A way is *blocked* when that leaves a cell
with no candidate, a house with no place for one of its digits, or another
sum with no combination that fits.  Then:

* a candidate of the sum that only blocked ways use goes ("every way to fill
  cage k (17) with 9 in r4c5 is blocked: 9 in r4c5 and 8 in r4c6 leave row 3
  no place for 8 ...");
* a cell outside the sum that loses a digit in every way left loses it now,
  whether it sees the digit or the way leaves a sum around it no
  combination using the digit there ("whichever is used, r3c4 sees its 5").

This is the person's "if the cage is 1+2+6 then ..." check made for every
way at once: ``cage-pairs`` checks one other cage against each way, this one
every house and every sum around it.  Nothing is followed further than the
way's own digits, so a step is one look at the grid per way, not a chain.

It is tried only outside suppositions (like ``cage-pairs``: inside one it
would cost more than it saves), and sums with more than :data:`MAX_WAYS`
ways to fill are left alone.  The ways come from
:func:`techniques.cage_pairs.fillings` (through
:func:`~solver.supports.distinct_fit`), the other sums' checks from
:func:`~solver.supports.region_fit`.

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=2, width=3, cells=((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
...            regions=(Region("row 1", (0, 1, 2), kind="row"), Region("row 2", (3, 4, 5), kind="row"),
...                     Region("cage a", (0, 1), total=4, kind="cage"), Region("cage b", (3, 4), total=3, kind="cage")),
...            max_digit=3)
>>> ctx = Context(p, Candidates.initial(p), TECHNIQUES)
>>> ctx.state.masks[0] = 0b1010                   # r1c1 1/3, r1c2 1/3: cage a is 1+3 either way
>>> ctx.state.masks[1] = 0b1010
>>> ctx.state.masks[3] = ctx.state.masks[4] = 0b0110   # cage b is 1+2
>>> ctx.state.masks[2] = 0b1110
>>> step = next(find_blocked_fillings(ctx))
>>> step.eliminations == ((2, 0b1010),)
True
>>> print(step.text.replace(": ", ":\n"))
cage a (4) has 2 ways left to fill:
whichever is used, r1c3 sees its 1 and its 3, so r1c3 loses 1 and 3.
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import POPCOUNT, cell_bits, digits_of
from solver.contract import Context, Technique
from solver.model import Puzzle, Region, per_puzzle
from solver.step import Step
from solver.supports import region_fit

from .cage_pairs import fillings
from .combinations import losses_text, or_list
from .common import CAGE_KINDS, describe, meet, region_key
from .intersections import is_house
from .seeing import peer_bits

#: Ways to fill a sum beyond which it is left alone.
MAX_WAYS = 60
#: Ways one solve may check in all (counted, not timed): past that the technique finds nothing more, so that
#: the extreme Killers, which stall dozens of times and rarely give it a step, do not get slower.
WAYS_PER_SOLVE = 4000
#: Also count what each way leaves the sums around it unable to use (their cells' support) as taken.
NARROW = True
#: Blocked ways a step's sentence spells out (the rest are counted).
SHOWN = 3


@per_puzzle
def house_bits(puzzle: Puzzle) -> tuple[tuple[Region, int], ...]:
    """The houses that hold every digit once (rows, columns, boxes, jigsaw regions), each with
    its cells as a bit set."""
    return tuple((r, cell_bits(r.cells)) for r in puzzle.regions if is_house(r, puzzle.max_digit))


class _Board:
    """One candidate state read the ways this technique needs: each digit's cells and each
    house's places for each digit (bit sets), and each cell's sums."""

    def __init__(self, ctx: Context, regions: list[Region]) -> None:
        masks = ctx.state.masks
        top = ctx.puzzle.max_digit
        self.masks = masks
        self.cand = [0] * (top + 1)
        for c, m in enumerate(masks):
            for d in digits_of(m):
                self.cand[d] |= 1 << c
        self.houses = [(h, bits, [bits & self.cand[d] for d in range(top + 1)]) for h, bits in house_bits(ctx.puzzle)]
        self.sums_of: list[list[Region]] = [[] for _ in masks]
        for r in regions:
            for c in r.cells:
                self.sums_of[c].append(r)
        self.digits = range(1, top + 1)
        #: per count k, the cells with at most k candidates (the ones a way of k digits can empty)
        self.small = [sum(1 << c for c, m in enumerate(masks) if POPCOUNT[m] <= k) for k in range(top + 1)]


def _blocked(ctx: Context, region: Region, way: tuple[int, ...], board: _Board, outside: list[int],
             through: dict[int, dict[str, tuple[Region, int]]] | None = None) -> tuple[dict[int, int], str | None]:
    """Fill ``region`` the way ``way`` says (one digit bit per cell; ``outside[k]``: the
    cells outside it that see its ``k``-th cell): the candidates that go elsewhere (cell ->
    digits) and why the way is blocked (None when it is not; ``""`` in fast mode).
    ``through`` (for the sentence) gathers, cell by cell, the sums around that the way
    leaves no combination using a digit there, with those digits."""
    masks = board.masks
    explain = ctx.explain
    inside = sum(1 << c for c in region.cells)
    lost_by: dict[int, int] = {}      # digit -> the cells outside that lose it
    at: dict[int, int] = {}           # digit -> the cell of the sum that takes it (as a bit)
    for k, (c, b) in enumerate(zip(region.cells, way)):
        d = b.bit_length() - 1
        lost_by[d] = lost_by.get(d, 0) | (outside[k] & board.cand[d])
        at[d] = 1 << c

    def placed() -> str:
        return " and ".join(f"{digits_of(b)[0]} in {ctx.name(c)}" for c, b in zip(region.cells, way))

    lost: dict[int, int] = {}
    # Only a cell with no more candidates than the sum has cells can be emptied.
    risky = 0
    for gone in lost_by.values():
        risky |= gone
    risky &= board.small[len(way)]
    while risky:
        low = risky & -risky
        risky ^= low
        q = low.bit_length() - 1
        m = masks[q]
        for d, gone in lost_by.items():
            if gone & low:
                m &= ~(1 << d)
        if not m:
            return lost, (f"{placed()} leave {ctx.name(q)} no candidate" if explain else "")
    for d, gone in lost_by.items():
        if not gone:
            continue
        put = at[d]
        for house, bits, places in board.houses:
            if gone & bits and not put & bits and not places[d] & ~inside & ~gone:
                return lost, (f"{placed()} leave {house.name} no place for {d}" if explain else "")
    for house, bits, places in board.houses:
        if not bits & inside:
            continue
        for d in board.digits:
            if not at.get(d, 0) & bits and not places[d] & ~inside & ~lost_by.get(d, 0):
                return lost, (f"{placed()} leave {house.name} no place for {d}" if explain else "")
    for d, cells in lost_by.items():
        while cells:
            low = cells & -cells
            cells ^= low
            q = low.bit_length() - 1
            lost[q] = lost.get(q, 0) | 1 << d
    grid = list(masks)
    for q, m in lost.items():
        grid[q] = masks[q] & ~m
    for c, b in zip(region.cells, way):
        grid[c] = b
    narrowed: dict[int, int] = {}
    seen_sums: set[int] = set()
    for q in list(lost) + list(region.cells):
        for other in board.sums_of[q]:
            if other is region or id(other) in seen_sums:
                continue
            seen_sums.add(id(other))
            support, _ = region_fit(other, grid)
            if not support or not support[0]:
                return lost, (f"{placed()} leave {describe(other)} no combination" if explain else "")
            if NARROW:
                for c, k in zip(other.cells, support):
                    if grid[c] & ~k and not inside >> c & 1:
                        narrowed[c] = narrowed.get(c, 0) | (grid[c] & ~k)
                        if through is not None:
                            by_sum = through.setdefault(c, {})
                            by_sum[other.name] = (other, by_sum.get(other.name, (other, 0))[1] | (grid[c] & ~k))
    for c, m in narrowed.items():
        lost[c] = lost.get(c, 0) | m
    return lost, None


def find_blocked_fillings(ctx: Context) -> Iterator[Step]:
    """One step per sum whose blocked ways to fill, or whose ways left all at once,
    rule out candidates (at the top level only)."""
    if ctx.depth or not house_bits(ctx.puzzle):
        return  # inside a supposition, or a Kakuro (no houses): left alone
    masks = ctx.state.masks
    if 0 in masks:
        return
    peers = peer_bits(ctx.puzzle)
    regions = [r for r in ctx.sum_regions() if r.total is not None]
    board: _Board | None = None
    memo = ctx.memo.setdefault("blocked-fillings", {})
    state = (tuple(masks), len(ctx.virtual))
    if memo.get("state") == state:
        return  # searched this very state already and found nothing
    left = memo.get("left", WAYS_PER_SOLVE)
    for region in regions:
        if not region.distinct or len(region.cells) < 2:
            continue
        if all(masks[c] & (masks[c] - 1) == 0 for c in region.cells):
            continue
        if left <= 0:
            break
        ways = fillings(region, masks, MAX_WAYS)
        if not ways or len(ways) < 2:
            continue
        left -= len(ways)
        memo["left"] = left
        if board is None:
            board = _Board(ctx, regions)
        inside = sum(1 << c for c in region.cells)
        outside = [peers[c] & ~inside for c in region.cells]
        kept = [0] * len(region.cells)
        common: dict[int, int] | None = None
        sight: dict[int, int] | None = None
        why: list[tuple[tuple[int, ...], str]] = []
        through: dict[int, dict[str, tuple[Region, int]]] | None = {} if ctx.explain else None
        for way in ways:
            lost, reason = _blocked(ctx, region, way, board, outside, through)
            if reason is not None:
                why.append((way, reason))
                continue
            kept = [k | b for k, b in zip(kept, way)]
            seen = _seen(way, region, masks, peers) if ctx.explain else {}
            if common is None:
                common, sight = dict(lost), seen
            else:
                common = meet(common, lost)
                sight = meet(sight or {}, seen)
        if common is None:
            continue  # every way blocked: a dead end, left to others
        elims = [(c, masks[c] & ~k) for c, k in zip(region.cells, kept) if masks[c] & ~k]
        elims += sorted(common.items())
        if not elims:
            continue
        elims.sort()
        text = _text(ctx, region, ways, why, elims, sight or {}, through or {}) if ctx.explain else ""
        yield Step("blocked-fillings", "Blocked fillings", 7, text, eliminations=tuple(elims),
                   cells=tuple(c for c, _ in elims), regions=(region_key(region),))
    memo["state"] = state


def _seen(way: tuple[int, ...], region: Region, masks: list[int], peers: tuple[int, ...]) -> dict[int, int]:
    """The candidates outside ``region`` that see a digit of ``way`` (for the sentence)."""
    out: dict[int, int] = {}
    inside = set(region.cells)
    for c, b in zip(region.cells, way):
        p = peers[c]
        while p:
            low = p & -p
            p ^= low
            q = low.bit_length() - 1
            if q not in inside and masks[q] & b:
                out[q] = out.get(q, 0) | b
    return out


def _text(ctx: Context, region: Region, ways: tuple[tuple[int, ...], ...],
          why: list[tuple[tuple[int, ...], str]], elims: list[tuple[int, int]], sight: dict[int, int],
          through: dict[int, dict[str, tuple[Region, int]]]) -> str:
    inside = set(region.cells)
    own = [(c, m) for c, m in elims if c in inside]
    other = [(c, m) for c, m in elims if c not in inside]
    left = len(ways) - len(why)
    text = f"{describe(region)} has {len(ways)} ways left to fill"
    parts = []
    if why:
        shown = "; ".join(reason for _, reason in why[:SHOWN])
        more = f"; and {len(why) - SHOWN} more" if len(why) > SHOWN else ""
        parts.append(f"{len(why)} of them {'is' if len(why) == 1 else 'are'} blocked ({shown}{more})")
    if other:
        seen = "; ".join(_why_lost(ctx, c, m, sight.get(c, 0), through.get(c, {})) for c, m in other[:SHOWN])
        lead = f"whichever of the {left} others is used" if why else "whichever is used"
        parts.append(f"{lead}, {seen}{'; ...' if len(other) > SHOWN else ''}")
    if own and not other:
        parts.append(f"the {left} left never put {', '.join(_digits(m) + ' in ' + ctx.name(c) for c, m in own)}")
    return text + ": " + ", and ".join(parts) + f", so {losses_text(ctx, elims)}."


def _why_lost(ctx: Context, cell: int, mask: int, seen: int, through: dict[str, tuple[Region, int]]) -> str:
    """``r1c5 sees its 1 and its 9``, or (a digit some way only takes through a sum it leaves no
    combination using it, named from ``through``) ``r1c5 cannot keep 4 (each way either puts it
    where r1c5 sees it, or leaves cage m (10) no combination with it there)``."""
    name = ctx.name(cell)
    if mask & ~seen == 0:
        return f"{name} sees its {' and its '.join(str(d) for d in digits_of(mask))}"
    sums = [describe(r) for _, (r, taken) in sorted(through.items()) if taken & mask & ~seen]
    if not sums:  # cannot happen: a way that does not see the digit takes it through a sum
        return f"{name} cannot keep {_digits(mask)}"
    return (f"{name} cannot keep {_digits(mask)} (each way either puts it where {name} sees it, or leaves "
            f"{or_list(sums)} no combination with it there)")


def _digits(mask: int) -> str:
    return or_list([str(d) for d in digits_of(mask)])


BLOCKED_FILLINGS = Technique(
    "blocked-fillings", "Blocked fillings", 7, 30, find_blocked_fillings,
    "cage k (17) has 4 ways left to fill: 2 of them are blocked (9 in r4c5 and 8 in r4c6 leave row 3 no place "
    "for 8; 8 in r4c5 and 9 in r4c6 leave cage m (10) no combination), so r4c5 loses 8 and 9.",
    kinds=CAGE_KINDS)

TECHNIQUES = (BLOCKED_FILLINGS,)

__all__ = ["BLOCKED_FILLINGS", "MAX_WAYS", "TECHNIQUES", "find_blocked_fillings", "house_bits"]

