"""The play page and the step page draw only the setter's cages (a cell outside
every cage gets none; totals in the top-left corner, clear of the dashed
outline), the setter's title, author and rules, and chains as arrows (strong
links solid, weak ones dashed, the conclusion ringed; a contradiction's chain
as its placements in order).  Desktop and 390x844, in Debian's chromium."""

from __future__ import annotations

from typing import Any

import sumlogic
from puzzles import sample, to_record
from tests.play_support import (
    killer, linked_step, open_record, shot,
)

# the fixtures base_url, tab, desk and phone: tests/play_fixtures.py (a plugin of tests/conftest.py)

#: ``sumlogic generate sudoku --needs forcing-net --seed 0``: its step 17 is a forcing net on r2c6 (2 or 9).
FORCING_NET_SUDOKU = "......1.8....3..5....1.7..6...29.8...3...8.6..653...42..67...1..4..1....2....4..."


# ---------------------------------------------------------------- cages, identity, chains


def test_cage_less_cells_are_drawn_without_a_cage(tab: Any, base_url: str) -> None:
    record = to_record(sample("greater-killer-1"))
    caged = {name for cage in record["cages"] for name in cage["cells"]}
    loose = [f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if f"r{r}c{c}" not in caged]
    assert loose, "greater-killer-1 leaves cells outside every cage"
    open_record(tab, base_url, record)
    assert tab.locator("svg.sl-board g.sl-cage").count() == len(record["cages"])
    drawn = sorted(tab.locator("svg.sl-board g.sl-cage").evaluate_all(
        "(gs) => gs.map((g) => g.getAttribute('data-cage'))"))
    assert drawn == sorted(cage["label"] for cage in record["cages"])
    tab.click(f'rect.sl-cell[data-cell="{loose[0]}"]')
    assert "in no cage" in tab.inner_text("#sl-cell-info")
    assert "in no cage" in tab.locator(f'rect.sl-cell[data-cell="{loose[0]}"] title').text_content()
    # each total sits in its cage's top-left corner, where the dashed outline is masked away
    totals = tab.locator("svg.sl-board g.sl-cage text.sl-cage-sum")
    assert totals.count() == len([c for c in record["cages"] if c["sum"] is not None or c["label"]])
    assert tab.locator("svg.sl-board g.sl-cage path[mask]").count() == totals.count()
    shot(tab, "greater-killer-loose-cells.png" if tab.viewport_size["width"] > 500 else "play-phone-greater-killer.png")


def test_a_killer_with_loose_cells_on_the_step_page(page: Any, html_file: Any) -> None:
    record = to_record(sample("killer-1"))
    record["cages"] = [cage for cage in record["cages"] if len(cage["cells"]) > 2][:12]
    kept = sum(len(cage["cells"]) for cage in record["cages"])
    assert kept < 81
    trace = {"id": "killer/loose", "kind": "killer", "status": "stuck", "puzzle": record, "steps": []}
    p = page.open(html_file(trace))
    assert p.locator("g.sl-cage").count() == len(record["cages"])
    assert p.locator("g.sl-cage path").count() == len(record["cages"])
    shot(p, "killer-loose-cells.png")


def test_the_setters_title_author_and_rules_are_shown(tab: Any, base_url: str, page: Any, html_file: Any) -> None:
    record = killer()
    record["info"] = {"title": "Heart in a Cage", "author": "A. Setter",
                      "rules": "Normal killer rules.\nCages may not repeat."}
    open_record(tab, base_url, record)
    assert tab.inner_text("#sl-title") == "Heart in a Cage"
    assert tab.inner_text("#sl-author") == "by A. Setter"
    tab.click("#sl-rules-box summary")
    assert "Cages may not repeat." in tab.inner_text("#sl-rules")
    assert "Heart in a Cage" in tab.title()
    # the step page reads the same fields
    trace = {"id": "killer/heart", "kind": "killer", "status": "stuck", "puzzle": record, "steps": []}
    p = page.open(html_file(trace))
    assert p.inner_text(".sl-title") == "Heart in a Cage"
    assert p.inner_text(".sl-author") == "by A. Setter"
    assert "Cages may not repeat." in p.inner_text(".sl-setter-rules")


def test_a_chain_step_is_drawn_as_arrows_on_the_step_page(page: Any, html_file: Any) -> None:
    from tests.web_support import hand_trace

    record = to_record(sample("sudoku-1"))
    trace = {"id": "sudoku/chain", "kind": "sudoku", "status": "stuck", "puzzle": record, "steps": [linked_step()]}
    p = page.open(html_file(trace) + "#step=1")
    p.wait_for_selector("svg.sl-board g.sl-chain-arrows")
    arrows = p.locator("svg.sl-board path.sl-arrow")
    assert arrows.count() == 3
    assert [a.get_attribute("data-type") for a in arrows.all()] == ["strong", "weak", "strong"]
    assert p.locator("path.sl-arrow.is-strong").first.evaluate("e => getComputedStyle(e).strokeDasharray") == "none"
    assert p.locator("path.sl-arrow.is-weak").first.evaluate("e => getComputedStyle(e).strokeDasharray") != "none"
    conclusion = p.locator("svg.sl-board .sl-conclusion")
    assert conclusion.count() == 1 and conclusion.get_attribute("data-cell") == "r4c9"
    # every node is a cell left empty by the puzzle, so the chain reads as a puzzle person's chain
    givens = {f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if record["givens"][(r - 1) * 9 + c - 1] != "."}
    nodes = {cell for link in linked_step()["links"] for end in ("from", "to") for cell in link[end]["cells"]}
    assert not nodes & givens
    shot(p, "chain-step.png")

    # a contradiction chain: its sub-steps' placements in order, as arrows
    chain_trace = hand_trace("killer")
    k = next(n for n, s in enumerate(chain_trace["steps"], 1) if str(s.get("technique", "")).startswith("contradiction")
             and sum(len(sub.get("placements", [])) for sub in s.get("sub_steps", [])) >= 2)
    step = chain_trace["steps"][k - 1]
    placed = sum(len(sub.get("placements", [])) for sub in step["sub_steps"])
    p = page.open(html_file(chain_trace, "chain.html") + f"#step={k}")
    p.wait_for_selector("svg.sl-board g.sl-chain-arrows")
    assert p.locator("svg.sl-board path.sl-arrow.is-implied").count() == placed - 1

    # a forcing net: each case's placements in order, and no arrow from one case to the next
    net_trace = sumlogic.explain(sumlogic.parse(FORCING_NET_SUDOKU, "sudoku")).to_dict()
    k = next(n for n, s in enumerate(net_trace["steps"], 1) if s["technique"] == "forcing-net")
    cases: list[int] = []
    for sub in net_trace["steps"][k - 1]["sub_steps"]:
        if sub["technique"] == "forcing-net-case":
            cases.append(0)
        cases[-1] += len(sub.get("placements", []))
    assert len(cases) >= 2 and sum(cases) >= 3
    p = page.open(html_file(net_trace, "net.html") + f"#step={k}")
    p.wait_for_selector("svg.sl-board g.sl-chain-arrows")
    assert p.locator("svg.sl-board path.sl-arrow.is-implied").count() == sum(max(n - 1, 0) for n in cases)


def test_a_chain_step_is_drawn_on_the_play_page(desk: Any, base_url: str) -> None:
    open_record(desk, base_url, to_record(sample("sudoku-1")))
    step = linked_step()
    desk.evaluate("(step) => { const g = window.sumlogicGame; g.hint = {technique: step.technique, name: step.name,"
                  " text: step.text, step}; g.hintShown = 3; g.draw(); }", step)
    assert desk.locator("svg.sl-board path.sl-arrow").count() == 3
    assert desk.locator("svg.sl-board path.sl-arrow.is-weak").count() == 1
    shot(desk, "play-chain-step.png")
