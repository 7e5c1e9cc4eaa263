"""The link graph: which candidates cannot both be true (weak links) and which
cannot both be false (strong links), derived from the generic model, so that
every chain technique works the same on Sudoku, Killer, Greater Killer,
Kakuro and Kropki of any size.

A **node** is ``(cells, digit)``: one candidate ``((cell,), digit)`` or a
*group*, a digit in 2-3 cells where a row or column meets a box, jigsaw region
or cage, true when the digit is in one of those cells.  Only cells with two or more candidates are nodes.

**Weak links** (not both true):

* two digits of one cell;
* one digit in two cells that see each other (a row, column, box, jigsaw
  region, cage, Kakuro run or derived sum whose digits differ, or a Kropki
  dot, which never joins equal digits); a group links to what sees all of it;
* two candidates that a Kropki dot (or the negative rule), a sum region's
  total or a comparison of two cages forbids together.

**Strong links** (not both false):

* the last two digits of a cell;
* the last two places (single cells or groups) of a digit in a region that must
  hold it: every digit in a house, in a cage or run the digits that every
  remaining combination uses (:func:`~solver.supports.required_digits`);
* two candidates a sum region or a dot forces together (a 2-cell cage of 10
  with r1c1 = 3/4: if r1c1 is not 3 it is 4, so r1c2 is 6).

The graph is computed from one candidate state (:func:`graph` caches it in
``ctx.memo`` for the state it was built on, so all chain techniques share it)
and fills its adjacency lazily, node by node.  Every link it lists holds in
every solution that agrees with the state it was built from.

>>> from solver.model import Puzzle, Region
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = Puzzle(kind="demo", height=2, width=2, cells=((0, 0), (0, 1), (1, 0), (1, 1)), max_digit=2,
...            regions=(Region("row 1", (0, 1), kind="row"), Region("row 2", (2, 3), kind="row"),
...                     Region("column 1", (0, 2), kind="column"), Region("column 2", (1, 3), kind="column")))
>>> ctx = Context(p, Candidates.initial(p), [])
>>> g = graph(ctx)
>>> g is graph(ctx), sees(ctx, 0, 1, 1), sees(g, 0, 3, 1)
(True, True, False)
>>> g.strong(node(0, 1), node(1, 1)), g.weak(node(0, 1), node(0, 2)), g.strong(node(0, 1), node(3, 1))
(True, True, False)
>>> [names(p, n) + (" strong" if s else " weak") for n, s in g.neighbours(node(0, 1))]
['r1c1=2 strong', 'r1c2=1 strong', 'r2c1=1 strong', 'r1c1=2 weak', 'r1c2=1 weak', 'r2c1=1 weak']
>>> g.why(node(0, 1), node(1, 1)), g.why(node(0, 1), node(0, 2))
('row 1', 'r1c1')
>>> [(r.name, [p.cell_name(c) for c in cells]) for r, cells in g.regions_needing(2)][:2]
[('row 1', ['r1c1', 'r1c2']), ('row 2', ['r2c1', 'r2c2'])]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Sequence

from .bits import POPCOUNT, SUM_OF_MASK, digits_of
from .link_index import Indexed
from .bits import cell_bits, cells_of
from .link_rules import Node, static_rules, sum_region_links
from .model import PAIR_SUPPORT, Puzzle, Region, per_puzzle
from .supports import ALL_SUMS, distinct_fit, repeat_support, required_digits

if TYPE_CHECKING:
    from .contract import Context

__all__ = ["Indexed", "LinkGraph", "MEMO_KEY", "Node", "cells_of", "graph", "names", "node", "regions_needing", "sees",
           "strong", "weak"]

MEMO_KEY = "links.graph"
"""Where :func:`graph` keeps the graph of the current state in ``ctx.memo``."""


def node(cell: int, digit: int) -> Node:
    """The node of one candidate."""
    return ((cell,), digit)


def names(puzzle: Puzzle, n: Node) -> str:
    """A node as chains write it: ``r1c2=5``, a group ``r1c2|r1c3=5``."""
    return "|".join(puzzle.cell_name(c) for c in n[0]) + f"={n[1]}"


#: The most ``(digit, candidate cells)`` keys whose groups :func:`_group_memo` keeps per puzzle.
MAX_GROUP_MEMO = 1 << 14


@per_puzzle
def _group_memo(puzzle: Puzzle) -> dict[tuple[int, int], tuple[tuple[int, Node], ...]]:
    """A digit's group nodes by its candidate cells (a bit set), kept per puzzle: they
    depend on nothing else, and from one state to the next most digits keep their cells
    (cleared when it holds :data:`MAX_GROUP_MEMO` keys)."""
    return {}


class LinkGraph:
    """The weak and strong links of one candidate state (see the module docstring).

    Read it through :meth:`sees`, :meth:`weak`, :meth:`strong`,
    :meth:`weak_from`, :meth:`strong_from`, :meth:`neighbours`,
    :meth:`regions_needing`, :meth:`groups`, :meth:`nodes` and :meth:`why`;
    never change ``masks`` (a snapshot of the state it was built on).
    """

    def __init__(self, puzzle: Puzzle, masks: Sequence[int], virtual: Sequence[Region] = ()) -> None:
        self.puzzle = puzzle
        self.masks: tuple[int, ...] = tuple(masks)
        self.max_digit = puzzle.max_digit
        static = static_rules(puzzle)
        self._rules = static
        self.regions: tuple[Region, ...] = tuple(puzzle.regions) + tuple(virtual)
        see = list(static.see)
        for region in virtual:
            if region.distinct:
                bits = cell_bits(region.cells)
                for c in region.cells:
                    see[c] |= bits & ~(1 << c)
        self.see: tuple[int, ...] = tuple(see)
        #: per digit: the node cells (two or more candidates) holding it, as a bit set
        self.cand: list[int] = [0] * (self.max_digit + 1)
        for c, m in enumerate(self.masks):
            if POPCOUNT[m] >= 2:
                for d in digits_of(m):
                    self.cand[d] |= 1 << c
        self._sums_of: list[list[int]] = [[] for _ in puzzle.cells]
        for ri, region in enumerate(self.regions):
            if region.total is not None and len(region.cells) > 1:
                for c in region.cells:
                    self._sums_of[c].append(ri)
        self._needing: list[list[tuple[Region, tuple[int, ...]]]] | None = None
        self._groups: dict[int, tuple[tuple[int, Node], ...]] = {}
        self._group_at: dict[tuple[int, int], Node] = {}
        self._weak: dict[Node, tuple[Node, ...]] = {}
        self._strong: dict[Node, tuple[Node, ...]] = {}
        self._region_strong: dict[int, dict[Node, set[Node]]] = {}
        self._extra_weak: dict[Node, set[Node]] = {}
        self._extra_strong: dict[Node, set[Node]] = {}
        self._reasons: dict[tuple[Node, Node], str] = {}
        self._regions_of: dict[tuple[Node, Node], Region] = {}
        self._local_done: set[Any] = set()
        self._index: Indexed | None = None
        self._weak_cells: dict[int, int] = {}
        self._watch: dict[int, dict[int, list[Node]]] = {}
        self._strong_cells: dict[int, int] = {}
        #: scratch space for techniques, per state (key by technique id): results that
        #: several techniques share, such as all three-link single-digit chains
        self.cache: dict[str, Any] = {}

    # --- nodes -------------------------------------------------------------------------
    def is_node(self, n: Node) -> bool:
        """True when every cell of ``n`` is unsolved and still has its digit."""
        cand = self.cand[n[1]] if 0 < n[1] <= self.max_digit else 0
        return bool(n[0]) and all(cand >> c & 1 for c in n[0])

    def nodes(self, digit: int | None = None) -> list[Node]:
        """The single-candidate nodes (of ``digit``, or of every digit), in cell then digit order."""
        if digit is not None:
            return [((c,), digit) for c in cells_of(self.cand[digit])]
        return [((c,), d) for c, m in enumerate(self.masks) if POPCOUNT[m] >= 2 for d in digits_of(m)]

    def groups(self, digit: int) -> tuple[tuple[int, Node], ...]:
        """The group nodes of ``digit`` with their cells as a bit set: the digit's places
        in a segment (two regions' intersection) when there are 2 or 3 of them."""
        found = self._groups.get(digit)
        if found is None:
            cand = self.cand[digit]
            memo = _group_memo(self.puzzle)
            found = memo.get((digit, cand))
            if found is None:
                seen: dict[int, Node] = {}
                for seg in self._rules.segments:
                    g = seg & cand
                    if g not in seen and 2 <= g.bit_count() <= 3:
                        seen[g] = (cells_of(g), digit)
                found = tuple(sorted(seen.items(), key=lambda kv: kv[1]))
                if len(memo) >= MAX_GROUP_MEMO:
                    memo.clear()
                memo[(digit, cand)] = found
            self._groups[digit] = found
            for bits, n in found:
                self._group_at[(digit, bits)] = n
        return found

    def _watchers(self, digit: int) -> dict[int, list[Node]]:
        """For each cell: the groups of ``digit`` whose every cell it sees (weak links)."""
        found = self._watch.get(digit)
        if found is None:
            found = {}
            for _, g in self.groups(digit):
                common = -1
                for c in g[0]:
                    common &= self.see[c]
                for c in cells_of(common & self.cand[digit]):
                    found.setdefault(c, []).append(g)
            self._watch[digit] = found
        return found

    # --- what must be where --------------------------------------------------------------
    def regions_needing(self, digit: int) -> list[tuple[Region, tuple[int, ...]]]:
        """The regions (puzzle and derived) that must hold ``digit``, each with the cells
        where it can still go (solved cells included): every house, and the cages, runs
        and derived sums whose every remaining combination uses it."""
        if self._needing is None:
            out: list[list[tuple[Region, tuple[int, ...]]]] = [[] for _ in range(self.max_digit + 1)]
            masks = self.masks
            for region in self.regions:
                if not region.distinct:
                    continue
                need = required_digits(region, masks, self.max_digit)
                for d in digits_of(need):
                    out[d].append((region, tuple(c for c in region.cells if masks[c] >> d & 1)))
            self._needing = out
        return self._needing[digit] if 0 < digit <= self.max_digit else []

    # --- queries -------------------------------------------------------------------------
    def sees(self, a: int, b: int, digit: int) -> bool:
        """True when cells ``a`` and ``b`` cannot both hold ``digit`` (a shared region whose
        digits differ, a dot, or, for two candidates, a sum or comparison)."""
        if a == b:
            return False
        if self.see[a] >> b & 1:
            return True
        n, m = node(a, digit), node(b, digit)
        return self.is_node(n) and self.is_node(m) and m in self.weak_from(n)

    def weak(self, a: Node, b: Node) -> bool:
        """True when ``a`` and ``b`` are linked weakly (not both true)."""
        return a != b and b in self.weak_from(a)

    def strong(self, a: Node, b: Node) -> bool:
        """True when ``a`` and ``b`` are linked strongly (not both false)."""
        return a != b and b in self.strong_from(a)

    def neighbours(self, n: Node) -> Iterator[tuple[Node, bool]]:
        """``(other node, strong)`` for every link of ``n``: the strong ones first (a strong
        link that is also weak, such as a bivalue cell, is listed both ways)."""
        for m in self.strong_from(n):
            yield m, True
        for m in self.weak_from(n):
            yield m, False

    def weak_from(self, n: Node) -> tuple[Node, ...]:
        """The nodes weakly linked to ``n``, sorted."""
        found = self._weak.get(n)
        if found is not None:
            return found
        cells, d = n
        out: set[Node] = set()
        if not self.is_node(n):
            self._weak[n] = ()
            return ()
        if len(cells) == 1:
            c = cells[0]
            for e in digits_of(self.masks[c]):
                if e != d:
                    out.add(((c,), e))
            common = self.see[c]
        else:
            common = -1
            for c in cells:
                common &= self.see[c]
        for b in cells_of(common & self.cand[d]):
            out.add(((b,), d))
        if len(cells) == 1:
            out.update(self._watchers(d).get(cells[0], ()))
        else:
            for bits, g in self.groups(d):
                if not bits & ~common:
                    out.add(g)
        if len(cells) == 1:
            self._local(cells[0])
            out |= self._extra_weak.get(n, set())
        out.discard(n)
        found = self._weak[n] = tuple(sorted(out))
        return found

    def strong_from(self, n: Node) -> tuple[Node, ...]:
        """The nodes strongly linked to ``n``, sorted."""
        found = self._strong.get(n)
        if found is not None:
            return found
        cells, d = n
        if not self.is_node(n):
            self._strong[n] = ()
            return ()
        out = set(self._digit_strong(d).get(n, ()))
        if len(cells) == 1:
            c = cells[0]
            m = self.masks[c]
            if POPCOUNT[m] == 2:
                out.add(((c,), digits_of(m & ~(1 << d))[0]))
            self._local(c)
            out |= self._extra_strong.get(n, set())
        out.discard(n)
        found = self._strong[n] = tuple(sorted(out))
        return found

    def why(self, a: Node, b: Node) -> str:
        """Where a link between ``a`` and ``b`` comes from, as a few words for a sentence:
        ``"row 3"``, ``"r2c5"`` (one cell), ``"cage b"``, ``"the dot r1c1-r1c2"``; ``""``
        when they are not linked."""
        if a[0] == b[0] and len(a[0]) == 1:
            return self.puzzle.cell_name(a[0][0])
        if (a, b) in self._reasons:
            return self._reasons[(a, b)]
        if (b, a) in self._reasons:
            return self._reasons[(b, a)]
        if a[1] == b[1]:
            both = set(a[0]) | set(b[0])
            for region in self.regions:
                if region.distinct and both <= set(region.cells):
                    return region.name
        return ""

    def weak_cells(self, cell: int, digit: int) -> int:
        """The cells (a bit set) whose ``digit`` is weakly linked to ``digit`` in ``cell``:
        :meth:`weak_from` of a single node, limited to single nodes of the same digit."""
        key = cell * (self.max_digit + 1) + digit
        found = self._weak_cells.get(key)
        if found is None:
            found = 0
            if self.cand[digit] >> cell & 1:
                self._local(cell)
                found = self.see[cell] & self.cand[digit]
                for m in self._extra_weak.get(((cell,), digit), ()):
                    if m[1] == digit and len(m[0]) == 1:
                        found |= 1 << m[0][0]
                found &= ~(1 << cell)
            self._weak_cells[key] = found
        return found

    def strong_cells(self, cell: int, digit: int) -> int:
        """The cells (a bit set) whose ``digit`` is strongly linked to ``digit`` in ``cell``:
        :meth:`strong_from` of a single node, limited to single nodes of the same digit."""
        key = cell * (self.max_digit + 1) + digit
        found = self._strong_cells.get(key)
        if found is None:
            found = 0
            n = ((cell,), digit)
            if self.cand[digit] >> cell & 1:
                self._local(cell)
                for m in self._digit_strong(digit).get(n, ()):
                    if len(m[0]) == 1:
                        found |= 1 << m[0][0]
                for m in self._extra_strong.get(n, ()):
                    if m[1] == digit and len(m[0]) == 1:
                        found |= 1 << m[0][0]
                found &= ~(1 << cell)
            self._strong_cells[key] = found
        return found

    def region_of(self, a: Node, b: Node) -> Region | None:
        """The region behind a link of one digit: for a strong link, the region that needs
        the digit there; else the first region whose digits differ holding both nodes
        (None: a link of two digits, or of a dot, sum or comparison)."""
        if a[1] != b[1]:
            return None
        self._digit_strong(a[1])
        found = self._regions_of.get((a, b))
        if found is not None:
            return found
        both = set(a[0]) | set(b[0])
        for region in self.regions:
            if region.distinct and both <= set(region.cells):
                return region
        return None

    def index(self) -> "Indexed":
        """The whole graph with nodes numbered (:class:`Indexed`), built once: what
        the chain searches walk."""
        if self._index is None:
            self._index = Indexed(self)
        return self._index

    # --- building ------------------------------------------------------------------------
    def _digit_strong(self, d: int) -> dict[Node, set[Node]]:
        """The strong links of digit ``d`` between its last places in regions that need it."""
        found = self._region_strong.get(d)
        if found is not None:
            return found
        out: dict[Node, set[Node]] = {}
        masks = self.masks
        cand = self.cand[d]
        # the groups by their first cell: a group lies within a region's places only if its
        # first cell is one of them (walking the places in order keeps the groups' order)
        by_first: dict[int, list[tuple[int, Node]]] = {}
        for gbits, g in self.groups(d):
            by_first.setdefault(g[0][0], []).append((gbits, g))

        def add(x: Node, y: Node, region: Region) -> None:
            out.setdefault(x, set()).add(y)
            out.setdefault(y, set()).add(x)
            self._reasons.setdefault((x, y), region.name)
            self._reasons.setdefault((y, x), region.name)
            self._regions_of.setdefault((x, y), region)
            self._regions_of.setdefault((y, x), region)

        for region, places in self.regions_needing(d):
            if len(places) < 2 or any(POPCOUNT[masks[c]] < 2 for c in places):
                continue
            if len(places) == 2:
                add(((places[0],), d), ((places[1],), d), region)
                continue
            bits = cell_bits(places)
            if bits & ~cand:
                continue
            for gbits, g in (x for c in cells_of(bits) for x in by_first.get(c, ())):
                if gbits & ~bits:
                    continue
                rest = bits & ~gbits
                if not rest:
                    continue
                if rest & (rest - 1) == 0:
                    add(g, ((rest.bit_length() - 1,), d), region)
                elif (d, rest) in self._group_at:
                    add(g, self._group_at[(d, rest)], region)
        self._region_strong[d] = out
        return out

    def _link(self, a: Node, b: Node, strong: bool, reason: str) -> None:
        table = self._extra_strong if strong else self._extra_weak
        table.setdefault(a, set()).add(b)
        table.setdefault(b, set()).add(a)
        if strong:
            self._reasons.setdefault((a, b), reason)
            self._reasons.setdefault((b, a), reason)

    def _local(self, c: int) -> None:
        """Add the links the dots, sums and comparisons around cell ``c`` imply."""
        if c in self._local_done:
            return
        self._local_done.add(c)
        for pi, other, kind in self._rules.pairs[c]:
            if ("pair", pi) not in self._local_done:
                self._local_done.add(("pair", pi))
                self._pair_links(c, other, kind)
        for ri in self._sums_of[c]:
            if ("sum", ri) not in self._local_done:
                self._local_done.add(("sum", ri))
                self._sum_links(self.regions[ri])
        for ci in self._rules.comparisons[c]:
            if ("cmp", ci) not in self._local_done:
                self._local_done.add(("cmp", ci))
                self._comparison_links(ci)

    def _pair_links(self, a: int, b: int, kind: str) -> None:
        ma, mb = self.masks[a], self.masks[b]
        if POPCOUNT[ma] < 2 or POPCOUNT[mb] < 2 or ma >= 1024 or mb >= 1024:
            return
        table = PAIR_SUPPORT[kind]
        reason = f"the {'white' if kind == 'consecutive' else 'black' if kind == 'ratio' else 'no'} dot " \
                 f"{self.puzzle.cell_name(a)}-{self.puzzle.cell_name(b)}"
        for x, y, mx, my in ((a, b, ma, mb), (b, a, mb, ma)):
            for d in digits_of(mx):
                for e in digits_of(my & ~table[1 << d]):
                    self._link(((x,), d), ((y,), e), False, reason)
                left = table[mx & ~(1 << d)] & my
                if left and left & (left - 1) == 0:
                    self._link(((x,), d), ((y,), left.bit_length() - 1), True, reason)

    def _sum_links(self, region: Region) -> None:
        cells = region.cells
        now = tuple([self.masks[c] for c in cells])
        if 0 in now:
            return
        for i, d, j, e, strong in sum_region_links(region.total, region.distinct, now):
            self._link(((cells[i],), d), ((cells[j],), e), strong, region.name)

    def _side_sums(self, region: Region) -> dict[Node, int]:
        """For each open candidate of a cage: the totals (a bit set) the cage can have with it."""
        cells = region.cells
        now = [self.masks[c] for c in cells]
        out: dict[Node, int] = {}
        if 0 in now:
            return out
        sums = ALL_SUMS if region.total is None else 1 << region.total
        for i, m in enumerate(now):
            if POPCOUNT[m] < 2:
                continue
            for d in digits_of(m):
                trial = list(now)
                trial[i] = 1 << d
                if region.distinct:
                    totals = 0
                    for combo in distinct_fit(tuple(trial), sums)[1]:
                        totals |= 1 << SUM_OF_MASK[combo]
                else:
                    totals = repeat_support(tuple(trial), sums)[1]
                out[((cells[i],), d)] = totals
        return out

    def _comparison_links(self, ci: int) -> None:
        comp = self.puzzle.comparisons[ci]
        left, right = self.puzzle.regions[comp.left], self.puzzle.regions[comp.right]
        reason = f"{left.name} {comp.op} {right.name}"
        ls, rs = self._side_sums(left), self._side_sums(right)
        for a, sa in ls.items():
            for b, sb in rs.items():
                if not sa or not sb:
                    continue
                if comp.op == "=":
                    bad = not sa & sb
                elif comp.op == "<":
                    bad = (sa & -sa).bit_length() - 1 >= sb.bit_length() - 1
                else:
                    bad = sa.bit_length() - 1 <= (sb & -sb).bit_length() - 1
                if bad:
                    self._link(a, b, False, reason)


def graph(ctx: "Context") -> LinkGraph:
    """The link graph of ``ctx``'s current state, built once per state and kept in
    ``ctx.memo`` (shared by every chain technique and with forks)."""
    masks = tuple(ctx.state.masks)
    key = (masks, len(ctx.virtual), id(ctx.puzzle))
    entry = ctx.memo.get(MEMO_KEY)
    if entry is not None and entry[0] == key:
        return entry[1]
    built = LinkGraph(ctx.puzzle, masks, ctx.virtual)
    ctx.memo[MEMO_KEY] = (key, built)
    return built


def sees(where: "Context | LinkGraph", a: int, b: int, digit: int) -> bool:
    """True when cells ``a`` and ``b`` cannot both hold ``digit`` (:meth:`LinkGraph.sees`);
    ``where`` is a context (its cached graph is used) or a graph."""
    g = where if isinstance(where, LinkGraph) else graph(where)
    return g.sees(a, b, digit)


def weak(where: "Context | LinkGraph", a: Node, b: Node) -> bool:
    """:meth:`LinkGraph.weak` on a context's graph or a graph."""
    g = where if isinstance(where, LinkGraph) else graph(where)
    return g.weak(a, b)


def strong(where: "Context | LinkGraph", a: Node, b: Node) -> bool:
    """:meth:`LinkGraph.strong` on a context's graph or a graph."""
    g = where if isinstance(where, LinkGraph) else graph(where)
    return g.strong(a, b)


def regions_needing(where: "Context | LinkGraph", digit: int) -> list[tuple[Region, tuple[int, ...]]]:
    """:meth:`LinkGraph.regions_needing` on a context's graph or a graph."""
    g = where if isinstance(where, LinkGraph) else graph(where)
    return g.regions_needing(digit)
