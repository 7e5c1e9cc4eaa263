r"""Kakuro: a random block pattern, random digits, totals from the digits;
digits changed where two solutions differ until the solution is unique.

Sizes count the whole grid, clue row and column included, like the corpus
(``height`` x ``width``): a 10x10 Kakuro has 9x9 cells below and right of
its top clue row and left clue column.

1. **Pattern** (:func:`random_pattern`): starting from an all-white grid,
   cells become blocks (with their mirror image under a half turn when
   ``symmetric``) while every white cell stays in an across and a down run
   of 2..9 cells and the white cells stay connected; long runs are broken
   first, so the runs average about 3 cells like published grids.
2. **Digits** (:func:`random_fill`): different in every run, drawn at random.
3. **Uniqueness**: while the exact solver finds a second solution, one cell
   where the two differ gets a new digit (one that keeps its runs distinct,
   preferring digits whose runs' new totals allow fewest digit combinations),
   and the totals are recomputed.  A try that needs more than
   :data:`MAX_REPAIRS` changes is given up.

What is guaranteed: exactly one solution (proved by the exact solver), no
givens, every run clued (Kakuro has no unclued runs, so every total is
needed by construction).  Totals are not checked one by one for logical
redundancy.

>>> p = generate(random.Random(2), 6, 6)
>>> p.kind, p.height, p.width, any(p.givens)
('kakuro', 6, 6, False)
>>> p == generate(random.Random(2), 6, 6), len(kakuro.write([p]).splitlines())
(True, 6)
"""

from __future__ import annotations

import random

from solver.bits import combinations
from solver.model import Puzzle

from .. import kakuro
from ..common import freeze
from .base import Rejected, random_fill, second_solution

MAX_REPAIRS = 150
"""Digit changes one try may make before it is given up."""

REPAIR_NODE_LIMIT = 500
"""Search nodes a uniqueness check may use before the try is given up (a hard check
usually means a digit layout worth abandoning: measured faster than 2,000 or 20,000)."""

BLOCK_FRACTION = 0.3
"""The share of the inner grid a pattern turns into blocks (about)."""

LONG_RUN = 4
"""Runs longer than this are broken first, when a move allows it (published grids rarely have longer)."""

MAX_MOVE = 4
"""The most cells one move of the pattern drawing may block (a cell, its mirror and cells left alone)."""

MIN_WHITE_FRACTION = 0.4
"""A pattern with fewer white cells than this share of the inner grid is drawn again."""

Position = tuple[int, int]


def runs(white: set[Position]) -> list[list[Position]]:
    """Every maximal across run, then every maximal down run, of a set of white cells.

    >>> runs({(1, 1), (1, 2), (2, 1)})
    [[(1, 1), (1, 2)], [(2, 1)], [(1, 1), (2, 1)], [(1, 2)]]
    """
    out = []
    for dr, dc in ((0, 1), (1, 0)):
        for r, c in sorted(white):
            if (r - dr, c - dc) not in white:
                run, pos = [], (r, c)
                while pos in white:
                    run.append(pos)
                    pos = (pos[0] + dr, pos[1] + dc)
                out.append(run)
    return out


def _components(white: set[Position]) -> list[set[Position]]:
    left, out = set(white), []
    while left:
        start = left.pop()
        part, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in left:
                    left.discard(n)
                    part.add(n)
                    todo.append(n)
        out.append(part)
    return out


def random_pattern(height: int, width: int, rng: random.Random, symmetric: bool = True,
                   attempts: int = 20) -> set[Position]:
    """The white cells of a valid random pattern (row 0 and column 0 hold the clues).

    Starting from an all-white inner grid, cells (with their mirror images
    when ``symmetric``) become blocks one at a time, in a random order, cells
    of runs longer than 9, then
    of runs longer than :data:`LONG_RUN` first.  A move also blocks any white cell it leaves
    alone in its run, and is kept only when it blocks at most
    :data:`MAX_MOVE` cells and the white cells stay connected.

    >>> white = random_pattern(8, 8, random.Random(1))
    >>> all(2 <= len(run) <= 9 for run in runs(white)), len(_components(white))
    (True, 1)
    """
    inner = [(r, c) for r in range(1, height) for c in range(1, width)]
    if height < 3 or width < 3:
        raise ValueError(f"a Kakuro needs at least 3x3 cells (clues included), not {height}x{width}")

    def mirror(pos: Position) -> Position:
        return (height - pos[0], width - pos[1]) if symmetric else pos

    def move(white: set[Position], pos: Position) -> set[Position] | None:
        trial = white - {pos, mirror(pos)}
        while True:
            alone = {run[0] for run in runs(trial) if len(run) == 1}
            if not alone:
                break
            trial -= alone | {mirror(p) for p in alone}
        if not trial or len(white) - len(trial) > MAX_MOVE or len(_components(trial)) != 1:
            return None
        return trial

    target = len(inner) * (1 - BLOCK_FRACTION)
    for _ in range(attempts):
        white = set(inner)
        for limit in (9, LONG_RUN):
            tried: set[Position] = set()
            while True:
                long = [pos for run in runs(white) if len(run) > limit for pos in run[2:-2] if pos not in tried]
                if not long:
                    break
                pos = rng.choice(long)
                tried.add(pos)
                white = move(white, pos) or white
        order = list(inner)
        rng.shuffle(order)
        for pos in order:
            if len(white) <= target:
                break
            if pos in white:
                white = move(white, pos) or white
        if all(2 <= len(run) <= 9 for run in runs(white)) and len(white) >= MIN_WHITE_FRACTION * len(inner):
            return white
    raise Rejected(f"no {height}x{width} Kakuro pattern in {attempts} draws")


def grid_of(height: int, width: int, white: set[Position], digits: dict[Position, int]) -> list[list[str]]:
    r"""The Kakuro text grid (``#``, ``D\R`` clues, ``.``) of a pattern whose white cells hold ``digits``."""
    grid = [["#"] * width for _ in range(height)]
    for pos in white:
        grid[pos[0]][pos[1]] = "."
    clues: dict[Position, list[str]] = {}
    for dr, dc, side in ((0, 1, 1), (1, 0, 0)):
        for r, c in sorted(white):
            if (r - dr, c - dc) in white:
                continue
            total, pos = 0, (r, c)
            while pos in white:
                total += digits[pos]
                pos = (pos[0] + dr, pos[1] + dc)
            clues.setdefault((r - dr, c - dc), ["", ""])[side] = str(total)
    for (r, c), (down, across) in clues.items():
        grid[r][c] = f"{down}\\{across}"
    return grid


def _peers(white: set[Position]) -> dict[Position, set[Position]]:
    out: dict[Position, set[Position]] = {pos: set() for pos in white}
    for run in runs(white):
        for pos in run:
            out[pos].update(run)
    for pos in white:
        out[pos].discard(pos)
    return out


def _new_digit(pos: Position, digits: dict[Position, int], peers: dict[Position, set[Position]],
               lines: dict[Position, list[list[Position]]], avoid: set[int], rng: random.Random) -> int | None:
    """A digit for ``pos`` that keeps its runs distinct, fewest resulting combinations first."""
    taken = {digits[p] for p in peers[pos]}
    options = [d for d in range(1, 10) if d not in taken and d not in avoid]
    if not options:
        return None
    rng.shuffle(options)

    def combos(d: int) -> int:
        count = 1
        for run in lines[pos]:
            total = sum(digits[p] for p in run) - digits[pos] + d
            count *= len(combinations(len(run), total))
        return count

    return min(options, key=combos)


def generate(rng: random.Random, height: int = 10, width: int = 10, symmetric: bool = True) -> Puzzle:
    """A unique Kakuro of ``height`` x ``width`` (clue row and column included) drawn from ``rng``."""
    white = random_pattern(height, width, rng, symmetric)
    cells = sorted(white)
    peers = _peers(white)
    index = {pos: i for i, pos in enumerate(cells)}
    fill = random_fill([[index[p] for p in peers[pos]] for pos in cells], rng)
    if fill is None:
        raise Rejected("no digits for this Kakuro pattern")
    digits = dict(zip(cells, fill))
    lines: dict[Position, list[list[Position]]] = {pos: [] for pos in cells}
    for run in runs(white):
        for pos in run:
            lines[pos].append(run)
    for _ in range(MAX_REPAIRS):
        puzzle = kakuro.build(grid_of(height, width, white, digits))
        solution = tuple(digits[pos] for pos in cells)
        other = second_solution(puzzle, solution, REPAIR_NODE_LIMIT)
        if other is None:
            info = (("solution", freeze(puzzle.format_solution(solution))),)
            return kakuro.build(grid_of(height, width, white, digits), info=info)
        differ = [pos for pos in cells if other[index[pos]] != digits[pos]]
        rng.shuffle(differ)
        for pos in differ:
            digit = _new_digit(pos, digits, peers, lines, {digits[pos], other[index[pos]]}, rng)
            if digit is not None:
                digits[pos] = digit
                break
        else:
            raise Rejected("no digit change separates the two solutions")
    raise Rejected(f"Kakuro still not unique after {MAX_REPAIRS} digit changes")
