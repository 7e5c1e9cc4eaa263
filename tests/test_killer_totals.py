"""A Killer whose cage totals miss what the grid holds is refused naming the houses
that show it (issue 29): the smallest union of rows, columns, boxes or irregular
regions whose wholly-inside cages cannot add up to the union's total."""

from __future__ import annotations

import pytest

from puzzles import killer
from puzzles.killer import Cage
from solver.errors import InvalidPuzzleError


def banded(extra: dict[str, int] | None = None) -> list[Cage]:
    """Each row r: cage a<r> (its first 4 cells, 20) and cage b<r> (its last 5, 25); ``extra`` shifts totals."""
    cages = []
    for r in range(9):
        cages.append(Cage(f"a{r + 1}", 20, tuple((r, c) for c in range(4))))
        cages.append(Cage(f"b{r + 1}", 25, tuple((r, c) for c in range(4, 9))))
    shift = extra or {}
    return [Cage(c.label, (c.total or 0) + shift.get(c.label, 0), c.cells) for c in cages]


def refusal(cages: list[Cage], **grid) -> str:
    with pytest.raises(InvalidPuzzleError) as caught:
        killer.build(cages, **grid)
    return str(caught.value)


def test_one_row_shows_a_total_one_too_many() -> None:
    message = refusal(banded({"a4": 1}))
    assert message == ("the cage totals add up to 406, not 405 (9 of each digit 1-9): row 4 holds cages a4 (21) "
                       "and b4 (25) wholly, which total 46, but a row totals 45")


def test_two_rows_when_their_cages_cross_between_them() -> None:
    cages = [c for c in banded() if c.label not in ("b1", "b2")]
    cages += [Cage("v", 20, ((0, 4), (0, 5), (1, 4), (1, 5))),
              Cage("w", 31, ((0, 6), (0, 7), (0, 8), (1, 6), (1, 7), (1, 8)))]  # 20 + 20 + 20 + 31 = 91
    message = refusal(cages)
    assert message.endswith(": row 1 and row 2 hold cages a1 (20), a2 (20), v (20) and w (31) wholly, "
                            "which total 91, but 2 rows total 90")


def test_an_irregular_region_is_named() -> None:
    """Region k: row k's first 8 cells and the last cell of the next row; its cages a<k> (20), b<k> (25)."""
    regions = [tuple(sorted([(k, c) for c in range(8)] + [((k + 1) % 9, 8)])) for k in range(9)]
    cages = []
    for k in range(9):
        cages.append(Cage(f"a{k + 1}", 20 + (k == 3), tuple((k, c) for c in range(4))))
        cages.append(Cage(f"b{k + 1}", 25, tuple(sorted([(k, c) for c in range(4, 8)] + [((k + 1) % 9, 8)]))))
    message = refusal(cages, regions=regions)
    assert message.endswith(": region 4 holds cages a4 (21) and b4 (25) wholly, which total 46, "
                            "but a region totals 45")


def test_open_cells_bound_the_rest() -> None:
    """Row 1's two cages leave 2 cells in no cage, which hold at least 1 + 2: 45 + 3 > 45."""
    cages = [Cage("x", 22, ((0, 0), (0, 1), (0, 2))), Cage("y", 23, ((0, 3), (0, 4), (0, 5), (0, 6)))]
    cages += [Cage(f"r{r}", 45, tuple((r, c) for c in range(9))) for r in range(1, 9)]
    message = refusal(cages)
    assert message.endswith(": row 1 holds cages x (22) and y (23) wholly, which total 45, "
                            "and its 2 other cell(s) at least 3, but a row totals 45")


def test_a_miss_only_the_whole_grid_shows_says_so(corpus) -> None:
    """An extreme Killer's cages cross the edge of every union of houses short of the grid."""
    from puzzles import read_path

    [puzzle] = [p for p in read_path(str(corpus / "killer.jsonl")) if p.id == "killer/iss-mathemagic/01"]
    kept = [Cage(r.label or r.name, r.total, tuple(puzzle.cells[i] for i in r.cells))
            for r in puzzle.regions if r.kind == "cage"]
    killer.build(kept)  # as published: it reads
    kept[0] = Cage(kept[0].label, (kept[0].total or 0) + 1, kept[0].cells)
    assert refusal(kept) == ("the cage totals add up to 406, not 405 (9 of each digit 1-9): "
                             "no union of houses short of the whole grid shows it")


# --- near misses: totals that add up are never refused here ---------------------------------------

def test_totals_that_add_up_are_read() -> None:
    assert killer.build(banded())


def test_a_balanced_change_reads_the_logic_explains_it() -> None:
    """Rows 1 and 2 miss their 45 but the grand total is right: not a reading error (the
    solver explains it, tests/test_impossible_reasons.py)."""
    assert killer.build(banded({"a1": 1, "a2": -1}))


def test_loose_cells_keep_the_range_check() -> None:
    """A row left out of every cage takes 45 freely: no house is refused for it."""
    cages = [c for c in banded() if c.label not in ("a9", "b9")]
    assert killer.build(cages)


# --- the same reason through the API and the command line ----------------------------------------

def test_the_api_and_the_command_line_name_the_row(tmp_path, capsys) -> None:
    import dataclasses
    import json

    import sumlogic
    from tests.process_support import run

    good = killer.build(banded())
    regions = tuple(dataclasses.replace(r, total=21) if r.name == "cage a4" else r for r in good.regions)
    damaged = dataclasses.replace(good, regions=regions)  # as benchmarks/bench_impossible.py damages one
    with pytest.raises(sumlogic.InvalidPuzzleError) as caught:
        sumlogic.explain(damaged)
    assert "\n" not in str(caught.value) and "row 4 holds cages a4 (21) and b4 (25) wholly" in str(caught.value)
    record = {"id": "off", "kind": "killer", "size": 9,
              "cages": [{"label": c.label, "sum": c.total, "cells": [f"r{r + 1}c{k + 1}" for r, k in c.cells]}
                        for c in banded({"a4": 1})]}
    path = tmp_path / "off.jsonl"
    path.write_text(json.dumps(record) + "\n")
    code, out, err = run(capsys, "explain", str(path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "row 4 holds cages a4 (21) and b4 (25) wholly, which total 46, but a row totals 45" in err


def test_no_union_of_houses_fires_on_a_published_killer(corpus) -> None:
    """The search is sound: on corpus Killers (every 8th; they have a solution) no union of
    houses shows a miss, though :func:`smallest_shortfall` is asked directly, grand total or not."""
    from puzzles import read_path
    from puzzles.killer_totals import smallest_shortfall

    checked = 0
    for puzzle in read_path(str(corpus / "killer.jsonl"))[::8]:
        cages = [(r.label or r.name, r.total, tuple(puzzle.cells[i] for i in r.cells))
                 for r in puzzle.regions if r.kind == "cage"]
        houses = [r for r in puzzle.regions if r.kind != "cage"]
        assert smallest_shortfall(cages, houses, puzzle.height) is None, puzzle.id
        checked += 1
    assert checked >= 20


def test_a_cage_crossing_the_edge_bounds_what_it_leaves_inside() -> None:
    """Row 1: cage x (38) wholly, and r1c9 of cage y (17, with r2c9), which holds at least 17 - 9 = 8."""
    cages = [Cage("x", 38, tuple((0, c) for c in range(8))), Cage("y", 17, ((0, 8), (1, 8))),
             Cage("z", 36, tuple((1, c) for c in range(8)))]
    cages += [Cage(f"r{r}", 45, tuple((r, c) for c in range(9))) for r in range(2, 9)]  # 406 in all
    assert refusal(cages).endswith(": row 1 holds cage x (38) wholly, which totals 38, and its 1 other cell(s) "
                                   "at least 8 (by the digits left and the totals of the cages crossing its edge: "
                                   "y), but a row totals 45")
