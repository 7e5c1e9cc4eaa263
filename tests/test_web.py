"""The step viewer: the page `render_html` writes, checked as text (the browser tests are
in ``tests/test_web_browser.py``).

The browser is Debian's ``chromium`` driven by Playwright for Python (never a
downloaded browser).  Without chromium or playwright the browser tests are
skipped, except under ``CI=true`` where they fail.

Traces come from the ``traces`` fixture (``tests/conftest.py``): by default the real
``sumlogic explain SAMPLE --json`` for each kind that has a sample in
``puzzles/samples/``, else the hand-made traces in ``tests/data/traces/``.
``SUMLOGIC_WEB_TRACES=hand`` or ``=cli`` forces one source.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

from sumlogic.html import embed_json, render_html
from tests.web_support import KINDS, ROOT, SUMLOGIC, TRACE_DIR, hand_trace


# ---------------------------------------------------------------- trace consistency

def playable_cells(puzzle: dict[str, Any], kind: str) -> dict[str, int]:
    """Every playable cell name with its given digit (0 when open)."""
    if kind == "kakuro":
        cells = {}
        for r, line in enumerate(puzzle["grid"]):
            for c, tok in enumerate(line.split()):
                if tok == "." or tok.isdigit():
                    cells[f"r{r + 1}c{c + 1}"] = int(tok) if tok.isdigit() else 0
        return cells
    n = puzzle.get("size", 9)
    givens = puzzle.get("givens") or "." * (n * n)
    return {f"r{i // n + 1}c{i % n + 1}": int(ch) if ch.isdigit() else 0 for i, ch in enumerate(givens)}


def solution_digits(trace: dict[str, Any], cells: dict[str, int]) -> dict[str, int] | None:
    sol = trace.get("solution")
    if sol is None:
        return None
    rows = sol if isinstance(sol, list) else [sol[i:i + 9] for i in range(0, len(sol), 9)]
    out = {}
    for name in cells:
        r, c = map(int, re.fullmatch(r"r(\d+)c(\d+)", name).groups())  # type: ignore[union-attr]
        out[name] = int(rows[r - 1][c - 1])
    return out


def check_trace(trace: dict[str, Any]) -> list[str]:
    """Every way a trace breaks the contract the viewer relies on (empty when it keeps it)."""
    problems: list[str] = []
    kind = trace.get("kind")
    if kind not in KINDS:
        return [f"unknown kind {kind!r}"]
    cells = playable_cells(trace["puzzle"], kind)
    solution = solution_digits(trace, cells) if trace.get("status") == "solved" else None
    cands = {name: {g} if g else set(range(1, 10)) for name, g in cells.items()}
    placed = {name: g for name, g in cells.items() if g}

    def names_ok(step: dict[str, Any], where: str) -> None:
        hl = step.get("highlights") or {}
        named = [c for c, _ in step.get("placements", [])] + [c for c, _ in step.get("eliminations", [])]
        named += list(hl.get("cells", [])) + [c for c, _ in hl.get("candidates", [])]
        named += [c for region in hl.get("regions", []) for c in region["cells"]]
        for name in named:
            if name not in cells:
                problems.append(f"{where}: {name} is not a playable cell")
        for sub in step.get("sub_steps", []):
            names_ok(sub, f"{where} (chain)")

    for k, step in enumerate(trace["steps"], 1):
        where = f"step {k} ({step.get('technique')})"
        for key in ("technique", "name", "level", "text"):
            if key not in step:
                problems.append(f"{where}: no {key!r}")
        names_ok(step, where)
        for name, digit in step.get("placements", []):
            if name in cells and digit not in cands[name]:
                problems.append(f"{where}: places {digit} in {name}, not a candidate {sorted(cands[name])}")
            if name in placed:
                problems.append(f"{where}: places {name} again")
            if solution and name in cells and solution[name] != digit:
                problems.append(f"{where}: places {digit} in {name}, the solution has {solution[name]}")
            if name in cells:
                cands[name], placed[name] = {digit}, digit
        for name, digits in step.get("eliminations", []):
            if name not in cells:
                continue
            if not digits or not set(digits) <= cands[name]:
                problems.append(f"{where}: removes {digits} from {name}, candidates are {sorted(cands[name])}")
            if solution and solution[name] in digits:
                problems.append(f"{where}: removes the solution digit {solution[name]} from {name}")
            cands[name] -= set(digits)
    if trace.get("status") == "solved" and solution and placed != solution:
        problems.append("status is solved but the steps do not place the solution")
    return problems


@pytest.mark.parametrize("kind", KINDS)
def test_hand_traces_keep_the_contract(kind: str) -> None:
    trace = hand_trace(kind)
    assert trace["kind"] == kind and trace["status"] == "solved"
    assert check_trace(trace) == []


def test_check_trace_catches_a_removed_solution_digit() -> None:
    trace = hand_trace("sudoku")
    step = next(s for s in trace["steps"] if s["placements"])
    name, digit = step["placements"][0]
    trace["steps"].insert(0, {"technique": "bad", "name": "Bad", "level": 1, "text": "wrong",
                              "placements": [], "eliminations": [[name, [digit]]]})
    assert any("solution digit" in p for p in check_trace(trace))


def test_traces_in_use_keep_the_contract(traces: dict[str, dict[str, Any]]) -> None:
    for kind, trace in traces.items():
        assert check_trace(trace) == [], kind


# ---------------------------------------------------------------- the page as text

def embedded(page: str) -> Any:
    m = re.search(r'<script type="application/json" id="sumlogic-traces">(.*?)</script>', page, re.S)
    assert m, "no embedded traces"
    return json.loads(m.group(1))


def test_render_is_deterministic_and_self_contained(traces: dict[str, dict[str, Any]]) -> None:
    page = render_html(traces["killer"])
    assert page == render_html(json.loads(json.dumps(traces["killer"])))
    assert embedded(page) == traces["killer"]
    assert "<link" not in page and "<script src" not in page and "@import" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert page.count("</script>") == 3  # the traces, the links to other solvers, the viewer


def embedded_links(page: str) -> Any:
    m = re.search(r'<script type="application/json" id="sumlogic-links">(.*?)</script>', page, re.S)
    assert m, "no embedded links"
    return json.loads(m.group(1))


def reads_back_to(url: str, record: dict[str, Any]) -> bool:
    """Whether a link reads (with puzzles.read_text, offline) to the puzzle of a corpus record."""
    from puzzles import from_record, read_text, to_record

    [back] = read_text(url)
    mine = from_record(record)
    houses = ("row", "column", "box", "region")
    return (back.kind == mine.kind and back.givens == mine.givens and back.pairs == mine.pairs
            and [r for r in back.regions if r.kind in houses] == [r for r in mine.regions if r.kind in houses]
            and sorted((r.total or 0, r.cells) for r in back.regions if r.kind == "cage")
            == sorted((r.total or 0, r.cells) for r in mine.regions if r.kind == "cage")
            and to_record(back).get("negative") == to_record(mine).get("negative"))


@pytest.mark.parametrize("kind", KINDS)
def test_page_embeds_a_sudokupad_link_for_the_kinds_sudokupad_draws(kind: str,
                                                                     traces: dict[str, dict[str, Any]]) -> None:
    trace = traces[kind]
    [links] = embedded_links(render_html(trace))
    if kind in ("kakuro", "greater-killer"):
        assert links == {}
    else:
        assert list(links) == ["sudokupad"] and links["sudokupad"].startswith("https://sudokupad.app/fpuzzles")
        assert reads_back_to(links["sudokupad"], trace["puzzle"])


def test_render_several_traces_embeds_a_list(traces: dict[str, dict[str, Any]]) -> None:
    listed = [traces[k] for k in KINDS]
    assert embedded(render_html(listed)) == listed
    assert "5 puzzles" in render_html(listed)


def test_closing_tags_in_the_trace_are_escaped() -> None:
    trace = hand_trace("sudoku")
    trace["steps"][0]["text"] = "</script><script>window.pwned = 1</script><!-- x"
    page = render_html(trace)
    data = page.split('id="sumlogic-traces">', 1)[1].split("</script>", 1)[0]
    assert "</" not in data and "<!--" not in data
    assert embedded(page)["steps"][0]["text"] == trace["steps"][0]["text"]
    assert embed_json("</") == '"<\\/"'


def test_render_rejects_what_is_not_a_trace() -> None:
    with pytest.raises(ValueError):
        render_html([])
    with pytest.raises(ValueError):
        render_html({"steps": []})


def test_command_line_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "out.html"
    src = TRACE_DIR / "kropki.json"
    run = subprocess.run([sys.executable, "-m", "sumlogic.html", str(src), "-o", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == render_html(hand_trace("kropki")).encode("utf-8")


def test_viewer_files_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["sumlogic"]
    for name in ("viewer.js", "arrows.js", "viewer.css"):
        assert (ROOT / "sumlogic" / "web" / name).is_file()
        assert any(fnmatch(f"web/{name}", p) for p in patterns), f"sumlogic/web/{name} is not package data"


def test_dev_page_sample_is_the_hand_made_traces() -> None:
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    assert embedded(page) == [hand_trace(kind) for kind in KINDS], (
        "web/index.html's sample is stale: run python scripts/screenshots.py --sync-sample")
    assert '<script src="../sumlogic/web/viewer.js">' in page


def test_explain_html_option(tmp_path: Path) -> None:
    """`sumlogic explain PATH --html OUT`: one page, the same bytes twice."""
    sample = next(p for p in sorted((ROOT / "puzzles" / "samples").glob("*")) if p.suffix not in (".py", ""))
    pages = []
    for name in ("a.html", "b.html"):
        run = subprocess.run([*SUMLOGIC, "explain", str(sample), "--html", str(tmp_path / name)],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        pages.append((tmp_path / name).read_bytes())
    assert pages[0] == pages[1]
    assert embedded(pages[0].decode("utf-8"))
