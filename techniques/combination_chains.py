r"""Chains through the combinations of cages: combination chains.

**Combination chain** (``combination-chain``, level 7, tried just before
``contradiction-1``; Killers, Greater Killers and Kakuros): an alternating
inference chain (:mod:`techniques.aic`) on the link graph extended by the
sums' combinations (:func:`solver.link_combos.combination_index`).  A cage
that can only be 4+6+7 or 2+6+9 holds 4 or 2: if it holds no 4 it holds a 2,
and where it can put that 2 the 2 leaves the cells that see it.  A person
follows this from cage to cage ("cage k is 4+6+7 or 2+6+9; if it is 2+6+9,
its 2 is in r4c4, so cage i (5) has no 2 and is 1+4 ..."); the chain writes
it as links, a node ``r4c4|r4c5=4`` meaning "4 is in one of these cells"
(here: cage k holds 4):

    cage k (17) can only be 2+6+9 or 4+6+7; cage i (5) only 1+4 or 2+3.
    r4c4|r4c5=4 = r4c4=2 - r2c4|r3c4=2 = r2c4|r3c4=4: 4 is in r4c4/r4c5 or in
    r2c4/r3c4, so r5c4 is not 4.

Its nodes may also be a region's places for a digit of any shape: when row 4
needs a 1 in r4c3 or in r4c2/r4c4/r4c5, "1 is in r4c2/r4c4/r4c5" is one node
(the plain graph groups only a line's cells inside one box or cage).  The
chain must use at least one link or node that the extension gives (else it is
a plain ``aic``, which comes earlier).  The search is the
breadth-first one every chain technique shares (:func:`techniques.chains.search`):
the shortest chain wins, bounded in links (:data:`MAX_LINKS`) and in counted
work, and at most :data:`SEARCHES_PER_SOLVE` searches that find nothing in one solve.  It runs
only outside suppositions, like ``cage-pairs``.

A 3x3 demo: cage a (10) in row 1 can only be 2+8 (its 2 in r1c2) or 1+9,
cage b (5) in column 1 only 2+3 (its 2 in r2c1) or 1+4, and r1c2 and r2c1
share a box:

>>> from solver.bits import mask_of
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=3, width=3, cells=tuple((r, c) for r in range(3) for c in range(3)), max_digit=9,
...            regions=(Region("row 1", (0, 1, 2), kind="row"), Region("column 1", (0, 3, 6), kind="column"),
...                     Region("box", (0, 1, 3, 4), kind="box"), Region("cage a", (1, 2), total=10, kind="cage"),
...                     Region("cage b", (3, 6), total=5, kind="cage")))
>>> rest = mask_of([5, 6, 7])
>>> masks = [mask_of([1, 5]), mask_of([1, 2, 9]), mask_of([1, 8, 9]), mask_of([1, 2, 3, 4]), rest, rest,
...          mask_of([1, 3, 4]), rest, rest]
>>> step = next(find_combination_chains(Context(p, Candidates(p, masks), TECHNIQUES)))
>>> step.eliminations == ((0, 1 << 1),)
True
>>> print(step.text.replace(": r1c2|", ":\nr1c2|").replace(", so", ",\nso"))
Combination chain (cage a (10) can only be 1+9 or 2+8; cage b (5) can only be 1+4 or 2+3):
r1c2|r1c3=1 = r1c2=2 - r2c1=2 = r2c1|r3c1=1: 1 is in r1c2/r1c3 or 1 is in r2c1/r3c1,
so r1c1 is not 1.
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import digits_of
from solver.contract import Context, Technique
from solver.link_combos import CombinationIndex, combination_index
from solver.links import graph
from solver.model import Region
from solver.step import Step

from .chains import Chain, chain_step, search
from .common import SUM_KINDS, describe, plus, region_key

MAX_LINKS = 10
"""The longest chain looked for, in links."""
BUDGET = 60_000
"""Links looked at per search (a counted bound, the same on every machine)."""
SEARCHES_PER_SOLVE = 30
"""Searches that find nothing one solve may make (counted, not timed): past that the technique finds nothing
more, so that the extreme Killers, which stall dozens of times and rarely gain from it, do not get much slower."""


def _uses(cx: CombinationIndex, chain: Chain) -> tuple[list[Region], list[tuple[Region, int, int]]]:
    """What the chain takes from the extension: the sums whose combinations give a link of it,
    and the strong links of new nodes as (region, node, node) (both empty: a plain AIC)."""
    nodes = list(chain.nodes) + ([chain.nodes[0]] if chain.loop else [])
    sums: list[Region] = []
    places: list[tuple[Region, int, int]] = []
    for (a, b), strong in zip(zip(nodes, nodes[1:]), chain.strong):
        region = cx.combination_links.get((a, b))
        if region is not None:
            if all(region is not r for r in sums):
                sums.append(region)
        elif strong and (a, b) in cx.place_links:
            places.append((cx.place_links[(a, b)], a, b))
    return sums, places


def _head(ctx: Context, cx: CombinationIndex, sums: list[Region], places: list[tuple[Region, int, int]]) -> str:
    """``Combination chain (cage k (17) can only be 2+6+9 or 4+6+7; row 4 has 1 only in r4c3 or r4c2/r4c4/r4c5)``."""
    parts = []
    for region in sums:
        ri = next(k for k, r in enumerate(cx.regions) if r is region)
        ways = sorted(plus(digits_of(c)) for c in cx.combos.get(ri, ()))
        listed = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]
        parts.append(f"{describe(region)} can only be {listed}")
    for region, a, b in places:
        (one, d), (two, _) = cx.nodes[a], cx.nodes[b]
        spots = "/".join(ctx.name(c) for c in one), "/".join(ctx.name(c) for c in two)
        parts.append(f"{describe(region)} has {d} only in {spots[0]} or {spots[1]}")
    return f"Combination chain ({'; '.join(parts)})"


def find_combination_chains(ctx: Context) -> Iterator[Step]:
    """The shortest chain through the sums' combinations that proves something (top level only)."""
    if ctx.depth or ctx.work.exhausted:
        return
    memo = ctx.memo.setdefault("combination-chain", {})
    left = memo.get("left", SEARCHES_PER_SOLVE)
    if left <= 0:
        return
    memo["left"] = left - 1
    g = graph(ctx)
    cx = g.cache.get("combination-chain")
    if cx is None:
        cx = g.cache["combination-chain"] = combination_index(g)
    if not cx.combination_links:
        return
    every = (1 << len(cx.nodes)) - 1
    chain = search(ctx, cx, every, every, max_links=MAX_LINKS, budget=BUDGET)
    if chain is None:
        return
    sums, places = _uses(cx, chain)
    if not sums and not any(cx.added >> i & 1 for i in chain.nodes):
        return  # a plain alternating chain: aic's to find, not this one's
    head = _head(ctx, cx, sums, places) if ctx.explain else "Combination chain"
    memo["left"] = left  # a search that finds a step costs nothing of the allowance
    step = chain_step(ctx, g, cx, chain, "combination-chain", "Combination chain", 7, head)
    yield Step(step.technique, step.name, step.level, step.text, placements=step.placements,
               eliminations=step.eliminations, cells=step.cells, candidates=step.candidates, links=step.links,
               regions=tuple(dict.fromkeys(region_key(r) for r in [*sums, *(p[0] for p in places)])))


COMBINATION_CHAIN = Technique(
    "combination-chain", "Combination chain", 7, 75, find_combination_chains,
    "Combination chain (cage k (17) can only be 2+6+9 or 4+6+7; cage i (5) can only be 1+4 or 2+3): "
    "r4c4|r4c5=4 = r4c4=2 - r2c4|r3c4=2 = r2c4|r3c4=4: 4 is in r4c4/r4c5 or 4 is in r2c4/r3c4, so r5c4 is not 4.",
    kinds=SUM_KINDS)

TECHNIQUES = (COMBINATION_CHAIN,)

__all__ = ["COMBINATION_CHAIN", "MAX_LINKS", "TECHNIQUES", "find_combination_chains"]
