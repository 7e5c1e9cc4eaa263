"""Kropki with the negative rule: every dot of a random solution is shown,
then givens are added only where needed and removed while unique.

The dots alone usually fix the solution (about nine grids in ten), so the
generator starts from no givens (the smallest partial subset of the
solution), adds a given where two solutions differ until the puzzle is
unique, then tries to remove each given once, in a random order: no single
given can be removed from the result.

>>> p = generate(random.Random(1))
>>> p.kind, p.get_info("negative"), len(p.pairs)
('kropki', True, 144)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.model import Puzzle, pair_holds

from .. import kropki
from ..common import GRID_CELLS
from .base import Probe, add_givens_until_unique, random_grid, remove_givens_while_unique

BANDS: tuple[str, ...] = ("Easy", "Medium", "Hard", "Expert")
"""The grade bands this generator reaches (measured: of 400 puzzles, seeds 1000-1399,
6 Easy, 222 Medium, 9 Hard, 163 Expert; none Extreme or Needs-guessing)."""

BAND_TRIES: dict[str, int] = {"Easy": 600}
"""Tries a rare band gets by default (``puzzles.generate.band_tries``): 2% of tries come out
Easy (``benchmarks/bench_generate.py --rates 10 --count 20``, issue 29), so 200 tries missed
it for about 1 seed in 50; 600 miss it for about 1 in 200 000 (a try takes 0.04 s)."""


def dots_of(solution: Sequence[int], rng: random.Random | None = None) -> tuple[list[kropki.Dot], list[kropki.Dot]]:
    """The white and black dots a full grid shows.

    Digits 1 and 2 are both consecutive and in ratio 1:2, so either dot fits:
    white without ``rng``, else one drawn at random.

    >>> white, black = dots_of([1, 2, 4] + [9] * 78)
    >>> white[0], black[0]
    (((0, 0), (0, 1)), ((0, 1), (0, 2)))
    """
    white: list[kropki.Dot] = []
    black: list[kropki.Dot] = []
    for a, b in kropki.NEIGHBOURS:
        dot = (GRID_CELLS[a], GRID_CELLS[b])
        x, y = solution[a], solution[b]
        if x * y == 2 and rng is not None:
            (white if rng.random() < 0.5 else black).append(dot)
        elif pair_holds("consecutive", x, y):
            white.append(dot)
        elif pair_holds("ratio", x, y):
            black.append(dot)
    return white, black


def generate(rng: random.Random, probe: Probe | None = None) -> Puzzle:
    """A unique, minimal negative-rule Kropki drawn from ``rng`` (solution in ``info``).

    ``probe`` (:data:`~puzzles.generate.base.Probe`) sees each unique puzzle
    on the way as givens are removed, and may take one (unique, not minimal)."""
    solution = random_grid(rng)
    white, black = dots_of(solution, rng)
    info = (("solution", "".join(map(str, solution))),)

    def build(givens: Sequence[int]) -> Puzzle:
        return kropki.build(givens, white, black, negative=True, info=info)

    givens = add_givens_until_unique(build, solution, [0] * 81, rng)
    order = [i for i, g in enumerate(givens) if g]
    rng.shuffle(order)
    givens = remove_givens_while_unique(build, givens, order, probe)
    return build(givens)
