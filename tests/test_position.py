"""Positions (the person's own digits and pencil marks) and checking them.

* every form a position is written in reads back to the same position;
* ``check`` finds planted mistakes (wrong digits, wrongly removed true
  candidates) on puzzles with known solutions, finds none in correct
  partial positions, and never names the right digit of a wrong cell.

Hints from a position are in ``tests/test_hints.py``; the shared puzzles
and positions in ``tests/position_support.py``.  Puzzles: the bundled
samples and a few quick corpus puzzles of every kind (skipped without the
corpus, like every corpus test).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sumlogic
from puzzles import SAMPLES
from puzzles.fpuzzles import to_json
from puzzles.lzstring import compress_to_base64
from solver.bits import digits_of
from solver.errors import InvalidArgumentError, ParseError
from solver.model import Puzzle
from sumlogic import Position, read_position
from sumlogic.position import NO_MARKS

from .position_support import FPUZZLES_KINDS, after_steps, every_puzzle, fpuzzles_data, partial, solved_sample


# --- Position: the API and every form round-trips --------------------------------------------------------------


def test_position_api_is_immutable_and_checked() -> None:
    puzzle, solution = solved_sample("killer-1")
    start = Position(puzzle)
    pos = start.place("r2c2", 5).keep("r3c3", "135").keep(21, [2, 4])
    assert start.is_start and not pos.is_start
    assert pos.digit("r2c2") == 5 and pos.marked("r3c3") == [1, 3, 5] and pos.marked((2, 2)) == [1, 3, 5]
    assert pos.place("r2c2", None).digit("r2c2") == 0 and pos.clear("r3c3").marked("r3c3") is None
    assert pos.place("r3c3", 7).marked("r3c3") is None  # a digit drops the cell's marks
    assert 5 not in pos.candidates("r2c3")  # a placed digit leaves the cells that see it
    assert hash(pos) == hash(start.place("r2c2", 5).keep("r3c3", [1, 3, 5]).keep(21, "24"))
    with pytest.raises(InvalidArgumentError, match="r10c1"):
        start.place("r10c1", 1)
    with pytest.raises(InvalidArgumentError, match="r1c1: 10 is not a digit"):
        start.place("r1c1", 10)
    with pytest.raises(InvalidArgumentError, match="r2c2: holds a digit"):
        pos.keep("r2c2", [1])
    with pytest.raises(InvalidArgumentError, match="r1c1: 0 is not a digit"):
        start.keep("r1c1", [0])
    with pytest.raises(TypeError):
        Position("not a puzzle")  # type: ignore[arg-type]
    sudoku, _ = solved_sample("sudoku-1")
    given = next(i for i, g in enumerate(sudoku.givens) if g)
    assert Position(sudoku).place(given, sudoku.givens[given]).is_start
    with pytest.raises(InvalidArgumentError, match="holds the given"):
        Position(sudoku).place(given, sudoku.givens[given] % 9 + 1)


def forms(pos: Position) -> list[tuple[str, str]]:
    """Every text form of a position that holds no empty marks: (name, text)."""
    p = pos.puzzle
    out = [("to_text", pos.to_text()), ("to_dict", json.dumps(pos.to_dict()))]
    values = pos.values()
    marks = " ".join(f"{p.cell_name(i)}={''.join(map(str, digits_of(m)))}"
                     for i, m in enumerate(pos.marks) if m != NO_MARKS)
    if p.is_full_grid:
        n = p.width
        line = "".join(str(v or ".") for v in values)
        mine = "".join(str(d or "0") for d in pos.placed)  # without the givens, 0 for empty
        out.append(("line", line + "\n" + marks))
        out.append(("line without givens", marks + "\n" + mine))
        rows = [line[r * n:(r + 1) * n] for r in range(n)]
        drawn = []
        for r, row in enumerate(rows):
            drawn.append(" ".join(row))
            if r == 2 and n == 9:
                drawn.append("------+-------+------")
        out.append(("grid", "\n".join(drawn) + "\n" + marks))
        if p.kind in FPUZZLES_KINDS and all(m == NO_MARKS or m for m in pos.marks):
            data = fpuzzles_data(pos)
            out.append(("fpuzzles-json", json.dumps(data)))
            link = "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data, separators=(",", ":")))
            out.append(("fpuzzles link", link))
            out.append(("sudokupad link", "https://sudokupad.app/fpuzzles" + link.split("load=")[1]))
    return out


def test_every_form_round_trips() -> None:
    rng = random.Random(17)
    for puzzle, solution in every_puzzle():
        pos = partial(puzzle, solution, rng)
        wrong = next(c for c in range(puzzle.size) if not pos.values()[c])
        pos = pos.place(wrong, solution[wrong] % puzzle.max_digit + 1)  # a position may hold mistakes
        for name, text in forms(pos):
            assert read_position(puzzle, text) == pos, (puzzle.id, name)
        again = Position.from_dict(pos.to_dict())  # the puzzle read back from its record
        assert again.to_dict() == pos.to_dict() and again.placed == pos.placed and again.marks == pos.marks
        assert Position.from_dict(pos.to_dict(include_puzzle=False), puzzle) == pos


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SAMPLES)), seed=st.integers(0, 10**6),
       share=st.floats(0, 1), mark_share=st.floats(0, 1))
def test_random_positions_round_trip(name: str, seed: int, share: float, mark_share: float) -> None:
    puzzle, solution = solved_sample(name)
    pos = partial(puzzle, solution, random.Random(seed), share, mark_share)
    for form, text in forms(pos):
        assert read_position(puzzle, text) == pos, form


def test_kakuro_grid_form() -> None:
    puzzle, solution = solved_sample("kakuro-6x6")
    text = Position(puzzle).place("r2c2", solution[0]).to_text()
    assert text.splitlines()[0] == "# 11\\ 27\\ # 18\\ 11\\"
    assert text.splitlines()[1].split()[1] == str(solution[0])
    assert read_position(puzzle, text).digit("r2c2") == solution[0]


@pytest.mark.parametrize("name, text, message", [
    ("sudoku-1", "1" + "." * 79, r"position:line 1: a position line has 81 characters"),
    ("sudoku-1", "x" + "." * 80, r"position:line 1: r1c1: 'x' is not a digit"),
    ("sudoku-1", "...5" + "." * 77, r"r1c4: 5 disagrees with the given 9"),
    ("sudoku-1", "\n".join(["." * 9] * 8), r"9 rows of 9 cells, not 8 rows"),
    ("sudoku-1", "\n".join(["." * 9] * 4 + ["." * 8] + ["." * 9] * 4), r"line 5: row 5 has 8 cells, not 9"),
    ("sudoku-1", "r1c1=12\nr10c1=3", r"line 2: r10c1: not a playable cell"),
    ("sudoku-1", "r1c1=12 r1c1=3", r"r1c1: pencil marks given twice"),
    ("sudoku-1", "r1c4=12", r"r1c4: marks 12 leave out its digit 9"),
    ("killer-1", '{"placed": {"r1c1": 12}}', r"r1c1: 12 is not a digit 1..9"),
    ("killer-1", '{"placed": {}, "pencil": {}}', r"unknown key 'pencil'"),
    ("killer-1", "{not json", r"not JSON"),
    ("kakuro-6x6", "# 11\\ 27\\ # 18\\ 11\\", r"6 rows, like the puzzle, not 1"),
    ("kakuro-6x6", "5 . . . . .\n" * 6, r"line 1: r1c1: a digit where the puzzle has no white cell"),
    ("kropki-1", "https://www.f-puzzles.com/?load=N4IgzglgXgpiBc", r"position: f-puzzles"),
])
def test_bad_positions_name_the_place(name: str, text: str, message: str) -> None:
    puzzle, _ = solved_sample(name)
    with pytest.raises(ParseError, match=message) as error:
        read_position(puzzle, text)
    assert "\n" not in str(error.value)


def test_fpuzzles_position_of_another_puzzle_is_refused() -> None:
    killer, _ = solved_sample("killer-1")
    sudoku, _ = solved_sample("sudoku-1")
    with pytest.raises(ParseError, match="another puzzle"):
        read_position(sudoku, json.dumps(to_json(killer)))
    with pytest.raises(ParseError, match="another puzzle"):
        read_position(sudoku, json.dumps(Position(killer).to_dict()))


# --- check ---------------------------------------------------------------------------------------------------


def names_removed(text: str, puzzle: Puzzle) -> str:
    """A sentence without its cell names, region names and bracketed totals (what is left states digits)."""
    for region in sorted(puzzle.regions, key=lambda r: len(r.name), reverse=True):
        text = text.replace(region.name, " ")
    text = re.sub(r"\br\d+c\d+\b", " ", text)
    return re.sub(r"\(\d+\)", " ", text)


def test_correct_positions_have_no_mistakes() -> None:
    rng = random.Random(3)
    for puzzle, solution in every_puzzle():
        for share in (0.1, 0.6):
            result = sumlogic.check(partial(puzzle, solution, rng, share))
            assert result.status == "ok" and not result.mistakes, (puzzle.id, result.to_dict())
        full = Position(puzzle, tuple(0 if g else d for g, d in zip(puzzle.givens, solution)))
        assert sumlogic.check(full).status == "complete"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_engine_states_have_no_mistakes(name: str) -> None:
    puzzle, _ = solved_sample(name)
    for k in (1, 5, 20):
        pos, _ = after_steps(puzzle, k)
        assert sumlogic.check(pos).to_dict()["mistakes"] == []


def test_planted_mistakes_are_found_and_never_give_the_digit_away() -> None:
    rng = random.Random(11)
    for puzzle, solution in every_puzzle():
        pos = partial(puzzle, solution, rng, 0.3, 0.0)
        open_cells = [c for c in range(puzzle.size) if not pos.values()[c]]
        wrong_cells = rng.sample(open_cells, 3)
        for cell in wrong_cells:
            pos = pos.place(cell, rng.choice([d for d in range(1, puzzle.max_digit + 1) if d != solution[cell]]))
        removed = rng.sample([c for c in open_cells if c not in wrong_cells], 2)
        for cell in removed:
            others = [d for d in range(1, puzzle.max_digit + 1) if d != solution[cell]]
            pos = pos.keep(cell, rng.sample(others, 3))
        result = sumlogic.check(pos)
        assert result.status == "mistakes"
        found = {(puzzle.cell_at(m.cell), m.kind) for m in result.mistakes}
        assert found == {(c, "digit") for c in wrong_cells} | {(c, "candidate") for c in removed}, puzzle.id
        for mistake in result.mistakes:
            cell = puzzle.cell_at(mistake.cell)
            assert mistake.text.startswith(mistake.cell) or mistake.text.startswith("you removed")
            if mistake.kind == "digit":
                assert mistake.digit == pos.placed[cell]
                left = names_removed(mistake.text, puzzle)
                assert not re.search(rf"(?<!\d){solution[cell]}(?!\d)", left), (puzzle.id, mistake.text)
            else:
                assert mistake.digit == solution[cell]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SAMPLES)), seed=st.integers(0, 10**6), share=st.floats(0, 0.9),
       digits=st.integers(0, 4), removed=st.integers(0, 3))
def test_check_finds_exactly_the_planted_mistakes(name: str, seed: int, share: float, digits: int,
                                                  removed: int) -> None:
    puzzle, solution = solved_sample(name)
    rng = random.Random(seed)
    pos = partial(puzzle, solution, rng, share, 0.2)
    open_cells = [c for c in range(puzzle.size) if not pos.values()[c]]
    chosen = rng.sample(open_cells, min(len(open_cells), digits + removed))
    wrong, gone = chosen[:digits], chosen[digits:]
    for cell in wrong:
        pos = pos.place(cell, rng.choice([d for d in range(1, puzzle.max_digit + 1) if d != solution[cell]]))
    for cell in gone:
        kept = pos.marked(cell) or list(range(1, puzzle.max_digit + 1))
        pos = pos.keep(cell, [d for d in kept if d != solution[cell]])
    result = sumlogic.check(pos)
    expected = {(c, "digit") for c in wrong} | {(c, "candidate") for c in gone}
    assert {(puzzle.cell_at(m.cell), m.kind) for m in result.mistakes} == expected
    assert result.status == ("mistakes" if expected else "complete" if pos.is_complete else "ok")
    for mistake in result.mistakes:
        if mistake.kind == "digit":
            true = solution[puzzle.cell_at(mistake.cell)]
            assert not re.search(rf"(?<!\d){true}(?!\d)", names_removed(mistake.text, puzzle)), mistake.text


def test_mistakes_say_why() -> None:
    puzzle, solution = solved_sample("sudoku-1")
    given = next(i for i, g in enumerate(puzzle.givens) if g)
    peer = next(p for p in sorted(puzzle.peers[given]) if not puzzle.givens[p])
    [mistake] = sumlogic.check(Position(puzzle).place(peer, puzzle.givens[given])).mistakes
    assert f"repeats the given {puzzle.givens[given]} in {puzzle.cell_name(given)}" in mistake.text
    killer, ksol = solved_sample("killer-1")
    texts = [m.text for c in range(0, 81, 7)
             for m in sumlogic.check(Position(killer).place(c, ksol[c] % 9 + 1)).mistakes]
    assert any("would" in t for t in texts)  # a dead end named in the engine's words
    [empty] = sumlogic.check(Position(killer).keep("r5c5", [])).mistakes
    assert empty.kind == "candidate" and empty.digit is None and "no pencil mark left" in empty.text


def test_no_unique_solution_is_not_checked() -> None:
    empty = sumlogic.parse("." * 81)
    result = sumlogic.check(Position(empty).place("r1c1", 1))
    assert result.status == "multiple" and not result.mistakes
    assert sumlogic.hint(Position(empty), level=1).status == "multiple"
    broken = sumlogic.parse("12345678." + "........9" + "." * 63)
    assert sumlogic.check(Position(broken)).status == "no-solution"
