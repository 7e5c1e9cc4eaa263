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
from .bits import HIGH, LOW, POPCOUNT, SUM_OF_MASK, combinations, digits_of, high_digit, mask_sum
from .model import Region

_CACHE_LIMIT = 300_000
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
    if len(_cage_cache) > _CACHE_LIMIT:
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
    if len(_matching_cache) > _CACHE_LIMIT:
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
    if len(_repeat_cache) > _CACHE_LIMIT:
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


def grouped_support(groups: tuple[tuple[int, ...], ...], sums: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """A sum over cells split into groups: the cells of a group take different
    digits, cells of different groups may repeat one.  ``groups`` holds each
    group's candidate masks, ``sums`` the allowed totals (bit ``s``: total ``s``).
    Returns each group's per-cell support (digits used by some assignment of the
    whole sum) and the reachable allowed totals; all-zero support and no totals
    when there is no assignment.

    One group is :func:`distinct_fit`; groups of one cell each are
    :func:`repeat_support`.  Each group's possible totals come from its digit
    sets (:func:`distinct_fit`); the totals are added up group by group
    forwards and backwards (as in :func:`repeat_support`); a group keeps the
    placements of the totals that the other groups can complete.

    >>> grouped_support(((0b1110, 0b1110), (0b1110,)), 1 << 8)  # {1,2,3} != {1,2,3}, plus {1,2,3}: 8
    (((12, 12), (8,)), 256)
    >>> grouped_support(((0b110, 0b110), (0b110,)), 1 << 6)  # 1+2 and 1 or 2: at most 5
    (((0, 0), (0,)), 0)
    """
    n = len(groups)
    if any(0 in g for g in groups):
        return tuple((0,) * len(g) for g in groups), 0
    totals: list[int] = []
    for masks in groups:
        _, combos = distinct_fit(masks, (2 << sum(high_digit(m) for m in masks)) - 1)
        bits = 0
        for combo in combos:
            bits |= 1 << mask_sum(combo)
        totals.append(bits)
    reach = [1]
    for bits in totals:
        acc = 0
        p = reach[-1]
        while bits:
            low = bits & -bits
            acc |= p << (low.bit_length() - 1)
            bits ^= low
        reach.append(acc)
    final = reach[n] & sums
    if not final:
        return tuple((0,) * len(g) for g in groups), 0
    left = [0] * (n + 1)
    left[n] = final
    for k in range(n - 1, -1, -1):
        acc = 0
        bits = totals[k]
        while bits:
            low = bits & -bits
            acc |= left[k + 1] >> (low.bit_length() - 1)
            bits ^= low
        left[k] = acc
    out = []
    for k, masks in enumerate(groups):
        fits = 0
        bits = totals[k]
        while bits:
            low = bits & -bits
            t = low.bit_length() - 1
            if reach[k] & (left[k + 1] >> t):
                fits |= low
            bits ^= low
        out.append(distinct_fit(masks, fits)[0])
    return tuple(out), final


@lru_cache(maxsize=1 << 12)
def clique_groups(n: int, apart: tuple[tuple[int, int], ...],
                  max_branch: int | None = None) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Split cells ``0..n-1`` into groups whose cells must all differ (pairs in
    ``apart``), largest groups first, and name the cells to branch on: a few
    cells that, once their digits are fixed, leave no pair that must differ
    between two groups (at most ``max_branch`` of them: pairs still crossing
    then are left out).  Returns ``(groups, branch)``; the branch cells are in
    no group.

    >>> clique_groups(5, ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)))  # four in row 8 and one more
    (((0, 1, 2, 3), (4,)), ())
    >>> clique_groups(3, ((0, 1), (1, 2)))  # a path: r1c1-r1c2 in one row, r1c2-r2c2 in one column
    (((0,), (2,)), (1,))
    """
    near = _near(n, apart)
    branch: list[int] = []
    while True:
        left = [i for i in range(n) if i not in branch]
        groups = _greedy_cliques(left, near)
        where = {i: g for g, members in enumerate(groups) for i in members}
        crossing = [0] * n
        for a, b in apart:
            if a in where and b in where and where[a] != where[b]:
                crossing[a] += 1
                crossing[b] += 1
        if not any(crossing) or len(branch) == max_branch:
            return tuple(groups), tuple(sorted(branch))
        branch.append(max(range(n), key=lambda i: (crossing[i], -i)))


def _greedy_cliques(cells: list[int], near: list[int]) -> list[tuple[int, ...]]:
    """Cells covered by groups that are cliques of ``near``: repeatedly the largest clique found greedily."""
    left = set(cells)
    out: list[tuple[int, ...]] = []
    while left:
        best: tuple[int, ...] = ()
        for start in sorted(left):
            clique = [start]
            for j in sorted(left, key=lambda j: (-bin(near[j] & _bits(left)).count("1"), j)):
                if j != start and all(near[j] >> i & 1 for i in clique):
                    clique.append(j)
            if len(clique) > len(best):
                best = tuple(sorted(clique))
        out.append(best)
        left.difference_update(best)
    return sorted(out, key=lambda g: (-len(g), g))


def _bits(cells: set[int]) -> int:
    out = 0
    for i in cells:
        out |= 1 << i
    return out


MAX_BRANCH = 2
""":func:`apart_support` fixes at most this many cells' digits; beyond that it drops the remaining pairs."""


def apart_support(masks: tuple[int, ...], sums: int,
                  apart: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], int]:
    """Support of a sum over cells where only the pairs in ``apart`` must take
    different digits (cells sharing a house or cage); the others may repeat a
    digit.  Returns each cell's digits used by some assignment with a total in
    ``sums`` (bit ``s``: total ``s``) and the reachable allowed totals.

    The cells are split into groups that must differ (:func:`clique_groups`)
    and summed with :func:`grouped_support`; a pair that must differ across
    two groups is honoured by fixing the digit of one of its cells in turn (at
    most :data:`MAX_BRANCH` such cells; beyond that those pairs are dropped,
    which keeps a digit that might go, never removes one that must stay).

    >>> apart_support((0b1110, 0b1110, 0b1110), 1 << 6, ((0, 1),))  # r1c1 != r1c2, r5c5 free
    ((14, 14, 14), 64)
    >>> apart_support((0b110, 0b110, 0b110), 1 << 4, ((0, 1), (1, 2)))  # {1,2} x3 = 4, the middle differs
    ((2, 4, 2), 16)
    """
    key = (masks, sums, apart)
    hit = _apart_cache.get(key)
    if hit is not None:
        return hit
    n = len(masks)
    groups, branch = clique_groups(n, apart, MAX_BRANCH)
    support = [0] * n
    reached = 0
    for digits in _branch_digits(masks, branch, apart):
        cut = list(masks)
        shift = 0
        for i, d in zip(branch, digits):
            shift += d
            for a, b in apart:
                if a == i and b not in branch:
                    cut[b] &= ~(1 << d)
                elif b == i and a not in branch:
                    cut[a] &= ~(1 << d)
        part, totals = grouped_support(tuple(tuple(cut[i] for i in g) for g in groups), sums >> shift)
        if not totals:
            continue
        reached |= totals << shift
        for g, found in zip(groups, part):
            for i, m in zip(g, found):
                support[i] |= m
        for i, d in zip(branch, digits):
            support[i] |= 1 << d
    out = (tuple(support), reached) if reached else ((0,) * n, 0)
    if len(_apart_cache) > _CACHE_LIMIT:
        _apart_cache.clear()
    _apart_cache[key] = out
    return out


_apart_cache: dict[tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]], tuple[tuple[int, ...], int]] = {}


def _near(n: int, apart: tuple[tuple[int, int], ...]) -> list[int]:
    """Each cell's must-differ partners as a bit mask over positions."""
    near = [0] * n
    for a, b in apart:
        near[a] |= 1 << b
        near[b] |= 1 << a
    return near


def _branch_digits(masks: tuple[int, ...], branch: tuple[int, ...],
                   apart: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
    """Every choice of digits for the branch cells that keeps their own apart pairs different."""
    out: list[tuple[int, ...]] = [()]
    for k, i in enumerate(branch):
        grown = []
        for chosen in out:
            for d in digits_of(masks[i]):
                if all(chosen[j] != d for j in range(k) if (i, branch[j]) in apart or (branch[j], i) in apart):
                    grown.append(chosen + (d,))
        out = grown
    return out


@lru_cache(maxsize=1 << 16)
def combination_support(masks: tuple[int, ...], total: int,
                        max_digit: int = 9) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The quick check a person makes on a distinct sum (a cage or run): the
    combinations of the right size and total that the cells allow (each digit
    is a candidate somewhere, each cell meets the combination), and in each
    cell the digits ``d`` of such a combination whose rest the *other* cells
    allow in the same sense.  Returns ``(support, combos)``; nothing fits:
    all-zero support and no combos.

    Weaker than :func:`distinct_fit`, which looks for a complete placement
    with different digits (a matching); for two cells the two agree (the
    partner of ``d`` must be a candidate of the other cell).

    With three cells or fewer it keeps the same digits as :func:`distinct_fit`;
    longer sums can differ.  {1,2,4}, {1-5}, {1,2,4}, {1,3} totalling 11 can
    only be 1+2+3+5; 1 in the last cell leaves 2+3+5 for the others, which
    they allow one by one, but 5 and 3 must both go in the second cell:

    >>> combination_support((0b10110, 0b111110, 0b10110, 0b1010), 11)
    ((6, 32, 6, 10), (46,))
    >>> distinct_fit((0b10110, 0b111110, 0b10110, 0b1010), 1 << 11)
    ((6, 32, 6, 8), (46,))
    """
    n = len(masks)
    if n == 0 or 0 in masks:
        return (0,) * n, ()
    union = 0
    for m in masks:
        union |= m
    before = [0] * (n + 1)
    after = [0] * (n + 1)
    for i in range(n):
        before[i + 1] = before[i] | masks[i]
        after[n - 1 - i] = after[n - i] | masks[n - 1 - i]
    support = [0] * n
    fitting = []
    for combo in combinations(n, total, max_digit):
        if combo & ~union or not all(m & combo for m in masks):
            continue
        fitting.append(combo)
        for i, m in enumerate(masks):
            others = before[i] | after[i + 1]
            for d in digits_of(m & combo & ~support[i]):
                rest = combo & ~(1 << d)
                if rest & ~others == 0 and all(masks[j] & rest for j in range(n) if j != i):
                    support[i] |= 1 << d
    if not fitting or 0 in support:
        return (0,) * n, ()
    return tuple(support), tuple(fitting)
