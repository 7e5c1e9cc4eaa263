"""sumlogic's core: the generic puzzle model, the candidate grid, the exact solver.

>>> from solver import parse, solve
>>> puzzle = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> puzzle.kind
'sudoku'
>>> result = solve(puzzle)
>>> result.status, puzzle.format_solution(result.solution)[:9]
('solved', '417369825')
"""

from __future__ import annotations

from .candidates import Candidates
from .errors import InvalidPuzzleError, ParseError, SumlogicError, UnknownFormatError
from .model import Comparison, Pair, Puzzle, Region
from .search import SolveResult, count_solutions, solve

__all__ = [
    "Candidates", "Comparison", "InvalidPuzzleError", "Pair", "ParseError", "Puzzle", "Region",
    "SolveResult", "SumlogicError", "UnknownFormatError", "count_solutions", "parse", "read", "solve", "write",
]

__version__ = "0.1.0"


def parse(text: str, format: str | None = None) -> Puzzle:
    """Read exactly one puzzle from text in any supported notation (detected unless ``format`` is given)."""
    from puzzles import read_text

    found = read_text(text, format=format)
    if len(found) != 1:
        raise ParseError(f"expected one puzzle, found {len(found)}")
    return found[0]


def read(path: str, format: str | None = None) -> list[Puzzle]:
    """Read every puzzle in a file (``-`` for standard input)."""
    from puzzles import read_path

    return read_path(path, format=format)


def write(puzzle: Puzzle, format: str = "jsonl") -> str:
    """Write a puzzle in a notation (``jsonl`` by default)."""
    from puzzles import write_text

    return write_text([puzzle], format=format)
