"""Every grid size: Sudoku, Killer and Kropki on N x N grids (N = 4..9) with
the usual boxes, other box shapes, no boxes, or irregular (jigsaw) regions.

The puzzles are generated solution first: a random jigsaw partition when
needed, a random solution grid for the houses, cages / dots / givens derived
from it, and givens added until the exact solver proves the solution unique.
Then the exact solver must find exactly that solution (the Python and the C
search visiting the same nodes), and the logic engine must end ``solved``
with no unsound step.  Seeds are fixed, so every run sees the same puzzles.
"""

from __future__ import annotations

import os

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sumlogic
from puzzles import from_record, greater_killer, jsonl, killer, kropki, sudoku, to_record, write_text
from puzzles.common import USUAL_BOXES, Box, Position, grid_houses, grid_shape
from puzzles.killer import Cage
from solver import native
from solver.derived import box_layout, house_unions
from solver.errors import InvalidPuzzleError, ParseError
from solver.model import Puzzle, pair_holds
from solver.propagate import Propagator
from solver.search import Search, _OutOfBudget, count_solutions, random_solution
from sumlogic.cli.grid import draw_grid
from techniques.innies import killer_equations

from .conftest import corpus_dir
from .oracle import wrong_effects

Regions = list[list[Position]]


class Grid:
    """The shape of a generated grid: its side, box shape or irregular regions."""

    def __init__(self, size: int, box: Box | None = None, regions: Regions | None = None) -> None:
        self.size, self.box, self.regions = size, box, regions

    def kwargs(self) -> dict[str, Any]:
        """The builder arguments of this shape."""
        return {"size": self.size, "box": self.box, "regions": self.regions}

    def __repr__(self) -> str:
        return f"Grid({self.size}, {self.box}, {'jigsaw' if self.regions else None})"


# --- generators -------------------------------------------------------------------


def _neighbours(pos: Position, size: int) -> list[Position]:
    r, c = pos
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def _connected(cells: set[Position], size: int) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in _neighbours(todo.pop(), size):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def random_jigsaw(size: int, rng: random.Random, swaps: int = 60) -> Regions:
    """``size`` connected regions of ``size`` cells: the usual boxes (rows for
    5 and 7) with random pairs of border cells traded between neighbours."""
    bh, bw = USUAL_BOXES.get(size, (1, size))
    owner = {(r, c): (r // bh) * (size // bw) + c // bw for r in range(size) for c in range(size)}
    done = 0
    for _ in range(swaps * 50):
        if done >= swaps:
            break
        a = rng.choice(sorted(owner))
        b = rng.choice(_neighbours(a, size))
        ra, rb = owner[a], owner[b]
        if ra == rb:
            continue
        # a moves to rb; some cell of rb bordering ra moves to ra.
        back = [p for p in owner if owner[p] == rb and p != b
                and any(owner[n] == ra and n != a for n in _neighbours(p, size))]
        if not back:
            continue
        p = rng.choice(back)
        owner[a], owner[p] = rb, ra
        for region in (ra, rb):
            if not _connected({q for q in owner if owner[q] == region}, size):
                owner[a], owner[p] = ra, rb
                break
        else:
            done += 1
    return [sorted(p for p in owner if owner[p] == k) for k in range(size)]


def random_grid(rng: random.Random, size: int, box: Box | None = None,
                jigsaw: bool = False) -> tuple[Grid, tuple[int, ...]]:
    """A grid shape and a random solution of its houses."""
    for _ in range(50):
        grid = Grid(size, box, random_jigsaw(size, rng) if jigsaw else None)
        empty = sudoku.build(**grid.kwargs())
        solution = random_solution(empty, rng, node_limit=20_000)
        if solution is not None:
            return grid, solution
    raise AssertionError("no solution grid found")  # pragma: no cover


def random_cages(solution: Sequence[int], size: int, rng: random.Random) -> list[Cage]:
    """Connected cages of 1..4 cells with different digits covering the grid, totals from ``solution``."""
    free = {(r, c) for r in range(size) for c in range(size)}
    order = sorted(free)
    rng.shuffle(order)
    cages: list[Cage] = []
    digit = {pos: solution[size * pos[0] + pos[1]] for pos in free}
    for start in order:
        if start not in free:
            continue
        free.discard(start)
        cells, want = [start], rng.choice((1, 2, 2, 3, 3, 4))
        while len(cells) < want:
            options = sorted({n for p in cells for n in _neighbours(p, size)
                              if n in free and digit[n] not in {digit[q] for q in cells}})
            if not options:
                break
            pick = rng.choice(options)
            free.discard(pick)
            cells.append(pick)
        label = _label(len(cages))
        cages.append(Cage(label, sum(digit[p] for p in cells), tuple(sorted(cells))))
    return cages


def _label(i: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < len(letters) else letters[i // len(letters) - 1] + letters[i % len(letters)]


def add_givens_until_unique(make: Callable[[list[int]], Puzzle], solution: Sequence[int], rng: random.Random,
                            start: int = 0) -> Puzzle:
    """``make(givens)`` with givens from ``solution`` (``start`` random ones, then one
    at a time) until the exact solver proves the puzzle unique."""
    givens = [0] * len(solution)
    order = list(range(len(solution)))
    rng.shuffle(order)
    for cell in order[:start]:
        givens[cell] = solution[cell]
    rest = order[start:]
    while True:
        puzzle = make(givens)
        if count_solutions(puzzle, 2) == 1:
            return puzzle
        cell = rest.pop()
        givens[cell] = solution[cell]


Made = tuple[Puzzle, tuple[int, ...]]


def make_sudoku(rng: random.Random, size: int, box: Box | None = None, jigsaw: bool = False) -> Made:
    """A unique Sudoku (or jigsaw Sudoku) and its solution."""
    grid, solution = random_grid(rng, size, box, jigsaw)
    puzzle = add_givens_until_unique(lambda g: sudoku.build(g, **grid.kwargs(), id="gen/sudoku"), solution, rng,
                                     start=size * size // 4)
    return puzzle, solution


def make_killer(rng: random.Random, size: int, box: Box | None = None, jigsaw: bool = False) -> Made:
    """A unique Killer and its solution (some cages without a total)."""
    grid, solution = random_grid(rng, size, box, jigsaw)
    cages = random_cages(solution, size, rng)
    cages = [Cage(c.label, None if rng.random() < 0.1 else c.total, c.cells) for c in cages]
    puzzle = add_givens_until_unique(lambda g: killer.build(cages, g, **grid.kwargs(), id="gen/killer"), solution, rng)
    return puzzle, solution


def make_kropki(rng: random.Random, size: int, box: Box | None = None, jigsaw: bool = False,
                negative: bool = True) -> Made:
    """A unique Kropki and its solution: every dot that holds (``negative``), or about half of them."""
    grid, solution = random_grid(rng, size, box, jigsaw)
    white, black = [], []
    for a, b in kropki.neighbours(size):
        x, y = solution[a], solution[b]
        dot = ((a // size, a % size), (b // size, b % size))
        if not negative and rng.random() < 0.5:
            continue
        if pair_holds("consecutive", x, y) and (not pair_holds("ratio", x, y) or rng.random() < 0.5):
            white.append(dot)
        elif pair_holds("ratio", x, y):
            black.append(dot)
    puzzle = add_givens_until_unique(
        lambda g: kropki.build(g, white, black, **grid.kwargs(), negative=negative, id="gen/kropki"), solution, rng)
    return puzzle, solution


# --- the checks ---------------------------------------------------------------------


def search(puzzle: Puzzle, use_native: bool) -> tuple[list[tuple[int, ...]], int, bool]:
    """``(solutions, nodes, out of budget)`` of the exact search."""
    prop = Propagator(puzzle)
    run = Search(prop, limit=2, node_limit=200_000, native=use_native)
    try:
        run.run(prop.initial_masks())
    except _OutOfBudget:
        return run.solutions, run.nodes, True
    return run.solutions, run.nodes, False


def check(puzzle: Puzzle, solution: Sequence[int]) -> None:
    """The exact solver finds exactly ``solution`` (C and Python the same nodes);
    the logic engine solves it with no unsound step; the record round-trips."""
    assert puzzle.check_solution(solution) == []
    found = search(puzzle, False)
    assert found[0] == [tuple(solution)] and not found[2]
    if native.available():
        assert search(puzzle, True) == found
    trace = sumlogic.explain(puzzle, budget=20_000, timeout=None)
    assert trace.status == "solved"
    wrong = [f"{step.technique}: {w}" for step in trace.steps for w in wrong_effects(step, solution)]
    assert wrong == []
    assert trace.solution == tuple(solution)
    record = to_record(puzzle)
    assert from_record(json.loads(json.dumps(record))) == puzzle
    assert to_record(from_record(record)) == record


SHAPES = [
    ("sudoku", 4, None, False),
    ("sudoku", 6, (3, 2), False),
    ("sudoku", 6, None, True),
    ("sudoku", 9, None, True),
    ("sudoku", 5, None, False),
    ("sudoku", 8, None, False),
    ("killer", 6, (2, 3), False),
    ("killer", 6, (3, 2), False),
    ("killer", 4, None, False),
    ("killer", 7, None, False),
    ("killer", 6, None, True),
    ("kropki", 6, (2, 3), False),
    ("kropki", 6, (3, 2), False),
    ("kropki", 4, None, False),
    ("kropki", 5, None, False),
    ("kropki", 6, None, True),
]

MAKERS: dict[str, Callable[..., Made]] = {
    "sudoku": make_sudoku, "killer": make_killer, "kropki": make_kropki}


@pytest.mark.parametrize("kind,size,box,jigsaw", SHAPES, ids=[f"{k}-{n}-{b}-{'jigsaw' if j else 'boxes'}"
                                                             for k, n, b, j in SHAPES])
def test_generated_puzzles_of_every_shape(kind: str, size: int, box: Box | None, jigsaw: bool) -> None:
    rng = random.Random(f"{kind}/{size}/{box}/{jigsaw}")
    puzzle, solution = MAKERS[kind](rng, size, box, jigsaw)
    assert puzzle.max_digit == size and puzzle.height == size
    check(puzzle, solution)


@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["killer", "kropki"]), st.sampled_from([(2, 3), (3, 2)]), st.integers(0, 10**6))
def test_generated_6x6_killers_and_kropkis(kind: str, box: Box, seed: int) -> None:
    puzzle, solution = MAKERS[kind](random.Random(seed), 6, box)
    check(puzzle, solution)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([4, 6, 9]), st.integers(0, 10**6))
def test_generated_sudokus_and_jigsaws(size: int, seed: int) -> None:
    rng = random.Random(seed)
    puzzle, solution = make_sudoku(rng, size, None, jigsaw=size != 4)
    check(puzzle, solution)


def test_greater_killer_6x6() -> None:
    """A Greater Killer on 6x6: some totals hidden, relations between cages instead."""
    rng = random.Random(11)
    grid, solution = random_grid(rng, 6, (3, 2))
    cages = random_cages(solution, 6, rng)
    relations = [(a.label, "<" if (a.total or 0) < (b.total or 0) else ">" if (a.total or 0) > (b.total or 0) else "=",
                  b.label) for a, b in zip(cages[::2], cages[1::2])]
    hidden = [Cage(c.label, None if i % 3 == 0 else c.total, c.cells) for i, c in enumerate(cages)]
    puzzle = add_givens_until_unique(
        lambda g: greater_killer.build(hidden, relations, g, **grid.kwargs(), id="gen/gk"), solution, rng)
    assert puzzle.comparisons
    check(puzzle, solution)


def test_non_negative_kropki_6x6() -> None:
    puzzle, solution = make_kropki(random.Random(7), 6, (2, 3), negative=False)
    check(puzzle, solution)


# --- the model ------------------------------------------------------------------------


def test_houses_of_every_size() -> None:
    for size in range(4, 10):
        houses = grid_houses(size)
        boxes = [h for h in houses if h.kind == "box"]
        assert len(houses) == 2 * size + len(boxes)
        assert len(boxes) == (size if size in USUAL_BOXES else 0)
        assert all(len(h.cells) == size for h in houses)
        cells = sorted(c for h in houses if h.kind == "box" for c in h.cells)
        assert not boxes or cells == list(range(size * size))
    assert grid_houses(9) == grid_houses(9, (3, 3))


def test_bad_shapes_are_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="grid size 10 is not one of 4..9"):
        sudoku.build(size=10)
    with pytest.raises(InvalidPuzzleError, match="box 2x2: a 6x6 grid needs boxes of 6 cells"):
        sudoku.build(size=6, box=(2, 2))
    with pytest.raises(InvalidPuzzleError, match="box 1x5"):
        sudoku.build(size=5, box=(1, 5))
    rows = [[(r, c) for c in range(4)] for r in range(4)]
    with pytest.raises(InvalidPuzzleError, match="3 irregular regions for a 4x4 grid, not 4"):
        sudoku.build(size=4, regions=rows[:3])
    with pytest.raises(InvalidPuzzleError, match="region 2: lists r1c1 and in region 1"):
        sudoku.build(size=4, regions=[rows[0], [(0, 0)] + rows[1][1:], rows[2], rows[3]])
    with pytest.raises(InvalidPuzzleError, match="either a box shape or irregular regions"):
        sudoku.build(size=4, box=(2, 2), regions=rows)
    with pytest.raises(InvalidPuzzleError, match="outside the 4x4 grid"):
        killer.build([Cage("a", 3, ((4, 0),))], size=4)
    with pytest.raises(InvalidPuzzleError, match="given 5 is not a digit 1..4"):
        sudoku.build([5] + [0] * 15, size=4)


def test_box_layout_and_unions_follow_the_box_shape() -> None:
    wide = sudoku.build(size=6, box=(2, 3))
    tall = sudoku.build(size=6, box=(3, 2))
    assert [len(band) for band in box_layout(wide)] == [2, 2, 2]
    assert [len(band) for band in box_layout(tall)] == [3, 3]
    assert box_layout(sudoku.build(size=6, regions=random_jigsaw(6, random.Random(1)))) == []
    assert box_layout(sudoku.build(size=5)) == []
    pairs = [u for u in house_unions(tall) if len(u) == 2 and all(tall.regions[h].kind == "box" for h in u)]
    assert len(pairs) == 2 * 2 + 3 * 1  # side by side in each band, one above the other in each stack


def test_rule_of_n_sentences_name_the_right_total() -> None:
    for size, box, total in ((6, (2, 3), 21), (4, None, 10), (8, (4, 2), 36)):
        puzzle, _ = make_killer(random.Random(3), size, box)
        reasons = [e.reason for e in killer_equations(puzzle)]
        houses = [int(m.group(1)) for r in reasons for m in [re.match(r"[^;,]*? totals (\d+)\b", r)] if m]
        assert houses and total in houses
        assert all(t % total == 0 for t in houses), sorted(set(houses))


# --- records, notations, drawings -------------------------------------------------------


def test_records_of_other_sizes_round_trip() -> None:
    rec = {"id": "x/1", "kind": "killer", "size": 4, "box": "2x2",
           "cages": [{"label": "a", "sum": 10, "cells": ["r1c1", "r1c2", "r2c1", "r2c2"]},
                     {"label": "b", "sum": None, "cells": ["r1c3", "r1c4", "r2c3", "r2c4"]},
                     {"label": "c", "sum": 10, "cells": ["r3c1", "r3c2", "r4c1", "r4c2"]},
                     {"label": "d", "sum": 10, "cells": ["r3c3", "r3c4", "r4c3", "r4c4"]}],
           "solution": "1234341221434321"}
    puzzle = from_record(rec)
    assert puzzle.max_digit == 4 and to_record(puzzle) == rec
    jig = random_jigsaw(6, random.Random(2))
    p = sudoku.build(size=6, regions=jig)
    rec2 = to_record(p)
    assert list(rec2) == ["kind", "size", "regions"]
    assert rec2["regions"][0][0] == "r1c1" and from_record(rec2) == p
    assert to_record(sudoku.build(size=5)) == {"kind": "sudoku", "size": 5}
    assert to_record(sudoku.build(size=6, regions=[])) == {"kind": "sudoku", "size": 6, "regions": []}
    assert to_record(sudoku.build(size=8, box=(4, 2)))["box"] == "4x2"
    assert grid_shape(from_record({"kind": "kropki", "size": 6, "box": "3x2"})) == (6, (3, 2), None)


def test_nine_by_nine_records_read_as_before() -> None:
    rec = {"kind": "sudoku", "size": 9, "givens": "1" + "." * 80}
    assert to_record(from_record(rec)) == rec
    assert from_record({**rec, "box": "3x3"}) == from_record(rec)
    assert to_record(from_record({**rec, "box": "3x3"})) == rec


@pytest.mark.parametrize("record,message", [
    ({"kind": "sudoku", "size": 6, "box": "2x2"}, "box 2x2: a 6x6 grid needs boxes of 6 cells"),
    ({"kind": "sudoku", "size": 6, "box": "two by three"}, "box 'two by three' is not rows x columns"),
    ({"kind": "sudoku", "size": 6, "box": "2x3", "regions": []}, "either box or regions"),
    ({"kind": "sudoku", "size": 4, "regions": [["r1c1"]]}, "1 irregular regions for a 4x4 grid"),
    ({"kind": "sudoku", "size": 4, "regions": "r1c1"}, "regions is not a list"),
    ({"kind": "sudoku", "size": 4, "givens": "1" * 9}, "givens have 9 characters, not 16"),
    ({"kind": "sudoku", "size": 4, "givens": "5" + "." * 15}, "'5' is not a digit 1..4"),
    ({"kind": "sudoku", "size": 3}, "size 3 is not one of 4..9"),
    ({"kind": "sudoku", "size": 6.0}, "size 6.0 is not an integer"),
    ({"kind": "kropki", "size": 4, "white": [["r1c1", "r1c5"]]}, "r1c5 is outside the 4x4 grid"),
    ({"kind": "killer", "size": 4, "cages": [{"label": "a", "sum": 3, "cells": ["r5c1"]}]},
     "r5c1 is outside the 4x4 grid"),
])
def test_bad_records_say_why(record: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        jsonl.parse(json.dumps(record) + "\n")


@pytest.mark.parametrize("fmt,puzzle", [
    ("sudoku", sudoku.build(size=4)),
    ("sudoku", sudoku.build(size=9, regions=random_jigsaw(9, random.Random(4)))),
    ("killer", killer.build([Cage(_label(i), None, ((i // 6, i % 6),)) for i in range(36)], size=6)),
    ("ken", kropki.build(size=6, negative=True)),
    ("kropki3", kropki.build(size=5, negative=False)),
])
def test_text_notations_refuse_other_grids(fmt: str, puzzle: Puzzle) -> None:
    with pytest.raises(InvalidPuzzleError, match="holds only 9x9 grids with 3x3 boxes, not a .* grid"):
        write_text([puzzle], fmt)


def test_text_grid_draws_boxes_and_regions() -> None:
    assert draw_grid(sudoku.build(size=4)).splitlines() == [
        ". . | . .", ". . | . .", "----+----", ". . | . .", ". . | . ."]
    assert draw_grid(sudoku.build(size=5)).splitlines()[0] == ". . . . ."
    wide = draw_grid(sudoku.build(size=6, box=(2, 3)))
    assert wide.splitlines()[:3] == [". . . | . . .", ". . . | . . .", "------+------"]
    jigsaw = draw_grid(sudoku.build(size=9, regions=random_jigsaw(9, random.Random(5))), list(range(1, 10)) * 9)
    lines = jigsaw.splitlines()
    assert len({len(line) for line in lines if "." not in line and "|" in line}) >= 1
    assert sum(line[0].isdigit() for line in lines) == 9


def interop_records() -> list[dict[str, Any]]:
    """The supported non-9x9 ``expect`` records of the shared interop links (next to the corpus), if present."""
    path = corpus_dir().parent / "interop" / "links.jsonl"
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        expect = record.get("expect")
        if isinstance(expect, dict) and "error" not in expect and expect.get("size", 9) != 9:
            out.append(record)
    return out


def test_interop_expectations_of_other_sizes() -> None:
    """The interop README's ``size``/``box`` spelling reads into puzzles with the expected solutions."""
    records = interop_records()
    if not records:
        message = "no interop links next to the corpus (../shared/interop)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    for record in records:
        puzzle = from_record(record["expect"])
        found = search(puzzle, False)
        if record.get("unique"):
            assert [puzzle.format_solution(s) for s in found[0]] == [record["solution"]], record["id"]
            trace = sumlogic.explain(puzzle, budget=20_000, timeout=None)
            assert trace.status == "solved", record["id"]
            solution = puzzle.parse_solution(record["solution"])
            assert not [w for step in trace.steps for w in wrong_effects(step, solution)]
        else:
            assert len(found[0]) != 1, record["id"]
        expect = {k: v for k, v in record["expect"].items() if k not in ("source", "id")}
        again = {k: v for k, v in to_record(puzzle).items() if k in expect}
        assert again["size"] == expect["size"] and again.get("box") == expect.get("box")


def _viewer_functions(*names: str) -> str:
    """The source of some top-level functions of the board model ``board.js`` (each ends at a line ``  }``)."""
    source = (Path(sumlogic.__file__).parent / "web" / "board.js").read_text(encoding="utf-8")
    out = []
    for name in names:
        start = source.index(f"  function {name}(")
        out.append(source[start:source.index("\n  }\n", start) + 4])
    return "\n".join(out)


def test_viewer_reads_box_shapes_and_regions_from_the_record() -> None:
    """The step page takes boxes from ``box`` (or the usual shape) and borders from ``regions``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = _viewer_functions("parseCell", "allDigits", "boxShape", "regionMap") + """
    const out = {
      six: boxShape(6), tall: boxShape(6, "3x2"), bad: boxShape(6, "2x2"), five: boxShape(5), nine: boxShape(9),
      digits: [allDigits(4), allDigits(9)],
    };
    const block = regionMap([["r1c1", "r1c2"], ["r2c1", "r2c2"]], 2);
    out.blocks = [block(0, 0), block(0, 1), block(1, 0), block(1, 1), block(5, 5)];
    console.log(JSON.stringify(out));
    """
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == {"six": [2, 3], "tall": [3, 2], "bad": [2, 3], "five": None, "nine": [3, 3],
                                       "digits": [0b11110, 0b1111111110], "blocks": [0, 0, 1, 1, -1]}
