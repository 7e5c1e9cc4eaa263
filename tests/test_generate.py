"""Generated puzzles: unique (exact solver, and an independent brute-force
count where that is quick), reproducible from their seed, minimal in their
clues; and the ``generate`` subcommand's output and exit codes.

Generated puzzles are cached per (kind, seed, size) so each is made once.
"""

from __future__ import annotations

import argparse
import io
from functools import cache

import pytest

from puzzles import read_text
from puzzles.generate import BudgetExhausted, Rejected, parse_size
from puzzles.generate import kakuro as kakuro_gen
from puzzles.generate import killer as killer_gen
from puzzles.generate.killer import pieces
from solver.bits import sum_range
from solver.model import Puzzle, pair_holds
from solver.search import solve
from sumlogic.cli import generate as cli_generate
from sumlogic.generation import generate, generate_many

SEEDS = {"kropki": (1, 2, 3), "killer": (1, 2), "kakuro": (1, 2), "sudoku": (1, 2)}
SMALL_KAKURO = ((4, 4), (5, 5), (6, 6), (5, 7), (7, 6))
#: Search nodes the uniqueness check may use (a count, not seconds).
UNIQUE_NODES = 200_000


@cache
def made(kind: str, seed: int, size: tuple[int, int] | None = None) -> Puzzle:
    return generate(kind, seed=seed, size=size)


def brute_count(puzzle: Puzzle, limit: int = 2) -> int:
    """Solutions counted up to ``limit`` by plain backtracking over the model's
    rules: no propagation, nothing shared with the exact solver."""
    n, top = puzzle.size, puzzle.max_digit
    digits = [0] * n
    sums = [(r.cells, r.total) for r in puzzle.regions if r.total is not None]
    sums_of: list[list[int]] = [[] for _ in range(n)]
    for k, (cells, _) in enumerate(sums):
        for c in cells:
            sums_of[c].append(k)
    pairs_of: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    for pair in puzzle.pairs:
        pairs_of[pair.a].append((pair.b, pair.kind))
        pairs_of[pair.b].append((pair.a, pair.kind))

    def fits(i: int, d: int) -> bool:
        if any(digits[j] == d for j in puzzle.peers[i]):
            return False
        if any(digits[j] and not pair_holds(kind, d, digits[j]) for j, kind in pairs_of[i]):
            return False
        for k in sums_of[i]:
            cells, total = sums[k]
            left = sum(1 for c in cells if not digits[c]) - 1
            rest = total - d - sum(digits[c] for c in cells)
            lo, hi = sum_range(left, top) if left else (0, 0)
            if not lo <= rest <= hi:
                return False
        return True

    found = 0

    def search() -> None:
        nonlocal found
        best, options = -1, []
        for i in range(n):
            if not digits[i]:
                allowed = (puzzle.givens[i],) if puzzle.givens[i] else range(1, top + 1)
                choice = [d for d in allowed if fits(i, d)]
                if best < 0 or len(choice) < len(options):
                    best, options = i, choice
                    if len(choice) <= 1:
                        break
        if best < 0:
            assert puzzle.check_solution(digits) == []
            found += 1
            return
        for d in options:
            digits[best] = d
            search()
            digits[best] = 0
            if found >= limit:
                return

    search()
    return found


def test_brute_count_agrees_with_the_exact_solver_on_open_puzzles() -> None:
    from puzzles import kakuro, sudoku
    from solver.search import count_solutions

    [open_kakuro] = kakuro.parse("#  4\\ 10\\\n\\5 . .\n\\9 . .\n")
    for p in (sudoku.build(), open_kakuro, made("sudoku", 1)):
        assert brute_count(p, limit=3) == count_solutions(p, limit=3)


# --- uniqueness --------------------------------------------------------------------


@pytest.mark.parametrize("kind,seed", [(k, s) for k, seeds in SEEDS.items() for s in seeds])
def test_unique_by_the_exact_solver(kind: str, seed: int) -> None:
    p = made(kind, seed)
    result = solve(p, timeout=None, node_limit=UNIQUE_NODES)
    assert result.status == "solved"
    assert p.parse_solution(p.get_info("solution")) == tuple(result.solution)
    assert p.id == f"{kind}/generated/seed-{seed}-0"
    assert p.get_info("unique") is True and p.get_info("source") == "sumlogic generate"


@pytest.mark.parametrize("size", SMALL_KAKURO)
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_small_kakuro_unique_by_brute_force(size: tuple[int, int], seed: int) -> None:
    p = made("kakuro", seed, size)
    assert (p.height, p.width) == size
    assert brute_count(p) == 1
    assert solve(p).status == "solved"


@pytest.mark.parametrize("kind", ("sudoku",))  # Killers without one-cell cages take minutes to brute-force
def test_9x9_unique_by_brute_force(kind: str) -> None:
    assert brute_count(made(kind, 1)) == 1


# --- reproducible ------------------------------------------------------------------


@pytest.mark.parametrize("kind", ("kropki", "killer", "kakuro", "sudoku"))
def test_same_seed_same_puzzle(kind: str) -> None:
    size = (6, 6) if kind == "kakuro" else None
    assert generate(kind, seed=1, size=size) == made(kind, 1, size)
    assert generate(kind, seed=2, size=size) != made(kind, 1, size)


def test_count_prefixes_agree() -> None:
    three = [p for p, _ in generate_many("kropki", seed=5, count=3)]
    two = [p for p, _ in generate_many("kropki", seed=5, count=2)]
    assert three[:2] == two
    assert three[2] == generate("kropki", seed=5, index=2)
    assert len({p.get_info("solution") for p in three}) == 3


def test_no_seed_draws_one_and_names_it() -> None:
    p = generate("kropki")
    seed, index = p.id.rsplit("/", 1)[1].removeprefix("seed-").rsplit("-", 1)
    assert index == "0" and generate("kropki", seed=int(seed)) == p


# --- minimal -----------------------------------------------------------------------


def without(p: Puzzle, cell: int) -> Puzzle:
    import dataclasses

    givens = list(p.givens)
    givens[cell] = 0
    return dataclasses.replace(p, givens=tuple(givens))


@pytest.mark.parametrize("kind,seed", [("sudoku", 1), ("sudoku", 2), ("kropki", 1), ("kropki", 2), ("kropki", 3)])
def test_no_given_can_be_removed(kind: str, seed: int) -> None:
    p = made(kind, seed)
    for cell, given in enumerate(p.givens):
        if given:
            assert solve(without(p, cell)).status == "multiple", p.cell_name(cell)


def test_kropki_shows_every_dot_of_its_solution() -> None:
    for seed in SEEDS["kropki"]:
        p = made("kropki", seed)
        digits = p.parse_solution(p.get_info("solution"))
        assert p.get_info("negative") is True and len(p.pairs) == 144
        assert all(pair_holds(pair.kind, digits[pair.a], digits[pair.b]) for pair in p.pairs)


def test_a_kropki_that_needs_givens_keeps_only_needed_ones() -> None:
    # Seeds whose dots alone allow several solutions exercise the add-then-remove path.
    needing = [p for p, _ in generate_many("kropki", seed=11, count=12) if any(p.givens)]
    assert needing, "expected some of 12 Kropkis to need a given"
    for p in needing[:2]:
        for cell, given in enumerate(p.givens):
            if given:
                assert solve(without(p, cell)).status == "multiple"


@pytest.mark.parametrize("seed", SEEDS["killer"])
def test_killer_cages_are_the_only_clues(seed: int) -> None:
    p = made("killer", seed)
    assert not any(p.givens)
    cages = [r for r in p.regions if r.kind == "cage"]
    assert sorted(c for r in cages for c in r.cells) == list(range(81))
    digits = p.parse_solution(p.get_info("solution"))
    for r in cages:
        assert 1 <= len(r.cells) <= 6 and len(pieces(r.cells)) == 1
        assert len({digits[c] for c in r.cells}) == len(r.cells)
        assert r.total == sum(digits[c] for c in r.cells)


def test_killer_merge_pass_keeps_valid_unique_cages() -> None:
    import random

    from puzzles.generate.base import random_grid

    rng = random.Random(3)
    solution = random_grid(rng)
    split = killer_gen.unique_cages(solution, rng)
    cages = killer_gen.merge_while_unique(split, solution, rng)
    assert len(cages) < len(split)
    assert sorted(c for cage in cages for c in cage) == list(range(81))
    for cage in cages:
        assert 1 <= len(cage) <= 6 and len(pieces(cage)) == 1
        assert len({solution[c] for c in cage}) == len(cage)
    assert solve(killer_gen.build(cages, solution)).status == "solved"


@pytest.mark.parametrize("seed", SEEDS["kakuro"])
def test_kakuro_runs_are_all_clued_and_valid(seed: int) -> None:
    p = made("kakuro", seed)
    assert (p.height, p.width) == (10, 10) and not any(p.givens)
    white = set(p.cells)
    runs = kakuro_gen.runs(white)
    assert len(runs) == len(p.regions)
    assert all(2 <= len(run) <= 9 for run in runs)
    assert len(kakuro_gen._components(white)) == 1
    assert min(r for r, _ in white) >= 1 and min(c for _, c in white) >= 1


def test_asymmetric_kakuro_pattern() -> None:
    import random

    white = kakuro_gen.random_pattern(9, 11, random.Random(4), symmetric=False)
    assert all(2 <= len(run) <= 9 for run in kakuro_gen.runs(white))


# --- band and budget ---------------------------------------------------------------


def test_band_keeps_the_first_try_that_matches() -> None:
    from sumlogic.grading import grade

    p = made("sudoku", 1)
    band = grade(p).band
    [(q, tries)] = generate_many("sudoku", seed=1, band=band.lower())
    assert tries == 1 and q.givens == p.givens and q.get_info("difficulty") == band


def test_budget_exhausted(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(rng):
        raise Rejected("always")

    monkeypatch.setattr("puzzles.generate.sudoku.generate", never)
    with pytest.raises(BudgetExhausted, match="within 3 tries"):
        generate("sudoku", seed=1, max_tries=3)


def test_a_band_out_of_reach_says_which_bands_the_tries_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    class Easy:
        band = "Easy"

    monkeypatch.setattr("sumlogic.generation.grade", lambda puzzle: Easy())
    with pytest.raises(BudgetExhausted, match="within 3 tries .*; the tries came out Easy 3$") as caught:
        generate("sudoku", seed=1, band="Expert", max_tries=3)
    assert caught.value.seen == {"Easy": 3}


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="kakuro only"):
        generate("sudoku", size=(6, 6))
    with pytest.raises(ValueError, match="unknown band"):
        generate("sudoku", band="tricky")
    with pytest.raises(ValueError):
        parse_size("ten")
    assert parse_size("12x8") == (8, 12)


# --- the subcommand ----------------------------------------------------------------


def cli(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="sumlogic")
    cli_generate.add_parser(parser.add_subparsers())
    args = parser.parse_args(["generate", *argv])
    out, err = io.StringIO(), io.StringIO()
    code = cli_generate.run(args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_writes_ken_lines_that_read_back_unique() -> None:
    code, out, _ = cli("kropki", "--count", "3", "--seed", "1")
    assert code == 0 and len(out.splitlines()) == 3
    puzzles = read_text(out, format="ken")
    assert [p.givens for p in puzzles] == [made("kropki", 1).givens] + [
        generate("kropki", seed=1, index=i).givens for i in (1, 2)]
    assert all(solve(p).status == "solved" for p in puzzles)


@pytest.mark.parametrize("kind,fmt", [("killer", None), ("kakuro", None), ("sudoku", "jsonl")])
def test_cli_formats_read_back(kind: str, fmt: str | None) -> None:
    argv = [kind, "--seed", "1", "--count", "2"] + (["--format", fmt] if fmt else [])
    if kind == "kakuro":
        argv += ["--size", "6x6"]
    code, out, _ = cli(*argv)
    assert code == 0
    puzzles = read_text(out, format=fmt)
    assert len(puzzles) == 2 and all(p.kind == kind for p in puzzles)
    first = made(kind, 1, (6, 6) if kind == "kakuro" else None)
    assert [r.total for r in puzzles[0].regions] == [r.total for r in first.regions]
    if fmt == "jsonl":
        assert puzzles[0].id == "sudoku/generated/seed-1-0" and puzzles[0].get_info("solution")


def test_cli_usage_errors_exit_2() -> None:
    assert cli("killer", "--format", "ken")[0] == 2
    assert cli("sudoku", "--size", "6x6")[0] == 2
    assert cli("kakuro", "--size", "6by6")[0] == 2
    assert cli("sudoku", "--band", "tricky")[0] == 2
    assert cli("sudoku", "--max-tries", "0")[0] == 2
    with pytest.raises(SystemExit) as stop:
        cli("chess")
    assert stop.value.code == 2


def test_cli_budget_exhausted_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(rng):
        raise Rejected("always")

    monkeypatch.setattr("puzzles.generate.sudoku.generate", never)
    code, out, err = cli("sudoku", "--seed", "1", "--band", "easy", "--max-tries", "2")
    assert code == 1 and out == ""
    assert err.strip() == ("sumlogic generate: no Easy sudoku puzzle within 2 tries (seed 1, puzzle 0); "
                           "raise --max-tries or choose another band")


def test_cli_band_reports_tries() -> None:
    from sumlogic.grading import grade

    band = grade(made("sudoku", 1)).band
    code, out, err = cli("sudoku", "--seed", "1", "--band", band)
    assert code == 0 and out.strip() == "".join(str(g) if g else "." for g in made("sudoku", 1).givens)
    assert err.startswith(f"sudoku/generated/seed-1-0: {band} after 1 try")


def test_random_fill_takes_more_cells_than_python_recursion_allows() -> None:
    """``generate kakuro --size 46x46`` (an allowed size) overflowed Python's
    recursion in the random fill: it keeps its own stack now."""
    import random
    import sys

    from puzzles.generate.base import random_fill

    n = sys.getrecursionlimit() + 500
    peers = [[j for j in (i - 1, i + 1) if 0 <= j < n] for i in range(n)]  # a chain: neighbours differ
    digits = random_fill(peers, random.Random(1), max_digit=3, node_limit=10 * n)
    assert digits is not None and all(digits[i] != digits[i + 1] for i in range(n - 1))
