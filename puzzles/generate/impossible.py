"""Damaged puzzles: a good puzzle with one or two clues changed, for testing that no solution is proved.

:func:`damage` changes clues the way a typing or printing error would:

==========  ===============================================================
total       a cage or run total one or two more or less
balanced    two totals changed so that the grand totals still agree (a
            Kakuro's across and down clues, a Killer's 405), which a
            count of all the totals cannot see
dot         a Kropki dot (or a pair left without a dot under the negative
            rule) turned into another kind
given       an empty cell given a digit that is not its solution digit
            (when the puzzle records its solution) and repeats no given
==========  ===============================================================

The result may still have solutions: whoever needs an impossible puzzle
checks it (the tests with an independent brute force, the benchmark with
CP-SAT).  A wrong given in a puzzle with one solution is the exception: it
always leaves none.

>>> import random
>>> from puzzles import sample
>>> p = sample("killer-1")
>>> q = damage(p, random.Random(3), "total")
>>> q.id, sum(r.total or 0 for r in q.regions) - sum(r.total or 0 for r in p.regions) in (-2, -1, 1, 2)
('killer-1/damaged-total', True)
>>> damage(p, random.Random(3), "dot")
Traceback (most recent call last):
...
ValueError: killer-1: cannot damage 'dot' (it allows: total, balanced, given)
"""

from __future__ import annotations

import dataclasses
import random
from typing import cast

from solver.bits import sum_range
from solver.model import PAIR_KINDS, Pair, PairKind, Puzzle

from .. import kakuro
from .base import Rejected, random_fill
from .kakuro import grid_of, random_pattern, runs

DAMAGES: tuple[str, ...] = ("total", "balanced", "dot", "given")
"""The kinds of damage :func:`damage` makes."""


def damages_for(puzzle: Puzzle) -> tuple[str, ...]:
    """The damages that apply to ``puzzle`` (by what clues it has).

    >>> from puzzles import sample
    >>> damages_for(sample("kropki-1")), damages_for(sample("kakuro-6x6"))
    (('dot', 'given'), ('total', 'balanced'))
    """
    totals = _totalled(puzzle)
    out = []
    if totals:
        out.append("total")
    if len(totals) >= 2:
        out.append("balanced")
    if puzzle.pairs:
        out.append("dot")
    if puzzle.is_full_grid:
        out.append("given")
    return tuple(out)


def damage(puzzle: Puzzle, rng: random.Random, how: str | None = None) -> Puzzle:
    """``puzzle`` with one damage of kind ``how`` (drawn from :func:`damages_for` when None).

    The id gets ``/damaged-HOW`` appended and the recorded solution is
    dropped (it no longer fits).  Raises ValueError when ``how``
    does not apply to the puzzle.
    """
    allowed = damages_for(puzzle)
    if how is None:
        how = rng.choice(allowed)
    if how not in allowed:
        raise ValueError(f"{puzzle.id or puzzle.kind}: cannot damage {how!r} (it allows: {', '.join(allowed)})")
    if how == "total":
        changed = _shift_totals(puzzle, rng, 1)
    elif how == "balanced":
        changed = _shift_totals(puzzle, rng, 2)
    elif how == "dot":
        changed = _change_dot(puzzle, rng)
    else:
        changed = _wrong_given(puzzle, rng)
    # The recorded solution and uniqueness no longer hold.
    info = tuple((k, v) for k, v in changed.info if k not in ("solution", "unique"))
    return dataclasses.replace(changed, id=f"{puzzle.id or puzzle.kind}/damaged-{how}", info=info)


def random_kakuro(rng: random.Random, height: int, width: int) -> Puzzle:
    """A Kakuro of a random pattern filled with random digits, clued from them.

    Unlike :func:`puzzles.generate.generate` it is not made unique: it is
    the kind of grid a tester draws, usually with many solutions, which
    makes a damaged copy far harder to refute than a published puzzle.

    >>> p = random_kakuro(random.Random(1), 6, 8)
    >>> p.kind, (p.height, p.width)
    ('kakuro', (6, 8))
    """
    white = random_pattern(height, width, rng)
    cells = sorted(white)
    index = {pos: i for i, pos in enumerate(cells)}
    peers: list[set[int]] = [set() for _ in cells]
    for run in runs(white):
        for pos in run:
            peers[index[pos]].update(index[q] for q in run if q != pos)
    fill = random_fill(peers, rng)
    if fill is None:
        raise Rejected("no digits for this Kakuro pattern")
    return kakuro.build(grid_of(height, width, white, dict(zip(cells, fill))),
                        id=f"kakuro/random/{height}x{width}")


def _totalled(puzzle: Puzzle) -> list[int]:
    """Regions with a printed total that a clue sets (cages and runs, not houses)."""
    return [i for i, r in enumerate(puzzle.regions)
            if r.total is not None and r.kind not in ("row", "column", "box")]


def _shifts(puzzle: Puzzle, index: int) -> list[int]:
    """The changes of ±1 and ±2 that keep region ``index``'s total possible for its cells."""
    region = puzzle.regions[index]
    low, high = sum_range(len(region.cells), puzzle.max_digit, region.distinct)
    return [d for d in (-2, -1, 1, 2) if low <= (region.total or 0) + d <= high]


def _balance_sign(puzzle: Puzzle, index: int) -> int:
    """How a region counts in the grand balance: a Kakuro down run -1, any other +1."""
    return -1 if puzzle.regions[index].kind == "down" else 1


def _shift_totals(puzzle: Puzzle, rng: random.Random, count: int) -> Puzzle:
    """Change one total (``count`` 1) or two that keep the grand balance (``count`` 2)."""
    candidates = [i for i in _totalled(puzzle) if _shifts(puzzle, i)]
    regions = list(puzzle.regions)
    for _ in range(1000):
        chosen = rng.sample(candidates, count)
        first = rng.choice(_shifts(puzzle, chosen[0]))
        changes = [(chosen[0], first)]
        if count == 2:
            # Keep sum(sign * total) unchanged: the second change undoes the first in the balance.
            second = -first * _balance_sign(puzzle, chosen[0]) * _balance_sign(puzzle, chosen[1])
            if second not in _shifts(puzzle, chosen[1]):
                continue
            changes.append((chosen[1], second))
        for i, d in changes:
            regions[i] = dataclasses.replace(regions[i], total=(regions[i].total or 0) + d)
        return dataclasses.replace(puzzle, regions=tuple(regions))
    raise ValueError(f"{puzzle.id or puzzle.kind}: no two totals can be changed in balance")


def _change_dot(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """Turn one pair relation into another kind."""
    pairs = list(puzzle.pairs)
    i = rng.randrange(len(pairs))
    old = pairs[i]
    kind = cast(PairKind, rng.choice([k for k in PAIR_KINDS if k != old.kind]))
    pairs[i] = Pair(old.a, old.b, kind)
    return dataclasses.replace(puzzle, pairs=tuple(pairs))


def _wrong_given(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """Give an empty cell a digit that differs from its solution digit and from the givens it sees."""
    solution = _recorded_solution(puzzle)
    givens = list(puzzle.givens)
    empty = [c for c, g in enumerate(givens) if not g]
    rng.shuffle(empty)
    for cell in empty:
        seen = {givens[p] for p in puzzle.peers[cell]}
        options = [d for d in range(1, puzzle.max_digit + 1)
                   if d not in seen and (solution is None or d != solution[cell])]
        if options:
            givens[cell] = rng.choice(options)
            return dataclasses.replace(puzzle, givens=tuple(givens))
    raise ValueError(f"{puzzle.id or puzzle.kind}: no empty cell can take a wrong given")


def _recorded_solution(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The solution the puzzle's record carries (None when it carries none)."""
    text = puzzle.get_info("solution")
    if text is None:
        return None
    return puzzle.parse_solution(text if isinstance(text, str) else list(text))
