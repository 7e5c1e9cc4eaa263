"""Fish: n regions that must hold a digit, whose places for it all lie in n other regions.

* **X-Wing / Swordfish / Jellyfish** (n = 2, 3, 4): n *base* regions, with
  no cell in common where the digit can go, must each hold the digit, and
  every place they have for it lies in n *cover* regions, each of which
  holds it at most once.  The n bases then take up the covers' n copies of
  the digit, so it leaves every other cell of the covers.
* **finned** (and **sashimi**) fish: the same, except for a few *fins*,
  places of the bases outside the covers.  Either a fin holds the digit or
  the fish holds; so the digit leaves only the cells of the covers that also
  see every fin.  A fish is *sashimi* when some base keeps only one place
  inside the covers (the fish would not stand without its fins); the logic
  is the same, so it is reported under the finned id with the sentence
  saying "sashimi".

Any regions count: the rows and columns of a Sudoku, but also its jigsaw
regions, and cages and Kakuro runs that must hold the digit (as bases) or
whose digits differ (as covers); the link graph (:mod:`solver.links`) says
which regions must hold a digit and which cells see a fin.  The bases of one
fish are of one kind (all rows, all cages, ...) and its covers of one other
kind; boxes are not paired with rows or columns (Franken fish), and derived
sums (which overlap) are not used.  A fish that splits into a confinement and
a smaller fish is left to those.  At most :data:`MAX_FINS` fins; the search
spends a counted number of nodes per call (:data:`NODE_BUDGET`) and skips a
digit whose places have not changed since it last found nothing there.

>>> X_WING.level, SWORDFISH.level, FINNED_X_WING.level
(6, 7, 7)
"""

from __future__ import annotations

from itertools import combinations as choose
from typing import Iterator

from solver.contract import Context, Technique
from solver.model import Region
from solver.step import Step

from .combinations import losses_text
from .common import cells_text, describe, region_key
from .sight import Sight, bit_cells, cell_bits, sight

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_IDS = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
MAX_FINS = 2
"""The most fins a finned fish may have."""
NODE_BUDGET = 20_000
"""Cover-search nodes allowed per technique call (counted, so every machine stops at the same place)."""

_SKIPPED = ({"box", "row"}, {"box", "column"})
"""Kinds of bases and covers not paired: a Sudoku's boxes with its lines make Franken fish, which are
rare beyond what pointing and claiming find, and would double the search."""

_PLURAL = {"row": "rows", "column": "columns", "box": "boxes", "region": "regions"}


def regions_text(regions: list[Region]) -> str:
    """``rows 2 and 7``, ``columns 1, 4 and 8``; else the names (with totals) joined.

    >>> regions_text([Region("row 2", (0,), kind="row"), Region("row 7", (1,), kind="row")])
    'rows 2 and 7'
    """
    kinds = {r.kind for r in regions}
    if len(kinds) == 1 and len(regions) > 1:
        kind = regions[0].kind
        prefix = f"{kind} "
        if kind in _PLURAL and all(r.name.startswith(prefix) for r in regions):
            tails = [r.name[len(prefix):] for r in regions]
            return f"{_PLURAL[kind]} " + ", ".join(tails[:-1]) + " and " + tails[-1]
    names = [describe(r) for r in regions]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _layout(view: Sight) -> list[tuple[tuple[object, ...], dict[str, list[tuple[Region, int]]], set[tuple[int, ...]]]
                                  | None]:
    """Per digit (None where it has no open place): a key of what a fish on it depends on,
    the regions that may cover it by kind (with its places in each) and the cells of the
    regions that must hold it.  Computed once per state for the whole family."""
    found = view.cache.get("fish")
    if found is not None:
        return found  # type: ignore[return-value]
    ctx = view.ctx
    masks = ctx.state.masks
    max_digit = ctx.puzzle.max_digit
    regions = [r for r in view.distinct_regions() if r.kind != "virtual"]
    region_bits = [cell_bits(r.cells) for r in regions]
    fixed = [0] * (max_digit + 1)  # per digit: cells where it is the last candidate
    for c, m in enumerate(masks):
        if m and not m & (m - 1):
            fixed[m.bit_length() - 1] |= 1 << c
    out: list[tuple[tuple[object, ...], dict[str, list[tuple[Region, int]]], set[tuple[int, ...]]] | None] = []
    for d in range(max_digit + 1):
        where = view.graph.cand[d] if d else 0  # the open cells that may hold d
        if not where:
            out.append(None)
            continue
        by_kind: dict[str, list[tuple[Region, int]]] = {}
        for region, rb in zip(regions, region_bits):
            if rb & where and not rb & fixed[d]:
                by_kind.setdefault(region.kind, []).append((region, rb & where))
        needs = {r.cells for r in view.needing(d)}
        out.append(((where, fixed[d], frozenset(needs), len(regions)), by_kind, needs))
    view.cache["fish"] = out
    return out


def _fish(ctx: Context, n: int, finned: bool) -> Iterator[Step]:
    if ctx.depth:
        return  # inside a supposition the contradiction chains use the cheaper techniques only
    tid = ("finned-" if finned else "") + _IDS[n]
    budget = [NODE_BUDGET]
    view = sight(ctx)
    limit = n + (MAX_FINS if finned else 0)
    quiet = ctx.memo.setdefault(("fish-quiet", tid), {})
    for d, entry in enumerate(_layout(view)):
        if entry is None:
            continue
        key, by_kind, needs = entry
        # nothing found for d last time and nothing about d changed since: nothing to find now
        if quiet.get(d) == key:
            continue
        found_any = False
        for base_kind in sorted(by_kind):
            group = [(r, spots) for r, spots in by_kind[base_kind]
                     if r.cells in needs and 2 <= spots.bit_count() <= limit]
            if len(group) < n:
                continue
            for cover_kind in sorted(by_kind):
                if cover_kind == base_kind or {base_kind, cover_kind} in _SKIPPED:
                    continue
                covers = by_kind[cover_kind]
                touch = []  # per base: the covers (bit k for covers[k]) that meet its places
                for _, spots in group:
                    t = 0
                    for k, (_, cs) in enumerate(covers):
                        if cs & spots:
                            t |= 1 << k
                    touch.append(t)
                for picked in _bases(group, touch, n, limit, budget):
                    if budget[0] <= 0:
                        return
                    found = _cover(view, d, picked, group, touch, covers, n, finned, budget)
                    if found is not None:
                        bases = [group[i][0] for i in picked]
                        union, chosen, fins, elim = found
                        found_any = True
                        yield _step(ctx, tid, n, d, bases, [covers[k][0] for k in chosen], union, fins, elim)
        if budget[0] > 0 and not found_any:
            quiet[d] = key


def _bases(group: list[tuple[Region, int]], touch: list[int], n: int, limit: int,
           budget: list[int]) -> Iterator[list[int]]:
    """Sets of n bases (indexes into ``group``) with no place in common that meet at most
    ``limit`` covers between them."""
    picked: list[int] = []

    def grow(start: int, spots: int, covers: int) -> Iterator[list[int]]:
        if len(picked) == n:
            yield list(picked)
            return
        for i in range(start, len(group) - (n - len(picked)) + 1):
            budget[0] -= 1
            if budget[0] <= 0:
                return
            s, t = group[i][1], covers | touch[i]
            if s & spots or t.bit_count() > limit:
                continue
            picked.append(i)
            yield from grow(i + 1, spots | s, t)
            picked.pop()

    return grow(0, 0, 0)


def _cover(view: Sight, d: int, picked: list[int], group: list[tuple[Region, int]], touch: list[int],
           covers: list[tuple[Region, int]], n: int, finned: bool,
           budget: list[int]) -> tuple[int, list[int], int, int] | None:
    """n covers for the bases' places: all of them, or (finned) all but 1..MAX_FINS fins seen
    together by some cover cell outside the bases.  (places, cover indexes, fins, eliminated cells)."""
    union = 0
    met = 0
    for i in picked:
        union |= group[i][1]
        met |= touch[i]
    ks = bit_cells(met)
    extra = len(ks) - n
    if extra < 0:
        return None
    if not finned:
        covered = 0
        for k in ks:
            covered |= covers[k][1]
        elim = covered & ~union
        if not elim or union & ~covered or _splits(picked, group, [covers[k][1] for k in ks], 0):
            return None
        return union, ks, 0, elim
    # the covers left out hold the fins: at most MAX_FINS places between them
    loose = union
    for k in ks:
        loose &= ~covers[k][1]  # places in no cover of this kind are fins whatever is chosen
    small = [k for k in ks if (covers[k][1] & union).bit_count() + loose.bit_count() <= MAX_FINS]
    for dropped in choose(small, extra):
        budget[0] -= 1
        fins = loose
        for k in dropped:
            fins |= covers[k][1] & union
        if not fins or fins.bit_count() > MAX_FINS:
            continue
        chosen = [k for k in ks if k not in dropped]
        covered = 0
        for k in chosen:
            covered |= covers[k][1]
        elim = covered & ~union & view.common_seers(fins, d)
        if elim and not _splits(picked, group, [covers[k][1] for k in chosen], fins):
            return union, chosen, fins, elim
    return None


def _splits(picked: list[int], group: list[tuple[Region, int]], cover_spots: list[int], fins: int) -> bool:
    """True when a base without fins has all its places in one cover: the fish is then that
    confinement plus a smaller fish, and is left to those."""
    for i in picked:
        spots = group[i][1]
        if not spots & fins and any(not spots & ~cs for cs in cover_spots):
            return True
    return False


def _step(ctx: Context, tid: str, n: int, d: int, bases: list[Region], covers: list[Region], union: int,
          fins: int, elim: int) -> Step:
    bit = 1 << d
    elims = tuple((c, bit) for c in bit_cells(elim))
    name = _NAMES[n]
    base_cells = tuple(bit_cells(union))
    text = ""
    sashimi = False
    if fins:
        inside = union & ~fins
        sashimi = any(((cell_bits(b.cells) & inside).bit_count() <= 1) for b in bases)
    if ctx.explain:
        btxt, ctxt = regions_text(bases), regions_text(covers)
        losses = losses_text(ctx, list(elims))
        if not fins:
            text = (f"{name} on {d}: in {btxt}, {d} can only go in {ctxt}, so {d} leaves the rest of "
                    f"{ctxt}: {losses}.")
        else:
            fin_cells = bit_cells(fins)
            word = "the fin" if len(fin_cells) == 1 else "the fins"
            kind = "Sashimi" if sashimi else "Finned"
            every = "it" if len(fin_cells) == 1 else "every fin"
            text = (f"{kind} {name} on {d}: in {btxt}, {d} can only go in {ctxt} or in {word} "
                    f"{cells_text(ctx, fin_cells)}; either {word} {'holds' if len(fin_cells) == 1 else 'hold'} "
                    f"{d} or the {name} does, so {d} leaves the cells of {ctxt} that see {every}: {losses}.")
    regions = tuple(region_key(r) for r in bases + covers)
    full_name = ("Sashimi " if sashimi else "Finned " if fins else "") + name
    return Step(tid, full_name if fins else name, 7 if fins or n > 2 else 6, text, eliminations=elims,
                cells=base_cells, regions=regions, candidates=tuple((c, bit) for c in base_cells))


def _finder(n: int, finned: bool):
    def find(ctx: Context) -> Iterator[Step]:
        return _fish(ctx, n, finned)

    find.__name__ = f"find_{'finned_' if finned else ''}{_IDS[n].replace('-', '_')}"
    find.__doc__ = f"{'Finned ' if finned else ''}{_NAMES[n]}s on every digit over every region that must hold it."
    return find


find_x_wing = _finder(2, False)
find_swordfish = _finder(3, False)
find_jellyfish = _finder(4, False)
find_finned_x_wing = _finder(2, True)
find_finned_swordfish = _finder(3, True)
find_finned_jellyfish = _finder(4, True)

X_WING = Technique("x-wing", "X-Wing", 6, 42, find_x_wing,
                   "X-Wing on 4: in rows 2 and 7, 4 can only go in columns 3 and 8, so 4 leaves the rest of "
                   "columns 3 and 8: r5c3 and r9c8 lose 4.")
SWORDFISH = Technique("swordfish", "Swordfish", 7, 46, find_swordfish,
                      "Swordfish on 6: in columns 1, 5 and 9, 6 can only go in rows 2, 4 and 8, so 6 leaves the "
                      "rest of rows 2, 4 and 8.")
JELLYFISH = Technique("jellyfish", "Jellyfish", 7, 50, find_jellyfish,
                      "Jellyfish on 3: in rows 1, 3, 6 and 8, 3 can only go in columns 2, 4, 5 and 9, so 3 leaves "
                      "the rest of those columns.")
FINNED_X_WING = Technique("finned-x-wing", "Finned X-Wing", 7, 45, find_finned_x_wing,
                          "Finned X-Wing on 7: in rows 1 and 5, 7 can only go in columns 2 and 6 or in the fin "
                          "r5c4; either the fin holds 7 or the X-Wing does, so r6c6 (which sees it) loses 7.")
FINNED_SWORDFISH = Technique("finned-swordfish", "Finned Swordfish", 7, 48, find_finned_swordfish,
                             "Sashimi Swordfish on 2: three columns put 2 in three rows or in the fin r8c7, so "
                             "the cells of those rows that see r8c7 lose 2.")
FINNED_JELLYFISH = Technique("finned-jellyfish", "Finned Jellyfish", 7, 52, find_finned_jellyfish,
                             "Finned Jellyfish on 5: four rows put 5 in four columns or in the fins r2c7 and r3c8, "
                             "so the cells of those columns that see both lose 5.")

TECHNIQUES = (X_WING, SWORDFISH, JELLYFISH, FINNED_X_WING, FINNED_SWORDFISH, FINNED_JELLYFISH)
