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
3. **Uniqueness** (:func:`ambiguities`): propagation alone fixes most
   cells; the cells it leaves open fall into parts that share no run, and
   the puzzle is unique when each part is, so each part is searched alone
   (the rest fixed to the solution) with :data:`PART_NODE_LIMIT` nodes.
   Where a part has a second solution, each run-linked piece of the
   difference gets one cell a new digit that neither solution has there
   (one that keeps its runs distinct, preferring digits whose runs' new
   totals allow fewest digit combinations; failing that a cell beside it in
   a run gets a digit the second solution clashes with).  A part too open
   to search gets new digits in one cell of :data:`CELLS_PER_CHANGE`.  A
   place that keeps making second solutions (a cell in :data:`STUBBORN`
   of them) gets a block instead.  Totals are recomputed and the check
   runs again; a try that needs more than ``max(MAX_REPAIRS, cells *
   REPAIRS_PER_CELL)`` changes is given up.  Work grows about linearly
   with the grid: a 30x30 takes a few seconds, not a search of the whole.

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
from collections.abc import Sequence

from solver.bits import combinations
from solver.model import Puzzle
from solver.propagate import Propagator
from solver.search import Search, _OutOfBudget

from .. import kakuro
from ..common import freeze
from .base import Rejected, random_fill

BANDS: tuple[str, ...] = ("Easy", "Medium", "Hard", "Expert")
"""The grade bands this generator reaches at the default 10x10 (measured: of 200
puzzles, seeds 1000-1199, 51 Easy, 56 Medium, 79 Hard, 14 Expert; none Extreme or
Needs-guessing).  Medium and part of Hard are long puzzles of easy steps, lifted by
the time estimate (``sumlogic.grading.MINUTE_BANDS``).  Bigger grids are harder."""

MAX_SIDE = 46
"""The longest side accepted (the biggest published Kakuros are 31x46)."""

MAX_REPAIRS = 150
"""Digit changes one try may make before it is given up (at least; see :data:`REPAIRS_PER_CELL`)."""

REPAIRS_PER_CELL = 4
"""Digit changes allowed per white cell, for big grids (whose budget is the larger)."""

CELLS_PER_CHANGE = 12
"""An open part too big to search gets one digit change per this many of its cells."""

STUBBORN = 12
"""Times a cell may be in a second solution's difference before a cell there is made a block."""

PART_NODE_LIMIT = 500
"""Search nodes the check of one open part may use (:func:`ambiguities`); a part
that needs more gets a digit changed like a part with two solutions."""

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


def block(white: set[Position], pos: Position, height: int, width: int,
          symmetric: bool = True, most: int = MAX_MOVE) -> set[Position] | None:
    """The white cells with ``pos`` (and its mirror image under a half turn when
    ``symmetric``) made a block, and then every white cell left alone in its
    across or down run; ``None`` when that blocks more than ``most`` cells,
    no cell is left or the white cells fall apart.

    >>> square = {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)}
    >>> len(block(square, (1, 1), 4, 4, symmetric=False)), sorted(square - block(square, (1, 1), 4, 4))
    (8, [(1, 1), (3, 3)])
    >>> block(square, (2, 2), 4, 4) is None  # every other cell would be left alone in a run
    True
    """
    def mirror(p: Position) -> Position:
        return (height - p[0], width - p[1]) if symmetric else p

    trial = white - {pos, mirror(pos)}
    todo = [pos, mirror(pos)]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near not in trial:
                continue
            nr, nc = near
            across = (nr, nc - 1) in trial or (nr, nc + 1) in trial
            down = (nr - 1, nc) in trial or (nr + 1, nc) in trial
            if not (across and down):
                trial -= {near, mirror(near)}
                todo += [near, mirror(near)]
                if len(white) - len(trial) > most:
                    return None
    if not trial or len(white) - len(trial) > most or len(_components(trial)) != 1:
        return None
    return trial


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

    def move(white: set[Position], pos: Position) -> set[Position] | None:
        return block(white, pos, height, width, symmetric)

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
    r"""The Kakuro text grid (``#``, ``D\R`` clues, ``.``) of a pattern whose white cells hold ``digits``;
    a run of one cell gets no clue (a Kakuro prints none; the generator's patterns have none)."""
    grid = [["#"] * width for _ in range(height)]
    for pos in white:
        grid[pos[0]][pos[1]] = "."
    clues: dict[Position, list[str]] = {}
    for dr, dc, side in ((0, 1, 1), (1, 0, 0)):
        for r, c in sorted(white):
            if (r - dr, c - dc) in white or (r + dr, c + dc) not in white:
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


def _outside_change(group: Sequence[Position], other: dict[Position, int], digits: dict[Position, int],
                    peers: dict[Position, set[Position]], lines: dict[Position, list[list[Position]]],
                    rng: random.Random) -> tuple[Position, int] | None:
    """A cell next to ``group`` in a run and a new digit for it that the second
    solution ``other`` (digits on ``group``) puts elsewhere in that run, so
    that it no longer fits; fewest resulting combinations first (``None`` if none).

    Used when no cell of ``group`` can take a new digit itself (its runs hold
    every other digit): a digit change outside the group keeps the second
    solution unless it clashes with it.
    """
    inside = set(group)
    options: list[tuple[int, float, Position, int]] = []
    for pos in group:
        for run in lines[pos]:
            clash = {other[p] for p in run if p in inside}
            for cell in run:
                if cell in inside:
                    continue
                taken = {digits[p] for p in peers[cell]} | {digits[cell]}
                for d in sorted(clash - taken):
                    count = 1
                    for line in lines[cell]:
                        count *= len(combinations(len(line), sum(digits[p] for p in line) - digits[cell] + d))
                    options.append((count, rng.random(), cell, d))
    if not options:
        return None
    _, _, cell, digit = min(options)
    return cell, digit


def open_parts(puzzle: Puzzle, masks: Sequence[int]) -> list[list[int]]:
    r"""The cells propagation leaves open (more than one candidate in ``masks``),
    in parts linked by the runs they share, each sorted, parts by first cell.

    Once the fixed cells are filled in, no run holds open cells of two parts,
    so the solutions of the puzzle are every combination of the solutions of
    its parts: the puzzle is unique when each part is.

    >>> p = kakuro.parse("#  4\\ 10\\\n\\5 . .\n\\9 . .\n")[0]
    >>> open_parts(p, [0b110, 0b11000, 0b1000, 0b100000000])
    [[0, 1]]
    """
    parent = list(range(len(masks)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    is_open = [m & (m - 1) != 0 for m in masks]
    for region in puzzle.regions:
        cells = [c for c in region.cells if is_open[c]]
        for c in cells[1:]:
            parent[root(c)] = root(cells[0])
    parts: dict[int, list[int]] = {}
    for c in range(len(masks)):
        if is_open[c]:
            parts.setdefault(root(c), []).append(c)
    return sorted(parts.values())


def clusters(puzzle: Puzzle, cells: Sequence[int]) -> list[list[int]]:
    r"""``cells`` in pieces linked by the runs they share (sorted, by first cell).

    >>> p = kakuro.parse("#  4\\ 10\\\n\\5 . .\n\\9 . .\n")[0]
    >>> clusters(p, [0, 3]), clusters(p, [0, 1, 3])
    ([[0], [3]], [[0, 1, 3]])
    """
    chosen = set(cells)
    mask = [c in chosen for c in range(puzzle.size)]
    return open_parts(puzzle, [0b110 if flag else 0b10 for flag in mask])


def ambiguities(puzzle: Puzzle, solution: Sequence[int],
                node_limit: int = PART_NODE_LIMIT) -> list[tuple[list[int], tuple[int, ...] | None]]:
    r"""Where ``puzzle`` is not yet proved unique: for each open part
    (:func:`open_parts`) that has a second solution, the cells where it
    differs from ``solution`` and the second solution; for each part whose
    search needs more than ``node_limit`` nodes, its cells and ``None``.
    An empty list proves ``solution`` the only solution.

    Each part is searched alone, the cells outside it fixed to ``solution``,
    so the work grows with the parts, not with their product (which is what
    stops a whole-grid search of a big Kakuro).

    >>> p = kakuro.parse("#  4\\ 10\\\n\\5 . .\n\\9 . .\n")[0]
    >>> ambiguities(p, (1, 4, 3, 6))
    [([0, 1, 2, 3], (3, 2, 1, 8))]
    """
    propagator = Propagator(puzzle)
    masks = propagator.initial_masks()
    if not propagator.propagate(masks) or any(not masks[i] >> d & 1 for i, d in enumerate(solution)):
        raise RuntimeError("a generated Kakuro lost its own solution (a generator bug)")
    out: list[tuple[list[int], tuple[int, ...] | None]] = []
    for part in open_parts(puzzle, masks):
        inside = set(part)
        start = [m if i in inside else 1 << solution[i] for i, m in enumerate(masks)]
        search = Search(propagator, limit=2, node_limit=node_limit)
        try:
            search.run(start)
        except _OutOfBudget:
            out.append((part, None))
            continue
        for found in search.solutions:
            if tuple(found) != tuple(solution):
                out.append(([i for i in part if found[i] != solution[i]], tuple(found)))
                break
    return out


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
    budget = max(MAX_REPAIRS, len(cells) * REPAIRS_PER_CELL)
    changes = 0
    trouble: dict[Position, int] = {}
    while True:
        cells = sorted(white)
        index = {pos: i for i, pos in enumerate(cells)}
        peers = _peers(white)
        lines: dict[Position, list[list[Position]]] = {pos: [] for pos in cells}
        for run in runs(white):
            for pos in run:
                lines[pos].append(run)
        puzzle = kakuro.build(grid_of(height, width, white, digits))
        solution = tuple(digits[pos] for pos in cells)
        problems = ambiguities(puzzle, solution)
        if not problems:
            info = (("solution", freeze(puzzle.format_solution(solution))),)
            return kakuro.build(grid_of(height, width, white, digits), info=info)
        for part, other in problems:
            if other is None:
                # Too open to search: new digits (fewest combinations) for several of its cells.
                changes += _tighten([cells[i] for i in part], digits, peers, lines, rng)
                continue
            # Each run-linked piece of the difference is a second solution by itself.
            for group in clusters(puzzle, part):
                places = [cells[i] for i in group]
                changes += 1
                for pos in places:
                    trouble[pos] = trouble.get(pos, 0) + 1
                if max(trouble[pos] for pos in places) > STUBBORN:
                    # Digit changes keep making second solutions here: block a cell of it.
                    rng.shuffle(places)
                    moved = next((trial for trial in (block(white, pos, height, width, symmetric)
                                                      for pos in places) if trial is not None), None)
                    if moved is not None:
                        white = moved
                        for pos in set(digits) - white:
                            del digits[pos]
                        for pos in places:
                            trouble.pop(pos, None)
                        break  # the layout changed: check again
                _separate(places, other, index, digits, peers, lines, rng)
            else:
                continue
            break
        if changes > budget:
            raise Rejected(f"Kakuro still not unique after {budget} digit changes")


def _tighten(part: list[Position], digits: dict[Position, int], peers: dict[Position, set[Position]],
             lines: dict[Position, list[list[Position]]], rng: random.Random) -> int:
    """New digits (fewest combinations first) for one in :data:`CELLS_PER_CHANGE`
    cells of an open part too big to search; returns how many changed."""
    wanted = max(1, len(part) // CELLS_PER_CHANGE)
    changed = 0
    for pos in rng.sample(part, len(part)):
        digit = _new_digit(pos, digits, peers, lines, {digits[pos]}, rng)
        if digit is not None:
            digits[pos] = digit
            changed += 1
            if changed == wanted:
                break
    if not changed:
        raise Rejected("no digit of an open part can change")
    return changed


def _separate(group: list[Position], other: Sequence[int], index: dict[Position, int], digits: dict[Position, int],
              peers: dict[Position, set[Position]], lines: dict[Position, list[list[Position]]],
              rng: random.Random) -> None:
    """Change one digit so that the second solution ``other``, which differs on
    ``group``, is no longer one: a cell of the group gets a digit neither
    solution has there, else a cell beside it gets one ``other`` clashes with."""
    rng.shuffle(group)
    for pos in group:
        digit = _new_digit(pos, digits, peers, lines, {digits[pos], other[index[pos]]}, rng)
        if digit is not None:
            digits[pos] = digit
            return
    change = _outside_change(group, {pos: other[index[pos]] for pos in group}, digits, peers, lines, rng)
    if change is None:
        raise Rejected("no digit change separates the two solutions")
    digits[change[0]] = change[1]
