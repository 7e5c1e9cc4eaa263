"""SudokuPad links on SudokuPad's first host, as the puzzle apps still write them.

SudokuPad began at ``sudokupad.svencodes.com`` with the puzzle under
``/puzzle/<id>``; apps that open a puzzle in SudokuPad turn
``https://sudokupad.app/<id>`` into ``https://sudokupad.svencodes.com/puzzle/<id>``.
Both carry the same ids: ``fpuz``/``fpuzzles``/``scl`` payloads are read
offline, a short id needs the network.  The puzzle here is hand-made: a 4x4
Killer whose cages (with two givens) leave one solution.

SudokuPad can also lay a picture under or over the grid (``bgimage`` /
``fgimage``); a setter may draw rules in it (a real puzzle draws its parity
lines only there), so a puzzle with a picture is refused as unsupported rather
than solved as if the picture were not there.
"""

from __future__ import annotations

import json

import pytest

from puzzles import detect_format, killer, read_text, sudokupad
from puzzles.gridspec import NeedsNetworkError, UnsupportedError
from puzzles.lzstring import compress_to_base64
from puzzles.killer import Cage
from solver.search import solve
from sumlogic.cli import main

#: 1 2 | 3 4 / 3 4 | 1 2 / 2 1 | 4 3 / 4 3 | 2 1, cut into eight two-cell cages.
CAGES = [Cage("a", 3, ((0, 0), (0, 1))), Cage("b", 7, ((0, 2), (0, 3))), Cage("c", 7, ((1, 0), (1, 1))),
         Cage("d", 3, ((1, 2), (1, 3))), Cage("e", 6, ((2, 0), (3, 0))), Cage("f", 4, ((2, 1), (3, 1))),
         Cage("g", 6, ((2, 2), (3, 2))), Cage("h", 4, ((2, 3), (3, 3)))]
GIVENS = (0,) * 8 + (2, 1) + (0,) * 6
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def payload_id() -> str:
    """The ``fpuzzles...`` id of the hand-made Killer, as sumlogic's own SudokuPad writer makes it."""
    link = sudokupad.link(killer.build(CAGES, GIVENS, size=4))
    return link.removeprefix("https://sudokupad.app/")


def test_the_hand_made_killer_is_unique() -> None:
    result = solve(killer.build(CAGES, GIVENS, size=4))
    assert result.status == "solved" and tuple(result.solution) == SOLUTION


@pytest.mark.parametrize("host", ["https://sudokupad.svencodes.com/puzzle/", "sudokupad.svencodes.com/puzzle/",
                                  "https://sudokupad.svencodes.com/"])
def test_the_first_host_reads_the_payload(host: str) -> None:
    link = host + payload_id()
    assert detect_format(link) == "sudokupad"
    (puzzle,) = read_text(link)
    assert puzzle == killer.build(CAGES, GIVENS, size=4)
    result = solve(puzzle)
    assert tuple(result.solution) == SOLUTION


def test_a_short_id_on_the_first_host_needs_the_network() -> None:
    with pytest.raises(NeedsNetworkError, match="'abcd2efgh3'.*needs the network"):
        read_text("https://sudokupad.svencodes.com/puzzle/abcd2efgh3")


def test_cli_solves_a_first_host_link(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "https://sudokupad.svencodes.com/puzzle/" + payload_id(), "--json"]) == 0
    assert '"solution": "1234341221434321"' in capsys.readouterr().out


# --- a picture on the grid -------------------------------------------------------------

#: A hand-made 4x4 Sudoku in plain SudokuPad JSON (its boxes as regions); only how it reads matters here.
GRID = [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]
SUDOKU = {
    "cells": [[{"value": v} if v else {} for v in row] for row in GRID],
    "regions": [[[r, c] for r in rows for c in cols] for rows in ((0, 1), (2, 3)) for cols in ((0, 1), (2, 3))],
}


def scl_link(data: dict) -> str:
    """A SudokuPad ``scl`` link of plain (unzipped) SudokuPad JSON."""
    return "https://sudokupad.app/scl" + compress_to_base64(json.dumps(data))


def test_the_plain_scl_payload_reads() -> None:
    (puzzle,) = read_text(scl_link(SUDOKU))
    assert puzzle.kind == "sudoku" and puzzle.givens.count(1) == 4


@pytest.mark.parametrize("where", ["metadata", "cage", "top"])
@pytest.mark.parametrize("key, name", [("bgimage", "background image"), ("fgimage", "foreground image")])
def test_a_picture_on_the_grid_is_named_unsupported(where: str, key: str, name: str) -> None:
    data = dict(SUDOKU)
    url = "https://example.org/lines.png"
    if where == "metadata":
        data["metadata"] = {"title": "t", key: url}
    elif where == "cage":
        data["cages"] = [{"value": f"{key}: {url}"}]
    else:
        data[key] = url
    with pytest.raises(UnsupportedError, match=name):
        read_text(scl_link(data))


def test_an_empty_picture_setting_is_no_picture() -> None:
    (puzzle,) = read_text(scl_link(dict(SUDOKU, metadata={"bgimage": "", "title": "t"})))
    assert puzzle.kind == "sudoku"


def test_cli_refuses_a_picture_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", scl_link(dict(SUDOKU, metadata={"bgimage": "https://example.org/x.png"}))]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "unsupported: background image" in err
