"""Puzzles with their solutions and positions made from them, for the position, check and hint tests."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any


import sumlogic
import techniques
from puzzles import SAMPLES, sample
from puzzles.fpuzzles import to_json
from puzzles.jsonl import from_record
from solver.bits import digits_of
from solver.engine import Engine
from solver.model import Puzzle
from sumlogic import Position
from sumlogic.position import NO_MARKS

from .conftest import KNOWN_HARD, corpus_dir, corpus_records

FPUZZLES_KINDS = ("sudoku", "killer", "kropki")


# --- puzzles with their solutions -------------------------------------------------------------------------


@lru_cache(maxsize=None)
def solved_sample(name: str) -> tuple[Puzzle, tuple[int, ...]]:
    """A bundled sample and its unique solution."""
    puzzle = sample(name)
    result = sumlogic.solve(puzzle)
    assert result.status == "solved"
    return puzzle, puzzle.parse_solution(result.solution)


@lru_cache(maxsize=None)
def corpus_puzzles() -> tuple[tuple[Puzzle, tuple[int, ...]], ...]:
    """A few quick corpus puzzles of every kind, with their recorded solutions."""
    folder = corpus_dir()
    out = []
    for kind in ("sudoku", "killer", "greater-killer", "kropki", "kakuro"):
        path = folder / f"{kind}.jsonl"
        if not path.is_file():
            continue
        taken = 0
        for _, record in corpus_records(path):
            if record["id"] in KNOWN_HARD or (kind == "kakuro" and record.get("height", 0) * record.get("width", 0)
                                                > 100):
                continue
            puzzle = from_record(record)
            out.append((puzzle, puzzle.parse_solution(record["solution"])))
            taken += 1
            if taken == 3:
                break
    return tuple(out)


def every_puzzle() -> list[tuple[Puzzle, tuple[int, ...]]]:
    return [solved_sample(name) for name in SAMPLES] + list(corpus_puzzles() if corpus_dir().is_dir() else ())


def partial(puzzle: Puzzle, solution: tuple[int, ...], rng: random.Random, share: float = 0.4,
            mark_share: float = 0.3) -> Position:
    """A correct position: a random share of the solution placed, some open cells pencilled with
    the true digit and a few others."""
    pos = Position(puzzle)
    for cell in range(puzzle.size):
        if puzzle.givens[cell]:
            continue
        if rng.random() < share:
            pos = pos.place(cell, solution[cell])
    for cell in range(puzzle.size):
        if not pos.values()[cell] and rng.random() < mark_share:
            extra = rng.sample(range(1, puzzle.max_digit + 1), rng.randint(0, 3))
            pos = pos.keep(cell, sorted({solution[cell], *extra}))
    return pos


def after_steps(puzzle: Puzzle, k: int) -> tuple[Position, list[Any]]:
    """The position after the engine's first ``k`` steps (its digits, and its candidates as marks), and the steps."""
    engine = Engine(techniques.DEFAULT, timeout=None)
    run = engine.run(puzzle)
    steps = []
    for step in run:
        steps.append(step)
        if len(steps) > k:
            break
    ctx = run.ctx
    placed = tuple(0 if puzzle.givens[c] or c not in ctx.placed else ctx.state.value(c) for c in range(puzzle.size))
    marks = tuple(NO_MARKS if c in ctx.placed or puzzle.givens[c] else m for c, m in enumerate(ctx.state.masks))
    return Position(puzzle, placed, marks), steps



def fpuzzles_data(pos: Position) -> dict[str, Any]:
    """The f-puzzles JSON of a position: entered values and centre marks on the puzzle's JSON."""
    data = to_json(pos.puzzle)
    n = pos.puzzle.width
    for i, (r, c) in enumerate(pos.puzzle.cells):
        cell = dict(data["grid"][r][c] or {})
        if pos.placed[i]:
            cell["value"] = pos.placed[i]
        if pos.marks[i] != NO_MARKS and digits_of(pos.marks[i]):
            cell["centerPencilMarks"] = digits_of(pos.marks[i])
        data["grid"][r][c] = cell
    assert len(data["grid"]) == n
    return data
