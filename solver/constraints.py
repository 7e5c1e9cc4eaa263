"""The compiled constraints that :class:`~solver.propagate.Propagator` runs.

Each constraint narrows candidate masks in place through ``run(masks)``,
which returns the cells it changed (possibly with repeats) or ``None`` when
the constraint cannot be met.  A constraint never writes an empty mask: it
reports the contradiction instead.  Cells in ``cells`` are the ones whose
changes make it worth running again; a constraint may also narrow cells
outside that list (the links below).

Constraints run in tiers, cheapest first (``TIER``): a higher tier runs only
when no lower one is waiting, so the costly rules see many changes at once.
Measured on hard Killers, this order (singles, cages, derived sums, box-line
pointing) runs about half as many constraints per search node as running
everything in one queue.

Links.  A region that needs a digit (a house needs all of them, a cage the
digits every fitting combination shares) and overlaps another distinct
region in two or more cells: when a needed digit can only go in the
overlap, it leaves the rest of the other region.  Between houses this is
pointing and claiming (locked candidates); a cage pushes its sure digits
out of a house it crosses; a house digit that can only go in one cage's
cells leaves that cage's other cells and must be in the cage.
"""

from __future__ import annotations

from functools import lru_cache

from .bits import HIGH, LOW, POPCOUNT
from .supports import cage_support, sum_support

# For each mask: its smallest and largest digit; (10, 0) for the empty mask.
# UPTO[d]: the digits 1..d; FROM[d]: the digits d..9 (d = 0..9).
UPTO: tuple[int, ...] = tuple(((1 << (d + 1)) - 1) & ~1 for d in range(10))
FROM: tuple[int, ...] = tuple(0b1111111110 & ~((1 << d) - 1) for d in range(10))


def _from(d: int) -> int:
    """The digits ``d``..9 for any integer ``d`` (all of them when ``d <= 1``)."""
    return FROM[d] if 0 <= d <= 9 else 0b1111111110 if d < 0 else 0


def _upto(d: int) -> int:
    """The digits 1..``d`` for any integer ``d`` (all of them when ``d >= 9``)."""
    return UPTO[d] if 0 <= d <= 9 else 0 if d < 0 else 0b1111111110


class Link:
    """Region A's view of another distinct region B that it overlaps in two or more cells.

    ``rest``: the cells of A outside B; ``outside``: the cells of B outside A.
    A digit that A needs and that no cell of ``rest`` can hold sits in the
    overlap, so it leaves every cell of ``outside``.  When A lies wholly
    inside B, ``rest`` is empty and every digit A needs leaves ``outside``.
    """

    __slots__ = ("rest", "outside")

    def __init__(self, rest: tuple[int, ...], outside: tuple[int, ...]) -> None:
        self.rest = rest
        self.outside = outside

    def push_out(self, masks: list[int], needed: int, changed: list[int]) -> bool:
        """Remove from ``outside`` the needed digits confined to the overlap; False on a contradiction."""
        rest_union = 0
        for c in self.rest:
            rest_union |= masks[c]
        confined = needed & ~rest_union
        if confined:
            for c in self.outside:
                m = masks[c]
                if m & confined:
                    m &= ~confined
                    if not m:
                        return False
                    masks[c] = m
                    changed.append(c)
        return True


# Tiers: 0 houses, pairs, comparisons; 1 cages; 2 derived sums; 3 box-line pointing.
TIERS = 4


class Constraint:
    """Base class: ``cells`` (the cells watched) and ``tier``.

    The propagator runs a constraint of a higher tier only when none of a
    lower tier is waiting: cheap rules settle first and the costly ones then
    see many changes at once.
    """

    __slots__ = ("cells", "tier")
    TIER = 0

    def __init__(self, cells: tuple[int, ...]) -> None:
        self.cells = cells
        self.tier = self.TIER

    def run(self, masks: list[int]) -> list[int] | None:  # pragma: no cover - abstract
        """Narrow ``masks``; the changed cells, or None on a contradiction."""
        raise NotImplementedError


class House(Constraint):
    """Cells that hold every digit ``1..max_digit`` exactly once (row, column, box, a 45-run).

    Naked singles leave the other cells, a digit with one place left goes
    there (hidden single) and a digit with no place is a contradiction.
    """

    __slots__ = ("full",)

    def __init__(self, cells: tuple[int, ...], full: int) -> None:
        super().__init__(cells)
        self.full = full

    def run(self, masks: list[int]) -> list[int] | None:
        cells = self.cells
        changed: list[int] = []
        # One pass: the fixed digits, and the digits of the open cells seen once and twice or more.
        fixed = once = twice = 0
        for c in cells:
            m = masks[c]
            if m & (m - 1):
                twice |= once & m
                once |= m
            else:
                if fixed & m:
                    return None
                fixed |= m
        if once & fixed:
            # Some open cell still holds a fixed digit: take them out (which may fix more cells).
            while True:
                once = twice = new = 0
                for c in cells:
                    m = masks[c]
                    if m & (m - 1):
                        if m & fixed:
                            m &= ~fixed
                            if not m:
                                return None
                            masks[c] = m
                            changed.append(c)
                            if not m & (m - 1):
                                if new & m:
                                    return None
                                new |= m
                                continue
                        twice |= once & m
                        once |= m
                if not new:
                    break
                fixed |= new
        if once | fixed != self.full:
            return None
        # Digits of exactly one open cell (none of them fixed any more): hidden singles.
        hidden = once & ~twice
        if hidden:
            for c in cells:
                m = masks[c]
                h = m & hidden
                if h and h != m:
                    if h & (h - 1):
                        return None
                    masks[c] = h
                    changed.append(c)
        return changed


class Pointing(Constraint):
    """A house's links to the houses it crosses: a digit that can only go
    where it overlaps another house leaves the rest of that house.

    The overlaps are grouped into *families* of disjoint parts that cover
    the house (a row's three box segments; a box's three row segments and
    its three column segments), plus one part for the cells no overlap of
    the family holds.  A digit that
    only one part of a family can take is confined to that part, and the
    once/twice trick finds all of them in one pass over the parts.
    ``families``: for each family, the part of each cell (by position in
    ``cells``) and, per part, the cells outside the house that lose the
    digits confined to it.
    """

    __slots__ = ("families",)
    TIER = 3

    def __init__(self, cells: tuple[int, ...],
                 families: tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...]) -> None:
        super().__init__(cells)
        self.families = families

    def run(self, masks: list[int]) -> list[int] | None:
        now = [masks[c] for c in self.cells]
        fixed = 0
        for m in now:
            if not m & (m - 1):
                fixed |= m
        changed: list[int] = []
        for part_of, outsides in self.families:
            unions = [0] * len(outsides)
            for part, m in zip(part_of, now):
                unions[part] |= m
            once = twice = 0
            for u in unions:
                twice |= once & u
                once |= u
            single = once & ~twice & ~fixed
            if not single:
                continue
            for u, outside in zip(unions, outsides):
                confined = u & single
                if confined and outside:
                    for c in outside:
                        m = masks[c]
                        if m & confined:
                            m &= ~confined
                            if not m:
                                return None
                            masks[c] = m
                            changed.append(c)
        return changed


class AllDifferent(Constraint):
    """Cells with different digits and no total (a cage without a sum): naked singles and pigeonholes."""

    __slots__ = ()

    def run(self, masks: list[int]) -> list[int] | None:
        cells = self.cells
        changed: list[int] = []
        fixed = 0
        for c in cells:
            m = masks[c]
            if not m & (m - 1):
                if fixed & m:
                    return None
                fixed |= m
        while True:
            union = new = 0
            for c in cells:
                m = masks[c]
                if m & (m - 1) and m & fixed:
                    m &= ~fixed
                    if not m:
                        return None
                    masks[c] = m
                    changed.append(c)
                    if not m & (m - 1):
                        if new & m:
                            return None
                        new |= m
                union |= m
            if not new:
                break
            fixed |= new
        if POPCOUNT[union] < len(cells):
            return None
        return changed


class Cage(Constraint):
    """Different digits summing to ``total`` (a Killer cage, a Kakuro run, a distinct derived sum).

    Each cell keeps exactly the digits that appear in some fitting
    assignment of the whole cage (:func:`~solver.supports.cage_support`,
    cached); the digits every fitting assignment uses are *needed* and go
    through the links.  ``houses``: links to full houses, whose missing
    digits the cage must then contain (a house digit that can only go in
    this cage's cells).
    """

    __slots__ = ("total", "max_digit", "full", "links", "houses")
    TIER = 1

    def __init__(self, cells: tuple[int, ...], total: int, max_digit: int) -> None:
        super().__init__(cells)
        self.total = total
        self.max_digit = max_digit
        self.full = ((1 << (max_digit + 1)) - 1) & ~1
        self.links: tuple[Link, ...] = ()
        self.houses: tuple[Link, ...] = ()

    def run(self, masks: list[int]) -> list[int] | None:
        cells = self.cells
        changed: list[int] = []
        forced = 0
        for link in self.houses:
            # link.rest: this cage's cells outside the house; link.outside: the house's cells outside the cage.
            outside_union = 0
            for c in link.outside:
                outside_union |= masks[c]
            claimed = self.full & ~outside_union
            if claimed:
                # The house can only place these digits in its overlap with this cage.
                forced |= claimed
                for c in link.rest:
                    m = masks[c]
                    if m & claimed:
                        m &= ~claimed
                        if not m:
                            return None
                        masks[c] = m
                        changed.append(c)
        now = tuple([masks[c] for c in cells])
        found = cage_support(self.total, now, forced, self.max_digit)
        if found is None:
            return None
        support, needed, _ = found
        fixed = 0
        for c, m, s in zip(cells, now, support):
            if m != s:
                masks[c] = s
                changed.append(c)
            if not s & (s - 1):
                fixed |= s
        needed &= ~fixed
        if needed:
            for link in self.links:
                if not link.push_out(masks, needed, changed):
                    return None
        return changed


class Sum(Constraint):
    """Cells whose digits (repeats allowed) add up to ``total`` (a derived innie or outie sum).

    Up to six cells get the exact support (:func:`~solver.supports.sum_support`);
    longer sums get bounds: each cell lies between the total minus the
    others' largest and the total minus the others' smallest.
    """

    __slots__ = ("total",)
    TIER = 2
    EXACT_CELLS = 6

    def __init__(self, cells: tuple[int, ...], total: int) -> None:
        super().__init__(cells)
        self.total = total

    def run(self, masks: list[int]) -> list[int] | None:
        cells = self.cells
        total = self.total
        changed: list[int] = []
        if len(cells) <= self.EXACT_CELLS:
            now = tuple([masks[c] for c in cells])
            support = sum_support(total, now)
            if support is None:
                return None
            for c, m, s in zip(cells, now, support):
                if m != s:
                    masks[c] = s
                    changed.append(c)
            return changed
        lo = hi = 0
        for c in cells:
            m = masks[c]
            lo += LOW[m]
            hi += HIGH[m]
        if lo > total or hi < total:
            return None
        for c in cells:
            m = masks[c]
            nm = m & _upto(total - (lo - LOW[m])) & _from(total - (hi - HIGH[m]))
            if nm != m:
                if not nm:
                    return None
                masks[c] = nm
                changed.append(c)
        return changed


class Difference(Constraint):
    """``sum(plus) - sum(minus) == total`` over at most six cells, digits may
    repeat (innies minus outies, :func:`~solver.derived.mixed_sums`).

    A subtracted digit ``d`` counts as ``max_digit + 1 - d`` added, so the
    exact support of a plain sum (:func:`~solver.supports.sum_support`)
    does the work on candidate masks with those cells' digits mirrored.
    """

    __slots__ = ("mirrored", "shifted_total", "mirror")
    TIER = 2

    def __init__(self, plus: tuple[int, ...], minus: tuple[int, ...], total: int, max_digit: int) -> None:
        super().__init__(plus + minus)
        self.mirrored = (False,) * len(plus) + (True,) * len(minus)
        self.shifted_total = total + (max_digit + 1) * len(minus)
        self.mirror = mirror_table(max_digit)

    def run(self, masks: list[int]) -> list[int] | None:
        mirror = self.mirror
        now = tuple([mirror[masks[c]] if flip else masks[c] for c, flip in zip(self.cells, self.mirrored)])
        support = sum_support(self.shifted_total, now)
        if support is None:
            return None
        changed: list[int] = []
        for c, flip, m, s in zip(self.cells, self.mirrored, now, support):
            if m != s:
                masks[c] = mirror[s] if flip else s
                changed.append(c)
        return changed


@lru_cache(maxsize=None)
def mirror_table(max_digit: int) -> tuple[int, ...]:
    """For each mask: the mask with each digit ``d`` replaced by ``max_digit + 1 - d``
    (built once per ``max_digit``)."""
    return tuple(sum(1 << (max_digit + 1 - d) for d in range(1, max_digit + 1) if m >> d & 1)
                 for m in range(1 << (max_digit + 1)))


class PairRule(Constraint):
    """Two cells in a relation (Kropki dot or the negative rule), through a support table.

    ``table[mask]``: the digits that have a partner in ``mask``.
    """

    __slots__ = ("a", "b", "table")

    def __init__(self, a: int, b: int, table: tuple[int, ...]) -> None:
        super().__init__((a, b))
        self.a = a
        self.b = b
        self.table = table

    def run(self, masks: list[int]) -> list[int] | None:
        a, b, table = self.a, self.b, self.table
        ma, mb = masks[a], masks[b]
        na = ma & table[mb]
        if not na:
            return None
        nb = mb & table[na]
        if not nb:
            return None
        changed = []
        if na != ma:
            masks[a] = na
            changed.append(a)
        if nb != mb:
            masks[b] = nb
            changed.append(b)
        return changed


class Compare(Constraint):
    """``sum(left) < sum(right)``, or ``<=`` when ``equal`` (an ``=`` comparison is two of these).

    ``left_total``/``right_total``: the printed totals when known.  Bounds
    only: each left cell is at most the right side's largest total minus the
    least the other left cells take, and each right cell at least the mirror.
    """

    __slots__ = ("left", "right", "gap", "left_total", "right_total")

    def __init__(self, left: tuple[int, ...], right: tuple[int, ...], equal: bool,
                 left_total: int | None, right_total: int | None) -> None:
        super().__init__(left + right)
        self.left = left
        self.right = right
        self.gap = 0 if equal else 1
        self.left_total = left_total
        self.right_total = right_total

    def run(self, masks: list[int]) -> list[int] | None:
        # The least the left side can add up to and the most the right side can.
        llo = rhi = 0
        for c in self.left:
            llo += LOW[masks[c]]
        for c in self.right:
            rhi += HIGH[masks[c]]
        if self.left_total is not None:
            llo = self.left_total
        if self.right_total is not None:
            rhi = self.right_total
        gap = self.gap
        if llo + gap > rhi:
            return None
        changed: list[int] = []
        if self.left_total is None:
            for c in self.left:
                m = masks[c]
                nm = m & _upto(rhi - gap - (llo - LOW[m]))
                if nm != m:
                    if not nm:
                        return None
                    masks[c] = nm
                    changed.append(c)
        if self.right_total is None:
            for c in self.right:
                m = masks[c]
                nm = m & _from(llo + gap - (rhi - HIGH[m]))
                if nm != m:
                    if not nm:
                        return None
                    masks[c] = nm
                    changed.append(c)
        return changed
