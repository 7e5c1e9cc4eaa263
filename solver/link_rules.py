"""What links a puzzle implies before any candidate (who sees whom, dots, the segments
where groups live) and the links a sum implies for given candidates: the rules
:mod:`solver.links` builds its graph from.

>>> sum_region_links(3, True, (0b110, 0b110))  # two cells of 1/2 adding to 3: one of them is 1, one is 2
((0, 1, 1, 1, True), (0, 2, 1, 2, True), (1, 1, 0, 1, True), (1, 2, 0, 2, True))
>>> sum_region_links(4, False, (0b1110, 0b110))[:2]  # 1/2/3 + 1/2 = 4, repeats allowed: not 1+1 nor 1+2
((0, 1, 1, 1, False), (0, 1, 1, 2, False))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .bits import POPCOUNT, digits_of
from .model import Puzzle, pair_holds, per_puzzle
from .supports import ALL_SUMS, distinct_fit, repeat_support

Node = tuple[tuple[int, ...], int]
"""``(cells, digit)``: one candidate (one cell) or a group (2-3 cells, sorted)."""


def cell_bits(cells: Sequence[int]) -> int:
    """Cells as a bit set (bit ``c`` for cell ``c``)."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def cells_of(bits: int) -> tuple[int, ...]:
    """The cells of a bit set, ascending."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


def _fit(total: int | None, distinct: bool, now: tuple[int, ...]) -> tuple[int, ...]:
    sums = ALL_SUMS if total is None else 1 << total
    if distinct:
        return distinct_fit(now, sums)[0]
    return repeat_support(now, sums)[0]


@lru_cache(maxsize=1 << 15)
def sum_region_links(total: int | None, distinct: bool, now: tuple[int, ...]
                      ) -> tuple[tuple[int, int, int, int, bool], ...]:
    """The links a sum over cells with candidates ``now`` implies, by position:
    ``(i, d, j, e, strong)`` joins digit d of cell i and digit e of cell j.  Weak: no
    fit has both; strong: every fit has one (with cell i able to be other than d).
    Equal digits of a region whose digits differ are left out (the region gives them).
    Cached by the masks: a cage that did not change gives the same links again."""
    out = []
    open_ = [i for i, m in enumerate(now) if POPCOUNT[m] >= 2]
    for i in open_:
        ma = now[i]
        for d in digits_of(ma):
            trial = list(now)
            trial[i] = 1 << d
            support = _fit(total, distinct, tuple(trial))
            for j in open_:
                if j != i:
                    for e in digits_of(now[j] & ~support[j]):
                        if e != d or not distinct:
                            out.append((i, d, j, e, False))
            trial[i] = ma & ~(1 << d)
            support = _fit(total, distinct, tuple(trial))
            if 0 in support:
                continue  # cell i can only be d: no link worth drawing
            for j in open_:
                s = support[j]
                if j != i and s & (s - 1) == 0:
                    out.append((i, d, j, s.bit_length() - 1, True))
    return tuple(out)


@dataclass(frozen=True)
class StaticRules:
    """What links a puzzle implies before any candidate: who sees whom, dots, segments."""

    see: tuple[int, ...]
    """per cell: the cells (a bit set) that can never hold the same digit"""
    pairs: tuple[tuple[tuple[int, int, str], ...], ...]
    """per cell: ``(pair index, other cell, kind)`` of its dots"""
    segments: tuple[int, ...]
    """where a line meets a box, jigsaw region or cage (bit sets of 2+ cells)"""
    comparisons: tuple[tuple[int, ...], ...]
    """per cell: the indexes of the comparisons whose cages hold it"""


@per_puzzle
def static_rules(puzzle: Puzzle) -> StaticRules:
    see = [0] * puzzle.size
    for c, peers in enumerate(puzzle.peers):
        see[c] = cell_bits(tuple(peers))
    pairs: list[list[tuple[int, int, str]]] = [[] for _ in puzzle.cells]
    for pi, pair in enumerate(puzzle.pairs):
        pairs[pair.a].append((pi, pair.b, pair.kind))
        pairs[pair.b].append((pi, pair.a, pair.kind))
        if not pair_holds(pair.kind, 1, 1):  # consecutive and ratio dots never join equal digits
            see[pair.a] |= 1 << pair.b
            see[pair.b] |= 1 << pair.a
    lines = [cell_bits(r.cells) for r in puzzle.regions if r.distinct and r.kind in ("row", "column")]
    others = [cell_bits(r.cells) for r in puzzle.regions
              if r.distinct and len(r.cells) > 1 and r.kind not in ("row", "column")]
    segments: dict[int, None] = {}
    for a in lines:
        for b in others:
            both = a & b  # a line inside a box, jigsaw region or cage (or a cage inside a line)
            if both & (both - 1):
                segments[both] = None
    comparisons: list[list[int]] = [[] for _ in puzzle.cells]
    for ci, comp in enumerate(puzzle.comparisons):
        for ri in (comp.left, comp.right):
            for c in puzzle.regions[ri].cells:
                comparisons[c].append(ci)
    return StaticRules(tuple(see), tuple(tuple(x) for x in pairs), tuple(segments),
                   tuple(tuple(x) for x in comparisons))
