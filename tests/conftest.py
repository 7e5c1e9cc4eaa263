"""Shared test fixtures: where the puzzle corpus lives.

The corpus is ``$SUMLOGIC_CORPUS`` when set, else ``../shared/corpus``
relative to the repository root.  Tests that need it skip with a clear
message when it is absent, except under CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_KINDS = ("kakuro", "killer", "greater-killer", "kropki", "sudoku")


def corpus_dir() -> Path:
    """The corpus folder (it may not exist)."""
    configured = os.environ.get("SUMLOGIC_CORPUS")
    return Path(configured) if configured else (REPO_ROOT.parent / "shared" / "corpus").resolve()


def require_corpus() -> Path:
    """The corpus folder; skips the calling test when it is missing (fails under CI=true)."""
    folder = corpus_dir()
    if not folder.is_dir() or not any(folder.glob("*.jsonl")):
        message = (f"puzzle corpus not found at {folder}: set SUMLOGIC_CORPUS to the folder holding "
                   f"kakuro.jsonl, killer.jsonl, ...")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return folder


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
def corpus_file(corpus: Path):
    """A function ``kind -> [(line number, record), ...]`` reading ``<kind>.jsonl`` of the corpus."""
    def read(kind: str) -> list[tuple[int, dict[str, Any]]]:
        path = corpus / f"{kind}.jsonl"
        if not path.is_file():
            pytest.fail(f"corpus file {path} is missing")
        return list(corpus_records(path))

    return read
