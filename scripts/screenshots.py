"""Screenshots of the step viewer, one per puzzle kind, for the docs.

Each kind's bundled sample is solved by the engine exactly as a user would
do it, ``sumlogic explain sample:NAME --json --html PAGE.html``; the page is
opened in Debian's ``chromium`` through Playwright (no browser download) at
an interesting step and saved as ``docs/screenshots/<kind>.png``.  The step
is the first one of the technique :data:`SHOTS` names for the kind once a
digit is on the board (or, when the trace has none because the engine
changed, the first step of the hardest technique the trace uses).

    python scripts/screenshots.py                 # all kinds, from the samples
    python scripts/screenshots.py killer --step 40
    python scripts/screenshots.py --trace my.json --out /tmp/shots
    python scripts/screenshots.py --sync-sample   # refresh web/index.html's sample

>>> trace = {"steps": [{"technique": "givens", "level": 0, "placements": [["r1c1", 1]]},
...                    {"technique": "pointing", "level": 3}, {"technique": "naked-single", "level": 1,
...                    "placements": [["r1c2", 2]]}, {"technique": "contradiction-1", "level": 7},
...                    {"technique": "pointing", "level": 3}]}
>>> interesting_step(trace, "pointing"), interesting_step(trace, "contradiction"), interesting_step(trace)
(5, 4, 4)
>>> interesting_step(trace, "givens")
1
>>> interesting_step(trace, "innies"), interesting_step({"steps": []})
(4, 0)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sumlogic.html import embed_json, load_traces, write_html  # noqa: E402

SHOTS: dict[str, tuple[str, str]] = {
    "kakuro": ("kakuro-8x8", "sum-combinations"),
    "killer": ("killer-1", "cage-confinement"),
    "kropki": ("kropki-2", "kropki-chain"),
    "greater-killer": ("greater-killer-1", "contradiction"),
    "sudoku": ("sudoku-1", "hidden-single"),
}
"""Per kind: the bundled sample to solve, and the technique (a name or the
start of one) whose first step the screenshot shows."""

KINDS = tuple(SHOTS)
TRACE_DIR = ROOT / "tests" / "data" / "traces"
SHOT_DIR = ROOT / "docs" / "screenshots"
DEV_PAGE = ROOT / "web" / "index.html"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SAMPLE_BLOCK = re.compile(r'(<script type="application/json" id="sumlogic-traces">)(.*?)(</script>)', re.S)


def interesting_step(trace: dict[str, Any], technique: str | None = None) -> int:
    """The step to show (1-based; 0 for a trace without steps).

    The first step of ``technique`` (or of a technique whose name starts with
    it) once the board has a placed digit, else its first step; without one,
    the first step of the hardest technique used, the rarer breaking ties.
    """
    steps = trace.get("steps") or []
    if technique:
        matches = [n for n, step in enumerate(steps, 1) if str(step.get("technique", "")).startswith(technique)]
        placed = [n for n, step in enumerate(steps, 1) if step.get("placements") and step.get("technique") != "givens"]
        later = [n for n in matches if placed and n > placed[0]]
        if matches:
            return (later or matches)[0]
    counts = Counter(step.get("technique") for step in steps)
    best = max(range(len(steps)), default=None,
               key=lambda i: (steps[i].get("level", 0), -counts[steps[i].get("technique")], -i))
    return 0 if best is None else best + 1


def explain_sample(name: str, page: Path) -> dict[str, Any]:
    """Run ``sumlogic explain sample:NAME --json --html PAGE``; its trace."""
    command = [sys.executable, "-m", "sumlogic", "explain", f"sample:{name}", "--json", "--html", str(page)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"sample:{name}: sumlogic explain exited {done.returncode}: {done.stderr.strip()}")
    [trace] = load_traces(done.stdout)
    return trace


def sync_sample() -> None:
    """Put the hand-made traces of tests/data/traces/ into web/index.html's sample block."""
    traces = [json.loads((TRACE_DIR / f"{kind}.json").read_text(encoding="utf-8")) for kind in KINDS]
    page = DEV_PAGE.read_text(encoding="utf-8")
    if not SAMPLE_BLOCK.search(page):
        raise SystemExit(f"{DEV_PAGE}: no sample block")
    new = SAMPLE_BLOCK.sub(lambda m: m.group(1) + "\n" + embed_json(traces) + "\n" + m.group(3), page, count=1)
    DEV_PAGE.write_text(new, encoding="utf-8", newline="\n")
    print(f"wrote {DEV_PAGE.relative_to(ROOT)} ({len(traces)} sample traces)")


def shoot(pages: dict[str, tuple[Path, int, int]], out_dir: Path, width: int, height: int) -> None:
    """Save one PNG per page: ``out_dir/<kind>.png`` at the step given with it (of so many)."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if not chromium:
        raise SystemExit("needs Debian's chromium: apt-get install -y chromium")
    out_dir.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        for kind, (html, step, total) in pages.items():
            page.goto(f"{html.as_uri()}#step={step}")
            page.wait_for_selector("svg.sl-board")
            target = out_dir / f"{kind}.png"
            page.screenshot(path=str(target), full_page=False)
            print(f"wrote {target} (step {step} of {total})")
        browser.close()


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, make the pages and shoot them; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", help=f"kinds to shoot, of {', '.join(KINDS)} (default: all)")
    parser.add_argument("--trace", type=Path, help="trace file (explain --json) to shoot instead of the samples")
    parser.add_argument("--step", type=int, help="step to show (default: see SHOTS)")
    parser.add_argument("--out", type=Path, default=SHOT_DIR,
                        help=f"folder for the PNGs (default: {SHOT_DIR.relative_to(ROOT)})")
    parser.add_argument("--size", default="1280x860", help="viewport WIDTHxHEIGHT (default: 1280x860)")
    parser.add_argument("--sync-sample", action="store_true", help="only refresh web/index.html's sample traces")
    args = parser.parse_args(argv)
    if args.sync_sample:
        sync_sample()
        return 0
    unknown = set(args.kinds) - set(KINDS)
    if unknown:
        parser.error(f"unknown kind(s): {', '.join(sorted(unknown))}")
    width, height = (int(x) for x in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        pages: dict[str, tuple[Path, int, int]] = {}
        if args.trace:
            for i, trace in enumerate(load_traces(args.trace.read_text(encoding="utf-8"))):
                kind = trace.get("kind", f"trace-{i}")
                if not args.kinds or kind in args.kinds:
                    html = Path(tmp) / f"{kind}.html"
                    write_html(html, trace)
                    pages[kind] = (html, args.step or interesting_step(trace), len(trace["steps"]))
        else:
            for kind in args.kinds or KINDS:
                name, technique = SHOTS[kind]
                html = Path(tmp) / f"{kind}.html"
                trace = explain_sample(name, html)
                pages[kind] = (html, args.step or interesting_step(trace, technique), len(trace["steps"]))
        shoot(pages, args.out, width, height)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
