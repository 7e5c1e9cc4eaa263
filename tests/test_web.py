"""The step viewer: the page `render_html` writes, checked as text and in a real browser.

The browser is Debian's ``chromium`` driven by Playwright for Python (never a
downloaded browser).  Without chromium or playwright the browser tests are
skipped, except under ``CI=true`` where they fail.

Traces come from the ``trace`` fixture: by default the real
``sumlogic explain SAMPLE --json`` for each kind that has a sample in
``puzzles/samples/``, else the hand-made traces in ``tests/data/traces/``.
``SUMLOGIC_WEB_TRACES=hand`` or ``=cli`` forces one source.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path
from typing import Any, Iterator

import pytest

from sumlogic.html import embed_json, load_traces, render_html

ROOT = Path(__file__).resolve().parents[1]
TRACE_DIR = ROOT / "tests" / "data" / "traces"
KINDS = ("kakuro", "killer", "kropki", "greater-killer", "sudoku")
SAMPLE_SUFFIXES = {"kakuro": ("kakuro",), "killer": ("killer",), "kropki": ("kropki",),
                   "greater-killer": ("greater-killer", "gkiller"), "sudoku": ("sudoku",)}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IN_CI = os.environ.get("CI", "").lower() == "true"
# The sumlogic command, whether or not the package is installed or has a __main__.
SUMLOGIC = [sys.executable, "-c", "import sys; from sumlogic.cli import main; sys.exit(main())"]


# ---------------------------------------------------------------- where traces come from

def hand_trace(kind: str) -> dict[str, Any]:
    """The hand-made trace of a kind, from tests/data/traces/."""
    return json.loads((TRACE_DIR / f"{kind}.json").read_text(encoding="utf-8"))


def cli_trace(kind: str) -> dict[str, Any] | None:
    """A trace of ``kind`` with at least two steps from ``sumlogic explain SAMPLE --json``, or None."""
    samples = sorted(p for p in (ROOT / "puzzles" / "samples").glob("*")
                     if p.is_file() and p.suffix.lstrip(".") in SAMPLE_SUFFIXES[kind])
    for sample in samples:
        try:
            # A work budget: the trace never depends on the machine's speed or load.
            run = subprocess.run([*SUMLOGIC, "explain", str(sample), "--json", "--budget", "100000"],
                                 cwd=ROOT, capture_output=True, text=True, timeout=120)
            traces = load_traces(run.stdout) if run.returncode == 0 else []
        except (subprocess.TimeoutExpired, ValueError):
            continue
        for trace in traces:
            if trace.get("kind") == kind and len(trace["steps"]) >= 2:
                return trace
    return None


@pytest.fixture(scope="session")
def traces() -> dict[str, dict[str, Any]]:
    """One trace per kind: the real CLI's where it gives one (unless told otherwise), else hand-made."""
    source = os.environ.get("SUMLOGIC_WEB_TRACES", "auto")
    out = {}
    for kind in KINDS:
        trace = cli_trace(kind) if source in ("auto", "cli") else None
        if trace is None and source == "cli":
            pytest.fail(f"SUMLOGIC_WEB_TRACES=cli but `sumlogic explain` gave no {kind} trace")
        out[kind] = trace or hand_trace(kind)
    return out


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
    for name in ("viewer.js", "viewer.css"):
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


# ---------------------------------------------------------------- in the browser

@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium under Playwright; skipped when either is missing (failed under CI=true)."""
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    missing = [what for what, ok in (("chromium (apt-get install chromium)", chromium),
                                     ("playwright (pip install playwright)", sync_playwright)) if not ok]
    if missing:
        message = f"browser tests need {' and '.join(missing)}"
        if IN_CI:
            pytest.fail(message + " (CI=true: .ci/run must install them)")
        pytest.skip(message)
    with sync_playwright() as p:  # type: ignore[misc]
        launched = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Page:
    """A browser page that records console errors and uncaught exceptions."""

    def __init__(self, browser: Any) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.errors: list[str] = []
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open(self, url: str) -> Any:
        self.page.goto(url)
        self.page.wait_for_selector("svg.sl-board")
        return self.page

    def text(self, selector: str) -> str:
        return self.page.inner_text(selector).strip()

    def close(self) -> None:
        self.page.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    opened = Page(browser)
    yield opened
    assert opened.errors == [], f"console errors: {opened.errors}"
    opened.close()


@pytest.fixture
def html_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A function writing render_html(traces) to a file and returning its file:// URL."""
    def write(trace: Any, name: str = "page.html") -> str:
        path = tmp_path / name
        path.write_text(render_html(trace), encoding="utf-8")
        return path.as_uri()
    return write


def find_step(traces: dict[str, dict[str, Any]], kind: str, want: Any, *,
              any_kind: bool = True) -> tuple[dict[str, Any], int]:
    """The first trace with a step for which ``want(step)`` holds, and that step's 1-based number.

    It looks in the trace of ``kind`` first, then (with ``any_kind``) in the
    other kinds' traces, then in the hand-made traces, which hold every kind
    of step by construction: as the engine grows stronger a sample may stop
    needing, say, a guess, and the test then checks the page on another trace
    instead of skipping.
    """
    kinds = [kind] + ([k for k in KINDS if k != kind] if any_kind else [])
    for trace in [traces[k] for k in kinds] + [hand_trace(k) for k in kinds]:
        for number, step in enumerate(trace["steps"], 1):
            if want(step):
                return trace, number
    pytest.fail(f"no trace of {', '.join(kinds)} has such a step, not even a hand-made one")


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
