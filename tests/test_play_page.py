"""The play page as a SudokuPad player uses it, in a real browser (issue 28).

Debian's ``chromium`` under Playwright, on a server of our own (as
``tests/test_serve_web.py``), at desktop size and at 390x844: selecting by
click, drag, Shift/Ctrl-click, double click and arrows; the Normal, Corner,
Centre and Colour modes and the one-shot Shift/Ctrl keys; clearing, undo and
redo; conflicts; the clock; the solved moment by keyboard alone and by mouse
alone; what the page says never outliving the grid it was about; the warning
for a puzzle without one solution; cages only where the setter drew them;
the setter's title; the hint on a phone's screen; chains drawn as arrows;
and axe-core finding no serious or critical violation.  Every wait is for a
condition, never for a time.  ``SUMLOGIC_SCREENSHOTS=1`` also writes the
screenshots of docs/screenshots/ named in its README.
"""

from __future__ import annotations

from typing import Any

import pytest

from puzzles import sample, to_record
from sumlogic.api import solve
from tests.play_support import (
    IN_CI, address, centre_of, colours, corner_marks, drawn_digit, drawn_marks, killer, linked_step, open_link,
    open_record, pressed_mode, selected, shot, truth, until, wrong,
)

# the fixtures base_url, tab, desk and phone: tests/play_fixtures.py (a plugin of tests/conftest.py)


# ---------------------------------------------------------------- selecting


def test_drag_shift_ctrl_click_double_click_and_arrows_select(tab: Any, base_url: str) -> None:
    open_record(tab, base_url, killer(), placed={"r5c5": truth("r5c5"), "r9c1": truth("r5c5")})
    start = centre_of(tab, "r1c1")
    end = centre_of(tab, "r2c3")
    tab.mouse.move(*start)
    tab.mouse.down()
    tab.mouse.move(*centre_of(tab, "r1c2"), steps=4)
    tab.mouse.move(*centre_of(tab, "r1c3"), steps=4)
    tab.mouse.move(*end, steps=4)
    tab.mouse.up()
    assert selected(tab) == ["r1c1", "r1c2", "r1c3", "r2c3"]
    assert tab.locator("svg.sl-board rect.sl-cell.is-selected").count() == 4

    tab.click('rect.sl-cell[data-cell="r4c4"]')
    assert selected(tab) == ["r4c4"]
    tab.click('rect.sl-cell[data-cell="r6c6"]', modifiers=["Shift"])
    tab.click('rect.sl-cell[data-cell="r7c7"]', modifiers=["Control"])
    assert selected(tab) == ["r4c4", "r6c6", "r7c7"]
    tab.click('rect.sl-cell[data-cell="r6c6"]', modifiers=["Control"])  # Ctrl-click on a selected cell: out
    assert selected(tab) == ["r4c4", "r7c7"]

    tab.keyboard.press("Escape")  # only the cursor's cell stays
    assert selected(tab) == ["r6c6"]
    tab.keyboard.press("Shift+ArrowRight")
    tab.keyboard.press("Shift+ArrowDown")
    assert selected(tab) == ["r6c6", "r6c7", "r7c7"]
    tab.keyboard.press("ArrowLeft")
    assert selected(tab) == ["r7c6"]

    tab.dblclick('rect.sl-cell[data-cell="r5c5"]')  # every cell with that digit
    assert selected(tab) == ["r5c5", "r9c1"]
    assert tab.locator("svg.sl-board rect.sl-cell.is-same").count() == 0  # two cells: no single digit in focus
    tab.click('rect.sl-cell[data-cell="r5c5"]')
    assert sorted(tab.locator("svg.sl-board rect.sl-cell.is-same").evaluate_all(
        "(rs) => rs.map((r) => r.getAttribute('data-cell'))")) == ["r5c5", "r9c1"]


# ---------------------------------------------------------------- modes and keys


def test_modes_by_key_and_button_and_one_shot_modifiers(tab: Any, base_url: str) -> None:
    open_record(tab, base_url, killer())
    tab.click('rect.sl-cell[data-cell="r1c1"]')
    tab.keyboard.press("x")
    assert pressed_mode(tab) == "corner"
    tab.keyboard.press("Digit1")
    tab.keyboard.press("Digit2")
    tab.keyboard.press("c")
    assert pressed_mode(tab) == "centre"
    tab.keyboard.press("Digit3")
    tab.keyboard.press("v")
    assert pressed_mode(tab) == "colour"
    tab.keyboard.press("Digit4")
    assert corner_marks(tab, "r1c1") == [1, 2]
    assert drawn_marks(tab, "r1c1") == [3]
    assert colours(tab, "r1c1") == [4]
    tab.keyboard.press("Space")  # the next mode after Colour: Normal
    assert pressed_mode(tab) == "normal"

    # in Normal mode, Shift gives a corner mark, Ctrl a centre mark, Ctrl+Shift a colour, for that key only
    tab.click('rect.sl-cell[data-cell="r2c2"]')
    tab.keyboard.press("Shift+Digit5")
    tab.keyboard.press("Control+Digit6")
    tab.keyboard.press("Control+Shift+Digit7")
    assert corner_marks(tab, "r2c2") == [5]
    assert drawn_marks(tab, "r2c2") == [6]
    assert colours(tab, "r2c2") == [7]
    assert pressed_mode(tab) == "normal"

    # the buttons switch modes too, and the pad writes in the mode
    tab.click('.sl-modes [data-mode="corner"]')
    tab.click('rect.sl-cell[data-cell="r3c3"]')
    tab.click('#sl-pad button[data-digit="8"]')
    assert corner_marks(tab, "r3c3") == [8]
    tab.click('.sl-modes [data-mode="normal"]')
    tab.click('#sl-pad button[data-digit="8"]')
    assert drawn_digit(tab, "r3c3") == "8"
    assert corner_marks(tab, "r3c3") == []  # a digit takes the cell's marks away (Undo brings them back)

    # a mark goes into every selected cell, and out of all when all have it
    tab.click('rect.sl-cell[data-cell="r9c1"]')
    tab.click('rect.sl-cell[data-cell="r9c2"]', modifiers=["Shift"])
    tab.keyboard.press("Control+Digit9")
    assert drawn_marks(tab, "r9c1") == [9] and drawn_marks(tab, "r9c2") == [9]
    tab.keyboard.press("Control+Digit9")
    assert drawn_marks(tab, "r9c1") == [] and drawn_marks(tab, "r9c2") == []


def test_clear_undo_redo_and_colours(tab: Any, base_url: str) -> None:
    open_record(tab, base_url, killer())
    tab.click('rect.sl-cell[data-cell="r4c4"]')
    tab.keyboard.press("Control+Shift+Digit3")  # a colour
    tab.keyboard.press("Shift+Digit1")  # a corner mark
    tab.keyboard.press("Control+Digit2")  # a centre mark
    tab.keyboard.press("Digit9")  # a digit over them
    assert drawn_digit(tab, "r4c4") == "9"
    tab.keyboard.press("Backspace")  # digits first
    assert tab.locator('svg.sl-board g[data-cell="r4c4"] .sl-digit').count() == 0
    assert corner_marks(tab, "r4c4") == [] and drawn_marks(tab, "r4c4") == []
    tab.keyboard.press("Control+z")  # the digit back
    assert drawn_digit(tab, "r4c4") == "9"
    tab.keyboard.press("Control+z")  # before the digit: the marks back
    assert corner_marks(tab, "r4c4") == [1] and drawn_marks(tab, "r4c4") == [2]
    tab.keyboard.press("Delete")  # then the marks
    assert corner_marks(tab, "r4c4") == [] and drawn_marks(tab, "r4c4") == []
    assert colours(tab, "r4c4") == [3]
    tab.keyboard.press("Backspace")  # then the colour
    assert colours(tab, "r4c4") == []
    tab.keyboard.press("Control+z")
    assert colours(tab, "r4c4") == [3]
    tab.keyboard.press("Control+y")
    assert colours(tab, "r4c4") == []
    tab.click("#sl-undo")
    tab.click("#sl-undo")
    assert corner_marks(tab, "r4c4") == [1] and drawn_marks(tab, "r4c4") == [2]
    tab.keyboard.press("Control+Shift+z")
    assert corner_marks(tab, "r4c4") == [] and colours(tab, "r4c4") == [3]

    # colour mode: the pad is nine swatches named for screen readers
    tab.keyboard.press("v")
    assert tab.locator("#sl-pad button.sl-swatch-button").count() == 9
    assert "Colour 4" in str(tab.get_attribute('#sl-pad button[data-digit="4"]', "aria-label"))
    tab.click('#sl-pad button[data-digit="4"]')
    assert colours(tab, "r4c4") == [3, 4]


def test_conflicts_are_marked_as_a_setting(desk: Any, base_url: str) -> None:
    open_record(desk, base_url, killer())
    for name in ("r1c1", "r1c5"):
        desk.click(f'rect.sl-cell[data-cell="{name}"]')
        desk.keyboard.press("Digit4")
    conflicted = desk.locator("svg.sl-board .sl-digit.is-conflict")
    assert conflicted.count() == 2
    assert "4 repeats in row 1" in desk.inner_text("#sl-cell-info")
    desk.uncheck("#sl-conflicts")
    assert conflicted.count() == 0
    desk.reload()  # the setting is kept in the browser
    desk.wait_for_selector("svg.sl-board")
    assert not desk.is_checked("#sl-conflicts") and conflicted.count() == 0
    desk.check("#sl-conflicts")
    assert conflicted.count() == 2
    desk.click('rect.sl-cell[data-cell="r1c5"]')
    desk.keyboard.press("Backspace")  # no repeat left; r1c1 alone is its cage a (total 7): 4 is still off it
    assert conflicted.count() == 1
    desk.click('rect.sl-cell[data-cell="r1c1"]')
    assert "cage a adds up to 4, not 7" in desk.inner_text("#sl-cell-info")
    desk.keyboard.press("Digit7")
    assert conflicted.count() == 0


def test_the_clock_pauses_and_a_paused_board_takes_no_digit(desk: Any, base_url: str) -> None:
    open_record(desk, base_url, killer())
    desk.click('rect.sl-cell[data-cell="r1c1"]')
    desk.keyboard.press("p")
    assert desk.get_attribute("#sl-pause", "aria-pressed") == "true"
    assert desk.locator("#sl-board.is-paused").count() == 1
    assert not desk.locator("svg.sl-board").is_visible()
    shown = desk.inner_text("#sl-timer")
    desk.keyboard.press("Digit5")
    assert desk.evaluate("window.sumlogicGame.grid.values[0]") == 0
    assert desk.inner_text("#sl-timer") == shown  # the clock stands still (it is not even redrawn)
    desk.keyboard.press("p")
    assert desk.get_attribute("#sl-pause", "aria-pressed") == "false"
    desk.keyboard.press("Digit5")
    assert drawn_digit(desk, "r1c1") == "5"


# ---------------------------------------------------------------- the solved moment, keyboard alone and mouse alone


def test_keyboard_alone_from_the_link_to_the_solved_moment(desk: Any, base_url: str) -> None:
    from sumlogic.api import write

    link = write(sample("killer-1"), "sudokupad").strip()
    desk.goto(base_url + "/")
    desk.wait_for_selector("body[data-ready]")
    desk.keyboard.press("Tab")  # the first stop is the puzzle box
    assert desk.evaluate("document.activeElement.id") == "sl-source"
    desk.keyboard.insert_text(link)
    desk.keyboard.press("Enter")
    desk.wait_for_selector("svg.sl-board")
    until(desk, "() => document.activeElement && document.activeElement.id === 'sl-board'")
    for r in range(1, 10):
        for c in range(1, 10):
            if c > 1:
                desk.keyboard.press("ArrowRight")
            desk.keyboard.press(f"Digit{truth(f'r{r}c{c}')}")
        if r < 9:
            desk.keyboard.press("ArrowDown")
            for _ in range(8):
                desk.keyboard.press("ArrowLeft")
    desk.wait_for_selector("#sl-solved:not([hidden])")
    assert "Solved in" in desk.inner_text("#sl-solved")
    assert desk.get_attribute("body", "data-solved") == "true"


def test_mouse_alone_to_the_solved_moment(phone: Any, base_url: str) -> None:
    placed = {f"r{r}c{c}": truth(f"r{r}c{c}") for r in range(1, 10) for c in range(1, 10)}
    last = ["r9c7", "r9c8", "r9c9"]
    for name in last:
        del placed[name]
    open_record(phone, base_url, killer(), placed=placed)
    for name in last:
        phone.click(f'rect.sl-cell[data-cell="{name}"]')
        phone.click(f'#sl-pad button[data-digit="{truth(name)}"]')
    phone.wait_for_selector("#sl-solved:not([hidden])")
    phone.click('#sl-pad button[aria-label="Clear the selected cells"]')  # no longer solved: the banner goes
    assert phone.locator("#sl-solved").is_hidden()
    assert phone.get_attribute("body", "data-solved") is None


# ---------------------------------------------------------------- state that never lies


def test_mistakes_and_words_go_when_the_grid_changes(tab: Any, base_url: str) -> None:
    open_record(tab, base_url, killer())
    tab.click('rect.sl-cell[data-cell="r5c5"]')
    tab.keyboard.press(f"Digit{wrong('r5c5')}")
    tab.click("#sl-check")
    tab.wait_for_selector('svg.sl-board rect.sl-cell.is-mistake[data-cell="r5c5"]')
    assert "r5c5" in tab.inner_text("#sl-mistakes")
    tab.click('rect.sl-cell[data-cell="r5c5"]')
    tab.keyboard.press("Backspace")  # erased: the mark, the list and the words go
    assert tab.locator("svg.sl-board rect.sl-cell.is-mistake").count() == 0
    assert tab.locator("#sl-mistakes").is_hidden()
    assert tab.inner_text("#sl-message") == ""

    tab.keyboard.press(f"Digit{wrong('r5c5')}")
    tab.click("#sl-check")
    tab.wait_for_selector('svg.sl-board rect.sl-cell.is-mistake[data-cell="r5c5"]')
    tab.keyboard.press(f"Digit{truth('r5c5')}")  # corrected
    assert tab.locator("svg.sl-board rect.sl-cell.is-mistake").count() == 0
    assert tab.locator("svg.sl-board .sl-digit.is-wrong").count() == 0

    tab.click("#sl-hint")  # a hint is about the grid it was asked for
    tab.wait_for_selector("#sl-hint-box:not([hidden])")
    tab.click('rect.sl-cell[data-cell="r1c1"]')
    tab.keyboard.press("Control+Digit1")
    assert tab.locator("#sl-hint-box").is_hidden()

    tab.keyboard.press("Control+z")  # "Undone." lasts until the next change
    assert tab.inner_text("#sl-message") == "Undone."
    tab.keyboard.press("Control+Digit2")
    assert tab.inner_text("#sl-message") == ""


def test_check_takes_centre_marks_as_candidates_and_corner_marks_as_positions(desk: Any, base_url: str) -> None:
    record = killer()
    box = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]
    digit = truth("r1c1")
    elsewhere = [name for name in box if truth(name) != digit][:2]
    # corner marks of the digit on two cells of box 1 where it does not go; centre marks that keep the truth
    open_record(desk, base_url, record, corner={name: [digit] for name in elsewhere},
                marks={"r9c9": [truth("r9c9"), wrong("r9c9")]})
    assert desk.evaluate("window.sumlogicGame.position().corner") == {name: [digit] for name in elsewhere}
    desk.keyboard.press("k")
    desk.wait_for_selector("#sl-mistakes:not([hidden])")
    assert desk.locator("svg.sl-board rect.sl-cell.is-mistake").count() == 1
    assert desk.locator(f'svg.sl-board rect.sl-cell.is-mistake[data-cell="{elsewhere[0]}"]').count() == 1
    assert f"corner marks of {digit} in box 1" in desk.inner_text("#sl-mistakes")
    desk.click('rect.sl-cell[data-cell="r1c1"]')
    desk.keyboard.press(f"Shift+Digit{digit}")  # now the corner marks hold where it goes
    desk.keyboard.press("k")
    until(desk, "() => document.querySelector('#sl-message').textContent === 'No mistakes so far.'")
    assert desk.locator("svg.sl-board rect.sl-cell.is-mistake").count() == 0


def test_typing_over_a_given_says_why_nothing_changed(tab: Any, base_url: str) -> None:
    record = to_record(sample("sudoku-1"))
    given = next(i for i, ch in enumerate(record["givens"]) if ch != ".")
    name = f"r{given // 9 + 1}c{given % 9 + 1}"
    open_record(tab, base_url, record)
    tab.click(f'rect.sl-cell[data-cell="{name}"]')
    tab.keyboard.press("Digit1" if record["givens"][given] != "1" else "Digit2")
    assert f"{name} holds the given {record['givens'][given]}" in tab.inner_text("#sl-message")
    assert tab.locator("#sl-message.is-error").count() == 1
    assert drawn_digit(tab, name) == record["givens"][given]


def test_a_puzzle_with_several_solutions_says_so_on_opening(tab: Any, base_url: str) -> None:
    record = to_record(sample("sudoku-1"))
    record["givens"] = record["givens"][:40] + "." * 41
    record["id"] = "sudoku-several"
    assert solve(sample("sudoku-1")).status == "solved"
    open_record(tab, base_url, record)
    tab.wait_for_selector("#sl-warning:not([hidden])")
    assert tab.get_attribute("#sl-warning", "data-status") == "multiple"
    assert "more than one solution" in tab.inner_text("#sl-warning")
    assert "at least 2" in tab.inner_text("#sl-warning")


def test_a_puzzle_without_solution_says_so_on_opening(desk: Any, base_url: str) -> None:
    record = to_record(sample("sudoku-1"))
    # r1c1 open, row 1 holds 2..9, column 1 holds a 1: r1c1 has no digit left
    givens = list("." * 81)
    givens[1:9] = list("23456789")
    givens[4 * 9] = "1"
    record["givens"] = "".join(givens)
    open_record(desk, base_url, record)
    desk.wait_for_selector("#sl-warning:not([hidden])")
    assert desk.get_attribute("#sl-warning", "data-status") == "no-solution"
    assert desk.inner_text("#sl-warning").startswith("This puzzle has no solution")


def test_a_unique_puzzle_opens_without_warning(desk: Any, base_url: str) -> None:
    open_record(desk, base_url, killer())
    assert desk.get_attribute("body", "data-checked") == "solved"
    assert desk.locator("#sl-warning").is_hidden()


# ---------------------------------------------------------------- phones and accessibility


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5 and box["x"] >= 0 \
        and box["x"] + box["width"] <= view["width"] + 0.5


def test_on_a_phone_the_grid_pad_and_hint_are_on_screen_together(phone: Any, base_url: str) -> None:
    from sumlogic.api import write

    open_link(phone, base_url, write(sample("killer-1"), "sudokupad").strip())
    phone.wait_for_selector("body[data-checked]")
    for level in (1, 2, 3):
        phone.click("#sl-hint")
        phone.wait_for_selector(f'#sl-hint-box[data-level="{level}"]:not([hidden])')
        for selector in ("svg.sl-board", "#sl-pad", "#sl-hint-box", ".sl-modes"):
            assert in_view(phone, selector), f"{selector} is off screen after hint level {level}"
    shot(phone, "play-phone.png")
    phone.click('rect.sl-cell[data-cell="r5c5"]')
    phone.click(f'#sl-pad button[data-digit="{wrong("r5c5")}"]')
    phone.click("#sl-check")
    phone.wait_for_selector("#sl-mistakes:not([hidden])")
    for selector in ("svg.sl-board", "#sl-pad", "#sl-mistakes", "#sl-message"):
        assert in_view(phone, selector), f"{selector} is off screen after a check"
    # candidates readable: at least 9 px high on the phone's screen
    phone.click('rect.sl-cell[data-cell="r1c1"]')
    phone.keyboard.press("Control+Digit1")
    mark = phone.locator('svg.sl-board g[data-cell="r1c1"] .sl-cand').first.bounding_box()
    assert mark and mark["height"] >= 9


def axe_problems(page: Any) -> list[str]:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        if IN_CI:
            pytest.fail("the play page tests need axe-playwright-python (the test extra)")
        pytest.skip("axe-playwright-python is not installed (pip install 'sumlogic[test]')")
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def test_axe_finds_no_serious_violation(tab: Any, base_url: str, page: Any, html_file: Any) -> None:
    record = killer()
    record["info"] = {"title": "Axe test", "author": "sumlogic", "rules": "Killer rules."}
    open_record(tab, base_url, record, marks={"r1c1": [1, 2]}, corner={"r1c2": [3]}, colours={"r1c3": [4]})
    tab.click('rect.sl-cell[data-cell="r2c2"]')
    tab.keyboard.press(f"Digit{wrong('r2c2')}")
    tab.click("#sl-hint")
    tab.wait_for_selector("#sl-hint-box:not([hidden])")
    assert axe_problems(tab) == []
    if tab.viewport_size["width"] > 500:
        shot(tab, "play-desktop.png")
    # the served step viewer of a position, with the setter's title
    tab.goto(base_url + "/view" + address(record, placed={"r1c1": truth("r1c1")}))
    tab.wait_for_selector("body[data-ready]")
    tab.wait_for_selector("#sumlogic-view svg.sl-board")
    assert tab.inner_text("#sumlogic-view .sl-title") == "Axe test"
    assert axe_problems(tab) == []
    trace = {"id": "sudoku/chain", "kind": "sudoku", "status": "stuck", "puzzle": to_record(sample("sudoku-1")),
             "steps": [linked_step()]}
    p = page.open(html_file(trace) + "#step=1")
    assert axe_problems(p) == []


def test_cells_are_named_for_screen_readers(desk: Any, base_url: str) -> None:
    open_record(desk, base_url, killer(), marks={"r1c2": [1, 2]}, corner={"r1c2": [7]})
    label = desk.locator('rect.sl-cell[data-cell="r1c2"] title').text_content()
    assert label.startswith("row 1, column 2, centre marks 1 2, corner marks 7, cage ")
    assert "total" in label
    desk.click('rect.sl-cell[data-cell="r1c2"]')
    assert desk.inner_text("#sl-cell-info").startswith("row 1, column 2")
    assert desk.get_attribute("#sl-board", "aria-describedby") == "sl-cell-info"


def test_a_reload_keeps_the_clock_of_the_puzzle(desk: Any, base_url: str) -> None:
    open_record(desk, base_url, killer())
    desk.click('rect.sl-cell[data-cell="r1c1"]')
    desk.keyboard.press("Digit5")  # the address now holds the position
    until(desk, "() => window.sumlogicGame.time() >= 1100")  # more than a second on the clock
    desk.keyboard.press("p")
    shown = desk.inner_text("#sl-timer")
    assert shown != "0:00"
    desk.reload()
    desk.wait_for_selector("svg.sl-board", state="attached")
    # the same time, still paused: the clock is kept in the tab (not in the address)
    assert desk.inner_text("#sl-timer") == shown
    assert desk.get_attribute("#sl-pause", "aria-pressed") == "true"
    desk.keyboard.press("p")
    # and it runs on from there
    until(desk, "(shown) => document.getElementById('sl-timer').textContent !== shown", shown)
    assert desk.evaluate("window.sumlogicGame.time()") >= 1000
    # another puzzle in the same tab starts its own clock
    open_record(desk, base_url, to_record(sample("sudoku-1")))
    assert desk.evaluate("window.sumlogicGame.time()") < 1000
