"""``sumlogic serve`` stopped by SIGINT, SIGTERM or SIGKILL leaves no process of its own behind.

Before (issue 29), a server stopped by SIGTERM or ``kill -9`` left its fork
server, resource tracker and worker processes running for good.  Each test
starts ``sumlogic serve --port 0`` in a session of its own, answers a
request, keeps its workers idle or busy, sends the signal, and then finds no
live process in that session (the workers, and any fork server or resource
tracker, would be in it).  The waits are polled on conditions with a safety
bound; none of them is what is asserted.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Callable

import pytest

from .process_support import with_default_signals

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"
SAFETY = 120.0
"""Seconds a wait may last before the test gives up (a net against a hang, never a measure)."""

if not IN_CI and (importlib.util.find_spec("uvicorn") is None or importlib.util.find_spec("starlette") is None):
    pytest.skip("the serve tests need: pip install -e '.[serve]'", allow_module_level=True)
if not Path("/proc/self/stat").exists():
    pytest.skip("finding a server's processes needs /proc", allow_module_level=True)


def session_processes(session: int) -> dict[int, str]:
    """The live processes of ``session`` (zombies, dead and waiting to be reaped, left out): pid -> state."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (name) ": state, ppid, pgrp, session...
        if int(fields[3]) == session and fields[0] not in "ZX":
            found[int(entry.name)] = fields[0]
    return found


def cpu_ticks(pid: int) -> int:
    """The CPU time ``pid`` has used (user + system, in clock ticks); 0 once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds; fail after :data:`SAFETY` seconds."""
    end = time.monotonic() + SAFETY
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"still not so after {SAFETY:g} s: {what}")
        time.sleep(0.01)


def post(port: int, endpoint: str, body: dict) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/{endpoint}", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=SAFETY) as answer:
        return json.loads(answer.read())


def start_server() -> tuple[subprocess.Popen[str], int]:
    """``sumlogic serve --port 0 --workers 2`` in a session of its own, and the port it serves on."""
    server = subprocess.Popen(with_default_signals([sys.executable, "-m", "sumlogic", "serve", "--port", "0",
                                                    "--workers", "2", "--time-limit", "600"]),
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              start_new_session=True)
    assert server.stdout is not None
    line = server.stdout.readline()  # "sumlogic: serving on http://127.0.0.1:PORT/ ..." (or the end of output)
    found = re.search(r"127\.0\.0\.1:(\d+)/", line)
    if found is None:
        server.kill()
        pytest.fail(f"the server did not start: {line!r} {server.communicate()[1]!r}")
    return server, int(found.group(1))


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "busy"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["INT", "TERM", "KILL"])
def test_no_process_of_a_stopped_server_is_left(signum: int, busy: bool) -> None:
    server, port = start_server()
    session = server.pid
    try:
        assert post(port, "solve", {"puzzle": "sample:sudoku-1"})["status"] == "solved"
        workers = set(session_processes(session)) - {server.pid}
        assert workers, "the request was answered by no worker process"
        answered: list[object] = []
        if busy:
            # More jobs than workers, each a second or more of work: the workers are busy, jobs wait.
            before = {pid: cpu_ticks(pid) for pid in workers}
            job = {"puzzle": "sample:greater-killer-1", "max_depth": 3}

            def ask() -> None:
                try:
                    answered.append(post(port, "explain", job))
                except OSError:  # cut by the stop: what is expected
                    pass

            for _ in range(8):
                threading.Thread(target=ask, daemon=True).start()
            until(lambda: all(cpu_ticks(pid) > before[pid] for pid in workers), "both workers at work")
        os.kill(server.pid, signum)
        if busy:
            assert len(answered) < 8  # the signal came while there was work in hand
        until(lambda: server.poll() is not None, "the server has ended")
        until(lambda: not session_processes(session), "no process of the server is left")
        if signum != signal.SIGKILL:
            assert server.returncode == 128 + signum
            assert "Traceback" not in server.communicate()[1]
    finally:
        for pid in session_processes(session):
            os.kill(pid, signal.SIGKILL)
        if server.poll() is None:
            server.kill()
        server.communicate()
