"""Crossing runs: four runs of a Kakuro that meet in the corners of a rectangle, taken together.

Two across runs and two down runs that cross each other in four cells (the
corners of a rectangle; a 2x2 square of white cells is the common case)
form a loop; so do three across and three down runs crossing in a
loop of six cells (**loop of runs**, ``run-loops``, level 6).  Each run on its own is already checked by
``sum-combinations`` and ``sum-fillings``; around the loop they constrain
each other: a digit in one corner limits the next corner through the run
they share, and so on round to the start.  **Crossing runs**
(``crossing-runs``, level 5) keeps in each corner only the digits that some
choice of all four corners allows, each pair of corners completing its own
run (a complete placement with different digits, :func:`distinct_fit`).
People do this on the small squares of a Kakuro ("across 4 is 1+3 and
down 3 is 1+2, so ..."), round the whole square at once.

Which pairs of corner digits a run allows comes from the run's support with
one corner fixed (at most nine :func:`~solver.supports.distinct_fit` calls
per run); the four corners are then tried against those tables.

>>> from puzzles.kakuro import parse
>>> [p] = parse("#  3\\\\  4\\\\\\n\\\\4  .  .\\n\\\\3  .  .\\n")
>>> [rect] = rectangles(p)
>>> [r.name for r in rect[1]]
['across 4 at r2c2', 'down 4 at r2c3', 'across 3 at r3c2', 'down 3 at r2c2']
>>> [p.cell_name(c) for c in rect[0]]
['r2c2', 'r2c3', 'r3c3', 'r3c2']
>>> [digits_of(m) for m in loop_support([0b1111111110] * 4, rect)]
[[1], [3], [1], [2]]
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import digits_of, is_single
from solver.contract import Context, Technique
from solver.model import Puzzle, Region, per_puzzle
from solver.step import Step
from solver.supports import distinct_fit

from .algebra import digits_text
from .common import region_key

ALL_SUMS = (1 << 64) - 1
"""Any total (a run with no printed total)."""

Loop = tuple[tuple[int, ...], tuple[Region, ...]]
"""Cells ``x0 .. x(k-1)`` and runs ``R0 .. R(k-1)``: run ``Ri`` holds ``xi`` and ``x(i+1)`` (round to
``x0``); across and down runs alternate."""

@per_puzzle
def loops(puzzle: Puzzle) -> tuple[Loop, ...]:
    """Every rectangle of runs (two across runs crossing two down runs in four cells), then
    the loops of six runs (three across and three down runs); smallest first."""
    across: dict[int, Region] = {}
    down: dict[int, Region] = {}
    for region in puzzle.regions:
        if region.kind in ("across", "down") and region.distinct:
            for c in region.cells:
                (across if region.kind == "across" else down)[c] = region
    found: dict[frozenset[int], tuple[tuple[int, int], Loop]] = {}
    spots = puzzle.cells

    def other(run: Region, cell: int) -> Iterator[int]:
        """The cells of ``run`` besides ``cell`` that also lie in a run the other way."""
        table = down if run.kind == "across" else across
        return (c for c in run.cells if c != cell and c in table)

    def close(cells: list[int], runs: list[Region]) -> None:
        key = frozenset(cells)
        rows = [spots[c][0] for c in cells]
        cols = [spots[c][1] for c in cells]
        size = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
        rank = (len(cells), size)
        if key not in found or found[key][0] > rank:
            found[key] = (rank, (tuple(cells), tuple(runs)))

    def grow(cells: list[int], runs: list[Region], length: int) -> None:
        last = cells[-1]
        run = (across if runs[-1].kind == "down" else down)[last]
        if len(cells) == length:
            if run.kind == "down" and cells[0] in run.cells and run not in runs:
                close(cells, runs + [run])
            return
        if run in runs:
            return
        for nxt in other(run, last):
            if nxt not in cells:
                grow(cells + [nxt], runs + [run], length)

    for start, top in across.items():
        for second in other(top, start):
            if second < start:
                continue
            for length in (4, 6):
                grow([start, second], [top], length)
    ordered = sorted(found.values(), key=lambda item: (item[0], item[1][0]))
    return tuple(loop for _, loop in ordered)


def rectangles(puzzle: Puzzle) -> tuple[Loop, ...]:
    """The loops of four runs (see :func:`loops`)."""
    return tuple(loop for loop in loops(puzzle) if len(loop[0]) == 4)


def _pairs(masks: list[int], run: Region, first: int, second: int) -> dict[int, int]:
    """For each digit of ``first``: the digits of ``second`` that complete ``run`` with it."""
    now = [masks[c] for c in run.cells]
    i, j = run.cells.index(first), run.cells.index(second)
    sums = ALL_SUMS if run.total is None else 1 << run.total
    out = {}
    for x in digits_of(now[i]):
        trial = list(now)
        trial[i] = 1 << x
        support, combos = distinct_fit(tuple(trial), sums)
        if combos:
            out[x] = support[j]
    return out


def loop_support(masks: list[int], loop: Loop) -> tuple[int, ...]:
    """The digits each cell of the loop keeps when its runs are taken together (all 0: none fits).

    For each digit ``v`` of the first cell, the digits each next cell can take
    are carried round the loop (forwards), those that close it back on ``v``
    are kept (backwards), and every cell keeps what survives for some ``v``.
    """
    cells, runs = loop
    k = len(cells)
    tables = [_pairs(masks, runs[i], cells[i], cells[(i + 1) % k]) for i in range(k)]
    keep = [0] * k
    for v in digits_of(masks[cells[0]]):
        forward = [1 << v]
        for i in range(k - 1):
            reach = 0
            for a in digits_of(forward[-1]):
                reach |= tables[i].get(a, 0)
            forward.append(reach)
        back = [0] * k
        back[k - 1] = sum(1 << a for a in digits_of(forward[k - 1]) if tables[k - 1].get(a, 0) >> v & 1)
        for i in range(k - 2, -1, -1):
            back[i] = sum(1 << a for a in digits_of(forward[i]) if tables[i].get(a, 0) & back[i + 1])
        if back[0] >> v & 1:
            for i in range(k):
                keep[i] |= back[i]
    return tuple(keep)


def find_crossing_runs(ctx: Context) -> Iterator[Step]:
    """One step per rectangle of runs whose corners lose digits when the four runs are taken together."""
    yield from _loop_steps(ctx, "crossing-runs", 4)


def find_run_loops(ctx: Context) -> Iterator[Step]:
    """The same for loops of six runs."""
    yield from _loop_steps(ctx, "run-loops", 6)


def _loop_steps(ctx: Context, tid: str, length: int) -> Iterator[Step]:
    every = [loop for loop in loops(ctx.puzzle) if len(loop[0]) == length]
    if not every:
        return
    name, level = _INFO[tid]
    masks = ctx.state.masks
    changed = ctx.changed_since_quiet(tid)
    for rect in every:
        corners, runs = rect
        if changed is not None and all(changed.isdisjoint(run.cells) for run in runs):
            continue
        now = tuple(masks[c] for c in corners)
        if 0 in now or all(is_single(m) for m in now):
            continue
        keep = loop_support(masks, rect)
        elims = tuple((c, m & ~k) for c, m, k in zip(corners, now, keep) if m & ~k)
        if not elims:
            continue
        text = _explain(ctx, rect, now, keep, elims) if ctx.explain else ""
        yield Step(tid, name, level, text, eliminations=elims, cells=corners,
                   regions=tuple(region_key(r) for r in runs),
                   candidates=tuple(zip(corners, now)))


def _explain(ctx: Context, loop: Loop, now: tuple[int, ...], keep: tuple[int, ...],
             elims: tuple[tuple[int, int], ...]) -> str:
    cells, runs = loop
    names = [ctx.name(c) for c in cells]
    where = (f"{', '.join(r.name for r in runs[:-1])} and {runs[-1].name} form a loop through "
             f"{', '.join(names[:-1])} and {names[-1]}")
    if not any(keep):
        return f"{where}; no digits for these cells fit all the runs at once, so the puzzle state is broken."
    lost = "; ".join(f"{ctx.name(cell)} cannot be {digits_text(m)}" for cell, m in elims)
    return (f"{where}. Going round the loop, each cell's digit limits the next through the run they share "
            f"(a complete filling of that run), and the loop must close: {lost}.")


CROSSING_RUNS = Technique(
    "crossing-runs", "Crossing runs", 5, 6, find_crossing_runs,
    "across 6 at r2c2, down 32 at r2c3, across 45 at r3c2 and down 5 at r2c2 form a loop through r2c2, r2c3, "
    "r3c3 and r3c2. Going round the loop, each cell's digit limits the next through the run they share (a "
    "complete filling of that run), and the loop must close: r3c3 cannot be 4.", kinds=("kakuro",))
RUN_LOOPS = Technique(
    "run-loops", "Loop of runs", 6, 8, find_run_loops,
    "across 6 at r2c2, down 32 at r2c3, across 11 at r4c3, down 12 at r3c4, across 45 at r3c2 and down 5 at "
    "r2c2 form a loop through r2c2, r2c3, r4c3, r4c4, r3c4 and r3c2. Going round the loop, each cell's digit "
    "limits the next through the run they share (a complete filling of that run), and the loop must close: "
    "r4c3 cannot be 4; r4c4 cannot be 7; r3c4 cannot be 5.", kinds=("kakuro",))

_INFO = {"crossing-runs": ("Crossing runs", 5), "run-loops": ("Loop of runs", 6)}

TECHNIQUES = (CROSSING_RUNS, RUN_LOOPS)

__all__ = ["CROSSING_RUNS", "RUN_LOOPS", "TECHNIQUES", "find_crossing_runs", "loop_support", "loops", "rectangles"]
