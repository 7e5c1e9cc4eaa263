"""One source of corpus traces for the whole test session.

Several corpus-wide tests check different things about the same trace: the
one ``sumlogic explain`` gives (``techniques.DEFAULT``, explained, counted
work budget, no clock).  Solving every corpus puzzle once per test made the
slow tier pay for the same traces several times; here each is solved once
per session and kept, keyed by everything that can change it: the puzzle,
the technique choice, the budget, the node limit, the depth and the mode.
A test that needs another setting asks for it and gets its own run.

The traces are never changed by their readers (a :class:`~solver.engine.Trace`
and its steps are read only), so sharing them cannot make one test's outcome
depend on another's.

>>> from puzzles import sample
>>> p = sample("sudoku-1")
>>> t = default_trace(p, budget=0)
>>> t is default_trace(p, budget=0), t is default_trace(p, budget=1), t.status
(True, False, 'solved')
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from puzzles import read_path
from solver.engine import DEFAULT_BUDGET, Trace, solve_with_logic
from solver.model import Puzzle
from techniques import DEFAULT

from .conftest import HARD_NODES, HARD_WORK, KNOWN_HARD

#: The technique choices a trace may be keyed by (only the default list is shared today).
CHOICES = {"default": DEFAULT}


@cache
def corpus_puzzles(folder: str, kind: str) -> tuple[Puzzle, ...]:
    """Every puzzle of ``<folder>/<kind>.jsonl``, read once per session."""
    return tuple(read_path(str(Path(folder) / f"{kind}.jsonl")))


#: (puzzle object, settings) -> (the puzzle, its trace); the puzzle is kept so its id is never reused
_TRACES: dict[tuple[int, str, int | None, int | None, int, bool], tuple[Puzzle, Trace]] = {}


def default_trace(puzzle: Puzzle, *, choice: str = "default", budget: int | None = DEFAULT_BUDGET,
                  node_limit: int | None = None, max_depth: int = 3, explain: bool = True) -> Trace:
    """The trace of ``puzzle`` with these settings (no clock), solved once per session.

    Keyed by the puzzle object (read the corpus with :func:`corpus_puzzles` to share)."""
    key = (id(puzzle), choice, budget, node_limit, max_depth, explain)
    if key not in _TRACES:
        _TRACES[key] = (puzzle, solve_with_logic(puzzle, CHOICES[choice], explain=explain, max_depth=max_depth,
                                                 timeout=None, budget=budget, node_limit=node_limit))
    return _TRACES[key][1]


def corpus_trace(puzzle: Puzzle) -> Trace:
    """The explained default trace the corpus tests share: the default budget, and for a
    known-hard Killer (``tests/conftest.py: KNOWN_HARD``) the short work and node budgets
    it gets in every corpus test (it may then end in ``timeout``, never in a wrong answer)."""
    if puzzle.id in KNOWN_HARD:
        return default_trace(puzzle, budget=HARD_WORK, node_limit=HARD_NODES)
    return default_trace(puzzle)
