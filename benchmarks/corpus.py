"""Where benchmarks and scripts find the shared puzzle corpus (read in place, never copied)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
KINDS = ("kakuro", "killer", "greater-killer", "kropki", "sudoku")


def corpus_dir(explicit: str | None = None) -> Path:
    """``--corpus``, else ``$SUMLOGIC_CORPUS``, else ``../shared/corpus`` beside the checkout."""
    folder = Path(explicit or os.environ.get("SUMLOGIC_CORPUS") or REPO_ROOT.parent / "shared" / "corpus")
    if not folder.is_dir():
        sys.exit(f"corpus not found at {folder}: pass --corpus or set SUMLOGIC_CORPUS")
    return folder


def load(kind: str, folder: Path, limit: int | None = None, ids: list[str] | None = None):
    """The corpus puzzles of one kind (optionally only ids containing one of ``ids``)."""
    sys.path.insert(0, str(REPO_ROOT))
    from puzzles import read_path

    path = folder / f"{kind}.jsonl"
    if not path.is_file():
        return []
    found = read_path(str(path))
    if ids:
        found = [p for p in found if any(i in p.id for i in ids)]
    return found[:limit] if limit else found
