"""What the fish, wing and ALS families ask of the candidate state, in bit masks.

* :func:`seen_by`: for a cell and a digit, as a bit mask over cell indexes,
  the cells that cannot hold that digit together with it (a weak link between
  the two candidates), from the link graph :mod:`solver.links`;
* :func:`needing`: the regions whose digits differ and that must hold a
  digit (exactly once), from the same graph;
* :func:`distinct_regions`: every region whose digits differ (at most once).

These read the rules through the link graph and compute nothing of their own
beyond packing them into masks; the per-state results are kept in
``ctx.memo`` so the techniques of the three families share them.

>>> from puzzles import sample
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = sample("sudoku-1")
>>> ctx = Context(p, Candidates.initial(p), [])
>>> bin(seen_by(ctx, 0, 5)).count("1")  # a Sudoku cell sees 20 others
20
"""

from __future__ import annotations

from solver.contract import Context
from solver.model import Region

from solver.links import graph, node

_KEY = "sight"


def _state_key(ctx: Context) -> tuple[object, ...]:
    return (tuple(ctx.state.masks), len(ctx.virtual))


def _memo(ctx: Context) -> dict[object, object]:
    """The shared per-state memo (reset whenever the masks or the virtual regions change)."""
    key = _state_key(ctx)
    entry = ctx.memo.get(_KEY)
    if entry is None or entry[0] != key:
        entry = (key, {})
        ctx.memo[_KEY] = entry
    out: dict[object, object] = entry[1]
    return out


def distinct_regions(ctx: Context) -> list[Region]:
    """The puzzle's and the derived regions whose digits differ, without repeats (same cells)."""
    memo = _memo(ctx)
    found = memo.get("distinct")
    if found is None:
        seen: set[frozenset[int]] = set()
        out = []
        for region in ctx.regions():
            if not region.distinct or len(region.cells) < 2:
                continue
            key = frozenset(region.cells)
            if key in seen:
                continue
            seen.add(key)
            out.append(region)
        memo["distinct"] = found = out
    return found  # type: ignore[return-value]


def seen_by(ctx: Context, cell: int, digit: int) -> int:
    """The bit mask of the cells that cannot hold ``digit`` together with ``cell``: the cells
    it always sees (a shared region whose digits differ, a dot) and, while ``digit`` is open
    in ``cell``, the candidates a sum, dot or comparison forbids beside it
    (:meth:`solver.links.LinkGraph.sees`)."""
    memo = _memo(ctx)
    key = (cell, digit)
    found = memo.get(key)
    if found is None:
        g = graph(ctx)
        out = g.see[cell]
        if g.is_node(node(cell, digit)):
            for cells, d in g.weak_from(node(cell, digit)):
                if d == digit and len(cells) == 1:
                    out |= 1 << cells[0]
        memo[key] = found = out & ~(1 << cell)
    return found  # type: ignore[return-value]


def common_seers(ctx: Context, bits: int, digit: int) -> int:
    """The cells that see every cell of ``bits`` for ``digit`` (-1, all cells, when ``bits`` is empty)."""
    out = -1
    while bits and out:
        low = bits & -bits
        out &= seen_by(ctx, low.bit_length() - 1, digit)
        bits ^= low
    return out


def needing(ctx: Context, digit: int) -> list[Region]:
    """The regions that must hold ``digit`` (:meth:`solver.links.LinkGraph.regions_needing`:
    every house; a cage, run or derived sum whose every fitting combination uses it)."""
    return [region for region, _ in graph(ctx).regions_needing(digit)]


def cell_bits(cells) -> int:
    """The bit mask of some cell indexes."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def bit_cells(bits: int) -> list[int]:
    """The cell indexes of a bit mask, ascending.

    >>> bit_cells(0b10110)
    [1, 2, 4]
    """
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


