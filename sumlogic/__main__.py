"""``python -m sumlogic``: the ``sumlogic`` command line (see :mod:`sumlogic.cli`)."""

from __future__ import annotations

from .cli import entry_point

if __name__ == "__main__":
    entry_point()
