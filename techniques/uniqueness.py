"""Uniqueness: patterns that would give a puzzle two solutions, so cannot be.

A *deadly pattern* is four cells at the corners of a rectangle that could
hold two digits ``a`` and ``b`` crosswise (``a b / b a``) in a way that can be
swapped (``b a / a b``) without breaking any rule.  If the puzzle has exactly
one solution, no solution holds such a pattern, so the candidates that would
complete it can go.  These techniques are sound **only** for a puzzle the
exact solver has proved unique: each asks :attr:`~solver.contract.Context.unique`,
which the engine sets for a run from a puzzle's start (never for a person's
position, a hand-made state, or a puzzle with several solutions), and finds
nothing without that proof.

When is a swap harmless?  The four cells must pair up two by two along the
rectangle's sides (``A-B``, ``C-D``, ``A-C``, ``B-D``), each side inside a
region whose digits differ (so that the pattern is forced crosswise), and
every region of the puzzle that holds any of the four must hold exactly one
side (or all four, when its digits may repeat): then the swap keeps each
region's set of digits and its total.  A region holding one corner alone (a
rectangle over four boxes), a diagonal, or three corners, breaks it.  A
Kropki dot or negative-rule pair from a corner to a cell outside must hold
for both digits alike against every candidate of that cell.  Comparisons
between cage totals keep because every total does.  These rules hold for
Sudoku, jigsaw, Killer, Greater Killer, Kakuro and Kropki grids alike.

* **unique rectangle type 1** (level 6): three corners are ``a/b`` only, so
  the fourth is neither ``a`` nor ``b``;
* **unique rectangle type 2** (level 7): two corners on one side are
  ``a/b``, the other two ``a/b/x``: one of those is ``x``, so ``x`` leaves the
  cells that see both;
* **unique rectangle type 3** (level 7): two corners on one side are
  ``a/b``; the other two (one region) hold extra digits, one of which they
  must take: with other cells of that region they form a naked subset;
* **unique rectangle type 4** (level 7): two corners on one side are
  ``a/b``; in a region holding the other two, ``a`` can only go there, so
  neither of them is ``b``;
* **hidden rectangle** (level 7): one corner is ``a/b``; on the two sides
  through the opposite corner, ``b`` can only go in the rectangle, so that
  corner is not ``a``;
* **BUG+1** (level 6, classic houses only): every open cell but one has two
  candidates, and each digit has two places in every house; the one cell
  with three must take the digit that breaks that balance.

Each step's sentence says it holds "because the puzzle has one solution".
``--without uniqueness`` (``without=["uniqueness"]``) leaves the family out.
"""

from __future__ import annotations

from itertools import combinations as choose
from typing import Iterator

from solver.bits import POPCOUNT, digits_of
from solver.contract import Context, Technique
from solver.model import Puzzle, pair_holds, per_puzzle
from solver.step import Step

from .combinations import digit_ranges, losses_text, or_list, required_digits
from .common import cells_text, digit_list, region_key

#: A rectangle's corners ``(A, B, C, D)``: ``A-B`` and ``C-D`` are one pair of
#: opposite sides, ``A-C`` and ``B-D`` the other; ``A``/``D`` and ``B``/``C`` are diagonal.
Rect = tuple[int, int, int, int]
#: The sides, as corner positions within a :data:`Rect`, and for each side the opposite one.
SIDES: tuple[tuple[int, int], ...] = ((0, 1), (2, 3), (0, 2), (1, 3))
OPPOSITE: dict[tuple[int, int], tuple[int, int]] = {(0, 1): (2, 3), (2, 3): (0, 1), (0, 2): (1, 3), (1, 3): (0, 2)}
FAMILY = "uniqueness"
BECAUSE = "because the puzzle has one solution"


# --- which rectangles may be swapped ---------------------------------------------------------
def _shares_distinct(puzzle: Puzzle, x: int, y: int) -> bool:
    regions = puzzle.regions
    return any(regions[ri].distinct for ri in set(puzzle.cell_regions[x]) & set(puzzle.cell_regions[y]))


def swappable(puzzle: Puzzle, rect: Rect) -> bool:
    """Whether swapping two digits crosswise in ``rect`` keeps every region's
    rule: each side lies in a region whose digits differ, and every region
    holding a corner holds exactly one side (or all four corners, when its
    digits may repeat), so its digits and total stay the same.

    >>> from puzzles import sample
    >>> p = sample("sudoku-1")
    >>> at = lambda r, c: p.cell_at((r, c))
    >>> swappable(p, (at(0, 0), at(0, 3), at(3, 0), at(3, 3)))  # two rows, two columns, four boxes
    False
    >>> swappable(p, (at(0, 0), at(0, 3), at(1, 0), at(1, 3)))  # two boxes
    True
    """
    sides = {frozenset((rect[i], rect[j])) for i, j in SIDES}
    corners = set(rect)
    for i, j in SIDES:
        if not _shares_distinct(puzzle, rect[i], rect[j]):
            return False
    seen: set[int] = set()
    for x in rect:
        for ri in puzzle.cell_regions[x]:
            if ri in seen:
                continue
            seen.add(ri)
            held = frozenset(c for c in corners if ri in puzzle.cell_regions[c])
            if held in sides or (len(held) == 4 and not puzzle.regions[ri].distinct):
                continue
            return False
    return True


@per_puzzle
def rectangles(puzzle: Puzzle) -> tuple[tuple[Rect, ...], dict[int, tuple[Rect, ...]]]:
    """The puzzle's swappable rectangles (:func:`swappable`), and for each
    cell those it is a corner of.  Corners: ``A`` top left, ``B`` top right,
    ``C`` bottom left, ``D`` bottom right."""
    by_row: dict[int, dict[int, int]] = {}
    for cell, (r, c) in enumerate(puzzle.cells):
        by_row.setdefault(r, {})[c] = cell
    rows = sorted(by_row)
    found: list[Rect] = []
    for i, r1 in enumerate(rows):
        for r2 in rows[i + 1:]:
            common = sorted(set(by_row[r1]) & set(by_row[r2]))
            for c1, c2 in choose(common, 2):
                rect = (by_row[r1][c1], by_row[r1][c2], by_row[r2][c1], by_row[r2][c2])
                if swappable(puzzle, rect):
                    found.append(rect)
    per_cell: dict[int, list[Rect]] = {}
    for rect in found:
        for x in rect:
            per_cell.setdefault(x, []).append(rect)
    return tuple(found), {c: tuple(rs) for c, rs in per_cell.items()}


def pairs_keep(puzzle: Puzzle, masks: list[int], rect: Rect, a: int, b: int) -> bool:
    """Whether every dot (or negative-rule pair) from a corner to a cell
    outside the rectangle holds for ``a`` exactly when it holds for ``b``,
    against every candidate of the outside cell (dots inside the rectangle
    join two corners of one side, and swapping keeps them)."""
    corners = set(rect)
    for x in rect:
        for pi in puzzle.cell_pairs[x]:
            pair = puzzle.pairs[pi]
            other = pair.b if pair.a == x else pair.a
            if other in corners:
                continue
            for y in digits_of(masks[other]):
                if pair_holds(pair.kind, a, y) != pair_holds(pair.kind, b, y):
                    return False
    return True


def _live(ctx: Context, min_bivalue: int = 1) -> Iterator[tuple[Rect, int, int]]:
    """Each swappable rectangle whose four corners all hold both of two digits
    ``a < b``, with at least ``min_bivalue`` corners holding only those two,
    and whose dots keep under the swap: ``(rect, a, b)``, each once."""
    masks = ctx.state.masks
    puzzle = ctx.puzzle
    _, per_cell = rectangles(puzzle)
    done: set[tuple[Rect, int]] = set()
    for cell, mask in enumerate(masks):
        if POPCOUNT[mask] != 2 or cell not in per_cell:
            continue
        for rect in per_cell[cell]:
            if (rect, mask) in done:
                continue
            done.add((rect, mask))
            if any(masks[x] & mask != mask for x in rect):
                continue
            if sum(masks[x] == mask for x in rect) < min_bivalue:
                continue
            a, b = digits_of(mask)
            if pairs_keep(puzzle, masks, rect, a, b):
                yield rect, a, b


def _deadly(ctx: Context, rect: Rect, a: int, b: int) -> str:
    """The shared reason: the crosswise pattern could be swapped."""
    return (f"the four cells (paired along {_sides_text(ctx, rect)}) would hold {a} and {b} crosswise, and "
            f"swapping them would break no rule: the puzzle would have two solutions")


def _sides_text(ctx: Context, rect: Rect) -> str:
    """The regions of the rectangle's sides, by name (``row 1, row 4, column 2 and column 7``)."""
    names: list[str] = []
    regions = ctx.puzzle.regions
    for i, j in SIDES:
        shared = sorted(set(ctx.puzzle.cell_regions[rect[i]]) & set(ctx.puzzle.cell_regions[rect[j]]))
        line = [ri for ri in shared if regions[ri].distinct and regions[ri].kind in ("row", "column", "across", "down")]
        pick = line[0] if line else next(ri for ri in shared if regions[ri].distinct)
        if regions[pick].name not in names:
            names.append(regions[pick].name)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _highlight(ctx: Context, rect: Rect, a: int, b: int) -> dict:
    masks = ctx.state.masks
    ab = 1 << a | 1 << b
    return {"cells": tuple(sorted(rect)), "candidates": tuple((x, masks[x] & ab) for x in sorted(rect))}


def digits_text(mask: int) -> list[str]:
    """A mask's digits as words for :func:`~techniques.combinations.or_list`."""
    return [str(d) for d in digits_of(mask)]


def _sees_both(ctx: Context, x: int, y: int) -> set[int]:
    peers = ctx.puzzle.peers
    return set(peers[x]) & set(peers[y])


# --- the rectangles ---------------------------------------------------------------------------
def find_unique_rectangle_1(ctx: Context) -> Iterator[Step]:
    """Three corners ``a/b`` only: the fourth is neither."""
    if ctx.uniqueness is None:
        return
    masks = ctx.state.masks
    for rect, a, b in _live(ctx, 3):
        ab = 1 << a | 1 << b
        roof = [x for x in rect if masks[x] != ab]
        if len(roof) != 1:
            continue
        if not ctx.unique:
            return
        d = roof[0]
        text = ""
        if ctx.explain:
            floor = [x for x in rect if x != d]
            text = (f"Unique rectangle: {cells_text(ctx, floor)} can only be {a}/{b}. If {ctx.name(d)} were {a} or "
                    f"{b}, {_deadly(ctx, rect, a, b)}; {BECAUSE}, {ctx.name(d)} is neither {a} nor {b}.")
        yield Step("unique-rectangle-1", "Unique rectangle type 1", 6, text, eliminations=((d, ab),),
                   **_highlight(ctx, rect, a, b))


def _floors(ctx: Context, rect: Rect, ab: int) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """Each side whose two corners are exactly ``a/b`` while the opposite side's both hold more:
    ``(floor, roof)`` as cell pairs."""
    masks = ctx.state.masks
    for side in SIDES:
        floor = (rect[side[0]], rect[side[1]])
        far = OPPOSITE[side]
        roof = (rect[far[0]], rect[far[1]])
        if all(masks[x] == ab for x in floor) and all(masks[x] != ab for x in roof):
            yield floor, roof


def find_unique_rectangle_2(ctx: Context) -> Iterator[Step]:
    """Two corners of one side ``a/b``, the other two ``a/b/x``: ``x`` is in one of them."""
    if ctx.uniqueness is None:
        return
    masks = ctx.state.masks
    for rect, a, b in _live(ctx, 2):
        ab = 1 << a | 1 << b
        for floor, roof in _floors(ctx, rect, ab):
            extra = masks[roof[0]] & ~ab
            if POPCOUNT[extra] != 1 or masks[roof[1]] & ~ab != extra:
                continue
            targets = sorted(c for c in _sees_both(ctx, *roof) if masks[c] & extra and c not in rect)
            if not targets:
                continue
            if not ctx.unique:
                return
            x = digits_of(extra)[0]
            elims = tuple((c, extra) for c in targets)
            text = ""
            if ctx.explain:
                text = (f"Unique rectangle (type 2): {cells_text(ctx, floor)} can only be {a}/{b}, and "
                        f"{cells_text(ctx, roof)} are {a}/{b}/{x}. Without {x} in one of them, "
                        f"{_deadly(ctx, rect, a, b)}; {BECAUSE}, one of {cells_text(ctx, roof)} is {x}, so "
                        f"{x} leaves the cells that see both: {losses_text(ctx, list(elims))}.")
            yield Step("unique-rectangle-2", "Unique rectangle type 2", 7, text, eliminations=elims,
                       **_highlight(ctx, rect, a, b))


def find_unique_rectangle_3(ctx: Context) -> Iterator[Step]:
    """Two corners of one side ``a/b``; the other two hold extra digits, one
    of which they must take, so they act as one cell of a naked subset."""
    if ctx.uniqueness is None:
        return
    masks = ctx.state.masks
    for rect, a, b in _live(ctx, 2):
        ab = 1 << a | 1 << b
        for floor, roof in _floors(ctx, rect, ab):
            extra = (masks[roof[0]] | masks[roof[1]]) & ~ab
            if POPCOUNT[extra] > 3:
                continue
            for region in ctx.regions():
                if not region.distinct or roof[0] not in region.cells or roof[1] not in region.cells:
                    continue
                others = [c for c in region.cells if c not in roof and POPCOUNT[masks[c]] >= 2]
                for n in range(1, 4):
                    for group in choose(others, n):
                        union = extra
                        for c in group:
                            union |= masks[c]
                        if POPCOUNT[union] != n + 1:
                            continue
                        elims = tuple((c, masks[c] & union) for c in region.cells
                                      if c not in roof and c not in group and masks[c] & union)
                        if not elims:
                            continue
                        if not ctx.unique:
                            return
                        text = ""
                        if ctx.explain:
                            text = (f"Unique rectangle (type 3): {cells_text(ctx, floor)} can only be {a}/{b}, and "
                                    f"one of {cells_text(ctx, roof)} must be {or_list(digits_text(extra))}, "
                                    f"{BECAUSE}: otherwise {_deadly(ctx, rect, a, b)}. With "
                                    f"{cells_text(ctx, group)}, that "
                                    f"makes {n + 1} digits {digit_ranges(union)} in {n + 1} places of "
                                    f"{region.name} (a naked subset), so they leave the rest of it: "
                                    f"{losses_text(ctx, list(elims))}.")
                        h = _highlight(ctx, rect, a, b)
                        yield Step("unique-rectangle-3", "Unique rectangle type 3", 7, text, eliminations=elims,
                                   cells=tuple(sorted(rect)) + tuple(group), regions=(region_key(region),),
                                   candidates=h["candidates"] + tuple((c, masks[c]) for c in group))


def find_unique_rectangle_4(ctx: Context) -> Iterator[Step]:
    """Two corners of one side ``a/b``; in a region holding the other two,
    ``a`` can only go there: so neither of them is ``b``."""
    if ctx.uniqueness is None:
        return
    masks = ctx.state.masks
    max_digit = ctx.puzzle.max_digit
    for rect, a, b in _live(ctx, 2):
        ab = 1 << a | 1 << b
        for floor, roof in _floors(ctx, rect, ab):
            for u, v in ((a, b), (b, a)):
                bit = 1 << u
                home = next((r for r in ctx.regions() if r.distinct and roof[0] in r.cells and roof[1] in r.cells
                             and required_digits(r, masks, max_digit) & bit
                             and not any(masks[c] & bit for c in r.cells if c not in roof)), None)
                if home is None:
                    continue
                if not ctx.unique:
                    return
                elims = tuple((c, 1 << v) for c in sorted(roof))
                text = ""
                if ctx.explain:
                    text = (f"Unique rectangle (type 4): {cells_text(ctx, floor)} can only be {a}/{b}, and "
                            f"{home.name} needs {u}, which can only go in {ctx.name(roof[0])} or "
                            f"{ctx.name(roof[1])}. If either of them were {v}, {_deadly(ctx, rect, a, b)}; "
                            f"{BECAUSE}, {cells_text(ctx, roof)} "
                            f"lose {v}.")
                yield Step("unique-rectangle-4", "Unique rectangle type 4", 7, text, eliminations=elims,
                           regions=(region_key(home),), **_highlight(ctx, rect, a, b))


def _only_pair(ctx: Context, x: int, y: int, digit: int):
    """A distinct region holding ``x`` and ``y`` that needs ``digit``, which can only go in those two."""
    masks = ctx.state.masks
    bit = 1 << digit
    for r in ctx.regions():
        if r.distinct and x in r.cells and y in r.cells and required_digits(r, masks, ctx.puzzle.max_digit) & bit \
                and not any(masks[c] & bit for c in r.cells if c != x and c != y):
            return r
    return None


def find_hidden_rectangle(ctx: Context) -> Iterator[Step]:
    """One corner ``a/b``; on both sides through the opposite corner ``b``
    can only go in the rectangle: the opposite corner is not ``a``."""
    if ctx.uniqueness is None:
        return
    masks = ctx.state.masks
    for rect, a, b in _live(ctx, 1):
        ab = 1 << a | 1 << b
        for k, corner in enumerate(rect):
            if masks[corner] != ab:
                continue
            far = rect[3 - k]  # the diagonal opposite
            sides = [x for x in rect if x not in (corner, far)]
            for u, v in ((a, b), (b, a)):
                one = _only_pair(ctx, far, sides[0], u)
                two = _only_pair(ctx, far, sides[1], u) if one is not None else None
                if one is None or two is None or not masks[far] >> v & 1:
                    continue
                if not ctx.unique:
                    return
                text = ""
                if ctx.explain:
                    text = (f"Hidden rectangle: {ctx.name(corner)} can only be {a}/{b}; {u} can only go in "
                            f"{ctx.name(far)} or {ctx.name(sides[0])} in {one.name}, and in {ctx.name(far)} or "
                            f"{ctx.name(sides[1])} in {two.name}. If {ctx.name(far)} were {v}, both would be {u} "
                            f"and {ctx.name(corner)} {v}: {_deadly(ctx, rect, a, b)}; {BECAUSE}, "
                            f"{ctx.name(far)} is not {v}.")
                yield Step("hidden-rectangle", "Hidden rectangle", 7, text, eliminations=((far, 1 << v),),
                           regions=(region_key(one), region_key(two)), **_highlight(ctx, rect, a, b))


# --- BUG+1 ------------------------------------------------------------------------------------
def _houses_only(puzzle: Puzzle) -> bool:
    """Whether every rule is a full house (all digits once, no total), as BUG+1 needs."""
    return not puzzle.pairs and not puzzle.comparisons and all(
        r.distinct and r.total is None and len(r.cells) == puzzle.max_digit for r in puzzle.regions)


def _balanced(puzzle: Puzzle, masks: list[int]) -> bool:
    """Every house has each digit in none or two of its open cells, and never
    one placed there too: then every open cell could take its other digit."""
    for region in puzzle.regions:
        counts = [0] * (puzzle.max_digit + 1)
        fixed = 0
        for c in region.cells:
            m = masks[c]
            if POPCOUNT[m] == 1:
                fixed |= m
            else:
                for d in digits_of(m):
                    counts[d] += 1
        for d, n in enumerate(counts):
            if n and (n != 2 or fixed >> d & 1):
                return False
    return True


def find_bug_plus_one(ctx: Context) -> Iterator[Step]:
    """Every open cell but one has two candidates; that one takes the digit
    without which every house would hold each open digit twice (a BUG)."""
    if ctx.uniqueness is None or not _houses_only(ctx.puzzle):
        return
    masks = ctx.state.masks
    triple = None
    for c, m in enumerate(masks):
        n = POPCOUNT[m]
        if n == 3 and triple is None:
            triple = c
        elif n >= 3:
            return
    if triple is None:
        return
    for x in digits_of(masks[triple]):
        trial = list(masks)
        trial[triple] &= ~(1 << x)
        if not _balanced(ctx.puzzle, trial):
            continue
        if not ctx.unique:
            return
        text = ""
        if ctx.explain:
            name = ctx.name(triple)
            text = (f"BUG+1: every open cell but {name} has two candidates, and {name} has "
                    f"{digit_list(masks[triple])}. Without {x} there, each digit would have two places in every "
                    f"house it is open in, and each cell could take its other digit: two solutions or none; "
                    f"{BECAUSE}, {name} is {x}.")
        yield Step("bug-plus-1", "BUG+1", 6, text, placements=((triple, x),), cells=(triple,),
                   candidates=((triple, masks[triple]),))
        return


UNIQUE_RECTANGLE_1 = Technique("unique-rectangle-1", "Unique rectangle type 1", 6, 30, find_unique_rectangle_1,
                               "r1c1, r1c5 and r3c1 can only be 2/7; if r3c5 were 2 or 7 the four could be swapped, "
                               "so, because the puzzle has one solution, r3c5 is neither.")
BUG_PLUS_1 = Technique("bug-plus-1", "BUG+1", 6, 30, find_bug_plus_one,
                       "every open cell but r5c5 has two candidates; without 5 there the grid would have two "
                       "solutions, so, because the puzzle has one solution, r5c5 is 5.", kinds=("sudoku",))
UNIQUE_RECTANGLE_2 = Technique("unique-rectangle-2", "Unique rectangle type 2", 7, 40, find_unique_rectangle_2,
                               "r1c1 and r1c5 are 2/7, r4c1 and r4c5 are 2/7/9: one of them is 9 (because the "
                               "puzzle has one solution), so 9 leaves row 4.")
UNIQUE_RECTANGLE_4 = Technique("unique-rectangle-4", "Unique rectangle type 4", 7, 40, find_unique_rectangle_4,
                               "r1c1 and r1c5 are 2/7; row 4 needs 2 only in r4c1 or r4c5, so (because the puzzle "
                               "has one solution) neither is 7.")
UNIQUE_RECTANGLE_3 = Technique("unique-rectangle-3", "Unique rectangle type 3", 7, 45, find_unique_rectangle_3,
                               "r1c1 and r1c5 are 2/7, so one of r4c1 and r4c5 is 3 or 9 (because the puzzle has one "
                               "solution); with r4c8 (3/9) a naked pair in row 4.")
HIDDEN_RECTANGLE = Technique("hidden-rectangle", "Hidden rectangle", 7, 45, find_hidden_rectangle,
                             "r1c1 is 2/7 and 7 can only be in the rectangle on both sides through r4c5, so "
                             "(because the puzzle has one solution) r4c5 is not 2.")

LEVEL_6 = (UNIQUE_RECTANGLE_1, BUG_PLUS_1)
LEVEL_7 = (UNIQUE_RECTANGLE_2, UNIQUE_RECTANGLE_4, UNIQUE_RECTANGLE_3, HIDDEN_RECTANGLE)
TECHNIQUES = LEVEL_6 + LEVEL_7
