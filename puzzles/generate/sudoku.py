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
from .base import Probe, random_grid, remove_givens_while_unique

BANDS: tuple[str, ...] = ("Easy", "Medium", "Hard", "Expert")
"""The grade bands this generator reaches (measured: of 400 puzzles, seeds 1000-1399,
58 Easy, 88 Medium, 121 Hard, 133 Expert; none Extreme or Needs-guessing).  Its
puzzles are minimal (few givens), so many a puzzle of singles or intersections
is long enough for the time estimate to lift it (``sumlogic.grading.MINUTE_BANDS``)."""


PROBE_BELOW = 45
"""With a probe, the puzzles on the way with fewer givens than this are shown to it: a
puzzle with more is almost always solved by singles and pairs (a probe of
``sumlogic.generation``'s ``--needs`` would only find it too easy)."""


def generate(rng: random.Random, probe: Probe | None = None) -> Puzzle:
    """A unique, minimal Sudoku drawn from ``rng`` (solution in ``info``).

    ``probe`` (:data:`~puzzles.generate.base.Probe`) sees the unique puzzles on
    the way (each with its solution in ``info``) and may take one: then the
    puzzle is unique but not minimal.  The random stream is the same with or
    without a probe."""
    solution = random_grid(rng)
    order = list(range(81))
    rng.shuffle(order)
    info = (("solution", "".join(map(str, solution))),)
    givens = remove_givens_while_unique(lambda digits: sudoku.build(digits, info=info), solution, order,
                                        probe, PROBE_BELOW)
    return sudoku.build(givens, info=info)
