"""Issue 20, the local HTTP API (``sumlogic serve``): fresh cases of "a server
answers 4xx, never 5xx, for bad input", found by an adversarial sweep, each
failing on the commit before the sweep (6a62ce2): huge numbers, endless
digits, a key given twice, a byte order mark, lone surrogates, deep values,
positions of another puzzle or with bad cell names, long echoes, bad
settings, and a client leaving mid-body.
"""

from __future__ import annotations

import json
import math
import warnings
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import sumlogic
from solver.errors import InvalidArgumentError

from .process_support import plain

NORMAL = settings(max_examples=200, deadline=None)

SUDOKU = sumlogic.read("sample:sudoku-1")[0]
KILLER = sumlogic.read("sample:killer-1")[0]


# ------------------------------------------------------------------ the server: 4xx, never 5xx


try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from sumlogic.server import API, Limits, Settings, create_app
    from sumlogic.server.app import BadRequest, read_body
    from sumlogic.server.schema import FIELDS, MAX_NESTING
    HAVE_SERVER = True
except ImportError:  # pragma: no cover - the serve extra is missing
    HAVE_SERVER = False

server = pytest.mark.skipif(not HAVE_SERVER, reason="the server tests need: pip install -e '.[serve]'")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    if not HAVE_SERVER:
        pytest.skip("the server tests need the serve extra")
    app = create_app(Settings(workers=1, queue_limit=64, max_body=64 * 1024, limits=Limits(time_limit=30.0,
                                                                                          budget=20_000)))
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def send(client: Any, endpoint: str, body: Any) -> Any:
    """POST ``body`` as JSON text (lone surrogates written as escapes, as JSON allows)."""
    return client.post(f"{API}/{endpoint}", content=json.dumps(body).encode(),
                       headers={"content-type": "application/json"})


def refused(response: Any, status: int, field: str | None) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["field"] == field, body
    plain(body["error"])


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


@server
@pytest.mark.parametrize("field, value", [("timeout", 10 ** 400), ("timeout", -10 ** 400), ("budget", 10 ** 90),
                                          ("max_depth", -10 ** 90)])
def test_server_huge_numbers_are_422(client: Any, field: str, value: int) -> None:
    refused(send(client, "grade", {"puzzle": "sample:sudoku-1", field: value}), 422, field)


@server
def test_server_number_of_endless_digits_is_400_in_plain_words(client: Any) -> None:
    response = client.post(f"{API}/grade", content=b'{"puzzle": "sample:sudoku-1", "budget": ' + b"9" * 5000 + b"}",
                           headers={"content-type": "application/json"})
    refused(response, 400, "body")


@server
def test_server_key_twice_is_400(client: Any) -> None:
    response = client.post(f"{API}/parse", content=b'{"puzzle": "sample:sudoku-1", "puzzle": 5}',
                           headers={"content-type": "application/json"})
    refused(response, 400, "body")


@server
def test_server_takes_a_byte_order_mark(client: Any) -> None:
    response = client.post(f"{API}/parse", content=b'\xef\xbb\xbf{"puzzle": "sample:sudoku-1"}',
                           headers={"content-type": "application/json"})
    assert response.status_code == 200 and response.json()["id"] == "sudoku-1"


@server
@pytest.mark.parametrize("endpoint", ["parse", "solve", "convert"])
def test_server_refuses_lone_surrogates(client: Any, endpoint: str) -> None:
    """A lone surrogate escape (legal in JSON text, but no character) in an id
    or a field name: a 4xx naming where it is, as the command line refuses it,
    never a 500 UnicodeEncodeError."""
    record = {**sumlogic.api.record_of(SUDOKU), "id": "a\udc80b"}
    extra = {"to": "jsonl"} if endpoint == "convert" else {"logic": False} if endpoint == "solve" else {}
    response = send(client, endpoint, {"puzzle": record, **extra})
    refused(response, 400, "body")
    assert "puzzle.id" in response.json()["error"]
    response = send(client, endpoint, {"puzzle": sumlogic.api.record_of(SUDOKU), "\udc80": 1})
    assert 400 <= response.status_code < 500, response.text


@server
@pytest.mark.parametrize("endpoint, field", [("check", "position"), ("hint", "position"), ("parse", "puzzle"),
                                             ("explain", "techniques")])
def test_server_deep_values_are_422(client: Any, endpoint: str, field: str) -> None:
    """Deep values that JSON reads but a worker cannot take (a 500 RecursionError before)."""
    body: dict[str, Any] = {"puzzle": "sample:sudoku-1", field: {"placed": {"r1c2": nested(900)}}}
    if field == "techniques":
        body[field] = nested(900)
    elif field == "puzzle":
        body[field] = {"kind": "sudoku", "givens": nested(900)}
    refused(send(client, endpoint, body), 422, field)
    body[field] = body[field] if field != "position" else {"placed": {}, "marks": {"r1c2": nested(MAX_NESTING - 3)}}
    assert send(client, endpoint, body).status_code < 500


@server
@pytest.mark.parametrize("position, words", [
    ({"placed": {"r" + "9" * 5000 + "c1": 1}}, "more than 9 digits"),
    ({"placed": {"r١c2": 1}}, "bad cell name"),
    ({"marks": {"r1c2": ["1"]}}, "not a digit"),
    ({"kind": "kakuro", "placed": {}}, "another puzzle"),
    ({"puzzle": {"kind": "sudoku"}, "placed": {}}, "another puzzle"),
])
def test_server_bad_positions_are_422(client: Any, position: dict[str, Any], words: str) -> None:
    for endpoint in ("check", "hint"):
        response = send(client, endpoint, {"puzzle": "sample:sudoku-1", "position": position})
        refused(response, 422, "position")
        assert words in response.json()["error"]


@server
@pytest.mark.parametrize("kwargs, error", [
    ({"workers": 10 ** 11}, InvalidArgumentError), ({"workers": 0}, InvalidArgumentError),
    ({"workers": 2.0}, TypeError), ({"queue_limit": True}, TypeError), ({"max_body": -1}, InvalidArgumentError),
    ({"max_body": 1 << 40}, InvalidArgumentError), ({"limits": {"time_limit": 5}}, TypeError),
])
def test_server_settings_are_checked(kwargs: dict[str, Any], error: type[Exception]) -> None:
    """``Settings(workers=10**11)`` started and then failed in the pool with
    OverflowError (a traceback from uvicorn's lifespan)."""
    with pytest.raises(error, match="^Settings: "):
        Settings(**kwargs)


@server
@pytest.mark.parametrize("kwargs, error", [
    ({"time_limit": math.inf}, InvalidArgumentError), ({"time_limit": math.nan}, InvalidArgumentError),
    ({"time_limit": 0}, InvalidArgumentError), ({"time_limit": "20"}, TypeError),
    ({"budget": -1}, InvalidArgumentError), ({"budget": 1.5}, TypeError),
])
def test_server_limits_are_checked(kwargs: dict[str, Any], error: type[Exception]) -> None:
    """An endless time limit was taken, and then /api/health answered 500 (JSON has no Infinity)."""
    with pytest.raises(error, match="^Limits: "):
        Limits(**kwargs)


@server
@pytest.mark.parametrize("endpoint, body, field", [
    ("parse", {"puzzle": "sample:" + "x" * 50_000}, "puzzle"), ("parse", {"puzzle": "sample:sudoku-1",
                                                                         "format": "x" * 50_000}, "format"),
    ("convert", {"puzzle": "sample:sudoku-1", "to": "x" * 50_000}, "to"),
    ("explain", {"puzzle": "sample:sudoku-1", "techniques": ["x" * 50_000]}, "techniques"),
])
def test_server_errors_do_not_echo_long_values(client: Any, endpoint: str, body: dict[str, Any], field: str) -> None:
    """A 50 kB value came back whole inside the error message."""
    response = send(client, endpoint, body)
    refused(response, 422, field)
    assert len(response.json()["error"]) <= 400


@server
def test_server_client_leaving_mid_body_is_a_quiet_400() -> None:
    """A client that leaves before the end of its body: a 400 for nobody, not
    an exception in the server's log."""
    import asyncio

    from starlette.requests import Request

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    scope = {"type": "http", "method": "POST", "path": "/api/solve", "query_string": b"",
             "headers": [(b"content-type", b"application/json")]}
    # In a thread of its own: an earlier test (a browser's) may leave an event loop running in this one.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(asyncio.run, read_body(Request(scope, receive), 1024))
        with pytest.raises(BadRequest) as caught:
            future.result()
    assert caught.value.status == 400


SERVER_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 400, 10 ** 400) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(["\udc80", "r١c1", "r" + "9" * 400 + "c1", "sample:sudoku-1", "jsonl",
                                              "naked-single", "\x00\x1b[2J"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["placed", "marks", "kind", "puzzle", "r1c2", "r١c1", "\udc80", "givens", "size"]), inner,
        max_size=3),
    max_leaves=8)


def server_case(client: Any, data: st.DataObject) -> None:
    endpoint = data.draw(st.sampled_from(sorted(FIELDS)), label="endpoint")
    names = [f.name for f in FIELDS[endpoint]] + ["\udc80"]
    body = data.draw(st.dictionaries(st.sampled_from(names), SERVER_VALUES, max_size=4), label="body")
    if data.draw(st.booleans(), label="a real puzzle"):
        body["puzzle"] = data.draw(st.sampled_from(["sample:sudoku-1", "sample:kakuro-6x6",
                                                    sumlogic.api.record_of(KILLER)]))
    response = send(client, endpoint, body)
    assert response.status_code < 500, (body, response.text)
    if response.status_code != 200:
        refused(response, response.status_code, response.json()["field"])


@server
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_server_any_body_gets_an_answer_never_a_5xx(client: Any, data: st.DataObject) -> None:
    server_case(client, data)


@server
@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_server_any_body_slow(client: Any, data: st.DataObject) -> None:
    server_case(client, data)
