"""Contradiction chains show only the steps their dead end needs (techniques.relevance)."""

from __future__ import annotations

import pytest

from puzzles import read_path
from solver.candidates import Candidates
from solver.engine import Context, Work, apply, givens_step, next_step
from solver.step import Step
from techniques import DEFAULT
from techniques.contradiction import ASSUME, END, chase
from techniques.dead_ends import DeadEnd, dead_end
from techniques.relevance import effects, premises, prune, relevant


def single(cell: int, digit: int, *, peers: tuple[int, ...] = ()) -> Step:
    return Step("naked-single", "Naked single", 1, placements=((cell, digit),),
                eliminations=tuple((p, 1 << digit) for p in peers), cells=(cell,))


def test_a_step_that_touches_nothing_the_dead_end_needs_is_left_out():
    # 0=1 takes 1 from cell 2; 5=3 takes 3 from cell 6; the dead end is at cell 2.
    chain = [single(0, 1, peers=(2,)), single(5, 3, peers=(6,))]
    assert relevant(chain, {2}) == [0]
    # Cell 2's emptiness needed cell 0's placement, which needed cell 0's other digits:
    # a step that took those away counts too, one that took cell 0's own digit does not matter.
    before = [Step("sum-combinations", "Sum combinations", 2, eliminations=((0, 1 << 4),), cells=(0,)),
              Step("sum-combinations", "Sum combinations", 2, eliminations=((7, 1 << 4),), cells=(7,))]
    assert relevant(before + chain, {2}) == [0, 2]


def test_a_nested_contradiction_keeps_every_step_before_it():
    nested = Step("contradiction-1", "Contradiction (depth 1)", 7, eliminations=((3, 1 << 2),), cells=(3,))
    chain = [single(5, 3, peers=(6,)), single(7, 4, peers=(8,)), nested]
    assert relevant(chain, {3}) == [0, 1, 2]


def test_premises_are_exact_for_singles_and_box_line_steps():
    naked = single(4, 7)
    assert premises(naked, 9) == {(4, d) for d in range(1, 10) if d != 7}
    assert effects(naked, 9) == premises(naked, 9)
    house = tuple(range(9))
    hidden = Step("hidden-single", "Hidden single", 1, placements=((3, 5),), regions=(("row 1", house),))
    assert premises(hidden, 9) == {(c, 5) for c in house if c != 3}
    box, line = (0, 1, 2, 9, 10, 11, 18, 19, 20), house
    pointing = Step("pointing", "Pointing", 3, eliminations=((5, 1 << 6),), cells=(0, 1),
                    regions=(("box 1", box), ("row 1", line)), candidates=((0, 1 << 6), (1, 1 << 6)))
    assert premises(pointing, 9) == {(c, 6) for c in box if c not in (0, 1)}


def _solve_checking_chains(puzzle, max_steps: int) -> tuple[int, int]:
    """Solve with the default techniques; for every contradiction step compare the
    shown chain with the full one.  Returns (chains, chains shortened)."""
    ctx = Context(puzzle, Candidates.initial(puzzle), DEFAULT, explain=True, work=Work(60_000))
    opening = givens_step(ctx)
    if opening is not None:
        apply(ctx, opening)
    chains = shorter = 0
    for _ in range(max_steps):
        if ctx.is_done():
            break
        step = next_step(ctx)
        assert step is not None
        if step.technique.startswith("contradiction"):
            shown = step.sub_steps
            assert shown[0].technique == ASSUME and shown[-1].technique == END
            (cell, digit), = shown[0].placements
            depth = int(step.technique.rsplit("-", 1)[1])
            full = chase(ctx, cell, digit, depth, explain=True, work=Work())
            assert full is not None
            # The shown chain is the full one with steps left out, never reordered or changed ...
            position = iter(full.steps)
            assert all(any(s == f for f in position) for s in shown[:-1])
            # ... and on its own it still reaches the dead end.
            fork = ctx.fork(explain=False)
            for sub in shown[:-1]:
                apply(fork, sub)
            assert dead_end(fork) is not None
            chains += 1
            shorter += len(shown) - 1 < len(full.steps)
        apply(ctx, step)
    return chains, shorter


@pytest.mark.slow
def test_shown_chains_are_confirmed_and_often_shorter(corpus):
    chains = shorter = 0
    puzzles = {p.id: p for p in read_path(str(corpus / "killer.jsonl"))}
    # tarek/02 and /08: 16 and 5 chains in their first 120 steps (tarek/06, used before, has 2
    # since forcing nets take five cases)
    for pid in ("killer/iss-tarek/02", "killer/iss-tarek/08"):
        c, s = _solve_checking_chains(puzzles[pid], max_steps=120)
        chains += c
        shorter += s
    assert chains >= 10 and shorter >= chains // 4


def test_an_unconfirmed_pruning_keeps_the_whole_chain():
    # A made-up step that no technique would find: pruning falls back to the full chain.
    from puzzles import sample

    p = sample("sudoku-1")
    ctx = Context(p, Candidates.initial(p), DEFAULT)
    apply(ctx, givens_step(ctx))
    cell = next(c for c, m in enumerate(ctx.state.masks) if m.bit_count() > 2)
    digit = ctx.state.digits(cell)[0]
    other = ctx.state.digits(cell)[1]
    suppose = Step(ASSUME, "Supposition", 7, placements=((cell, digit),), cells=(cell,))
    bogus = Step("hidden-single", "Hidden single", 1, placements=((cell, other),), cells=(cell,),
                 regions=(("row 1", tuple(range(9))),))
    idle = Step("naked-single", "Naked single", 1, placements=((80, 1),), cells=(80,))
    chain = [suppose, bogus, idle]
    end = DeadEnd(f"{p.cell_name(cell)} would have no candidate left", (cell,))
    assert prune(ctx, chain, end, DEFAULT) == chain
