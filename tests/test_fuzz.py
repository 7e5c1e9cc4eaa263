"""Fuzzing the boundary: damaged text in every notation (readers and CLI) and
wrong arguments to every public function never give a traceback or an
exception other than the documented ones; ``--jobs 1`` and ``--jobs 2`` give
the same traces.

A few hundred examples by default (bounded by ``max_examples``, never by
time); ``pytest -m slow`` runs the same checks with thousands.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import tempfile
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sumlogic
from puzzles import FORMATS, SAMPLES, detect_format, read_text
from puzzles.generate import BudgetExhausted
from puzzles.samples import sample_text
from solver.errors import SumlogicError
from sumlogic.cli import main

from .mutations import damaged

NORMAL = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))

CHARS = st.one_of(st.sampled_from(list("0123456789.#\\/{}[]\":,=? \n\r\tabcxwkAHGnprR()-+\ufeff\u2028\u0085\x00\x1b")),
                  st.characters(codec="utf-8"))
TEXTS = {name: sample_text(name) for name in SAMPLES}


def check_reader(text: str, notation: str | None) -> None:
    """Reading gives puzzles or a one-line sumlogic error, nothing else."""
    try:
        read_text(text, format=notation)
    except SumlogicError as error:
        assert isinstance(error, ValueError) and "\n" not in str(error)


def run_quietly(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def check_cli(text: str, command: list[str], suffix: str) -> None:
    """The CLI exits 0, 1 or 2 with no traceback; JSON output parses; exit 2 is one line."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / f"damaged{suffix}"
        target.write_bytes(text.encode("utf-8", "surrogatepass"))
        code, out, err = run_quietly([command[0], str(target), "--timeout", "2", *command[1:]])
    assert code in (0, 1, 2), err
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert out == "" and len(err.splitlines()) == 1, err
    if "--json" in command:
        for line in out.split("\n"):
            if line:
                json.loads(line)


def reader_case(data: st.DataObject) -> tuple[str, str | None]:
    name = data.draw(st.sampled_from(sorted(TEXTS)), label="sample")
    text = data.draw(damaged(TEXTS[name], CHARS), label="text")
    notation = data.draw(st.sampled_from([None, detect_format(TEXTS[name]), *sorted(FORMATS)]), label="format")
    return text, notation


def cli_case(data: st.DataObject) -> tuple[str, list[str], str]:
    name = data.draw(st.sampled_from(sorted(TEXTS)), label="sample")
    text = data.draw(damaged(TEXTS[name], CHARS), label="text")
    command = data.draw(st.sampled_from([["solve", "--no-logic"], ["solve", "--json", "--no-logic"], ["hint"],
                                         ["hint", "--json"]]), label="command")
    suffix = data.draw(st.sampled_from(["", ".data", ".jsonl", ".txt", ".killer",
                                        ".kakuro", ".ken", ".kropki", ".sudoku"]), label="suffix")
    return text, command, suffix


@NORMAL
@given(data=st.data())
def test_damaged_text_in_every_notation(data: st.DataObject) -> None:
    check_reader(*reader_case(data))


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_damaged_text_in_every_notation_slow(data: st.DataObject) -> None:
    check_reader(*reader_case(data))


@NORMAL
@given(data=st.data())
def test_damaged_files_through_the_cli(data: st.DataObject) -> None:
    check_cli(*cli_case(data))


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_damaged_files_through_the_cli_slow(data: st.DataObject) -> None:
    check_cli(*cli_case(data))


# ------------------------------------------------------------------------ the API's boundary

PUZZLE = sumlogic.read("sample:sudoku-1")[0]
ANYTHING = st.sampled_from([None, 0, -1, 1, True, 1.5, math.nan, math.inf, -math.inf, 10 ** 100, "", "x", "-",
                            "sample:nope", "sample:", "\x00", b"bytes", [], [None], {}, {"kind": "sudoku"}, (1, 2),
                            object(), PUZZLE.kind, int, "jsonl", "kakuro", Path("/nonexistent/x.sudoku"),
                            Path("/"), [PUZZLE, 3], (PUZZLE,)])
"""Values of every type, most of them wrong for most arguments."""

WRONG: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "puzzle": {"puzzle": ANYTHING.filter(lambda v: v is not PUZZLE)},
    "timeout": {"timeout": st.sampled_from([0, -1, math.nan, True, "1", [], b"1", complex(1, 1)])},
    "max_depth": {"max_depth": st.sampled_from([-1, 11, 10 ** 100, 1.0, True, None, "3", []])},
    "budget": {"budget": st.sampled_from([-1, 1.5, True, "10", []])},
    # a str is a comma-separated list of ids: only unknown ids are wrong
    "techniques": {"techniques": st.sampled_from(["naked-singles", "naked-single,x", [1, 2], 3, [None], b"x",
                                                  {"a": 1}])},
    "without": {"without": st.sampled_from(["bogus", [1], 2, b"naked-single"])},
    "max_level": {"max_level": st.sampled_from([-1, 1.5, True, "3", []])},
    "level": {"level": st.sampled_from([0, 4, True, "1", 1.0, []])},
    "position": {"position": ANYTHING.filter(lambda v: not isinstance(v, sumlogic.Position))},
    "flag": {"guess": st.sampled_from([None, 1, "yes", []])},
    "format": {"format": st.sampled_from([1, b"jsonl", [], "fen", "", "JSONL ", object()])},
}


def _call(function: Callable[..., Any], **kwargs: Any) -> None:
    try:
        function(**kwargs)
    except (TypeError, ValueError):
        return
    except BudgetExhausted:  # generate's documented failure
        return
    pytest.fail(f"{function.__name__}({kwargs}) raised nothing")


API_CASES: list[tuple[Callable[..., Any], dict[str, Any], list[str]]] = [
    (sumlogic.solve, {"puzzle": PUZZLE, "timeout": 5}, ["puzzle", "timeout"]),
    (sumlogic.explain, {"puzzle": PUZZLE, "timeout": 5, "budget": 100, "max_depth": 2},
     ["puzzle", "timeout", "max_depth", "budget", "techniques", "without", "max_level", "flag"]),
    (sumlogic.hint, {"puzzle": PUZZLE, "timeout": 5},
     ["puzzle", "timeout", "max_depth", "techniques", "without", "max_level", "level"]),
    (sumlogic.grade, {"puzzle": PUZZLE, "timeout": 5},
     ["puzzle", "timeout", "max_depth", "budget", "techniques", "without", "max_level"]),
    (sumlogic.check, {"position": sumlogic.Position(PUZZLE), "timeout": 5}, ["position", "timeout"]),
    (sumlogic.write, {"puzzles": PUZZLE, "format": "jsonl"}, ["format"]),
]


def api_case(data: st.DataObject) -> None:
    """One public function with one or more wrong arguments: TypeError or a ValueError, always."""
    function, good, kinds = data.draw(st.sampled_from(API_CASES), label="function")
    wrong = data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3, unique=True), label="wrong")
    kwargs = dict(good)
    for kind in wrong:
        for key, strategy in WRONG[kind].items():
            kwargs[key] = data.draw(strategy, label=key)
    _call(function, **kwargs)


def free_case(data: st.DataObject) -> None:
    """The reading, writing and generating functions with anything as arguments: only
    TypeError or ValueError subclasses (or generate's BudgetExhausted) come out."""
    function = data.draw(st.sampled_from([sumlogic.read, sumlogic.parse, sumlogic.write, sumlogic.generate]))
    args = data.draw(st.lists(ANYTHING, min_size=0, max_size=3), label="args")
    if function is sumlogic.generate:
        args = [a if not isinstance(a, str) or a not in ("sudoku", "kakuro") else "chess" for a in args]
        if not args or args[0] in ("sudoku", "killer", "kropki", "kakuro"):
            args = ["chess", *args[1:]]
    if function is sumlogic.read and args and args[0] == "-":
        args[0] = "sample:-"
    try:
        function(*args)
    except (TypeError, ValueError, BudgetExhausted):
        pass


@NORMAL
@given(data=st.data())
def test_api_wrong_arguments_raise_only_documented_errors(data: st.DataObject) -> None:
    api_case(data)


@NORMAL
@given(data=st.data())
def test_api_anything_in_raises_only_documented_errors(data: st.DataObject) -> None:
    free_case(data)


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_api_wrong_arguments_slow(data: st.DataObject) -> None:
    api_case(data)
    free_case(data)


def test_api_none_says_what_it_wants() -> None:
    for function in (sumlogic.solve, sumlogic.explain, sumlogic.hint, sumlogic.grade):
        with pytest.raises(TypeError, match="Puzzle"):
            function(None)
    with pytest.raises(TypeError, match="str"):
        sumlogic.parse(None)
    with pytest.raises(TypeError):
        sumlogic.read(None)
    with pytest.raises(TypeError):
        sumlogic.write(None)
    with pytest.raises(TypeError):
        sumlogic.generate(None)
    with pytest.raises(ValueError, match="timeout"):
        sumlogic.solve(PUZZLE, timeout=-1)


# ------------------------------------------------------------------------ --jobs


def test_jobs_give_the_same_traces(tmp_path: Path) -> None:
    """With a work budget the traces are the same whatever the number of processes."""
    paths = [f"sample:{name}" for name in SAMPLES]

    def traces(jobs: str) -> list[dict[str, Any]]:
        code, out, err = run_quietly(["explain", *paths, "--json", "--budget", "20000", "--jobs", jobs])
        assert code == 0, err
        records = [json.loads(line) for line in out.split("\n") if line]
        for record in records:
            record.pop("seconds", None)
        return records

    one, two = traces("1"), traces("2")
    assert len(one) == len(SAMPLES) and one == two
