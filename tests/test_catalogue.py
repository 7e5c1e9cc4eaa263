"""The technique catalogue: ``sumlogic techniques`` and ``sumlogic.techniques()``."""

from __future__ import annotations

from pathlib import Path

import pytest

import sumlogic
import techniques
from puzzles.kinds import KINDS
from solver.errors import InvalidArgumentError

from .process_support import json_lines, run


def test_every_technique_is_listed_once_easiest_first() -> None:
    rows = sumlogic.techniques()
    ids = [r["id"] for r in rows]
    assert sorted(ids) == sorted([t.id for t in techniques.DEFAULT] + ["guess"])
    assert ids[-1] == "guess"
    levels = [r["level"] for r in rows]
    assert levels == sorted(levels)
    assert all(r["example"] and r["name"] for r in rows)


def test_a_kind_lists_only_what_applies_to_it() -> None:
    kropki = {r["id"] for r in sumlogic.techniques("kropki")}
    kakuro = {r["id"] for r in sumlogic.techniques("kakuro")}
    assert {"kropki-dots", "kropki-chain", "naked-single", "guess"} <= kropki
    assert not {"cut-vertex", "sum-combinations", "innies-outies"} & kropki
    assert {"cut-vertex", "sum-combinations"} <= kakuro
    assert not {"kropki-dots", "pointing", "sum-comparison"} & kakuro
    assert "sum-comparison" in {r["id"] for r in sumlogic.techniques("greater-killer")}


def test_every_named_kind_is_a_kind() -> None:
    for t in techniques.catalogue():
        assert set(t.kinds) <= set(KINDS), t.id


def test_the_command_prints_what_the_api_returns(capsys) -> None:
    code, out, err = run(capsys, "techniques", "--kind", "killer", "--json")
    assert (code, err) == (0, "")
    assert json_lines(out) == sumlogic.techniques("killer")
    code, out, _ = run(capsys, "techniques")
    assert code == 0 and out.splitlines()[0].split()[:3] == ["id", "level", "score"]
    assert len(out.splitlines()) == 1 + len(sumlogic.techniques())


def test_an_unknown_kind_is_one_line_naming_it(capsys) -> None:
    code, out, err = run(capsys, "techniques", "--kind", "killr")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "'killr'" in err and "greater-killer" in err
    with pytest.raises(InvalidArgumentError, match="killr"):
        sumlogic.techniques("killr")
    with pytest.raises(TypeError):
        sumlogic.techniques(3)  # type: ignore[arg-type]


def test_the_readme_table_is_the_catalogue() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert techniques.technique_table() in readme, (
        "README.md's technique table is out of date: paste "
        "python -c 'import techniques; print(techniques.technique_table())'")
