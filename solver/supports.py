"""Exact support of a sum over a few cells: which candidates can still be part of a solution.

Both functions take a total and one candidate mask per cell and return, per
cell, the candidates that appear in at least one complete assignment (or
``None`` when there is none).  They are the "generalised arc consistency" of
one sum constraint, with or without the all-different rule.  Results are
cached by ``(total, masks)``: during a search the same small cage or run is
met in the same state again and again.

>>> distinct_support(6, (0b0110, 0b0110, 0b1110))  # {1,2},{1,2},{1,2,3} sum 6
(6, 6, 8)
>>> sum_support(4, (0b1110, 0b1110))  # {1,2,3} + {1,2,3} = 4
(14, 14)
>>> cage_support(8, (0b0110, 0b0110, 0b111110), 0)  # 1+2+5 fits, 1+3+4 does not
((6, 6, 32), 38, (38,))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import native
from .bits import HIGH, LOW, POPCOUNT, SUM_OF_MASK, combinations, digits_of
from .model import Region

CACHE_LIMIT = 300_000
"""Entries a support cache keeps before it is cleared (here and in :mod:`solver.repeat_sums`)."""
_cage_cache: dict[tuple[int, tuple[int, ...], int], tuple[tuple[int, ...], int, tuple[int, ...]] | None] = {}
_matching_cache: dict[tuple[int, ...], tuple[int, ...] | None] = {}
_repeat_cache: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]] = {}
# The digits of each mask.
_DIGITS: tuple[tuple[int, ...], ...] = tuple(tuple(d for d in range(1, 10) if m >> d & 1) for m in range(1 << 10))
# For each set of up to nine cells (a bit mask over cell positions): its size,
# the position of its lowest cell, and its positions.
_SET_SIZE: tuple[int, ...] = tuple(bin(s).count("1") for s in range(1 << 9))
_LOWEST: tuple[int, ...] = tuple((s & -s).bit_length() - 1 for s in range(1 << 9))
_MEMBERS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in range(9) if s >> j & 1) for s in range(1 << 9))


def cage_support(total: int, masks: tuple[int, ...], forced: int = 0,
                 max_digit: int = 9) -> tuple[tuple[int, ...], int, tuple[int, ...]] | None:
    """Exact support of ``len(masks)`` different digits summing to ``total``.

    ``forced``: digits the cells must contain (known from outside).  Returns
    ``(support per cell, required, combinations)`` where ``required`` holds
    the digits that every fitting assignment uses and ``combinations`` the
    digit sets that still fit, or ``None`` when nothing fits.

    Each digit combination that fits the total is tried in turn: the cells'
    candidates are cut down to the combination and a perfect matching of
    cells to its digits is looked for (:func:`matching_support`, cached on
    the cut-down masks, which recur far more often than the full ones).
    """
    key = (total, masks, forced)
    hit = _cage_cache.get(key, False)
    if hit is not False:
        return hit  # type: ignore[return-value]
    union = 0
    for m in masks:
        union |= m
    support: list[int] | None = None
    required = -1
    fitting = []
    matching = _matching_cache
    for combo in combinations(len(masks), total, max_digit):
        if combo & ~union or forced & ~combo:
            continue
        cut = tuple([m & combo for m in masks])
        if 0 in cut:
            continue
        found = matching[cut] if cut in matching else matching_support(cut)
        if found is None:
            continue
        support = list(found) if support is None else [a | b for a, b in zip(support, found)]
        required &= combo
        fitting.append(combo)
    result = None if support is None else (tuple(support), required, tuple(fitting))
    if len(_cage_cache) > CACHE_LIMIT:
        _cage_cache.clear()
    _cage_cache[key] = result
    return result


def matching_support(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Cells that must take different digits, using every digit of the union
    (as many digits as cells): each cell's digits that belong to some
    perfect matching, or ``None`` when there is none.  Cached.

    Fixed cells go first: their digits leave the other cells (repeatedly, as
    new cells become fixed).  For the open cells that are left, Hall's
    theorem: a matching exists when every set S of cells sees at least |S|
    digits.  A set that sees exactly |S| digits is *tight*: its cells use up
    those digits, so no cell outside it can take one of them -- and that is
    the only way a candidate can fail to belong to some matching.  With at
    most nine cells, going through all 2^n sets of open cells is cheap.

    >>> matching_support((0b110, 0b110, 0b1110))  # {1,2},{1,2},{1,2,3}
    (6, 6, 8)
    >>> matching_support((0b10, 0b10)) is None
    True
    >>> matching_support((0b1000, 0b1110, 0b1110))  # {3},{1,2,3},{1,2,3}
    (8, 6, 6)
    """
    result = _match(list(masks))
    if len(_matching_cache) > CACHE_LIMIT:
        _matching_cache.clear()
    _matching_cache[masks] = result
    return result


def _match(support: list[int]) -> tuple[int, ...] | None:
    """The work of :func:`matching_support` on a list it may change."""
    fixed = 0
    while True:
        new = 0
        for i, m in enumerate(support):
            if m & (m - 1):
                if m & fixed:
                    m &= ~fixed
                    if not m:
                        return None
                    support[i] = m
                    if not m & (m - 1):
                        if new & m:
                            return None
                        new |= m
            elif not m & fixed:
                if new & m or not m:
                    return None
                new |= m
        if not new:
            break
        fixed |= new
    open_cells = [i for i, m in enumerate(support) if m & (m - 1)]
    if not open_cells:
        return tuple(support)
    masks = [support[i] for i in open_cells]
    count = 1 << len(open_cells)
    # seen[S]: the digits the open cells in S can take, built from S minus its lowest cell.
    seen = [0] * count
    tight = []
    lowest, size = _LOWEST, _SET_SIZE
    for s in range(1, count):
        u = seen[s & (s - 1)] | masks[lowest[s]]
        seen[s] = u
        k = POPCOUNT[u] - size[s]
        if k <= 0:
            if k < 0:
                return None
            tight.append(s)
    # The set of every open cell, when tight, constrains nobody outside it.
    everyone = count - 1
    if tight and tight[-1] == everyone:
        tight.pop()
    for s in tight:
        used = seen[s]
        for j in _MEMBERS[everyone ^ s]:
            i = open_cells[j]
            if support[i] & used:
                support[i] &= ~used
    return tuple(support)


_FAST_FIT: list[Any] = []
"""The C ``distinct_fit`` (or None), looked up on first use: :mod:`solver.native`
imports this module's users, so it is not complete while this one loads."""


@lru_cache(maxsize=1 << 16)
def distinct_fit(masks: tuple[int, ...], sums: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The one support of a distinct sum: cells taking different digits from their ``masks`` with a total in ``sums``
    (bit ``s`` set: total ``s`` allowed).  Returns ``(support, combos)``: for each
    cell the digits it takes in some complete placement, and every digit set (as a
    mask, ascending) that has a placement.  No placement: all-zero support, no combos.

    The C extension computes the same when it is built (:func:`python_distinct_fit`
    is the pure-Python version).

    >>> distinct_fit((0b0110, 0b1110), 1 << 5)   # two cells from 1/2 and 1/2/3, total 5
    ((4, 8), (12,))
    """
    if not _FAST_FIT:
        _FAST_FIT.append(native.distinct_fit_function())
    fast = _FAST_FIT[0]
    if fast is not None and len(masks) <= 10 and sums < 1 << 64 and all(0 <= m < 1024 for m in masks):
        return fast(masks, sums)
    return python_distinct_fit(masks, sums)


def python_distinct_fit(masks: tuple[int, ...], sums: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`distinct_fit` in Python."""
    n = len(masks)
    if n == 0 or 0 in masks or not sums:
        return (0,) * n, ()
    order = sorted(range(n), key=lambda i: (POPCOUNT[masks[i]], i))
    ms = [masks[i] for i in order]
    lo_ok = (sums & -sums).bit_length() - 1
    hi_ok = sums.bit_length() - 1
    rest_lo = [0] * (n + 1)
    rest_hi = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        rest_lo[k] = rest_lo[k + 1] + LOW[ms[k]]
        rest_hi[k] = rest_hi[k + 1] + HIGH[ms[k]]
    layers: list[list[int]] = [[0]]
    for k in range(n):
        m = ms[k]
        seen: set[int] = set()
        lo, hi = rest_lo[k + 1], rest_hi[k + 1]
        for used in layers[k]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                nxt = used | bit
                if nxt not in seen:
                    s = SUM_OF_MASK[nxt]
                    if s + lo <= hi_ok and s + hi >= lo_ok:
                        seen.add(nxt)
        layers.append(sorted(seen))
    alive = {t for t in layers[n] if sums >> SUM_OF_MASK[t] & 1}
    combos = tuple(sorted(alive))
    support = [0] * n
    for k in range(n - 1, -1, -1):
        m = ms[k]
        before: set[int] = set()
        got = 0
        for used in layers[k]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                if used | bit in alive:
                    got |= bit
                    before.add(used)
        support[k] = got
        alive = before
    out = [0] * n
    for pos, i in enumerate(order):
        out[i] = support[pos]
    return tuple(out), combos


def distinct_support(total: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """For cells taking different digits that sum to ``total``: each cell's
    digits that appear in some complete assignment (None if there is none);
    :func:`distinct_fit` with one total.

    >>> distinct_support(10, (0b1000000010, 0b1111111110))  # {1,9} + anything = 10
    (514, 514)
    """
    if total < 0:
        return None
    support, combos = distinct_fit(masks, 1 << total)
    return support if combos else None


def repeat_support(masks: tuple[int, ...], sums: int) -> tuple[tuple[int, ...], int]:
    """For cells whose digits may repeat and whose total must be in ``sums``
    (a bit set: bit ``s`` allows the total ``s``): each cell's digits that
    appear in some such assignment, and the totals reachable (a bit set).
    No assignment: all-zero support and no totals.  The one implementation
    of a repeat-allowed sum: the propagator and the techniques both call it.

    ``reach[k]``: the sums the first ``k`` cells can make; ``left[k]``: the
    sums the first ``k`` cells may make so that the rest can complete a
    reachable allowed total.  Digit ``d`` of cell ``k`` is supported when
    some sum ``s`` the cells before it make leaves ``s + d`` in ``left[k + 1]``.

    >>> repeat_support((0b1110, 0b1110), 1 << 6)  # {1,2,3} + {1,2,3} = 6
    ((8, 8), 64)
    >>> repeat_support((0b10, 0b10), 1 << 3)
    ((0, 0), 0)
    """
    key = (masks, sums)
    hit = _repeat_cache.get(key)
    if hit is not None:
        return hit
    n = len(masks)
    digit_lists = [digits_of(m) for m in masks]
    reach = [1]
    for ds in digit_lists:
        p = reach[-1]
        acc = 0
        for d in ds:
            acc |= p << d
        reach.append(acc)
    totals = reach[n] & sums
    if not totals:
        out: tuple[tuple[int, ...], int] = ((0,) * n, 0)
    else:
        left = [0] * (n + 1)
        left[n] = totals
        for k in range(n - 1, -1, -1):
            acc = 0
            for d in digit_lists[k]:
                acc |= left[k + 1] >> d
            left[k] = acc
        out = (tuple(sum(1 << d for d in digit_lists[k] if reach[k] & (left[k + 1] >> d)) for k in range(n)),
               totals)
    if len(_repeat_cache) > CACHE_LIMIT:
        _repeat_cache.clear()
    _repeat_cache[key] = out
    return out


def sum_support(total: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """For cells (digits may repeat) summing to ``total``: each cell's digits
    that appear in some assignment (None if there is none); see
    :func:`repeat_support`.

    >>> sum_support(4, (0b1110, 0b1110))  # {1,2,3} + {1,2,3} = 4
    (14, 14)
    >>> sum_support(3, (0b10, 0b10)) is None
    True
    """
    if total < 0:
        return None
    support, totals = repeat_support(masks, 1 << total)
    return support if totals else None


# --- a region's fit and the digits it must hold (shared by techniques and solver.links) ----------------
ALL_SUMS = (1 << 46) - 1
"""Every total 0..45 accepted (a region with no printed total)."""


def region_fit(region: Region, masks: list[int] | tuple[int, ...], sums: int | None = None
               ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`distinct_fit` (or :func:`repeat_support`, with no combos) of a region under
    the current masks; ``sums`` defaults to the region's total."""
    now = tuple([masks[c] for c in region.cells])
    if sums is None:
        sums = ALL_SUMS if region.total is None else 1 << region.total
    if region.distinct:
        return distinct_fit(now, sums)
    return repeat_support(now, sums)[0], ()


def required_digits(region: Region, masks: list[int] | tuple[int, ...], max_digit: int = 9) -> int:
    """The digits a distinct region must hold: all of them in a full house, else
    the digits in every combination that still has a placement (0 when unknown).

    >>> required_digits(Region("cage a", (0, 1, 2), total=23), [0b1111111110] * 3) == 1 << 6 | 1 << 8 | 1 << 9
    True
    """
    if not region.distinct:
        return 0
    if region.total is None:
        if len(region.cells) == max_digit:
            return ((1 << (max_digit + 1)) - 1) & ~1
        return 0
    _, combos = region_fit(region, masks)
    if not combos:
        return 0
    need = -1
    for combo in combos:
        need &= combo
    return need
