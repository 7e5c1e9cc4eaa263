"""What the fish, wing and ALS families ask of the candidate state, in bit masks.

* :func:`seers`: for a digit, each cell's *seers* as a bit mask over cell
  indexes: the cells that cannot hold that digit together with it (a weak
  link between the two candidates);
* :func:`needing`: the regions whose digits differ and that must hold a
  digit (a strong set: at least once, so exactly once);
* :func:`distinct_regions`: every region whose digits differ (at most once).

These read the rules through one place and compute nothing of their own
beyond packing them into masks; the per-state results are kept in
``ctx.memo`` so the techniques of the three families share them.

>>> from puzzles import sample
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = sample("sudoku-1")
>>> ctx = Context(p, Candidates.initial(p), [])
>>> bin(seers(ctx, 5)[0]).count("1")  # a Sudoku cell sees 20 others
20
"""

from __future__ import annotations

from solver.contract import Context
from solver.model import Region

from .combinations import required_digits

_KEY = "sight"


def _state_key(ctx: Context) -> tuple[object, ...]:
    return (tuple(ctx.state.masks), len(ctx.virtual))


def _memo(ctx: Context) -> dict[object, object]:
    """The shared per-state memo (reset whenever the masks or the virtual regions change)."""
    key = _state_key(ctx)
    entry = ctx.memo.get(_KEY)
    if entry is None or entry[0] != key:
        entry = (key, {})
        ctx.memo[_KEY] = entry
    out: dict[object, object] = entry[1]
    return out


def distinct_regions(ctx: Context) -> list[Region]:
    """The puzzle's and the derived regions whose digits differ, without repeats (same cells)."""
    memo = _memo(ctx)
    found = memo.get("distinct")
    if found is None:
        seen: set[frozenset[int]] = set()
        out = []
        for region in ctx.regions():
            if not region.distinct or len(region.cells) < 2:
                continue
            key = frozenset(region.cells)
            if key in seen:
                continue
            seen.add(key)
            out.append(region)
        memo["distinct"] = found = out
    return found  # type: ignore[return-value]


def seers(ctx: Context, digit: int) -> list[int]:
    """Per cell, the bit mask of the other cells that cannot hold ``digit`` together with it."""
    memo = _memo(ctx)
    found = memo.get("seers")
    if found is None:
        out = [0] * len(ctx.state.masks)
        for region in distinct_regions(ctx):
            bits = 0
            for c in region.cells:
                bits |= 1 << c
            for c in region.cells:
                out[c] |= bits
        for c in range(len(out)):
            out[c] &= ~(1 << c)
        memo["seers"] = found = out
    return found  # type: ignore[return-value]


def needing(ctx: Context, digit: int) -> list[Region]:
    """The distinct regions that must hold ``digit`` (every house; a cage or run whose
    every fitting combination uses it)."""
    memo = _memo(ctx)
    found = memo.get("needs")
    if found is None:
        masks = ctx.state.masks
        max_digit = ctx.puzzle.max_digit
        found = [(region, required_digits(region, masks, max_digit)) for region in distinct_regions(ctx)]
        memo["needs"] = found
    return [region for region, need in found if need >> digit & 1]  # type: ignore[attr-defined]


def cell_bits(cells) -> int:
    """The bit mask of some cell indexes."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def bit_cells(bits: int) -> list[int]:
    """The cell indexes of a bit mask, ascending.

    >>> bit_cells(0b10110)
    [1, 2, 4]
    """
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def common_seers(see: list[int], bits: int) -> int:
    """The cells that see every cell of ``bits`` (all cells when ``bits`` is empty: -1)."""
    out = -1
    while bits:
        low = bits & -bits
        out &= see[low.bit_length() - 1]
        bits ^= low
    return out
