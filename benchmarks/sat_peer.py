"""A SAT solver as a peer: a puzzle as CNF, solved by Glucose 4 through python-sat.

    pip install -e '.[bench]'     # ortools and python-sat

Only the benchmarks use it, to compare speed with a clause-learning solver
(CP-SAT is the other peer); sumlogic never solves with it.

The encoding: one Boolean per cell and digit, exactly one per cell; in a
region of different digits at most one of each digit, and at least one in
a region of ``max_digit`` cells; a region with a total picks exactly one of
its digit sets (:func:`solver.bits.combinations`, the one place sums
are enumerated), each digit of the picked set lies in some cell of the
region and each cell's digit in the picked set; a pair relation forbids
the digit pairs it does not allow (:func:`solver.model.pair_holds`); a
given is a unit clause.  Cage-sum comparisons (Greater Killer) and totals
of regions that may repeat digits are not encoded: :func:`encode` raises
``NotImplementedError`` for them.

>>> from puzzles import sample
>>> cnf = encode(sample("killer-1"))
>>> cnf.cells, all(cnf.clauses)
(729, True)
"""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from solver.bits import combinations, digits_of
from solver.model import Puzzle, pair_holds

#: The python-sat solver used: Glucose 4.1, which can be interrupted (python-sat's CaDiCaL
#: cannot, so a time limit could not stop it); on the two slowest damaged Killers known
#: (docs/exact-search-research.md, session 7) the two took about the same time.
SOLVER = "glucose4"


def available() -> bool:
    """Whether python-sat is installed."""
    try:
        import pysat  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass
class Encoding:
    """A puzzle as CNF: ``clauses`` over the cell-digit literals ``cell * max_digit + digit``
    (1 to ``cells``) and one selector literal per digit set of each region with a total
    (``picks[region index][digit set mask]``)."""

    clauses: list[list[int]] = field(default_factory=list)
    cells: int = 0
    picks: dict[int, dict[int, int]] = field(default_factory=dict)


def at_most_one(lits: list[int]) -> list[list[int]]:
    """Pairwise clauses: no two of ``lits`` true (at most nine digits or cells, a few hundred sets)."""
    return [[-a, -b] for a, b in itertools.combinations(lits, 2)]


def encode(puzzle: Puzzle) -> Encoding:
    """The CNF of ``puzzle`` (module docstring)."""
    if puzzle.comparisons:
        raise NotImplementedError("cage-sum comparisons are not encoded")
    n = puzzle.max_digit
    digits = range(1, n + 1)
    out = Encoding(cells=puzzle.size * n)
    clauses = out.clauses

    def lit(cell: int, digit: int) -> int:
        return cell * n + digit

    for cell in range(puzzle.size):
        lits = [lit(cell, d) for d in digits]
        clauses.append(lits)
        clauses += at_most_one(lits)
        if puzzle.givens and puzzle.givens[cell]:
            clauses.append([lit(cell, puzzle.givens[cell])])
    top = out.cells
    for index, region in enumerate(puzzle.regions):
        if region.total is not None and not region.distinct:
            raise NotImplementedError(f"{region.name}: a total over digits that may repeat is not encoded")
        if region.distinct:
            for d in digits:
                lits = [lit(c, d) for c in region.cells]
                clauses += at_most_one(lits)
                if len(region.cells) == n:
                    clauses.append(lits)
        if region.total is None:
            continue
        sets = combinations(len(region.cells), region.total, n)
        picks = out.picks[index] = {mask: top + 1 + i for i, mask in enumerate(sets)}
        top += len(sets)
        clauses.append(list(picks.values()))  # an empty clause when no set fits: unsatisfiable
        clauses += at_most_one(list(picks.values()))
        for mask, pick in picks.items():
            for d in digits_of(mask):
                clauses.append([-pick] + [lit(c, d) for c in region.cells])
        for d in digits:
            having = [pick for mask, pick in picks.items() if mask >> d & 1]
            for c in region.cells:
                clauses.append([-lit(c, d)] + having)
    for pair in puzzle.pairs:
        for x, y in itertools.product(digits, digits):
            if not pair_holds(pair.kind, x, y):
                clauses.append([-lit(pair.a, x), -lit(pair.b, y)])
    return out


def sat_verdict(puzzle: Puzzle, timeout: float) -> tuple[str, float, tuple[int, ...] | None]:
    """``(status, cpu seconds, first solution)`` of deciding ``puzzle`` as sumlogic's ``solve``
    does: a solution, then the same with that solution forbidden.  Status ``solved``,
    ``multiple``, ``no-solution`` or ``timeout`` (``timeout`` wall-clock seconds for each of the
    two solves, a safety net); the solution is the digit of every cell, None when none was found."""
    from pysat.solvers import Solver

    start = time.process_time()
    cnf = encode(puzzle)
    n = puzzle.max_digit
    with Solver(name=SOLVER, bootstrap_with=cnf.clauses) as solver:
        first = _limited(solver, timeout)
        if not first:
            return ("timeout" if first is None else "no-solution"), time.process_time() - start, None
        chosen = [lit for lit in solver.get_model() or [] if 0 < lit <= cnf.cells]
        digits = tuple(d for _, d in sorted(divmod(lit - 1, n) for lit in chosen))
        solver.add_clause([-lit for lit in chosen])
        second = _limited(solver, timeout)
    status = "timeout" if second is None else "multiple" if second else "solved"
    return status, time.process_time() - start, tuple(d + 1 for d in digits)


def _limited(solver: Any, timeout: float) -> bool | None:
    """One interruptible solve: True, False, or None when ``timeout`` seconds passed first."""
    timer = threading.Timer(timeout, solver.interrupt)
    timer.start()
    try:
        answer = solver.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
    solver.clear_interrupt()
    return answer
