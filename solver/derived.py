"""Sums that follow from the rules by adding and subtracting region totals.

The rule of 45 in a Killer is plain arithmetic on the model: a union of
houses (rows, columns, boxes) whose digits are all different sums to 45 per
house (on an N x N grid with digits 1..N, N(N+1)/2 per house: the rule of 21
on 6x6, of 10 on 4x4; irregular regions are houses too).  Take away the
totals of the cages entirely inside it and what is left
is the sum of the few cells inside that belong to cages sticking out (the
*innies*); add the totals of those sticking-out cages instead and the excess
is the sum of their cells outside (the *outies*).

These are plain functions over a :class:`~solver.model.Puzzle`; both the
exact solver and the explained techniques use them.

>>> from puzzles import sample
>>> p = sample("killer-1")
>>> facts = derived_sums(p)
>>> all(len(f.cells) <= 5 for f in facts)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .bits import cell_bits, cells_of
from .model import BLOCK_KINDS, HOUSE_KINDS, Puzzle


@dataclass(frozen=True)
class DerivedSum:
    """``sum(cells) == total``, with the arithmetic that proves it.

    ``houses``: names of the houses in the union; ``inside``: names of the
    regions wholly inside with their totals; ``crossing``: the regions sticking
    out (for outies); ``side`` is ``innies`` or ``outies``.
    """

    cells: tuple[int, ...]
    total: int
    side: str
    houses: tuple[str, ...]
    house_total: int
    inside: tuple[int, ...]
    crossing: tuple[int, ...]


def house_unions(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Groups of houses (region indexes) worth summing: each house, runs of
    consecutive rows or columns, and boxes side by side."""
    full = puzzle.max_digit
    houses = [i for i, r in enumerate(puzzle.regions)
              if r.distinct and len(r.cells) == full and r.kind in HOUSE_KINDS]
    by_kind: dict[str, list[int]] = {kind: [] for kind in HOUSE_KINDS}
    for i in houses:
        by_kind[puzzle.regions[i].kind].append(i)
    unions: list[tuple[int, ...]] = [(i,) for i in houses]
    for kind in ("row", "column"):
        line = by_kind[kind]
        for start in range(len(line)):
            for end in range(start + 2, min(len(line), start + 5) + 1):
                unions.append(tuple(line[start:end]))
    layout = box_layout(puzzle)
    if layout:
        bands, stacks = len(layout), len(layout[0])
        for b in range(bands * stacks):
            band, stack = divmod(b, stacks)
            if stack < stacks - 1:
                unions.append((layout[band][stack], layout[band][stack + 1]))
            if band < bands - 1:
                unions.append((layout[band][stack], layout[band + 1][stack]))
    return unions


def box_layout(puzzle: Puzzle) -> list[list[int]]:
    """The boxes (region indexes) as they sit on the grid, one list per band
    of boxes, left to right; empty unless the boxes are equal rectangles
    tiling the grid (irregular regions have no layout).

    >>> from puzzles import sample
    >>> box_layout(sample("sudoku-1"))
    [[18, 19, 20], [21, 22, 23], [24, 25, 26]]
    """
    full = puzzle.max_digit
    boxes = [i for i, r in enumerate(puzzle.regions)
             if r.distinct and len(r.cells) == full and r.kind in BLOCK_KINDS]
    if not boxes or any(puzzle.regions[i].kind != "box" for i in boxes):
        return []
    corner: dict[tuple[int, int], int] = {}
    shape = None
    for i in boxes:
        spots = [puzzle.cells[c] for c in puzzle.regions[i].cells]
        top, left = min(r for r, _ in spots), min(c for _, c in spots)
        height = max(r for r, _ in spots) - top + 1
        width = max(c for _, c in spots) - left + 1
        if height * width != len(spots) or shape not in (None, (height, width)):
            return []
        shape = (height, width)
        corner[(top, left)] = i
    assert shape is not None
    bh, bw = shape
    if puzzle.height % bh or puzzle.width % bw:
        return []
    try:
        return [[corner[(band * bh, stack * bw)] for stack in range(puzzle.width // bw)]
                for band in range(puzzle.height // bh)]
    except KeyError:
        return []


def _union_areas(puzzle: Puzzle, cage_bits: dict[int, int]) -> Iterator[tuple[tuple[int, ...], int, set[int]]]:
    """For each union of :func:`house_unions`: the union, its cells as a bit
    mask, and the cages (by region index) that touch it."""
    house_bits: dict[int, int] = {}
    house_cages: dict[int, set[int]] = {}
    unions = house_unions(puzzle)
    for union in unions:
        if len(union) == 1:
            h = union[0]
            bits = house_bits[h] = cell_bits(puzzle.regions[h].cells)
            house_cages[h] = {ci for ci, cage in cage_bits.items() if cage & bits}
    for union in unions:
        area = 0
        touching: set[int] = set()
        for h in union:
            area |= house_bits[h]
            touching |= house_cages[h]
        yield union, area, touching


def derived_sums(puzzle: Puzzle, max_cells: int = 5) -> list[DerivedSum]:
    """Every innie and outie sum over :func:`house_unions` with at most ``max_cells`` cells.

    Cell sets are int bit masks here: a puzzle is compiled once per solve, and
    set arithmetic on ints keeps that cheap.
    """
    regions = puzzle.regions
    cages = [i for i, r in enumerate(regions) if r.kind not in HOUSE_KINDS]
    if not cages:
        return []
    full_total = puzzle.max_digit * (puzzle.max_digit + 1) // 2
    cage_bits = {ci: cell_bits(regions[ci].cells) for ci in cages}
    caged = 0
    for bits in cage_bits.values():
        caged |= bits
    out: list[DerivedSum] = []
    seen: set[tuple[int, ...]] = set()
    for union, area, touching in _union_areas(puzzle, cage_bits):
        house_total = full_total * len(union)
        inside: list[int] = []
        crossing: list[int] = []
        for ci in sorted(touching):
            (crossing if cage_bits[ci] & ~area else inside).append(ci)
        if any(regions[ci].total is None for ci in inside):
            continue
        inside_total = sum(regions[ci].total or 0 for ci in inside)
        covered = 0
        for ci in inside:
            covered |= cage_bits[ci]
        names = tuple(regions[h].name for h in union)
        left = area & ~covered
        if 0 < left.bit_count() <= max_cells:
            innies = cells_of(left)
            if innies not in seen:
                seen.add(innies)
                out.append(DerivedSum(innies, house_total - inside_total, "innies", names, house_total,
                                      tuple(inside), tuple(crossing)))
        if area & ~caged or any(regions[ci].total is None for ci in crossing):
            continue
        reach = 0
        for ci in crossing:
            reach |= cage_bits[ci]
        beyond = reach & ~area
        if not 0 < beyond.bit_count() <= max_cells:
            continue
        outies = cells_of(beyond)
        if outies not in seen:
            seen.add(outies)
            total = inside_total + sum(regions[ci].total or 0 for ci in crossing) - house_total
            out.append(DerivedSum(outies, total, "outies", names, house_total, tuple(inside), tuple(crossing)))
    return out


def mixed_sums(puzzle: Puzzle, max_cells: int = 6) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Innies minus outies: ``(plus, minus, total)`` with ``sum(plus) - sum(minus) == total``.

    For a union of houses, each cage that crosses its border with more
    cells inside than outside is traded for its total: its inside cells
    leave the innies and its outside cells are subtracted.  One such fact
    per union (when it is small and mixes both sides; pure innies and
    outies are :func:`derived_sums`).  Only for puzzles whose cages do not
    overlap and have totals where it matters.

    >>> from puzzles import sample
    >>> all(len(p) + len(m) <= 6 for p, m, _ in mixed_sums(sample("killer-1")))
    True
    """
    regions = puzzle.regions
    cages = [i for i, r in enumerate(regions) if r.kind not in HOUSE_KINDS]
    cage_bits: list[tuple[int, int]] = []
    caged = 0
    for ci in cages:
        bits = cell_bits(regions[ci].cells)
        if bits & caged:
            return []  # overlapping cages: the sums below would count cells twice
        caged |= bits
        cage_bits.append((ci, bits))
    full_total = puzzle.max_digit * (puzzle.max_digit + 1) // 2
    out: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    popcount = int.bit_count
    by_index = dict(cage_bits)
    for union, area, touching in _union_areas(puzzle, by_index):
        plus = area
        minus = 0
        total = full_total * len(union)
        for ci in sorted(touching):
            bits = by_index[ci]
            inside = bits & area
            outside = bits & ~area
            region = regions[ci]
            if region.total is None:
                if not outside:
                    break  # an inside cage without a total: nothing is known
                continue
            if not outside or popcount(outside) < popcount(inside):
                plus &= ~inside
                minus |= outside
                total -= region.total
        else:
            if plus and minus and popcount(plus) + popcount(minus) <= max_cells:
                key = (cells_of(plus), cells_of(minus))
                if key not in seen:
                    seen.add(key)
                    out.append((key[0], key[1], total))
    return out
