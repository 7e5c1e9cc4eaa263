"""Helpers for the tests of the command line and the API.

:func:`plain` checks that a message is one line in plain words;
:func:`run` calls the command line in the test's own process and
:func:`json_lines` parses what it printed; for the tests that stop a
command with a signal, :class:`Output` drains a process's standard output
(line by line) and standard error in threads of their own, so that the
process never blocks on a full pipe, and sets :attr:`Output.enough` once a
given number of lines are out (or the output has ended).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

import pytest

from sumlogic.cli import main


#: A program that sets SIGINT, SIGHUP and SIGTERM to their defaults and becomes the
#: command given (same process).  A test run started as a background job or under
#: ``nohup`` has some of them ignored, an ignored signal stays ignored across exec,
#: and Python then never raises KeyboardInterrupt: a stop test would test nothing.
_DEFAULT_SIGNALS = ("import os, signal, sys\n"
                    "for s in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):\n"
                    "    signal.signal(s, signal.SIG_DFL)\n"
                    "os.execv(sys.argv[1], sys.argv[1:])")


def with_default_signals(argv: list[str]) -> list[str]:
    """``argv`` (its first item an absolute path) run with the stop signals at their defaults."""
    return [sys.executable, "-c", _DEFAULT_SIGNALS, *argv]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` with its exit code, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(text: str) -> list[dict[str, Any]]:
    """Every line of a text (lines end at ``\\n`` only, as in our output), each parsed as JSON."""
    return [json.loads(line) for line in text.split("\n") if line.strip()]


class Output:
    """The lines and error text of ``process``, read as they come; ``enough``
    is set once ``lines`` lines are out or standard output has ended."""

    def __init__(self, process: subprocess.Popen[bytes], lines: int) -> None:
        self.lines: list[bytes] = []
        self.errors: list[bytes] = []
        self.enough = threading.Event()
        self._wanted = lines
        self._readers = [threading.Thread(target=self._read_out, args=(process,)),
                         threading.Thread(target=self._read_err, args=(process,))]
        for reader in self._readers:
            reader.start()

    def _read_out(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append(line)
            if len(self.lines) >= self._wanted:
                self.enough.set()
        self.enough.set()

    def _read_err(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stderr is not None
        self.errors.append(process.stderr.read())

    def join(self, timeout: float) -> tuple[str, str]:
        """Wait for both readers (``timeout`` is a safety net); the output and the error text."""
        for reader in self._readers:
            reader.join(timeout)
        return b"".join(self.lines).decode(), b"".join(self.errors).decode()


INTERNALS = ("set_int_max_str_digits", "maximum recursion", "Traceback", "object has no attribute",
             "index out of range", "invalid literal for int", "too many values to unpack")
"""Words of Python's own errors that a message of ours must never carry."""


def plain(message: str) -> None:
    """One line, without Python's internals."""
    assert "\n" not in message
    assert not any(word in message for word in INTERNALS), message
    assert len(message) <= 400, f"{len(message)} characters: {message[:200]}..."
