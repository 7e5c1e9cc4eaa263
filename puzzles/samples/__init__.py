"""Bundled sample puzzles, one file each, in their kind's natural notation.

Every sample was made for sumlogic (none is copied from elsewhere) and has
exactly one solution.  A sample's name is its file name without the
extension, which also tells its notation.

>>> "sudoku-1" in SAMPLES
True
>>> p = sample("killer-1")
>>> p.kind, p.id
('killer', 'killer-1')
>>> sample("chess-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzles.samples.UnknownSampleError: no sample named 'chess-1' (samples: greater-killer-1, kakuro-6x6, ...)
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from importlib import resources

from solver.errors import SumlogicError
from solver.model import Puzzle

_FILES: dict[str, str] = {
    entry.name.rsplit(".", 1)[0]: entry.name
    for entry in resources.files(__name__).iterdir()
    if entry.is_file() and "." in entry.name and not entry.name.endswith((".py", ".pyc"))
}

SAMPLES: tuple[str, ...] = tuple(sorted(_FILES))
"""The names of the bundled samples."""


class UnknownSampleError(SumlogicError, ValueError, LookupError):
    """No bundled sample has the name asked for (a bad value, like every input error)."""


def _file_name(name: str) -> str:
    try:
        return _FILES[name]
    except (KeyError, TypeError):
        raise UnknownSampleError(f"no sample named {name!r} (samples: {', '.join(SAMPLES)})") from None


def sample_text(name: str) -> str:
    """The text of a sample file."""
    return resources.files(__name__).joinpath(_file_name(name)).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def sample(name: str) -> Puzzle:
    """A bundled sample puzzle, with ``id`` set to its name."""
    from puzzles import read_text

    file_name = _file_name(name)
    [puzzle] = read_text(sample_text(name), filename=file_name)
    return dataclasses.replace(puzzle, id=name)
