"""Soundness oracle for the everyday techniques (sum combinations, intersections,
subsets, Kropki dots, sum comparisons) and the named patterns (fish, wings, almost
locked sets), run with the singles.

Every step must have an effect, remove only current candidates, never remove a
digit of the known solution, and place only solution digits.  Checked over
every corpus puzzle (about 25 s of CPU for the whole corpus) and over
puzzles built solution first by hypothesis, some with derived (virtual) sums
(``SUMLOGIC_EXAMPLES`` sets how many; 40 by default).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import from_record, read_path
from solver.engine import Context, Engine, Work, apply, guess_step
from solver.search import solve
from solver.step import Step
from solver.model import Region
import techniques
from techniques import (als, blocked_fillings, cage_pairs, combination_chains, combinations, comparisons, dots, fish,
                        forcing, house_combos, intersections, seeing, singles, subsets, uniqueness, wings)

from .strategies import greater_killer_records, kakuro_records, killer_records, kropki_records

TECHNIQUES = tuple(sorted(singles.TECHNIQUES + combinations.TECHNIQUES + dots.TECHNIQUES + intersections.TECHNIQUES
                          + seeing.TECHNIQUES + comparisons.TECHNIQUES + subsets.TECHNIQUES
                          + house_combos.TECHNIQUES + cage_pairs.TECHNIQUES + blocked_fillings.TECHNIQUES
                          + combination_chains.TECHNIQUES + forcing.TECHNIQUES
                          + fish.TECHNIQUES + wings.TECHNIQUES + als.TECHNIQUES + uniqueness.TECHNIQUES,
                          key=lambda t: t.level))
KINDS = ("kakuro", "killer", "greater-killer", "kropki", "sudoku")


def check_run(puzzle, solution, *, explain: bool = True, virtual=(), techniques=TECHNIQUES,
              work: Work | None = None) -> tuple[dict, int]:
    """Solve with the techniques through the engine's loop, guessing the solution digit
    when stuck; assert every step, as found and before it is applied, is sound and has
    an effect (``work``: a budget for the searching techniques).  Returns (technique use
    counts, guesses)."""
    def check(ctx: Context, step: Step) -> None:
        masks = ctx.state.masks
        where = f"{puzzle.id}: {step.technique}: {step.text}"
        assert step.placements or step.eliminations, f"{where}: no effect"
        assert bool(step.text) == explain, f"{where}: text in the wrong mode"
        for cell, digit in step.placements:
            assert digit == solution[cell], f"{where}: places {digit} at {puzzle.cell_name(cell)}"
            assert cell not in ctx.placed, f"{where}: {puzzle.cell_name(cell)} is already placed"
        for cell, mask in step.eliminations:
            assert mask and not mask & ~masks[cell], f"{where}: removes a non-candidate at {puzzle.cell_name(cell)}"
            assert not mask >> solution[cell] & 1, (
                f"{where}: removes solution digit {solution[cell]} at {puzzle.cell_name(cell)}")

    # Stuck, the run guesses the solution digit itself (guess_step), as a person checking
    # these techniques would: the engine's own guess follows each guess through a search of
    # nested branches (solver.guessing), which tests nothing here and on puzzles with
    # several solutions (unclued runs) was nine tenths of the CPU.
    engine = Engine(techniques, explain=explain, timeout=None, max_steps=5000, observe=check, guess=False)
    # From the puzzle's start: the context can ask the exact solver whether the puzzle has one
    # solution, so the uniqueness techniques run on the corpus's (unique) puzzles and stay
    # silent on generated ones with several solutions.
    ctx = engine.start(puzzle)
    if work is not None:
        ctx.work = work
    for region in virtual:
        ctx.add_virtual(region)
    used: dict[str, int] = {}
    guesses = 0
    opening = True
    while True:
        run = engine.run(ctx, opening=opening)
        opening = False
        for step in run:
            if step.technique != "givens":
                used[step.technique] = used.get(step.technique, 0) + 1
        if run.status != "stuck" or ctx.is_done() or ctx.is_broken():
            break
        made = apply(ctx, guess_step(ctx, tuple(solution)))
        guesses += 1
        used[made.technique] = used.get(made.technique, 0) + 1
    assert run.status == "solved", f"{puzzle.id}: the run ended {run.status}"
    assert ctx.is_done() and tuple(ctx.state.values()) == tuple(solution)
    return used, guesses


def corpus_sample(corpus, kind: str, count: int | None):
    path = corpus / f"{kind}.jsonl"
    if not path.is_file():
        pytest.fail(f"corpus file {path} is missing")
    puzzles = read_path(str(path))
    if count is None or len(puzzles) <= count:
        return puzzles
    step = len(puzzles) / count
    return [puzzles[int(i * step)] for i in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_whole_corpus_is_sound(kind, corpus):
    puzzles = corpus_sample(corpus, kind, None)
    by_logic = 0
    for i, puzzle in enumerate(puzzles):
        _, guesses = check_run(puzzle, puzzle.parse_solution(puzzle.get_info("solution")), explain=i % 2 == 0)
        by_logic += guesses == 0
    if kind in ("kakuro", "kropki"):  # these families alone solve most of them without a guess
        assert by_logic >= 0.8 * len(puzzles)


# --- generated puzzles --------------------------------------------------------------------
@st.composite
def virtual_sums(draw, size: int, solution) -> list[Region]:
    """A few true sums over random cells (distinct only when the solution digits differ)."""
    out = []
    for k in range(draw(st.integers(0, 3))):
        cells = sorted(draw(st.sets(st.integers(0, size - 1), min_size=2, max_size=min(5, size))))
        digits = [solution[c] for c in cells]
        distinct = len(set(digits)) == len(digits) and draw(st.booleans())
        out.append(Region(f"derived sum {k + 1}", tuple(cells), total=sum(digits), distinct=distinct, kind="virtual"))
    return out


@st.composite
def loose_kropki_records(draw) -> dict:
    """A Kropki without the negative rule: only some dots shown."""
    record = draw(kropki_records())
    record["white"] = [p for p in record["white"] if draw(st.booleans())]
    record["black"] = [p for p in record["black"] if draw(st.booleans())]
    record["negative"] = False
    return record


RECORDS = st.one_of(kakuro_records(), kakuro_records(hidden_totals=True), killer_records(),
                    killer_records(hidden_totals=True), killer_records(loose=True), kropki_records(),
                    loose_kropki_records(), greater_killer_records())


EXAMPLES = int(os.environ.get("SUMLOGIC_EXAMPLES", "40"))


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), RECORDS, st.booleans())
def test_generated_puzzles_are_sound(data, record, explain):
    puzzle = from_record(record)
    solution = puzzle.parse_solution(record["solution"])
    virtual = data.draw(virtual_sums(puzzle.size, solution))
    check_run(puzzle, solution, explain=explain, virtual=virtual)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kakuro_records(hidden_totals=True), st.booleans())
def test_kakuros_with_unclued_runs_are_sound_under_every_technique(record, explain):
    """Runs without a printed total still hold different digits; every default technique
    (cut vertices, innies, contradictions...) must treat them as distinct and unsummed."""
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), explain=explain,
              techniques=techniques.DEFAULT, work=Work(20000))


@pytest.mark.parametrize("kind", ["sudoku", "killer", "kropki", "kakuro"])
def test_generated_unique_puzzles_are_sound_with_uniqueness(kind):
    """Puzzles from our generator (proved unique): every technique, uniqueness included."""
    import sumlogic

    for index in range(3 if kind == "sudoku" else 2):
        puzzle = sumlogic.generate(kind, seed=11, index=index)
        solution = solve(puzzle, timeout=None).solution
        check_run(puzzle, solution, techniques=techniques.DEFAULT, work=Work(5000))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sudoku", "killer", "kropki", "kakuro"])
def test_many_generated_unique_puzzles_are_sound(kind):
    import sumlogic

    for index in range(40):
        puzzle = sumlogic.generate(kind, seed=29, index=index)
        check_run(puzzle, solve(puzzle, timeout=None).solution, explain=index % 2 == 0,
                  techniques=techniques.DEFAULT, work=Work(20000))


# --- a late technique first in the order ------------------------------------------------------
#: The late techniques (tried last before trial, top level only) that the default order
#: seldom reaches: id -> (the techniques put first, the work budget of a run, every how
#: many corpus puzzles one is run, the fewest steps of the technique those Killer runs
#: must make).  First in the order they run at every step and meet positions the default
#: order never gives them.
FIRST = {
    "combination-chain": (combination_chains.TECHNIQUES, 800, slice(7, None, 40), 0),
    "forcing-net": (forcing.TECHNIQUES, 3000, slice(3, None, 20), 2),
}


def first_in_order(name: str) -> tuple:
    """:data:`techniques.DEFAULT` with the techniques of ``FIRST[name]`` moved to the front."""
    first = FIRST[name][0]
    return first + tuple(t for t in techniques.DEFAULT if t not in first)


@pytest.mark.slow
@pytest.mark.parametrize("name", FIRST)
@settings(max_examples=9, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.one_of(killer_records(max_cage=4), greater_killer_records()))
def test_late_techniques_first_on_generated_killers(name, record):
    """Generated Killers (small cages, so the late techniques have work) and Greater Killers."""
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), techniques=first_in_order(name),
              work=Work(FIRST[name][1]))


@pytest.mark.slow
@pytest.mark.parametrize("name", FIRST)
@pytest.mark.parametrize("kind", ["killer", "kakuro"])
def test_late_techniques_first_on_corpus_puzzles(kind, name, corpus):
    _, work, every, least = FIRST[name]
    fired = 0
    for puzzle in read_path(str(corpus / f"{kind}.jsonl"))[every]:
        used, _ = check_run(puzzle, puzzle.parse_solution(puzzle.get_info("solution")),
                            techniques=first_in_order(name), work=Work(work), explain=False)
        fired += used.get(name, 0)
    if kind == "killer":
        assert fired >= least
