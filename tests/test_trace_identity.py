"""Traces stay byte-identical across the restructuring (issue 15).

``scripts/trace_identity.py`` explains corpus files with the last commit
before the change (exported from git, never stored here) and with this
checkout, and compares the JSON byte for byte.  The whole corpus takes a
few minutes (run the script for it); the suite checks two kinds.
"""

from __future__ import annotations

import subprocess

import pytest

from scripts import trace_identity

from .conftest import REPO_ROOT


@pytest.mark.slow
def test_traces_match_the_commit_before_the_restructuring(corpus) -> None:
    known = subprocess.run(["git", "cat-file", "-e", f"{trace_identity.BASE}^{{commit}}"], cwd=REPO_ROOT,
                           capture_output=True)
    assert known.returncode == 0, f"commit {trace_identity.BASE} is not in this clone's history"
    results = trace_identity.compare(trace_identity.BASE, corpus, ["sudoku", "greater-killer"])
    assert results == {"sudoku": "identical", "greater-killer": "identical"}
