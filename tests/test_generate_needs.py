"""``sumlogic generate KIND --needs ID[,ID...] [--hardest]`` (issue 30): puzzles
whose freshly explained path uses the techniques asked for.

Every case is bounded by counted budgets (tries, work units), never by time;
the (kind, technique, seed) triples are ones whose first tries succeed, so
each case takes a few seconds.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

import sumlogic
import sumlogic.needs
from puzzles.generate import BudgetExhausted
from puzzles.generate.base import givens_checker, is_unique, random_grid
from puzzles import sudoku
from solver.engine import DEFAULT_BUDGET
from solver.errors import InvalidArgumentError
from solver.search import count_solutions
from sumlogic.cli import main as cli_main
from sumlogic.needs import EASIER, needs_of
from techniques import BY_ID

MAX_TRIES = 40
"""Tries each case may use: a bound, well above what these seeds need."""


def fresh_path(puzzle: sumlogic.Puzzle) -> dict[str, int]:
    """The techniques a fresh explanation uses (the grading budget, no clock)."""
    trace = sumlogic.explain(puzzle, budget=DEFAULT_BUDGET, timeout=None, explain=False)
    assert trace.status == "solved"
    return trace.techniques_used()


def hardest_level(used: dict[str, int]) -> int:
    return max(BY_ID[t].level if t in BY_ID else 10 for t in used if t != "givens")


# (kind, technique ids, hardest, seed): cheap targets, found by running them.
CASES = [
    ("sudoku", ["pointing"], True, 1),
    ("sudoku", ["x-wing"], False, 1),
    ("sudoku", ["naked-pair", "claiming"], False, 3),
    ("kropki", ["kropki-chain"], False, 1),
    ("killer", ["innies-outies"], False, 1),
    ("killer", ["cage-confinement"], True, 2),
]


@pytest.mark.parametrize("kind, ids, hardest, seed", CASES)
def test_needs_gives_a_unique_puzzle_whose_path_uses_them(kind: str, ids: list[str], hardest: bool,
                                                          seed: int) -> None:
    puzzle = sumlogic.generate(kind, needs=ids, hardest=hardest, seed=seed, max_tries=MAX_TRIES)
    assert puzzle.kind == kind
    assert count_solutions(puzzle, 2) == 1  # unique, by the exact solver
    used = fresh_path(puzzle)
    for technique in ids:
        assert technique in used, (technique, used)
    if hardest:
        assert hardest_level(used) <= max(BY_ID[t].level for t in ids), used
    assert puzzle.get_info("unique") is True
    label = puzzle.get_info("difficulty")
    assert label.startswith("needs ") and all(t in label for t in ids)
    assert label.endswith("(nothing harder)") == hardest


def test_a_seed_gives_the_same_puzzle_every_time() -> None:
    first = sumlogic.generate("sudoku", needs="x-wing", seed=1, max_tries=MAX_TRIES)
    again = sumlogic.generate("sudoku", needs=["x-wing"], seed=1, max_tries=MAX_TRIES)
    assert first == again and first.id == again.id == "sudoku/generated/seed-1-0"
    one = sumlogic.generate("sudoku", needs="pointing", hardest=True, seed=1, max_tries=MAX_TRIES)
    two = sumlogic.generate("sudoku", needs="pointing", hardest=True, seed=2, max_tries=MAX_TRIES)
    assert one.givens != two.givens and one.id != two.id


def test_hardest_puts_clues_back_rather_than_go_harder() -> None:
    """With --hardest, a Sudoku keeps the givens whose removal would need more
    than pointing: the result is unique and nothing harder is used."""
    puzzle = sumlogic.generate("sudoku", needs="pointing", hardest=True, seed=3, max_tries=MAX_TRIES)
    used = fresh_path(puzzle)
    assert "pointing" in used and hardest_level(used) <= BY_ID["pointing"].level


def test_without_hardest_the_path_may_go_harder() -> None:
    puzzle = sumlogic.generate("sudoku", needs="pointing", seed=1, max_tries=MAX_TRIES)
    assert "pointing" in fresh_path(puzzle)


def test_judge_words() -> None:
    easy = sumlogic.read("sample:sudoku-1")[0]
    assert needs_of("sudoku", "hidden-single").judge(easy) is None
    assert needs_of("sudoku", "x-wing", hardest=True).judge(easy) == EASIER
    assert needs_of("sudoku", "x-wing").judge(easy) == EASIER


def test_budget_exhausted_counts_how_the_tries_came_out() -> None:
    with pytest.raises(BudgetExhausted) as caught:
        sumlogic.generate("kakuro", needs="x-wing", hardest=True, seed=1, max_tries=2)
    error = caught.value
    assert sum(error.seen.values()) == 2
    message = str(error)
    assert "needs x-wing (nothing harder) kakuro puzzle within 2 tries" in message
    assert "the tries came out" in message and "\n" not in message


def test_api_errors_are_precise() -> None:
    with pytest.raises(InvalidArgumentError, match=r"unknown technique x-wingz \(techniques a sudoku can need: "):
        sumlogic.generate("sudoku", needs="x-wingz")
    with pytest.raises(InvalidArgumentError, match=r"unknown techniques foo, bar"):
        sumlogic.generate("sudoku", needs=["foo", "x-wing", "bar"])
    with pytest.raises(InvalidArgumentError,
                       match=r"a sudoku cannot need kropki-dots \(it applies to kropki only\), "
                             r"cut-vertex \(it applies to kakuro only\)"):
        sumlogic.generate("sudoku", needs="kropki-dots,x-wing,cut-vertex")
    with pytest.raises(InvalidArgumentError, match=r"a sudoku never needs last-cell \(the last open cell .*"
                                                   r"naked-single comes first\); house-pointing \("):
        sumlogic.generate("sudoku", needs="x-wing,last-cell,house-pointing")
    with pytest.raises(InvalidArgumentError, match=r"a kakuro never needs naked-pair \(a Kakuro's houses are its runs"):
        sumlogic.generate("kakuro", needs="naked-pair")
    assert "last-cell" not in sumlogic.needs.reachable_ids("sudoku")
    # a dot can join one digit strongly in two cells, so a Kropki keeps Turbot fish
    assert "turbot-fish" not in sumlogic.needs.reachable_ids("sudoku")
    assert "turbot-fish" in sumlogic.needs.reachable_ids("kropki")
    killer = sumlogic.needs.reachable_ids("killer")
    assert "last-cell" in killer and "naked-pair" in killer
    assert killer[-1] == "guess" and needs_of("killer", "guess,x-wing").ids == ("x-wing", "guess")
    with pytest.raises(InvalidArgumentError, match="name at least one technique"):
        sumlogic.generate("killer", needs=" , ")
    with pytest.raises(InvalidArgumentError, match="hardest applies with needs only"):
        sumlogic.generate("sudoku", hardest=True)
    with pytest.raises(TypeError, match="needs must be technique ids"):
        sumlogic.generate("sudoku", needs=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hardest must be True or False"):
        sumlogic.generate("sudoku", needs="x-wing", hardest="yes")  # type: ignore[arg-type]


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """``sumlogic ARGV...`` through the command line's own entry: (status, stdout, stderr)."""
    def run(*argv: str) -> tuple[int, str, str]:
        code = cli_main(list(argv))
        captured = capsys.readouterr()
        return code, captured.out, captured.err
    return run


@pytest.mark.parametrize("argv, words", [
    (["--needs", "x-wingz"], "unknown technique x-wingz"),
    (["--needs", "sum-combinations"], "a sudoku cannot need sum-combinations (it applies to kakuro, killer, "),
    (["--hardest"], "--hardest applies with --needs only"),
    (["--needs", "house-pointing"], "a sudoku never needs house-pointing (with rows, columns and boxes only"),
    (["--needs", "turbot-fish"], "a sudoku never needs turbot-fish (with rows, columns and boxes only, each strong"),
])
def test_cli_usage_errors_are_one_line_with_status_2(run_cli: Callable[..., tuple[int, str, str]],
                                                      argv: list[str], words: str) -> None:
    code, out, err = run_cli("generate", "sudoku", *argv)
    assert code == 2 and out == ""
    first, *rest = err.splitlines()
    assert first.startswith("sumlogic generate: ") and words in first
    assert rest == ["hint: see 'sumlogic generate --help'"]


def test_cli_generates_and_says_the_tries(run_cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, err = run_cli("generate", "sudoku", "--needs", "pointing", "--hardest", "--seed", "1",
                             "--max-tries", str(MAX_TRIES))
    assert code == 0
    puzzle = sumlogic.parse(out.strip())
    assert puzzle.givens == sumlogic.generate("sudoku", needs="pointing", hardest=True, seed=1).givens
    assert "needs pointing (nothing harder) after" in err


def test_cli_gives_up_with_status_1_and_counts(run_cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, err = run_cli("generate", "kakuro", "--needs", "x-wing", "--seed", "1", "--max-tries", "2")
    assert code == 1 and out == ""
    assert "within 2 tries" in err and "the tries came out" in err and "choose other techniques" in err


def test_givens_checker_agrees_with_is_unique() -> None:
    """The generators' faster uniqueness check answers as the exact solver's own."""
    rng = random.Random(11)
    grid = random_grid(rng)
    unique = givens_checker(sudoku.build())
    for keep in (20, 24, 28, 34):
        for _ in range(3):
            cells = set(rng.sample(range(81), keep))
            givens = [d if i in cells else 0 for i, d in enumerate(grid)]
            assert unique(givens) == is_unique(sudoku.build(givens))
