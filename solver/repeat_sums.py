"""Sums whose cells may repeat a digit between groups: derived sums (innies and
outies over several houses) and the quick combination check.

A derived sum's cells are split into groups whose cells see each other (and
so take different digits); cells of different groups may hold the same
digit.  :func:`grouped_support` gives the exact support for given groups,
:func:`clique_groups` finds the groups from the pairs of cells that must
differ, and :func:`apart_support` combines them (fixing a few cells'
digits where the pairs do not fall into cliques).  :func:`combination_support`
is the check a person makes on a distinct sum: the digit combinations of the
right size and total that the cells allow.  The distinct and repeating
supports they build on are in :mod:`solver.supports`.

>>> grouped_support(((0b0110, 0b0110), (0b0110,)), 1 << 5)[0]  # {1,2} {1,2} | {1,2}: 1+2+2
((6, 6), (4,))
"""

from __future__ import annotations

from functools import lru_cache

from .bits import combinations, digits_of, high_digit, mask_sum
from .supports import CACHE_LIMIT, distinct_fit

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
    if len(_apart_cache) > CACHE_LIMIT:
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
