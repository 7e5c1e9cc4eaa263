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

from typing import Iterable, Iterator

from solver.contract import Context, Technique
from solver.errors import InvalidArgumentError
from solver.step import Step

from . import (aic, als, blocked_fillings, cage_pairs, combination_chains, combinations, comparisons, contradiction,
               cutvertex, dots, fish, forcing, house_combos, innies, intersections, kropki_groups, runs, seeing,
               singles, subsets, turbot, uniqueness, wings)

DEFAULT: tuple[Technique, ...] = (
    *singles.TECHNIQUES,
    combinations.SUM_COMBINATIONS,
    dots.KROPKI_DOTS,
    intersections.POINTING,
    intersections.CLAIMING,
    intersections.CAGE_CONFINEMENT,
    intersections.COMBINATION_CONFINEMENT,
    *seeing.TECHNIQUES,
    comparisons.SUM_COMPARISON,
    combinations.SUM_FILLINGS,
    subsets.NAKED_PAIR,
    subsets.HIDDEN_PAIR,
    dots.KROPKI_CHAIN,
    *innies.TECHNIQUES[:2],
    *house_combos.TECHNIQUES,
    comparisons.RELATION_CHECK,
    runs.CROSSING_RUNS,
    subsets.NAKED_TRIPLE,
    subsets.HIDDEN_TRIPLE,
    *kropki_groups.TECHNIQUES,  # issue 26 (kropki): dot groups and clusters, before the fish and chains
    innies.MULTI_HOUSE_INNIES,
    runs.RUN_LOOPS,
    *cutvertex.TECHNIQUES,
    subsets.NAKED_QUAD,
    subsets.HIDDEN_QUAD,
    fish.X_WING,
    *turbot.TECHNIQUES,
    *uniqueness.LEVEL_6,
    wings.XY_WING,
    *cage_pairs.TECHNIQUES,
    *uniqueness.LEVEL_7,
    fish.FINNED_X_WING,
    fish.SWORDFISH,
    fish.FINNED_SWORDFISH,
    wings.XYZ_WING,
    fish.JELLYFISH,
    fish.FINNED_JELLYFISH,
    wings.WXYZ_WING,
    *aic.TECHNIQUES,
    als.SUE_DE_COQ,
    als.ALS_XZ,
    als.ALS_XY_WING,
    # killer-c (issue 27): the Killer deductions tried last before trial
    *blocked_fillings.TECHNIQUES,
    # killerlogic (issue 27): chains through the sums' combinations, last before trial (only stalls change)
    *combination_chains.TECHNIQUES,
    # forcing (issue 27): a few cases that each remove the same candidate, before a contradiction's one supposition
    *forcing.TECHNIQUES,
    *contradiction.TECHNIQUES,
)

BY_ID: dict[str, Technique] = {t.id: t for t in DEFAULT}

#: The named patterns read off the link graph (fish, the turbot family, wings,
#: chains, almost locked sets, uniqueness): a hint names them with their digits
#: ("Look for a W-Wing on 1 and 9").
PATTERNS: frozenset[str] = frozenset(t.id for t in (
    fish.X_WING, fish.FINNED_X_WING, fish.SWORDFISH, fish.FINNED_SWORDFISH, fish.JELLYFISH, fish.FINNED_JELLYFISH,
    *turbot.TECHNIQUES, *uniqueness.TECHNIQUES, wings.XY_WING, wings.XYZ_WING, wings.WXYZ_WING, *aic.TECHNIQUES,
    als.SUE_DE_COQ, als.ALS_XZ, als.ALS_XY_WING))

#: Families named by one id where techniques are chosen (``--without uniqueness``):
#: the id stands for every technique of the family.
FAMILIES: dict[str, tuple[Technique, ...]] = {uniqueness.FAMILY: uniqueness.TECHNIQUES}


def _resolve(item: str | Technique, what: str) -> list[Technique]:
    """The techniques an item names: a record itself, a technique's id, or a family's id (:data:`FAMILIES`)."""
    if isinstance(item, Technique):
        return [item]
    if isinstance(item, str):
        found = BY_ID.get(item.strip())
        if found is not None:
            return [found]
        family = FAMILIES.get(item.strip())
        if family is not None:
            return list(family)
        raise InvalidArgumentError(f"{what}: unknown technique {item.strip()!r} "
                                   f"(valid: {', '.join([*BY_ID, *FAMILIES])})")
    raise TypeError(f"{what}: a technique is an id (str) or a Technique, not {type(item).__name__}")


def _items(value: str | Iterable[str | Technique], what: str) -> list[str | Technique]:
    """A comma-separated string of ids, or an iterable of ids and Technique records, as a list."""
    if isinstance(value, str):
        return [part for part in value.split(",") if part.strip()]
    if isinstance(value, (bytes, Technique)) or not isinstance(value, Iterable):
        raise TypeError(f"{what}: expected technique ids (a list, or one comma-separated str) or Technique "
                        f"records, not {type(value).__name__}")
    return list(value)


def select(techniques: str | Iterable[str | Technique] | None = None, *,
           without: str | Iterable[str | Technique] | None = None,
           max_level: int | None = None) -> tuple[Technique, ...]:
    """The techniques an engine run uses, chosen the one way the command line
    (``--techniques``, ``--without``, ``--max-level``) and the API
    (``techniques=``, ``without=``, ``max_level=``) share.

    ``techniques``: None for :data:`DEFAULT`; else ids (a list, or one
    comma-separated string such as ``"naked-single,hidden-single"``), which
    are tried in :data:`DEFAULT`'s order (cheapest first) whatever order
    they are named in, or :class:`~solver.engine.Technique` records, which
    keep the order given (your own list, as the engine always took it).
    ``without``: ids or records left out.  A family's id stands for all its
    techniques (:data:`FAMILIES`: ``uniqueness`` is every Unique Rectangle
    type, the Hidden Rectangle and BUG+1).  ``max_level``: only techniques of
    that level or lower.  The result may be empty (the engine then only
    guesses).

    Raises:
        InvalidArgumentError: (a ``ValueError``) an unknown id, naming it
            and listing the valid ones; a ``max_level`` below 0.
        TypeError: an argument of the wrong type.

    >>> [t.id for t in select("hidden-single, naked-single")]
    ['naked-single', 'hidden-single']
    >>> [t.level for t in select(max_level=2, without=["kropki-dots"])]
    [1, 1, 1, 2]
    >>> [t for t in select(without="uniqueness") if t.id.startswith("unique-rectangle")]
    []
    >>> select("naked-singles")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.InvalidArgumentError: techniques: unknown technique 'naked-singles' (valid: naked-single, ...)
    """
    if techniques is None:
        chosen = list(DEFAULT)
    else:
        items = _items(techniques, "techniques")
        chosen = [t for item in items for t in _resolve(item, "techniques")]
        if all(isinstance(item, str) for item in items):
            order = {t.id: k for k, t in enumerate(DEFAULT)}
            chosen = sorted(dict.fromkeys(chosen), key=lambda t: order[t.id])
    if without is not None:
        drop = {t.id for item in _items(without, "without") for t in _resolve(item, "without")}
        chosen = [t for t in chosen if t.id not in drop]
    if max_level is not None:
        if isinstance(max_level, bool) or not isinstance(max_level, int):
            raise TypeError(f"max_level must be a whole number (int) or None, not {type(max_level).__name__}")
        if max_level < 0:
            raise InvalidArgumentError(f"max_level must be 0 or more, not {max_level}")
        chosen = [t for t in chosen if t.level <= max_level]
    return tuple(chosen)


def _guess(ctx: Context) -> Iterator[Step]:
    """Nothing: the engine makes guess steps itself; :data:`GUESS` only lists them."""
    return iter(())


GUESS = Technique("guess", "Guess (backtracking)", 10, 100, _guess,
                  "No technique applies: r2c2 (fewest candidates) is tried as its lowest digit 3, which leads to a "
                  "contradiction; undo, so r2c2 is not 3.")
"""The engine's last resort, as a record for listings (it is never in :data:`DEFAULT`)."""


def catalogue() -> tuple[Technique, ...]:
    """Every technique a solution can use, easiest first: :data:`DEFAULT` by
    level (the default order within a level), then :data:`GUESS`.

    >>> [t.id for t in catalogue()][-2:]
    ['contradiction-3', 'guess']
    """
    return (*sorted(DEFAULT, key=lambda t: (t.level, DEFAULT.index(t))), GUESS)


def technique_table() -> str:
    """The technique table (Markdown) of the README: id, name, level, score,
    the kinds it applies to, example (``tests/test_catalogue.py`` keeps the
    README's copy the same)."""
    rows = ["| id | name | level | score | kinds | example |", "| --- | --- | --- | --- | --- | --- |"]
    for t in catalogue():
        rows.append(f"| `{t.id}` | {t.name} | {t.level} | {t.score} | {', '.join(t.kinds) or 'all'} | {t.example} |")
    return "\n".join(rows)
