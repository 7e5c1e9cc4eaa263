"""Sums that follow from the rules by adding and subtracting region totals.

The rule of 45 in a Killer is plain arithmetic on the model: a union of
houses (rows, columns, boxes) whose digits are all different sums to 45 per
house.  Take away the totals of the cages entirely inside it and what is left
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

from dataclasses import dataclass

from .model import Puzzle


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
              if r.distinct and len(r.cells) == full and r.kind in ("row", "column", "box")]
    by_kind: dict[str, list[int]] = {"row": [], "column": [], "box": []}
    for i in houses:
        by_kind[puzzle.regions[i].kind].append(i)
    unions: list[tuple[int, ...]] = [(i,) for i in houses]
    for kind in ("row", "column"):
        line = by_kind[kind]
        for start in range(len(line)):
            for end in range(start + 2, min(len(line), start + 5) + 1):
                unions.append(tuple(line[start:end]))
    boxes = by_kind["box"]
    if len(boxes) == 9:
        for b in range(9):
            if b % 3 < 2:
                unions.append((boxes[b], boxes[b + 1]))
            if b < 6:
                unions.append((boxes[b], boxes[b + 3]))
    return unions


def derived_sums(puzzle: Puzzle, max_cells: int = 5) -> list[DerivedSum]:
    """Every innie and outie sum over :func:`house_unions` with at most ``max_cells`` cells."""
    cages = [i for i, r in enumerate(puzzle.regions) if r.kind not in ("row", "column", "box")]
    if not cages:
        return []
    full_total = puzzle.max_digit * (puzzle.max_digit + 1) // 2
    cage_of: dict[int, list[int]] = {}
    for ci in cages:
        for c in puzzle.regions[ci].cells:
            cage_of.setdefault(c, []).append(ci)
    out: list[DerivedSum] = []
    seen: set[tuple[int, ...]] = set()
    for union in house_unions(puzzle):
        area = set()
        for h in union:
            area.update(puzzle.regions[h].cells)
        house_total = full_total * len(union)
        touching = {ci for c in area for ci in cage_of.get(c, ())}
        inside = sorted(ci for ci in touching if set(puzzle.regions[ci].cells) <= area)
        crossing = sorted(touching - set(inside))
        if any(puzzle.regions[ci].total is None for ci in inside):
            continue
        inside_total = sum(puzzle.regions[ci].total or 0 for ci in inside)
        covered = {c for ci in inside for c in puzzle.regions[ci].cells}
        innies = tuple(sorted(area - covered))
        names = tuple(puzzle.regions[h].name for h in union)
        if 0 < len(innies) <= max_cells and innies not in seen:
            seen.add(innies)
            out.append(DerivedSum(innies, house_total - inside_total, "innies", names, house_total,
                                  tuple(inside), tuple(crossing)))
        uncaged = any(not cage_of.get(c) for c in area)
        if uncaged or any(puzzle.regions[ci].total is None for ci in crossing):
            continue
        outies = tuple(sorted({c for ci in crossing for c in puzzle.regions[ci].cells} - area))
        if 0 < len(outies) <= max_cells and outies not in seen:
            seen.add(outies)
            total = inside_total + sum(puzzle.regions[ci].total or 0 for ci in crossing) - house_total
            out.append(DerivedSum(outies, total, "outies", names, house_total, tuple(inside), tuple(crossing)))
    return out
