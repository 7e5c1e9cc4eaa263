"""Small helpers the technique families share: fitting combinations, naming.

>>> from solver.model import Region
>>> describe(Region("cage a", (0, 1), total=10))
'cage a (10)'
>>> plus([3, 4, 5])
'3+4+5'
"""

from __future__ import annotations

from functools import lru_cache

from solver.bits import combinations, digits_of
from solver.contract import Context
from solver.model import Region


#: The kinds with sums (cages or runs), with cages inside houses, and with boxes:
#: what a technique names in :attr:`solver.contract.Technique.kinds`.
SUM_KINDS: tuple[str, ...] = ("kakuro", "killer", "greater-killer")
CAGE_KINDS: tuple[str, ...] = ("killer", "greater-killer")
BOX_KINDS: tuple[str, ...] = ("sudoku", "killer", "greater-killer", "kropki")


def describe(region: Region) -> str:
    """A region's name with its total when it has one (``cage a (10)``)."""
    if region.total is not None and region.kind in ("cage", "virtual") and f"({region.total})" not in region.name:
        return f"{region.name} ({region.total})"
    return region.name


def plus(digits) -> str:
    """``[3, 4, 5]`` -> ``'3+4+5'``."""
    return "+".join(str(d) for d in digits)


def digit_list(mask: int, sep: str = "/") -> str:
    """A mask's digits joined: ``{1,3}`` -> ``'1/3'``."""
    return sep.join(str(d) for d in digits_of(mask))


def cells_text(ctx: Context, cells) -> str:
    """``r1c1, r1c2 and r2c1``."""
    names = [ctx.name(c) for c in cells]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def fitting_combos(masks: list[int], region: Region, max_digit: int = 9) -> list[int]:
    """The digit combinations of a distinct sum region that still fit: every
    digit has a cell that allows it and every cell allows a digit of it.
    (A full house with no total counts as summing to 1 + ... + max_digit: 45 on 9x9.)"""
    total = region.total
    if total is None:
        if len(region.cells) != max_digit:
            return []
        total = max_digit * (max_digit + 1) // 2
    return list(_fitting(total, max_digit, tuple([masks[c] for c in region.cells])))


@lru_cache(maxsize=65536)
def _fitting(total: int, max_digit: int, cell_masks: tuple[int, ...]) -> tuple[int, ...]:
    union = 0
    for m in cell_masks:
        union |= m
    return tuple(combo for combo in combinations(len(cell_masks), total, max_digit)
                 if not combo & ~union and all(m & combo for m in cell_masks))


def meet(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """Cell by cell, the digits both ``cell -> digits`` maps hold (cells left with none dropped).

    >>> meet({1: 0b110, 2: 0b10}, {1: 0b100, 2: 0b1000, 3: 0b1})
    {1: 4}
    """
    return {c: m & b[c] for c, m in a.items() if c in b and m & b[c]}


def region_key(region: Region) -> tuple[str, tuple[int, ...]]:
    """A region as a step highlight: ``(name, cells)``."""
    return (region.name, region.cells)
