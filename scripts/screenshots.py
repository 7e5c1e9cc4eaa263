"""Screenshots of the step viewer, one per puzzle kind, for the docs.

Renders each kind's trace with :func:`solver.html.render_html`, opens it in
Debian's ``chromium`` through Playwright (no browser download), goes to the
step that shows the most (a chain, a region, eliminations, a placement) and
saves ``docs/screenshots/<kind>.png``.

    python scripts/screenshots.py                 # all kinds, hand-made traces
    python scripts/screenshots.py killer --step 40
    python scripts/screenshots.py --trace my.json --out /tmp/shots
    python scripts/screenshots.py --sync-sample   # refresh web/index.html's sample

>>> showcase_step({"steps": [{"placements": [["r1c1", 1]]},
...                          {"eliminations": [["r1c2", [1]]], "highlights": {"regions": [{"name": "row 1"}]}}]})
2
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.html import embed_json, load_traces, render_html  # noqa: E402

KINDS = ("kakuro", "killer", "kropki", "greater-killer", "sudoku")
TRACE_DIR = ROOT / "tests" / "data" / "traces"
SHOT_DIR = ROOT / "docs" / "screenshots"
DEV_PAGE = ROOT / "web" / "index.html"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SAMPLE_BLOCK = re.compile(r'(<script type="application/json" id="sumlogic-traces">)(.*?)(</script>)', re.S)


def showcase_step(trace: dict[str, Any]) -> int:
    """The first step that shows the most: a chain, a region, eliminations, a placement, a guess."""
    def score(step: dict[str, Any]) -> int:
        hl = step.get("highlights") or {}
        return (8 * bool(step.get("sub_steps")) + 4 * bool(hl.get("regions")) + 2 * bool(step.get("eliminations"))
                + bool(step.get("placements")) + bool(hl.get("candidates")) + 2 * (step.get("technique") == "guess"))
    steps = trace.get("steps") or []
    if not steps:
        return 0
    best = max(range(len(steps)), key=lambda i: (score(steps[i]), -i))
    return best + 1


def sync_sample() -> None:
    """Put the hand-made traces of tests/data/traces/ into web/index.html's sample block."""
    traces = [json.loads((TRACE_DIR / f"{kind}.json").read_text(encoding="utf-8")) for kind in KINDS]
    page = DEV_PAGE.read_text(encoding="utf-8")
    if not SAMPLE_BLOCK.search(page):
        raise SystemExit(f"{DEV_PAGE}: no sample block")
    new = SAMPLE_BLOCK.sub(lambda m: m.group(1) + "\n" + embed_json(traces) + "\n" + m.group(3), page, count=1)
    DEV_PAGE.write_text(new, encoding="utf-8", newline="\n")
    print(f"wrote {DEV_PAGE.relative_to(ROOT)} ({len(traces)} sample traces)")


def shoot(traces: dict[str, dict[str, Any]], out_dir: Path, steps: dict[str, int], width: int, height: int) -> None:
    """Save one PNG per trace: out_dir/<kind>.png at the chosen step."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if not chromium:
        raise SystemExit("needs Debian's chromium: apt-get install -y chromium")
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        for kind, trace in traces.items():
            html = Path(tmp) / f"{kind}.html"
            html.write_text(render_html(trace), encoding="utf-8")
            step = steps.get(kind, showcase_step(trace))
            page.goto(f"{html.as_uri()}#step={step}")
            page.wait_for_selector("svg.sl-board")
            target = out_dir / f"{kind}.png"
            page.screenshot(path=str(target), full_page=False)
            print(f"wrote {target} (step {step} of {len(trace['steps'])})")
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", help=f"kinds to shoot, of {', '.join(KINDS)} (default: all)")
    parser.add_argument("--trace", type=Path, help="trace file(s) to shoot instead of tests/data/traces/")
    parser.add_argument("--step", type=int, help="step to show (default: the showcase step of each trace)")
    parser.add_argument("--out", type=Path, default=SHOT_DIR, help=f"folder for the PNGs (default: {SHOT_DIR.relative_to(ROOT)})")
    parser.add_argument("--size", default="1280x860", help="viewport WIDTHxHEIGHT (default: 1280x860)")
    parser.add_argument("--sync-sample", action="store_true", help="only refresh web/index.html's sample traces")
    args = parser.parse_args(argv)
    if args.sync_sample:
        sync_sample()
        return 0
    unknown = set(args.kinds) - set(KINDS)
    if unknown:
        parser.error(f"unknown kind(s): {', '.join(sorted(unknown))}")
    if args.trace:
        loaded = load_traces(args.trace.read_text(encoding="utf-8"))
        traces = {t.get("kind", f"trace-{i}"): t for i, t in enumerate(loaded)}
    else:
        traces = {k: json.loads((TRACE_DIR / f"{k}.json").read_text(encoding="utf-8")) for k in args.kinds or KINDS}
    traces = {k: t for k, t in traces.items() if not args.kinds or k in args.kinds}
    width, height = (int(x) for x in args.size.lower().split("x"))
    steps = {k: args.step for k in traces} if args.step is not None else {}
    shoot(traces, args.out, steps, width, height)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
