"""The rules every reader follows for text, in one place: where lines end,
what separates fields, byte order marks and encodings, how much input is
read, JSON's strings and error messages, a link alone on its line, and how
a value is quoted in a one-line message.

>>> text_lines("a\\r\\nb\\u2028c\\n"), fields(" a\\tb ")
(['a', 'b\\u2028c'], ['a', 'b'])
>>> drop_bom("\\ufeff{}")
'{}'
"""

from __future__ import annotations

import codecs
import re
from typing import Any

from solver.errors import ParseError
from solver.model import shown


def quote(value: Any, limit: int = 40) -> str:
    """A name as it is when it is plain (printable, no white space, short), else :func:`short`.

    >>> quote("aa"), quote("a b"), quote(3)
    ('aa', "'a b'", '3')
    """
    if isinstance(value, str) and value and value.isprintable() and len(value) <= limit \
            and not any(ch.isspace() for ch in value):
        return value
    return short(value, limit)


def short(value: Any, limit: int = 40) -> str:
    """``repr`` of a value cut to ``limit`` characters: safe to quote in a one-line
    message (:func:`solver.model.shown`, the one rule for it: a huge or deeply
    nested value is abbreviated before it is cut, and one whose ``repr`` fails,
    such as an int of more than 4300 digits, is named by its type).

    >>> short(10 ** 5000)
    '<int>'
    """
    return shown(value, limit)


BOM = "\ufeff"
"""The byte order mark some editors put first in a UTF-8 file: dropped by every reader."""


ASCII_SPACE = " \t\n\r\f\v"
"""White space that may pad a line or separate lines: ASCII only (``str.split()`` also takes
U+0085, U+2028 and U+2029, which JSON strings may hold)."""


def drop_bom(text: str) -> str:
    """A text without its leading byte order mark (one is dropped, if any).

    >>> drop_bom("\\ufeff{}"), drop_bom("{}")
    ('{}', '{}')
    """
    return text[1:] if text.startswith(BOM) else text


def text_lines(text: str) -> list[str]:
    """The lines of a text: they end at ``\n`` (a ``\r`` before it is dropped) and nowhere else.

    Unlike ``str.splitlines()``, U+0085, U+2028, U+2029, a lone ``\r`` and
    the other separators Python knows stay inside their line (JSON strings may
    hold them), so line numbers are those of any editor.  A byte order mark
    that starts a line is dropped (files joined with ``cat`` each bring theirs).

    >>> text_lines("a\\r\\nb\\u2028c\\n\\nd"), text_lines("a\\n"), text_lines("")
    (['a', 'b\\u2028c', '', 'd'], ['a'], [])
    >>> text_lines("a\\n\\ufeffb\\n")
    ['a', 'b']
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [drop_bom(line[:-1] if line.endswith("\r") else line) for line in lines]


def check_line_ends(text: str, source: str | None = None) -> None:
    """Refuse a text holding a carriage return that does not end a line
    (``\r`` not followed by ``\n``: old Mac line ends, or two lines pasted
    into one): lines end at ``\n`` or ``\r\n`` only, and a lone ``\r`` would
    otherwise join two lines silently.  :class:`ParseError` names the line.

    Every reader of a line-based notation calls it first (JSON, where a
    ``\r`` is white space, does not).

    >>> check_line_ends("a\\r\\nb\\n")
    >>> check_line_ends("a\\nb\\rc\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: line 2: a carriage return (CR) inside the line: lines end at LF or CR LF only ...
    """
    at = text.find("\r")
    while at != -1:
        if text[at + 1:at + 2] != "\n" and at + 1 != len(text):
            raise ParseError("a carriage return (CR) inside the line: lines end at LF or CR LF only "
                             "(old Mac line ends?)", line=text.count("\n", 0, at) + 1, source=source)
        at = text.find("\r", at + 1)


def fields(line: str) -> list[str]:
    """The fields of a line, separated by ASCII white space only (``str.split()``
    also splits at U+00A0, U+2028, U+3000 and the controls ``\x1c``..``\x1f``,
    which would let a damaged line read as a different one).

    >>> fields(" a\\tb  c "), fields("a\\u00a0b")
    (['a', 'b', 'c'], ['a\\xa0b'])
    """
    return _ASCII_SPACES.split(line.strip(ASCII_SPACE)) if line.strip(ASCII_SPACE) else []


_ASCII_SPACES = re.compile(f"[{re.escape(ASCII_SPACE)}]+")


def lone_surrogate(value: Any) -> str | None:
    """Where the first string of a decoded JSON value holding a lone surrogate
    is (``\ud800`` escaped alone is legal JSON but no character: it cannot be
    printed or written as UTF-8), as a path like ``cages[2].label``; None when
    there is none.  Keys count too.

    >>> lone_surrogate({"id": "ok", "cages": [{"label": "\\udc00"}]}), lone_surrogate(["\\U0001f600"])
    ('cages[0].label', None)
    """
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return path or "the text"
        elif isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                where = f"{path}.{key}" if path else str(key)
                if _SURROGATE.search(key):
                    return f"{path or 'an object'}: key {short(key)}"
                stack.append((where, sub))
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", sub) for i, sub in reversed(list(enumerate(item))))
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def json_error_message(error: BaseException) -> str:
    """What a JSON decoding error says, in plain words (no Python internals:
    no "sys.set_int_max_str_digits", no "maximum recursion depth").

    >>> import json
    >>> try:
    ...     json.loads("[" + "9" * 5000 + "]")
    ... except ValueError as error:
    ...     json_error_message(error)
    'a number with too many digits'
    """
    if isinstance(error, RecursionError):
        return "nested too deeply"
    msg = getattr(error, "msg", None)
    if msg is None:
        text = str(error)
        if "digits" in text:  # Python's limit on converting long integers
            return "a number with too many digits"
        return " ".join(text.split())[:120]
    msg = " ".join(msg.split())
    msg = msg[:-3] if msg.endswith(" at") else msg  # "Invalid control character at": the column follows
    col = getattr(error, "colno", None)
    return f"{msg} at column {col}" if col else msg


def check_json_text(value: Any, what: str = "") -> Any:
    """``value`` (decoded JSON) when no string in it holds a lone surrogate, else
    :class:`ParseError` naming the field."""
    where = lone_surrogate(value)
    if where is not None:
        raise ParseError(f"{what}{where}: a lone surrogate escape (\\ud800..\\udfff) is not a character")
    return value


def is_blank(line: str) -> bool:
    """Whether a line holds only ASCII white space."""
    return not line.strip(ASCII_SPACE)


_LINK_TAIL = re.compile(r"(?:[?&#][!-~]*)?[ \t]*\Z")
"""What may follow the part of a link a reader takes: more of the query or a fragment (printable
ASCII, as a link is), then nothing."""


def check_link_tail(line: str, end: int) -> None:
    """Refuse text after a link on its line (``line[end:]``): a second link pasted
    after a space or a U+2028 would otherwise be dropped silently.

    >>> check_link_tail("https://x.org/?bd=1&a=2#top", 19)
    >>> check_link_tail("https://x.org/?bd=1 https://x.org/?bd=2", 19)
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: text after the link: 'https://x.org/?bd=2' (one link a line)
    """
    rest = line[end:]
    if not _LINK_TAIL.match(rest):
        raise ParseError(f"text after the link: {short(rest.strip(ASCII_SPACE))} (one link a line)")


_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"), (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"), (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"))
"""Byte order marks and their encodings (UTF-32 LE first: its mark starts with UTF-16 LE's)."""


def decode_text(data: bytes) -> str:
    """The text of an input's bytes: UTF-8 (its byte order mark dropped), or
    UTF-16 / UTF-32 when the bytes start with their byte order mark (what
    Windows editors write as "Unicode").  :class:`ParseError` otherwise, naming
    the line and column (bytes) of the first byte that is not UTF-8.

    >>> decode_text(b"\\xef\\xbb\\xbfab"), decode_text("ab\\n".encode("utf-16"))
    ('ab', 'ab\\n')
    >>> decode_text(b"ok\\nab\\xffc")
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: line 2: not UTF-8 text: byte 0xff at column 3
    """
    codec, name = "utf-8", "UTF-8"
    for bom, found, label in _BOMS:
        if data.startswith(bom):
            codec, name = found, label
            break
    try:
        return data.decode(codec)
    except UnicodeDecodeError as error:
        if codec.startswith("utf-8"):
            line = data.count(b"\n", 0, error.start) + 1
            column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
            raise ParseError(f"not UTF-8 text: byte {data[error.start]:#04x} at column {column}", line=line) from None
        raise ParseError(f"not {name} text, though it starts with the {name} byte order mark") from None


READ_CHUNK = 1 << 20
"""Bytes asked for at a time by :func:`read_bounded`."""


def read_bounded(stream: Any, limit: int) -> Any:
    """At most ``limit + 1`` bytes (or characters) of a stream, read a chunk at a
    time: enough to tell an input over ``limit`` from one within it, without
    reading an endless one whole, and without asking for ``limit`` bytes at once
    (``read(n)`` sets aside ``n`` bytes first: a limit of 100 GB would fail on a
    tiny file).

    >>> import io
    >>> read_bounded(io.BytesIO(b"abcdef"), 3), read_bounded(io.BytesIO(b"ab"), 10 ** 30)
    (b'abcd', b'ab')
    """
    chunks = []
    total = 0
    while total <= limit:
        chunk = stream.read(min(READ_CHUNK, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return chunks[0][:0].join(chunks) if chunks else stream.read(0)


def lone_cr_hint(text: str) -> str:
    """``''``, or a note for a message when a text holds a carriage return that ends no line.

    >>> lone_cr_hint("a\\r\\nb"), lone_cr_hint("a\\rb")[:30]
    ('', '; it holds a carriage return (')
    """
    try:
        check_line_ends(text)
    except ParseError as error:
        return f"; it holds a carriage return (CR) that ends no line (line {error.line}): lines end at LF or CR LF"
    return ""
