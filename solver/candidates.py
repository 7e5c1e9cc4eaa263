"""The one mutable thing: a candidate bit mask per cell.

>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=3),), givens=(1, 0))
>>> grid = Candidates.initial(p)
>>> grid.digits(0), grid.digits(1)
([1], [1, 2, 3, 4, 5, 6, 7, 8, 9])
>>> copy = grid.copy(); copy.masks[1] = 1 << 2
>>> grid.is_solved(), copy.is_solved(), copy.values()
(False, True, (1, 2))
"""

from __future__ import annotations

from typing import Iterable

from .bits import digits_of, full_mask, is_single, single_digit
from .model import Puzzle


class Candidates:
    """Candidate digits of every cell of ``puzzle``, as int masks (bit d = digit d)."""

    __slots__ = ("puzzle", "masks")

    def __init__(self, puzzle: Puzzle, masks: Iterable[int]) -> None:
        self.puzzle = puzzle
        self.masks: list[int] = list(masks)

    @classmethod
    def initial(cls, puzzle: Puzzle) -> "Candidates":
        """Givens fixed, every other cell open to every digit."""
        full = full_mask(puzzle.max_digit)
        return cls(puzzle, [(1 << g) if g else full for g in puzzle.givens])

    def copy(self) -> "Candidates":
        """An independent copy (cheap: one list copy)."""
        return Candidates(self.puzzle, self.masks)

    def digits(self, cell: int) -> list[int]:
        """The candidate digits of a cell, ascending."""
        return digits_of(self.masks[cell])

    def value(self, cell: int) -> int:
        """The digit of a cell with one candidate, else 0."""
        m = self.masks[cell]
        return single_digit(m) if is_single(m) else 0

    def values(self) -> tuple[int, ...]:
        """The digit of every cell (0 where still open)."""
        return tuple(self.value(i) for i in range(len(self.masks)))

    def is_solved(self) -> bool:
        """True when every cell has exactly one candidate."""
        return all(is_single(m) for m in self.masks)

    def is_broken(self) -> bool:
        """True when some cell has no candidate left."""
        return any(m == 0 for m in self.masks)

    def open_cells(self) -> list[int]:
        """Cells with more than one candidate."""
        return [i for i, m in enumerate(self.masks) if not is_single(m)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Candidates) and other.puzzle == self.puzzle and other.masks == self.masks

    def __repr__(self) -> str:
        return f"<Candidates {self.puzzle.kind} {sum(1 for m in self.masks if is_single(m))}/{len(self.masks)} fixed>"
