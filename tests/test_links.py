"""Links and interchange strings: the real links of the shared interop corpus,
writer round trips, damaged inputs, the new Sudoku text forms and the CLI.

The interop corpus is ``$SUMLOGIC_INTEROP`` when set, else ``../shared/interop``
beside the repository root; tests that need it skip when it is absent, except
under ``CI=true``, where they fail.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import from_record, killer, kropki, read_text, sudoku, to_record, write_text
from puzzles import lzstring
from puzzles.gridspec import BOX_SHAPES, NeedsNetworkError, UnsupportedError, same_regions, standard_boxes
from puzzles.interchange import read_spec
from puzzles.killer import Cage
from solver.errors import InvalidPuzzleError, ParseError
from solver.model import Puzzle, pair_holds
from solver.search import random_solution, solve
from sumlogic.cli import main
from tests.conftest import REPO_ROOT
from tests.strategies import killer_records, kropki_records, sudoku_solutions
from tests.test_sizes import random_cages, random_jigsaw



#: Constraints the shared interop data marks unsupported that sumlogic now reads (jigsaw regions).
NOW_SUPPORTED = frozenset({"irregular regions"})
#: Search nodes a link's puzzle may use to be solved (a count, not seconds).
SOLVE_NODES = 500_000

def interop_dir() -> Path:
    """The interop folder (it may not exist)."""
    configured = os.environ.get("SUMLOGIC_INTEROP")
    return Path(configured) if configured else (REPO_ROOT.parent / "shared" / "interop").resolve()


def interop_records() -> list[dict[str, Any]]:
    """Every record of links.jsonl; skips (fails under CI=true) when it is missing."""
    path = interop_dir() / "links.jsonl"
    if not path.is_file():
        message = f"interop links not found at {path}: set SUMLOGIC_INTEROP to the folder holding links.jsonl"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def normal(record: dict[str, Any]) -> dict[str, Any]:
    """The parts of a corpus record that define the puzzle, in a form where order does not matter."""
    kind = record["kind"]
    if kind == "kakuro":
        return {"kind": kind, "grid": [row.split() for row in record["grid"]]}
    size = record.get("size", 9)
    regions = record.get("regions")
    out: dict[str, Any] = {"kind": kind, "size": size, "box": record.get("box"),
                           "regions": None if regions is None else sorted(sorted(r) for r in regions),
                           "givens": record.get("givens") or "." * size * size}
    if kind == "killer":
        # The interop data writes a loose cell (in no cage) as a one-cell cage without a sum, which
        # constrains nothing; sumlogic keeps it loose. Compare the cages that say something.
        out["cages"] = sorted((c["sum"] if c["sum"] is not None else -1, sorted(c["cells"]))
                              for c in record["cages"] if c["sum"] is not None or len(c["cells"]) > 1)
    if kind == "kropki":
        for colour in ("white", "black"):
            out[colour] = sorted(sorted(pair) for pair in record.get(colour, []))
        out["negative"] = bool(record.get("negative", False))
    return out


def solution_text(puzzle: Puzzle, digits: Any) -> Any:
    """A solver solution in the corpus form (a string, or a Kakuro's rows)."""
    if puzzle.kind != "kakuro":
        return "".join(map(str, digits))
    rows = [["#"] * puzzle.width for _ in range(puzzle.height)]
    for (r, c), d in zip(puzzle.cells, digits):
        rows[r][c] = str(d)
    return ["".join(row) for row in rows]


def outcome(record: dict[str, Any]) -> tuple[str, str]:
    """What reading a record gives, checked against what it expects: ``(class, detail)``.

    Classes: ``read`` (the expected puzzle), ``solved`` (also solved to the
    record's solution), ``not-unique`` (a non-unique record the solver also
    finds not unique), ``unsupported``, ``network``, ``rejected`` (a record
    with nothing to decode, refused with a ParseError), ``size`` (read to the
    expected spec, refused only by today's 9x9 builders), ``fail``.
    """
    text, expect = record["text"], record["expect"]
    try:
        [puzzle] = read_text(text)
    except NeedsNetworkError as error:
        ok = record.get("needs_network") and error.id in text and "network" in str(error)
        return ("network", str(error)) if ok else ("fail", f"unexpected network error: {error}")
    except UnsupportedError as error:
        if record.get("needs_network"):
            return "fail", f"needs the network but read as unsupported: {error}"
        if not (isinstance(expect, dict) and expect.get("error") == "unsupported"):
            return "fail", f"unexpected: {error}"
        # a jigsaw reads now: the error names only what stops the puzzle, not its irregular regions
        assert not any(name in str(error) for name in NOW_SUPPORTED), error
        missing = [name for name in expect["constraints"] if name not in str(error) and name not in NOW_SUPPORTED]
        return ("fail", f"{error} does not name {missing}") if missing else ("unsupported", str(error))
    except ParseError as error:
        if expect is None:
            return "rejected", str(error)
        return "fail", str(error)
    if (isinstance(expect, dict) and expect.get("error") == "unsupported"
            and set(expect["constraints"]) <= NOW_SUPPORTED and not record.get("needs_network")):
        # the shared data predates jigsaw support: such a grid now reads to a puzzle with its own regions
        irregular = [r for r in puzzle.regions if r.kind == "region"]
        return ("beyond", "read with irregular regions") if irregular else ("fail", "irregular regions lost")
    if record.get("needs_network") or not isinstance(expect, dict) or "kind" not in expect:
        wanted = "the network error" if record.get("needs_network") else expect
        return "fail", f"read a {puzzle.kind} puzzle, expected {wanted}"
    if normal(to_record(puzzle)) != normal(expect):
        return "fail", "read a different puzzle"
    result = solve(puzzle, timeout=None, node_limit=SOLVE_NODES)
    if record.get("unique"):
        if result.status != "solved" or solution_text(puzzle, result.solution) != record["solution"]:
            return "fail", f"read as expected, but solving gives {result.status}"
        return "solved", ""
    if record.get("unique") is False and result.status in ("multiple", "no-solution"):
        return "not-unique", result.status
    return "fail", f"read as expected; unique={record.get('unique')} but the solver says {result.status}"


def test_interop_links_read_as_expected() -> None:
    """Every record of links.jsonl reads to its expected puzzle (and solves), or to its expected error."""
    records = interop_records()
    counts: Counter[str] = Counter()
    failures = []
    for record in records:
        kind, detail = outcome(record)
        counts[kind] += 1
        if kind == "fail":
            failures.append(f"{record['id']}: {detail}")
    print(f"\ninterop links: {len(records)} records, {dict(counts)}")
    for line in failures:
        print("  FAIL", line)
    assert failures == []
    assert counts["solved"] + counts["not-unique"] > 0 and counts["unsupported"] > 0 and counts["network"] > 0


def test_kakuro_with_unclued_runs_reads_solves_and_writes_back() -> None:
    """penpa-edit's grid has white runs without a printed total: distinct regions with no total."""
    [record] = [r for r in interop_records() if r["id"] == "interop/puzzlink-kakuro/kakuro-fe0466a7"]
    [puzzle] = read_text(record["text"])
    assert normal(to_record(puzzle)) == normal(record["expect"])
    unclued = [r for r in puzzle.regions if r.total is None]
    assert [(r.name, len(r.cells)) for r in unclued] == [
        ("across at r4c3", 5), ("down at r2c3", 6), ("down at r2c6", 6), ("down at r6c7", 2)]
    assert all(r.distinct and r.kind in ("across", "down") for r in unclued)
    result = solve(puzzle, timeout=None, node_limit=100_000)
    assert result.status == "solved" and solution_text(puzzle, result.solution) == record["solution"]
    for notation in ("kakuro", "jsonl", "puzzlink"):
        [again] = read_text(write_text([puzzle], notation))
        assert same(again, puzzle) and again.regions == puzzle.regions, notation


@pytest.mark.parametrize("size", [4, 6])
def test_small_grids_are_read_and_built_at_their_size(size: int) -> None:
    link = {4: "https://puzz.link/p?sudoku/4/4/g2j1h1j3g", 6: "https://puzz.link/p?sudoku/6/6/3h2g5n41j53n1g2h6"}
    spec = read_spec(link[size])
    assert spec.size == size and len(spec.givens) == size * size and len(spec.boxes) == size
    [puzzle] = read_text(link[size])
    assert puzzle.max_digit == size and len(puzzle.cells) == size * size
    assert sum(1 for r in puzzle.regions if r.kind == "box") == size


# --- round trips -------------------------------------------------------------------------


def same(a: Puzzle, b: Puzzle) -> bool:
    """Whether two puzzles have the same structure (ids, labels and carried facts aside)."""
    return normal(to_record(a)) == normal(to_record(b))


def sudoku_record(grid: list[list[int]], keep: set[int]) -> dict:
    givens = "".join(str(grid[i // 9][i % 9]) if i in keep else "." for i in range(81))
    return {"kind": "sudoku", "size": 9, "givens": givens}


SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(record=st.one_of(killer_records(hidden_totals=True), killer_records(loose=True), kropki_records(),
                        st.builds(sudoku_record, sudoku_solutions(), st.sets(st.integers(0, 80), max_size=40))),
       negative=st.booleans(), notation=st.sampled_from(["fpuzzles", "fpuzzles-json", "sudokupad"]))
def test_fpuzzles_and_sudokupad_round_trip(record: dict, negative: bool, notation: str) -> None:
    if record["kind"] == "kropki" and not negative:
        record = {**record, "negative": False}
    puzzle = from_record(record)
    back = read_text(write_text([puzzle], notation))
    assert len(back) == 1 and same(back[0], puzzle)
    assert cage_set(back[0]) == cage_set(puzzle)  # exactly the same cages: none invented, none lost


def cage_set(puzzle: Puzzle) -> list[tuple[int, list[tuple[int, int]]]]:
    """Every cage of a puzzle as (total or -1, its cells' positions), sorted: labels aside, one-cell cages kept."""
    return sorted((-1 if r.total is None else r.total, sorted(puzzle.cells[c] for c in r.cells))
                  for r in puzzle.regions if r.kind == "cage")


@SLOW
@given(record=killer_records(), notation=st.just("sudokuwiki"))
def test_sudokuwiki_killer_round_trip(record: dict, notation: str) -> None:
    puzzle = from_record(record)
    [back] = read_text(write_text([puzzle], notation))
    assert same(back, puzzle)


@SLOW
@given(grid=sudoku_solutions(), keep=st.sets(st.integers(0, 80), max_size=40),
       notation=st.sampled_from(["sudokuwiki", "puzzlink", "sudoku-grid", "sudoku-csv"]))
def test_sudoku_string_round_trip(grid: list[list[int]], keep: set[int], notation: str) -> None:
    puzzle = from_record(sudoku_record(grid, keep))
    [back] = read_text(write_text([puzzle], notation))
    assert same(back, puzzle)


@SLOW
@given(data=st.data())
def test_puzzlink_kakuro_round_trip(data: st.DataObject) -> None:
    from tests.strategies import kakuro_records

    record = data.draw(kakuro_records())
    record = {k: v for k, v in record.items() if k != "solution"}
    puzzle = from_record(record)
    [back] = read_text(write_text([puzzle], "puzzlink"))
    assert same(back, puzzle)


# Every grid shape the f-puzzles JSON can hold: the usual boxes, another box shape, jigsaw regions, no boxes.
SHAPES = [(4, "usual"), (4, "jigsaw"), (5, "none"), (6, "usual"), (6, "other"), (6, "jigsaw"), (6, "none"),
          (7, "jigsaw"), (8, "usual"), (8, "other"), (8, "jigsaw"), (9, "usual"), (9, "jigsaw"), (9, "none")]


def shaped_puzzle(kind: str, size: int, shape: str, rng: random.Random) -> Puzzle:
    """A Sudoku, Killer or Kropki (not necessarily unique) of side ``size`` and the given box shape."""
    box = {"usual": None, "other": tuple(reversed(BOX_SHAPES.get(size, (1, size))))}.get(shape)
    solution = None
    for _ in range(50):  # a random jigsaw may have no solution grid at all: draw another
        regions = {"jigsaw": random_jigsaw(size, rng), "none": []}.get(shape)
        if shape == "jigsaw" and regions and same_regions(regions, standard_boxes(size)):
            continue  # no swap took: these are the usual boxes, not a jigsaw
        solution = random_solution(sudoku.build(size=size, box=box, regions=regions), rng, node_limit=20_000)
        if solution is not None:
            break
    assert solution is not None
    givens = [d if rng.random() < 0.3 else 0 for d in solution]
    if kind == "sudoku":
        return sudoku.build(givens, size, box, regions)
    if kind == "killer":
        cages = [Cage(c.label, None if rng.random() < 0.1 else c.total, c.cells)
                 for c in random_cages(solution, size, rng)]
        return killer.build(cages, givens if rng.random() < 0.5 else (), size, box, regions)
    white, black = [], []
    for a, b in kropki.neighbours(size):
        dot = ((a // size, a % size), (b // size, b % size))
        if pair_holds("ratio", solution[a], solution[b]):
            black.append(dot)
        elif pair_holds("consecutive", solution[a], solution[b]):
            white.append(dot)
    return kropki.build((), white, black, size, box, regions, negative=True)


@SLOW
@given(seed=st.integers(0, 10**6), shape=st.sampled_from(SHAPES),
       kind=st.sampled_from(["sudoku", "killer", "kropki"]),
       notation=st.sampled_from(["fpuzzles", "fpuzzles-json", "sudokupad"]))
def test_fpuzzles_and_sudokupad_round_trip_every_size_and_shape(seed: int, shape: tuple[int, str], kind: str,
                                                                 notation: str) -> None:
    """4x4..9x9 with the usual boxes, other boxes, jigsaw regions or none: the region of
    each cell is written where it differs from f-puzzles' default boxes."""
    size, layout = shape
    puzzle = shaped_puzzle(kind, size, layout, random.Random(seed))
    [back] = read_text(write_text([puzzle], notation))
    houses = ("row", "column", "box", "region")
    assert same(back, puzzle)
    assert [r for r in back.regions if r.kind in houses] == [r for r in puzzle.regions if r.kind in houses]


@pytest.mark.parametrize("size", [4, 6, 9])
def test_puzzlink_sudoku_round_trip_at_every_size_it_holds(size: int) -> None:
    puzzle = shaped_puzzle("sudoku", size, "usual", random.Random(size))
    text = write_text([puzzle], "puzzlink")
    assert text.startswith(f"https://puzz.link/p?sudoku/{size}/{size}/")
    [back] = read_text(text)
    assert same(back, puzzle)


@pytest.mark.parametrize("size,shape", [(6, "other"), (6, "jigsaw"), (8, "usual"), (9, "jigsaw"), (5, "none")])
def test_puzzlink_sudoku_refuses_shapes_pzprjs_does_not_draw(size: int, shape: str) -> None:
    puzzle = shaped_puzzle("sudoku", size, shape, random.Random(size))
    with pytest.raises(InvalidPuzzleError, match="holds only 4x4, 6x6 and 9x9 grids with their usual boxes"):
        write_text([puzzle], "puzzlink")


@pytest.mark.parametrize("size,shape", [(6, "usual"), (9, "jigsaw"), (9, "none")])
def test_sudokuwiki_refuses_all_but_the_classic_grid(size: int, shape: str) -> None:
    for kind in ("sudoku", "killer"):
        puzzle = shaped_puzzle(kind, size, shape, random.Random(size))
        with pytest.raises(InvalidPuzzleError, match="holds only 9x9 grids with 3x3 boxes|no place for givens"):
            write_text([puzzle], "sudokuwiki")


def test_lzstring_matches_real_payloads() -> None:
    """Our codec decodes every real payload to JSON, and compressing that JSON gives the payload back
    (up to a trailing zero character that older lz-string versions emitted)."""
    from urllib.parse import unquote

    count = 0
    for record in interop_records():
        text = record["text"]
        for marker in ("?load=", "fpuzzles", "fpuz", "scl", "ctc"):
            if marker in text and not record.get("needs_network"):
                payload = unquote(text.split(marker, 1)[1])
                decoded = lzstring.decompress_from_base64(payload)
                assert decoded.startswith("{")
                again = lzstring.compress_to_base64(decoded)
                assert again.rstrip("=") == payload.rstrip("=") or payload.rstrip("=").startswith(again.rstrip("="))
                count += 1
                break
    assert count > 50


# --- damaged inputs ------------------------------------------------------------------------


def fpuzzles_link(data: Any) -> str:
    return "https://www.f-puzzles.com/?load=" + lzstring.compress_to_base64(json.dumps(data))


def empty_grid(size: int = 9) -> list[list[dict]]:
    return [[{} for _ in range(size)] for _ in range(size)]


GOOD = write_text([from_record({"kind": "killer", "size": 9, "cages": [
    {"label": "a", "sum": 3, "cells": ["r1c1", "r1c2"]}]
    + [{"label": f"x{i}", "sum": None, "cells": [f"r{i // 9 + 1}c{i % 9 + 1}"]} for i in range(2, 81)]})],
    "fpuzzles").strip()

DAMAGED = {
    "truncated link": GOOD[:len(GOOD) // 2],
    "bad lz-string": "https://www.f-puzzles.com/?load=N4Ig!!!!",
    "not JSON inside": "https://www.f-puzzles.com/?load=" + lzstring.compress_to_base64("{size: 9"),
    "JSON of the wrong shape": fpuzzles_link({"size": 9, "grid": "nope"}),
    "a list, not an object": fpuzzles_link([1, 2, 3]),
    "size out of range": fpuzzles_link({"size": 0, "grid": []}),
    "size not a number": fpuzzles_link({"size": "9", "grid": empty_grid()}),
    "cell outside the grid": fpuzzles_link({"size": 9, "grid": empty_grid(),
                                            "killercage": [{"cells": ["R10C1"], "value": "5"}]}),
    "overlapping cages": fpuzzles_link({"size": 9, "grid": empty_grid(), "killercage": [
        {"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R1C2", "R1C3"], "value": "4"}]}),
    "bad given": fpuzzles_link({"size": 9, "grid": [[{"value": 12, "given": True}] + [{}] * 8] + empty_grid()[1:]}),
    "truncated scl": "https://sudokupad.app/sclN4IglgJiBcIM4A84FsD6BZMBjAFgQwFMAbAGQIDMBrAewH",
    "scl of the wrong shape": "https://sudokupad.app/scl" + lzstring.compress_to_base64("{cells:5}"),
    "truncated kakuro": "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl",
    "kakuro body too long": "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3zz",
    "sudokuwiki wrong length": "https://www.sudokuwiki.org/sudoku.htm?bd=123",
    "sudokuwiki state": "https://www.sudokuwiki.org/sudoku.htm?bd=S9B0102cycy0304",
    "puzzlink sudoku overflow": "https://puzz.link/p?sudoku/9/9/zzzzzz",
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_damaged_inputs_give_one_line_parse_errors(name: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_text(DAMAGED[name])
    message = str(caught.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert not isinstance(caught.value, NeedsNetworkError)


def test_unsupported_constraints_are_named_and_counted() -> None:
    data = {"size": 9, "grid": empty_grid(), "thermometer": [{"lines": [["R1C1", "R1C2"]]}] * 3,
            "arrow": [{"cells": ["R2C2"], "lines": [["R2C2", "R2C3"]]}], "antiknight": True}
    with pytest.raises(UnsupportedError) as caught:
        read_text(fpuzzles_link(data))
    assert str(caught.value) == "unsupported: thermometer x3, arrow x1, antiknight x1"


def test_fpuzzles_negative_rule_needs_both_flags() -> None:
    dots = {"size": 9, "grid": empty_grid(), "difference": [{"cells": ["R1C1", "R1C2"]}]}
    [p] = read_text(fpuzzles_link({**dots, "nonconsecutive": True, "negative": ["ratio"]}))
    assert to_record(p)["negative"] is True
    with pytest.raises(UnsupportedError, match="white-dot negative only"):
        read_text(fpuzzles_link({**dots, "nonconsecutive": True}))


def test_fpuzzles_marks_are_kept_apart() -> None:
    from puzzles.fpuzzles import read_with_marks

    grid = empty_grid()
    grid[0][0] = {"value": 5, "given": True}
    grid[0][1] = {"value": 3, "cornerPencilMarks": [1, 2]}
    puzzle, marks = read_with_marks(fpuzzles_link({"size": 9, "grid": grid}))
    assert puzzle.givens[:2] == (5, 0)
    assert marks.values == {(0, 1): 3} and marks.corner == {(0, 1): (1, 2)}


# --- Sudoku text forms -----------------------------------------------------------------------

LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def test_sudoku_grid_forms() -> None:
    rows = [LINE[i:i + 9] for i in range(0, 81, 9)]
    plain = "\n".join(rows)
    dashed = "\n".join(" ".join(r.replace(".", "-")) for r in rows)
    boxed = "\n".join((f"|{r[:3]}|{r[3:6]}|{r[6:]}|" + ("\n+---+---+---+" if i in (2, 5) else ""))
                      for i, r in enumerate(rows)).replace(".", "_")
    for text in (plain, dashed, boxed):
        [p] = read_text(text)
        assert to_record(p)["givens"] == LINE


def test_sudoku_csv_checks_the_solution() -> None:
    [p] = read_text(f"quizzes,solutions\n{LINE},{SOLUTION}\n")
    assert p.get_info("solution") == SOLUTION
    wrong = SOLUTION[:-2] + SOLUTION[-1] + SOLUTION[-2]
    with pytest.raises(ParseError, match="line 2: the solution is not a valid grid"):
        read_text(f"quizzes,solutions\n{LINE},{wrong}\n")
    with pytest.raises(ParseError, match="puzzle gives 4"):
        read_text(f"{LINE},{SOLUTION.translate(str.maketrans('49', '94'))}\n", format="sudoku-csv")


# --- the command line ---------------------------------------------------------------------------


def test_cli_reads_links_inline_and_converts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["convert", "sample:killer-1", "--to", "fpuzzles", "-o", str(tmp_path / "k.txt")]) == 0
    link = (tmp_path / "k.txt").read_text().strip()
    assert main(["solve", link, "--no-logic", "--json"]) == 0
    assert '"status": "solved"' in capsys.readouterr().out
    assert main(["convert", link, "--to", "killer"]) == 0
    assert capsys.readouterr().out == write_text(read_text(link), "killer")


@pytest.mark.parametrize("argument, words", [
    ("https://sudokupad.app/u1gswfvw2x", "needs the network"),
    ("https://f-puzzles.com/?id=y82pttpx", "needs the network"),
    ("https://www.f-puzzles.com/?load=N4Ig!!!!", "bad lz-string"),
])
def test_cli_errors_are_one_line_exit_2(capsys: pytest.CaptureFixture[str], argument: str, words: str) -> None:
    assert main(["solve", argument]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and err.startswith("sumlogic: " + argument[:20])


def test_cli_convert_refuses_what_a_notation_cannot_hold(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "sample:kakuro-6x6", "--to", "fpuzzles"]) == 2
    assert "cannot hold a kakuro" in capsys.readouterr().err
