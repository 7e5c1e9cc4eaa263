"""Positions (the person's own digits and pencil marks), checking them, and hints from them.

* every form a position is written in reads back to the same position;
* ``check`` finds planted mistakes (wrong digits, wrongly removed true
  candidates) on puzzles with known solutions, finds none in correct
  partial positions, and never names the right digit of a wrong cell;
* hints from a position are sound, come from the position (not the start),
  and levels 1 and 2 never show the conclusion;
* technique selection, the command line and the step page's trace.

Puzzles: the bundled samples and a few quick corpus puzzles of every kind
(skipped without the corpus, like every corpus test).
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sumlogic
import techniques
from puzzles import SAMPLES, sample
from puzzles.fpuzzles import to_json
from puzzles.jsonl import from_record
from puzzles.lzstring import compress_to_base64
from solver.bits import digits_of
from solver.engine import Engine
from solver.errors import InvalidArgumentError, ParseError
from solver.model import Puzzle
from sumlogic import Position, read_position
from sumlogic.cli import main
from sumlogic.position import NO_MARKS

from .conftest import KNOWN_HARD, corpus_dir, corpus_records, require_corpus

FPUZZLES_KINDS = ("sudoku", "killer", "kropki")


# --- puzzles with their solutions -------------------------------------------------------------------------


@lru_cache(maxsize=None)
def solved_sample(name: str) -> tuple[Puzzle, tuple[int, ...]]:
    """A bundled sample and its unique solution."""
    puzzle = sample(name)
    result = sumlogic.solve(puzzle)
    assert result.status == "solved"
    return puzzle, puzzle.parse_solution(result.solution)


@lru_cache(maxsize=None)
def corpus_puzzles() -> tuple[tuple[Puzzle, tuple[int, ...]], ...]:
    """A few quick corpus puzzles of every kind, with their recorded solutions."""
    folder = corpus_dir()
    out = []
    for kind in ("sudoku", "killer", "greater-killer", "kropki", "kakuro"):
        path = folder / f"{kind}.jsonl"
        if not path.is_file():
            continue
        taken = 0
        for _, record in corpus_records(path):
            if record["id"] in KNOWN_HARD or (kind == "kakuro" and record.get("height", 0) * record.get("width", 0)
                                                > 100):
                continue
            puzzle = from_record(record)
            out.append((puzzle, puzzle.parse_solution(record["solution"])))
            taken += 1
            if taken == 3:
                break
    return tuple(out)


def every_puzzle() -> list[tuple[Puzzle, tuple[int, ...]]]:
    return [solved_sample(name) for name in SAMPLES] + list(corpus_puzzles() if corpus_dir().is_dir() else ())


def partial(puzzle: Puzzle, solution: tuple[int, ...], rng: random.Random, share: float = 0.4,
            mark_share: float = 0.3) -> Position:
    """A correct position: a random share of the solution placed, some open cells pencilled with
    the true digit and a few others."""
    pos = Position(puzzle)
    for cell in range(puzzle.size):
        if puzzle.givens[cell]:
            continue
        if rng.random() < share:
            pos = pos.place(cell, solution[cell])
    for cell in range(puzzle.size):
        if not pos.values()[cell] and rng.random() < mark_share:
            extra = rng.sample(range(1, puzzle.max_digit + 1), rng.randint(0, 3))
            pos = pos.keep(cell, sorted({solution[cell], *extra}))
    return pos


def after_steps(puzzle: Puzzle, k: int) -> tuple[Position, list[Any]]:
    """The position after the engine's first ``k`` steps (its digits, and its candidates as marks), and the steps."""
    engine = Engine(techniques.DEFAULT, timeout=None)
    run = engine.run(puzzle)
    steps = []
    for step in run:
        steps.append(step)
        if len(steps) > k:
            break
    ctx = run.ctx
    placed = tuple(0 if puzzle.givens[c] or c not in ctx.placed else ctx.state.value(c) for c in range(puzzle.size))
    marks = tuple(NO_MARKS if c in ctx.placed or puzzle.givens[c] else m for c, m in enumerate(ctx.state.masks))
    return Position(puzzle, placed, marks), steps


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


def fpuzzles_data(pos: Position) -> dict[str, Any]:
    """The f-puzzles JSON of a position: entered values and centre marks on the puzzle's JSON."""
    data = to_json(pos.puzzle)
    n = pos.puzzle.width
    for i, (r, c) in enumerate(pos.puzzle.cells):
        cell = dict(data["grid"][r][c] or {})
        if pos.placed[i]:
            cell["value"] = pos.placed[i]
        if pos.marks[i] != NO_MARKS and digits_of(pos.marks[i]):
            cell["centerPencilMarks"] = digits_of(pos.marks[i])
        data["grid"][r][c] = cell
    assert len(data["grid"]) == n
    return data


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


# --- hints ----------------------------------------------------------------------------------------------------


def assert_sound_from(step: Any, pos: Position, solution: tuple[int, ...]) -> None:
    """The step's effects agree with the solution and change the position's candidates."""
    masks = pos.masks()
    assert step.placements or step.eliminations
    for cell, digit in step.placements:
        assert solution[cell] == digit and not pos.values()[cell]
    for cell, mask in step.eliminations:
        assert not mask >> solution[cell] & 1
    assert any(masks[c] & m for c, m in step.eliminations) or any(not pos.values()[c] for c, _ in step.placements)


def test_hints_from_a_position_are_sound_and_come_from_it() -> None:
    for name in ("killer-1", "kakuro-8x8", "kropki-1", "sudoku-1"):
        puzzle, solution = solved_sample(name)
        first = sumlogic.hint(puzzle).step
        assert first is not None
        for k in (3, 15, 40):
            pos, steps = after_steps(puzzle, k)
            got = sumlogic.hint(pos, level=3)
            assert got.status == "solved" and got.step is not None
            assert_sound_from(got.step, pos, solution)
            # the start's hint is no progress here: the hint comes from the position
            masks = pos.masks()
            assert not any(masks[c] & m for c, m in first.eliminations if not any(c == p for p, _ in first.placements))
            assert got.step.to_dict(puzzle) != first.to_dict(puzzle)


def test_random_partial_positions_give_sound_hints() -> None:
    rng = random.Random(5)
    for puzzle, solution in every_puzzle()[:12]:
        pos = partial(puzzle, solution, rng, 0.5, 0.5)
        got = sumlogic.hint(pos, level=3, max_depth=1)
        if got.status == "done":
            assert pos.is_complete
            continue
        assert got.status == "solved" and got.step is not None, (puzzle.id, got.status)
        assert_sound_from(got.step, pos, solution)


def test_levels_one_and_two_hold_no_conclusion() -> None:
    for name in SAMPLES:
        puzzle, _ = solved_sample(name)
        for k in (0, 4, 12):
            pos, _ = after_steps(puzzle, k)
            three = sumlogic.hint(pos, level=3)
            step = three.step
            assert step is not None
            effects = {(c, d) for c, d in step.placements} | {(c, d) for c, m in step.eliminations
                                                              for d in digits_of(m)}
            placed_cells = {c for c, _ in step.placements}
            one = sumlogic.hint(pos, level=1).to_dict()
            two = sumlogic.hint(pos, level=2).to_dict()
            assert set(one) == {"id", "kind", "status", "level", "technique", "name", "where", "text"}
            assert set(two) == set(one) | {"cells", "regions", "candidates", "digits"}
            assert one["technique"] == two["technique"] == step.technique
            for cell_name, digits in two["candidates"]:
                cell = puzzle.cell_at(cell_name)
                assert cell not in placed_cells and not any((cell, d) in effects for d in digits)
            for level in (one, two):
                assert "step" not in level and (not step.text or step.text not in level["text"])
                assert "=>" not in level["text"]
            assert three.to_dict()["step"] == step.to_dict(puzzle)


def test_where_names_the_regions() -> None:
    from solver.step import Step
    from sumlogic.hints import level_fields, where

    puzzle, _ = solved_sample("killer-1")
    rows = Step("innies-outies", "Innies and outies", 5, regions=(("row 1", (0,)), ("row 2", (9,))))
    assert level_fields(rows, puzzle, 1)["text"] == "Innies and outies: look at rows 1-2."
    mixed = Step("x", "X", 1, regions=(("cage b", (1, 2)), ("column 3", (2,)), ("column 5", (4,)), ("box 1", (0,))))
    assert where(mixed, puzzle) == "cage b, columns 3, 5 and box 1"
    many = Step("x", "X", 1, cells=tuple(range(6)))
    assert where(many, puzzle) == "r1c1, r1c2, r1c3 and 3 more cells"
    assert where(Step("x", "X", 1), puzzle) == "the whole grid"
    for step in sumlogic.explain(puzzle).steps[1:]:
        text = where(step, puzzle)
        assert text and all(name.split()[0] in text for name, _ in step.regions)


def test_a_position_with_mistakes_gets_them_instead_of_a_hint() -> None:
    puzzle, solution = solved_sample("killer-1")
    pos = Position(puzzle).place(40, solution[40] % 9 + 1)
    got = sumlogic.hint(pos, level=1)
    assert got.status == "mistakes" and got.step is None
    data = got.to_dict()
    assert data["mistakes"][0]["cell"] == "r5c5" and "step" not in data and "mistake" in data["text"]


def test_hint_of_a_puzzle_keeps_its_old_shape() -> None:
    puzzle, _ = solved_sample("sudoku-1")
    plain = sumlogic.hint(puzzle)
    assert set(plain.to_dict()) == {"id", "kind", "status", "step"}
    assert sumlogic.hint(Position(puzzle), level=3).step == plain.step
    with pytest.raises(InvalidArgumentError, match="level must be 1, 2 or 3"):
        sumlogic.hint(puzzle, level=4)


# --- choosing techniques -----------------------------------------------------------------------------------


def test_select() -> None:
    assert [t.id for t in techniques.select("hidden-single,naked-single")] == ["naked-single", "hidden-single"]
    assert techniques.select() == techniques.DEFAULT
    assert all(t.level <= 3 for t in techniques.select(max_level=3))
    assert "naked-pair" not in [t.id for t in techniques.select(without=["naked-pair"])]
    mine = [techniques.BY_ID["hidden-single"], techniques.BY_ID["naked-single"]]
    assert list(techniques.select(mine)) == mine  # records keep the order given
    with pytest.raises(InvalidArgumentError, match=r"unknown technique 'nope' \(valid: naked-single, last-cell"):
        techniques.select(without="nope")
    with pytest.raises(TypeError):
        techniques.select(5)  # type: ignore[arg-type]


def test_chosen_techniques_are_the_only_ones_used() -> None:
    puzzle, _ = solved_sample("killer-1")
    trace = sumlogic.explain(puzzle, techniques="naked-single,hidden-single", budget=0)
    assert set(trace.techniques_used()) <= {"givens", "naked-single", "hidden-single", "guess"}
    trace = sumlogic.explain(puzzle, without=["sum-combinations"], max_level=3, budget=0)
    assert not any(s.level > 3 and s.technique != "guess" or s.technique == "sum-combinations" for s in trace.steps)
    hinted = sumlogic.hint(puzzle, without="hidden-single", level=1)
    assert hinted.step is not None and hinted.step.technique != "hidden-single"
    assert sumlogic.grade(puzzle, max_level=1).band == "Needs-guessing"
    with pytest.raises(InvalidArgumentError, match="grade\\(\\): techniques: unknown technique 'x'"):
        sumlogic.grade(puzzle, techniques=["x"])


# --- explain from a position ------------------------------------------------------------------------------------


def test_explain_goes_on_from_the_position() -> None:
    puzzle, solution = solved_sample("killer-1")
    pos, steps = after_steps(puzzle, 30)
    trace = sumlogic.explain(pos)
    assert trace.status == "solved" and tuple(trace.solution) == solution
    assert trace.steps[0].technique != "givens"
    data = trace.to_dict()
    assert data["position"]["placed"] == pos.to_dict()["placed"]
    assert set(data["position"]["candidates"]) == {puzzle.cell_name(c) for c in range(puzzle.size)
                                                   if not pos.values()[c]}
    bad = sumlogic.explain(pos.keep(next(c for c in range(81) if not pos.values()[c]), []))
    assert bad.status == "mistakes" and bad.steps == [] and bad.to_dict()["mistakes"]


# --- the command line -----------------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzle, solution = solved_sample("killer-1")
    pos = Position(puzzle).place("r1c1", solution[0]).place("r5c5", solution[40] % 9 + 1)
    path = tmp_path / "pos.txt"
    path.write_text(pos.to_text(), encoding="utf-8")
    code, out, err = run(capsys, "check", "sample:killer-1", "--position", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and err == ""
    assert set(data) == {"id", "kind", "status", "mistakes", "placed", "open"}
    assert data["status"] == "mistakes" and [m["cell"] for m in data["mistakes"]] == ["r5c5"]
    assert set(data["mistakes"][0]) == {"cell", "kind", "digit", "text"}
    code, out, _ = run(capsys, "check", "sample:killer-1", "--position", pos.place("r5c5", None).to_text())
    assert code == 0 and "status: ok" in out
    code, out, err = run(capsys, "check", "sample:killer-1", "--position", "r1c1=123x")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "line 1" in err
    code, _, err = run(capsys, "check", "sample:killer-1", "--position", "missing.txt")
    assert code == 2 and "missing.txt: cannot read" in err


def test_cli_check_reads_a_links_own_marks(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle, solution = solved_sample("sudoku-1")
    pos = Position(puzzle).place("r1c2", solution[1] % 9 + 1)
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(fpuzzles_data(pos)))
    code, out, _ = run(capsys, "check", link, "--json")
    assert code == 1 and json.loads(out)["mistakes"][0]["cell"] == "r1c2"


def test_cli_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "sample:killer-1", "--position", "r1c1=7", "--level", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["level"] == 1 and data["status"] == "solved" and "step" not in data
    code, out, _ = run(capsys, "hint", "sample:killer-1", "--level", "2")
    assert code == 0 and "look at" in out and "=>" not in out
    code, out, _ = run(capsys, "hint", "sample:killer-1", "--position", "r1c1=7", "--level", "3")
    assert code == 0 and "=>" in out
    code, out, _ = run(capsys, "hint", "sample:sudoku-1", "--position", "r1c2=1")
    assert code == 1 and "mistake" in out and "r1c2" in out
    code, out, _ = run(capsys, "hint", "sample:sudoku-1", "--json")
    assert set(json.loads(out)) == {"id", "kind", "status", "step"}


@pytest.mark.parametrize("command", ["explain", "hint", "grade"])
def test_cli_unknown_technique(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = run(capsys, command, "sample:sudoku-1", "--without", "naked-single,bogus")
    assert code == 2 and out == ""
    assert err.splitlines() == [err.strip()] and "'bogus'" in err and "valid: naked-single" in err


def test_cli_techniques(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "grade", "sample:sudoku-1", "--max-level", "1", "--json")
    assert code == 0 and json.loads(out)["level"] == 1
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "--techniques", "naked-single", "--json")
    assert set(json.loads(out)["techniques"]) <= {"givens", "naked-single", "guess"}


def test_cli_explain_from_a_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzle, _ = solved_sample("sudoku-1")
    pos, _ = after_steps(puzzle, 10)
    text = pos.to_text()
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "--position", text)
    assert code == 0 and "from your position" in out and "Givens" not in out
    page = tmp_path / "page.html"
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "--position", text, "--html", str(page))
    assert code == 0 and '"position"' in page.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "sample:killer-1", "--position", text)
    assert code == 2


@pytest.mark.slow
def test_corpus_positions(corpus: Path) -> None:
    """Every kind: planted mistakes found, correct positions clean (more puzzles than the fast tier)."""
    require_corpus()
    rng = random.Random(23)
    for puzzle, solution in corpus_puzzles():
        pos = partial(puzzle, solution, rng, 0.5, 0.5)
        assert sumlogic.check(pos).status == "ok"


# --- along traces, unpruned marks, clashes (issue 17's list) ---------------------------------


@pytest.mark.parametrize("name", ["sudoku-1", "killer-1", "kropki-2", "kakuro-6x6", "greater-killer-1"])
def test_positions_along_a_trace_give_sound_hints_equal_to_explain(name: str) -> None:
    """The engine's state after k steps: the level-3 hint is sound, changes the
    position, and is the step ``explain`` finds from it; one injected mistake is
    caught and the position itself is clean (``benchmarks/position_trials.py``
    runs the same on 200 corpus positions)."""
    from benchmarks.position_trials import Tally, steps_of, trial

    puzzle, solution = solved_sample(name)
    length = steps_of(puzzle, tuple(solution), 20_000)
    rng = random.Random(name)
    tally = Tally()
    for n, k in enumerate(sorted(rng.sample(range(1, length), min(4, length - 1)))):
        trial(puzzle, tuple(solution), k, rng, 20_000, tally, inject_digit=n % 2 == 0)
    assert tally.failures == []
    assert tally.sound == tally.applicable == tally.same_as_explain == tally.positions > 0
    assert tally.caught == tally.injected == tally.positions and tally.false_alarms == 0


@pytest.mark.parametrize("name", ["sudoku-1", "killer-1", "kropki-1", "kakuro-8x8"])
def test_unpruned_marks_give_the_hint_of_no_marks(name: str) -> None:
    """Pencil marks that still hold every digit say nothing: the next step is the
    one from the same placed digits without marks."""
    puzzle, solution = solved_sample(name)
    rng = random.Random(5)
    placed = Position(puzzle)
    for cell in range(len(puzzle.cells)):
        if not puzzle.givens[cell] and rng.random() < 0.3:
            placed = placed.place(cell, solution[cell])
    marked = placed
    for cell in range(len(puzzle.cells)):
        if not placed.digit(cell):
            marked = marked.keep(cell, range(1, puzzle.max_digit + 1))
    plain, full = sumlogic.hint(placed, level=3), sumlogic.hint(marked, level=3)
    assert plain.step is not None and plain.to_dict()["step"] == full.to_dict()["step"]


@pytest.mark.parametrize("text, cell", [
    ("22" + "." * 79, "r1c1"),                       # a digit twice in a row
    ("5" + "." * 80, "r1c1"),                        # repeats a given of its row
])
def test_clashing_digits_are_named_in_one_line_by_check_and_hint(text: str, cell: str) -> None:
    puzzle, _ = solved_sample("sudoku-1")
    position = read_position(puzzle, text)
    mistakes = sumlogic.check(position).mistakes
    assert mistakes and mistakes[0].cell == cell and "\n" not in mistakes[0].text
    found = sumlogic.hint(position, level=1).to_dict()
    assert found["status"] == "mistakes" and cell in found["text"] and "\n" not in found["text"]
# --- Position.apply and the work budget of hint and check ----------------------------------------


def test_apply_places_and_takes_eliminations_out_of_the_marks() -> None:
    from solver.step import Step

    from puzzles import sample as _sample

    puzzle = _sample("sudoku-1")
    start = Position(puzzle).keep("r1c3", [1, 2, 5])
    r1c1, r1c2, r1c3, r2c1 = (puzzle.cell_at(name) for name in ("r1c1", "r1c2", "r1c3", "r2c1"))
    step = Step("demo", "Demo", 1, "", placements=((r1c1, 4),),
                eliminations=((r1c2, 1 << 7), (r1c3, 1 << 2), (r2c1, 1 << 4)))
    after = start.apply(step)
    assert after.digit("r1c1") == 4
    assert after.marked("r1c3") == [1, 5]  # pencilled: the digit leaves the marks
    assert after.marked("r1c2") == [8]  # unmarked: its candidates become marks, less the digit
    assert after.marked("r2c1") is None  # only the placed peer's 4: the rules say so already
    assert start.marked("r1c3") == [1, 2, 5] and start.digit("r1c1") == 0  # a new position


def test_hint_and_check_take_a_work_budget() -> None:
    from solver.errors import InvalidArgumentError

    from puzzles import sample as _sample
    from sumlogic.api import check, hint, solve

    puzzle = _sample("killer-1")
    assert hint(puzzle, techniques="contradiction-1", budget=0).step.technique == "guess"  # type: ignore[union-attr]
    assert hint(puzzle, techniques="contradiction-1").step.technique == "contradiction-1"  # type: ignore[union-attr]
    wrong = Position(puzzle).place("r9c9", int(solve(puzzle).solution[80]) % 9 + 1)
    assert check(wrong, budget=0).mistakes[0].text.endswith("no solution has it")
    assert check(wrong).mistakes[0].text == check(wrong, budget=10**6).mistakes[0].text
    with pytest.raises(InvalidArgumentError, match="budget"):
        hint(wrong, budget=-1)
    with pytest.raises(TypeError, match="budget"):
        check(wrong, budget="5")  # type: ignore[arg-type]
