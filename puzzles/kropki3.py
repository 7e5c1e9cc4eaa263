"""The three-section Kropki file.

Section one is nine lines of nine givens (``0`` for an empty cell); section
two is nine lines of eight codes, the dots between horizontal neighbours
(``r1c1-r1c2`` first); section three is eight lines of nine codes, the dots
between vertical neighbours (``r1c1-r2c1`` first).  A code is ``0`` (no
dot), ``1`` (white) or ``2`` (black).  Blank lines separate the sections.
Codes and givens may be separated by spaces or not; the writer separates
them with one space.

The file carries dots, not a rule: **a bare file does not assume the
negative rule** (the format's known users, such as the NYU CS-GY 6613 Kropki
project, show only some dots).  A last line ``negative`` states that every
dot is shown.  Several puzzles may follow one another.

>>> text = write([sample_puzzle()])
>>> text.splitlines()[0], text.splitlines()[10], text.splitlines()[-1]
('0 0 0 0 0 0 0 0 0', '1 0 0 0 0 0 0 0', '0 0 0 0 0 0 0 0 2')
>>> parse(text) == [sample_puzzle()]
True
>>> parse(text.replace("1 0 0 0 0 0 0 0", "3 0 0 0 0 0 0 0"), source="k.kropki")
Traceback (most recent call last):
...
solver.errors.ParseError: k.kropki:line 11: '3' is not a dot code 0, 1 or 2
"""

from __future__ import annotations

from typing import Sequence

from solver.errors import ParseError, SumlogicError
from solver.model import Puzzle

from . import kropki
from .common import SIZE, content_lines, line_id, located, require_kind
from .text import check_line_ends, drop_bom, fields, short

_COLOUR = {"1": "white", "2": "black"}
_GIVEN = "a digit or '.'"
_CODE_WHAT = "a dot code 0, 1 or 2"
_PLURAL = {_GIVEN: "digits", _CODE_WHAT: "dot codes"}
_CODE = {"consecutive": "1", "ratio": "2"}
NEGATIVE_LINE = "negative"


def _tokens(line: str, count: int, allowed: str, what: str) -> list[str]:
    """The ``count`` one-character tokens of a line, separated by white space or not."""
    tokens = fields(line) if any(ch.isspace() for ch in line) else list(line)
    for token in tokens:
        if len(token) != 1 or token not in allowed:
            raise ParseError(f"{short(token)} is not {what}")
    if len(tokens) != count:
        raise ParseError(f"expected {count} {_PLURAL[what]}, found {len(tokens)}")
    return tokens


def parse(text: str, source: str | None = None) -> list[Puzzle]:
    """Every Kropki of a text in the three-section notation."""
    text = drop_bom(text)
    check_line_ends(text, source)
    lines = content_lines(text)
    found: list[tuple[int, list[int], list[kropki.Dot], list[kropki.Dot], bool]] = []
    i = 0
    while i < len(lines):
        start = lines[i][0]
        section = lines[i:i + 26]
        if len(section) < 26:
            raise ParseError(f"a three-section Kropki needs 26 lines of digits (9 + 9 + 8), found {len(section)}",
                             line=start, source=source)
        givens: list[int] = []
        white: list[kropki.Dot] = []
        black: list[kropki.Dot] = []
        for k, (number, line) in enumerate(section):
            try:
                if k < 9:
                    givens.extend(int(t) if t != "." else 0 for t in _tokens(line, 9, "0123456789.", _GIVEN))
                elif k < 18:
                    r = k - 9
                    for c, code in enumerate(_tokens(line, 8, "012", _CODE_WHAT)):
                        if code in _COLOUR:
                            (white if code == "1" else black).append(((r, c), (r, c + 1)))
                else:
                    r = k - 18
                    for c, code in enumerate(_tokens(line, 9, "012", _CODE_WHAT)):
                        if code in _COLOUR:
                            (white if code == "1" else black).append(((r, c), (r + 1, c)))
            except SumlogicError as error:
                raise located(error, line=number, source=source) from None
        i += 26
        negative = i < len(lines) and lines[i][1].lower() == NEGATIVE_LINE
        if negative:
            i += 1
        found.append((start, givens, white, black, negative))
    out = []
    for start, givens, white, black, negative in found:
        try:
            out.append(kropki.build(givens, white, black, negative=negative, id=line_id(source, start, len(found))))
        except SumlogicError as error:
            raise located(error, line=start, source=source) from None
    return out


def write(puzzles: Sequence[Puzzle]) -> str:
    """The three-section notation of Kropkis, separated by blank lines."""
    texts = []
    for puzzle in puzzles:
        require_kind(puzzle, (kropki.KIND,), "three-section Kropki")
        across = [["0"] * (SIZE - 1) for _ in range(SIZE)]
        down = [["0"] * SIZE for _ in range(SIZE - 1)]
        for pair in puzzle.pairs:
            code = _CODE.get(pair.kind)
            if code is None:
                continue
            (ra, ca), (rb, cb) = sorted((puzzle.cells[pair.a], puzzle.cells[pair.b]))
            if rb == ra:
                across[ra][ca] = code
            else:
                down[ra][ca] = code
        givens = [[str(g) for g in puzzle.givens[SIZE * r:SIZE * r + SIZE]] for r in range(SIZE)]
        sections = ["\n".join(" ".join(row) for row in rows) for rows in (givens, across, down)]
        text = "\n\n".join(sections) + "\n"
        if kropki.negative(puzzle):
            text += NEGATIVE_LINE + "\n"
        texts.append(text)
    return "\n".join(texts)


def detect(text: str) -> bool:
    """True when the text starts with nine lines of nine digits, then lines of eight codes."""
    text = drop_bom(text)
    lines = content_lines(text[:4000])
    if len(lines) < 26:
        return False
    try:
        for _, line in lines[:9]:
            _tokens(line, 9, "0123456789.", _GIVEN)
        _tokens(lines[9][1], 8, "012", _CODE_WHAT)
    except ParseError:
        return False
    return True


def sample_puzzle() -> Puzzle:
    """A small Kropki used by the examples: one white dot r1c1-r1c2 and one black dot r8c9-r9c9."""
    return kropki.build(white=[((0, 0), (0, 1))], black=[((7, 8), (8, 8))], negative=False)
