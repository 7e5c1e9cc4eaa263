"""Checking a position against the puzzle's solution, and hints at three levels.

:func:`find_mistakes` compares a :class:`~sumlogic.position.Position` with
the unique solution: a placed digit that differs from it, a pencilled
cell whose marks leave out its digit, and corner marks of a digit in a box
that leave out the cell where that digit goes (corner marks say where a digit
may go, Snyder-style; they never rule a candidate out).  A wrong digit is explained, when the
engine can, in its own terms and without naming the right digit: a clash
with a digit the cell sees, else a dead end that the cheaper techniques
reach from the correct part of the position once the digit is supposed
(:func:`techniques.contradiction.chase`), else only that no solution has it.

:func:`level_fields` turns an engine step into a hint of one level:

1. a nudge: the technique's name and where to look (``rows 1-2``);
2. the cells, regions and candidates the step looks at, without its
   conclusion (no placed digit and no removed candidate is shown);
3. the whole step, as ``explain`` prints it.

Used by :func:`sumlogic.check` and :func:`sumlogic.hint`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from solver.bits import digits_of
from solver.candidates import Candidates
from solver.engine import Context, Technique, Work
from solver.errors import InvalidArgumentError
from solver.model import Puzzle, shown
from solver.step import Step
from techniques import PATTERNS

from .position import NO_MARKS, Position

__all__ = ["Check", "Mistake", "find_mistakes", "level_fields", "where"]

#: Technique steps a wrong digit's dead end may take at most (the chain is only summed up).
CHASE_STEPS = 60
#: Work units (:class:`~solver.engine.Work`) one wrong digit's chase may spend.
CHASE_WORK = 4000
LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Mistake:
    """One mistake of a position: ``kind`` ``digit`` (a placed digit the
    solution does not have; ``digit`` is that wrong digit), ``candidate``
    (pencil marks that leave out the cell's digit; ``digit`` is the removed
    true digit, None when the marks keep nothing) or ``corner`` (the corner
    marks of ``digit`` in a box leave out where it goes; ``cell`` is the
    first of them), and ``text``, a sentence that never names the right digit
    of a wrongly placed cell nor the cell a corner-marked digit goes in."""

    cell: str
    kind: str
    digit: int | None
    text: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``cell``, ``kind``, ``digit``, ``text``."""
        return {"cell": self.cell, "kind": self.kind, "digit": self.digit, "text": self.text}


@dataclass(frozen=True)
class Check:
    """What :func:`sumlogic.check` says of a position.

    ``status``: ``ok`` (no mistake, cells left open), ``complete`` (every
    cell filled, no mistake), ``mistakes``, or the exact solver's verdict
    when the puzzle has no unique solution to check against
    (``no-solution``, ``multiple``, ``timeout``).
    """

    position: Position
    status: str
    mistakes: tuple[Mistake, ...] = ()
    #: with status ``no-solution``: why, naming a cell, region or dot (:mod:`sumlogic.impossible`)
    reason: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise TypeError(f"Check() takes a Position, not {shown(self.position)}")

    @property
    def ok(self) -> bool:
        """True for ``ok`` and ``complete``."""
        return self.status in ("ok", "complete")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``id``, ``kind``, ``status``, ``mistakes`` (each
        :meth:`Mistake.to_dict`), ``placed`` (digits the person placed) and
        ``open`` (cells without a digit); with status ``no-solution``, ``reason``."""
        p = self.position.puzzle
        values = self.position.values()
        out: dict[str, Any] = {"id": p.id, "kind": p.kind, "status": self.status,
               "mistakes": [m.to_dict() for m in self.mistakes],
               "placed": len(self.position.placements()), "open": sum(1 for v in values if not v)}
        if self.reason is not None:
            out["reason"] = self.reason
        return out


# --- mistakes ---------------------------------------------------------------------------------------


def find_mistakes(position: Position, solution: Sequence[int],
                  techniques: Sequence[Technique] | None = None, budget: int | None = None) -> list[Mistake]:
    """Every mistake of ``position`` against ``solution`` (the puzzle's
    unique solution), in cell order: wrong digits, then marks that leave
    out a cell's digit.  ``techniques`` (default ``techniques.DEFAULT``)
    are those whose cheaper members explain a wrong digit; each wrong
    digit's explanation spends at most :data:`CHASE_WORK` work units, all
    of them together at most ``budget`` (None: no cap); a wrong digit left
    without units is said to be in no solution, without the chain.

    Raises:
        TypeError: ``position`` is not a Position.
        InvalidArgumentError: (a ``ValueError``) ``solution`` has not one digit
            per cell, ``budget`` is not a whole number 0 or more.
    """
    import techniques as known

    if not isinstance(position, Position):
        raise TypeError(f"find_mistakes() takes a Position, not {shown(position)}")
    puzzle = position.puzzle
    if len(solution) != puzzle.size:
        count = len(solution)
        raise InvalidArgumentError(f"find_mistakes(): the solution has {count} digit{'s' if count != 1 else ''}, "
                                   f"not one per cell ({puzzle.size})")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 0):
        raise InvalidArgumentError(f"find_mistakes(): budget must be a whole number 0 or more, or None, "
                                   f"not {shown(budget)}")
    chosen = tuple(techniques) if techniques is not None else known.DEFAULT
    out: list[Mistake] = []
    wrong = {cell for cell, digit in position.placements() if solution[cell] != digit}
    sound = Position(puzzle, tuple(0 if c in wrong else d for c, d in enumerate(position.placed)))
    left = budget
    for cell in sorted(wrong):
        digit = position.placed[cell]
        units = CHASE_WORK if left is None else min(CHASE_WORK, left)
        work = Work(units)
        out.append(Mistake(puzzle.cell_name(cell), "digit", digit,
                           _why_wrong(position, sound, cell, digit, solution[cell], chosen, work)))
        if left is not None:
            left = max(0, left - work.spent)
    values = position.values()
    for cell, mask in enumerate(position.marks):
        if mask == NO_MARKS or values[cell]:
            continue
        true = solution[cell]
        if mask >> true & 1:
            continue
        name = puzzle.cell_name(cell)
        if mask == 0:
            out.append(Mistake(name, "candidate", None,
                               f"{name} has no pencil mark left, but it needs a digit: one of those removed is it"))
        else:
            out.append(Mistake(name, "candidate", true,
                               f"you removed {true} from {name}, but {name} can still be {true}"))
    out.extend(_corner_mistakes(position, solution))
    return sorted(out, key=lambda m: (puzzle.cell_at(m.cell), m.kind != "digit"))


def _corner_mistakes(position: Position, solution: Sequence[int]) -> list[Mistake]:
    """Corner marks of a digit in a box (or jigsaw region) that leave out the
    cell where the digit goes, when it is not placed in that box yet: one
    mistake per box and digit, on the first marked cell.  A corner mark says
    only where a digit may go, so a box without corner marks of a digit, or a
    cell whose digit is not among its corner marks, is no mistake.

    >>> from puzzles import sample
    >>> from sumlogic.api import solve
    >>> puzzle = sample("sudoku-1")
    >>> truth = [int(ch) for ch in solve(puzzle).solution]
    >>> box = next(r for r in puzzle.regions if r.kind == "box")
    >>> open_cells = [c for c in box.cells if not puzzle.givens[c]]
    >>> d = truth[open_cells[0]]
    >>> others = [c for c in open_cells if truth[c] != d]
    >>> wrong = Position(puzzle).corner_mark(others[0], [d]).corner_mark(others[1], [d])
    >>> [m.kind for m in _corner_mistakes(wrong, truth)]
    ['corner']
    >>> _corner_mistakes(wrong.corner_mark(open_cells[0], [d]), truth)
    []
    """
    from solver.model import BLOCK_KINDS

    puzzle = position.puzzle
    if not any(position.corner):
        return []
    values = position.values()
    out: list[Mistake] = []
    for region in puzzle.regions:
        if region.kind not in BLOCK_KINDS:
            continue
        for digit in range(1, puzzle.max_digit + 1):
            bit = 1 << digit
            marked = [c for c in region.cells if position.corner[c] & bit]
            if not marked or any(values[c] == digit for c in region.cells):
                continue
            home = [c for c in region.cells if solution[c] == digit]
            if home and home[0] not in marked:
                names = ", ".join(puzzle.cell_name(c) for c in marked)
                out.append(Mistake(puzzle.cell_name(marked[0]), "corner", digit,
                                   f"your corner marks of {digit} in {region.name} ({names}) leave out "
                                   f"the cell where {digit} goes"))
    return out


def _why_wrong(position: Position, sound: Position, cell: int, digit: int, true: int,
               chosen: Sequence[Technique], work: Work) -> str:
    """Why ``digit`` cannot stand in ``cell``, without naming ``true``; the
    chase to a dead end spends at most ``work``."""
    puzzle = position.puzzle
    name = puzzle.cell_name(cell)
    head = f"{name} = {digit} cannot be right"
    values = position.values()
    for region in puzzle.regions:
        if not region.distinct or cell not in region.cells:
            continue
        for other in region.cells:
            if other != cell and values[other] == digit:
                what = "the given" if puzzle.givens[other] else "the"
                return f"{head}: it repeats {what} {digit} in {puzzle.cell_name(other)} ({region.name})"
    from techniques.contradiction import chase

    ctx = Context(puzzle, Candidates(puzzle, sound.masks()), chosen, explain=False, placed=sound.filled())
    if work.left is not None and work.left <= 0:
        return f"{head}: no solution has it"
    run = chase(ctx, cell, digit, 1, explain=False, cap=CHASE_STEPS, work=work)
    if run is None or run.end is None:
        return f"{head}: no solution has it"
    clause = run.end.clause
    if _names_digit(clause, true, puzzle):
        clause = _plain_dead_end(run.end.cells, run.end.regions, puzzle)
    length = run.length
    after = "with it, " if length == 0 else "one step of logic on from it, " if length == 1 else \
        "a few steps of logic on from it, " if length <= 5 else "a longer chain of logic on from it, "
    return f"{head}: {after}{clause}"


_CELL_NAME = re.compile(r"\br\d+c\d+\b")


def strip_names(text: str, puzzle: Puzzle) -> str:
    """``text`` without the cell names, region names and bracketed totals
    it holds: what is left are the digits a sentence states."""
    names = sorted({r.name for r in puzzle.regions}, key=len, reverse=True)
    for name in names:
        text = text.replace(name, " ")
    text = _CELL_NAME.sub(" ", text)
    return re.sub(r"\(\d+\)", " ", text)


def _names_digit(text: str, digit: int, puzzle: Puzzle) -> bool:
    return re.search(rf"(?<!\d){digit}(?!\d)", strip_names(text, puzzle)) is not None


def _plain_dead_end(cells: Sequence[int], regions: Sequence[tuple[str, Sequence[int]]], puzzle: Puzzle) -> str:
    """A dead end named by its place only (no digit)."""
    if regions:
        return f"{' and '.join(name for name, _ in regions)} would be left with no way to meet its rule"
    if cells:
        return f"{' and '.join(puzzle.cell_name(c) for c in cells)} would be left with no option"
    return "the rules could no longer all be met"


# --- hint levels ----------------------------------------------------------------------------------------

_HOUSE = re.compile(r"(row|column|box) (\d+)\Z")


def _runs(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``'1-3, 5'``."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def where(step: Step, puzzle: Puzzle) -> str:
    """Where to look for ``step``, in words: its highlighted regions (rows,
    columns and boxes grouped: ``rows 1-2``), else its highlighted cells
    (else the cells it changes), else the whole grid.

    >>> from solver.model import Region
    >>> from puzzles import sample
    >>> p = sample("sudoku-1")
    >>> s = Step("x", "X", 1, regions=(("row 2", (9,)), ("cage b", (0,)), ("row 1", (0,)), ("row 4", (27,))))
    >>> where(s, p)
    'rows 1-2, 4 and cage b'
    >>> where(Step("x", "X", 1, cells=(0, 1)), p)
    'r1c1 and r1c2'

    Raises:
        TypeError: ``step`` is not a Step, ``puzzle`` not a Puzzle.
        InvalidArgumentError: (a ``ValueError``) the step names a cell the puzzle does not have.
    """
    check_step(step, puzzle, "where")
    houses: dict[str, list[int]] = {}
    order: list[str] = []  # region names, and house kinds where their first house stands
    for name, _ in step.regions:
        m = _HOUSE.match(name)
        key = m.group(1) if m else name
        if m:
            houses.setdefault(key, []).append(int(m.group(2)))
        if key not in order:
            order.append(key)
    parts = []
    for key in order:
        if key in houses:
            numbers = sorted(set(houses[key]))
            parts.append(f"{key}{'s' if len(numbers) > 1 else ''} {_runs(numbers)}")
        else:
            parts.append(key)
    if parts:
        return _join(parts[:4] + ([f"{len(parts) - 4} more"] if len(parts) > 4 else []))
    cells = list(dict.fromkeys(step.cells or tuple(c for c, _ in step.placements + step.eliminations)))
    if not cells:
        return "the whole grid"
    names = [puzzle.cell_name(c) for c in cells]
    if len(names) > 4:
        return _join(names[:3] + [f"{len(names) - 3} more cells"])
    return _join(names)


def check_step(step: Any, puzzle: Any, function: str) -> None:
    """TypeError unless ``step`` is a Step and ``puzzle`` a Puzzle;
    InvalidArgumentError when the step (or one of its sub-steps) names a
    cell index the puzzle does not have (a step of another puzzle)."""
    if not isinstance(step, Step):
        raise TypeError(f"{function}() takes a Step, not {shown(step)}")
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"{function}() takes a Puzzle, not {shown(puzzle)}")
    size = puzzle.size
    todo = [step]
    while todo:
        s = todo.pop()
        cells = [c for c, _ in s.placements + s.eliminations + s.candidates]
        cells += list(s.cells) + [c for _, group in s.regions for c in group]
        cells += [c for region in s.derived for c in region.cells]
        bad = next((c for c in cells if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < size), None)
        if bad is not None:
            raise InvalidArgumentError(f"{function}(): the step names cell {shown(bad)}, not a cell 0..{size - 1} "
                                       f"of this puzzle")
        todo.extend(s.sub_steps)


def hidden_candidates(step: Step) -> list[tuple[int, int]]:
    """The step's highlighted candidates without its conclusion: every
    candidate it removes and every candidate of a cell it fills is left out."""
    effect: dict[int, int] = {}
    for cell, mask in step.eliminations:
        effect[cell] = effect.get(cell, 0) | mask
    for cell, _ in step.placements:
        effect[cell] = -1
    out = []
    for cell, mask in step.candidates:
        left = mask & ~effect.get(cell, 0)
        if left:
            out.append((cell, left))
    return out


def pattern_digits(step: Step) -> list[int]:
    """The digits a named pattern is made of: those of its highlighted
    candidates and of what it removes (an X-Wing's one digit, a W-Wing's two)."""
    masks = [m for _, m in step.candidates + step.eliminations]
    return sorted({d for m in masks for d in digits_of(m)})


def _article(name: str) -> str:
    return "an" if name[:1].upper() in "AEIOX" else "a"


def look_for(step: Step) -> str:
    """A level-1 hint's opening: the technique's name, and for a named
    pattern of the link graph (:data:`techniques.PATTERNS`) what to look for
    with its digits, as a person says it (up to three digits).

    >>> look_for(Step("w-wing", "W-Wing", 6, candidates=((0, 0b1000000010),), eliminations=((5, 0b1000000000),)))
    'Look for a W-Wing on 1 and 9'
    >>> look_for(Step("x-wing", "X-Wing", 6, candidates=((0, 0b10000000),)))
    'Look for an X-Wing on 7'
    >>> look_for(Step("hidden-single", "Hidden single", 1, placements=((0, 4),)))
    'Hidden single'
    """
    if step.technique not in PATTERNS:
        return step.name
    digits = pattern_digits(step)
    on = f" on {_join([str(d) for d in digits])}" if 1 <= len(digits) <= 3 else ""
    return f"Look for {_article(step.name)} {step.name}{on}"


def level_fields(step: Step, puzzle: Puzzle, level: int) -> dict[str, Any]:
    """A step as a hint of ``level`` (1, 2 or 3), JSON-ready:

    * 1: ``technique``, ``name``, ``where`` and ``text`` (``Innies and outies: look at rows 1-2.``;
      a named pattern with its digits: ``Look for a W-Wing on 1 and 9: look at r1c2, r5c6 and column 4.``);
    * 2: also ``cells`` and ``regions`` (names), ``candidates``
      (``[["r1c2", [3, 8]], ...]``, :func:`hidden_candidates`) and their
      ``digits``; ``text`` names them;
    * 3: also ``step`` (:meth:`Step.to_dict`); ``text`` is the step's sentence.

    Raises:
        TypeError: ``step`` is not a Step, ``puzzle`` not a Puzzle, ``level`` not an int.
        InvalidArgumentError: (a ``ValueError``) ``level`` not 1..3, or the
            step names a cell the puzzle does not have.
    """
    if isinstance(level, bool) or not isinstance(level, int):
        raise TypeError(f"level_fields(): level must be 1, 2 or 3, not {shown(level)}")
    if level not in LEVELS:
        raise InvalidArgumentError(f"level_fields(): level must be 1, 2 or 3, not {level}")
    check_step(step, puzzle, "level_fields")
    place = where(step, puzzle)
    out: dict[str, Any] = {"technique": step.technique, "name": step.name, "where": place,
                           "text": f"{look_for(step)}: look at {place}."}
    if level == 1:
        return out
    cells = list(dict.fromkeys(step.cells))
    hinted = hidden_candidates(step)
    digits = sorted({d for _, m in hinted for d in digits_of(m)})
    out["cells"] = [puzzle.cell_name(c) for c in cells]
    out["regions"] = list(dict.fromkeys(name for name, _ in step.regions))
    out["candidates"] = [[puzzle.cell_name(c), digits_of(m)] for c, m in hinted]
    out["digits"] = digits
    if level == 2:
        text = f"{step.name}: look at {place}"
        if cells:
            names = [puzzle.cell_name(c) for c in cells[:8]]
            text += f"; the cells involved: {_join(names + ([f'{len(cells) - 8} more'] if len(cells) > 8 else []))}"
        if digits:
            text += f"; the digits involved: {_join([str(d) for d in digits])}"
        out["text"] = text + "."
        return out
    out["step"] = step.to_dict(puzzle)
    out["text"] = step.text
    return out
