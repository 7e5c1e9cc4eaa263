r"""Kropki dot groups and clusters: a few cells joined by dots, read as one unit.

* **Kropki dot group** (``kropki-group``, level 5): 2-4 cells of one row,
  column or box joined by white or black dots hold different digits that
  obey every dot between them (and, under the negative rule, every missing
  dot).  Listing what they can hold together, a digit no way gives a cell
  goes, and a digit *every* way uses is locked in the group: it leaves every
  other cell that sees all the group's cells that can hold it.  The classic
  cases: a white pair of 2/3/4 always holds 3; a black chain 1-2-4 or 2-4-8
  always holds 2 and 4.
* **Kropki dot cluster** (``kropki-cluster``, level 6): the same reading of
  up to six cells that dots join across houses (an L over two boxes), or of a
  2x2 square holding a dot grown by dots, where the missing dots of the
  negative rule and the cells that share a house bind the cells together;
  only when the cluster has at most :data:`MAX_WAYS` ways to list.

>>> from puzzles.kropki import build
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = build(white=[((0, 0), (0, 1))], negative=False)
>>> c = Candidates.initial(p)
>>> for cell in (0, 1):
...     c.masks[cell] = 0b11100  # 2, 3 or 4
>>> step = next(find_kropki_group(Context(p, c, TECHNIQUES)))
>>> print(step.text.replace("; ", ";\n").replace(" (r1c3", "\n(r1c3"))
r1c1 and r1c2 share row 1 and are joined by a white dot, so together they can only be 2-3, 3-2, 3-4 or 4-3;
every way holds 3, so 3 leaves the cells that see r1c1 and r1c2
(r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, r2c2, r2c3, r3c1, r3c2 and r3c3).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from solver.bits import POPCOUNT, digits_of
from solver.contract import Context, Technique
from solver.model import HOUSE_KINDS, PAIR_SUPPORT, Puzzle, per_puzzle
from solver.step import Step

from .combinations import cells_text as _cells_text, losses_text, or_list

MAX_GROUP = 6
"""The most cells a group or cluster may have."""

SMALL = 4
"""The most cells of a group ``kropki-group`` reads (all in one house)."""

MAX_WAYS = 40
"""The most ways a group may have for a person to list them (more: the group says nothing)."""

_DOT = {"consecutive": "white", "ratio": "black"}

Relation = tuple[int, int, str]
"""``(i, j, kind)``: positions i < j in a group joined by a pair of that kind."""


@per_puzzle
def dot_groups(puzzle: Puzzle) -> tuple[tuple[tuple[int, ...], tuple[Relation, ...], int | None], ...]:
    """Every set of 2-:data:`MAX_GROUP` cells that white and black dots connect, or that
    dots connect to a 2x2 square holding a dot:
    ``(cells, relations, house index)``, the relations covering every pair of its cells
    that must differ (``"differ"``: they share a house) or has a pair relation (a dot or,
    under the negative rule, none); the house is one holding every cell (None if none).
    Smaller sets come first."""
    kind_of: dict[tuple[int, int], str] = {}
    for pair in puzzle.pairs:
        kind_of[(pair.a, pair.b)] = kind_of[(pair.b, pair.a)] = pair.kind
    adj: dict[int, set[int]] = {}
    for (a, b), kind in kind_of.items():
        if kind in _DOT:
            adj.setdefault(a, set()).add(b)
    found: set[frozenset[int]] = set()
    frontier = {frozenset((a, b)) for a in adj for b in adj[a] if a < b}
    at = {pos: i for i, pos in enumerate(puzzle.cells)}
    for r, c in at:
        found_square = [at.get(q) for q in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))]
        square = [x for x in found_square if x is not None]
        if len(square) == 4 and any(kind_of.get((x, y)) in _DOT for x in square for y in square):
            frontier.add(frozenset(square))
    while frontier:
        found |= frontier
        grown: set[frozenset[int]] = set()
        for s in frontier:
            if len(s) < MAX_GROUP:
                for c in s:
                    for n in adj.get(c, set()) - s:
                        grown.add(s | {n})
        frontier = grown - found
    houses = [(hi, set(r.cells)) for hi, r in enumerate(puzzle.regions) if r.kind in HOUSE_KINDS and r.distinct]
    out = []
    for s in sorted(found, key=lambda s: (len(s), sorted(s))):
        cells = tuple(sorted(s))
        rel = []
        for i in range(len(cells)):
            for j in range(i + 1, len(cells)):
                a, b = cells[i], cells[j]
                if (a, b) in kind_of:
                    rel.append((i, j, kind_of[(a, b)]))
                if b in puzzle.peers[a]:
                    rel.append((i, j, "differ"))
        house = next((hi for hi, inside in houses if s <= inside), None)
        out.append((cells, tuple(rel), house))
    return tuple(out)


class _TooMany(Exception):
    """More ways than the caller wants listed."""


@lru_cache(maxsize=1 << 16)
def group_ways(masks: tuple[int, ...], rel: tuple[Relation, ...],
               limit: int | None = None) -> tuple[tuple[int, ...], ...] | None:
    """Every way (a digit per cell) the cells with candidates ``masks`` can hold with
    every relation kept (a pair relation, or ``"differ"``), in order; None when there
    are more than ``limit``.

    >>> group_ways((0b11100, 0b11100), ((0, 1, "consecutive"), (0, 1, "differ")))
    ((2, 3), (3, 2), (3, 4), (4, 3))
    """
    n = len(masks)
    checks: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    for i, j, kind in rel:
        checks[j].append((i, kind))
    out: list[tuple[int, ...]] = []
    digits: list[int] = []

    def go(k: int) -> None:
        if k == n:
            out.append(tuple(digits))
            if limit is not None and len(out) > limit:
                raise _TooMany
            return
        for d in digits_of(masks[k]):
            if all(digits[i] != d if kind == "differ" else PAIR_SUPPORT[kind][1 << digits[i]] >> d & 1
                   for i, kind in checks[k]):
                digits.append(d)
                go(k + 1)
                digits.pop()

    try:
        go(0)
    except _TooMany:
        return None
    return tuple(out)


def _ways_text(ways: tuple[tuple[int, ...], ...]) -> str:
    """``only be 2-3, 3-2 or 3-4``; past eight ways their count and two of them."""
    shown = ["-".join(map(str, w)) for w in ways]
    if len(shown) > 8:
        return f"be filled in {len(shown)} ways (such as {shown[0]} or {shown[-1]})"
    return "only be " + (", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else "".join(shown))


def _dots_text(rel: tuple[Relation, ...]) -> str:
    kinds = sorted({_DOT[k] for _, _, k in rel if k in _DOT})
    many = sum(1 for _, _, k in rel if k in _DOT) > 1
    word = " and ".join(kinds) + (" dots" if many else " dot")
    return ("a " if not many else "") + word


def is_small(cells: tuple[int, ...], house: int | None) -> bool:
    """A group for ``kropki-group``: at most :data:`SMALL` cells of one house (the rest,
    bigger or across houses, are ``kropki-cluster``'s)."""
    return house is not None and len(cells) <= SMALL


def find_kropki_group(ctx: Context) -> Iterator[Step]:
    """One step per small dot group (:func:`is_small`) that loses a candidate or locks a
    digit others lose."""
    return _find(ctx, True)


def find_kropki_cluster(ctx: Context) -> Iterator[Step]:
    """The same for the other groups: up to :data:`MAX_GROUP` cells, across houses."""
    return _find(ctx, False)


def _find(ctx: Context, small: bool) -> Iterator[Step]:
    masks = ctx.state.masks
    peers = ctx.puzzle.peers
    tech = KROPKI_GROUP if small else KROPKI_CLUSTER
    for cells, rel, hi in dot_groups(ctx.puzzle):
        if is_small(cells, hi) != small:
            continue
        now = tuple(masks[c] for c in cells)
        if 0 in now or all(POPCOUNT[m] == 1 for m in now):
            continue
        ways = group_ways(now, rel, MAX_WAYS)
        if not ways:
            continue  # too many ways to list (or none: the dots' own business)
        support = [0] * len(cells)
        need = -1
        for w in ways:
            held = 0
            for k, d in enumerate(w):
                support[k] |= 1 << d
                held |= 1 << d
            need &= held
        elims: dict[int, int] = {}
        for k, c in enumerate(cells):
            if now[k] & ~support[k]:
                elims[c] = now[k] & ~support[k]
        locked: list[tuple[int, list[int]]] = []
        group = set(cells)
        for d in digits_of(need):
            holders = [c for k, c in enumerate(cells) if support[k] >> d & 1]
            if len(holders) < 2:
                continue  # a digit fixed in one cell: a single's job
            common = set(peers[holders[0]])
            for c in holders[1:]:
                common &= peers[c]
            hit = [c for c in sorted(common - group) if masks[c] >> d & 1]
            if hit:
                locked.append((d, hit))
                for c in hit:
                    elims[c] = elims.get(c, 0) | 1 << d
        if not elims:
            continue
        text = ""
        if ctx.explain:
            names = [ctx.name(c) for c in cells]
            who = ", ".join(names[:-1]) + " and " + names[-1]
            where = f"share {ctx.puzzle.regions[hi].name} and " if hi is not None else ""
            bare = [f"{names[i]} and {names[j]}" for i, j, k in rel if k == "neither"]
            none = f" (and no dot between {' or between '.join(bare)})" if bare else ""
            text = f"{who} {where}are joined by {_dots_text(rel)}{none}, so together they can {_ways_text(ways)}"
            notes = []
            own = [(c, m) for c, m in elims.items() if c in group]
            if own and len(ways) > 8:
                which = or_list([f"{ctx.name(c)} = {or_list([str(d) for d in digits_of(m)])}" for c, m in own])
                notes.append(f"none has {which}, so {losses_text(ctx, own)}")
            elif own:
                notes.append(f"so {losses_text(ctx, own)}")
            for d, hit in locked:
                holders = [c for k, c in enumerate(cells) if support[k] >> d & 1]
                notes.append(f"every way holds {d}, so {d} leaves the cells that see {_cells_text(ctx, holders)} "
                             f"({_cells_text(ctx, hit)})")
            text += "; " + "; ".join(notes) + "."
        yield Step(tech.id, tech.name, tech.level, text, eliminations=tuple(sorted(elims.items())),
                   cells=cells, regions=((ctx.puzzle.regions[hi].name, cells),) if hi is not None else (),
                   candidates=tuple((c, support[k]) for k, c in enumerate(cells)))


KROPKI_GROUP = Technique("kropki-group", "Kropki dot group", 5, 20, find_kropki_group,
                         "r4c5 and r4c6 share row 4 and are joined by a white dot, so together they can only be 2-3, "
                         "3-2, 3-4 or 4-3; every way holds 3, so 3 leaves the cells that see r4c5 and r4c6.",
                         kinds=("kropki",))
KROPKI_CLUSTER = Technique("kropki-cluster", "Kropki dot cluster", 6, 45, find_kropki_cluster,
                           "r4c6, r4c7, r5c6 and r5c7 are joined by black and white dots (and no dot between r5c6 "
                           "and r5c7), so together they can only be 4-2-8-3 or 4-8-2-7; so r5c6 loses 1, 4 and 6.",
                           kinds=("kropki",))

TECHNIQUES = (KROPKI_GROUP, KROPKI_CLUSTER)
