"""The argument parser class of the command line: usage errors in one line, then one line of hint.

>>> parser = Parser(prog="sumlogic demo")
>>> _ = parser.add_argument("--count", type=int)
>>> import contextlib, io
>>> err = io.StringIO()
>>> with contextlib.redirect_stderr(err):
...     try:
...         parser.parse_args(["--count", "many"])
...     except SystemExit as stop:
...         print(stop.code)
2
>>> print(err.getvalue(), end="")
sumlogic demo: error: argument --count: invalid int value: 'many'
hint: see 'sumlogic demo --help'
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn

EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, then one line of hint (argparse prints the
    whole usage first, four or five lines for the bigger commands)."""

    commands: dict[str, Any] = {}
    """The top-level parser's commands by name (their own parsers), once they are added."""

    def _print_message(self, message: str, file: Any = None) -> None:
        """The help and the version, written whole like every output (argparse's own
        writer drops a failed write silently: ``--help >/dev/full`` would say nothing)."""
        from .common import emit_data

        if message:
            emit_data(message, file or sys.stderr)

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` and a hint on standard error, and exit 2
        (the exit status stays 2 when standard error cannot be written)."""
        from .common import printable

        try:
            sys.stderr.write(printable(f"{self.prog}: error: {' '.join(message.split())}", frozenset()) + "\n")
            sys.stderr.write(f"hint: see '{self.prog} --help'\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
        raise SystemExit(EXIT_USAGE)
