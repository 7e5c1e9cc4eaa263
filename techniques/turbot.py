"""Three-link single-digit chains and the W-Wing, on the link graph.

* **Skyscraper** (``skyscraper``, level 6): a digit's last two places in two
  parallel lines, one place of each in a shared perpendicular line; one of the
  two other places holds it, so what sees both loses it.
* **2-String Kite** (``two-string-kite``): the same with one row and one column
  whose places meet in a box.
* **Empty Rectangle** (``empty-rectangle``): in a box the digit lies in one row
  and one column; a strong link in a line through that row (or column) ends
  where the column (or row) of the box sees it.
* **Turbot fish** (``turbot-fish``): any other strong - weak - strong chain on one
  digit (strong links of any region that needs the digit: a box, a cage, a run).
* **W-Wing** (``w-wing``): two cells that are both x/y, joined by a strong link on
  y whose ends each see one of them: one of the cells is x.

They all read :mod:`solver.links`, so they work in every kind and size.

>>> from puzzles import sudoku
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = sudoku.build(size=4)
>>> masks = [0b11110] * 16
>>> for c in (1, 2, 13, 15):  # 1 in row 1 only at r1c1, r1c4; in row 4 only at r4c1, r4c3
...     masks[c] &= ~0b10
>>> step = next(find_skyscraper(Context(p, Candidates(p, masks), TECHNIQUES)))
>>> import textwrap
>>> print(textwrap.fill(step.text, 100))
Skyscraper on 1: 1 in row 1 is in r1c1 or r1c4, and 1 in row 4 is in r4c1 or r4c3; r1c1 and r4c1
share column 1, so r1c4 or r4c3 is 1 (r1c4=1 = r1c1=1 - r4c1=1 = r4c3=1): r2c3 and r3c4 are not 1.
"""

from __future__ import annotations

from typing import Iterator

from solver.bits import POPCOUNT, digits_of
from solver.contract import Context, Technique
from solver.links import LinkGraph, Node, cells_of, graph, names
from solver.model import BLOCK_KINDS
from solver.step import Step

from .chains import links_of, losses, notation
from .common import BOX_KINDS

LINES = ("row", "column")


def _same_line(g: LinkGraph, a: int, b: int) -> str:
    """The kind of line (``row``/``column``) two cells share, else ``""``."""
    (ra, ca), (rb, cb) = g.puzzle.cells[a], g.puzzle.cells[b]
    return "row" if ra == rb else "column" if ca == cb else ""


def _kind(g: LinkGraph, a: Node, b: Node, c: Node, d: Node) -> str:
    """Which named pattern the chain a = b - c = d of one digit is."""
    ra, rc = g.region_of(a, b), g.region_of(c, d)
    if ra is None or rc is None:
        return "turbot-fish"
    if ra.kind in LINES and ra.kind == rc.kind and ra != rc:
        across = _same_line(g, b[0][0], c[0][0])
        if across and across != ra.kind:
            return "skyscraper"
    if {ra.kind, rc.kind} == set(LINES):
        box = g.region_of(b, c)
        if box is not None and box.kind in BLOCK_KINDS and not _same_line(g, b[0][0], c[0][0]):
            return "two-string-kite"
    return "turbot-fish"


def _three_links(ctx: Context) -> list[Step]:
    """Every strong - weak - strong chain of one digit that removes something, as steps
    (all kinds at once, cached on the graph: the four techniques share one search)."""
    g = graph(ctx)
    key = f"turbot/{ctx.explain}"
    found = g.cache.get(key)
    if found is not None:
        return found
    out: list[Step] = []
    seen: set[tuple[int, ...]] = set()
    for d in range(1, g.max_digit + 1):
        strong = {}
        for c in cells_of(g.cand[d]):
            s = g.strong_cells(c, d)
            if s:
                strong[c] = s
        if len(strong) < 4:
            continue
        for a, sa in strong.items():
            for b in cells_of(sa):
                for c in cells_of(g.weak_cells(b, d) & ~(1 << a)):
                    for e in cells_of(strong.get(c, 0) & ~(1 << a | 1 << b)):
                        if (e, c, b, a) in seen:
                            continue
                        seen.add((a, b, c, e))
                        hit = g.weak_cells(a, d) & g.weak_cells(e, d) & ~(1 << a | 1 << b | 1 << c | 1 << e)
                        if hit:
                            chain = (((a,), d), ((b,), d), ((c,), d), ((e,), d))
                            out.append(_turbot_step(ctx, g, chain, [(x, 1 << d) for x in cells_of(hit)]))
    g.cache[key] = out
    return out


_NAMES = {"skyscraper": "Skyscraper", "two-string-kite": "2-String Kite", "turbot-fish": "Turbot fish"}


def _turbot_step(ctx: Context, g: LinkGraph, chain: tuple[Node, ...], elims: list[tuple[int, int]]) -> Step:
    a, b, c, e = chain
    kind = _kind(g, a, b, c, e)
    d = a[1]
    kinds = (True, False, True)
    text = ""
    if ctx.explain:
        p = g.puzzle
        one, two = g.why(a, b), g.why(c, e)
        share = g.why(b, c)
        text = (f"{_NAMES[kind]} on {d}: {d} in {one} is in {p.cell_name(b[0][0])} or {p.cell_name(a[0][0])}, "
                f"and {d} in {two} is in {p.cell_name(c[0][0])} or {p.cell_name(e[0][0])}; "
                f"{p.cell_name(b[0][0])} and {p.cell_name(c[0][0])} "
                f"{'share ' + share if share else 'cannot both be ' + str(d)}, so {p.cell_name(a[0][0])} or "
                f"{p.cell_name(e[0][0])} is {d} ({notation(p, chain, kinds)}): {losses(ctx, elims)}.")
    cells = tuple(n[0][0] for n in chain)
    regions = tuple((r.name, r.cells) for r in (g.region_of(a, b), g.region_of(c, e)) if r is not None)
    return Step(kind, _NAMES[kind], 6, text, eliminations=tuple(elims), cells=cells, regions=regions,
                candidates=tuple((cell, 1 << d) for cell in cells), links=links_of(chain, kinds))


def _finder(kind: str):
    def find(ctx: Context) -> Iterator[Step]:
        for step in _three_links(ctx):
            if step.technique == kind:
                yield step
    find.__name__ = f"find_{kind.replace('-', '_')}"
    find.__doc__ = f"{_NAMES[kind]} steps (one shared search of three-link chains per state)."
    return find


find_skyscraper = _finder("skyscraper")
find_two_string_kite = _finder("two-string-kite")
find_turbot_fish = _finder("turbot-fish")


# --- Empty Rectangle ---------------------------------------------------------------------
def find_empty_rectangle(ctx: Context) -> Iterator[Step]:
    """A box whose places of a digit lie in one row and one column, and a strong link
    from a cell that sees the row part: the far end and the column part exclude."""
    g = graph(ctx)
    p = g.puzzle
    see = g.see
    for d in range(1, g.max_digit + 1):
        cand = g.cand[d]
        for box, places in g.regions_needing(d):
            if box.kind not in BLOCK_KINDS or len(places) < 2 or any(POPCOUNT[g.masks[c]] < 2 for c in places):
                continue
            rows = sorted({p.cells[c][0] for c in places})
            cols = sorted({p.cells[c][1] for c in places})
            if len(rows) < 2 or len(cols) < 2:
                continue  # all in one line: that is pointing
            for r in rows:
                for k in cols:
                    in_row = tuple(c for c in places if p.cells[c][0] == r)
                    in_col = tuple(c for c in places if p.cells[c][1] == k)
                    if any(p.cells[c][0] != r and p.cells[c][1] != k for c in places):
                        continue
                    for near, far in ((in_row, tuple(c for c in places if c not in in_row)),
                                      (in_col, tuple(c for c in places if c not in in_col))):
                        if not far or not near:
                            continue
                        yield from _empty_rectangle(ctx, g, d, box, near, far, cand, see)


def _cells_or(p, cells: tuple[int, ...]) -> str:
    names_ = [p.cell_name(c) for c in cells]
    return names_[0] if len(names_) == 1 else ", ".join(names_[:-1]) + " or " + names_[-1]


def _cells_and(p, cells: tuple[int, ...]) -> str:
    names_ = [p.cell_name(c) for c in cells]
    return names_[0] if len(names_) == 1 else ", ".join(names_[:-1]) + " and " + names_[-1]


def _sees_all(see: tuple[int, ...], cells: tuple[int, ...]) -> int:
    out = -1
    for c in cells:
        out &= see[c]
    return out


def _empty_rectangle(ctx: Context, g: LinkGraph, d: int, box, near: tuple[int, ...], far: tuple[int, ...],
                     cand: int, see: tuple[int, ...]) -> Iterator[Step]:
    """The box's places split into ``near`` (a row or column part) and ``far`` (the rest):
    one of them holds ``d``; a strong link x = y with x seeing all of ``near``."""
    box_bits = sum(1 << c for c in box.cells)
    watch = _sees_all(see, near) & cand & ~box_bits
    far_sees = _sees_all(see, far)
    p = g.puzzle
    while watch:
        low = watch & -watch
        x = low.bit_length() - 1
        watch ^= low
        for y in g.strong_from(((x,), d)):
            if y[1] != d or len(y[0]) != 1 or box_bits >> y[0][0] & 1:
                continue
            yc = y[0][0]
            hit = far_sees & see[yc] & cand & ~(1 << x | 1 << yc)
            if not hit:
                continue
            elims = tuple((c, 1 << d) for c in range(len(g.masks)) if hit >> c & 1)
            chain = ((far, d), (near, d), ((x,), d), y)
            kinds = (True, False, True)
            text = ""
            if ctx.explain:
                text = (f"Empty Rectangle on {d}: in {box.name}, {d} is in {_cells_or(p, near)} or in "
                        f"{_cells_or(p, far)}; {d} in {g.why(((x,), d), y)} is in {p.cell_name(x)} or "
                        f"{p.cell_name(yc)}, and {p.cell_name(x)} sees {_cells_and(p, near)}, so {d} is in "
                        f"{p.cell_name(yc)} or in {_cells_or(p, far)} ({notation(p, chain, kinds)}): "
                        f"{losses(ctx, elims)}.")
            cells = tuple(dict.fromkeys(far + near + (x, yc)))
            yield Step("empty-rectangle", "Empty Rectangle", 6, text, eliminations=elims, cells=cells,
                       regions=((box.name, box.cells),), candidates=tuple((c, 1 << d) for c in cells),
                       links=links_of(chain, kinds))


# --- W-Wing --------------------------------------------------------------------------------
def find_w_wing(ctx: Context) -> Iterator[Step]:
    """Two cells both x/y that do not see each other, and a strong link on y whose ends see
    one each: one of the two cells is x, so whatever sees both loses x."""
    g = graph(ctx)
    p = g.puzzle
    by_mask: dict[int, list[int]] = {}
    for c, m in enumerate(g.masks):
        if POPCOUNT[m] == 2:
            by_mask.setdefault(m, []).append(c)
    for mask, cells in sorted(by_mask.items()):
        if len(cells) < 2:
            continue
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                for y in digits_of(mask):
                    x = digits_of(mask & ~(1 << y))[0]
                    if g.sees(a, b, y) and g.sees(a, b, x):
                        continue  # a naked pair, not a wing
                    hit = g.weak_cells(a, x) & g.weak_cells(b, x) & ~(1 << a | 1 << b)
                    if not hit:
                        continue
                    elims = [(c, 1 << x) for c in cells_of(hit)]
                    bridge = _bridge(g, a, b, y)
                    if bridge is None:
                        continue
                    r1, r2 = bridge
                    chain = (((a,), x), ((a,), y), r1, r2, ((b,), y), ((b,), x))
                    kinds = (True, False, True, False, True)
                    text = ""
                    if ctx.explain:
                        text = (f"W-Wing: {p.cell_name(a)} and {p.cell_name(b)} are both {min(x, y)}/{max(x, y)}, "
                                f"and {y} in "
                                f"{g.why(r1, r2)} is in {names(p, r1)[:-2]} or {names(p, r2)[:-2]}, so "
                                f"{losses(ctx, elims)} ({notation(p, chain, kinds)}).")
                    shown = tuple(dict.fromkeys((a, b) + r1[0] + r2[0]))
                    bridge_region = g.region_of(r1, r2)
                    regions = () if bridge_region is None else ((bridge_region.name, bridge_region.cells),)
                    yield Step("w-wing", "W-Wing", 6, text, eliminations=tuple(elims), cells=shown, regions=regions,
                               candidates=((a, mask), (b, mask)) + tuple((c, 1 << y) for c in r1[0] + r2[0]),
                               links=links_of(chain, kinds))


def _bridge(g: LinkGraph, a: int, b: int, y: int) -> tuple[Node, Node] | None:
    """A strong link r1 = r2 on ``y`` with r1 weakly linked to a=y and r2 to b=y."""
    near_b = g.weak_cells(b, y) & ~(1 << a)
    for c in cells_of(g.weak_cells(a, y) & ~(1 << b)):
        hit = g.strong_cells(c, y) & near_b
        if hit:
            return ((c,), y), (((hit & -hit).bit_length() - 1,), y)
    # grouped ends (a digit in a line inside a box)
    wa, wb = set(g.weak_from(((a,), y))), set(g.weak_from(((b,), y)))
    for r1 in sorted(wa):
        if r1[1] != y or a in r1[0] or b in r1[0]:
            continue
        for r2 in g.strong_from(r1):
            if r2[1] == y and r2 in wb and a not in r2[0] and b not in r2[0] and not set(r1[0]) & set(r2[0]):
                return r1, r2
    return None


SKYSCRAPER = Technique("skyscraper", "Skyscraper", 6, 36, find_skyscraper,
                       "Skyscraper on 4: 4 in row 2 is in r2c3 or r2c7, and 4 in row 6 is in r6c3 or r6c8; r2c3 "
                       "and r6c3 share column 3, so r2c7 or r6c8 is 4: r1c8 is not 4.", kinds=BOX_KINDS)
TWO_STRING_KITE = Technique("two-string-kite", "2-String Kite", 6, 40, find_two_string_kite,
                            "2-String Kite on 5: 5 in row 1 is in r1c2 or r1c6, and 5 in column 3 is in r3c3 or "
                            "r8c3; r1c2 and r3c3 share box 1, so r1c6 or r8c3 is 5: r8c6 is not 5.", kinds=BOX_KINDS)
EMPTY_RECTANGLE = Technique("empty-rectangle", "Empty Rectangle", 6, 42, find_empty_rectangle,
                            "Empty Rectangle on 7: in box 5, 7 is in r4c4 or r4c5 or in r5c6 or r6c6; 7 in column 2 "
                            "is in r4c2 or r9c2, and r4c2 sees r4c4 and r4c5, so 7 is in r9c2 or in r5c6 or r6c6: "
                            "r9c6 is not 7.", kinds=BOX_KINDS)
TURBOT_FISH = Technique("turbot-fish", "Turbot fish", 6, 44, find_turbot_fish,
                        "Turbot fish on 3: 3 in box 1 is in r2c2 or r3c1, and 3 in cage c (10) is in r3c5 or r4c5; "
                        "r3c1 and r3c5 share row 3, so r2c2 or r4c5 is 3: r4c2 is not 3.")
W_WING = Technique("w-wing", "W-Wing", 6, 46, find_w_wing,
                   "W-Wing: r2c3 and r7c8 are both 1/9, and 9 in column 5 is in r2c5 or r7c5, so r2c8 is not 1.")

TECHNIQUES = (SKYSCRAPER, TWO_STRING_KITE, EMPTY_RECTANGLE, TURBOT_FISH, W_WING)
