"""Longer chains on the link graph: X-chains, XY-chains and alternating inference chains.

* **X-Chain** (``x-chain``, level 7): strong and weak links of one digit, as many
  as needed (simple colouring is such a chain): one end holds the digit, so
  whatever sees both ends loses it.
* **XY-Chain** (``xy-chain``, level 7): through cells with two candidates only,
  the strong links inside the cells, the weak ones between equal digits.
* **Alternating inference chain** (``aic``, level 7): any links of the graph,
  grouped nodes included: between cells, inside cells, through cages, runs,
  dots and comparisons.  It also closes continuous nice loops (each weak link of
  the loop then holds exactly one true end) and discontinuous ones (a chain
  from a candidate back to itself proves it, or removes what sees both ends).

Each search is breadth first (the shortest chain wins), bounded in length and
in counted work (:func:`techniques.chains.search`).

>>> from puzzles import sudoku
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = sudoku.build(size=4)
>>> masks = [0b11110] * 16
>>> masks[0], masks[2], masks[14] = 0b110, 0b1100, 0b1010  # r1c1 1/2, r1c3 2/3, r4c3 1/3
>>> step = next(find_xy_chain(Context(p, Candidates(p, masks), TECHNIQUES)))
>>> print(step.text)
XY-Chain: r1c1=1 = r1c1=2 - r1c3=2 = r1c3=3 - r4c3=3 = r4c3=1: r1c1 is 1 or r4c3 is 1, so r4c1 is not 1.
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import POPCOUNT
from solver.contract import Context, Technique
from solver.links import Indexed, graph
from solver.step import Step

from .chains import chain_step, search

MAX_X = 12
"""The longest X-chain looked for, in links."""
MAX_XY = 14
"""The longest XY-chain looked for, in links."""
MAX_AIC = 12
"""The longest alternating inference chain looked for, in links."""
BUDGET = 60_000
"""Links looked at per search (a counted bound, the same on every machine)."""


def find_x_chain(ctx: Context) -> Iterator[Step]:
    """The shortest chain on one digit (five links or more) that removes something."""
    g = graph(ctx)
    ix = g.index()
    for d in range(1, g.max_digit + 1):
        nodes = ix.of_digit[d] & ix.singles
        if ctx.work.exhausted:
            return
        if not nodes:
            continue
        chain = search(ctx, ix, nodes, nodes, max_links=MAX_X, budget=BUDGET, min_links=5)
        if chain is not None:
            yield chain_step(ctx, g, ix, chain, "x-chain", "X-Chain", 7, f"X-Chain on {d}")


def _bivalue_nodes(ix: Indexed, masks: tuple[int, ...]) -> int:
    out = 0
    for i, cell in enumerate(ix.cell_of):
        if cell >= 0 and POPCOUNT[masks[cell]] == 2:
            out |= 1 << i
    return out


def find_xy_chain(ctx: Context) -> Iterator[Step]:
    """The shortest chain through bivalue cells that removes something."""
    g = graph(ctx)
    ix = g.index()
    nodes = _bivalue_nodes(ix, g.masks)
    if not nodes:
        return
    cell_of = ix.cell_of
    digit = [n[1] for n in ix.nodes]
    chain = search(ctx, ix, nodes, nodes, max_links=MAX_XY, budget=BUDGET,
                   strong_ok=lambda u, v: cell_of[u] == cell_of[v],
                   weak_ok=lambda u, v: cell_of[u] != cell_of[v] and digit[u] == digit[v], loops=False)
    if chain is not None:
        yield chain_step(ctx, g, ix, chain, "xy-chain", "XY-Chain", 7, "XY-Chain")


def find_aic(ctx: Context) -> Iterator[Step]:
    """The shortest alternating inference chain or nice loop that proves something."""
    g = graph(ctx)
    ix = g.index()
    every = (1 << len(ix.nodes)) - 1
    chain = search(ctx, ix, every, every, max_links=MAX_AIC, budget=BUDGET)
    if chain is not None:
        if chain.loop:
            yield chain_step(ctx, g, ix, chain, "aic", "Alternating inference chain", 7, "Continuous nice loop")
        elif chain.placement is not None:
            yield chain_step(ctx, g, ix, chain, "aic", "Alternating inference chain", 7, "Discontinuous nice loop")
        else:
            yield chain_step(ctx, g, ix, chain, "aic", "Alternating inference chain", 7, "AIC")


X_CHAIN = Technique("x-chain", "X-Chain", 7, 70, find_x_chain,
                    "X-Chain on 6: r1c2=6 = r1c7=6 - r4c7=6 = r4c5=6 - r8c5=6 = r8c2=6: r1c2 is 6 or r8c2 is 6, "
                    "so r5c2 is not 6.")
XY_CHAIN = Technique("xy-chain", "XY-Chain", 7, 72, find_xy_chain,
                     "XY-Chain: r1c1=1 = r1c1=2 - r1c5=2 = r1c5=7 - r6c5=7 = r6c5=1: r1c1 is 1 or r6c5 is 1, "
                     "so r6c1 is not 1.")
AIC = Technique("aic", "Alternating inference chain", 7, 78, find_aic,
                "AIC: r2c2=4 = r2c2=8 - r2c7|r2c9=8 = r3c8=8 - r3c8=4 = r3c3=4: r2c2 is 4 or r3c3 is 4, "
                "so r1c2 and r2c3 are not 4.")

TECHNIQUES = (X_CHAIN, XY_CHAIN, AIC)
