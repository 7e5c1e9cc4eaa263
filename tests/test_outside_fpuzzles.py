"""f-puzzles grids whose side has no boxes (5x5, 7x7), as setters share them.

f-puzzles gives every cell a default region; on a side that has no box shape
(a prime side: 5, 7) the default region of a cell is its row.  A jigsaw
("irregular") puzzle of such a side stores ``region`` only in the cells that
leave their row's region, so a cell without ``region`` still belongs to the
region numbered like its row.  A real 7x7 irregular Kropki is stored that way;
the grids here are hand-made 5x5 ones.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from puzzles import fpuzzles, read_text
from puzzles.lzstring import compress_to_base64
from solver.errors import InvalidPuzzleError
from sumlogic.cli import main

SIZE = 5
#: Explicit regions: r2c5 joins region 2 (row 3's), r3c1 joins region 1 (row 2's); every other cell keeps its row.
EXPLICIT = {(1, 4): 2, (2, 0): 1}
JIGSAW = [
    {(0, c) for c in range(5)},
    {(1, 0), (1, 1), (1, 2), (1, 3), (2, 0)},
    {(1, 4), (2, 1), (2, 2), (2, 3), (2, 4)},
    {(3, c) for c in range(5)},
    {(4, c) for c in range(5)},
]


def grid(explicit: dict[tuple[int, int], Any], givens: dict[tuple[int, int], int] | None = None) -> dict:
    """An f-puzzles 5x5 object with ``region`` only in the cells of ``explicit``."""
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            cell: dict[str, Any] = {}
            if (r, c) in explicit:
                cell["region"] = explicit[(r, c)]
            if givens and (r, c) in givens:
                cell.update(value=givens[(r, c)], given=True)
            row.append(cell)
        rows.append(row)
    return {"size": SIZE, "grid": rows}


def regions_of(data: dict) -> list[set[tuple[int, int]]]:
    """The house regions other than rows and columns of the puzzle read from ``data``."""
    (puzzle,) = fpuzzles.parse_json_text(json.dumps(data))
    return [{puzzle.cells[i] for i in region.cells} for region in puzzle.regions
            if region.kind not in ("row", "column") and region.total is None]


def test_cells_without_region_keep_their_row_region() -> None:
    found = regions_of(grid(EXPLICIT))
    assert sorted(map(sorted, found)) == sorted(map(sorted, JIGSAW))


def test_a_grid_without_region_keys_has_no_boxes() -> None:
    assert regions_of(grid({})) == []


def test_regions_that_are_all_rows_mean_no_boxes() -> None:
    assert regions_of(grid({(r, c): r for r in range(SIZE) for c in range(SIZE)})) == []


def test_a_region_left_short_is_still_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="region 2: has 4 cells, not 5"):
        regions_of(grid({(1, 4): None}))


def test_link_and_cli_read_the_jigsaw(capsys: pytest.CaptureFixture[str]) -> None:
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(grid(EXPLICIT)))
    (puzzle,) = read_text(link)
    assert sum(1 for region in puzzle.regions if region.kind == "region") == SIZE
    assert main(["convert", link, "--to", "jsonl"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert sorted(sorted(region) for region in record["regions"]) == sorted(
        sorted(f"r{r + 1}c{c + 1}" for r, c in region) for region in JIGSAW)
