"""sumlogic: solve Kakuro, Killer, Greater Killer, Kropki and Sudoku puzzles
the way a strong human does, and show the work.

This package is the front door: the public API (below), the command line
(:mod:`sumlogic.cli`), the step viewer page (:mod:`sumlogic.html`) and
grading (:mod:`sumlogic.grading`).  It builds on :mod:`puzzles` (the kinds and
notations), :mod:`techniques` (the human techniques) and :mod:`solver` (the
model, the exact search and the technique engine).

>>> import sumlogic
>>> puzzle = sumlogic.read("sample:sudoku-1")[0]
>>> sumlogic.solve(puzzle).status
'solved'
>>> trace = sumlogic.explain(puzzle)
>>> trace.to_dict()["status"], trace.steps[1].name
('solved', 'Naked single')
>>> sumlogic.grade(puzzle).band
'Easy'
"""

from __future__ import annotations

from solver.engine import Technique, Trace
from solver.errors import InvalidPuzzleError, ParseError, SumlogicError, UnknownFormatError
from solver.model import Puzzle
from solver.step import Step

from .api import Hint, Solved, explain, grade, hint, parse, read, solve, write
from .generation import generate
from .grading import Grade

__version__ = "0.1.0"

__all__ = [
    "Grade", "Hint", "InvalidPuzzleError", "ParseError", "Puzzle", "Solved", "Step", "SumlogicError", "Technique",
    "Trace", "UnknownFormatError", "__version__", "explain", "generate", "grade", "hint", "parse", "read", "solve",
    "write",
]
