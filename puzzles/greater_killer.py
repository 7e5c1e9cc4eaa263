"""Greater Killer: a Killer whose cages need not cover the grid nor show a
total, plus relations comparing the sums of two cages (``<``, ``=``, ``>``).

The puzzle holds the 27 Sudoku houses, one region per cage (as in
:mod:`puzzles.killer`), and one :class:`~solver.model.Comparison` per
relation, naming the cages by region index.  Its notation is JSON Lines
(:mod:`puzzles.jsonl`).

>>> from puzzles.killer import Cage
>>> p = build([Cage("a", None, ((0, 0), (0, 1))), Cage("b", 5, ((1, 0),))], [("a", ">", "b")])
>>> p.kind, p.comparisons, relations(p)
('greater-killer', (Comparison(left=27, op='>', right=28),), [('a', '>', 'b')])
>>> build([Cage("a", None, ((0, 0),))], [("a", "<", "z")])
Traceback (most recent call last):
...
solver.errors.InvalidPuzzleError: relation a < z: no cage z
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from solver.errors import InvalidPuzzleError
from solver.model import OPS, Comparison, Puzzle

from .common import SIZE, Box, Position, square_grid
from .text import quote, short
from .killer import Cage, cage_regions

KIND = "greater-killer"

Relation = tuple[str, str, str]
"""``(left cage label, op, right cage label)``."""


def build(cages: Iterable[Cage], relations: Iterable[Relation] = (), givens: Sequence[int] = (),
          size: int = SIZE, box: Box | None = None, regions: Sequence[Sequence[Position]] | None = None, *,
          id: str = "", info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Greater Killer from its cages, relations between cage labels and optional givens
    (``size``, ``box`` and ``regions`` as in :func:`puzzles.sudoku.build`)."""
    cells, houses = square_grid(size, box, regions)
    all_regions = houses + cage_regions(cages, cover=False, size=size)
    index = {r.label: i for i, r in enumerate(all_regions) if r.kind == "cage"}
    comparisons = []
    for left, op, right in relations:
        what = f"relation {quote(left)} {quote(op)} {quote(right)}"
        if op not in OPS:
            raise InvalidPuzzleError(f"{what}: operator {short(op)} is not <, = or >")
        for label in (left, right):
            if not isinstance(label, str) or label not in index:
                raise InvalidPuzzleError(f"{what}: no cage {quote(label)}")
        if left == right:
            raise InvalidPuzzleError(f"{what}: compares a cage with itself")
        comparisons.append(Comparison(index[left], op, index[right]))  # type: ignore[arg-type]
    return Puzzle(kind=KIND, height=size, width=size, cells=cells, regions=all_regions, max_digit=size,
                  givens=tuple(givens) or (0,) * (size * size), comparisons=tuple(comparisons), id=id, info=tuple(info))


def relations(puzzle: Puzzle) -> list[Relation]:
    """The comparisons of a puzzle as ``(left label, op, right label)``."""
    def label(i: int) -> str:
        region = puzzle.regions[i]
        return region.label if region.label is not None else region.name

    return [(label(c.left), c.op, label(c.right)) for c in puzzle.comparisons]
