"""The link graph with its nodes numbered (:class:`Indexed`), for the chain searches.

Built by :meth:`solver.links.LinkGraph.index` once per graph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bits import POPCOUNT, bit_numbers, digits_of, low_digit
from .link_rules import Node

if TYPE_CHECKING:
    from .links import LinkGraph


class Indexed:
    """A :class:`LinkGraph` with its nodes numbered, for searches that walk all of it:
    ``nodes[i]``, ``at[node]``, ``strong[i]`` (neighbour numbers, ascending),
    ``weak_bits[i]`` (the weak neighbours as a bit set over numbers; ``weak[i]`` lists
    them, ascending, worked out from the bits when first asked for), ``singles`` (the
    numbers of one-cell nodes, a bit set), ``of_digit[d]`` (the numbers of ``d``'s
    nodes, a bit set) and ``cell_of[i]`` (the cell of a one-cell node, -1 for a
    group).  Singles come first, in cell then digit order, then groups.  The links
    are exactly :meth:`LinkGraph.strong_from` and :meth:`LinkGraph.weak_from` (built
    here from bit sets, which is several times faster; the weak ones stay bit sets,
    since a search walks them as such)."""

    #: ``weak_bits[i]``: node ``i``'s weak neighbours as a bit set over numbers
    weak_bits: list[int]
    #: the weak neighbours as lists, made from :attr:`weak_bits` on first use
    _weak: list[list[int]] | None = None

    @property
    def weak(self) -> list[list[int]]:
        """``weak[i]``: node ``i``'s weak neighbours, ascending (from :attr:`weak_bits`)."""
        if self._weak is None:
            self._weak = [list(bit_numbers(b)) for b in self.weak_bits]
        return self._weak

    def __init__(self, g: LinkGraph) -> None:
        nodes = list(g.nodes())
        count = len(nodes)
        group_info: list[tuple[int, int, int]] = []  # per group: digit, cells, cells seeing all of it
        for d in range(1, g.max_digit + 1):
            for bits, n in g.groups(d):
                nodes.append(n)
                common = -1
                for c in n[0]:
                    common &= g.see[c]
                group_info.append((d, bits, common))
        # per digit, its groups by their first cell: a group lies within another's seeing
        # cells only if its first cell does, so only those buckets are looked at
        by_first: list[dict[int, list[tuple[int, int]]]] = [{} for _ in range(g.max_digit + 1)]
        firsts = [0] * (g.max_digit + 1)
        for k, (d, bits, _) in enumerate(group_info):
            low = bits & -bits
            by_first[d].setdefault(low.bit_length() - 1, []).append((count + k, bits))
            firsts[d] |= low
        self.nodes: list[Node] = nodes
        self.at: dict[Node, int] = {n: i for i, n in enumerate(nodes)}
        at = self.at
        self.singles: int = (1 << count) - 1
        self.of_digit: list[int] = [0] * (g.max_digit + 1)
        self.cell_of: list[int] = [n[0][0] if len(n[0]) == 1 else -1 for n in nodes]
        stride = g.max_digit + 1
        number = [-1] * (len(g.masks) * stride)
        bit_of = [0] * (len(g.masks) * stride)  # a single's bit, by cell * stride + digit
        cell_nodes = [0] * len(g.masks)  # the bits of a cell's singles
        for i in range(count):
            c = self.cell_of[i]
            number[c * stride + nodes[i][1]] = i
            bit_of[c * stride + nodes[i][1]] = 1 << i
            cell_nodes[c] |= 1 << i
        # Who sees whom, by regions: the cells of a region of different digits all see each
        # other, so a single's weak links within its digit are its regions' singles of that
        # digit, each region's worked out once; what no region covers is added cell by cell
        # (nothing in today's kinds: a dot joins two cells of one line).
        region_singles: list[list[int]] = []  # per distinct region, per digit: its singles' bits
        region_cells: list[int] = []  # per distinct region, its cells
        regions_of: list[list[int]] = [[] for _ in g.masks]
        covered = [0] * len(g.masks)
        for region in g.regions:
            if not region.distinct or len(region.cells) < 2:
                continue
            k = len(region_singles)
            per_digit = [0] * stride
            every = 0
            for c in region.cells:
                every |= 1 << c
                regions_of[c].append(k)
                if POPCOUNT[g.masks[c]] >= 2:
                    for e in digits_of(g.masks[c]):
                        per_digit[e] |= bit_of[c * stride + e]
            region_singles.append(per_digit)
            region_cells.append(every)
            for c in region.cells:
                covered[c] |= every
        # The same for the groups: each group's regions (those holding all of it), and per
        # region and digit the groups inside it, so that a single's weak links to groups are
        # its regions' groups less those holding its own cell; a group that sees a single
        # through no region holding both is linked to it from the group's side (``beyond``).
        region_groups = [[0] * stride for _ in region_cells]
        groups_at = [0] * len(g.masks)  # per cell, the groups holding it
        group_regions: list[list[int]] = []  # per group, the regions holding all of it
        for j, (d, bits, _) in enumerate(group_info):
            number_j = count + j
            holding = [k for k in regions_of[(bits & -bits).bit_length() - 1] if not bits & ~region_cells[k]]
            for k in holding:
                region_groups[k][d] |= 1 << number_j
            group_regions.append(holding)
            for c in nodes[number_j][0]:
                groups_at[c] |= 1 << number_j
        beyond: dict[int, int] = {}  # single -> groups seeing it through no shared region
        self.strong: list[list[int]] = []
        self.weak_bits = []
        #: the numbers of nodes with a strong link (where a chain can start or end), a bit set
        self.has_strong: int = 0
        see, cand, masks = g.see, g.cand, g.masks
        # each digit's region strong links, asked for when first needed (as before: the order
        # of the graph's lazy building decides which reason a link keeps)
        digit_strong: list[dict[Node, set[Node]] | None] = [None] * (g.max_digit + 1)
        for i, n in enumerate(nodes):
            d = n[1]
            self.of_digit[d] |= 1 << i
            if i >= count:  # a group: links to what sees all of it, and its region's strong links
                ds = digit_strong[d]
                if ds is None:
                    ds = digit_strong[d] = g._digit_strong(d)
                strong = sorted(at[m] for m in ds.get(n, ()) if m in at)
                _, bits, common = group_info[i - count]
                wb = inside = 0  # inside: the cells of the regions holding the whole group
                for k in group_regions[i - count]:
                    wb |= region_singles[k][d]
                    inside |= region_cells[k]
                for c in n[0]:
                    wb &= ~bit_of[c * stride + d]
                cells = common & ~inside & cand[d]
                while cells:
                    low = cells & -cells
                    single = number[(low.bit_length() - 1) * stride + d]
                    wb |= 1 << single
                    beyond[single] = beyond.get(single, 0) | 1 << i
                    cells ^= low
                starts = common & firsts[d]
                while starts:
                    low = starts & -starts
                    starts ^= low
                    for k, other_bits in by_first[d][low.bit_length() - 1]:
                        if not other_bits & ~common:
                            wb |= 1 << k
            else:
                c = n[0][0]
                g._local(c)
                ds = digit_strong[d]
                if ds is None:
                    ds = digit_strong[d] = g._digit_strong(d)
                region_strong = ds.get(n, ())
                out = {at[m] for m in region_strong if m in at}
                if POPCOUNT[masks[c]] == 2:
                    out.add(number[c * stride + low_digit(masks[c] & ~(1 << d))])
                for m in g._extra_strong.get(n, ()):
                    if m in at:
                        out.add(at[m])
                strong = sorted(out)
                wb = 0
                for k in regions_of[c]:
                    wb |= region_singles[k][d] | region_groups[k][d]
                wb = (wb & ~groups_at[c]) | cell_nodes[c]  # and the cell's other digits (not itself: below)
                cells = see[c] & ~covered[c] & cand[d]
                while cells:
                    low = cells & -cells
                    wb |= bit_of[(low.bit_length() - 1) * stride + d]
                    cells ^= low
                for m in g._extra_weak.get(n, ()):
                    if m in at:
                        wb |= 1 << at[m]
            self.strong.append(strong)
            if strong:
                self.has_strong |= 1 << i
            self.weak_bits.append(wb & ~(1 << i))
        for single, groups in beyond.items():
            self.weak_bits[single] |= groups

