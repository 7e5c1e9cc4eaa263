"""Forcing nets (issue 27): a choice of two to four cases (a cell's candidates, a
digit's places in a house, a sum's combinations), each case followed with the
techniques, and what every case removes removed.  Hand-made 9x9 grids that must
fire with exactly the expected eliminations, near misses where the cases disagree
or only one case is live, the allowance of fruitless follows, the shown chains
replayed on their own, and the time estimate's count of the cases' chains.  The
technique first in the order on generated and corpus puzzles: tests/test_tech_soundness.py."""

from __future__ import annotations

import random


import techniques
from solver.bits import mask_of
from solver.candidates import Candidates
from puzzles.generate import killer
from solver.engine import Context, Work
from solver.search import solve
from sumlogic.estimate import MoveCounter
from techniques import forcing
from techniques.contradiction import ASSUME, END, inner_techniques
from techniques.forcing import ALLOWANCE, CASE, CASE_END, SPENT, Source, find_forcing_nets, net_length
from techniques.relevance import replayed

from .test_tech_catalogue import FULL, cell, grid, setting
from .test_tech_soundness import check_run


def ctx_for(puzzle, masks, *, explain: bool = True, order=techniques.DEFAULT) -> Context:
    return Context(puzzle, Candidates(puzzle, masks), order, explain=explain)


def elims(names, digits) -> tuple:
    return tuple((cell(n), mask_of(digits)) for n in sorted(names, key=cell))


# --- a cell's two candidates ------------------------------------------------------------------
# r1c1 is 1 or 2; r1c5 is 1 or 3 (row 1), r5c1 is 2 or 3 (column 1): either case puts a 3 where r5c5 sees it.
def _wing(**cells) -> list[int]:
    return setting(setting([FULL] * 81, r1c1=[1, 2], r1c5=[1, 3], r5c1=[2, 3]), **cells)


def test_a_cells_two_candidates_remove_the_same_digit():
    p = grid([])
    [step] = list(find_forcing_nets(ctx_for(p, _wing())))
    assert step.technique == "forcing-net" and step.level == 7
    assert step.eliminations == elims(["r5c5"], [3])
    assert step.text == ("r1c1 is 1 or 2. If r1c1 is 1, then (after 1 step) r5c5 is not 3; if r1c1 is 2, then "
                         "(after 1 step) r5c5 is not 3; so r5c5 is not 3 in every case.")
    assert [s.technique for s in step.sub_steps] == [CASE, "naked-single", CASE_END, CASE, "naked-single", CASE_END]
    assert step.cells == (cell("r1c1"),)
    # A hint shows the choice (r1c1's 1 and 2), not what it removes.
    assert step.candidates == ((cell("r1c1"), mask_of([1, 2])),) + step.eliminations


def test_the_screen_propagates_a_placement_once_however_many_sources_share_it(monkeypatch):
    p = grid([])
    ctx = ctx_for(p, _wing())
    everything = forcing.sources(ctx)
    real = forcing.propagator(p)
    calls: list[tuple] = []

    class Counting:
        def propagate(self, masks, cells=None):
            calls.append(tuple(cells or ()))
            return real.propagate(masks, cells) if cells is not None else real.propagate(masks)

    monkeypatch.setattr(forcing, "propagator", lambda puzzle: Counting())
    found = forcing.screen(ctx)
    placements = {case[0] for s in everything if s.kind != "sum" for case in s.case_masks(ctx.state.masks)}
    assert len(calls) == 1 + len(placements)  # the state itself, then each placement once
    assert sum(len(s.options) for s in everything) > len(placements)  # sources do share placements
    assert [entry[0] for entry in found][:1] == [Source("cell", (cell("r1c1"),), (1, 2))]


def test_cases_that_disagree_remove_nothing():
    # r5c1 is 2 or 4: if r1c1 is 2, the 3 lands nowhere r5c5 sees.
    p = grid([])
    assert list(find_forcing_nets(ctx_for(p, _wing(r5c1=[2, 4])))) == []


def test_one_live_case_is_left_to_contradiction():
    # r1c1 = 2 empties r5c1 (it is 2 or nothing else): one case is dead, so this is a supposition, not a choice.
    p = grid([])
    masks = setting([FULL] * 81, r1c1=[1, 2], r5c1=[2], r9c1=[2, 3])
    assert [entry for entry in forcing.screen(ctx_for(p, masks)) if entry[0].cells == (cell("r1c1"),)] == []


# r1c1 is 1, 2 or 3, and 3 leaves r1c2 and r1c3 (3 or 4 each) both 4: the cases 1 and 2 remove r1c1's 3 by
# their supposition alone, so a net on r1c1 is only the refutation of r1c1 = 3.
def _one_dead_case() -> list[int]:
    return setting([FULL] * 81, r1c1=[1, 2, 3], r1c2=[3, 4], r1c3=[3, 4])


def _refutations_only(monkeypatch, masks: list[int], digits: tuple[int, ...]) -> tuple[list, dict[int, int]]:
    """With r1c1's candidates ``digits`` the only source: the screen passes it over; past the
    screen (its check switched off), the follow finds the same, so no step is taken and the
    follow is spent.  The cases, and the targets."""
    p = grid([])
    monkeypatch.setattr(forcing, "sources", lambda ctx: [Source("cell", (cell("r1c1"),), digits)])
    assert forcing.screen(ctx_for(p, masks)) == []
    within = forcing._within
    monkeypatch.setattr(forcing, "_within", lambda removals, cover: False)
    ctx = ctx_for(p, masks)
    [(source, targets)] = forcing.screen(ctx)
    monkeypatch.setattr(forcing, "_within", within)
    cases, removed = forcing.net(ctx, source, targets)
    assert removed == targets and forcing.only_refutations(ctx, source, cases, removed)
    monkeypatch.setattr(forcing, "screen", lambda ctx: [(source, targets)])
    assert list(find_forcing_nets(ctx)) == [] and ctx.memo[SPENT] == 1
    return cases, targets


def test_one_dead_case_beside_cases_that_remove_by_themselves_is_no_choice(monkeypatch):
    cases, targets = _refutations_only(monkeypatch, _one_dead_case(), (1, 2, 3))
    assert targets == {cell("r1c1"): mask_of([3])}
    assert [case.length for case in cases] == [0, 0, 1] and cases[2].end is not None


# r1c1 is 1, 2, 3 or 4, and r1c2 and r1c3 are 3 or 4: with 3 or with 4 in r1c1 one of them is left with
# nothing.  The cases 1 and 2 remove r1c1's 3 and 4 by their supposition alone, so a net on r1c1 is two
# refutations put side by side, not a choice.
def _two_dead_cases() -> list[int]:
    return setting([FULL] * 81, r1c1=[1, 2, 3, 4], r1c2=[3, 4], r1c3=[3, 4])


def test_two_dead_cases_beside_cases_that_remove_by_themselves_are_no_choice(monkeypatch):
    cases, targets = _refutations_only(monkeypatch, _two_dead_cases(), (1, 2, 3, 4))
    assert targets == {cell("r1c1"): mask_of([3, 4])}
    assert [case.length for case in cases] == [0, 0, 1, 1]
    assert [case.end is not None for case in cases] == [False, False, True, True]


def test_one_dead_case_is_left_to_contradiction_and_a_real_choice_still_nets():
    p = grid([])
    # contradiction-1 refutes r1c1 = 3 with the one step the net's dead case took (r1c2 4, then r1c3 empty).
    ctx = ctx_for(p, _one_dead_case(), order=techniques.singles.TECHNIQUES + techniques.contradiction.TECHNIQUES)
    step = next(techniques.contradiction.CONTRADICTION_1.find(ctx))
    assert step.eliminations == elims(["r1c1"], [3])
    assert [s.technique for s in step.sub_steps] == [ASSUME, "naked-single", END]
    # r1c2's two cases (3, or 4 with r1c3 then 3) each need r1c1 not 3: a choice of two live cases.
    [net_step] = list(find_forcing_nets(ctx_for(p, _one_dead_case())))
    assert net_step.cells == (cell("r1c2"),)
    assert cell("r1c1") in dict(net_step.eliminations)


# --- a cage's two combinations --------------------------------------------------------------
# cage a (10) in r1c1-r1c2 is 1+9 or 2+8.  If 1+9, r1c1 is 1 and r1c5 (1 or 3) is 3; if 2+8, r1c2 is 8 and
# r5c2 (3 or 8) is 3: r5c5 sees both 3s.
CAGE = [("a", 10, ("r1c1", "r1c2"))]


def _cage(**cells) -> list[int]:
    return setting(setting([FULL] * 81, r1c1=[1, 2], r1c2=[8, 9], r1c5=[1, 3], r5c2=[3, 8]), **cells)


def test_a_cages_two_combinations_are_a_source_with_their_own_cases():
    p = grid(CAGE)
    ctx = ctx_for(p, _cage())
    sums = [s for s in forcing.sources(ctx) if s.kind == "sum"]
    assert [(s.region.name, s.options) for s in sums] == [("cage a", (mask_of([1, 9]), mask_of([2, 8])))]
    [entry] = [e for e in forcing.screen(ctx) if e[0] == sums[0]]
    assert entry[1] == dict(elims(["r5c5"], [3]))
    cases, removed = forcing.net(ctx, sums[0], entry[1])
    assert removed == dict(elims(["r5c5"], [3])) and len(cases) == 2
    assert cases[0].steps[0].eliminations == elims(["r1c1"], [2]) + elims(["r1c2"], [8])
    assert sums[0].claim(ctx) == "Cage a (10) is 1+9 or 2+8"


def test_combinations_that_put_their_3s_apart_remove_nothing():
    p = grid(CAGE)
    assert list(find_forcing_nets(ctx_for(p, _cage(r5c2=[4, 8])))) == []


# --- a digit's two places in a row ------------------------------------------------------------
# Row 4's 7 is in r4c2 or r4c8.  r5c2 is 3 or 7 and r6c8 is 3 or 7: with 7 in r4c2, r5c2 is 3; with 7 in
# r4c8, r6c8 is 3.  Either way a 3 lands in box 4 (row 5) or box 6 (row 6): r5c7-9 and r6c1-3 see both.
def _places() -> list[int]:
    masks = setting([FULL] * 81, r5c2=[3, 7, 9], r6c8=[3, 7, 9], r5c3=[1, 2, 9], r6c7=[1, 2, 9])
    for c in range(1, 10):
        if c not in (2, 8):
            masks[cell(f"r4c{c}")] &= ~mask_of([7])
    return masks


def test_a_digits_two_places_in_a_row_are_a_source():
    p = grid([])
    ctx = ctx_for(p, _places())
    row = next(r for r in p.regions if r.name == "row 4")
    assert Source("place", (cell("r4c2"), cell("r4c8")), (cell("r4c2"), cell("r4c8")), row, 7) \
        in forcing.sources(ctx)


def test_a_digits_two_places_remove_the_same_candidates():
    p = grid([])
    masks = setting(_places(), r5c2=[3, 7], r6c8=[3, 7])
    ctx = ctx_for(p, masks)
    [step] = list(find_forcing_nets(ctx))
    threes = ["r5c7", "r5c8", "r5c9", "r6c1", "r6c2", "r6c3"]
    assert step.eliminations == elims(threes, [3])
    # More than two cells: the removals are said once, then how each case reaches them.
    assert ". In every case r5c7, r5c8, r5c9, r6c1, r6c2 and r6c3 are not 3. If " in step.text
    assert step.text.count("that follows") == 2


# --- where it runs, and what it spends --------------------------------------------------------
def test_forcing_nets_stay_out_of_suppositions():
    p = grid([])
    ctx = Context(p, Candidates(p, _wing()), techniques.DEFAULT, depth=1)
    assert list(find_forcing_nets(ctx)) == []


def test_the_same_step_in_fast_mode():
    p = grid(CAGE)
    [slow] = list(find_forcing_nets(ctx_for(p, _cage())))
    [fast] = list(find_forcing_nets(ctx_for(p, _cage(), explain=False)))
    assert slow.eliminations == elims(["r5c5"], [3])
    assert fast.eliminations == slow.eliminations and fast.text == ""
    assert [s.technique for s in fast.sub_steps] == [CASE, CASE]


def test_the_allowance_is_spent_only_by_fruitless_follows():
    p = grid([])
    # With no other technique a case cannot even place its naked singles: each source the screen passes
    # is followed for nothing.
    ctx = ctx_for(p, _wing(), order=forcing.TECHNIQUES)
    passed = len(forcing.screen(ctx))
    assert passed >= 2
    assert list(find_forcing_nets(ctx)) == []
    assert ctx.memo[SPENT] == passed
    # Nearly spent: one more follow, then it stops.
    ctx = ctx_for(p, _wing(), order=forcing.TECHNIQUES)
    ctx.memo[SPENT] = ALLOWANCE - 1
    assert list(find_forcing_nets(ctx)) == [] and ctx.memo[SPENT] == ALLOWANCE
    # An empty screen costs nothing.
    ctx = ctx_for(p, _wing(r5c1=[2, 4]))
    assert list(find_forcing_nets(ctx)) == [] and SPENT not in ctx.memo
    # Spent: nothing is followed, even where a net is there.
    ctx = ctx_for(p, _wing())
    ctx.memo[SPENT] = ALLOWANCE
    assert list(find_forcing_nets(ctx)) == []


def test_each_shown_chain_replayed_alone_still_removes_the_steps_candidates():
    for p, masks in ((grid(CAGE), _cage()), (grid([]), _wing())):
        ctx = ctx_for(p, masks)
        [step] = list(find_forcing_nets(ctx))
        inner = inner_techniques(ctx, 1)
        chains, chain = [], []
        for sub in step.sub_steps:
            if sub.technique in (CASE_END, END):
                chains.append(chain)
                chain = []
            else:
                chain.append(sub)
        assert len(chains) == 2
        for chain in chains:
            fork = replayed(ctx, chain, range(1, len(chain)), inner)
            assert fork is not None
            assert not any(fork.state.masks[c] & m for c, m in step.eliminations)


def test_the_time_estimate_counts_every_cases_chain():
    p = grid(CAGE)
    ctx = ctx_for(p, _cage())
    [step] = list(find_forcing_nets(ctx))
    length = net_length(ctx, step, 5000)
    shown = sum(1 for s in step.sub_steps if s.technique not in (CASE, CASE_END, END))
    assert length is not None and length >= shown >= 2
    moves, chain, *_ = MoveCounter().moves(ctx, step)
    assert (moves, chain) == (1, length)


def test_a_generated_killer_that_needed_a_contradiction_needs_none():
    # Seed 11164 of puzzles.generate.killer: without forcing nets its path takes a contradiction-1.
    puzzle = killer.generate(random.Random(11164))
    solution = solve(puzzle).solution
    without = tuple(t for t in techniques.DEFAULT if t not in forcing.TECHNIQUES)
    used, guesses = check_run(puzzle, solution, techniques=without, work=Work(60000), explain=False)
    assert used.get("contradiction-1", 0) >= 1
    used, guesses = check_run(puzzle, solution, techniques=techniques.DEFAULT, work=Work(60000), explain=False)
    assert used.get("forcing-net", 0) >= 1
    assert not any(t.startswith("contradiction") for t in used) and guesses == 0


# Soundness with the technique first in the order, on generated and corpus puzzles:
# tests/test_tech_soundness.py (test_late_techniques_first_*).
