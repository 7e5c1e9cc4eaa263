"""The work behind each API endpoint, run in the server's worker processes.

Each job takes the request's checked fields (plain JSON values, so they
cross a process boundary as they are) and returns ``(status, body)``: 200
with the same dictionary the command line prints with ``--json`` for the
same input, or 422 with a one-line error naming the field.  A job never
raises for bad input; an exception out of a job is a bug (the server answers
500 for it).

The puzzle of a request (field ``puzzle``) is read as the command line reads
an argument that is not a file: a link or a puzzle string in any notation,
``sample:NAME``, or text of several lines (a Kakuro grid, a JSON Lines
record); a JSON object is taken as a record of the corpus schema.  Nothing is
ever read from the server's disk.

>>> from sumlogic.server.schema import Limits, check_fields
>>> fields = check_fields("solve", {"puzzle": "sample:sudoku-1", "logic": False}, Limits())
>>> status, body = run_job("solve", fields)
>>> status, body["status"], body["solution"][:9]
(200, 'solved', '478962315')
>>> run_job("grade", check_fields("grade", {"puzzle": "no puzzle here"}, Limits()))  # doctest: +ELLIPSIS
(422, {'error': 'puzzle: cannot tell the notation; name it with the field format (...)', 'field': 'puzzle'})
"""

from __future__ import annotations

import json
from typing import Any, Callable

from solver.errors import SumlogicError
from solver.model import Puzzle, shown

from ..position import Position
from .stop import Flags, Stopped, stoppable

Body = dict[str, Any]
Result = tuple[int, Body]

MAX_LISTED_FORMATS = 3
"""How many notation names an error about ``format`` lists before '...'."""


class BadField(Exception):
    """A request field the job cannot use; ``field`` names it, ``message`` is one line."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(field, message)
        self.field = field
        self.message = message


MAX_ERROR = 400
"""The longest error message an answer carries: a request's own long value
(a 60 kB notation name) is not echoed whole."""


def error_body(field: str | None, message: str) -> Body:
    """The JSON of an error answer: one line, naming the field first, at most
    :data:`MAX_ERROR` characters.

    >>> error_body("puzzle", "r1c1: bad\\n digit")
    {'error': 'puzzle: r1c1: bad digit', 'field': 'puzzle'}
    >>> len(error_body("format", "no notation " + "x" * 1000)["error"])
    400
    """
    text = " ".join(message.split())
    if field and not text.startswith(field + ":"):
        text = f"{field}: {text}"
    if len(text) > MAX_ERROR:
        text = text[:MAX_ERROR - 3] + "..."
    return {"error": text, "field": field}


FLAGS: list[Flags] = []
"""In a worker: the server's stop flags (:mod:`sumlogic.server.stop`), set by :func:`worker_start`."""


def worker_start(flags: Flags | None = None) -> None:
    """Run once in each worker process, after :func:`sumlogic.processes.worker_start`
    (Ctrl-C is the server's to handle; the worker ends with the server): the
    solver is imported before the first request, and the server's stop
    flags are kept for the jobs that can be stopped."""
    from .. import api  # noqa: F401

    if flags is not None:
        FLAGS[:] = [flags]


# --------------------------------------------------------------------- reading the puzzle


def _cli_words(message: str) -> str:
    """A reading error's words for the API: its options are fields here."""
    return message.replace("<puzzle>: ", "").replace("with --format", "with the field format")


def read_puzzle(fields: Body) -> tuple[Puzzle, str]:
    """The one puzzle of the request and the notation it was read in.

    Raises :class:`BadField` naming ``puzzle`` (or ``format``) when it cannot be read.
    """
    from puzzles import FORMATS, detect_format

    from ..inputs import InputError, inline, inline_name, named, parse_entries, read_sample, unnamed_inline

    value = fields.get("puzzle")
    notation = fields.get("format")
    if value is None:
        carried = (fields.get("position") or {}).get("puzzle")
        if not isinstance(carried, dict):
            raise BadField("puzzle", "missing (give it here or as the record position.puzzle)")
        value = carried
    if notation is not None and notation not in FORMATS:
        raise BadField("format", f"no notation {shown(notation)} (GET /api/formats lists them)")
    try:
        if isinstance(value, dict):
            notation = notation or "jsonl"
            entries = parse_entries(json.dumps(value), notation, "<puzzle>")
        elif value.startswith("sample:") and "\n" not in value:
            entries = read_sample(value[len("sample:"):].strip(), notation)
            if notation is None:
                from puzzles.samples import sample_text

                notation = detect_format(sample_text(value[len("sample:"):].strip()))
        elif inline(value):
            name = inline_name(value)
            entries = unnamed_inline(parse_entries(value, notation, name), name)
        else:
            entries = parse_entries(value, notation, "<puzzle>")
        entries = named(entries)
        notation = notation or detect_format(value if isinstance(value, str) else "")
    except InputError as error:
        raise BadField("puzzle", _cli_words(str(error))) from None
    except SumlogicError as error:
        raise BadField("puzzle", str(error)) from None
    bad = [e for e in entries if e.puzzle is None]
    if bad:
        raise BadField("puzzle", bad[0].error or "cannot be read")
    if len(entries) != 1:
        raise BadField("puzzle", f"holds {len(entries)} puzzles; send one per request")
    puzzle = entries[0].puzzle
    assert puzzle is not None
    return puzzle, notation


# --------------------------------------------------------------------- the endpoints


def chosen(fields: Body) -> Body:
    """The request's technique choice as keyword arguments of the API, each
    checked on its own so that an unknown id names its field."""
    import techniques

    picked: Body = {}
    for name in ("techniques", "without", "max_level"):
        value = fields.get(name)
        if value is None:
            continue
        try:
            techniques.select(**{name: value})
        except SumlogicError as error:
            raise BadField(name, str(error).removeprefix(f"{name}: ")) from None
        picked[name] = value
    return picked


def _solve(fields: Body) -> Body:
    from ..inputs import Entry
    from ..cli.solve import solve_record

    puzzle, _ = read_puzzle(fields)
    return solve_record(Entry("<puzzle>", puzzle=puzzle), fields["timeout"], fields["logic"])


def _explain(fields: Body) -> Body:
    from ..api import explain

    puzzle, _ = read_puzzle(fields)
    start: Puzzle | Position = puzzle if fields.get("position") is None else _position(puzzle, fields)
    trace = explain(start, guess=fields["guess"], max_depth=fields["max_depth"], budget=fields["budget"],
                    timeout=fields["timeout"], **chosen(fields))
    return trace.to_dict()


def _hint(fields: Body) -> Body:
    from ..api import hint

    puzzle, _ = read_puzzle(fields)
    if fields.get("position") is not None:
        return _position_hint(puzzle, fields)
    return hint(puzzle, level=fields["level"], max_depth=fields["max_depth"], timeout=fields["timeout"],
                budget=fields["budget"], **chosen(fields)).to_dict()


def _position_hint(puzzle: Puzzle, fields: Body) -> Body:
    from .. import api

    position = _position(puzzle, fields)
    found = api.hint(position, level=fields["level"], max_depth=fields["max_depth"], timeout=fields["timeout"],
                     budget=fields["budget"], **chosen(fields))
    return found.to_dict()


def _position(puzzle: Puzzle, fields: Body) -> Position:
    """The request's ``position`` on its puzzle."""
    try:
        return Position.from_dict(fields["position"], puzzle)
    except SumlogicError as error:
        raise BadField("position", str(error).removeprefix("position: ")) from None


def _check(fields: Body) -> Body:
    from ..api import check

    puzzle, _ = read_puzzle(fields)
    return check(_position(puzzle, fields), timeout=fields["timeout"], budget=fields["budget"]).to_dict()


def _grade(fields: Body) -> Body:
    from ..api import grade

    puzzle, _ = read_puzzle(fields)
    return grade(puzzle, max_depth=fields["max_depth"], budget=fields["budget"], timeout=fields["timeout"],
                 **chosen(fields)).to_dict()


def _parse(fields: Body) -> Body:
    from puzzles import to_record

    from puzzles.killer import loose_cells

    puzzle, notation = read_puzzle(fields)
    return {"id": puzzle.id, "kind": puzzle.kind, "format": notation, "size": f"{puzzle.height}x{puzzle.width}",
            "title": puzzle.get_info("title"), "author": puzzle.get_info("author"), "rules": puzzle.get_info("rules"),
            "loose": [puzzle.cell_name(i) for i in loose_cells(puzzle)], "record": to_record(puzzle)}


def _convert(fields: Body) -> Body:
    from puzzles import FORMATS, write_text

    puzzle, notation = read_puzzle(fields)
    target = fields["to"]
    if target not in FORMATS:
        raise BadField("to", f"no notation {shown(target)} (GET /api/formats lists them)")
    try:
        text = write_text([puzzle], target)
    except SumlogicError as error:
        raise BadField("to", f"{target}: {error}") from None
    return {"id": puzzle.id, "kind": puzzle.kind, "from": notation, "to": target, "text": text}


def _warm(fields: Body) -> Body:
    return {"ready": True}


def _generate(fields: Body) -> Body:
    from .practise import generate_job

    return generate_job(fields)


JOBS: dict[str, Callable[[Body], Body]] = {
    "solve": _solve, "explain": _explain, "hint": _hint, "check": _check, "grade": _grade,
    "parse": _parse, "convert": _convert, "warm": _warm, "generate": _generate,
}
"""Each endpoint's job, by name."""


STOPPABLE = frozenset({"generate"})
"""The jobs stopped when their client leaves or their time is up (:func:`sumlogic.server.stop.stoppable`)."""

STOPPED = 499
"""The status of a job stopped because its client left (nobody reads it)."""


def run_job(name: str, fields: Body, slot: int | None = None) -> Result:
    """Run the job ``name`` on checked ``fields``: ``(200, body)`` or ``(422, error)``;
    a job of :data:`STOPPABLE` stops when the flag of ``slot`` is raised (:data:`STOPPED`)
    or its ``timeout`` passes (422, naming no field)."""
    try:
        if name in STOPPABLE:
            with stoppable(FLAGS[0] if FLAGS else None, slot, fields.get("timeout") or 60.0):
                return 200, JOBS[name](fields)
        return 200, JOBS[name](fields)
    except Stopped as stop:
        if stop.reason == "time":
            return 422, error_body(None, f"{name}: nothing found within the time limit of {fields.get('timeout'):g} "
                                         "seconds; try again with another seed")
        return STOPPED, error_body(None, f"{name}: stopped, its client left")
    except BadField as bad:
        return 422, error_body(bad.field, bad.message)
    except RecursionError:
        return 422, error_body("puzzle", "nested too deeply to be read")
    except SumlogicError as error:  # a puzzle the solver refuses (a kind without a record...)
        return 422, error_body("puzzle", str(error))
