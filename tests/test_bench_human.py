"""The side-by-side benchmark's own logic (benchmarks/bench_human.py), checked without hodoku-py:
what counts as trial for each solver, the hardest step, the summary and its table, and a run
with a stand-in peer."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import bench_human
from benchmarks.bench_human import Row, grid_text, hardest, hodoku_trial, report, summarise, sumlogic_trial
from puzzles import sample


def test_trial_for_sumlogic_is_a_contradiction_a_forcing_net_or_a_guess() -> None:
    assert not sumlogic_trial(["givens", "naked-single", "hidden-rectangle", "naked-quad"])
    assert sumlogic_trial(["naked-single", "contradiction-1"]) and sumlogic_trial(["guess"])
    # a forcing net is trial on HoDoKu's terms too (its Last Resort holds forcing nets and chains)
    assert sumlogic_trial(["naked-single", "forcing-net"])


@pytest.mark.parametrize("name", ["FORCING_CHAIN_CONTRADICTION", "FORCING_NET_VERITY", "BRUTE_FORCE",
                                  "TEMPLATE_DEL", "KRAKEN_FISH_TYPE_1", "GIVE_UP"])
def test_trial_for_hodoku_is_a_last_resort(name: str) -> None:
    assert hodoku_trial(["HIDDEN_SINGLE", name])
    assert not hodoku_trial(["HIDDEN_SINGLE", "X_WING", "UNIQUENESS_1", "AIC"])
    assert hodoku_trial(["NAKED_PAIR"], categories=["Singles", "Last Resort"])
    assert hodoku_trial([], solved=False)


def test_hardest_is_the_first_of_the_highest_rank() -> None:
    assert hardest([("a", 1), ("b", 7), ("c", 7), ("d", 3)]) == "b"


def test_summary_counts_trial_agreement_and_seconds() -> None:
    rows = {"sumlogic": [Row(True, "guess", 0.2), Row(False, "naked-pair", 0.1), Row(True, "contradiction-1", 0.4)],
            "HoDoKu": [Row(True, "BRUTE_FORCE", 0.3), Row(False, "X_WING", 0.2), Row(False, "XY_WING", 0.5)]}
    s = summarise("set", rows)
    assert s.trial == {"sumlogic": 2, "HoDoKu": 1}
    assert s.agree == 2 and s.only == {"sumlogic": 1, "HoDoKu": 0}
    assert s.median == {"sumlogic": 0.2, "HoDoKu": 0.3} and s.total["HoDoKu"] == pytest.approx(1.0)
    assert s.hardest["sumlogic"].most_common(1) == [("guess", 1)]
    text = report(s)
    assert "| puzzles needing trial | 2 (66.7%) | 1 (33.3%) |" in text
    assert "agreement on trial: 2 of 3 (66.7%)" in text and "sumlogic / HoDoKu): 0.67" in text
    with pytest.raises(AssertionError):
        summarise("uneven", {"a": [Row(True, "x", 1.0)], "b": []})


def test_grid_text_is_hodokus_input() -> None:
    puzzle = sample("sudoku-1")
    text = grid_text(puzzle)
    assert len(text) == 81 and all(ch == "." or ch.isdigit() for ch in text)
    assert [int(ch) if ch != "." else 0 for ch in text] == list(puzzle.givens)
    with pytest.raises(ValueError, match="9x9"):
        grid_text(sample("kakuro-6x6"))


def test_compare_with_a_stand_in_peer() -> None:
    puzzles = [sample("sudoku-1")]
    calls = []

    def peer(puzzle):
        calls.append(puzzle.id)
        return Row(True, "BRUTE_FORCE", 0.0)

    s = bench_human.compare("one", puzzles, peer, budget=1000)
    assert calls == [puzzles[0].id] and s.trial["HoDoKu"] == 1 and s.trial["sumlogic"] == 0
    assert s.agree == 0 and s.only == {"sumlogic": 0, "HoDoKu": 1}


def test_main_runs_sumlogic_alone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert bench_human.main(["--no-hodoku", "--generated", "2", "--kropki", "1", "--killer", "0",
                             "--corpus", str(tmp_path), "--budget", "2000"]) == 0
    out = capsys.readouterr().out
    assert "**generated classic Sudokus (seed 2026, indexes 0-1)** (2 puzzles)" in out
    assert "**generated kropkis" in out and "HoDoKu" not in out
