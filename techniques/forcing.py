r"""Forcing nets: a choice of a few cases, each of which removes the same candidate.

**Forcing net** (``forcing-net``, level 7, score 30, tried just before
``contradiction-1``, at the top level only).  A *source* is a choice one of
whose cases must be true:

- a cell with two to nine candidates ("r1c1 is 3 or 5");
- a digit with two to nine places in a region that must hold it ("in row 4,
  7 goes in r4c5 or r4c8");
- a sum with two to nine combinations left ("cage k (17) is 2+6+9 or 4+6+7").

Sources with fewer cases are followed first, so a net of many cases is
only taken where no shorter choice gives one.

Each case is supposed in turn and followed with the techniques a
contradiction's supposition uses (:func:`techniques.contradiction.inner_techniques`:
singles, sums, intersections, subsets; no patterns).  When every case
removes the same candidate, or reaches a dead end (that case is impossible),
the candidate goes, whichever case is true.  A person who writes "if the
cage is 2+6+9 then ..., and if it is 4+6+7 then ..." does this; SudokuWiki
calls the one-cell form a cell forcing chain and the one-place form a unit
forcing chain.  A source whose cases all but one end in a dead end under
propagation is left to ``contradiction-1`` (that is one supposition, not a
choice): a net needs at least two live cases.  So is a source whose every
live case removes the candidate by its supposition alone ("if r9c5 is 2,
r9c5 is not 7; if r9c5 is 3, ...; if r9c5 is 7, then ... a dead end"): the
net is only its dead cases' refutations side by side (one, or several: "if
r1c9 is 6, a dead end; if r2c9 is 6, a dead end; if r3c9 is 6, then r1c9
and r2c9 are not 6; ..."), each a ``contradiction-1`` step of its own.

Finding one: the exact solver's propagator (:mod:`solver.propagate`)
**screens** each source first (one unit of ``ctx.work`` per source): every
case is propagated, and the candidates every case's propagation removes are
the source's *targets*.  Only a source with targets is **followed** with the
techniques, the case with its own chain, case after case, each case until
the targets still shared are gone (or a dead end, or a stall); what is
removed in every case is the step.  The techniques decide, never the
screen.  Sources are followed fewest cases first, then most targets first.
A follow that ends with nothing shared spends one of :data:`ALLOWANCE`
per solve (``ctx.memo``); past it the technique finds nothing more, so that
the hardest puzzles, which stall often, do not get much slower.  An empty
screen costs no allowance.

A demo, one row of four cells: r1c1 and r1c2 are each 1 or 2.  If r1c1 is
1, r1c2 is 2; if r1c1 is 2, r1c2 is 1: either way 1 and 2 are used up, so
r1c4 is neither:

>>> from solver.candidates import Candidates
>>> from solver.contract import Context
>>> from solver.model import Puzzle, Region
>>> from techniques import singles
>>> p = Puzzle(kind="demo", height=1, width=4, cells=((0, 0), (0, 1), (0, 2), (0, 3)), max_digit=4,
...            regions=(Region("row 1", (0, 1, 2, 3), kind="row"),))
>>> masks = [0b00110, 0b00110, 0b11000, 0b11110]  # 12, 12, 34, 1234
>>> ctx = Context(p, Candidates(p, masks), singles.TECHNIQUES + TECHNIQUES)
>>> step = next(FORCING_NET.find(ctx))
>>> [(p.cell_name(c), m) for c, m in step.eliminations]
[('r1c4', 6)]
>>> print(step.text.replace("; ", ";\n"))
r1c1 is 1 or 2. If r1c1 is 1, then (after 1 step) r1c4 is not 1 or 2;
if r1c1 is 2, then (after 1 step) r1c4 is not 1 or 2;
so r1c4 is not 1 or 2 in every case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from solver.bits import POPCOUNT, differing, digits_of
from solver.contract import Context, Technique, Work
from solver.model import Region
from solver.propagate import Propagator
from solver.step import Step
from solver.supports import region_fit, required_digits

from .chains import losses
from .common import describe, meet, plus, region_key
from .contradiction import END, Chase
from .dead_ends import dead_end
from .relevance import prune
from .screening import propagator

ID = "forcing-net"
NAME = "Forcing net"
LEVEL = 7
SCORE = 30
#: The most cases a source may have.  On the 30 forum extremes (grading's budget) three
#: left 957 contradiction steps and four 690, in about the same CPU time and with the
#: same puzzles guessing; five left 490 but one more puzzle guessed (BENCHMARKS.md).
#: Five since the wider search before a guess (:mod:`techniques.contradiction`): it frees
#: that puzzle and two more, and five cases take back the chains it adds.  (Counted then with
#: the nets that were one case's refutation, which are left to contradiction-1 since:
#: 230 of 815 nets on the extremes; BENCHMARKS.md, session 24.)  Nine since session 25: with
#: the nets that are only refutations side by side left to contradiction-1 too, five left 1,005
#: contradiction steps on the extremes, seven 831 (with 200 follows allowed), nine 770, with the
#: same puzzles guessing (mathemagic/11, bound by the budget, 7 times instead of 3); the screen
#: propagates each placement once however many sources share it, so the wider choice costs
#: about 7% more CPU over the 30 (BENCHMARKS.md).
MAX_CASES = 9
#: Follows that find nothing one solve may make (counted, not timed).
ALLOWANCE = 40
#: The longest chain (technique steps after the supposition) a case follows.
MAX_FOLLOW = 250
#: Sub-step ids: the start of a case (its supposition), and its conclusion
#: (a dead end uses :data:`techniques.contradiction.END`).
CASE = "forcing-net-case"
CASE_END = "forcing-net-end"
#: ``ctx.memo`` key: the follows spent so far in this solve.
SPENT = "forcing-net-spent"


@dataclass(frozen=True)
class Source:
    """A choice one of whose cases is true.  ``kind`` is ``"cell"`` (the cases are
    its digits), ``"place"`` (the cells of ``region`` where ``digit`` can go) or
    ``"sum"`` (``region``'s combinations, as digit masks)."""

    kind: str
    cells: tuple[int, ...]
    options: tuple[int, ...]
    region: Region | None = None
    digit: int = 0

    def case_masks(self, masks: Sequence[int]) -> list[list[tuple[int, int]]]:
        """Each case as ``(cell, mask to keep)`` narrowings of ``masks``."""
        if self.kind == "cell":
            return [[(self.cells[0], 1 << d)] for d in self.options]
        if self.kind == "place":
            return [[(c, 1 << self.digit)] for c in self.options]
        return [[(c, masks[c] & combo) for c in self.cells] for combo in self.options]

    def highlight(self, masks: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """The candidates that make up the choice, ``(cell, mask)``: what a hint shows of it."""
        if self.kind == "cell":
            return ((self.cells[0], sum(1 << d for d in self.options)),)
        if self.kind == "place":
            return tuple((c, 1 << self.digit) for c in self.options)
        return tuple((c, masks[c]) for c in self.cells if POPCOUNT[masks[c]] > 1)

    def claim(self, ctx: Context) -> str:
        """The choice as a sentence: ``r1c1 is 3 or 5``."""
        if self.kind == "cell":
            return f"{ctx.name(self.cells[0])} is {_or([str(d) for d in self.options])}"
        assert self.region is not None
        if self.kind == "place":
            return f"In {describe(self.region)}, {self.digit} goes in {_or([ctx.name(c) for c in self.options])}"
        return f"{_cap(describe(self.region))} is {_or([plus(digits_of(m)) for m in self.options])}"

    def case_claim(self, ctx: Context, k: int) -> str:
        """Case ``k`` as a clause: ``r1c1 is 3``."""
        if self.kind == "cell":
            return f"{ctx.name(self.cells[0])} is {self.options[k]}"
        if self.kind == "place":
            return f"{ctx.name(self.options[k])} is {self.digit}"
        assert self.region is not None
        return f"{describe(self.region)} is {plus(digits_of(self.options[k]))}"

    def case_step(self, ctx: Context, k: int, explain: bool) -> Step:
        """Case ``k`` as a supposition (the first step of its chain)."""
        text = f"Case {k + 1} of {len(self.options)}: suppose {self.case_claim(ctx, k)}." if explain else ""
        highlight = (region_key(self.region),) if self.region is not None else ()
        if self.kind == "cell":
            return Step(CASE, "Case", LEVEL, text, placements=((self.cells[0], self.options[k]),),
                        cells=self.cells)
        if self.kind == "place":
            return Step(CASE, "Case", LEVEL, text, placements=((self.options[k], self.digit),),
                        cells=(self.options[k],), regions=highlight)
        masks = ctx.state.masks
        combo = self.options[k]
        return Step(CASE, "Case", LEVEL, text, regions=highlight,
                    eliminations=tuple((c, masks[c] & ~combo) for c in self.cells if masks[c] & ~combo))


def _or(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sources(ctx: Context) -> list[Source]:
    """Every source of the state, cells first, then places, then sums (each
    choice once: a digit's two places in a row that are also its two places
    in a box count once)."""
    masks = ctx.state.masks
    out: list[Source] = []
    seen: set[tuple[tuple[tuple[int, int], ...], ...]] = set()

    def add(source: Source) -> None:
        key = tuple(sorted(tuple(case) for case in source.case_masks(masks)))
        if key not in seen:
            seen.add(key)
            out.append(source)

    for c, m in enumerate(masks):
        if c not in ctx.placed and 2 <= POPCOUNT[m] <= MAX_CASES:
            add(Source("cell", (c,), tuple(digits_of(m))))
    max_digit = ctx.puzzle.max_digit
    regions = [r for r in ctx.regions() if r.distinct]
    for region in regions:
        need = required_digits(region, masks, max_digit)
        for d in digits_of(need):
            bit = 1 << d
            places = tuple(c for c in region.cells if masks[c] & bit and c not in ctx.placed)
            if 2 <= len(places) <= MAX_CASES:
                add(Source("place", places, places, region, d))
    for region in regions:
        if region.total is None or all(POPCOUNT[masks[c]] < 2 for c in region.cells):
            continue
        _, combos = region_fit(region, masks)
        if 2 <= len(combos) <= MAX_CASES:
            ordered = sorted(combos, key=lambda m: tuple(digits_of(m)))  # 1+9 before 2+8, as people list them
            add(Source("sum", tuple(region.cells), tuple(ordered), region))
    return out


def screen(ctx: Context) -> list[tuple[Source, dict[int, int]]]:
    """The sources worth following, each with its targets (cell -> digits
    every case's propagation removes), in the order they are followed.
    Costs one unit of ``ctx.work`` per source screened; stops early when
    the budget is spent."""
    prop = propagator(ctx.puzzle)
    base = list(ctx.state.masks)
    if 0 in base or not prop.propagate(base):
        return []  # a contradictory state: that is contradiction's to say
    found: list[tuple[int, int, int, Source, dict[int, int]]] = []
    peers = ctx.puzzle.peers
    # A placement is a case of its cell's source and of each house's places for its digit:
    # propagated once per screen.
    placed: dict[tuple[int, int], dict[int, int] | None] = {}
    for order, source in enumerate(sources(ctx)):
        if not ctx.work.spend():
            break
        shared: dict[int, int] | None = None
        live: list[list[tuple[int, int]]] = []
        for case in source.case_masks(base):
            key = case[0] if source.kind != "sum" else None
            if key is not None and key in placed:
                removed = placed[key]
            else:
                removed = _propagated(prop, base, case)
                if key is not None:
                    placed[key] = removed
            if removed is None:
                continue  # a dead case removes everything
            live.append(case)
            shared = removed if shared is None else meet(shared, removed)
            if not shared:
                break
        # What every live case's supposition removes by itself is no reason for a net.
        if shared and len(live) >= 2 and not _by_supposition(source, live, base, peers, shared):
            count = sum(POPCOUNT[m] for m in shared.values())
            found.append((len(source.options), -count, order, source, shared))
    found.sort(key=lambda entry: entry[:3])
    return [(source, shared) for *_, source, shared in found]


def _propagated(prop: Propagator, base: Sequence[int], case: list[tuple[int, int]]) -> dict[int, int] | None:
    """What propagation removes from ``base`` once ``case`` is supposed (cell -> digits);
    None when it reaches a dead end."""
    trial = list(base)
    for c, keep in case:
        trial[c] &= keep
    if not all(trial[c] for c, _ in case) or not prop.propagate(trial, [c for c, _ in case]):
        return None
    return {c: base[c] & ~trial[c] for c in differing(base, trial)}


def _by_supposition(source: Source, cases: Sequence[list[tuple[int, int]]], base: Sequence[int],
                    peers: Sequence[frozenset[int]], removals: dict[int, int]) -> bool:
    """True when each of ``cases`` removes all of ``removals`` by its supposition alone (no
    technique step needed): no reason for a net.  The one rule behind the screen's skip
    and :func:`only_refutations`."""
    return all(_within(removals, _supposed_away(source, case, base, peers)) for case in cases)


def _supposed_away(source: Source, case: list[tuple[int, int]], base: Sequence[int],
                   peers: Sequence[frozenset[int]]) -> dict[int, int]:
    """The candidates a case's supposition removes by itself, before any technique: a
    placement's cell and its peers, a combination's cells."""
    out = {c: base[c] & ~keep for c, keep in case if base[c] & ~keep}
    if source.kind != "sum":
        (cell, bit), = case
        for p in peers[cell]:
            if base[p] & bit:
                out[p] = out.get(p, 0) | bit
    return out


def _within(removals: dict[int, int], cover: dict[int, int]) -> bool:
    """True when every candidate of ``removals`` is also in ``cover``."""
    return all(not m & ~cover.get(c, 0) for c, m in removals.items())


def only_refutations(ctx: Context, source: Source, cases: Sequence[Chase], removed: dict[int, int]) -> bool:
    """True when every live case removes ``removed`` by its supposition alone (no
    technique step needed): the net says no more than its dead cases' refutations
    (one case's refutation, or several put side by side: ``contradiction-1``'s to
    say, one step each)."""
    masks = ctx.state.masks
    options = source.case_masks(masks)
    live = [options[k] for k, case in enumerate(cases) if case.end is None]
    return _by_supposition(source, live, masks, ctx.puzzle.peers, removed)


def _left(run: Chase, targets: dict[int, int]) -> bool:
    """True while some target is still a candidate in the case's state."""
    masks = run.fork.state.masks
    return any(masks[c] & m for c, m in targets.items())


def _run_out(ctx: Context, case: Step, targets: dict[int, int], *, explain: bool,
             work: Work | None = None) -> Chase:
    """Suppose ``case`` and advance until ``targets`` are gone, a dead end, a stall or
    :data:`MAX_FOLLOW` steps (``work``: a budget of its own; default the solve's)."""
    run = Chase(ctx, -1, 0, 1, explain=explain, work=work, case=case)
    while run.end is None and _left(run, targets) and run.length < MAX_FOLLOW and run.advance():
        pass
    return run


def follow(ctx: Context, source: Source, k: int, targets: dict[int, int]) -> tuple[Chase, dict[int, int]]:
    """Follow case ``k`` of ``source`` until ``targets`` are gone from its state,
    or a dead end, a stall, or :data:`MAX_FOLLOW` steps: the case's chase (its
    ``end`` the dead end, if any), and the targets it removed (all of them after
    a dead end)."""
    run = _run_out(ctx, source.case_step(ctx, k, ctx.explain), targets, explain=ctx.explain)
    if run.end is not None:
        return run, dict(targets)
    masks = run.fork.state.masks
    return run, {c: m & ~masks[c] for c, m in targets.items() if m & ~masks[c]}


def net(ctx: Context, source: Source, targets: dict[int, int]) -> tuple[list[Chase], dict[int, int]]:
    """Follow every case of ``source`` in turn, each with the targets the earlier
    ones kept: the cases, and what every one of them removes (empty: nothing)."""
    cases: list[Chase] = []
    for k in range(len(source.options)):
        case, targets = follow(ctx, source, k, targets)
        cases.append(case)
        if not targets:
            return cases, {}
    return cases, targets


def _pairs(removals: dict[int, int]) -> list[tuple[int, int]]:
    return [(c, d) for c, m in sorted(removals.items()) for d in digits_of(m)]


def find_forcing_nets(ctx: Context) -> Iterator[Step]:
    """The first source in :func:`screen`'s order whose cases all remove something."""
    if ctx.depth or ctx.max_depth < 1 or ctx.work.exhausted or dead_end(ctx) is not None:
        return
    if ctx.memo.get(SPENT, 0) >= ALLOWANCE:
        return
    for source, targets in screen(ctx):
        cases, removed = net(ctx, source, targets)
        if removed and not only_refutations(ctx, source, cases, removed):
            yield _step(ctx, source, cases, removed)
            return
        ctx.memo[SPENT] = spent = ctx.memo.get(SPENT, 0) + 1
        if spent >= ALLOWANCE or ctx.work.exhausted:
            return


def _step(ctx: Context, source: Source, cases: list[Chase], removed: dict[int, int]) -> Step:
    elims = tuple(sorted(removed.items()))
    highlight = (region_key(source.region),) if source.region is not None else ()
    shown = source.highlight(ctx.state.masks) + elims
    if not ctx.explain:
        subs = tuple(source.case_step(ctx, k, False) for k in range(len(source.options)))
        return Step(ID, NAME, LEVEL, "", eliminations=elims, cells=source.cells, regions=highlight,
                    candidates=shown, sub_steps=subs)
    gone = losses(ctx, elims)
    targets = _pairs(removed)
    clauses = []
    subs_list: list[Step] = []
    # Removals of several kinds ("r1c1 is not 6; r2c2 is not 7") or in more than two cells are
    # said once, up front: their semicolons would run into the cases', and a person reads the
    # list once, not once a case.
    long = ";" in gone or len(elims) > 2
    for k, case in enumerate(cases):
        chain = prune(ctx, case.steps, case.end, case.inner, targets)
        count = len(chain) - 1
        after = f"(after {count} step{'s' if count != 1 else ''}) " if count else ""
        if case.end is not None:
            outcome = f"{case.end.clause}, so that case is impossible"
            closing = Step(END, "Contradiction", LEVEL, case.end.sentence, cells=case.end.cells,
                           regions=case.end.regions)
        else:
            outcome = gone
            closing = Step(CASE_END, "Case closed", LEVEL, f"So in case {k + 1}, {gone}.", candidates=elims)
        if long and case.end is None:
            took = f"in {count} step{'s' if count != 1 else ''}" if count else "at once"
            clauses.append(f"if {source.case_claim(ctx, k)}, that follows {took}")
        else:
            clauses.append(f"if {source.case_claim(ctx, k)}, then {after}{outcome}")
        subs_list.extend(chain)
        subs_list.append(closing)
    if long:
        text = f"{source.claim(ctx)}. In every case {gone}. {_cap('; '.join(clauses))}."
    else:
        text = f"{source.claim(ctx)}. {_cap('; '.join(clauses))}; so {gone} in every case."
    return Step(ID, NAME, LEVEL, text, eliminations=elims, cells=source.cells, regions=highlight,
                candidates=shown, sub_steps=tuple(subs_list))


def net_length(ctx: Context, step: Step, work: int) -> int | None:
    """The technique steps a person follows for a forcing-net ``step`` found in
    ``ctx``: its cases' chains together, each case followed again (with a
    budget of ``work`` units a case) until the step's removals are made or
    it reaches a dead end; None when a case runs out of work first."""
    total = 0
    source_cases = [s for s in step.sub_steps if s.technique == CASE]
    removed = dict(step.eliminations)
    for case_step in source_cases:
        run = _run_out(ctx, case_step, removed, explain=False, work=Work(work))
        if run.end is None and _left(run, removed):
            return None
        total += run.length
    return total


FORCING_NET = Technique(
    ID, NAME, LEVEL, SCORE, find_forcing_nets,
    "cage k (17) is 2+6+9 or 4+6+7. If cage k is 2+6+9, then (after 3 steps) r4c4 is not 7; if cage k is 4+6+7, "
    "then (after 2 steps) r4c4 is not 7; so r4c4 is not 7 in every case.")

TECHNIQUES = (FORCING_NET,)
