"""``POST /api/generate`` and ``GET /api/techniques`` of ``sumlogic serve`` (the play page's Practise menu).

Bad input is a 422 naming the field in one line, before any work; a puzzle
comes with where its path needs the technique and the position just before
the first such step, from which the level-1 hint names the technique; the
same seed gives the same puzzle; a client that leaves stops its job, and
so does the time limit.  Tries are counted (``max_tries``); the only clock
is the server's own time limit, far below what the tries would take.
"""

from __future__ import annotations

import json
import socket
import time
import warnings
from typing import Any, Iterator

import pytest

from puzzles.kinds import KINDS
from sumlogic import techniques
from sumlogic.needs import reachable_ids

try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    import httpx

    from sumlogic.server import API, API_V1, Limits, Settings, create_app, running
except ImportError:  # pragma: no cover - the serve extra is missing
    from tests.test_serve import IN_CI

    if IN_CI:
        raise
    pytest.skip("the serve tests need: pip install -e '.[serve]'", allow_module_level=True)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SLOW = {"kind": "sudoku", "needs": ["jellyfish"], "hardest": True, "seed": 1, "max_tries": 10_000}
"""A request that goes on far longer than any test waits (10 000 tries at a rare technique)."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(workers=1))) as test_client:
        yield test_client


def refused(response: Any, field: str | None) -> str:
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["field"] == field and "\n" not in body["error"]
    if field:
        assert body["error"].startswith(f"{field}: ")
    return str(body["error"])


BAD: list[tuple[dict[str, Any], str, str]] = [
    ({"needs": ["x-wing"]}, "kind", "missing"),
    ({"kind": "chess", "needs": ["x-wing"]}, "kind", "unknown kind 'chess'"),
    ({"kind": 9, "needs": ["x-wing"]}, "kind", "must be a string"),
    ({"kind": "sudoku"}, "needs", "missing"),
    ({"kind": "sudoku", "needs": []}, "needs", "names no technique"),
    ({"kind": "sudoku", "needs": " , "}, "needs", "names no technique"),
    ({"kind": "sudoku", "needs": ["x-wing", "no-such-wing"]}, "needs",
     "unknown technique no-such-wing (techniques a sudoku can need: "),
    ({"kind": "sudoku", "needs": "sum-combinations"}, "needs",
     "a sudoku cannot need sum-combinations (it applies to kakuro, killer, greater-killer only)"),
    ({"kind": "kakuro", "needs": ["kropki-dots"]}, "needs", "a kakuro cannot need kropki-dots"),
    ({"kind": "kakuro", "needs": "naked-pair"}, "needs", "a kakuro never needs naked-pair"),
    ({"kind": "sudoku", "needs": [3]}, "needs", "must be a list of strings"),
    ({"kind": "sudoku", "needs": "x-wing", "hardest": "yes"}, "hardest", "must be true or false"),
    ({"kind": "sudoku", "needs": "x-wing", "seed": -1}, "seed", "must be between 0 and"),
    ({"kind": "sudoku", "needs": "x-wing", "seed": 2 ** 60}, "seed", "must be between 0 and"),
    ({"kind": "sudoku", "needs": "x-wing", "seed": 1.5}, "seed", "must be a whole number or null"),
    ({"kind": "sudoku", "needs": "x-wing", "max_tries": 0}, "max_tries", "must be between 1 and"),
    ({"kind": "sudoku", "needs": "x-wing", "colour": "red"}, "colour", "unknown field"),
]


@pytest.mark.parametrize("body, field, words", BAD, ids=[f"{f}-{n}" for n, (_, f, _) in enumerate(BAD)])
def test_bad_input_is_422_naming_the_field(client: TestClient, body: dict[str, Any], field: str, words: str) -> None:
    for prefix in (API, API_V1):
        assert words in refused(client.post(f"{prefix}/generate", json=body), field)


def test_the_techniques_are_the_api_list(client: TestClient) -> None:
    answer = client.get(f"{API}/techniques").json()
    assert answer["techniques"] == techniques() and answer == client.get(f"{API_V1}/techniques").json()
    assert answer["needable"] == {kind: reachable_ids(kind) for kind in KINDS}
    listed = [row["id"] for row in techniques("sudoku")]
    assert "last-cell" in listed and "last-cell" not in answer["needable"]["sudoku"]
    document = client.get("/openapi.json").json()
    assert "get" in document["paths"]["/techniques"] and "post" in document["paths"]["/generate"]


def test_a_puzzle_that_needs_pointing_from_its_first_pointing_step(client: TestClient) -> None:
    body = {"kind": "sudoku", "needs": "pointing", "seed": 2}
    data = client.post(f"{API}/generate", json=body).json()
    assert data["needs"] == ["pointing"] and data["names"] == ["Pointing"] and data["seed"] == 2
    assert "solution" not in data["record"] and data["status"] == "solved"
    # the steps it names are pointing steps of the puzzle's own explained path
    start = {"placed": {}, "marks": {}}  # the step page's path from the start: no step for the givens
    trace = client.post(f"{API}/explain", json={"puzzle": data["record"], "position": start}).json()
    assert len(trace["steps"]) == data["steps"]
    assert data["needed"] == [k for k, s in enumerate(trace["steps"], 1) if s["technique"] == "pointing"] != []
    # from the position before the first, the level-1 hint names it
    hint = client.post(f"{API}/hint", json={"puzzle": data["record"], "position": data["before"], "level": 1}).json()
    assert hint["technique"] == "pointing" and hint["text"].startswith("Pointing: look at ")
    # the same seed, the same puzzle
    assert client.post(f"{API}/generate", json=body).json() == data
    # no seed: one is chosen and given back, and it makes the same puzzle again
    chosen = client.post(f"{API}/generate", json={"kind": "sudoku", "needs": ["pointing"]}).json()
    assert chosen["record"] == client.post(f"{API}/generate", json={
        "kind": "sudoku", "needs": ["pointing"], "seed": chosen["seed"]}).json()["record"]


def test_a_greater_killer_that_needs_a_comparison(client: TestClient) -> None:
    """The Practise menu's Greater Killer: a puzzle whose path compares cage sums."""
    body = {"kind": "greater-killer", "needs": "sum-comparison", "seed": 1, "max_tries": 20}
    data = client.post(f"{API}/generate", json=body).json()
    assert data["record"]["kind"] == "greater-killer" and data["record"]["relations"]
    assert data["needed"] and data["status"] == "solved"
    hint = client.post(f"{API}/hint", json={"puzzle": data["record"], "position": data["before"], "level": 1}).json()
    assert hint["technique"] == "sum-comparison"


def test_no_puzzle_within_the_tries_is_422_naming_no_field(client: TestClient) -> None:
    error = refused(client.post(f"{API}/generate", json={**SLOW, "max_tries": 1}), None)
    assert "1 tr" in error


def health(url: str) -> dict[str, Any]:
    return dict(httpx.get(f"{url}/api/health").json())


def test_a_client_that_leaves_stops_its_job() -> None:
    with running(create_app(Settings(workers=1))) as url:
        host, port = url.removeprefix("http://").split(":")
        payload = json.dumps(SLOW).encode()
        with socket.create_connection((host, int(port))) as raw:
            raw.sendall(b"POST /api/generate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        b"Content-Length: %d\r\n\r\n%s" % (len(payload), payload))
            for _ in range(600):  # until the job is in hand (a safety net only)
                if health(url)["queued"] == 1:
                    break
                time.sleep(0.05)
            assert health(url)["queued"] == 1
        for _ in range(600):
            now = health(url)
            if now["queued"] == 0:
                break
            time.sleep(0.05)
        assert now["queued"] == 0 and now["cancelled"] == 1
        # the worker is free for the next request
        assert httpx.post(f"{url}/api/solve", json={"puzzle": "sample:sudoku-1"}, timeout=60).status_code == 200


def test_the_time_limit_stops_a_job() -> None:
    with TestClient(create_app(Settings(workers=1, limits=Limits(time_limit=2.0)))) as small:
        error = refused(small.post(f"{API}/generate", json=SLOW), None)
        assert "time limit of 2 seconds" in error
        assert small.post(f"{API}/solve", json={"puzzle": "sample:sudoku-1"}).status_code == 200
