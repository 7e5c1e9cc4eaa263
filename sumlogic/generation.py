"""Generation at a grade: :mod:`puzzles.generate` makes unique, minimal
puzzles; this module keeps trying until sumlogic's own grade
(:func:`sumlogic.grading.grade`) gives the band asked for, or until the
explained path needs the techniques asked for (``needs``, see
:mod:`sumlogic.needs`).

>>> p = generate("sudoku", seed=7)
>>> p.id
'sudoku/generated/seed-7-0'
>>> band_name("needs-guessing")
'Needs-guessing'
"""

from __future__ import annotations

from typing import Iterable, Iterator

from puzzles.generate import Accept, Size, band_tries, reachable_bands
from puzzles.generate import generate_many as _generate_many
from solver.model import Puzzle

from .grading import BAND_ORDER, grade
from .needs import NEEDS_MERGE_LEVEL, Needs, needs_of

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


def parse_minutes(text: str) -> tuple[float, float]:
    """``'LO-HI'`` (estimated minutes, :func:`sumlogic.grading.estimate_minutes`) -> ``(lo, hi)``.

    >>> parse_minutes("5-12.5"), parse_minutes(" 3 - 3 ")
    ((5.0, 12.5), (3.0, 3.0))
    >>> parse_minutes("12-5")
    Traceback (most recent call last):
    ...
    ValueError: --minutes '12-5': want LO-HI with 0 <= LO <= HI (estimated minutes, e.g. 5-15)
    """
    lo, sep, hi = text.strip().partition("-")
    try:
        low, high = float(lo), float(hi)
    except ValueError:
        low = high = -1.0
    if not sep or not 0 <= low <= high or high != high or high == float("inf"):
        raise ValueError(f"--minutes {text!r}: want LO-HI with 0 <= LO <= HI (estimated minutes, e.g. 5-15)")
    return low, high


def _minutes_word(minutes: float, lo: float, hi: float) -> str:
    """How a try missed the minutes asked for (the word :class:`BudgetExhausted` counts)."""
    return f"under {lo:g} min" if minutes < lo else f"over {hi:g} min"


def _accept(band: str | None, minutes: tuple[float, float] | None) -> Accept:
    """An ``accept`` for :func:`puzzles.generate.generate_many`: None when the
    puzzle's grade is in ``band`` and its estimate within ``minutes``, else
    what it came out as (its band, or how it missed the minutes)."""

    def accept(puzzle: Puzzle) -> str | None:
        g = grade(puzzle)
        if band is not None and g.band != band:
            return g.band
        if minutes is not None and not minutes[0] <= g.minutes <= minutes[1]:
            return _minutes_word(g.minutes, *minutes)
        return None

    return accept


def _both(first: Accept, then: Accept | None) -> Accept:
    """``first``, then (when it keeps the puzzle) ``then``."""
    def accept(puzzle: Puzzle) -> str | None:
        got = first(puzzle)
        return got if got is not None or then is None else then(puzzle)
    return accept


def generate_many(kind: str, seed: int | None = None, count: int = 1, band: str | None = None,
                  size: Size = None, max_tries: int | None = None,
                  start: int = 0, minutes: tuple[float, float] | None = None,
                  needs: str | Iterable[str] | None = None, hardest: bool = False) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles ``start .. start + count - 1`` of ``seed`` with the tries each
    took (:func:`puzzles.generate.generate_many`); with ``band``, only
    puzzles that :func:`~sumlogic.grading.grade` puts in that band; with
    ``minutes`` ``(lo, hi)``, only puzzles whose estimated solving time
    (:attr:`~sumlogic.grading.Grade.minutes`) is within it (both ends included).

    With ``needs`` (technique ids: a list or one comma-separated str), only
    puzzles whose explained path (the default technique order, :mod:`sumlogic.needs`)
    uses each of them; with ``hardest`` too, nothing of a higher level than the
    hardest of them.  A needs-puzzle may be taken on the generator's way
    (before its last clue is removed), so it is unique but not always minimal.

    ``max_tries`` (None: the band's own, :func:`puzzles.generate.band_tries`:
    :data:`~puzzles.generate.DEFAULT_MAX_TRIES`, more for a rare band).

    Raises ``ValueError`` for an unknown kind or band, a bad size or
    ``max_tries``, an unknown technique or one the kind cannot need;
    iterating raises :class:`puzzles.generate.BudgetExhausted`.
    """
    wanted_needs: Needs | None = needs_of(kind, needs, hardest) if needs is not None else None
    if hardest and wanted_needs is None:
        raise ValueError("hardest applies with needs only (the techniques whose hardest level is the limit)")
    wanted = band_name(band) if band is not None else None
    if wanted is not None:
        reach = reachable_bands(kind)
        if wanted not in reach:
            raise ValueError(f"{kind} generation does not reach the {wanted} band (it reaches {', '.join(reach)})")
    if minutes is not None and not 0 <= minutes[0] <= minutes[1]:
        raise ValueError(f"minutes {minutes!r}: want 0 <= low <= high")
    accept = _accept(wanted, minutes) if wanted is not None or minutes is not None else None
    if max_tries is None:
        max_tries = band_tries(kind, wanted)
    label = wanted
    if minutes is not None:
        label = f"{wanted + ', ' if wanted else ''}{minutes[0]:g}-{minutes[1]:g} min"
    merge = wanted in HARD_BANDS
    probe = None
    if wanted_needs is not None:
        label = wanted_needs.label if label is None else f"{wanted_needs.label}, {label}"
        probe = wanted_needs.judge if accept is None else None  # a grade cannot be judged on the way
        accept = _both(wanted_needs.judge, accept)
        merge = merge or wanted_needs.level >= NEEDS_MERGE_LEVEL
    return _generate_many(kind, seed, count, size, max_tries, start, accept=accept, label=label,
                          merge=merge, order=BAND_ORDER, probe=probe)


def generate(kind: str, seed: int | None = None, band: str | None = None, size: Size = None,
             max_tries: int | None = None, index: int = 0,
             minutes: tuple[float, float] | None = None, needs: str | Iterable[str] | None = None,
             hardest: bool = False) -> Puzzle:
    """One unique, minimal puzzle of ``kind`` (puzzle ``index`` of ``seed``; see :func:`generate_many`)."""
    [(puzzle, _)] = generate_many(kind, seed, 1, band, size, max_tries, start=index, minutes=minutes,
                                  needs=needs, hardest=hardest)
    return puzzle
