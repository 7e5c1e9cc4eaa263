r"""Kropki dots and the negative rule.

* **Kropki dots** (``kropki-dots``, level 2): a white dot joins digits that
  differ by one, a black dot digits one of which is double the other, and
  under the negative rule two neighbours without a dot are neither.  A
  candidate with no partner left in the other cell goes; one step per dot.
* **Kropki chain** (``kropki-chain``, level 4): a cell with dots to two cells
  that see each other (so they hold different digits) needs two *different*
  partners; a digit with a single possible partner for both dots goes, and
  so do the neighbours' digits that leave the middle cell nothing.

>>> from puzzles.kropki import build
>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> p = build(black=[((3, 4), (3, 5))], negative=False)
>>> step = next(find_kropki_dots(Context(p, Candidates.initial(p), TECHNIQUES)))
>>> print(step.text.replace(". ", ".\n"))
r4c5 and r4c6 have a black dot: one is double the other.
So r4c5 and r4c6 lose 5, 7 and 9 (the other cell has no digit double or half).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from solver.bits import digits_of
from solver.contract import Context, Technique
from solver.model import PAIR_SUPPORT, Puzzle, per_puzzle
from solver.step import Step

from .combinations import losses_text, or_list
from .common import digit_list


_RULE = {
    "consecutive": "a white dot: their digits differ by 1",
    "ratio": "a black dot: one is double the other",
    "neither": "no dot, so (negative rule) they are neither consecutive nor one double the other",
}
_WHY = {
    "consecutive": "the other cell has no digit one away",
    "ratio": "the other cell has no digit double or half",
    "neither": "every digit the other cell can hold is one away, double or half",
}
_DOT_NAME = {"consecutive": "white", "ratio": "black"}


def find_kropki_dots(ctx: Context) -> Iterator[Step]:
    """One step per dot (or dot-free neighbour pair) whose cells lose candidates."""
    masks = ctx.state.masks
    for pair in ctx.puzzle.pairs:
        a, b = pair.a, pair.b
        ma, mb = masks[a], masks[b]
        if not ma or not mb:
            continue
        table = PAIR_SUPPORT[pair.kind]
        lose_a = ma & ~table[mb]
        lose_b = mb & ~table[ma]
        if not lose_a and not lose_b:
            continue
        elims = tuple((c, m) for c, m in ((a, lose_a), (b, lose_b)) if m)
        text = ""
        if ctx.explain:
            text = (f"{ctx.name(a)} and {ctx.name(b)} have {_RULE[pair.kind]}. "
                    f"So {losses_text(ctx, list(elims))} ({_WHY[pair.kind]}).")
            if pair.kind == "neither":
                other = [f"{ctx.name(x)} is {digit_list(masks[x])}" for x, lost in ((a, lose_b), (b, lose_a))
                         if lost and masks[x] & (masks[x] - 1) == 0]
                if other:
                    text = text[:-1] + f"; {' and '.join(other)}."
        yield Step("kropki-dots", "Kropki dots", 2, text, eliminations=elims, cells=(a, b),
                   candidates=((a, ma & ~lose_a), (b, mb & ~lose_b)))


# --- chains: a cell with dots to two cells that see each other -------------------------
@per_puzzle
def dot_forks(puzzle: Puzzle) -> tuple[tuple[int, int, str, int, str], ...]:
    """``(middle, a, kind a, b, kind b)`` for every cell with dots (white or black) to two
    cells ``a`` and ``b`` that must differ."""
    out = []
    for x in range(puzzle.size):
        dots = []
        for pi in puzzle.cell_pairs[x]:
            pair = puzzle.pairs[pi]
            if pair.kind in _DOT_NAME:
                dots.append((pair.b if pair.a == x else pair.a, pair.kind))
        dots.sort()
        for i in range(len(dots)):
            for j in range(i + 1, len(dots)):
                (a, ka), (b, kb) = dots[i], dots[j]
                if b in puzzle.peers[a]:
                    out.append((x, a, ka, b, kb))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def fork_support(mx: int, ka: str, ma: int, kb: str, mb: int) -> tuple[int, int, int]:
    """The digits of the middle cell and of ``a`` and ``b`` that appear in some
    assignment with both relations holding and ``a`` different from ``b``."""
    sx = sa = sb = 0
    for x in digits_of(mx):
        for av in digits_of(ma & PAIR_SUPPORT[ka][1 << x]):
            for bv in digits_of(mb & PAIR_SUPPORT[kb][1 << x]):
                if av != bv:
                    sx |= 1 << x
                    sa |= 1 << av
                    sb |= 1 << bv
    return sx, sa, sb


def find_kropki_chain(ctx: Context) -> Iterator[Step]:
    """A cell whose two dots lead to cells that must differ."""
    masks = ctx.state.masks
    for x, a, ka, b, kb in dot_forks(ctx.puzzle):
        mx, ma, mb = masks[x], masks[a], masks[b]
        if not mx or not ma or not mb:
            continue
        sx, sa, sb = fork_support(mx, ka, ma, kb, mb)
        elims = tuple((c, m & ~s) for c, m, s in ((x, mx, sx), (a, ma, sa), (b, mb, sb)) if m & ~s)
        if not elims:
            continue
        text = ""
        if ctx.explain:
            nx, na, nb = ctx.name(x), ctx.name(a), ctx.name(b)
            text = (f"{nx} has a {_DOT_NAME[ka]} dot to {na} and a {_DOT_NAME[kb]} dot to {nb}; "
                    f"{na} and {nb} see each other, so they need different partners of {nx}. ")
            notes = []
            for c, m in elims:
                if c != x:
                    notes.append(f"{ctx.name(c)} cannot be {or_list([str(d) for d in digits_of(m)])}: then no "
                                 f"digit of {nx} has a partner left in the other cell")
                    continue
                for d in digits_of(m):
                    pa, pb = ma & PAIR_SUPPORT[ka][1 << d], mb & PAIR_SUPPORT[kb][1 << d]
                    if pa and pb:
                        notes.append(f"{nx} cannot be {d}: it would need {digit_list(pa)} in both {na} and {nb}")
                    else:
                        notes.append(f"{nx} cannot be {d}: {na if not pa else nb} has no partner for it")
            text += "; ".join(notes) + "."
        yield Step("kropki-chain", "Kropki chain", 4, text, eliminations=elims, cells=(x, a, b),
                   candidates=((x, mx & sx), (a, ma & sa), (b, mb & sb)))


KROPKI_DOTS = Technique("kropki-dots", "Kropki dots", 2, 2, find_kropki_dots,
                        "r4c5 and r4c6 have a black dot: one is double the other, so r4c5 cannot be 5, 7 or 9.",
                        kinds=("kropki",))
KROPKI_CHAIN = Technique("kropki-chain", "Kropki chain", 4, 8, find_kropki_chain,
                         "r2c2 has white dots to r2c1 and r2c3, which see each other, so r2c2 cannot be 1 or 9.",
                         kinds=("kropki",))

TECHNIQUES = (KROPKI_DOTS, KROPKI_CHAIN)
