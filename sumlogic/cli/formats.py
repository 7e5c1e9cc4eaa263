"""``sumlogic formats``, ``sumlogic kinds``, ``sumlogic samples`` and ``sumlogic techniques``: what
notations, puzzle kinds, bundled puzzles and solving techniques there are."""

from __future__ import annotations

import argparse
from typing import Any

from .common import EXIT_OK, emit, emit_json, table

from .reading import SAMPLE_PREFIX


def add_parsers(commands: Any) -> None:
    """The ``formats`` and ``samples`` commands."""
    formats = commands.add_parser("formats", help="list the notations sumlogic reads and writes")
    formats.add_argument("--json", action="store_true", help="one JSON object per notation")
    formats.set_defaults(run=cmd_formats)
    kinds = commands.add_parser("kinds", help="list the puzzle kinds and their rules")
    kinds.add_argument("--json", action="store_true", help="one JSON object per kind")
    kinds.set_defaults(run=cmd_kinds)
    samples = commands.add_parser("samples", help="list the bundled sample puzzles (use as sample:NAME)")
    samples.add_argument("--json", action="store_true", help="one JSON object per sample")
    samples.set_defaults(run=cmd_samples)
    listed = commands.add_parser("techniques", help="list the solving techniques, easiest first",
                                 description="List every solving technique with its id (for --techniques "
                                             "and --without), level, score, the kinds it applies to and "
                                             "an example sentence, easiest first.")
    listed.add_argument("--kind", metavar="KIND", default=None,
                        help="only the techniques that apply to this kind (see: sumlogic kinds)")
    listed.add_argument("--json", action="store_true", help="one JSON object per technique")
    listed.set_defaults(run=cmd_techniques)


def cmd_techniques(args: argparse.Namespace) -> int:
    """``sumlogic techniques``: every technique, easiest first.

    >>> import argparse
    >>> cmd_techniques(argparse.Namespace(kind="sudoku", json=False))  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    id level score name kinds example
    naked-single 1 1 Naked single all r3c4 has only 7 left, so it is 7.
    ...
    0
    >>> cmd_techniques(argparse.Namespace(kind="killer", json=True))  # doctest: +ELLIPSIS
    {"id": "naked-single", "name": "Naked single", "level": 1, "score": 1, "kinds": [...], "example": ...}
    ...
    0
    """
    from puzzles.kinds import KINDS
    from ..catalogue import techniques

    if args.kind is not None and args.kind not in KINDS:
        from .reading import InputError

        raise InputError(f"techniques --kind: unknown kind {args.kind!r} (valid: {', '.join(KINDS)})")
    rows = techniques(args.kind)
    if args.json:
        for row in rows:
            emit_json(row)
        return EXIT_OK
    every = list(KINDS)
    lines = [(r["id"], str(r["level"]), str(r["score"]), r["name"],
              "all" if r["kinds"] == every else ", ".join(r["kinds"]), r["example"]) for r in rows]
    for line in table(lines, ("id", "level", "score", "name", "kinds", "example")):
        emit(line)
    return EXIT_OK


def cmd_kinds(args: argparse.Namespace) -> int:
    """``sumlogic kinds``: every puzzle kind, its usual notation, and its rules.

    >>> import argparse
    >>> cmd_kinds(argparse.Namespace(json=False))  # doctest: +ELLIPSIS
    kind            title           notation  rules
    kakuro          Kakuro          kakuro    each run of white cells after a clue holds different digits ...
    ...
    0
    """
    from puzzles.kinds import KINDS

    if args.json:
        for kind in KINDS.values():
            emit_json(kind.to_dict())
        return EXIT_OK
    rows = [(k.name, k.title, k.notation, k.rules) for k in KINDS.values()]
    for line in table(rows, ("kind", "title", "notation", "rules")):
        emit(line)
    return EXIT_OK
EXAMPLE_WIDTH = 100
"""An example line in the text listing is cut to this many characters."""


def example(notation: str) -> str:
    """The first line of a bundled sample written in ``notation`` by its own writer
    (the first sample of a kind it holds that it can write), or ``""``.

    >>> example("puzzlink").startswith("https://puzz.link/p?kakuro/"), example("kakuro")
    (True, '# 11\\\\ 27\\\\ # 18\\\\ 11\\\\')
    """
    from puzzles import FORMATS, SAMPLES, sample, write_text
    from solver.errors import SumlogicError

    for name in SAMPLES:
        puzzle = sample(name)
        if puzzle.kind not in FORMATS[notation].kinds:
            continue
        if notation in ("sudokuwiki", "puzzlink") and puzzle.kind == "killer" and any(puzzle.givens):
            continue
        try:
            text = write_text([puzzle], notation)
        except SumlogicError:
            continue
        return next((line for line in text.splitlines() if line.strip()), "")
    return ""


def format_record(name: str) -> dict[str, Any]:
    """What ``formats --json`` (and the server's ``GET /api/formats``) says of one notation."""
    from puzzles import FORMATS

    n = FORMATS[name]
    return {"name": n.name, "kinds": list(n.kinds), "extensions": list(n.extensions), "description": n.description,
            "example": example(name)}


def cmd_formats(args: argparse.Namespace) -> int:
    """``sumlogic formats``: every notation with its kinds, extensions and an example."""
    from puzzles import FORMATS

    if args.json:
        for name in FORMATS:
            emit_json(format_record(name))
        return EXIT_OK
    rows = [(n.name, ", ".join(n.kinds), " ".join(n.extensions), n.description) for n in FORMATS.values()]
    for line in table(rows, ("notation", "kinds", "extensions", "description")):
        emit(line)
    emit("")
    emit("examples (the first line of a bundled sample, as sumlogic writes it):")
    for name, *_ in rows:
        text = example(name)
        cut = text if len(text) <= EXAMPLE_WIDTH else text[:EXAMPLE_WIDTH - 3] + "..."
        emit(f"  {name}: {cut}")
    return EXIT_OK


def cmd_samples(args: argparse.Namespace) -> int:
    """``sumlogic samples``: every bundled sample with its kind and notation."""
    from puzzles import SAMPLES, detect_format, sample
    from puzzles.samples import sample_text

    rows = []
    for name in SAMPLES:
        puzzle = sample(name)
        rows.append((SAMPLE_PREFIX + name, puzzle.kind, detect_format(sample_text(name)),
                     f"{puzzle.height}x{puzzle.width}"))
    if args.json:
        for name, kind, notation, size in rows:
            emit_json({"name": name, "kind": kind, "notation": notation, "size": size})
        return EXIT_OK
    for line in table(rows, ("path", "kind", "notation", "size")):
        emit(line)
    return EXIT_OK
