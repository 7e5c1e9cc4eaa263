"""Stopping a job in a worker process: when its client leaves, or at its time limit.

The server holds one flag per job it has in hand (:class:`Flags`, shared
memory made before the workers start, so every worker sees it).  A job that
may run long (``generate``) runs inside :func:`stoppable`: a thread of the
worker watches the job's flag and its deadline and, when either says stop,
raises :class:`Stopped` in the job (through a signal the worker handles), so
the worker is free for the next request at once instead of finishing work
nobody reads.  The other jobs are bounded by their own time limits and
budgets and are left to finish.

>>> flags = Flags(2)
>>> slot = flags.take()
>>> with stoppable(flags, slot, seconds=60.0):
...     flags.raise_flag(slot)
...     try:
...         while True:
...             pass
...     except Stopped as stop:
...         print(stop.reason)
cancelled
>>> flags.give_back(slot); flags.free
2
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import signal
import threading
import time
from typing import Any, Iterator

POLL = 0.05
"""Seconds between two looks of the watching thread at the flag and the clock."""

SIGNAL = getattr(signal, "SIGUSR1", None)
"""The signal that interrupts a job (none on Windows: there a job runs to its end)."""


class Stopped(Exception):
    """Raised in a job told to stop: ``reason`` is ``cancelled`` (its client left) or ``time`` (its limit)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Flags:
    """``size`` stop flags in memory the worker processes share with the server.

    The server takes a free slot for each job it sends (:meth:`take`), raises its flag to stop it
    (:meth:`raise_flag`) and gives the slot back, lowered, when the job is done (:meth:`give_back`)."""

    def __init__(self, size: int) -> None:
        self.flags: Any = multiprocessing.RawArray(ctypes.c_byte, size)
        self.slots = list(range(size - 1, -1, -1))
        self.lock = threading.Lock()

    @property
    def free(self) -> int:
        """How many slots are free."""
        return len(self.slots)

    def take(self) -> int | None:
        """A free slot with its flag lowered, or None when every slot is taken."""
        with self.lock:
            if not self.slots:
                return None
            slot = self.slots.pop()
        self.flags[slot] = 0
        return slot

    def raise_flag(self, slot: int | None) -> None:
        """Tell the job in ``slot`` to stop."""
        if slot is not None:
            self.flags[slot] = 1

    def raised(self, slot: int | None) -> bool:
        """Whether the job in ``slot`` was told to stop."""
        return slot is not None and bool(self.flags[slot])

    def give_back(self, slot: int | None) -> None:
        """The job in ``slot`` is done: lower its flag and free the slot."""
        if slot is None:
            return
        self.flags[slot] = 0
        with self.lock:
            self.slots.append(slot)


_REASON: list[str] = []
"""Why the block of :func:`stoppable` running now must stop (empty: it need not, or none runs)."""


def _interrupt(signum: int, frame: Any) -> None:
    if _REASON:  # a signal that arrives once the block is over is ignored
        raise Stopped(_REASON[0])


@contextlib.contextmanager
def stoppable(flags: Flags | None, slot: int | None, seconds: float) -> Iterator[None]:
    """Run the block until it ends, ``slot``'s flag is raised or ``seconds`` pass; in the last
    two cases :class:`Stopped` is raised inside the block (between two Python instructions:
    a native call in progress finishes first; raised again every :data:`POLL` seconds should
    the block go on).  In the main thread of a process only (a worker's); elsewhere, or
    without a signal to use, the block runs to its end.  The signal's handler stays
    installed afterwards, ignoring any signal that comes late."""
    if SIGNAL is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    done = threading.Event()
    main = threading.main_thread().ident
    deadline = time.monotonic() + seconds

    def watch() -> None:
        while not done.wait(POLL):
            reason = "cancelled" if flags is not None and flags.raised(slot) else (
                "time" if time.monotonic() > deadline else "")
            if reason and main is not None:
                _REASON[:] = [reason]
                signal.pthread_kill(main, SIGNAL)

    if signal.getsignal(SIGNAL) is not _interrupt:
        signal.signal(SIGNAL, _interrupt)
    _REASON.clear()
    watcher = threading.Thread(target=watch, name="sumlogic-stop-watch", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        try:
            watcher.join()  # a signal sent as the block ended may raise Stopped here, after the block
        finally:
            _REASON.clear()
