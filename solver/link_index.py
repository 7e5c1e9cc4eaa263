"""The link graph with its nodes numbered (:class:`Indexed`), for the chain searches.

Built by :meth:`solver.links.LinkGraph.index` once per graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .bits import POPCOUNT, digits_of, low_digit
from .link_rules import Node

if TYPE_CHECKING:
    from .links import LinkGraph


class Indexed:
    """A :class:`LinkGraph` with its nodes numbered, for searches that walk all of it:
    ``nodes[i]``, ``at[node]``, ``strong[i]`` and ``weak[i]`` (neighbour numbers,
    ascending), ``weak_bits[i]`` (the same weak neighbours as a bit set over numbers),
    ``singles`` (the numbers of one-cell nodes, a bit set), ``of_digit[d]`` (the
    numbers of ``d``'s nodes, a bit set) and ``cell_of[i]`` (the cell of a one-cell
    node, -1 for a group).  Singles come first, in cell then digit order, then groups.
    The links are exactly :meth:`LinkGraph.strong_from` and :meth:`LinkGraph.weak_from`
    (built here from bit sets, which is several times faster)."""

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
        for i in range(count):
            number[self.cell_of[i] * stride + nodes[i][1]] = i
        self.strong: list[list[int]] = []
        self.weak: list[list[int]] = []
        #: the numbers of nodes with a strong link (where a chain can start or end), a bit set
        self.has_strong: int = 0
        see, cand, masks = g.see, g.cand, g.masks
        # each digit's region strong links, asked for when first needed (as before: the order
        # of the graph's lazy building decides which reason a link keeps)
        digit_strong: list[dict[Node, set[Node]] | None] = [None] * (g.max_digit + 1)
        watchers: list[dict[int, list[Node]] | None] = [None] * (g.max_digit + 1)
        for i, n in enumerate(nodes):
            d = n[1]
            self.of_digit[d] |= 1 << i
            if i >= count:  # a group: links to what sees all of it, and its region's strong links
                ds = digit_strong[d]
                if ds is None:
                    ds = digit_strong[d] = g._digit_strong(d)
                strong = sorted(at[m] for m in ds.get(n, ()) if m in at)
                _, bits, common = group_info[i - count]
                wk = set()
                cells = common & cand[d]
                while cells:
                    low = cells & -cells
                    wk.add(number[(low.bit_length() - 1) * stride + d])
                    cells ^= low
                starts = common & firsts[d]
                while starts:
                    low = starts & -starts
                    starts ^= low
                    for k, other_bits in by_first[d][low.bit_length() - 1]:
                        if not other_bits & ~common:
                            wk.add(k)
                weak = sorted(wk)
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
                seen = see[c]
                wk = {number[c * stride + e] for e in digits_of(masks[c]) if e != d}
                cells = seen & cand[d]
                while cells:
                    low = cells & -cells
                    wk.add(number[(low.bit_length() - 1) * stride + d])
                    cells ^= low
                watching = watchers[d]
                if watching is None:
                    watching = watchers[d] = g._watchers(d)
                for m in watching.get(c, ()):
                    wk.add(at[m])
                for m in g._extra_weak.get(n, ()):
                    if m in at:
                        wk.add(at[m])
                wk.discard(i)
                weak = sorted(wk)
            self.strong.append(strong)
            if strong:
                self.has_strong |= 1 << i
            self.weak.append(weak)
        #: ``weak_bits[i]``: node ``i``'s weak neighbours as a bit set over numbers
        self.weak_bits: list[int] = weak_bits(self.weak)


def weak_bits(weak: Sequence[Sequence[int]]) -> list[int]:
    """Each list of node numbers as a bit set (the numbers in one list differ, so
    adding their bits is or-ing them; ``sum`` does it without a Python loop).

    >>> weak_bits([[0, 2], [], [1]])
    [5, 0, 2]
    """
    one = [1 << j for j in range(len(weak))]
    return [sum(map(one.__getitem__, w)) for w in weak]
