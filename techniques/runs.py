"""Crossing runs: four runs of a Kakuro that meet in the corners of a rectangle, taken together.

Two across runs and two down runs that cross each other in four cells (the
corners of a rectangle; a 2x2 square of white cells is the common case)
form a loop.  Each run on its own is already checked by
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
['across 4 at r2c2', 'across 3 at r3c2', 'down 3 at r2c2', 'down 4 at r2c3']
>>> [digits_of(m) for m in corner_support([0b1111111110] * 4, rect)]
[[1], [3], [2], [1]]
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

Rectangle = tuple[tuple[int, int, int, int], tuple[Region, Region, Region, Region]]
"""Corners ``(a, b, c, d)``: ``a b`` on the top across run, ``c d`` on the bottom one, ``a c`` on the
left down run, ``b d`` on the right one; and the runs ``(top, bottom, left, right)``."""


@per_puzzle
def rectangles(puzzle: Puzzle) -> tuple[Rectangle, ...]:
    """Every set of two across and two down runs crossing in four cells, smallest rectangles first."""
    across: dict[int, Region] = {}
    down: dict[int, Region] = {}
    for region in puzzle.regions:
        if region.kind in ("across", "down") and region.distinct:
            for c in region.cells:
                (across if region.kind == "across" else down)[c] = region
    out: list[tuple[int, Rectangle]] = []
    for top in dict.fromkeys(across.values()):
        cells = top.cells
        for i, a in enumerate(cells):
            left = down.get(a)
            if left is None:
                continue
            for b in cells[i + 1:]:
                right = down.get(b)
                if right is None:
                    continue
                column = {puzzle.cells[c][0]: c for c in right.cells}
                for c in left.cells:
                    if puzzle.cells[c][0] <= puzzle.cells[a][0]:
                        continue
                    bottom = across.get(c)
                    d = column.get(puzzle.cells[c][0])
                    if bottom is None or d is None or across.get(d) is not bottom:
                        continue
                    (ra, ca), (rd, cd) = puzzle.cells[a], puzzle.cells[d]
                    out.append(((rd - ra) * (cd - ca), ((a, b, c, d), (top, bottom, left, right))))
    out.sort(key=lambda item: (item[0], item[1][0]))
    return tuple(rect for _, rect in out)


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


def corner_support(masks: list[int], rect: Rectangle) -> tuple[int, int, int, int]:
    """The digits each corner keeps when the four runs are taken together (all 0: none fits)."""
    (a, b, c, d), (top, bottom, left, right) = rect
    ab, cd = _pairs(masks, top, a, b), _pairs(masks, bottom, c, d)
    ac, bd = _pairs(masks, left, a, c), _pairs(masks, right, b, d)
    keep = [0, 0, 0, 0]
    for x, bs in ab.items():
        for y in digits_of(bs):
            ds_right = bd.get(y, 0)
            for z in digits_of(ac.get(x, 0)):
                ok = cd.get(z, 0) & ds_right
                if ok:
                    keep[0] |= 1 << x
                    keep[1] |= 1 << y
                    keep[2] |= 1 << z
                    keep[3] |= ok
    return keep[0], keep[1], keep[2], keep[3]


def find_crossing_runs(ctx: Context) -> Iterator[Step]:
    """One step per rectangle of runs whose corners lose digits when the four runs are taken together."""
    rects = rectangles(ctx.puzzle)
    if not rects:
        return
    masks = ctx.state.masks
    changed = ctx.changed_since_quiet("crossing-runs")
    for rect in rects:
        corners, runs = rect
        if changed is not None and all(changed.isdisjoint(run.cells) for run in runs):
            continue
        now = tuple(masks[c] for c in corners)
        if 0 in now or all(is_single(m) for m in now):
            continue
        keep = corner_support(masks, rect)
        elims = tuple((c, m & ~k) for c, m, k in zip(corners, now, keep) if m & ~k)
        if not elims:
            continue
        text = _explain(ctx, rect, now, keep, elims) if ctx.explain else ""
        yield Step("crossing-runs", "Crossing runs", 5, text, eliminations=elims, cells=corners,
                   regions=tuple(region_key(r) for r in runs),
                   candidates=tuple(zip(corners, now)))


def _explain(ctx: Context, rect: Rectangle, now: tuple[int, ...], keep: tuple[int, ...],
             elims: tuple[tuple[int, int], ...]) -> str:
    (a, b, c, d), (top, bottom, left, right) = rect
    name = ctx.name
    where = (f"{top.name} and {bottom.name} cross {left.name} and {right.name} in "
             f"{name(a)}, {name(b)}, {name(c)} and {name(d)}")
    if not any(keep):
        return f"{where}; no digits for these four cells fit all four runs at once, so the puzzle state is broken."
    lost = "; ".join(f"{name(cell)} cannot be {digits_text(m)}" for cell, m in elims)
    return (f"{where}. Going round the loop, each corner's digit limits the next through the run they share "
            f"(a complete filling of that run), and the four must agree: {lost}.")


CROSSING_RUNS = Technique(
    "crossing-runs", "Crossing runs", 5, 6, find_crossing_runs,
    "across 4 at r2c2 and across 3 at r3c2 cross down 3 at r2c2 and down 4 at r2c3 in r2c2, r2c3, r3c2 and "
    "r3c3. Going round the loop, each corner's digit limits the next through the run they share (a complete "
    "filling of that run), and the four must agree: r2c2 cannot be 3.")

TECHNIQUES = (CROSSING_RUNS,)

__all__ = ["CROSSING_RUNS", "TECHNIQUES", "corner_support", "find_crossing_runs", "rectangles"]
