"""Issue 20's command-line classes, swept for cases its own tests did not hold:
stop signals besides Ctrl-C (SIGTERM, SIGHUP, ``kill -9`` of the main
process), Ctrl-C while standard output is a pipe nobody reads, outputs that
cannot be written (a full disk, a closed descriptor, a non-UTF-8 locale),
usage errors of every command and option, control characters (a newline
too) in ids, and labels of odd widths in the Killer text grid.

Each test here failed on the commit before these fixes (6a62ce2), except
those marked as guards.  No outcome depends on the clock: signals are sent
once the command has written N lines or filled a pipe, and the waits are
bounded safety nets, not measures.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import signal
import subprocess
import sys
import termios
import time
import unicodedata
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sumlogic.cli import parse_args

from .process_support import Output, json_lines, run, with_default_signals

ROOT = Path(__file__).resolve().parents[1]
SUDOKU_LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SAFETY = 300.0
"""Seconds a subprocess may take before the test gives up on it: a net against a hang, never a measure
(generous: under a load of 15-17 on two cores a start or a pool's shutdown took tens of seconds)."""






def sumlogic(*argv: str) -> list[str]:
    return with_default_signals([sys.executable, "-m", "sumlogic", *argv])


def many_puzzles(tmp_path: Path, count: int = 120) -> str:
    """A file of many small Sudokus (a fraction of a second each)."""
    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps({"id": f"s{i}", "kind": "sudoku", "givens": SUDOKU_LINE}) + "\n"
                            for i in range(count)))
    return str(path)


def group_gone(pgid: int) -> bool:
    """Whether every process of the group has ended (polled for the safety net's length)."""
    for _ in range(int(SAFETY * 10)):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    os.killpg(pgid, signal.SIGKILL)
    return False


def after_lines(argv: list[str], lines: int, send: Callable[[subprocess.Popen[bytes]], None]
                ) -> tuple[int | None, str, str, int]:
    """Run ``sumlogic ARGV`` in its own process group; once ``lines`` lines are out, ``send``
    a signal; return the exit status, the output, the error output and the group's id."""
    process = subprocess.Popen(sumlogic(*argv), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    output = Output(process, lines)
    if not output.enough.wait(SAFETY):  # never a signal before the lines are out: that would test nothing
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        pytest.fail(f"{argv}: {lines} line(s) not out {SAFETY:g} s after launch")
    send(process)
    try:
        code: int | None = process.wait(timeout=SAFETY)
    except subprocess.TimeoutExpired:
        code = None
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    out, err = output.join(SAFETY)
    return code, out, err, process.pid


# ------------------------------------------------------------------------ stop signals


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
@pytest.mark.parametrize("command", [["solve", "--json"], ["explain", "--json"], ["grade", "--json"]])
def test_sigterm_and_sighup_stop_like_ctrl_c(tmp_path: Path, name: str, status: int, command: list[str]) -> None:
    """``kill`` (or ``timeout``) sent to the main process only: before, it died with -15 and
    its --jobs workers were left behind for good, waiting for work that never came."""
    signum = getattr(signal, name)
    code, out, err, pgid = after_lines([command[0], many_puzzles(tmp_path), *command[1:], "--jobs", "2"], 1,
                                       lambda p: p.send_signal(signum))
    assert code == status, err
    assert "Traceback" not in err and err == ""
    assert len(json_lines(out)) >= 1  # every line written is whole JSON
    assert group_gone(pgid), "worker processes left running"


def test_workers_end_when_the_main_process_is_killed(tmp_path: Path) -> None:
    """``kill -9`` of the main process cannot be handled: its workers notice and end by themselves."""
    code, out, _, pgid = after_lines(["explain", many_puzzles(tmp_path), "--json", "--jobs", "2"], 1,
                                     lambda p: p.send_signal(signal.SIGKILL))
    assert code == -signal.SIGKILL
    assert group_gone(pgid), "worker processes left running after kill -9 of the main process"


def _blocked_writing(pid: int, read_end: int) -> bool:
    """Whether process ``pid`` is blocked writing to the pipe whose read end is ``read_end``:
    the kernel says it waits in a pipe write, and the pipe holds all but its last page."""
    try:
        waiting_in = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False
    size = fcntl.fcntl(read_end, 1032)  # F_GETPIPE_SZ
    waiting = bytearray(4)
    fcntl.ioctl(read_end, termios.FIONREAD, waiting)
    return "pipe_write" in waiting_in and int.from_bytes(waiting, sys.byteorder) > size - 4096


@pytest.mark.skipif(not Path("/proc/self/wchan").exists(), reason="needs Linux's /proc/PID/wchan")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_run_blocked_on_a_pipe_nobody_reads(tmp_path: Path, jobs: str) -> None:
    """The reader of standard output has stopped reading (a pager, a stalled pipeline):
    Ctrl-C used to wait for the write, which never ends.  Now the line being written
    gets a moment to finish, then the run stops anyway."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen(sumlogic("explain", many_puzzles(tmp_path), "--json", "--jobs", jobs), cwd=ROOT,
                               stdout=write_end, stderr=subprocess.PIPE, start_new_session=True)
    os.close(write_end)
    try:
        for _ in range(int(SAFETY * 100)):  # until the pipe is full: the run is blocked writing
            if _blocked_writing(process.pid, read_end) or process.poll() is not None:
                break
            time.sleep(0.01)
        assert process.poll() is None, "the run ended before filling the pipe"
        process.send_signal(signal.SIGINT)
        try:
            code = process.wait(timeout=SAFETY)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            pytest.fail("still blocked writing long after Ctrl-C")
        assert process.stderr is not None
        err = process.stderr.read().decode()
        assert code == 130 and "Traceback" not in err
        assert group_gone(process.pid)
    finally:
        os.close(read_end)


def test_ctrl_c_mid_line_leaves_whole_lines(tmp_path: Path) -> None:
    """(A guard.) The reader reads slowly while long trace lines go out; Ctrl-C lands in
    the middle of one: it is finished, and every line read is whole JSON."""
    process = subprocess.Popen(sumlogic("explain", many_puzzles(tmp_path, 40), "--json"), cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert process.stdout is not None and process.stderr is not None
    data = bytearray()
    sent = False
    while chunk := os.read(process.stdout.fileno(), 1024):
        data += chunk
        if not sent and data.count(b"\n") >= 1 and not data.endswith(b"\n"):
            process.send_signal(signal.SIGINT)  # the second line is on its way
            sent = True
    assert process.wait(timeout=SAFETY) in (0, 130) and sent
    assert data.endswith(b"\n") and len(json_lines(data.decode())) >= 1


# ------------------------------------------------------------------------ outputs that cannot be written

COMMANDS = [
    ["solve", "sample:sudoku-1", "--no-logic"],
    ["solve", "sample:sudoku-1", "--json", "--no-logic"],
    ["explain", "sample:kropki-1", "--budget", "1000"],
    ["hint", "sample:killer-1"],
    ["grade", "sample:sudoku-1"],
    ["check", "sample:sudoku-1", "--position", "r1c1=4"],
    ["convert", "sample:killer-1", "--to", "fpuzzles"],
    ["generate", "sudoku", "--seed", "1"],
    ["formats"],
    ["kinds", "--json"],
    ["samples"],
    ["--help"],
    ["solve", "--help"],
    ["--version"],
]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_a_full_disk_is_one_line_and_exit_2(argv: list[str]) -> None:
    """Before: ``internal error: OSError: [Errno 28] ...`` and exit 3 ("a bug"); the help and
    the version said nothing and exited 0."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(sumlogic(*argv), cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=SAFETY)
    assert done.returncode == 2
    assert done.stderr == "sumlogic: standard output: cannot write: No space left on device\n"


@pytest.mark.parametrize("argv", COMMANDS[:11], ids=lambda a: " ".join(a))
def test_a_closed_standard_output_is_one_line_and_exit_2(argv: list[str]) -> None:
    """``sumlogic ... >&-``: before, ``internal error: AttributeError: 'NoneType' object has no attribute 'write'``."""
    done = subprocess.run(sumlogic(*argv), cwd=ROOT, stderr=subprocess.PIPE, text=True, timeout=SAFETY,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 2
    assert done.stderr == "sumlogic: standard output: cannot write: it is closed\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(("argv", "status"), [(["solve", "/no/such/file"], 2), (["solve"], 2),
                                              (["solve", "sample:sudoku-1", "--no-logic"], 0)])
def test_standard_error_that_cannot_be_written_keeps_the_exit_status(argv: list[str], status: int) -> None:
    """The one line about a bad input cannot be written: the exit status still says it (was 1)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(sumlogic(*argv), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=full, timeout=SAFETY)
    assert done.returncode == status


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_locale_that_cannot_show_the_id(tmp_path: Path, encoding: str) -> None:
    """``LC_ALL=C`` (or ``PYTHONIOENCODING=ascii``) and an id in other letters: human output
    shows the letters escaped, JSON stays exact (was ``internal error: UnicodeEncodeError``)."""
    name = "café ☃ 漢"
    path = tmp_path / "unicode.jsonl"
    path.write_text(json.dumps({"id": name, "kind": "sudoku", "givens": SUDOKU_LINE}) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    human = subprocess.run(sumlogic("solve", str(path), "--no-logic"), cwd=ROOT, capture_output=True,
                           timeout=SAFETY, env=env)
    assert human.returncode == 0, human.stderr
    first = human.stdout.decode(encoding).splitlines()[0]
    assert first.startswith("== caf") and "\\u2603" in first
    for argv in (["solve", str(path), "--json", "--no-logic"], ["convert", str(path), "--to", "jsonl"]):
        data = subprocess.run(sumlogic(*argv), cwd=ROOT, capture_output=True, timeout=SAFETY, env=env)
        assert data.returncode == 0, data.stderr
        assert json.loads(data.stdout.decode("utf-8").splitlines()[0])["id"] == name


def test_input_limit_above_what_can_be_read_is_a_usage_error(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``--max-input 99999999999999999999`` was accepted, then ``internal error: OverflowError``."""
    path = tmp_path / "one.sudoku"
    path.write_text(SUDOKU_LINE + "\n")
    code, out, err = run(capsys, "solve", str(path), "--max-input", "9" * 20)
    assert code == 2 and out == "" and len(err.splitlines()) == 2 and "OverflowError" not in err
    code, out, _ = run(capsys, "solve", str(path), "--max-input", str(1 << 32), "--json", "--no-logic")
    assert code == 0 and json_lines(out)[0]["status"] == "solved"


def test_a_recursion_error_outside_reading_is_not_blamed_on_the_input(capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The readers turn too deep an input into their own error; a RecursionError anywhere
    else is a bug (exit 3), not "the input is nested too deeply" (exit 2) as it was, e.g.
    for ``generate kakuro --size 46x46``, which reads no input."""
    from sumlogic.cli import solve as cli_solve

    def deep(*_: Any, **__: Any) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.delenv("SUMLOGIC_DEBUG", raising=False)
    monkeypatch.setattr(cli_solve, "solve_record", deep)
    code, _, err = run(capsys, "solve", "sample:sudoku-1")
    assert code == 3 and len(err.splitlines()) == 1
    assert "input" not in err and "recursion" not in err


# ------------------------------------------------------------------------ usage errors


def _commands() -> dict[str, Any]:
    """Every command's own parser, by name (from argparse's list of the parser's actions)."""
    import argparse

    from sumlogic.cli import build_parser

    return next(dict(a.choices) for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))


COMMAND_NAMES = sorted(_commands())


def _usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | Any, list[str]]:
    got = parse_args(argv)
    _, err = capsys.readouterr()
    return got, err.splitlines()


@pytest.mark.parametrize("command", COMMAND_NAMES)
def test_unknown_arguments_name_the_command(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ``sumlogic: error: unrecognized arguments: ...`` and a hint to ``sumlogic --help``,
    which does not list the command's options."""
    needs = {"generate": ["sudoku"], "convert": ["x", "--to", "jsonl"], "check": ["x"]}
    argv = [command, *needs.get(command, ["x"] if command in ("solve", "explain", "hint", "grade") else []),
            "--no-such-option", "extra"]
    got, lines = _usage_error(argv, capsys)
    assert got == 2
    assert lines == [f"sumlogic {command}: error: unrecognized arguments: --no-such-option extra",
                     f"hint: see 'sumlogic {command} --help'"]


OPTION_VALUES = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command with one of its options given any value, maybe an argument too many."""
    commands = _commands()
    name = draw(st.sampled_from(COMMAND_NAMES))
    parser = commands[name]
    options = [a for a in parser._actions if a.option_strings and a.nargs is None and a.dest != "help"]
    argv = [name]
    if any(a.dest == "paths" or a.dest == "input" for a in parser._actions):
        argv.append("sample:sudoku-1")
    if name == "generate":
        argv.append("sudoku")
    if name == "convert":
        argv += ["--to", "jsonl"]
    if options:
        option = draw(st.sampled_from(options))
        argv += [draw(st.sampled_from(option.option_strings)), draw(OPTION_VALUES)]
    if draw(st.booleans()):
        argv.append("--" + draw(st.text(alphabet="abcxyz-", min_size=1, max_size=8)))
    return argv


def _check_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    got, lines = _usage_error(argv, capsys)
    if not isinstance(got, int):
        assert lines == []
        return
    assert got == 2, (argv, lines)
    assert len(lines) == 2, (argv, lines)
    assert lines[0].startswith(f"sumlogic {argv[0]}: error: "), (argv, lines)
    assert lines[1] == f"hint: see 'sumlogic {argv[0]} --help'"
    assert lines[0].isprintable() and "Traceback" not in lines[0] and "Error:" not in lines[0]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_every_bad_option_value_is_one_line_and_a_hint(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    _check_usage(argv, capsys)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_every_bad_option_value_slow(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    _check_usage(argv, capsys)


@pytest.mark.parametrize("argv", [
    ["--format", "nope"], ["--band", "Impossible"], ["--size", "ten"], ["--size", "9x9", "--format", "sudoku"],
    ["--minutes", "9-1"], ["--count", "-1"], ["--max-tries", "0"],
])
def test_generate_usage_errors_have_the_hint(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``generate`` checks these values itself; before, one line without the hint."""
    kind = "kakuro" if argv[:2] == ["--size", "ten"] else "sudoku"
    code, out, err = run(capsys, "generate", kind, *argv)
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 2
    assert lines[0].startswith("sumlogic generate: ") and lines[1] == "hint: see 'sumlogic generate --help'"


# ------------------------------------------------------------------------ what is shown


# A made-up status line that no real line can ever say (no timing, a word of its own), so the test
# holds whatever the real status line happens to print.
FORGED_LINE = "status: forged-by-the-id, not by sumlogic"
FORGED = "x\n" + FORGED_LINE + "\r\tz"


@pytest.mark.parametrize("command", [["solve", "--no-logic"], ["explain", "--budget", "100"], ["grade"],
                                     ["hint", "sample:sudoku-1"]])
def test_a_newline_in_an_id_cannot_forge_a_line(command: list[str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Before, the id's newline started a line of its own: a made-up ``status:`` line.

    What it means: the id adds no line to the output (same count as with a plain id), no output line
    starts with the forged text, and the id is shown escaped on its header line."""
    path = tmp_path / "forged.jsonl"
    path.write_text(json.dumps({"id": FORGED, "kind": "sudoku", "givens": SUDOKU_LINE}) + "\n")
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps({"id": "x", "kind": "sudoku", "givens": SUDOKU_LINE}) + "\n")
    code, out, err = run(capsys, command[0], str(path), *command[1:])
    assert code == 0, err
    code, plain_out, err = run(capsys, command[0], str(plain), *command[1:])
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == len(plain_out.splitlines())
    assert not any(line.startswith(FORGED_LINE) for line in lines)
    assert sum("x\\n" + FORGED_LINE + "\\r\\tz" in line for line in lines) == 1
    code, out, _ = run(capsys, "solve", str(path), "--json", "--no-logic")
    assert json_lines(out)[0]["id"] == FORGED  # JSON stays exact


@given(name=st.text(min_size=1, max_size=20))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_id_is_one_printable_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever the id holds, the header is one line without a character a terminal acts on."""
    from puzzles import sample
    from sumlogic.cli.common import emit, header
    from sumlogic.cli.reading import Entry

    import dataclasses

    puzzle = dataclasses.replace(sample("sudoku-1"), id=name)
    emit(header(Entry("x", puzzle=puzzle, notation="jsonl")))
    out = capsys.readouterr().out
    assert out.endswith("\n") and out.count("\n") == 1
    assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn") for ch in out[:-1])


def test_file_names_in_another_encoding_show_their_bytes() -> None:
    """A name that is not UTF-8 reaches Python as lone surrogates: shown as the bytes it holds."""
    from sumlogic.cli.common import printable

    assert printable(b"caf\xe9.jsonl".decode("utf-8", "surrogateescape")) == "caf\\xe9.jsonl"


def _caged(labels: dict[str, str]) -> Any:
    """sample:killer-1 with some cages relabelled."""
    from puzzles import from_record, sample, to_record

    record = to_record(sample("killer-1"))
    for cage in record["cages"]:
        cage["label"] = labels.get(cage["label"], cage["label"])
    return from_record(record)


@pytest.mark.parametrize("label", ["漢", "ｗ", "aa"])
def test_killer_grid_columns_line_up_whatever_the_labels(label: str) -> None:
    """A label two columns wide on a terminal (a CJK character) pushed the rest of its row
    one column to the right."""
    from sumlogic.cli.grid import display_width, draw_grid

    lines = draw_grid(_caged({"a": label})).splitlines()[:11]
    widths = {display_width(line) for line in lines if "|" in line and "+" not in line}
    assert len(widths) == 1, lines
    bars = {tuple(i for i, ch in enumerate(_columns(line)) if ch == "|") for line in lines if "+" not in line}
    assert len(bars) == 1, lines


def _columns(line: str) -> str:
    """A line as terminal columns (a wide character takes two)."""
    from sumlogic.cli.grid import display_width

    return "".join(ch + " " * (display_width(ch) - 1) for ch in line)


def test_a_cage_labelled_dot_is_not_taken_for_a_cell_in_no_cage() -> None:
    """In a Greater Killer a cell in no cage shows ``.``; a cage labelled ``.`` made the two alike."""
    from puzzles import from_record, sample, to_record
    from sumlogic.cli.grid import draw_full, draw_grid

    record = to_record(sample("greater-killer-1"))
    record["cages"][0]["label"] = "."
    for rel in record.get("relations", []):
        for side in ("left", "right"):
            if rel[side] == "a":
                rel[side] = "."
    puzzle = from_record(record)
    start = max(len(line) for line in draw_full(puzzle, puzzle.givens).splitlines()) + 4
    right = [line[start:] for line in draw_grid(puzzle).splitlines()[:11]]
    cells = " ".join(right).replace("|", " ").replace("-", " ").replace("+", " ").split()
    covered = sum(len(r.cells) for r in puzzle.regions if r.kind == "cage")
    assert cells.count(".") == len(record["cages"][0]["cells"])
    assert len(cells) == covered


def test_page_title_escapes_control_characters() -> None:
    """The page's ``<title>`` held the id's escape sequence and bidirectional override as they
    were; the embedded trace keeps them exactly."""
    from sumlogic.html import render_html

    name = "x\x1b[2J\u202eevil"
    page = render_html({"id": name, "kind": "sudoku", "status": "stuck", "steps": [],
                        "puzzle": {"kind": "sudoku", "size": 9}})
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "\x1b" not in title and "\u202e" not in title and "\\x1b[2J\\u202eevil" in title
    assert json.dumps(name, ensure_ascii=False)[1:-1] in page


def test_step_page_shows_ids_escaped(page: Any, html_file: Any) -> None:
    """The page's heading and puzzle picker showed the id's control characters as they were."""
    name = "x\x1b[2J\u202eevil\u2028y"
    trace = {"id": name, "kind": "sudoku", "status": "stuck", "steps": [],
             "puzzle": {"kind": "sudoku", "size": 9, "givens": SUDOKU_LINE}}
    p = page.open(html_file([trace, {**trace, "id": "other"}]))
    heading = p.locator("h1").first.text_content()
    assert heading == "x\\x1b[2J\\u202eevil\\u2028y"
    option = p.locator("select option").first.text_content()
    assert option.startswith("x\\x1b[2J\\u202eevil\\u2028y")
    data = json.loads(p.locator("#sumlogic-traces").text_content())
    assert data[0]["id"] == name


# ------------------------------------------------------------------------ serve


def test_serve_says_in_one_line_why_it_cannot_start() -> None:
    """A port in use: before, uvicorn's own ``ERROR:    [Errno 98] ...`` line came first."""
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(sumlogic("serve", "--port", str(port), "--workers", "1"), cwd=ROOT,
                              capture_output=True, text=True, timeout=SAFETY)
    assert done.returncode == 2
    assert done.stderr == f"sumlogic: cannot serve on 127.0.0.1:{port} (is the port in use?)\n"


def test_serve_names_its_real_port_and_stops_quietly() -> None:
    """``--port 0`` said ``serving on http://127.0.0.1:0/``; Ctrl-C just after the line
    printed ``RuntimeWarning: coroutine 'Server.serve' was never awaited``."""
    pytest.importorskip("uvicorn")
    code, out, err, pgid = after_lines(["serve", "--port", "0", "--workers", "1"], 1,
                                       lambda p: os.killpg(p.pid, signal.SIGINT))
    assert code == 130 and err == "", err
    [line] = out.splitlines()
    port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
    assert port > 0
    assert group_gone(pgid)


# ------------------------------------------------------------------------ in-process stops


def test_a_stop_signal_during_a_write_waits_for_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """(In-process.) A stop signal that comes while a line is written is held until the
    line is out, then raised; ``main`` gives 143 for SIGTERM."""
    from sumlogic.cli import Stopped, common

    class Slow(io.StringIO):
        def write(self, text: str) -> int:
            if common._WRITING and common._PENDING is None:
                assert common.defer_stop(signal.SIGTERM)  # what the handler does mid-write
            return super().write(text)

    out = Slow()
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(Stopped):
        common.emit_json({"id": "a", "long": "x" * 1000})
    assert out.getvalue().endswith("\n") and json.loads(out.getvalue())["long"] == "x" * 1000
    assert common._PENDING is None


@pytest.mark.parametrize("option, value", [("--max-input", "١٠٠"), ("--timeout", "٥"), ("--jobs", "２")])
def test_numbers_on_the_command_line_are_ascii(option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``int`` and ``float`` take digits of other scripts (``'١٠٠'`` is 100): a
    number option takes ASCII digits, as every reader does."""
    code, out, err = run(capsys, "solve", "sample:sudoku-1", option, value)
    assert code == 2 and out == "" and "is not" in err.splitlines()[0]
