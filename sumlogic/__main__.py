"""``python -m sumlogic``: the ``sumlogic`` command line (see :mod:`sumlogic.cli`)."""

from __future__ import annotations

import os
import signal


def _stopped_while_starting(signum: int, frame: object) -> None:
    """Ctrl-C (or SIGTERM) while the command line is still being imported:
    nothing has been done or written yet, so end quietly with 128 + N."""
    os._exit(128 + signum)


if __name__ == "__main__":
    for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
        _signum = getattr(signal, _name, None)
        if _signum is not None and signal.getsignal(_signum) != signal.SIG_IGN:
            signal.signal(_signum, _stopped_while_starting)
    from .cli import entry_point

    entry_point()
