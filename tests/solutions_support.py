"""Every solution of a small position, by plain backtracking, for the link graph and chain tests.

Independent of the solver: it reads a :class:`~solver.model.Puzzle`'s fields,
:func:`~solver.model.pair_holds` and :func:`~solver.model.compare` only.  A
position is the puzzle plus candidate masks (bit ``d``: digit ``d`` allowed)
and extra regions (derived sums taken as facts).

>>> from puzzles import sudoku
>>> len(solutions(sudoku.build([1, 2, 3, 4] + [0] * 12, size=4)))  # 288 grids / 4! first rows
12
"""

from __future__ import annotations

from typing import Sequence

from solver.model import Puzzle, Region, compare, pair_holds


class TooMany(Exception):
    """More solutions (or search nodes) than the limit allows."""


def solutions(puzzle: Puzzle, masks: Sequence[int] | None = None, virtual: Sequence[Region] = (),
              limit: int = 20_000, node_limit: int = 2_000_000,
              force: tuple[int, int] | None = None) -> list[tuple[int, ...]]:
    """Every solution of the position (digits per cell) that agrees with ``masks``
    (default: the givens), satisfies the ``virtual`` regions and, with ``force``
    ``(cell, digit)``, has that digit there.  Raises :class:`TooMany` past ``limit``
    solutions or ``node_limit`` assignments."""
    n = puzzle.size
    digits = range(1, puzzle.max_digit + 1)
    if masks is None:
        masks = [(1 << g) if g else sum(1 << d for d in digits) for g in puzzle.givens]
    domains = [{d for d in digits if masks[c] >> d & 1} for c in range(n)]
    if force is not None:
        domains[force[0]] &= {force[1]}
    regions = list(puzzle.regions) + list(virtual)
    of_cell: list[list[Region]] = [[] for _ in range(n)]
    for r in regions:
        for c in r.cells:
            of_cell[c].append(r)
    partners: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    for p in puzzle.pairs:
        partners[p.a].append((p.b, p.kind))
        partners[p.b].append((p.a, p.kind))
    value = [0] * n
    out: list[tuple[int, ...]] = []
    count = [0]

    def region_ok(r: Region) -> bool:
        vals = [value[c] for c in r.cells if value[c]]
        if r.distinct and len(set(vals)) != len(vals):
            return False
        if r.total is None:
            return True
        open_ = [c for c in r.cells if not value[c]]
        if any(not domains[c] for c in open_):
            return False
        low = sum(vals) + sum(min(domains[c]) for c in open_)
        high = sum(vals) + sum(max(domains[c]) for c in open_)
        return low <= r.total <= high

    def comparisons_ok() -> bool:
        for comp in puzzle.comparisons:
            a, b = puzzle.regions[comp.left].cells, puzzle.regions[comp.right].cells
            if all(value[c] for c in a + b):
                if not compare(sum(value[c] for c in a), comp.op, sum(value[c] for c in b)):
                    return False
        return True

    def walk() -> None:
        open_ = [c for c in range(n) if not value[c]]
        if not open_:
            if comparisons_ok():
                out.append(tuple(value))
                if len(out) > limit:
                    raise TooMany(f"more than {limit} solutions")
            return
        cell = min(open_, key=lambda c: len(domains[c]))
        for d in sorted(domains[cell]):
            count[0] += 1
            if count[0] > node_limit:
                raise TooMany(f"more than {node_limit} nodes")
            saved = [set(s) for s in domains]
            value[cell] = d
            domains[cell] = {d}
            ok = True
            for r in of_cell[cell]:
                if r.distinct:
                    for other in r.cells:
                        if other != cell and not value[other]:
                            domains[other].discard(d)
            for other, kind in partners[cell]:
                if not value[other]:
                    domains[other] = {e for e in domains[other] if pair_holds(kind, d, e)}
                elif not pair_holds(kind, d, value[other]):
                    ok = False
            ok = ok and all(domains[c] for c in range(n) if not value[c])
            ok = ok and all(region_ok(r) for r in of_cell[cell]) and comparisons_ok()
            if ok:
                walk()
            value[cell] = 0
            for c in range(n):
                domains[c] = saved[c]

    for c in range(n):
        if len(domains[c]) == 0:
            return []
    walk()
    return out
