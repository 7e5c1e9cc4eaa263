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

from .bits import POPCOUNT, combinations

_CACHE_LIMIT = 300_000
_cage_cache: dict[tuple[int, tuple[int, ...], int], tuple[tuple[int, ...], int, tuple[int, ...]] | None] = {}
_matching_cache: dict[tuple[int, ...], tuple[int, ...] | None] = {}
_sum_cache: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}
# The number of cells in each set of up to nine cells (a bit mask over cell positions).
_SET_SIZE: tuple[int, ...] = tuple(bin(s).count("1") for s in range(1 << 9))


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
        found = matching.get(cut, False)
        if found is False:
            found = matching_support(cut)
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
            if m & fixed and m & (m - 1):
                m &= ~fixed
                if not m:
                    return None
                support[i] = m
            if not m & (m - 1) and not m & fixed:
                if new & m or not m:
                    return None
                new |= m
        if not new:
            break
        fixed |= new
    open_cells = [i for i, m in enumerate(support) if m & (m - 1)]
    n = len(open_cells)
    if n == 0:
        return tuple(support)
    count = 1 << n
    seen = [0] * count  # seen[S]: the digits the open cells in S can take
    for s in range(1, count):
        low = s & -s
        seen[s] = seen[s ^ low] | support[open_cells[low.bit_length() - 1]]
    if POPCOUNT[seen[count - 1]] < n:
        return None
    size = _SET_SIZE
    tight = []
    for s in range(1, count - 1):
        k = POPCOUNT[seen[s]] - size[s]
        if k <= 0:
            if k < 0:
                return None
            tight.append(s)
    for s in tight:
        used = seen[s]
        for j, i in enumerate(open_cells):
            if not s >> j & 1 and support[i] & used:
                support[i] &= ~used
    return tuple(support)


def distinct_support(total: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """For cells taking different digits that sum to ``total``: each cell's
    digits that appear in some complete assignment (None if there is none).

    >>> distinct_support(10, (0b1000000010, 0b1111111110))  # {1,9} + anything = 10
    (514, 514)
    """
    found = cage_support(total, masks)
    return None if found is None else found[0]


def sum_support(total: int, masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """For cells (digits may repeat) summing to ``total``: each cell's digits
    that appear in some assignment (None if there is none).

    Reachable partial sums are kept as bit sets (bit ``s`` = sum ``s`` is
    reachable), from the left and from the right; a digit ``d`` of cell
    ``k`` survives when the sums reachable by the other cells include
    ``total - d``.
    """
    key = (total, masks)
    hit = _sum_cache.get(key, False)
    if hit is not False:
        return hit  # type: ignore[return-value]
    n = len(masks)
    digit_lists = [[d for d in range(1, m.bit_length()) if m >> d & 1] for m in masks]
    prefix = [1]
    for ds in digit_lists:
        p = prefix[-1]
        acc = 0
        for d in ds:
            acc |= p << d
        prefix.append(acc)
    out: tuple[int, ...] | None = None
    if prefix[n] >> total & 1:
        suffix = [0] * (n + 1)
        suffix[n] = 1
        for k in range(n - 1, -1, -1):
            acc = 0
            for d in digit_lists[k]:
                acc |= suffix[k + 1] << d
            suffix[k] = acc
        result = []
        for k in range(n):
            # The sums the other cells reach: every prefix sum plus every suffix sum.
            others = 0
            p, q = prefix[k], suffix[k + 1]
            s = 0
            while p:
                if p & 1:
                    others |= q << s
                p >>= 1
                s += 1
            keep = 0
            for d in digit_lists[k]:
                if total >= d and others >> (total - d) & 1:
                    keep |= 1 << d
            result.append(keep)
        out = tuple(result)
    if len(_sum_cache) > _CACHE_LIMIT:
        _sum_cache.clear()
    _sum_cache[key] = out
    return out

