"""Puzzles made to need a technique: the judge behind ``sumlogic generate KIND
--needs ID[,ID...] [--hardest]``.

A puzzle *needs* a technique when its freshly explained path (the engine
with :data:`techniques.DEFAULT`, as ``sumlogic explain`` runs it) uses that
technique at least once; with ``hardest``, the path also uses nothing of a
higher level than the hardest technique named.  :func:`needs_of` checks the
ids against the kind (a technique whose rules the kind lacks cannot be
needed) and gives a :class:`Needs`, whose :meth:`Needs.judge` the generators
call on every unique puzzle they pass (see :data:`puzzles.generate.Probe`).

The judge explains each puzzle once, cheaply:

- the techniques are those of :data:`techniques.DEFAULT` up to the hardest
  level named, in the default order, without guessing (unless ``guess``, the
  engine's last resort after every technique, is named).  Because the default
  order is sorted by level, this engine takes exactly the steps the full one
  takes until it is stuck (where the full one would reach for something
  harder), so nothing harder is ever searched for when the answer is known;
- without ``hardest`` it stops as soon as every technique named has been
  used (the rest of the path cannot change that), and only a puzzle that gets
  stuck before is explained again with every technique, guesses included;
- the searching techniques get a counted work budget (:data:`NEEDS_BUDGET`):
  a puzzle that spends it all is turned down, so that what the judge saw is
  what a fresh explain (with the grading budget, which is larger) sees too.
  Nothing depends on the clock, so a seed gives the same puzzle on every run.

>>> n = needs_of("sudoku", "pointing,naked-pair")
>>> n.ids, n.level, n.label
(('pointing', 'naked-pair'), 4, 'needs pointing, naked-pair')
>>> needs_of("killer", "guess").level
10
>>> needs_of("sudoku", "kropki-dots, x-wing")
Traceback (most recent call last):
...
ValueError: needs: a sudoku cannot need kropki-dots (it applies to kropki only)
>>> needs_of("kropki", "x-wings")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: needs: unknown technique x-wings (techniques a kropki can need: naked-single, ...)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from puzzles.generate.base import GO_ON, PUT_BACK
from solver.engine import Engine, Technique
from solver.model import Puzzle
from techniques import DEFAULT, GUESS

__all__ = ["EASIER", "HARDER", "NEEDS_BUDGET", "NEEDS_MERGE_LEVEL", "NEVER", "OVER_BUDGET", "WITHOUT", "Needs",
           "needs_of",
           "reachable_ids"]

NEEDS_BUDGET = 60_000
"""Work units (:class:`solver.contract.Work`) the judge lets the searching
techniques spend on one puzzle; below the grading budget
(:data:`solver.engine.DEFAULT_BUDGET`), so a puzzle it keeps explains the same
way there.  A puzzle that needs more is turned down (:data:`OVER_BUDGET`)."""

NEEDS_MERGE_LEVEL = 6
"""Killer cages are merged back while unique (fewer cages, harder puzzles, each merge
judged on the way) when the hardest technique named has at least this level: unmerged
generated Killers almost never need more than level 5."""

EASIER = GO_ON
"""How a try came out when every step was easier than (or other than) those asked for."""
HARDER = PUT_BACK
"""With ``hardest``: the path needs a technique of a higher level (a generator puts the
clue it just took back and goes on with the next)."""
WITHOUT = "without"
"""Without ``hardest``: the full path (harder steps and guesses included) never used them."""
OVER_BUDGET = "over work budget"
"""The explanation spent :data:`NEEDS_BUDGET` before it could tell."""


_HOUSES_ONLY = {
    "last-cell": "the last open cell of a row, column or box is a naked single, and naked-single comes first",
    "house-pointing": "with rows, columns and boxes only, a cell outside a house sees two of its places "
                      "only when they share a box and a line, where pointing and claiming come first",
}
_RUN_SUBSETS = "a Kakuro's houses are its runs, and sum-fillings (earlier) removes all a subset inside a run would"

_TURBOT_IN_HOUSES = ("with rows, columns and boxes only, each strong link of one digit is a house's last two "
                     "places, so a chain of two such links is a Skyscraper, a 2-String Kite or an Empty "
                     "Rectangle, or Pointing or Claiming takes its candidates first (BENCHMARKS.md, 'Turbot fish "
                     "is never needed')")

NEVER: dict[str, dict[str, str]] = {
    "sudoku": {**_HOUSES_ONLY, "turbot-fish": _TURBOT_IN_HOUSES},
    "kropki": _HOUSES_ONLY,
    "kakuro": dict.fromkeys(("naked-pair", "hidden-pair", "naked-triple", "hidden-triple", "naked-quad",
                             "hidden-quad"), _RUN_SUBSETS),
}
"""Techniques that apply to a kind but that the default order never needs there,
because an earlier technique always takes their step first (kind -> id -> why;
the reachability table of BENCHMARKS.md measures it too): ``--needs`` refuses them.
Kropki keeps Turbot fish: a dot can join one digit in two cells strongly (r1c1 5/6 and
r1c2 4/5 on a white dot: if r1c1 is not 5 it is 6, so r1c2 is 5), which the Sudoku
argument does not cover."""


def _by_id() -> dict[str, Technique]:
    return {t.id: t for t in (*DEFAULT, GUESS)}


def reachable_ids(kind: str) -> list[str]:
    """The ids of the default order a ``kind`` may need (its rules are those the technique reads).

    >>> "kropki-dots" in reachable_ids("kropki"), "kropki-dots" in reachable_ids("sudoku")
    (True, False)
    """
    never = NEVER.get(kind, {})
    return [t.id for t in (*DEFAULT, GUESS) if (not t.kinds or kind in t.kinds) and t.id not in never]


def _ids(needs: str | Iterable[str]) -> list[str]:
    if isinstance(needs, str):
        parts = needs.split(",")
    elif isinstance(needs, Iterable) and not isinstance(needs, bytes):
        parts = list(needs)
        if not all(isinstance(p, str) for p in parts):
            raise TypeError("needs: technique ids are str (a list of them, or one comma-separated str)")
    else:
        raise TypeError(f"needs: expected technique ids (a list, or one comma-separated str), "
                        f"not {type(needs).__name__}")
    return list(dict.fromkeys(p.strip() for p in parts if p.strip()))


def needs_of(kind: str, needs: str | Iterable[str], hardest: bool = False) -> "Needs":
    """The :class:`Needs` for ``kind``: ``needs`` is technique ids, a list or
    one comma-separated str.

    Raises ``ValueError`` (one line) naming every unknown id, or every
    technique the kind cannot need with the kinds it applies to, or one the
    default order never needs there (:data:`NEVER`, with why); none named;
    ``TypeError`` for ids that are not str.
    """
    ids = _ids(needs)
    if not ids:
        raise ValueError("needs: name at least one technique (sumlogic techniques --kind KIND lists them)")
    known = _by_id()
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise ValueError(f"needs: unknown technique{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                         f"(techniques a {kind} can need: {', '.join(reachable_ids(kind))})")
    foreign = [known[i] for i in ids if known[i].kinds and kind not in known[i].kinds]
    if foreign:
        what = ", ".join(f"{t.id} (it applies to {', '.join(t.kinds)} only)" for t in foreign)
        raise ValueError(f"needs: a {kind} cannot need {what}")
    never = [i for i in ids if i in NEVER.get(kind, {})]
    if never:
        what = "; ".join(f"{i} ({NEVER[kind][i]})" for i in never)
        raise ValueError(f"needs: a {kind} never needs {what}")
    order = {t.id: n for n, t in enumerate((*DEFAULT, GUESS))}
    chosen = tuple(sorted((known[i] for i in ids), key=lambda t: order[t.id]))
    return Needs(kind, chosen, bool(hardest))


@dataclass(frozen=True)
class Needs:
    """Techniques a puzzle must need (``techniques``, in the default order) and
    whether nothing harder may be used (``hardest``)."""

    kind: str
    techniques: tuple[Technique, ...]
    hardest: bool = False

    @property
    def ids(self) -> tuple[str, ...]:
        """The techniques' ids, in the default order."""
        return tuple(t.id for t in self.techniques)

    @property
    def level(self) -> int:
        """The highest level among the techniques."""
        return max(t.level for t in self.techniques)

    @property
    def label(self) -> str:
        """How the puzzle's info and the error message name what was asked for."""
        return f"needs {', '.join(self.ids)}{' (nothing harder)' if self.hardest else ''}"

    def judge(self, puzzle: Puzzle) -> str | None:
        """None when ``puzzle``'s explained path needs :attr:`techniques` (and,
        with :attr:`hardest`, nothing harder); else how it came out:
        :data:`EASIER` (solved without them: a generator goes on removing
        clues), :data:`HARDER`, :data:`WITHOUT` or :data:`OVER_BUDGET`.

        >>> from puzzles import sample
        >>> needs_of("sudoku", "hidden-single").judge(sample("sudoku-1")) is None
        True
        >>> needs_of("sudoku", "x-wing", hardest=True).judge(sample("sudoku-1"))
        'easier'
        """
        wanted = set(self.ids)
        level = self.level
        easy = tuple(t for t in DEFAULT if t.level <= level)
        # Guessing is the engine's last resort (after every technique): asked for, it is allowed at once.
        guess = GUESS.id in wanted
        got = self._explain(puzzle, Engine(easy, explain=False, guess=guess, budget=NEEDS_BUDGET, timeout=None),
                            wanted)
        if got != "stuck":
            return got
        if self.hardest:
            return HARDER
        # Harder steps come first here; one of those asked for may still follow them.
        got = self._explain(puzzle, Engine(DEFAULT, explain=False, budget=NEEDS_BUDGET, timeout=None), wanted)
        return WITHOUT if got in ("stuck", EASIER) else got

    def _explain(self, puzzle: Puzzle, engine: Engine, wanted: set[str]) -> str | None:
        """Run ``engine`` on ``puzzle``: None once every technique in ``wanted`` is
        used (at once without :attr:`hardest`, else when solved), ``"stuck"``,
        :data:`EASIER` or :data:`OVER_BUDGET`."""
        run = engine.run(puzzle)
        seen: set[str] = set()
        for step in run:
            seen.add(step.technique)
            if not self.hardest and wanted <= seen:
                return OVER_BUDGET if run.ctx.work.exhausted else None
        if run.ctx.work.exhausted:
            return OVER_BUDGET
        if run.status == "stuck":
            return "stuck"
        if run.status != "solved":
            return run.status  # no-solution or multiple: not a puzzle a generator makes
        return None if wanted <= seen else EASIER
