"""What the step-viewer tests share (``tests/test_web.py``, ``tests/test_web_browser.py``):
where their traces come from, a browser page that records console errors, and
finding a step of a wanted sort.  Their fixtures (``traces``, ``browser``,
``page``, ``html_file``) are in ``tests/conftest.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sumlogic.html import load_traces

ROOT = Path(__file__).resolve().parents[1]
TRACE_DIR = ROOT / "tests" / "data" / "traces"
KINDS = ("kakuro", "killer", "kropki", "greater-killer", "sudoku")
SAMPLE_SUFFIXES = {"kakuro": ("kakuro",), "killer": ("killer",), "kropki": ("kropki",),
                   "greater-killer": ("greater-killer", "gkiller"), "sudoku": ("sudoku",)}
# The sumlogic command, whether or not the package is installed or has a __main__.
SUMLOGIC = [sys.executable, "-c", "import sys; from sumlogic.cli import main; sys.exit(main())"]


def hand_trace(kind: str) -> dict[str, Any]:
    """The hand-made trace of a kind, from tests/data/traces/."""
    return json.loads((TRACE_DIR / f"{kind}.json").read_text(encoding="utf-8"))


def cli_trace(kind: str) -> dict[str, Any] | None:
    """A trace of ``kind`` with at least two steps from ``sumlogic explain SAMPLE --json``, or None."""
    samples = sorted(p for p in (ROOT / "puzzles" / "samples").glob("*")
                     if p.is_file() and p.suffix.lstrip(".") in SAMPLE_SUFFIXES[kind])
    for sample in samples:
        try:
            # A work budget: the trace never depends on the machine's speed or load.
            run = subprocess.run([*SUMLOGIC, "explain", str(sample), "--json", "--budget", "100000"],
                                 cwd=ROOT, capture_output=True, text=True, timeout=120)
            traces = load_traces(run.stdout) if run.returncode == 0 else []
        except (subprocess.TimeoutExpired, ValueError):
            continue
        for trace in traces:
            if trace.get("kind") == kind and len(trace["steps"]) >= 2:
                return trace
    return None


class Page:
    """A browser page that records console errors and uncaught exceptions."""

    def __init__(self, browser: Any) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.errors: list[str] = []
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open(self, url: str) -> Any:
        self.page.goto(url)
        self.page.wait_for_selector("svg.sl-board")
        return self.page

    def text(self, selector: str) -> str:
        return self.page.inner_text(selector).strip()

    def close(self) -> None:
        self.page.close()


def find_step(traces: dict[str, dict[str, Any]], kind: str, want: Any, *,
              any_kind: bool = True) -> tuple[dict[str, Any], int]:
    """The first trace with a step for which ``want(step)`` holds, and that step's 1-based number.

    It looks in the trace of ``kind`` first, then (with ``any_kind``) in the
    other kinds' traces, then in the hand-made traces, which hold every kind
    of step by construction: as the engine grows stronger a sample may stop
    needing, say, a guess, and the test then checks the page on another trace
    instead of skipping.
    """
    kinds = [kind] + ([k for k in KINDS if k != kind] if any_kind else [])
    for trace in [traces[k] for k in kinds] + [hand_trace(k) for k in kinds]:
        for number, step in enumerate(trace["steps"], 1):
            if want(step):
                return trace, number
    pytest.fail(f"no trace of {', '.join(kinds)} has such a step, not even a hand-made one")
