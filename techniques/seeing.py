r"""Pointing through several regions: a region must hold a digit, and a cell
outside it sees every place the region has left for that digit.

* **cage pointing** (``cage-pointing``, level 3): a cage, a Kakuro run or a
  derived sum of different digits must hold a digit (every combination that
  still fits uses it: :func:`~techniques.combinations.required_digits`); a
  cell outside it that sees all of its cells that can still take the digit
  cannot be that digit;
* **house pointing** (``house-pointing``, level 3): the same for a house
  (every house holds every digit), when the cell sees the places through a
  cage or through more than one house.

Where one region holds the cell and every place (a box and a line, a cage
inside a house), pointing, claiming and the confinements have already said
it; these steps take only the cells that see the places through two
regions or more (``r7c7 sees r6c9 through cage k and r8c9 through box 9``).
Without them the same eliminations came out of ``contradiction-1`` as a
supposition that breaks the region at once ("if r7c7 were 2, column 9 would
have no place left for 2").

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=2, width=3, cells=((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
...            regions=(Region("row 1", (0, 1, 2), kind="row"), Region("row 2", (3, 4, 5), kind="row"),
...                     Region("cage a", (0, 4), total=3, kind="cage"), Region("cage b", (2, 4), kind="cage")),
...            max_digit=3)
>>> step = next(find_cage_pointing(Context(p, Candidates.initial(p), TECHNIQUES)))
>>> print(step.text.replace("; ", ";\n"))
cage a (3) must hold 1 (its only combination 1+2 uses it), and only r1c1 and r2c2 can take it;
r1c3 sees both (r1c1 through row 1, r2c2 through cage b), so it is not 1.
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import cell_bits, digits_of, full_mask
from solver.contract import Context, Technique
from solver.model import HOUSE_KINDS, Puzzle, Region, per_puzzle
from solver.step import Step

from .combinations import region_fit, required_digits
from .common import SUM_KINDS, cells_text, describe, plus, region_key
from .intersections import fixed_digits, is_house


@per_puzzle
def peer_bits(puzzle: Puzzle) -> tuple[int, ...]:
    """Each cell's peers (the cells that must hold another digit) as a bit set."""
    return tuple(sum(1 << p for p in puzzle.peers[c]) for c in range(puzzle.size))


@per_puzzle
def holder_bits(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """For each cell, the puzzle's regions of different digits holding it, as bit sets of their cells."""
    regions = puzzle.regions
    return tuple(tuple(sum(1 << x for x in regions[ri].cells) for ri in puzzle.cell_regions[c]
                       if regions[ri].distinct) for c in range(puzzle.size))


@per_puzzle
def lines_and_blocks_only(puzzle: Puzzle) -> bool:
    """Whether the puzzle's only regions of different digits are its rows, its
    columns and rectangular boxes (a plain Sudoku or Kropki, not a jigsaw or a
    Killer).  There a cell outside a house that sees every place of a digit
    sees them all through one row, column or box (a box is a block of rows by
    columns), so house pointing finds nothing that pointing and claiming did
    not: it is skipped.

    >>> from puzzles import sample
    >>> lines_and_blocks_only(sample("sudoku-1")), lines_and_blocks_only(sample("killer-1"))
    (True, False)
    """
    for region in puzzle.regions:
        if not region.distinct:
            continue
        if region.kind not in ("row", "column", "box"):
            return False
        if region.kind == "box":
            rows = {puzzle.cells[c][0] for c in region.cells}
            columns = {puzzle.cells[c][1] for c in region.cells}
            if len(rows) * len(columns) != len(region.cells):
                return False
    return True


def seers(ctx: Context, region: Region, spots: list[int]) -> list[int]:
    """The cells outside ``region`` that see every cell of ``spots``, but not all
    of them through one region (those are pointing's, claiming's and the
    confinements')."""
    peers = peer_bits(ctx.puzzle)
    common = ~cell_bits(region.cells)
    places = 0
    for s in spots:
        common &= peers[s]
        if not common:
            return []
        places |= 1 << s
    holders = holder_bits(ctx.puzzle)
    # Derived regions of different digits holding every place (a cell in one of them sees all through it).
    derived = [b for b in (sum(1 << c for c in r.cells) for r in ctx.virtual if r.distinct) if not places & ~b]
    out = []
    while common > 0:
        low = common & -common
        cell = low.bit_length() - 1
        common ^= low
        if any(not places & ~b for b in holders[cell]) or any(low & b for b in derived):
            continue
        out.append(cell)
    return out


def _through(ctx: Context, cell: int, spot: int) -> str:
    """``r6c9 through cage k``: a region holding both cells, houses first."""
    regions = ctx.puzzle.regions
    shared = [regions[ri] for ri in ctx.puzzle.cell_regions[cell]
              if regions[ri].distinct and spot in regions[ri].cells]
    shared.sort(key=lambda r: r.kind not in HOUSE_KINDS)
    return f"{ctx.name(spot)} through {shared[0].name}" if shared else ctx.name(spot)


def _sees_text(ctx: Context, targets: list[int], spots: list[int]) -> str:
    what = "both" if len(spots) == 2 else "them all"
    if len(targets) > 3:
        return f"{cells_text(ctx, targets)} each see {what}, so they are"
    parts = [f"{ctx.name(t)} sees {what} ({', '.join(_through(ctx, t, s) for s in spots)})" for t in targets]
    return " and ".join(parts) + (", so they are" if len(targets) > 1 else ", so it is")


def _steps(ctx: Context, houses: bool, skip_plain: bool = True) -> Iterator[Step]:
    if houses and skip_plain and lines_and_blocks_only(ctx.puzzle):
        return
    masks = ctx.state.masks
    max_digit = ctx.puzzle.max_digit
    tid, name = ("house-pointing", "House pointing") if houses else ("cage-pointing", "Cage pointing")
    changed = ctx.changed_since_quiet(tid)
    if houses:
        pool = [r for r in ctx.puzzle.regions if is_house(r, max_digit)]
    else:
        pool = [r for r in ctx.sum_regions() if r.distinct]
    for region in pool:
        cells = region.cells
        if changed is not None and changed.isdisjoint(cells):
            continue  # the region is unchanged since this technique last found nothing here
        if any(masks[c] == 0 for c in cells):
            continue
        need = full_mask(max_digit) if houses else required_digits(region, masks, max_digit)
        need &= ~fixed_digits(masks, cells)
        for d in digits_of(need):
            bit = 1 << d
            spots = [c for c in cells if masks[c] & bit]
            if len(spots) < 2:
                continue
            targets = [c for c in seers(ctx, region, spots) if masks[c] & bit]
            if not targets:
                continue
            text = ""
            if ctx.explain:
                if houses:
                    head = f"In {region.name}, {d} can only go in {cells_text(ctx, spots)}"
                else:
                    _, combos = region_fit(region, masks)
                    why = (f"its only combination {plus(digits_of(combos[0]))} uses it" if len(combos) == 1
                           else "every combination that still fits uses it")
                    head = (f"{describe(region)} must hold {d} ({why}), and only {cells_text(ctx, spots)} "
                            f"can take it")
                text = f"{head}; {_sees_text(ctx, targets, spots)} not {d}."
            yield Step(tid, name, 3, text, eliminations=tuple((c, bit) for c in targets),
                       cells=tuple(spots), regions=(region_key(region),),
                       candidates=tuple((c, bit) for c in spots))


def find_cage_pointing(ctx: Context) -> Iterator[Step]:
    """A sum region's required digit, removed from the cells that see all its places for it."""
    yield from _steps(ctx, False)


def find_house_pointing(ctx: Context) -> Iterator[Step]:
    """A house's digit, removed from the cells that see all its places for it through several regions."""
    yield from _steps(ctx, True)


CAGE_POINTING = Technique(
    "cage-pointing", "Cage pointing", 3, 6, find_cage_pointing,
    "cage j (12) must hold 2, and only r4c8 and r6c9 can take it; r5c9 sees both (r4c8 through box 6, "
    "r6c9 through column 9), so it is not 2.", kinds=SUM_KINDS)
HOUSE_POINTING = Technique(
    "house-pointing", "House pointing", 3, 6, find_house_pointing,
    "In column 9, 2 can only go in r6c9 and r8c9; r7c7 sees both (r6c9 through cage k, r8c9 through box 9), "
    "so it is not 2.")

TECHNIQUES = (HOUSE_POINTING, CAGE_POINTING)
