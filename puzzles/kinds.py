"""The puzzle kinds as records (in the spirit of python-chess's variants).

A :class:`Kind` says what one kind of puzzle is: its name and title, its
rules in one line, the builder that turns them into a
:class:`~solver.model.Puzzle`, the keys of its corpus record, its usual
notation, how its grid is laid out (a Sudoku-type square of cells, or a
Kakuro grid of clue, block and white cells) and the generator that makes
new ones.  Everything that lists or dispatches on kinds reads
:data:`KINDS`: the JSON Lines reader, the generators, the command line, the
step page's titles.  Adding a kind means writing its module (a builder and
``KIND``), its notation(s), and one record here.

>>> KINDS["killer"].title, KINDS["killer"].notation, KINDS["kakuro"].layout
('Killer Sudoku', 'killer', 'kakuro')
>>> [k.name for k in KINDS.values() if k.generator]
['kakuro', 'killer', 'greater-killer', 'kropki', 'sudoku']
>>> kind("chess")
Traceback (most recent call last):
...
solver.errors.ParseError: unknown kind 'chess' (kinds: kakuro, killer, greater-killer, kropki, sudoku)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from solver.errors import ParseError
from solver.model import Puzzle

from . import greater_killer, kakuro, killer, kropki, sudoku

Layout = Literal["square", "kakuro"]

_SQUARE = ("size", "box", "regions", "givens")


@dataclass(frozen=True)
class Kind:
    """One kind of puzzle.

    ``build`` is its builder (each kind module's ``build``); ``structure``
    the record keys that define its puzzles (every other key is carried in
    :attr:`Puzzle.info`); ``notation`` the name of its usual text notation
    in :data:`puzzles.FORMATS`; ``layout`` how its grid is drawn;
    ``generator`` the module of :mod:`puzzles.generate` that makes it (None
    when there is none).
    """

    name: str
    title: str
    rules: str
    build: Callable[..., Puzzle] = field(compare=False, repr=False)
    structure: tuple[str, ...]
    notation: str
    layout: Layout = "square"
    generator: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: everything but the builder."""
        return {"name": self.name, "title": self.title, "rules": self.rules, "structure": list(self.structure),
                "notation": self.notation, "layout": self.layout, "generator": self.generator}


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("kakuro", "Kakuro", "each run of white cells after a clue holds different digits 1-9 adding up to the clue",
         kakuro.build, ("height", "width", "grid"), "kakuro", "kakuro", "kakuro"),
    Kind("killer", "Killer Sudoku", "a Sudoku with cages: a cage's digits differ and add up to its total (a cage may "
         "have no printed total); a cell lies in at most one cage (cells outside every cage are Sudoku cells only)",
         killer.build, (*_SQUARE, "cages"), "killer",
         generator="killer"),
    Kind("greater-killer", "Greater Killer", "a Killer whose cages need not cover the grid nor show a total, "
         "plus relations <, =, > between the sums of two cages", greater_killer.build,
         (*_SQUARE, "cages", "relations"), "jsonl", generator="greater_killer"),
    Kind("kropki", "Kropki Sudoku", "a Sudoku with dots between neighbours: white, the digits differ by 1; black, "
         "one is twice the other; with the negative rule neighbours without a dot are neither", kropki.build,
         (*_SQUARE, "white", "black", "negative"), "ken", generator="kropki"),
    Kind("sudoku", "Sudoku", "every row, column and box holds each digit once", sudoku.build, _SQUARE, "sudoku",
         generator="sudoku"),
)}
"""Every kind by name, in the order the docs list them."""


def kind(name: str) -> Kind:
    """The kind named ``name``; :class:`~solver.errors.ParseError` when there is none."""
    found = KINDS.get(name) if isinstance(name, str) else None
    if found is None:
        raise ParseError(f"unknown kind {name!r} (kinds: {', '.join(KINDS)})")
    return found
