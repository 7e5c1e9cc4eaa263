"""The C search (``solver._native``) against the Python search it ports.

The C code must visit exactly the same nodes: same solutions, same node
count, same out-of-budget point, for every kind of constraint.  Puzzles come
from hypothesis (the small puzzles and mini Killers of ``test_search``), the
bundled samples and the corpus.  Where the extension is not built the
comparisons skip with a message, except under ``CI=true``, where a missing
build is a failure: CI must exercise the code users get.
"""

from __future__ import annotations

import os
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import SAMPLES, from_record, sample
from solver import native
from solver.model import Puzzle
from solver.propagate import Propagator
from solver.search import Search, _OutOfBudget, solve

from .strategies import kakuro_records
from .test_search import _empty_sudoku, mini_killers, small_puzzles

ON_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(autouse=True)
def _built() -> None:
    if native._native is None:
        if ON_CI:
            pytest.fail("the C search solver._native is not built (pip install -e . needs a C compiler)")
        pytest.skip("the C search solver._native is not built here; the pure-Python search is in use")


def run(puzzle: Puzzle, use_native: bool, *, limit: int = 2, node_limit: int | None = None,
        timeout: float | None = None, run_groups: bool = False) -> tuple[list[tuple[int, ...]], int, bool]:
    """``(solutions, nodes, out_of_budget)`` of one search (``run_groups``: with a Kakuro's run-group sums)."""
    prop = Propagator(puzzle, run_groups=run_groups)
    search = Search(prop, limit=limit, node_limit=node_limit, timeout=timeout, native=use_native)
    try:
        search.run(prop.initial_masks())
    except _OutOfBudget:
        return search.solutions, search.nodes, True
    return search.solutions, search.nodes, False


def assert_same_search(puzzle: Puzzle, **limits) -> None:
    assert run(puzzle, True, **limits) == run(puzzle, False, **limits)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_small_puzzles_same_nodes(puzzle: Puzzle) -> None:
    """Sums with and without distinct digits, dots, the negative rule, comparisons, givens."""
    assert native.encode(Propagator(puzzle)) is not None
    assert_same_search(puzzle, limit=3)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mini_killers())
def test_mini_killers_same_nodes(puzzle: Puzzle) -> None:
    """Houses, cages, cages without totals, derived sums and box-line links."""
    assert_same_search(puzzle, limit=3)


def test_propagate_matches_python_on_every_sample_start() -> None:
    """The C propagate narrows a state exactly as the Python one, from every
    cell's constraints and from all of them, and names the same failing constraint."""
    for name in sorted(SAMPLES):
        puzzle = sample(name)
        fast, slow = Propagator(puzzle), Propagator(puzzle)
        slow.native = False
        start = fast.initial_masks()
        for cells in (None, [0], [c for c, g in enumerate(puzzle.givens) if g]):
            a, b = list(start), list(start)
            assert fast.propagate(a, cells) == slow.propagate(b, cells) and a == b
        solved = list(start)
        fast.propagate(solved)
        for cell, m in enumerate(solved):
            for other in range(1, puzzle.max_digit + 1):
                if m & (m - 1) or m == 1 << other:
                    continue
                a, b = list(solved), list(solved)
                a[cell] = b[cell] = 1 << other  # a wrong digit in a solved cell
                ok = fast.propagate(a, (cell,))
                assert ok == slow.propagate(b, (cell,)) and a == b
                assert fast.constraints.index(fast.failed) == slow.constraints.index(slow.failed)
                break


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kakuro_records(hidden_totals=True), st.booleans())
def test_kakuros_with_unclued_runs_same_nodes(record: dict, run_groups: bool) -> None:
    """Runs without a total are all-different constraints; run groups leave them out."""
    puzzle = from_record(record)
    limits = {"limit": 3, "run_groups": run_groups}
    assert_same_search(puzzle, **limits)
    solutions, _, out = run(puzzle, False, **limits)
    assert not out
    if len(solutions) < 3:  # every solution was found: the one the grid was cut from is among them
        assert tuple(puzzle.parse_solution(record["solution"])) in [tuple(s) for s in solutions]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_samples_same_nodes(name: str) -> None:
    assert_same_search(sample(name))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sudoku", "kropki", "kakuro", "greater-killer", "killer"])
def test_corpus_same_nodes(corpus_file, kind: str) -> None:
    """Every corpus puzzle, up to 2 000 nodes (enough to cross the hard
    Killers' first dead ends and keep the Python side quick)."""
    differ = []
    for line, record in corpus_file(kind):
        puzzle = from_record(record)
        if run(puzzle, True, node_limit=2000) != run(puzzle, False, node_limit=2000):
            differ.append(f"line {line} {record['id']}")
    assert not differ, "C and Python searches differ on: " + ", ".join(differ)


def test_node_limit_stops_at_the_same_node() -> None:
    empty = _empty_sudoku()
    for node_limit in (0, 1, 7):
        found, nodes, out = run(empty, True, node_limit=node_limit, limit=10**6)
        assert out and nodes == node_limit + 1
        assert (found, nodes, out) == run(empty, False, node_limit=node_limit, limit=10**6)


def test_time_limit_gives_timeout() -> None:
    """An empty 9x9 has billions of solutions: the clock stops the C search."""
    result = solve(_empty_sudoku(), timeout=None, node_limit=1000)
    assert result.status == "multiple"
    prop = Propagator(_empty_sudoku())
    search = Search(prop, limit=10**9, timeout=0.2, native=True)
    with pytest.raises(_OutOfBudget):
        search.run(prop.initial_masks())
    # How far it got before the clock stopped it depends on the machine's load: only
    # that it stopped with consistent counts is asserted.
    assert search.nodes >= len(search.solutions) >= 0


def test_environment_switch_forces_python(monkeypatch) -> None:
    monkeypatch.setenv("SUMLOGIC_PURE_PYTHON", "1")
    assert not native.available()
    monkeypatch.delenv("SUMLOGIC_PURE_PYTHON")
    assert native.available()


def test_rng_is_refused_by_the_c_search() -> None:
    import random

    prop = Propagator(sample("sudoku-1"))
    with pytest.raises(ValueError, match="shuffle"):
        Search(prop, rng=random.Random(1), native=True).run(prop.initial_masks())


@pytest.mark.parametrize("damage", ["truncate", "bad cell", "bad kind", "odd length", "mask count", "big mask"])
def test_malformed_program_is_a_value_error(damage: str) -> None:
    """The C side checks what it reads: a broken program never crashes it."""
    prop = Propagator(sample("killer-1"))
    program = native.encode(prop)
    assert program is not None
    masks = prop.initial_masks()
    data: array | bytes = array("i", program)
    compiled = native.compiled(prop)
    if damage == "truncate":
        data = data[:-3]
    elif damage == "bad cell":
        data[4 + 1024 * data[3] + 3] = 10_000  # the first cell of the first constraint
    elif damage == "bad kind":
        data[4 + 1024 * data[3]] = 99
    elif damage == "odd length":
        data = data.tobytes() + b"\0"
    elif damage in ("mask count", "big mask"):
        masks = masks[:-1] if damage == "mask count" else masks[:-1] + [1 << 10]
        with pytest.raises(ValueError):
            native._native.propagate(compiled, list(masks), None)
    with pytest.raises(ValueError):
        native._native.search(compiled if damage in ("mask count", "big mask") else native._native.compile(data),
                              masks, 2, -1, -1.0)


# --- distinct_fit, the techniques' support of a distinct sum ----------------------------------
@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 1023), max_size=10), st.one_of(st.integers(0, 45).map(lambda s: 1 << s),
                                                              st.integers(0, (1 << 46) - 1)))
def test_distinct_fit_in_c_matches_python(masks, sums) -> None:
    from solver.supports import python_distinct_fit

    assert native._native.distinct_fit(tuple(masks), sums) == python_distinct_fit(tuple(masks), sums)


def test_distinct_fit_in_c_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(ValueError, match="more than 10 cells"):
        native._native.distinct_fit((2,) * 11, 1 << 11)
    with pytest.raises(ValueError, match="beyond digit 9"):
        native._native.distinct_fit((1 << 10,), 1 << 10)
