"""benchmarks/janko_outside.py: janko.at records -> our puzzles, the overlap, the statistics.

Every record here is written by hand in the scrape's shape
(``{"file": ..., "data": {...}}``); nothing needs the network or the scraped files.
"""

from __future__ import annotations

import bz2
import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks import janko_outside as jo
from puzzles.jsonl import from_record
from sumlogic.grading import spearman


def shifted_solution() -> list[list[str]]:
    """A valid 9x9 sudoku solution made by shifting rows: (3r + r//3 + c) mod 9 + 1."""
    return [[str((3 * r + r // 3 + c) % 9 + 1) for c in range(9)] for r in range(9)]


def sudoku_data(info: str = "9036-20-315357-2-310", empty: str = "-") -> dict[str, Any]:
    """A janko.at-shaped plain sudoku: the shifted solution with its main diagonal blanked
    (one empty cell per row, so naked singles solve it, uniquely)."""
    sol = shifted_solution()
    problem = [[empty if r == c else sol[r][c] for c in range(9)] for r in range(9)]
    return {"puzzle": "sudoku", "author": "Test", "info": info, "size": 9, "patternx": 3, "patterny": 3,
            "problem": problem, "solution": sol}


def killer_data(info: str = "9038-25-241362-5-341") -> dict[str, Any]:
    """A janko.at-shaped killer: one-cell cages (a unique puzzle) except for a two-cell
    cage r1c1-r1c2 whose sum is printed in its second cell."""
    sol = shifted_solution()
    areas = [[str(9 * r + c + 1) for c in range(9)] for r in range(9)]
    areas[0][1] = areas[0][0]
    problem = [[sol[r][c] for c in range(9)] for r in range(9)]
    problem[0][0] = "-"
    problem[0][1] = str(int(sol[0][0]) + int(sol[0][1]))
    return {"puzzle": "killer", "info": info, "size": 9, "patternx": 3, "patterny": 3,
            "problem": problem, "areas": areas, "solution": sol}


#: A 3x3 kakuro (clue row and column included): runs 12 / 34 across, 13 / 24 down.
KAKURO_SOLUTION = [["-", "-", "-"], ["-", "1", "2"], ["-", "3", "4"]]


def test_grade_and_number_parsing() -> None:
    assert jo.janko_grade("sudoku", {"info": "5374-49-7090818-4-614"}) == 4
    assert jo.janko_grade("sudoku", {"info": "9037-14-426008-0-751"}) is None  # 0: not graded
    assert jo.janko_grade("sudoku", {"info": "087"}) is None  # a series number, not a grade
    assert jo.janko_grade("killer", {"info": "mittel 3"}) == 3
    assert jo.janko_grade("sudoku", {"info": "mittel 3"}) is None  # Beckmann's words are killers only
    assert jo.janko_grade("kropki", {"info": "20091026 [6]"}) == 6
    assert jo.janko_number("/Sudoku/Killer/028.a.x-janko") == 28
    assert jo.janko_number("/Kakuro/931.b.x-janko") == 931
    assert jo.janko_number("elsewhere") is None


def test_sudoku_record_reads_and_checks() -> None:
    data = sudoku_data(empty=".")  # janko.at also marks empty cells with '.'
    record = jo.to_record("sudoku", "/Sudoku/0999.a.x-janko", data)
    assert record["id"] == "sudoku/janko-outside/999"
    assert record["givens"].count(".") == 9 and record["givens"][0] == "."
    puzzle = from_record(record)
    assert puzzle.kind == "sudoku" and sum(1 for g in puzzle.givens if g) == 72
    outcome = jo.check_and_grade((record, 2, "9x9", jo.DEFAULT_BUDGET))
    assert outcome.failure == "" and outcome.status == "solved"
    assert outcome.minutes > 0 and outcome.level >= 1
    assert outcome.open_cells == 9 and outcome.largest_cage == 0


def test_wrong_published_solution_is_a_failure() -> None:
    data = sudoku_data()
    record = jo.to_record("sudoku", "/Sudoku/0999.a.x-janko", data)
    wrong = list(record["solution"])
    wrong[0], wrong[1] = wrong[1], wrong[0]  # r1c1 is open: the puzzle solves to something else
    outcome = jo.check_and_grade((record | {"solution": "".join(wrong)}, 2, "9x9", jo.DEFAULT_BUDGET))
    assert outcome.failure == "solve: a different solution from janko.at's"


def test_non_unique_puzzle_is_a_failure() -> None:
    data = sudoku_data()
    data["problem"] = [["-"] * 9 for _ in range(9)]
    data["problem"][0][0] = "1"
    record = jo.to_record("sudoku", "/Sudoku/0999.a.x-janko", data)
    outcome = jo.check_and_grade((record, 1, "9x9", jo.DEFAULT_BUDGET))
    assert outcome.failure == "solve: multiple"


def test_killer_cages_from_areas_and_problem() -> None:
    record = jo.to_record("killer", "/Sudoku/Killer/500.a.x-janko", killer_data())
    cages = record["cages"]
    assert len(cages) == 80
    first = cages[0]
    assert first["cells"] == ["r1c1", "r1c2"] and first["sum"] == 1 + 2
    assert all(len(c["cells"]) == 1 for c in cages[1:])
    outcome = jo.check_and_grade((record, 5, "9x9", jo.DEFAULT_BUDGET))
    assert outcome.failure == "" and outcome.largest_cage == 2 and outcome.open_cells == 81


def test_killer_without_a_sum_or_with_two_is_rejected() -> None:
    data = killer_data()
    data["problem"][0][1] = "-"
    with pytest.raises(jo.ConversionError, match="no printed sum"):
        jo.to_record("killer", "/Sudoku/Killer/500.a.x-janko", data)
    data["problem"][0][0], data["problem"][0][1] = "1", "2"
    with pytest.raises(jo.ConversionError, match="prints 2 sums"):
        jo.to_record("killer", "/Sudoku/Killer/500.a.x-janko", data)


def test_kropki_dots_from_solution() -> None:
    solution = "".join("".join(row) for row in shifted_solution())
    white, black = jo.kropki_dots(solution)
    # row 1 is 123456789: 1-2, 2-4 (none adjacent), 3-4 ... consecutive pairs; 1-2 reads black
    assert ["r1c1", "r1c2"] in black and ["r1c1", "r1c2"] not in white
    assert ["r1c2", "r1c3"] in white  # 2-3
    assert ["r1c3", "r1c4"] in white  # 3-4
    # r1c1=1 above r2c1=4: neither consecutive nor double -> no dot
    assert all(["r1c1", "r2c1"] != pair for pair in white + black)
    data = {"puzzle": "sudoku, kropki", "info": "20100101 [4]", "size": 9, "patternx": 3, "patterny": 3,
            "solution": shifted_solution()}
    record = jo.to_record("kropki", "/Sudoku/Kropki/200.a.x-janko", data)
    assert record["negative"] is True
    assert from_record(record).kind == "kropki"


def test_kakuro_clues_from_solution() -> None:
    data = {"puzzle": "kakuro", "info": "5374-41-2000126-1-609", "rows": 3, "cols": 3, "solution": KAKURO_SOLUTION}
    record = jo.to_record("kakuro", "/Kakuro/900.a.x-janko", data)
    assert record["grid"] == ["# 4\\ 6\\", "\\3 . .", "\\7 . ."]
    assert record["solution"] == ["###", "#12", "#34"]
    assert jo.check_and_grade((record, 1, "3x3", jo.DEFAULT_BUDGET)).failure == ""
    # a one-cell run gets no clue (janko.at prints none)
    single = [["-", "-", "-"], ["-", "1", "2"], ["-", "3", "-"]]
    grid = jo.kakuro_grid({"rows": 3, "cols": 3, "solution": single})["grid"]
    assert grid == ["# 4\\ #", "\\3 . .", "# . #"]


def test_shared_overlap_by_number_and_by_solution() -> None:
    solution = "".join("".join(row) for row in shifted_solution())
    shared = jo.load_shared([
        {"id": "sudoku/janko/0037", "kind": "sudoku", "solution": "1" * 81},
        {"id": "kakuro/janko/003", "kind": "kakuro", "solution": ["###", "#12"]},
        {"id": "killer/other/x", "kind": "killer", "source": "elsewhere", "solution": solution},
        {"id": "kropki/x/1", "kind": "kropki", "source": "tkoz0/janko...(/Sudoku/Kropki/004.a.x-janko; ...)",
         "solution": "2" * 81},
    ])
    assert shared["sudoku"].numbers == {37} and shared["kakuro"].numbers == {3}
    assert shared["kropki"].numbers == {4}
    assert shared["killer"].numbers == set() and shared["killer"].holds(None, solution)
    assert shared["sudoku"].holds(37, "x") and not shared["sudoku"].holds(38, "x")
    assert jo.solution_key("kakuro", {"rows": 2, "cols": 3, "solution": [["-", "-", "-"], ["-", "1", "2"]]}) \
        == "###/#12"


def test_candidates_count_every_exclusion(tmp_path: Path) -> None:
    other = sudoku_data()
    other["solution"] = [row[1:] + row[:1] for row in other["solution"]]  # another valid grid
    lines = [
        {"file": "/Sudoku/0001.a.x-janko", "data": sudoku_data()},  # kept
        {"file": "/Sudoku/0002.a.x-janko", "data": sudoku_data(info="9036-20-315357-0-310")},  # grade 0
        {"file": "/Sudoku/0003.a.x-janko", "data": sudoku_data() | {"puzzle": "sudoku, diagonals"}},  # variant
        {"file": "/Sudoku/0004.a.x-janko", "data": other},  # overlap by number
        {"file": "/Sudoku/0005.a.x-janko", "data": sudoku_data() | {"size": 6}},  # not 9x9
    ]
    with bz2.open(tmp_path / "Sudoku.jsonl.bz2", "wt", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line) + "\n")
    report = jo.KindReport("sudoku")
    shared = jo.Shared(numbers={4})
    kept = jo.candidates("sudoku", jo.read_scrape(tmp_path, "sudoku"), shared, report)
    assert [r["id"] for r, _, _ in kept] == ["sudoku/janko-outside/1"]
    assert (report.records, report.ungraded, report.not_ours, report.overlap) == (5, 1, 2, 1)
    # the same solution grid as a shared puzzle is an overlap too, whatever its number
    report2 = jo.KindReport("sudoku")
    solution = "".join("".join(row) for row in shifted_solution())
    kept2 = jo.candidates("sudoku", jo.read_scrape(tmp_path, "sudoku"), jo.Shared(solutions={solution}), report2)
    assert [r["id"] for r, _, _ in kept2] == ["sudoku/janko-outside/4"] and report2.overlap == 1
    with pytest.raises(FileNotFoundError):
        list(jo.read_scrape(tmp_path, "kakuro"))


def test_bootstrap_is_deterministic_and_brackets_rho() -> None:
    xs = [float(i % 7) for i in range(40)]
    ys = [x + (1.5 if i % 3 == 0 else 0.0) for i, x in enumerate(xs)]
    rho = spearman(xs, ys)
    low, high = jo.bootstrap_interval(xs, ys, resamples=300, seed=5)
    assert (low, high) == jo.bootstrap_interval(xs, ys, resamples=300, seed=5)
    assert low <= rho <= high and high - low > 0.01
    assert jo.bootstrap_interval(xs, xs, resamples=50) == pytest.approx((1.0, 1.0))
    assert jo.rho_text([1.0, 2.0], [1.0, 2.0]) == "n/a"
    assert jo.rho_text([3.0] * 5, [1.0, 2.0, 3.0, 4.0, 5.0]) == "n/a (one value)"
    assert jo.rho_text(xs, xs, resamples=50) == "+1.00 [+1.00, +1.00]"
    with pytest.raises(ValueError):
        jo.bootstrap_interval([1.0, 2.0], [1.0, 2.0])


def test_summary_reports_failures_and_kakuro_sizes() -> None:
    report = jo.KindReport("kakuro", records=30, overlap=3)
    report.conversion_failures.append(("/Kakuro/1.a.x-janko", "a white cell holds 0"))
    report.outcomes = [jo.Outcome(f"k{i}", 1 + i % 5, "10x12", minutes=float(i % 5) + i / 100, level=2)
                       for i in range(22)]
    report.outcomes.append(jo.Outcome("bad", 3, "10x12", failure="solve: multiple"))
    text = "\n".join(jo.summary(report, seed=1, resamples=100))
    assert "| kakuro | 22 | 3 | 2 |" in text
    graded = report.outcomes[:-1]
    rho = spearman([o.minutes for o in graded], [float(o.rating) for o in graded])
    assert 0.9 < rho < 1.0
    assert "| 10x12 | 22 |" in text and f"| {rho:+.2f} [" in text
    assert "baselines (rho against the grade): open cells n/a (one value)" in text
    assert "bad: solve: multiple" in text and "/Kakuro/1.a.x-janko: a white cell holds 0" in text


def test_overlap_only_turns_the_selection_round(tmp_path: Path) -> None:
    lines = [{"file": f"/Sudoku/000{n}.a.x-janko", "data": sudoku_data()} for n in (1, 2)]
    with bz2.open(tmp_path / "Sudoku.jsonl.bz2", "wt", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line) + "\n")
    report = jo.KindReport("sudoku")
    kept = jo.candidates("sudoku", jo.read_scrape(tmp_path, "sudoku"), jo.Shared(numbers={2}), report,
                         overlap_only=True)
    assert [r["id"] for r, _, _ in kept] == ["sudoku/janko-outside/2"] and report.overlap == 1


def six_solution() -> list[list[str]]:
    """A valid 6x6 solution with 2x3 boxes: (3 (r mod 2) + r//2 + c) mod 6 + 1."""
    return [[str((3 * (r % 2) + r // 2 + c) % 6 + 1) for c in range(6)] for r in range(6)]


def test_six_by_six_killer_with_janko_box_pattern() -> None:
    sol = six_solution()
    data = {"puzzle": "killer", "info": "9038-1-1-3-1", "size": 6, "patternx": 3, "patterny": 2,
            "areas": [[str(6 * r + c) for c in range(6)] for r in range(6)], "problem": sol, "solution": sol}
    assert jo.plain_grid(data) == (6, 2, 3) and not jo.is_plain_nine(data)
    record = jo.to_record("killer", "/Sudoku/Killer/010.a.x-janko", data)
    assert record["size"] == 6 and record["box"] == "2x3" and len(record["cages"]) == 36
    assert jo.check_and_grade((record, 3, "6x6", jo.DEFAULT_BUDGET)).failure == ""
    # read the other way round (3x2 boxes) the published solution breaks the boxes
    with pytest.raises(jo.ConversionError, match="3x2 boxes"):
        jo.to_record("killer", "/Sudoku/Killer/010.a.x-janko", data | {"patternx": 2, "patterny": 3})
    assert jo.plain_grid({"size": 16, "patternx": 4, "patterny": 4}) is None  # beyond our sizes
    assert jo.plain_grid({"size": 8}) is None  # no default boxes for 8x8


def test_other_sizes_pass_takes_only_the_small_grids(tmp_path: Path) -> None:
    small = {"puzzle": "sudoku", "info": "9036-1-1-2-1", "size": 6, "patternx": 3, "patterny": 2,
             "problem": [["-" if r == c else t for c, t in enumerate(row)] for r, row in enumerate(six_solution())],
             "solution": six_solution()}
    lines = [{"file": "/Sudoku/0001.a.x-janko", "data": sudoku_data()},
             {"file": "/Sudoku/0002.a.x-janko", "data": small}]
    with bz2.open(tmp_path / "Sudoku.jsonl.bz2", "wt", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line) + "\n")
    nine = jo.candidates("sudoku", jo.read_scrape(tmp_path, "sudoku"), jo.Shared(), jo.KindReport("sudoku"))
    report = jo.KindReport("sudoku")
    other = jo.candidates("sudoku", jo.read_scrape(tmp_path, "sudoku"), jo.Shared(), report, other_sizes=True)
    assert [size for _, _, size in nine] == ["9x9"] and [size for _, _, size in other] == ["6x6"]
    assert report.not_ours == 1
    assert jo.check_and_grade((other[0][0], 2, "6x6", jo.DEFAULT_BUDGET)).failure == ""
