"""sumlogic's core: the generic puzzle model, the candidate grid, the exact
solver and the technique engine.  It knows no notation and no technique:
:mod:`puzzles` reads and writes puzzles, :mod:`techniques` holds the human
techniques, and :mod:`sumlogic` is the front door that puts them together.

>>> from solver import Puzzle, Region, solve
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=3),), givens=(0, 0))
>>> result = solve(p)
>>> result.status, result.solution in ((1, 2), (2, 1))
('multiple', True)
"""

from __future__ import annotations

from .candidates import Candidates
from .errors import InvalidPuzzleError, ParseError, SumlogicError, UnknownFormatError
from .model import Comparison, Pair, Puzzle, Region
from .search import SolveResult, count_solutions, solve

__all__ = [
    "Candidates", "Comparison", "InvalidPuzzleError", "Pair", "ParseError", "Puzzle", "Region",
    "SolveResult", "SumlogicError", "UnknownFormatError", "count_solutions", "solve",
]
