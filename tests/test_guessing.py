"""Guesses chosen without the solution, followed, and undone when wrong (solver/guessing.py).

The engine guesses the open cell with the fewest candidates and its lowest
digit.  A wrong guess is one ``guess`` step that removes the digit, whose
sub-steps are the guess, the steps made under it and the contradiction; a
right one places the digit and the steps made under it follow.  Replaying
the top-level steps from the start (as the step page and positions do)
ends on the solution.
"""

from __future__ import annotations

import json

from puzzles import read_path, sample
from solver import guessing
from solver.candidates import Candidates
from solver.contract import Context, apply
from solver.engine import GUESS, givens_step, solve_with_logic
from solver.step import Step
from techniques import singles


def replay(puzzle, steps) -> list[int]:
    """The candidates after applying only the top-level steps' effects, as a viewer does."""
    masks = list(Candidates.initial(puzzle).masks)
    for step in steps:
        for cell, digit in step.placements:
            masks[cell] = 1 << digit
        for cell, mask in step.eliminations:
            masks[cell] &= ~mask
    return masks


def corpus_sudokus(corpus):
    return read_path(str(corpus / "sudoku.jsonl"))


def test_wrong_guesses_are_undone_and_recorded(corpus) -> None:
    refuted = 0
    for puzzle in corpus_sudokus(corpus)[:15]:
        solution = puzzle.parse_solution(puzzle.get_info("solution"))
        trace = solve_with_logic(puzzle, singles.TECHNIQUES, timeout=None)  # singles only: guesses galore
        assert trace.status == "solved" and trace.solution == solution
        assert replay(puzzle, trace.steps) == [1 << d for d in solution]
        for step in trace.steps:
            if step.technique != GUESS or step.placements:
                continue
            refuted += 1
            (cell, mask), = step.eliminations
            digit = mask.bit_length() - 1
            assert digit != solution[cell], "a refuted guess removed the solution's digit"
            subs = step.sub_steps
            assert subs[0].technique == guessing.ASSUME and subs[0].placements == ((cell, digit),)
            assert subs[-1].technique == guessing.END and len(subs) >= 2
            name = puzzle.cell_name(cell)
            assert f"undo, so {name} is not {digit}" in step.text and "contradiction" in step.text
            assert Step.from_dict(json.loads(json.dumps(step.to_dict(puzzle))), puzzle) == step
    assert refuted >= 5


def test_a_guess_never_reads_the_solution(corpus) -> None:
    """Without any solution to fall back on, the guesses at the first stall of
    singles still come out right: the search, not the answer, decides."""
    tried = 0
    for puzzle in corpus_sudokus(corpus)[:12]:
        truth = puzzle.parse_solution(puzzle.get_info("solution"))
        ctx = Context(puzzle, Candidates.initial(puzzle), singles.TECHNIQUES)
        ctx.carry_out(givens_step(ctx))
        while ctx.advance() is not None:
            pass
        if ctx.is_done():
            continue
        tried += 1
        for step in guessing.guess(ctx, None, budget=5_000):
            assert all(truth[c] == d for c, d in step.placements)
            assert all(not m >> truth[c] & 1 for c, m in step.eliminations)
            ctx.carry_out(step)
    assert tried >= 3


def test_the_search_is_bounded_and_falls_back_to_the_exact_solution(corpus) -> None:
    puzzle = corpus_sudokus(corpus)[0]
    solution = puzzle.parse_solution(puzzle.get_info("solution"))
    ctx = Context(puzzle, Candidates.initial(puzzle), (), explain=True)  # no technique at all: nothing to follow
    made = guessing.guess(ctx, solution, budget=3)
    assert len(made) == 1 and "cut short" in made[0].text
    (cell, digit), = made[0].placements
    assert digit == solution[cell] and cell == guessing.choose(ctx)[0]


def test_guess_steps_apply_like_any_other() -> None:
    puzzle = sample("sudoku-1")
    ctx = Context(puzzle, Candidates.initial(puzzle), ())
    step = guessing.refuted_step(ctx, 0, 1, guessing.Branch("contradiction", [], "r1c2 has no candidate left"))
    done = apply(ctx, step)
    assert done.technique == GUESS and not ctx.state.masks[0] >> 1 & 1
