"""Where a Killer's cage totals miss what the grid holds: the smallest union of houses that shows it.

When the cage totals cannot add up to the grid's total (405 on 9x9), some
part of the grid already shows it: a set of houses that share no cell holds
each digit once per house, so its cells add up to ``houses x 45``.  The
cages lying wholly inside it add up to their totals, and its other cells
(in cages that stick out, in cages without a total, in no cage) hold at
least the smallest and at most the largest of the digits left.  When that
range misses the houses' total, those houses are the place to name
("row 3 holds cages a (17) and b (30) wholly, which total 47, but a row
totals 45").  :func:`smallest_shortfall` tries one house, then two, then
three, and so on (rows, columns, boxes and irregular regions, mixed when they
share no cell: row 1 with box 4 and box 7, say); the whole grid is the
caller's fallback.

Only used once the grand total has failed, so a puzzle whose totals add up
is never refused here.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from solver.bits import sum_range
from solver.model import Region

Position = tuple[int, int]


def _range(size: int, copies: int, count: int) -> tuple[int, int]:
    """The least and the most ``count`` cells can hold when the digits 1..size are there ``copies`` times each.

    >>> _range(9, 1, 2), _range(9, 2, 3)
    ((3, 17), (4, 26))
    """
    digits = sorted(d for d in range(1, size + 1) for _ in range(copies))
    return sum(digits[:count]), sum(digits[len(digits) - count:]) if count else 0


def _names(houses: Sequence[Region]) -> str:
    """``row 3``, ``row 3 and row 4``, ``row 3, box 7 and box 9``: each house by its own name."""
    names = [h.name for h in houses]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _cage_list(inside: Sequence[tuple[str, int | None, int]]) -> str:
    """``cage a (17)``, ``cages a (17) and b (30)``."""
    words = [f"{label} ({total})" for label, total, _ in inside]
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    return f"cage{'s' if len(words) > 1 else ''} {listed}"


def _shortfall(houses: Sequence[Region], cells: int, cages: Sequence[tuple[str, int | None, int]],
               size: int) -> str | None:
    """The reason ``houses`` (sharing no cell; ``cells`` their cell bits) cannot hold their cages' totals, or None."""
    inside = [(label, total, where) for label, total, where in cages if total is not None and not where & ~cells]
    if not inside:
        return None
    open_cells = cells.bit_count() - sum(where.bit_count() for _, _, where in inside)
    known = sum(total for _, total, _ in inside if total is not None)
    need = len(houses) * size * (size + 1) // 2
    low, high = _range(size, len(houses), open_cells)
    # The rule of 45's outies: a cage that crosses the edge leaves inside its total less what
    # its cells outside hold, each part distinct digits.  Summed part by part (a weaker but
    # sound bound than the digits left), kept where it is tighter.
    crossing = [(label, total, where) for label, total, where in cages
                if total is not None and where & cells and where & ~cells]
    rest = open_cells - sum((where & cells).bit_count() for _, _, where in crossing)
    part_low, part_high = _range(size, len(houses), rest)
    for _, total, where in crossing:
        k_in, k_out = (where & cells).bit_count(), (where & ~cells).bit_count()
        assert total is not None
        part_low += max(sum_range(k_in, size)[0], total - sum_range(k_out, size)[1])
        part_high += min(sum_range(k_in, size)[1], total - sum_range(k_out, size)[0])
    from_outies = (part_low > low, part_high < high)  # which bound the crossing cages tightened
    low, high = max(low, part_low), min(high, part_high)
    if known + low <= need <= known + high:
        return None
    many = len(houses) > 1
    kinds = {h.name.split()[0] for h in houses}
    kind = houses[0].name.split()[0]
    what = (f"a {kind}" if not many else f"{len(houses)} {'boxe' if kind == 'box' else kind}s" if len(kinds) == 1
            else f"{len(houses)} houses")
    said = (f"{_names(houses)} hold{'' if many else 's'} {_cage_list(inside)} "
            f"wholly, which total{'' if len(inside) > 1 else 's'} {known}")
    but = f"but {what} total{'' if many else 's'} {need}"
    if not open_cells:
        return f"{said}, {but}"
    too_much = known + low > need
    bound = f"at least {low}" if too_much else f"at most {high}"
    if from_outies[0 if too_much else 1]:
        edge = ", ".join(label for label, _, _ in crossing)
        bound += f" (by the digits left and the totals of the cages crossing {'their' if many else 'its'} edge: {edge})"
    return f"{said}, and {'their' if many else 'its'} {open_cells} other cell(s) {bound}, {but}"


#: How many unions of houses :func:`smallest_shortfall` tries at most (a 9x9 grid has under 7000).
MAX_UNIONS = 50_000


def _unions(masks: Sequence[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every ``count`` houses (indexes, increasing) that share no cell."""
    def grow(start: int, chosen: tuple[int, ...], union: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == count:
            yield chosen
            return
        for i in range(start, len(masks)):
            if not masks[i] & union:
                yield from grow(i + 1, chosen + (i,), union | masks[i])

    return grow(0, (), 0)


def smallest_shortfall(cages: Sequence[tuple[str, int | None, Sequence[Position]]], houses: Sequence[Region],
                       size: int) -> str | None:
    """The reason of the smallest union of ``houses`` whose wholly-inside cages (``(label, total or
    None, cells)``) cannot add up to the union's total, or None when no union short of the grid shows it.

    >>> from puzzles.common import grid_houses
    >>> pairs = [(f"a{c}", 10, ((2, c), (3, c))) for c in range(9)]
    >>> smallest_shortfall([("x", 17, ((0, 0), (0, 1)))] + pairs[:8] + [("a8", 11, ((2, 8), (3, 8)))],
    ...                    grid_houses(9), 9)
    'row 3 and row 4 hold cages a0 (10), a1 (10), a2 (10), a3 (10), a4 (10), a5 (10), a6 (10), a7 (10) and a8 (11) \
wholly, which total 91, but 2 rows total 90'
    >>> print(smallest_shortfall([("x", 17, ((0, 0), (0, 1))), ("y", 29, ((0, 2), (0, 3), (0, 4)))],
    ...                          grid_houses(9), 9))
    row 1 holds cages x (17) and y (29) wholly, which total 46, and its 4 other cell(s) at least 10, but a row totals 45
    >>> smallest_shortfall([("x", 17, ((0, 0), (0, 1)))] + pairs, grid_houses(9), 9) is None
    True
    """
    index = [(label, total, sum(1 << (size * r + c) for r, c in cells)) for label, total, cells in cages]
    masks = [sum(1 << c for c in h.cells) for h in houses]
    tried = 0
    for count in range(1, size):
        for chosen in _unions(masks, count):
            tried += 1
            if tried > MAX_UNIONS:
                return None
            union = 0
            for i in chosen:
                union |= masks[i]
            said = _shortfall([houses[i] for i in chosen], union, index, size)
            if said:
                return said
    return None
