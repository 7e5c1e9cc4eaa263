"""f-puzzles: its JSON, its links and the bare lz string of a link.

f-puzzles (www.f-puzzles.com) keeps a puzzle as a JSON object (``size``,
``grid`` of cell objects, ``killercage``, ``difference``, ``ratio``, and a
field per variant constraint) and shares it as
``https://www.f-puzzles.com/?load=<lz>``, the lz-string ``compressToBase64``
of the compact JSON text.  Two notations read all three forms:

* ``fpuzzles`` writes links (and reads links and bare lz strings);
* ``fpuzzles-json`` writes the JSON (and reads a JSON object).

Reading: a ``value`` with ``given: true`` is a given; a ``value`` without it
and the pencil marks are the solver's own work (see :func:`read_with_marks`),
not part of the puzzle.  A cell's ``region`` overrides its default region: its
box, or on a side without boxes (5, 7) its row, so a jigsaw of such a side
stores ``region`` only where a cell leaves its row's region.  ``killercage`` makes a Killer (a cell in no
cage stays in none: no cage is made up for it), ``difference`` / ``ratio`` a Kropki (the
negative rule needs both ``nonconsecutive: true`` and ``"ratio"`` in
``negative``), neither a Sudoku.  Every other constraint is an
:class:`~puzzles.gridspec.UnsupportedError` listing each by name and count.
The puzzle's identity, ``title``, ``author`` and ``ruleset`` (its rules
text), is kept in :attr:`~solver.model.Puzzle.info` as ``title``,
``author`` and ``rules`` and written back; a title also names the puzzle
(its id, :func:`puzzles.common.title_id`).

>>> from puzzles import sample
>>> link = write([sample("killer-1")])
>>> link[:40]
'https://www.f-puzzles.com/?load=N4Igzglg'
>>> parse(link)[0].regions[28].total
8
>>> parse('{"size": 9, "grid": [], "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}')
Traceback (most recent call last):
...
solver.errors.ParseError: f-puzzles grid is not 9 rows of 9 cells
>>> data = {"size": 9, "grid": [[{}] * 9] * 9, "thermometer": [{}, {}], "antiknight": True}
>>> parse_json_text(json.dumps(data))
Traceback (most recent call last):
...
puzzles.gridspec.UnsupportedError: unsupported: thermometer x2, antiknight x1
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence
from urllib.parse import unquote

from solver.errors import InvalidPuzzleError, ParseError, SumlogicError
from solver.model import Puzzle

from .common import Position, content_lines, identity_info, line_id, located
from .text import (check_json_text, check_line_ends, check_link_tail, drop_bom, json_error_message, short)
from .gridspec import (BOX_SHAPES, GridSpec, NeedsNetworkError, build, check_size, check_supported, kind_of,
                       label_cages, metadata_cages, same_regions, spec_of, standard_boxes)
from .kropki import Dot
from .lzstring import compress_to_base64, decompress_from_base64

LINK_PREFIX = "https://www.f-puzzles.com/?load="
"""How the writer starts a link."""

_LINK = re.compile(r"\A(?:https?://)?(?:www\.)?f-puzzles\.com/?\?(load|id)=([^&#\s]*(?: [^&#\s]+)*)",
                   re.IGNORECASE | re.ASCII)
"""An f-puzzles link; its payload may hold single spaces where a form decoder turned ``+`` into one."""
_TRAILING = ".,;:!?)]}>\"'"
"""Punctuation that may follow a link in a sentence and is never part of an lz payload."""
_LZ = re.compile(r"\AN4Ig[A-Za-z0-9+/=%\- ]*\Z")
_CELL = re.compile(r"R([0-9]{1,3})C([0-9]{1,3})\Z", re.IGNORECASE)

METADATA = frozenset({
    "size", "grid", "title", "author", "ruleset", "solution", "disabledlogic", "truecandidatesoptions",
    "activeConstraints", "highlightConflicts", "successMessage", "version"})
"""Top-level fields that are settings or metadata, never a rule."""

IDENTITY_FIELDS: tuple[tuple[str, str], ...] = (("title", "title"), ("author", "author"), ("rules", "ruleset"))
"""``(info key, f-puzzles field)`` of the puzzle's identity: its title, author and rules text."""

_HANDLED = frozenset({"killercage", "difference", "ratio", "nonconsecutive", "negative", "cage"})
_CELL_DECORATION = frozenset({"value", "given", "region", "c", "cArray", "highlight", "highlightArray",
                              "centerPencilMarks", "cornerPencilMarks", "givenPencilMarks", "candidates"})


@dataclass(frozen=True)
class Marks:
    """The solver's own work stored in a payload, apart from the puzzle: digits
    entered in cells that are not givens, and centre and corner pencil marks
    (positions 0-based).  Kept for a later "position" feature."""

    values: dict[Position, int] = field(default_factory=dict)
    center: dict[Position, tuple[int, ...]] = field(default_factory=dict)
    corner: dict[Position, tuple[int, ...]] = field(default_factory=dict)


# --- payloads -----------------------------------------------------------------------


def decode_lz(payload: str) -> str:
    """The text inside an lz payload as found in a link: percent-encoding undone,
    spaces turned back into ``+`` (a form decoder may have replaced them), and
    punctuation after it dropped (a link pasted from a sentence: ``... here: LINK.``;
    none of ``.,;:!?)]}>"'`` is in the payload's alphabet)."""
    text = unquote(payload.strip()).replace(" ", "+").rstrip(_TRAILING)
    return decompress_from_base64(text)


def load_json(text: str, what: str = "f-puzzles payload") -> Any:
    """``json.loads`` with a one-line :class:`ParseError` (a lone surrogate escape in a string is refused too)."""
    try:
        value = json.loads(text)
    except (RecursionError, ValueError) as error:
        raise ParseError(f"{what} is not JSON: {json_error_message(error)}") from None
    return check_json_text(value, f"{what}: ")


def _cell(name: Any, size: int, where: str) -> Position:
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m:
        raise ParseError(f"{where}: {short(name)} is not a cell name like R1C1")
    r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    if not (0 <= r < size and 0 <= c < size):
        raise ParseError(f"{where}: {name} is outside the {size}x{size} grid")
    return r, c


def _cells(item: dict, size: int, where: str) -> list[Position]:
    cells = item.get("cells")
    if not isinstance(cells, list):
        raise ParseError(f"{where}: cells is not a list of cell names")
    return [_cell(name, size, where) for name in cells]


def _objects(data: dict, key: str) -> list[dict]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ParseError(f"f-puzzles {key} is not a list of objects")
    return value


def _digits(value: Any, size: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in value):
        raise ParseError(f"{where}: pencil marks are not a list of digits")
    return tuple(value)


def _transparent(colour: Any) -> bool:
    return isinstance(colour, str) and (colour.lower() == "transparent"
                                        or (len(colour) == 9 and colour.startswith("#") and colour.endswith("00")))


def _count(value: Any) -> int:
    return len(value) if isinstance(value, (list, dict)) else 1


def read_spec(data: Any, *, id: str = "") -> tuple[GridSpec, Marks]:
    """The spec of an f-puzzles JSON object and the solver's marks in it.

    Raises :class:`~puzzles.gridspec.UnsupportedError` for constraints sumlogic
    does not model and :class:`ParseError` for data of the wrong shape.
    """
    if not isinstance(data, dict):
        raise ParseError(f"f-puzzles data is a JSON object, not {type(data).__name__}")
    size = check_size(data.get("size"), "f-puzzles size")
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != size or not all(
            isinstance(row, list) and len(row) == size for row in grid):
        raise ParseError(f"f-puzzles grid is not {size} rows of {size} cells")
    found: Counter[str] = Counter()
    if size > 9:
        found[f"{size}x{size} grid"] += 1
    givens = [0] * (size * size)
    marks = Marks()
    region_of: dict[Position, int] = {}
    shape = BOX_SHAPES.get(size)
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            where = f"f-puzzles cell R{r + 1}C{c + 1}"
            cell = {} if cell is None else cell
            if not isinstance(cell, dict):
                raise ParseError(f"{where} is not an object")
            value = cell.get("value")
            if value is not None:
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= max(size, 9):
                    raise ParseError(f"{where}: value {short(value)} is not a digit 1..{size}")
                if cell.get("given"):
                    givens[r * size + c] = value
                else:
                    marks.values[(r, c)] = value
            for key, store in (("centerPencilMarks", marks.center), ("cornerPencilMarks", marks.corner)):
                if cell.get(key):
                    store[(r, c)] = _digits(cell[key], size, where)
            if cell.get("givenPencilMarks"):
                found["givenPencilMarks"] += 1
            for key, value in cell.items():
                if key not in _CELL_DECORATION and value not in (None, False, [], "", {}):
                    found[key] += 1
            if "region" in cell:
                region = cell["region"]
                if region is not None and (not isinstance(region, int) or isinstance(region, bool)):
                    raise ParseError(f"{where}: region {short(region)} is not a number")
                if region is not None:
                    region_of[(r, c)] = region
            elif shape:
                region_of[(r, c)] = (r // shape[0]) * (size // shape[1]) + c // shape[1]
            else:
                region_of[(r, c)] = r  # a side without boxes (5, 7): f-puzzles' default region is the row
    groups: dict[int, list[Position]] = {}
    for pos, region in sorted(region_of.items()):
        groups.setdefault(region, []).append(pos)
    boxes = tuple(tuple(groups[k]) for k in sorted(groups))
    if not shape and same_regions(boxes, tuple(tuple((r, c) for c in range(size)) for r in range(size))):
        boxes = ()  # every region is a row: a grid without boxes

    for key, value in data.items():
        if key in METADATA or key in _HANDLED or value in (None, False, [], "", {}, 0):
            continue
        if isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool)):
            continue  # a setting or a note, not a rule
        found[key] += _count(value)

    for cage in _objects(data, "cage"):
        if not cage.get("cells") or (_transparent(cage.get("outlineC")) and _transparent(cage.get("fontC"))):
            continue  # metadata ("title: ...") or an invisible helper
        found["cage"] += 1

    cages: list[tuple[int | None, list[Position]]] = []
    for n, item in enumerate(_objects(data, "killercage"), 1):
        where = f"f-puzzles killer cage {n}"
        value = item.get("value")
        total: int | None = None
        if value not in (None, ""):
            text = str(value).strip()
            if not text.isdigit() or not text.isascii() or len(text) > 3:
                raise ParseError(f"{where}: total {short(value)} is not a number")
            total = int(text)
        cages.append((total, _cells(item, size, where)))

    white: list[Dot] = []
    black: list[Dot] = []
    for key, plain, out, noun in (("difference", "1", white, "difference"), ("ratio", "2", black, "ratio")):
        for n, item in enumerate(_objects(data, key), 1):
            cells = _cells(item, size, f"f-puzzles {key} dot {n}")
            if len(cells) != 2:
                raise ParseError(f"f-puzzles {key} dot {n} joins {len(cells)} cells, not 2")
            value = item.get("value")
            if value not in (None, "", plain, int(plain)):
                found[f"{noun} dot with value {value}"] += 1
                continue
            out.append((cells[0], cells[1]))

    negative_list = data.get("negative") or []
    if not isinstance(negative_list, list):
        raise ParseError("f-puzzles negative is not a list")
    white_negative = data.get("nonconsecutive") is True or "difference" in negative_list
    black_negative = "ratio" in negative_list
    for name in negative_list:
        if name not in ("ratio", "difference"):
            found[f"negative {name}"] += 1
    negative = white_negative and black_negative
    if black_negative and not white_negative:
        found["negative ratio without nonconsecutive (black-dot negative only)"] += 1
    elif white_negative and not black_negative:
        found["nonconsecutive without negative ratio (white-dot negative only)"] += 1

    kind = kind_of(found, bool(cages), bool(white or black or negative))
    check_supported(found)
    info = identity_info([*((key, data.get(name)) for key, name in IDENTITY_FIELDS), *metadata_cages(data.get("cage"))])
    spec = GridSpec(kind=kind, size=size, givens=tuple(givens), boxes=boxes,
                    cages=label_cages(cages, size) if kind == "killer" else (),
                    white=tuple(white), black=tuple(black), negative=negative, id=id, info=info)
    return spec, marks


# --- texts ------------------------------------------------------------------------


def payload_of(line: str) -> str:
    """The f-puzzles JSON text of a link or bare lz string (one line).

    A ``?id=`` link is a TinyURL alias: :class:`~puzzles.gridspec.NeedsNetworkError`.
    """
    line = line.strip()
    m = _LINK.match(line)
    if m:
        check_link_tail(line, m.end())
        if m.group(1).lower() == "id":
            raise NeedsNetworkError(
                f"f-puzzles link ?id={m.group(2)} names a puzzle kept on a server (a TinyURL alias): reading it "
                f"needs the network, and sumlogic reads offline; open it and copy the full ?load= link",
                id=m.group(2))
        return decode_lz(m.group(2))
    if _LZ.match(line):
        return decode_lz(line)
    raise ParseError(f"{short(line)} is not an f-puzzles link (https://www.f-puzzles.com/?load=...)")


def read_with_marks(text: str, source: str | None = None) -> tuple[Puzzle, Marks]:
    """The puzzle of one f-puzzles link, lz string or JSON text, and the solver's marks in it.

    >>> from puzzles import sample
    >>> data = to_json(sample("sudoku-1"))
    >>> data["grid"][0][1] = {"value": 7, "centerPencilMarks": [1, 2]}
    >>> puzzle, marks = read_with_marks(json.dumps(data))
    >>> puzzle.givens[1], marks.values, marks.center
    (0, {(0, 1): 7}, {(0, 1): (1, 2)})
    """
    stripped = drop_bom(text).strip()
    try:
        body = stripped if stripped.startswith("{") else payload_of(stripped)
        spec, marks = read_spec(load_json(body), id=line_id(source, 1, 1))
        return build(spec), marks
    except SumlogicError as error:
        raise located(error, source=source) from None


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of a text of f-puzzles links or lz strings (one a line), or of one f-puzzles JSON object."""
    text = drop_bom(text)
    if text.lstrip().startswith("{"):
        return parse_json_text(text, source)
    check_line_ends(text, source)
    lines = content_lines(text)
    out = []
    for number, line in lines:
        try:
            spec, _ = read_spec(load_json(payload_of(line)), id=line_id(source, number, len(lines)))
            out.append(build(spec))
        except SumlogicError as error:
            raise located(error, line=number if len(lines) > 1 else None, source=source) from None
    return out


def parse_json_text(text: str, source: str | None = None) -> list[Puzzle]:
    """The puzzle of an f-puzzles JSON text (one object)."""
    text = drop_bom(text)
    try:
        spec, _ = read_spec(load_json(text, "f-puzzles text"), id=line_id(source, 1, 1))
        return [build(spec)]
    except SumlogicError as error:
        raise located(error, source=source) from None


# --- writing ------------------------------------------------------------------------


def _name(pos: Position) -> str:
    return f"R{pos[0] + 1}C{pos[1] + 1}"


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The f-puzzles JSON object of a Sudoku, Killer or Kropki.

    Exactly the puzzle's cages are written (a loose cell stays uncaged), and
    its ``title``, ``author`` and ``rules`` (as ``ruleset``) when it has them.
    Boxes other than f-puzzles' default for the size (jigsaw regions, another
    box shape, no boxes) are written as each cell's ``region`` (``null``: in
    none).
    """
    spec = spec_of(puzzle)
    size = spec.size
    data: dict[str, Any] = {"size": size}
    for key, name in IDENTITY_FIELDS:
        value = puzzle.get_info(key)
        if isinstance(value, str) and value:
            data[name] = value
    region_of: dict[Position, int | None] | None = None
    if not same_regions(spec.boxes, standard_boxes(size)):
        region_of = {(r, c): None for r in range(size) for c in range(size)}
        for k, box in enumerate(spec.boxes):
            region_of.update((pos, k) for pos in box)
    grid: list[list[dict[str, Any]]] = []
    for r in range(size):
        row: list[dict[str, Any]] = []
        for c in range(size):
            given = spec.givens[r * size + c]
            cell: dict[str, Any] = {"value": given, "given": True} if given else {}
            if region_of is not None:
                cell["region"] = region_of[(r, c)]
            row.append(cell)
        grid.append(row)
    data["grid"] = grid
    if spec.kind == "killer":
        cages = []
        for cage in spec.cages:
            item: dict[str, Any] = {"cells": [_name(p) for p in cage.cells]}
            if cage.total is not None:
                item["value"] = str(cage.total)
            cages.append(item)
        data["killercage"] = cages
    if spec.kind == "kropki":
        data["difference"] = [{"cells": [_name(a), _name(b)]} for a, b in spec.white]
        data["ratio"] = [{"cells": [_name(a), _name(b)]} for a, b in spec.black]
        if spec.negative:
            data["nonconsecutive"] = True
            data["negative"] = ["ratio"]
    return data


def compact(data: Any) -> str:
    """Compact JSON text, as f-puzzles writes it."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def link(puzzle: Puzzle) -> str:
    """The f-puzzles link of a puzzle."""
    return LINK_PREFIX + compress_to_base64(compact(to_json(puzzle)))


def write(puzzles: Sequence[Puzzle]) -> str:
    """One f-puzzles link per line."""
    return "".join(link(p) + "\n" for p in puzzles)


def write_json(puzzles: Sequence[Puzzle]) -> str:
    """The f-puzzles JSON of one puzzle (f-puzzles holds one puzzle a file)."""
    if len(puzzles) != 1:
        raise InvalidPuzzleError(f"an f-puzzles JSON file holds one puzzle, not {len(puzzles)}")
    return json.dumps(to_json(puzzles[0]), ensure_ascii=False) + "\n"


def detect(text: str) -> bool:
    """True when the first non-blank line is an f-puzzles link or a bare lz string (``N4Ig...``)."""
    lines = content_lines(text[:200])
    if not lines:
        return False
    first = lines[0][1]
    return bool(_LINK.match(first)) or (bool(_LZ.match(first)) and len(first) > 12)


def detect_json(text: str) -> bool:
    """True when the text is one JSON object with ``size`` and ``grid`` and no ``kind`` (not a corpus record)."""
    stripped = drop_bom(text).strip()
    if not stripped.startswith("{") or len(stripped) > 5_000_000:
        return False
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "size" in data and "grid" in data and "kind" not in data
