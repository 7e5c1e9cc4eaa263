"""Generation at a grade: :mod:`puzzles.generate` makes unique, minimal
puzzles; this module keeps trying until sumlogic's own grade
(:func:`sumlogic.grading.grade`) gives the band asked for.

>>> p = generate("sudoku", seed=7)
>>> p.id
'sudoku/generated/seed-7-0'
>>> band_name("needs-guessing")
'Needs-guessing'
"""

from __future__ import annotations

from typing import Iterator

from puzzles.generate import DEFAULT_MAX_TRIES, Accept, Size, reachable_bands
from puzzles.generate import generate_many as _generate_many
from solver.model import Puzzle

from .grading import BAND_ORDER, grade

HARD_BANDS = frozenset({"Hard", "Expert", "Extreme", "Needs-guessing"})
"""Bands for which Killer cages are also merged back while unique (fewer cages, harder puzzles)."""


def band_name(text: str) -> str:
    """The grade band named by ``text``, in any case.

    >>> band_name("hard"), band_name("needs-guessing")
    ('Hard', 'Needs-guessing')
    >>> band_name("tricky")
    Traceback (most recent call last):
    ...
    ValueError: unknown band 'tricky' (bands: Easy, Medium, Hard, Expert, Extreme, Needs-guessing)
    """
    for name in BAND_ORDER:
        if name.lower() == text.strip().lower():
            return name
    raise ValueError(f"unknown band {text!r} (bands: {', '.join(BAND_ORDER)})")


def _band_other_than(band: str) -> Accept:
    """An ``accept`` for :func:`puzzles.generate.generate_many`: the band a
    puzzle came out in when it is not ``band``, else None."""

    def accept(puzzle: Puzzle) -> str | None:
        got = grade(puzzle).band
        return None if got == band else got

    return accept


def generate_many(kind: str, seed: int | None = None, count: int = 1, band: str | None = None,
                  size: Size = None, max_tries: int = DEFAULT_MAX_TRIES,
                  start: int = 0) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles ``start .. start + count - 1`` of ``seed`` with the tries each
    took (:func:`puzzles.generate.generate_many`); with ``band``, only
    puzzles that :func:`~sumlogic.grading.grade` puts in that band.

    Raises ``ValueError`` for an unknown kind or band, a bad size or
    ``max_tries``; iterating raises :class:`puzzles.generate.BudgetExhausted`.
    """
    wanted = band_name(band) if band is not None else None
    if wanted is not None:
        reach = reachable_bands(kind)
        if wanted not in reach:
            raise ValueError(f"{kind} generation does not reach the {wanted} band (it reaches {', '.join(reach)})")
    accept = _band_other_than(wanted) if wanted is not None else None
    return _generate_many(kind, seed, count, size, max_tries, start, accept=accept, label=wanted,
                          merge=wanted in HARD_BANDS, order=BAND_ORDER)


def generate(kind: str, seed: int | None = None, band: str | None = None, size: Size = None,
             max_tries: int = DEFAULT_MAX_TRIES, index: int = 0) -> Puzzle:
    """One unique, minimal puzzle of ``kind`` (puzzle ``index`` of ``seed``; see :func:`generate_many`)."""
    [(puzzle, _)] = generate_many(kind, seed, 1, band, size, max_tries, start=index)
    return puzzle
