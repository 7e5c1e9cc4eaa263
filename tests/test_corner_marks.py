"""Corner marks (SudokuPad's, Snyder-style) in a position: kept, written, read,
never taken as candidates, and checked only for what they claim: the corner
marks of a digit in a box hold the cell where that digit goes."""

from __future__ import annotations

from typing import Any

import pytest

import sumlogic
from puzzles import sample
from solver.errors import InvalidArgumentError, ParseError
from sumlogic.position import Position

PUZZLE = sample("sudoku-1")
TRUTH = [int(ch) for ch in sumlogic.solve(PUZZLE).solution]


def box(n: int) -> Any:
    return next(r for r in PUZZLE.regions if r.kind == "box" and r.name == f"box {n}")


def open_cells(n: int) -> list[int]:
    return [c for c in box(n).cells if not PUZZLE.givens[c]]


def home_and_others(n: int) -> tuple[int, int, list[int]]:
    """A digit missing from box ``n``, the cell where it goes and the other open cells of the box."""
    cells = open_cells(n)
    digit = TRUTH[cells[0]]
    return digit, cells[0], [c for c in cells if TRUTH[c] != digit]


def test_corner_marks_round_trip_and_narrow_no_candidate() -> None:
    digit, home, others = home_and_others(1)
    pos = Position(PUZZLE).corner_mark(home, [digit]).corner_mark(others[0], [digit, 9])
    assert pos.corners(home) == [digit] and pos.corners(others[0]) == sorted({digit, 9})
    assert pos.masks() == Position(PUZZLE).masks()  # positions only: no candidate goes
    data = pos.to_dict()
    assert data["corner"] == {PUZZLE.cell_name(home): [digit], PUZZLE.cell_name(others[0]): sorted({digit, 9})}
    assert Position.from_dict(data) == pos
    assert "corner" not in Position(PUZZLE).to_dict()
    assert not pos.is_start and Position(PUZZLE).is_start


def test_placing_or_clearing_a_cell_drops_its_corner_marks() -> None:
    digit, home, others = home_and_others(1)
    pos = Position(PUZZLE).corner_mark(home, [digit]).corner_mark(others[0], [digit])
    placed = pos.place(home, digit)
    assert placed.corners(home) == [] and placed.corners(others[0]) == [digit]
    assert pos.clear(others[0]).corners(others[0]) == []
    assert pos.keep(others[0], [1, 2]).corners(others[0]) == [digit]  # pencil marks leave corner marks be


def test_bad_corner_marks_are_refused_naming_the_cell() -> None:
    given = next(c for c in range(PUZZLE.size) if PUZZLE.givens[c])
    name = PUZZLE.cell_name(given)
    with pytest.raises(InvalidArgumentError, match=f"{name}: holds a digit, so it takes no corner marks"):
        Position(PUZZLE).corner_mark(given, [1])
    with pytest.raises(ParseError, match=f"position: corner {name}: holds a digit"):
        Position.from_dict({"corner": {name: [1]}}, PUZZLE)
    with pytest.raises(ParseError, match="position: corner r1c1: 5 is not a list of digits"):
        Position.from_dict({"corner": {"r1c1": 5}}, PUZZLE)
    with pytest.raises(InvalidArgumentError, match="corner marks"):
        Position(PUZZLE, corner=(1 << 12,) + (0,) * (PUZZLE.size - 1))


def test_check_flags_corner_marks_that_leave_out_where_the_digit_goes() -> None:
    digit, home, others = home_and_others(1)
    assert len(others) >= 2
    wrong = Position(PUZZLE).corner_mark(others[0], [digit]).corner_mark(others[1], [digit])
    found = sumlogic.check(wrong)
    assert found.status == "mistakes"
    [mistake] = found.mistakes
    assert (mistake.cell, mistake.kind, mistake.digit) == (PUZZLE.cell_name(others[0]), "corner", digit)
    assert "box 1" in mistake.text and PUZZLE.cell_name(others[1]) in mistake.text
    assert PUZZLE.cell_name(home) not in mistake.text  # it does not give the answer away
    # a hint does not build on it either
    assert sumlogic.hint(wrong).status == "mistakes"


@pytest.mark.parametrize("case", ["home marked", "digit placed in the box", "no corner marks"])
def test_corner_marks_that_claim_nothing_wrong_are_no_mistake(case: str) -> None:
    digit, home, others = home_and_others(1)
    pos = Position(PUZZLE)
    if case == "home marked":  # others[0] does not hold that digit: a corner mark is no claim about its own digit
        pos = pos.corner_mark(others[0], [digit]).corner_mark(home, [digit])
    elif case == "digit placed in the box":
        pos = pos.place(home, digit).corner_mark(others[0], [digit])
    assert sumlogic.check(pos).status == "ok"
    assert sumlogic.check(pos).mistakes == ()


def test_kakuro_has_no_boxes_so_its_corner_marks_are_never_flagged() -> None:
    puzzle = sample("kakuro-6x6")
    cell = next(c for c in range(puzzle.size) if not puzzle.givens[c])
    truth = puzzle.parse_solution(sumlogic.solve(puzzle).solution)
    wrong_digit = truth[cell] % 9 + 1
    pos = Position(puzzle).corner_mark(cell, [wrong_digit])
    assert sumlogic.check(pos).status == "ok"
