"""Hints from a position, technique choice, explaining on from a position, and the command line of
``check`` and ``hint``.

* hints from a position are sound, come from the position (not the start),
  and levels 1 and 2 never show the conclusion;
* technique selection, the command line and the step page's trace.

Positions and their puzzles come from ``tests/position_support.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import sumlogic
import techniques
from puzzles import SAMPLES
from puzzles.lzstring import compress_to_base64
from solver.bits import digits_of
from solver.errors import InvalidArgumentError
from sumlogic import Position, read_position
from sumlogic.hints import level_fields

from .conftest import require_corpus
from .position_support import after_steps, corpus_puzzles, every_puzzle, fpuzzles_data, partial, solved_sample
from .process_support import run


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


# A classic Sudoku whose path uses AICs, a finned X-Wing, ALS, wings and a unique rectangle.
_PATTERNED = ".....81.72..4......149..6.......7.58.4....3.....5..2......1......57.6..3.9..3..6."


def test_a_pattern_hint_says_what_to_look_for_with_its_digits():
    puzzle = sumlogic.parse(_PATTERNED)
    steps = sumlogic.explain(puzzle).steps
    patterns = [s for s in steps if s.technique in techniques.PATTERNS]
    assert {"finned-x-wing", "xy-wing"} <= {s.technique for s in patterns}
    for step in steps:
        text = level_fields(step, puzzle, 1)["text"]
        if step.technique not in techniques.PATTERNS:
            assert text.startswith(f"{step.name}: look at "), text
            continue
        assert text.startswith(f"Look for a{'n' if step.name[0] in 'AEIOX' else ''} {step.name}"), text
        if step.technique == "finned-x-wing":  # one digit: the one it removes
            (digit,) = {d for _, m in step.eliminations for d in digits_of(m)}
            assert f" on {digit}: look at " in text, text
        if step.technique == "xy-wing":  # the pivot's two digits and the one removed
            named = text.split(" on ", 1)[1].split(":", 1)[0]
            assert len(named.replace(" and ", ", ").split(", ")) == 3, text
