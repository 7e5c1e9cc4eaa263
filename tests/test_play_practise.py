"""The play page's Practise menu in Debian's chromium (issue 30, item 5).

The menu opens by mouse and by keyboard (N), lists a kind's techniques by
name grouped by level, and makes a fresh puzzle that needs the chosen one
(POST /api/generate, a fixed seed): its Practise box says where the path
needs the technique, a button plays up to the first of those steps, and the
level-1 hint then names the technique; the step page marks those steps and
goes to the first with F.  A puzzle not found within the tries is one
plain line; Cancel (or Escape) stops the server's work.  Every wait is for
a state of the page (``data-practise``), never a fixed sleep; the tries are
counted (``max_tries``), not timed.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import httpx
import pytest

from tests.play_fixtures import new_tab
from tests.play_support import DESKTOP, shot, until
from tests.test_play_page import axe_problems

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SEED = 2
"""The seed of the puzzles made (the same seed, the same puzzle: the tests compare two answers)."""


REFUSED = "Failed to load resource: the server responded with a status of 422"
"""The browser's own console line for an answer of 422: the only console error a failure may cause."""


@pytest.fixture
def strict(browser: Any) -> Iterator[Any]:
    """A desktop page whose console errors fail the test, except the browser's line for a 422 answer."""
    page, errors = new_tab(browser, DESKTOP)
    yield page
    page.close()
    assert [e for e in errors if not e.startswith(REFUSED)] == [], f"console errors: {errors}"


def open_page(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("body[data-ready]")


def wait_menu(page: Any) -> None:
    page.wait_for_selector("#sl-practise-menu:not([hidden])")
    until(page, "() => Number(document.body.dataset.practiseTechniques || 0) > 0")


def with_tries(page: Any, tries: int) -> None:
    """Every generate request of ``page`` asks for at most ``tries`` tries (the page itself sends none)."""
    def route(request: Any) -> None:
        body = json.loads(request.request.post_data or "{}")
        request.continue_(post_data=json.dumps({**body, "max_tries": tries}))

    page.route("**/api/generate", route)


def technique_names(page: Any) -> dict[str, list[str]]:
    """The technique list's option texts by group label."""
    return dict(page.evaluate(
        "() => [...document.querySelectorAll('#sl-practise-technique optgroup')]"
        ".map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)])"))


def test_the_menu_by_keyboard_makes_a_puzzle_whose_hint_names_the_technique(desk: Any, base_url: str) -> None:
    open_page(desk, base_url)
    desk.keyboard.press("n")
    wait_menu(desk)
    assert desk.evaluate("() => document.activeElement.id") == "sl-practise-kind"
    assert desk.get_attribute("#sl-practise", "aria-expanded") == "true"
    desk.select_option("#sl-practise-kind", "sudoku")
    groups = technique_names(desk)
    levels = [int(label.split()[1]) for label in groups]
    assert levels == sorted(levels) and "Level 3" in groups
    assert "Pointing" in groups["Level 3"] and "X-Wing" in groups["Level 6"]
    assert "Last cell" not in sum(groups.values(), [])  # listed for Sudoku, but never needed there
    assert not any("-" in name and name.islower() for names in groups.values() for name in names)  # names, not ids
    desk.select_option("#sl-practise-technique", "pointing")
    desk.focus("#sl-practise-seed")
    desk.keyboard.type(str(SEED))
    desk.keyboard.press("Enter")
    desk.wait_for_selector("body[data-practise='ready']")
    assert desk.is_hidden("#sl-practise-menu")
    text = desk.inner_text("#sl-practise-text")
    assert text.startswith("Practising Pointing.") and f"seed {SEED}" in text
    first = desk.locator("#sl-practise-first")
    assert first.inner_text() == "Go to the first Pointing"
    first.focus()
    desk.keyboard.press("Enter")
    until(desk, "() => document.activeElement && document.activeElement.id === 'sl-board'")
    desk.keyboard.press("h")
    desk.wait_for_selector('#sl-hint-box[data-level="1"]:not([hidden])')
    assert desk.inner_text("#sl-hint-box .sl-hint-text").startswith("Pointing: look at ")
    # N again: the menu over the practised puzzle, the last choice kept; Escape closes it
    desk.keyboard.press("n")
    wait_menu(desk)
    assert desk.input_value("#sl-practise-technique") == "pointing"
    desk.select_option("#sl-practise-technique", "x-wing")
    assert axe_problems(desk) == []
    shot(desk, "play-practise-menu.png")
    desk.keyboard.press("Escape")
    desk.wait_for_selector("#sl-practise-menu[hidden]", state="attached")
    assert desk.evaluate("() => document.activeElement.id") == "sl-practise"


def test_the_menu_by_mouse_and_the_step_page_marks_the_practised_steps(desk: Any, base_url: str) -> None:
    open_page(desk, base_url)
    desk.click("#sl-practise")
    wait_menu(desk)
    desk.select_option("#sl-practise-kind", "sudoku")
    desk.select_option("#sl-practise-technique", "pointing")
    desk.fill("#sl-practise-seed", str(SEED))
    with desk.expect_response("**/api/generate") as answered:
        desk.click("#sl-practise-go")
    data = answered.value.json()
    desk.wait_for_selector("body[data-practise='ready']")
    assert data["needs"] == ["pointing"] and data["names"] == ["Pointing"] and data["seed"] == SEED
    assert data["needed"] and data["needed"][0] <= data["steps"]
    # the same request gives the same puzzle
    again = httpx.post(base_url + "/api/generate", json={"kind": "sudoku", "needs": ["pointing"], "seed": SEED},
                       timeout=120).json()
    assert again["record"] == data["record"] and again["needed"] == data["needed"]
    # the step page of the puzzle from the start marks the steps that needed it; F goes to the first
    until(desk, "() => location.hash.startsWith('#p=')")
    with desk.context.expect_page() as opened:
        desk.click("#sl-steps")
    view = opened.value
    view.wait_for_selector("#sumlogic-view svg.sl-board")
    marked = [int(n) for n in view.locator(".sl-step-link.is-practised").evaluate_all(
        "(links) => links.map((l) => l.dataset.step)")]
    assert marked == data["needed"]  # the play page and the step page count the steps alike
    assert marked and all(view.inner_text(f'.sl-step-link[data-step="{k}"] .sl-step-tech') == "Pointing"
                          for k in marked)
    assert view.locator(".sl-step-link:not(.is-practised) .sl-practise-badge").count() == 0
    note = view.inner_text(".sl-practise-note")
    assert note.startswith("Practising Pointing: needed at step")
    view.keyboard.press("f")
    until(view, f"() => location.hash.includes('step={marked[0]}')")
    assert view.inner_text(".sl-step .sl-technique") == "Pointing"
    view.keyboard.press("Home")
    view.click(".sl-practise-jump")
    until(view, f"() => location.hash.includes('step={marked[0]}')")
    assert axe_problems(view) == []
    shot(view, "play-practise-steps.png")
    view.close()


def test_a_puzzle_not_found_within_the_tries_is_one_plain_line(strict: Any, base_url: str) -> None:
    desk = strict
    open_page(desk, base_url)
    with_tries(desk, 1)
    desk.click("#sl-practise")
    wait_menu(desk)
    desk.select_option("#sl-practise-kind", "sudoku")
    desk.select_option("#sl-practise-technique", "jellyfish")
    desk.fill("#sl-practise-seed", "1")
    desk.click("#sl-practise-go")
    desk.wait_for_selector("body[data-practise='failed']")
    line = desk.inner_text("#sl-practise-error")
    assert line.startswith("No puzzle: ") and "\n" not in line and "1 tr" in line
    assert desk.is_visible("#sl-practise-menu") and desk.is_hidden("#sl-practise-working")
    assert desk.is_enabled("#sl-practise-go")
    assert desk.is_hidden("#sl-practise-box")
    assert axe_problems(desk) == []


def test_cancel_stops_the_work_on_the_server(desk: Any, base_url: str) -> None:
    before = httpx.get(base_url + "/api/health").json()["cancelled"]
    open_page(desk, base_url)
    with_tries(desk, 10_000)  # far more than it could try before the cancel
    desk.keyboard.press("n")
    wait_menu(desk)
    desk.select_option("#sl-practise-kind", "sudoku")
    desk.select_option("#sl-practise-technique", "jellyfish")
    desk.check("#sl-practise-hardest")
    desk.fill("#sl-practise-seed", "1")
    desk.click("#sl-practise-go")
    desk.wait_for_selector("body[data-practise='working']")
    assert desk.is_visible("#sl-practise-working .sl-spinner")
    assert desk.inner_text("#sl-practise-working-text") == "Making a Sudoku that needs Jellyfish\u2026"
    assert desk.get_attribute("#sl-practise-menu", "aria-busy") == "true"
    until(desk, "async () => (await (await fetch('/api/health')).json()).queued === 1")
    assert axe_problems(desk) == []
    shot(desk, "play-practise-working.png")
    desk.keyboard.press("Escape")
    desk.wait_for_selector("body[data-practise='cancelled']")
    assert desk.inner_text("#sl-practise-error") == "Cancelled: no puzzle was made."
    assert desk.is_hidden("#sl-practise-working") and desk.is_visible("#sl-practise-menu")
    # the server stopped the job: its worker is free again
    until(desk, "async (before) => { const h = await (await fetch('/api/health')).json();"
                " return h.cancelled === before + 1 && h.queued === 0; }", before)
    # Escape again closes the menu, focus back on its button
    desk.keyboard.press("Escape")
    desk.wait_for_selector("#sl-practise-menu[hidden]", state="attached")
    assert desk.evaluate("() => document.activeElement.id") == "sl-practise"


def test_on_a_phone_the_menu_fits_the_screen(phone: Any, base_url: str) -> None:
    open_page(phone, base_url)
    phone.click("#sl-practise")
    wait_menu(phone)
    phone.select_option("#sl-practise-kind", "killer")
    groups = technique_names(phone)
    assert "Sum combinations" in groups["Level 2"] and "Kropki dots" not in sum(groups.values(), [])
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    for selector in ("#sl-practise-kind", "#sl-practise-technique", "#sl-practise-go", "#sl-practise-close"):
        box = phone.locator(selector).bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= 390, selector
    assert axe_problems(phone) == []
    phone.click("#sl-practise-close")
    assert phone.is_hidden("#sl-practise-menu") and phone.get_attribute("#sl-practise", "aria-expanded") == "false"


def test_a_step_page_written_by_sumlogic_html_marks_a_practised_trace(page: Any, html_file: Any) -> None:
    """The mark is the viewer's (sumlogic/web/viewer.js): a trace written by ``sumlogic explain --html``
    with ``practise`` (ids) gets it too, in a page that needs no server."""
    from sumlogic.api import explain, generate

    puzzle = generate("sudoku", needs=["pointing"], seed=SEED)
    trace = explain(puzzle).to_dict()
    wanted = [k for k, step in enumerate(trace["steps"], 1) if step["technique"] == "pointing"]
    opened = page.open(html_file({**trace, "practise": ["pointing"]}))
    marked = [int(n) for n in opened.locator(".sl-step-link.is-practised").evaluate_all(
        "(links) => links.map((l) => l.dataset.step)")]
    assert marked == wanted != []
    opened.keyboard.press("f")
    until(opened, f"() => location.hash.includes('step={wanted[0]}')")
    plain = page.open(html_file(trace, "plain.html"))
    assert plain.locator(".sl-practise-badge, .sl-practise-note").count() == 0
