"""The five kinds: the corpus loads and its solutions check, the puzzles have
the documented structure, the samples are unique, and bad puzzles are
refused with a one-line message naming the place."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections import Counter

import pytest

from puzzles import (FORMATS, SAMPLES, UnknownSampleError, detect_format, from_record, read_path, read_text,
                     sample, to_record, write_text)
from puzzles import greater_killer, kakuro, killer, kropki, sudoku
from puzzles.common import GRID_CELLS
from puzzles.killer import Cage
from solver.errors import InvalidPuzzleError, ParseError, SumlogicError, UnknownFormatError
from solver.model import Comparison, Puzzle, cell_label, parse_cell_label

KINDS = ("kakuro", "killer", "greater-killer", "kropki", "sudoku")
TEXT_NOTATIONS = {"kakuro": ("kakuro",), "killer": ("killer",), "kropki": ("ken", "kropki3"),
                  "sudoku": ("sudoku",), "greater-killer": ()}


def bare(puzzle: Puzzle) -> Puzzle:
    """A puzzle without id and carried facts, except the Kropki rule (what text notations hold)."""
    info = (("negative", puzzle.get_info("negative")),) if puzzle.kind == "kropki" else ()
    return dataclasses.replace(puzzle, id="", info=info)


def normalised(record: dict) -> dict:
    """A corpus record with the documented normalisation of ``to_record`` applied."""
    out = copy.deepcopy(record)
    for cage in out.get("cages", []):
        cage["cells"] = sorted(cage["cells"], key=parse_cell_label)
    for colour in ("white", "black"):
        if colour in out:
            out[colour] = sorted((sorted(pair, key=parse_cell_label) for pair in out[colour]),
                                 key=lambda pair: [parse_cell_label(c) for c in pair])
    return out


def one_line_error(excinfo: pytest.ExceptionInfo) -> str:
    """The message of a caught error, which must be one line."""
    message = str(excinfo.value)
    assert len(message.splitlines()) == 1, message
    return message


def text_error(text: str, format: str | None, error: type[SumlogicError] = ParseError,
               filename: str | None = None) -> str:
    """The one-line message of the ``error`` that reading ``text`` must raise."""
    with pytest.raises(error) as excinfo:
        read_text(text, format=format, filename=filename)
    return one_line_error(excinfo)


# --- the corpus ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_corpus_puzzles_load_and_their_solutions_check(kind, corpus_file):
    records = corpus_file(kind)
    assert records, f"{kind}.jsonl holds no puzzle"
    for number, record in records:
        puzzle = from_record(record)
        assert (puzzle.kind, puzzle.id) == (kind, record["id"])
        solution = puzzle.parse_solution(record["solution"])
        assert puzzle.check_solution(solution) == [], f"line {number}: {record['id']}"
        assert puzzle.format_solution(solution) == record["solution"]
        # the check is not vacuous: changing one digit breaks a rule
        wrong = list(solution)
        wrong[0] = wrong[0] % 9 + 1
        assert puzzle.check_solution(wrong), f"line {number}: a wrong digit passes"


@pytest.mark.parametrize("kind", KINDS)
def test_corpus_records_round_trip(kind, corpus_file):
    for number, record in corpus_file(kind):
        again = to_record(from_record(record))
        assert again == normalised(record), f"line {number}: {record['id']}"
        assert list(again) == list(record), f"line {number}: key order"
        assert from_record(again) == from_record(record)


def test_corpus_files_read_whole_with_ids_and_info(corpus, corpus_file):
    files = sorted(corpus.glob("*.jsonl"))
    assert {f.stem for f in files} == set(KINDS)
    for path in files:
        puzzles = read_path(path)
        records = [r for _, r in corpus_file(path.stem)]
        assert [p.id for p in puzzles] == [r["id"] for r in records]
        for p, r in zip(puzzles, records):
            assert p.get_info("source") == r["source"]
            assert p.get_info("unique") is True
            assert p.get_info("difficulty") == r.get("difficulty")
        assert len({p.id for p in puzzles}) == len(puzzles)


@pytest.mark.parametrize("kind", ["kakuro", "killer", "kropki", "sudoku"])
def test_corpus_puzzles_survive_their_text_notations(kind, corpus_file):
    for number, record in corpus_file(kind):
        puzzle = from_record(record)
        for name in TEXT_NOTATIONS[kind]:
            text = write_text([puzzle], name)
            assert detect_format(text) == name
            [back] = read_text(text, format=name)
            if kind == "killer" and [r.label for r in back.regions] != [r.label for r in puzzle.regions]:
                # multi-character labels (aa, ab...) are relabelled a, b, ... in order
                assert [(r.cells, r.total) for r in back.regions] == [(r.cells, r.total) for r in puzzle.regions]
                assert back.givens == puzzle.givens
            else:
                assert back == bare(puzzle), f"line {number}: {record['id']} via {name}"
            assert back.check_solution(puzzle.parse_solution(record["solution"])) == []


def test_corpus_structure(corpus_file):
    for _, record in corpus_file("killer"):
        p = from_record(record)
        cages = [r for r in p.regions if r.kind == "cage"]
        assert sorted(c for r in cages for c in r.cells) == list(range(81))
        if all(r.total is not None for r in cages):
            assert sum(r.total for r in cages) == 405
    for _, record in corpus_file("kropki"):
        p = from_record(record)
        shown = len(record["white"]) + len(record["black"])
        assert len(p.pairs) == (144 if record["negative"] else shown)
        assert Counter(q.kind for q in p.pairs)["consecutive"] == len(record["white"])
    for _, record in corpus_file("kakuro"):
        p = from_record(record)
        white = [(r, c) for r, row in enumerate(record["grid"]) for c, t in enumerate(row.split())
                 if t == "." or t.isdigit()]
        assert list(p.cells) == white
        assert all(p.regions_of(i) for i in range(p.size))


# --- the structure of each kind --------------------------------------------------------------


def test_sudoku_houses():
    p = sample("sudoku-1")
    assert [r.name for r in p.regions[:9]] == [f"row {i}" for i in range(1, 10)]
    assert Counter(r.kind for r in p.regions) == {"row": 9, "column": 9, "box": 9}
    assert all(r.distinct and r.total is None and len(r.cells) == 9 for r in p.regions)
    assert all(len(p.regions_of(i)) == 3 and len(p.peers[i]) == 20 for i in range(81))
    assert p.regions[18 + 4].cells == (30, 31, 32, 39, 40, 41, 48, 49, 50)


def test_killer_cages_are_regions_after_the_houses():
    p = sample("killer-1")
    cages = p.regions[27:]
    assert all(r.kind == "cage" and r.name == f"cage {r.label}" and r.distinct for r in cages)
    assert all(list(r.cells) == sorted(r.cells) for r in cages)
    assert sorted(c for r in cages for c in r.cells) == list(range(81))
    assert [c.label for c in killer.cages(p)] == [r.label for r in cages]
    assert p.region_index["a"] == 27


def test_killer_cage_without_total_and_with_givens():
    cages = [Cage(f"c{r}", None if r == 0 else 45, GRID_CELLS[9 * r:9 * r + 9]) for r in range(9)]
    p = killer.build(cages, givens=(5,) + (0,) * 80)
    assert p.regions[27].total is None and p.regions[28].total == 45 and p.givens[0] == 5
    assert to_record(p)["cages"][0] == {"label": "c0", "sum": None, "cells": [cell_label(0, c) for c in range(9)]}


def test_greater_killer_relations_index_cage_regions():
    p = sample("greater-killer-1")
    record = to_record(p)
    assert len(p.comparisons) == len(record["relations"]) > 0
    for comparison, relation in zip(p.comparisons, record["relations"]):
        assert p.regions[comparison.left].label == relation["left"]
        assert p.regions[comparison.right].label == relation["right"]
        assert comparison.op == relation["op"]
    covered = {c for r in p.regions[27:] for c in r.cells}
    assert len(covered) < 81  # cells outside every cage are allowed
    assert any(r.total is None for r in p.regions[27:])


def test_kropki_negative_rule_adds_neither_pairs():
    on = sample("kropki-1")
    white, black = kropki.dots(on)
    assert kropki.negative(on) and on.get_info("negative") is True
    assert len(on.pairs) == 144
    assert Counter(p.kind for p in on.pairs) == {"consecutive": len(white), "ratio": len(black),
                                                  "neither": 144 - len(white) - len(black)}
    off = kropki.build(on.givens, white, black, negative=False)
    assert off.get_info("negative") is False
    assert len(off.pairs) == len(white) + len(black)
    assert all(p.a < p.b for p in on.pairs) and list(on.pairs) == sorted(on.pairs, key=lambda p: (p.a, p.b))


def test_kakuro_runs_are_named_regions():
    p = sample("kakuro-6x6")
    grid = kakuro.to_grid(p)
    for region in p.regions:
        direction, total, at, first = region.name.split()
        assert (direction, at) == (region.kind, "at") and int(total) == region.total
        r, c = parse_cell_label(first)
        assert p.cell_name(region.cells[0]) == first
        clue = grid[r][c - 1] if direction == "across" else grid[r - 1][c]
        assert clue.split("\\")[1 if direction == "across" else 0] == total
    kinds = [r.kind for r in p.regions]
    assert kinds == sorted(kinds)  # across runs first, then down runs


def test_kakuro_one_cell_and_unclued_runs_load():
    # a one-cell across run after a clue (r4c4, whose down run has no clue), and a white
    # cell whose across run follows a block (r4c2)
    text = "#  7\\ 11\\ #\n\\4 . . #\n\\10 . . #\n# . \\2 .\n"
    [p] = read_text(text, format="kakuro")
    assert [r.name for r in p.regions] == ["across 4 at r2c2", "across 10 at r3c2", "across 2 at r4c4",
                                           "down 7 at r2c2", "down 11 at r2c3"]
    assert p.regions_of(p.cell_at("r4c2")) == (3,)
    assert p.regions_of(p.cell_at("r4c4")) == (2,)
    assert p.check_solution([1, 3, 2, 8, 4, 2]) == []
    assert read_text(write_text([p], "kakuro"), format="kakuro") == [p]


# --- samples ----------------------------------------------------------------------------------


def test_samples_cover_every_kind_and_are_unique():
    from solver import count_solutions

    assert {sample(name).kind for name in SAMPLES} == set(KINDS)
    for name in SAMPLES:
        p = sample(name)
        assert p.id == name
        assert count_solutions(p, limit=2) == 1, name


def test_sample_files_are_canonical():
    from puzzles.samples import sample_text, _FILES

    for name in SAMPLES:
        text = sample_text(name)
        format = detect_format(text, _FILES[name])
        assert sample(name).kind in FORMATS[format].kinds
        assert write_text(read_text(text, format=format), format) == text, name


def test_unknown_sample():
    with pytest.raises(UnknownSampleError, match="no sample named 'nope'"):
        sample("nope")
    assert issubclass(UnknownSampleError, SumlogicError)


# --- bad puzzles -----------------------------------------------------------------------------


def killer_record() -> dict:
    return to_record(sample("killer-1"))


def jsonl_error(record: dict, line: int = 1) -> str:
    return text_error("\n" * (line - 1) + json.dumps(record) + "\n", "jsonl", InvalidPuzzleError, "bad.jsonl")


def test_cell_in_two_cages():
    record = killer_record()
    a, b = record["cages"][0], record["cages"][1]
    a["cells"].append(b["cells"][0])
    assert jsonl_error(record, line=3) == f"bad.jsonl:line 3: {b['cells'][0]}: in cage a and cage b"


def test_cell_in_no_cage():
    """A cell in no cage is a loose cell (setters leave some): it reads, in no cage, when the
    totals allow; a cage total that still counts it makes the totals miss what the grid holds."""
    from puzzles.killer import loose_cells

    record = killer_record()
    # a cage whose total still fits its cells less one (so the cage's own check passes)
    cage = next(c for c in record["cages"] if len(c["cells"]) > 2
                and c["sum"] <= sum(range(10 - len(c["cells"]) + 1, 10)))
    lost = cage["cells"].pop()
    message = jsonl_error(record)
    assert message == ("bad.jsonl:line 1: the printed cage totals add up to 405: with 1 cell(s) in cages without a "
                       "total or in no cage the grid cannot add up to 405 (9 of each digit 1-9): "
                       "no union of houses short of the whole grid shows it")
    cage["sum"] = None
    [puzzle] = read_text(json.dumps(record) + "\n", "jsonl")
    assert [puzzle.cell_name(i) for i in loose_cells(puzzle)] == [lost]


def test_impossible_cage_total():
    record = killer_record()
    record["cages"][1]["sum"] = 50
    n = len(record["cages"][1]["cells"])
    assert re.fullmatch(rf"bad.jsonl:line 1: cage b: total 50 is impossible for {n} different digits \(\d+\.\.\d+\)",
                        jsonl_error(record))


def test_repeated_cage_label():
    record = killer_record()
    record["cages"][2]["label"] = "a"
    assert jsonl_error(record) == "bad.jsonl:line 1: cage a: label used twice"


def test_disconnected_cage_is_allowed():
    cells = [GRID_CELLS[0], GRID_CELLS[80]]
    rest = [pos for pos in GRID_CELLS if pos not in cells]
    p = killer.build([Cage("a", 3, tuple(cells))] + [Cage(f"x{i}", None, (pos,)) for i, pos in enumerate(rest)])
    assert p.regions[27].cells == (0, 80)


def test_cage_cell_outside_the_grid():
    record = killer_record()
    record["cages"][0]["cells"].append("r10c1")
    assert jsonl_error(record) == "bad.jsonl:line 1: cage a: r10c1 is outside the 9x9 grid"


def test_killer_text_errors_name_line_and_cage():
    text = write_text([sample("killer-1")], "killer")
    lines = text.splitlines()
    symbol = lines[0].split()[1][0]
    no_total = "\n".join(lines[:9] + [" ".join(t for t in lines[9].split() if not t.startswith(symbol + "="))])
    assert text_error(no_total, "killer", ParseError, "k.killer") == (
        f"k.killer:line 1: r1c1: cage {symbol} has no total (write {symbol}=? for a cage without one)")
    assert text_error("\n".join(lines[:4] + ["123"] + lines[5:]), "killer").startswith(
        "line 5: expected 9 givens and 9 cage symbols")


def test_kakuro_run_longer_than_nine():
    row = "\\55 " + " ".join(["."] * 10)
    text = "# " + " ".join(["3\\"] * 10) + "\n" + row + "\n" + "\\3 " + " ".join(["."] * 10) + "\n"
    assert text_error(text, "kakuro", InvalidPuzzleError, "long.kakuro") == \
        "long.kakuro:line 2: across run at r2c2: 10 white cells, more than 9"


def test_kakuro_clue_without_run_and_cell_without_clue():
    assert text_error("# 3\\ 4\\\n\\3 . .\n\\4 . .\n\\9 # #\n", "kakuro", InvalidPuzzleError) == \
        "line 4: r4c1: across clue 9 has no white cell to its right"
    assert text_error("# # #\n# . #\n# # .\n", "kakuro", InvalidPuzzleError) == \
        "line 2: r2c2: white cell without a clue or a white neighbour"
    assert text_error("# 3\\ 4\\\n\\3 . .\n\\40 . .\n", "kakuro", InvalidPuzzleError) == \
        "line 3: across 40 at r3c2: total 40 is impossible for 2 different digits (3..17)"
    assert text_error("# 3\\ 4\\\n\\3 . .\n\\4 . x\n", "kakuro") == \
        "line 3: r3c3: 'x' is not a Kakuro cell (#, D\\R, . or a digit)"


def test_kropki_dot_between_non_neighbours():
    record = to_record(sample("kropki-1"))
    record["white"].append(["r1c1", "r1c3"])
    assert jsonl_error(record) == "bad.jsonl:line 1: dot between r1c1 and r1c3: the cells are not neighbours"
    with pytest.raises(InvalidPuzzleError, match="not neighbours"):
        Puzzle(kind="kropki", height=1, width=3, cells=((0, 0), (0, 1), (0, 2)), regions=(),
               pairs=(kropki.Pair(0, 2, "ratio"),))


def test_kropki_white_and_black_on_one_pair():
    record = to_record(sample("kropki-1"))
    record["black"].append(list(reversed(record["white"][0])))
    a, b = record["white"][0]
    assert jsonl_error(record) == f"bad.jsonl:line 1: dot between {a} and {b}: both a white and a black dot"


def test_ken_and_kropki3_errors():
    assert text_error("HA/HA/HA/HA/HA/HA/HA/HA/HA\nHA/HA/(wx)H/HA/HA/HA/HA/HA/HA/(kx)H\n", "ken") == \
        "line 2: the board has 10 rows separated by '/', not 9"
    assert text_error("HA/HA/HA/HA/HA/HA/HA/HA/H(xw)", "ken") == "line 1: r9c9: a dot right of the last column"
    text = write_text([sample("kropki-2")], "kropki3").splitlines()
    text[12] = "0 0 0"
    assert text_error("\n".join(text), "kropki3", ParseError, "k.kropki") == \
        "k.kropki:line 13: expected 8 dot codes, found 3"


def test_relation_naming_an_unknown_cage():
    record = to_record(sample("greater-killer-1"))
    record["relations"].append({"left": "a", "op": "<", "right": "zz"})
    assert jsonl_error(record) == "bad.jsonl:line 1: relation a < zz: no cage zz"
    record["relations"][-1] = {"left": "a", "op": "!", "right": "b"}
    assert jsonl_error(record) == "bad.jsonl:line 1: relation a ! b: operator '!' is not <, = or >"
    with pytest.raises(InvalidPuzzleError, match="no cage q"):
        greater_killer.build([Cage("a", None, ((0, 0),))], [("q", "=", "a")])


def test_jsonl_errors():
    assert jsonl_error({"kind": "sudoku", "cages": []}) == \
        "bad.jsonl:line 1: key 'cages' does not belong to a sudoku puzzle"
    assert jsonl_error({"kind": "sudoku", "size": 10}) == "bad.jsonl:line 1: size 10 is not one of 4..9"
    assert jsonl_error({"kind": "killer"}) == "bad.jsonl:line 1: a killer record needs 'cages'"
    assert jsonl_error({"kind": "sudoku", "givens": "1" * 81}) == "bad.jsonl:line 1: row 1: a given digit repeats"
    assert text_error('{"kind": "sudoku"}\n\n{"kind": "sudoku"\n', "jsonl").startswith("line 3: not JSON: ")
    assert text_error("[1]", "jsonl") == "record 1: a puzzle record is a JSON object, not int"


def test_sudoku_line_errors():
    assert text_error("." * 80 + "x\n", "sudoku") == "line 1: r9c9: 'x' is not a digit or '.'"
    with pytest.raises(InvalidPuzzleError) as excinfo:
        sudoku.build([1] + [0] * 8 + [1] + [0] * 71)
    assert one_line_error(excinfo) == "column 1: a given digit repeats"


def test_unknown_formats_and_files(tmp_path):
    with pytest.raises(UnknownFormatError) as excinfo:
        read_text("hello world")
    assert "cannot tell the notation" in one_line_error(excinfo)
    with pytest.raises(UnknownFormatError, match="unknown format 'fen'"):
        read_text("x", format="fen")
    with pytest.raises(ParseError) as excinfo:
        read_path(tmp_path / "missing.killer")
    assert "missing.killer" in one_line_error(excinfo)
    with pytest.raises(InvalidPuzzleError, match="cannot hold a killer puzzle"):
        write_text([sample("killer-1")], "ken")


def test_comparison_record_shape():
    p = greater_killer.build([Cage("a", None, ((0, 0), (0, 1))), Cage("b", None, ((1, 0),))], [("b", "<", "a")])
    assert p.comparisons == (Comparison(28, "<", 27),)
    assert to_record(p)["relations"] == [{"left": "b", "op": "<", "right": "a"}]
