"""Human solving techniques, one module per family, and the default order.

Every technique is a :class:`solver.contract.Technique`: an id, a name, a
level, a score per use and a function from a :class:`solver.contract.Context`
to steps.  ``DEFAULT`` lists them cheapest first; the engine tries them in
that order and restarts from the top after any progress.  Adding a technique
means writing a module and adding it here; the engine never changes.

>>> [t.id for t in DEFAULT][:3]
['naked-single', 'last-cell', 'hidden-single']
>>> len({t.id for t in DEFAULT}) == len(DEFAULT)
True
"""

from __future__ import annotations

from solver.contract import Technique

from . import combinations, comparisons, contradiction, cutvertex, dots, innies, intersections, singles, subsets

DEFAULT: tuple[Technique, ...] = (
    *singles.TECHNIQUES,
    combinations.SUM_COMBINATIONS,
    dots.KROPKI_DOTS,
    intersections.POINTING,
    intersections.CLAIMING,
    intersections.CAGE_CONFINEMENT,
    intersections.COMBINATION_CONFINEMENT,
    comparisons.SUM_COMPARISON,
    subsets.NAKED_PAIR,
    subsets.HIDDEN_PAIR,
    dots.KROPKI_CHAIN,
    *innies.TECHNIQUES,
    subsets.NAKED_TRIPLE,
    subsets.HIDDEN_TRIPLE,
    *cutvertex.TECHNIQUES,
    subsets.NAKED_QUAD,
    subsets.HIDDEN_QUAD,
    *contradiction.TECHNIQUES,
)

BY_ID: dict[str, Technique] = {t.id: t for t in DEFAULT}


def technique_table() -> str:
    """The technique table (Markdown) for the docs: id, name, level, score, example."""
    rows = ["| id | name | level | score | example |", "| --- | --- | --- | --- | --- |"]
    for t in sorted(DEFAULT, key=lambda t: (t.level, DEFAULT.index(t))):
        rows.append(f"| `{t.id}` | {t.name} | {t.level} | {t.score} | {t.example} |")
    rows.append("| `guess` | Guess (backtracking) | 10 | 100 | No technique applies: r2c2 is tried as 7, "
                "and backtracking confirms it. |")
    return "\n".join(rows)
