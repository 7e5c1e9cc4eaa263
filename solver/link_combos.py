"""The link graph extended by the combinations of sums: a cage's choice of
combination as links between the digits it may hold, for chains that run
through cages (:class:`~techniques.combination_chains`).

A sum of different digits (a cage, a Kakuro run, a derived sum) whose
fitting combinations do not all agree may or may not hold some digit ``d``.
The node **"the sum holds d"** is ``(P, d)`` where ``P`` are the sum's open
cells that can still take ``d``: true exactly when ``d`` is in one of them
(at most one, the digits differ), the meaning every grouped node of
:mod:`solver.links` has.  So it is the single candidate when ``P`` is one
cell, the segment's group when ``P`` is one, and a new node otherwise.

The combinations add links between the digits of one sum:

* **strong** ``(P_a, a) = (P_b, b)`` when every combination left holds ``a``
  or ``b`` ("cage k (17) is 4+6+7 or 2+6+9: it holds 4 or 2");
* **weak** ``(P_a, a) - (P_b, b)`` when no combination holds both;
* and a cell of the sum that would hold ``b`` makes the sum hold ``b``, so
  its candidate inherits the weak links of ``(P_b, b)``.

Any region that needs a digit (a house, a cage whose every combination holds
it) also gives, for each node among its places, the rest of its places as a
node (2 to :data:`MAX_REST` cells, of any shape: "row 4 has 1 only in r4c3 or
r4c2/r4c4/r4c5"), strongly linked to that node.

A new node links like any group: weakly to every candidate of its digit in a
cell that sees all of ``P`` and to the groups all of whose cells such cells
are, and strongly to the rest of a region's places for the digit when those
places are ``P`` and one other node.  Every link holds in every solution that
agrees with the candidates the graph was built from.

:func:`combination_index` numbers the extended graph like
:meth:`solver.links.LinkGraph.index` (an :class:`~solver.link_index.Indexed`
with the new nodes after the groups), so the chain searches walk it unchanged.

>>> from solver.model import Puzzle, Region
>>> from solver.links import LinkGraph
>>> p = Puzzle(kind="demo", height=1, width=3, cells=((0, 0), (0, 1), (0, 2)), max_digit=9,
...            regions=(Region("cage a", (0, 1, 2), total=12, kind="cage"),))
>>> cx = combination_index(LinkGraph(p, [0b0000111110] * 3))   # 1-5 each: only 3+4+5
>>> len(cx.combination_links)
0
>>> cx = combination_index(LinkGraph(p, [0b0011111110] * 3))   # 1-7: 1+4+7, 1+5+6, 2+3+7, 2+4+6, 3+4+5
>>> cx.node_of_digit(p.regions[0], 1)                           # "cage a holds 1": in one of its cells
(0, 1, 2)
>>> one, two = cx.sum_nodes[(0, 1)], cx.sum_nodes[(0, 2)]
>>> two in cx.weak[one], two in cx.strong[one]                  # never both 1 and 2; not always one of them
(True, False)
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Callable

from .bits import POPCOUNT, cell_bits, cells_of, digits_of
from .link_index import Indexed
from .link_rules import Node
from .model import Region
from .supports import region_fit

if TYPE_CHECKING:
    from .links import LinkGraph

#: Sums with more fitting combinations than this are left out (their digits rarely link).
MAX_COMBOS = 12
#: A region's places for a digit less one node, as a node of their own, when they are 2 to this many
#: cells (0: none).
MAX_REST = 4


class CombinationIndex(Indexed):
    """An :class:`~solver.link_index.Indexed` graph with the sums' digit nodes and
    combination links added.  ``combination_links`` maps a pair of node numbers
    (both orders) to the sum whose combinations give the link; ``place_links`` a
    strong link of a new node to the region whose places for the digit are the two
    nodes; ``sum_nodes`` maps
    ``(region index in the graph's regions, digit)`` to a node number; ``added``
    is the bit set of the node numbers that are not in the plain graph."""

    combination_links: dict[tuple[int, int], Region]
    place_links: dict[tuple[int, int], Region]
    sum_nodes: dict[tuple[int, int], int]
    added: int
    combos: dict[int, tuple[int, ...]]
    regions: tuple[Region, ...]

    def node_of_digit(self, region: Region, digit: int) -> tuple[int, ...]:
        """The cells of the node "``region`` holds ``digit``" (empty when there is none)."""
        for ri, r in enumerate(self.regions):
            if r is region:
                i = self.sum_nodes.get((ri, digit))
                return () if i is None else self.nodes[i][0]
        return ()


def _sums(g: "LinkGraph") -> list[tuple[int, Region, tuple[int, ...]]]:
    """The sums of different digits with a total, open cells and 2..MAX_COMBOS combinations."""
    out = []
    masks = g.masks
    for ri, region in enumerate(g.regions):
        if not region.distinct or region.total is None or len(region.cells) < 2:
            continue
        if all(POPCOUNT[masks[c]] < 2 for c in region.cells):
            continue
        _, combos = region_fit(region, masks)
        if 2 <= len(combos) <= MAX_COMBOS:
            out.append((ri, region, combos))
    return out


def combination_index(g: "LinkGraph") -> CombinationIndex:
    """The numbered graph of ``g`` (:meth:`~solver.links.LinkGraph.index`) with the
    sums' digit nodes and the links their combinations imply (see the module
    docstring).  ``g`` and its index are left unchanged."""
    base = g.index()
    cx: CombinationIndex = copy.copy(base)  # type: ignore[assignment]
    cx.__class__ = CombinationIndex
    cx.nodes = list(base.nodes)
    cx.at = dict(base.at)
    cx.of_digit = list(base.of_digit)
    cx.cell_of = list(base.cell_of)
    # the links added here, per node (the base's lists are shared, not copied, where none is added)
    strong: dict[int, set[int]] = {}
    weak: dict[int, set[int]] = {}
    cx.combination_links = {}
    cx.place_links = {}
    cx.sum_nodes = {}
    cx.combos = {}
    cx.regions = g.regions
    masks, see, cand = g.masks, g.see, g.cand
    first_new = len(base.nodes)

    def number(n: Node) -> int:
        i = cx.at.get(n)
        if i is None:
            i = len(cx.nodes)
            cx.nodes.append(n)
            cx.at[n] = i
            cx.of_digit[n[1]] |= 1 << i
            cx.cell_of.append(-1)
        return i

    def link(i: int, j: int, is_strong: bool) -> None:
        if i != j:
            added = strong if is_strong else weak
            added.setdefault(i, set()).add(j)
            added.setdefault(j, set()).add(i)

    sums = _sums(g)
    for ri, region, combos in sums:
        every, some = -1, 0
        for combo in combos:
            every &= combo
            some |= combo
        optional = some & ~every
        places: dict[int, tuple[int, ...]] = {}
        for d in digits_of(optional):
            cells = tuple(c for c in region.cells if POPCOUNT[masks[c]] >= 2 and masks[c] >> d & 1)
            if cells:
                places[d] = cells
                cx.sum_nodes[(ri, d)] = number((cells, d))
        cx.combos[ri] = combos
        digits = sorted(places)
        for x, a in enumerate(digits):
            for b in digits[x + 1:]:
                both = any(c >> a & 1 and c >> b & 1 for c in combos)
                either = all(c >> a & 1 or c >> b & 1 for c in combos)
                i, j = cx.sum_nodes[(ri, a)], cx.sum_nodes[(ri, b)]
                if either:
                    link(i, j, True)
                    cx.combination_links[(i, j)] = cx.combination_links[(j, i)] = region
                if not both:
                    link(i, j, False)
                    cx.combination_links.setdefault((i, j), region)
                    cx.combination_links.setdefault((j, i), region)
                    # a cell of the sum holding one digit makes the sum hold it: it inherits the link
                    for da, db in ((a, b), (b, a)):
                        other = cx.sum_nodes[(ri, db)]
                        for c in places[da]:
                            single = cx.at.get(((c,), da))
                            if single is not None and single != cx.sum_nodes[(ri, da)]:
                                link(single, other, False)
                                cx.combination_links.setdefault((single, other), region)
                                cx.combination_links.setdefault((other, single), region)
    if MAX_REST:
        _add_remainders(g, cx, number)
    # The new nodes link like groups: weakly to what sees all of them, strongly to a
    # region's other places for their digit.  Per digit, the new nodes' cells and the
    # regions whose places are all open are worked out once, not once per node.
    # The nodes a new node may link to weakly (the new ones and the groups) are kept per
    # digit by their first cell: one lies within the cells seeing a node only if its first
    # cell does, so only the buckets of those cells are looked at.
    end = len(cx.nodes)
    by_first: dict[int, dict[int, list[tuple[int, int]]]] = {}
    firsts: dict[int, int] = {}

    def file(e: int, j: int, their_bits: int) -> None:
        low = their_bits & -their_bits
        by_first.setdefault(e, {}).setdefault(low.bit_length() - 1, []).append((j, their_bits))
        firsts[e] = firsts.get(e, 0) | low

    for j in range(first_new, end):
        their, e = cx.nodes[j]
        file(e, j, cell_bits(their))
    for e in list(by_first):
        for gbits, gnode in g.groups(e):
            file(e, cx.at[gnode], gbits)
    open_places: dict[int, list[tuple[Region, int]]] = {}
    for i in range(first_new, end):
        cells, d = cx.nodes[i]
        bits = cell_bits(cells)
        common = -1
        for c in cells:
            common &= see[c]
        for c in cells_of(common & cand[d]):
            seer = cx.at.get(((c,), d))
            if seer is not None:
                link(i, seer, False)
        buckets = by_first[d]
        for first in cells_of(common & firsts[d]):
            for j, their_bits in buckets[first]:
                if j != i and not their_bits & ~common:
                    link(i, j, False)
        if d not in open_places:
            open_places[d] = [(house, cell_bits(region_places)) for house, region_places in g.regions_needing(d)
                              if all(POPCOUNT[masks[c]] >= 2 for c in region_places)]
        for house, place_bits in open_places[d]:
            if bits & ~place_bits or place_bits == bits:
                continue
            rest = place_bits & ~bits
            partner = cx.at.get((cells_of(rest), d))
            if partner is not None:
                link(i, partner, True)
                cx.place_links.setdefault((i, partner), house)
                cx.place_links.setdefault((partner, i), house)
    new: list[list[int]] = [[] for _ in range(len(cx.nodes) - first_new)]
    cx.strong = list(base.strong) + new
    for i, more in strong.items():
        cx.strong[i] = sorted(more.union(cx.strong[i]))
    weak_sets = list(base.weak_bits) + [0] * len(new)
    for i, more in weak.items():
        for j in more:
            weak_sets[i] |= 1 << j
    cx.weak_bits = weak_sets
    cx._weak = None  # the lists are made from the bits when asked for
    cx.has_strong = base.has_strong
    for i in strong:
        cx.has_strong |= 1 << i
    cx.added = ((1 << len(cx.nodes)) - 1) & ~((1 << first_new) - 1)
    return cx


def _add_remainders(g: "LinkGraph", cx: CombinationIndex, number: "Callable[[Node], int]") -> None:
    """For each region that needs a digit: its places less one node (a candidate, a group, a
    sum's digit node) as a node too, when they are not one already (2 to :data:`MAX_REST` cells)."""
    masks = g.masks
    for d in range(1, g.max_digit + 1):
        inside = [cell_bits(n[0]) for n in cx.nodes if n[1] == d and len(n[0]) > 1]
        for _, places in g.regions_needing(d):
            if not 3 <= len(places) <= MAX_REST + 1 or any(POPCOUNT[masks[c]] < 2 for c in places):
                continue
            pbits = cell_bits(places)
            parts = [1 << c for c in places] + [b for b in inside if not b & ~pbits and b != pbits]
            for part in parts:
                rest = pbits & ~part
                if rest & (rest - 1):
                    number((cells_of(rest), d))


__all__ = ["CombinationIndex", "MAX_COMBOS", "combination_index"]
