"""The library takes what the command line takes (issue 29, item 3).

``sumlogic.read`` reads files, ``-``, ``sample:NAME``, links of every link
notation and puzzle strings, through the one reader the command line uses
(:mod:`sumlogic.inputs`); ``parse`` gives one puzzle, not a list; the public
namespace is ``__all__``; a step's index in its trace is known.

The links are written here by our own writers from puzzles generated with a
fixed seed: none of them is among the real links of ``../shared/interop``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import sumlogic
from puzzles import SAMPLES, sample
from puzzles.samples import sample_text
from solver.errors import ParseError, UnknownFormatError
from puzzles import UnknownSampleError
from sumlogic.api import record_of
from tests.process_support import json_lines, run

#: (kind, notation) of each link notation, with a kind the notation holds.
LINKS = [("killer", "fpuzzles"), ("kropki", "fpuzzles"), ("sudoku", "sudokupad"), ("killer", "sudokupad"),
         ("sudoku", "puzzlink"), ("kakuro", "puzzlink"), ("sudoku", "sudokuwiki"), ("killer", "sudokuwiki")]
SEED = 29


def same(a: sumlogic.Puzzle, b: sumlogic.Puzzle) -> bool:
    """The same puzzle, whatever its id: kind, size, givens, regions and dots."""
    return (a.kind, a.height, a.width, a.givens, a.regions, a.pairs) == (b.kind, b.height, b.width, b.givens,
                                                                          b.regions, b.pairs)


@pytest.fixture(scope="module")
def generated() -> dict[str, sumlogic.Puzzle]:
    return {kind: sumlogic.generate(kind, seed=SEED) for kind in sorted({kind for kind, _ in LINKS})}


@pytest.mark.parametrize("kind, notation", LINKS)
def test_read_takes_a_link_of_each_notation(kind: str, notation: str, generated: dict[str, sumlogic.Puzzle],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = generated[kind]
    link = sumlogic.write(puzzle, notation).strip()
    assert link.startswith("https://") and "\n" not in link
    [back] = sumlogic.read(link)
    assert same(back, puzzle)
    [pasted] = sumlogic.read(f" <{link}> ")  # as pasted from a message, like the command line takes it
    assert same(pasted, puzzle)
    code, out, err = run(capsys, "solve", link, "--json", "--no-logic")  # the command line reads it the same
    assert code == 0, err
    [record] = json_lines(out)
    assert record["kind"] == back.kind and record["status"] == "solved"


def test_read_takes_paths_stdin_samples_and_puzzle_strings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    killer = sample("killer-1")
    path = tmp_path / "two.jsonl"
    path.write_text(sumlogic.write([killer, sample("sudoku-1")]))
    assert [p.kind for p in sumlogic.read(path)] == [p.kind for p in sumlogic.read(str(path))] == ["killer", "sudoku"]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(sample_text("kakuro-6x6").encode())))
    [kakuro] = sumlogic.read("-")
    assert same(kakuro, sample("kakuro-6x6"))
    for name in SAMPLES:
        [got] = sumlogic.read(f"sample:{name}")
        assert same(got, sample(name))
    line = sumlogic.write(sample("sudoku-1"), "sudoku").strip()
    [sudoku] = sumlogic.read(line)  # a puzzle string, as the command line takes it inline
    assert same(sudoku, sample("sudoku-1"))
    [again] = sumlogic.read(json.dumps(record_of(killer)))
    assert same(again, killer)


def test_read_errors_are_the_documented_ones(tmp_path: Path) -> None:
    with pytest.raises(UnknownSampleError, match="sample:nope"):
        sumlogic.read("sample:nope")
    with pytest.raises(ParseError, match="missing.killer: cannot read"):
        sumlogic.read(tmp_path / "missing.killer")
    (tmp_path / "what.dat").write_text("hello world\n")
    with pytest.raises(UnknownFormatError, match="name it with format="):
        sumlogic.read(tmp_path / "what.dat")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(sumlogic.write(sample("sudoku-1")) + '{"kind": "sudoku", "givens": "12"}\n')
    with pytest.raises(ParseError, match="line 2"):  # the command line goes on past a bad line; read() does not
        sumlogic.read(bad)


def test_parse_gives_one_puzzle_not_a_list() -> None:
    text = sumlogic.write(sample("kropki-1"), "fpuzzles")
    puzzle = sumlogic.parse(text)
    assert isinstance(puzzle, sumlogic.Puzzle) and same(puzzle, sample("kropki-1"))
    with pytest.raises(ParseError, match="expected one puzzle, found 2"):
        sumlogic.parse(sumlogic.write([sample("sudoku-1"), sample("sudoku-1")], "sudoku"))


def test_the_public_namespace_is_all() -> None:
    public = [name for name in dir(sumlogic) if not (name.startswith("__") and name.endswith("__"))]
    assert public == sorted(name for name in sumlogic.__all__ if not name.startswith("__"))
    assert not {"Any", "TYPE_CHECKING", "import_module", "annotations"} & set(dir(sumlogic))
    for name in sumlogic.__all__:
        assert getattr(sumlogic, name) is not None


def test_a_step_knows_its_index_in_its_trace() -> None:
    trace = sumlogic.explain(sample("killer-1"))
    steps = trace.to_dict()["steps"]
    for n, step in enumerate(trace.steps):
        assert trace.index_of(step) == n
        assert trace.index_of(sumlogic.Step.from_dict(steps[n], trace.puzzle)) == n  # one read back from JSON
    other = sumlogic.explain(sample("sudoku-1"))
    with pytest.raises(ValueError, match="not a step of this trace"):
        trace.index_of(other.steps[-1])
