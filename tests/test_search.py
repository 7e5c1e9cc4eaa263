"""The exact solver: corpus answers, the four statuses, limits, and brute-force agreement.

The corpus tests read the shared corpus through the ``corpus_file`` fixture
of ``conftest.py`` (``$SUMLOGIC_CORPUS`` or ``../shared/corpus``; skipped
when absent, failed under ``CI=true``).  The rest build small puzzles here,
so they always run; the hypothesis tests compare the solver with a plain
brute-force counter written below.
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from puzzles import from_record, sample
from solver.bits import mask_of
from solver.constraints import Difference
from solver.derived import derived_sums, mixed_sums
from solver.errors import InvalidPuzzleError
from solver.model import Comparison, Pair, Puzzle, Region, compare, pair_holds
from solver.propagate import Propagator
from solver.search import Search, count_solutions, random_solution, solve
from solver.supports import cage_support, distinct_support, matching_support, sum_support

from .conftest import HARD_NODES


# --- the corpus -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sudoku", "kropki", "kakuro", "greater-killer", "killer"])
def test_corpus_solves_to_recorded_solution(corpus_file, known_hard, kind: str) -> None:
    """Every corpus puzzle comes out ``solved`` (unique) with its recorded solution
    (the known-hard Killers listed in conftest may run out of their short budget instead)."""
    problems = []
    for line, record in corpus_file(kind):
        puzzle = from_record(record)
        hard = record["id"] in known_hard
        result = solve(puzzle, timeout=None, node_limit=HARD_NODES if hard else None)
        if hard and result.status == "timeout":
            # Out of budget is allowed here, a wrong answer never: a solution
            # found before the limit must be the recorded (only) one.
            found = result.solution
            if found is not None and puzzle.format_solution(found) != _as_recorded(record["solution"]):
                problems.append(f"line {line} {record['id']}: timeout with a wrong solution")
            continue
        if result.status != "solved":
            problems.append(f"line {line} {record['id']}: {result.status} after {result.seconds:.1f} s")
        elif puzzle.format_solution(result.solution) != _as_recorded(record["solution"]):
            problems.append(f"line {line} {record['id']}: a different solution")
    assert not problems, "\n".join(problems)


def _as_recorded(solution: str | list[str]) -> str | list[str]:
    """A corpus solution in the shape :meth:`Puzzle.format_solution` gives."""
    return solution if isinstance(solution, str) else list(solution)


# --- the four statuses --------------------------------------------------------------------


def test_unique_sample_is_solved() -> None:
    puzzle = sample("sudoku-1")
    result = solve(puzzle)
    assert result.status == "solved" and result.unique
    assert puzzle.check_solution(result.solution) == []
    assert count_solutions(puzzle, limit=5) == 1


def _without_given(puzzle: Puzzle, cell: int) -> Puzzle:
    givens = list(puzzle.givens)
    givens[cell] = 0
    return Puzzle(kind=puzzle.kind, height=puzzle.height, width=puzzle.width, cells=puzzle.cells,
                  regions=puzzle.regions, givens=tuple(givens), pairs=puzzle.pairs,
                  comparisons=puzzle.comparisons, max_digit=puzzle.max_digit)


def _without_region(puzzle: Puzzle, index: int) -> Puzzle:
    regions = puzzle.regions[:index] + puzzle.regions[index + 1:]
    return Puzzle(kind=puzzle.kind, height=puzzle.height, width=puzzle.width, cells=puzzle.cells,
                  regions=regions, givens=puzzle.givens, pairs=puzzle.pairs, max_digit=puzzle.max_digit)


def _two_solutions(puzzle: Puzzle) -> list[tuple[int, ...]]:
    prop = Propagator(puzzle)
    search = Search(prop, limit=2)
    search.run(prop.initial_masks())
    return search.solutions


def test_removing_a_given_can_make_it_multiple() -> None:
    """Some given of a unique Sudoku is needed: without it the solver reports
    ``multiple``, and both solutions it finds are real and different."""
    puzzle = sample("sudoku-1")
    for cell in (c for c, g in enumerate(puzzle.givens) if g):
        weaker = _without_given(puzzle, cell)
        result = solve(weaker)
        assert result.status in ("solved", "multiple")
        if result.status == "multiple":
            break
    else:
        pytest.fail("no given of sudoku-1 is needed")
    first, second = _two_solutions(weaker)
    assert first != second
    assert weaker.check_solution(first) == [] and weaker.check_solution(second) == []
    assert count_solutions(weaker, limit=2) == 2


def test_removing_two_cages_can_make_it_multiple() -> None:
    """One cage's total always follows from the others (45 per house), but
    dropping two touching cages of a unique Killer can leave several solutions."""
    puzzle = sample("killer-1")
    assert solve(puzzle).status == "solved"
    cages = [i for i, r in enumerate(puzzle.regions) if r.kind == "cage"]
    for a, b in itertools.combinations(cages, 2):
        if not _touch(puzzle, puzzle.regions[a].cells, puzzle.regions[b].cells):
            continue
        weaker = _without_region(_without_region(puzzle, b), a)
        result = solve(weaker)
        if result.status == "multiple":
            first, second = _two_solutions(weaker)
            assert first != second
            assert weaker.check_solution(first) == [] and weaker.check_solution(second) == []
            return
        assert result.status == "solved"
    pytest.fail("no two cages of killer-1 can be dropped without losing uniqueness")


def _touch(puzzle: Puzzle, one: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """Whether two cell sets have orthogonal neighbours."""
    spots = {puzzle.cells[c] for c in other}
    return any((r + dr, c + dc) in spots for r, c in (puzzle.cells[x] for x in one)
               for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))


def test_contradictory_given_is_no_solution() -> None:
    """A wrong digit in an empty cell that repeats no given leaves no solution."""
    puzzle = sample("sudoku-1")
    solution = solve(puzzle).solution
    assert solution is not None
    peers = puzzle.peers
    for cell, known in enumerate(puzzle.givens):
        if known:
            continue
        for digit in range(1, 10):
            if digit != solution[cell] and all(puzzle.givens[p] != digit for p in peers[cell]):
                givens = list(puzzle.givens)
                givens[cell] = digit
                broken = Puzzle(kind=puzzle.kind, height=9, width=9, cells=puzzle.cells,
                                regions=puzzle.regions, givens=tuple(givens))
                result = solve(broken)
                assert result.status == "no-solution" and result.solution is None
                assert count_solutions(broken) == 0
                return
    pytest.fail("no wrong digit found")


def test_tiny_contradiction_is_no_solution() -> None:
    """Two cells summing to 3 hold 1 and 2, which a 'neither' rule forbids."""
    puzzle = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
                    regions=(Region("cage a", (0, 1), total=3),), pairs=(Pair(0, 1, "neither"),))
    assert solve(puzzle).status == "no-solution"
    assert random_solution(puzzle, random.Random(1)) is None


# --- limits --------------------------------------------------------------------------------


def _empty_sudoku() -> Puzzle:
    cells = tuple((r, c) for r in range(9) for c in range(9))
    regions = [Region(f"row {r + 1}", tuple(r * 9 + c for c in range(9)), kind="row") for r in range(9)]
    regions += [Region(f"column {c + 1}", tuple(r * 9 + c for r in range(9)), kind="column") for c in range(9)]
    regions += [Region(f"box {b + 1}", tuple((b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)),
                       kind="box") for b in range(9)]
    return Puzzle(kind="sudoku", height=9, width=9, cells=cells, regions=tuple(regions))


def test_node_limit_gives_timeout() -> None:
    result = solve(_empty_sudoku(), node_limit=5)
    assert result.status == "timeout"
    assert result.nodes <= 6


def test_cages_compete_for_branching_except_kakuro_runs() -> None:
    """A Killer's cages may be branched on by digit set (the Python and C
    searches both); a Kakuro's runs never are."""
    killer = Search(Propagator(sample("killer-1")), native=False)
    assert killer.cages
    assert Search(Propagator(sample("kakuro-8x8")), native=False).cages == []


def test_cage_branch_splits_a_cage_into_its_digit_sets() -> None:
    """Where a cage has fewer digit sets per unit of its open cells' weight
    than the best cell has candidates per unit of its weight, the branch is
    the cage: one option per fitting set (options are tried from the end,
    so the lowest mask first); else the cell.  The count stays exact."""
    cells = tuple((r, c) for r in range(4) for c in range(4))
    rows = [Region(f"row {r + 1}", tuple(r * 4 + c for c in range(4)), kind="row") for r in range(4)]
    cols = [Region(f"column {c + 1}", tuple(r * 4 + c for r in range(4)), kind="column") for c in range(4)]
    triple = Region("cage a", (0, 1, 4), total=7, kind="cage")  # {1,2,4}, its only set
    pair = Region("cage b", (10, 11), total=5, kind="cage")  # {1,4} or {2,3}
    puzzle = Puzzle(kind="killer", height=4, width=4, max_digit=4, cells=cells,
                    regions=tuple(rows + cols + [triple, pair]))
    prop = Propagator(puzzle, derived=False)
    masks = prop.initial_masks()
    assert prop.propagate(masks)
    search = Search(prop, native=False)
    # The pair: 2 sets per 8 units of weight; the best cell, 0: 3 candidates per 4.
    assert search._choose(masks) == ((10, 11), [mask_of([1, 4]), mask_of([2, 3])])
    search.weight[0] = 100.0  # as if cell 0 had failed often: 3 per 100
    assert search._choose(masks) == ((0,), [mask_of([4]), mask_of([2]), mask_of([1])])
    assert count_solutions(puzzle, limit=100) == len(brute_solutions(puzzle, 100))


def _row_cage_masks(total: int, first: tuple[int, ...], second: tuple[int, ...], native: bool) -> list[int]:
    """A 9x9 Killer with one 2-cell cage (``total``) in r1c1-r1c2, its cells
    narrowed to ``first`` and ``second`` and every other cell open, propagated."""
    row = tuple(range(9))
    puzzle = Puzzle(kind="killer", height=9, width=9, max_digit=9,
                    cells=tuple((r, c) for r in range(9) for c in range(9)),
                    regions=(Region("row 1", row, kind="row"), Region("cage a", (0, 1), total=total, kind="cage")))
    prop = Propagator(puzzle, derived=False)
    prop.native = None if native else False
    masks = prop.initial_masks()
    masks[0], masks[1] = mask_of(first), mask_of(second)
    assert prop.propagate(masks)
    return masks


@pytest.mark.parametrize("native", [True, False])
def test_a_cage_inside_a_house_pushes_its_needed_digits_out_of_the_house(native: bool) -> None:
    """A cage wholly inside a house: the digits every filling of the cage uses
    leave the house's other cells, as they do for a cage that crosses it."""
    masks = _row_cage_masks(10, (1, 9), (1, 9), native)
    assert all(masks[c] == mask_of([2, 3, 4, 5, 6, 7, 8]) for c in range(2, 9))
    # 2+8 or 3+7: no digit is needed, so the row keeps every digit.
    masks = _row_cage_masks(10, (2, 3), (7, 8), native)
    assert all(masks[c] == mask_of(range(1, 10)) for c in range(2, 9))
    # 1+9 needs both, though neither cell is fixed: out of the row.
    masks = _row_cage_masks(10, (1, 9), (1, 2, 9), native)
    assert masks[1] == mask_of([1, 9]) and masks[5] == mask_of(range(2, 9))


def test_time_limit_gives_timeout_and_never_hangs() -> None:
    """Counting the solutions of an empty grid would take forever; the limit stops it
    (that this test ends at all is the check: how soon is the clock's business, never asserted)."""
    with pytest.raises(TimeoutError):
        count_solutions(_empty_sudoku(), limit=10**9, timeout=0.3)
    result = solve(_empty_sudoku(), timeout=0.0)
    assert result.status == "timeout"


def test_empty_grid_is_multiple() -> None:
    result = solve(_empty_sudoku())
    assert result.status == "multiple"
    assert _empty_sudoku().check_solution(result.solution) == []


def test_random_solution_is_valid_and_varies() -> None:
    grid = _empty_sudoku()
    first = random_solution(grid, random.Random(1))
    second = random_solution(grid, random.Random(2))
    assert first is not None and second is not None
    assert grid.check_solution(first) == [] and grid.check_solution(second) == []
    assert first != second


def test_start_masks_are_used() -> None:
    """``solve(masks=...)`` starts from given candidates: fixing a cell of an
    empty grid to each digit in turn still leaves several solutions."""
    grid = _empty_sudoku()
    prop = Propagator(grid)
    masks = prop.initial_masks()
    masks[0] = 1 << 5
    result = solve(grid, masks=masks)
    assert result.status == "multiple" and result.solution[0] == 5


# --- brute force agreement -------------------------------------------------------------------


def brute_solutions(puzzle: Puzzle, limit: int) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions by plain backtracking in cell order, checking
    each rule once all its cells are filled (and distinctness as it goes)."""
    n = puzzle.size
    digits = [0] * n
    # The rules to check when a cell is filled: those whose last cell it is.
    last_regions: list[list[Region]] = [[] for _ in range(n)]
    for region in puzzle.regions:
        last_regions[max(region.cells)].append(region)
    last_pairs: list[list[Pair]] = [[] for _ in range(n)]
    for pair in puzzle.pairs:
        last_pairs[max(pair.a, pair.b)].append(pair)
    last_comparisons: list[list[Comparison]] = [[] for _ in range(n)]
    for comp in puzzle.comparisons:
        cells = puzzle.regions[comp.left].cells + puzzle.regions[comp.right].cells
        last_comparisons[max(cells)].append(comp)
    found: list[tuple[int, ...]] = []

    def fits(i: int) -> bool:
        for region in last_regions[i]:
            values = [digits[c] for c in region.cells]
            if region.distinct and len(set(values)) != len(values):
                return False
            if region.total is not None and sum(values) != region.total:
                return False
        for pair in last_pairs[i]:
            if not pair_holds(pair.kind, digits[pair.a], digits[pair.b]):
                return False
        for comp in last_comparisons[i]:
            left = sum(digits[c] for c in puzzle.regions[comp.left].cells)
            right = sum(digits[c] for c in puzzle.regions[comp.right].cells)
            if not compare(left, comp.op, right):
                return False
        return True

    def fill(i: int) -> None:
        if len(found) >= limit:
            return
        if i == n:
            found.append(tuple(digits))
            return
        options = [puzzle.givens[i]] if puzzle.givens[i] else range(1, puzzle.max_digit + 1)
        for d in options:
            digits[i] = d
            if fits(i):
                fill(i + 1)
        digits[i] = 0

    fill(0)
    return found


@st.composite
def small_puzzles(draw) -> Puzzle:
    """A small grid (up to 3x4 cells, digits up to 4..6) with rows and columns
    as regions: distinct or not, totals from a random filling (or random),
    some dropped; a few dots, givens and comparisons.  Puzzles with no, one
    or many solutions all occur."""
    height = draw(st.integers(1, 3))
    width = draw(st.integers(2, 4))
    max_digit = draw(st.integers(max(height, width), 6))
    cells = tuple((r, c) for r in range(height) for c in range(width))
    index = {pos: i for i, pos in enumerate(cells)}
    filling = [draw(st.integers(1, max_digit)) for _ in cells]
    lines = [tuple(index[(r, c)] for c in range(width)) for r in range(height)]
    lines += [tuple(index[(r, c)] for r in range(height)) for c in range(width) if height > 1]
    regions = []
    for i, line in enumerate(lines):
        style = draw(st.sampled_from(["distinct-sum", "distinct", "sum", "none"]))
        if style == "none":
            continue
        distinct = style != "sum"
        total = None
        if style != "distinct":
            values = [filling[c] for c in line]
            total = sum(values) if draw(st.booleans()) else draw(st.integers(len(line), len(line) * max_digit))
            if distinct:
                low, high = sum(range(1, len(line) + 1)), sum(range(max_digit - len(line) + 1, max_digit + 1))
                total = min(max(total, low), high)
        regions.append(Region(f"line {i}", line, total=total, distinct=distinct, kind="cage"))
    pairs = []
    for r, c in cells:
        for rr, cc in ((r, c + 1), (r + 1, c)):
            if (rr, cc) in index and draw(st.integers(0, 4)) == 0:
                pairs.append(Pair(index[(r, c)], index[(rr, cc)],
                                  draw(st.sampled_from(["consecutive", "ratio", "neither"]))))
    givens = [filling[i] if draw(st.integers(0, 7)) == 0 else 0 for i in range(len(cells))]
    comparisons = []
    if len(regions) >= 2 and draw(st.booleans()):
        a, b = draw(st.permutations(range(len(regions))))[:2]
        if not set(regions[a].cells) & set(regions[b].cells):
            comparisons.append(Comparison(a, draw(st.sampled_from(["<", "=", ">"])), b))
    try:
        return Puzzle(kind="demo", height=height, width=width, cells=cells, regions=tuple(regions),
                      givens=tuple(givens), pairs=tuple(pairs), comparisons=tuple(comparisons),
                      max_digit=max_digit)
    except InvalidPuzzleError:  # a drawn given repeats in a distinct line: keep the puzzle without givens
        return Puzzle(kind="demo", height=height, width=width, cells=cells, regions=tuple(regions),
                      pairs=tuple(pairs), comparisons=tuple(comparisons), max_digit=max_digit)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_solver_agrees_with_brute_force(puzzle: Puzzle) -> None:
    assert_agrees_with_brute_force(puzzle)


def assert_agrees_with_brute_force(puzzle: Puzzle) -> None:
    """Counting and solving give what trying every assignment gives."""
    expected = brute_solutions(puzzle, limit=3)
    assert count_solutions(puzzle, limit=3) == len(expected)
    result = solve(puzzle)
    assert result.status == {0: "no-solution", 1: "solved"}.get(len(expected), "multiple")
    if expected:
        assert puzzle.check_solution(result.solution) == []
    if len(expected) == 1:
        assert result.solution == expected[0]


@st.composite
def mini_killers(draw) -> Puzzle:
    """A 4x4 Killer (rows, columns, 2x2 boxes) whose cages come from a random
    valid grid; some cage totals are dropped, some changed."""
    digits = draw(st.permutations([1, 2, 3, 4]))
    base = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    rows = draw(st.sampled_from([[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]))
    grid = [[digits[base[r][c] - 1] for c in range(4)] for r in rows]
    cells = tuple((r, c) for r in range(4) for c in range(4))
    regions = [Region(f"row {r + 1}", tuple(r * 4 + c for c in range(4)), kind="row") for r in range(4)]
    regions += [Region(f"column {c + 1}", tuple(r * 4 + c for r in range(4)), kind="column") for c in range(4)]
    regions += [Region(f"box {b + 1}", tuple((b // 2 * 2 + i) * 4 + b % 2 * 2 + j for i in range(2) for j in range(2)),
                       kind="box") for b in range(4)]
    owner = [-1] * 16
    cages: list[list[int]] = []
    for seed in draw(st.permutations(range(16))):
        if owner[seed] >= 0:
            continue
        cage, used = [seed], {grid[seed // 4][seed % 4]}
        owner[seed] = len(cages)
        size = draw(st.integers(1, 4))
        for cell in list(cage):
            r, c = divmod(cell, 4)
            for rr, cc in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
                n = rr * 4 + cc
                if 0 <= rr < 4 and 0 <= cc < 4 and owner[n] < 0 and grid[rr][cc] not in used and len(cage) < size:
                    owner[n] = len(cages)
                    cage.append(n)
                    used.add(grid[rr][cc])
        cages.append(cage)
    for i, cage in enumerate(cages):
        total: int | None = sum(grid[c // 4][c % 4] for c in cage)
        tweak = draw(st.integers(0, 9))
        if tweak == 0:
            total = None
        elif tweak == 1 and len(cage) > 1:
            total = max(3, min(total + draw(st.sampled_from([-1, 1])), 10 if len(cage) == 4 else 9))
        regions.append(Region(f"cage {i}", tuple(sorted(cage)), total=total, kind="cage", label=f"c{i}"))
    try:
        return Puzzle(kind="killer", height=4, width=4, cells=cells, regions=tuple(regions), max_digit=4)
    except InvalidPuzzleError:  # a tweaked total is impossible for its cage size
        return Puzzle(kind="killer", height=4, width=4, cells=cells, regions=tuple(regions[:12]), max_digit=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mini_killers())
def test_mini_killer_agrees_with_brute_force(puzzle: Puzzle) -> None:
    assert_agrees_with_brute_force(puzzle)


# --- the support functions ---------------------------------------------------------------------


def _assignments(masks: tuple[int, ...], distinct: bool) -> Iterator[tuple[int, ...]]:
    options = [[d for d in range(1, 10) if m >> d & 1] for m in masks]
    for values in itertools.product(*options):
        if not distinct or len(set(values)) == len(values):
            yield values


def _support_by_brute_force(total: int, masks: tuple[int, ...], distinct: bool) -> tuple[int, ...] | None:
    seen = [0] * len(masks)
    for values in _assignments(masks, distinct):
        if sum(values) == total:
            for i, v in enumerate(values):
                seen[i] |= 1 << v
    return tuple(seen) if all(seen) else None


masks_st = st.lists(st.sets(st.integers(1, 9), min_size=1, max_size=9).map(mask_of), min_size=1, max_size=4)


@settings(max_examples=300, deadline=None)
@given(masks_st, st.integers(1, 36))
def test_distinct_support_matches_brute_force(masks: list[int], total: int) -> None:
    assert distinct_support(total, tuple(masks)) == _support_by_brute_force(total, tuple(masks), True)


@settings(max_examples=300, deadline=None)
@given(masks_st, st.integers(1, 36))
def test_sum_support_matches_brute_force(masks: list[int], total: int) -> None:
    assert sum_support(total, tuple(masks)) == _support_by_brute_force(total, tuple(masks), False)


@settings(max_examples=200, deadline=None)
@given(masks_st, st.integers(1, 36), st.sets(st.integers(1, 9), max_size=3).map(mask_of))
def test_cage_support_with_forced_digits(masks: list[int], total: int, forced: int) -> None:
    """With ``forced`` digits, only assignments using all of them count."""
    fitting = [v for v in _assignments(tuple(masks), True) if sum(v) == total and forced & ~mask_of(v) == 0]
    found = cage_support(total, tuple(masks), forced)
    if not fitting:
        assert found is None
        return
    assert found is not None
    support, required, combos = found
    assert support == tuple(mask_of(v[i] for v in fitting) for i in range(len(masks)))
    used = {mask_of(v) for v in fitting}
    assert set(combos) == used
    assert required == functools.reduce(lambda a, b: a & b, used)


@st.composite
def cut_masks(draw) -> tuple[int, ...]:
    """Candidate masks of n cells cut down to one set of n digits (what a cage passes on)."""
    n = draw(st.integers(1, 6))
    digits = draw(st.lists(st.integers(1, 9), min_size=n, max_size=n, unique=True))
    picks = [draw(st.integers(1, (1 << n) - 1)) for _ in range(n)]
    return tuple(mask_of(d for j, d in enumerate(digits) if pick >> j & 1) for pick in picks)


@settings(max_examples=500, deadline=None)
@given(cut_masks())
@example((0b1100000, 0b100000, 0b1000000))  # fixing two cells empties the third
@example((0b110, 0b110, 0b1110))
def test_matching_support_matches_brute_force(masks: tuple[int, ...]) -> None:
    """A candidate survives exactly when some perfect matching of cells to the digits uses it."""
    seen = [0] * len(masks)
    for values in _assignments(masks, True):
        for i, v in enumerate(values):
            seen[i] |= 1 << v
    expected = tuple(seen) if all(seen) else None
    assert matching_support(masks) == expected


@st.composite
def differences(draw) -> tuple[int, int, list[int], int]:
    """A difference ``sum(plus) - sum(minus) == total``: the numbers of plus
    and minus cells (at most six in all), their candidate masks, the total."""
    n_plus = draw(st.integers(1, 4))
    n_minus = draw(st.integers(1, 6 - n_plus))
    masks = [mask_of(draw(st.sets(st.integers(1, 9), min_size=1, max_size=9))) for _ in range(n_plus + n_minus)]
    return n_plus, n_minus, masks, draw(st.integers(-30, 30))


@settings(max_examples=300, deadline=None)
@given(differences())
@example((1, 1, [0b10, 0b1000000000], -8))  # 1 - 9
def test_difference_matches_brute_force(case: tuple[int, int, list[int], int]) -> None:
    """The innie-minus-outie rule keeps exactly the digits of some fitting assignment."""
    n_plus, n_minus, masks, total = case
    cells = tuple(range(n_plus + n_minus))
    seen = [0] * len(cells)
    for values in _assignments(tuple(masks), False):
        if sum(values[:n_plus]) - sum(values[n_plus:]) == total:
            for i, v in enumerate(values):
                seen[i] |= 1 << v
    now = list(masks)
    changed = Difference(cells[:n_plus], cells[n_plus:], total, 9).run(now)
    if not all(seen):
        assert changed is None
    else:
        assert changed is not None and now == seen
        assert set(changed) == {c for c in cells if masks[c] != seen[c]}


def test_derived_and_mixed_sums_hold_on_the_solution() -> None:
    """Every innie/outie sum and every innie-minus-outie fact is true of the solution."""
    checked = 0
    for name in ("killer-1", "greater-killer-1"):
        puzzle = sample(name)
        solution = solve(puzzle).solution
        assert solution is not None
        for fact in derived_sums(puzzle):
            assert sum(solution[c] for c in fact.cells) == fact.total
            checked += 1
        for plus, minus, total in mixed_sums(puzzle):
            assert sum(solution[c] for c in plus) - sum(solution[c] for c in minus) == total
            checked += 1
    assert checked >= 10


def test_derived_sums_hold_on_corpus_killers(corpus_file) -> None:
    """The same on the Killer corpus against the recorded solutions (many cage shapes)."""
    checked = 0
    for _, record in corpus_file("killer"):
        puzzle = from_record(record)
        solution = puzzle.parse_solution(record["solution"])
        for fact in derived_sums(puzzle):
            assert sum(solution[c] for c in fact.cells) == fact.total, (record["id"], fact)
            checked += 1
        for plus, minus, total in mixed_sums(puzzle):
            assert sum(solution[c] for c in plus) - sum(solution[c] for c in minus) == total, record["id"]
            checked += 1
    assert checked > 1000

