"""Uniqueness techniques: Unique Rectangles 1-4, the Hidden Rectangle and BUG+1.

Each must-fire case builds a candidate state around a puzzle's unique
solution (every cell its solution digit, a few cells opened up to form the
pattern), so the eliminations expected follow from the construction and
are sound.  The near misses: the same state on a puzzle with several
solutions, a rectangle over four boxes, a Killer whose cage a swap would
unbalance, a Kropki dot the swap would break, and a person's position
(never proved unique).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

import techniques
from puzzles import read_path, sample
from solver.candidates import Candidates
from solver.contract import Context, Uniqueness
from solver.engine import Engine, solve_with_logic
from solver.model import Pair, Puzzle, Region
from solver.search import solve
from techniques import uniqueness
from techniques.uniqueness import rectangles, swappable

SUDOKU = sample("sudoku-1")


def solution_of(puzzle: Puzzle) -> tuple[int, ...]:
    result = solve(puzzle, timeout=None)
    assert result.status == "solved" and result.solution is not None
    return tuple(result.solution)


SOLUTION = solution_of(SUDOKU)


def several(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with givens dropped until it has several solutions."""
    givens = list(puzzle.givens)
    for cell in [c for c, g in enumerate(givens) if g]:
        givens[cell] = 0
        loose = replace(puzzle, givens=tuple(givens), id=puzzle.id + "-loose")
        if solve(loose, timeout=None).status == "multiple":
            return loose
    raise AssertionError("no set of dropped givens gave several solutions")


def context(puzzle: Puzzle, masks: list[int]) -> Context:
    """A context with the engine's uniqueness proof for ``puzzle``."""
    return Context(puzzle, Candidates(puzzle, masks), techniques.DEFAULT, uniqueness=Engine(()).proof(puzzle))


def solved_masks(solution: tuple[int, ...]) -> list[int]:
    return [1 << d for d in solution]


def box(puzzle: Puzzle, cell: int) -> int:
    return next(ri for ri in puzzle.cell_regions[cell] if puzzle.regions[ri].kind == "box")


def rects(puzzle: Puzzle, solution: tuple[int, ...], boxes: int = 2):
    """Grid rectangles ``(A, B, C, D)`` over ``boxes`` boxes with ``A`` and ``D`` holding the same digit."""
    at = puzzle.index_of
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            rect = (at[r1, c1], at[r1, c2], at[r2, c1], at[r2, c2])
            if not any(puzzle.givens[x] for x in rect) and len({box(puzzle, x) for x in rect}) == boxes:
                yield rect


def find_all(finder, ctx: Context) -> list:
    return list(finder(ctx))


def sound(steps, solution) -> bool:
    return all(not m >> solution[c] & 1 for s in steps for c, m in s.eliminations) and \
        all(solution[c] == d for s in steps for c, d in s.placements)


# --- type 1 -------------------------------------------------------------------------------------
def type1_state(puzzle: Puzzle, solution: tuple[int, ...], rect) -> tuple[list[int], int, int]:
    """A, B, C as a/b only (their solution digits a, b, b) and D as a/b/its own digit."""
    a_, b_, c_, d_ = rect
    a, b = solution[a_], solution[b_]
    masks = solved_masks(solution)
    for x in (a_, b_, c_):
        masks[x] = 1 << a | 1 << b
    masks[d_] = 1 << a | 1 << b | 1 << solution[d_]
    return masks, a, b


def type1_rect(puzzle: Puzzle, solution: tuple[int, ...], boxes: int = 2):
    return next(r for r in rects(puzzle, solution, boxes)
                if solution[r[2]] == solution[r[1]] and solution[r[3]] not in (solution[r[0]], solution[r[1]]))


def test_type_1_removes_both_digits_from_the_fourth_corner() -> None:
    rect = type1_rect(SUDOKU, SOLUTION)
    masks, a, b = type1_state(SUDOKU, SOLUTION, rect)
    steps = find_all(uniqueness.find_unique_rectangle_1, context(SUDOKU, masks))
    assert [s.eliminations for s in steps] == [((rect[3], 1 << a | 1 << b),)]
    assert "because the puzzle has one solution" in steps[0].text and sound(steps, SOLUTION)


def test_type_1_needs_a_puzzle_with_one_solution() -> None:
    loose = several(SUDOKU)
    rect = type1_rect(loose, SOLUTION)
    masks, _, _ = type1_state(loose, SOLUTION, rect)
    assert find_all(uniqueness.find_unique_rectangle_1, context(loose, masks)) == []


def test_a_rectangle_over_four_boxes_is_no_deadly_pattern() -> None:
    rect = type1_rect(SUDOKU, SOLUTION, boxes=4)
    assert not swappable(SUDOKU, rect)
    masks, _, _ = type1_state(SUDOKU, SOLUTION, rect)
    assert find_all(uniqueness.find_unique_rectangle_1, context(SUDOKU, masks)) == []


def test_no_proof_no_step_from_a_position_or_a_bare_context() -> None:
    rect = type1_rect(SUDOKU, SOLUTION)
    masks, _, _ = type1_state(SUDOKU, SOLUTION, rect)
    engine = Engine(techniques.DEFAULT)
    position = engine.start(SUDOKU, Candidates(SUDOKU, masks), placed=set())
    bare = Context(SUDOKU, Candidates(SUDOKU, list(masks)), techniques.DEFAULT)
    for ctx in (position, bare):
        assert ctx.uniqueness is None and not ctx.unique
        assert all(find_all(t.find, ctx) == [] for t in uniqueness.TECHNIQUES)
    assert engine.start(SUDOKU).uniqueness is not None  # from the start, the proof is at hand


# --- Killer and Kropki: the swap must keep every cage total and every dot ------------------------
def with_cages(cages: list[tuple[int, ...]], kind: str = "killer") -> Puzzle:
    regions = SUDOKU.regions + tuple(Region(f"cage {k}", cells, total=sum(SOLUTION[c] for c in cells), kind="cage")
                                     for k, cells in enumerate(cages))
    return replace(SUDOKU, kind=kind, regions=regions, id=f"{kind}-from-sudoku-1")


def test_killer_fires_when_each_cage_holds_a_side() -> None:
    rect = next(r for r in rects(SUDOKU, SOLUTION) if SUDOKU.cells[r[1]][1] == SUDOKU.cells[r[0]][1] + 1
                and solution_digits_fit(r))
    killer = with_cages([(rect[0], rect[1]), (rect[2], rect[3])])
    masks, a, b = type1_state(killer, SOLUTION, rect)
    steps = find_all(uniqueness.find_unique_rectangle_1, context(killer, masks))
    assert [s.eliminations for s in steps] == [((rect[3], 1 << a | 1 << b),)] and sound(steps, SOLUTION)


def solution_digits_fit(rect) -> bool:
    return SOLUTION[rect[2]] == SOLUTION[rect[1]] and SOLUTION[rect[3]] not in (SOLUTION[rect[0]], SOLUTION[rect[1]])


def test_killer_rectangle_whose_swap_breaks_a_cage_sum_does_not_fire() -> None:
    rect = next(r for r in rects(SUDOKU, SOLUTION) if solution_digits_fit(r) and SUDOKU.cells[r[0]][1] > 0)
    at = SUDOKU.index_of
    r0, c0 = SUDOKU.cells[rect[0]]
    left = at[r0, c0 - 1]
    killer = with_cages([(left, rect[0])])  # corner A shares a cage with a cell outside: its total would change
    assert not swappable(killer, rect)
    masks, _, _ = type1_state(killer, SOLUTION, rect)
    masks[left] = 1 << SOLUTION[left]
    assert find_all(uniqueness.find_unique_rectangle_1, context(killer, masks)) == []


def test_kropki_dot_the_swap_would_break_stops_it() -> None:
    rect = next(r for r in rects(SUDOKU, SOLUTION) if solution_digits_fit(r) and SUDOKU.cells[r[0]][1] > 0
                and SUDOKU.cells[r[0]][1] - 1 not in (SUDOKU.cells[r[1]][1],))
    at = SUDOKU.index_of
    r0, c0 = SUDOKU.cells[rect[0]]
    left = at[r0, c0 - 1]
    a, b = SOLUTION[rect[0]], SOLUTION[rect[1]]
    y = SOLUTION[left]
    kind = "consecutive" if abs(a - y) == 1 else "ratio" if a == 2 * y or y == 2 * a else "neither"
    kropki = replace(SUDOKU, kind="kropki", pairs=(Pair(left, rect[0], kind),), id="kropki-from-sudoku-1")
    masks, _, _ = type1_state(kropki, SOLUTION, rect)
    from solver.model import pair_holds
    steps = find_all(uniqueness.find_unique_rectangle_1, context(kropki, masks))
    if pair_holds(kind, b, y):  # the dot holds for both digits: the swap keeps it
        assert steps and sound(steps, SOLUTION)
    else:
        assert steps == []


# --- types 2, 3, 4 and the hidden rectangle -------------------------------------------------------
def roof_rect():
    """A rectangle over two boxes whose solution is A=a, B=b, C=x, D=a (rows r1 above r2)."""
    return next(r for r in rects(SUDOKU, SOLUTION) if SOLUTION[r[3]] == SOLUTION[r[0]])


def row_of(cell: int) -> list[int]:
    r = SUDOKU.cells[cell][0]
    return [SUDOKU.index_of[r, c] for c in range(9)]


def test_type_2_removes_the_extra_digit_from_cells_that_see_both_roof_corners() -> None:
    A, B, C, D = roof_rect()
    a, b, x = SOLUTION[A], SOLUTION[B], SOLUTION[C]
    masks = solved_masks(SOLUTION)
    masks[A] = masks[B] = 1 << a | 1 << b
    masks[C] = masks[D] = 1 << a | 1 << b | 1 << x
    E = next(c for c in row_of(C) if c not in (C, D) and not SUDOKU.givens[c])
    masks[E] |= 1 << x
    steps = find_all(uniqueness.find_unique_rectangle_2, context(SUDOKU, masks))
    assert [s.eliminations for s in steps] == [((E, 1 << x),)] and sound(steps, SOLUTION)


def test_type_3_makes_a_naked_subset_with_the_roof() -> None:
    A, B, C, D = roof_rect()
    a, b, x = SOLUTION[A], SOLUTION[B], SOLUTION[C]
    others = [c for c in row_of(C) if c not in (C, D) and not SUDOKU.givens[c]]
    E, F = others[0], others[1]
    y = SOLUTION[E]
    masks = solved_masks(SOLUTION)
    masks[A] = masks[B] = 1 << a | 1 << b
    masks[C] = 1 << a | 1 << b | 1 << x
    masks[D] = 1 << a | 1 << b | 1 << y
    masks[E] = 1 << x | 1 << y
    masks[F] |= 1 << x
    steps = find_all(uniqueness.find_unique_rectangle_3, context(SUDOKU, masks))
    assert ((F, 1 << x),) in [s.eliminations for s in steps] and sound(steps, SOLUTION)


def test_type_4_strong_link_on_one_digit_removes_the_other() -> None:
    A, B, C, D = roof_rect()
    a, b, x = SOLUTION[A], SOLUTION[B], SOLUTION[C]
    y = next(d for d in range(1, 10) if d not in (a, b, x))
    masks = solved_masks(SOLUTION)
    masks[A] = masks[B] = 1 << a | 1 << b
    masks[C] = 1 << a | 1 << b | 1 << x
    masks[D] = 1 << a | 1 << b | 1 << y
    steps = find_all(uniqueness.find_unique_rectangle_4, context(SUDOKU, masks))
    assert ((C, 1 << b), (D, 1 << b)) in [s.eliminations for s in steps] and sound(steps, SOLUTION)
    masks[next(c for c in row_of(C) if c not in (C, D) and not SUDOKU.givens[c])] |= 1 << a  # a elsewhere too
    assert not any(s.eliminations == ((C, 1 << b), (D, 1 << b)) for s in
                   find_all(uniqueness.find_unique_rectangle_4, context(SUDOKU, masks)))


def test_hidden_rectangle() -> None:
    A, B, C, D = next(r for r in rects(SUDOKU, SOLUTION)
                      if SOLUTION[r[2]] == SOLUTION[r[1]] and SOLUTION[r[3]] != SOLUTION[r[0]])
    a, b, d = SOLUTION[A], SOLUTION[B], SOLUTION[D]
    e = next(k for k in range(1, 10) if k not in (a, b))
    masks = solved_masks(SOLUTION)
    masks[A] = 1 << a | 1 << b
    masks[B] = masks[C] = 1 << a | 1 << b | 1 << e
    masks[D] = 1 << a | 1 << b | 1 << d
    steps = find_all(uniqueness.find_hidden_rectangle, context(SUDOKU, masks))
    assert ((D, 1 << a),) in [s.eliminations for s in steps] and sound(steps, SOLUTION)
    assert find_all(uniqueness.find_hidden_rectangle, context(several(SUDOKU), masks)) == []


# --- BUG+1 and the family switch --------------------------------------------------------------------
def test_bug_plus_one_on_the_corpus(corpus) -> None:
    """Wherever BUG+1 fires in the corpus's classic Sudokus it places the
    solution digit in the one cell with three candidates, and never on the
    same state of a puzzle with several solutions."""
    fired = 0
    states: list = []

    def watch(ctx: Context, step) -> None:
        if step.technique == "bug-plus-1":
            states.append((list(ctx.state.masks), step))

    for puzzle in read_path(str(corpus / "sudoku.jsonl")):
        solution = puzzle.parse_solution(puzzle.get_info("solution"))
        states.clear()
        solve_with_logic(puzzle, techniques.DEFAULT, explain=False, timeout=None, budget=20_000, observe=watch)
        for masks, step in states:
            fired += 1
            (cell, digit), = step.placements
            assert digit == solution[cell] and bin(masks[cell]).count("1") == 3
            assert sum(bin(m).count("1") == 2 for m in masks) >= 2
            loose = several(puzzle)
            assert find_all(uniqueness.find_bug_plus_one, context(loose, masks)) == []
    assert fired >= 1


def test_the_family_id_leaves_them_all_out() -> None:
    ids = {t.id for t in uniqueness.TECHNIQUES}
    assert ids <= {t.id for t in techniques.DEFAULT}
    assert not ids & {t.id for t in techniques.select(without="uniqueness")}
    assert not ids & {t.id for t in techniques.select(without=["naked-single", "uniqueness"])}
    assert [t.id for t in techniques.select("uniqueness")] == [t.id for t in techniques.DEFAULT if t.id in ids]
    with pytest.raises(ValueError, match="uniqueness"):
        techniques.select(without="uniquenes")


def test_rectangles_of_a_sudoku() -> None:
    found, per_cell = rectangles(SUDOKU)
    # two rows of one band (9 pairs) and two columns of different stacks (27 pairs), or the other way round
    assert len(found) == 2 * 9 * 27
    # a cell's: another row of its band (2) and a column of another stack (6), or the other way round
    assert all(swappable(SUDOKU, r) for r in found) and all(len(per_cell[c]) == 2 * 2 * 6 for c in range(81))


def test_uniqueness_is_decided_once_and_shared_by_forks() -> None:
    calls: list[int] = []
    proof = Uniqueness(lambda: (calls.append(1), ("solved", SOLUTION))[1])
    ctx = Context(SUDOKU, Candidates.initial(SUDOKU), (), uniqueness=proof)
    fork = ctx.fork()
    assert ctx.unique and fork.unique and fork.uniqueness is proof and calls == [1]


def test_the_switch_in_the_api_and_the_cli_and_never_from_a_position(corpus, capsys, tmp_path) -> None:
    """On a corpus Sudoku whose trace uses the family: ``without=["uniqueness"]``
    and ``--without uniqueness`` leave it out, and from a position (even the
    empty one) the engine never uses it."""
    import json

    import sumlogic
    from sumlogic import Position

    from .process_support import run

    ids = {t.id for t in uniqueness.TECHNIQUES}
    puzzle = next(p for p in read_path(str(corpus / "sudoku.jsonl"))
                  if ids & set(sumlogic.explain(p, budget=20_000, explain=False).techniques_used()))
    assert not ids & set(sumlogic.explain(puzzle, budget=20_000, without=["uniqueness"]).techniques_used())
    position = sumlogic.explain(Position(puzzle), budget=20_000)
    assert position.status == "solved" and not ids & set(position.techniques_used())
    path = tmp_path / "one.jsonl"
    path.write_text(next(line for line in (corpus / "sudoku.jsonl").read_text().splitlines()
                         if json.loads(line)["id"] == puzzle.id) + "\n")
    code, out, _ = run(capsys, "explain", str(path), "--without", "uniqueness", "--json", "--budget", "20000")
    assert code == 0 and not ids & set(json.loads(out.splitlines()[0])["techniques"])
