"""Killer Sudoku: random connected cages over a random solution, reshaped until unique.

1. Draw a full grid and cover it with connected cages of 1 to 6 cells whose
   digits differ (cells in a random order each start a cage of a random size,
   :data:`SIZE_WEIGHTS`, grown through random orthogonal neighbours); a cell
   left alone joins a neighbouring cage that lacks its digit and has room.
2. While the exact solver finds a second solution, pick a cell where the two
   solutions differ (one in a cage of 4 or more cells when there is one) and
   change the cages there: a cage of 4 or more cells is cut into connected
   parts of at least 2 cells (:func:`split`); a smaller one has its border
   with a neighbouring cage drawn again (:func:`redraw`, at most
   :data:`MAX_REDRAWS` times a try).  When neither works the cage is split
   with the cell's part grown from it (a one-cell cage fixes its digit, so
   splitting always ends in a unique puzzle).  Then each one-cell cage left
   joins a neighbouring cage when the puzzle is proved still unique
   (:func:`absorb_while_unique`).  Published Killers have 0-2 one-cell cages
   (the corpus: 132 of 168 none) and about 31 cages; these have a median of
   0 and about 30.
3. Optionally (``merge``, used for the harder bands): each pair of
   neighbouring cages, in a random order, is merged when the merged cage
   still has different digits and at most 6 cells and the puzzle is proved
   still unique within :data:`MERGE_NODE_LIMIT` search nodes.  Each pair is
   tried once, as the layout stands when its turn
   comes (a merge adds a distinctness rule as well as losing a total, so a
   later merge could in principle let an earlier refused one through: the
   pass does not promise that no merge is left).

The cages are the clues: the puzzle never needs a given, so "no given can be
removed" holds with none.

>>> p = generate(random.Random(4))
>>> p.kind, all(1 <= len(r.cells) <= 6 for r in p.regions[27:]), any(p.givens)
('killer', True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.model import Puzzle

from .. import killer
from ..common import GRID_CELLS
from .base import Probe, probed, proved_unique, random_grid, second_solution

MAX_CAGE = 6

BANDS: tuple[str, ...] = ("Medium", "Expert", "Extreme")
"""The grade bands this generator reaches (measured on seeds 1000-1149: without
``merge`` 146 Medium and 4 Expert of 150; with ``merge``, which the harder bands
use, 24 Medium, 120 Expert, 3 Extreme, 3 Needs-guessing; none Easy or Hard).
Needs-guessing is no longer claimed: since the engine searches wider before a guess
(:mod:`techniques.contradiction`, 2026-11-29), none of the first tries of seeds
1000-1264 needs a guess, nor any of 80 tries of ``--needs guess`` (1 try in 100 before)."""

BAND_TRIES: dict[str, int] = {"Extreme": 600}
"""Tries a rare band gets by default (``puzzles.generate.band_tries``): with merged cages,
2% of tries come out Extreme (``benchmarks/bench_generate.py --rates 10 --count 20``,
issue 29), so the usual 200 tries would miss it now and then."""
SIZE_WEIGHTS: tuple[int, ...] = (1, 10, 4, 2, 2, 1)
"""Relative odds of a cage of 1..6 cells when the layout is drawn."""

DRAWS = 8
"""Random draws a cut or a redrawn border gets before the next option is taken."""

MAX_REDRAWS = 40
"""Borders one try may redraw (:func:`redraw`); later ambiguities are split (which always ends)."""

MERGE_NODE_LIMIT = 300
"""Search nodes a merge's uniqueness check may use; a merge it cannot prove is not made."""

Cages = list[list[int]]


def neighbours(cell: int) -> list[int]:
    """The orthogonal neighbours of a cell of the 9x9 grid.

    >>> neighbours(0), neighbours(40)
    ([9, 1], [31, 49, 39, 41])
    """
    r, c = divmod(cell, 9)
    return [9 * rr + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 9 and 0 <= cc < 9]


def grow(start: int, size: int, allowed: set[int], digits: Sequence[int], rng: random.Random) -> list[int]:
    """A connected group of up to ``size`` cells of ``allowed`` from ``start``, digits all different."""
    group, used, frontier = [start], {digits[start]}, [start]
    while frontier and len(group) < size:
        cell = frontier[rng.randrange(len(frontier))]
        options = [n for n in neighbours(cell) if n in allowed and n not in group and digits[n] not in used]
        if not options:
            frontier.remove(cell)
            continue
        pick = rng.choice(options)
        group.append(pick)
        used.add(digits[pick])
        frontier.append(pick)
    return group


def random_cages(solution: Sequence[int], rng: random.Random) -> Cages:
    """A random cover of the grid by connected cages of 1..6 cells with different digits,
    single cells absorbed into a neighbouring cage wherever one can take them
    (:func:`absorb_singles`), so that few are left.

    >>> cages = random_cages(random_grid(random.Random(2)), random.Random(2))
    >>> sorted(c for cage in cages for c in cage) == list(range(81)), sum(len(c) == 1 for c in cages)
    (True, 0)
    """
    free = set(range(81))
    order = list(range(81))
    rng.shuffle(order)
    cages: Cages = []
    for start in order:
        if start in free:
            size = rng.choices(range(1, MAX_CAGE + 1), SIZE_WEIGHTS)[0]
            cage = grow(start, size, free, solution, rng)
            free.difference_update(cage)
            cages.append(cage)
    return absorb_singles(cages, solution, rng)


def absorb_singles(cages: Cages, solution: Sequence[int], rng: random.Random) -> Cages:
    """The cages with each one-cell cage joined to a neighbouring cage that
    lacks its digit and has room (fewer than :data:`MAX_CAGE` cells), the
    smallest such cage first; a cell with no such neighbour stays alone.

    >>> absorb_singles([[0], [1, 2], [9, 10]], [1, 2, 3] + [0] * 6 + [4, 5], random.Random(1))
    [[1, 2, 0], [9, 10]]
    """
    out = [list(cage) for cage in cages]
    owner = {c: i for i, cage in enumerate(out) for c in cage}
    singles = [i for i, cage in enumerate(out) if len(cage) == 1]
    rng.shuffle(singles)
    for i in singles:
        if len(out[i]) != 1:
            continue  # another single joined it
        cell = out[i][0]
        options = sorted({owner[n] for n in neighbours(cell)} - {i})
        options = [j for j in options if len(out[j]) < MAX_CAGE
                   and solution[cell] not in {solution[c] for c in out[j]}]
        if not options:
            continue
        j = min(options, key=lambda k: (len(out[k]), rng.random()))
        out[j].append(cell)
        owner[cell] = j
        out[i] = []
    return [cage for cage in out if cage]


def pieces(cells: Sequence[int]) -> Cages:
    """The connected pieces of a set of cells.

    >>> pieces([0, 1, 3, 12])
    [[0, 1], [3, 12]]
    """
    left = set(cells)
    out: Cages = []
    for start in sorted(cells):
        if start in left:
            piece, todo = [], [start]
            left.discard(start)
            while todo:
                cell = todo.pop()
                piece.append(cell)
                for n in neighbours(cell):
                    if n in left:
                        left.discard(n)
                        todo.append(n)
            out.append(sorted(piece))
    return out


def split(cages: Cages, cell: int, solution: Sequence[int], rng: random.Random) -> Cages:
    """The cages with the cage of ``cell`` cut in two or more connected cages.

    A cage of 4 or more cells is cut, when one of :data:`DRAWS` random cuts
    allows it, into connected parts of at least 2 cells each; otherwise (and
    always for smaller cages) the part holding ``cell`` is grown from it to a
    random size and the rest falls into its connected pieces.

    >>> split([[0, 1, 2, 3]], 0, [1, 2, 3, 4], random.Random(1))
    [[0, 1], [2, 3]]
    """
    index = next(i for i, cage in enumerate(cages) if cell in cage)
    cage = cages[index]
    others = cages[:index] + cages[index + 1:]
    if len(cage) >= 4:
        for _ in range(DRAWS):
            part = grow(cell, rng.randint(2, len(cage) - 2), set(cage), solution, rng)
            rest = pieces([c for c in cage if c not in part])
            if len(part) >= 2 and all(len(piece) >= 2 for piece in rest):
                return others + [sorted(part)] + rest
    part = grow(cell, rng.randint(1, len(cage) - 1), set(cage), solution, rng)
    return others + [sorted(part)] + pieces([c for c in cage if c not in part])


def redraw(cages: Cages, cell: int, solution: Sequence[int], rng: random.Random) -> Cages | None:
    """The cages with the border between the cage of ``cell`` and a random
    neighbouring cage drawn again (``None`` when no draw of :data:`DRAWS` works).

    The two cages' cells are cut anew into two connected cages of at least 2
    cells with different digits, the one holding ``cell`` grown from it, unlike
    the old pair: the totals around ``cell`` change, no cage is added and none
    is left with one cell.

    >>> redraw([[0, 1], [9, 10]], 1, [1, 2] + [0] * 7 + [3, 4], random.Random(1))
    [[1, 10], [0, 9]]
    """
    index = next(i for i, cage in enumerate(cages) if cell in cage)
    cage = set(cages[index])
    near = sorted({i for i, other in enumerate(cages) for c in other
                   if i != index and any(n in cage for n in neighbours(c))})
    rng.shuffle(near)
    for j in near:
        union = cage | set(cages[j])
        if len(union) < 4:
            continue
        for _ in range(DRAWS):
            part = grow(cell, rng.randint(2, len(union) - 2), union, solution, rng)
            rest = sorted(union - set(part))
            if (set(part) in (cage, set(cages[j])) or len(part) < 2 or len(rest) < 2
                    or len(pieces(rest)) != 1 or len({solution[c] for c in rest}) != len(rest)):
                continue
            kept = [other for i, other in enumerate(cages) if i not in (index, j)]
            return kept + [sorted(part), rest]
    return None


def build(cages: Cages, solution: Sequence[int], info: tuple = ()) -> Puzzle:
    """The Killer of cages (cell index lists) with totals from ``solution``, labelled in reading order."""
    ordered = sorted((sorted(cage) for cage in cages), key=lambda cage: cage[0])
    return killer.build([killer.Cage(killer.SYMBOLS[i], sum(solution[c] for c in cage),
                                     tuple(GRID_CELLS[c] for c in cage)) for i, cage in enumerate(ordered)],
                        info=info)


def unique_cages(solution: Sequence[int], rng: random.Random) -> Cages:
    """Steps 1 and 2: a random layout changed where two solutions differ until
    the exact solver finds one solution, then single cells joined to a
    neighbouring cage where the puzzle stays unique (:func:`absorb_while_unique`)."""
    cages = random_cages(solution, rng)
    redraws = 0
    while True:
        other = second_solution(build(cages, solution), solution)
        if other is None:
            return absorb_while_unique(cages, solution, rng)
        size = {c: len(cage) for cage in cages for c in cage}
        differ = [i for i, d in enumerate(other) if d != solution[i]]
        big = [i for i in differ if size[i] >= 4]
        cell = rng.choice(big or differ)
        if not big and redraws < MAX_REDRAWS:
            redraws += 1
            moved = redraw(cages, cell, solution, rng)
            if moved is not None:
                cages = moved
                continue
        cages = split(cages, cell, solution, rng)


def absorb_while_unique(cages: Cages, solution: Sequence[int], rng: random.Random) -> Cages:
    """Each one-cell cage, in a random order, joined to a neighbouring cage that
    lacks its digit and has room, when the puzzle is proved still unique within
    :data:`MERGE_NODE_LIMIT` search nodes (neighbours tried smallest first)."""
    out = [list(cage) for cage in cages]
    singles = [cage[0] for cage in out if len(cage) == 1]
    rng.shuffle(singles)
    for cell in singles:
        i = next(k for k, cage in enumerate(out) if cell in cage)
        if len(out[i]) != 1:
            continue
        near = [k for k, cage in enumerate(out) if k != i and len(cage) < MAX_CAGE
                and solution[cell] not in {solution[c] for c in cage}
                and any(n in cage for n in neighbours(cell))]
        near.sort(key=lambda k: (len(out[k]), rng.random()))
        for k in near:
            trial = [cage + [cell] if j == k else cage for j, cage in enumerate(out) if j != i]
            if proved_unique(build(trial, solution), MERGE_NODE_LIMIT):
                out = trial
                break
    return out


def merge_while_unique(cages: Cages, solution: Sequence[int], rng: random.Random,
                       probe: Probe | None = None) -> Cages:
    """Step 3: each pair of neighbouring cages, in a random order, merged when still
    unique (a uniqueness check per pair: seconds, so tested in tests/test_generate.py).
    ``probe`` (:data:`~puzzles.generate.base.Probe`) sees the puzzle after each
    merge that keeps it unique, and may take it or have the merge left undone."""
    info = (("solution", "".join(map(str, solution))),)
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    pairs = sorted({(min(owner[a], owner[b]), max(owner[a], owner[b]))
                    for a in range(81) for b in neighbours(a) if owner[a] != owner[b]})
    rng.shuffle(pairs)
    groups: dict[int, list[int]] = {i: list(cage) for i, cage in enumerate(cages)}
    alias = list(range(len(cages)))  # merged cages point at the group that absorbed them

    def root(i: int) -> int:
        while alias[i] != i:
            i = alias[i]
        return i

    for a, b in pairs:
        a, b = root(a), root(b)
        if a == b:
            continue
        merged = groups[a] + groups[b]
        if len(merged) > MAX_CAGE or len({solution[c] for c in merged}) < len(merged):
            continue
        trial = [cells for key, cells in groups.items() if key not in (a, b)] + [merged]
        if proved_unique(build(trial, solution), MERGE_NODE_LIMIT) and \
                not probed(probe, build(trial, solution, info)):
            groups[a] = merged
            del groups[b]
            alias[b] = a
    return list(groups.values())


def generate(rng: random.Random, merge: bool = False, probe: Probe | None = None) -> Puzzle:
    """A unique Killer without givens drawn from ``rng`` (solution in ``info``);
    ``merge`` runs step 3 (slower: a uniqueness check per pair of neighbouring cages),
    showing ``probe`` the puzzle after each merge (see :func:`merge_while_unique`)."""
    solution = random_grid(rng)
    cages = unique_cages(solution, rng)
    if merge:
        cages = merge_while_unique(cages, solution, rng, probe)
    return build(cages, solution, info=(("solution", "".join(map(str, solution))),))
