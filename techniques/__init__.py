"""Human solving techniques, one module per family, and the default order.

Every technique is a :class:`solver.engine.Technique`: an id, a name, a
level, a score per use and a function from a :class:`solver.engine.Context`
to steps.  ``DEFAULT`` lists them cheapest first; the engine tries them in
that order and restarts from the top after any progress.  Adding a technique
means writing a module and adding it here; the engine never changes.

>>> [t.id for t in DEFAULT][:3]
['naked-single', 'last-cell', 'hidden-single']
>>> len({t.id for t in DEFAULT}) == len(DEFAULT)
True
"""

from __future__ import annotations

from solver.engine import Technique

from . import singles

DEFAULT: tuple[Technique, ...] = (
    *singles.TECHNIQUES,
)

BY_ID: dict[str, Technique] = {t.id: t for t in DEFAULT}
