"""Cut vertices of a Kakuro: a part of the grid joined to the rest through one cell, one run or a few cells.

Every cell of a part of the grid lies in one across run and one down run,
so when a part is made of whole runs, its across runs and its down runs
cover the same cells except where the part meets the rest.  Subtracting the
down totals from the across totals leaves an equation over those few cells:

* a **cut cell** (the part joins the rest only through it) gets its digit
  (``its across runs total 120 and its down runs 113, so r5c6 = 7``);
* a **cut run** (the part hangs off one run) gives the sum of the run's
  cells that meet the part, a virtual region, distinct as it lies in one run;
* a part cut off by **two or three cells** gives their sum, or a difference
  when some are across-only and some down-only (``r2c4 - r7c3 = 5``).

Placed cells are known digits, so once some are placed, parts cut off by a
few *open* cells (and any number of placed ones) count too; those are looked
for at the top level only (not inside the assumptions of a contradiction).

The graphs (documented for the next engineer):

``cell graph`` (networkx): one node per run, one per open white cell and one
for *outside*; a cell is linked to its runs, and to *outside* when it lies
in one clued run only.  Its articulation points are the cut cells and cut
runs (:func:`networkx.articulation_points`).

``run graph`` (:class:`RunGraph`, plain lists): one node per run plus
*outside*, one edge per cell (between its across and its down run).  A part
is a set of run nodes; it meets the rest through the edges leaving it.
Small edge cuts come from the cut-space test: give each non-tree edge of a
spanning forest a random 64-bit label and each tree edge the XOR of the
labels of the cycles through it; a set of edges is a cut exactly when its
labels XOR to zero (with overwhelming probability; every candidate is then
checked by a search, so the randomness can only miss a cut, never invent
one).  A part whose open cells form no cycle is skipped: the sum
combinations of its runs already see all it could tell.

>>> from puzzles import sample
>>> eqs = kakuro_equations(sample("kakuro-8x8"))
>>> all(eq.technique == "cut-vertex" for eq in eqs)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterator

import networkx as nx

from solver.contract import Context, Technique
from solver.model import Puzzle, per_puzzle
from solver.step import Step

from .algebra import Equation, find_equations, make_equation

MAX_SUM_CELLS = 5
"""A derived sum has at most this many open cells."""
MAX_MIXED_CELLS = 4
"""A derived difference has at most this many open cells."""
MAX_CELLS = 12
"""An equation has at most this many cells, counting placed ones."""
MAX_CUT = 4
"""Look for parts cut off by at most this many open cells (besides cut cells and cut runs)."""
MAX_CUT_PLACED = 3
"""The same once cells are placed (the search runs again after each placement)."""
SMALL_GRID_RUNS = 14
"""In a grid of at most this many runs every connected set of runs is tried."""
MAX_PAIR_EDGES = 240
"""Cuts of four cells are looked for only among at most this many open cells (the search is quadratic)."""

Adjacency = tuple[tuple[tuple[int, int], ...], ...]
"""For each node of the run graph, its ``(edge, other node)`` pairs."""


@dataclass(frozen=True)
class RunGraph:
    """The run graph of a Kakuro (see the module docstring): node ``i`` is run ``runs[i]``,
    node ``len(runs)`` is *outside*; edge ``e`` is cell ``cells[e]`` between ``ends[e]``."""

    puzzle: Puzzle
    runs: tuple[int, ...]
    across: tuple[bool, ...]
    cells: tuple[int, ...]
    ends: tuple[tuple[int, int], ...]

    @cached_property
    def outside(self) -> int:
        return len(self.runs)

    @cached_property
    def totals(self) -> tuple[int, ...]:
        """Per node, its total counted plus for across and minus for down (0 for *outside*)."""
        out = []
        for node, i in enumerate(self.runs):
            t = self.puzzle.regions[i].total or 0
            out.append(t if self.across[node] else -t)
        return tuple(out) + (0,)

    def adjacency(self, placed: frozenset[int] = frozenset()) -> Adjacency:
        """The ``(edge, other node)`` pairs of each node, leaving out the edges of placed cells."""
        adj: list[list[tuple[int, int]]] = [[] for _ in range(len(self.runs) + 1)]
        for e, (u, v) in enumerate(self.ends):
            if self.cells[e] not in placed:
                adj[u].append((e, v))
                adj[v].append((e, u))
        return tuple(tuple(a) for a in adj)

    @cached_property
    def full(self) -> Adjacency:
        """The adjacency with every cell."""
        return self.adjacency()

    @cached_property
    def component(self) -> tuple[int, ...]:
        """A component number per node (of the full graph)."""
        comp = [-1] * (len(self.runs) + 1)
        for start in range(len(comp)):
            if comp[start] < 0:
                for u in side(self.full, start, frozenset()):
                    comp[u] = start
        return tuple(comp)

    @cached_property
    def component_total(self) -> dict[int, int]:
        """Per component, the signed total of its runs."""
        out: dict[int, int] = {}
        for u, comp in enumerate(self.component):
            out[comp] = out.get(comp, 0) + self.totals[u]
        return out


def side(adj: Adjacency, start: int, cut: frozenset[int]) -> set[int]:
    """The nodes reached from ``start`` without crossing the ``cut`` edges."""
    seen = {start}
    todo = [start]
    while todo:
        u = todo.pop()
        for e, v in adj[u]:
            if e not in cut and v not in seen:
                seen.add(v)
                todo.append(v)
    return seen


def smaller_side(adj: Adjacency, a: int, b: int, cut: frozenset[int]) -> set[int] | None:
    """Search from ``a`` and ``b`` in turn without crossing ``cut``: the side exhausted
    first, or None when the searches meet (the cut does not separate them)."""
    seen = ({a}, {b})
    todo: tuple[list[int], list[int]] = ([a], [b])
    turn = 0
    while todo[0] and todo[1]:
        u = todo[turn].pop()
        mine, other = seen[turn], seen[1 - turn]
        for e, v in adj[u]:
            if e not in cut and v not in mine:
                if v in other:
                    return None
                mine.add(v)
                todo[turn].append(v)
        turn = 1 - turn
    return seen[0] if not todo[0] else seen[1]


@per_puzzle
def run_graph(puzzle: Puzzle) -> RunGraph | None:
    """The run graph, or None when the puzzle has no across and down runs to subtract."""
    runs = tuple(i for i, r in enumerate(puzzle.regions) if r.total is not None and r.kind in ("across", "down"))
    if not runs:
        return None
    across = tuple(puzzle.regions[i].kind == "across" for i in runs)
    node_a = [-1] * puzzle.size
    node_d = [-1] * puzzle.size
    for node, i in enumerate(runs):
        slot = node_a if across[node] else node_d
        for c in puzzle.regions[i].cells:
            if slot[c] >= 0:
                return None  # two runs of one direction through a cell: the algebra does not apply
            slot[c] = node
    cells, ends = [], []
    for c in range(puzzle.size):
        if node_a[c] >= 0 or node_d[c] >= 0:
            cells.append(c)
            ends.append((node_a[c] if node_a[c] >= 0 else len(runs), node_d[c] if node_d[c] >= 0 else len(runs)))
    return RunGraph(puzzle, runs, across, tuple(cells), tuple(ends))


def cell_graph(g: RunGraph, adj: Adjacency) -> nx.Graph:
    """The cell graph (see the module docstring): nodes ``('run', i)``, ``('cell', e)`` and ``'outside'``."""
    graph = nx.Graph()
    for u, pairs in enumerate(adj):
        for e, _ in pairs:
            graph.add_edge(("cell", e), "outside" if u == g.outside else ("run", u))
    return graph


def small_cuts(g: RunGraph, adj: Adjacency, size: int) -> list[frozenset[int]]:
    """Edge sets of two to ``size`` edges whose labels XOR to zero (candidate cuts), in a stable order."""
    rng = random.Random(20240601)
    n = len(adj)
    parent_edge = [-1] * n
    order: list[int] = []
    seen = [False] * n
    tree: set[int] = set()
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        todo = [root]
        while todo:
            u = todo.pop()
            order.append(u)
            for e, v in adj[u]:
                if not seen[v]:
                    seen[v] = True
                    parent_edge[v] = e
                    tree.add(e)
                    todo.append(v)
    edges = sorted({e for pairs in adj for e, _ in pairs})
    label: dict[int, int] = {}
    node_x = [0] * n
    for e in edges:
        if e not in tree:
            label[e] = rng.getrandbits(64)
            u, v = g.ends[e]
            node_x[u] ^= label[e]
            node_x[v] ^= label[e]
    for u in reversed(order):
        e = parent_edge[u]
        if e >= 0:
            label[e] = node_x[u]
            a, b = g.ends[e]
            node_x[a if b == u else b] ^= node_x[u]
    by_label: dict[int, list[int]] = {}
    for e in edges:
        by_label.setdefault(label[e], []).append(e)
    out: list[frozenset[int]] = []
    for x, group in by_label.items():
        if x:
            out.extend(frozenset((e, f)) for i, e in enumerate(group) for f in group[i + 1:])
    live = [e for e in edges if label[e]]
    labels = [label[e] for e in live]
    if size >= 3:
        known = set(labels)
        for i, e in enumerate(live):
            le = labels[i]
            hits = known.intersection([le ^ lf for lf in labels[i + 1:]])
            hits.discard(0)
            for x in sorted(hits):
                for j in range(i + 1, len(live)):
                    if le ^ labels[j] == x:
                        out.extend(frozenset((e, live[j], h)) for h in by_label[x]
                                   if h > live[j] and len({le, labels[j], x}) == 3)
    if size >= 4 and len(live) <= MAX_PAIR_EDGES:
        pairs: dict[int, list[tuple[int, int]]] = {}
        for i, e in enumerate(live):
            le = labels[i]
            for j in range(i + 1, len(live)):
                x = le ^ labels[j]
                if x:
                    pairs.setdefault(x, []).append((e, live[j]))
        fours: set[frozenset[int]] = set()
        for same in pairs.values():
            for i, (a, b) in enumerate(same):
                for c, d in same[i + 1:]:
                    # a pair with equal labels is a smaller cut: the four would be two cuts side by side
                    if len({a, b, c, d}) == 4 and len({label[a], label[b], label[c], label[d]}) == 4:
                        fours.add(frozenset((a, b, c, d)))
        out.extend(sorted(fours, key=sorted))
    return out


def _part_equation(g: RunGraph, adj: Adjacency, part: set[int], intro: str,
                   placed: frozenset[int]) -> Equation | None:
    """The equation of a part (a set of run nodes connected in ``adj``, maybe holding *outside*),
    or None when it is useless: too many cells, or open cells that form no cycle."""
    full = g.full
    boundary = [(e, u) for u in part for e, v in full[u] if v not in part]
    open_cells = sum(1 for e, _ in boundary if g.cells[e] not in placed)
    if not open_cells or open_cells > MAX_SUM_CELLS or len(boundary) > MAX_CELLS:
        return None
    if g.outside not in part:
        inner = sum(1 for u in part for _, v in adj[u] if v in part) // 2
        if inner < len(part):
            return None
        nodes = sorted(part)
        sides = boundary
        value = sum(g.totals[u] for u in part)
    else:
        # describe the other side: the same cells, seen from their other end
        comp = g.component[next(iter(part))]
        nodes = [u for u in range(len(g.runs)) if g.component[u] == comp and u not in part]
        sides = [(e, g.ends[e][0] if g.ends[e][1] == u else g.ends[e][1]) for e, u in boundary]
        value = g.component_total[comp] - sum(g.totals[u] for u in part)
    plus = [g.cells[e] for e, u in sides if g.across[u]]
    minus = [g.cells[e] for e, u in sides if not g.across[u]]
    if plus and minus and open_cells > MAX_MIXED_CELLS:
        return None
    p = g.puzzle
    whole = g.outside in part and len(part) == 1
    if g.outside in part:  # the side described is the other one: name it by its cut
        intro = "Take the whole grid." if whole else "Cutting the grid at {cells} leaves a part made of whole runs."

    def because() -> str:
        across_total = sum(g.totals[u] for u in nodes if g.across[u])
        down_total = across_total - value
        n_across = sum(1 for u in nodes if g.across[u])
        n_down = len(nodes) - n_across
        only = []
        if plus:
            only.append(f"{_and([p.cell_name(c) for c in sorted(plus)])} (across only)")
        if minus:
            only.append(f"{_and([p.cell_name(c) for c in sorted(minus)])} (down only)")
        arith = f"{across_total} - {down_total} = {value}" if plus else f"{down_total} - {across_total} = {-value}"
        stuck = [p.cell_name(g.cells[e]) for e, _ in sorted(boundary) if g.cells[e] in placed]
        placed_text = f" and the placed cell{'s' * (len(stuck) > 1)} {_and(stuck)}" if stuck else ""
        head = intro.format(cells=_and([p.cell_name(c) for c in sorted(plus + minus)]), placed=placed_text)
        whose = "Its" if whole else "That part's"
        return (f"{head} {whose} {n_across} across "
                f"run{'s' * (n_across != 1)} total {across_total} and its {n_down} down "
                f"run{'s' * (n_down != 1)} total {down_total}; they cover the same cells except "
                f"{' and '.join(only)}, so {{formula}} = {arith}")

    return make_equation(p, plus, minus, value, "cut-vertex", because, [g.runs[u] for u in nodes],
                         f"cut at {', '.join(p.cell_name(c) for c in sorted(plus + minus))}")


def _connected_parts(adj: Adjacency, runs: int) -> Iterator[set[int]]:
    """Every connected set of two or more runs (for small grids only: there are exponentially many)."""
    for bits in range(1, 1 << runs):
        if bits & (bits - 1) == 0:
            continue
        part = {u for u in range(runs) if bits >> u & 1}
        start = next(iter(part))
        seen = {start}
        todo = [start]
        while todo:
            u = todo.pop()
            for _, v in adj[u]:
                if v in part and v not in seen:
                    seen.add(v)
                    todo.append(v)
        if len(seen) == len(part):
            yield part


def _around_one_run(adj: Adjacency, g: RunGraph, cut: frozenset[int]) -> bool:
    """True when the cut is every open cell of one run (a run on its own tells nothing new)."""
    for node in g.ends[min(cut)]:
        if len(adj[node]) == len(cut) and all(e in cut for e, _ in adj[node]):
            return True
    return False


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@lru_cache(maxsize=32)
def cut_equations(puzzle: Puzzle, placed: frozenset[int] = frozenset()) -> tuple[Equation, ...]:
    """The cut-cell, cut-run and small-cut equations of a Kakuro whose ``placed`` cells are known,
    simplest first (fewest open cells, sums before differences, cut cells before cut runs)."""
    g = run_graph(puzzle)
    if g is None:
        return ()
    adj = g.adjacency(placed) if placed else g.full
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], Equation]] = {}

    def keep(part: set[int] | None, intro: str, source: int) -> None:
        eq = _part_equation(g, adj, part, intro, placed) if part else None
        if eq is not None:
            key = (eq.plus, eq.minus)
            rank = (sum(1 for c in eq.cells if c not in placed), bool(eq.minus), source, len(eq.cells))
            if key not in found or rank < found[key][0]:
                found[key] = (rank, eq)

    for node in sorted(nx.articulation_points(cell_graph(g, adj)), key=str):
        if node == "outside":
            continue
        kind, x = node
        if kind == "cell":
            name = puzzle.cell_name(g.cells[x])
            end_a, end_d = g.ends[x]
            keep(smaller_side(adj, end_a, end_d, frozenset((x,))),
                 f"{name} is a cut vertex: the part of the grid on one side joins the rest only through "
                 f"it{{placed}}.", 0)
        else:
            blocked = frozenset(e for e, _ in adj[x])
            done: set[int] = {x}
            for _, v in adj[x]:
                if v not in done:
                    part = side(adj, v, blocked)
                    done |= part
                    keep(part, f"{puzzle.regions[g.runs[x]].name} is a cut vertex: the part of the grid beyond "
                               f"it joins the rest only through {{cells}}.", 1)
    for cut in small_cuts(g, adj, MAX_CUT if not placed else MAX_CUT_PLACED):
        if not _around_one_run(adj, g, cut):
            keep(smaller_side(adj, *g.ends[min(cut)], cut),
                 "Cutting the grid at {cells} leaves a part made of whole runs.", 2)
    if len(g.runs) <= SMALL_GRID_RUNS:
        for part in _connected_parts(adj, len(g.runs)):
            keep(part, "Cutting the grid at {cells} leaves a part made of whole runs.", 3)
    ordered = sorted(found.items(), key=lambda kv: (kv[1][0], kv[0]))
    return tuple(eq for _, (_, eq) in ordered)


def kakuro_equations(puzzle: Puzzle) -> tuple[Equation, ...]:
    """The equations of the empty grid (see :func:`cut_equations`)."""
    return cut_equations(puzzle, frozenset())


def find_cut_vertex(ctx: Context) -> Iterator[Step]:
    puzzle = ctx.puzzle
    static = kakuro_equations(puzzle)
    yield from find_equations(ctx, static, "cut-vertex")
    if ctx.depth == 0 and ctx.placed and run_graph(puzzle) is not None:
        placed = frozenset(ctx.placed)
        yield from find_equations(ctx, cut_equations(puzzle, placed), "cut-vertex")


CUT_VERTEX = Technique("cut-vertex", "Cut vertex", 6, 6, find_cut_vertex,
                       "the part of the grid beyond r5c6 has across runs totalling 120 and down runs 113, "
                       "so r5c6 = 7.", kinds=("kakuro",))

TECHNIQUES = (CUT_VERTEX,)

__all__ = ["CUT_VERTEX", "TECHNIQUES", "RunGraph", "cell_graph", "cut_equations", "kakuro_equations",
           "run_graph", "small_cuts"]
