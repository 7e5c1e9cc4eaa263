"""Pictures of a step for the technique pages: the step page's own board as a standalone SVG.

The step page draws its board in JavaScript (``sumlogic/web/draw.js``), and
that stays the only drawing code: this module opens the step page that
:func:`sumlogic.html.render_html` makes for a trace in headless chromium
(Playwright, as the browser tests do), goes to the step, and keeps the
``svg.sl-board`` the viewer drew, with the viewer's CSS rules that style it
copied into a ``<style>`` inside it (custom properties included), so the file
shows the same board anywhere an SVG is shown.

The mask ids the drawing numbers per page are renumbered from 1 in the
order they appear, so the same trace and step always give the same bytes.

>>> renumber_masks('<mask id="sl-cage-mask-7"/><path mask="url(#sl-cage-mask-7)"/><mask id="sl-cage-mask-9"/>')
'<mask id="sl-cage-mask-1"/><path mask="url(#sl-cage-mask-1)"/><mask id="sl-cage-mask-2"/>'
"""

from __future__ import annotations

import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping

from sumlogic.html import write_html

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""How chromium starts: no network, no first-run work (as tests/conftest.py starts it)."""

#: Run in the step page: the drawn board serialised as SVG with the style rules that reach into it.
#: Rules for the board element alone (its size on the page) stay behind; ``:root``'s colours
#: become the SVG's own.
EXTRACT = """() => {
  const board = document.querySelector("svg.sl-board");
  if (!board) return null;
  const rules = [];
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSStyleRule)) continue;
      if (rule.selectorText === ":root") { rules.push(rule.cssText.replace(":root", "svg")); continue; }
      let hit = false;
      try { hit = board.querySelector(rule.selectorText) !== null; } catch (error) { hit = false; }
      if (hit) rules.push(rule.cssText);
    }
  }
  const copy = board.cloneNode(true);
  const box = copy.getAttribute("viewBox").split(" ").map(Number);
  copy.setAttribute("width", String(box[2]));
  copy.setAttribute("height", String(box[3]));
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = "\\n" + rules.join("\\n") + "\\n";
  copy.insertBefore(style, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}"""

MASK_ID = re.compile(r"sl-cage-mask-(\d+)")


def renumber_masks(svg: str) -> str:
    """``sl-cage-mask-N`` ids numbered 1, 2, ... in order of first appearance."""
    numbers: dict[str, int] = {}

    def number(match: re.Match[str]) -> str:
        return f"sl-cage-mask-{numbers.setdefault(match.group(1), len(numbers) + 1)}"

    return MASK_ID.sub(number, svg)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium under Playwright, closed on leaving; a one-line SystemExit when either is missing."""
    executable = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("technique pages: the pictures need playwright (pip install playwright)") from None
    if not executable:
        raise SystemExit("technique pages: the pictures need Debian's chromium (apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class Painter:
    """Draws steps with the step page in one browser tab (``with Painter(browser) as paint: paint(trace, 5)``)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.tab: Any = None
        self.folder: tempfile.TemporaryDirectory[str] | None = None
        self.count = 0

    def __enter__(self) -> Painter:
        self.tab = self.browser.new_page(viewport={"width": 1200, "height": 900}, device_scale_factor=1)
        self.folder = tempfile.TemporaryDirectory(prefix="technique-pages-")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.tab is not None:
            self.tab.close()
        if self.folder is not None:
            self.folder.cleanup()

    def __call__(self, trace: Mapping[str, Any], step: int) -> str:
        """The SVG of ``trace``'s step ``step`` (1-based, as the step page's ``#step=``), as the step page draws it."""
        assert self.folder is not None and self.tab is not None, "use Painter in a with block"
        self.count += 1
        page = Path(self.folder.name) / f"trace-{self.count}.html"
        write_html(page, trace)
        self.tab.goto(f"{page.as_uri()}#step={step}")
        self.tab.wait_for_selector("svg.sl-board")
        shown = self.tab.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('step')")
        if shown != str(step):
            raise RuntimeError(f"the step page shows step {shown}, not {step}")
        svg = self.tab.evaluate(EXTRACT)
        if not svg:
            raise RuntimeError("the step page drew no board")
        return renumber_masks(svg) + "\n"
