"""Screenshots of the play page of ``sumlogic serve``, for the docs.

A server runs on a free loopback port in this process; Debian's
``chromium`` (through Playwright, no browser download) pastes a SudokuPad
Killer link made by our own writer, places a few digits (from the
solution), asks for a level-1 hint and saves ``docs/screenshots/serve-killer-hint.png``;
then applies the hint's step (``serve-killer-apply.png``) and opens the step
viewer from that position (``serve-killer-steps.png``, one step in).

    python scripts/serve_screenshots.py [--out DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzles import sample  # noqa: E402
from sumlogic.api import solve, write  # noqa: E402
from sumlogic.server import Settings, create_app, running  # noqa: E402

BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CELLS = ("r1c1", "r1c4", "r5c5", "r9c9")
"""The cells given their solution digit before the hint."""


def until(page: Any, predicate: str, tries: int = 600) -> None:
    """Wait until the JavaScript function ``predicate`` is true in ``page`` (not
    ``wait_for_function``, whose in-page polling the pages' Content-Security-Policy refuses)."""
    for _ in range(tries):
        if page.evaluate(predicate):
            return
        page.wait_for_timeout(50)
    raise RuntimeError(f"never true: {predicate}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="folder of the PNG")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        print("serve_screenshots: needs chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    puzzle = sample("killer-1")
    link = write(puzzle, "sudokupad").strip()
    solution = solve(puzzle).solution
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / "serve-killer-hint.png"
    applied = args.out / "serve-killer-apply.png"
    steps = args.out / "serve-killer-steps.png"
    with running(create_app(Settings(workers=1))) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=BROWSER_FLAGS)
        page = browser.new_page(viewport={"width": 1180, "height": 760})
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready]")
        page.fill("#sl-source", link)
        page.click("#sl-open")
        page.wait_for_selector("svg.sl-board")
        for name in CELLS:
            row, col = (int(part) for part in name[1:].split("c"))
            page.click(f'rect.sl-cell[data-cell="{name}"]')
            page.keyboard.press(f"Digit{solution[(row - 1) * 9 + col - 1]}")
        page.click("#sl-hint")
        page.wait_for_selector('#sl-hint-box[data-level="1"]:not([hidden])')
        page.screenshot(path=str(target))
        page.click("#sl-apply")
        page.wait_for_selector('#sl-hint-box[data-level="applied"]')
        until(page, "() => location.hash.startsWith('#p=')")
        page.screenshot(path=str(applied))
        with page.context.expect_page() as opened:
            page.click("#sl-steps")
        viewer = opened.value
        viewer.set_viewport_size({"width": 1180, "height": 760})
        viewer.wait_for_selector("#sumlogic-view svg.sl-board")
        viewer.keyboard.press("ArrowRight")
        until(viewer, "() => location.hash.includes('step=1')")
        viewer.screenshot(path=str(steps))
        browser.close()
    for path in (target, applied, steps):
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
