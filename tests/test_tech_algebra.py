"""Innies and outies, cage splitting and cut vertices (techniques/algebra.py, innies.py, cutvertex.py).

Hand-checked cases that must fire with exactly the expected effects, cases
that must not fire, the equation checker against brute force, and the
soundness oracle: every derived equation holds for the true solution, and
no step removes a solution digit, over corpus samples and hypothesis
puzzles.  Every equation of every corpus puzzle is checked, and half the
corpus (every other puzzle, about 15 s of CPU) is solved with the cheaper
families and the algebra (``python tests/test_tech_algebra.py`` reports on
all of it).
"""

from __future__ import annotations

import os
import random
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import from_record, read_path, read_text, sample
from puzzles.greater_killer import build as build_cages
from puzzles.killer import Cage
from solver.bits import digits_of, mask_of
from solver.candidates import Candidates
from solver.engine import Context, Engine
from solver.model import Puzzle
from techniques import algebra, cutvertex, innies, singles
from techniques.algebra import equation_step, make_equation, supports
from techniques.cutvertex import cut_equations, find_cut_vertex, kakuro_equations
from techniques.innies import find_cage_splitting, find_innies_outies, killer_equations

try:
    from .oracle import wrong_effects
    from .strategies import kakuro_records, killer_records
except ImportError:  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from oracle import wrong_effects  # type: ignore[no-redef]
    from strategies import kakuro_records, killer_records  # type: ignore[no-redef]

FULL = mask_of(range(1, 10))
MINE = innies.TECHNIQUES + cutvertex.TECHNIQUES
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A Kakuro whose two 2x2 blocks meet only at r3c4 (across 12 on the left, down 11 on the right).
BRIDGE = ("#  4\\  6\\  #  #\n"
          "\\3  .  .  11\\  #\n"
          "\\12  .  .  .  4\\\n"
          "#  #  \\3  .  .\n"
          "#  #  \\7  .  .\n")


def ctx_for(puzzle: Puzzle, masks=None, *, explain: bool = True) -> Context:
    state = Candidates.initial(puzzle) if masks is None else Candidates(puzzle, masks)
    return Context(puzzle, state, singles.TECHNIQUES + MINE, explain=explain)


def row(r: int, cols) -> tuple[tuple[int, int], ...]:
    return tuple((r, c) for c in cols)


def cell(p: Puzzle, name: str) -> int:
    return p.cell_at(name)


# --- innies and outies ------------------------------------------------------------------------
def one_innie_puzzle() -> Puzzle:
    # row 1: cages a (r1c1-r1c4) and b (r1c5-r1c8) inside; cage c (r1c9, r2c9) sticks out.
    return build_cages([Cage("a", 10, row(0, range(4))), Cage("b", 26, row(0, range(4, 8))),
                        Cage("c", 10, ((0, 8), (1, 8)))])


def test_single_innie_is_placed_with_the_arithmetic():
    p = one_innie_puzzle()
    step = next(find_innies_outies(ctx_for(p)))
    assert (step.technique, step.level, step.placements) == ("innies-outies", 5, ((cell(p, "r1c9"), 9),))
    assert step.text == "row 1 totals 45 and the cages wholly inside total 36, so the innie r1c9 = 45 - 36 = 9."
    assert [name for name, _ in step.regions] == ["row 1", "cage a", "cage b"]


def test_single_outie_is_placed():
    p = one_innie_puzzle()
    masks = Candidates.initial(p).masks
    masks[cell(p, "r1c9")] = 1 << 9  # the innie is known: the outie step comes next
    ctx = ctx_for(p, masks)
    ctx.placed.add(cell(p, "r1c9"))
    [step] = [s for s in find_innies_outies(ctx) if s.placements]
    assert step.placements == ((cell(p, "r2c9"), 1),)
    assert step.text == ("row 1 totals 45; the cages wholly inside total 36, and cage c (10) sticks out, "
                         "so the outie r2c9 = 36 + 10 - 45 = 1.")


def two_innies_puzzle() -> Puzzle:
    # row 1: cage a (r1c1-r1c7, 28) inside; cages b (r1c8, r2c8) and c (r1c9, r2c9) stick out.
    return build_cages([Cage("a", 28, row(0, range(7))), Cage("b", 12, ((0, 7), (1, 7))),
                        Cage("c", 10, ((0, 8), (1, 8)))])


def test_two_innies_become_a_distinct_virtual_region():
    p = two_innies_puzzle()
    step = next(find_innies_outies(ctx_for(p)))
    a, b = cell(p, "r1c8"), cell(p, "r1c9")
    assert step.eliminations == ((a, FULL & ~mask_of([8, 9])), (b, FULL & ~mask_of([8, 9])))
    assert step.text == ("row 1 totals 45 and the cages wholly inside total 28, so the innies r1c8 + r1c9 = "
                         "45 - 28 = 17 (they can only be 8+9): r1c8 can't be 1-7 and r1c9 can't be 1-7.")
    [region] = step.derived
    assert (region.cells, region.total, region.distinct, region.kind) == ((a, b), 17, True, "virtual")


def test_a_house_digit_confined_to_innies_joins_their_combinations():
    # Row 1: cages a (r1c1-r1c3, 10) and b (r1c4-r1c6, 20) inside, so r1c7 + r1c8 + r1c9 = 15,
    # which alone rules nothing out.  Box 3 can place 6 only in those three cells, so the
    # innies hold 6: 1+6+8, 2+6+7 or 4+5+6, and 3 and 9 go.
    p = build_cages([Cage("a", 10, row(0, range(3))), Cage("b", 20, row(0, range(3, 6))),
                     Cage("c", 10, ((0, 6), (1, 6))), Cage("d", 10, ((0, 7), (1, 7))),
                     Cage("e", 10, ((0, 8), (1, 8)))])
    masks = [FULL] * 81
    for name in ("r2c7", "r2c8", "r2c9", "r3c7", "r3c8", "r3c9"):
        masks[cell(p, name)] &= ~mask_of([6])
    innie_cells = [cell(p, n) for n in ("r1c7", "r1c8", "r1c9")]
    ctx = ctx_for(p, masks)
    assert equation_step(ctx, make_equation(p, innie_cells, (), 15, "innies-outies", "", (), "")) is None
    [step] = [s for s in find_innies_outies(ctx) if "can only go" in s.text]
    assert (step.technique, step.level) == ("innies-outies", 5)
    assert step.eliminations == tuple((c, mask_of([3, 9])) for c in innie_cells)
    assert step.text == ("row 1 totals 45 and the cages wholly inside total 30, so the innies r1c7 + r1c8 + r1c9 = "
                         "45 - 30 = 15. In box 3, 6 can only go in r1c7, r1c8 and r1c9, all in these cells; so the "
                         "sum holds 6 and must be 1+6+8, 2+6+7 or 4+5+6: r1c7, r1c8 and r1c9 lose 3 and 9.")
    [region] = step.derived
    assert (region.cells, region.total, region.distinct) == (tuple(innie_cells), 15, True)
    # Without the confinement (6 also free in r2c7) nothing of the kind fires.
    masks[cell(p, "r2c7")] |= mask_of([6])
    assert not [s for s in find_innies_outies(ctx_for(p, masks)) if "can only go" in s.text]


def test_innie_minus_outie_removes_digits_without_a_partner():
    p = two_innies_puzzle()
    [eq] = [e for e in killer_equations(p) if e.plus == (cell(p, "r1c9"),) and e.minus == (cell(p, "r2c8"),)]
    assert eq.value == 5 and eq.technique == "innies-outies"  # r1c8 + r1c9 = 17 and r1c8 + r2c8 = 12
    assert eq.reason == ("row 1 totals 45; the cages wholly inside total 28, and cage b (12) sticks out, "
                         "so innies minus outies: r1c9 - r2c8 = 45 - 28 - 12 = 5")
    masks = Candidates.initial(p).masks
    masks[cell(p, "r1c9")] = mask_of([6, 8, 9])
    masks[cell(p, "r2c8")] = mask_of([1, 2, 4])
    step = equation_step(ctx_for(p, masks), eq)
    assert step is not None and not step.derived
    assert step.eliminations == ((cell(p, "r1c9"), mask_of([8])), (cell(p, "r2c8"), mask_of([2])))
    assert step.text.endswith("(a digit of one needs a partner in the other): r1c9 can't be 8 and "
                              "r2c8 can't be 2.")


def test_outies_in_different_houses_are_not_assumed_distinct():
    p = two_innies_puzzle()
    [eq] = [e for e in killer_equations(p) if e.plus == (cell(p, "r2c8"), cell(p, "r2c9"))]
    assert eq.distinct  # both in row 2
    p2 = build_cages([Cage("a", 28, row(0, range(7))), Cage("b", 12, ((0, 7), (1, 7))),
                      Cage("c", 10, ((0, 8), (1, 8), (2, 8), (3, 8))), Cage("d", 10, ((1, 6), (2, 6)))])
    for e in killer_equations(p2):
        cells = e.cells
        assert e.distinct == all(b in p2.peers[a] for i, a in enumerate(cells) for b in cells[i + 1:])


def test_cage_splitting_reports_the_part_inside():
    # box 1: cages a (r1c1-r1c3), b (r2c1-r2c3) and c (r3c1) inside; cage d (r3c2, r3c3, r3c4) sticks out.
    p = build_cages([Cage("a", 6, row(0, range(3))), Cage("b", 15, row(1, range(3))), Cage("c", 7, ((2, 0),)),
                     Cage("d", 20, row(2, range(1, 4)))])
    [eq] = [e for e in killer_equations(p) if e.technique == "cage-splitting" and e.plus == (19, 20)]
    assert eq.value == 45 - 28 and eq.distinct
    assert eq.reason == ("box 1 totals 45 and the cages wholly inside total 28, so the part of cage d inside, "
                         "r3c2 + r3c3 = 45 - 28 = 17")
    step = next(find_cage_splitting(ctx_for(p)))
    assert step.technique == "cage-splitting" and step.level == 5
    assert dict(step.eliminations) == {19: FULL & ~mask_of([8, 9]), 20: FULL & ~mask_of([8, 9])}
    assert step.derived[0].distinct and step.derived[0].total == 17


def test_simplest_equations_come_first():
    eqs = killer_equations(sample("killer-1"))
    sizes = [len(e.cells) for e in eqs]
    assert sizes == sorted(sizes) and sizes[0] == 1


def test_nothing_fires_when_the_candidates_already_agree():
    p = one_innie_puzzle()
    masks = Candidates.initial(p).masks
    for c in range(81):
        masks[c] = 1 << 9 if c == cell(p, "r1c9") else (1 << 1 if c == cell(p, "r2c9") else masks[c])
    ctx = ctx_for(p, masks)
    ctx.placed.update((cell(p, "r1c9"), cell(p, "r2c9")))
    assert list(find_innies_outies(ctx)) == [] and list(find_cage_splitting(ctx)) == []


def test_no_innies_without_cages_or_houses():
    assert killer_equations(sample("sudoku-1")) == ()
    assert killer_equations(sample("kakuro-6x6")) == ()
    assert list(find_innies_outies(ctx_for(sample("kropki-1")))) == []


# --- cut vertices -----------------------------------------------------------------------------
def test_cut_cell_gets_its_digit():
    [p] = read_text(BRIDGE)
    step = next(find_cut_vertex(ctx_for(p)))
    assert (step.technique, step.level, step.placements) == ("cut-vertex", 6, ((cell(p, "r3c4"), 5),))
    assert step.text == ("r3c4 is a cut vertex: the part of the grid on one side joins the rest only through it. "
                         "That part's 2 across runs total 15 and its 2 down runs total 10; they cover the same "
                         "cells except r3c4 (across only), so r3c4 = 15 - 10 = 5.")
    assert len(step.regions) == 4


@pytest.fixture
def no_exhaustive(monkeypatch):
    """Only cut cells, cut runs and small cuts (no trying of every set of runs in small grids)."""
    monkeypatch.setattr(cutvertex, "SMALL_GRID_RUNS", 0)
    cut_equations.cache_clear()
    yield
    cut_equations.cache_clear()


def test_cut_run_gives_the_sum_of_the_cells_it_shares(no_exhaustive):
    # The long across run of row 4 holds up a 2x2 block on the left (through r4c3 and r4c4) and
    # a tree-like block on the right; r4c2 and r4c5 have no down clue.
    text = ("#  #  6\\  7\\  #  #  #\n"
            "#  \\3  .  .  #  5\\  8\\\n"
            "#  \\7  .  .  \\3  .  .\n"
            "\\21  .  .  .  .  .  .\n")
    [p] = read_text(text)
    eqs = {tuple(p.cell_name(c) for c in eq.cells): eq for eq in kakuro_equations(p)}
    assert sorted(eqs) == [("r4c2", "r4c5"), ("r4c3", "r4c4")]  # nothing from the tree-like block
    eq = eqs["r4c3", "r4c4"]
    assert eq.is_sum and eq.value == 3 and eq.distinct
    assert eq.reason == ("across 21 at r4c2 is a cut vertex: the part of the grid beyond it joins the rest only "
                         "through r4c3 and r4c4. That part's 2 across runs total 10 and its 2 down runs total 13; "
                         "they cover the same cells except r4c3 and r4c4 (down only), so r4c3 + r4c4 = 13 - 10 = 3")
    assert eqs["r4c2", "r4c5"].value == 8 and eqs["r4c2", "r4c5"].reason.startswith("Take the whole grid. Its 4")
    steps = list(find_cut_vertex(ctx_for(p)))
    assert [s.eliminations for s in steps] == [
        ((cell(p, "r4c2"), mask_of([4, 8, 9])), (cell(p, "r4c5"), mask_of([4, 8, 9]))),
        ((cell(p, "r4c3"), FULL & ~mask_of([1, 2])), (cell(p, "r4c4"), FULL & ~mask_of([1, 2])))]
    assert steps[1].derived[0].total == 3 and steps[1].derived[0].distinct


def test_tree_like_parts_are_skipped():
    [p] = read_text("#  4\\  3\\\n\\3  .  .\n\\4  .  .\n")
    assert kakuro_equations(p) == ()
    assert list(find_cut_vertex(ctx_for(p))) == []


def test_small_grids_try_every_set_of_runs():
    [p] = read_text(BRIDGE)
    solution = (1, 2, 3, 4, 5, 2, 1, 4, 3)
    eqs = kakuro_equations(p)
    assert len(eqs) > 1 and eqs[0].cells == (cell(p, "r3c4"),)
    for eq in eqs:
        assert sum(solution[c] for c in eq.plus) - sum(solution[c] for c in eq.minus) == eq.value


def test_dynamic_cuts_count_placed_cells_as_known(no_exhaustive):
    [p] = read_text(BRIDGE)
    placed = frozenset(cell(p, n) for n in ("r2c2", "r3c2"))
    eqs = cut_equations(p, placed)
    assert {tuple(p.cell_name(c) for c in eq.cells): eq.value for eq in eqs} == {
        ("r3c4",): 5, ("r3c2", "r3c3"): 7}  # down 6 at r2c3 now cuts off r3c3 and the placed r3c2
    solution = (1, 2, 3, 4, 5, 2, 1, 4, 3)
    for eq in eqs:
        assert sum(solution[c] for c in eq.plus) - sum(solution[c] for c in eq.minus) == eq.value


# --- the equation checker ---------------------------------------------------------------------
def brute(masks, nplus, value, apart):
    found = [0] * len(masks)
    for ds in product(*(digits_of(m) for m in masks)):
        if sum(ds[:nplus]) - sum(ds[nplus:]) == value and all(ds[a] != ds[b] for a, b in apart):
            for i, d in enumerate(ds):
                found[i] |= 1 << d
    return found


@FAST
@given(st.lists(st.integers(1, FULL >> 1), min_size=1, max_size=4), st.integers(0, 4), st.integers(-20, 30),
       st.data())
def test_supports_match_brute_force_when_small(raw, nplus, value, data):
    masks = tuple((m << 1) & FULL for m in raw)
    if 0 in masks:
        return
    nplus = min(nplus, len(masks)) or 1
    pairs = [(i, j) for i in range(len(masks)) for j in range(i + 1, len(masks))]
    apart = tuple(p for p in pairs if data.draw(st.booleans()))
    got = supports(masks, nplus, value, apart)
    exact = brute(masks, nplus, value, apart)
    assert all(g & e == e for g, e in zip(got, exact)), "a digit of some solution was removed"
    count = 1
    for m in masks:
        count *= m.bit_count()
    if count <= algebra.EXACT_LIMIT:
        assert list(got) == exact


def test_supports_are_exact_for_a_distinct_pair():
    assert supports((FULL, FULL), 2, 4, ((0, 1),)) == (mask_of([1, 3]), mask_of([1, 3]))
    assert supports((mask_of([3, 5, 9]), mask_of([1, 7])), 1, 2, ()) == (mask_of([3, 9]), mask_of([1, 7]))
    assert supports((mask_of([1, 2]),), 1, 7, ()) == (0,)


def test_equation_with_placed_cells_places_the_last_one():
    p = two_innies_puzzle()
    eq = make_equation(p, [cell(p, "r1c8"), cell(p, "r1c9")], [], 17, "innies-outies", "so {formula} = 17")
    masks = Candidates.initial(p).masks
    masks[cell(p, "r1c8")] = 1 << 8
    step = equation_step(ctx_for(p, masks), eq)
    assert step.placements == ((cell(p, "r1c9"), 9),)
    assert step.text == "so r1c8 + r1c9 = 17; as r1c8 = 8, r1c9 = 9."


def test_algebra_lists_the_families():
    assert [t.id for t in algebra.TECHNIQUES] == ["innies-outies", "cage-splitting", "cut-vertex"]
    assert [(t.level, t.score) for t in algebra.TECHNIQUES] == [(5, 5), (5, 5), (6, 6)]


# --- soundness --------------------------------------------------------------------------------
def corpus_puzzles(kind: str, count: int | None) -> list[Puzzle]:
    from .conftest import require_corpus

    puzzles = read_path(str(require_corpus() / f"{kind}.jsonl"))
    if count is None or count >= len(puzzles):
        return puzzles
    return random.Random(7).sample(puzzles, count)


def run(puzzle: Puzzle, solution, techniques, *, explain: bool = True, limit: int = 3000):
    """Apply ``techniques`` from the start, guessing the true digit when they stop.  Returns the
    algebra steps that break the oracle and whether no guess was needed (a wrong step of another
    family ends the run: the state is no longer trustworthy, and it is not ours to judge)."""
    engine = Engine(techniques, explain=explain, timeout=None, max_steps=limit)
    run = engine.run(puzzle, solution=tuple(solution))
    bad: list[str] = []
    guessed = False
    mine = {t.id for t in MINE}
    for step in run:
        guessed |= step.technique == "guess"
        wrong = wrong_effects(step, solution, puzzle.cell_name)
        if wrong and step.technique not in mine:
            return bad, False
        bad += [f"{puzzle.id} {step.technique}: {w}: {step.text}" for w in wrong]
        if len(bad) >= 5:
            break
    return bad, not guessed and run.ctx.is_done()


def check_equations(puzzle: Puzzle, solution) -> list[str]:
    """Every static (and some dynamic) equation must hold for the solution."""
    eqs = list(killer_equations(puzzle)) + list(kakuro_equations(puzzle))
    if kakuro_equations(puzzle) or cutvertex.run_graph(puzzle) is not None:
        rng = random.Random(puzzle.id)
        placed = frozenset(c for c in range(puzzle.size) if rng.random() < 0.3)
        eqs += list(cut_equations(puzzle, placed))
    out = []
    for eq in eqs:
        if sum(solution[c] for c in eq.plus) - sum(solution[c] for c in eq.minus) != eq.value:
            out.append(f"{puzzle.id}: {eq.reason}")
        if eq.distinct and len({solution[c] for c in eq.cells}) != len(eq.cells):
            out.append(f"{puzzle.id}: {eq.reason} is not distinct")
    return out


@pytest.mark.parametrize("kind", ["killer", "kakuro", "greater-killer"])
def test_corpus_sample_is_sound(kind):
    bad = []
    for puzzle in corpus_puzzles(kind, 12):
        solution = puzzle.parse_solution(puzzle.get_info("solution"))
        bad += check_equations(puzzle, solution)
        bad += run(puzzle, solution, singles.TECHNIQUES + MINE, explain=True)[0]
    assert not bad, "\n".join(bad[:10])


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["killer", "kakuro", "greater-killer"])
def test_whole_corpus_is_sound(kind):
    bad = []
    for i, puzzle in enumerate(corpus_puzzles(kind, None)):
        solution = puzzle.parse_solution(puzzle.get_info("solution"))
        bad += check_equations(puzzle, solution)
        if i % 2 == 0:
            bad += run(puzzle, solution, with_cheaper_families(), explain=False)[0]
    assert not bad, "\n".join(bad[:10])


def with_cheaper_families():
    """Singles, the cheaper families that are present (sum combinations, intersections,
    subsets), then the algebra: the order of ``techniques.DEFAULT``."""
    import importlib

    extra: tuple = ()
    for name in ("combinations", "intersections", "subsets"):
        try:
            extra += importlib.import_module(f"techniques.{name}").TECHNIQUES
        except ImportError:
            pass
    return singles.TECHNIQUES + extra + MINE


@FAST
@given(killer_records(hidden_totals=True))
def test_hypothesis_killers_are_sound(record):
    puzzle = from_record(record)
    solution = puzzle.parse_solution(record["solution"])
    assert not check_equations(puzzle, solution)
    assert not run(puzzle, solution, singles.TECHNIQUES + MINE, explain=False, limit=400)[0]


@FAST
@given(killer_records(hidden_totals=True, loose=True))
def test_hypothesis_killers_with_loose_cells_are_sound(record):
    """Cells in no cage are innies of every house holding them, never part of a cage's total."""
    puzzle = from_record(record)
    solution = puzzle.parse_solution(record["solution"])
    assert not check_equations(puzzle, solution)
    assert not run(puzzle, solution, singles.TECHNIQUES + MINE, explain=True, limit=400)[0]


@FAST
@given(kakuro_records())
def test_hypothesis_kakuros_are_sound(record):
    puzzle = from_record(record)
    solution = puzzle.parse_solution(record["solution"])
    assert not check_equations(puzzle, solution)
    assert not run(puzzle, solution, singles.TECHNIQUES + MINE, explain=True, limit=400)[0]


@FAST
@given(kakuro_records(hidden_totals=True))
def test_hypothesis_kakuros_with_hidden_totals_are_sound(record):
    """Runs without a printed total are distinct regions without a total: nothing may treat them as clued."""
    puzzle = from_record(record)
    solution = puzzle.parse_solution(record["solution"])
    assert not check_equations(puzzle, solution)
    assert not run(puzzle, solution, with_cheaper_families(), explain=True, limit=400)[0]


def report() -> None:
    """Solve rate without guessing and soundness over the corpus (``python tests/test_tech_algebra.py``)."""
    import time

    folder = Path(os.environ.get("SUMLOGIC_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
    for kind in ("killer", "kakuro", "greater-killer"):
        puzzles = read_path(str(folder / f"{kind}.jsonl"))
        for label, techs in (("without algebra", with_cheaper_families()[:-len(MINE)]),
                             ("with algebra", with_cheaper_families())):
            start, solved, bad = time.process_time(), 0, []
            for puzzle in puzzles:
                solution = puzzle.parse_solution(puzzle.get_info("solution"))
                bad += check_equations(puzzle, solution)
                problems, by_logic = run(puzzle, solution, techs, explain=True)
                bad += problems
                solved += by_logic
            print(f"{kind:15} {label:16} no guess {solved:3}/{len(puzzles)}  unsound {len(bad)}  "
                  f"cpu {time.process_time() - start:.1f}s")
            for line in bad[:5]:
                print("   ", line)


if __name__ == "__main__":
    report()
