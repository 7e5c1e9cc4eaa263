"""Algebra on region totals: linear equations over a few cells, and the steps they give.

Adding and subtracting the totals of regions that tile the same cells leaves
an equation over the few cells where the tilings differ, such as
``r3c1 + r3c2 = 15`` (a derived sum) or ``r1c9 - r4c9 = 2`` (a difference).
The families that find such equations live in :mod:`techniques.innies`
(the rule of 45 in the Sudoku-type kinds, N(N+1)/2 on an N x N grid, and
cage splitting) and
:mod:`techniques.cutvertex` (parts of a Kakuro cut off by a few cells).  This
module holds what they share: the :class:`Equation` record, the check of an
equation against the candidates (:func:`supports`: exact when few
assignments remain, by ranges and combinations otherwise), and the step an
equation gives.

An equation is a static fact of the puzzle: it never depends on the
candidates, so the families derive them once per puzzle and each call only
checks candidates.  A pure sum over two or more cells becomes a virtual
region in :attr:`Step.derived`, distinct only when every two of its cells
are proven different (they share a distinct region).

>>> from solver.bits import mask_of
>>> supports((mask_of([1, 2, 3]), mask_of([1, 2, 3])), 2, 4, ((0, 1),))
(10, 10)
>>> [digits_of(m) for m in supports((mask_of([3, 5, 9]), mask_of([1, 7])), 1, 2, ())]
[[3, 9], [1, 7]]
>>> formula(("r1c1", "r1c2"), ("r2c9",))
'r1c1 + r1c2 - r2c9'
>>> digits_text(mask_of([1, 2, 3, 4, 7, 8]))
'1-4/7/8'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Sequence

from solver.bits import POPCOUNT, combinations, digits_of, high_digit, is_single, low_digit, single_digit
from solver.contract import Context
from solver.model import Puzzle, Region
from solver.step import Step
from solver.repeat_sums import MAX_BRANCH, apart_support, clique_groups

from .common import plus

MAX_OPEN_SUM = 5
"""A derived sum is used while at most this many of its cells are open."""
MAX_OPEN_MIXED = 4
"""A derived difference is used while at most this many of its cells are open."""

#: Technique id -> (name, level); the families' Technique records use the same values.
INFO: dict[str, tuple[str, int]] = {
    "innies-outies": ("Innies and outies", 5),
    "cage-splitting": ("Cage splitting", 5),
    "multi-house-innies": ("Innies and outies of several houses", 6),
    "cut-vertex": ("Cut vertex", 6),
}


@dataclass(frozen=True)
class Equation:
    """``sum(plus) - sum(minus) == value`` over a few cells, with why it holds.

    ``because`` is the arithmetic in words with ``{formula}`` where the
    equation's left side goes (a string, or a function making it, so that
    text is only built for the steps shown); :attr:`reason` fills it in.
    ``shown`` are the puzzle regions (indexes) to highlight; ``label`` names the virtual region a
    pure sum becomes; ``apart`` the pairs of positions in :attr:`cells` that
    are proven to differ; ``technique`` the id the step is reported under.
    """

    plus: tuple[int, ...]
    minus: tuple[int, ...]
    value: int
    technique: str
    because: str | Callable[[], str] = field(compare=False, repr=False)
    names: tuple[str, ...] = field(compare=False, repr=False, default=())
    shown: tuple[int, ...] = ()
    label: str = ""
    apart: tuple[tuple[int, int], ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        """The plus cells followed by the minus cells."""
        return self.plus + self.minus

    @property
    def is_sum(self) -> bool:
        """True for a plain sum (no minus cells)."""
        return not self.minus

    @property
    def distinct(self) -> bool:
        """True when every two cells are proven different."""
        k = len(self.cells)
        return len(self.apart) == k * (k - 1) // 2

    @property
    def formula(self) -> str:
        """The left side, ``r1c1 + r1c2 - r2c9``."""
        return formula(self.names[:len(self.plus)], self.names[len(self.plus):])

    @property
    def reason(self) -> str:
        """The arithmetic in words, ending with the equation."""
        text = self.because() if callable(self.because) else self.because
        return text.replace("{formula}", self.formula)

    def region(self) -> Region:
        """The virtual region a pure sum becomes."""
        return Region(self.label or f"sum of {self.formula}", self.plus, self.value, self.distinct, kind="virtual")


def make_equation(puzzle: Puzzle, plus_cells: Iterable[int], minus_cells: Iterable[int], value: int,
                  technique: str, because: str | Callable[[], str], shown: Sequence[int] = (),
                  label: str = "") -> Equation:
    """An :class:`Equation` in normal form: cells sorted, a sum written with plus cells only
    (``value`` is negated when only minus cells are given).  ``because`` holds ``{formula}``
    where the left side goes: ``'rows 1-2 total 90 ..., so {formula} = 90 - 75 = 15'``."""
    p, m = tuple(sorted(set(plus_cells))), tuple(sorted(set(minus_cells)))
    if not p:
        p, m, value = m, (), -value
    cells = p + m
    peers = puzzle.peers
    apart = tuple((i, j) for i in range(len(cells)) for j in range(i + 1, len(cells)) if cells[j] in peers[cells[i]])
    names = tuple(puzzle.cell_name(c) for c in cells)
    return Equation(p, m, value, technique, because, names, tuple(shown), label, apart)


def formula(plus_names: Sequence[str], minus_names: Sequence[str]) -> str:
    """``a + b - c`` from cell names."""
    out = " + ".join(plus_names)
    for name in minus_names:
        out += f" - {name}"
    return out


EXACT_LIMIT = 1500
"""Enumerate every assignment when the candidates allow at most this many, else use bounds and combinations."""


@lru_cache(maxsize=1 << 16)
def supports(masks: tuple[int, ...], nplus: int, value: int,
             apart: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For each cell, the candidates that may be part of a solution of the equation.

    The first ``nplus`` cells count plus, the rest minus; ``apart`` lists the
    pairs of cells that must differ.  The digits kept are exactly those of
    some solution when the candidates allow at most :data:`EXACT_LIMIT`
    assignments (all are tried).  Beyond that a plain sum (no minus cells) is
    still exact: its cells split into groups that must differ, whose digits
    may repeat between groups (:func:`solver.repeat_sums.apart_support`), so a
    sum whose cells may repeat a digit keeps no digit that the repeats cannot
    make up.  For a difference a digit goes only when the other cells' ranges
    (and, for a sum of distinct cells, the digit combinations) cannot make
    the value, which is weaker but never wrong.  Every support is 0 when
    nothing satisfies the equation.
    """
    n = len(masks)
    count = 1
    for m in masks:
        count *= POPCOUNT[m]
    if nplus == n and count > EXACT_LIMIT:
        # A plain sum with many assignments: exact by groups of cells that must differ
        # (solver.repeat_sums.apart_support) rather than by trying them all.
        if value < 0:
            return (0,) * n
        grouped, _ = apart_support(masks, 1 << value, apart)
        if 0 in grouped:
            return (0,) * n
        if len(clique_groups(n, apart, MAX_BRANCH + 1)[1]) <= MAX_BRANCH:
            return grouped
        masks = grouped
    found = list(masks)
    sign = [1 if i < nplus else -1 for i in range(n)]
    combos = None
    if nplus == n and len(apart) == n * (n - 1) // 2:
        combos = combinations(n, value)
    changed = True
    while changed:
        changed = False
        if 0 in found:
            return (0,) * n
        if combos is not None:
            union = 0
            for c in found:
                union |= c
            allowed = 0
            for combo in combos:
                if combo & ~union == 0 and all(m & combo for m in found):
                    allowed |= combo
            for i in range(n):
                if found[i] & ~allowed:
                    found[i] &= allowed
                    changed = True
            if 0 in found:
                return (0,) * n
        lo = [low_digit(m) if s > 0 else -high_digit(m) for m, s in zip(found, sign)]
        hi = [high_digit(m) if s > 0 else -low_digit(m) for m, s in zip(found, sign)]
        total_lo, total_hi = sum(lo), sum(hi)
        for i in range(n):
            # cell i's contribution must lie in value - (others' range)
            need_lo = value - (total_hi - hi[i])
            need_hi = value - (total_lo - lo[i])
            keep = 0
            for d in digits_of(found[i]):
                if need_lo <= sign[i] * d <= need_hi:
                    keep |= 1 << d
            if keep != found[i]:
                found[i] = keep
                changed = True
    count = 1
    for m in found:
        count *= POPCOUNT[m]
    if count <= EXACT_LIMIT:
        return _enumerate(tuple(found), sign, value, apart)
    return tuple(found)


def _enumerate(masks: tuple[int, ...], sign: list[int], value: int,
               apart: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Exact supports by trying every assignment (with the remaining range as a cut)."""
    n = len(masks)
    earlier: list[list[int]] = [[] for _ in range(n)]
    for a, b in apart:
        earlier[max(a, b)].append(min(a, b))
    lo = [low_digit(m) if s > 0 else -high_digit(m) for m, s in zip(masks, sign)]
    hi = [high_digit(m) if s > 0 else -low_digit(m) for m, s in zip(masks, sign)]
    rest_lo = [0] * (n + 1)
    rest_hi = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        rest_lo[k] = rest_lo[k + 1] + lo[k]
        rest_hi[k] = rest_hi[k + 1] + hi[k]
    options = [digits_of(m) for m in masks]
    found = [0] * n
    digit = [0] * n

    def go(k: int, partial: int) -> None:
        if k == n:
            if partial == value:
                for i in range(n):
                    found[i] |= 1 << digit[i]
            return
        need_lo = value - partial - rest_hi[k + 1]
        need_hi = value - partial - rest_lo[k + 1]
        taken = 0  # the digits of the earlier cells this one must differ from
        for j in earlier[k]:
            taken |= 1 << digit[j]
        s = sign[k]
        for d in options[k]:
            c = s * d
            if need_lo <= c <= need_hi and not taken >> d & 1:
                digit[k] = d
                go(k + 1, partial + c)

    go(0, 0)
    return tuple(found)


def sum_combos(masks: Sequence[int], total: int, max_digit: int = 9) -> list[int]:
    """Sets of distinct digits (masks) summing to ``total`` that fit cells with these candidates."""
    union = 0
    for m in masks:
        union |= m
    out = []
    for combo in combinations(len(masks), total, max_digit):
        if combo & ~union == 0 and all(m & combo for m in masks) and _matches(list(masks), combo):
            out.append(combo)
    return out


def _matches(masks: list[int], combo: int) -> bool:
    """True when the cells can take the combo's digits one each."""
    if not masks:
        return True
    first, rest = masks[0], masks[1:]
    return any(_matches(rest, combo & ~(1 << d)) for d in digits_of(first & combo))


def digits_text(mask: int) -> str:
    """Digits with runs of three or more shortened: ``1-4/7``, ``2/3``."""
    parts: list[str] = []
    ds = digits_of(mask)
    i = 0
    while i < len(ds):
        j = i
        while j + 1 < len(ds) and ds[j + 1] == ds[j] + 1:
            j += 1
        parts.extend([f"{ds[i]}-{ds[j]}"] if j - i >= 2 else [str(d) for d in ds[i:j + 1]])
        i = j + 1
    return "/".join(parts)


def removal_text(ctx: Context, elims: Sequence[tuple[int, int]]) -> str:
    """``r1c1 can't be 1-3 and r1c2 can't be 9``."""
    return _and([f"{ctx.name(c)} can't be {digits_text(m)}" for c, m in elims])


def equation_step(ctx: Context, eq: Equation) -> Step | None:
    """The step an equation gives for the current candidates, or None when it gives nothing new.

    Cells with one candidate left count as known digits.  When one open cell
    is left and the equation fixes it, the step places it; otherwise it
    removes the candidates no solution of the equation uses.  A pure sum of
    two or more cells is handed on as a virtual region.
    """
    masks = ctx.state.masks
    cells = eq.cells
    key = tuple(masks[c] for c in cells)
    if 0 in key:
        return None
    open_at = [i for i, m in enumerate(key) if not is_single(m)]
    if not open_at or len(open_at) > (MAX_OPEN_SUM if eq.is_sum else MAX_OPEN_MIXED):
        return None
    found = _reduced_supports(key, len(eq.plus), eq.value, eq.apart)
    elims = tuple((cells[i], key[i] & ~found[i]) for i in open_at if key[i] & ~found[i])
    if not any(found):
        elims = tuple((cells[i], key[i]) for i in open_at)
    if not elims:
        return None
    name, level = INFO[eq.technique]
    regions = ctx.puzzle.regions
    highlight: dict[str, Any] = dict(
        cells=cells, regions=tuple((regions[i].name, regions[i].cells) for i in eq.shown),
        candidates=tuple((c, m) for c, m in zip(cells, key)))
    if len(open_at) == 1 and is_single(found[open_at[0]]):
        cell, digit = cells[open_at[0]], single_digit(found[open_at[0]])
        text = _explain(ctx, eq, key, found, (), (cell, digit)) if ctx.explain else ""
        return Step(eq.technique, name, level, text, placements=((cell, digit),), **highlight)
    derived: tuple[Region, ...] = ()
    if eq.is_sum and len(cells) > 1:
        derived = (eq.region(),)
    text = _explain(ctx, eq, key, found, elims, None) if ctx.explain else ""
    return Step(eq.technique, name, level, text, eliminations=elims, derived=derived, **highlight)


def _reduced_supports(key: tuple[int, ...], nplus: int, value: int,
                      apart: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """:func:`supports` with the cells that have one candidate left moved to the value side."""
    open_at = [i for i, m in enumerate(key) if not is_single(m)]
    if len(open_at) == len(key):
        return supports(key, nplus, value, apart)
    rest = value
    for i, m in enumerate(key):
        if is_single(m):
            rest -= single_digit(m) if i < nplus else -single_digit(m)
    index = {i: k for k, i in enumerate(open_at)}
    sub_apart = tuple((index[a], index[b]) for a, b in apart if a in index and b in index)
    sub_plus = sum(1 for i in open_at if i < nplus)
    sub_key = tuple(key[i] for i in open_at)
    sub = supports(sub_key, sub_plus, rest, sub_apart)
    if 0 in sub:
        return (0,) * len(key)
    out = list(key)
    for k, i in enumerate(open_at):
        out[i] = sub[k]
    return tuple(out)


def _explain(ctx: Context, eq: Equation, key: tuple[int, ...], found: tuple[int, ...],
             elims: Sequence[tuple[int, int]], placement: tuple[int, int] | None) -> str:
    text = eq.reason
    open_at = [i for i, m in enumerate(key) if not is_single(m)]
    known = [(c, single_digit(m)) for c, m in zip(eq.cells, key) if is_single(m)]
    if known:
        nplus = len(eq.plus)
        sub_plus = [ctx.name(eq.cells[i]) for i in open_at if i < nplus]
        sub_minus = [ctx.name(eq.cells[i]) for i in open_at if i >= nplus]
        rest = eq.value - sum(d for c, d in known if c in eq.plus) + sum(d for c, d in known if c in eq.minus)
        if not sub_plus:
            sub_plus, sub_minus, rest = sub_minus, [], -rest
        facts = _and([f"{ctx.name(c)} = {d}" for c, d in known])
        text += f"; as {facts}, {formula(sub_plus, sub_minus)} = {rest}"
    if placement is not None:
        return f"{text}."  # the last formula is the open cell = its digit
    if not any(found):
        return f"{text}, which the candidates left cannot satisfy, so the puzzle state is broken."
    why = ""
    if eq.is_sum and len(open_at) > 1 and all((a, b) in eq.apart for a in open_at for b in open_at if a < b):
        rest = eq.value - sum(d for _, d in known)
        combos = sum_combos([key[i] for i in open_at], rest, ctx.puzzle.max_digit)
        if 1 <= len(combos) <= 3:
            why = f" (they can only be {' or '.join(plus(digits_of(c)) for c in combos)})"
    elif eq.is_sum and len(open_at) > 1:
        why = _repeat_note(ctx, eq, open_at)
    elif not eq.is_sum and len(open_at) == 2:
        why = " (a digit of one needs a partner in the other)"
    return f"{text}{why}: {removal_text(ctx, elims)}."


def _repeat_note(ctx: Context, eq: Equation, open_at: list[int]) -> str:
    """Which open cells of a sum must differ and which may repeat a digit:
    `` (r8c1, r8c2 and r8c4 must differ; r7c9 may repeat one of their digits)``."""
    index = {i: k for k, i in enumerate(open_at)}
    apart = tuple((index[a], index[b]) for a, b in eq.apart if a in index and b in index)
    groups, branch = clique_groups(len(open_at), apart)
    names = [[ctx.name(eq.cells[open_at[k]]) for k in g] for g in groups]
    if branch:
        return " (some of them share a house or cage, so not every digit may repeat)"
    differ = [f"{_and(g)} must differ" for g in names if len(g) > 1]
    alone = [g[0] for g in names if len(g) == 1]
    if alone and differ:
        verb = "may" if len(alone) == 1 else "may each"
        return f" ({'; '.join(differ)}; {_and(alone)} {verb} repeat one of their digits)"
    if differ:
        return f" ({'; '.join(differ)}, but digits may repeat between these groups)"
    return " (they share no house or cage, so digits may repeat)"


def _and(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def find_equations(ctx: Context, equations: Iterable[Equation], technique: str,
                   changed: set[int] | None = None) -> Iterator[Step]:
    """Steps from the equations reported under ``technique``, in the given order.

    ``changed``: the cells changed since the technique last found nothing
    (:meth:`~solver.contract.Context.changed_since_quiet`); an equation none of
    whose cells changed is skipped (its step depends on its cells' candidates only).
    """
    for eq in equations:
        if eq.technique != technique:
            continue
        if changed is not None and changed.isdisjoint(eq.cells):
            continue
        step = equation_step(ctx, eq)
        if step is not None:
            yield step


def number(values: Sequence[Any]) -> str:
    """``[1, 2, 3]`` -> ``'1-3'``; ``[1, 4]`` -> ``'1 and 4'``; ``[1, 2, 5]`` -> ``'1, 2 and 5'``."""
    vals = [str(v) for v in values]
    ints = [int(v) for v in vals] if all(v.isdigit() for v in vals) else []
    if len(vals) > 2 and ints and ints == list(range(ints[0], ints[0] + len(ints))):
        return f"{ints[0]}-{ints[-1]}"
    if len(vals) == 2 and ints and ints[1] == ints[0] + 1:
        return f"{ints[0]}-{ints[1]}"
    return vals[0] if len(vals) == 1 else ", ".join(vals[:-1]) + " and " + vals[-1]


def region_names(regions: Sequence[Region]) -> str:
    """``rows 1-2``, ``boxes 1 and 4``, ``cage a`` ... for a few regions of the same kind."""
    kinds = {r.kind for r in regions}
    if len(regions) == 1 or len(kinds) != 1:
        return number([r.name for r in regions])
    kind = regions[0].kind
    tails = [r.name.split(" ", 1)[1] if r.name.startswith(kind + " ") else r.name for r in regions]
    plural = {"box": "boxes", "cage": "cages"}.get(kind, kind + "s")
    return f"{plural} {number(tails)}"


__all__ = ["EXACT_LIMIT", "Equation", "INFO", "MAX_OPEN_MIXED", "MAX_OPEN_SUM", "digits_text", "equation_step",
           "find_equations", "formula", "make_equation", "number", "region_names", "removal_text", "sum_combos",
           "supports"]


def __getattr__(name: str) -> Any:
    """``TECHNIQUES``: the algebra families, cheapest first (loaded lazily: they import this module)."""
    if name == "TECHNIQUES":
        from . import cutvertex, innies

        return innies.TECHNIQUES + cutvertex.TECHNIQUES
    raise AttributeError(name)
