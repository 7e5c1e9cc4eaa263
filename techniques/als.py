"""Almost locked sets: n cells of one region whose digits differ, holding n + 1 digits.

Take away any one digit and an almost locked set (ALS) is locked: its cells
hold all the others.  Any region whose digits differ counts (a row, column,
box, jigsaw region, cage, Kakuro run or derived sum), and so does a single
cell with two digits.  Two ALSs A and B share a *restricted common* digit x
when every place of x in A sees every place of x in B: x is in one of them
at most.

* **ALS-XZ** (level 7): A and B with a restricted common x.  One of them
  lacks x and is locked on the rest, so any other shared digit z is in A or
  in B: z leaves every cell that sees all the places of z in both.  With a
  second restricted common digit (*doubly linked*) both sets are locked on
  everything but x and y, and more goes.
* **ALS-XY-Wing** (level 7): a third set C shares x with A and y with B.  C
  holds x or y (it cannot lack both), so A or B is locked: a digit z of both
  A and B leaves every cell that sees all its places in them.
* **Sue de Coq** (level 7): two or three cells where two regions meet hold
  at least two more digits than cells; with cells of the first region's rest
  (digits Vd) and of the second's (digits Ve, none in common with Vd), all
  these cells together hold exactly as many digits as cells, so each digit
  is there once: the Vd digits leave the rest of the first region, the Ve
  digits the rest of the second, and the other digits both.

Searches are bounded by counted work per call (ALSs of at most
:data:`MAX_CELLS` cells, :data:`MAX_ALS` of them, :data:`NODE_BUDGET` steps).

>>> ALS_XZ.level, ALS_XY_WING.level, SUE_DE_COQ.level
(7, 7, 7)
"""

from __future__ import annotations

from itertools import combinations as choose
from typing import Iterator, NamedTuple

from solver.bits import POPCOUNT, digits_of
from solver.bits import cell_bits, cells_of
from solver.contract import Context, Technique
from solver.model import Region
from solver.step import Link, Step

from .combinations import digit_ranges, losses_text
from .common import cells_text, region_key
from .sight import open_cells_with, sight

MAX_CELLS = 4
"""The most cells an ALS may have."""
MAX_ALS = 400
"""The most ALSs collected per call (the first found, in region order)."""
NODE_BUDGET = 40_000
"""Pairs, triples and subsets tried per call (counted, never timed)."""


class Als(NamedTuple):
    """An almost locked set: its cells (a bit mask), digits (a mask), the places of each digit and its region."""

    cells: int
    digits: int
    places: dict[int, int]
    region: Region


def _collect(ctx: Context) -> list[Als]:
    """The ALSs of the current state, at most :data:`MAX_ALS`, in region order."""
    masks = ctx.state.masks
    seen: set[int] = set()
    out: list[Als] = []
    for region in sight(ctx).distinct_regions():
        if any(masks[c] == 0 for c in region.cells):
            continue
        _grow(masks, region, [c for c in region.cells if POPCOUNT[masks[c]] >= 2], [], 0, 0, seen, out)
        if len(out) >= MAX_ALS:
            break
    return out


def _grow(masks: list[int], region: Region, open_cells: list[int], chosen: list[int], start: int, union: int,
          seen: set[int], out: list[Als]) -> None:
    """Add to ``out`` the ALSs of ``region`` that extend ``chosen`` with cells from ``open_cells[start:]``."""
    size = len(chosen)
    if size and POPCOUNT[union] == size + 1:
        bits = cell_bits(chosen)
        if bits not in seen and len(out) < MAX_ALS:
            seen.add(bits)
            places = {d: cell_bits(c for c in chosen if masks[c] >> d & 1) for d in digits_of(union)}
            out.append(Als(bits, union, places, region))
    if size == MAX_CELLS or len(out) >= MAX_ALS:
        return
    for i in range(start, len(open_cells)):
        c = open_cells[i]
        more = union | masks[c]
        # each further cell adds one cell and no digit at best: the excess shrinks by one at most
        if POPCOUNT[more] - (size + 2) > MAX_CELLS - size - 1:
            continue
        chosen.append(c)
        _grow(masks, region, open_cells, chosen, i + 1, more, seen, out)
        chosen.pop()


class _Search:
    """What the family's techniques share on one state: the ALSs, their restricted commons
    and caches (get it with :func:`_search`)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.view = sight(ctx)
        self.masks = ctx.state.masks
        self.sets = _collect(ctx)
        self.budget = NODE_BUDGET
        self._open: dict[int, int] = {}
        self._seers: dict[tuple[int, int], int] = {}
        self._partners: dict[int, list[tuple[int, int]]] | None = None
        self._rcc: dict[tuple[int, int], list[int]] = {}

    def open_cells(self, digit: int) -> int:
        found = self._open.get(digit)
        if found is None:
            found = self._open[digit] = open_cells_with(self.masks, digit)
        return found

    def seers(self, k: int, digit: int) -> int:
        """The cells that see every place of ``digit`` in ALS ``k``."""
        key = (k, digit)
        found = self._seers.get(key)
        if found is None:
            found = self._seers[key] = self.view.common_seers(self.sets[k].places[digit], digit)
        return found

    def linked(self) -> list[tuple[tuple[int, int], list[int]]]:
        """``((i, j), restricted common digits)`` for every pair of ALSs i < j with one, in order."""
        self.partners()
        return sorted(self._rcc.items())

    def partners(self) -> dict[int, list[tuple[int, int]]]:
        """Per ALS, ``(other ALS, restricted common digit)`` for every pair with one (computed once
        per state, within :data:`NODE_BUDGET` pairs).  Only ALSs whose first place of the digit
        the other's places all see are compared."""
        if self._partners is not None:
            return self._partners
        out: dict[int, list[tuple[int, int]]] = {}
        rcc: dict[tuple[int, int], list[int]] = {}
        by_digit: dict[int, dict[int, list[int]]] = {}  # digit -> first place -> ALSs
        for k, s in enumerate(self.sets):
            for d, places in s.places.items():
                by_digit.setdefault(d, {}).setdefault((places & -places).bit_length() - 1, []).append(k)
        budget = NODE_BUDGET
        sets = self.sets
        for x in sorted(by_digit):
            first = by_digit[x]
            for i, a in enumerate(sets):
                if not a.digits >> x & 1:
                    continue
                si = self.seers(i, x)
                for c in cells_of(si & self.open_cells(x)):
                    for j in first.get(c, ()):
                        if j <= i:
                            continue
                        budget -= 1
                        b = sets[j]
                        if a.cells & b.cells or b.places[x] & ~si:
                            continue
                        out.setdefault(i, []).append((j, x))
                        out.setdefault(j, []).append((i, x))
                        rcc.setdefault((i, j), []).append(x)
                if budget <= 0:
                    break
            if budget <= 0:
                break
        self._partners = out
        self._rcc = rcc
        return out

    def targets(self, i: int, j: int, digit: int, exclude: int) -> int:
        """The open cells outside ``exclude`` that see every place of ``digit`` in ALSs i and j."""
        return self.seers(i, digit) & self.seers(j, digit) & self.open_cells(digit) & ~exclude


def _search(ctx: Context) -> _Search:
    """The :class:`_Search` of ``ctx``'s current state (built once per state, kept in ``ctx.memo``)."""
    key = (tuple(ctx.state.masks), len(ctx.virtual), id(ctx.puzzle))
    entry = ctx.memo.get("als-search")
    if entry is None or entry[0] != key:
        entry = (key, _Search(ctx))
        ctx.memo["als-search"] = entry
    found: _Search = entry[1]
    found.budget = NODE_BUDGET
    return found


def _als_text(ctx: Context, s: Als) -> str:
    cells = cells_of(s.cells)
    return f"{cells_text(ctx, cells)} ({digit_ranges(s.digits)}, in {s.region.name})"


def find_als_xz(ctx: Context) -> Iterator[Step]:
    """ALS-XZ (and doubly linked ALS-XZ): two ALSs with a restricted common digit."""
    if ctx.depth:
        return
    search = _search(ctx)
    for (i, j), xs in search.linked():
        x = xs[0]
        a, b = search.sets[i], search.sets[j]
        both = a.cells | b.cells
        elims: dict[int, int] = {}
        if len(xs) >= 2:  # doubly linked: every digit of each set is in it (x, y: in one of them)
            for s, k in ((a, i), (b, j)):
                for e in digits_of(s.digits):
                    if e not in xs:
                        for c in cells_of(search.seers(k, e) & search.open_cells(e) & ~both):
                            elims[c] = elims.get(c, 0) | 1 << e
            for e in xs:
                for c in cells_of(search.targets(i, j, e, both)):
                    elims[c] = elims.get(c, 0) | 1 << e
        for z in digits_of(a.digits & b.digits):
            if z in xs:
                continue
            for c in cells_of(search.targets(i, j, z, both)):
                elims[c] = elims.get(c, 0) | 1 << z
        if not elims:
            continue
        out = tuple(sorted(elims.items()))
        text = ""
        if ctx.explain:
            if len(xs) >= 2:
                text = (f"ALS-XZ (doubly linked): {_als_text(ctx, a)} and {_als_text(ctx, b)} are almost "
                        f"locked sets that can hold {xs[0]} only once between them and {xs[1]} only once, so "
                        f"each is locked on the rest of its digits: {losses_text(ctx, list(out))}.")
            else:
                zs = digit_ranges(a.digits & b.digits & ~(1 << x))
                text = (f"ALS-XZ: {_als_text(ctx, a)} and {_als_text(ctx, b)} are almost locked sets whose "
                        f"{x}s all see each other, so one of them lacks {x} and holds all its other digits; "
                        f"so {zs} {'is' if ' ' not in zs else 'are'} in one of them, and the cells that see "
                        f"every such place lose it: {losses_text(ctx, list(out))}.")
        cells = tuple(cells_of(both))
        yield Step("als-xz", "ALS-XZ", 7, text, eliminations=out, cells=cells,
                   regions=(region_key(a.region), region_key(b.region)),
                   candidates=tuple((c, ctx.state.masks[c]) for c in cells),
                   links=(Link(tuple(cells_of(a.places[x])), x, tuple(cells_of(b.places[x])), x, False),))


def find_als_xy_wing(ctx: Context) -> Iterator[Step]:
    """ALS-XY-Wings: ALS C shares x with A and y with B; a digit z of A and B leaves what sees all its places."""
    if ctx.depth:
        return
    search = _search(ctx)
    pairs = search.partners()
    for k in sorted(pairs):
        mates = pairs[k]
        for (i, x), (j, y) in choose(mates, 2):
            search.budget -= 1
            if search.budget <= 0:
                return
            if x == y or i == j:
                continue
            a, b, c = search.sets[i], search.sets[j], search.sets[k]
            zs = a.digits & b.digits & ~(1 << x | 1 << y)
            if not zs:
                continue
            both = a.cells | b.cells
            elims: dict[int, int] = {}
            for z in digits_of(zs):
                for t in cells_of(search.targets(i, j, z, both)):
                    elims[t] = elims.get(t, 0) | 1 << z
            if not elims:
                continue
            out = tuple(sorted(elims.items()))
            text = ""
            if ctx.explain:
                text = (f"ALS-XY-Wing: {_als_text(ctx, c)} holds {x} or {y}; its {x}s see every {x} of "
                        f"{_als_text(ctx, a)} and its {y}s every {y} of {_als_text(ctx, b)}, so A or B is locked "
                        f"on the rest of its digits, and {digit_ranges(zs)} (in both) leave the cells that see "
                        f"all their places: {losses_text(ctx, list(out))}.")
            cells = tuple(cells_of(both | c.cells))
            links = (Link(tuple(cells_of(a.places[x])), x, tuple(cells_of(c.places[x])), x, False),
                     Link(tuple(cells_of(c.places[y])), y, tuple(cells_of(b.places[y])), y, False))
            yield Step("als-xy-wing", "ALS-XY-Wing", 7, text, eliminations=out, cells=cells,
                       regions=(region_key(a.region), region_key(b.region), region_key(c.region)),
                       candidates=tuple((t, ctx.state.masks[t]) for t in cells), links=links)


def _subsets(cells: list[int], masks: list[int], most: int) -> list[tuple[tuple[int, ...], int]]:
    """Non-empty subsets of ``cells`` with at most ``most`` cells, each with the union of its digits."""
    out = []
    for size in range(1, most + 1):
        for group in choose(cells, size):
            union = 0
            for c in group:
                union |= masks[c]
            out.append((group, union))
    return out


def find_sue_de_coq(ctx: Context) -> Iterator[Step]:
    """Sue de Coq: cells where two regions meet, with cells of each region's rest, hold as many digits as cells."""
    if ctx.depth:
        return
    masks = ctx.state.masks
    regions = sight(ctx).distinct_regions()
    bits = [cell_bits(r.cells) for r in regions]
    budget = NODE_BUDGET
    for li, line in enumerate(regions):
        for bi in range(li + 1, len(regions)):
            box = regions[bi]
            meet = bits[li] & bits[bi]
            if not meet or not bits[li] & ~meet or not bits[bi] & ~meet:
                continue
            core = [c for c in cells_of(meet) if POPCOUNT[masks[c]] >= 2]
            if len(core) < 2:
                continue
            line_rest = [c for c in cells_of(bits[li] & ~meet) if POPCOUNT[masks[c]] >= 2]
            box_rest = [c for c in cells_of(bits[bi] & ~meet) if POPCOUNT[masks[c]] >= 2]
            for size in (2, 3):
                for group in choose(core, size):
                    v = 0
                    for c in group:
                        v |= masks[c]
                    # at least two digits more than cells, and no more than the 2 + 2 helper cells can take
                    if not size + 2 <= POPCOUNT[v] <= size + 4:
                        continue
                    ds = _helpers(line_rest, masks, v)
                    es = _helpers(box_rest, masks, v) if ds else []
                    for dg, vd in ds:
                        for eg, ve in es:
                            budget -= 1
                            if budget <= 0:
                                return
                            if vd & ve or POPCOUNT[v | vd | ve] != size + len(dg) + len(eg):
                                continue
                            step = _sdc_step(ctx, line, box, group, dg, eg, v, vd, ve)
                            if step is not None:
                                yield step


def _helpers(cells: list[int], masks: list[int], v: int) -> list[tuple[tuple[int, ...], int]]:
    """One or two of ``cells`` that share digits with ``v`` and add at most one digit outside it
    between them, each with the union of their digits."""
    fit = [c for c in cells if masks[c] & v and POPCOUNT[masks[c] & ~v] <= 1]
    return [(g, u) for g, u in _subsets(fit, masks, 2) if POPCOUNT[u & ~v] <= 1]


def _sdc_step(ctx: Context, line: Region, box: Region, group: tuple[int, ...], dg: tuple[int, ...],
              eg: tuple[int, ...], v: int, vd: int, ve: int) -> Step | None:
    masks = ctx.state.masks
    rest = v & ~vd & ~ve
    used = set(group) | set(dg) | set(eg)
    elims: dict[int, int] = {}
    for c in line.cells:
        if c not in used and masks[c] & (vd | rest):
            elims[c] = elims.get(c, 0) | masks[c] & (vd | rest)
    for c in box.cells:
        if c not in used and masks[c] & (ve | rest):
            elims[c] = elims.get(c, 0) | masks[c] & (ve | rest)
    if not elims:
        return None
    out = tuple(sorted(elims.items()))
    text = ""
    if ctx.explain:
        n = len(used)
        extra = f", and {digit_ranges(rest)} both" if rest else ""
        text = (f"Sue de Coq: {cells_text(ctx, group)} (where {line.name} meets {box.name}) hold "
                f"{digit_ranges(v)}; with {cells_text(ctx, dg)} ({digit_ranges(vd)}) of {line.name} and "
                f"{cells_text(ctx, eg)} ({digit_ranges(ve)}) of {box.name} these {n} cells hold only {n} digits, "
                f"each once. So {digit_ranges(vd)} leave the rest of {line.name}, {digit_ranges(ve)} the rest of "
                f"{box.name}{extra}: {losses_text(ctx, list(out))}.")
    cells = tuple(sorted(used))
    return Step("sue-de-coq", "Sue de Coq", 7, text, eliminations=out, cells=cells,
                regions=(region_key(line), region_key(box)), candidates=tuple((c, masks[c]) for c in cells))


SUE_DE_COQ = Technique("sue-de-coq", "Sue de Coq", 7, 70, find_sue_de_coq,
                       "Sue de Coq: r1c1 and r1c2 (where row 1 meets box 1) hold 1, 2, 5 and 8; with r1c7 (1/5) "
                       "and r3c3 (2/8) these 4 cells hold only 4 digits, so 1 and 5 leave the rest of row 1 and "
                       "2 and 8 the rest of box 1.")
ALS_XZ = Technique("als-xz", "ALS-XZ", 7, 80, find_als_xz,
                   "ALS-XZ: r1c1 and r1c5 (2, 4 and 7) and r6c5 (4/7) share 4, whose places all see each other, "
                   "so 7 is in one of them and r6c1 (seeing every 7 of both) loses 7.")
ALS_XY_WING = Technique("als-xy-wing", "ALS-XY-Wing", 7, 85, find_als_xy_wing,
                        "ALS-XY-Wing: the set C holds 3 or 8; its 3s see A's and its 8s see B's, so A or B is "
                        "locked, and 6 (in both) leaves r2c9, which sees all their 6s.")

TECHNIQUES = (SUE_DE_COQ, ALS_XZ, ALS_XY_WING)
