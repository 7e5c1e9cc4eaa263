"""Generated Greater Killers (``sumlogic generate greater-killer``): reproducible
from their seed, unique by the exact solver, every total and relation true in
the solution, relations only between touching cages and none removable;
``--needs sum-comparison`` and ``--needs relation-check`` give puzzles whose
fresh explained path uses them; the JSON Lines notation carries them; bad
arguments are one line.

Every check is bounded by counts (tries, search nodes, work units), never by
the clock; the seeds are ones whose first tries succeed, so each case is quick.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

import sumlogic
from puzzles import read_text, write_text
from puzzles.generate import greater_killer as gk_gen
from puzzles.generate import rng_for
from puzzles.generate.base import GO_ON, PUT_BACK, Found, Rejected
from puzzles.generate.killer import neighbours
from solver.engine import DEFAULT_BUDGET
from solver.errors import InvalidArgumentError
from solver.model import Puzzle
from solver.search import count_solutions, solve
from sumlogic.generation import generate_many
from sumlogic.grading import grade
from techniques import BY_ID

from .test_generate import cli

KIND = "greater-killer"
NODES = 200_000
"""Search nodes an exact-solver check here may use (a count, not seconds)."""
MAX_TRIES = 20
"""Tries a needs case may use: a bound well above what its seed needs (measured: 1 to 4)."""


@cache
def made(seed: int) -> Puzzle:
    return sumlogic.generate(KIND, seed=seed)


def cages(puzzle: Puzzle) -> list[int]:
    return [i for i, r in enumerate(puzzle.regions) if r.kind == "cage"]


def holds(a: int, op: str, b: int) -> bool:
    return {"<": a < b, "=": a == b, ">": a > b}[op]


def test_a_seed_gives_the_same_puzzle_every_run() -> None:
    first = made(1)
    assert sumlogic.generate(KIND, seed=1) == first and first.id == "greater-killer/generated/seed-1-0"
    assert sumlogic.generate(KIND, seed=2) != first
    # the generator itself, from the same random stream, draws the same puzzle
    assert gk_gen.generate(rng_for(KIND, 5, 0, 0)) == gk_gen.generate(rng_for(KIND, 5, 0, 0))


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_unique_by_the_exact_solver_and_its_solution_is_the_one_in_info(seed: int) -> None:
    p = made(seed)
    result = solve(p, timeout=None, node_limit=NODES)
    assert result.status == "solved"
    assert tuple(result.solution) == p.parse_solution(p.get_info("solution"))
    assert p.get_info("unique") is True and p.get_info("source") == "sumlogic generate"


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_totals_and_relations_hold_in_the_solution(seed: int) -> None:
    p = made(seed)
    solution = p.parse_solution(p.get_info("solution"))
    caged = cages(p)
    covered = sorted(c for i in caged for c in p.regions[i].cells)
    assert covered == list(range(81))  # the cages cover the grid, each cell once
    assert not any(p.givens)
    sums = {i: sum(solution[c] for c in p.regions[i].cells) for i in caged}
    hidden = {i for i in caged if p.regions[i].total is None}
    for i in caged:
        region = p.regions[i]
        assert len({solution[c] for c in region.cells}) == len(region.cells) <= 6
        assert region.total is None or region.total == sums[i]
    assert hidden and p.comparisons
    for comp in p.comparisons:
        assert holds(sums[comp.left], comp.op, sums[comp.right]), comp
        left, right = p.regions[comp.left].cells, p.regions[comp.right].cells
        assert any(n in right for c in left for n in neighbours(c)), "a relation joins touching cages"
        assert comp.left in hidden or comp.right in hidden, "a relation between two shown totals says nothing"
    pairs = [frozenset((c.left, c.right)) for c in p.comparisons]
    assert len(set(pairs)) == len(pairs)


@pytest.mark.parametrize("seed", (2, 5))  # seeds whose puzzles keep several relations
def test_no_relation_can_be_removed(seed: int) -> None:
    p = made(seed)
    assert len(p.comparisons) > 1
    for k in range(len(p.comparisons)):
        fewer = dataclasses.replace(p, comparisons=p.comparisons[:k] + p.comparisons[k + 1:])
        assert count_solutions(fewer, 2, node_limit=NODES) == 2, p.comparisons[k]


def test_a_probe_sees_each_hidden_total_and_may_take_it() -> None:
    seen: list[Puzzle] = []

    def take_second(puzzle: Puzzle) -> str | None:
        seen.append(puzzle)
        return None if len(seen) == 2 else GO_ON

    with pytest.raises(Found) as found:
        gk_gen.generate(random.Random(4), probe=take_second)
    taken = found.value.puzzle
    assert taken is seen[1] and taken.kind == KIND
    hidden = [i for i in cages(taken) if taken.regions[i].total is None]
    assert len(hidden) == 2 and len(taken.comparisons) == 2  # each total hidden on the way came with a relation
    assert solve(taken, timeout=None, node_limit=NODES).status == "solved"


def test_a_probe_that_puts_every_total_back_leaves_no_greater_killer() -> None:
    with pytest.raises(Rejected) as rejected:
        gk_gen.generate(random.Random(4), probe=lambda puzzle: PUT_BACK)
    assert rejected.value.word == gk_gen.NO_RELATION


@pytest.mark.parametrize("seed", (2, 3, 4))  # Expert, Medium, Medium: cheap to explain
def test_explained_soundly_to_its_solution(seed: int) -> None:
    from solver.engine import solve_with_logic
    from techniques import DEFAULT
    from tests.oracle import wrong_effects

    p = made(seed)
    solution = p.parse_solution(p.get_info("solution"))
    trace = solve_with_logic(p, DEFAULT, timeout=None, budget=DEFAULT_BUDGET)
    assert trace.status == "solved" and tuple(trace.solution) == solution
    assert [w for step in trace.steps for w in wrong_effects(step, solution)] == []


@pytest.mark.parametrize("technique, seed, hardest", [
    ("sum-comparison", 1, False), ("relation-check", 2, False), ("relation-check", 1, True)])
def test_needs_gives_a_unique_puzzle_whose_fresh_path_uses_it(technique: str, seed: int, hardest: bool) -> None:
    [(p, tries)] = generate_many(KIND, seed=seed, needs=technique, hardest=hardest, max_tries=MAX_TRIES)
    assert p.kind == KIND and tries <= MAX_TRIES and p.comparisons
    assert count_solutions(p, 2, node_limit=NODES) == 1
    trace = sumlogic.explain(p, budget=DEFAULT_BUDGET, timeout=None, explain=False)
    used = trace.techniques_used()
    assert trace.status == "solved" and technique in used
    if hardest:  # nothing of a higher level than the technique's
        assert max(BY_ID[t].level for t in used if t in BY_ID) <= BY_ID[technique].level, used
    assert p.get_info("difficulty") == f"needs {technique}" + (" (nothing harder)" if hardest else "")
    again = sumlogic.generate(KIND, seed=seed, needs=[technique], hardest=hardest, max_tries=MAX_TRIES)
    assert again == p


# (band, seed): puzzle 0 of the seed is in the band at its first try (found by measuring).
REACHED = [("Medium", 3), ("Hard", 50), ("Expert", 2), pytest.param("Extreme", 15, marks=pytest.mark.slow),
           ("Needs-guessing", 27)]


@pytest.mark.parametrize("band, seed", REACHED)
def test_each_claimed_band_is_reached_and_graded(band: str, seed: int) -> None:
    [(p, tries)] = generate_many(KIND, seed=seed, band=band, max_tries=1)
    assert tries == 1 and grade(p).band == band and p.get_info("difficulty") == band


def test_every_band_claimed_has_a_case_here() -> None:
    from sumlogic.grading import BAND_ORDER

    cases = [case.values[0] if hasattr(case, "values") else case[0] for case in REACHED]
    assert cases == list(gk_gen.BANDS) == sorted(gk_gen.BANDS, key=BAND_ORDER.index)


# --- notations ----------------------------------------------------------------------


def test_jsonl_round_trip_keeps_cages_totals_relations_and_solution() -> None:
    p = made(1)
    text = write_text([p], "jsonl")
    [back] = read_text(text, format="jsonl")
    assert (back.regions, back.comparisons, back.givens, back.id) == (p.regions, p.comparisons, p.givens, p.id)
    assert dict(back.info) == dict(p.info) and write_text([back], "jsonl") == text
    [detected] = read_text(text)  # the play page reads it with no notation named
    assert detected.kind == KIND and detected.comparisons == p.comparisons
    assert sumlogic.parse(sumlogic.write(p, "jsonl")).comparisons == p.comparisons


@pytest.mark.parametrize("notation", ["killer", "fpuzzles", "sudokupad"])
def test_notations_without_relations_refuse_it_in_one_line(notation: str) -> None:
    with pytest.raises(Exception) as caught:
        write_text([made(1)], notation)
    assert "\n" not in str(caught.value) and str(caught.value)


# --- the command line and the API -----------------------------------------------------


def test_cli_writes_json_lines_that_read_back() -> None:
    code, out, _ = cli(KIND, "--seed", "1", "--count", "2")
    assert code == 0 and len(out.splitlines()) == 2
    first, second = read_text(out)
    assert first.regions == made(1).regions and first.comparisons == made(1).comparisons
    assert second.id == "greater-killer/generated/seed-1-1"
    assert second.comparisons == sumlogic.generate(KIND, seed=1, index=1).comparisons


@pytest.mark.parametrize("argv, words", [
    (["--format", "killer"], "the killer notation cannot hold greater-killer puzzles (use jsonl)"),
    (["--size", "6x6"], "--size applies to kakuro only"),
    (["--band", "Easy"], "greater-killer generation does not reach the Easy band"),
    (["--needs", "kropki-dots"], "a greater-killer cannot need kropki-dots (it applies to kropki only)"),
    (["--needs", "sum-comparisons"], "unknown technique sum-comparisons"),
    (["--max-tries", "0"], "--max-tries 0: must be 1 or more"),
])
def test_cli_bad_arguments_are_one_line(argv: list[str], words: str) -> None:
    code, out, err = cli(KIND, *argv)
    assert code == 2 and out == ""
    first, *rest = err.splitlines()
    assert first.startswith("sumlogic generate: ") and words in first, first
    assert rest == ["hint: see 'sumlogic generate --help'"]


def test_api_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^generate\(\): a size applies to kakuro only"):
        sumlogic.generate(KIND, size="6x6")
    with pytest.raises(InvalidArgumentError, match="a greater-killer cannot need cut-vertex"):
        sumlogic.generate(KIND, needs="cut-vertex")
    with pytest.raises(InvalidArgumentError, match="does not reach the Easy band"):
        sumlogic.generate(KIND, band="easy")
