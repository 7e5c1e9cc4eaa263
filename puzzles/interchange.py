"""Read a link or payload of any interchange notation into a
:class:`~puzzles.gridspec.GridSpec`: the puzzle exactly as the link describes
it, any grid size and its regions, before the kind builders (which today take
only 9x9 grids with standard boxes) see it.

>>> spec = read_spec("https://puzz.link/p?sudoku/4/4/g2j1h1j3g")
>>> spec.size, spec.record()["givens"]
(4, '.2....1..1....3.')
>>> read_spec("5/5/48la0.na0lh3l0Bn.0cl.c4a3")
Traceback (most recent call last):
...
solver.errors.ParseError: a Kakuro has no grid spec: read it with puzzles.read_text
"""

from __future__ import annotations

from solver.errors import ParseError

from . import fpuzzles, puzzlink, sudokupad, sudokuwiki
from .text import drop_bom, short
from .gridspec import GridSpec


def read_spec(text: str) -> GridSpec:
    """The spec of one f-puzzles, SudokuPad, SudokuWiki or puzz.link Sudoku link (or f-puzzles JSON)."""
    stripped = drop_bom(text).strip()
    if stripped.startswith("{"):
        return fpuzzles.read_spec(fpuzzles.load_json(stripped))[0]
    if fpuzzles.detect(stripped):
        return fpuzzles.read_spec(fpuzzles.load_json(fpuzzles.payload_of(stripped)))[0]
    if sudokupad.detect(stripped):
        kind, payload = sudokupad.payload(sudokupad.puzzle_id(stripped))
        if kind == "fpuzzles":
            return fpuzzles.read_spec(fpuzzles.load_json(payload))[0]
        return sudokupad.read_spec(sudokupad.unzip(payload))
    if sudokuwiki.detect(stripped):
        return sudokuwiki.read_spec(stripped)
    m = puzzlink._URL.match(stripped)
    if m and m.group(1).lower() == "sudoku":
        body = puzzlink._BODY.match(m.group(2))
        if body:
            return puzzlink.read_sudoku(*body.groups())
    if puzzlink.detect(stripped):
        raise ParseError("a Kakuro has no grid spec: read it with puzzles.read_text")
    raise ParseError(f"{short(stripped)} is not an f-puzzles, SudokuPad, SudokuWiki or puzz.link Sudoku link")
