"""Which steps of a contradiction chain the contradiction actually needs.

A chase applies whatever the cheaper techniques find first, so a chain of
fifty steps often holds only a dozen that lead to the dead end; the rest are
true but beside the point.  :func:`relevant` walks the chain backwards from
the dead end and keeps a step only when it removed a candidate that the dead
end or a kept later step looked at (:func:`premises`), or derived a region a
kept step used.  :func:`confirmed` then replays the supposition with the
kept steps alone and asks each step's own technique to find it again in
that state; only a chain that passes is shown shortened, so a pruned chain
is always one the techniques themselves would follow.

>>> from solver.step import Step
>>> a = Step("naked-single", "Naked single", 1, placements=((1, 2),), eliminations=((2, 1 << 2),), cells=(1,))
>>> b = Step("naked-single", "Naked single", 1, placements=((5, 3),), eliminations=((6, 1 << 3),), cells=(5,))
>>> relevant([a, b], end_cells={2})
[0]
"""

from __future__ import annotations

from typing import Iterable, Sequence

from solver.contract import Context, Technique, Work
from solver.step import Step

from .dead_ends import DeadEnd, dead_end

#: Steps that look at the whole state (a nested contradiction): every earlier step counts.
_WHOLE_STATE = "contradiction-"


def _all_of(cells: Iterable[int], max_digit: int) -> set[tuple[int, int]]:
    return {(c, d) for c in cells for d in range(1, max_digit + 1)}


def premises(step: Step, max_digit: int) -> set[tuple[int, int]]:
    """The candidates ``(cell, digit)`` whose absence or presence a step's
    technique looked at.  Exact for the commonest steps (a naked single
    looks at its cell's other digits, a hidden single in a house at the
    digit in the house's other cells, pointing and claiming at the digit in
    the rest of the owning house); every candidate of the highlighted cells
    and regions otherwise (confirmed afterwards by :func:`confirmed`)."""
    if step.technique == "naked-single" and len(step.placements) == 1:
        cell, digit = step.placements[0]
        return {(cell, d) for d in range(1, max_digit + 1) if d != digit}
    if step.technique == "hidden-single" and len(step.placements) == 1 and len(step.regions) == 1 \
            and len(step.regions[0][1]) == max_digit:  # a whole house (or a cage of every digit)
        cell, digit = step.placements[0]
        return {(c, digit) for c in step.regions[0][1] if c != cell}
    if step.technique in ("pointing", "claiming") and len(step.regions) == 2 and step.candidates:
        spots = {c for c, _ in step.candidates}
        digit = step.candidates[0][1].bit_length() - 1
        return {(c, digit) for c in step.regions[0][1] if c not in spots}
    seen = set(step.cells)
    for _, cells in step.regions:
        seen.update(cells)
    seen.update(c for c, _ in step.candidates)
    seen.update(c for c, _ in step.placements)
    return _all_of(seen, max_digit)


def effects(step: Step, max_digit: int) -> set[tuple[int, int]]:
    """The candidates ``(cell, digit)`` a step removes (a placement removes its
    cell's other digits)."""
    out = {(c, d) for c, m in step.eliminations for d in range(1, max_digit + 1) if m >> d & 1}
    for cell, digit in step.placements:
        out.update((cell, d) for d in range(1, max_digit + 1) if d != digit)
    return out


def relevant(steps: Sequence[Step], end_cells: Iterable[int], max_digit: int = 9,
             targets: Iterable[tuple[int, int]] = ()) -> list[int]:
    """Indexes (ascending) of the steps the dead end depends on, given the
    cells the dead end looks at; or, for a chain that ends in removals
    rather than a dead end (a forcing net's case), the steps those removals
    depend on, given as ``targets`` (``(cell, digit)`` pairs).  A nested
    contradiction looked at the whole state, so every step before a kept
    one of those is kept too.

    >>> from solver.step import Step
    >>> a = Step("naked-single", "Naked single", 1, placements=((1, 2),), eliminations=((2, 1 << 2),), cells=(1,))
    >>> b = Step("naked-single", "Naked single", 1, placements=((5, 3),), eliminations=((6, 1 << 3),), cells=(5,))
    >>> relevant([a, b], (), targets=[(6, 3)])
    [1]
    """
    need = _all_of(end_cells, max_digit) | set(targets)
    need_regions: set[str] = set()
    keep: list[int] = []
    everything = False
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        if not (everything or not effects(step, max_digit).isdisjoint(need)
                or any(r.name in need_regions for r in step.derived)):
            continue
        keep.append(i)
        if step.technique.startswith(_WHOLE_STATE):
            everything = True
        need |= premises(step, max_digit)
        need_regions.update(name for name, _ in step.regions)
    keep.reverse()
    return keep


def _covers(found: Step, step: Step) -> bool:
    """True when ``found`` (from a technique's own search) makes at least the
    deduction ``step`` records."""
    if found.technique != step.technique or set(found.placements) != set(step.placements):
        return False
    if step.placements:
        return True  # the recorded eliminations of a placement are its peers
    got: dict[int, int] = {}
    for c, m in found.eliminations:
        got[c] = got.get(c, 0) | m
    if any(m & ~got.get(c, 0) for c, m in step.eliminations):
        return False
    have = {(r.cells, r.total) for r in found.derived}
    return all((r.cells, r.total) in have for r in step.derived)


def replayed(ctx: Context, chain: Sequence[Step], keep: Sequence[int], inner: Sequence[Technique]) -> Context | None:
    """Replay ``chain[0]`` (the supposition) and the kept steps from ``ctx``,
    each found again by its technique before it is applied: the state they
    leave (a fork of ``ctx``), or None when some step is not found again."""
    fork = ctx.suppose(chain[0], techniques=inner, explain=False, work=Work())
    by_id = {t.id: t for t in inner}
    for i in keep:
        step = chain[i]
        if not step.technique.startswith(_WHOLE_STATE):
            technique = by_id.get(step.technique)
            if technique is None or not any(_covers(found, step) for found in technique.find(fork)):
                return None
        fork.carry_out(step)
    return fork


def confirmed(ctx: Context, chain: Sequence[Step], keep: Sequence[int], inner: Sequence[Technique]) -> DeadEnd | None:
    """The dead end the kept steps of ``chain`` reach when :func:`replayed`, or
    None when some step is not found again or no dead end follows (the full
    chain is shown instead)."""
    fork = replayed(ctx, chain, keep, inner)
    return None if fork is None else dead_end(fork)


def prune(ctx: Context, chain: Sequence[Step], end: DeadEnd | None, inner: Sequence[Technique],
          targets: Sequence[tuple[int, int]] = ()) -> list[Step]:
    """``chain`` (the supposition first) without the steps the dead end does not
    need, when the shorter chain is confirmed; else ``chain`` unchanged.  With
    no dead end (``end`` None), the chain ends in removals instead: the
    ``(cell, digit)`` pairs ``targets``, which the shorter chain must still make."""
    end_cells: set[int] = set()
    if end is not None:
        end_cells.update(end.cells)
        for _, cells in end.regions:
            end_cells.update(cells)
    keep = [k + 1 for k in relevant(chain[1:], end_cells, ctx.puzzle.max_digit,
                                    () if end is not None else targets)]
    if len(keep) == len(chain) - 1:
        return list(chain)
    if end is not None:
        ok = confirmed(ctx, chain, keep, inner) is not None
    else:
        fork = replayed(ctx, chain, keep, inner)
        ok = fork is not None and (dead_end(fork) is not None
                                   or not any(fork.state.masks[c] >> d & 1 for c, d in targets))
    return [chain[0]] + [chain[i] for i in keep] if ok else list(chain)
