"""Puzzle generation: unique, minimal puzzles of every 9x9 kind and Kakuro.

:func:`generate` makes one puzzle, :func:`generate_many` several, each from
its own seed so that output is reproducible and ``count`` prefixes agree:
puzzle ``i`` of seed ``s`` is the same whether 1 or 100 are asked for, and
its id ``KIND/generated/seed-S-I`` says how to make it again.

Every puzzle is proved unique by the exact solver (:mod:`solver.search`)
and is minimal in its clues, in the sense each kind's module states:

==============  ===============================================================
kropki          negative rule, every dot shown; no given can be removed
                (:mod:`~puzzles.generate.kropki`)
killer          cages only, no givens (so none can be removed); cages split
                from a random layout until unique (:mod:`~puzzles.generate.killer`)
greater-killer  a unique Killer's totals hidden while unique, a relation between
                touching cages added where a total cannot go alone; no relation
                can be removed (:mod:`~puzzles.generate.greater_killer`)
kakuro          no givens, every run clued; digits repaired until unique
                (:mod:`~puzzles.generate.kakuro`)
sudoku          no given can be removed (:mod:`~puzzles.generate.sudoku`)
==============  ===============================================================

A *try* draws a candidate from its own random stream; it fails when a
uniqueness check runs out of its node budget or, with ``accept``, when that
function turns the candidate down (``sumlogic.generation`` passes one that
grades the puzzle and compares its band: this package knows nothing of
grading).  After ``max_tries`` failed tries :class:`BudgetExhausted` is raised.

>>> p = generate("sudoku", seed=7)
>>> p.id, p == generate("sudoku", seed=7)
('sudoku/generated/seed-7-0', True)
>>> [q.id for q, tries in generate_many("kropki", seed=1, count=2)]
['kropki/generated/seed-1-0', 'kropki/generated/seed-1-1']
>>> k = generate("kakuro", seed=1, size="7x5")
>>> (k.width, k.height), k == generate("kakuro", seed=1, size=(5, 7))
((7, 5), True)
>>> generate("chess")
Traceback (most recent call last):
...
ValueError: cannot generate 'chess' (kinds: kakuro, killer, greater-killer, kropki, sudoku)
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from typing import Any, Callable, Iterator, Sequence

from solver.errors import SumlogicError
from solver.model import Puzzle

from ..common import with_info
from ..kinds import KINDS as KIND_RECORDS
from . import kakuro, killer
from .base import GO_ON, Found, Probe, Rejected, rng_for

__all__ = ["Accept", "BudgetExhausted", "DEFAULT_MAX_TRIES", "GO_ON", "KAKURO_SIZE", "KINDS", "Probe", "band_tries",
           "generate", "generate_many", "parse_size"]

KINDS: tuple[str, ...] = tuple(k.name for k in KIND_RECORDS.values() if k.generator)
"""The kinds :func:`generate` makes."""

DEFAULT_MAX_TRIES = 200
"""Tries per puzzle before :class:`BudgetExhausted`."""

KAKURO_SIZE: tuple[int, int] = (10, 10)
"""The default Kakuro ``(height, width)``, clue row and column included (as in the corpus)."""

MAX_KAKURO_SIDE = kakuro.MAX_SIDE
"""The largest Kakuro side accepted (the biggest published Kakuros are 31x46)."""

Size = tuple[int, int] | str | None
"""A Kakuro size: ``(height, width)`` or the ``'WxH'`` text of :func:`parse_size`."""

Accept = Callable[[Puzzle], "str | None"]
"""Judges a unique candidate: None keeps it, a word (the band it came out in) turns it down."""


class BudgetExhausted(SumlogicError):
    """No acceptable puzzle within ``max_tries`` tries (``kind``, ``band``, ``tries``, ``seed``, ``index``).

    ``seen``: how many tries came out in each other band (with ``band``), so
    that the message can say which bands this kind's generator does reach;
    ``order`` lists the bands in the order the message names them.

    >>> str(BudgetExhausted("killer", "Hard", 3, 5, 0, {"Expert": 2, "Medium": 1}, order=("Medium", "Expert")))
    'no Hard killer puzzle within 3 tries (seed 5, puzzle 0); the tries came out Medium 1, Expert 2'
    """

    def __init__(self, kind: str, band: str | None, tries: int, seed: int, index: int,
                 seen: dict[str, int] | None = None, order: Sequence[str] = ()) -> None:
        self.kind, self.band, self.tries, self.seed, self.index = kind, band, tries, seed, index
        self.seen = dict(seen or {})
        what = f"{band} {kind}" if band else f"unique {kind}"
        message = f"no {what} puzzle within {tries} tries (seed {seed}, puzzle {index})"
        if self.seen:
            known = list(order)
            named = sorted(self.seen, key=lambda b: (known.index(b) if b in known else len(known), b))
            message += "; the tries came out " + ", ".join(f"{b} {self.seen[b]}" for b in named)
        super().__init__(message)


def parse_size(text: str) -> tuple[int, int]:
    """``'WxH'`` (width first, clue row and column included) -> ``(height, width)``.

    >>> parse_size("12x10")
    (10, 12)
    >>> parse_size("2x9")
    Traceback (most recent call last):
    ...
    ValueError: size '2x9': each side must be 3..46 (WxH, clue row and column included)
    """
    width, sep, height = text.strip().lower().partition("x")
    if not sep or not _ascii_number(width) or not _ascii_number(height):
        raise ValueError(f"size {text!r} is not WxH, e.g. 10x10")
    h, w = int(height), int(width)
    if not (3 <= h <= MAX_KAKURO_SIDE and 3 <= w <= MAX_KAKURO_SIDE):
        raise ValueError(f"size {text!r}: each side must be 3..{MAX_KAKURO_SIDE} (WxH, clue row and column included)")
    return h, w


def _ascii_number(text: str) -> bool:
    """One to three ASCII digits (``str.isdigit`` also takes ``'٥'`` and ``'²'``)."""
    return 1 <= len(text) <= 3 and text.isascii() and text.isdigit()


def _kind(kind: str) -> str:
    name = kind.strip().lower() if isinstance(kind, str) else kind
    if name not in KINDS:
        raise ValueError(f"cannot generate {kind!r} (kinds: {', '.join(KINDS)})")
    return name


def _maker(kind: str, size: Size, merge: bool, probe: Probe | None = None) -> Callable[[random.Random], Puzzle]:
    if isinstance(size, str):
        size = parse_size(size)
    if size is not None and kind != "kakuro" and tuple(size) != (9, 9):
        raise ValueError(f"a size applies to kakuro only ({kind} is always 9x9)")
    if kind == "kakuro":
        height, width = size or KAKURO_SIZE
        if not (3 <= height <= MAX_KAKURO_SIDE and 3 <= width <= MAX_KAKURO_SIDE):
            raise ValueError(f"Kakuro size {height}x{width}: each side must be 3..{MAX_KAKURO_SIDE}")
        return lambda rng: kakuro.generate(rng, height, width)
    if kind == "killer":
        return lambda rng: killer.generate(rng, merge=merge, probe=probe)
    made: Callable[..., Puzzle] = _generator(kind).generate
    if probe is None:
        return made
    return lambda rng: made(rng, probe=probe)


def _generator(kind: str) -> Any:
    """The generator module of a kind (see :attr:`puzzles.kinds.Kind.generator`)."""
    return importlib.import_module(f"{__name__}.{KIND_RECORDS[_kind(kind)].generator}")


def band_tries(kind: str, band: str | None) -> int:
    """The tries a puzzle of ``band`` gets by default: :data:`DEFAULT_MAX_TRIES`,
    or more for a band the kind's generator reaches rarely (its module's
    ``BAND_TRIES``, chosen from the share of tries measured in that band by
    ``benchmarks/bench_generate.py --rates``, so that a seed misses it once in
    hundreds at most).

    >>> band_tries("killer", "Extreme") > band_tries("killer", "Expert") == DEFAULT_MAX_TRIES
    True
    """
    if band is None:
        return DEFAULT_MAX_TRIES
    return max(DEFAULT_MAX_TRIES, getattr(_generator(kind), "BAND_TRIES", {}).get(band, DEFAULT_MAX_TRIES))


def reachable_bands(kind: str) -> tuple[str, ...]:
    """The grade bands a kind's generator has been measured to reach (its module's ``BANDS``).

    >>> reachable_bands("kakuro")
    ('Easy', 'Medium', 'Hard', 'Expert')
    """
    return _generator(kind).BANDS


def generate_many(kind: str, seed: int | None = None, count: int = 1, size: Size = None,
                  max_tries: int = DEFAULT_MAX_TRIES, start: int = 0, *, accept: Accept | None = None,
                  label: str | None = None, merge: bool = False,
                  order: Sequence[str] = (), probe: Probe | None = None) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles ``start .. start + count - 1`` of ``seed``, each with the number of tries it took.

    ``seed`` None draws one (it is kept in the ids); ``size`` is a Kakuro's
    ``(height, width)`` or ``'WxH'``, clue row and column included (default
    10x10).  ``accept`` (see :data:`Accept`) may turn unique candidates
    down: ``label`` names what it wants (``difficulty`` in the puzzle's
    info, and the error's message), ``order`` orders the words it returns
    in that message; ``merge`` makes Killer cages merge back while unique
    (fewer cages, harder puzzles).  ``probe`` (:data:`Probe`; Sudoku, Kropki
    and merging Killer) judges the unique puzzles a try passes on its way
    (fewer givens, merged cages) and may take one before the try ends;
    ``accept`` still judges the puzzle the try ends with.  Arguments are checked at once
    (``ValueError``); iterating raises :class:`BudgetExhausted` when a
    puzzle needs more than ``max_tries`` tries.

    >>> generate_many("sudoku", max_tries=0)
    Traceback (most recent call last):
    ...
    ValueError: max_tries must be at least 1 and count not negative
    """
    kind = _kind(kind)
    make = _maker(kind, size, merge, probe)
    if max_tries < 1 or count < 0:
        raise ValueError("max_tries must be at least 1 and count not negative")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    return (_one(kind, make, seed, index, accept, label, max_tries, order) for index in range(start, start + count))


def _one(kind: str, make: Callable[[random.Random], Puzzle], seed: int, index: int, accept: Accept | None,
         label: str | None, max_tries: int, order: Sequence[str]) -> tuple[Puzzle, int]:
    seen: dict[str, int] = {}
    for attempt in range(max_tries):
        try:
            puzzle = make(rng_for(kind, seed, index, attempt))
        except Found as found:  # a probe took a puzzle on the way: it needs no other judge
            puzzle = found.puzzle
        except Rejected as rejected:
            if rejected.word is not None:
                seen[rejected.word] = seen.get(rejected.word, 0) + 1
            continue
        else:
            got = accept(puzzle) if accept is not None else None
            if got is not None:
                seen[got] = seen.get(got, 0) + 1
                continue
        info = with_info(puzzle.info, "source", "sumlogic generate")
        if label is not None:
            info = with_info(info, "difficulty", label)
        info = with_info(info, "unique", True)
        return dataclasses.replace(puzzle, id=f"{kind}/generated/seed-{seed}-{index}", info=info), attempt + 1
    raise BudgetExhausted(kind, label, max_tries, seed, index, seen, order)


def generate(kind: str, seed: int | None = None, size: Size = None, max_tries: int = DEFAULT_MAX_TRIES,
             index: int = 0) -> Puzzle:
    """One unique, minimal puzzle of ``kind`` (puzzle ``index`` of ``seed``; see :func:`generate_many`)."""
    [(puzzle, _)] = generate_many(kind, seed, 1, size, max_tries, start=index)
    return puzzle
