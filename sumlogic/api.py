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

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

import techniques as _techniques
from puzzles import read_path, read_text, sample, to_record, write_text
from solver.engine import DEFAULT_BUDGET, Engine, Technique, Trace
from solver.engine import solve_with_logic as _solve_with_logic
from solver import search
from solver.errors import InvalidArgumentError, ParseError
from solver.model import Puzzle
from solver.step import Step

from puzzles.generate import DEFAULT_MAX_TRIES

from .generation import generate as _generate
from .grading import Grade
from .grading import grade as _grade

__all__ = ["DEFAULT_TIMEOUT", "Hint", "Solved", "explain", "generate", "grade", "hint", "parse", "read",
           "record_of", "solve", "write"]

DEFAULT_TIMEOUT = 60.0
"""Seconds allowed per puzzle by default: a safety net, never what decides a result with a budget."""

SAMPLE_PREFIX = "sample:"

MAX_DEPTH = 10
"""The deepest ``max_depth`` the engine takes (the command line's limit too)."""


# --- argument checks: TypeError for a wrong type, InvalidArgumentError (a ValueError) for a wrong value


def _type_name(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _check_puzzle(puzzle: Any, function: str) -> Puzzle:
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"{function}() takes a Puzzle (from sumlogic.read or sumlogic.parse), "
                        f"not {_type_name(puzzle)}")
    return puzzle


def _check_format(format: Any, function: str, optional: bool = True) -> None:
    if format is None and optional:
        return
    if not isinstance(format, str):
        raise TypeError(f"{function}(): format must be a notation name (a str){' or None' if optional else ''}, "
                        f"not {_type_name(format)}")


def _check_seconds(timeout: Any, function: str) -> None:
    if timeout is None:
        return
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"{function}(): timeout must be a number of seconds or None, not {_type_name(timeout)}")
    if math.isnan(timeout) or timeout <= 0:
        raise InvalidArgumentError(f"{function}(): timeout must be above 0 seconds, not {timeout!r}")


def _check_whole(value: Any, name: str, function: str, low: int, high: int | None = None,
                 optional: bool = False) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{function}(): {name} must be a whole number (int){' or None' if optional else ''}, "
                        f"not {_type_name(value)}")
    if value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"{low} or more"
        raise InvalidArgumentError(f"{function}(): {name} must be {bounds}, not {value}")


def _check_flag(value: Any, name: str, function: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{function}(): {name} must be True or False, not {_type_name(value)}")


def _check_techniques(techniques: Any, function: str) -> Sequence[Technique]:
    if techniques is None:
        return _techniques.DEFAULT
    if isinstance(techniques, (str, bytes)) or not isinstance(techniques, Iterable):
        raise TypeError(f"{function}(): techniques must be a list of Technique (e.g. techniques.DEFAULT) or None, "
                        f"not {_type_name(techniques)}")
    chosen = list(techniques)
    for item in chosen:
        if not isinstance(item, Technique):
            raise TypeError(f"{function}(): techniques must hold Technique objects, not {_type_name(item)}")
    return chosen


def read(source: str | Path, format: str | None = None) -> list[Puzzle]:
    """Every puzzle of a file, of standard input (``-``) or of a bundled
    sample (``sample:NAME``), in the notation ``format`` (detected when None).

    Raises:
        TypeError: ``source`` is not a str or path, ``format`` not a str or None.
        ParseError: (a ``ValueError``) naming the file, line, cell or cage of
            what cannot be read (a file larger than 64 MB too).
        UnknownFormatError: (a ``ParseError``) ``format`` names no notation,
            or the notation cannot be told.
        UnknownSampleError: (a ``ValueError``) no bundled sample ``NAME``.
    """
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"read() takes a file name, a path, '-' or 'sample:NAME', not {_type_name(source)}")
    _check_format(format, "read")
    text = os.fspath(source)
    if not isinstance(text, str):
        raise TypeError(f"read() takes a str path, not a {_type_name(text)} one")
    if text.startswith(SAMPLE_PREFIX) and not Path(text).exists():
        return [sample(text[len(SAMPLE_PREFIX):])]
    return read_path(source, format=format)


def parse(text: str, format: str | None = None) -> Puzzle:
    """Exactly one puzzle from text in any supported notation (detected unless ``format`` is given).

    >>> parse("(wx)H/HA/HA/HA/HA/HA/HA/HA/HA").kind
    'kropki'

    Raises:
        TypeError: ``text`` is not a str, ``format`` not a str or None.
        ParseError: (a ``ValueError``) the text cannot be read, or holds no
            puzzle or several.
        UnknownFormatError: (a ``ParseError``) ``format`` names no notation,
            or the notation cannot be told.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() takes the text of a puzzle (a str), not {_type_name(text)}")
    _check_format(format, "parse")
    found = read_text(text, format=format)
    if len(found) != 1:
        raise ParseError(f"expected one puzzle, found {len(found)}")
    return found[0]


def write(puzzles: Puzzle | Iterable[Puzzle], format: str = "jsonl") -> str:
    """A puzzle (or several) as text in the notation ``format`` (``jsonl`` by default).

    Raises:
        TypeError: ``puzzles`` is not a Puzzle or an iterable of them,
            ``format`` not a str.
        UnknownFormatError: (a ``ValueError``) ``format`` names no notation.
        InvalidPuzzleError: (a ``ValueError``) the notation cannot hold one
            of the puzzles (a Killer as KEN).
    """
    _check_format(format, "write", optional=False)
    if isinstance(puzzles, Puzzle):
        items = [puzzles]
    elif isinstance(puzzles, (str, bytes, dict)) or not isinstance(puzzles, Iterable):
        raise TypeError(f"write() takes a Puzzle or a list of them, not {_type_name(puzzles)}")
    else:
        items = list(puzzles)
        for item in items:
            _check_puzzle(item, "write")
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
    """Solve exactly and prove the solution unique (no explanation).

    Raises:
        TypeError: ``puzzle`` is not a Puzzle, ``timeout`` not a number or None.
        InvalidArgumentError: (a ``ValueError``) ``timeout`` is not above 0.
    """
    _check_puzzle(puzzle, "solve")
    _check_seconds(timeout, "solve")
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

    Raises:
        TypeError: an argument of the wrong type (``puzzle`` not a Puzzle,
            ``techniques`` not Technique objects, ``guess`` not a bool...).
        InvalidArgumentError: (a ``ValueError``) ``max_depth`` not 0..10,
            ``budget`` negative, ``timeout`` not above 0.
        InvalidPuzzleError: (a ``ValueError``) the puzzle's kind has no
            corpus record (a hand-made ``Puzzle`` of another kind).
    """
    _check_puzzle(puzzle, "explain")
    chosen = _check_techniques(techniques, "explain")
    _check_flag(guess, "guess", "explain")
    _check_whole(max_depth, "max_depth", "explain", 0, MAX_DEPTH)
    _check_whole(budget, "budget", "explain", 0, optional=True)
    _check_seconds(timeout, "explain")
    _check_flag(explain, "explain", "explain")
    record = record_of(puzzle)
    trace = _solve_with_logic(puzzle, chosen,
                              explain=explain, guess=guess, max_depth=max_depth, timeout=timeout, budget=budget)
    trace.record = record
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
    solution) but never a guess.

    Raises:
        TypeError: an argument of the wrong type.
        InvalidArgumentError: (a ``ValueError``) ``max_depth`` not 0..10,
            ``timeout`` not above 0.
    """
    _check_puzzle(puzzle, "hint")
    chosen = _check_techniques(techniques, "hint")
    _check_whole(max_depth, "max_depth", "hint", 0, MAX_DEPTH)
    _check_seconds(timeout, "hint")
    result = search.solve(puzzle, timeout=timeout)
    status: str = result.status
    step = None
    if status in ("solved", "timeout"):
        step = first_step(puzzle, chosen, max_depth,
                          result.solution if status == "solved" else None)
    if status == "solved" and step is None:
        status = "done"
    return Hint(puzzle, status, step)


def grade(puzzle: Puzzle, *, techniques: Sequence[Technique] | None = None, max_depth: int = 3,
          timeout: float | None = DEFAULT_TIMEOUT, budget: int = DEFAULT_BUDGET) -> Grade:
    """How hard the puzzle is (band, hardest level, score), from the techniques its solution needs.

    Raises:
        TypeError: an argument of the wrong type.
        InvalidArgumentError: (a ``ValueError``) ``max_depth`` not 0..10,
            ``budget`` negative, ``timeout`` not above 0.
    """
    _check_puzzle(puzzle, "grade")
    chosen = None if techniques is None else _check_techniques(techniques, "grade")
    _check_whole(max_depth, "max_depth", "grade", 0, MAX_DEPTH)
    _check_seconds(timeout, "grade")
    _check_whole(budget, "budget", "grade", 0)
    return _grade(puzzle, chosen, max_depth=max_depth, timeout=timeout, budget=budget)


def generate(kind: str, seed: int | None = None, band: str | None = None, size: Any = None,
             max_tries: int = DEFAULT_MAX_TRIES, index: int = 0) -> Puzzle:
    """One unique, minimal puzzle of ``kind`` (see :func:`sumlogic.generation.generate`).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: an unknown kind or band, a bad size, ``max_tries`` below 1,
            a negative ``index`` or ``seed``.
        BudgetExhausted: no puzzle of the band within ``max_tries`` tries.
    """
    if not isinstance(kind, str):
        raise TypeError(f"generate(): kind must be a str (kakuro, killer, kropki, sudoku), not {_type_name(kind)}")
    _check_whole(seed, "seed", "generate", 0, optional=True)
    if band is not None and not isinstance(band, str):
        raise TypeError(f"generate(): band must be a str or None, not {_type_name(band)}")
    if size is not None and not isinstance(size, str) and not (
            isinstance(size, tuple) and len(size) == 2 and all(type(side) is int for side in size)):
        raise TypeError(f"generate(): size must be 'WxH', (height, width) or None, not {_type_name(size)}")
    _check_whole(max_tries, "max_tries", "generate", 1)
    _check_whole(index, "index", "generate", 0)
    return _generate(kind, seed, band, size, max_tries, index)

