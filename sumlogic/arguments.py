"""Checks of the public functions' arguments, shared by :mod:`sumlogic.api` and
:mod:`sumlogic.position`: a wrong type is a ``TypeError`` naming the function
and the argument, a wrong value an
:class:`~solver.errors.InvalidArgumentError` (a ``ValueError``), so that
nothing fails deep inside on an argument it cannot take.

>>> check_whole(3, "budget", "explain", 0)
>>> check_whole(-1, "budget", "explain", 0)
Traceback (most recent call last):
...
solver.errors.InvalidArgumentError: explain(): budget must be 0 or more, not -1
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import techniques as _techniques
from solver.engine import Technique
from solver.errors import InvalidArgumentError, InvalidPuzzleError
from solver.model import Puzzle, shown, validate

if TYPE_CHECKING:
    from .position import Position


def type_name(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def check_puzzle(puzzle: Any, function: str) -> Puzzle:
    """``puzzle``, checked again (a millisecond for a big Kakuro): a Puzzle is
    immutable, but ``object.__setattr__`` can still change one after it was
    made, and its broken rules must be named here, not fail deep inside."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"{function}() takes a Puzzle (from sumlogic.read or sumlogic.parse), "
                        f"not {type_name(puzzle)}")
    try:
        validate(puzzle)
    except InvalidPuzzleError as error:
        raise InvalidPuzzleError(f"{function}(): the puzzle breaks its rules (was it changed after it was "
                                 f"made?): {error}") from None
    return puzzle


def check_format(format: Any, function: str, optional: bool = True) -> None:
    if format is None and optional:
        return
    if not isinstance(format, str):
        raise TypeError(f"{function}(): format must be a notation name (a str){' or None' if optional else ''}, "
                        f"not {type_name(format)}")


def check_seconds(timeout: Any, function: str) -> float | None:
    """``timeout`` as a float (None stays None): an int too large for a float is no limit (inf)."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"{function}(): timeout must be a number of seconds or None, not {type_name(timeout)}")
    try:
        seconds = float(timeout)
    except OverflowError:  # an int past 1e308: longer than any run (or, negative, below 0)
        seconds = math.inf if timeout > 0 else -math.inf
    if math.isnan(seconds) or seconds <= 0:
        raise InvalidArgumentError(f"{function}(): timeout must be above 0 seconds, not {shown(timeout)}")
    return seconds


def check_whole(value: Any, name: str, function: str, low: int, high: int | None = None,
                 optional: bool = False) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{function}(): {name} must be a whole number (int){' or None' if optional else ''}, "
                        f"not {type_name(value)}")
    if value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"{low} or more"
        raise InvalidArgumentError(f"{function}(): {name} must be {bounds}, not {shown(value)}")


def check_flag(value: Any, name: str, function: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{function}(): {name} must be True or False, not {type_name(value)}")


def check_techniques(techniques: Any, function: str, without: Any = None,
                      max_level: Any = None) -> Sequence[Technique]:
    """The techniques of a run: :func:`techniques.select` of the three arguments, with errors naming ``function``."""
    if techniques is not None and not isinstance(techniques, str) and not isinstance(techniques, Iterable):
        raise TypeError(f"{function}(): techniques must be a list of Technique or ids (e.g. techniques.DEFAULT), "
                        f"a comma-separated str of ids, or None, not {type_name(techniques)}")
    if max_level is not None:
        check_whole(max_level, "max_level", function, 0)
    try:
        chosen = _techniques.select(techniques, without=without, max_level=max_level)
    except TypeError as error:
        raise TypeError(f"{function}(): {error}") from None
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"{function}(): {error}") from None
    for t in chosen:  # a caller's own Technique record: its fields are used deep in the engine and grading
        if not (isinstance(t.id, str) and isinstance(t.name, str) and callable(t.find)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in (t.level, t.score))):
            raise TypeError(f"{function}(): a Technique has a str id and name, int level and score and a "
                            f"callable find, not {shown(t)}")
    return chosen


def check_target(target: Any, function: str) -> tuple[Puzzle, Position | None]:
    """The puzzle and position of a function that takes either."""
    from .position import Position  # (which imports this module)

    if isinstance(target, Position):
        return check_puzzle(target.puzzle, function), target
    if isinstance(target, Puzzle):
        return check_puzzle(target, function), None
    raise TypeError(f"{function}() takes a Puzzle or a Position, not {type_name(target)}")
