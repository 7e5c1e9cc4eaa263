"""A solving step: a plain record of what a technique found and why.

Effects (placements and eliminations) are kept apart from what is only shown
(highlighted cells, regions and candidates, and for a contradiction the chain
of sub-steps).  Cells are indexes into the puzzle; :meth:`Step.to_dict` names
them ``rRcC``.

>>> from solver.model import Puzzle, Region
>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=3),))
>>> s = Step("last-cell", "Last cell", 1, "r1c2 is 3 - 1 = 2.", placements=((1, 2),),
...          cells=(1,), regions=(("cage a", (0, 1)),))
>>> d = s.to_dict(p)
>>> d["placements"], d["highlights"]["regions"][0]["cells"]
([['r1c2', 2]], ['r1c1', 'r1c2'])
>>> Step.from_dict(d, p) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bits import digits_of, mask_of
from .model import Puzzle, Region


@dataclass(frozen=True)
class Step:
    """One deduction.

    ``placements``: ``(cell, digit)`` pairs; ``eliminations``: ``(cell, mask)``
    pairs (digits removed, as a bit mask).  ``cells``, ``regions`` (``(name,
    cells)``) and ``candidates`` (``(cell, mask)``) are highlights only.
    ``sub_steps`` is the chain that proves a contradiction.  ``derived`` holds
    new facts (a sum over a few cells found by algebra) that later passes use
    as virtual regions.
    """

    technique: str
    name: str
    level: int
    text: str = ""
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    regions: tuple[tuple[str, tuple[int, ...]], ...] = ()
    candidates: tuple[tuple[int, int], ...] = ()
    sub_steps: tuple["Step", ...] = ()
    derived: tuple[Region, ...] = ()

    @property
    def is_progress(self) -> bool:
        """True when the step changes the candidates."""
        return bool(self.placements or self.eliminations)

    def removed_count(self) -> int:
        """How many candidates the eliminations remove."""
        return sum(m.bit_count() for _, m in self.eliminations)

    def to_dict(self, puzzle: Puzzle) -> dict[str, Any]:
        """The step as JSON-ready data with cells named ``rRcC``."""
        name = puzzle.cell_name
        return {
            "technique": self.technique,
            "name": self.name,
            "level": self.level,
            "text": self.text,
            "placements": [[name(c), d] for c, d in self.placements],
            "eliminations": [[name(c), digits_of(m)] for c, m in self.eliminations],
            "highlights": {
                "cells": [name(c) for c in self.cells],
                "regions": [{"name": n, "cells": [name(c) for c in cells]} for n, cells in self.regions],
                "candidates": [[name(c), digits_of(m)] for c, m in self.candidates],
            },
            "sub_steps": [s.to_dict(puzzle) for s in self.sub_steps],
            "derived": [{"name": r.name, "cells": [name(c) for c in r.cells], "total": r.total,
                         "distinct": r.distinct} for r in self.derived],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], puzzle: Puzzle) -> "Step":
        """The inverse of :meth:`to_dict`."""
        at = puzzle.cell_at
        hl = data.get("highlights", {})
        return cls(
            technique=data["technique"],
            name=data.get("name", data["technique"]),
            level=int(data.get("level", 0)),
            text=data.get("text", ""),
            placements=tuple((at(c), int(d)) for c, d in data.get("placements", [])),
            eliminations=tuple((at(c), mask_of(ds)) for c, ds in data.get("eliminations", [])),
            cells=tuple(at(c) for c in hl.get("cells", [])),
            regions=tuple((r["name"], tuple(at(c) for c in r["cells"])) for r in hl.get("regions", [])),
            candidates=tuple((at(c), mask_of(ds)) for c, ds in hl.get("candidates", [])),
            sub_steps=tuple(cls.from_dict(s, puzzle) for s in data.get("sub_steps", [])),
            derived=tuple(Region(r["name"], tuple(at(c) for c in r["cells"]), r.get("total"),
                                 bool(r.get("distinct", False)), kind="virtual")
                          for r in data.get("derived", [])),
        )
