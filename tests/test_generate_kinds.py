"""Generation per kind (issue 19, item 5): every band each kind's generator
says it reaches (its ``BANDS``) is reached and checked by the grader, other
bands are refused before any try, generated puzzles hash (their ``info``
holds no lists), Killers have few one-cell cages, and big Kakuros come out
unique within a fixed budget of tries.

Seeds are fixed, so every assertion is deterministic; the seeds of the band
tests are ones whose first try lands in the band (found by measuring), so
each of those tests makes one puzzle and grades it.  No test looks at a clock.
"""

from __future__ import annotations

import statistics
from functools import cache

import pytest

from puzzles import jsonl
from puzzles.common import GRID_CELLS
from puzzles.generate import BudgetExhausted, parse_size, rng_for
from puzzles.generate import kakuro as kakuro_gen
from puzzles.generate import killer as killer_gen
from puzzles.generate import kropki as kropki_gen
from puzzles.generate import sudoku as sudoku_gen
from puzzles.generate.killer import pieces
from solver.model import Puzzle
from solver.search import count_solutions, solve
from sumlogic.generation import generate, generate_many
from sumlogic.grading import BAND_ORDER, grade

MODULES = {"kropki": kropki_gen, "killer": killer_gen, "kakuro": kakuro_gen, "sudoku": sudoku_gen}

# (kind, band, seed): puzzle 0 of the seed is in the band at its first try.
REACHED = [
    ("sudoku", "Easy", 1003), ("sudoku", "Medium", 1006), ("sudoku", "Hard", 1001), ("sudoku", "Expert", 1000),
    ("kropki", "Easy", 1067), ("kropki", "Medium", 1000), ("kropki", "Hard", 1042), ("kropki", "Expert", 1003),
    ("killer", "Medium", 1000), ("killer", "Expert", 1000), ("killer", "Extreme", 1029),
    ("kakuro", "Easy", 1004), ("kakuro", "Medium", 1), ("kakuro", "Hard", 1001), ("kakuro", "Expert", 1035),
]

KILLER_SEEDS = range(20)


def test_every_band_a_kind_claims_has_a_case_here() -> None:
    claimed = {(kind, band) for kind, module in MODULES.items() for band in module.BANDS}
    assert claimed == {(kind, band) for kind, band, _ in REACHED}
    for module in MODULES.values():
        assert module.BANDS and set(module.BANDS) <= set(BAND_ORDER)
        assert list(module.BANDS) == sorted(module.BANDS, key=BAND_ORDER.index)


@pytest.mark.parametrize("kind,band,seed", REACHED)
def test_each_claimed_band_is_reached_and_graded(kind: str, band: str, seed: int) -> None:
    [(puzzle, tries)] = generate_many(kind, seed=seed, band=band, max_tries=5)
    assert tries <= 5
    assert grade(puzzle).band == band
    assert puzzle.get_info("difficulty") == band
    assert hash(puzzle) == hash(puzzle)  # info holds hashable values only
    assert solve(puzzle, timeout=None, node_limit=200_000).status == "solved"


@pytest.mark.parametrize("kind", sorted(MODULES))
def test_a_band_out_of_reach_is_refused_before_any_try(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out = [band for band in BAND_ORDER if band not in MODULES[kind].BANDS]
    assert out, f"{kind} claims every band"

    def no_try(*args: object, **kwargs: object) -> Puzzle:
        raise AssertionError("a try was made")

    monkeypatch.setattr(MODULES[kind], "generate", no_try)
    for band in out:
        with pytest.raises(ValueError, match=f"{kind} generation does not reach the {band} band "
                                             f"\\(it reaches {', '.join(MODULES[kind].BANDS)}\\)"):
            generate_many(kind, seed=1, band=band.lower())


def test_reached_bands_still_run_out_of_tries_with_a_clear_error() -> None:
    with pytest.raises(BudgetExhausted, match="no Expert sudoku puzzle within 1 tries"):
        generate("sudoku", seed=1003, band="Expert", max_tries=1)  # its first try is Easy


# --- Puzzle.info is hashable ------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(MODULES))
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_generated_puzzles_hash_and_write_their_solution(kind: str, seed: int) -> None:
    puzzle = generate(kind, seed=seed, size=(8, 8) if kind == "kakuro" else None)
    assert hash(puzzle) == hash(generate(kind, seed=seed, size=(8, 8) if kind == "kakuro" else None))
    for _, value in puzzle.info:
        hash(value)
    record = jsonl.to_record(puzzle)
    digits = solve(puzzle).solution
    assert record["solution"] == puzzle.format_solution(digits)  # a list of rows for a Kakuro
    back = jsonl.from_record(record)
    assert back.regions == puzzle.regions and dict(back.info) == dict(puzzle.info)


def test_kakuro_solution_info_is_a_tuple_of_rows() -> None:
    puzzle = generate("kakuro", seed=1)
    rows = puzzle.get_info("solution")
    assert isinstance(rows, tuple) and len(rows) == puzzle.height
    assert puzzle.parse_solution(rows) == solve(puzzle).solution


# --- Killer cages -----------------------------------------------------------------


@cache
def killer(seed: int, merge: bool = False) -> Puzzle:
    return killer_gen.generate(rng_for("killer", seed, 0, 0), merge=merge)


def singles(puzzle: Puzzle) -> int:
    return sum(1 for r in puzzle.regions if r.kind == "cage" and len(r.cells) == 1)


@pytest.mark.parametrize("merge", (False, True))
def test_killers_have_few_one_cell_cages(merge: bool) -> None:
    counts = [singles(killer(seed, merge)) for seed in KILLER_SEEDS]
    assert statistics.median(counts) <= 2
    assert max(counts) <= 4


def test_killer_cage_sizes_look_published() -> None:
    sizes = [len(r.cells) for seed in KILLER_SEEDS for r in killer(seed).regions if r.kind == "cage"]
    per_puzzle = len(sizes) / len(KILLER_SEEDS)
    assert 25 <= per_puzzle <= 36  # the corpus: median 31 cages
    assert sizes.count(2) > sizes.count(3) > sizes.count(4) > sizes.count(5)


@pytest.mark.parametrize("seed", KILLER_SEEDS[:6])
def test_killer_cages_valid_and_unique(seed: int) -> None:
    puzzle = killer(seed)
    digits = puzzle.parse_solution(puzzle.get_info("solution"))
    cages = [r for r in puzzle.regions if r.kind == "cage"]
    assert sorted(c for r in cages for c in r.cells) == list(range(81))
    for r in cages:
        assert 1 <= len(r.cells) <= killer_gen.MAX_CAGE and len(pieces(r.cells)) == 1
        assert len({digits[c] for c in r.cells}) == len(r.cells)
        assert r.total == sum(digits[c] for c in r.cells)
    assert count_solutions(puzzle, limit=2, node_limit=200_000) == 1


def test_absorb_singles_joins_a_lone_cell_to_a_neighbour_without_its_digit() -> None:
    import random

    solution = [1, 2, 3] + [0] * 6 + [1, 5]  # cell 0 (digit 1) touches 1 and 9; cage [9, 10] holds a 1
    out = killer_gen.absorb_singles([[0], [1, 2], [9, 10]], solution, random.Random(0))
    assert sorted(map(sorted, out)) == [[0, 1, 2], [9, 10]]
    assert GRID_CELLS[9] == (1, 0)


def test_split_of_a_big_cage_leaves_no_single_cell() -> None:
    import random

    cage = [0, 1, 2, 3, 4, 5]  # a row of six different digits
    for seed in range(20):
        parts = killer_gen.split([cage], 2, list(range(1, 10)) * 9, random.Random(seed))
        assert sorted(c for part in parts for c in part) == cage
        assert all(len(part) >= 2 and len(pieces(part)) == 1 for part in parts)


# --- big Kakuros --------------------------------------------------------------------


@pytest.mark.parametrize("size,seed", [("20x20", 1), ("20x20", 2), ("30x30", 1)])
def test_big_kakuro_is_unique_at_its_first_try(size: str, seed: int) -> None:
    [(puzzle, tries)] = generate_many("kakuro", seed=seed, size=size, max_tries=2)
    assert tries == 1
    assert (puzzle.width, puzzle.height) == tuple(map(int, size.split("x")))
    assert count_solutions(puzzle, limit=2, node_limit=20_000) == 1
    assert puzzle.parse_solution(puzzle.get_info("solution")) == solve(puzzle, timeout=None).solution
    white = {puzzle.cells[i] for i in range(puzzle.size)}
    assert all(2 <= len(run) <= 9 for run in kakuro_gen.runs(white))
    assert len(white) >= kakuro_gen.MIN_WHITE_FRACTION * (puzzle.height - 1) * (puzzle.width - 1)


def test_big_kakuro_same_seed_same_puzzle() -> None:
    assert generate("kakuro", seed=3, size="20x20") == generate("kakuro", seed=3, size="20x20")
    assert generate("kakuro", seed=3, size="20x20") != generate("kakuro", seed=4, size="20x20")


def test_published_sizes_are_accepted() -> None:
    assert parse_size("46x31") == (31, 46)
    with pytest.raises(ValueError, match="3..46"):
        parse_size("47x10")


def test_ambiguities_find_a_second_solution_only_where_there_is_one() -> None:
    from puzzles import kakuro

    [open_kakuro] = kakuro.parse("#  4\\ 10\\\n\\5 . .\n\\9 . .\n")
    [(part, other)] = kakuro_gen.ambiguities(open_kakuro, (1, 4, 3, 6))
    assert other is not None and open_kakuro.check_solution(other) == []
    assert [i for i in range(4) if other[i] != (1, 4, 3, 6)[i]] == part
    unique = generate("kakuro", seed=5, size=(8, 8))
    assert kakuro_gen.ambiguities(unique, solve(unique).solution) == []
