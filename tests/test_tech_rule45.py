"""The rule of 45 done exactly, cage splitting, the unions of several houses, and the
split of sum combinations into the quick check and sum fillings (issue 27, items 3 and 6).

Must-fire cases assert the exact eliminations, near misses assert nothing
fires; the new supports are checked against brute force; and every default
technique runs with these new ones moved to the front of the order, so that
they meet positions the default order never gives them (hypothesis Killers,
Greater Killers and Kakuros, and a sample of the corpus).
"""

from __future__ import annotations

import random
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import techniques
from puzzles import from_record, read_path
from puzzles.greater_killer import build as build_cages
from puzzles.killer import Cage
from solver.bits import digits_of, mask_of
from solver.candidates import Candidates
from solver.engine import Context, Work
from solver.model import Puzzle, Region
from solver.repeat_sums import apart_support, clique_groups, combination_support, grouped_support
from solver.supports import distinct_fit
from techniques import combinations, innies, singles
from techniques.algebra import equation_step, make_equation
from techniques.combinations import find_sum_combinations, find_sum_fillings
from techniques.innies import find_multi_house_innies, group_equations, house_groups, killer_equations

from .strategies import greater_killer_records, kakuro_records, killer_records
from .test_tech_soundness import check_run

FULL = mask_of(range(1, 10))
NEW = ("run-loops", "crossing-runs", "sum-fillings", "innies-outies", "cage-splitting", "multi-house-innies",
       "sum-combinations")
FRONT = tuple(techniques.BY_ID[t] for t in NEW) + tuple(t for t in techniques.DEFAULT if t.id not in NEW)


def ctx_for(puzzle: Puzzle, masks=None, *, explain: bool = True, virtual=()) -> Context:
    state = Candidates.initial(puzzle) if masks is None else Candidates(puzzle, masks)
    ctx = Context(puzzle, state, techniques.DEFAULT, explain=explain)
    for region in virtual:
        ctx.add_virtual(region)
    return ctx


def grid_digit(r: int, c: int) -> int:
    """A valid Sudoku solution (the shifted pattern)."""
    return (r * 3 + r // 3 + c) % 9 + 1


def cage(label: str, spots) -> Cage:
    return Cage(label, sum(grid_digit(r, c) for r, c in spots), tuple(spots))


# --- the supports ------------------------------------------------------------------------------
def brute(masks, sums, apart):
    support, reached = [0] * len(masks), 0
    for ds in product(*[digits_of(m) for m in masks]):
        if any(ds[a] == ds[b] for a, b in apart) or not sums >> sum(ds) & 1:
            continue
        reached |= 1 << sum(ds)
        for i, d in enumerate(ds):
            support[i] |= 1 << d
    return (tuple(support), reached) if reached else ((0,) * len(masks), 0)


def test_apart_support_matches_brute_force():
    rng = random.Random(27)
    for _ in range(600):
        n = rng.randint(1, 5)
        masks = tuple(rng.randint(1, 1023) & ~1 or 2 for _ in range(n))
        apart = tuple((i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.5)
        sums = 1 << rng.randint(n, 9 * n) | 1 << rng.randint(n, 9 * n)
        expected = brute(masks, sums, apart)
        got = apart_support(masks, sums, apart)
        if len(clique_groups(n, apart)[1]) <= 2:
            assert got == expected, (masks, sums, apart)
        else:  # a relaxation: never loses a digit
            assert all(g & e == e for g, e in zip(got[0], expected[0]))


def test_grouped_support_is_both_older_supports():
    masks = (mask_of([1, 2, 3]), mask_of([2, 3, 4]), FULL)
    assert grouped_support((masks,), 1 << 12)[0][0] == distinct_fit(masks, 1 << 12)[0]
    alone = grouped_support(tuple((m,) for m in masks), 1 << 12)
    assert tuple(g[0] for g in alone[0]) == brute(masks, 1 << 12, ())[0]


def test_combination_support_is_sound_and_exact_up_to_three_cells():
    rng = random.Random(45)
    for _ in range(400):
        n = rng.randint(1, 5)
        masks = tuple(rng.randint(1, 1023) & ~1 or 2 for _ in range(n))
        total = rng.randint(n, 9 * n)
        quick, combos = combination_support(masks, total)
        full, _ = distinct_fit(masks, 1 << total)
        assert all(q & f == f for q, f in zip(quick, full))
        if n <= 3:
            assert quick == full or not any(full) and not combos


# --- the rule of 45 with cells that may repeat a digit -----------------------------------------
def outies_puzzle() -> Puzzle:
    return build_cages([cage("a", [(8, 0), (8, 1), (7, 0), (7, 1)]), cage("b", [(8, 2), (8, 3), (7, 2), (7, 3)]),
                        cage("c", [(8, c) for c in range(4, 9)])])


def test_outies_that_may_repeat_are_analysed_exactly():
    # r8c1-r8c4 share row 8 (different digits); r7c9 shares no house with them and may repeat one.
    p = outies_puzzle()
    cells = [p.cell_at(n) for n in ("r8c1", "r8c2", "r8c3", "r8c4", "r7c9")]
    eq = make_equation(p, cells, [], 38, "innies-outies", "so {formula} = 38")
    assert not eq.distinct and len(eq.apart) == 6
    step = equation_step(ctx_for(p), eq)
    # The row-8 four make at most 30 = 6+7+8+9, so r7c9 is 8 or 9 and the four are 6+7+8+9 or 5+7+8+9:
    # 1-4 go from each of them, 1-7 from r7c9.  Repeats allowed everywhere would only remove 1.
    assert dict(step.eliminations) == {**{c: mask_of([1, 2, 3, 4]) for c in cells[:4]},
                                       cells[4]: mask_of(range(1, 8))}
    assert step.derived and not step.derived[0].distinct
    assert "r8c1, r8c2, r8c3 and r8c4 must differ; r7c9 may repeat one of their digits" in step.text


def test_a_near_miss_that_may_repeat_keeps_everything():
    p = outies_puzzle()
    cells = [p.cell_at(n) for n in ("r8c1", "r8c2", "r8c3", "r8c4", "r7c9")]
    assert equation_step(ctx_for(p), make_equation(p, cells, [], 20, "innies-outies", "so {formula} = 20")) is None


def test_a_group_that_may_not_repeat_is_analysed_as_distinct():
    # All five in row 8: 38 is out of reach (at most 35), the state is broken.
    p = outies_puzzle()
    cells = [p.cell_at(n) for n in ("r8c1", "r8c2", "r8c3", "r8c4", "r8c9")]
    eq = make_equation(p, cells, [], 38, "innies-outies", "so {formula} = 38")
    assert eq.distinct
    step = equation_step(ctx_for(p), eq)
    assert dict(step.eliminations) == {c: FULL for c in cells}
    eq = make_equation(p, cells, [], 34, "innies-outies", "so {formula} = 34")  # only 4+6+7+8+9
    step = equation_step(ctx_for(p), eq)
    assert dict(step.eliminations) == {c: mask_of([1, 2, 3, 5]) for c in cells}
    assert "4+6+7+8+9" in step.text


def test_virtual_sum_from_a_step_keeps_its_structure():
    p = outies_puzzle()
    cells = tuple(p.cell_at(n) for n in ("r8c1", "r8c2", "r8c3", "r8c4", "r7c9"))
    virtual = Region("outies of row 9", cells, total=38, distinct=False, kind="virtual")
    ctx = ctx_for(p, virtual=[virtual])
    [step] = [s for s in find_sum_combinations(ctx) if s.regions[0][0] == "outies of row 9"]
    assert dict(step.eliminations)[cells[4]] == mask_of(range(1, 8))


# --- unions of several houses ------------------------------------------------------------------
def row_and_box_puzzle() -> Puzzle:
    # Row 3 and box 4 (below it): every cage lies inside the union but y, which sticks out at r2c9.
    return build_cages([cage("x", [(2, 0), (3, 0)]), cage("p", [(2, c) for c in range(1, 5)]),
                        cage("q", [(2, c) for c in range(5, 8)]), cage("y", [(2, 8), (1, 8)]),
                        cage("r", [(3, 1), (3, 2), (4, 0), (4, 1), (4, 2)]), cage("s", [(5, c) for c in range(3)])])


def test_house_groups_are_disjoint_and_touching():
    p = row_and_box_puzzle()
    groups = house_groups(p)
    names = {tuple(p.regions[h].name for h in g) for g in groups}
    assert ("row 3", "box 4") in names or ("box 4", "row 3") in {n[::-1] for n in names} or any(
        set(n) == {"row 3", "box 4"} for n in names)
    for g in groups:
        cells = [c for h in g for c in p.regions[h].cells]
        assert len(cells) == len(set(cells))
    assert not any(set(n) == {"row 1", "row 3"} for n in names)  # not touching


def test_multi_house_innie_fires_at_level_6():
    p = row_and_box_puzzle()
    r3c9 = p.cell_at("r3c9")
    eqs = [e for e in killer_equations(p) + group_equations(p)
           if e.technique == "multi-house-innies" and e.plus == (r3c9,) and not e.minus]
    assert eqs and all(e.value == grid_digit(2, 8) for e in eqs)
    steps = list(find_multi_house_innies(ctx_for(p)))
    placed = [s for s in steps if s.placements == ((r3c9, grid_digit(2, 8)),)]
    assert placed and placed[0].level == 6 and placed[0].technique == "multi-house-innies"
    assert " total 90" in placed[0].text and "r3c9 = 90 - " in placed[0].text


def test_every_group_equation_holds_on_corpus_solutions(corpus):
    for puzzle in read_path(str(corpus / "killer.jsonl"))[::3]:
        solution = puzzle.parse_solution(puzzle.get_info("solution"))
        ours = group_equations(puzzle)
        have = {(e.plus, e.minus) for e in killer_equations(puzzle)}
        assert not any((e.plus, e.minus) in have for e in ours)  # only what the plain unions do not give
        for e in ours:
            assert sum(solution[c] for c in e.plus) - sum(solution[c] for c in e.minus) == e.value, (puzzle.id, e)


def test_multi_house_innies_quiet_when_known():
    p = row_and_box_puzzle()
    masks = Candidates.initial(p).masks
    solution_at = {c: grid_digit(*p.cells[c]) for c in range(81)}
    for c in range(81):
        masks[c] = 1 << solution_at[c]
    ctx = ctx_for(p, masks)
    ctx.placed.update(range(81))
    assert list(find_multi_house_innies(ctx)) == []


# --- sum combinations: the quick check and sum fillings ----------------------------------------
def line(n: int, *regions: Region) -> Puzzle:
    return Puzzle(kind="demo", height=1, width=n, cells=tuple((0, c) for c in range(n)), regions=regions)


def test_quick_check_then_fillings_on_a_long_run():
    p = line(4, Region("across 11 at r1c1", (0, 1, 2, 3), total=11, kind="across"))
    masks = [mask_of([1, 2, 4]), mask_of([1, 2, 3, 4, 5]), mask_of([1, 2, 4]), mask_of([1, 3])]
    [quick] = list(find_sum_combinations(ctx_for(p, masks)))  # only 1+2+3+5 fits
    assert quick.technique == "sum-combinations" and quick.level == 2
    assert dict(quick.eliminations) == {0: mask_of([4]), 1: mask_of([1, 2, 3, 4]), 2: mask_of([4])}
    # 21 in four cells: 1+5+7+8 or 2+5+6+8.  Each digit's rest is allowed cell by cell (the quick check
    # keeps all), but 5 in r1c4 leaves 2+6+8, and r1c1 and r1c2 would both need the 6.
    p = line(4, Region("across 21 at r1c1", (0, 1, 2, 3), total=21, kind="across"))
    masks = [mask_of([5, 6]), mask_of([1, 5, 6]), mask_of([2, 8]), mask_of([5, 7, 8])]
    assert list(find_sum_combinations(ctx_for(p, masks))) == []
    [full] = list(find_sum_fillings(ctx_for(p, masks)))
    assert full.technique == "sum-fillings" and full.level == 4
    assert full.eliminations == ((3, mask_of([5])),)
    assert "different digits" in full.text and "1+5+7+8 or 2+5+6+8" in full.text


def test_fillings_quiet_when_the_quick_check_is_exact():
    p = line(3, Region("cage b", (0, 1, 2), total=6, kind="cage", label="b"))
    masks = [mask_of([1, 2]), mask_of([1, 2]), mask_of([1, 2, 3])]
    [quick] = list(find_sum_combinations(ctx_for(p, masks)))
    assert quick.eliminations == ((2, mask_of([1, 2])),)  # three cells: the quick check is exact
    after = [masks[0], masks[1], mask_of([3])]
    assert list(find_sum_fillings(ctx_for(p, after))) == []


def test_technique_order_and_levels():
    ids = [t.id for t in techniques.DEFAULT]
    assert ids.index("sum-combinations") < ids.index("sum-fillings") < ids.index("naked-pair")
    assert ids.index("cage-splitting") < ids.index("multi-house-innies") < ids.index("cut-vertex")
    levels = {t.id: t.level for t in techniques.DEFAULT}
    assert (levels["sum-fillings"], levels["innies-outies"], levels["multi-house-innies"]) == (4, 5, 6)
    assert combinations.TECHNIQUES[1].id == "sum-fillings" and innies.MULTI_HOUSE_INNIES.level == 6
    assert [t.level for t in techniques.DEFAULT] == sorted(t.level for t in techniques.DEFAULT)


# --- soundness with the new techniques first ---------------------------------------------------
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.one_of(killer_records(), killer_records(max_cage=3), greater_killer_records(), kakuro_records()),
       st.booleans())
def test_new_techniques_first_are_sound(record, explain):
    puzzle = from_record(record)
    check_run(puzzle, puzzle.parse_solution(record["solution"]), explain=explain, techniques=FRONT,
              work=Work(20000))


def test_new_techniques_first_on_corpus_samples(corpus):
    for kind, step in (("killer", 12), ("kakuro", 25)):
        puzzles = read_path(str(corpus / f"{kind}.jsonl"))[::step]
        for i, puzzle in enumerate(puzzles):
            check_run(puzzle, puzzle.parse_solution(puzzle.get_info("solution")), explain=i % 2 == 0,
                      techniques=FRONT, work=Work(20000))


def test_singles_alone_are_untouched():
    assert singles.TECHNIQUES == techniques.DEFAULT[:len(singles.TECHNIQUES)]


# --- Kakuro: loops of crossing runs ------------------------------------------------------------
BLOCK3 = "#  {d0}\\  {d1}\\  {d2}\\\n\\{a0}  .  .  .\n\\{a1}  .  .  .\n\\{a2}  .  .  .\n"


def block3(grid) -> Puzzle:
    """A 3x3 Kakuro block whose clues come from ``grid`` (3 rows of 3 digits)."""
    from puzzles.kakuro import parse

    totals = {f"a{r}": sum(grid[r]) for r in range(3)} | {f"d{c}": sum(grid[r][c] for r in range(3)) for c in range(3)}
    [p] = parse(BLOCK3.format(**totals))
    return p


def run_fits(run: Region, masks, fixed: dict[int, int]) -> bool:
    options = [[fixed[c]] if c in fixed else digits_of(masks[c]) for c in run.cells]
    return any(len(set(ds)) == len(ds) and sum(ds) == run.total for ds in product(*options))


def brute_loop(masks, loop) -> tuple[int, ...]:
    cells, runs_ = loop
    keep = [0] * len(cells)
    for ds in product(*[digits_of(masks[c]) for c in cells]):
        fixed = dict(zip(cells, ds))
        if all(run_fits(run, masks, fixed) for run in runs_):
            for i, d in enumerate(ds):
                keep[i] |= 1 << d
    return tuple(keep)


def test_loop_support_matches_brute_force():
    from techniques.runs import loop_support, loops

    rng = random.Random(6)
    grid = [[1, 2, 4], [3, 1, 2], [2, 4, 1]]  # rows and columns hold different digits
    p = block3(grid)
    every = loops(p)
    assert sum(len(c) == 4 for c, _ in every) == 9 and all(len(c) in (4, 6) for c, _ in every)
    fired = 0
    for _ in range(60):
        masks = [1 << grid[r][c] | sum(1 << d for d in rng.sample(range(1, 10), 2)) for r in range(3) for c in range(3)]
        for loop in every:
            keep = loop_support(masks, loop)
            assert keep == brute_loop(masks, loop)
            fired += keep != tuple(masks[c] for c in loop[0])
    assert fired


GENERATED = """# # # 10\\ 6\\ # # # # #
# # \\5 . . # # # # #
# # 29\\6 . . # 24\\ 10\\ # #
# 20\\10 . . # 11\\11 . . 24\\ 6\\
\\21 . . . 7\\24 . . . . .
\\15 . . 6\\21 . . . 13\\12 . .
\\15 . . . . . \\12 . . .
# # \\3 . . # 6\\3 . . #
# # # # # \\11 . . # #
# # # # # \\3 . . # #
"""
"""A generated Kakuro (puzzles.generate, seed 2727, index 264) that needs a loop of crossing runs."""


def test_crossing_runs_fire_beyond_each_run_alone():
    from puzzles.kakuro import parse
    from solver.engine import Engine
    from techniques.runs import loops

    [p] = parse(GENERATED)
    solution = [int(ch) for line in ("###32#####", "###24#####", "##91##74##", "#984#28671", "#87#489#93",
                                     "#35421#462", "###21##12#", "######56##", "######12##") for ch in line
                if ch != "#"]
    from solver.contract import apply, next_step

    ctx = Engine(techniques.DEFAULT).start(p)
    while True:
        step = next_step(ctx)
        assert step is not None and step.technique != "guess"
        if step.technique == "crossing-runs":
            break
        apply(ctx, step)
    assert step.level == 5 and "form a loop through" in step.text
    masks = ctx.state.masks
    (loop,) = [lp for lp in loops(p) if lp[0] == step.cells]
    expected = brute_loop(masks, loop)
    assert dict(step.eliminations) == {c: masks[c] & ~k for c, k in zip(loop[0], expected) if masks[c] & ~k}
    for cell, mask in step.eliminations:
        assert not mask >> solution[cell] & 1
    for run in p.regions:  # each run alone has nothing left to remove
        now = tuple(masks[c] for c in run.cells)
        assert distinct_fit(now, 1 << run.total)[0] == now


def test_crossing_runs_quiet_on_the_solution_and_without_loops():
    from techniques.runs import find_crossing_runs, find_run_loops

    grid = [[1, 2, 4], [3, 1, 2], [2, 4, 1]]
    p = block3(grid)
    masks = [1 << grid[r][c] for r in range(3) for c in range(3)]
    assert list(find_crossing_runs(ctx_for(p, masks))) == [] and list(find_run_loops(ctx_for(p, masks))) == []
    assert list(find_crossing_runs(ctx_for(outies_puzzle()))) == []  # a Killer has no runs
