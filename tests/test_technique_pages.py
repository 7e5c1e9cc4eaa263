"""The technique pages' script (scripts/technique_pages.py): what it writes matches the engine.

The script runs here on a few cheap techniques with a small, counted number
of generated puzzles (``tries``): each example's sentence must be the step
text of a fresh explanation of the puzzle written on the page, at the step
the page names; the picture must be SVG that draws that step's effects; the
index must list every technique of the catalogue.
"""

from __future__ import annotations

import doctest
import functools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import sumlogic
import techniques
from puzzles.generate import DEFAULT_MAX_TRIES
from puzzles.kinds import KINDS
from scripts import technique_about, technique_pages, technique_pictures
from scripts.technique_pictures import Painter
from solver.errors import SumlogicError

SVG = "{http://www.w3.org/2000/svg}"
ONLY = ["naked-single", "x-wing", "sum-combinations"]
"""Cheap techniques: the generator finds each in a Sudoku or Kakuro within TRIES tries (but no Kakuro X-Wing)."""
KINDS_HERE = ["sudoku", "kakuro"]
TRIES = 6

SECTION = re.compile(
    r"^## (?P<title>.+?)\n\nThe puzzle of `(?P<command>sumlogic generate (?P<kind>\S+) [^`]*--seed \d+)`, "
    r"in the `(?P<notation>\S+)` notation:\n\n(?P<ticks>`{3,})text\n(?P<text>.*?)\n(?P=ticks)\n\n"
    r"Play it: start `sumlogic serve` and open \[the play page\]\((?P<address>[^)]+)\)\.\n\n"
    r"Step (?P<step>\d+) of (?P<total>\d+) of `sumlogic explain` \(the first (?P<name>.+?) step\):\n\n"
    r"> (?P<sentence>.+?)\n\n!\[[^\]]*\]\((?P<picture>[^)]+)\)$", re.M | re.S)


@pytest.fixture(scope="module")
def written(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The script's output for :data:`ONLY` in :data:`KINDS_HERE`, with pictures, in a temporary folder."""
    out = tmp_path_factory.mktemp("techniques")
    with Painter(browser) as paint:
        files = technique_pages.build(ONLY, KINDS_HERE, TRIES, paint)
    for name, text in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text, encoding="utf-8")
    return out


@functools.cache
def fresh(text: str, notation: str) -> dict[str, Any]:
    """A fresh explanation (as JSON data) of the puzzle ``text`` in ``notation``."""
    return sumlogic.explain(sumlogic.parse(text, notation)).to_dict()


def examples(page: str) -> list[dict[str, str]]:
    return [m.groupdict() for m in SECTION.finditer(page)]


def test_each_sentence_is_the_engines_step_for_the_puzzle_on_the_page(written: Path) -> None:
    seen = set()
    for tid in ONLY:
        technique = techniques.BY_ID[tid]
        page = (written / f"{tid}.md").read_text(encoding="utf-8")
        assert technique_about.ABOUT[tid] in page and f"# {technique.name}\n" in page
        for ex in examples(page):
            assert sumlogic.parse(ex["text"], ex["notation"]).kind == ex["kind"]
            assert KINDS[ex["kind"]].title == ex["title"]
            steps = fresh(ex["text"], ex["notation"])["steps"]
            n = int(ex["step"])
            assert len(steps) == int(ex["total"])
            assert steps[n - 1]["technique"] == tid and ex["name"] == technique.name
            assert steps[n - 1]["text"] == ex["sentence"]
            assert all(s["technique"] != tid for s in steps[:n - 1]), "the first step of the technique"
            address = urlsplit(ex["address"])
            assert (address.scheme, address.netloc) == ("http", "127.0.0.1:8000")
            assert parse_qs(address.query)["link"] == [ex["text"]]
            assert sumlogic.parse(ex["text"]).kind == ex["kind"]  # the play page names no notation
            assert ex["command"] == f"sumlogic generate {ex['kind']} --needs {tid} --seed 0"
            seen.add((tid, ex["kind"]))
    assert seen == {("naked-single", "sudoku"), ("naked-single", "kakuro"), ("x-wing", "sudoku"),
                    ("sum-combinations", "kakuro")}


def test_a_kind_without_an_example_says_so(written: Path) -> None:
    page = (written / "x-wing.md").read_text(encoding="utf-8")
    assert {ex["kind"] for ex in examples(page)} == {"sudoku"}
    assert ("## Kakuro\n\nNo example yet: `sumlogic generate kakuro --needs x-wing --seed 0 --max-tries 6` says: "
            "no needs x-wing kakuro puzzle within 6 tries") in page
    assert "## Killer Sudoku" not in page  # kinds left out of the run are left out of the page


def test_each_picture_is_svg_drawing_the_steps_effects(written: Path) -> None:
    count = 0
    for tid in ONLY:
        for ex in examples((written / f"{tid}.md").read_text(encoding="utf-8")):
            picture = written / ex["picture"]
            root = ET.fromstring(picture.read_text(encoding="utf-8"))
            assert root.tag == f"{SVG}svg" and "sl-board" in root.get("class", "")
            assert root.find(f"{SVG}style") is not None
            step = fresh(ex["text"], ex["notation"])["steps"][int(ex["step"]) - 1]
            groups = {g.get("data-cell"): g for g in root.iter(f"{SVG}g") if g.get("data-cell")}
            rects = {r.get("data-cell"): r for r in root.iter(f"{SVG}rect") if r.get("data-cell")}
            for cell in step["highlights"]["cells"]:
                assert "is-highlighted" in rects[cell].get("class", "") or step["placements"], cell
            for cell, digit in step["placements"]:
                shown = [t for t in groups[cell].iter(f"{SVG}text") if "is-placed-now" in t.get("class", "")]
                assert [t.get("data-digit") for t in shown] == [str(digit)]
            for cell, digits in step["eliminations"]:
                struck = {t.get("data-digit") for t in groups[cell].iter(f"{SVG}text")
                          if "is-eliminated" in t.get("class", "")}
                assert struck == {str(d) for d in digits}, cell
            assert step["placements"] or step["eliminations"]
            count += 1
    assert count >= 4


def test_the_index_lists_every_technique_with_its_page(written: Path) -> None:
    index = (written / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[`([^`]+)`\]\(([^)]+)\) \| (.+?) \| (\d+) \| (.+?) \|$", index, re.M)
    assert [r[0] for r in rows] == [t.id for t in techniques.catalogue()]
    for tid, link, name, level, _ in rows:
        t = techniques.BY_ID.get(tid) or techniques.GUESS
        assert (link, name, int(level)) == (f"{tid}.md", t.name, t.level)


def test_every_technique_has_a_description() -> None:
    assert set(technique_about.ABOUT) == {t.id for t in techniques.catalogue()}
    for module in (technique_about, technique_pages, technique_pictures):
        assert doctest.testmod(module).failed == 0


def test_check_tells_when_the_pages_are_out_of_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--only", "naked-single", "--kinds", "sudoku", "--tries", "1", "--no-pictures", "--out", str(tmp_path)]
    assert technique_pages.main(args) == 0
    assert technique_pages.main([*args, "--check"]) == 0
    page = tmp_path / "naked-single.md"
    page.write_text(page.read_text(encoding="utf-8").replace("Step ", "Step 1"), encoding="utf-8")
    assert technique_pages.main([*args, "--check"]) == 1
    assert "out of date" in capsys.readouterr().out
    assert technique_pages.main(["--only", "no-such-technique", "--no-pictures", "--out", str(tmp_path)]) != 0


def test_the_committed_naked_single_page_is_up_to_date(browser: Any) -> None:
    """What the script writes now for one technique in every kind is what docs/techniques holds."""
    with Painter(browser) as paint:
        files = technique_pages.build(["naked-single"], None, None, paint)
    assert technique_pages.differences(files, technique_pages.OUT, whole=False) == [], \
        "run python scripts/technique_pages.py"


def test_an_example_of_seeds_is_generated_and_named_with_its_own_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A (technique, kind) of SEEDS is made with that seed and its page's command names it; the
    others keep SEED (the generator is replaced: only what it is asked for is checked here)."""
    calls: list[tuple[str, dict[str, Any]]] = []
    made = object()

    def generate(kind: str, **options: Any) -> object:
        calls.append((kind, options))
        if options["seed"] == 5:
            raise SumlogicError("no such puzzle within 3 tries")
        return made

    monkeypatch.setattr(technique_pages, "SEEDS", {("jellyfish", "kropki"): 17, ("jellyfish", "kakuro"): 5})
    monkeypatch.setattr(technique_pages.sumlogic, "generate", generate)
    assert technique_pages.generated("kropki", "jellyfish", 42) == (
        made, "sumlogic generate kropki --needs jellyfish --seed 17", "")
    assert technique_pages.generated("sudoku", "jellyfish", 7)[1] == (
        f"sumlogic generate sudoku --needs jellyfish --seed {technique_pages.SEED}")
    puzzle, command, why = technique_pages.generated("kakuro", "jellyfish", 3)
    assert puzzle is None and command == "sumlogic generate kakuro --needs jellyfish --seed 5"
    assert why == ("`sumlogic generate kakuro --needs jellyfish --seed 5 --max-tries 3` says: "
                   "no such puzzle within 3 tries")
    assert calls == [("kropki", {"seed": 17, "max_tries": 42, "needs": ["jellyfish"]}),
                     ("sudoku", {"seed": technique_pages.SEED, "max_tries": 7, "needs": ["jellyfish"]}),
                     ("kakuro", {"seed": 5, "max_tries": 3, "needs": ["jellyfish"]})]


def test_each_seeds_entry_is_a_technique_of_its_kind_within_the_default_tries() -> None:
    """What SEEDS names exists and applies, and its tries stay within ``sumlogic generate``'s default
    (DEFAULT_MAX_TRIES, 200), so the command on the page, which names no ``--max-tries``, makes the same puzzle."""
    for (tid, kind), seed in technique_pages.SEEDS.items():
        technique = techniques.BY_ID[tid]
        assert kind in technique_pages.kinds_of(technique) and seed != technique_pages.SEED
        assert technique_pages.tries_for(kind, technique) <= DEFAULT_MAX_TRIES


@pytest.mark.slow
def test_every_committed_example_is_unique_and_needs_its_technique() -> None:
    """Every example on the committed pages (docs/techniques) is what ``generate --needs``
    promises: unique by the exact solver, and a fresh explanation of the text on the page uses
    the technique at the step the page names, with the page's sentence.  So a change of the
    engine that makes a page untrue fails here until the page is made again."""
    from solver.search import count_solutions

    folder = technique_pages.OUT
    checked = 0
    for technique in techniques.catalogue():
        page = (folder / f"{technique.id}.md").read_text(encoding="utf-8")
        for example in examples(page):
            where = f"{technique.id}.md, {example['title']}"
            puzzle = sumlogic.parse(example["text"], example["notation"])
            assert puzzle.kind == example["kind"], where
            assert count_solutions(puzzle, 2) == 1, f"{where}: not unique"
            steps = fresh(example["text"], example["notation"])["steps"]
            number = int(example["step"])
            assert len(steps) == int(example["total"]), f"{where}: the explanation has another length"
            step = steps[number - 1]
            first = next((i for i, s in enumerate(steps, 1) if s["technique"] == technique.id), None)
            assert first == number and step["technique"] == technique.id, f"{where}: first used at step {first}"
            assert step["text"] == example["sentence"], where
            checked += 1
    assert checked >= len(techniques.catalogue())  # at least one example a technique, on average
