"""A held-out Killer with loose cells, from its link to the solved moment (issue 28).

The puzzle is made here, not taken from the samples: a generated Killer
(seed 7) with up to eight of its cages dropped while it stays unique, given a
title, an author and rules, and written by our own writers as a SudokuPad
link and as an f-puzzles link.  Then:

- ``sumlogic convert LINK --to jsonl`` keeps exactly the setter's cages and
  the identity (no one-cell cage made up for a loose cell);
- the play page opened from an address that carries the link (``#link=`` or
  ``?link=``: no paste, no keyboard) draws exactly those cages and totals,
  none around a loose cell, and shows the title, author and rules that
  ``/api/parse`` sent (``puzzleInfo`` in viewer.js reads those fields);
- a player reaches the "Solved" moment from the SudokuPad link with the
  keyboard alone (Tab to the puzzle box, paste, Enter, arrows and digits)
  and with the mouse alone (the address, then clicks on cells and on the
  on-screen digit pad), at desktop size and at 390x844.

Every wait is for a condition.  ``SUMLOGIC_SCREENSHOTS=1`` writes
docs/screenshots/play-killer-loose-desktop.png and play-killer-loose-phone.png.
"""

from __future__ import annotations

import functools
import urllib.parse
from typing import Any

import pytest

from puzzles import killer
from puzzles.generate import generate
from solver.model import Puzzle
from solver.search import count_solutions, solve
from tests.play_support import shot, until
from tests.process_support import json_lines, run

# the fixtures base_url, tab, desk and phone: tests/play_fixtures.py (a plugin of tests/conftest.py)

TITLE = "Nine Loose Ends"
AUTHOR = "P. Layer"
RULES = "Normal sudoku rules apply.\nDigits in a cage sum to its total and do not repeat."


@functools.lru_cache(maxsize=1)
def loose_killer() -> Puzzle:
    """A generated Killer with some cages dropped (still unique), titled: cells outside every cage."""
    cages = killer.cages(generate("killer", seed=7))
    kept, dropped = list(cages), 0
    for cage in sorted(cages, key=lambda c: (len(c.cells), c.label)):
        if dropped == 8:
            break
        trial = [c for c in kept if c is not cage]
        if count_solutions(killer.build(trial), 2, timeout=None) == 1:
            kept, dropped = trial, dropped + 1
    puzzle = killer.build(kept, id="", info=(("title", TITLE), ("author", AUTHOR), ("rules", RULES)))
    assert dropped == 8 and killer.loose_cells(puzzle), "the held-out Killer leaves cells outside every cage"
    return puzzle


def link(notation: str) -> str:
    from sumlogic.api import write

    return write(loose_killer(), notation).strip()


@functools.lru_cache(maxsize=1)
def truth() -> dict[str, int]:
    puzzle = loose_killer()
    result = solve(puzzle, timeout=None)
    assert result.solution is not None
    return {puzzle.cell_name(i): int(d) for i, d in enumerate(result.solution)}


def setter_cages() -> list[tuple[int | None, list[str]]]:
    """Every cage of the held-out Killer as (total, its cells' names sorted), sorted."""
    return sorted(((c.total, sorted(c.names())) for c in killer.cages(loose_killer())), key=lambda t: (t[1], t[0] or 0))


def loose_names() -> set[str]:
    puzzle = loose_killer()
    return {puzzle.cell_name(i) for i in killer.loose_cells(puzzle)}


def linked_address(base_url: str, notation: str, form: str) -> str:
    """The play page's address carrying a link: ``#link=`` with the link as it is, or ``?link=`` URL-encoded."""
    text = link(notation)
    return f"{base_url}/#link={text}" if form == "hash" else f"{base_url}/?link={urllib.parse.quote(text, safe='')}"


def open_linked(page: Any, address: str) -> None:
    page.goto(address)
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("svg.sl-board")
    page.wait_for_selector("body[data-checked]")  # the uniqueness check has answered


# ---------------------------------------------------------------- no cage invented


@pytest.mark.parametrize("notation", ["sudokupad", "fpuzzles"])
def test_convert_a_held_out_link_to_jsonl_invents_no_cage(capsys: pytest.CaptureFixture[str], notation: str) -> None:
    code, out, err = run(capsys, "convert", link(notation), "--to", "jsonl")
    assert code == 0, err
    [record] = json_lines(out)
    assert record["kind"] == "killer"
    got = sorted(((c["sum"], sorted(c["cells"])) for c in record["cages"]), key=lambda t: (t[1], t[0] or 0))
    assert got == setter_cages()
    caged = {name for cage in record["cages"] for name in cage["cells"]}
    assert caged.isdisjoint(loose_names()) and len(caged) + len(loose_names()) == 81
    assert (record["title"], record["author"], record["rules"]) == (TITLE, AUTHOR, RULES)


# ---------------------------------------------------------------- the play page from the link


@pytest.mark.parametrize(("notation", "form"), [("sudokupad", "hash"), ("fpuzzles", "query")])
def test_a_linked_killer_shows_only_the_setters_cages_and_its_identity(tab: Any, base_url: str, notation: str,
                                                                       form: str) -> None:
    open_linked(tab, linked_address(base_url, notation, form))
    assert tab.get_attribute("body", "data-checked") == "solved"  # one solution: no warning
    assert tab.locator("#sl-warning").is_hidden()
    assert tab.evaluate("location.search") == ""  # the address is now the page's own #p=...
    assert tab.evaluate("location.hash").startswith("#p=")
    assert tab.input_value("#sl-source") == link(notation)
    cages = setter_cages()
    assert tab.locator("svg.sl-board g.sl-cage").count() == len(cages)
    # each total is the text after the cage's label (the label is the step sentences' "cage b")
    totals = sorted(int(t) for t in tab.locator("svg.sl-board g.sl-cage text.sl-cage-sum").evaluate_all(
        "(ts) => ts.map((t) => [...t.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(''))"))
    assert totals == sorted(total for total, _ in cages if total is not None)
    # the board's cages are the setter's, cell for cell; a loose cell is in none and says so
    drawn = tab.evaluate("""() => { const b = window.sumlogicGame.board; const by = new Map();
        for (const c of b.cells) { const k = b.cageOf.get(c.name); if (k) by.set(k, [...(by.get(k) || []), c.name]); }
        return [...by.values()].map((cells) => cells.sort()); }""")
    assert sorted(drawn) == sorted(cells for _, cells in cages)
    loose = sorted(loose_names())
    tab.click(f'rect.sl-cell[data-cell="{loose[0]}"]')
    assert "in no cage" in tab.inner_text("#sl-cell-info")
    # the setter's identity, from the fields /api/parse sends (title, author, rules at the record's top)
    assert tab.inner_text("#sl-title") == TITLE
    assert tab.inner_text("#sl-author") == f"by {AUTHOR}"
    tab.click("#sl-rules-box summary")
    assert tab.inner_text("#sl-rules") == RULES
    assert TITLE in tab.title()
    if notation == "sudokupad":
        wide = tab.viewport_size["width"] > 500
        shot(tab, "play-killer-loose-desktop.png" if wide else "play-killer-loose-phone.png")


def test_a_reload_keeps_the_position_not_the_link(desk: Any, base_url: str) -> None:
    open_linked(desk, linked_address(base_url, "fpuzzles", "query"))
    until(desk, "() => !location.search && location.hash.startsWith('#p=')")  # the link became the page's state
    opened = desk.evaluate("location.hash")
    first = sorted(truth())[0]
    desk.click(f'rect.sl-cell[data-cell="{first}"]')
    desk.click(f'#sl-pad button[data-digit="{truth()[first]}"]')
    until(desk, "(h) => location.hash !== h && !location.search", opened)  # the digit is in the address
    desk.reload()
    desk.wait_for_selector("body[data-ready]")
    desk.wait_for_selector("svg.sl-board")
    assert desk.locator(f'svg.sl-board g[data-cell="{first}"] .sl-digit').text_content().strip() == str(truth()[first])


# ---------------------------------------------------------------- to the solved moment


def test_keyboard_alone_from_a_sudokupad_killer_link_to_solved(tab: Any, base_url: str) -> None:
    puzzle = loose_killer()
    tab.goto(base_url + "/")
    tab.wait_for_selector("body[data-ready]")
    tab.keyboard.press("Tab")  # the first stop is the puzzle box
    assert tab.evaluate("document.activeElement.id") == "sl-source"
    tab.keyboard.insert_text(link("sudokupad"))
    tab.keyboard.press("Enter")
    tab.wait_for_selector("svg.sl-board")
    until(tab, "() => document.activeElement && document.activeElement.id === 'sl-board'")
    assert tab.inner_text("#sl-title") == TITLE
    until(tab, "() => window.sumlogicGame.cursor === 0")
    answer = truth()
    for r in range(1, 10):  # row by row, left to right then right to left
        columns = range(1, 10) if r % 2 else range(9, 0, -1)
        for n, c in enumerate(columns):
            if n:
                tab.keyboard.press("ArrowRight" if r % 2 else "ArrowLeft")
            if not puzzle.givens[(r - 1) * 9 + c - 1]:
                tab.keyboard.press(f"Digit{answer[f'r{r}c{c}']}")
        if r < 9:
            tab.keyboard.press("ArrowDown")
    tab.wait_for_selector("#sl-solved:not([hidden])")
    assert "Solved in" in tab.inner_text("#sl-solved")
    assert tab.get_attribute("body", "data-solved") == "true"


def test_mouse_alone_from_a_sudokupad_killer_link_to_solved(tab: Any, base_url: str) -> None:
    """The link arrives in the address (as when a link is clicked); then only clicks: a cell, a pad digit."""
    open_linked(tab, linked_address(base_url, "sudokupad", "hash"))
    assert tab.inner_text("#sl-title") == TITLE
    puzzle = loose_killer()
    # real mouse clicks at the cells' and the pad's places on screen (all in view, on a phone too)
    places = tab.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        'svg.sl-board rect.sl-cell[data-cell], #sl-pad button[data-digit]')].map((e) => {
          const r = e.getBoundingClientRect();
          const name = e.getAttribute('data-cell') || `d${e.getAttribute('data-digit')}`;
          return [name, [r.x + r.width / 2, r.y + r.height / 2]];
        }))""")
    height = tab.viewport_size["height"]
    assert all(0 < y < height for _, y in places.values()), "the grid and the digit pad are on one screen"
    for i, (name, digit) in enumerate(truth().items()):
        if puzzle.givens[i]:
            continue
        tab.mouse.click(*places[name])
        tab.mouse.click(*places[f"d{digit}"])
    tab.wait_for_selector("#sl-solved:not([hidden])")
    assert "Solved in" in tab.inner_text("#sl-solved")
    assert tab.get_attribute("body", "data-solved") == "true"
    # the whole grid is on screen on a phone too: the banner and the board together
    assert tab.locator("#sl-solved").is_visible()
