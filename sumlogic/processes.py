"""Worker processes that end with the process that started them, however it ends.

One mechanism for the command line's ``--jobs`` pool and the worker pool of
``sumlogic serve``: :func:`worker_pool` makes a
:class:`~concurrent.futures.ProcessPoolExecutor` whose workers

* are forked straight from this process (the ``fork`` start method where
  the system has it), so no fork server and no resource tracker exist to
  outlive it: with ``forkserver`` the workers are the fork server's
  children and hold its "alive" pipe and the tracker's pipe open, so after
  a ``kill -9`` of the server all of them wait for each other for good;
* ask Linux to kill them when their parent ends (``PR_SET_PDEATHSIG``: even
  after ``kill -9`` or the OOM killer, and while they are busy), or else
  watch their parent's pid from a thread;
* leave Ctrl-C to the parent (which stops them with :func:`stop_pool`) and
  end at once on SIGTERM or SIGHUP.

:func:`stop_pool` stops a pool without waiting for the jobs it is running.

>>> pool = worker_pool(1)
>>> pool.submit(abs, -3).result()
3
>>> stop_pool(pool)
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that stop a run quietly: Ctrl-C, ``kill`` (and ``timeout``), a closed terminal."""


def start_method() -> str | None:
    """The start method of the worker pools: ``fork`` where the system has it
    (no fork server, no resource tracker), else the platform's default (None).

    >>> start_method() in (None, "fork")
    True
    """
    import multiprocessing

    return "fork" if "fork" in multiprocessing.get_all_start_methods() else None


def worker_pool(processes: int, then: Callable[[], Any] | None = None) -> ProcessPoolExecutor:
    """A pool of ``processes`` workers guarded by :func:`worker_start`, which
    runs ``then`` (a module-level function, e.g. one that imports the solver)
    last in each worker."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = start_method()
    context = multiprocessing.get_context(method) if method else None
    return ProcessPoolExecutor(max_workers=processes, mp_context=context, initializer=worker_start,
                               initargs=(then,))


def worker_start(then: Callable[[], Any] | None = None) -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops the
    workers; let SIGTERM and SIGHUP end the worker at once; and end it when
    the main process is gone, however that went (even ``kill -9``), instead
    of leaving it waiting for work forever.  Then run ``then``."""
    parent = os.getppid()  # the process that forked this worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOP_SIGNALS:
        if signum != signal.SIGINT:
            signal.signal(signum, signal.SIG_DFL)
    if not die_with_parent():
        threading.Thread(target=watch_parent, args=(parent,), daemon=True, name="sumlogic-watch-parent").start()
    if parent == 1 or os.getppid() != parent:  # gone already, before the lines above
        os._exit(1)
    release_stop_signals(True)
    if then is not None:
        then()


def die_with_parent() -> bool:
    """Ask Linux to kill this process when its parent ends (``PR_SET_PDEATHSIG``); whether it could.

    The parent is the thread that forked this process: pools are started from
    the thread that lives as long as they do (the main thread, or the server's
    event loop)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(1, int(signal.SIGKILL), 0, 0, 0) == 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError, ValueError):
        return False


def watch_parent(parent: int) -> None:
    """Where the system cannot do it for us: end this worker soon after its parent has gone."""
    import time

    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(1)


def hold_stop_signals() -> bool:
    """Hold the stop signals back (POSIX, main thread); whether they are held."""
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, set(STOP_SIGNALS))
    except (AttributeError, ValueError, OSError):
        return False
    return True


def release_stop_signals(held: bool) -> None:
    """Let the stop signals through again (a held one arrives now)."""
    if held:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, set(STOP_SIGNALS))


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: queued jobs are cancelled, running ones killed, nothing waited for
    (a pool left to itself would wait for its busy workers when this process exits)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public way before 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):
            pass
    for process in processes:
        try:
            process.join(0.2)
        except (OSError, ValueError, AssertionError, AttributeError):
            pass
