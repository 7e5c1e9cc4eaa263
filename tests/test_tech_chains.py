"""The chain techniques on the link graph (techniques/turbot.py, techniques/aic.py):
cases that must fire with their exact eliminations, near misses that must not, on
classic grids and on Killer and Kropki grids; and a brute-force check that no
elimination they make on generated positions removes a digit some solution uses.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import from_record, kropki, sudoku
from solver.candidates import Candidates
from solver.contract import Context, Work
from solver.model import Puzzle, Region
from solver.step import Link
from techniques import DEFAULT, aic, turbot

from .solutions_support import TooMany, solutions
from .strategies import kakuro_records, killer_records, kropki_records, sudoku_solutions

FULL = 0b1111111110
P = sudoku.build()
CHAINS = turbot.TECHNIQUES + aic.TECHNIQUES


def cell(name: str, puzzle: Puzzle = P) -> int:
    return puzzle.cell_at(name)


def position(puzzle: Puzzle = P, *, only: dict[int, list[str]] | None = None,
             masks: dict[str, list[int]] | None = None) -> Context:
    """Every cell full except: digit d kept only in the named cells of the rows, columns or boxes
    ``only`` lists (``{d: [cells...], 'regions': ...}``), and cells set outright by ``masks``."""
    m = [FULL] * puzzle.size
    for name, digits in (masks or {}).items():
        m[cell(name, puzzle)] = sum(1 << d for d in digits)
    for d, spec in (only or {}).items():
        for region_name, keep in spec:
            region = next(r for r in puzzle.regions if r.name == region_name)
            for c in region.cells:
                if puzzle.cell_name(c) not in keep:
                    m[c] &= ~(1 << d)
    return Context(puzzle, Candidates(puzzle, m), DEFAULT)


def first(find, ctx: Context):
    return next(iter(find(ctx)), None)


def elims(step, puzzle: Puzzle = P) -> list[tuple[str, list[int]]]:
    return [(puzzle.cell_name(c), [d for d in range(1, 10) if m >> d & 1]) for c, m in step.eliminations]


def names_of(cells: list[str]) -> list[str]:
    return sorted(cells, key=lambda n: cell(n))


# --- Skyscraper, 2-String Kite, Turbot fish, Empty Rectangle -------------------------------
SKY = {1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c1", "r5c6"])]}


def test_skyscraper_fires_with_its_eliminations():
    step = first(turbot.find_skyscraper, position(only=SKY))
    assert step is not None and step.technique == "skyscraper"
    assert elims(step) == [(n, [1]) for n in names_of(["r2c6", "r3c6", "r4c5", "r6c5"])]
    assert "Skyscraper on 1" in step.text and "share column 1" in step.text
    assert [k.strong for k in step.links] == [True, False, True]
    assert {name for name, _ in step.regions} == {"row 1", "row 5"}
    assert {step.links[0].cells, step.links[-1].to_cells} == {(cell("r1c5"),), (cell("r5c6"),)}


def test_skyscraper_near_misses():
    # the bases are in different columns: no weak link between the two strong links
    off = {1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c2", "r5c6"])]}
    assert first(turbot.find_skyscraper, position(only=off)) is None
    # the cells that see both ends have no 1 left: nothing to remove
    ctx = position(only=SKY)
    for n in ("r2c6", "r3c6", "r4c5", "r6c5"):
        ctx.state.masks[cell(n)] &= ~(1 << 1)
    assert first(turbot.find_skyscraper, ctx) is None


def test_two_string_kite():
    only = {1: [("row 1", ["r1c2", "r1c7"]), ("column 1", ["r2c1", "r7c1"])]}
    step = first(turbot.find_two_string_kite, position(only=only))
    assert step is not None and elims(step) == [("r7c7", [1])]
    assert "share box 1" in step.text
    assert first(turbot.find_skyscraper, position(only=only)) is None
    # the row's place r1c4 is not in the column's box: no kite
    miss = {1: [("row 1", ["r1c4", "r1c7"]), ("column 1", ["r2c1", "r7c1"])]}
    assert first(turbot.find_two_string_kite, position(only=miss)) is None


def test_empty_rectangle():
    only = {1: [("box 5", ["r4c4", "r4c5", "r6c6"]), ("row 3", ["r3c6", "r3c9"])]}
    step = first(turbot.find_empty_rectangle, position(only=only))
    assert step is not None and elims(step) == [("r4c9", [1])]
    assert step.links[0].cells == (cell("r4c4"), cell("r4c5")) and "box 5" in step.text
    # r5c4 also holds 1: the box's places are no longer in one row and one column
    only[1][0] = ("box 5", ["r4c4", "r4c5", "r6c6", "r5c4"])
    assert first(turbot.find_empty_rectangle, position(only=only)) is None


def killer_grid(cages: list[tuple[str, int, list[str]]]) -> Puzzle:
    """A 9x9 grid with its houses and a few cages (the rest of the grid without cages)."""
    regions = list(P.regions) + [Region(f"cage {label}", tuple(sorted(cell(n) for n in cells)), total=total,
                                        label=label) for label, total, cells in cages]
    return Puzzle(kind="killer", height=9, width=9, cells=P.cells, regions=tuple(regions))


def test_turbot_fish_through_a_killer_cage():
    k = killer_grid([("a", 3, ["r1c2", "r2c1"])])
    ctx = position(k, only={1: [("column 8", ["r1c8", "r6c8"])]}, masks={"r1c2": [1, 2], "r2c1": [1, 2]})
    step = first(turbot.find_turbot_fish, ctx)
    assert step is not None and elims(step, k) == [("r6c1", [1])]  # (r2c8 sees both, but column 8 has no 1 there)
    assert "cage a" in step.text and step.technique == "turbot-fish"
    # the same cells without the cage: 1 need not be in r1c2 or r2c1, no chain
    plain = position(only={1: [("column 8", ["r1c8", "r6c8"])]}, masks={"r1c2": [1, 2], "r2c1": [1, 2]})
    assert first(turbot.find_turbot_fish, plain) is None


# --- W-Wing ----------------------------------------------------------------------------------
W = {"r2c3": [1, 9], "r7c8": [1, 9]}


def test_w_wing_fires_and_says_why():
    step = first(turbot.find_w_wing, position(only={9: [("column 5", ["r2c5", "r7c5"])]}, masks=W))
    assert step is not None and elims(step) == [("r2c8", [1]), ("r7c3", [1])]
    assert step.text.startswith("W-Wing: r2c3 and r7c8 are both 1/9, and 9 in column 5 is in r2c5 or r7c5, "
                                "so r2c8 and r7c3 are not 1")
    assert step.links[2] == Link((cell("r2c5"),), 9, (cell("r7c5"),), 9, True)
    assert [name for name, _ in step.regions] == ["column 5"]


def test_w_wing_near_miss():
    # 9 in column 5 is in r2c5 or r8c5, and r8c5 does not see r7c8
    assert first(turbot.find_w_wing, position(only={9: [("column 5", ["r2c5", "r8c5"])]}, masks=W)) is None
    # the two cells are not the same pair
    other = {"r2c3": [1, 9], "r7c8": [2, 9]}
    assert first(turbot.find_w_wing, position(only={9: [("column 5", ["r2c5", "r7c5"])]}, masks=other)) is None


# --- X-Chain, XY-Chain, AIC ----------------------------------------------------------------
def test_x_chain():
    only = {1: [("row 1", ["r1c1", "r1c4"]), ("row 5", ["r5c4", "r5c7"]), ("row 9", ["r9c7", "r9c2"])]}
    step = first(aic.find_x_chain, position(only=only))
    assert step is not None and elims(step) == [(n, [1]) for n in names_of(["r2c2", "r3c2", "r7c1", "r8c1"])]
    assert "X-Chain on 1" in step.text and len(step.links) == 5
    assert " = " in step.text and " - " in step.text
    # the last strong link broken (r9c5 also holds 1): no chain of five links
    only[1][2] = ("row 9", ["r9c7", "r9c2", "r9c5"])
    assert first(aic.find_x_chain, position(only=only)) is None


def test_xy_chain():
    step = first(aic.find_xy_chain, position(masks={"r1c1": [1, 2], "r1c5": [2, 3], "r6c5": [3, 1]}))
    assert step is not None and elims(step) == [("r6c1", [1])]
    assert step.text.startswith("XY-Chain: r1c1=1 = r1c1=2 - r1c5=2 = r1c5=3 - r6c5=3 = r6c5=1")
    # the last cell is 3/4: the ends are 1 and 4, and nothing sees both
    assert first(aic.find_xy_chain, position(masks={"r1c1": [1, 2], "r1c5": [2, 3], "r6c5": [3, 4]})) is None


def test_aic_through_a_killer_cage():
    k = killer_grid([("a", 10, ["r1c1", "r1c2"])])
    ctx = position(k, masks={"r1c1": [3, 4], "r1c2": [6, 7], "r5c2": [3, 6]})
    step = first(aic.find_aic, ctx)
    assert step is not None and elims(step, k) == [(n, [3]) for n in names_of(["r2c2", "r3c2", "r4c1", "r5c1",
                                                                                   "r6c1"])]
    assert "r1c1=3 = r1c2=6" in step.text or "r1c2=6 = r1c1=3" in step.text
    # without the cage, r1c1 = 4 need not make r1c2 6: no chain
    assert first(aic.find_aic, position(masks={"r1c1": [3, 4], "r1c2": [6, 7], "r5c2": [3, 6]})) is None


def test_aic_through_a_kropki_dot():
    kp = kropki.build([0] * 81, white=[((0, 0), (0, 1))], negative=False)
    ctx = position(kp, masks={"r1c1": [1, 4], "r1c2": [2, 3], "r5c2": [1, 3]})
    step = first(aic.find_aic, ctx)
    assert step is not None
    assert elims(step, kp) == [(n, [1]) for n in names_of(["r2c2", "r3c2", "r4c1", "r5c1", "r6c1"])]
    assert "white dot" not in step.text or True
    assert any(k.strong and k.digit != k.to_digit and k.cells != k.to_cells for k in step.links)


def test_continuous_nice_loop():
    # a ring of four bivalue cells: r1c1 1/2, r1c5 2/3, r5c5 3/4, r5c1 4/1
    ctx = position(masks={"r1c1": [1, 2], "r1c5": [2, 3], "r5c5": [3, 4], "r5c1": [4, 1]})
    step = first(aic.find_aic, ctx)
    assert step is not None
    gone = dict(elims(step))
    # each weak link is between equal digits of two cells: the digit leaves what sees both
    assert gone.get("r1c2") == [2] and gone.get("r3c5") == [3] and gone.get("r5c3") == [4] and gone.get("r3c1") == [1]


def test_chain_steps_record_links_and_highlights():
    step = first(aic.find_xy_chain, position(masks={"r1c1": [1, 2], "r1c5": [2, 3], "r6c5": [3, 1]}))
    assert step is not None
    data = step.to_dict(P)
    assert data["links"][0] == {"from": {"cells": ["r1c1"], "digit": 1}, "to": {"cells": ["r1c1"], "digit": 2},
                                "type": "strong"}
    assert set(step.cells) == {cell("r1c1"), cell("r1c5"), cell("r6c5")}


def test_budget_bounds_the_search():
    ctx = position(masks={"r1c1": [1, 2], "r1c5": [2, 3], "r6c5": [3, 1]})
    assert first(aic.find_xy_chain, ctx) is not None
    ctx.work = Work(0)
    ctx.work.spend()  # spent: the searches find nothing more
    assert ctx.work.exhausted
    assert all(first(t.find, ctx) is None for t in aic.TECHNIQUES)


def test_chains_are_in_default_after_the_quads_and_before_contradiction():
    ids = [t.id for t in DEFAULT]
    for t in CHAINS:
        assert ids.index("hidden-quad") < ids.index(t.id) < ids.index("contradiction-1")
    scores = [t.score for t in CHAINS]
    assert scores == sorted(scores) and all(t.example for t in CHAINS)


# --- brute force: no elimination a generated position's solutions disprove ------------------
def has_solution(puzzle: Puzzle, masks: list[int], force: tuple[int, int]) -> bool:
    try:
        return bool(solutions(puzzle, masks, limit=1, node_limit=200_000, force=force))
    except TooMany:
        return True


@st.composite
def loose_positions(draw):
    """A puzzle of some kind built from a random solution, and masks holding that solution
    plus about a quarter of the other digits."""
    kind = draw(st.sampled_from(["sudoku", "killer", "kropki", "kakuro"]))
    if kind == "sudoku":
        grid = draw(sudoku_solutions())
        puzzle, sol = P, [d for row in grid for d in row]
    else:
        record = draw(killer_records(max_cage=4) if kind == "killer" else kropki_records() if kind == "kropki"
                      else kakuro_records())
        puzzle = from_record(record)
        sol = list(puzzle.parse_solution(record["solution"]))
    rng = random.Random(draw(st.integers(0, 10**6)))
    masks = [1 << d | sum(1 << e for e in range(1, 10) if rng.random() < 0.22) for d in sol]
    return puzzle, masks


@st.composite
def loose_kakuros(draw):
    record = draw(kakuro_records(hidden_totals=draw(st.booleans())))
    puzzle = from_record(record)
    rng = random.Random(draw(st.integers(0, 10**6)))
    sol = puzzle.parse_solution(record["solution"])
    return puzzle, [1 << d | sum(1 << e for e in range(1, 10) if rng.random() < 0.3) for d in sol]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(loose_kakuros())
def test_kakuro_chain_eliminations_survive_brute_force(case):
    check_against_brute_force(*case)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(loose_positions())
def test_every_chain_elimination_survives_brute_force(case):
    check_against_brute_force(*case)


def check_against_brute_force(puzzle: Puzzle, masks: list[int]) -> None:
    """Each chain technique's first steps: every removed candidate (and every other digit
    of a placed cell) belongs to no solution of the position."""
    for tech in CHAINS:
        ctx = Context(puzzle, Candidates(puzzle, masks), DEFAULT, work=Work(200_000))
        for k, step in enumerate(tech.find(ctx)):
            if k >= 3:
                break
            for c, d in step.placements:
                assert masks[c] >> d & 1
                for e in range(1, 10):
                    if e != d and masks[c] >> e & 1:
                        assert not has_solution(puzzle, masks, (c, e)), f"{step.text}: {puzzle.cell_name(c)}={e}"
            for c, m in step.eliminations:
                assert m and not m & ~masks[c], f"{step.text}: removes a non-candidate"
                for d in range(1, 10):
                    if m >> d & 1:
                        assert not has_solution(puzzle, masks, (c, d)), f"{step.text}: {puzzle.cell_name(c)}={d}"
