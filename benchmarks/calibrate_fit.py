"""The scoring half of ``benchmarks/calibrate.py``: rho tables and the weight search.

Everything here works on cached trace entries (plain dicts with ``id``,
``status``, ``rating`` and ``steps`` as :data:`sumlogic.grading.StepFeature`
rows), so it runs in seconds, not hours.

The weights of :data:`sumlogic.grading.WEIGHTS` were chosen by :func:`fit`: a
grid search over the three parameters of :class:`sumlogic.grading.Weights`
maximising the mean rho over the two rated sources with enough puzzles
(kropki/janko, killer/krazydad).  Leave-one-source-out shows how much of that
is overfitting: the weights chosen on one source are scored on the other.
The killer tiers and kakuro/minizinc are never used to choose anything.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any, Callable, Sequence

from sumlogic.grading import BANDS, GUESS, WEIGHTS, StepFeature, Weights, band_for, score_steps, spearman

Entry = dict[str, Any]
Scorer = Callable[[Sequence[StepFeature]], float]
Pairs = list[tuple[Entry, float]]

#: The sources the weights are fitted on (the rated ones with enough puzzles).
FIT_SETS: tuple[str, ...] = ("kropki/janko", "killer/krazydad")
TIERS = "killer tiers (cross-source: krazydad 1 < vtsukur 2 < extreme 3)"
TIERS_ALL = "killer tiers, over-budget puzzles ranked hardest"

#: The grid :func:`fit` searches: 7 floors x 5 bases x 5 level weights = 175 formulas.
FLOORS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
BASES: tuple[float, ...] = (1.0, 1.5, 2.0, 3.0, 4.0)
PER_LEVEL: tuple[int, ...] = (1000, 100, 10, 1, 0)


def grid() -> list[Weights]:
    """Every :class:`Weights` the search tries, in a fixed order; ties go to the
    first, that is the lowest floor and base and the highest ``per_level`` (when
    the data cannot tell, the hardest level decides, as in HoDoKu's grades)."""
    return [Weights(f, b, m) for f, b, m in itertools.product(FLOORS, BASES, PER_LEVEL)]


def old_score(steps: Sequence[StepFeature]) -> float:
    """The score before calibration: the technique table's score per use (a guess 100)."""
    from techniques import DEFAULT

    scores = {t.id: t.score for t in DEFAULT}
    scores[GUESS] = 100
    return sum(scores.get(s[0], 0) for s in steps)


def hardest_level(steps: Sequence[StepFeature]) -> float:
    """The hardest level used."""
    return max((s[1] for s in steps), default=0)


def step_count(steps: Sequence[StepFeature]) -> float:
    """The number of steps."""
    return len(steps)


def evaluation_sets(entries: Sequence[Entry]) -> dict[str, tuple[Pairs, Counter[str]]]:
    """Per rated source (and the killer tiers): the solved entries with their
    rating, and a count of the entries left out by status."""
    from benchmarks.calibrate import source_of, tier_of

    out: dict[str, tuple[Pairs, Counter[str]]] = {}

    def add(name: str, entry: Entry, y: float) -> None:
        """File a solved entry under ``name``, or count why it is left out."""
        pairs, left_out = out.setdefault(name, ([], Counter()))
        if entry["status"] == "solved":
            pairs.append((entry, y))
        else:
            left_out[entry["status"]] += 1

    for e in sorted(entries, key=lambda e: e["id"]):
        if e.get("rating") is not None:
            add(source_of(e["id"]), e, e["rating"])
        tier = tier_of(e["id"])
        if tier is not None:
            add(TIERS, e, tier)
            if e["status"] in ("solved", "timeout"):
                out.setdefault(TIERS_ALL, ([], Counter()))[0].append((e, tier))
    return {name: value for name, value in sorted(out.items())
            if len({y for _, y in value[0]}) >= 2}


def rho(pairs: Pairs, scorer: Scorer) -> float:
    """Spearman's rho between the ratings and ``scorer`` of the steps (an
    entry that ran out of budget ranks above every solved one)."""
    return spearman([y for _, y in pairs],
                    [scorer(e["steps"]) if e["status"] == "solved" else float("inf") for e, _ in pairs])


def weighted(weights: Weights) -> Scorer:
    """:func:`sumlogic.grading.score_steps` with ``weights``."""
    return lambda steps: score_steps(steps, weights)


def best(sets: dict[str, tuple[Pairs, Counter[str]]], names: Sequence[str]) -> tuple[Weights, float]:
    """The grid weights with the highest mean rho over ``names`` (first one on a tie)."""
    chosen, top = grid()[0], float("-inf")
    for w in grid():
        mean = sum(rho(sets[n][0], weighted(w)) for n in names) / len(names)
        if mean > top + 1e-12:
            chosen, top = w, mean
    return chosen, top


def fmt(w: Weights) -> str:
    """``floor=3 base=2 per_level=10``."""
    return f"floor={w.floor} base={w.base:g} per_level={w.per_level}"


def fit(sets: dict[str, tuple[Pairs, Counter[str]]]) -> list[str]:
    """The lines of the grid search: leave-one-source-out, then the choice on both."""
    lines = ["", f"grid search over {len(grid())} formulas (floor x base x per_level), "
                 f"objective: mean rho over {', '.join(FIT_SETS)}"]
    fit_sets = [n for n in FIT_SETS if n in sets]
    for held in fit_sets:
        rest = [n for n in fit_sets if n != held]
        if not rest:
            continue
        w, train = best(sets, rest)
        lines.append(f"  fit on {', '.join(rest)}: {fmt(w)} (rho there {train:.2f}); "
                     f"held-out {held}: rho {rho(sets[held][0], weighted(w)):.2f}")
    if fit_sets:
        w, mean = best(sets, fit_sets)
        near = sum(1 for v in grid()
                   if sum(rho(sets[n][0], weighted(v)) for n in fit_sets) / len(fit_sets) >= mean - 0.02)
        lines.append(f"  fit on both: {fmt(w)} (mean rho {mean:.2f}; {near} formulas within 0.02 of it); "
                     f"in sumlogic.grading: {fmt(WEIGHTS)}")
        for name in sets:
            if name not in fit_sets and name != TIERS_ALL:
                lines.append(f"    never fitted on: {name}: rho {rho(sets[name][0], weighted(w)):.2f}")
    return lines


def rho_table(sets: dict[str, tuple[Pairs, Counter[str]]]) -> list[str]:
    """One row per evaluation set: n, left out, rho of the old and new score, level and steps."""
    head = f"{'source':66} {'n':>4} {'left out':>14} {'old score':>9} {'new score':>9} {'level':>6} {'steps':>6}"
    lines = [head]
    new = weighted(WEIGHTS)
    for name, (pairs, left_out) in sets.items():
        gone = ", ".join(f"{k} {v}" for k, v in sorted(left_out.items())) or "-"
        lines.append(f"{name:66} {len(pairs):>4} {gone:>14} {rho(pairs, old_score):>9.2f} {rho(pairs, new):>9.2f} "
                     f"{rho(pairs, hardest_level):>6.2f} {rho(pairs, step_count):>6.2f}")
    return lines


def level_table(entries: Sequence[Entry]) -> list[str]:
    """How many puzzles of each labelled group need each hardest level (the band cut points' data)."""
    from benchmarks.calibrate import source_of

    groups: dict[str, Counter[Any]] = {}
    for e in entries:
        label = e.get("label") or "(unrated)"
        key = f"{source_of(e['id'])}: {label}"[:58]
        if e["status"] != "solved":
            level: Any = e["status"]
        elif any(s[0] == GUESS for s in e["steps"]):
            level = "guess"
        else:
            level = int(hardest_level(e["steps"]))
        groups.setdefault(key, Counter())[level] += 1
    cols: list[Any] = list(range(1, 10)) + ["guess", "timeout"]
    lines = [f"{'group':58} " + " ".join(f"{c!s:>7}" for c in cols)]
    for key in sorted(groups):
        lines.append(f"{key:58} " + " ".join(f"{groups[key].get(c, 0) or '.':>7}" for c in cols))
    return lines


#: The band each worded label asks for, for the choice of the band cut points
#: (janko's numbers and the sudoku labels do not name a band and are not used).
LABEL_BANDS: tuple[tuple[str, str], ...] = (
    ("easy", "Easy"),
    ("intermediate", "Medium"),
    ("daily challenge", "Medium"),
    ("sudoku.com expert", "Hard"),
    ("hardest", "Extreme"),
    ("hard", "Hard"),
    ("super", "Expert"),
    ("10/10", "Expert"),
    ("extreme", "Extreme"),
)
BAND_NAMES: tuple[str, ...] = ("Easy", "Medium", "Hard", "Expert", "Extreme")


def label_band(label: str | None) -> str | None:
    """The band a source's worded label asks for, or None.

    >>> label_band("krazydad intermediate"), label_band("janko 4"), label_band("sudoku.com expert")
    ('Medium', None, 'Hard')
    """
    for word, band in LABEL_BANDS:
        if label and word in label:
            return band
    return None


def band_cuts(entries: Sequence[Entry]) -> tuple[tuple[int, ...], int, int]:
    """The four level cut points (the top level of Easy, Medium, Hard, Expert)
    that put the most worded-label puzzles in their label's band; ties go to the
    first in lexicographic order.  Returns the cuts, the hits and the number of
    puzzles counted (solved without a guess; a guess is always Needs-guessing)."""
    wanted = []
    for e in entries:
        band = label_band(e.get("label"))
        if band and e["status"] == "solved" and not any(s[0] == GUESS for s in e["steps"]):
            wanted.append((int(hardest_level(e["steps"])), BAND_NAMES.index(band)))
    best_cuts, hits = (2, 3, 5, 7), -1
    for cuts in itertools.combinations(range(1, 9), 4):
        score = sum(1 for level, band in wanted if sum(level > c for c in cuts) == band)
        if score > hits:
            best_cuts, hits = cuts, score
    return best_cuts, hits, len(wanted)


def band_counts(entries: Sequence[Entry]) -> Counter[str]:
    """Solved entries per band under the current cut points."""
    return Counter(band_for(int(hardest_level(e["steps"])), any(s[0] == GUESS for s in e["steps"]))
                   for e in entries if e["status"] == "solved")


def report(entries: Sequence[Entry], fit_too: bool = False) -> None:
    """Print the rho table (and with ``fit_too`` the grid search) and the level table."""
    sets = evaluation_sets(entries)
    for line in rho_table(sets):
        print(line)
    if fit_too:
        for line in fit(sets):
            print(line)
    print()
    print("hardest level per labelled group (timeout = over the CPU budget, left out above):")
    for line in level_table(entries):
        print(line)
    cuts, hits, n = band_cuts(entries)
    print(f"band cut points that put most worded-label puzzles in their label's band: top levels of "
          f"Easy/Medium/Hard/Expert = {cuts} ({hits} of {n} puzzles); in sumlogic.grading: "
          f"{tuple(top for _, top in BANDS[:4])}")
    counts = band_counts(entries)
    print("bands over these puzzles: " + ", ".join(f"{b} {n}" for b, n in sorted(counts.items())))
