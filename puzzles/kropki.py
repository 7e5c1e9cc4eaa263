"""Kropki Sudoku: a Sudoku with dots between orthogonal neighbours.

A white dot joins two consecutive digits (``Pair(a, b, "consecutive")``), a
black dot two digits one of which is twice the other (``Pair(a, b,
"ratio")``).  Under the *negative rule* every dot is shown, so two
neighbours without a dot are neither: the puzzle then holds ``Pair(a, b,
"neither")`` for every such pair.  Whether the rule holds is kept in
``Puzzle.info`` as ``("negative", True/False)``.

Pairs are kept in a canonical order: the first cell before the second in
reading order, and the pairs sorted by their cells.  Any side N from 4 to 9
works the same way (:func:`build` with ``size``, ``box`` or ``regions`` as
in :func:`puzzles.sudoku.build`).

>>> p = build(white=[((0, 1), (0, 0))], black=[((0, 1), (1, 1))], negative=True)
>>> p.pairs[:3]
(Pair(a=0, b=1, kind='consecutive'), Pair(a=0, b=9, kind='neither'), Pair(a=1, b=2, kind='neither'))
>>> len(p.pairs), negative(p), dots(p)
(144, True, ([((0, 0), (0, 1))], [((0, 1), (1, 1))]))
>>> build(white=[((0, 0), (0, 1))], black=[((0, 1), (0, 0))], negative=False)
Traceback (most recent call last):
...
solver.errors.InvalidPuzzleError: dot between r1c1 and r1c2: both a white and a black dot
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Sequence

from solver.errors import InvalidPuzzleError
from solver.model import Pair, Puzzle, cell_label

from .common import SIZE, Box, Position, square_grid, with_info

KIND = "kropki"

Dot = tuple[Position, Position]
"""Two cells (0-based positions) joined by a dot."""

@lru_cache(maxsize=None)
def neighbours(size: int = SIZE) -> tuple[tuple[int, int], ...]:
    """Every pair of orthogonal neighbours of a ``size x size`` grid, as cell indexes in canonical order."""
    return tuple(sorted([(size * r + c, size * r + c + 1) for r in range(size) for c in range(size - 1)]
                        + [(size * r + c, size * r + c + size) for r in range(size - 1) for c in range(size)]))


NEIGHBOURS: tuple[tuple[int, int], ...] = neighbours(SIZE)
"""Every pair of orthogonal neighbours of the 9x9 grid, as cell indexes in canonical order."""


def build(givens: Sequence[int] = (), white: Iterable[Dot] = (), black: Iterable[Dot] = (),
          size: int = SIZE, box: Box | None = None, regions: Sequence[Sequence[Position]] | None = None, *,
          negative: bool, id: str = "", info: Iterable[tuple[str, Any]] = ()) -> Puzzle:
    """A Kropki from its givens and dots; ``negative`` says whether every dot is shown
    (``size``, ``box`` and ``regions`` as in :func:`puzzles.sudoku.build`).

    >>> len(build(size=4, negative=True).pairs)
    24
    """
    cells, houses = square_grid(size, box, regions)
    pairs_of = neighbours(size)
    neighbour_set = frozenset(pairs_of)
    kinds: dict[tuple[int, int], str] = {}
    for kind, dots_of_kind in (("consecutive", white), ("ratio", black)):
        for one, two in dots_of_kind:
            a, b = sorted(_index(pos, size) for pos in (one, two))
            where = f"dot between {cell_label(*cells[a])} and {cell_label(*cells[b])}"
            if (a, b) not in neighbour_set:
                raise InvalidPuzzleError(f"{where}: the cells are not neighbours")
            if (a, b) in kinds:
                if kinds[(a, b)] == kind:
                    raise InvalidPuzzleError(f"{where}: listed twice")
                raise InvalidPuzzleError(f"{where}: both a white and a black dot")
            kinds[(a, b)] = kind
    if negative:
        for a, b in pairs_of:
            kinds.setdefault((a, b), "neither")
    pairs = tuple(Pair(a, b, kinds[(a, b)]) for a, b in sorted(kinds))  # type: ignore[arg-type]
    return Puzzle(kind=KIND, height=size, width=size, cells=cells, regions=houses,
                  givens=tuple(givens) or (0,) * (size * size), pairs=pairs, max_digit=size, id=id,
                  info=with_info(info, "negative", bool(negative)))


def _index(pos: Position, size: int = SIZE) -> int:
    r, c = pos
    if not (0 <= r < size and 0 <= c < size):
        raise InvalidPuzzleError(f"a dot names {cell_label(r, c)}, outside the {size}x{size} grid")
    return size * r + c


def negative(puzzle: Puzzle) -> bool:
    """Whether the negative rule holds (every dot is shown)."""
    return bool(puzzle.get_info("negative", False))


def dots(puzzle: Puzzle) -> tuple[list[Dot], list[Dot]]:
    """The white and the black dots of a Kropki, as pairs of positions."""
    white = [(puzzle.cells[p.a], puzzle.cells[p.b]) for p in puzzle.pairs if p.kind == "consecutive"]
    black = [(puzzle.cells[p.a], puzzle.cells[p.b]) for p in puzzle.pairs if p.kind == "ratio"]
    return white, black
