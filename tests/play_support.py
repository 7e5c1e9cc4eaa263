"""What the play page's browser tests share (tests/test_play_page.py,
tests/test_play_drawing.py): a server of our own, pages at desktop size and at
a phone's whose console errors fail the test, the page's address of a record
and a position, and reading what the board shows.  The fixtures are in
tests/play_fixtures.py (a plugin of tests/conftest.py)."""


from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

from puzzles import sample, to_record
from sumlogic.api import solve
from tests.test_serve_web import IN_CI, drawn_digit, drawn_marks, open_link, until, wrong

__all__ = ["IN_CI", "drawn_digit", "drawn_marks", "open_link", "until", "wrong"]

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def address(record: dict[str, Any], **position: Any) -> str:
    """The play page's address of ``record`` (its "j" form: base64url of the JSON) with a position."""
    data = json.dumps({"v": 2, "puzzle": record, **position}).encode()
    return "#p=j" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def open_record(page: Any, base_url: str, record: dict[str, Any], **position: Any) -> None:
    page.goto(base_url + "/" + address(record, **position))
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("svg.sl-board")
    page.wait_for_selector("body[data-checked]")  # the uniqueness check has answered


def killer() -> dict[str, Any]:
    return to_record(sample("killer-1"))


SOLUTION = solve(sample("killer-1")).solution


def truth(name: str) -> int:
    row, col = (int(part) for part in name[1:].split("c"))
    return int(SOLUTION[(row - 1) * 9 + col - 1])


def selected(page: Any) -> list[str]:
    game = "window.sumlogicGame"
    return sorted(page.evaluate(f"[...{game}.selection].map((i) => {game}.board.cells[i].name)"))


def corner_marks(page: Any, name: str) -> list[int]:
    return [int(t) for t in page.locator(f'svg.sl-board text.sl-corner[data-cell="{name}"]').all_text_contents()]


def colours(page: Any, name: str) -> list[int]:
    return [int(c) for c in page.locator(f'svg.sl-board rect.sl-colour[data-cell="{name}"]').evaluate_all(
        "(rects) => rects.map((r) => r.getAttribute('data-colour'))")]


def centre_of(page: Any, name: str) -> tuple[float, float]:
    box = page.locator(f'rect.sl-cell[data-cell="{name}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def pressed_mode(page: Any) -> str:
    return str(page.get_attribute('.sl-modes [aria-pressed="true"]', "data-mode"))


def shot(page: Any, name: str) -> None:
    if os.environ.get("SUMLOGIC_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / name))


def linked_step() -> dict[str, Any]:
    """A hand-made step with a chain: r1c1 5 =strong= r1c9 5 -weak- r9c9 5 =strong= r9c1 5 (a grouped node last)."""
    node = lambda cells, d: {"cells": cells, "digit": d}  # noqa: E731
    return {
        "technique": "x-chain", "name": "X-Chain", "level": 6,
        "text": "A chain of 5s from r1c1 to r9c1 removes 5 from r5c1.",
        "placements": [], "eliminations": [["r5c1", [5]]],
        "highlights": {"cells": ["r1c1", "r1c9", "r9c9", "r9c1"], "candidates": [["r1c1", [5]], ["r9c1", [5]]]},
        "links": [
            {"from": node(["r1c1"], 5), "to": node(["r1c9"], 5), "type": "strong"},
            {"from": node(["r1c9"], 5), "to": node(["r9c9"], 5), "type": "weak"},
            {"from": node(["r9c9"], 5), "to": node(["r9c1", "r9c2"], 5), "type": "strong"},
        ],
    }
