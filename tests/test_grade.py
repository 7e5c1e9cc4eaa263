"""Grading: the Grade record, the band table, and `sumlogic grade` with --jobs."""

from __future__ import annotations

import json
import pickle

import pytest

from puzzles import SAMPLES, sample
from solver.cli import main
from solver.grade import BAND_ORDER, band_for, grade, grade_trace, spearman
from solver.engine import solve_with_logic
from techniques import DEFAULT

KEYS = {"id", "kind", "level", "band", "score", "hardest", "techniques"}


def test_grade_is_plain_picklable_data():
    g = grade(sample("killer-1"))
    assert pickle.loads(pickle.dumps(g)) == g
    assert g.band in BAND_ORDER
    assert g.level == max(s.level for s in solve_with_logic(sample("killer-1"), explain=False).steps)


def test_score_is_the_sum_of_technique_scores():
    trace = solve_with_logic(sample("kropki-2"), explain=False)
    scores = {t.id: t.score for t in DEFAULT}
    g = grade_trace(trace, DEFAULT)
    assert g.score == sum(scores.get(s.technique, 0) for s in trace.steps)
    assert dict(g.techniques).get("kropki-dots") == sum(1 for s in trace.steps if s.technique == "kropki-dots")


def test_bands_follow_levels_and_guessing():
    assert [band_for(level, False) for level in (1, 2, 3, 4, 5, 6, 8)] == \
        ["Easy", "Easy", "Medium", "Hard", "Hard", "Expert", "Extreme"]
    assert band_for(1, True) == "Needs-guessing"


def test_easy_puzzle_grades_below_harder_one():
    easy, hard = grade(sample("sudoku-1")), grade(sample("kropki-2"))
    assert BAND_ORDER.index(easy.band) < BAND_ORDER.index(hard.band)
    assert easy.score < hard.score


def test_grade_json_lines_carry_the_keys(capsys):
    paths = [f"sample:{name}" for name in SAMPLES]
    assert main(["grade", "--json", *paths]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(SAMPLES)
    for line in lines:
        assert KEYS <= set(line)


def test_jobs_two_equals_jobs_one(capsys):
    paths = [f"sample:{name}" for name in SAMPLES]
    assert main(["grade", "--json", "--jobs", "1", *paths]) == 0
    one = sorted(capsys.readouterr().out.splitlines())
    assert main(["grade", "--json", "--jobs", "2", *paths]) == 0
    two = sorted(capsys.readouterr().out.splitlines())
    assert one == two and len(one) == len(SAMPLES)


def test_human_output_ends_with_the_band_table(capsys):
    assert main(["grade", "sample:sudoku-1", "sample:killer-1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].split()[0] == "total" and out[-1].split()[-1] == "2"
    assert any(line.startswith("band") for line in out)


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys):
    main(["grade", "sample:sudoku-1", "sample:kakuro-6x6"])
    assert "grading [" not in capsys.readouterr().err


def test_bad_jobs_is_a_usage_error(capsys):
    assert main(["grade", "--jobs", "0", "sample:sudoku-1"]) == 2


def test_killer_corpus_grades(corpus, capsys):
    assert main(["grade", str(corpus / "greater-killer.jsonl"), "--json"]) in (0, 1)
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert KEYS <= set(line)


def test_spearman_against_a_hand_computed_value():
    # ranks x: 1 2 3 4 5, y: 2 1 4 3 5 -> d^2 = 1+1+1+1+0 = 4, rho = 1 - 6*4/(5*24) = 0.8
    assert spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50]) == pytest.approx(0.8)
