"""Kakuro sums over groups of runs: across totals minus down totals.

Take any group of across runs and down runs of a Kakuro.  The across
totals of the group add up to the sum of the cells the group's across runs
cover, and likewise for the down runs, so

    sum(across cells) - sum(down cells) == sum(across totals) - sum(down totals)

where a cell covered by both an across and a down run of the group cancels
out.  For a compact group (a block of the grid walled off by black cells
but for a few cells) only those few cells are left: their sum, or the
difference of two small sums, is known.  These are the Kakuro innies and
outies; a Kakuro whose clues do not add up inside such a group (one clue
off by one, balanced by another far away) fails on them long before a
search would fix every cell of the group.

:func:`run_group_sums` finds groups by growing each run greedily into the
neighbour that leaves fewest uncancelled cells, and keeps every group whose
uncancelled cells are few.  Plain functions over a
:class:`~solver.model.Puzzle`, like :mod:`solver.derived`.

>>> from puzzles import sample
>>> facts = run_group_sums(sample("kakuro-8x8"))
>>> all(0 < len(plus) + len(minus) <= 6 for plus, minus, _ in facts)
True
"""

from __future__ import annotations

from .model import Puzzle

MAX_CELLS = 6
"""The most uncancelled cells a kept group may leave (the exact support of a
:class:`~solver.constraints.Difference` covers up to six cells)."""

MAX_GROUP = 24
"""The most runs a group grows to."""


def has_run_groups(puzzle: Puzzle) -> bool:
    """True when :func:`run_group_sums` applies: every region is a Kakuro run, some with a total.

    Runs without a printed total take no part in the groups (their cells
    stay uncancelled, as cells outside the group would).

    >>> from puzzles import sample
    >>> has_run_groups(sample("kakuro-6x6")), has_run_groups(sample("killer-1"))
    (True, False)
    """
    return (all(r.kind in ("across", "down") for r in puzzle.regions)
            and any(r.total is not None for r in puzzle.regions))


def run_group_sums(puzzle: Puzzle, max_cells: int = MAX_CELLS,
                   max_group: int = MAX_GROUP) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """``(plus, minus, total)`` facts ``sum(plus) - sum(minus) == total`` of a Kakuro's run groups.

    Only for puzzles whose regions are across and down runs (empty
    otherwise); only the runs with totals are grouped.  ``plus`` holds the uncancelled cells of across
    runs, ``minus`` those of down runs; each fact has at most ``max_cells``
    cells, and none repeats.
    """
    if not has_run_groups(puzzle):
        return []
    runs = [i for i, r in enumerate(puzzle.regions) if r.total is not None]
    sign = {i: 1 if puzzle.regions[i].kind == "across" else -1 for i in runs}
    cell_runs = [[r for r in rs if r in sign] for rs in puzzle.cell_regions]
    out: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for start in runs:
        group = {start}
        # Uncancelled cells of the group: cell -> coefficient (+1 across, -1 down).
        loose = {c: sign[start] for c in puzzle.regions[start].cells}
        total = sign[start] * (puzzle.regions[start].total or 0)
        while len(group) < max_group:
            best = None
            best_size = 0
            for c in loose:
                for r in cell_runs[c]:
                    if r in group:
                        continue
                    size = len(loose) + sum(1 if loose.get(x, 0) + sign[r] else -1 for x in puzzle.regions[r].cells)
                    if best is None or size < best_size or size == best_size and r < best:
                        best, best_size = r, size
            if best is None:
                break
            group.add(best)
            total += sign[best] * (puzzle.regions[best].total or 0)
            for x in puzzle.regions[best].cells:
                k = loose.get(x, 0) + sign[best]
                if k:
                    loose[x] = k
                else:
                    del loose[x]
            if not loose:
                break
            if len(loose) <= max_cells:
                plus = tuple(sorted(c for c, k in loose.items() if k > 0))
                minus = tuple(sorted(c for c, k in loose.items() if k < 0))
                if any(abs(k) != 1 for k in loose.values()) or (plus, minus) in seen:
                    continue
                seen.add((plus, minus))
                out.append((plus, minus, total))
    return out
