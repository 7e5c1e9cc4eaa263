"""Digit sets as int bit masks: bit ``d`` stands for digit ``d`` (bit 0 is unused).

Plain ints beat bitarray for 9-bit digit sets (measured about 2.5x), so the
candidate grid, the search and the techniques all use these helpers.

>>> mask_of([1, 3, 9])
522
>>> digits_of(522)
[1, 3, 9]
>>> is_single(1 << 4), single_digit(1 << 4)
(True, 4)
>>> combinations(3, 7)
[22]
>>> digits_of(combinations(3, 7)[0])
[1, 2, 4]
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations as _choose, compress
from operator import ne
from typing import Iterable, Sequence

ALL_DIGITS = 0b1111111110  # digits 1..9


def full_mask(max_digit: int = 9) -> int:
    """All digits 1..max_digit."""
    return ((1 << (max_digit + 1)) - 1) & ~1


def mask_of(digits) -> int:
    """The mask holding the given digits."""
    m = 0
    for d in digits:
        m |= 1 << d
    return m


def digits_of(mask: int) -> list[int]:
    """The digits in a mask, ascending.

    >>> digits_of(0b1010), digits_of(1 << 12)
    ([1, 3], [12])
    """
    if mask < _TABLED:
        return list(_DIGITS[mask])
    return [d for d in range(1, mask.bit_length()) if mask >> d & 1]


def cell_bits(cells: Iterable[int]) -> int:
    """Cell indexes as a bit set (bit ``c`` for cell ``c``): how the link graph,
    the fish and the algebra hold sets of cells.

    >>> cell_bits([1, 2, 4]) == 0b10110
    True
    """
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def bit_numbers(bits: int) -> tuple[int, ...]:
    """The numbers of a bit set's bits, ascending, worked out each time: for sets
    that seldom come back (a link graph's node numbers); :func:`cells_of` keeps its
    answers.

    >>> bit_numbers(0b10110)
    (1, 2, 4)
    """
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def cells_of(bits: int) -> tuple[int, ...]:
    """The cell indexes of a bit set, ascending (the inverse of :func:`cell_bits`);
    kept for the last 65 536 sets asked for (the link graph asks for the same few often).

    >>> cells_of(0b10110)
    (1, 2, 4)
    """
    return bit_numbers(bits)


def differing(before: Sequence[int], after: Sequence[int]) -> list[int]:
    """The indexes where two equally long mask lists differ, ascending.

    >>> differing([6, 6, 6], [6, 2, 4])
    [1, 2]
    """
    return list(compress(range(len(before)), map(ne, before, after)))


def is_single(mask: int) -> bool:
    """True when exactly one digit is set."""
    return mask != 0 and mask & (mask - 1) == 0


def single_digit(mask: int) -> int:
    """The digit of a one-digit mask."""
    return mask.bit_length() - 1


def low_digit(mask: int) -> int:
    """The smallest digit in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def high_digit(mask: int) -> int:
    """The largest digit in a non-empty mask."""
    return mask.bit_length() - 1


def mask_sum(mask: int) -> int:
    """The sum of the digits in a mask."""
    return SUM_OF_MASK[mask] if mask < len(SUM_OF_MASK) else sum(digits_of(mask))


SUM_OF_MASK: tuple[int, ...] = tuple(sum(d for d in range(1, 10) if m >> d & 1) for m in range(1 << 10))


@lru_cache(maxsize=None)
def combinations(size: int, total: int, max_digit: int = 9) -> list[int]:
    """Every set of ``size`` distinct digits 1..max_digit summing to ``total``, as masks (ascending)."""
    if size < 0 or size > max_digit:
        return []
    return [mask_of(c) for c in _choose(range(1, max_digit + 1), size) if sum(c) == total]


def sum_range(size: int, max_digit: int = 9, distinct: bool = True) -> tuple[int, int]:
    """The smallest and largest total ``size`` cells can have."""
    if distinct:
        return size * (size + 1) // 2, sum(range(max_digit - size + 1, max_digit + 1))
    return size, size * max_digit


def format_digits(mask: int) -> str:
    """Digits as a compact string: ``{1,3,9}`` -> ``'139'``."""
    return "".join(str(d) for d in digits_of(mask))


# For each mask: the digits that differ by one from some digit in it, and the
# digits that are double or half of some digit in it (Kropki white and black dots).
def _neighbours(mask: int, related) -> int:
    out = 0
    for d in range(1, 10):
        if mask >> d & 1:
            for e in related(d):
                if 1 <= e <= 9:
                    out |= 1 << e
    return out


CONSECUTIVE_OF: tuple[int, ...] = tuple(_neighbours(m, lambda d: (d - 1, d + 1)) for m in range(1 << 10))
RATIO_OF: tuple[int, ...] = tuple(_neighbours(m, lambda d: (2 * d,) + ((d // 2,) if d % 2 == 0 else ()))
                                  for m in range(1 << 10))
POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(1 << 10))
#: The smallest and largest digit of each mask: the bounds every sum rule
#: uses.  An empty mask has the low bound 10 and the high bound 0, so a sum
#: over a cell with no candidate left can never be met.
LOW: tuple[int, ...] = tuple(((m & -m).bit_length() - 1) if m else 10 for m in range(1 << 10))
HIGH: tuple[int, ...] = tuple((m.bit_length() - 1) if m else 0 for m in range(1 << 10))
#: Masks below this have their digits tabled (:func:`digits_of`).
_TABLED = 1 << 10
_DIGITS: tuple[tuple[int, ...], ...] = tuple(tuple(d for d in range(1, 10) if m >> d & 1) for m in range(_TABLED))
