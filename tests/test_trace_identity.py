"""The trace-identity script (``scripts/trace_identity.py``) that guards a
restructuring: it explains corpus files with two commits and compares the
JSON byte for byte.

Issue 15's move into ``sumlogic`` was checked with it against ``3bc1bff``
over the whole corpus; since then techniques are added on purpose, so the
suite checks the machinery (export a commit, build it, explain, compare) on
a few corpus puzzles, and that a difference is found and placed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts import trace_identity


def _few(corpus: Path, into: Path, kinds: dict[str, int]) -> Path:
    """The first puzzles of some corpus files, as a small corpus of their own."""
    into.mkdir()
    for kind, count in kinds.items():
        lines = (corpus / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
        (into / f"{kind}.jsonl").write_text("".join(lines[:count]), encoding="utf-8")
    return into


@pytest.mark.slow
def test_a_commit_explains_exactly_like_itself(corpus, tmp_path) -> None:
    few = _few(corpus, tmp_path / "few", {"sudoku": 2, "greater-killer": 1})
    results = trace_identity.compare("HEAD", few, ["sudoku", "greater-killer"], against="HEAD")
    assert results == {"sudoku": "identical", "greater-killer": "identical"}


def test_the_first_differing_line_is_named() -> None:
    assert trace_identity.first_difference(b"a\nb\nc\n", b"a\nB\nc\n") == "line 2"
    assert trace_identity.first_difference(b"a\nb\n", b"a\nb\nc\n") == "line 3 (one output is longer)"
