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

A position (the person's own digits and pencil marks) is checked against
the unique solution, and hinted from where it stands:

>>> pos = Position(puzzle).place("r1c2", 2)
>>> [m.text for m in check(pos).mistakes]
['r1c2 = 2 cannot be right: it repeats the given 2 in r4c2 (column 2)']
>>> good = Position(puzzle).place("r1c2", 1)
>>> check(good).status, hint(good, level=1).to_dict()["text"]
('ok', 'Hidden single: look at row 1.')
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from puzzles import UnknownSampleError, read_text, to_record, write_text
from solver.candidates import Candidates
from solver.engine import DEFAULT_BUDGET, Engine, Technique, Trace
from solver.engine import solve_with_logic as _solve_with_logic
from solver import search
from solver.errors import InvalidArgumentError, ParseError, SumlogicError, UnknownFormatError
from solver.bits import digits_of
from solver.model import Puzzle, shown
from solver.step import Step

from .arguments import (check_flag, check_format, check_puzzle, check_seconds, check_target, check_techniques,
                        check_whole, type_name)
from .generation import generate as _generate
from .grading import Grade
from .grading import grade as _grade
from .impossible import add_reason, run_to_reason
from .inputs import InputError, read_entries
from .hints import LEVELS, Check, Mistake, find_mistakes, level_fields
from .position import Position
from .position_text import read_position

__all__ = ["DEFAULT_TIMEOUT", "Check", "Hint", "Mistake", "Position", "PositionTrace", "Solved", "check",
           "explain", "generate", "grade", "hint", "parse", "read", "read_position", "record_of", "solve",
           "write"]

DEFAULT_TIMEOUT = 60.0
"""Seconds allowed per puzzle by default: a safety net, never what decides a result with a budget."""

MAX_DEPTH = 10
"""The deepest ``max_depth`` the engine takes (the command line's limit too)."""


def read(source: str | Path, format: str | None = None) -> list[Puzzle]:
    """Every puzzle of what the command line takes as an input: a file, standard
    input (``-``), a bundled sample (``sample:NAME``), or a puzzle given
    inline: a link (f-puzzles, SudokuPad, puzz.link, SudokuWiki) or a puzzle
    string in any notation.  ``format`` names the notation (detected when None).
    The same reader as the command line's (:mod:`sumlogic.inputs`), except that
    any bad line is an error here (the command line reports it and goes on).

    >>> [p.kind for p in read("sample:kropki-1")]
    ['kropki']
    >>> grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> read("https://www.sudokuwiki.org/sudoku.htm?bd=" + grid.replace(".", "0"))[0].kind
    'sudoku'

    Raises:
        TypeError: ``source`` is not a str or path, ``format`` not a str or None.
        ParseError: (a ``ValueError``) naming the file, line, cell or cage of
            what cannot be read (a file that is not there or cannot be read,
            one larger than 64 MB, too).
        UnknownFormatError: (a ``ParseError``) ``format`` names no notation,
            or the notation cannot be told.
        UnknownSampleError: (a ``ValueError``) no bundled sample ``NAME``.
    """
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"read() takes a file name, a path, '-', 'sample:NAME', a link or a puzzle, "
                        f"not {type_name(source)}")
    check_format(format, "read")
    text = os.fspath(source)
    if not isinstance(text, str):
        raise TypeError(f"read() takes a str path, not a {type_name(text)} one")
    try:
        entries = read_entries(text, format)
    except InputError as error:
        cause = error.cause
        if isinstance(cause, (UnknownSampleError, UnknownFormatError)):
            raise cause from None
        message = str(error).replace(" (raise it with --max-input BYTES)", "").replace("with --format", "with format=")
        raise ParseError(message) from None
    for entry in entries:
        if entry.puzzle is None:
            raise ParseError(entry.error or f"{entry.source}: cannot be read")
    return [entry.puzzle for entry in entries if entry.puzzle is not None]


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
        raise TypeError(f"parse() takes the text of a puzzle (a str), not {type_name(text)}")
    check_format(format, "parse")
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
            of the puzzles (a Killer as KEN), or one was changed after it was
            made so that it breaks its rules.
    """
    check_format(format, "write", optional=False)
    if isinstance(puzzles, Puzzle):
        items = [check_puzzle(puzzles, "write")]
    elif isinstance(puzzles, (str, bytes, dict)) or not isinstance(puzzles, Iterable):
        raise TypeError(f"write() takes a Puzzle or a list of them, not {type_name(puzzles)}")
    else:
        items = list(puzzles)
        for item in items:
            check_puzzle(item, "write")
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
        InvalidPuzzleError: (a ``ValueError``) a puzzle changed after it was made
            (``object.__setattr__``) so that it breaks its rules.
    """
    check_puzzle(puzzle, "solve")
    timeout = check_seconds(timeout, "solve")
    result = search.solve(puzzle, timeout=timeout)
    solution = puzzle.format_solution(result.solution) if result.solution else None
    return Solved(puzzle.id, puzzle.kind, result.status, solution, result.nodes, result.seconds)


@dataclass
class PositionTrace(Trace):
    """A trace that starts from a person's :class:`Position` instead of the
    puzzle's start.  ``status`` may also be ``mistakes`` (the position
    holds mistakes, listed in ``mistakes``, and nothing was explained)."""

    position: Position | None = None
    mistakes: tuple[Mistake, ...] = ()

    def to_dict(self, *, include_puzzle: bool = True) -> dict[str, Any]:
        """:meth:`Trace.to_dict` plus ``position``: ``placed`` (the person's
        digits), ``marks`` (their pencil marks) and ``candidates`` (every
        open cell's candidates at the start of the trace; the step viewer
        starts there); and ``mistakes`` with status ``mistakes``.

        Raises:
            TypeError: ``include_puzzle`` is not a bool.
        """
        check_flag(include_puzzle, "include_puzzle", "to_dict")
        out = super().to_dict(include_puzzle=include_puzzle)
        if self.position is not None:
            pos = self.position
            name = pos.puzzle.cell_name
            data = pos.to_dict(include_puzzle=False)
            masks = pos.masks()
            values = pos.values()
            out["position"] = {"placed": data["placed"], "marks": data["marks"],
                               "candidates": {name(i): digits_of(m) for i, m in enumerate(masks) if not values[i]}}
        if self.status == "mistakes":
            out["mistakes"] = [m.to_dict() for m in self.mistakes]
        return out


def explain(puzzle: Puzzle | Position, *, techniques: Sequence[Technique | str] | str | None = None,
            without: Sequence[Technique | str] | str | None = None, max_level: int | None = None,
            guess: bool = True, max_depth: int = 3, budget: int | None = None,
            timeout: float | None = DEFAULT_TIMEOUT, explain: bool = True) -> Trace:
    """Solve step by step the way a person does, each step explained.

    ``techniques`` (default :data:`techniques.DEFAULT`) are tried cheapest
    first; ``without`` and ``max_level`` narrow them (all three as in
    :func:`techniques.select`: ids or records); ``guess=False`` ends ``stuck`` where a guess would be needed;
    ``budget`` caps the work of the searching techniques so that the trace
    is the same on every machine; ``explain=False`` skips the sentences.

    Given a :class:`Position`, the solution goes on from it (a
    :class:`PositionTrace`, whose ``to_dict()`` carries the position): the
    position is first checked (:func:`check`); with mistakes the trace has
    status ``mistakes`` and no step, and for a puzzle without a unique
    solution the exact solver's status and no step.

    Raises:
        TypeError: an argument of the wrong type (``puzzle`` not a Puzzle,
            ``techniques`` not Technique objects, ``guess`` not a bool...).
        InvalidArgumentError: (a ``ValueError``) ``max_depth`` not 0..10,
            ``budget`` negative, ``timeout`` not above 0, an unknown technique id.
        InvalidPuzzleError: (a ``ValueError``) the puzzle's kind has no
            corpus record (a hand-made ``Puzzle`` of another kind), or the
            puzzle was changed after it was made so that it breaks its rules.
    """
    target, position = check_target(puzzle, "explain")
    chosen = check_techniques(techniques, "explain", without, max_level)
    check_flag(guess, "guess", "explain")
    check_whole(max_depth, "max_depth", "explain", 0, MAX_DEPTH)
    check_whole(budget, "budget", "explain", 0, optional=True)
    timeout = check_seconds(timeout, "explain")
    check_flag(explain, "explain", "explain")
    record = record_of(target)
    if position is None:
        trace = _solve_with_logic(target, chosen,
                                  explain=explain, guess=guess, max_depth=max_depth, timeout=timeout, budget=budget)
        trace.record = record
        return add_reason(trace)
    checked, solution = _checked(position, timeout, budget)
    if checked.status not in ("ok", "complete"):
        steps = []
        if checked.status == "no-solution":  # the logic from the position, then why it has no solution
            steps = run_to_reason(target, position.masks(), position.filled(), chosen, budget=budget,
                                  timeout=timeout, max_depth=max_depth, explain=explain)
        return PositionTrace(target, checked.status, steps, None, record=record, position=position,
                             mistakes=checked.mistakes, reason=steps[-1].text if steps else None)
    engine = Engine(chosen, explain=explain, guess=guess, max_depth=max_depth, budget=budget, timeout=timeout)
    run = engine.run(_context(engine, position), solution=solution)
    steps = list(run)
    return add_reason(PositionTrace(target, run.status, steps, run.solution, time.perf_counter() - run.started,
                                    run.ctx.work.spent, record=record, position=position),
                      position.masks(), position.filled())


def _context(engine: Engine, position: Position) -> Any:
    """The engine's context for a position: its candidates and filled cells."""
    return engine.start(position.puzzle, Candidates(position.puzzle, position.masks()), placed=position.filled())


SOLVED_CACHE = 64
"""Puzzles whose exact verdict :func:`_verdict` remembers (positions of one puzzle are checked again and again)."""
_verdicts: OrderedDict[Puzzle, tuple[str, tuple[int, ...] | None]] = OrderedDict()
_verdicts_lock = threading.Lock()  # a web server may check from several threads


def _verdict(puzzle: Puzzle, timeout: float | None) -> tuple[str, tuple[int, ...] | None]:
    """The exact solver's status for ``puzzle`` and its unique solution (None
    unless ``solved``).  A definite verdict is remembered for the last
    :data:`SOLVED_CACHE` puzzles (a timeout is not), so that checking and
    hinting the positions of one puzzle prove its uniqueness once."""
    with _verdicts_lock:
        known = _verdicts.get(puzzle)
        if known is not None:
            _verdicts.move_to_end(puzzle)
            return known
    result = search.solve(puzzle, timeout=timeout)
    verdict = (result.status, tuple(result.solution) if result.status == "solved" and result.solution else None)
    if result.status != "timeout":
        with _verdicts_lock:
            _verdicts[puzzle] = verdict
            while len(_verdicts) > SOLVED_CACHE:
                _verdicts.popitem(last=False)
    return verdict


def _checked(position: Position, timeout: float | None,
             budget: int | None = None) -> tuple[Check, tuple[int, ...] | None]:
    """The check of a position and the unique solution (None when there is none);
    ``budget`` caps the work of explaining its mistakes (None: no cap)."""
    status, solution = _verdict(position.puzzle, timeout)
    if solution is None:
        return Check(position, status), None
    mistakes = tuple(find_mistakes(position, solution, budget=budget))
    status = "mistakes" if mistakes else "complete" if position.is_complete else "ok"
    return Check(position, status, mistakes), solution


def check(position: Position, *, timeout: float | None = DEFAULT_TIMEOUT, budget: int | None = None) -> Check:
    """Check every placed digit and every pencilled cell of ``position``
    against the puzzle's unique solution.

    Each mistake names its cell and kind (``digit``: a digit the solution
    does not have; ``candidate``: pencil marks that leave out the cell's
    digit) and says why in the engine's words without naming the right
    digit (``r3c4 = 5 cannot be right: with it, cage b (8) would have no
    combination ...``).  ``budget`` (work units, counted, not timed; None,
    the default, for no cap beyond each mistake's own) caps the work of
    those explanations all together: past it a wrong digit is still
    listed, with the shorter reason ``no solution has it``, so the same
    position and budget always give the same answer.  ``status``: ``ok``, ``complete`` (every cell
    filled and right), ``mistakes``; or, when the puzzle has no unique
    solution to check against, ``no-solution``, ``multiple`` or
    ``timeout`` with no mistake listed.

    Raises:
        TypeError: ``position`` is not a Position, ``timeout`` not a number or None,
            ``budget`` not a whole number or None.
        InvalidArgumentError: (a ``ValueError``) ``timeout`` is not above 0, ``budget`` negative.
        InvalidPuzzleError: (a ``ValueError``) a puzzle changed after it was made
            (``object.__setattr__``) so that it breaks its rules.
    """
    if not isinstance(position, Position):
        raise TypeError(f"check() takes a Position (sumlogic.Position(puzzle), or sumlogic.read_position), "
                        f"not {type_name(position)}")
    check_puzzle(position.puzzle, "check")
    timeout = check_seconds(timeout, "check")
    check_whole(budget, "budget", "check", 0, optional=True)
    checked = _checked(position, timeout, budget)[0]
    if checked.status == "no-solution":  # why, found by logic where it can be, else by the exact search
        import techniques

        steps = run_to_reason(position.puzzle, position.masks(), position.filled(), techniques.DEFAULT,
                              budget=budget, timeout=timeout, explain=False)
        return Check(position, checked.status, checked.mistakes, reason=steps[-1].text)
    return checked


@dataclass(frozen=True)
class Hint:
    """The next step from the start of a puzzle or from a position, or why there is none.

    ``status``: the exact solver's verdict (``solved``, ``no-solution``,
    ``multiple``, ``timeout``), ``done`` when every cell holds a digit
    already, or ``mistakes`` when the position holds mistakes (listed in
    ``mistakes``; no step is built on them).  ``level`` is 1, 2 or 3 when
    asked for (see :meth:`to_dict`), None for the plain form of
    ``hint(puzzle)``.
    """

    puzzle: Puzzle
    status: str
    step: Step | None
    level: int | None = None
    position: Position | None = None
    mistakes: tuple[Mistake, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready.  Without a level: ``id``, ``kind``, ``status``, ``step``
        (as before levels existed).  With a level: ``id``, ``kind``,
        ``status``, ``level``, and for a step the fields of
        :func:`sumlogic.hints.level_fields` (level 1: ``technique``,
        ``name``, ``where``, ``text``; level 2 adds ``cells``, ``regions``,
        ``candidates``, ``digits``; level 3 adds ``step``, and from a
        position ``after``: the position once the step is applied,
        :meth:`Position.apply`, as :meth:`Position.to_dict` without the
        puzzle); with status ``mistakes``, ``mistakes`` and a ``text`` instead."""
        p = self.puzzle
        if self.level is None:
            return {"id": p.id, "kind": p.kind, "status": self.status,
                    "step": self.step.to_dict(p) if self.step else None}
        out: dict[str, Any] = {"id": p.id, "kind": p.kind, "status": self.status, "level": self.level}
        if self.status == "mistakes":
            count = len(self.mistakes)
            out["text"] = f"Your position has {count} mistake{'s' if count != 1 else ''}: " + \
                "; ".join(m.text for m in self.mistakes) + "."
            out["mistakes"] = [m.to_dict() for m in self.mistakes]
        elif self.step is not None:
            out.update(level_fields(self.step, p, self.level))
            if self.level == 3 and self.position is not None:
                out["after"] = self.position.apply(self.step).to_dict(include_puzzle=False)
        return out


def first_step(puzzle: Puzzle, techniques: Sequence[Technique], max_depth: int = 3,
               solution: tuple[int, ...] | None = None, budget: int | None = None) -> Step | None:
    """The first step after the givens from the start (a guess, tried and
    followed as the engine does, when no technique applies within ``budget``
    work units when one is given, and a solution is given); None when every
    cell is given or nothing applies."""
    engine = Engine(techniques, max_depth=max_depth, guess=solution is not None, timeout=None, budget=budget)
    return next((s for s in engine.run(puzzle, solution=solution) if s.technique != "givens"), None)


def step_from(position: Position, techniques: Sequence[Technique], max_depth: int = 3,
              solution: tuple[int, ...] | None = None, budget: int | None = None) -> Step | None:
    """The first step the engine takes from ``position`` (its candidates and
    filled cells, not the start); a guess (tried and followed, see
    :mod:`solver.guessing`) when no technique applies (within ``budget``
    work units when one is given) and a solution is given; None when every
    cell is filled or nothing applies."""
    engine = Engine(techniques, max_depth=max_depth, guess=solution is not None, timeout=None, budget=budget)
    return next(iter(engine.run(_context(engine, position), solution=solution)), None)


def hint(puzzle: Puzzle | Position, *, level: int | None = None,
         techniques: Sequence[Technique | str] | str | None = None,
         without: Sequence[Technique | str] | str | None = None, max_level: int | None = None,
         max_depth: int = 3, timeout: float | None = DEFAULT_TIMEOUT, budget: int | None = None) -> Hint:
    """The step a solver would take next, a guess when no technique applies.

    From a :class:`Puzzle`: the first step after the givens.  From a
    :class:`Position`: the first step from the person's own digits and
    pencil marks; when the position holds mistakes (:func:`check`), the
    hint has status ``mistakes`` and lists them instead of building on them.

    ``level`` (1, 2 or 3; default None, which is 3 in the plain form of
    :meth:`Hint.to_dict`; a position defaults to 3) chooses how much the
    hint tells: 1 the technique and where to look, 2 the cells and digits
    involved without the conclusion, 3 the whole step.  ``techniques``,
    ``without`` and ``max_level`` choose the techniques (:func:`techniques.select`).

    The puzzle is first checked with the exact solver; out of time, a logic
    step is still given (sound for any solution) but never a guess.

    ``budget`` caps the work (units of the engine's work budget, counted,
    not timed) the searching techniques may spend looking for the step,
    and, from a position, the work of explaining its mistakes
    (:func:`check`); past it the hint is a guess (tried and followed),
    so the same puzzle and budget give the same hint on every machine.
    None (the default) sets no cap: the step is the one ``explain`` takes
    first, however long the search (a server passes its budget).

    Raises:
        TypeError: an argument of the wrong type.
        InvalidArgumentError: (a ``ValueError``) ``level`` not 1..3,
            ``max_depth`` not 0..10, ``timeout`` not above 0, ``budget`` negative,
            an unknown technique id.
        InvalidPuzzleError: (a ``ValueError``) a puzzle changed after it was made
            (``object.__setattr__``) so that it breaks its rules.
    """
    target, position = check_target(puzzle, "hint")
    if level is not None and (isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS):
        if isinstance(level, bool) or not isinstance(level, int):
            raise TypeError(f"hint(): level must be 1, 2, 3 or None, not {type_name(level)}")
        raise InvalidArgumentError(f"hint(): level must be 1, 2 or 3, not {shown(level)}")
    chosen = check_techniques(techniques, "hint", without, max_level)
    check_whole(max_depth, "max_depth", "hint", 0, MAX_DEPTH)
    timeout = check_seconds(timeout, "hint")
    check_whole(budget, "budget", "hint", 0, optional=True)
    if position is None:
        result = search.solve(target, timeout=timeout)
        status: str = result.status
        step = None
        if status in ("solved", "timeout"):
            step = first_step(target, chosen, max_depth,
                              result.solution if status == "solved" else None, budget)
        if status == "solved" and step is None:
            status = "done"
        return Hint(target, status, step, level)
    if level is None:
        level = 3
    checked, solution = _checked(position, timeout, budget)
    if checked.status == "mistakes":
        return Hint(target, "mistakes", None, level, position, checked.mistakes)
    status = checked.status
    step = None
    if status in ("ok", "complete", "timeout"):
        step = step_from(position, chosen, max_depth, solution, budget)
        status = "solved" if solution is not None else status
    if status == "solved" and step is None:
        status = "done"
    return Hint(target, status, step, level, position)


def grade(puzzle: Puzzle, *, techniques: Sequence[Technique | str] | str | None = None,
          without: Sequence[Technique | str] | str | None = None, max_level: int | None = None,
          max_depth: int = 3, timeout: float | None = DEFAULT_TIMEOUT, budget: int = DEFAULT_BUDGET) -> Grade:
    """How hard the puzzle is (band, hardest level, score), from the techniques its solution needs.
    ``techniques``, ``without`` and ``max_level`` choose the techniques (:func:`techniques.select`).

    Raises:
        TypeError: an argument of the wrong type.
        InvalidArgumentError: (a ``ValueError``) ``max_depth`` not 0..10,
            ``budget`` negative, ``timeout`` not above 0, an unknown technique id.
        InvalidPuzzleError: (a ``ValueError``) a puzzle changed after it was made
            (``object.__setattr__``) so that it breaks its rules.
    """
    check_puzzle(puzzle, "grade")
    chosen = None if techniques is None and without is None and max_level is None else \
        check_techniques(techniques, "grade", without, max_level)
    check_whole(max_depth, "max_depth", "grade", 0, MAX_DEPTH)
    timeout = check_seconds(timeout, "grade")
    check_whole(budget, "budget", "grade", 0)
    return _grade(puzzle, chosen, max_depth=max_depth, timeout=timeout, budget=budget)


def generate(kind: str, seed: int | None = None, band: str | None = None, size: Any = None,
             max_tries: int | None = None, index: int = 0, *,
             needs: str | Sequence[str] | None = None, hardest: bool = False) -> Puzzle:
    """One unique, minimal puzzle of ``kind`` (see :func:`sumlogic.generation.generate`);
    ``max_tries`` None gives the band its own (200, more for a band the kind reaches rarely).

    ``needs``: technique ids (a list, or one comma-separated str, as
    ``sumlogic techniques --kind KIND`` lists them): the puzzle's freshly
    explained path uses each at least once; ``hardest``: and nothing of a
    higher level than the hardest of them (:mod:`sumlogic.needs`).  Such a
    puzzle is unique, but may keep a clue that could go (it can be taken on
    the generator's way).

    >>> p = generate("sudoku", needs=["pointing"], hardest=True, seed=1)
    >>> "pointing" in explain(p).techniques_used(), p == generate("sudoku", needs="pointing", hardest=True, seed=1)
    (True, True)

    Raises:
        TypeError: an argument of the wrong type.
        InvalidArgumentError: (a ``ValueError``) an unknown kind or band, a
            bad size (a ``WxH`` of ASCII digits for a Kakuro, each side 3..46),
            ``max_tries`` below 1, a negative ``index`` or ``seed``; an
            unknown technique in ``needs`` or one the kind cannot need (both
            named), ``hardest`` without ``needs``.
        BudgetExhausted: no puzzle of the band (or needing the techniques)
            within ``max_tries`` tries; its message counts how the tries came out.
    """
    if not isinstance(kind, str):
        raise TypeError(f"generate(): kind must be a str (kakuro, killer, greater-killer, kropki, sudoku), "
                        f"not {type_name(kind)}")
    check_whole(seed, "seed", "generate", 0, optional=True)
    if band is not None and not isinstance(band, str):
        raise TypeError(f"generate(): band must be a str or None, not {type_name(band)}")
    if size is not None and not isinstance(size, str) and not (
            isinstance(size, tuple) and len(size) == 2 and all(type(side) is int for side in size)):
        raise TypeError(f"generate(): size must be 'WxH', (height, width) or None, not {type_name(size)}")
    if isinstance(size, str) and not size.isascii():  # "٥x٥": digits are ASCII, as everywhere
        raise InvalidArgumentError(f"generate(): size {shown(size)} is not WxH in ASCII digits, e.g. 10x10")
    check_whole(max_tries, "max_tries", "generate", 1, optional=True)
    check_whole(index, "index", "generate", 0)
    check_flag(hardest, "hardest", "generate")
    if needs is not None and not isinstance(needs, str) and not (
            isinstance(needs, (list, tuple)) and all(isinstance(i, str) for i in needs)):
        raise TypeError(f"generate(): needs must be technique ids (a list of str, or one comma-separated str) "
                        f"or None, not {type_name(needs)}")
    try:
        return _generate(kind, seed, band, size, max_tries, index, needs=needs, hardest=hardest)
    except SumlogicError:
        raise
    except ValueError as error:  # the generators' plain ValueError for a kind, band or size they do not make
        raise InvalidArgumentError(f"generate(): {error}") from None
