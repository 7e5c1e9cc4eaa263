"""What the chain techniques share: the alternating search over the link graph,
the chain notation and the step a chain makes.

A chain alternates strong links (``=``: not both false) and weak links (``-``:
not both true) and starts and ends with a strong link, so one of its two ends
is true: any candidate weakly linked to both ends goes (:func:`eliminated`).  A
chain that comes back to its start with a weak link is a continuous nice loop:
every weak link of it then holds exactly one true node, and whatever sees both
ends of any of them goes (:func:`loop_eliminated`).  A chain that comes back to
its start with a strong link proves the start.

The search (:func:`search`) is a breadth-first walk from each start, so the
first chain found from a start is a shortest one; it is bounded in length and in
counted work (``ctx.work`` and a node budget), never by the clock.

>>> from solver.model import Puzzle
>>> p = Puzzle(kind="demo", height=1, width=3, cells=((0, 0), (0, 1), (0, 2)), regions=())
>>> notation(p, [((0,), 5), ((1,), 5), ((1, 2), 5)], [True, False])
'r1c1=5 = r1c2=5 - r1c2|r1c3=5'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from solver.bits import digits_of
from solver.contract import Context
from solver.links import Indexed, LinkGraph, Node, names
from solver.model import Puzzle
from solver.step import Link, Step

from .common import cells_text


@dataclass(frozen=True)
class Chain:
    """A chain found: its nodes (numbers in an :class:`~solver.links.Indexed`), the kind of
    each link (True: strong), and what it proves (eliminations as ``(cell, mask)``,
    a placement ``(cell, digit)`` or None, whether it closes into a continuous loop)."""

    nodes: tuple[int, ...]
    strong: tuple[bool, ...]
    eliminations: tuple[tuple[int, int], ...]
    placement: tuple[int, int] | None = None
    loop: bool = False

    @property
    def length(self) -> int:
        """The number of links (a loop counts its closing link)."""
        return len(self.strong)


def notation(puzzle: Puzzle, nodes: Sequence[Node], strong: Sequence[bool]) -> str:
    """``r1c2=5 = r1c7=5 - r3c7=5``: nodes joined by ``=`` (strong) and ``-`` (weak)."""
    out = [names(puzzle, nodes[0])]
    for n, s in zip(nodes[1:], strong):
        out.append(("= " if s else "- ") + names(puzzle, n))
    return " ".join(out)


def links_of(nodes: Sequence[Node], strong: Sequence[bool]) -> tuple[Link, ...]:
    """The chain as :class:`~solver.step.Link` records, in order."""
    return tuple(Link(a[0], a[1], b[0], b[1], s) for a, b, s in zip(nodes, nodes[1:], strong))


def _by_cell(ix: Indexed, bits: int) -> tuple[tuple[int, int], ...]:
    """Single nodes (a bit set of numbers) as ``(cell, mask)`` eliminations, in cell order."""
    out: dict[int, int] = {}
    while bits:
        low = bits & -bits
        i = low.bit_length() - 1
        bits ^= low
        cell, d = ix.cell_of[i], ix.nodes[i][1]
        out[cell] = out.get(cell, 0) | 1 << d
    return tuple(sorted(out.items()))


def eliminated(ix: Indexed, a: int, b: int) -> int:
    """The single nodes weakly linked to both ``a`` and ``b`` (one of which is true)."""
    return ix.weak_bits[a] & ix.weak_bits[b] & ix.singles & ~(1 << a | 1 << b)


def loop_eliminated(ix: Indexed, nodes: Sequence[int], strong: Sequence[bool]) -> int:
    """What a continuous loop removes: for each weak link (the closing one included),
    the single nodes weakly linked to both of its nodes, outside the loop."""
    on = 0
    for i in nodes:
        on |= 1 << i
    out = 0
    ring = list(nodes) + [nodes[0]]
    for (a, b), s in zip(zip(ring, ring[1:]), strong):
        if not s:
            out |= eliminated(ix, a, b)
    return out & ~on


WORK_UNIT = 2048
"""Links looked at per unit of ``ctx.work`` (a unit is about one cheap technique tried)."""


def search(ctx: Context, ix: Indexed, starts: int, allowed: int, *, max_links: int, budget: int,
           strong_ok: Callable[[int, int], bool] | None = None, weak_ok: Callable[[int, int], bool] | None = None,
           min_links: int = 3, loops: bool = True) -> Chain | None:
    """The shortest chain (over all starts, ties to the first start) of at least
    ``min_links`` and at most ``max_links`` links that proves something.

    ``starts`` and ``allowed`` are bit sets of node numbers (where chains begin, which
    nodes they may use); ``strong_ok(i, j)`` / ``weak_ok(i, j)`` may refuse a link.
    ``budget`` caps the links looked at; ``ctx.work`` is charged one unit per
    :data:`WORK_UNIT` of them, and the search stops when it runs out.
    """
    if ctx.work.exhausted:
        return None
    best: Chain | None = None
    cap = max_links
    looked = charged = 0
    strong_adj, weak_bits = ix.strong, ix.weak_bits
    i_starts = starts & allowed & ix.has_strong
    while i_starts:
        low = i_starts & -i_starts
        s = low.bit_length() - 1
        i_starts ^= low
        # on: reached through a strong link (true when s is false); off: through a weak one
        parent_on: dict[int, int] = {}
        parent_off: dict[int, int] = {s: -1}
        off_seen, on_seen = low, 0
        ws = weak_bits[s] & ix.singles & ~low  # what a chain from s can remove, at most
        frontier = [s]
        depth = 0
        found: Chain | None = None
        while frontier and depth < cap and found is None:
            reached = []
            for u in frontier:
                for v in strong_adj[u]:
                    looked += 1
                    if not allowed >> v & 1 or on_seen >> v & 1 or strong_ok is not None and not strong_ok(u, v):
                        continue
                    on_seen |= 1 << v
                    parent_on[v] = u
                    reached.append(v)
            depth += 1
            if depth >= min_links:
                for v in reached:
                    wv = weak_bits[v]
                    if v != s and not (loops and wv >> s & 1) and not ws & wv & ~(1 << v):
                        continue  # nothing to prove: the ends see no candidate together, no loop closes
                    found = _proof(ix, s, v, depth, parent_on, parent_off, loops, cap)
                    if found is not None:
                        break
            if found is not None or depth + 2 > cap:
                break
            frontier = []
            for u in reached:
                links = weak_bits[u]
                looked += links.bit_count()
                fresh = links & allowed & ~off_seen
                while fresh:
                    low = fresh & -fresh
                    fresh ^= low
                    v = low.bit_length() - 1
                    if weak_ok is not None and not weak_ok(u, v):
                        continue
                    off_seen |= low
                    parent_off[v] = u
                    frontier.append(v)
            depth += 1
            if looked > budget:
                break
        if looked - charged >= WORK_UNIT:
            units = (looked - charged) // WORK_UNIT
            charged += units * WORK_UNIT
            if not ctx.work.spend(units):
                return best
        if found is not None and (best is None or found.length < best.length):
            best = found
            cap = found.length - 1
        if looked > budget:
            break
    return best


def _path(s: int, v: int, parent_on: dict[int, int], parent_off: dict[int, int]) -> tuple[int, ...]:
    out = [v]
    on = True
    while out[-1] != s or on:
        prev = (parent_on if on else parent_off)[out[-1]]
        if prev < 0:
            break
        out.append(prev)
        on = not on
    return tuple(reversed(out))


def _proof(ix: Indexed, s: int, v: int, depth: int, parent_on: dict[int, int], parent_off: dict[int, int],
           loops: bool, cap: int) -> Chain | None:
    """What the chain from ``s`` to ``v`` (``depth`` links, ending strong) proves, if anything."""
    if v == s:
        if ix.cell_of[s] < 0:
            return None
        nodes = _path(s, v, parent_on, parent_off)
        kinds = tuple(k % 2 == 0 for k in range(len(nodes) - 1))
        cell, d = ix.cell_of[s], ix.nodes[s][1]
        return Chain(nodes, kinds, (), (cell, d))
    # a loop removes what the open chain would (its closing weak link is v - s) and more
    if loops and ix.weak_bits[v] >> s & 1:
        nodes = _path(s, v, parent_on, parent_off)
        if len(set(nodes)) == len(nodes):
            kinds = tuple(k % 2 == 0 for k in range(len(nodes) - 1)) + (False,)
            gone = loop_eliminated(ix, nodes, kinds)
            if gone:
                return Chain(nodes, kinds, _by_cell(ix, gone), loop=True)
    gone = eliminated(ix, s, v)
    if gone:
        nodes = _path(s, v, parent_on, parent_off)
        return Chain(nodes, tuple(k % 2 == 0 for k in range(len(nodes) - 1)), _by_cell(ix, gone))
    return None


def losses(ctx: Context, elims: Sequence[tuple[int, int]]) -> str:
    """``r2c1 is not 5``, ``r2c1 and r2c4 are not 5``, ``r2c1 is not 3 or 5; r4c4 is not 7``."""
    groups: dict[int, list[int]] = {}
    for cell, mask in elims:
        groups.setdefault(mask, []).append(cell)
    parts = []
    for mask, cells in groups.items():
        verb = "is" if len(cells) == 1 else "are"
        parts.append(f"{cells_text(ctx, cells)} {verb} not {' or '.join(str(d) for d in digits_of(mask))}")
    return "; ".join(parts)


def claim(ctx: Context, n: Node) -> str:
    """A node as a statement: ``r6c7 is 1``, a group ``1 is in r5c1/r6c1``."""
    cells, d = n
    if len(cells) == 1:
        return f"{ctx.name(cells[0])} is {d}"
    return f"{d} is in " + "/".join(ctx.name(c) for c in cells)


def chain_step(ctx: Context, g: LinkGraph, ix: Indexed, chain: Chain, tid: str, name: str, level: int,
               head: str) -> Step:
    """The step a chain makes: ``head`` (e.g. ``X-Chain on 5``), the chain in notation, why the
    ends decide, and what goes; links, cells and candidates for the pictures."""
    nodes = [ix.nodes[i] for i in chain.nodes]
    ring = nodes + [nodes[0]] if chain.loop else nodes
    links = links_of(ring, chain.strong)
    cells = tuple(dict.fromkeys(c for n in nodes for c in n[0]))
    cand: dict[int, int] = {}
    for cs, d in nodes:
        for c in cs:
            cand[c] = cand.get(c, 0) | 1 << d
    text = ""
    if ctx.explain:
        chain_text = notation(ctx.puzzle, ring, chain.strong)
        first, last = claim(ctx, nodes[0]), claim(ctx, nodes[-1])
        if chain.placement is not None:
            cell, d = chain.placement
            text = (f"{head}: {chain_text}: if {ctx.name(cell)} were not {d}, the chain would make it {d}, "
                    f"so {ctx.name(cell)} is {d}.")
        elif chain.loop:
            text = (f"{head}: {chain_text} closes into a loop, so each weak link in it holds exactly one true "
                    f"end: {losses(ctx, chain.eliminations)}.")
        else:
            text = f"{head}: {chain_text}: {first} or {last}, so {losses(ctx, chain.eliminations)}."
    placements = (chain.placement,) if chain.placement is not None else ()
    return Step(tid, name, level, text, placements=placements, eliminations=chain.eliminations, cells=cells,
                candidates=tuple(sorted(cand.items())), links=links)


def starts_in_order(ix: Indexed) -> Iterator[int]:
    """Node numbers in order (singles first)."""
    return iter(range(len(ix.nodes)))
