"""pzprjs links as they are found outside puzz.link itself.

The pzprjs player is served from many places besides puzz.link and pzv.jp: its
mirrors, forks on GitHub Pages, a copy on ``localhost``.  Their links carry the
same query (``p?kakuro/<cols>/<rows>/<body>`` or ``p.html?...``), and pzprjs
sometimes ends the body with an empty part (``<body>/``).  The puzzle here is
hand-made: a 2x2 Kakuro whose only solution is 1 3 / 2 1 (row totals 4 and 3,
column totals 3 and 4: ``n`` is a run of four white cells, then the two column
totals, then the two row totals).
"""

from __future__ import annotations

import pytest

from puzzles import detect_format, read_text
from puzzles.gridspec import UnsupportedError
from solver.errors import ParseError
from solver.search import solve
from sumlogic.cli import main

BODY = "kakuro/2/2/n3443"
SOLUTION = (1, 3, 2, 1)

HOSTS = [
    "https://puzz.link/p?",
    "http://localhost:8080/p.html?",
    "https://pzprxs.vercel.app/p?",
    "https://someone.github.io/pzprjs-fork/p.html?",
    "http://127.0.0.1:8000/dist/p.html?m=edit&",
    "pzv.jp/p.html?",
]


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("tail", ["", "/"])
def test_pzprjs_links_on_any_host_read_the_same_kakuro(host: str, tail: str) -> None:
    link = host + BODY + tail
    assert detect_format(link) == "puzzlink"
    (puzzle,) = read_text(link)
    assert puzzle.kind == "kakuro"
    assert (puzzle.height, puzzle.width) == (3, 3)
    assert sorted(region.total for region in puzzle.regions) == [3, 3, 4, 4]
    result = solve(puzzle)
    assert result.status == "solved"
    assert tuple(result.solution) == SOLUTION


def test_a_non_empty_part_after_the_body_is_refused() -> None:
    with pytest.raises(ParseError, match="not a puzz.link kakuro link"):
        read_text("http://localhost:8080/p.html?" + BODY + "/x", "puzzlink")


def test_other_pzprjs_types_on_a_mirror_are_named_unsupported() -> None:
    with pytest.raises(UnsupportedError, match="puzz.link nurikabe puzzle"):
        read_text("https://pzprxs.vercel.app/p?nurikabe/2/2/g1h")
    with pytest.raises(UnsupportedError, match="puzz.link domino-search puzzle"):
        read_text("http://localhost:8080/p.html?domino-search/2/2/1234")


def test_cli_solves_a_mirror_link(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "http://localhost:8080/p.html?" + BODY + "/", "--json", "--timeout", "20"]) == 0
    out = capsys.readouterr().out
    assert '"status": "solved"' in out
    assert '"#13"' in out and '"#21"' in out


def test_cli_names_an_unsupported_mirror_type_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "https://pzprxs.vercel.app/p?nurikabe/2/2/g1h"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "unsupported" in err and "nurikabe" in err
