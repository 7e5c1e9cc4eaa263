"""The public API: read, parse and write puzzles; solve, explain, hint,
grade and generate them.  Every result has a ``to_dict()`` that needs no
argument and gives plain JSON values (``json.dumps`` takes it as it is);
the command line prints exactly these dictionaries with ``--json``.

>>> import json
>>> puzzle = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> solved = solve(puzzle)
>>> solved.status, solved.unique, solved.solution[:9]
('solved', True, '417369825')
>>> trace = explain(read("sample:killer-1")[0])
>>> trace.to_dict()["status"], trace.by_logic
('solved', True)
>>> h = hint(puzzle)
>>> h.status, h.step.technique
('solved', 'hidden-single')
>>> sorted(json.loads(json.dumps(h.to_dict())))
['id', 'kind', 'status', 'step']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

import techniques as _techniques
from puzzles import read_path, read_text, sample, to_record, write_text
from solver.engine import DEFAULT_BUDGET, Engine, Technique, Trace
from solver.engine import solve_with_logic as _solve_with_logic
from solver import search
from solver.errors import ParseError
from solver.model import Puzzle
from solver.step import Step

from .generation import generate
from .grading import Grade
from .grading import grade as _grade

__all__ = ["DEFAULT_TIMEOUT", "Hint", "Solved", "explain", "generate", "grade", "hint", "parse", "read",
           "record_of", "solve", "write"]

DEFAULT_TIMEOUT = 60.0
"""Seconds allowed per puzzle by default: a safety net, never what decides a result with a budget."""

SAMPLE_PREFIX = "sample:"


def read(source: str | Path, format: str | None = None) -> list[Puzzle]:
    """Every puzzle of a file, of standard input (``-``) or of a bundled
    sample (``sample:NAME``), in the notation ``format`` (detected when None).

    Raises :class:`~solver.errors.ParseError` (a ``ValueError``) naming the
    file, line, cell or cage of what cannot be read.
    """
    text = str(source)
    if text.startswith(SAMPLE_PREFIX) and not Path(text).exists():
        return [sample(text[len(SAMPLE_PREFIX):])]
    return read_path(source, format=format)


def parse(text: str, format: str | None = None) -> Puzzle:
    """Exactly one puzzle from text in any supported notation (detected unless ``format`` is given).

    >>> parse("(wx)H/HA/HA/HA/HA/HA/HA/HA/HA").kind
    'kropki'
    """
    found = read_text(text, format=format)
    if len(found) != 1:
        raise ParseError(f"expected one puzzle, found {len(found)}")
    return found[0]


def write(puzzles: Puzzle | Iterable[Puzzle], format: str = "jsonl") -> str:
    """A puzzle (or several) as text in the notation ``format`` (``jsonl`` by default)."""
    items = [puzzles] if isinstance(puzzles, Puzzle) else list(puzzles)
    return write_text(items, format=format)


def record_of(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as a record of the corpus schema, without a solution (what traces carry)."""
    record = to_record(puzzle)
    record.pop("solution", None)
    return record


@dataclass(frozen=True)
class Solved:
    """What the exact solver says of a puzzle: ``status`` (``solved`` when
    it has exactly one solution, ``no-solution``, ``multiple`` or
    ``timeout``), the solution in the corpus shape (one of them for
    ``multiple``), and the work it took."""

    id: str
    kind: str
    status: str
    solution: Any
    nodes: int
    seconds: float

    @property
    def unique(self) -> bool:
        """True when the puzzle has exactly one solution."""
        return self.status == "solved"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, the keys of ``sumlogic solve --json --no-logic``."""
        return {"id": self.id, "kind": self.kind, "status": self.status, "unique": self.unique,
                "solution": self.solution, "seconds": round(self.seconds, 4), "nodes": self.nodes}


def solve(puzzle: Puzzle, *, timeout: float | None = DEFAULT_TIMEOUT) -> Solved:
    """Solve exactly and prove the solution unique (no explanation)."""
    result = search.solve(puzzle, timeout=timeout)
    solution = puzzle.format_solution(result.solution) if result.solution else None
    return Solved(puzzle.id, puzzle.kind, result.status, solution, result.nodes, result.seconds)


def explain(puzzle: Puzzle, *, techniques: Sequence[Technique] | None = None, guess: bool = True,
            max_depth: int = 3, budget: int | None = None, timeout: float | None = DEFAULT_TIMEOUT,
            explain: bool = True) -> Trace:
    """Solve step by step the way a person does, each step explained.

    ``techniques`` (default :data:`techniques.DEFAULT`) are tried cheapest
    first; ``guess=False`` ends ``stuck`` where a guess would be needed;
    ``budget`` caps the work of the searching techniques so that the trace
    is the same on every machine; ``explain=False`` skips the sentences.
    """
    trace = _solve_with_logic(puzzle, _techniques.DEFAULT if techniques is None else techniques,
                              explain=explain, guess=guess, max_depth=max_depth, timeout=timeout, budget=budget)
    trace.record = record_of(puzzle)
    return trace


@dataclass(frozen=True)
class Hint:
    """The next step from the start of a puzzle, or why there is none.

    ``status``: the exact solver's verdict (``solved``, ``no-solution``,
    ``multiple``, ``timeout``), or ``done`` when every cell is given.
    """

    puzzle: Puzzle
    status: str
    step: Step | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``id``, ``kind``, ``status``, ``step``."""
        return {"id": self.puzzle.id, "kind": self.puzzle.kind, "status": self.status,
                "step": self.step.to_dict(self.puzzle) if self.step else None}


def first_step(puzzle: Puzzle, techniques: Sequence[Technique], max_depth: int = 3,
               solution: tuple[int, ...] | None = None) -> Step | None:
    """The first step after the givens from the start (a guess of the
    ``solution`` digit when no technique applies and a solution is given);
    None when every cell is given or nothing applies."""
    engine = Engine(techniques, max_depth=max_depth, guess=solution is not None, timeout=None)
    return next((s for s in engine.run(puzzle, solution=solution) if s.technique != "givens"), None)


def hint(puzzle: Puzzle, *, techniques: Sequence[Technique] | None = None, max_depth: int = 3,
         timeout: float | None = DEFAULT_TIMEOUT) -> Hint:
    """The step a solver would take first (after the givens), a guess when
    no technique applies.  The puzzle is first checked with the exact
    solver; out of time, a logic step is still given (sound for any
    solution) but never a guess."""
    result = search.solve(puzzle, timeout=timeout)
    status: str = result.status
    step = None
    if status in ("solved", "timeout"):
        step = first_step(puzzle, _techniques.DEFAULT if techniques is None else techniques, max_depth,
                          result.solution if status == "solved" else None)
    if status == "solved" and step is None:
        status = "done"
    return Hint(puzzle, status, step)


def grade(puzzle: Puzzle, *, techniques: Sequence[Technique] | None = None, max_depth: int = 3,
          timeout: float | None = DEFAULT_TIMEOUT, budget: int = DEFAULT_BUDGET) -> Grade:
    """How hard the puzzle is (band, hardest level, score), from the techniques its solution needs."""
    return _grade(puzzle, techniques, max_depth=max_depth, timeout=timeout, budget=budget)

