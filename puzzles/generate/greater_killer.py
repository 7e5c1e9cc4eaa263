"""Greater Killer: a unique Killer some of whose totals are hidden, each hidden
total with a relation to a touching cage, the relations then pruned while unique.

1. Draw a full grid and a unique Killer layout over it, as the Killer
   generator does before it merges cages (:func:`puzzles.generate.killer.unique_cages`):
   connected cages of 1 to 6 cells covering the grid, every total shown.
2. Draw how many totals to hide (:data:`MIN_HIDDEN` to :data:`MAX_HIDDEN`:
   the more, the harder) and take the cages in a random order.  A cage's
   total is hidden together with a relation to a neighbouring cage (sharing
   an edge, not yet related to it; cages whose totals are hidden first, in a
   random order): ``cage a > cage b``, ``<`` or ``=`` as the solution's
   totals compare; the first relation with which the exact solver proves the
   puzzle unique is kept.  When none is, the total stays.
3. Each relation, in a random order, is dropped when the puzzle is proved
   still unique without it (later ones can make an earlier one redundant,
   and the 45 of each house often gives a hidden total back), keeping at least one.

So every relation is true in the solution, joins two cages that touch, at
least one of them without a total, and none can be removed; a try whose
relations were all put back (see ``probe``) is given up
(:data:`NO_RELATION`): a Greater Killer has at least one.  Each check is the
exact solver with a counted node limit (:data:`HIDE_NODE_LIMIT`; a check
that runs out counts as not unique and the move is not made), so a seed
gives the same puzzle on every run.

``probe`` (:data:`~puzzles.generate.base.Probe`, used by ``--needs``) sees the
puzzle after each total hidden, with every relation added so far; it may take
it (the try ends there: unique, its relations not pruned) or have that total
shown again and its relation left out.  With a probe there is no limit on the
totals hidden, so that the probe sees puzzles of every difficulty on the way.

>>> p = generate(random.Random(3))
>>> p.kind, len(p.comparisons) >= 1, any(r.total is None for r in p.regions if r.kind == "cage")
('greater-killer', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.model import Puzzle

from .. import greater_killer
from ..common import GRID_CELLS
from ..killer import SYMBOLS, Cage
from .base import Probe, Rejected, probed, proved_unique, random_grid
from .killer import neighbours, unique_cages

BANDS: tuple[str, ...] = ("Medium", "Hard", "Expert", "Extreme", "Needs-guessing")
"""The grade bands this generator reaches (measured on seeds 1-60, first try each: 17 Medium,
1 Hard, 31 Expert, 6 Extreme, 5 Needs-guessing; none Easy)."""

BAND_TRIES: dict[str, int] = {"Hard": 600}
"""Tries a rare band gets by default (``puzzles.generate.band_tries``): about 2% of tries come out
Hard (1 of seeds 1-60 above; 1 of 40 tries of ``benchmarks/bench_generate.py --rates 10 --count 4``),
so 200 tries would miss it for about 1 seed in 50; 600 miss it for about 1 in 200 000.  A try,
graded, takes about 2 s of CPU on average (a Needs-guessing one is the most to grade)."""

HIDE_NODE_LIMIT = 20_000
"""Search nodes one uniqueness check (a hidden total, a relation) may use; a move it cannot prove is not made."""

MIN_HIDDEN = 3
"""The fewest totals a try sets out to hide."""
MAX_HIDDEN = 12
"""The most totals a try sets out to hide without a probe: measured on seeds 1-12, up to 12 of
about 30 gives Medium to Needs-guessing puzzles; hiding all it can gave nearly all Needs-guessing."""

NO_RELATION = "no relation needed"
"""How a try came out when its totals decided the puzzle without any relation."""

Pair = tuple[int, int]
"""A relation as ``(cage, other cage)``, indexes of the cages in reading order; the operator comes from the totals."""


def op_of(totals: Sequence[int], pair: Pair) -> str:
    """``<``, ``=`` or ``>``: how the totals of a pair of cages compare.

    >>> op_of([10, 7, 10], (0, 1)), op_of([10, 7, 10], (1, 2)), op_of([10, 7, 10], (0, 2))
    ('>', '<', '=')
    """
    a, b = totals[pair[0]], totals[pair[1]]
    return "<" if a < b else ">" if a > b else "="


def touching(cages: Sequence[Sequence[int]]) -> list[list[int]]:
    """For each cage, the cages that share an edge with it (ascending).

    >>> touching([[0, 1], [2], [9, 10]])
    [[1, 2], [0], [0]]
    """
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    return [sorted({owner[n] for c in cage for n in neighbours(c) if n in owner} - {i})
            for i, cage in enumerate(cages)]


def build(cages: Sequence[Sequence[int]], totals: Sequence[int], hidden: set[int] | frozenset[int],
          pairs: Sequence[Pair], info: tuple = ()) -> Puzzle:
    """The Greater Killer of ``cages`` (cell index lists in reading order, labelled
    a, b, ... as the Killer generator labels them), their ``totals``, the cages whose
    total is ``hidden`` and the relations ``pairs``."""
    labels = SYMBOLS[:len(cages)]
    return greater_killer.build(
        [Cage(labels[i], None if i in hidden else totals[i], tuple(GRID_CELLS[c] for c in cage))
         for i, cage in enumerate(cages)],
        [(labels[a], op_of(totals, (a, b)), labels[b]) for a, b in pairs], info=info)


def hide_totals(cages: Sequence[Sequence[int]], totals: Sequence[int], rng: random.Random,
                probe: Probe | None = None, info: tuple = ()) -> tuple[set[int], list[Pair]]:
    """Step 2: the cages whose totals are hidden and the relations added for them."""
    near = touching(cages)
    hidden: set[int] = set()
    pairs: list[Pair] = []
    order = list(range(len(cages)))
    rng.shuffle(order)
    cap = rng.randint(MIN_HIDDEN, min(MAX_HIDDEN, len(cages))) if probe is None else len(cages)
    for cage in order:
        if len(hidden) >= cap:
            break
        hidden.add(cage)
        related = {b for a, b in pairs if a == cage} | {a for a, b in pairs if b == cage}
        options = [other for other in near[cage] if other not in related]
        rng.shuffle(options)
        options.sort(key=lambda other: other not in hidden)
        added = next(((cage, other) for other in options
                      if proved_unique(build(cages, totals, hidden, pairs + [(cage, other)]), HIDE_NODE_LIMIT)),
                     None)
        if added is None:
            hidden.discard(cage)
            continue
        pairs.append(added)
        if probed(probe, build(cages, totals, hidden, pairs, info)):
            hidden.discard(cage)
            pairs.pop()
    return hidden, pairs


def drop_relations(cages: Sequence[Sequence[int]], totals: Sequence[int], hidden: set[int],
                   pairs: Sequence[Pair], rng: random.Random) -> list[Pair]:
    """Step 3: each relation, in a random order, dropped while the puzzle is proved unique (one is kept)."""
    kept = list(pairs)
    order = list(pairs)
    rng.shuffle(order)
    for pair in order:
        if len(kept) == 1:
            break
        trial = [p for p in kept if p != pair]
        if proved_unique(build(cages, totals, hidden, trial), HIDE_NODE_LIMIT):
            kept = trial
    return kept


def generate(rng: random.Random, probe: Probe | None = None) -> Puzzle:
    """A unique Greater Killer without givens drawn from ``rng`` (solution in ``info``).

    ``probe`` (:data:`~puzzles.generate.base.Probe`) sees the puzzle after each total
    hidden once there is a relation, and may take it (see the module's docstring).
    Raises :class:`~puzzles.generate.base.Rejected` when the try needs no relation."""
    solution = random_grid(rng)
    cages = sorted((sorted(cage) for cage in unique_cages(solution, rng)), key=lambda cage: cage[0])
    totals = [sum(solution[c] for c in cage) for cage in cages]
    info = (("solution", "".join(map(str, solution))),)
    hidden, pairs = hide_totals(cages, totals, rng, probe, info)
    if not pairs:
        raise Rejected(f"greater-killer: {NO_RELATION}", NO_RELATION)
    pairs = drop_relations(cages, totals, hidden, pairs, rng)
    return build(cages, totals, hidden, pairs, info)
