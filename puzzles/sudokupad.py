"""SudokuPad links: ``https://sudokupad.app/<id>`` (also ``beta.``/``alpha.``
hosts, ``app.crackingthecryptic.com/sudoku/<id>``, SudokuPad's first home
``sudokupad.svencodes.com/puzzle/<id>`` (still the deep link of the apps that
open puzzles in it), and the ``?puzzle=`` / ``?puzzleid=`` query forms) and
bare ids.

The id's prefix says what it holds:

* ``fpuzzles`` / ``fpuz`` + lz string: f-puzzles JSON (read by :mod:`puzzles.fpuzzles`);
* ``scl`` / ``ctc`` + lz string: SudokuPad's own JSON, usually *zipped* (see :func:`unzip`);
* anything else names a puzzle stored on SudokuPad's server: reading it needs
  the network, a :class:`~puzzles.gridspec.NeedsNetworkError` naming the id.

SudokuPad JSON carries drawings, not rules: givens are cell ``value`` s,
``regions`` the boxes, ``cages`` with cells the killer cages (a cell in no
cage stays in none: no cage is made up for it; cell-less cages hold
``title:``/``author:``/``rules:`` metadata, kept with ``metadata``'s in
:attr:`~solver.model.Puzzle.info` as ``title``, ``author`` and ``rules``), and a Kropki dot is a small
round overlay centred on the edge between two cells (white fill: white dot;
dark fill: black dot).  The negative rule is ``global`` ``nonconsecutive`` plus
``antiratio``.  Every other overlay, line, arrow or global rule is unsupported,
and so is a picture laid on the grid (``bgimage`` / ``fgimage`` metadata): it
can draw rules the data does not carry.

The writer makes ``https://sudokupad.app/fpuzzles<lz>`` links (f-puzzles JSON
inside, with ``+ / =`` percent-encoded).

>>> from puzzles import sample
>>> text = write([sample("kropki-1")])
>>> text[:40]
'https://sudokupad.app/fpuzzlesN4IgzglgXg'
>>> parse(text)[0].pairs == sample("kropki-1").pairs
True
>>> parse("https://sudokupad.app/u1gswfvw2x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzles.gridspec.NeedsNetworkError: SudokuPad link names the puzzle 'u1gswfvw2x' stored on its server: ...
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any, Sequence
from urllib.parse import quote, unquote

from solver.errors import ParseError
from solver.model import Puzzle

from . import fpuzzles
from .common import IDENTITY_KEYS, Info, Position, content_lines, identity_info
from .text import check_json_text, check_link_tail, check_line_ends, drop_bom, short
from .gridspec import (GridSpec, NeedsNetworkError, UnsupportedError, build, check_size, check_supported,
                       kind_of, label_cages, metadata_cages, read_lines)
from .kropki import Dot
from .lzstring import compress_to_base64

LINK_PREFIX = "https://sudokupad.app/fpuzzles"
"""How the writer starts a link."""

_HOST = re.compile(r"\A(?:https?://)?(?:[A-Za-z0-9-]+\.)*(?:sudokupad\.app|crackingthecryptic\.com|sudokupad\.svencodes\.com)"
                   r"(?P<path>/[^?#\s]*)?(?P<query>\?[^#\s]*)?", re.IGNORECASE | re.ASCII)
_BARE = re.compile(r"\A(?:fpuzzles|fpuz|scl|ctc)[A-Za-z0-9+/=% ]{16,}\Z")
_PREFIXES: tuple[tuple[str, str], ...] = (
    ("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("scl", "scl"), ("ctc", "scl"), ("scf", "scf"))
_MIN_PAYLOAD = 16
"""Characters after a prefix that make a payload rather than a short id (short ids are about 10)."""

KEYS: dict[str, str] = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor", "ce": "cells",
    "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width", "h": "height",
    "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize",
    "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text", "d": "duration",
    "d2": "d"}
"""The short keys of zipped SudokuPad JSON and their full names."""

IGNORED = frozenset({"id", "cellSize", "metadata", "settings", "videos", "cells", "regions", "cages", "overlays",
                     "underlays", "global", "author", "title", "rules", "solution"})
"""Top-level SudokuPad fields that are metadata or read on their own."""

_METADATA_PREFIXES = ("title:", "author:", "rules:", "solution:", "msgcorrect:", "foglink:", "sourcepuzzle:")
_DOT_SIZE = 0.45


# --- where the puzzle is -------------------------------------------------------------


def puzzle_id(line: str) -> str:
    """The SudokuPad id of a link or bare id (percent-encoding kept).

    >>> puzzle_id("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzlesN4Ig%2B")
    'fpuzzlesN4Ig%2B'
    >>> puzzle_id("https://beta.sudokupad.app/clover/dec-7-2023?setting-x=1")
    'clover/dec-7-2023'
    >>> puzzle_id("https://sudokupad.svencodes.com/puzzle/sclN4Ig%2B")
    'sclN4Ig%2B'
    """
    line = line.strip()
    m = _HOST.match(line)
    if not m:
        return line
    check_link_tail(line, m.end())
    for part in (m.group("query") or "")[1:].split("&"):
        key, _, value = part.partition("=")
        if key in ("puzzle", "puzzleid") and value:
            return value
    path = (m.group("path") or "").strip("/")
    path = re.sub(r"\A(?:sudoku|sudokupad|puzzle)/", "", path)
    if not path:
        raise ParseError("this SudokuPad link names no puzzle")
    return path


def payload(ident: str) -> tuple[str, str]:
    """``(format, text)`` of an id: ``fpuzzles`` or ``scl`` and the decompressed text.

    A short id raises :class:`~puzzles.gridspec.NeedsNetworkError`.
    """
    for prefix, kind in _PREFIXES:
        rest = ident[len(prefix):]
        if ident.startswith(prefix) and len(rest) >= _MIN_PAYLOAD:
            if kind == "scf":
                raise ParseError("SudokuPad's compact classic format (scf) is not read; share the puzzle as an "
                                 "f-puzzles or scl link")
            return kind, fpuzzles.decode_lz(rest)
    raise NeedsNetworkError(
        f"SudokuPad link names the puzzle {unquote(ident)!r} stored on its server: reading it needs the network, "
        f"and sumlogic reads offline (open the link in SudokuPad and share it with the puzzle data, or save "
        f"its f-puzzles/scl link)", id=unquote(ident))


# --- zipped SudokuPad JSON -------------------------------------------------------------


def unzip(text: str) -> Any:
    """SudokuPad JSON from its zipped text (plain JSON is read as it is).

    >>> unzip("{id:'a\\\\'b',ce:[[,{v:3}]],c:#F,r:t,c2:187BCD}")
    {'id': "a'b", 'cells': [[{}, {'value': 3}]], 'color': '#FFFFFF', 'rounded': True, 'backgroundColor': '#187BCD'}
    """
    try:
        return check_json_text(json.loads(text), "SudokuPad payload: ")
    except (ValueError, RecursionError):
        pass
    if '"' not in text:
        text = text.replace("\\'", "\x01").replace("'", '"').replace("\x01", "'")
    strings: list[str] = []

    def aside(m: re.Match[str]) -> str:
        strings.append(m.group(0))
        return f"\x02{len(strings) - 1}\x03"

    text = re.sub(r'"(?:[^"\\]|\\.)*"', aside, text)
    text = re.sub(r"([{,\[])\s*([A-Za-z_$][\w$]*)\s*:", r'\1"\2":', text)
    text = re.sub(r"([\[,:])(?=[,}\]])", r"\1{}", text)
    text = re.sub(r":([ft])(?=[,}\]])", lambda m: ":" + ("false" if m.group(1) == "f" else "true"), text)
    text = re.sub(r"([:\[,])#([0-9A-Fa-f]+)(?=[,}\]])", _colour, text)
    text = re.sub(r":([0-9A-Fa-f]{6})(?=[,}\]])", r':"#\1"', text)
    text = re.sub(r"\x02(\d+)\x03", lambda m: strings[int(m.group(1))], text)
    try:
        data = json.loads(text)
    except RecursionError:
        raise ParseError("SudokuPad payload is not (zipped) JSON: nested too deeply") from None
    except ValueError as error:
        message = getattr(error, "msg", None) or str(error)
        raise ParseError(f"SudokuPad payload is not (zipped) JSON: {' '.join(message.split())[:80]}") from None
    return _rename(check_json_text(data, "SudokuPad payload: "))


def _colour(m: re.Match[str]) -> str:
    digits = m.group(2)
    full = {"0": "000000", "F": "FFFFFF", "f": "FFFFFF"}.get(digits, digits)
    return f'{m.group(1)}"#{full}"'


def _rename(value: Any) -> Any:
    if isinstance(value, dict):
        return {KEYS.get(k, k): _rename(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v) for v in value]
    return value


# --- SudokuPad JSON -> spec ------------------------------------------------------------


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _brightness(colour: Any) -> float | None:
    """0 (black) .. 1 (white) for a ``#rgb`` / ``#rrggbb`` / ``#rrggbbaa`` colour; None when transparent or unknown."""
    if not isinstance(colour, str):
        return None
    text = colour.strip().lower()
    names = {"white": "#ffffff", "black": "#000000"}
    text = names.get(text, text)
    if not re.fullmatch(r"#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})", text):
        return None
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) == 8 and int(digits[6:], 16) < 128:
        return None  # mostly transparent
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def _dot(item: dict, size: int) -> tuple[str, Dot] | None:
    """``("white" | "black", cells)`` when an overlay is a Kropki dot, else None."""
    centre = item.get("center")
    width, height = _number(item.get("width")), _number(item.get("height"))
    if (not item.get("rounded") or item.get("text") not in (None, "") or width is None or height is None
            or not 0 < width <= _DOT_SIZE or not 0 < height <= _DOT_SIZE or not isinstance(centre, list)
            or len(centre) != 2):
        return None
    y, x = (_number(v) for v in centre)
    if y is None or x is None:
        return None
    pair: Dot
    if (y - 0.5).is_integer() and x.is_integer():
        r, c = int(y - 0.5), int(x) - 1
        pair = ((r, c), (r, c + 1))
    elif y.is_integer() and (x - 0.5).is_integer():
        r, c = int(y) - 1, int(x - 0.5)
        pair = ((r, c), (r + 1, c))
    else:
        return None
    if not all(0 <= r < size and 0 <= c < size for r, c in pair):
        return None
    fill = _brightness(item.get("backgroundColor"))
    if fill is None:
        return None
    return ("white" if fill > 0.5 else "black"), pair


def _cage_total(cage: dict, where: str) -> tuple[int | None, bool]:
    """A killer cage's total (None when it has none) and whether the total is readable."""
    value = cage.get("value", cage.get("sum"))
    cage_value = cage.get("cageValue")
    if isinstance(cage_value, str) and "=" in cage_value:
        value = cage_value.split("=", 1)[1]
    if value is None or value == "":
        return None, True
    if isinstance(value, int) and not isinstance(value, bool):
        return value, 0 <= value < 1000
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii() and len(value.strip()) < 4:
        return int(value.strip()), True
    return None, False


def _position(value: Any, size: int, where: str) -> Position:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ParseError(f"{where}: {short(value)} is not a cell [row, column]")
    r, c = value
    if not (0 <= r < size and 0 <= c < size):
        raise ParseError(f"{where}: cell [{r}, {c}] is outside the {size}x{size} grid")
    return r, c


def _meta(data: dict) -> Info:
    """The puzzle's identity (title, author, rules text) from ``metadata``, else
    from cell-less cages ``title: ...``, else from top-level fields.

    >>> _meta({"metadata": {"title": "Heart"}, "cages": [{"value": "rules: Normal killer rules."},
    ...                                                   {"value": "title: other"}]})
    (('title', 'Heart'), ('rules', 'Normal killer rules.'))
    """
    pairs: list[tuple[str, Any]] = []
    metadata = data.get("metadata")
    if isinstance(metadata, dict):
        pairs += [(k, metadata.get(k)) for k in IDENTITY_KEYS]
    pairs += metadata_cages(data.get("cages"))
    pairs += [(k, data.get(k)) for k in IDENTITY_KEYS]
    return identity_info(pairs)



_IMAGES = {"bgimage": "background image", "fgimage": "foreground image"}
"""Metadata that lays a picture over or under the grid, and what an error calls it."""


def _images(data: dict) -> list[str]:
    """The pictures a puzzle lays on its grid (``bgimage`` / ``fgimage`` metadata).

    A picture can draw rules (lines, shading, symbols) that the data does not
    carry, so a reader that cannot see it must not pretend the puzzle is only
    what the data says.

    >>> _images({"metadata": {"bgimage": "https://example.org/a.png"}, "cages": [{"value": "fgimage: b.png"}]})
    ['background image', 'foreground image']
    """
    found: list[str] = []
    metadata = data.get("metadata")
    if isinstance(metadata, dict):
        found += [name for key, name in _IMAGES.items() if metadata.get(key)]
    for cage in data.get("cages") or []:
        if isinstance(cage, dict) and not cage.get("cells") and isinstance(cage.get("value"), str):
            key, _, value = cage["value"].partition(":")
            name = _IMAGES.get(key.strip().lower())
            if name and value.strip() and name not in found:
                found.append(name)
    for key, name in _IMAGES.items():
        if data.get(key) and name not in found:
            found.append(name)
    return found


def read_spec(data: Any, *, id: str = "") -> GridSpec:
    """The spec of (unzipped) SudokuPad JSON; unsupported constraints raise
    :class:`~puzzles.gridspec.UnsupportedError`."""
    if not isinstance(data, dict):
        raise ParseError(f"SudokuPad data is a JSON object, not {type(data).__name__}")
    rows = data.get("cells")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, list) for row in rows):
        raise ParseError("SudokuPad data has no cells (rows of cell objects)")
    found: Counter[str] = Counter()
    size = check_size(len(rows), "SudokuPad grid height")
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise ParseError(f"SudokuPad grid rows have different widths ({', '.join(map(str, sorted(widths)))})")
    if widths != {size}:
        raise UnsupportedError({f"{size}x{widths.pop()} grid": 1})
    if size > 9:
        found[f"{size}x{size} grid"] += 1
    givens = [0] * (size * size)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            cell = {} if cell is None else cell
            if not isinstance(cell, dict):
                raise ParseError(f"SudokuPad cell [{r}, {c}] is not an object")
            value = cell.get("value")
            if value in (None, ""):
                continue
            if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
                value = int(value.strip())
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= max(size, 9):
                raise ParseError(f"SudokuPad cell [{r}, {c}]: value {short(value)} is not a digit 1..{size}")
            givens[r * size + c] = value

    regions = data.get("regions")
    if regions is None:
        regions = []
    if not isinstance(regions, list) or not all(isinstance(region, list) for region in regions):
        raise ParseError("SudokuPad regions is not a list of lists of cells")
    boxes = tuple(tuple(sorted(_position(p, size, f"SudokuPad region {n}") for p in region))
                  for n, region in enumerate(regions, 1) if region)
    if not boxes:
        found["no boxes (empty regions list)"] += 1

    cages: list[tuple[int | None, list[Position]]] = []
    for n, cage in enumerate(data.get("cages") or [], 1):
        where = f"SudokuPad cage {n}"
        if not isinstance(cage, dict):
            raise ParseError(f"{where} is not an object")
        cells = cage.get("cells")
        if not cells:
            continue  # metadata: title, author, rules, solution
        if not isinstance(cells, list):
            raise ParseError(f"{where}: cells is not a list")
        style = cage.get("style")
        if cage.get("unique") is False:
            found["cage without unique digits"] += 1
        elif cage.get("hidden"):
            found["hidden cage"] += 1
        elif style not in (None, "", "killer"):
            found[f"cage style {style}"] += 1
        else:
            total, readable = _cage_total(cage, where)
            if not readable:
                found["cage with a text label"] += 1
            cages.append((total, [_position(p, size, where) for p in cells]))

    white: list[Dot] = []
    black: list[Dot] = []
    for key in ("overlays", "underlays"):
        items = data.get(key) or []
        if not isinstance(items, list):
            raise ParseError(f"SudokuPad {key} is not a list")
        for item in items:
            dot = _dot(item, size) if isinstance(item, dict) else None
            if dot is None:
                found["circle overlay" if isinstance(item, dict) and item.get("rounded") else "shape overlay"] += 1
            else:
                (white if dot[0] == "white" else black).append(dot[1])
    for key in ("lines", "arrows"):
        items = data.get(key) or []
        if items:
            found[key] += len(items) if isinstance(items, list) else 1

    for name in _images(data):
        found[name] += 1

    rules = data.get("global") or []
    if isinstance(rules, str):
        rules = [rules]
    if not isinstance(rules, list):
        raise ParseError("SudokuPad global is not a list of rule names")
    negative = "nonconsecutive" in rules and "antiratio" in rules
    for name in rules:
        if not (negative and name in ("nonconsecutive", "antiratio")):
            found[str(name)] += 1
    for key, value in data.items():
        if key in IGNORED or key in ("lines", "arrows") or value in (None, False, [], "", {}):
            continue
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            continue
        found[key] += len(value) if isinstance(value, (list, dict)) else 1

    kind = kind_of(found, bool(cages), bool(white or black or negative))
    check_supported(found)
    info = _meta(data)
    return GridSpec(kind=kind, size=size, givens=tuple(givens), boxes=boxes,
                    cages=label_cages(cages, size) if kind == "killer" else (), white=tuple(white), black=tuple(black),
                    negative=negative, id=id, info=info)


# --- the notation ---------------------------------------------------------------------


def read_line(line: str, id: str = "") -> Puzzle:
    """The puzzle of one SudokuPad link or bare id."""
    kind, text = payload(puzzle_id(line))
    if kind == "fpuzzles":
        spec, _ = fpuzzles.read_spec(fpuzzles.load_json(text), id=id)
    else:
        spec = read_spec(unzip(text), id=id)
    return build(spec)


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of a text of SudokuPad links or ids, one a line."""
    text = drop_bom(text)
    check_line_ends(text, source)
    return read_lines(content_lines(text), source, read_line)


def link(puzzle: Puzzle) -> str:
    """The SudokuPad link of a puzzle (f-puzzles JSON inside)."""
    packed = compress_to_base64(fpuzzles.compact(fpuzzles.to_json(puzzle)))
    return LINK_PREFIX + quote(packed, safe="")


def write(puzzles: Sequence[Puzzle]) -> str:
    """One SudokuPad link per line."""
    return "".join(link(p) + "\n" for p in puzzles)


def detect(text: str) -> bool:
    """True when the first non-blank line is a SudokuPad link or a bare ``fpuz``/``scl``/``ctc`` id."""
    lines = content_lines(text[:300])
    if not lines:
        return False
    first = lines[0][1]
    return bool(_HOST.match(first)) or bool(_BARE.match(first[:200]))

