"""Innies and outies (the rule of 45) and cage splitting, for the Sudoku-type kinds with cages.

A union of houses (one or more rows, columns, boxes or irregular regions)
holds every digit once per house, so it totals 45 per house (N(N+1)/2 on an
N x N grid with digits 1..N: 21 on 6x6, 10 on 4x4; the sentences name the
right total).  Take away the cages wholly
inside and what is left is the sum of the *innies*, the cells inside that
belong to cages sticking out; count a sticking-out cage whole instead and
its cells outside (the *outies*) come in with a minus sign.  Choosing which
sticking-out cages to count gives every equation of the union:

* **innies and outies** (``innies-outies``): one innie or outie is a digit
  (``row 3 totals 45 and the cages wholly inside total 38, so r3c9 = 7``);
  a few of them have a known sum (a virtual region: distinct only when the
  cells share a house or cage); an innie minus an outie is a known
  difference (``r1c9 - r2c9 = 3``: a digit of one with no partner in the
  other goes);
* **a house's digits inside a derived sum** (``innies-outies`` too): when a
  house can place some digits only in the cells of a distinct derived sum,
  the sum holds them (``... so the innies r1c1 + r2c1 + r5c1 + r8c1 + r9c1
  = 26.  In column 1, 2 and 7 can only go in r1c1, r2c1 and r5c1, all in
  these cells; so the sum holds 2 and 7 and must be 2+4+5+7+8``), and the
  sum becomes a virtual region;
* **cage splitting** (``cage-splitting``): when the innies (or outies) all
  lie in one cage, that cage splits into the part inside, whose sum is now
  known, and the part outside; both parts are distinct, being in one cage.

The unions are those of :func:`solver.derived.house_unions` (each house, two
to five consecutive rows or columns, two neighbouring boxes) plus 2x2 and
L-shaped groups of boxes.  The equations are derived once per puzzle; each
call only checks candidates.  Simplest first: a single innie or outie, then
sums by size, then differences.

>>> from puzzles import sample
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = sample("killer-1")
>>> killer_equations(p)[0].reason
'box 8 totals 45 and the cages wholly inside total 43, so the innie r7c6 = 45 - 43 = 2'
>>> step = next(find_innies_outies(Context(p, Candidates.initial(p), TECHNIQUES)))
>>> step.placements, step.text
(((59, 2),), 'box 8 totals 45 and the cages wholly inside total 43, so the innie r7c6 = 45 - 43 = 2.')
"""

from __future__ import annotations

from typing import Iterator

from solver.derived import box_layout, house_unions
from solver.contract import Context, Technique
from solver.model import HOUSE_KINDS, Puzzle, Region, per_puzzle
from solver.step import Step

from .algebra import INFO, Equation, find_equations, make_equation, region_names
from .common import CAGE_KINDS, region_key
from .intersections import holding_effects, holding_text, house_claims

MAX_SUM_CELLS = 5
"""A derived sum covers at most this many cells."""
MAX_MIXED_CELLS = 6
"""An innie-outie difference covers at most this many cells."""


def box_groups(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """2x2 squares of boxes and the L-shaped threes inside them (region indexes)."""
    layout = box_layout(puzzle)
    out: list[tuple[int, ...]] = []
    for band in range(len(layout) - 1):
        for stack in range(len(layout[band]) - 1):
            top, bottom = layout[band], layout[band + 1]
            square = (top[stack], top[stack + 1], bottom[stack], bottom[stack + 1])
            out.append(square)
            for skip in range(4):
                out.append(tuple(b for k, b in enumerate(square) if k != skip))
    return out


def _flip_sets(base: int, deltas: list[int], limit: int) -> Iterator[tuple[int, ...]]:
    """Subsets of positions whose deltas bring ``base`` to between 1 and ``limit``."""
    n = len(deltas)
    best_after = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        best_after[k] = best_after[k + 1] + min(0, deltas[k])
    chosen: list[int] = []

    def go(k: int, count: int) -> Iterator[tuple[int, ...]]:
        if count + best_after[k] > limit:
            return
        if k == n:
            if 1 <= count <= limit:
                yield tuple(chosen)
            return
        yield from go(k + 1, count)
        chosen.append(k)
        yield from go(k + 1, count + deltas[k])
        chosen.pop()

    yield from go(0, base)


@per_puzzle
def killer_equations(puzzle: Puzzle) -> tuple[Equation, ...]:
    """Every innie, outie and innie-outie equation of the puzzle's house unions, simplest first."""
    regions = puzzle.regions
    full_total = puzzle.max_digit * (puzzle.max_digit + 1) // 2
    cages = [i for i, r in enumerate(regions)
             if r.kind not in HOUSE_KINDS and r.kind != "virtual" and r.total is not None]
    cage_of: dict[int, int] = {}
    for ci in cages:
        for c in regions[ci].cells:
            if c in cage_of:
                return ()  # the algebra needs cages that do not overlap
            cage_of[c] = ci
    if not cages:
        return ()
    known = {frozenset(r.cells) for r in regions}
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple]] = {}
    for union in house_unions(puzzle) + box_groups(puzzle):
        houses = [regions[h] for h in union]
        area = {c for h in houses for c in h.cells}
        house_total = sum(h.total if h.total is not None else full_total for h in houses)
        touching = sorted({cage_of[c] for c in area if c in cage_of})
        inside = [ci for ci in touching if area.issuperset(regions[ci].cells)]
        crossing = [ci for ci in touching if ci not in inside]
        inside_total = sum(regions[ci].total or 0 for ci in inside)
        innies = area.difference(*(regions[ci].cells for ci in inside))
        parts_in = [[c for c in regions[ci].cells if c in area] for ci in crossing]
        parts_out = [[c for c in regions[ci].cells if c not in area] for ci in crossing]
        deltas = [len(o) - len(i) for i, o in zip(parts_in, parts_out)]
        for flips in _flip_sets(len(innies), deltas, max(MAX_SUM_CELLS, MAX_MIXED_CELLS)):
            plus = set(innies)
            minus: set[int] = set()
            for k in flips:
                plus.difference_update(parts_in[k])
                minus.update(parts_out[k])
            if plus and minus and len(plus) + len(minus) > MAX_MIXED_CELLS:
                continue
            if not (plus and minus) and len(plus) + len(minus) > MAX_SUM_CELLS:
                continue
            key = (tuple(sorted(plus)), tuple(sorted(minus)))
            if not plus:
                key = (key[1], ())
            if not key[1] and frozenset(key[0]) in known:
                continue  # a house or cage itself: nothing new
            rank = (len(plus) + len(minus), bool(plus and minus), len(union), len(flips))
            if key in found and found[key][0] <= rank:
                continue
            flipped = [crossing[k] for k in flips]
            found[key] = (rank, (union, house_total, inside, inside_total, flipped, plus, minus))
    ordered = sorted(found.items(), key=lambda kv: (kv[1][0], kv[0]))
    return tuple(_equation(puzzle, union, house_total, inside, inside_total, flipped, plus, minus, cage_of)
                 for _, (_, (union, house_total, inside, inside_total, flipped, plus, minus)) in ordered)


def _equation(puzzle: Puzzle, union: tuple[int, ...], house_total: int, inside: list[int], inside_total: int,
              flipped: list[int], plus: set[int], minus: set[int], cage_of: dict[int, int]) -> Equation:
    regions = puzzle.regions
    flip_total = sum(regions[ci].total or 0 for ci in flipped)
    value = house_total - inside_total - flip_total
    cells = plus | minus
    owners = {cage_of.get(c, -1) for c in cells}
    single_cage = len(cells) > 1 and len(owners) == 1 and -1 not in owners and not (plus and minus)
    technique = "cage-splitting" if single_cage else "innies-outies"
    cage = regions[next(iter(owners))] if single_cage else None

    def because() -> str:
        houses = [regions[h] for h in union]
        where = region_names(houses)
        verb = "totals" if len(houses) == 1 else "total"
        inside_text = f"the cages wholly inside total {inside_total}" if inside else "no cage lies wholly inside"
        if not (plus and minus):
            what = ("innie" if plus else "outie") + ("s" if len(cells) > 1 else "")
            if cage is not None:
                what = f"part of {cage.name} {'inside' if plus else 'outside'},"
            lead = f"so the {what} {{formula}} ="
        else:
            lead = "so innies minus outies: {formula} ="
        if not flipped:
            return f"{where} {verb} {house_total} and {inside_text}, {lead} {house_total} - {inside_total} = {value}"
        sticking = _cages_text([regions[ci] for ci in flipped], flip_total)
        if not plus:
            arith = f"{inside_total} + {flip_total} - {house_total} = {-value}"
        else:
            arith = f"{house_total} - {inside_total} - {flip_total} = {value}"
        return f"{where} {verb} {house_total}; {inside_text}, and {sticking}, {lead} {arith}"

    shown = (*union, *inside, *flipped)
    label = f"{'innies' if plus else 'outies'} of {', '.join(regions[h].name for h in union)}"
    return make_equation(puzzle, plus, minus, value, technique, because, shown, label)


def _cages_text(cages: list[Region], total: int) -> str:
    """``cage v (15) sticks out`` or ``cages l (13), n (21) and p (22) stick out (total 56)``."""
    if len(cages) == 1:
        return f"{cages[0].name} ({cages[0].total}) sticks out"
    names = [f"{c.label if c.label else c.name} ({c.total})" for c in cages]
    return f"cages {', '.join(names[:-1])} and {names[-1]} stick out (total {total})"


@per_puzzle
def sums_by_house(puzzle: Puzzle) -> tuple[tuple[int, tuple[Equation, ...], frozenset[int]], ...]:
    """For each house (region index) that some distinct derived sum of two
    cells or more meets: those sums, and every cell a step there reads."""
    sums = [eq for eq in killer_equations(puzzle) if eq.is_sum and eq.distinct and len(eq.cells) > 1]
    out = []
    for hi, house in enumerate(puzzle.regions):
        if house.kind not in HOUSE_KINDS or not house.distinct or len(house.cells) != puzzle.max_digit:
            continue
        own = set(house.cells)
        meeting = tuple(eq for eq in sums if own.intersection(eq.cells))
        if meeting:
            reads = own.union(*(eq.cells for eq in meeting))
            out.append((hi, meeting, frozenset(reads)))
    return tuple(out)


def find_sum_holdings(ctx: Context) -> Iterator[Step]:
    """A house whose cells for some digits all lie in a distinct derived sum:
    the sum holds those digits (its cells outside the house lose them, and it
    keeps only the combinations with them).  The sum becomes a virtual region."""
    masks = ctx.state.masks
    changed = ctx.changed_since_quiet("innies-outies")
    regions = ctx.puzzle.regions
    for hi, meeting, reads in sums_by_house(ctx.puzzle):
        if changed is not None and changed.isdisjoint(reads):
            continue  # nothing a step here reads changed since the last empty search
        house = regions[hi]

        def sums_with(spots: list[int], meeting: tuple[Equation, ...] = meeting) -> list[Equation]:
            return [eq for eq in meeting if all(c in eq.cells for c in spots)]

        for eq, bits, spots in house_claims(masks, house.cells, sums_with):
            effects, combos = holding_effects(masks, house.cells, bits, eq.cells, eq.value)
            if not effects:
                continue
            text = ""
            if ctx.explain:
                text = f"{eq.reason}. " + holding_text(ctx, house, bits, spots, "these cells", "the sum", combos,
                                                        effects)
            yield Step("innies-outies", *INFO["innies-outies"], text, eliminations=effects,
                       cells=tuple(spots),
                       regions=(region_key(house),) + tuple(region_key(regions[i]) for i in eq.shown),
                       candidates=tuple((c, masks[c] & bits) for c in spots), derived=(eq.region(),))


def find_innies_outies(ctx: Context) -> Iterator[Step]:
    yield from find_equations(ctx, killer_equations(ctx.puzzle), "innies-outies")
    yield from find_sum_holdings(ctx)


def find_cage_splitting(ctx: Context) -> Iterator[Step]:
    yield from find_equations(ctx, killer_equations(ctx.puzzle), "cage-splitting")


INNIES_OUTIES = Technique("innies-outies", "Innies and outies", 5, 5, find_innies_outies,
                          "rows 1-2 total 90 and the cages wholly inside total 75, so r2c1 + r2c2 = 15.",
                          kinds=CAGE_KINDS)
CAGE_SPLITTING = Technique("cage-splitting", "Cage splitting", 5, 5, find_cage_splitting,
                           "box 1 totals 45 and the cages wholly inside total 36, so the part of cage d inside, "
                           "r3c2 + r3c3 = 9.", kinds=CAGE_KINDS)

TECHNIQUES = (INNIES_OUTIES, CAGE_SPLITTING)

__all__ = ["CAGE_SPLITTING", "INNIES_OUTIES", "TECHNIQUES", "box_groups", "killer_equations"]
