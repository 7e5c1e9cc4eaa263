"""The record describing one notation: its name, the kinds it can hold, its
file extensions and its reader, writer and detector.

>>> from puzzles import FORMATS
>>> ken = FORMATS["ken"]
>>> ken.kinds, ken.extensions
(('kropki',), ('.ken',))
>>> ken.detect("(wx)H/HA/HA/HA/HA/HA/HA/HA/HA"), ken.detect("{}")
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from solver.model import Puzzle

Parser = Callable[..., list[Puzzle]]
Writer = Callable[[Sequence[Puzzle]], str]
Detector = Callable[[str], bool]


@dataclass(frozen=True)
class Notation:
    """A way to write puzzles as text.

    ``parse(text, source=None)`` returns every puzzle of a text (``source``, a
    file name, goes into error messages and, for one-puzzle files, the id);
    ``write(puzzles)`` is its inverse; ``detect(text)`` says whether a text
    looks like this notation (cheap: it looks at the shape only).
    """

    name: str
    kinds: tuple[str, ...]
    extensions: tuple[str, ...]
    parse: Parser
    write: Writer
    detect: Detector
    description: str = ""
