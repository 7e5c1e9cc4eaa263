r"""A solver's position: a puzzle plus the person's own progress.

Someone stepping through a puzzle is rarely at its start: they have placed
digits of their own and may have pencilled the candidates they have left.
A :class:`Position` holds that: the puzzle, the digits placed (besides the
givens) and, for some or all of the open cells, the candidates kept (the
pencil marks).  A cell without marks has every candidate the rules allow,
given the digits placed: its digit differs from those of the cells it sees.

A position is immutable: :meth:`Position.place`, :meth:`Position.keep` and
:meth:`Position.clear` return a new one.  Cells are given as ``"r3c4"``, as
a cell index of the puzzle, or as a 0-based ``(row, column)`` pair.

>>> from puzzles import sample
>>> start = Position(sample("sudoku-1"))
>>> pos = start.place("r1c1", 4).keep("r1c2", [7, 8])
>>> pos.digit("r1c1"), pos.candidates("r1c2"), start.digit("r1c1")
(4, [7, 8], 0)
>>> Position.from_dict(pos.to_dict()) == pos
True
>>> start.place("r1c4", 5)
Traceback (most recent call last):
...
solver.errors.InvalidArgumentError: r1c4: holds the given 9; only open cells take a digit

Besides the pencil marks (the candidates a person keeps, SudokuPad's centre
marks), a position may hold *corner marks* (SudokuPad's corner marks, as in
Snyder notation): digit ``d`` in the corners of some cells of a box says that
``d`` goes in one of them.  They only tell where a digit may go, never that a
cell cannot be something: they narrow no candidate.  :func:`sumlogic.check`
reports corner marks of a box that leave out the cell where the digit goes.

>>> marked = start.corner_mark("r1c2", [1, 5])
>>> marked.corners("r1c2"), marked.candidates("r1c2") == start.candidates("r1c2")
([1, 5], True)

Reading a position from text is :func:`sumlogic.position_text.read_position`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from puzzles.common import rules_of
from puzzles.jsonl import from_record, to_record
from solver.bits import digits_of, full_mask
from solver.errors import InvalidArgumentError, InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle, shown
from solver.step import Step

from .arguments import type_name

__all__ = ["Position"]

NO_MARKS = -1
"""The marks of a cell without pencil marks (every candidate the rules allow)."""




@dataclass(frozen=True)
class Position:
    """A puzzle and the person's progress in it (see the module docstring).

    ``placed`` holds a digit per cell (0 where none is placed; the givens are
    not repeated there), ``marks`` a candidate mask per cell (bit ``d``
    for digit ``d``; :data:`NO_MARKS`, -1, where the cell has no pencil
    marks) and ``corner`` a mask of corner marks per cell (0: none).  All
    may be left out (the start); given, they are checked.
    Build positions with :meth:`place`, :meth:`keep`, :meth:`from_dict`
    or :func:`read_position` rather than by hand.

    Raises:
        TypeError: ``puzzle`` is not a Puzzle, ``placed`` or ``marks`` not a
            sequence of ints.
        InvalidArgumentError: (a ``ValueError``) not one digit and one mask per
            cell, a digit or mask out of range, a digit on a given, marks on a
            cell that holds a digit.
    """

    puzzle: Puzzle
    placed: tuple[int, ...] = ()
    marks: tuple[int, ...] = field(default=())
    corner: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        p = self.puzzle
        if not isinstance(p, Puzzle):
            raise TypeError(f"Position() takes a Puzzle (from sumlogic.read or sumlogic.parse), "
                            f"not {type_name(p)}")
        n = p.size
        for name in ("placed", "marks", "corner"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable)):
                raise TypeError(f"Position(): {name} must be a sequence of ints, one per cell, not {type_name(value)}")
        placed = tuple(self.placed) if self.placed else (0,) * n
        marks = tuple(self.marks) if self.marks else (NO_MARKS,) * n
        corner = tuple(self.corner) if self.corner else (0,) * n
        if len(placed) != n or len(marks) != n or len(corner) != n:
            raise InvalidArgumentError(f"a position of this puzzle has {n} cells, not {len(placed)} digits, "
                                       f"{len(marks)} marks and {len(corner)} corner marks")
        full = full_mask(p.max_digit)
        for cell, (digit, mask) in enumerate(zip(placed, marks)):
            if isinstance(digit, bool) or not isinstance(digit, int):
                raise TypeError(f"Position(): {p.cell_name(cell)}: placed {shown(digit)} is not an int")
            if not 0 <= digit <= p.max_digit:
                raise InvalidArgumentError(f"{p.cell_name(cell)}: {shown(digit)} is not a digit 1..{p.max_digit}")
            if digit and p.givens[cell]:
                raise InvalidArgumentError(f"{p.cell_name(cell)}: holds the given {p.givens[cell]}; "
                                           f"only open cells take a digit")
            if isinstance(mask, bool) or not isinstance(mask, int):
                raise TypeError(f"Position(): {p.cell_name(cell)}: marks {shown(mask)} are not an int mask")
            if mask != NO_MARKS and mask & ~full:
                raise InvalidArgumentError(f"{p.cell_name(cell)}: marks {shown(mask)} are not a mask of digits "
                                           f"1..{p.max_digit}")
            if mask != NO_MARKS and (digit or p.givens[cell]):
                raise InvalidArgumentError(f"{p.cell_name(cell)}: holds a digit, so it takes no pencil marks")
            spots = corner[cell]
            if isinstance(spots, bool) or not isinstance(spots, int):
                raise TypeError(f"Position(): {p.cell_name(cell)}: corner marks {shown(spots)} are not an int mask")
            if spots & ~full or spots < 0:
                raise InvalidArgumentError(f"{p.cell_name(cell)}: corner marks {shown(spots)} are not a mask of "
                                           f"digits 1..{p.max_digit}")
            if spots and (digit or p.givens[cell]):
                raise InvalidArgumentError(f"{p.cell_name(cell)}: holds a digit, so it takes no corner marks")
        object.__setattr__(self, "placed", placed)
        object.__setattr__(self, "marks", marks)
        object.__setattr__(self, "corner", corner)

    # --- cells --------------------------------------------------------------------
    def cell(self, ref: Any) -> int:
        """The cell index of ``ref``: ``"r3c4"``, an index, or a 0-based ``(row, column)``.

        Raises:
            TypeError: ``ref`` is none of these.
            InvalidArgumentError: (a ``ValueError``) a bad name, or a cell that is not playable.
        """
        p = self.puzzle
        if isinstance(ref, bool):
            raise TypeError("a cell is 'rRcC', an index or (row, column), not a bool")
        if isinstance(ref, int):
            if not 0 <= ref < p.size:
                raise InvalidArgumentError(f"cell index {shown(ref)} is not 0..{p.size - 1}")
            return ref
        if not isinstance(ref, (str, tuple)):
            raise TypeError(f"a cell is 'rRcC', an index or (row, column), not {shown(ref)}")
        try:
            return p.cell_at(ref)
        except TypeError:
            raise TypeError(f"a cell is 'rRcC', an index or (row, column), not {shown(ref)}") from None
        except ParseError as error:
            raise InvalidArgumentError(str(error)) from None
        except InvalidPuzzleError as error:
            raise InvalidArgumentError(f"{error} of this puzzle") from None

    def name(self, cell: Any) -> str:
        """``rRcC`` of a cell.

        Raises:
            TypeError: ``cell`` is not a cell reference (:meth:`cell`).
            InvalidArgumentError: (a ``ValueError``) ``cell`` is not a playable cell.
        """
        return self.puzzle.cell_name(self.cell(cell))

    # --- reading the state --------------------------------------------------------
    def digit(self, cell: Any) -> int:
        """The digit of a cell: given or placed, 0 when it is open.

        Raises:
            TypeError: ``cell`` is not a cell reference (:meth:`cell`).
            InvalidArgumentError: (a ``ValueError``) ``cell`` is not a playable cell.
        """
        i = self.cell(cell)
        return self.puzzle.givens[i] or self.placed[i]

    def values(self) -> tuple[int, ...]:
        """The digit of every cell (givens and placed ones), 0 where open."""
        return tuple(g or d for g, d in zip(self.puzzle.givens, self.placed))

    def placements(self) -> tuple[tuple[int, int], ...]:
        """The person's own digits as ``(cell, digit)``, in cell order (givens left out)."""
        return tuple((i, d) for i, d in enumerate(self.placed) if d)

    def marked(self, cell: Any) -> list[int] | None:
        """The pencil marks of a cell, None when it has none.

        Raises:
            TypeError: ``cell`` is not a cell reference (:meth:`cell`).
            InvalidArgumentError: (a ``ValueError``) ``cell`` is not a playable cell.
        """
        mask = self.marks[self.cell(cell)]
        return None if mask == NO_MARKS else digits_of(mask)

    def corners(self, cell: Any) -> list[int]:
        """The corner marks of a cell (digits that may go there; never a claim that others cannot).

        Raises:
            TypeError: ``cell`` is not a cell reference (:meth:`cell`).
            InvalidArgumentError: (a ``ValueError``) ``cell`` is not a playable cell.
        """
        return digits_of(self.corner[self.cell(cell)])

    def masks(self) -> list[int]:
        """The candidate mask of every cell: a digit (given or placed) is its
        cell's only candidate and leaves the cells that see it; pencil marks
        then narrow their cells.  A wrong digit or mark may leave a cell with
        nothing (mask 0)."""
        p = self.puzzle
        full = full_mask(p.max_digit)
        values = self.values()
        out = [1 << v if v else full for v in values]
        for cell, v in enumerate(values):
            if v:
                bit = 1 << v
                for peer in p.peers[cell]:
                    if not values[peer]:
                        out[peer] &= ~bit
        for cell, mask in enumerate(self.marks):
            if mask != NO_MARKS:
                out[cell] &= mask
        return out

    def candidates(self, cell: Any) -> list[int]:
        """The candidates of a cell in this position (see :meth:`masks`).

        Raises:
            TypeError: ``cell`` is not a cell reference (:meth:`cell`).
            InvalidArgumentError: (a ``ValueError``) ``cell`` is not a playable cell.
        """
        return digits_of(self.masks()[self.cell(cell)])

    def filled(self) -> set[int]:
        """The cells holding a digit, given or placed (the engine's ``placed``)."""
        return {i for i, v in enumerate(self.values()) if v}

    @property
    def is_start(self) -> bool:
        """True when nothing is placed and nothing pencilled."""
        return not any(self.placed) and all(m == NO_MARKS for m in self.marks) and not any(self.corner)

    @property
    def is_complete(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values())

    # --- changing (new positions) -------------------------------------------------
    def place(self, cell: Any, digit: int | None) -> "Position":
        """A copy with ``digit`` placed in ``cell`` (its marks dropped);
        0 or None takes the placed digit away.  Placing a given's own digit
        changes nothing.

        Raises:
            TypeError: ``cell`` is not a cell reference (:meth:`cell`), ``digit`` not an int or None.
            InvalidArgumentError: (a ``ValueError``) a digit out of range, a
                cell that is not playable, or a given cell asked to hold another digit.
        """
        i = self.cell(cell)
        d = 0 if digit is None else digit
        if isinstance(d, bool) or not isinstance(d, int):
            raise TypeError(f"place(): digit must be an int or None, not {type_name(digit)}")
        given = self.puzzle.givens[i]
        if given:
            if d in (0, given):
                return self
            raise InvalidArgumentError(f"{self.puzzle.cell_name(i)}: holds the given {given}; "
                                       f"only open cells take a digit")
        if not 0 <= d <= self.puzzle.max_digit:
            raise InvalidArgumentError(f"{self.puzzle.cell_name(i)}: {shown(d)} is not a digit "
                                       f"1..{self.puzzle.max_digit}")
        placed = list(self.placed)
        marks = list(self.marks)
        corner = list(self.corner)
        placed[i] = d
        if d:
            marks[i] = NO_MARKS
            corner[i] = 0
        return Position(self.puzzle, tuple(placed), tuple(marks), tuple(corner))

    def keep(self, cell: Any, digits: Iterable[int] | str | None) -> "Position":
        """A copy in which the open ``cell`` keeps only ``digits`` as pencil
        marks (a list of ints or a string such as ``"135"``); None drops the
        marks (every candidate the rules allow).  An empty list keeps
        nothing: a mistake :func:`sumlogic.check` reports.

        Raises:
            TypeError: ``cell`` is not a cell reference, ``digits`` not a list, a str or None.
            InvalidArgumentError: (a ``ValueError``) a digit out of range (or not
                an ASCII digit in a str), or a cell that holds a digit.
        """
        i = self.cell(cell)
        name = self.puzzle.cell_name(i)
        if self.values()[i]:
            raise InvalidArgumentError(f"{name}: holds a digit, so it takes no pencil marks")
        marks = list(self.marks)
        marks[i] = NO_MARKS if digits is None else _mask(digits, self.puzzle.max_digit, name)
        return Position(self.puzzle, self.placed, tuple(marks), self.corner)

    def corner_mark(self, cell: Any, digits: Iterable[int] | str | None) -> "Position":
        """A copy in which the open ``cell`` has ``digits`` as its corner marks (None or [] : none).

        Raises:
            TypeError: ``cell`` is not a cell reference, ``digits`` not a list, a str or None.
            InvalidArgumentError: (a ``ValueError``) a digit out of range, or a cell that holds a digit.
        """
        i = self.cell(cell)
        name = self.puzzle.cell_name(i)
        if self.values()[i]:
            raise InvalidArgumentError(f"{name}: holds a digit, so it takes no corner marks")
        corner = list(self.corner)
        corner[i] = 0 if digits is None else _mask(digits, self.puzzle.max_digit, name)
        return Position(self.puzzle, self.placed, self.marks, tuple(corner))

    def clear(self, cell: Any) -> "Position":
        """A copy with the cell's placed digit, pencil marks and corner marks taken away (a given stays).

        Raises:
            TypeError: ``cell`` is not a cell reference.
            InvalidArgumentError: (a ``ValueError``) ``cell`` is not playable.
        """
        i = self.cell(cell)
        placed, marks, corner = list(self.placed), list(self.marks), list(self.corner)
        placed[i], marks[i], corner[i] = 0, NO_MARKS, 0
        return Position(self.puzzle, tuple(placed), tuple(marks), tuple(corner))

    def apply(self, step: Step) -> "Position":
        """A copy with ``step`` done: its placements placed, its eliminations
        removed from the cells' pencil marks (the other marks stay).  A cell without marks that
        loses candidates first takes its candidates in this position (after
        the step's placements, see :meth:`masks`) as marks; one that loses
        only digits the rules leave out already (the digit just placed in a
        cell it sees) stays without marks.  Givens and cells
        holding a digit stay as they are.  The step is taken as it is: a hint
        for this position (:func:`sumlogic.hint`) is sound, any other step may
        make mistakes.

        >>> from puzzles import sample
        >>> from solver.step import Step
        >>> start = Position(sample("sudoku-1"))
        >>> step = Step("demo", "Demo", 1, "", placements=((0, 4),), eliminations=((1, 1 << 7),))
        >>> after = start.apply(step)
        >>> after.digit("r1c1"), after.marked("r1c2"), start.candidates("r1c2")
        (4, [8], [7, 8])

        Raises:
            TypeError: ``step`` is not a :class:`~solver.step.Step`.
            InvalidArgumentError: (a ``ValueError``) the step names a cell
                this puzzle does not have, or a digit or mask out of its range.
        """
        if not isinstance(step, Step):
            raise TypeError(f"apply() takes a Step (from sumlogic.hint or sumlogic.explain), not {type_name(step)}")
        puzzle = self.puzzle
        _check_step(puzzle, step)
        placed, marks, corner = list(self.placed), list(self.marks), list(self.corner)
        for cell, digit in step.placements:
            if not puzzle.givens[cell]:
                placed[cell], marks[cell], corner[cell] = digit, NO_MARKS, 0
        placing = Position(puzzle, tuple(placed), tuple(marks), tuple(corner))
        masks, values = placing.masks(), placing.values()
        for cell, mask in step.eliminations:
            if values[cell]:
                continue
            if marks[cell] != NO_MARKS:
                marks[cell] &= ~mask  # the player's own marks, less the step's digits
            elif masks[cell] & mask:  # not when the rules leave them out already (a placed peer's digit)
                marks[cell] = masks[cell] & ~mask
        return Position(puzzle, tuple(placed), tuple(marks), tuple(corner))

    # --- JSON ---------------------------------------------------------------------
    def to_dict(self, *, include_puzzle: bool = True) -> dict[str, Any]:
        """JSON-ready: ``id``, ``kind``, ``puzzle`` (the corpus record, left
        out with ``include_puzzle=False``), ``placed`` (``{"r1c2": 5}``, the
        person's digits), ``marks`` (``{"r1c3": [1, 3, 5]}``, the pencil
        marks) and, when there are any, ``corner`` (``{"r1c4": [2]}``, the
        corner marks).

        Raises:
            TypeError: ``include_puzzle`` is not a bool.
            InvalidPuzzleError: (a ``ValueError``) with the puzzle, one that has
                no corpus record (a hand-made ``Puzzle`` of another kind).
        """
        if not isinstance(include_puzzle, bool):
            raise TypeError(f"to_dict(): include_puzzle must be True or False, not {type_name(include_puzzle)}")
        p = self.puzzle
        out: dict[str, Any] = {"id": p.id, "kind": p.kind}
        if include_puzzle:
            record = to_record(p)
            record.pop("solution", None)
            out["puzzle"] = record
        out["placed"] = {p.cell_name(i): d for i, d in self.placements()}
        out["marks"] = {p.cell_name(i): digits_of(m) for i, m in enumerate(self.marks) if m != NO_MARKS}
        if any(self.corner):
            out["corner"] = {p.cell_name(i): digits_of(m) for i, m in enumerate(self.corner) if m}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], puzzle: Puzzle | None = None) -> "Position":
        """The inverse of :meth:`to_dict`.  ``puzzle`` is used when given
        (the data's ``puzzle`` record is then not needed); else the record
        is read; when both are there they must be the same puzzle (its
        ``kind``, cells, givens and rules; the ``id`` may differ).

        Raises:
            ParseError: (a ``ValueError``) naming the key and cell of what
                cannot be read, or a ``kind`` or ``puzzle`` record that is
                not the puzzle's.
            TypeError: ``puzzle`` is not a Puzzle or None.
        """
        if puzzle is not None and not isinstance(puzzle, Puzzle):
            raise TypeError(f"from_dict(): puzzle must be a Puzzle or None, not {type_name(puzzle)}")
        if not isinstance(data, Mapping):
            raise ParseError(f"a position is a JSON object, not {type_name(data)}")
        if puzzle is None:
            if "puzzle" not in data:
                raise ParseError("position: no 'puzzle' record, and no puzzle given")
            puzzle = from_record(data["puzzle"])
        else:
            _same_puzzle(puzzle, data)
        for key in ("placed", "marks", "corner"):
            if not isinstance(data.get(key, {}), Mapping):
                raise ParseError(f"position: '{key}' is not an object of cell names")
        unknown = sorted(set(data) - {"id", "kind", "puzzle", "placed", "marks", "corner"})
        if unknown:
            raise ParseError(f"position: unknown key {unknown[0]!r} (keys: id, kind, puzzle, placed, marks, corner)")
        pos = cls(puzzle)
        try:
            for name, digit in data.get("placed", {}).items():
                if isinstance(digit, bool) or not isinstance(digit, int):
                    raise ParseError(f"position: placed {_named(name)}: {shown(digit)} is not a digit")
                pos = _placed(pos, _key(name, "placed"), digit, "position: placed ")
            for name, digits in data.get("marks", {}).items():
                if not isinstance(digits, list):
                    raise ParseError(f"position: marks {_named(name)}: {shown(digits)} is not a list of digits")
                pos = _marked(pos, _key(name, "marks"), digits, "position: marks ")
            for name, digits in data.get("corner", {}).items():
                if not isinstance(digits, list):
                    raise ParseError(f"position: corner {_named(name)}: {shown(digits)} is not a list of digits")
                try:
                    pos = pos.corner_mark(_key(name, "corner"), digits)
                except (InvalidArgumentError, TypeError) as error:
                    raise ParseError(f"position: corner {error}") from None
        except InvalidArgumentError as error:
            raise ParseError(str(error)) from None
        return pos

    # --- text ---------------------------------------------------------------------
    def to_text(self) -> str:
        """The text form :func:`read_position` reads: the grid of digits
        (givens included; a Kakuro as its text grid with digits in the white
        cells), then a line of candidate lists when there are pencil marks."""
        p = self.puzzle
        values = self.values()
        if p.is_full_grid:
            rows = ["".join(str(values[p.index_of[(r, c)]] or ".") for c in range(p.width)) for r in range(p.height)]
        else:
            from puzzles.kakuro import to_grid

            grid = to_grid(p)
            for i, (r, c) in enumerate(p.cells):
                grid[r][c] = str(values[i] or ".")
            rows = [" ".join(row) for row in grid]
        marks = " ".join(f"{p.cell_name(i)}={''.join(map(str, digits_of(m)))}"
                         for i, m in enumerate(self.marks) if m != NO_MARKS)
        return "\n".join(rows + ([marks] if marks else [])) + "\n"

    def __repr__(self) -> str:
        digits = sum(1 for d in self.placed if d)
        marked = sum(1 for m in self.marks if m != NO_MARKS)
        return f"<Position {self.puzzle.id or self.puzzle.kind}: {digits} placed, {marked} pencilled>"


def _named(name: Any) -> str:
    """A cell key as an error names it: a short name as it is, anything else shortened."""
    return name if isinstance(name, str) and len(name) <= 20 and name.isprintable() else shown(name)


def _key(name: Any, key: str) -> Any:
    """A cell key of :meth:`Position.from_dict`'s ``placed`` or ``marks``: a
    name (JSON keys are strings), or from Python an index or ``(row, column)``."""
    if isinstance(name, bool) or not isinstance(name, (str, int, tuple)):
        raise ParseError(f"position: {key}: {shown(name)} is not a cell name (rRcC)")
    return name


def _same_puzzle(puzzle: Puzzle, data: Mapping[str, Any]) -> None:
    """Refuse position data whose ``kind`` or ``puzzle`` record is not ``puzzle``'s."""
    kind = data.get("kind")
    if kind is not None and kind != puzzle.kind:
        raise ParseError(f"the position is of another puzzle: its kind is {shown(kind)}, not {puzzle.kind}")
    record = data.get("puzzle")
    if record is None:
        return
    try:
        theirs = from_record(record)
    except SumlogicError as error:
        raise ParseError(f"position: puzzle: {error}") from None
    if (theirs.kind, theirs.cells, rules_of(theirs)) != (puzzle.kind, puzzle.cells, rules_of(puzzle)):
        raise ParseError("the position is of another puzzle: its puzzle record differs")


def _check_step(puzzle: Puzzle, step: Step) -> None:
    """Refuse a step whose cells, digits or masks this puzzle cannot have (a
    step of another puzzle, or one built by hand)."""
    n, full = puzzle.size, full_mask(puzzle.max_digit)
    for what, items in (("placement", step.placements), ("elimination", step.eliminations)):
        for item in items:
            if not (isinstance(item, tuple) and len(item) == 2):
                raise InvalidArgumentError(f"apply(): a {what} is a (cell, value) pair, not {shown(item)}")
            cell, value = item
            if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < n:
                raise InvalidArgumentError(f"apply(): {what} cell {shown(cell)} is not a cell index 0..{n - 1}")
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidArgumentError(f"apply(): {what} of {puzzle.cell_name(cell)}: {shown(value)} "
                                           f"is not an int")
            if what == "placement" and not 1 <= value <= puzzle.max_digit:
                raise InvalidArgumentError(f"apply(): {puzzle.cell_name(cell)}: {value} is not a digit "
                                           f"1..{puzzle.max_digit}")
            if what == "elimination" and (value < 0 or value & ~full):
                raise InvalidArgumentError(f"apply(): elimination of {puzzle.cell_name(cell)}: {shown(value)} "
                                           f"is not a mask of digits 1..{puzzle.max_digit}")


def _mask(digits: Iterable[int] | str, max_digit: int, name: str) -> int:
    if isinstance(digits, str):
        if not all("0" <= ch <= "9" for ch in digits):  # str.isdigit takes "²" and "١" too
            raise InvalidArgumentError(f"{name}: {shown(digits)} is not a string of digits")
        items: list[Any] = [int(ch) for ch in digits]
    elif isinstance(digits, Iterable) and not isinstance(digits, (bytes, Mapping)):
        items = list(digits)
    else:
        raise TypeError(f"keep(): digits must be a list of ints, a str of digits or None, not {type_name(digits)}")
    mask = 0
    for d in items:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= max_digit:
            raise InvalidArgumentError(f"{name}: {shown(d)} is not a digit 1..{max_digit}")
        mask |= 1 << d
    return mask


def _placed(pos: Position, name: Any, digit: int, where: str) -> Position:
    """``pos`` with ``digit`` placed at the cell ``name``; a given's digit must agree."""
    cell = pos.cell(name)
    given = pos.puzzle.givens[cell]
    if given and digit != given:
        raise InvalidArgumentError(f"{where}{pos.puzzle.cell_name(cell)}: {digit} disagrees with the given {given}")
    if pos.placed[cell] and pos.placed[cell] != digit:
        raise InvalidArgumentError(f"{where}{pos.puzzle.cell_name(cell)}: placed twice ({pos.placed[cell]}, {digit})")
    return pos.place(cell, digit)


def _marked(pos: Position, name: Any, digits: Any, where: str) -> Position:
    """``pos`` with the marks ``digits`` at ``name``; on a cell holding a digit they
    must include it, and are then dropped."""
    cell = pos.cell(name)
    cell_name = pos.puzzle.cell_name(cell)
    if pos.marks[cell] != NO_MARKS:
        raise InvalidArgumentError(f"{where}{cell_name}: pencil marks given twice")
    mask = _mask(digits, pos.puzzle.max_digit, f"{where}{cell_name}")
    value = pos.values()[cell]
    if value:
        if not mask >> value & 1:
            raise InvalidArgumentError(f"{where}{cell_name}: marks {''.join(map(str, digits_of(mask)))} "
                                       f"leave out its digit {value}")
        return pos
    return pos.keep(cell, digits_of(mask))




