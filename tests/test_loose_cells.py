"""Killers with loose cells (cells in no cage) and the puzzle's identity (title, author, rules, id).

A setter may leave cells outside every cage.  Every reader, writer, the text
grid and the JSON keep exactly the setter's cages: no one-cell cage is made
up for a loose cell.  Notations that give every cell a cage (the killer text
notation, the SudokuWiki killer string) refuse such a Killer in one line.

The puzzle's title, author and rules text travel from f-puzzles and
SudokuPad data to ``Puzzle.info``, back out through every writer that can
hold them, into the JSON the pages get, and name the puzzle (its id) when
nothing else does; a puzzle with neither id nor title is named by a short
hash of its content, the same on every run.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from puzzles import fpuzzles, killer, read_text, sample, sudokupad, to_record, write_text
from puzzles.common import content_id, name_of, title_id
from puzzles.killer import Cage
from solver.engine import Engine
from solver.errors import InvalidPuzzleError
from solver.model import Puzzle
from solver.search import solve
from sumlogic.cli.grid import draw_grid
from sumlogic.html import render_html
from techniques import DEFAULT

from .conftest import REPO_ROOT
from .oracle import wrong_effects
from .process_support import json_lines, run

#: The cages of the sample killer-1 kept in a partial-cage Killer that is still unique
#: (found by dropping cages one at a time while the puzzle stayed unique).
KEPT = ("f", "i", "k", "o", "p", "q", "s", "t", "u", "v", "w", "x", "z", "B", "C", "D", "F", "G")

#: Notations that hold loose cells, and those that give every cell a cage.
HOLDING = ("jsonl", "fpuzzles", "fpuzzles-json", "sudokupad")
REFUSING = ("killer", "sudokuwiki")


def partial_killer(**info: str) -> Puzzle:
    """The sample killer-1 with only the cages :data:`KEPT`: 36 loose cells."""
    cages = [c for c in killer.cages(sample("killer-1")) if c.label in KEPT]
    return killer.build(cages, id="partial", info=tuple(info.items()))


def cage_set(puzzle: Puzzle) -> list[tuple[int, list[tuple[int, int]]]]:
    """Every cage as (total or -1, its cells' positions), sorted (labels aside)."""
    return sorted((-1 if r.total is None else r.total, sorted(puzzle.cells[c] for c in r.cells))
                  for r in puzzle.regions if r.kind == "cage")


def loose_positions(puzzle: Puzzle) -> list[tuple[int, int]]:
    return [puzzle.cells[i] for i in killer.loose_cells(puzzle)]


# --- the model ------------------------------------------------------------------------


def test_a_killer_may_leave_cells_outside_every_cage() -> None:
    puzzle = partial_killer()
    assert len(killer.loose_cells(puzzle)) == 36
    assert len([r for r in puzzle.regions if r.kind == "cage"]) == len(KEPT)  # no cage made up
    assert all(len(puzzle.regions_of(i)) == 3 for i in killer.loose_cells(puzzle))  # row, column, box only


def test_the_grand_total_counts_loose_cells_as_open() -> None:
    """Cage totals above what the rest of the grid allows are refused; loose cells take 1..9 each."""
    rows = [Cage(f"r{r}", 45, tuple((r, c) for c in range(9))) for r in range(8)]
    killer.build(rows)  # 360 in cages, the last row loose (9 cells, 45): fits
    dominoes = [Cage(f"d{r}{c}", 17, ((r, c), (r, c + 1))) for r in range(8) for c in (0, 2, 4, 6)]
    with pytest.raises(InvalidPuzzleError, match="add up to 544: with 17 cell.* in no cage the grid cannot add up"):
        killer.build(dominoes)  # 32 x 17 = 544 and 17 loose cells: 561 at least, past 405
    with pytest.raises(InvalidPuzzleError, match="at least one cage"):
        killer.build([])


def test_a_partial_killer_is_unique_and_solved_soundly_by_logic() -> None:
    puzzle = partial_killer()
    result = solve(puzzle, timeout=None, node_limit=200_000)
    assert result.status == "solved"
    solution = result.solution
    assert solution == solve(sample("killer-1"), timeout=None).solution
    engine = Engine(DEFAULT, explain=True, timeout=None, max_steps=3000)
    steps = list(engine.run(engine.start(puzzle)))
    wrong = [f"{s.technique}: {w}" for s in steps for w in wrong_effects(s, solution, puzzle.cell_name)]
    assert wrong == []
    placed = {cell: digit for s in steps for cell, digit in s.placements}
    assert len(placed) == 81 and all(solution[c] == d for c, d in placed.items())
    # The loose cells take part in the arithmetic: some innie or outie step names one.
    loose = set(killer.loose_cells(puzzle))
    assert any(s.technique in ("innies-outies", "cage-splitting") and loose & set(s.cells) for s in steps)


# --- readers and writers -------------------------------------------------------------------


@pytest.mark.parametrize("notation", HOLDING)
def test_loose_cells_round_trip_with_no_cage_invented(notation: str) -> None:
    puzzle = partial_killer()
    text = write_text([puzzle], notation)
    [back] = read_text(text)
    assert back.kind == "killer"
    assert cage_set(back) == cage_set(puzzle)
    assert loose_positions(back) == loose_positions(puzzle)


def test_the_fpuzzles_json_lists_only_the_setters_cages() -> None:
    puzzle = partial_killer()
    data = fpuzzles.to_json(puzzle)
    assert len(data["killercage"]) == len(KEPT)
    # a one-cell cage without a total that the setter drew is a cage too, and is kept
    drawn = killer.build([*killer.cages(puzzle), Cage("one", None, ((0, 0),))])
    assert (0, 0) in loose_positions(puzzle) and (0, 0) not in loose_positions(drawn)
    [back] = read_text(fpuzzles.link(drawn))
    assert cage_set(back) == cage_set(drawn) and len(fpuzzles.to_json(drawn)["killercage"]) == len(KEPT) + 1


def test_a_sudokupad_scl_killer_keeps_its_cells_loose() -> None:
    data = {"cells": [[{} for _ in range(9)] for _ in range(9)],
            "regions": [[[r, c] for r in range(br, br + 3) for c in range(bc, bc + 3)]
                        for br in (0, 3, 6) for bc in (0, 3, 6)],
            "cages": [{"cells": [[0, 0], [0, 1]], "value": 3}, {"value": "title: Two cells"}]}
    from puzzles.lzstring import compress_to_base64

    [puzzle] = read_text("https://sudokupad.app/scl" + compress_to_base64(json.dumps(data)))
    assert cage_set(puzzle) == [(3, [(0, 0), (0, 1)])] and len(killer.loose_cells(puzzle)) == 79
    assert puzzle.get_info("title") == "Two cells" and puzzle.id == "two-cells"


@pytest.mark.parametrize("notation", REFUSING)
def test_notations_that_cage_every_cell_refuse_loose_cells(notation: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        write_text([partial_killer()], notation)
    message = str(caught.value)
    assert "\n" not in message and "r1c1 is in no cage" in message


def test_convert_to_the_killer_notation_refuses_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    link = fpuzzles.link(partial_killer())
    code, out, err = run(capsys, "convert", link, "--to", "killer")
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and "in no cage" in err


def test_convert_a_link_to_jsonl_invents_no_cage(capsys: pytest.CaptureFixture[str]) -> None:
    link = sudokupad.link(partial_killer())
    code, out, _ = run(capsys, "convert", link, "--to", "jsonl")
    assert code == 0
    [record] = json_lines(out)
    assert len(record["cages"]) == len(KEPT)
    assert all(c["sum"] is not None for c in record["cages"])


def test_the_text_grid_shows_loose_cells_as_dots() -> None:
    puzzle = partial_killer()
    grid = draw_grid(puzzle)
    labels = [line.split("    ")[1].replace("|", " ").split() for line in grid.splitlines()[:11]
              if "    " in line and not line.startswith("-")]
    flat = [token for row in labels for token in row]
    assert len(flat) == 81 and flat.count(".") == 36
    cages_line = grid.splitlines()[-1]
    assert cages_line.startswith("cages: ") and len(cages_line.split()) == 1 + len(KEPT)


# --- real links -----------------------------------------------------------------------------


def interop_killers() -> list[dict[str, Any]]:
    """The decodable interop Killer records whose setters left cells outside every cage."""
    configured = os.environ.get("SUMLOGIC_INTEROP")
    path = (Path(configured) if configured else REPO_ROOT.parent / "shared" / "interop") / "links.jsonl"
    if not path.is_file():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"interop links not found at {path}")
        pytest.skip(f"interop links not found at {path}")
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in records if isinstance(r.get("expect"), dict) and r["expect"].get("kind") == "killer"
            and any(c["sum"] is None and len(c["cells"]) == 1 for c in r["expect"]["cages"])]


def payload_cages(record: dict[str, Any]) -> list[tuple[int, list[tuple[int, int]]]]:
    """The killer cages a link's payload draws, read straight from its JSON: (total or -1, positions)."""
    text = record["text"]
    if record["format"].startswith("sudokupad"):
        form, body = sudokupad.payload(sudokupad.puzzle_id(text))
    else:
        form, body = "fpuzzles", fpuzzles.payload_of(text)
    if form == "fpuzzles":
        items = json.loads(body)["killercage"]
        return [(int(c["value"]) if c.get("value") else -1,
                 sorted((int(n[1:].split("C")[0]) - 1, int(n.split("C")[1]) - 1) for n in c["cells"]))
                for c in items]
    data = sudokupad.unzip(body)
    return [(int(c["value"]) if str(c.get("value", "")).isdigit() else -1, sorted((r, c) for r, c in c["cells"]))
            for c in data["cages"] if c.get("cells")]


def test_real_partial_cage_links_keep_exactly_their_cages() -> None:
    """Each real link reads with the cages its payload draws, and its loose cells in none (the
    interop data lists a loose cell as a one-cell cage without a sum)."""
    records = interop_killers()
    assert len(records) >= 20
    titled = 0
    for record in records:
        [puzzle] = read_text(record["text"])
        drawn = payload_cages(record)
        assert cage_set(puzzle) == sorted(drawn), record["id"]
        caged = {pos for _, cells in drawn for pos in cells}
        assert loose_positions(puzzle) == [pos for pos in puzzle.cells if pos not in caged], record["id"]
        # the interop data lists loose cells as one-cell cages without a sum (some are drawn cages too)
        fillers = [c["cells"][0] for c in record["expect"]["cages"] if c["sum"] is None and len(c["cells"]) == 1]
        assert {puzzle.cell_name(i) for i in killer.loose_cells(puzzle)} <= set(fillers), record["id"]
        again = read_text(write_text([puzzle], "jsonl"))[0]
        assert cage_set(again) == cage_set(puzzle)
        if puzzle.get_info("title"):  # some records' titles come from a comment beside the link
            titled += 1
            assert puzzle.get_info("title") == record["title"] and puzzle.id == title_id(record["title"])
    assert titled >= 20


def test_real_links_keep_their_title_author_and_rules() -> None:
    """The interop records note each payload's title, author and rules text (its first 400
    characters): every link that reads keeps them in info and is named after its title."""
    from solver.errors import SumlogicError

    configured = os.environ.get("SUMLOGIC_INTEROP")
    path = (Path(configured) if configured else REPO_ROOT.parent / "shared" / "interop") / "links.jsonl"
    if not path.is_file():
        pytest.skip(f"interop links not found at {path}")
    checked = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if not (record.get("rules") and record.get("decoded")):
            continue
        try:
            [puzzle] = read_text(record["text"])
        except SumlogicError:
            continue  # unsupported constraints: refused, as test_links checks
        checked += 1
        rules = puzzle.get_info("rules")
        assert " ".join(rules.split())[:300] == " ".join(record["rules"].split())[:300], record["id"]
        if record.get("author"):
            assert puzzle.get_info("author") == record["author"], record["id"]
        assert puzzle.id == title_id(puzzle.get_info("title")) != "", record["id"]
        [back] = read_text(fpuzzles.link(puzzle))
        assert back.get_info("rules") == rules and back.get_info("title") == puzzle.get_info("title")
    assert checked >= 50


def test_a_real_partial_cage_link_is_explained_soundly() -> None:
    [record] = [r for r in interop_killers() if r["id"].endswith("/july-4-2021-killer")]
    [puzzle] = read_text(record["text"])
    assert killer.loose_cells(puzzle)
    solution = puzzle.parse_solution(record["solution"])
    engine = Engine(DEFAULT, explain=True, timeout=None, max_steps=3000)
    ctx = engine.start(puzzle)
    steps = list(engine.run(ctx, solution=tuple(solution)))
    assert [w for s in steps for w in wrong_effects(s, solution, puzzle.cell_name)] == []
    assert len(ctx.placed) == puzzle.size and not ctx.is_broken()


# --- identity -------------------------------------------------------------------------------

RULES = "Normal killer rules apply.\nCells outside cages are ordinary Sudoku cells."


def titled() -> Puzzle:
    return partial_killer(title="Heart in a Cage", author="A. Setter", rules=RULES)


@pytest.mark.parametrize("notation", HOLDING)
def test_title_author_and_rules_are_written_back(notation: str) -> None:
    puzzle = titled()
    [back] = read_text(write_text([puzzle], notation))
    assert [back.get_info(k) for k in ("title", "author", "rules")] == ["Heart in a Cage", "A. Setter", RULES]
    assert back.id == ("partial" if notation == "jsonl" else "heart-in-a-cage")


def test_fpuzzles_fields_and_sudokupad_metadata_are_read() -> None:
    data = fpuzzles.to_json(titled())
    assert (data["title"], data["author"], data["ruleset"]) == ("Heart in a Cage", "A. Setter", RULES)
    scl = {"cells": [[{} for _ in range(4)] for _ in range(4)],
           "regions": [[[r, c] for r in range(br, br + 2) for c in range(bc, bc + 2)]
                       for br in (0, 2) for bc in (0, 2)],
           "cages": [{"cells": [[0, 0], [0, 1]], "value": 3}, {"value": "rules: Line one."},
                     {"value": "rules: Line two."}, {"value": "author: B"}],
           "metadata": {"title": "Meta title"}}
    spec = sudokupad.read_spec(scl)
    assert dict(spec.info) == {"title": "Meta title", "author": "B", "rules": "Line one.\nLine two."}


def test_the_jsonl_record_carries_identity_in_its_place() -> None:
    record = to_record(titled())
    assert list(record)[:5] == ["id", "kind", "title", "author", "rules"]


def test_the_step_page_title_names_the_puzzle() -> None:
    from sumlogic.api import explain, record_of

    trace = explain(titled(), budget=0).to_dict()
    assert trace["puzzle"]["title"] == "Heart in a Cage" and trace["puzzle"]["rules"] == RULES
    assert record_of(titled())["author"] == "A. Setter"
    page = render_html(trace)
    assert "<title>sumlogic: Heart in a Cage by A. Setter, step by step</title>" in page


def test_ids_come_from_the_title_else_the_content() -> None:
    puzzle = dataclasses.replace(partial_killer(), id="")
    assert name_of(puzzle) == content_id(puzzle) and content_id(puzzle).startswith("killer-")
    assert content_id(puzzle) != content_id(dataclasses.replace(sample("killer-1"), id=""))
    assert name_of(dataclasses.replace(puzzle, info=(("title", "Plus C'est la Même Chose"),))) \
        == "plus-c-est-la-meme-chose"
    assert title_id("x" * 30 + " " + "y" * 30) == "x" * 30


def test_a_batch_of_links_never_prints_no_id(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plain = dataclasses.replace(partial_killer(), id="")
    links = [fpuzzles.link(plain), sudokupad.link(titled()), fpuzzles.link(sample("sudoku-1"))]
    code, out, _ = run(capsys, "grade", *links, "--budget", "0")
    assert "(no id)" not in out
    ids = [line.split(":")[0] for line in out.splitlines() if line.strip() and not line.startswith(" ")]
    assert ids[:3] == [content_id(plain), "heart-in-a-cage", content_id(sample("sudoku-1"))]
    path = tmp_path / "links.txt"
    same_notation = [links[0], fpuzzles.link(titled()), links[2]]  # a file holds links of one notation
    path.write_text("".join(link + "\n" for link in same_notation), encoding="utf-8")
    code, out, _ = run(capsys, "solve", str(path), "--json", "--no-logic")
    assert [r["id"] for r in json_lines(out)] == ["links/1", "heart-in-a-cage", "links/3"]


def test_the_content_id_is_the_same_on_every_run() -> None:
    """Two processes with different string hashing give the same id to the same link."""
    link = fpuzzles.link(dataclasses.replace(partial_killer(), id=""))
    ids = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO_ROOT)}
        done = subprocess.run([sys.executable, "-m", "sumlogic", "solve", link, "--json", "--no-logic"],
                              capture_output=True, env=env, cwd=REPO_ROOT, timeout=120, check=False)
        ids.append(json.loads(done.stdout.decode("utf-8").splitlines()[0])["id"])
    assert ids[0] == ids[1] == content_id(dataclasses.replace(partial_killer(), id=""))
