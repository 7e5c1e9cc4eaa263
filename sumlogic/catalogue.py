"""The technique catalogue: what ``sumlogic techniques`` lists and
:func:`sumlogic.techniques` returns.

Each technique as a record: its id (for ``--techniques`` and ``--without``),
name, level, score per use, the puzzle kinds it applies to and an example
sentence, easiest first, ending with the engine's last resort, ``guess``.

>>> rows = techniques("kropki")
>>> rows[0]["id"], "kropki-dots" in [r["id"] for r in rows], "cut-vertex" in [r["id"] for r in rows]
('naked-single', True, False)
>>> sorted(rows[0])
['example', 'id', 'kinds', 'level', 'name', 'score']
"""

from __future__ import annotations

from typing import Any

from puzzles.kinds import KINDS
from solver.contract import Technique
from solver.errors import InvalidArgumentError
from techniques import catalogue

__all__ = ["record", "techniques"]


def record(technique: Technique) -> dict[str, Any]:
    """One technique as JSON-ready data; ``kinds`` lists every kind when it names none."""
    kinds = list(technique.kinds) if technique.kinds else list(KINDS)
    return {"id": technique.id, "name": technique.name, "level": technique.level, "score": technique.score,
            "kinds": kinds, "example": technique.example}


def techniques(kind: str | None = None) -> list[dict[str, Any]]:
    """Every technique a solution can use, easiest first, as :func:`record`
    rows; with ``kind``, only those that apply to that kind.

    Raises:
        InvalidArgumentError: an unknown kind, naming the valid ones.
        TypeError: ``kind`` is not a str or None.
    """
    if kind is not None and not isinstance(kind, str):
        raise TypeError(f"kind must be a str or None, not {type(kind).__name__}")
    if kind is not None and kind not in KINDS:
        raise InvalidArgumentError(f"kind: unknown kind {kind!r} (valid: {', '.join(KINDS)})")
    rows = [record(t) for t in catalogue()]
    return [r for r in rows if kind is None or kind in r["kinds"]]
