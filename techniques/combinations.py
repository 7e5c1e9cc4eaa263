"""Sum combinations: which sets of digits can fill a sum region, and where.

**Sum combinations** (``sum-combinations``, level 2): the check a person
makes on a region with a total (a Kakuro run, a Killer cage, or a sum
found by algebra): list the digit combinations that fit its total, its
size and the candidates left (min/max sums, a unique combination, digits
no such combination contains), and keep a digit in a cell only when the
rest of one of them is allowed by the other cells, one digit at a time
(:func:`~solver.repeat_sums.combination_support`; for two and three cells
that is already exact).  Derived (virtual) sums whose digits may repeat
are analysed exactly, knowing which of their cells must differ (those
sharing a house or cage: :func:`~solver.repeat_sums.apart_support`).

**Sum fillings** (``sum-fillings``, level 4): the full check, for long
cages and runs where the quick one falls short: a digit stays only when
the other cells can take the rest of a combination *with different
digits*, a complete placement (:func:`distinct_fit`, which walks the sets
of digits the first cells can take, at most 2^9 of them, forwards and then
backwards, so even a 9-cell run is cheap).

>>> from solver.model import Puzzle, Region
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("across 16 at r1c1", (0, 1), total=16, kind="across"),))
>>> step = next(find_sum_combinations(Context(p, Candidates.initial(p), TECHNIQUES)))
>>> print(step.text)
across 16 at r1c1 (2 cells) can only be 7+9, so r1c1 and r1c2 lose 1-6 and 8.
>>> distinct_fit((0b1110, 0b1110, 0b1111111110), 1 << 10)  # {1,2,3}, {1,2,3}, any: sum 10
((14, 14, 224), (44, 74, 134))
"""

from __future__ import annotations

from typing import Iterator, Sequence

from solver.bits import HIGH, LOW, combinations, digits_of, is_single
from solver.contract import Context, Technique
from solver.model import Region
from solver.repeat_sums import apart_support, combination_support
from solver.step import Step
from solver.supports import ALL_SUMS, distinct_fit, region_fit, repeat_support, required_digits

from .common import SUM_KINDS, cells_text, plus, region_key

# Re-exported: the sum supports and required digits live in solver.supports (one implementation).
__all__ = ["ALL_SUMS", "distinct_fit", "region_fit", "repeat_support", "required_digits"]


# --- wording ---------------------------------------------------------------------------------
def digit_ranges(mask: int) -> str:
    """Digits as a human writes them: runs of three or more as ranges.

    >>> digit_ranges(0b101111110), digit_ranges(0b1100000000), digit_ranges(0b10101010)
    ('1-6 and 8', '8 and 9', '1, 3, 5 and 7')
    """
    parts: list[str] = []
    ds = digits_of(mask)
    i = 0
    while i < len(ds):
        j = i
        while j + 1 < len(ds) and ds[j + 1] == ds[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{ds[i]}-{ds[j]}")
        else:
            parts.extend(str(d) for d in ds[i:j + 1])
        i = j + 1
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def or_list(items: list[str]) -> str:
    """``['a', 'b', 'c']`` -> ``'a, b or c'``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def region_head(region: Region) -> str:
    """``cage b (10, 3 cells)``, ``across 16 at r2c3 (2 cells)``."""
    k = len(region.cells)
    if region.total is not None and region.kind in ("cage", "virtual") and f"({region.total})" not in region.name:
        return f"{region.name} ({region.total}, {k} cells)"
    return f"{region.name} ({k} cells)"


def combos_text(combos: Sequence[int], limit: int = 6) -> str:
    """``1+2+7, 1+3+6 or 1+4+5``; a count when there are more than ``limit``."""
    if len(combos) > limit:
        return f"one of {len(combos)} combinations"
    return or_list([plus(ds) for ds in sorted(digits_of(c) for c in combos)])


def losses_text(ctx: Context, elims: list[tuple[int, int]]) -> str:
    """``r1c1 and r1c2 lose 1-6 and 8, r1c3 loses 9``: cells grouped by what they lose."""
    groups: dict[int, list[int]] = {}
    for cell, mask in elims:
        groups.setdefault(mask, []).append(cell)
    parts = []
    for mask, cells in sorted(groups.items(), key=lambda kv: kv[1][0]):
        verb = "loses" if len(cells) == 1 else "lose"
        parts.append(f"{cells_text(ctx, cells)} {verb} {digit_ranges(mask)}")
    return "; ".join(parts) if any(" and " in p for p in parts) and len(parts) > 1 else ", ".join(parts)


# --- the technique ---------------------------------------------------------------------------
def _other_sum_regions(ctx: Context, cell: int, region: Region) -> list[Region]:
    return [r for r in ctx.sum_regions() if r is not region and r.distinct and cell in r.cells]


def _crossing_note(ctx: Context, region: Region, combos: tuple[int, ...], cell: int, kept: int) -> str:
    """Why a cell shared by two sum regions is left with one digit, naming both."""
    union = 0
    for combo in combos:
        union |= combo
    for other in _other_sum_regions(ctx, cell, region):
        _, other_combos = region_fit(other, ctx.state.masks)
        if not other_combos or len(other_combos) > 4:
            continue
        other_union = 0
        for combo in other_combos:
            other_union |= combo
        if other_union & union == kept and other_union != kept:
            return (f" {ctx.name(cell)} is in both {region.name} ({combos_text(combos)}) and "
                    f"{other.name} ({combos_text(other_combos)}): the only digit both allow is "
                    f"{kept.bit_length() - 1}.")
    return ""


def _placement_note(ctx: Context, region: Region, now: tuple[int, ...], placed: list[tuple[int, int]],
                    also: bool, full: bool = True) -> str:
    """Why digits of the fitting combinations still cannot go in some cells."""
    if len(region.cells) == 2 and region.total is not None:
        notes = []
        for cell, mask in placed:
            other = region.cells[1 - region.cells.index(cell)]
            need = [region.total - d for d in digits_of(mask)]
            verb = "be" if len(need) == 1 else "be one of"
            notes.append(f"{ctx.name(cell)} cannot be {or_list([str(d) for d in digits_of(mask)])}, "
                         f"since {ctx.name(other)} would then have to {verb} {or_list([str(d) for d in need])}, "
                         f"which it cannot")
        return ("Also " if also else "") + "; ".join(notes) + "."
    groups: dict[int, list[int]] = {}
    for cell, mask in placed:
        groups.setdefault(mask, []).append(cell)
    notes = [f"{cells_text(ctx, cells)} cannot be {or_list([str(d) for d in digits_of(mask)])}"
             for mask, cells in groups.items()]
    one = all(is_single(mask) for mask in groups)
    rest = ("could not take the rest of any of these combinations with different digits" if full
            else "would not allow every other digit of any of these combinations")
    return (("Also " if also else "") + "; ".join(notes) + f": with {'that digit' if one else 'such a digit'} there, "
            f"the other cells {rest}.")


def _explain_distinct(ctx: Context, region: Region, combos: tuple[int, ...], now: tuple[int, ...],
                      elims: list[tuple[int, int]], full: bool = True) -> str:
    head = region_head(region)
    if not combos:
        return f"{head} cannot be completed with the candidates left: no combination fits."
    union = 0
    for combo in combos:
        union |= combo
    every = combinations(len(region.cells), region.total or 0, ctx.puzzle.max_digit)
    left = " with the candidates left" if len(combos) < len(every) else ""
    if len(combos) == 1:
        text = f"{head} can only be {plus(digits_of(combos[0]))}{left}"
    elif len(combos) <= 6:
        text = f"{head}{left} can only be {combos_text(combos)}"
    else:
        text = f"{head}{left} has {len(combos)} combinations, using only {digit_ranges(union)}"
    plain = [(c, m & ~union) for c, m in elims if m & ~union]
    placed = [(c, m & union) for c, m in elims if m & union]
    parts = []
    if plain:
        parts.append(f", so {losses_text(ctx, plain)}.")
    else:
        parts.append(".")
    if placed:
        parts.append(" " + _placement_note(ctx, region, now, placed, bool(plain), full))
    for cell, mask in elims:
        kept = now[region.cells.index(cell)] & ~mask
        if is_single(kept):
            parts.append(_crossing_note(ctx, region, combos, cell, kept))
    return text + "".join(parts)


def _explain_repeat(ctx: Context, region: Region, now: tuple[int, ...], elims: list[tuple[int, int]]) -> str:
    k = len(region.cells)
    total = region.total or 0  # only regions with a total get here
    head = f"{region.name} ({total}, {k} cells, digits may repeat)"
    if all(m == now[region.cells.index(c)] for c, m in elims) and len(elims) == k:
        return f"{head} cannot be completed with the candidates left."
    notes = []
    for cell, mask in elims:
        i = region.cells.index(cell)
        lo = sum(LOW[m] for j, m in enumerate(now) if j != i)
        hi = sum(HIGH[m] for j, m in enumerate(now) if j != i)
        top, bottom = total - lo, total - hi
        ds = digits_of(mask)
        if all(d > top or d < bottom for d in ds):
            notes.append(f"the other cells add {lo} to {hi}, so {ctx.name(cell)} is between "
                         f"{max(bottom, 1)} and {min(top, 9)} and loses {digit_ranges(mask)}")
        else:
            notes.append(f"{ctx.name(cell)} loses {digit_ranges(mask)} (the other cells cannot make up the rest)")
    return f"{head}: " + "; ".join(notes) + "."


def _apart_pairs(ctx: Context, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Positions of the cells that must differ (they share a house or cage)."""
    peers = ctx.puzzle.peers
    return tuple((i, j) for i in range(len(cells)) for j in range(i + 1, len(cells)) if cells[j] in peers[cells[i]])


def _sum_steps(ctx: Context, tid: str, full: bool) -> Iterator[Step]:
    """The steps of ``sum-combinations`` (``full`` False: the quick check on
    distinct sums, :func:`~solver.repeat_sums.combination_support`, and the exact
    support of sums whose digits may repeat) or ``sum-fillings`` (``full``:
    a complete placement with different digits, :func:`distinct_fit`)."""
    masks = ctx.state.masks
    changed = ctx.changed_since_quiet(tid)
    name, level = _INFO[tid]
    for region in ctx.sum_regions():
        cells = region.cells
        if changed is not None and changed.isdisjoint(cells):
            continue  # unchanged since this technique last found nothing
        if full and not region.distinct:
            continue
        now = tuple([masks[c] for c in cells])
        if 0 in now:
            continue
        assert region.total is not None
        if region.distinct:
            support, combos = distinct_fit(now, 1 << region.total)
            if not full and len(now) > 3 and support != now:
                # The quick check keeps at least what a complete placement uses (and the same up to
                # three cells), so it only needs computing when the full check removes something.
                support, combos = combination_support(now, region.total, ctx.puzzle.max_digit)
        else:
            support = apart_support(now, 1 << region.total, _apart_pairs(ctx, cells))[0] if region.total >= 0 \
                else (0,) * len(now)
            combos = ()
        elims = [(c, m & ~s) for c, m, s in zip(cells, now, support) if m & ~s]
        if not elims:
            continue
        text = ""
        if ctx.explain:
            text = (_explain_distinct(ctx, region, combos, now, elims, full) if region.distinct
                    else _explain_repeat(ctx, region, now, elims))
        yield Step(tid, name, level, text, eliminations=tuple(elims),
                   cells=tuple(c for c, _ in elims), regions=(region_key(region),),
                   candidates=tuple((c, s) for c, s in zip(cells, support) if s))


def find_sum_combinations(ctx: Context) -> Iterator[Step]:
    """One step per sum region whose fitting combinations rule out candidates (the quick check)."""
    yield from _sum_steps(ctx, "sum-combinations", False)


def find_sum_fillings(ctx: Context) -> Iterator[Step]:
    """One step per distinct sum region where some digit has no complete placement."""
    yield from _sum_steps(ctx, "sum-fillings", True)


_INFO = {"sum-combinations": ("Sum combinations", 2), "sum-fillings": ("Sum fillings", 4)}

SUM_COMBINATIONS = Technique(
    "sum-combinations", "Sum combinations", 2, 3, find_sum_combinations,
    "cage b (10, 3 cells) can only be 1+2+7, 1+3+6, 1+4+5 or 2+3+5, so r4c4 loses 8 and 9.",
    kinds=SUM_KINDS)
SUM_FILLINGS = Technique(
    "sum-fillings", "Sum fillings", 4, 8, find_sum_fillings,
    "across 21 at r1c1 (4 cells) with the candidates left can only be 1+5+7+8 or 2+5+6+8. r1c4 cannot be 5: "
    "with that digit there, the other cells could not take the rest of any of these combinations with "
    "different digits.", kinds=SUM_KINDS)

TECHNIQUES = (SUM_COMBINATIONS, SUM_FILLINGS)
