"""JSON Lines, the corpus schema: one puzzle per line, every kind.

A record's keys, in this order when present: ``id``, ``kind``, ``title``,
``author``, ``rules`` (the puzzle's identity as its setter gave it), ``source``,
``difficulty``, ``size``, ``box``, ``regions``, ``givens``, ``cages``,
``relations``, ``white``, ``black``, ``negative``, ``height``, ``width``,
``grid``, ``solution``, ``unique``, ``verify_seconds`` (see the corpus README
for their meaning).

Grid sizes: ``size`` is the side N of a Sudoku-type grid, 4 to 9 (digits
1..N; ``givens`` has N² characters).  ``box`` is ``"RxC"``, R rows by C
columns of a box (R x C = N, as in the interop README); without it a grid
has the usual boxes: 2x2 for 4, 2x3 for 6, 2x4 for 8, 3x3 for 9, none for 5
and 7.  ``regions`` lists irregular regions instead (jigsaw): N lists of N
cell names, every cell in exactly one (``[]``: no boxes at all).  A record
without ``box`` and ``regions`` reads exactly as before.

A Killer's ``cages`` are the setter's: a cell in none of them is a loose
cell, in no cage (no record needs a one-cell cage without a sum for it).

``id`` becomes ``Puzzle.id``; the keys that define the puzzle become its
structure; every other key (``title``, ``author``, ``rules``, ``source``, ``difficulty``, ``solution``,
``unique``, ``verify_seconds`` and any unknown key) is carried in
``Puzzle.info`` in record order, lists frozen into tuples, and written back.
A structure key that does not belong to the record's kind (``cages`` on a
``sudoku``) is an error.

Writing normalises a record (documented, so ``to_record(from_record(r))``
equals ``r`` up to these): keys in the order above, unknown keys last; cage
cells and dot pairs in reading order; ``size`` always written for the 9x9
kinds; ``box`` written for every size but 9 that has boxes, and for 9 only
when not 3x3 (never, as 3x3 is the one shape); ``regions`` written only for
irregular regions or a grid without its usual boxes; ``givens`` left out
when there are none; ``negative`` always written
for Kropki (``false`` when the record had none); Kakuro grid tokens
separated by one space.

>>> rec = {"id": "demo/1", "kind": "sudoku", "source": "me", "size": 9,
...        "givens": "1" + "." * 80, "unique": True}
>>> p = from_record(rec)
>>> p.id, p.givens[0], p.info
('demo/1', 1, (('source', 'me'), ('unique', True)))
>>> to_record(p) == rec
True
>>> parse('{"kind": "sudoku"}\\n{"kind": "chess"}\\n', source="x.jsonl")
Traceback (most recent call last):
...
solver.errors.ParseError: x.jsonl:line 2: kind 'chess' is not one of kakuro, killer, greater-killer, kropki, sudoku
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle, cell_label

from . import greater_killer, kakuro, killer, kropki, sudoku
from .kinds import KINDS as KIND_RECORDS
from .common import (SIZE, SIZES, USUAL_BOXES, Box, Position, check_size, format_givens, freeze, grid_position,
                     grid_shape, located, parse_givens, rules_of, thaw)
from .text import (check_json_text, drop_bom, json_error_message, is_blank, quote, short, text_lines)

KINDS: tuple[str, ...] = tuple(KIND_RECORDS)
"""Every kind a record may name (:data:`puzzles.kinds.KINDS`)."""

KEY_ORDER: tuple[str, ...] = (
    "id", "kind", "title", "author", "rules", "source", "difficulty", "size", "box", "regions", "givens", "cages",
    "relations", "white", "black", "negative", "height", "width", "grid", "solution", "unique", "verify_seconds")
"""The documented key order of a record."""

STRUCTURE_KEYS: dict[str, tuple[str, ...]] = {k.name: k.structure for k in KIND_RECORDS.values()}
"""For each kind, the record keys that define its puzzles (every other key is carried in ``info``)."""

_ALL_STRUCTURE = frozenset(k for keys in STRUCTURE_KEYS.values() for k in keys)


# --- record -> puzzle ------------------------------------------------------------


def from_record(record: Any) -> Puzzle:
    """The puzzle of one corpus record (a dict decoded from JSON).

    The record must follow the corpus schema exactly: the keys its kind
    requires, integers where the schema has integers (``9.0`` and ``true``
    are not ``9``), cell names ``rRcC`` in ASCII digits.  The error names the
    field that is wrong.
    """
    if not isinstance(record, dict):
        raise ParseError(f"a puzzle record is a JSON object, not {type(record).__name__}")
    if "kind" not in record:
        raise ParseError(f"the record has no 'kind' (one of {', '.join(KINDS)})")
    kind = record["kind"]
    if kind not in KINDS:
        raise ParseError(f"kind {short(kind)} is not one of {', '.join(KINDS)}")
    puzzle_id = record.get("id", "")
    if not isinstance(puzzle_id, str):
        raise ParseError(f"id {short(puzzle_id)} is not a string")
    for key in record:
        if key in _ALL_STRUCTURE and key not in STRUCTURE_KEYS[kind]:
            raise ParseError(f"key {key!r} does not belong to a {kind} puzzle")
    # ``negative`` stays in info too, at its record position (kropki.build keeps it up to date).
    info = tuple((k, freeze(v)) for k, v in record.items()
                 if k not in ("id", "kind") and (k not in STRUCTURE_KEYS[kind] or k == "negative"))
    if kind == "kakuro":
        return _kakuro(record, puzzle_id, info)
    size = record.get("size", SIZE)
    if not is_integer(size):
        raise ParseError(f"size {short(size)} is not an integer (one of {SIZES[0]}..{SIZES[-1]})")
    if size not in SIZES:
        raise ParseError(f"size {short(size)} is not one of {SIZES[0]}..{SIZES[-1]}")
    box, regions = _box(record, size), _regions(record, size)
    givens = parse_givens(record["givens"], size) if "givens" in record else ()
    if kind == "sudoku":
        return sudoku.build(givens, size, box, regions, id=puzzle_id, info=info)
    if kind == "kropki":
        negative = record.get("negative", False)
        if not isinstance(negative, bool):
            raise ParseError(f"negative {short(negative)} is not true or false")
        return kropki.build(givens, _dots(record, "white", size), _dots(record, "black", size), size, box, regions,
                            negative=negative, id=puzzle_id, info=info)
    cages = _cages(record, size)
    if kind == "killer":
        return killer.build(cages, givens, size, box, regions, id=puzzle_id, info=info)
    return greater_killer.build(cages, _relations(record), givens, size, box, regions, id=puzzle_id, info=info)


def _box(record: dict, size: int) -> Box | None:
    """The ``box`` of a record, ``"RxC"`` -> ``(R, C)`` (``None`` when absent)."""
    if "box" not in record:
        return None
    text = record["box"]
    rows, x, cols = text.partition("x") if isinstance(text, str) else ("", "", "")
    if not (x and rows.isdigit() and cols.isdigit() and rows.isascii() and cols.isascii()
            and len(rows) == len(cols) == 1):
        raise ParseError(f"box {short(text)} is not rows x columns like \"2x3\"")
    return int(rows), int(cols)


def _regions(record: dict, size: int) -> tuple[tuple[Position, ...], ...] | None:
    """The irregular ``regions`` of a record as 0-based positions (``None`` when absent)."""
    if "regions" not in record:
        return None
    if "box" in record:
        raise ParseError("a record gives either box or regions, not both")
    out = []
    for n, cells in enumerate(_list(record, "regions", False), 1):
        where = f"region {n}"
        if not isinstance(cells, list):
            raise ParseError(f"{where} is not a list of cell names like r3c4")
        out.append(tuple(grid_position(name, where, size, size) for name in cells))
    return tuple(out)


def is_integer(value: Any) -> bool:
    """Whether a decoded JSON value is an integer (``true`` is not one, though Python's ``bool`` is an ``int``).

    >>> is_integer(9), is_integer(9.0), is_integer(True)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def _list(record: dict, key: str, required: bool) -> list:
    if key not in record:
        if required:
            raise ParseError(f"a {record['kind']} record needs {key!r}")
        return []
    value = record[key]
    if not isinstance(value, list):
        raise ParseError(f"{key} is not a list")
    return value


CAGE_KEYS = ("label", "sum", "cells")
"""The keys of a cage object, all required."""


def _cages(record: dict, size: int = SIZE) -> list[killer.Cage]:
    out = []
    for n, cage in enumerate(_list(record, "cages", True), 1):
        if not isinstance(cage, dict):
            raise ParseError(f"cage number {n} is not an object")
        label = cage.get("label")
        where = f"cage {label}" if isinstance(label, str) and quote(label) == label else f"cage number {n}"
        missing = [key for key in CAGE_KEYS if key not in cage]
        if missing:
            raise ParseError(f"{where}: no {missing[0]!r} key (a cage has label, sum and cells; "
                             f"sum is null when the total is not printed)")
        extra = set(cage) - set(CAGE_KEYS)
        if extra:
            raise ParseError(f"{where}: unknown key {short(sorted(extra)[0])}")
        if not isinstance(label, str) or quote(label) != label:
            raise ParseError(f"cage number {n}: label {short(label)} is not a short name without spaces")
        total = cage["sum"]
        if total is not None and not is_integer(total):
            raise ParseError(f"{where}: sum {short(total)} is not an integer or null")
        cells = cage["cells"]
        if not isinstance(cells, list):
            raise ParseError(f"{where}: cells is not a list of names like r3c4")
        out.append(killer.Cage(label, total, tuple(grid_position(name, where, size, size) for name in cells)))
    return out


def _relations(record: dict) -> list[greater_killer.Relation]:
    out = []
    for n, relation in enumerate(_list(record, "relations", False), 1):
        if not isinstance(relation, dict) or set(relation) != {"left", "op", "right"}:
            raise ParseError(f"relation number {n} is not an object with left, op and right")
        left, op, right = relation["left"], relation["op"], relation["right"]
        if not all(isinstance(x, str) for x in (left, op, right)):
            raise ParseError(f"relation number {n}: left, op and right must be strings")
        out.append((left, op, right))
    return out


def _dots(record: dict, colour: str, size: int = SIZE) -> list[kropki.Dot]:
    out = []
    for n, pair in enumerate(_list(record, colour, False), 1):
        where = f"{colour} dot number {n}"
        if not isinstance(pair, list) or len(pair) != 2:
            raise ParseError(f"{where} is not a pair of cells like [\"r1c1\", \"r1c2\"]")
        out.append((grid_position(pair[0], where, size, size), grid_position(pair[1], where, size, size)))
    return out


def _kakuro(record: dict, puzzle_id: str, info: tuple) -> Puzzle:
    rows = _list(record, "grid", True)
    if not all(isinstance(row, str) for row in rows):
        raise ParseError("grid is not a list of strings")
    grid = [[token for token in row.split(" ") if token] for row in rows]  # spaces only: the schema's separator
    for key, actual in (("height", len(grid)), ("width", len(grid[0]) if grid else 0)):
        value = record.get(key, actual)
        if not is_integer(value):
            raise ParseError(f"{key} {short(value)} is not an integer")
        if value != actual:
            raise ParseError(f"{key} {short(value)} does not match the grid's {actual}")
    return kakuro.build(grid, id=puzzle_id, info=info)


# --- puzzle -> record ------------------------------------------------------------


def to_record(puzzle: Puzzle) -> dict[str, Any]:
    """The corpus record of a puzzle (see the module docstring for the normalisation)."""
    if puzzle.kind not in KINDS:
        raise InvalidPuzzleError(f"JSON Lines cannot hold a {short(puzzle.kind)} puzzle")
    fields: dict[str, Any] = {}
    if puzzle.kind == "kakuro":
        fields["height"], fields["width"] = puzzle.height, puzzle.width
        fields["grid"] = [" ".join(row) for row in kakuro.to_grid(puzzle)]
    else:
        size, box, regions = grid_shape(puzzle)
        check_size(size)
        fields["size"] = size
        if box is not None and (size != SIZE or box != USUAL_BOXES[SIZE]):
            fields["box"] = f"{box[0]}x{box[1]}"
        if regions is not None:
            fields["regions"] = [[cell_label(r, c) for r, c in region] for region in regions]
        if any(puzzle.givens):
            fields["givens"] = format_givens(puzzle.givens)
    if puzzle.kind in ("killer", "greater-killer"):
        fields["cages"] = [{"label": c.label, "sum": c.total, "cells": c.names()} for c in killer.cages(puzzle)]
    if puzzle.kind == "greater-killer":
        fields["relations"] = [{"left": left, "op": op, "right": right}
                               for left, op, right in greater_killer.relations(puzzle)]
    if puzzle.kind == "kropki":
        white, black = kropki.dots(puzzle)
        fields["white"] = [[cell_label(*a), cell_label(*b)] for a, b in white]
        fields["black"] = [[cell_label(*a), cell_label(*b)] for a, b in black]
        fields["negative"] = kropki.negative(puzzle)
    carried = {k: thaw(v) for k, v in puzzle.info
               if k not in ("id", "kind") and k not in STRUCTURE_KEYS[puzzle.kind]}
    record: dict[str, Any] = {}
    for key in KEY_ORDER:
        if key == "id" and puzzle.id:
            record["id"] = puzzle.id
        elif key == "kind":
            record["kind"] = puzzle.kind
        elif key in fields:
            record[key] = fields[key]
        elif key in carried:
            record[key] = carried[key]
    for key, value in carried.items():
        record.setdefault(key, value)
    _check_written(puzzle, record)
    return record




def _check_written(puzzle: Puzzle, record: dict[str, Any]) -> None:
    """Refuse to write a record that would read back as another puzzle: a
    puzzle built by hand whose ``kind`` does not match its rules (a Sudoku
    relabelled ``kakuro`` was written as a garbled Kakuro grid)."""
    try:
        same = rules_of(from_record(json.loads(json.dumps(record)))) == rules_of(puzzle)
    except SumlogicError:
        same = False
    if not same:
        raise InvalidPuzzleError(f"{short(puzzle.id or puzzle.kind)}: its rules are not those of a "
                                 f"{short(puzzle.kind)} puzzle, so JSON Lines cannot hold it as one")


# --- the notation ------------------------------------------------------------------


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of a JSON Lines text (blank lines ignored).

    A whole-text JSON array of records, or one record spread over several
    lines, is read too (a ``.json`` file written by hand).
    """
    text = drop_bom(text)
    stripped = text.strip()
    if stripped.startswith("["):
        return _parse_whole(stripped, source)
    out: list[Puzzle] = []
    for number, line in enumerate(text_lines(text), 1):
        if is_blank(line):
            continue
        try:
            try:
                record = loads(line)
            except ParseError:
                if not out and stripped.startswith("{") and "\n" in stripped and is_json(stripped):
                    return _parse_whole(stripped, source)  # one record spread over several lines
                raise
            out.append(from_record(record))
        except SumlogicError as error:
            raise located(error, line=number, source=source) from None
    return out


def loads(text: str, *, locate: bool = False) -> Any:
    """One JSON value, strictly: ``NaN`` and ``Infinity`` (not JSON), a key
    given twice in one object and a lone surrogate escape (``"\\ud800"``,
    which is no character) are refused; :class:`ParseError` in plain words
    otherwise (with the line inside ``text`` when ``locate``).

    >>> loads('{"size": 9}')
    {'size': 9}
    >>> loads('{"size": NaN}')
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: not JSON: NaN is not a JSON number
    """
    try:
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except ParseError:
        raise
    except (ValueError, RecursionError) as error:
        line = getattr(error, "lineno", None) if locate else None
        hint = ""
        if "\r" in text.replace("\r\n", "") and getattr(error, "msg", "") == "Extra data":
            hint = " (a lone carriage return (CR) does not end a line: lines end at LF or CR LF)"
        raise ParseError(f"not JSON: {json_error_message(error)}{hint}", line=line) from None
    return check_json_text(value)


def _no_constant(name: str) -> Any:
    raise ParseError(f"not JSON: {name} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    record = dict(pairs)
    if len(record) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ParseError(f"key {short(twice)} appears twice in one object")
    return record


def is_json(text: str) -> bool:
    """Whether a text is one JSON value (a record over several lines, say, not JSON Lines).

    >>> is_json('{"kind":\\n "sudoku"}'), is_json('{"kind": "sudoku"}\\n{"kind": "sudoku"}')
    (True, False)
    """
    try:
        loads(text)
    except ParseError:
        return False
    return True


def _parse_whole(text: str, source: str | None) -> list[Puzzle]:
    try:
        value = loads(text, locate=True)
    except ParseError as error:
        raise error.located(source=source) from None
    records = value if isinstance(value, list) else [value]
    out = []
    for n, record in enumerate(records, 1):
        try:
            out.append(from_record(record))
        except SumlogicError as error:
            where = f"record {n}: " if isinstance(value, list) else ""
            raise located(ParseError(where + " ".join(str(error).split())), source=source) from None
    return out


def write(puzzles: Sequence[Puzzle]) -> str:
    """One JSON record per line."""
    return "".join(json.dumps(to_record(p)) + "\n" for p in puzzles)


def detect(text: str) -> bool:
    """True when the text starts with ``{`` or ``[``."""
    text = drop_bom(text)
    return text.lstrip()[:1] in ("{", "[")
