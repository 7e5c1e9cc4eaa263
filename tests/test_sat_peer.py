"""The SAT peer's encoding (benchmarks/sat_peer.py), checked without a SAT solver: a solution,
with each region's digit set picked, satisfies every clause, and one wrong digit breaks one."""

from __future__ import annotations

import pytest

import sumlogic
from benchmarks.sat_peer import Encoding, encode
from puzzles import SAMPLES, sample
from solver.bits import mask_of
from solver.model import Puzzle


def true_literals(cnf: Encoding, puzzle: Puzzle, digits: tuple[int, ...]) -> set[int]:
    """The literals ``digits`` makes true: each cell's digit and each total region's digit set."""
    n = puzzle.max_digit
    true = {cell * n + d for cell, d in enumerate(digits)}
    for index, picks in cnf.picks.items():
        held = mask_of(digits[c] for c in puzzle.regions[index].cells)
        true |= {pick for mask, pick in picks.items() if mask == held}
    return true


def unsatisfied(cnf: Encoding, true: set[int]) -> list[list[int]]:
    """The clauses false under the assignment that makes exactly ``true`` true."""
    return [c for c in cnf.clauses if not any((lit in true) if lit > 0 else (-lit not in true) for lit in c)]


@pytest.mark.parametrize("name", sorted(n for n in SAMPLES if not n.startswith("greater-killer")))
def test_a_solution_satisfies_the_encoding_and_a_wrong_digit_does_not(name: str) -> None:
    puzzle = sample(name)
    result = sumlogic.solve(puzzle)
    assert result.status == "solved"
    digits = tuple(puzzle.parse_solution(result.solution))
    cnf = encode(puzzle)
    assert unsatisfied(cnf, true_literals(cnf, puzzle, digits)) == []
    cell = next(c for c in range(puzzle.size) if not (puzzle.givens and puzzle.givens[c]))
    wrong = list(digits)
    wrong[cell] = digits[cell] % puzzle.max_digit + 1
    assert unsatisfied(cnf, true_literals(cnf, puzzle, tuple(wrong)))


def test_comparisons_are_refused() -> None:
    with pytest.raises(NotImplementedError, match="comparisons"):
        encode(sample("greater-killer-1"))
