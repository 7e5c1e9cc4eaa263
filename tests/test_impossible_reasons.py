"""Why there is no solution (issue 29, item 6).

``explain``, ``check`` and the API's ``explain`` on an impossible puzzle end
with the reason, naming a cell, a region or a dot: found by logic where it
can be (the dead end of :mod:`techniques.dead_ends`, the clause that ends a
contradiction chain), else by the exact search (the cell it tried).  The
puzzles are damaged the way ``benchmarks/bench_impossible.py`` damages its
batches (random Kakuros, damaged samples and corpus puzzles).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import sumlogic
from puzzles import sample
from puzzles.generate.base import Rejected
from puzzles.generate.impossible import damage, random_kakuro
from solver.candidates import Candidates
from solver.search import solve
from sumlogic.api import record_of
from sumlogic.impossible import NO_SOLUTION, reason_step
from tests.process_support import json_lines, run

CELL = re.compile(r"\br\d+c\d+\b")


def impossible(draw, count: int) -> list[sumlogic.Puzzle]:
    """The first ``count`` puzzles of ``draw(i)`` that the exact solver proves impossible
    (and the library takes: a Killer whose totals no longer add up is refused as invalid)."""
    found = []
    for i in range(40 * count):
        puzzle = draw(i)
        if puzzle is None or solve(puzzle, timeout=None, node_limit=200_000).status != "no-solution":
            continue
        try:
            record_of(puzzle)
        except sumlogic.InvalidPuzzleError:
            continue
        found.append(puzzle)
        if len(found) == count:
            break
    assert len(found) == count
    return found


def _kakuro(side: int, rng: random.Random, i: int) -> sumlogic.Puzzle | None:
    try:
        grid = random_kakuro(rng, side, side)
    except Rejected:
        return None
    return damage(grid, rng, "total" if i % 2 == 0 else "balanced")


def _kakuros(side: int):
    rng = random.Random(f"kakuro-{side}-29")
    return lambda i: _kakuro(side, rng, i)


def _damaged(name: str, how: tuple[str, ...]):
    rng = random.Random(f"{name}-29")
    return lambda i: damage(sample(name), rng, how[i % len(how)])


CASES = {
    "kakuro 6x6": lambda: impossible(_kakuros(6), 3),
    "kakuro 10x10": lambda: impossible(_kakuros(10), 2),
    "killer": lambda: impossible(_damaged("killer-1", ("balanced", "given")), 3),
    "kropki": lambda: impossible(_damaged("kropki-1", ("dot", "given")), 3),
    "sudoku": lambda: impossible(_damaged("sudoku-1", ("given",)), 2),
}


def names_a_place(puzzle: sumlogic.Puzzle, text: str) -> bool:
    """Whether ``text`` names a cell (``r3c4``, also each end of a dot) or a region of ``puzzle``."""
    return bool(CELL.search(text)) or any(re.search(rf"\b{re.escape(r.name)}\b", text) for r in puzzle.regions)


@pytest.mark.parametrize("batch", sorted(CASES))
def test_the_api_explain_and_check_end_with_a_reason(batch: str) -> None:
    for puzzle in CASES[batch]():
        trace = sumlogic.explain(puzzle)
        data = trace.to_dict()
        assert data["status"] == "no-solution"
        reason = data["reason"]
        assert reason.startswith("No solution: ") and names_a_place(puzzle, reason), reason
        last = data["steps"][-1]
        assert last["technique"] == NO_SOLUTION and last["text"] == reason
        assert last["highlights"]["cells"] or last["highlights"]["regions"]  # what it names is shown
        assert not last["placements"] and not last["eliminations"]  # it states, it changes nothing
        assert trace.index_of(trace.steps[-1]) == len(trace.steps) - 1
        checked = sumlogic.check(sumlogic.Position(puzzle)).to_dict()
        assert checked["status"] == "no-solution" and names_a_place(puzzle, checked["reason"])
        from_position = sumlogic.explain(sumlogic.Position(puzzle)).to_dict()
        assert from_position["status"] == "no-solution" and names_a_place(puzzle, from_position["reason"])


def test_the_command_line_ends_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [puzzle] = CASES["kropki"]()[:1]
    path = tmp_path / "impossible.jsonl"
    path.write_text(sumlogic.write(puzzle))
    reason = sumlogic.explain(puzzle).reason
    assert reason
    code, out, _ = run(capsys, "explain", str(path))
    lines = out.splitlines()
    assert code == 1
    ending = next(n for n, line in enumerate(lines) if line.startswith("status: no-solution"))
    assert reason in " ".join(lines[ending - 3:ending])  # the last step before the status line
    code, out, _ = run(capsys, "explain", str(path), "--json")
    assert json_lines(out)[0]["reason"] == reason
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and reason.split(":")[0] in out and names_a_place(puzzle, out)
    code, out, _ = run(capsys, "check", str(path), "--json")
    assert names_a_place(puzzle, json_lines(out)[0]["reason"])


def test_where_logic_finds_no_dead_end_the_search_names_its_cell() -> None:
    """A state with no dead end (here: the start of a puzzle, as if logic were stuck there)."""
    puzzle = sample("sudoku-1")
    masks = Candidates.initial(puzzle).masks
    step = reason_step(puzzle, [], masks)
    cell = step.cells[0]
    assert step.technique == NO_SOLUTION and step.text.startswith("No solution: the exact search tried every digit of ")
    assert puzzle.cell_name(cell) in step.text and not puzzle.givens[cell]
    assert step.text.endswith("; each fails.")


def test_a_solvable_puzzle_has_no_reason() -> None:
    data = sumlogic.explain(sample("killer-1")).to_dict()
    assert "reason" not in data and data["steps"][-1]["technique"] != NO_SOLUTION
    assert "reason" not in sumlogic.check(sumlogic.Position(sample("killer-1"))).to_dict()
