"""Dead ends: a cell or region left with no option.

A state is a dead end when a cell has no candidate left, a house has no
place left for some digit, a region of different digits has too few digits
or no fitting combination for its total, a sum cannot reach its total, a
Kropki dot (or the negative rule) has no pair of digits left, or a sum
comparison cannot hold.  Contradiction chains end at one, named in words.

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=4),))
>>> ctx = Context(p, Candidates(p, [0b10, 0b10]), ())
>>> dead_end(ctx).sentence
'cage a (4) would need 2 different digits, but its cells allow only 1 (1).'
>>> ctx.state.masks[1] = 0b1000
>>> dead_end(ctx) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.bits import HIGH, LOW, POPCOUNT, combinations, digits_of, full_mask
from solver.contract import Context
from solver.model import PAIR_SUPPORT, Puzzle, Region, per_puzzle

from .common import describe, digit_list, region_key


@dataclass(frozen=True)
class DeadEnd:
    """Why a state has no solution: a clause (``r5c5 would have no candidate
    left``) and what to highlight."""

    clause: str
    cells: tuple[int, ...] = ()
    regions: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def sentence(self) -> str:
        """The clause as a sentence."""
        text = self.clause
        if text.startswith("the "):
            text = "T" + text[1:]
        return text + "."


_PAIR_WORDS = {"consecutive": "the white dot between {a} and {b} (digits one apart)",
               "ratio": "the black dot between {a} and {b} (one digit double the other)",
               "neither": "{a} and {b} (no dot: neither one apart nor one double the other)"}
_HOUSE, _ALL_DIFFERENT, _CAGE, _SUM, _FREE = range(5)
Rule = tuple[int, tuple[int, ...], int, tuple[int, ...]]  # (kind, cells, total or full mask, combos)


def _rule(region: Region, max_digit: int) -> Rule:
    cells = region.cells
    if region.distinct:
        if region.total is None:
            if len(cells) == max_digit:
                return (_HOUSE, cells, full_mask(max_digit), ())
            return (_ALL_DIFFERENT, cells, 0, ())
        return (_CAGE, cells, region.total, tuple(combinations(len(cells), region.total, max_digit)))
    if region.total is not None:
        return (_SUM, cells, region.total, ())
    return (_FREE, cells, 0, ())


@per_puzzle
def _rules(puzzle: Puzzle) -> tuple[Rule, ...]:
    """What each region of the puzzle demands, compiled for :func:`_holds`."""
    return tuple(_rule(r, puzzle.max_digit) for r in puzzle.regions)


def _holds(rule: Rule, masks: list[int]) -> bool:
    """False when the region is left with no option."""
    kind, cells, value, combos = rule
    if kind == _SUM:
        lo = hi = 0
        for c in cells:
            m = masks[c]
            lo += LOW[m]
            hi += HIGH[m]
        return lo <= value <= hi
    if kind == _FREE:
        return True
    union = 0
    for c in cells:
        union |= masks[c]
    if kind == _HOUSE:
        return union & value == value
    if POPCOUNT[union] < len(cells):
        return False
    if kind == _ALL_DIFFERENT:
        return True
    for combo in combos:
        if combo & ~union:
            continue
        for c in cells:
            if not masks[c] & combo:
                break
        else:
            return True
    return False


def _needed(rule: Rule, masks: list[int]) -> int:
    """For a cage rule: the digits in every combination that :func:`_holds` sees fit
    (every digit, so that the rule is always checked, for other rules or when none fits)."""
    kind, cells, _, combos = rule
    if kind != _CAGE:
        return -1
    union = 0
    for c in cells:
        union |= masks[c]
    need = -1
    fits = False
    for combo in combos:
        if combo & ~union or not all(masks[c] & combo for c in cells):
            continue
        need &= combo
        fits = True
    return need if fits and POPCOUNT[union] >= len(cells) else -1


def _region_dead_end(ctx: Context, region: Region) -> DeadEnd:
    """Words for a region that :func:`_holds` rejects."""
    masks = ctx.state.masks
    kind, cells, value, _ = _rule(region, ctx.puzzle.max_digit)
    key = (region_key(region),)
    name = describe(region)
    total = "its total" if f"({value})" in name else str(value)
    union = 0
    for c in cells:
        union |= masks[c]
    if kind == _SUM:
        lo = sum(LOW[masks[c]] for c in cells)
        hi = sum(HIGH[masks[c]] for c in cells)
        return DeadEnd(f"{name} could not make {total}: its cells allow totals {lo} to {hi} only", (), key)
    if kind == _HOUSE:
        missing = digits_of(value & ~union)[0]
        return DeadEnd(f"{name} would have no place left for {missing}", (), key)
    if POPCOUNT[union] < len(cells):
        return DeadEnd(f"{name} would need {len(cells)} different digits, but its cells "
                       f"allow only {POPCOUNT[union]} ({digit_list(union)})", (), key)
    return DeadEnd(f"{name} would have no combination of {len(cells)} different digits left that makes "
                   f"{total}", (), key)


_OP_WORDS = {"<": "less than", ">": "more than", "=": "equal to"}


def _sum_bounds(region: Region, masks: list[int]) -> tuple[int, int]:
    """The least and the most a region can add (its total when it has one)."""
    if region.total is not None:
        return region.total, region.total
    return sum(LOW[masks[c]] for c in region.cells), sum(HIGH[masks[c]] for c in region.cells)


def _bounds_text(region: Region, lo: int, hi: int) -> str:
    if region.total is not None:
        return describe(region)
    return f"{describe(region)} (adding {lo})" if lo == hi else f"{describe(region)} (adding {lo} to {hi})"


def dead_end(ctx: Context, changed: Sequence[int] | None = None) -> DeadEnd | None:
    """The first cell or region of ``ctx`` left with no option, looking only
    at cells in ``changed`` and what holds them (default: everything)."""
    masks = ctx.state.masks
    puzzle = ctx.puzzle
    if 0 in masks:
        cell = masks.index(0)
        return DeadEnd(f"{ctx.name(cell)} would have no candidate left", (cell,))
    cells = range(len(masks)) if changed is None else changed
    rules = _rules(puzzle)
    cell_regions = puzzle.cell_regions
    seen: set[int] = set()
    bad = -1
    for c in cells:
        for ri in cell_regions[c]:
            if ri not in seen:
                seen.add(ri)
                if (bad < 0 or ri < bad) and not _holds(rules[ri], masks):
                    bad = ri
    if bad >= 0:
        return _region_dead_end(ctx, puzzle.regions[bad])
    if ctx.virtual:
        touched = set(cells)
        for region in ctx.virtual:
            if touched.intersection(region.cells) and not _holds(_rule(region, puzzle.max_digit), masks):
                return _region_dead_end(ctx, region)
    if puzzle.comparisons:
        touched = set(cells)
        for comp in puzzle.comparisons:
            left, right = puzzle.regions[comp.left], puzzle.regions[comp.right]
            if touched.intersection(left.cells) or touched.intersection(right.cells):
                (llo, lhi), (rlo, rhi) = _sum_bounds(left, masks), _sum_bounds(right, masks)
                if comp.op == "<" and llo >= rhi or comp.op == ">" and lhi <= rlo or \
                        comp.op == "=" and (llo > rhi or lhi < rlo):
                    return DeadEnd(f"{_bounds_text(left, llo, lhi)} could not be {_OP_WORDS[comp.op]} "
                                   f"{_bounds_text(right, rlo, rhi)}", (),
                                   (region_key(left), region_key(right)))
    if puzzle.pairs:
        pairs = sorted({pi for c in cells for pi in puzzle.cell_pairs[c]})
        for pi in pairs:
            pair = puzzle.pairs[pi]
            if not masks[pair.a] & PAIR_SUPPORT[pair.kind][masks[pair.b]]:
                what = _PAIR_WORDS[pair.kind].format(a=ctx.name(pair.a), b=ctx.name(pair.b))
                return DeadEnd(f"{what} would have no pair of digits left", (pair.a, pair.b))
    return None


@per_puzzle
def _layout(puzzle: Puzzle) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per puzzle: each cell's peers as a bit set, each region's cells as a
    bit set, and each cell's regions that are not houses."""
    peers = tuple(sum(1 << p for p in puzzle.peers[c]) for c in range(puzzle.size))
    cells = tuple(sum(1 << c for c in r.cells) for r in puzzle.regions)
    rules = _rules(puzzle)
    others = tuple(tuple(ri for ri in puzzle.cell_regions[c] if rules[ri][0] != _HOUSE) for c in range(puzzle.size))
    return peers, cells, others


def immediate(ctx: Context, stages: Sequence[Sequence[int]]) -> tuple[int, int] | None:
    """The first ``(cell, digit)``, cells taken stage by stage, whose
    supposition alone, before any technique, leaves a cell or region with no
    option.

    A shortcut, not the last word: houses are checked for the supposed digit
    only (bit sets of its places), other regions and dots in full."""
    puzzle = ctx.puzzle
    masks = list(ctx.state.masks)
    rules = _rules(puzzle)
    peer_bits, region_bits, others = _layout(puzzle)
    # Per digit: the houses with at most four places left for it (bit sets), and
    # per cell: the digits some house has no other place for.
    places: list[list[tuple[int, int]]] = [[] for _ in range(puzzle.max_digit + 1)]
    only = [0] * len(masks)
    for ri, rule in enumerate(rules):
        if rule[0] != _HOUSE:
            continue
        for d in range(1, puzzle.max_digit + 1):
            spots = [c for c in rule[1] if masks[c] >> d & 1]
            if len(spots) == 1:
                only[spots[0]] |= 1 << d
            if len(spots) <= 4:
                places[d].append((region_bits[ri], sum(1 << c for c in spots)))
    peers = puzzle.peers
    cell_pairs = puzzle.cell_pairs
    pairs = puzzle.pairs
    # Per cage: the digits every combination that fits now uses.  Taking a digit out of
    # some cells of a cage leaves every fitting combination without it fitting, so a cage
    # that does not hold the supposed cell can only break when it needs the digit.
    needs: dict[int, int] = {}

    def need(ri: int) -> int:
        found = needs.get(ri)
        if found is None:
            found = _needed(rules[ri], masks)
            needs[ri] = found
        return found

    for cells in stages:
        for cell in cells:
            mask = masks[cell]
            own = 1 << cell
            seen = peer_bits[cell] | own
            for digit in digits_of(mask):
                # A house left with no place for the digit, or with no place for another digit but this cell.
                if mask & only[cell] & ~(1 << digit) or any(
                        not where & own and not spots & ~seen for where, spots in places[digit]):
                    return cell, digit
                bit = 1 << digit
                changed = [cell]
                masks[cell] = bit
                dead = False
                for peer in peers[cell]:
                    if masks[peer] & bit:
                        masks[peer] &= ~bit
                        changed.append(peer)
                        dead = dead or not masks[peer]
                checked: set[int] = set()
                for k, c in enumerate(() if dead else changed):
                    for ri in others[c]:
                        if ri not in checked:
                            checked.add(ri)
                            if k and not need(ri) >> digit & 1:
                                continue  # a cage without the cell that does not need the digit holds
                            if not _holds(rules[ri], masks):
                                dead = True
                                break
                    if dead:
                        break
                if not dead and pairs:
                    dead = any(not masks[pairs[pi].a] & PAIR_SUPPORT[pairs[pi].kind][masks[pairs[pi].b]]
                               for c in changed for pi in cell_pairs[c])
                masks[cell] = mask
                for peer in changed[1:]:
                    masks[peer] |= bit
                if dead:
                    return cell, digit
    return None
