"""sumlogic: solve Kakuro, Killer, Greater Killer, Kropki and Sudoku puzzles
the way a strong human does, and show the work.

This package is the front door: the public API (below), the command line
(:mod:`sumlogic.cli`), the step viewer page (:mod:`sumlogic.html`) and
grading (:mod:`sumlogic.grading`).  The names below are imported on first
use, so that the command line starts (and takes Ctrl-C in hand) at once.  It builds on :mod:`puzzles` (the kinds and
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

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.engine import Technique, Trace
    from solver.errors import (InvalidArgumentError, InvalidPuzzleError, ParseError, SumlogicError,
                               UnknownFormatError)
    from solver.model import Puzzle
    from solver.step import Step

    from .api import Hint, PositionTrace, Solved, check, explain, grade, hint, parse, read, solve, write
    from .hints import Check, Mistake
    from .position import Position
    from .position_text import read_position
    from .generation import generate
    from .grading import Grade
    from .catalogue import techniques

__version__ = "0.1.0"

_HOMES: dict[str, str] = {
    **dict.fromkeys(("Technique", "Trace"), "solver.engine"),
    **dict.fromkeys(("InvalidArgumentError", "InvalidPuzzleError", "ParseError", "SumlogicError",
                     "UnknownFormatError"), "solver.errors"),
    "Puzzle": "solver.model",
    "Step": "solver.step",
    **dict.fromkeys(("Hint", "PositionTrace", "Solved", "check", "explain", "generate", "grade", "hint", "parse",
                     "read", "solve", "write"), "sumlogic.api"),
    **dict.fromkeys(("Check", "Mistake"), "sumlogic.hints"),
    "Position": "sumlogic.position",
    "read_position": "sumlogic.position_text",
    "Grade": "sumlogic.grading",
    "techniques": "sumlogic.catalogue",
}
"""Where each public name lives."""

__all__ = [
    "Check", "Grade", "Hint", "InvalidArgumentError", "InvalidPuzzleError", "Mistake", "ParseError", "Position",
    "PositionTrace", "Puzzle", "Solved", "Step", "SumlogicError", "Technique", "Trace", "UnknownFormatError",
    "__version__", "check", "explain", "generate", "grade", "hint", "parse", "read", "read_position", "solve",
    "techniques", "write",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'sumlogic' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
