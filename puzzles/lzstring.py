"""lz-string's ``compressToBase64`` and ``decompressFromBase64``, as f-puzzles
and SudokuPad use them to pack a puzzle's JSON into a link.

lz-string (pieroxy's JavaScript library) is an LZW variant: the text, taken
as UTF-16 code units, is coded as dictionary indexes of growing bit width;
``2`` ends the stream; the bits are packed 6 to a character of the alphabet
``A-Z a-z 0-9 + /`` and padded with ``=`` to a multiple of 4 characters.
This module is written from that description; it works on UTF-16 code units
like the JavaScript original, so texts with characters outside the Basic
Multilingual Plane give the same output.

>>> packed = compress_to_base64('{"size":9}')
>>> packed
'N4IgzglgXgpiBcBOAvkA'
>>> decompress_from_base64(packed)
'{"size":9}'
>>> decompress_from_base64("N4IgLgTgrg")
Traceback (most recent call last):
...
solver.errors.ParseError: bad lz-string data: it ends before its end mark (truncated?)
"""

from __future__ import annotations

from solver.errors import ParseError

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
"""The 64 characters of lz-string's base64 output, in value order."""

_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_BITS = 6
_MAX_OUTPUT = 20_000_000
"""Code units a payload may decompress to (a guard against decompression bombs)."""


def _units(text: str) -> list[int]:
    """The UTF-16 code units of a text (what JavaScript calls its characters)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]


def _text(units: list[int]) -> str:
    """The text of UTF-16 code units; unpaired surrogates are an error."""
    data = b"".join(u.to_bytes(2, "little") for u in units)
    try:
        return data.decode("utf-16-le")
    except UnicodeDecodeError:
        raise ParseError("bad lz-string data: it decodes to broken UTF-16 text") from None


class _BitWriter:
    """Packs values, least significant bit first, into 6-bit alphabet characters."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.value = 0
        self.filled = 0

    def write(self, value: int, width: int) -> None:
        """Append the ``width`` low bits of ``value``, lowest first."""
        for _ in range(width):
            self.value = (self.value << 1) | (value & 1)
            value >>= 1
            self.filled += 1
            if self.filled == _BITS:
                self.out.append(ALPHABET[self.value])
                self.value = 0
                self.filled = 0

    def finish(self) -> str:
        """The characters written, the last one filled with zero bits, ``=``-padded to a multiple of 4."""
        if self.filled:
            self.out.append(ALPHABET[self.value << (_BITS - self.filled)])
        text = "".join(self.out)
        return text + "=" * (-len(text) % 4)


def compress_to_base64(text: str) -> str:
    """lz-string ``compressToBase64`` of a text.

    >>> compress_to_base64("")
    ''
    >>> decompress_from_base64(compress_to_base64("abababab \\U0001F600")) == "abababab \\U0001F600"
    True
    """
    units = _units(text)
    if not units:
        return ""
    bits = _BitWriter()
    codes: dict[tuple[int, ...], int] = {}
    fresh: set[int] = set()  # single units seen but not written yet
    width = 2
    room = 2  # codes left before the width grows
    next_code = 3
    word: tuple[int, ...] = ()

    def grow() -> None:
        nonlocal room, width
        room -= 1
        if room == 0:
            room = 1 << width
            width += 1

    def emit(w: tuple[int, ...]) -> None:
        if len(w) == 1 and w[0] in fresh:
            unit = w[0]
            if unit < 256:
                bits.write(0, width)
                bits.write(unit, 8)
            else:
                bits.write(1, width)
                bits.write(unit, 16)
            grow()
            fresh.discard(unit)
        else:
            bits.write(codes[w], width)
        grow()

    for unit in units:
        if (unit,) not in codes:
            codes[(unit,)] = next_code
            next_code += 1
            fresh.add(unit)
        longer = word + (unit,)
        if longer in codes:
            word = longer
            continue
        emit(word)
        codes[longer] = next_code
        next_code += 1
        word = (unit,)
    if word:
        emit(word)
    bits.write(2, width)
    return bits.finish()


class _BitReader:
    """Reads values, least significant bit first, from 6-bit alphabet characters."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.index = 0
        self.current = 0
        self.mask = 0  # the next bit of the current character; 0 = take the next character

    def read(self, width: int) -> int:
        """The next ``width`` bits as a number; :class:`ParseError` past the end of the data."""
        out = 0
        for shift in range(width):
            if self.mask == 0:
                if self.index >= len(self.values):
                    raise ParseError("bad lz-string data: it ends before its end mark (truncated?)")
                self.current = self.values[self.index]
                self.index += 1
                self.mask = 1 << (_BITS - 1)
            if self.current & self.mask:
                out |= 1 << shift
            self.mask >>= 1
        return out


def decompress_from_base64(text: str) -> str:
    """lz-string ``decompressFromBase64`` of a text; :class:`ParseError` when it is damaged.

    >>> decompress_from_base64("N4Ig!")
    Traceback (most recent call last):
    ...
    solver.errors.ParseError: bad lz-string data: '!' is not a base64 character
    """
    body = text.rstrip("=")
    values = []
    for ch in body:
        value = _VALUE.get(ch)
        if value is None:
            raise ParseError(f"bad lz-string data: {ch!r} is not a base64 character")
        values.append(value)
    if not values:
        raise ParseError("bad lz-string data: it is empty")
    bits = _BitReader(values)
    entries: list[list[int]] = [[], [], []]  # codes 0, 1, 2 are markers, not entries
    width = 3
    room = 4

    def literal(marker: int) -> list[int] | None:
        if marker == 0:
            return [bits.read(8)]
        if marker == 1:
            return [bits.read(16)]
        return None

    first = literal(bits.read(2))
    if first is None:
        return ""  # the end mark straight away: the empty text
    entries.append(first)
    word = first
    out = list(first)
    while True:
        code = bits.read(width)
        if code == 2:
            return _text(out)
        if code < 2:
            unit = literal(code)
            assert unit is not None
            entries.append(unit)
            code = len(entries) - 1
            room -= 1
            if room == 0:
                room = 1 << width
                width += 1
        if code < len(entries) and code > 2:
            entry = entries[code]
        elif code == len(entries):
            entry = word + word[:1]
        else:
            raise ParseError(f"bad lz-string data: code {code} is not in the dictionary yet")
        out.extend(entry)
        if len(out) > _MAX_OUTPUT:
            raise ParseError("bad lz-string data: it decompresses to more than 20 million characters")
        entries.append(word + entry[:1])
        room -= 1
        word = entry
        if room == 0:
            room = 1 << width
            width += 1
