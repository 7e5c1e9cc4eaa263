"""Check that a change kept every trace byte for byte: explain the corpus with
an earlier commit and with this checkout, and compare.

    python scripts/trace_identity.py                  # the work tree against HEAD, every kind
    python scripts/trace_identity.py --base HEAD~1 --kinds sudoku kakuro

Run it around a restructuring that must not change what the engine does
(issue 15's move into ``sumlogic`` was checked against ``3bc1bff`` this way).
A change that adds or reorders techniques changes traces on purpose.

The earlier commit is exported with ``git archive`` into a temporary folder
(its "before" traces never enter the repository), its C search is built
there, and both sides run ``explain FILE --json --budget 20000`` (the work
budget makes the traces independent of the machine's speed).  The old
command line is ``python -m solver`` before the ``sumlogic`` package
existed and ``python -m sumlogic`` after.  Exit status 0 when every kind is
identical, 1 when one differs (the first differing line is shown).
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("kakuro", "kropki", "sudoku", "greater-killer", "killer")
BASE = "HEAD"
"""The default commit to compare with: the last one."""
ARGS = ("--json", "--budget", "20000", "--timeout", "600")
INTENDED: tuple[tuple[re.Pattern[bytes], bytes], ...] = (
    (re.compile(rb"\ba 8\b"), b"an 8"),  # issue 20: "row 9 needs an 8", not "a 8"
)
"""Wording fixed on purpose since :data:`BASE`, applied to the old traces
before comparing: everything else must match byte for byte."""


def export(rev: str, into: Path) -> Path:
    """The tree of ``rev`` unpacked in ``into``, with its C search built in place."""
    archive = subprocess.run(["git", "archive", "--format=tar", rev], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=into, check=False,
                   capture_output=True)
    return into


def explain(tree: Path, path: Path) -> bytes:
    """``explain PATH --json --budget 20000`` with the code of ``tree``."""
    module = "sumlogic" if (tree / "sumlogic" / "__main__.py").is_file() else "solver"
    done = subprocess.run([sys.executable, "-m", module, "explain", str(path), *ARGS], cwd=tree,
                          capture_output=True, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"})
    if done.returncode not in (0, 1):
        raise SystemExit(f"{module} explain {path} failed in {tree}: {done.stderr.decode(errors='replace')}")
    return done.stdout


def first_difference(old: bytes, new: bytes) -> str:
    """Where two outputs first differ, as ``line N``."""
    for number, (a, b) in enumerate(zip(old.splitlines(), new.splitlines()), 1):
        if a != b:
            return f"line {number}"
    return f"line {min(len(old.splitlines()), len(new.splitlines())) + 1} (one output is longer)"


def compare(base: str, corpus: Path, kinds: list[str], against: str | None = None) -> dict[str, str]:
    """Kind -> ``identical`` or where the traces differ, between the commit
    ``base`` and the work tree (or the commit ``against``)."""
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="sumlogic-base-") as folder:
        old_tree = export(base, Path(folder) / "base")
        new_tree = ROOT if against is None else export(against, Path(folder) / "against")
        for kind in kinds:
            path = corpus / f"{kind}.jsonl"
            old, new = explain(old_tree, path), explain(new_tree, path)
            for pattern, replacement in INTENDED:
                old = pattern.sub(replacement, old)
            out[kind] = "identical" if old == new else f"differs at {first_difference(old, new)}"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASE, help=f"the commit to compare with (default {BASE})")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    args = parser.parse_args(argv)
    results = compare(args.base, args.corpus.resolve(), args.kinds)
    for kind, verdict in results.items():
        print(f"{kind:15} {verdict}")
    return 0 if all(v == "identical" for v in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
