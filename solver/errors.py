"""The exceptions sumlogic raises.

Every error the library raises on purpose derives from :class:`SumlogicError`,
so an application can catch one class.  Errors about bad input are also
``ValueError`` subclasses and always name the place (file, line, cell, cage).

>>> issubclass(ParseError, InvalidPuzzleError) and issubclass(ParseError, ValueError)
True
"""

from __future__ import annotations


class SumlogicError(Exception):
    """Root of every error sumlogic raises on purpose."""


class InvalidPuzzleError(SumlogicError, ValueError):
    """A puzzle definition breaks its kind's rules (an impossible total, a
    cell in two cages, a dot between cells that are not neighbours...).

    The message names the place, e.g. ``cage b: total 50 is impossible for 3 cells``.
    """


class ParseError(InvalidPuzzleError):
    """Text that cannot be read as a puzzle in the expected notation.

    ``line`` is 1-based when known; ``source`` is the file name when known.
    ``str(error)`` is one line that names both.
    """

    def __init__(self, message: str, *, line: int | None = None, source: str | None = None) -> None:
        self.message = message
        self.line = line
        self.source = source
        super().__init__(message)

    def located(self, *, line: int | None = None, source: str | None = None) -> "ParseError":
        """A copy with the place filled in where it was not known yet."""
        return ParseError(self.message, line=self.line if self.line is not None else line,
                          source=self.source if self.source is not None else source)

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(str(self.source))
        if self.line is not None:
            where.append(f"line {self.line}")
        prefix = ":".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class InvalidArgumentError(SumlogicError, ValueError):
    """An argument of a public function has the right type but a value it cannot take
    (a negative timeout, a depth out of range); the message names the argument."""


class UnknownFormatError(ParseError):
    """The notation of a text could not be detected, or a ``--format`` name is unknown."""
