"""The bands lifted by the time estimate (:data:`sumlogic.grading.MINUTE_BANDS`): their cut
points chosen on janko.at's grades, and how well bands agree with every rated set; part of
the calibration report (``python benchmarks/calibrate.py``, :mod:`benchmarks.calibrate_time`)."""

from __future__ import annotations

from typing import Any, Sequence

from benchmarks.calibrate_time import FOLDS, Rows, folds, kinds_of
from solver.model import Puzzle
from sumlogic.grading import spearman, time_model


#: janko.at's grades and the band each stands for when choosing :data:`sumlogic.grading.MINUTE_BANDS`.
JANKO_BANDS: tuple[tuple[str, float], ...] = (("Medium", 3.0), ("Hard", 4.0))


def quantile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (the lower one on a step)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(share * len(ordered)) - 1))] if ordered else 0.0


def cut_points(minutes: Sequence[float], grades: Sequence[float]) -> tuple[tuple[str, float], ...]:
    """:data:`JANKO_BANDS` as minutes: each band starts just above the estimate's
    quantile at the share of puzzles graded below the band's first grade."""
    out = []
    for band, first in JANKO_BANDS:
        share = sum(1 for g in grades if g < first) / len(grades)
        out.append((band, round(quantile(minutes, share) + 0.1, 1)))  # minutes are in tenths
    return tuple(out)


def band_agreement(rows: Rows, kind: str, cuts: dict[str, tuple[tuple[str, float], ...]],
                   minutes: Sequence[float] | None = None) -> float:
    """Spearman's rho between the ratings of ``rows`` and their bands (as places in
    ``BAND_ORDER``), the bands lifted by the minute cut points ``cuts``."""
    from sumlogic.grading import BAND_ORDER, band_for, estimate_minutes

    if minutes is None:
        minutes = [estimate_minutes(path, time_model(kind), big) for _, path, big in rows]
    bands = []
    for (_, path, _), m in zip(rows, minutes):
        level = max((r[1] for r in path), default=0)
        guessed = any(r[0] == "guess" for r in path)
        bands.append(BAND_ORDER.index(band_for(level, guessed, kind, m, cuts)))
    return spearman([y for y, _, _ in rows], bands)


def minute_bands(items: Sequence[tuple[str, Puzzle, dict[str, Any]]], sets: dict[str, Rows]) -> list[str]:
    """Per janko-graded set, the cut points of :data:`sumlogic.grading.MINUTE_BANDS`
    it gives for its kind (in sample, and their agreement when chosen on 4 folds
    and scored on the fifth), and for every set of that kind how well the bands
    agree with its ratings (rho of band against rating) with the hardest level
    alone, with the cut points in use and with the new ones.  Cut points are
    worth keeping for a kind when they raise the agreement on all its sets."""
    from sumlogic.grading import MINUTE_BANDS, estimate_minutes

    kinds = kinds_of(items)
    graded = {name for name, _, r in items if r.get("scale") == "janko-grade"}
    lines = []
    for source in sorted(graded & set(sets)):
        kind = kinds[source]
        rows = sets[source]
        minutes = [estimate_minutes(path, time_model(kind), big) for _, path, big in rows]
        grades = [y for y, _, _ in rows]
        cuts = cut_points(minutes, grades)
        assign = folds(len(rows))
        held = []
        for k in range(FOLDS):
            train = [i for i in range(len(rows)) if assign[i] != k]
            test = [i for i in range(len(rows)) if assign[i] == k]
            table = {kind: cut_points([minutes[i] for i in train], [grades[i] for i in train])}
            if len(test) > 2:
                held.append(band_agreement([rows[i] for i in test], kind, table, [minutes[i] for i in test]))
        lines.append(f"  {kind!r}: {cuts!r},  # from {source} (5-fold CV of the cut points: "
                     f"rho {sum(held) / max(1, len(held)):+.2f})")
        for name in sorted(n for n in sets if kinds[n] == kind):
            alone, in_use, new = (band_agreement(sets[name], kind, table) for table in ({}, MINUTE_BANDS, {kind: cuts}))
            lines.append(f"    {name}: band vs rating, hardest level alone {alone:+.2f}, in use {in_use:+.2f}, "
                         f"these cut points {new:+.2f}")
    return lines
