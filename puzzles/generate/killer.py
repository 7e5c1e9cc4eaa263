"""Killer Sudoku: random connected cages over a random solution, split until unique.

1. Draw a full grid and cover it with connected cages of 1 to 6 cells whose
   digits differ (cells in a random order each start a cage of a random size,
   grown through random orthogonal neighbours).
2. While the exact solver finds a second solution, pick a cell where the two
   solutions differ and split its cage in two (the part holding that cell is
   grown from it at random; a remainder that falls apart becomes one cage per
   piece).  The cell's cage has at least two cells, since a one-cell cage
   fixes its digit, so splitting always ends in a unique puzzle.
3. Optionally (``merge``, used for the harder bands): each pair of
   neighbouring cages, in a random order, is merged when the merged cage
   still has different digits and at most 6 cells and the puzzle is proved
   still unique within :data:`MERGE_NODE_LIMIT` search nodes.  Each pair is
   tried once, as the layout stands when its turn
   comes (a merge adds a distinctness rule as well as losing a total, so a
   later merge could in principle let an earlier refused one through: the
   pass does not promise that no merge is left).

The cages are the clues: the puzzle never needs a given, so "no given can be
removed" holds with none.  Every split was needed when it was made.

>>> p = generate(random.Random(4))
>>> p.kind, all(1 <= len(r.cells) <= 6 for r in p.regions[27:]), any(p.givens)
('killer', True, False)
"""

from __future__ import annotations

import random
from typing import Sequence

from solver.model import Puzzle

from .. import killer
from ..common import GRID_CELLS
from .base import proved_unique, random_grid, second_solution

MAX_CAGE = 6
SIZE_WEIGHTS: tuple[int, ...] = (1, 6, 6, 4, 2, 1)
"""Relative odds of a cage of 1..6 cells when the layout is drawn."""

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
    """A random cover of the grid by connected cages of 1..6 cells with different digits."""
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
    return cages


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
    """The cages with the cage of ``cell`` cut in two or more connected cages."""
    index = next(i for i, cage in enumerate(cages) if cell in cage)
    cage = cages[index]
    part = grow(cell, rng.randint(1, len(cage) - 1), set(cage), solution, rng)
    rest = [c for c in cage if c not in part]
    return cages[:index] + cages[index + 1:] + [sorted(part)] + pieces(rest)


def build(cages: Cages, solution: Sequence[int], info: tuple = ()) -> Puzzle:
    """The Killer of cages (cell index lists) with totals from ``solution``, labelled in reading order."""
    ordered = sorted((sorted(cage) for cage in cages), key=lambda cage: cage[0])
    return killer.build([killer.Cage(killer.SYMBOLS[i], sum(solution[c] for c in cage),
                                     tuple(GRID_CELLS[c] for c in cage)) for i, cage in enumerate(ordered)],
                        info=info)


def unique_cages(solution: Sequence[int], rng: random.Random) -> Cages:
    """Steps 1 and 2: a random layout split until the exact solver finds one solution."""
    cages = random_cages(solution, rng)
    while True:
        other = second_solution(build(cages, solution), solution)
        if other is None:
            return cages
        cell = rng.choice([i for i, d in enumerate(other) if d != solution[i]])
        cages = split(cages, cell, solution, rng)


def merge_while_unique(cages: Cages, solution: Sequence[int], rng: random.Random) -> Cages:
    """Step 3: each pair of neighbouring cages, in a random order, merged when still
    unique (a uniqueness check per pair: seconds, so tested in tests/test_generate.py)."""
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
        if proved_unique(build(trial, solution), MERGE_NODE_LIMIT):
            groups[a] = merged
            del groups[b]
            alias[b] = a
    return list(groups.values())


def generate(rng: random.Random, merge: bool = False) -> Puzzle:
    """A unique Killer without givens drawn from ``rng`` (solution in ``info``);
    ``merge`` runs step 3 (slower: a uniqueness check per pair of neighbouring cages)."""
    solution = random_grid(rng)
    cages = unique_cages(solution, rng)
    if merge:
        cages = merge_while_unique(cages, solution, rng)
    return build(cages, solution, info=(("solution", "".join(map(str, solution))),))
