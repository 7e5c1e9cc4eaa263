"""Shared test fixtures: where the puzzle corpus lives.

The corpus is ``$SUMLOGIC_CORPUS`` when set, else ``../shared/corpus``
relative to the repository root.  Tests that need it skip with a clear
message when it is absent, except under CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from solver import native

#: The play page tests' fixtures (base_url, tab, desk, phone): tests/play_fixtures.py.
pytest_plugins = ["tests.play_fixtures"]

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_KINDS = ("kakuro", "killer", "greater-killer", "kropki", "sudoku")


def corpus_dir() -> Path:
    """The corpus folder (it may not exist)."""
    configured = os.environ.get("SUMLOGIC_CORPUS")
    return Path(configured) if configured else (REPO_ROOT.parent / "shared" / "corpus").resolve()


def require_data(variable: str, name: str, example: str) -> Path:
    """The shared data folder ``$variable`` or ``../shared/<name>``; skips the calling
    test when it holds no ``*.jsonl`` file (fails under CI=true, where it must be there)."""
    configured = os.environ.get(variable)
    folder = Path(configured) if configured else (REPO_ROOT.parent / "shared" / name).resolve()
    if not folder.is_dir() or not any(folder.glob("*.jsonl")):
        message = f"{name} data not found at {folder}: set {variable} to the folder holding {example}, ..."
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return folder


def require_corpus() -> Path:
    """The corpus folder; skips the calling test when it is missing (fails under CI=true)."""
    return require_data("SUMLOGIC_CORPUS", "corpus", "kakuro.jsonl, killer.jsonl")


def corpus_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, record)`` for every non-blank line of a corpus file."""
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                yield number, json.loads(line)


@pytest.fixture
def corpus() -> Path:
    """The corpus folder (skips, or fails under CI, when missing)."""
    return require_corpus()


@pytest.fixture
def rated() -> Path:
    """The rated sets' folder, ``$SUMLOGIC_RATED`` or ``../shared/rated`` (skips, or fails under CI, when missing)."""
    return require_data("SUMLOGIC_RATED", "rated", "sudoku-cloud.jsonl, killer-janko.jsonl")


@pytest.fixture
def corpus_file(corpus: Path):
    """A function ``kind -> [(line number, record), ...]`` reading ``<kind>.jsonl`` of the corpus."""
    def read(kind: str) -> list[tuple[int, dict[str, Any]]]:
        path = corpus / f"{kind}.jsonl"
        if not path.is_file():
            pytest.fail(f"corpus file {path} is missing")
        return list(corpus_records(path))

    return read


#: Extreme Killers (enjoysudoku's "hardest killers", tarek's collection, ISS
#: extreme examples) that the technique engine does not finish within the
#: test budgets on a shared 2-core machine: their explained traces took 38 s
#: of wall-clock time or more (or timed out at 120 s) under load.  The pure-
#: Python exact solver also needs far more than HARD_NODES on the seven
#: mathemagic Killers (40 000-230 000 nodes, minutes each); the C search
#: answers them in 0.4-2.1 s since cage branching (4-12 s before; see
#: ``EXACT_KNOWN_HARD``).  Corpus tests still run them with a
#: short node and work budget and fail on any wrong answer or unsound step; they only
#: accept ``timeout`` for these.
KNOWN_HARD = frozenset(f"killer/{name}" for name in (
    "iss-mathemagic/01", "iss-mathemagic/02", "iss-mathemagic/05", "iss-mathemagic/07", "iss-mathemagic/08",
    "iss-mathemagic/11", "iss-mathemagic/12", "iss/killing-with-flowers", "iss/wecoc-2",
    "iss-tarek/09", "iss-tarek/11", "iss-tarek/12", "iss-tarek/17", "iss-tarek/18", "iss-tarek/19",
    "iss-tarek/20", "iss-tarek/21", "iss-tarek/36", "iss-tarek/38", "iss-tarek/39",
))
#: Search nodes a known-hard puzzle gets in a corpus test (a count, never
#: seconds: the outcome is the same on any machine under any load).
HARD_NODES = 20_000
#: Work units the searching techniques get on a known-hard puzzle in a corpus test.
HARD_WORK = 20_000


#: The puzzles the exact solver may leave unanswered at the CLI's default
#: timeout: none with the C search, the known-hard Killers without it.
EXACT_KNOWN_HARD = frozenset() if native.available() else KNOWN_HARD


@pytest.fixture
def exact_known_hard() -> frozenset[str]:
    """Ids of corpus puzzles ``sumlogic solve`` may leave at ``timeout`` (never a wrong answer)."""
    return EXACT_KNOWN_HARD


@pytest.fixture
def known_hard() -> frozenset[str]:
    """Ids of corpus puzzles allowed to end in ``timeout`` (never in a wrong answer)."""
    return KNOWN_HARD


# --- the step viewer's and the served pages' tests (tests/web_support.py) ------------
#: How the browser tests start Debian's chromium (no network, no first-run work).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def traces() -> dict[str, dict[str, Any]]:
    """One trace per kind: the real CLI's where it gives one (unless told otherwise), else hand-made."""
    from tests.web_support import KINDS, cli_trace, hand_trace

    source = os.environ.get("SUMLOGIC_WEB_TRACES", "auto")
    out = {}
    for kind in KINDS:
        trace = cli_trace(kind) if source in ("auto", "cli") else None
        if trace is None and source == "cli":
            pytest.fail(f"SUMLOGIC_WEB_TRACES=cli but `sumlogic explain` gave no {kind} trace")
        out[kind] = trace or hand_trace(kind)
    return out


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium under Playwright; skipped when either is missing (failed under CI=true)."""
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    missing = [what for what, ok in (("chromium (apt-get install chromium)", chromium),
                                     ("playwright (pip install playwright)", sync_playwright)) if not ok]
    if missing:
        message = f"browser tests need {' and '.join(missing)}"
        if IN_CI:
            pytest.fail(message + " (CI=true: .ci/run must install them)")
        pytest.skip(message)
    with sync_playwright() as p:  # type: ignore[misc]
        launched = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A :class:`tests.web_support.Page` whose console errors fail the test."""
    from tests.web_support import Page

    opened = Page(browser)
    yield opened
    assert opened.errors == [], f"console errors: {opened.errors}"
    opened.close()


@pytest.fixture
def html_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A function writing render_html(traces) to a file and returning its file:// URL."""
    from sumlogic.html import render_html

    def write(trace: Any, name: str = "page.html") -> str:
        path = tmp_path / name
        path.write_text(render_html(trace), encoding="utf-8")
        return path.as_uri()
    return write
