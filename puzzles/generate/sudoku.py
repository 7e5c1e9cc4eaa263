"""Sudoku: remove givens from a random full grid while the solution stays unique.

The removal order is a random permutation of the 81 cells, tried once each
(see :func:`~puzzles.generate.base.remove_givens_while_unique`), so the
result is minimal: no single given can be removed.

>>> p = generate(random.Random(3))
>>> p.kind, 17 <= sum(1 for g in p.givens if g) <= 40
('sudoku', True)
"""

from __future__ import annotations

import random

from solver.model import Puzzle

from .. import sudoku
from .base import random_grid, remove_givens_while_unique

BANDS: tuple[str, ...] = ("Easy", "Medium", "Hard", "Expert")
"""The grade bands this generator reaches (measured: of 400 puzzles, seeds 1000-1399,
58 Easy, 88 Medium, 121 Hard, 133 Expert; none Extreme or Needs-guessing).  Its
puzzles are minimal (few givens), so many a puzzle of singles or intersections
is long enough for the time estimate to lift it (``sumlogic.grading.MINUTE_BANDS``)."""


def generate(rng: random.Random) -> Puzzle:
    """A unique, minimal Sudoku drawn from ``rng`` (solution in ``info``)."""
    solution = random_grid(rng)
    order = list(range(81))
    rng.shuffle(order)
    givens = remove_givens_while_unique(sudoku.build, solution, order)
    return sudoku.build(givens, info=(("solution", "".join(map(str, solution))),))
