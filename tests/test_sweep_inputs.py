"""An adversarial sweep of input reading (issue 20, "every valid input is read
right", "bounded input", "a clear one-line error that names the place"):
fresh cases of each class, for every notation and every way in.

Each test here failed on the commit before this sweep (6a62ce2): a lone
surrogate escape in a JSON string ended in ``internal error`` (exit 3); a
lone CR joined lines silently (two links read as one) or gave a message that
did not say why; a byte order mark was dropped by ``read_text`` but not by
the interchange notations' own ``detect``/``parse``, nor at the start of a
later line (the API refused what the CLI read); ``str.split()`` took U+00A0,
U+2028 or ``\\x1c`` for a field separator; Unicode digits (``R١C1``,
``puzz.link/p?sudoku/٤/٤``) were taken for ASCII ones; a puzz.link size of
thousands of digits ended in ``ValueError``; a second link after the first on
a line was dropped silently; ``%2C`` in a SudokuWiki link, a full stop after
an f-puzzles link and a ``<link>`` argument were refused; a UTF-16 file with
its byte order mark was "not UTF-8 text", and a bad byte was not located.

A few hundred hypothesis examples in the normal run; ``-m slow`` runs thousands.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import FORMATS, SAMPLES, detect_format, read_path, read_text, sample, write_text
from puzzles.samples import sample_text
from solver.errors import ParseError, SumlogicError
from sumlogic.cli import main

ROOT = Path(__file__).resolve().parents[1]
NORMAL = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))

JSON_NOTATIONS = ("jsonl", "fpuzzles-json")
"""Notations read as JSON, where a lone CR is white space like any other."""


def _texts() -> list[tuple[str, str, str]]:
    """``(notation, sample, text)`` for every notation and every sample it can hold (written by its writer)."""
    out = []
    for name in FORMATS:
        for sample_name in SAMPLES:
            try:
                text = write_text([sample(sample_name)], name)
            except SumlogicError:
                continue
            out.append((name, sample_name, text))
    return out


TEXTS = _texts()
LINE_TEXTS = [t for t in TEXTS if t[0] not in JSON_NOTATIONS]
IDS = [f"{n}-{s}" for n, s, _ in TEXTS]
LINE_IDS = [f"{n}-{s}" for n, s, _ in LINE_TEXTS]


def two(text: str) -> str:
    """Two puzzles in one text: the text twice, a blank line between."""
    return text.rstrip("\n") + "\n\n" + text


def run(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def answers(result: tuple[int, str, str]) -> tuple[int, list[dict[str, Any]]]:
    """The exit code and the JSON records of a run, without their timings (which depend on the clock)."""
    code, out, _ = result
    records = [json.loads(line) for line in out.splitlines() if line.strip()]
    return code, [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def refused(code: int, out: str, err: str) -> bool:
    """A bad input's answer: exit 2, nothing on stdout, one line on stderr, no internal error."""
    return code == 2 and out == "" and len(err.splitlines()) == 1 and "internal error" not in err


def test_every_notation_has_texts_here() -> None:
    assert {n for n, _, _ in TEXTS} == set(FORMATS)


# ------------------------------------------------------------------ lone surrogate escapes in JSON


def _string_paths(value: Any, path: str = "") -> list[str]:
    """The path of every string value in a JSON value, as ``cages[0].label``."""
    if isinstance(value, str):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _string_paths(v, f"{path}.{k}" if path else k)]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _string_paths(v, f"{path}[{i}]")]
    return []


def _set(value: Any, path: str, new: str) -> None:
    import re

    steps = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    for step in steps[:-1]:
        value = value[int(step[1:-1])] if step.startswith("[") else value[step]
    last = steps[-1]
    if last.startswith("["):
        value[int(last[1:-1])] = new
    else:
        value[last] = new


RECORDS = [json.loads(write_text([sample(name)], "jsonl")) for name in SAMPLES]
SURROGATES = st.integers(0xD800, 0xDFFF).map(lambda u: f"\\u{u:04x}")


def surrogate_case(data: st.DataObject) -> tuple[str, str]:
    """A sample record with one string (``id`` added) holding a lone surrogate escape: (JSON line, path)."""
    record = json.loads(json.dumps(data.draw(st.sampled_from(RECORDS), label="record")))
    record.setdefault("id", "x")
    path = data.draw(st.sampled_from(_string_paths(record)), label="path")
    marker = "\x00MARK\x00"
    original = record
    _set(original, path, marker)
    escape = data.draw(SURROGATES, label="escape")
    at = data.draw(st.sampled_from(["alone", "before", "after"]), label="where")
    inside = {"alone": escape, "before": escape + "a", "after": "a" + escape}[at]
    line = json.dumps(original).replace(json.dumps(marker)[1:-1], inside)
    return line, path


def check_surrogate(line: str, path: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_text(line + "\n", "jsonl")
    assert path in str(caught.value) and "surrogate" in str(caught.value)


@NORMAL
@given(data=st.data())
def test_lone_surrogate_escape_is_refused_naming_the_field(data: st.DataObject) -> None:
    check_surrogate(*surrogate_case(data))


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_lone_surrogate_escape_is_refused_naming_the_field_slow(data: st.DataObject) -> None:
    check_surrogate(*surrogate_case(data))


def test_a_surrogate_pair_is_one_character() -> None:
    line = json.dumps({"kind": "sudoku", "id": "\U0001f600"})
    assert "\\ud83d\\ude00" in line
    assert read_text(line, "jsonl")[0].id == "\U0001f600"


@pytest.mark.parametrize("command", [["solve", "--json", "--no-logic"], ["hint", "--json"]])
def test_lone_surrogate_through_the_cli(command: list[str], tmp_path: Path) -> None:
    """Was ``internal error: UnicodeEncodeError`` (exit 3) when the id was written to a real stdout."""
    path = tmp_path / "bad.jsonl"
    good = write_text([sample("sudoku-1")], "jsonl")
    path.write_text(good + good.replace('"id": "sudoku-1"', '"id": "a\\ud800b"'), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "sumlogic", command[0], str(path), *command[1:]],
                          capture_output=True, cwd=ROOT, timeout=120)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1 and "internal error" not in err, err
    assert "line 2" in err and "surrogate" in err
    assert [json.loads(x)["status"] for x in done.stdout.decode().splitlines()] == ["solved", "invalid"]


def test_lone_surrogate_in_an_fpuzzles_payload() -> None:
    from puzzles import fpuzzles

    data = fpuzzles.to_json(sample("sudoku-1"))
    text = json.dumps(data).replace("{", '{"title": "\\udc00", ', 1)
    with pytest.raises(ParseError, match="title.*surrogate"):
        read_text(text, "fpuzzles-json")


# ------------------------------------------------------------------ lone CR: not a line end, said plainly


@pytest.mark.parametrize(("notation", "name", "text"), LINE_TEXTS, ids=LINE_IDS)
def test_old_mac_line_ends_are_refused_in_every_line_notation(notation: str, name: str, text: str) -> None:
    """A text whose lines end with CR alone is refused, and the message says why
    (it was read as one line: an unrelated message, or two links read as one)."""
    cr = two(text).replace("\n", "\r")
    with pytest.raises(ParseError) as caught:
        read_text(cr, notation)
    assert caught.value.line == 1 and "carriage return" in str(caught.value)
    assert len(read_text(two(text).replace("\n", "\r\n"), notation)) == 2


def cr_case(data: st.DataObject) -> tuple[str, str, int]:
    notation, _, text = data.draw(st.sampled_from(LINE_TEXTS), label="text")
    both = two(text)
    ends = [i for i, ch in enumerate(both[:-1]) if ch == "\n" and both[i + 1] != "\n"]  # else it makes a CR LF
    at = data.draw(st.sampled_from(ends), label="at")
    return notation, both[:at] + "\r" + both[at + 1:], both.count("\n", 0, at) + 1


def check_cr(notation: str, text: str, line: int) -> None:
    with pytest.raises(ParseError) as caught:
        read_text(text, notation, "x.data")
    assert caught.value.line == line and "carriage return" in str(caught.value)


@NORMAL
@given(data=st.data())
def test_one_lone_cr_is_named_by_its_line(data: st.DataObject) -> None:
    check_cr(*cr_case(data))


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_one_lone_cr_is_named_by_its_line_slow(data: st.DataObject) -> None:
    check_cr(*cr_case(data))


def test_old_mac_file_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "mac.sudoku"
    path.write_bytes(((sample_text("sudoku-1").strip() + "\r") * 3).encode())
    code, out, err = run(["solve", str(path)])
    assert refused(code, out, err) and "line 1" in err and "carriage return" in err


def test_a_lone_cr_between_json_lines_records_is_explained(tmp_path: Path) -> None:
    record = write_text([sample("sudoku-1")], "jsonl").strip()
    with pytest.raises(ParseError, match="carriage return"):
        read_text(record + "\r" + record + "\r", "jsonl")
    assert len(read_text("[" + record + ",\r" + record + "]\r", "jsonl")) == 2  # JSON: a CR is white space


# ------------------------------------------------------------------ byte order marks, everywhere


@pytest.mark.parametrize(("notation", "name", "text"), TEXTS, ids=IDS)
def test_bom_is_dropped_by_every_notation_and_detector(notation: str, name: str, text: str) -> None:
    assert FORMATS[notation].detect("\ufeff" + text) == FORMATS[notation].detect(text)
    assert detect_format("\ufeff" + text) == detect_format(text)
    assert FORMATS[notation].parse("\ufeff" + text) == FORMATS[notation].parse(text)


@pytest.mark.parametrize(("notation", "name", "text"), [t for t in TEXTS if t[0] != "fpuzzles-json"],
                         ids=[i for t, i in zip(TEXTS, IDS) if t[0] != "fpuzzles-json"])
def test_bom_at_the_start_of_a_later_line_is_dropped(notation: str, name: str, text: str,
                                                     tmp_path: Path) -> None:
    """Files joined with ``cat`` each bring their BOM: the API and the CLI read them alike
    (the CLI read them line by line, the API refused them)."""
    joined = "\ufeff" + text.rstrip("\n") + "\n\n\ufeff" + text
    assert read_text(joined, notation) == read_text(two(text), notation)
    path = tmp_path / "joined.data"
    path.write_text(joined, encoding="utf-8")
    code, out, err = run(["solve", str(path), "--format", notation, "--json", "--no-logic"])
    assert code in (0, 1) and len(out.splitlines()) == 2, err


def test_bom_inside_a_line_is_not_dropped() -> None:
    line = sample_text("sudoku-1").strip()
    with pytest.raises(ParseError, match="line 1"):
        read_text(line[:40] + "\ufeff" + line[40:], "sudoku")


@pytest.mark.parametrize(("notation", "name", "text"), [t for t in TEXTS if "://" in t[2]],
                         ids=[i for t, i in zip(TEXTS, IDS) if "://" in t[2]])
def test_a_link_argument_with_a_bom_or_in_angle_brackets(notation: str, name: str, text: str) -> None:
    link = text.strip()
    expected = answers(run(["solve", link, "--json", "--no-logic"]))
    assert expected[0] in (0, 1) and expected[1]
    for argument in ("\ufeff" + link, f"<{link}>", f"({link})", f" '{link}' "):
        assert answers(run(["solve", argument, "--json", "--no-logic"])) == expected, argument


# ------------------------------------------------------------------ fields are split at ASCII white space only

SPLIT_ONLY = ["\u00a0", "\u2028", "\u2029", "\u0085", "\u3000", "\u2003", "\x1c", "\x1d", "\x1e", "\x1f"]
"""What ``str.split()`` takes for white space besides ASCII's."""
FIELD_TEXTS = [t for t in LINE_TEXTS if t[0] in ("kakuro", "killer", "kropki3", "ken", "sudoku-grid")]


def separator_case(data: st.DataObject) -> tuple[str, str]:
    notation, _, text = data.draw(st.sampled_from(FIELD_TEXTS), label="text")
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if notation == "ken":  # a KEN line has one optional space (before the rule field); add one
        text, spaces = text.rstrip("\n") + " n\n", [len(text.rstrip("\n"))]
    at = data.draw(st.sampled_from(spaces), label="at")
    new = data.draw(st.sampled_from(SPLIT_ONLY), label="separator")
    return notation, text[:at] + new + text[at + 1:]


def check_separator(notation: str, text: str) -> None:
    """A non-ASCII space where a field separator was makes the text wrong (it read as if nothing changed)."""
    with pytest.raises(ParseError):
        read_text(text, notation)


@NORMAL
@given(data=st.data())
def test_fields_are_separated_by_ascii_white_space_only(data: st.DataObject) -> None:
    check_separator(*separator_case(data))


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_fields_are_separated_by_ascii_white_space_only_slow(data: st.DataObject) -> None:
    check_separator(*separator_case(data))


def test_tabs_still_separate_fields() -> None:
    for notation, _, text in FIELD_TEXTS:
        if notation != "ken":
            assert read_text(text.replace(" ", "\t"), notation) == read_text(text, notation)


# ------------------------------------------------------------------ digits are ASCII digits

UNICODE_DIGITS = st.sampled_from(["\u0660", "\u06f0", "\u0966", "\uff10", "\u09e6", "\U0001d7ce"]).map(
    lambda zero: {str(d): chr(ord(zero) + d) for d in range(10)})
"""A digit table of another script (Arabic-Indic, Devanagari, full-width...): ``int()`` reads them all."""


def _fpuzzles_cells(table: dict[str, str]) -> str:
    from puzzles import fpuzzles

    data = fpuzzles.to_json(sample("killer-1"))
    cage = data["killercage"][0]
    cage["cells"] = [cell[0] + cell[1:].translate(str.maketrans(table)) for cell in cage["cells"]]
    return json.dumps(data, ensure_ascii=False)


def _puzzlink_size(table: dict[str, str]) -> str:
    link = write_text([sample("sudoku-1")], "puzzlink").strip()
    return link.replace("/9/9/", "/" + table["9"] + "/" + table["9"] + "/")


def _kakuro_body_size(table: dict[str, str]) -> str:
    link = write_text([sample("kakuro-6x6")], "puzzlink").strip()
    return link.split("?kakuro/", 1)[1].translate(str.maketrans({"5": table["5"]}))


def _pzprv3_total() -> str:
    return "pzprv3/kakuro/2/2/0 3 4 /3 . . /4 . . /"


@NORMAL
@given(table=UNICODE_DIGITS, where=st.sampled_from(["fpuzzles", "puzzlink", "kakuro-body", "pzprv3"]))
def test_digits_of_other_scripts_are_not_digits(table: dict[str, str], where: str) -> None:
    text = {"fpuzzles": lambda: _fpuzzles_cells(table), "puzzlink": lambda: _puzzlink_size(table),
            "kakuro-body": lambda: _kakuro_body_size(table),
            "pzprv3": lambda: _pzprv3_total().replace("3 4 /", table["3"] + " 4 /", 1)}[where]()
    with pytest.raises(SumlogicError):
        read_text(text, "fpuzzles-json" if where == "fpuzzles" else "puzzlink")


def test_the_pzprv3_digits_test_reads_with_ascii_digits() -> None:
    [puzzle] = read_text(_pzprv3_total(), "puzzlink")
    assert puzzle.kind == "kakuro"


@pytest.mark.parametrize("digits", [30, 4301, 5000, 100_000])
def test_a_size_of_many_digits_is_refused_in_plain_words(digits: int) -> None:
    """Was ``ValueError: Exceeds the limit (4300 digits) for integer string conversion``."""
    for text in (f"https://puzz.link/p?sudoku/{'9' * digits}/4/g2j1h1j3g", f"{'9' * digits}/5/48la0.na0lh3l0Bn.0cl",
                 f"pzprv3/kakuro/{'9' * digits}/2/0 3 4 /3 . . /4 . . /"):
        with pytest.raises(ParseError, match="out of range|not two numbers") as caught:
            read_text(text, "puzzlink")
        assert "digits" not in str(caught.value) and len(str(caught.value)) < 200


# ------------------------------------------------------------------ links: one a line, nothing dropped

LINKS = [(n, s, t.strip()) for n, s, t in TEXTS if n in ("fpuzzles", "sudokupad", "sudokuwiki", "puzzlink")]
LINK_IDS = [f"{n}-{s}" for n, s, _ in LINKS]


@pytest.mark.parametrize(("notation", "name", "link"), LINKS, ids=LINK_IDS)
@pytest.mark.parametrize("between", [" ", "\t", "\u2028", "\u00a0", " and "])
def test_two_links_on_one_line_are_never_read_as_one(notation: str, name: str, link: str, between: str) -> None:
    try:
        got = read_text(link + between + link + "\n", notation)
    except ParseError as error:
        assert "\n" not in str(error)
        return
    assert len(got) == 2


def test_pzprv3_text_holds_one_puzzle() -> None:
    text = _pzprv3_total()
    with pytest.raises(ParseError, match="pzprv3"):
        read_text(text + "\n" + text, "puzzlink")


@pytest.mark.parametrize(("notation", "name", "link"), [x for x in LINKS if x[0] in ("fpuzzles", "sudokupad")],
                         ids=[i for x, i in zip(LINKS, LINK_IDS) if x[0] in ("fpuzzles", "sudokupad")])
@pytest.mark.parametrize("after", [".", ",", ";", ":", "!", "?", ")", "...", "\"", "'", ">", "]"])
def test_punctuation_after_an_lz_link_is_not_part_of_it(notation: str, name: str, link: str, after: str) -> None:
    """A link at the end of a sentence: none of these characters is in lz-string's alphabet."""
    assert read_text(link + after, notation) == read_text(link, notation)


@pytest.mark.parametrize(("notation", "name", "link"), [x for x in LINKS if x[0] == "sudokuwiki"],
                         ids=[i for x, i in zip(LINKS, LINK_IDS) if x[0] == "sudokuwiki"])
def test_a_percent_encoded_sudokuwiki_link(notation: str, name: str, link: str) -> None:
    """A link's query may be percent-encoded (``%2C`` for the comma of a killer's string)."""
    head, body = link.split("bd=", 1)
    encoded = head + "bd=" + "".join(f"%{ord(ch):02X}" for ch in body[:3]) + body[3:].replace(",", "%2C")
    assert read_text(encoded, notation) == read_text(link, notation)


# ------------------------------------------------------------------ encodings: UTF-16/32 with a BOM, bad bytes located


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_utf16_and_utf32_files_with_their_bom_are_read(name: str, encoding: str, tmp_path: Path) -> None:
    """What Windows editors save as "Unicode" (was: "not UTF-8 text")."""
    text = sample_text(name)
    data = text.encode(encoding)
    if not encoding.endswith("-be"):
        assert data[:2] in (b"\xff\xfe", b"\xfe\xff")
    else:
        data = ("\ufeff" + text).encode(encoding)
    path = tmp_path / f"{name}.data"
    path.write_bytes(data)
    assert read_path(path) == read_path(_utf8(tmp_path, path.name, text))
    from_file = run(["solve", str(path), "--json", "--no-logic"])
    assert from_file[0] == 0, from_file[2]
    code, records = answers(run(["solve", "-", "--json", "--no-logic"], stdin=data))
    assert (code, [r | {"id": ""} for r in records]) == (0, [r | {"id": ""} for r in answers(from_file)[1]])


def _utf8(folder: Path, name: str, text: str) -> Path:
    (folder / "utf8").mkdir()
    path = folder / "utf8" / name
    path.write_text(text, encoding="utf-8")
    return path


def bad_byte_case(data: st.DataObject) -> tuple[bytes, int, int]:
    text = data.draw(st.sampled_from([sample_text(n) for n in SAMPLES]), label="text").encode("utf-8")
    at = data.draw(st.integers(0, len(text) - 1), label="at")
    bad = data.draw(st.sampled_from([b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xf8"]), label="bytes")
    line = text.count(b"\n", 0, at) + 1
    column = at - (text.rfind(b"\n", 0, at) + 1) + 1
    return text[:at] + bad + text[at:], line, column


def check_bad_byte(data: bytes, line: int, column: int) -> None:
    code, out, err = run(["solve", "-", "--no-logic"], stdin=data)
    assert refused(code, out, err), err
    assert f"<stdin>:line {line}: not UTF-8 text" in err and f"at column {column}" in err


@NORMAL
@given(data=st.data())
def test_a_byte_that_is_not_utf8_is_named_by_line_and_column(data: st.DataObject) -> None:
    check_bad_byte(*bad_byte_case(data))


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_a_byte_that_is_not_utf8_is_named_by_line_and_column_slow(data: st.DataObject) -> None:
    check_bad_byte(*bad_byte_case(data))


def test_read_path_names_the_bad_byte_too(tmp_path: Path) -> None:
    path = tmp_path / "bad.sudoku"
    path.write_bytes(sample_text("sudoku-1").encode() + b"12\xff\n")
    with pytest.raises(ParseError) as caught:
        read_path(path)
    assert caught.value.line == 2 and "column 3" in str(caught.value) and str(path) in str(caught.value)


# ------------------------------------------------------------------ bounded input: the limit is a bound, not a size


@pytest.mark.parametrize("limit", [str(10 ** 11), str(10 ** 13), "9" * 40])
def test_a_large_max_input_reads_a_small_input(limit: str, tmp_path: Path) -> None:
    """``read(limit + 1)`` set aside the whole limit first: ``--max-input 100000000000`` on a
    one-line file ended in ``internal error: MemoryError`` (and 40 digits in ``OverflowError``)."""
    from sumlogic.cli.common import MAX_INPUT_LIMIT

    text = sample_text("sudoku-1")
    path = tmp_path / "one.sudoku"
    path.write_text(text, encoding="utf-8")
    assert len(read_path(path, max_bytes=int(limit))) == 1  # any bound, from Python
    cli_limit = str(min(int(limit), MAX_INPUT_LIMIT))  # the option stops at 4 GiB (a usage error above)
    assert answers(run(["solve", str(path), "--json", "--no-logic", "--max-input", cli_limit]))[0] == 0
    assert answers(run(["solve", "-", "--json", "--no-logic", "--max-input", cli_limit], stdin=text.encode()))[0] == 0


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_the_limit_is_exact(extra: int, tmp_path: Path) -> None:
    data = sample_text("sudoku-1").encode() * 3
    path = tmp_path / "three.sudoku"
    path.write_bytes(data)
    code, out, err = run(["solve", str(path), "--json", "--no-logic", "--max-input", str(len(data) + extra)])
    if extra < 0:
        assert refused(code, out, err) and f"input limit of {len(data) + extra} bytes" in err
    else:
        assert code == 0 and len(out.splitlines()) == 3


def test_a_bom_before_a_sample_name() -> None:
    assert answers(run(["solve", "\ufeffsample:sudoku-1", "--json", "--no-logic"])) == \
        answers(run(["solve", "sample:sudoku-1", "--json", "--no-logic"]))


# ------------------------------------------------------------------ CSV: a damaged first line is not a header

CSV_LINE = write_text([sample("sudoku-1")], "sudoku-csv").strip()


@NORMAL
@given(at=st.integers(0, 80), bad=st.sampled_from(["\u0664", "\uff14", "x", ";", " ", "#"]))
def test_a_damaged_first_csv_line_is_named_not_skipped(at: int, bad: str) -> None:
    """The first line was taken for a header whenever it was not a puzzle: one damaged
    line read as no puzzle at all, silently (``read_text`` returned ``[]``)."""
    damaged = CSV_LINE[:at] + bad + CSV_LINE[at + 1:]
    with pytest.raises(ParseError) as caught:
        read_text(damaged + "\n" + CSV_LINE + "\n", "sudoku-csv")
    assert caught.value.line == 1


@pytest.mark.parametrize("header", ["puzzle,solution", "quizzes,solutions", '"puzzle","solution"', "Puzzle"])
def test_a_csv_header_is_still_skipped(header: str) -> None:
    assert len(read_text(f"{header}\n{CSV_LINE}\n", "sudoku-csv")) == 1


def test_quoted_csv_fields() -> None:
    assert read_text(f' "{CSV_LINE}" ,\n', "sudoku-csv") == read_text(CSV_LINE + "\n", "sudoku-csv")


# ------------------------------------------------------------------ payloads: plain words, spaces for +


@pytest.mark.parametrize("prefix", ["https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles",
                                    "https://sudokupad.app/scl"])
def test_a_deeply_nested_payload_is_said_in_plain_words(prefix: str) -> None:
    from puzzles.lzstring import compress_to_base64

    with pytest.raises(ParseError) as caught:
        read_text(prefix + compress_to_base64("[" * 50_000 + "]" * 50_000))
    assert "nested too deeply" in str(caught.value) and "recursion" not in str(caught.value)


@pytest.mark.parametrize(("notation", "name", "link"), [x for x in LINKS if x[0] == "fpuzzles"],
                         ids=[i for x, i in zip(LINKS, LINK_IDS) if x[0] == "fpuzzles"])
def test_an_fpuzzles_link_with_spaces_for_plus(notation: str, name: str, link: str) -> None:
    """A form decoder turns ``+`` into a space; the bare lz string was read so, the link too now."""
    assert "+" in link
    assert read_text(link.replace("+", " "), notation) == read_text(link, notation)


def test_undetectable_text_with_a_lone_cr_says_so(tmp_path: Path) -> None:
    link = write_text([sample("sudoku-1")], "fpuzzles").strip().split("load=")[1]  # a bare lz string
    path = tmp_path / "two.data"
    path.write_text(link + "\r" + link + "\r", encoding="utf-8")
    code, out, err = run(["solve", str(path)])
    assert refused(code, out, err) and "carriage return" in err
