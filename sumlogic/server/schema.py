"""The request fields of every endpoint: checked here, and the same table
writes the OpenAPI document (:func:`openapi`), so the two cannot disagree.

>>> limits = Limits(time_limit=10.0, budget=1000)
>>> check_fields("grade", {"puzzle": "sample:sudoku-1"}, limits)["budget"]
1000
>>> check_fields("grade", {"puzzle": "x", "budget": 5000}, limits)
Traceback (most recent call last):
sumlogic.server.jobs.BadField: ('budget', "must be between 0 and 1000 (the server's work budget), not 5000")
>>> check_fields("grade", {"puzzle": "x", "colour": 1}, limits)  # doctest: +ELLIPSIS
Traceback (most recent call last):
sumlogic.server.jobs.BadField: ('colour', 'unknown field (grade takes: puzzle, format, max_depth, ...)')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from solver.errors import InvalidArgumentError
from solver.model import shown

from .jobs import BadField, Body

API = "/api"
"""Where the current API lives (today the same as version 1)."""

API_V1 = "/api/v1"
"""Where version 1 of the API lives: kept as it is when the current API moves on."""

PREFIXES = (API, API_V1)
"""Every prefix the endpoints are served under: one table of endpoints, each under all of them."""


@dataclass(frozen=True)
class Limits:
    """What one request may spend: ``time_limit`` seconds (the solver's
    timeout; the server waits a little longer before it gives up) and
    ``budget`` work units for the searching techniques."""

    time_limit: float = 20.0
    budget: int = 200_000

    def __post_init__(self) -> None:
        t, b = self.time_limit, self.budget
        if isinstance(t, bool) or not isinstance(t, (int, float)):
            raise TypeError(f"Limits: time_limit must be a number of seconds, not {shown(t)}")
        if not 0 < t < math.inf:  # NaN fails too; an endless limit cannot be written in JSON (health, OpenAPI)
            raise InvalidArgumentError(f"Limits: time_limit must be above 0 seconds and finite, not {shown(t)}")
        if isinstance(b, bool) or not isinstance(b, int):
            raise TypeError(f"Limits: budget must be a whole number of work units, not {shown(b)}")
        if b < 0:
            raise InvalidArgumentError(f"Limits: budget must be 0 or more, not {b}")


@dataclass(frozen=True)
class Field:
    """One request field: its JSON type(s), whether it must be there, its default, bounds and meaning."""

    name: str
    types: tuple[str, ...]
    doc: str
    required: bool = False
    default: Any = None
    low: int | None = None
    high: int | None = None


PUZZLE = Field("puzzle", ("string", "object"), required=True,
               doc="the puzzle: a link (f-puzzles, SudokuPad, SudokuWiki, puzz.link), text in any notation "
                   "sumlogic reads, sample:NAME, or a record of the corpus schema as a JSON object")
PUZZLE_OR_POSITION = Field("puzzle", ("string", "object"),
                           doc=PUZZLE.doc + "; may be left out when `position` holds the record as `puzzle`")
TECHNIQUES = Field("techniques", ("string", "array"),
                   doc="technique ids to use (a list, or one comma-separated string; default: all)")
WITHOUT = Field("without", ("string", "array"), doc="technique ids to leave out")
MAX_LEVEL = Field("max_level", ("integer",), low=0, high=99, doc="only techniques of this level or lower")
CHOICE = (TECHNIQUES, WITHOUT, MAX_LEVEL)
FORMAT = Field("format", ("string", "null"), doc="the notation of `puzzle` (default: detected; GET formats)")
TIMEOUT = Field("timeout", ("number",), doc="seconds the solver may take (default and most: the server's limit)")
MAX_DEPTH = Field("max_depth", ("integer",), default=3, low=0, high=10,
                  doc="deepest nesting of assumptions in contradiction chains")
BUDGET = Field("budget", ("integer",), low=0,
               doc="work units the searching techniques may spend (default and most: the server's budget); "
                   "a budget gives the same trace on every machine")
POSITION = Field("position", ("object",),
                 doc="the player's digits, pencil marks and corner marks (the JSON of sumlogic.Position.to_dict)")
STEP_BUDGET = Field("budget", ("integer",), low=0,
                    doc="work units the searching techniques may spend finding the step and explaining "
                        "mistakes (default and most: the server's budget); past it a hint is a guess")

MAX_TRIES = 10_000
"""The most tries a generate request may ask for (the time limit stops it anyway)."""

MAX_SEED = 2 ** 53 - 1
"""The largest seed a request may name (the largest whole number JavaScript holds exactly)."""

FIELDS: dict[str, tuple[Field, ...]] = {
    "solve": (PUZZLE, FORMAT,
              Field("logic", ("boolean",), default=True,
                    doc="also tell whether human techniques alone solve it (false: like --no-logic)"),
              TIMEOUT),
    "explain": (PUZZLE_OR_POSITION, FORMAT, Field("position", ("object", "null"),
                                  doc=POSITION.doc + "; the steps go on from it (the trace carries it as "
                                                     "`position`); without it, from the start"),
                MAX_DEPTH,
                Field("guess", ("boolean",), default=True, doc="guess when no technique applies (false: stuck)"),
                *CHOICE, BUDGET, TIMEOUT),
    "hint": (PUZZLE_OR_POSITION, FORMAT, Field("position", ("object", "null"),
                                   doc=POSITION.doc + "; without it, the first step from the start"),
                      Field("level", ("integer", "null"), low=1, high=3,
                   doc="1 names the technique and where to look, 2 adds the cells and digits, 3 the whole "
                       "step (default: 3 with a position, the plain form of `hint --json` without)"),
             MAX_DEPTH, *CHOICE, STEP_BUDGET, TIMEOUT),
    "check": (PUZZLE_OR_POSITION, FORMAT, Field("position", ("object",), required=True, doc=POSITION.doc),
              Field("budget", ("integer",), low=0,
                    doc="work units explaining the mistakes may spend (default and most: the server's "
                        "budget); past it a mistake is still listed, said more briefly"),
              TIMEOUT),
    "grade": (PUZZLE, FORMAT, MAX_DEPTH, *CHOICE, BUDGET, TIMEOUT),
    "parse": (PUZZLE, FORMAT),
    "convert": (PUZZLE, FORMAT, Field("to", ("string",), required=True, doc="the notation to write")),
    "generate": (Field("kind", ("string",), required=True,
                       doc="the kind of puzzle: kakuro, killer, greater-killer, kropki or sudoku"),
                 Field("needs", ("string", "array"), required=True,
                       doc="technique ids the explained path must use, each at least once (a list, or one "
                           "comma-separated string; GET techniques lists them with the kinds they apply to)"),
                 Field("hardest", ("boolean",), default=False,
                       doc="also nothing harder than the hardest of `needs` (like `generate --hardest`)"),
                 Field("seed", ("integer", "null"), low=0, high=MAX_SEED,
                       doc="the generator's seed: the same seed gives the same puzzle (default: one is chosen "
                           "and given back as `seed`)"),
                 Field("max_tries", ("integer", "null"), low=1, high=MAX_TRIES,
                       doc="puzzles to try before giving up (default: the generator's own)"),
                 BUDGET, TIMEOUT),
}
"""The fields of each POST endpoint, in order."""

_PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "object": (dict,), "null": (type(None),), "boolean": (bool,), "integer": (int,),
    "number": (int, float), "array": (list,),
}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _fits(value: Any, types: tuple[str, ...]) -> bool:
    if isinstance(value, bool) and "boolean" not in types:
        return False
    return any(isinstance(value, _PYTHON_TYPES[t]) for t in types)


def _kinds(types: tuple[str, ...]) -> str:
    names = {"string": "a string", "object": "an object", "null": "null", "boolean": "true or false",
             "integer": "a whole number", "number": "a number", "array": "an array"}
    words = [names[t] for t in types]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


MAX_NESTING = 32
"""The deepest a field's value may nest (objects and arrays); a puzzle record or
a position needs 5.  Deeper values are refused before they reach a worker
(sending them there, or reading them, would overflow the stack)."""


def _nesting(value: Any, limit: int) -> int:
    """How deep ``value`` nests, counted without recursion and up to ``limit + 1`` at most."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, (dict, list)):
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            break
        stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_fields(endpoint: str, body: Any, limits: Limits) -> Body:
    """The request's fields checked and completed with their defaults (the server's limits for
    ``timeout`` and ``budget``); :class:`BadField` names the first wrong one.

    >>> deep: list = []
    >>> for _ in range(MAX_NESTING):
    ...     deep = [deep]
    >>> check_fields("check", {"position": {"placed": deep}}, Limits())
    Traceback (most recent call last):
    sumlogic.server.jobs.BadField: ('position', 'nested more than 32 levels deep')
    """
    if not isinstance(body, dict):
        raise BadField("body", f"must be a JSON object, not {_json_type(body)}")
    fields = FIELDS[endpoint]
    known = {f.name for f in fields}
    for name in body:
        if name not in known:
            raise BadField(str(name)[:40], f"unknown field ({endpoint} takes: {', '.join(f.name for f in fields)})")
    for name, value in body.items():
        if _nesting(value, MAX_NESTING) > MAX_NESTING:
            raise BadField(name, f"nested more than {MAX_NESTING} levels deep")
    out: Body = {}
    for field in fields:
        if field.name not in body:
            if field.required:
                raise BadField(field.name, "missing")
            out[field.name] = _default(field, limits)
            continue
        value = body[field.name]
        if not _fits(value, field.types):
            raise BadField(field.name, f"must be {_kinds(field.types)}, not {_json_type(value)}")
        if field.name == "puzzle" and isinstance(value, str) and not value.strip():
            raise BadField("puzzle", "empty, no puzzle found")
        out[field.name] = _bounded(field, value, limits)
    return out


def _default(field: Field, limits: Limits) -> Any:
    if field.name == "timeout":
        return limits.time_limit
    if field.name == "budget":
        return limits.budget
    return field.default


def _bounded(field: Field, value: Any, limits: Limits) -> Any:
    if field.name == "timeout":
        if value != value or value <= 0 or value > limits.time_limit:  # NaN, and ints past a float's range
            raise BadField("timeout", f"must be above 0 and at most {limits.time_limit:g} seconds "
                                      f"(the server's limit), not {shown(value)}")
        return float(value)
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise BadField(field.name, "must be a list of strings")
        return value
    if value is None or isinstance(value, str):
        return value
    low, high = field.low, field.high
    note = ""
    if field.name == "budget":
        high, note = limits.budget, " (the server's work budget)"
    if (low is not None and value < low) or (high is not None and value > high):
        raise BadField(field.name, f"must be between {low} and {high}{note}, not {shown(value)}")
    return value


# --------------------------------------------------------------------- the OpenAPI document


SUMMARIES = {
    "solve": ("Solve exactly and prove the solution unique",
              "The JSON of `sumlogic solve --json` (with `logic: false`, of `--no-logic`)."),
    "explain": ("Solve step by step, every step explained",
                "The trace of `sumlogic explain --json --budget N` (N: the request's or the server's budget); "
                "with `position`, the trace from that position (sumlogic.explain(position)), which carries "
                "it as `position` for the step viewer."),
    "hint": ("The next step",
             "Without `position`: the JSON of `sumlogic hint --json`, the first step from the start. With it: "
             "the hint for that position at `level` (sumlogic.hint(position, level, budget)); at level 3 "
             "with a step, `after` is the position once the step is applied (sumlogic.Position.apply)."),
    "check": ("Check a position",
              "The mistakes of the player's digits and marks: `{status, mistakes: [{cell, kind, text}]}` "
              "(sumlogic.check(position))."),
    "grade": ("Grade a puzzle", "The JSON of `sumlogic grade --json --budget N`: `band`, `level`, "
                                         "`minutes` (a person's estimated solving time) and more."),
    "parse": ("Read a puzzle in any notation",
              "The puzzle as a record of the corpus schema (`record`), with the notation it was read in "
              "(`format`), its `id`, its `title`, `author` and `rules` text as the setter gave them (null when "
              "absent) and, for a Killer, its `loose` cells (in no cage; never drawn as cages)."),
    "convert": ("Convert a puzzle to another notation", "The text `sumlogic convert IN --to F` writes."),
    "generate": ("A fresh puzzle that needs the named techniques",
                 "sumlogic.generate(kind, needs=..., hardest=..., seed=...) in a worker, within the request's "
                 "time limit: `record` (the puzzle, without its solution), `seed`, `needs` with their `names`, "
                 "the explained path's `steps` and the numbers of the steps that used a needed technique "
                 "(`needed`, from 1), and `before`: the position just before the first of them. An unknown "
                 "kind or technique, or one the kind cannot reach, is 422 naming `kind` or `needs`; no puzzle "
                 "within the tries or the time limit is 422 with `field` null. A request whose client leaves "
                 "is stopped."),
}


def _schema(field: Field) -> Body:
    types = list(field.types)
    schema: Body = {"type": types[0] if len(types) == 1 else types, "description": field.doc}
    if "array" in types:
        schema["items"] = {"type": "string"}
    if field.low is not None:
        schema["minimum"] = field.low
    if field.high is not None:
        schema["maximum"] = field.high
    if field.default is not None:
        schema["default"] = field.default
    return schema


def openapi(version: str, limits: Limits, max_body: int) -> Body:
    """The OpenAPI 3.1 document of the API.  Its paths are relative to its
    servers, one per prefix of :data:`PREFIXES` (``/api``, the current API,
    and ``/api/v1``): each serves every path the same way.

    >>> document = openapi("1.0", Limits(), 1024)
    >>> [server["url"] for server in document["servers"]], "/solve" in document["paths"]
    (['/api', '/api/v1'], True)
    """
    error = {"$ref": "#/components/schemas/Error"}
    errors = {
        "400": {"description": "the body is not JSON", "content": {"application/json": {"schema": error}}},
        "413": {"description": f"the body is larger than {max_body} bytes",
                "content": {"application/json": {"schema": error}}},
        "415": {"description": "the body is not application/json", "content": {"application/json": {"schema": error}}},
        "422": {"description": "a field is missing, unknown, of the wrong type or out of range, or the puzzle "
                               "cannot be read (generate: or no puzzle was found within the tries or the time)",
                "content": {"application/json": {"schema": error}}},
        "503": {"description": "the server is busy (its queue is full) or the request ran out of time: "
                               "try again after Retry-After seconds",
                "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                "content": {"application/json": {"schema": error}}},
    }
    paths: Body = {}
    for endpoint, fields in FIELDS.items():
        summary, description = SUMMARIES[endpoint]
        paths[f"/{endpoint}"] = {"post": {
            "operationId": endpoint, "summary": summary, "description": description,
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "additionalProperties": False,
                "required": [f.name for f in fields if f.required],
                "properties": {f.name: _schema(f) for f in fields}}}}},
            "responses": {"200": {"description": "the result", "content": {"application/json": {
                "schema": {"type": "object"}}}}, **errors}}}
    for name, summary, description in (
            ("formats", "The notations", "The JSON of `sumlogic formats --json`, as a list under `formats`."),
            ("samples", "The bundled sample puzzles", "The JSON of `sumlogic samples --json`, under `samples`."),
            ("techniques", "The techniques", "The JSON lines of `sumlogic techniques --json` (sumlogic.techniques()), "
                                             "easiest first, as a list under `techniques`: each with its `id`, "
                                             "`name`, `level`, `score`, the `kinds` it applies to and an `example`; "
                                             "`needable`: for each kind, the ids `generate` may need."),
            ("health", "Whether the server is up", "`status`, `version`, `workers`, the requests `queued` "
                                                   "and the `queue_limit`, `time_limit`, `budget`.")):
        paths[f"/{name}"] = {"get": {"operationId": name, "summary": summary, "description": description,
                                          "responses": {"200": {"description": "the result", "content": {
                                              "application/json": {"schema": {"type": "object"}}}}}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "sumlogic", "version": version,
                 "description": "Solve, explain, hint, check and grade Kakuro, Killer, Greater Killer, Kropki "
                                f"and Sudoku puzzles. Each request may take {limits.time_limit:g} s and "
                                f"{limits.budget} work units; bodies up to {max_body} bytes."},
        "servers": [{"url": API, "description": "the current API"},
                    {"url": API_V1, "description": "version 1 (today the same as the current API; kept as "
                                                   "it is when the current API changes)"}],
        "paths": paths,
        "components": {"schemas": {"Error": {
            "type": "object", "required": ["error", "field"],
            "properties": {"error": {"type": "string", "description": "one line, naming the field first"},
                           "field": {"type": ["string", "null"], "description": "the field at fault "
                                                                               "(body: the body itself)"}}}}},
    }
