"""The JSON API of ``sumlogic serve``, through an HTTP client against the app in this process.

Every endpoint on every bundled sample gives the JSON the command line
prints with ``--json`` for the same input; bad input of every sort (bad
notation, damaged links, wrong content types, oversized bodies, unknown
fields, wrong types) is a 4xx with a one-line error naming the field, never
a 5xx.  Needs the ``serve`` extra (skipped without it, failed under CI=true).
"""

from __future__ import annotations

import json
import os
import re
import warnings
from typing import Any, Iterator

import pytest

from hypothesis import HealthCheck, given, settings, strategies as st

from puzzles import SAMPLES, to_record
from puzzles.common import content_id
from solver.engine import DEFAULT_BUDGET
from sumlogic.api import parse, record_of, write
from sumlogic.cli import main

IN_CI = os.environ.get("CI", "").lower() == "true"

try:
    with warnings.catch_warnings():  # newer Starlette prefers httpx2 for its test client; httpx still works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from sumlogic.server import API, API_V1, Limits, Settings, create_app
    from sumlogic.server.schema import FIELDS
except ImportError:  # pragma: no cover - the serve extra is missing
    if IN_CI:
        raise
    pytest.skip("the serve tests need: pip install 'sumlogic[serve]'", allow_module_level=True)


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SAMPLE_NAMES = [f"sample:{name}" for name in SAMPLES]
TIMING = {"seconds", "logic_seconds"}
MAX_BODY = 64 * 1024


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Settings(workers=2, queue_limit=16, max_body=MAX_BODY,
                              limits=Limits(time_limit=60.0, budget=DEFAULT_BUDGET)))
    with TestClient(app) as test_client:
        yield test_client


def stable(value: Any) -> Any:
    """``value`` without its timings (they differ from run to run)."""
    if isinstance(value, dict):
        return {k: stable(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [stable(v) for v in value]
    return value


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> list[Any]:
    """What ``sumlogic ARGV`` prints, one JSON value per line."""
    capsys.readouterr()
    main(list(argv))
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


def post(client: TestClient, endpoint: str, body: Any) -> Any:
    response = client.post(f"{API}/{endpoint}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def assert_error(response: Any, status: int, field: str | None) -> None:
    """A refusal: the status, a one-line error naming ``field`` first, nothing else in the body."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "field"}
    assert body["field"] == field
    assert "\n" not in body["error"] and body["error"]
    if field:
        assert body["error"].startswith(f"{field}: ")


def killer_link() -> str:
    """A SudokuPad link written by our own writer."""
    return write(parse_sample("killer-1"), "sudokupad").strip()


def parse_sample(name: str) -> Any:
    from puzzles import sample

    return sample(name)


# ---------------------------------------------------------------- the same JSON as the command line


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_solve_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert stable(post(client, "solve", {"puzzle": name})) == stable(cli_json(capsys, "solve", name, "--json")[0])
    assert stable(post(client, "solve", {"puzzle": name, "logic": False})) == \
        stable(cli_json(capsys, "solve", name, "--json", "--no-logic")[0])


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_hint_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert post(client, "hint", {"puzzle": name}) == cli_json(capsys, "hint", name, "--json")[0]


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_grade_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert post(client, "grade", {"puzzle": name}) == cli_json(capsys, "grade", name, "--json")[0]


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_explain_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str], name: str) -> None:
    budget = 50_000
    api = post(client, "explain", {"puzzle": name, "budget": budget})
    cli = cli_json(capsys, "explain", name, "--json", "--budget", str(budget))[0]
    assert stable(api) == stable(cli)
    assert api["status"] == "solved" and api["steps"]


def test_a_link_gives_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    link = killer_link()
    assert post(client, "hint", {"puzzle": link}) == cli_json(capsys, "hint", link, "--json")[0]
    assert post(client, "grade", {"puzzle": link}) == cli_json(capsys, "grade", link, "--json")[0]


def test_formats_and_samples_are_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    assert client.get(f"{API}/formats").json() == {"formats": cli_json(capsys, "formats", "--json")}
    assert client.get(f"{API}/samples").json() == {"samples": cli_json(capsys, "samples", "--json")}


@pytest.mark.parametrize("target", ["fpuzzles", "sudokupad", "sudokuwiki", "killer", "jsonl"])
def test_convert_is_the_cli_text(client: TestClient, capsys: pytest.CaptureFixture[str], target: str) -> None:
    capsys.readouterr()
    main(["convert", "sample:killer-1", "--to", target])
    text = capsys.readouterr().out
    body = post(client, "convert", {"puzzle": "sample:killer-1", "to": target})
    assert body["text"] == text
    assert (body["from"], body["to"], body["kind"]) == ("killer", target, "killer")


def test_parse_reads_a_link_into_our_record(client: TestClient) -> None:
    link = killer_link()
    body = post(client, "parse", {"puzzle": link})
    assert body["format"] == "sudokupad" and body["kind"] == "killer" and body["size"] == "9x9"
    # a link without a title is named by its content, the same on every run
    assert body["id"] == body["record"]["id"] == content_id(parse(link)) and body["title"] is None
    assert body["record"] == {"id": body["id"], **to_record(parse(link))}
    assert record_of(parse(link))["cages"] == record_of(parse_sample("killer-1"))["cages"]
    assert body["loose"] == []


def test_parse_gives_the_identity_and_the_loose_cells(client: TestClient) -> None:
    """What the play page needs: the setter's title, author and rules, and the cells in no cage."""
    import dataclasses

    from puzzles import killer

    full = parse_sample("killer-1")
    cages = [c for c in killer.cages(full) if len(c.cells) > 1]
    info = (("title", "Heart in a Cage"), ("author", "A. Setter"), ("rules", "Normal killer rules."))
    puzzle = dataclasses.replace(killer.build(cages), info=info)
    body = post(client, "parse", {"puzzle": write(puzzle, "sudokupad").strip()})
    assert (body["id"], body["title"], body["author"], body["rules"]) == (
        "heart-in-a-cage", "Heart in a Cage", "A. Setter", "Normal killer rules.")
    singles = sorted(name for c in killer.cages(full) if len(c.cells) == 1 for name in c.names())
    assert body["loose"] == singles and len(body["record"]["cages"]) == len(cages)
    assert (body["record"]["title"], body["record"]["rules"]) == ("Heart in a Cage", "Normal killer rules.")


def test_a_record_object_is_a_puzzle(client: TestClient) -> None:
    record = record_of(parse_sample("greater-killer-1"))
    assert stable(post(client, "solve", {"puzzle": record, "logic": False})) == \
        stable(post(client, "solve", {"puzzle": "sample:greater-killer-1", "logic": False}))
    assert post(client, "hint", {"puzzle": record}) == post(client, "hint", {"puzzle": "sample:greater-killer-1"})


def test_health(client: TestClient) -> None:
    body = client.get(f"{API}/health").json()
    assert body["status"] == "ok" and body["workers"] == 2 and body["queue_limit"] == 16
    assert body["budget"] == DEFAULT_BUDGET and body["max_body"] == MAX_BODY


# ---------------------------------------------------------------- bad input: always 4xx, one line, naming the field


BAD_FIELDS: list[tuple[str, dict[str, Any], str]] = [
    ("solve", {"puzzle": "hello there"}, "puzzle"),
    ("solve", {"puzzle": ""}, "puzzle"),
    ("solve", {"puzzle": "   \n "}, "puzzle"),
    ("solve", {}, "puzzle"),
    ("solve", {"puzzle": 5}, "puzzle"),
    ("solve", {"puzzle": None}, "puzzle"),
    ("solve", {"puzzle": ["sample:killer-1"]}, "puzzle"),
    ("solve", {"puzzle": "sample:no-such-sample"}, "puzzle"),
    ("solve", {"puzzle": "https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA5g"}, "puzzle"),
    ("solve", {"puzzle": "https://www.f-puzzles.com/?load=garbage!!"}, "puzzle"),
    ("solve", {"puzzle": "https://example.com/not-a-puzzle"}, "puzzle"),
    ("solve", {"puzzle": {"kind": "killer"}}, "puzzle"),
    ("solve", {"puzzle": {"kind": "sudoku", "givens": "1" * 81}}, "puzzle"),
    ("solve", {"puzzle": "4" * 81 + "\n" + "." * 81}, "puzzle"),
    ("solve", {"puzzle": "." * 81 + "\n" + "." * 81}, "puzzle"),
    ("solve", {"puzzle": "sample:sudoku-1", "format": "klingon"}, "format"),
    ("solve", {"puzzle": "sample:sudoku-1", "format": 3}, "format"),
    ("solve", {"puzzle": "sample:sudoku-1", "logic": "yes"}, "logic"),
    ("solve", {"puzzle": "sample:sudoku-1", "timeout": 0}, "timeout"),
    ("solve", {"puzzle": "sample:sudoku-1", "timeout": -1.5}, "timeout"),
    ("solve", {"puzzle": "sample:sudoku-1", "timeout": 1e9}, "timeout"),
    ("solve", {"puzzle": "sample:sudoku-1", "timeout": "5"}, "timeout"),
    ("solve", {"puzzle": "sample:sudoku-1", "colour": "blue"}, "colour"),
    ("explain", {"puzzle": "sample:sudoku-1", "max_depth": 11}, "max_depth"),
    ("explain", {"puzzle": "sample:sudoku-1", "max_depth": "3"}, "max_depth"),
    ("explain", {"puzzle": "sample:sudoku-1", "max_depth": True}, "max_depth"),
    ("explain", {"puzzle": "sample:sudoku-1", "max_depth": 2.5}, "max_depth"),
    ("explain", {"puzzle": "sample:sudoku-1", "budget": -1}, "budget"),
    ("explain", {"puzzle": "sample:sudoku-1", "budget": DEFAULT_BUDGET + 1}, "budget"),
    ("explain", {"puzzle": "sample:sudoku-1", "guess": 1}, "guess"),
    ("hint", {"puzzle": "sample:sudoku-1", "level": 4}, "level"),
    ("hint", {"puzzle": "sample:sudoku-1", "level": 0}, "level"),
    ("hint", {"puzzle": "sample:sudoku-1", "position": "r1c1=5"}, "position"),
    ("check", {"puzzle": "sample:sudoku-1"}, "position"),
    ("check", {"position": {"placed": {}}}, "puzzle"),
    ("grade", {"puzzle": "sample:sudoku-1", "budget": "lots"}, "budget"),
    ("grade", {"puzzle": "sample:sudoku-1", "steps": 3}, "steps"),
    ("parse", {"puzzle": "sample:killer-1", "to": "fpuzzles"}, "to"),
    ("convert", {"puzzle": "sample:killer-1"}, "to"),
    ("convert", {"puzzle": "sample:killer-1", "to": "klingon"}, "to"),
    ("convert", {"puzzle": "sample:kakuro-6x6", "to": "fpuzzles"}, "to"),
    ("convert", {"puzzle": "sample:killer-1", "to": ["fpuzzles"]}, "to"),
]


@pytest.mark.parametrize("endpoint, body, field", BAD_FIELDS,
                         ids=[f"{e}-{f}-{n}" for n, (e, _, f) in enumerate(BAD_FIELDS)])
def test_bad_fields_are_422_naming_the_field(client: TestClient, endpoint: str, body: dict[str, Any],
                                            field: str) -> None:
    assert_error(client.post(f"{API}/{endpoint}", json=body), 422, field)


@pytest.mark.parametrize("endpoint", sorted(FIELDS))
def test_a_body_that_is_not_an_object_is_422(client: TestClient, endpoint: str) -> None:
    for body in ([], "sample:sudoku-1", 3, None):
        response = client.post(f"{API}/{endpoint}", content=json.dumps(body),
                               headers={"content-type": "application/json"})
        assert_error(response, 422, "body")


@pytest.mark.parametrize("data", [b"{", b"", b"{'puzzle': 1}", b'{"puzzle": NaN}', b'{"puzzle": Infinity}',
                                  b"\xff\xfe{}", b"[" * 100_000 + b"]" * 100_000],
                         ids=["cut", "empty", "quotes", "nan", "infinity", "not-utf8", "deep"])
def test_what_is_not_json_is_400(client: TestClient, data: bytes) -> None:
    response = client.post(f"{API}/solve", content=data, headers={"content-type": "application/json"})
    if len(data) > MAX_BODY:
        assert_error(response, 413, "body")
    else:
        assert_error(response, 400, "body")


def test_deep_json_within_the_limit_is_refused_not_crashed(client: TestClient) -> None:
    data = b'{"puzzle": ' + b"[" * 30_000 + b"]" * 30_000 + b"}"
    response = client.post(f"{API}/solve", content=data, headers={"content-type": "application/json"})
    assert response.status_code in (400, 422)
    assert_error(response, response.status_code, response.json()["field"])


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "", "multipart/form-data",
                                          "application/jsonx"])
def test_other_content_types_are_415(client: TestClient, content_type: str) -> None:
    headers = {"content-type": content_type} if content_type else {}
    response = client.post(f"{API}/grade", content=b'{"puzzle": "sample:sudoku-1"}', headers=headers)
    assert_error(response, 415, "body")


def test_json_with_a_charset_is_taken(client: TestClient) -> None:
    response = client.post(f"{API}/solve", content=b'{"puzzle": "sample:sudoku-1", "logic": false}',
                           headers={"content-type": "application/json; charset=utf-8"})
    assert response.status_code == 200 and response.json()["status"] == "solved"


def test_an_oversized_body_is_413(client: TestClient) -> None:
    big = json.dumps({"puzzle": "." * (MAX_BODY + 10)}).encode()
    assert_error(client.post(f"{API}/solve", content=big, headers={"content-type": "application/json"}), 413, "body")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit holds while reading
        yield b'{"puzzle": "'
        for _ in range(MAX_BODY // 1024 + 2):
            yield b"." * 1024
        yield b'"}'

    response = client.post(f"{API}/solve", content=chunks(), headers={"content-type": "application/json"})
    assert_error(response, 413, "body")


def test_wrong_methods_and_paths(client: TestClient) -> None:
    assert_error(client.get(f"{API}/solve"), 405, None)
    assert_error(client.post(f"{API}/health", json={}), 405, None)
    assert_error(client.get(f"{API}/nothing"), 404, None)
    assert_error(client.get("/static/../../etc/passwd"), 404, None)
    assert_error(client.get("/static/server.py"), 404, None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(endpoint=st.sampled_from(sorted(FIELDS)),
       body=st.dictionaries(st.sampled_from(["puzzle", "format", "to", "level", "budget", "position", "x"]),
                            st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                                         lambda inner: st.lists(inner, max_size=3)
                                         | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                                         max_leaves=6)))
def test_any_json_body_gets_an_answer_never_a_5xx(client: TestClient, endpoint: str, body: dict[str, Any]) -> None:
    response = client.post(f"{API}/{endpoint}", json=body)
    assert response.status_code < 500, response.text
    if response.status_code != 200:
        assert_error(response, response.status_code, response.json()["field"])


def test_a_full_queue_is_503_with_retry_after(client: TestClient) -> None:
    workers = client.app.state.workers  # type: ignore[attr-defined]
    saved = workers.queued
    workers.queued = workers.queue_limit
    try:
        response = client.post(f"{API}/solve", json={"puzzle": "sample:sudoku-1"})
    finally:
        workers.queued = saved
    assert_error(response, 503, None)
    assert response.headers["retry-after"].isdigit()
    assert client.post(f"{API}/solve", json={"puzzle": "sample:sudoku-1"}).status_code == 200


def test_the_time_limit_stops_the_solver_not_the_server() -> None:
    """A request's timeout reaches the solver (a status, not an error); no wall clock is asserted."""
    with TestClient(create_app(Settings(workers=1, limits=Limits(time_limit=5.0, budget=1000)))) as small:
        body = post(small, "solve", {"puzzle": "sample:sudoku-1", "timeout": 5})
        assert body["status"] == "solved"
        assert_error(small.post(f"{API}/explain", json={"puzzle": "sample:sudoku-1", "budget": 1001}), 422, "budget")
        assert small.get(f"{API}/health").json()["budget"] == 1000


# ---------------------------------------------------------------- the document and the page


def test_openapi_document_names_every_endpoint_and_field(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert [server["url"] for server in document["servers"]] == [API, API_V1]
    for endpoint, fields in FIELDS.items():
        operation = document["paths"][f"/{endpoint}"]["post"]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        assert list(schema["properties"]) == [f.name for f in fields]
        assert schema["additionalProperties"] is False
        assert {"200", "400", "413", "415", "422", "503"} <= set(operation["responses"])
    for name in ("health", "formats", "samples"):
        assert "get" in document["paths"][f"/{name}"]


@pytest.mark.parametrize("path", ["/", "/view", "/docs"])
def test_the_pages_load_nothing_from_elsewhere(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    links = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert links and all(link == "/" or link.startswith(("/static/", "/view", "/docs", "/openapi.json", "data:"))
                         for link in links)
    for link in links:
        if link.startswith("/static/"):
            assert client.get(link).status_code == 200
    for name in ("play.js", "viewer.js", "view.js", "docs.js", "address.js"):
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg|sudokupad\.app/)", client.get(f"/static/{name}").text)


# ---------------------------------------------------------------- positions: check and hint at a level


def a_position(wrong_digit: bool) -> Any:
    """killer-1 with two right digits (and one wrong one when asked) and a pencil mark."""
    from sumlogic.api import solve
    from sumlogic.position import Position

    puzzle = parse_sample("killer-1")
    solution = solve(puzzle).solution
    position = Position(puzzle).place("r1c1", int(solution[0])).place("r5c5", int(solution[40]))
    if wrong_digit:
        position = position.place("r9c9", int(solution[80]) % 9 + 1)
    return position.keep("r2c2", sorted({int(solution[10]), 1, 2}))


@pytest.mark.parametrize("wrong_digit", [False, True])
def test_check_is_the_api_json(client: TestClient, wrong_digit: bool) -> None:
    from sumlogic.api import check

    position = a_position(wrong_digit)
    expected = check(position).to_dict()
    assert post(client, "check", {"puzzle": "sample:killer-1", "position": position.to_dict(include_puzzle=False)}) \
        == expected
    assert post(client, "check", {"position": position.to_dict()}) == expected
    assert [m["cell"] for m in expected["mistakes"]] == (["r9c9"] if wrong_digit else [])


@pytest.mark.parametrize("level", [1, 2, 3])
def test_hint_from_a_position_is_the_api_json(client: TestClient, level: int) -> None:
    from sumlogic.api import hint

    position = a_position(False)
    body = post(client, "hint", {"puzzle": record_of(position.puzzle), "level": level,
                                 "position": position.to_dict(include_puzzle=False)})
    assert body == hint(position, level=level).to_dict()
    assert body["level"] == level and body["technique"]
    assert ("step" in body) == (level == 3) and ("cells" in body) == (level >= 2)


def test_hint_on_a_position_with_a_mistake_lists_it(client: TestClient) -> None:
    body = post(client, "hint", {"position": a_position(True).to_dict(), "level": 1})
    assert body["status"] == "mistakes" and [m["cell"] for m in body["mistakes"]] == ["r9c9"]


@pytest.mark.parametrize("position, words", [
    ({"placed": {"r1c1": 10}}, "r1c1"),
    ({"placed": {"r0c1": 1}}, "r0c1"),
    ({"placed": {"r1c1": "5"}}, "r1c1"),
    ({"placed": []}, "placed"),
    ({"marks": {"r1c2": 5}}, "r1c2"),
    ({"colour": {}}, "colour"),
])
def test_a_bad_position_is_422_naming_it(client: TestClient, position: dict[str, Any], words: str) -> None:
    for endpoint in ("check", "hint"):
        response = client.post(f"{API}/{endpoint}", json={"puzzle": "sample:killer-1", "position": position})
        assert_error(response, 422, "position")
        assert words in response.json()["error"]


def test_technique_choice_names_its_field(client: TestClient) -> None:
    assert_error(client.post(f"{API}/grade", json={"puzzle": "sample:sudoku-1", "techniques": "naked-singles"}),
                 422, "techniques")
    assert_error(client.post(f"{API}/hint", json={"puzzle": "sample:sudoku-1", "without": ["nope"]}), 422, "without")
    assert_error(client.post(f"{API}/explain", json={"puzzle": "sample:sudoku-1", "techniques": [1]}), 422,
                 "techniques")
    body = post(client, "hint", {"puzzle": "sample:sudoku-1", "techniques": "hidden-single"})
    assert body["step"]["technique"] in ("hidden-single", "guess")


@pytest.mark.parametrize("level", [1, 3])
def test_position_answers_are_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str],
                                           level: int) -> None:
    good, bad = a_position(False), a_position(True)
    for position in (good, bad):
        text = json.dumps(position.to_dict(include_puzzle=False))
        body = {"puzzle": "sample:killer-1", "position": position.to_dict(include_puzzle=False)}
        assert post(client, "check", body) == cli_json(capsys, "check", "sample:killer-1", "--position", text,
                                                       "--json")[0]
        assert post(client, "hint", {**body, "level": level}) == \
            cli_json(capsys, "hint", "sample:killer-1", "--position", text, "--level", str(level), "--json")[0]


# ---------------------------------------------------------------- the current paths and version 1


BOTH_BODIES = [
    ("solve", {"puzzle": "sample:killer-1"}),
    ("explain", {"puzzle": "sample:sudoku-1", "budget": 5000}),
    ("hint", {"puzzle": "sample:killer-1"}),
    ("check", {"puzzle": "sample:killer-1", "position": {"placed": {"r9c9": 1}}}),
    ("grade", {"puzzle": "sample:sudoku-1"}),
    ("parse", {"puzzle": "sample:kropki-1"}),
    ("convert", {"puzzle": "sample:killer-1", "to": "fpuzzles"}),
    ("solve", {"puzzle": "no puzzle here"}),
    ("grade", {"puzzle": "sample:sudoku-1", "colour": 1}),
]


def test_the_paths_the_issue_names() -> None:
    assert API == "/api" and API_V1 == "/api/v1"
    paths = {route.path for route in create_app(Settings(workers=1)).routes}  # type: ignore[attr-defined]
    for prefix in (API, API_V1):
        assert {f"{prefix}/{name}" for name in (*FIELDS, "formats", "samples", "health", "openapi.json")} <= paths
    assert {"/", "/view", "/docs", "/openapi.json"} <= paths


@pytest.mark.parametrize("endpoint, body", BOTH_BODIES, ids=[f"{e}-{i}" for i, (e, _) in enumerate(BOTH_BODIES)])
def test_both_prefixes_give_the_same_answer(client: TestClient, endpoint: str, body: dict[str, Any]) -> None:
    current, v1 = client.post(f"{API}/{endpoint}", json=body), client.post(f"{API_V1}/{endpoint}", json=body)
    assert current.status_code == v1.status_code
    assert stable(current.json()) == stable(v1.json())


@pytest.mark.parametrize("name", ["formats", "samples", "health", "openapi.json"])
def test_both_prefixes_give_the_same_document(client: TestClient, name: str) -> None:
    current = client.get(f"{API}/{name}")
    assert current.status_code == 200 and current.json() == client.get(f"{API_V1}/{name}").json()
    if name == "openapi.json":
        assert current.json() == client.get("/openapi.json").json()


def test_both_prefixes_refuse_alike(client: TestClient) -> None:
    for prefix in (API, API_V1):
        assert_error(client.get(f"{prefix}/solve"), 405, None)
        assert_error(client.post(f"{prefix}/grade", content=b"{}", headers={"content-type": "text/plain"}), 415,
                     "body")
    assert client.get("/api/v2/health").status_code == 404


# ---------------------------------------------------------------- Apply step, step by step, work budgets


def test_a_level_3_hint_from_a_position_carries_the_position_after_it(client: TestClient) -> None:
    from sumlogic.api import hint
    from sumlogic.position import Position

    position = a_position(False)
    body = post(client, "hint", {"position": position.to_dict(), "level": 3})
    step = hint(position, level=3).step
    assert step is not None
    after = Position.from_dict(body["after"], position.puzzle)
    assert after == position.apply(step)
    for name, digit in body["step"]["placements"]:
        assert after.digit(name) == digit
    for name, digits in body["step"]["eliminations"]:
        assert not set(digits) & set(after.candidates(name)) or after.digit(name)
    assert "after" not in post(client, "hint", {"position": position.to_dict(), "level": 2})


def test_explain_from_a_position_is_the_api_trace(client: TestClient) -> None:
    from sumlogic.api import explain

    position = a_position(False)
    body = post(client, "explain", {"position": position.to_dict(), "budget": 20_000})
    assert stable(body) == stable(explain(position, budget=20_000).to_dict())
    assert body["position"]["placed"] == position.to_dict(include_puzzle=False)["placed"]
    assert body["status"] == "solved" and body["steps"]


def test_hint_and_check_spend_at_most_their_budget(client: TestClient) -> None:
    searching = {"puzzle": "sample:killer-1", "techniques": "contradiction-1"}
    assert post(client, "hint", searching)["step"]["technique"] == "contradiction-1"
    assert post(client, "hint", {**searching, "budget": 0})["step"]["technique"] == "guess"
    wrong = {"puzzle": "sample:killer-1", "position": a_position(True).to_dict(include_puzzle=False)}
    [explained] = post(client, "check", wrong)["mistakes"]
    [brief] = post(client, "check", {**wrong, "budget": 0})["mistakes"]
    assert explained["cell"] == brief["cell"] == "r9c9"
    assert brief["text"].endswith("no solution has it") and not explained["text"].endswith("no solution has it")


def test_hint_and_check_budgets_are_bounded_by_the_server() -> None:
    with TestClient(create_app(Settings(workers=1, limits=Limits(time_limit=30.0, budget=1000)))) as small:
        for endpoint in ("hint", "check"):
            body = {"puzzle": "sample:killer-1", "position": {}, "budget": 1001}
            assert_error(small.post(f"{API}/{endpoint}", json=body), 422, "budget")


# --- the command itself: Ctrl-C and a port in use ---------------------------------------


def test_serve_stops_on_ctrl_c_with_130_and_refuses_a_busy_port_in_one_line() -> None:
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    from sumlogic.server.app import free_port

    port = str(free_port())
    command = [sys.executable, "-m", "sumlogic", "serve", "--port", port, "--workers", "1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):  # the server's start, polled; 60 s at most, a safety net only
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        busy = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert busy.returncode == 2
        assert [line for line in busy.stderr.splitlines() if line.startswith("sumlogic:")] == [
            f"sumlogic: cannot serve on 127.0.0.1:{port} (is the port in use?)"]
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
        assert server.returncode == 130 and "Traceback" not in err
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
