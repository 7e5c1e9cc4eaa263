"""What every generator shares: seeded randomness, the exact-solver checks,
random digit fills and the two moves on givens (add until unique, remove
while unique).

Every check goes through :func:`solver.search.solve` with a fixed node limit
(:data:`NODE_LIMIT`), so whether a try succeeds depends on the seed and the
solver, not on the speed of the machine.  A check that runs out of budget
raises :class:`Rejected` and the caller moves on to its next try: a puzzle
that comes out has been *proved* unique.

>>> rng = rng_for("sudoku", 1, 0, 0)
>>> grid = random_grid(rng)
>>> sorted(grid[:9]) == list(range(1, 10)), grid == random_grid(rng_for("sudoku", 1, 0, 0))
(True, True)
>>> from puzzles import sudoku
>>> givens = add_givens_until_unique(sudoku.build, grid, [0] * 81, rng)
>>> givens = remove_givens_while_unique(sudoku.build, givens, range(81))
>>> is_unique(sudoku.build(givens)), 17 <= sum(1 for g in givens if g) <= 40
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Sequence

from solver.model import Puzzle
from solver.propagate import Propagator
from solver.search import Search, solve, staged_search, totals_contradict

NODE_LIMIT = 20_000
"""Search nodes one uniqueness check may use before the try is given up (deterministic)."""

TIMEOUT = 60.0
"""A safety net in seconds per check; the node limit normally decides first."""

Digits = list[int]


class Rejected(Exception):
    """The current try cannot finish within its budget; the caller starts the next try.

    ``word``, when given, says how the try came out (``"harder"``): the caller
    counts tries by it for the message of
    :class:`~puzzles.generate.BudgetExhausted`.
    """

    def __init__(self, message: str, word: str | None = None) -> None:
        super().__init__(message)
        self.word = word


class Found(Exception):
    """A probe (:data:`Probe`) took a puzzle made along the way: ``puzzle`` is the result of the try."""

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__(puzzle.id)
        self.puzzle = puzzle


GO_ON = "easier"
"""What a :data:`Probe` returns to let the generator go on (fewer clues make it harder)."""

PUT_BACK = "harder"
"""What a :data:`Probe` returns to have the clue just taken put back (the cages just
merged left apart) and the generator go on with the next one."""

Probe = Callable[[Puzzle], "str | None"]
"""Judges the unique puzzles a generator passes on its way (each time it takes a clue
away or merges two cages): None takes the puzzle (the try ends with it), :data:`GO_ON`
lets the generator go on, :data:`PUT_BACK` undoes the last move and goes on, any other
word gives the try up (:class:`Rejected` with that word)."""


def probed(probe: Probe | None, puzzle: Puzzle) -> bool:
    """Ask ``probe`` about ``puzzle``: raises :class:`Found` when it takes it,
    :class:`Rejected` when it gives the try up; returns True when the last move
    is to be undone (:data:`PUT_BACK`), False to go on."""
    if probe is None:
        return False
    word = probe(puzzle)
    if word is None:
        raise Found(puzzle)
    if word == PUT_BACK:
        return True
    if word != GO_ON:
        raise Rejected(f"{puzzle.kind}: {word}", word)
    return False


def rng_for(kind: str, seed: int, index: int, attempt: int) -> random.Random:
    """The random source of one try: puzzle ``index`` of ``seed``, attempt ``attempt``.

    A string seed is hashed the same way on every run and platform, so the
    stream is reproducible and no two (kind, seed, index, attempt) share it.

    >>> rng_for("kropki", 1, 0, 0).random() == rng_for("kropki", 1, 0, 0).random()
    True
    """
    return random.Random(f"sumlogic-generate/{kind}/{seed}/{index}/{attempt}")


# --- the exact solver ------------------------------------------------------------


def second_solution(puzzle: Puzzle, target: Sequence[int], node_limit: int = NODE_LIMIT) -> tuple[int, ...] | None:
    """``None`` when ``target`` is the only solution, else another solution.

    Raises :class:`Rejected` when the check needs more than ``node_limit`` search nodes.

    >>> from puzzles import sudoku
    >>> second_solution(sudoku.build(), tuple(random_grid(random.Random(2)))) is not None
    True
    """
    result = solve(puzzle, timeout=TIMEOUT, node_limit=node_limit)
    if result.status == "solved":
        return None
    if result.status != "multiple":
        if result.status == "timeout":
            raise Rejected(f"{puzzle.kind}: uniqueness check ran out of budget")
        raise RuntimeError(f"generated {puzzle.kind} has no solution (a generator bug)")
    assert result.solution is not None
    if tuple(result.solution) != tuple(target):
        return result.solution
    # The first solution found is the target: run the same deterministic search
    # again, keeping both solutions.  solve() just found them within its node
    # limit, so this search does the same work and needs no limit of its own.
    propagator = Propagator(puzzle)
    search = Search(propagator, limit=2)
    search.run(propagator.initial_masks())
    for found in search.solutions:
        if tuple(found) != tuple(target):
            return found
    raise RuntimeError("the exact solver reported two solutions but repeated only one")


def is_unique(puzzle: Puzzle) -> bool:
    """Whether the exact solver proves exactly one solution (:class:`Rejected` on budget).

    >>> from puzzles import sample
    >>> is_unique(sample("sudoku-1"))
    True
    """
    result = solve(puzzle, timeout=TIMEOUT, node_limit=NODE_LIMIT)
    if result.status == "timeout":
        raise Rejected(f"{puzzle.kind}: uniqueness check ran out of budget")
    if result.status == "no-solution":
        raise RuntimeError(f"generated {puzzle.kind} has no solution (a generator bug)")
    return result.status == "solved"


def givens_checker(blank: Puzzle) -> Callable[[Sequence[int]], bool]:
    """:func:`is_unique` for the puzzles that differ from ``blank`` (no givens)
    only in their givens, as a function of the givens: the exact solver's
    propagator is built once, not once per check (most of a check's time on a
    Sudoku), and each search starts from the same candidates and visits the
    same nodes as :func:`is_unique`'s, so the answers are the same.

    >>> from puzzles import sample, sudoku
    >>> unique = givens_checker(sudoku.build())
    >>> unique(sample("sudoku-1").givens), unique([0] * 81)
    (True, False)
    """
    prop = Propagator(blank)
    full = prop.full

    def unique(givens: Sequence[int]) -> bool:
        masks = [(1 << g) if g else full for g in givens]
        if totals_contradict(prop, masks):
            raise RuntimeError(f"generated {blank.kind} has no solution (a generator bug)")
        search, out_of_budget = staged_search(prop, masks, limit=2, timeout=TIMEOUT, node_limit=NODE_LIMIT)
        if out_of_budget:
            raise Rejected(f"{blank.kind}: uniqueness check ran out of budget")
        if not search.solutions:
            raise RuntimeError(f"generated {blank.kind} has no solution (a generator bug)")
        return len(search.solutions) == 1

    return unique


def proved_unique(puzzle: Puzzle, node_limit: int) -> bool:
    """True when the exact solver proves one solution within ``node_limit`` nodes;
    False when it finds two *or runs out of budget* (for optional moves that may be skipped).

    >>> from puzzles import sample
    >>> proved_unique(sample("sudoku-1"), 1000)
    True
    """
    return solve(puzzle, timeout=TIMEOUT, node_limit=node_limit).status == "solved"


# --- random digits ---------------------------------------------------------------


def random_fill(peers: Sequence[Iterable[int]], rng: random.Random, max_digit: int = 9,
                node_limit: int = 200_000) -> Digits | None:
    """Digits for cells such that peers differ, drawn at random (``None`` if none within the limit).

    Independent of the exact solver: a small most-constrained-first
    backtracking, so the digits for a seed never change with solver tuning.

    >>> random_fill([[1, 2], [0, 2], [0, 1]], random.Random(5), max_digit=3)
    [1, 2, 3]
    """
    n = len(peers)
    neighbours = [tuple(p) for p in peers]
    blocked = [[0] * (max_digit + 1) for _ in range(n)]
    digits = [0] * n
    nodes = 0

    def free(i: int) -> list[int]:
        row = blocked[i]
        return [d for d in range(1, max_digit + 1) if not row[d]]

    def place(i: int, d: int, step: int) -> None:
        digits[i] = d if step > 0 else 0
        for j in neighbours[i]:
            blocked[j][d] += step

    # Depth-first with a stack of its own (a Kakuro may have thousands of cells, more than
    # Python's recursion allows): each frame is a cell, its shuffled digits and how many
    # of them have been tried.  Nodes, shuffles and tries come in the order a recursive
    # search would make them, so a seed's digits are what they always were.
    stack: list[list[Any]] = []
    left = n
    while True:
        nodes += 1
        if nodes > node_limit:
            return None
        if not left:
            return digits
        best, options = -1, list[int]()
        for i in range(n):
            if not digits[i]:
                choice = free(i)
                if best < 0 or len(choice) < len(options):
                    best, options = i, choice
                    if len(choice) <= 1:
                        break
        rng.shuffle(options)
        stack.append([best, options, 0])
        while True:  # the next digit to try, backing up past cells whose digits are all tried
            if not stack:
                return None
            frame = stack[-1]
            cell, options, tried = frame
            if tried:
                place(cell, options[tried - 1], -1)
                left += 1
            if tried == len(options):
                stack.pop()
                continue
            frame[2] = tried + 1
            place(cell, options[tried], 1)
            left -= 1
            break


_SUDOKU_PEERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(81) if j != i and (j // 9 == i // 9 or j % 9 == i % 9
                                             or (j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3)))
    for i in range(81))


def random_grid(rng: random.Random) -> Digits:
    """A random full Sudoku grid, 81 digits in reading order."""
    while True:
        grid = random_fill(_SUDOKU_PEERS, rng, node_limit=5_000)
        if grid is not None:
            return grid


# --- givens ----------------------------------------------------------------------


def add_givens_until_unique(build: Callable[[Sequence[int]], Puzzle], solution: Sequence[int],
                            givens: Sequence[int], rng: random.Random) -> Digits:
    """Givens from ``solution`` added, one cell where two solutions differ at a
    time, until the puzzle ``build(givens)`` is unique."""
    out = list(givens)
    while True:
        other = second_solution(build(out), solution)
        if other is None:
            return out
        cell = rng.choice([i for i, d in enumerate(other) if d != solution[i]])
        out[cell] = solution[cell]


def remove_givens_while_unique(build: Callable[[Sequence[int]], Puzzle], givens: Sequence[int],
                               order: Iterable[int], probe: Probe | None = None, probe_below: int = 81) -> Digits:
    """Each given in ``order`` removed when the puzzle stays unique.

    One pass is enough: a given kept because removing it allowed a second
    solution would still allow one after later removals (they only take
    constraints away), so the result is minimal and no set of removals is
    tried twice.

    ``probe`` (see :data:`Probe`) is shown each unique puzzle on the way with
    fewer than ``probe_below`` givens, right after a removal (:class:`Found`
    or :class:`Rejected` end the pass there; :data:`PUT_BACK` keeps the given).
    """
    out = list(givens)
    unique = givens_checker(build([0] * len(out)))
    for cell in order:
        digit = out[cell]
        if digit:
            out[cell] = 0
            if not unique(out):
                out[cell] = digit
            elif probe is not None and sum(1 for d in out if d) < probe_below and probed(probe, build(out)):
                out[cell] = digit
    return out
