"""Grading: the Grade record, the band table, and `sumlogic grade` with --jobs."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from puzzles import SAMPLES, sample
from sumlogic.cli import main
from benchmarks import calibrate, calibrate_fit
from solver.engine import solve_with_logic
from techniques import DEFAULT
from sumlogic.grading import (BAND_ORDER, WEIGHTS, Grade, Weights, band_for, grade, grade_trace, score_steps, spearman,
                          step_features)

KEYS = {"id", "kind", "level", "band", "score", "hardest", "techniques"}


def test_grade_is_plain_picklable_data() -> None:
    g = grade(sample("killer-1"))
    assert pickle.loads(pickle.dumps(g)) == g
    assert g.band in BAND_ORDER
    assert g.level == max(s.level for s in solve_with_logic(sample("killer-1"), DEFAULT, explain=False).steps)


def test_score_comes_from_the_step_features() -> None:
    trace = solve_with_logic(sample("kropki-2"), DEFAULT, explain=False)
    g = grade_trace(trace)
    assert isinstance(g.score, int) and g.score == score_steps(step_features(trace))
    assert dict(g.techniques).get("kropki-dots") == sum(1 for s in trace.steps if s.technique == "kropki-dots")
    hard = sum(WEIGHTS.base ** (s.level - WEIGHTS.floor) for s in trace.steps if s.level >= WEIGHTS.floor)
    assert g.score == round(WEIGHTS.per_level * g.level + hard)


def _steps(*levels: int) -> list[tuple[str, int, int, int]]:
    """Step features with these levels (one elimination each)."""
    return [(f"t{level}", level, 0, 1) for level in levels]


@pytest.mark.parametrize("weights", [WEIGHTS, Weights(3, 2.0, 10), Weights(1, 1.5, 0), Weights(5, 4.0, 100)])
def test_score_is_monotone(weights: Weights) -> None:
    base = _steps(1, 1, 2, 3, 4, 6, 7)
    score = score_steps(base, weights)
    for level in range(1, 11):  # one more step never lowers the score
        assert score_steps(base + _steps(level), weights) >= score
    for i in range(len(base)):  # a harder step in place of an easier one never lowers it
        harder = base[:i] + _steps(base[i][1] + 1) + base[i + 1:]
        assert score_steps(harder, weights) >= score
    assert score_steps(base + _steps(weights.floor), weights) > score  # a step at the floor counts
    if weights.floor > 1:
        assert score_steps(base + _steps(weights.floor - 1), weights) == score  # below it, nothing


def test_chosen_weights_rank_by_hardest_level_first() -> None:
    # a puzzle that needs a harder technique scores above one with many (up to 100) easier hard steps
    for level in range(WEIGHTS.floor, 10):
        assert score_steps(_steps(level + 1)) > score_steps(_steps(*([level] * 100)))
    assert score_steps(_steps(*[1] * 80, 2)) == score_steps(_steps(2))  # singles and basic steps are free
    assert score_steps(_steps(8, 8, 8)) > score_steps(_steps(8))  # more contradictions, more points


def test_a_timeout_has_no_partial_grade() -> None:
    from solver.engine import Trace

    full = solve_with_logic(sample("kropki-2"), DEFAULT, explain=False)
    for cut in (5, 40):  # stopped early at different points: the same record
        g = grade_trace(Trace(full.puzzle, "timeout", full.steps[:cut], None, 1.0 + cut))
        assert g.to_dict() == {"id": full.puzzle.id, "kind": "kropki", "status": "timeout", "level": 0,
                               "band": "timeout", "score": 0, "hardest": "", "techniques": {}, "steps": 0,
                               "minutes": None, "time_score": None, "minutes_open": False, "estimate": ""}


def test_grading_is_deterministic() -> None:
    for name in ("killer-1", "kropki-2", "sudoku-1"):
        assert grade(sample(name)).to_dict() == grade(sample(name)).to_dict()


def test_bands_follow_levels_and_guessing() -> None:
    assert [band_for(level, False) for level in (1, 2, 3, 4, 5, 6, 7, 8, 9)] == \
        ["Easy", "Easy", "Medium", "Medium", "Medium", "Hard", "Expert", "Extreme", "Extreme"]
    assert band_for(1, True) == "Needs-guessing"


def test_easy_puzzle_grades_below_harder_one() -> None:
    easy, hard = grade(sample("sudoku-1")), grade(sample("kropki-2"))
    assert BAND_ORDER.index(easy.band) < BAND_ORDER.index(hard.band)
    assert easy.score < hard.score


def test_grade_json_lines_carry_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [f"sample:{name}" for name in SAMPLES]
    assert main(["grade", "--json", *paths]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(SAMPLES)
    for line in lines:
        assert KEYS <= set(line)


def test_jobs_two_equals_jobs_one(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [f"sample:{name}" for name in SAMPLES]
    assert main(["grade", "--json", "--jobs", "1", *paths]) == 0
    one = sorted(capsys.readouterr().out.splitlines())
    assert main(["grade", "--json", "--jobs", "2", *paths]) == 0
    two = sorted(capsys.readouterr().out.splitlines())
    assert one == two and len(one) == len(SAMPLES)


def test_human_output_ends_with_the_band_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "sample:sudoku-1", "sample:killer-1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].split()[0] == "total" and out[-1].split()[-1] == "2"
    assert any(line.startswith("band") for line in out)


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    main(["grade", "sample:sudoku-1", "sample:kakuro-6x6"])
    assert "grading [" not in capsys.readouterr().err


def test_bad_jobs_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--jobs", "0", "sample:sudoku-1"]) == 2


def test_a_smaller_budget_can_only_make_the_grade_guess(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--json", "sample:greater-killer-1"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert main(["grade", "--json", "--budget", "0", "sample:greater-killer-1"]) == 0
    none = json.loads(capsys.readouterr().out)
    assert full["band"] != "Needs-guessing" and none["band"] == "Needs-guessing"


def test_killer_corpus_grades(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(corpus / "greater-killer.jsonl"), "--json"]) in (0, 1)
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert KEYS <= set(line)


def test_spearman_against_a_hand_computed_value() -> None:
    # ranks x: 1 2 3 4 5, y: 2 1 4 3 5 -> d^2 = 1+1+1+1+0 = 4, rho = 1 - 6*4/(5*24) = 0.8
    assert spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50]) == pytest.approx(0.8)


def test_jobs_two_equals_jobs_one_on_corpus_samples(corpus: Path) -> None:
    from benchmarks.bench_grade import spread
    from benchmarks.corpus import load
    from sumlogic.cli.grade import graded

    puzzles = [p for kind in ("kropki", "kakuro") for p in spread(load(kind, corpus), 3)]
    puzzles += [p for p in load("killer", corpus) if "krazydad" in p.id][:3]
    one = [g.to_dict() for g in graded(puzzles, 1, 60.0, 3)]
    two = [g.to_dict() for g in graded(puzzles, 2, 60.0, 3)]
    assert one == two and len(one) == 9 and all(g["status"] == "solved" for g in one)


def test_grade_to_dict_keys_unchanged() -> None:
    # the keys of old come first, in their order; the time estimate's are added at the end
    g = Grade("x", "sudoku", "solved", 3, "Medium", 3000, "pointing", (("pointing", 1),), 10, 0.5, 4.2)
    assert list(g.to_dict()) == ["id", "kind", "status", "level", "band", "score", "hardest", "techniques", "steps",
                                 "minutes", "time_score", "minutes_open", "estimate"]
    assert g.to_dict()["minutes"] == 4.2 and g.to_dict()["time_score"] == 42


# --- calibration -------------------------------------------------------------------
def _entry(pid: str, rating: float | None, levels: tuple[int, ...], status: str = "solved") -> dict[str, Any]:
    """A cached calibration entry as ``benchmarks/calibrate.py`` writes it."""
    return {"id": pid, "status": status, "rating": rating, "label": None, "steps": _steps(*levels)}


def test_calibration_sets_leave_out_timeouts_and_single_label_sources() -> None:
    entries = [_entry("kropki/janko/1", 3, (1, 4)), _entry("kropki/janko/2", 6, (1, 5)),
               _entry("kropki/janko/3", 6, (), "timeout"), _entry("sudoku/top95/1", None, (1, 7)),
               _entry("kakuro/minizinc/a", 1, (2,)), _entry("kakuro/minizinc/b", 1, (2,)),
               _entry("killer/krazydad/v1-b001-p1", 1, (3,)), _entry("killer/iss-tarek/01", None, (), "timeout")]
    sets = calibrate_fit.evaluation_sets(entries)
    assert set(sets) == {"kropki/janko", calibrate_fit.TIERS_ALL}  # minizinc here has one label; tiers one tier
    pairs, left_out = sets["kropki/janko"]
    assert len(pairs) == 2 and left_out["timeout"] == 1
    tiers = sets[calibrate_fit.TIERS_ALL][0]
    assert calibrate_fit.rho(tiers, calibrate_fit.hardest_level) == pytest.approx(1.0)  # the timeout ranks hardest


def test_weight_search_finds_the_formula_that_fits() -> None:
    # rating = number of level-4 steps; the level-2 steps are noise that only a floor above 2 ignores
    entries = []
    for i, (hard, noise) in enumerate([(0, 40), (1, 25), (2, 35), (3, 5), (4, 15), (5, 0)]):
        entries.append(_entry(f"kropki/janko/{i}", hard, (2,) * noise + (4,) * hard + (3,)))
        entries.append(_entry(f"killer/krazydad/b{i}", hard, (2,) * (40 - noise) + (4,) * hard + (3,)))
    sets = calibrate_fit.evaluation_sets(entries)
    w, mean = calibrate_fit.best(sets, calibrate_fit.FIT_SETS)
    assert mean == pytest.approx(1.0) and w.floor == 3 and w.per_level == 1000  # first of the ties
    assert calibrate_fit.rho(sets["kropki/janko"][0], calibrate_fit.step_count) < 1.0


def test_ratings_and_tiers() -> None:
    assert calibrate.rating("janko 6") == 6.0 and calibrate.rating("17 clues") is None
    assert calibrate.rating("krazydad intermediate, book 9 of 100 (books ordered by increasing difficulty)") == 9.0
    assert calibrate.tier_of("killer/krazydad/v1-b007-p5") == 1 and calibrate.tier_of("killer/janko/001") is None


def test_calibration_cache_is_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzles = [sample("sudoku-1"), sample("killer-1")]
    first = sorted(calibrate.cached_entries(puzzles, tmp_path, 30.0, 1), key=lambda e: e["id"])
    assert [e["status"] for e in first] == ["solved", "solved"] and len(list(tmp_path.glob("*.json"))) == 2
    assert first[0]["steps"] and all(len(row) == 4 for row in first[0]["steps"])

    def no_solving(job: Any) -> Any:
        raise AssertionError("solved again despite the cache")

    monkeypatch.setattr(calibrate, "trace_entry", no_solving)
    again = sorted(calibrate.cached_entries(puzzles, tmp_path, 30.0, 1), key=lambda e: e["id"])
    assert [json.dumps(e, sort_keys=True) for e in again] == [json.dumps(e, sort_keys=True) for e in first]


def test_calibration_budget_marks_timeouts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The CPU timer's signal is what stops a solve past its budget; raise it at once
    # (a real 1 ms budget depends on the machine's load and the timer's tick).
    def over_budget(*_: Any, **__: Any) -> Any:
        raise calibrate.OverBudget

    monkeypatch.setattr("solver.engine.solve_with_logic", over_budget)
    [entry] = calibrate.cached_entries([sample("killer-1")], tmp_path, 0.001, 1)
    assert entry["status"] == "timeout" and entry["steps"] == []


def test_band_cuts_follow_the_worded_labels() -> None:
    entries = [dict(_entry(f"k/a/{i}", None, (1, level)), label=label) for i, (level, label) in enumerate(
        [(2, "easy"), (2, "easy"), (3, "krazydad intermediate"), (5, "krazydad intermediate"),
         (6, "sudoku.com expert"), (7, "dailykillersudoku.com difficulty 10/10"), (9, "extreme"),
         (4, "janko 4")])]
    entries.append(dict(_entry("k/a/guessed", None, (1, 7)), label="extreme", steps=[("guess", 10, 1, 0)]))
    cuts, hits, n = calibrate_fit.band_cuts(entries)
    assert (cuts, hits, n) == ((2, 5, 6, 7), 7, 7)  # janko's number names no band; a guess is not counted
    assert [band_for(level, False) for level in (2, 5, 6, 7, 9)] == list(calibrate_fit.BAND_NAMES)


def test_the_grade_line_names_what_the_solution_needs(capsys) -> None:
    """The text line lists the techniques of level 3 or more with their counts, hardest first,
    as the JSON's ``techniques`` counts them; a puzzle of singles alone names none."""
    from sumlogic.cli import main

    assert main(["grade", "sample:killer-1", "sample:sudoku-1", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main(["grade", "sample:killer-1", "sample:sudoku-1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    from techniques import catalogue

    level = {t.id: t.level for t in catalogue()}
    name = {t.id: t.name for t in catalogue()}
    for record, line in zip(records, lines):
        needed = sorted(((k, n) for k, n in record["techniques"].items() if level[k] >= 3),
                        key=lambda item: (-level[item[0]], -item[1], item[0]))
        if needed:
            assert line.endswith("  needs " + ", ".join(f"{name[k]} x{n}" for k, n in needed))
        else:
            assert "needs" not in line
    assert "needs" in lines[0] and "needs" not in lines[1]
