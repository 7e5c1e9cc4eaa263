"""The step viewer in a real browser: Debian's ``chromium`` driven by Playwright
for Python (never a downloaded browser), on pages ``render_html`` writes.
Without chromium or playwright these tests are skipped, except under
``CI=true`` where they fail (the ``browser`` fixture, ``tests/conftest.py``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.test_web import playable_cells, reads_back_to
from tests.web_support import KINDS, ROOT, TRACE_DIR, Page, find_step, hand_trace


@pytest.mark.parametrize("kind", KINDS)
def test_page_loads_and_draws_the_puzzle(kind: str, traces: dict[str, dict[str, Any]], page: Page,
                                         html_file: Any) -> None:
    trace = traces[kind]
    p = page.open(html_file(trace))
    cells = playable_cells(trace["puzzle"], kind)
    assert p.locator("rect.sl-cell").count() == len(cells)
    assert page.text(".sl-title") == trace["id"]
    assert p.locator(".sl-status").get_attribute("data-status") == trace["status"]
    assert page.text(".sl-counter") == f"Step 0 / {len(trace['steps'])}"
    givens = sum(1 for g in cells.values() if g)
    assert p.locator("text.sl-digit.is-given").count() == givens
    assert p.locator("text.sl-cand").count() == 9 * (len(cells) - givens)
    puzzle = trace["puzzle"]
    if kind == "kakuro":
        clues = sum(1 for line in puzzle["grid"] for tok in line.split() if "\\" in tok)
        assert p.locator("g.sl-clue").count() == clues
        first = next(tok for line in puzzle["grid"] for tok in line.split() if "\\" in tok and tok.split("\\")[0])
        assert first.split("\\")[0] in p.locator("text.sl-clue-down").all_text_contents()
    if kind in ("killer", "greater-killer"):
        assert p.locator("g.sl-cage").count() == len(puzzle["cages"])
        tags = sorted(p.locator("text.sl-cage-sum").all_text_contents())
        # Step sentences name cages by label ("cage b"), so the label is drawn before the total.
        assert tags == sorted(f"{c['label']} {c['sum']}" if c["sum"] is not None else c["label"]
                              for c in puzzle["cages"])
        assert p.locator("g.sl-cage path").first.evaluate("e => getComputedStyle(e).strokeDasharray") != "none"
    if kind == "kropki":
        assert p.locator("circle.sl-dot-white").count() == len(puzzle["white"])
        assert p.locator("circle.sl-dot-black").count() == len(puzzle["black"])
    if kind == "greater-killer":
        assert p.locator("g.sl-relation").count() == len(puzzle["relations"])
    if kind != "kakuro":
        assert p.locator("line.sl-line-thick").count() == 4


@pytest.mark.parametrize("kind", ("kakuro", "killer", "kropki"))
def test_arrow_right_shows_the_next_step(kind: str, traces: dict[str, dict[str, Any]], page: Page,
                                         html_file: Any) -> None:
    steps = traces[kind]["steps"]
    p = page.open(html_file(traces[kind]) + "#step=1")
    first = page.text(".sl-step-text")
    assert first == steps[0]["text"].strip()
    assert page.text(".sl-technique") == steps[0]["name"]
    p.keyboard.press("ArrowRight")
    second = page.text(".sl-step-text")
    assert second == steps[1]["text"].strip() and second != first
    assert p.evaluate("location.hash") == "#step=2"
    p.keyboard.press("ArrowLeft")
    assert page.text(".sl-step-text") == first


def test_step_in_the_hash_opens_it_and_survives_reload(traces: dict[str, dict[str, Any]], page: Page,
                                                        html_file: Any) -> None:
    trace = traces["killer"]
    n = len(trace["steps"]) // 2
    p = page.open(html_file(trace) + f"#step={n}")
    assert page.text(".sl-counter") == f"Step {n} / {len(trace['steps'])}"
    assert page.text(".sl-step-text") == trace["steps"][n - 1]["text"].strip()
    assert p.locator(f'.sl-step-link[data-step="{n}"]').get_attribute("aria-current") == "step"
    p.keyboard.press("ArrowRight")
    assert p.evaluate("location.hash") == f"#step={n + 1}"
    p.reload()
    p.wait_for_selector("svg.sl-board")
    assert page.text(".sl-counter") == f"Step {n + 1} / {len(trace['steps'])}"
    p.evaluate("location.hash = '#step=3'")
    p.wait_for_function("document.querySelector('.sl-counter').textContent.startsWith('Step 3 ')")
    assert page.text(".sl-step-text") == trace["steps"][2]["text"].strip()


def test_out_of_range_step_is_clamped(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    trace = traces["kropki"]
    page.open(html_file(trace) + "#step=99999")
    assert page.text(".sl-counter") == f"Step {len(trace['steps'])} / {len(trace['steps'])}"


@pytest.mark.parametrize("kind", KINDS)
def test_step_marks_are_in_the_dom(kind: str, traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    """Highlighted cells are tinted, placements green, removed candidates red and struck."""
    trace, k = find_step(traces, kind, lambda s: (s.get("highlights") or {}).get("cells") and s.get("eliminations"),
                         any_kind=False)
    step = trace["steps"][k - 1]
    p = page.open(html_file(trace) + f"#step={k}")
    lit = set(step["highlights"]["cells"])
    for name in lit:
        assert "is-highlighted" in p.locator(f'rect.sl-cell[data-cell="{name}"]').get_attribute("class")
    other = next(n for n in playable_cells(trace["puzzle"], kind) if n not in lit)
    assert "is-highlighted" not in p.locator(f'rect.sl-cell[data-cell="{other}"]').get_attribute("class")
    assert p.locator("rect.sl-cell.is-highlighted").count() == len(lit)
    placed = {c for c, _ in step["placements"]}
    for name, digits in step["eliminations"]:
        if name in placed:
            continue
        for d in digits:
            cand = p.locator(f'g[data-cell="{name}"] text.sl-cand[data-digit="{d}"]')
            assert "is-eliminated" in cand.get_attribute("class")
            assert cand.evaluate("e => getComputedStyle(e).fill") == "rgb(201, 42, 42)"
        assert p.locator(f'g[data-cell="{name}"] line.sl-strike').count() == len(digits)
    for name, digit in step["placements"]:
        digit_text = p.locator(f'g[data-cell="{name}"] text.sl-digit')
        assert digit_text.text_content() == str(digit)
        assert re.search(r"is-placed-now|is-guessed", digit_text.get_attribute("class"))


def test_regions_are_outlined_and_named(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    trace, k = find_step(traces, "sudoku", lambda s: (s.get("highlights") or {}).get("regions"))
    regions = trace["steps"][k - 1]["highlights"]["regions"]
    p = page.open(html_file(trace) + f"#step={k}")
    assert p.locator("path.sl-region").count() == len(regions)
    assert p.locator("path.sl-region").first.get_attribute("data-region") == regions[0]["name"]
    assert regions[0]["name"] in page.text(".sl-effects")


def test_buttons_home_end_and_step_list(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    trace = traces["kakuro"]
    n = len(trace["steps"])
    p = page.open(html_file(trace))
    assert p.get_by_role("button", name="Previous step").is_disabled()
    p.get_by_role("button", name="Next step").click()
    assert page.text(".sl-step-text") == trace["steps"][0]["text"].strip()
    p.keyboard.press("End")
    assert page.text(".sl-counter") == f"Step {n} / {n}"
    assert p.get_by_role("button", name="Next step").is_disabled()
    p.keyboard.press("Home")
    assert page.text(".sl-counter") == f"Step 0 / {n}"
    p.locator('.sl-step-link[data-step="4"]').click()
    assert page.text(".sl-step-text") == trace["steps"][3]["text"].strip()
    assert p.evaluate("location.hash") == "#step=4"
    p.get_by_role("button", name="Previous step").click()
    assert page.text(".sl-counter") == f"Step 3 / {n}"
    p.get_by_role("button", name="Previous step").focus()
    p.keyboard.press("Tab")
    assert p.evaluate("document.activeElement.getAttribute('aria-label')") == "Next step"
    assert p.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"


def test_contradiction_chain_is_listed_and_shown(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    trace, k = find_step(traces, "killer", lambda s: s.get("sub_steps"))
    subs = trace["steps"][k - 1]["sub_steps"]
    p = page.open(html_file(trace) + f"#step={k}")
    assert p.locator(".sl-chain button.sl-sub").count() >= len(subs)
    assert p.locator(".sl-chain .sl-sub-text").first.inner_text().strip() == subs[0]["text"].strip()
    last = subs[-1]
    button = p.locator(".sl-chain-list > li > button.sl-sub").nth(len(subs) - 1)
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    lit = p.locator("rect.sl-cell.is-highlighted").evaluate_all("els => els.map(e => e.dataset.cell)")
    assert set(lit) == set(last["highlights"]["cells"])


def test_guess_is_marked(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    trace, k = find_step(traces, "greater-killer", lambda s: s["technique"] == "guess")
    p = page.open(html_file(trace) + f"#step={k}")
    assert page.text(".sl-guess-badge").lower() == "guess"
    assert p.locator(f'.sl-step-link[data-step="{k}"]').get_attribute("class").count("is-guess") == 1
    name = trace["steps"][k - 1]["placements"][0][0]
    assert "is-guessed" in p.locator(f'rect.sl-cell[data-cell="{name}"]').get_attribute("class")


def test_summary_counts_techniques(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    trace = traces["killer"]
    page.open(html_file(trace))
    counts = page.page.locator(".sl-count").all_inner_texts()
    names = {s["name"] for s in trace["steps"]}
    assert len(counts) == len(names)
    common = Counter(s["name"] for s in trace["steps"]).most_common(1)[0]
    assert f"{common[0]} \u00d7{common[1]}" in [c.replace("\n", " ") for c in counts]
    if trace.get("grade"):
        assert trace["grade"]["band"] in page.text(".sl-grade")


def test_several_traces_get_a_picker(traces: dict[str, dict[str, Any]], page: Page, html_file: Any) -> None:
    listed = [traces[k] for k in KINDS]
    p = page.open(html_file(listed) + "#puzzle=2&step=3")
    assert page.text(".sl-title") == listed[1]["id"]
    assert page.text(".sl-step-text") == listed[1]["steps"][2]["text"].strip()
    assert p.locator("#sl-picker option").count() == len(KINDS)
    p.select_option("#sl-picker", "4")
    assert page.text(".sl-title") == listed[4]["id"]
    assert p.evaluate("location.hash") == "#puzzle=5&step=0"
    p.locator("body").press("ArrowRight")
    assert p.evaluate("location.hash") == "#puzzle=5&step=1"


def test_sudokupad_link_is_shown_for_a_killer_not_for_a_kakuro(traces: dict[str, dict[str, Any]], page: Page,
                                                                 html_file: Any) -> None:
    """A plain anchor in the summary that opens the same puzzle in SudokuPad (made offline, by our writer)."""
    listed = [traces["killer"], traces["kakuro"]]
    p = page.open(html_file(listed))
    link = p.locator(".sl-summary a.sl-link-sudokupad")
    assert link.count() == 1 and link.inner_text().strip() == "SudokuPad"
    href = link.get_attribute("href")
    assert href and href.startswith("https://sudokupad.app/") and reads_back_to(href, traces["killer"]["puzzle"])
    p.select_option("#sl-picker", "1")
    assert page.text(".sl-title") == traces["kakuro"]["id"]
    assert p.locator("a.sl-link-sudokupad").count() == 0
    p.select_option("#sl-picker", "0")
    assert p.locator("a.sl-link-sudokupad").get_attribute("href") == href


def test_closing_tags_in_text_stay_text(page: Page, html_file: Any) -> None:
    trace = hand_trace("sudoku")
    trace["steps"][0]["text"] = "</script><script>window.pwned = 1</script> & <b>bold</b>"
    p = page.open(html_file(trace) + "#step=1")
    assert page.text(".sl-step-text") == trace["steps"][0]["text"]
    assert p.evaluate("typeof window.pwned") == "undefined"


def test_dev_page_shows_the_sample_and_opens_a_file(page: Page) -> None:
    p = page.open((ROOT / "web" / "index.html").as_uri())
    assert p.locator("#sl-picker option").count() == len(KINDS)
    p.set_input_files("#sl-file", str(TRACE_DIR / "greater-killer.json"))
    p.wait_for_function("document.querySelector('.sl-load-status').textContent.startsWith('Opened')")
    assert page.text(".sl-title") == hand_trace("greater-killer")["id"]
    assert p.locator("#sl-picker").count() == 0


def test_dev_page_reports_a_bad_file(page: Page, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a trace"}', encoding="utf-8")
    p = page.open((ROOT / "web" / "index.html").as_uri())
    p.set_input_files("#sl-file", str(bad))
    p.wait_for_selector(".sl-load-status.is-error")
    assert "not a sumlogic trace" in page.text(".sl-load-status")


def test_a_stuck_trace_says_so_at_its_end(page: Page, html_file: Any) -> None:
    trace = hand_trace("sudoku")
    trace["status"] = "stuck"
    trace["steps"] = trace["steps"][:5]
    p = page.open(html_file(trace) + "#step=5")
    assert "stuck" in page.text(".sl-end-note")
    assert p.locator(".sl-status").inner_text().strip() == "stuck"
    p.keyboard.press("Home")
    assert page.text(".sl-counter") == "Step 0 / 5"
    assert p.locator(".sl-end-note").count() == 0


def test_relation_marks_point_at_the_smaller_cage(page: Page, html_file: Any) -> None:
    """`a < b` (a left of b) points left; `c > d` (c above d) points down; `=` is drawn flat."""
    cages = [{"label": x, "sum": None, "cells": cells} for x, cells in
             (("a", ["r1c1"]), ("b", ["r1c2"]), ("c", ["r2c1"]), ("d", ["r3c1"]), ("e", ["r5c5"]), ("f", ["r5c6"]))]
    relations = [{"left": "a", "op": "<", "right": "b"}, {"left": "c", "op": ">", "right": "d"},
                 {"left": "e", "op": "=", "right": "f"}]
    trace = {"id": "greater-killer/test/marks", "kind": "greater-killer", "status": "stuck",
             "puzzle": {"kind": "greater-killer", "size": 9, "cages": cages, "relations": relations}, "steps": []}
    p = page.open(html_file(trace))

    def points(rel: str) -> list[tuple[float, float]]:
        d = p.locator(f'g[data-relation="{rel}"] path.sl-relation-mark').get_attribute("d")
        nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)]
        return list(zip(nums[0::2], nums[1::2]))

    cell = 60
    back, apex, _ = points("a<b")
    assert apex[0] < back[0] and abs(apex[0] - cell) < cell / 4  # on the edge between c1 and c2, pointing at a
    back, apex, _ = points("c>d")
    assert apex[1] > back[1] and abs(apex[1] - 2 * cell) < cell / 4  # on the edge between r2 and r3, pointing at d
    d = p.locator('g[data-relation="e=f"] path.sl-relation-mark').get_attribute("d")
    assert d.count("H") == 2


def test_page_starts_from_a_position(page: Page, html_file: Any) -> None:
    """A trace from a person's position (``explain --position``) starts there: their digits drawn as
    theirs (``is-user``), their candidates, a start panel that says so."""
    import sumlogic
    from sumlogic import Position

    puzzle = sumlogic.read("sample:killer-1")[0]
    steps = sumlogic.explain(puzzle).steps[1:13]
    pos = Position(puzzle)
    for step in steps:
        for cell, digit in step.placements:
            pos = pos.place(cell, digit)
    mine = [puzzle.cell_name(c) for c, _ in pos.placements()]
    trace = sumlogic.explain(pos).to_dict()
    assert trace["status"] == "solved" and trace["steps"][0]["technique"] != "givens"
    p = page.open(html_file(trace))
    assert "Your position" in page.text(".sl-step-title")
    for name in mine:
        assert p.locator(f'[data-cell="{name}"] .sl-digit.is-user').count() == 1
    assert p.locator(".sl-digit.is-user").count() == len(mine) > 0
    open_cell = next(name for name, digits in trace["position"]["candidates"].items() if len(digits) < 9)
    assert p.locator(f'[data-cell="{open_cell}"] .sl-cand').count() == len(trace["position"]["candidates"][open_cell])
    p.keyboard.press("ArrowRight")
    assert p.locator(".sl-digit.is-user").count() == len(mine)  # still drawn as the person's own
def test_relations_are_drawn_between_the_cages_they_join(traces: dict[str, dict[str, Any]], page: Page,
                                                          html_file: Any) -> None:
    """A relation between touching cages sits on an edge they share; cages apart get a tag
    inside each (">k" in a, "<a" in k), never a line across other cages' cells."""
    from puzzles import sample, to_record

    record = to_record(sample("greater-killer-1"))  # relations between cages far apart
    made = {"id": record["id"], "kind": "greater-killer", "status": "stuck", "puzzle": record, "steps": []}
    apart = 0
    for trace in (traces["greater-killer"], made):
        apart += _check_relations(trace, page, html_file)
    assert apart


def _check_relations(trace: dict[str, Any], page: Page, html_file: Any) -> int:
    """Check where each relation of ``trace`` is drawn; the number between cages apart."""
    puzzle = trace["puzzle"]
    p = page.open(html_file(trace))
    cells = {c["label"]: {tuple(int(x) - 1 for x in re.findall(r"\d+", name)) for name in c["cells"]}
             for c in puzzle["cages"]}
    cell = 60
    assert p.locator("line.sl-relation-link").count() == 0
    apart = 0
    for rel in puzzle["relations"]:
        group = p.locator(f'g[data-relation="{rel["left"]}{rel["op"]}{rel["right"]}"]')
        left, right = cells[rel["left"]], cells[rel["right"]]
        touching = any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a in left for b in right)
        if touching:
            d = group.locator("path.sl-relation-mark").get_attribute("d")
            nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)]
            mx, my = sum(nums[0::2]) / len(nums[0::2]), sum(nums[1::2]) / len(nums[1::2])
            # The mark's centre is on the edge between a cell of each cage.
            near = {(int(my / cell + dy), int(mx / cell + dx)) for dy in (-0.3, 0.3) for dx in (-0.3, 0.3)}
            assert near & left and near & right, rel
        else:
            apart += 1
            tags = group.locator("text.sl-relation-tag")
            assert tags.count() == 2
            flipped = {"<": ">", ">": "<", "=": "="}[rel["op"]]
            for k, (label, text) in enumerate(((rel["left"], rel["op"] + rel["right"]),
                                               (rel["right"], flipped + rel["left"]))):
                tag = tags.nth(k)
                assert tag.text_content() == text and tag.get_attribute("data-cage") == label
                x, y = float(tag.get_attribute("x")), float(tag.get_attribute("y"))
                assert (int(y // cell), int((x - 1) // cell)) in cells[label], (rel, label)  # inside its own cage
    return apart


def big_kakuro_trace(height: int = 31, width: int = 46) -> dict[str, Any]:
    """A 31x46 Kakuro-shaped trace (the biggest published size): blocks every fifth cell, clues made up."""
    rows = []
    for r in range(height):
        tokens = []
        for c in range(width):
            if r == 0 or c == 0 or r % 5 == 0 or c % 5 == 0:
                tokens.append("10\\10" if (r + 1) % 5 and (c + 1) % 5 and r < height - 1 and c < width - 1 else "#")
            else:
                tokens.append(".")
        rows.append(" ".join(tokens))
    step = {"technique": "naked-single", "name": "Naked single", "level": 1, "text": "r2c2 is 1.",
            "placements": [["r2c2", 1]], "eliminations": [], "highlights": {"cells": ["r2c2"]}}
    return {"id": "kakuro/test/big", "kind": "kakuro", "status": "stuck",
            "puzzle": {"kind": "kakuro", "height": height, "width": width, "grid": rows}, "steps": [step]}


def test_big_grids_fit_the_width_and_zoom_to_readable_candidates(page: Page, html_file: Any) -> None:
    p = page.open(html_file(big_kakuro_trace()))
    frame = p.locator(".sl-board-frame")

    def candidate_height() -> float:
        return float(p.locator("text.sl-cand").first.evaluate("e => e.getBoundingClientRect().height"))

    def overflow() -> bool:
        return bool(frame.evaluate("f => f.scrollWidth > f.clientWidth + 1"))

    # Fit to width by default: the whole width shows, candidates too small to read.
    assert page.text(".sl-zoom-level") == "fit" and not overflow()
    small = candidate_height()
    assert small < 9
    for _ in range(8):
        p.click("button.sl-zoom-in")
    assert page.text(".sl-zoom-level").endswith("%") and overflow()
    assert candidate_height() >= 12 > small
    zoomed = page.text(".sl-zoom-level")
    # The zoom stays when the step changes.
    p.keyboard.press("ArrowRight")
    assert page.text(".sl-counter") == "Step 1 / 1" and page.text(".sl-zoom-level") == zoomed
    # Drag pans the zoomed board.
    box = frame.bounding_box()
    left = frame.evaluate("f => f.scrollLeft")
    p.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    p.mouse.down()
    p.mouse.move(box["x"] + box["width"] / 2 - 200, box["y"] + box["height"] / 2, steps=5)
    p.mouse.up()
    assert frame.evaluate("f => f.scrollLeft") > left
    # Ctrl + wheel zooms out; Fit goes back to the whole width.
    p.mouse.move(box["x"] + 50, box["y"] + 50)
    p.keyboard.down("Control")
    p.mouse.wheel(0, 200)
    p.keyboard.up("Control")
    assert page.text(".sl-zoom-level") != zoomed
    p.click("button.sl-zoom-fit")
    assert page.text(".sl-zoom-level") == "fit" and not overflow()
