"""Issue 20: valid input read right, bounded input, Ctrl-C, the API's boundary,
output fit for a terminal and a pipe, and what a new user sees.

Each test here failed on the commit before these fixes (04021c6).
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from puzzles import FORMATS, SAMPLES, detect_format, read_path, read_text
from puzzles.samples import sample_text
from solver.errors import ParseError, SumlogicError
from sumlogic.cli import main
from .process_support import Output, json_lines, run, with_default_signals

ROOT = Path(__file__).resolve().parents[1]
SUDOKU_LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SEPARATORS = ["\u2028", "\u2029", "\u0085", "\x1c", "\x1d", "\x1e", "\x0b", "\x0c", "\r"]
"""What ``str.splitlines()`` takes for a line end, besides ``\\n`` and ``\\r\\n``."""






def record(**fields: Any) -> str:
    return json.dumps({"kind": "sudoku", "givens": SUDOKU_LINE, **fields}, ensure_ascii=False)


# ------------------------------------------------------------------------ lines end at \n only


@pytest.mark.parametrize("separator", SEPARATORS)
def test_jsonl_string_may_hold_any_separator(separator: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A JSON string may hold U+2028, U+2029, U+0085...: the record stays one
    line, and the line numbers after it stay right (reader and CLI)."""
    text = record(id=f"a{separator}b") + "\n" + record(id="second") + "\n" + '{"kind": "chess"}\n'
    with pytest.raises(ParseError) as caught:
        read_text(text, "jsonl", "x.jsonl")
    assert caught.value.line == 3
    [first, second] = read_text(text.rsplit("\n", 2)[0] + "\n", "jsonl")
    assert (first.id, second.id) == (f"a{separator}b", "second")
    path = tmp_path / "three.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "solve", str(path), "--json", "--no-logic")
    records = json_lines(out)
    assert code == 1 and [r["status"] for r in records] == ["solved", "solved", "invalid"]
    assert records[0]["id"] == f"a{separator}b" and "line 3" in records[2]["error"]


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\x1e"])
def test_no_notation_breaks_lines_but_at_newline(name: str, separator: str) -> None:
    """Every notation: text whose line ends are U+2028 (or another splitlines
    separator) is not the same text as with ``\\n``."""
    text = sample_text(name)
    notation = detect_format(text)
    if notation in ("jsonl", "ken", "sudoku"):
        text = text.rstrip("\n") + "\n" + text  # two puzzles, one per line
    joined = text.rstrip("\n").replace("\n", separator) + "\n"
    try:
        got = read_text(joined, notation)
    except SumlogicError:
        return
    assert got != read_text(text, notation)


def test_crlf_still_ends_a_line(tmp_path: Path) -> None:
    for name in SAMPLES:
        text = sample_text(name)
        assert read_text(text.replace("\n", "\r\n"), detect_format(text)) == read_text(text)


def test_sudoku_lines_joined_by_a_separator_are_one_bad_line(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.sudoku"
    path.write_text(SUDOKU_LINE + "\u2028" + SUDOKU_LINE + "\n" + SUDOKU_LINE + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "solve", str(path), "--json", "--no-logic")
    assert [r["status"] for r in json_lines(out)] == ["invalid", "solved"] and code == 1


# ------------------------------------------------------------------------ byte order mark


@pytest.mark.parametrize("name", SAMPLES)
def test_bom_is_dropped_by_every_notation(name: str) -> None:
    text = sample_text(name)
    notation = detect_format(text)
    assert detect_format("\ufeff" + text) == notation
    assert FORMATS[notation].detect("\ufeff" + text)
    assert FORMATS[notation].parse("\ufeff" + text) == FORMATS[notation].parse(text)


@pytest.mark.parametrize("name", SAMPLES)
def test_bom_on_stdin_and_unknown_extensions(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    data = "\ufeff" + sample_text(name)
    path = tmp_path / "puzzle.data"
    path.write_text(data, encoding="utf-8")
    code, out, err = run(capsys, "solve", str(path), "--json", "--no-logic")
    assert code == 0, err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data.encode("utf-8")), encoding="utf-8"))
    code, out, err = run(capsys, "solve", "-", "--json", "--no-logic")
    assert code == 0, err
    assert json_lines(out)[0]["status"] == "solved"


def test_bom_in_a_line_by_line_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first puzzle of a one-per-line file with a bad line and a BOM is still read."""
    path = tmp_path / "lines.jsonl"
    path.write_bytes(("\ufeff" + record(id="one") + "\n" + '{"kind": "sudoku", "givens": "1"}\n').encode())
    code, out, _ = run(capsys, "solve", str(path), "--json", "--no-logic")
    assert [r["status"] for r in json_lines(out)] == ["solved", "invalid"]


# ------------------------------------------------------------------------ the corpus schema, exactly

KILLER = json.loads(sample_text("greater-killer-1"))
KAKURO_GRID = {"kind": "kakuro", "height": 3, "width": 3, "grid": ["# 4\\ 3\\", "\\3 . .", "\\4 . ."]}


@pytest.mark.parametrize(("bad", "field"), [
    ({"kind": "sudoku", "size": 9.0}, "size"),
    ({"kind": "sudoku", "size": True}, "size"),
    ({"kind": "sudoku", "size": "9"}, "size"),
    ({**KAKURO_GRID, "height": 3.0}, "height"),
    ({**KAKURO_GRID, "width": True}, "width"),
    ({**KAKURO_GRID, "grid": ["#\u20034\\ 3\\", "\\3 . .", "\\4 . ."]}, "width"),
    ({"kind": "killer", "cages": [{"label": "a", "cells": ["r1c1"]}]}, "sum"),
    ({"kind": "killer", "cages": [{"sum": 3, "cells": ["r1c1"]}]}, "label"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": 3}]}, "cells"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": True, "cells": ["r1c1"]}]}, "sum"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": 3.0, "cells": ["r1c1"]}]}, "sum"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": 3, "cells": ["r\u0661c1"]}]}, "r\u0661c1"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": 3, "cells": ["r1c\uff11"]}]}, "r1c\uff11"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": 3, "cells": ["R1C1"]}]}, "R1C1"),
    ({"kind": "killer", "cages": [{"label": "a", "sum": 3, "cells": [" r1c1"]}]}, "r1c1"),
    ({"kind": "kropki", "white": [["r1c1", "r\u0967c2"]]}, "white"),
    ({"givens": SUDOKU_LINE}, "kind"),
])
def test_json_records_follow_the_schema(bad: dict[str, Any], field: str) -> None:
    """Values the schema does not allow are refused, and the message names the field."""
    with pytest.raises(ParseError) as caught:
        read_text(json.dumps(bad, ensure_ascii=False), "jsonl")
    assert field in str(caught.value)


@pytest.mark.parametrize("text", ['{"kind": "sudoku", "size": NaN}', '{"kind": "sudoku", "size": Infinity}',
                                  '{"kind": "sudoku", "kind": "killer"}'])
def test_json_that_is_not_json_is_refused(text: str) -> None:
    with pytest.raises(ParseError):
        read_text(text, "jsonl")


def test_the_corpus_still_reads(corpus: Path) -> None:
    for path in sorted(corpus.glob("*.jsonl")):
        assert len(read_path(path)) == sum(1 for line in path.read_text().split("\n") if line.strip())


# ------------------------------------------------------------------------ input limit


def test_input_larger_than_the_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.sudoku"
    path.write_text((SUDOKU_LINE + "\n") * 10)
    for command in ("solve", "explain", "hint", "grade"):
        code, out, err = run(capsys, command, str(path), "--max-input", "100")
        assert code == 2 and out == "" and len(err.splitlines()) == 1 and "input limit of 100 bytes" in err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    code, _, err = run(capsys, "solve", "-", "--max-input", "100")
    assert code == 2 and "<stdin>" in err and "input limit" in err
    code, out, _ = run(capsys, "solve", str(path), "--max-input", "1000", "--json", "--no-logic")
    assert code == 0 and len(json_lines(out)) == 10


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_endless_input_is_refused_without_reading_it_whole() -> None:
    """``solve /dev/zero`` reads 64 MB + 1 byte and stops: exit 2, one line (not MemoryError, exit 3)."""
    done = subprocess.run([sys.executable, "-m", "sumlogic", "solve", "/dev/zero"], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, preexec_fn=_limit_memory)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "input limit" in done.stderr and "MemoryError" not in done.stderr
    with pytest.raises(ParseError, match="input limit"):
        read_path("/dev/zero", max_bytes=1000)


# ------------------------------------------------------------------------ Ctrl-C


#: Seconds a subprocess may take to get ready, to stop after Ctrl-C, or for its workers to go:
#: a net against a hang, never a measure.  Generous, because under a load of 15-17 on two
#: cores a Python start with its imports, or a pool's shutdown, took tens of seconds; the
#: shorter nets this replaces (10 s, 30 s) made these tests fail under load only.
SAFETY = 300.0


def _interrupt(argv: list[str], *, after_lines: int = 0, delay: float = 0.0, group: bool = True,
               script: bool = False) -> tuple[int, str, str]:
    """Run the CLI, send SIGINT once ``after_lines`` lines are out, or once it reads its
    input (then ``delay`` seconds); the waits are bounded by :data:`SAFETY` only."""
    command = ([str(Path(sys.executable).parent / "sumlogic")] if script
               else [sys.executable, "-m", "sumlogic"])
    process = subprocess.Popen(with_default_signals(command + argv), cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    output = Output(process, after_lines)
    lines = output.lines
    if after_lines:
        ready = output.enough.wait(SAFETY)
    else:
        ready = _wait_until_reading(process, [a for a in argv if Path(a).is_file()], lines)
    if not ready:  # never a signal before the command has Ctrl-C in hand: that would test nothing
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        pytest.fail(f"{argv}: not started on its work {SAFETY:g} s after launch")
    time.sleep(delay)
    if group:
        os.killpg(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: every process of the group
    else:
        process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=SAFETY)  # a safety net against a hang, not what is measured
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        pytest.fail(f"{argv}: still running {SAFETY:g} s after Ctrl-C")
    out, err = output.join(SAFETY)
    deadline = time.monotonic() + SAFETY
    while time.monotonic() < deadline:  # the worker processes are gone too (a safety bound, not a measure)
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail(f"{argv}: worker processes left running {SAFETY:g} s after Ctrl-C")
    return process.returncode, out, err


def _wait_until_reading(process: subprocess.Popen, inputs: list[str], lines: list[bytes]) -> bool:
    """Wait until the command has started on its work: it has one of ``inputs``
    open (it reads them only after taking Ctrl-C in hand), it has written a
    line, or it has ended.  So the delay after it counts from there, not from
    the interpreter's start, whose length depends on the machine's load.
    Returns False only when :data:`SAFETY` seconds pass first (a net, not a measure)."""
    wanted = {str(Path(i).resolve()) for i in inputs}
    fds = Path(f"/proc/{process.pid}/fd")
    deadline = time.monotonic() + SAFETY
    while time.monotonic() < deadline:
        if lines or process.poll() is not None or not wanted:
            return True
        try:
            if any(os.path.realpath(fd) in wanted for fd in fds.iterdir()):
                return True
        except OSError:  # the process is starting or gone, or /proc is not there
            if not fds.parent.exists():
                return True
        time.sleep(0.01)
    return False


def _many_puzzles(tmp_path: Path) -> str:
    """A file of many Sudokus (the corpus's when there is one), a fraction of a second each."""
    corpus = Path(os.environ.get("SUMLOGIC_CORPUS", ROOT.parent / "shared" / "corpus")) / "sudoku.jsonl"
    lines = [line for line in corpus.read_text().split("\n") if line.strip()] if corpus.exists() else [
        json.dumps({"id": f"s{i}", "kind": "sudoku", "givens": SUDOKU_LINE}) for i in range(60)]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines * 4) + "\n")
    return str(path)


def test_once_workers_are_stopped_a_thread_error_is_not_printed(capfd: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """After Ctrl-C, a pool's manager thread may trip over the workers it lost (seen
    once in CI under load: "Exception in thread Thread-1: Traceback ..."): stopping
    the workers silences such errors, as the process is ending."""
    from concurrent.futures import ProcessPoolExecutor

    from sumlogic.cli import common

    monkeypatch.setattr(threading, "excepthook", threading.__excepthook__)  # Python's own (pytest sets another)

    def fail() -> None:
        raise RuntimeError("a manager thread tripping over a lost worker")

    before = threading.Thread(target=fail)
    before.start()
    before.join()
    assert "Traceback" in capfd.readouterr().err  # the check below could fail
    pool = ProcessPoolExecutor(1)
    assert pool.submit(abs, -1).result() == 1
    common._POOLS.append(pool)
    common.stop_workers()
    after = threading.Thread(target=fail)
    after.start()
    after.join()
    assert "Traceback" not in capfd.readouterr().err and common._POOLS == []


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("after_lines", "delay", "group"), [(0, 0.15, True), (0, 0.4, True), (1, 0.0, True),
                                                             (2, 0.05, False)])
def test_ctrl_c_exits_130_quietly(tmp_path: Path, jobs: str, after_lines: int, delay: float, group: bool) -> None:
    many = _many_puzzles(tmp_path)
    code, out, err = _interrupt(["explain", many, "--json", "--jobs", jobs], after_lines=after_lines,
                                delay=delay, group=group)
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    records = json_lines(out)  # every line written is whole JSON
    assert len(records) >= after_lines


def test_ctrl_c_stops_busy_workers_at_once(tmp_path: Path) -> None:
    """Ctrl-C sent to the main process only, while two workers are busy with a long
    batch: the queued puzzles are cancelled and the workers stopped (before, every
    queued puzzle was still solved before the exit)."""
    corpus = Path(os.environ.get("SUMLOGIC_CORPUS", ROOT.parent / "shared" / "corpus")) / "killer.jsonl"
    if not corpus.exists():
        pytest.skip("needs the corpus's killer.jsonl (a long batch)")
    code, out, err = _interrupt(["explain", str(corpus), "--json", "--jobs", "2"], delay=1.0, group=False)
    assert code == 130 and "Traceback" not in err
    json_lines(out)


def test_ctrl_c_through_the_console_script(tmp_path: Path) -> None:
    if not (Path(sys.executable).parent / "sumlogic").exists():
        pytest.skip("the sumlogic console script is not installed next to this Python")
    code, out, err = _interrupt(["solve", _many_puzzles(tmp_path), "--json", "--jobs", "2"], after_lines=1,
                                script=True)
    assert code == 130 and "Traceback" not in err
    json_lines(out)


# ------------------------------------------------------------------------ output


def test_control_characters_are_escaped_in_human_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sneaky = "evil\x1b[2J\x1b]0;title\x07\u202e\u2028id"
    path = tmp_path / "sneaky.jsonl"
    path.write_text(record(id=sneaky) + "\n" + '{"id": "' + "bad\\u001b[31m" + '", "kind": "sudoku", "size": 8}\n')
    for command in (["solve", "--no-logic"], ["explain"], ["hint"], ["grade"]):
        code, out, err = run(capsys, command[0], str(path), *command[1:])
        for text in (out, err):
            assert not any(ch in text for ch in "\x1b\x07\u202e\u2028"), (command, text)
        assert "\\x1b" in out + err
    code, out, _ = run(capsys, "solve", str(path), "--json", "--no-logic")
    assert json_lines(out)[0]["id"] == sneaky and json_lines(out)[1]["id"] == "bad\x1b[31m"  # JSON stays exact


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", [["solve", "--no-logic"], ["explain"], ["grade"]])
def test_progress_bar_only_on_a_terminal(command: list[str], monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    paths = ["sample:sudoku-1", "sample:kropki-1", "sample:killer-1"]
    code, _, err = run(capsys, command[0], *paths, "--json", *command[1:])
    assert code == 0 and err == ""  # not a terminal: no bar
    terminal = FakeTerminal()
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "stdout", out)
    assert main([command[0], *paths, "--json", *command[1:]]) == 0
    drawn = terminal.getvalue()
    assert "3/3" in drawn or "2/3" in drawn or "0/3" in drawn
    assert drawn.rstrip(" ").endswith("\r") or drawn.endswith("\x1b[A") or "\r" in drawn[-5:]  # erased at the end
    assert len(json_lines(out.getvalue())) == 3


@pytest.mark.parametrize(("text", "leak"), [
    ("[" * 100000, "recursion"),
    ('{"kind": "sudoku", "size": ' + "9" * 5000 + "}", "set_int_max_str_digits"),
    ('{"kind": "sudoku", "id": "a\tb"}', "at at"),
])
def test_messages_in_plain_words(text: str, leak: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text(text)
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2 and len(err.splitlines()) == 1
    assert leak not in err and "internal error" not in err


def test_hidden_single_says_an_8(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "sample:killer-1", "sample:kropki-1", "--json")
    texts = [s["text"] for r in json_lines(out) for s in r["steps"]]
    assert not any(" a 8" in t for t in texts) and any("needs an 8" in t for t in texts)


# ------------------------------------------------------------------------ a new user


def test_html_prints_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "steps.html"
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "--html", str(page))
    assert code == 0 and page.exists() and out.splitlines() == [f"wrote {page} (1 puzzle)"]
    code, out, _ = run(capsys, "explain", "sample:sudoku-1", "--html", str(page), "--json")
    assert code == 0 and json_lines(out)[0]["status"] == "solved"


def test_format_applies_to_samples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "sample:sudoku-1", "--format", "ken", "--no-logic")
    assert code == 2 and out == "" and "sample:sudoku-1" in err and len(err.splitlines()) == 1
    code, out, _ = run(capsys, "solve", "sample:sudoku-1", "--format", "sudoku", "--json", "--no-logic")
    assert code == 0 and json_lines(out)[0]["id"] == "sudoku-1"


def test_killer_totals_must_add_up_to_405(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each cage's total is possible for its cells, but together they make 406: the message says why."""
    cages = []
    for r in range(1, 10):
        cages.append({"label": f"a{r}", "sum": 21 if r == 1 else 20, "cells": [f"r{r}c{c}" for c in range(1, 5)]})
        cages.append({"label": f"b{r}", "sum": 25, "cells": [f"r{r}c{c}" for c in range(5, 10)]})
    path = tmp_path / "off.jsonl"
    path.write_text(json.dumps({"id": "off", "kind": "killer", "size": 9, "cages": cages}) + "\n")
    code, out, err = run(capsys, "solve", str(path))
    assert code in (1, 2) and "405" in out + err and "406" in out + err
