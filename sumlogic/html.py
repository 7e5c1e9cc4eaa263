"""One self-contained HTML page that shows a solving trace step by step.

The page holds the viewer (``sumlogic/web/viewer.css``, ``arrows.js`` and ``viewer.js``, read
from the installed package) and the traces as JSON, so it opens anywhere,
offline, from a file.  The same traces always give the same bytes.

>>> trace = {"id": "sudoku/demo/1", "kind": "sudoku", "status": "stuck",
...          "puzzle": {"kind": "sudoku", "size": 9}, "steps": []}
>>> page = render_html(trace)
>>> page.startswith("<!DOCTYPE html>") and page == render_html([trace])
True
>>> '"id":"sudoku/demo/1"' in page
True
>>> "</b>" in render_html({**trace, "id": "</b>"})
False

Beside the traces the page holds, per trace, the links that open the same
puzzle elsewhere (``sumlogic-links``: a list parallel to the traces), made
here by the package's own writers so the page needs no network: today a
SudokuPad link for the kinds SudokuPad draws (see :func:`links_of`).

Command line (a trace file as ``sumlogic explain --json`` writes it: one
object, a list, or JSON Lines)::

    python -m sumlogic.html trace.json -o trace.html
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from puzzles.kinds import KINDS

__all__ = ["embed_json", "links_of", "load_traces", "render_html", "viewer_asset", "write_html"]

KIND_NAMES = {k.name: k.title for k in KINDS.values()}
"""Each kind's title (:data:`puzzles.kinds.KINDS`)."""


@cache
def viewer_asset(name: str) -> str:
    """The text of a packaged viewer file (``viewer.js``, ``arrows.js`` or ``viewer.css``).

    >>> "sumlogic-viewer" in viewer_asset("viewer.js")
    True
    """
    return resources.files("sumlogic").joinpath("web", name).read_text(encoding="utf-8")


def embed_json(data: Any) -> str:
    """JSON that is safe inside ``<script type="application/json">``.

    ``</`` becomes ``<\\/`` (so no ``</script>`` can end the block early) and
    ``<!--`` becomes ``\\u003c!--``; both still parse to the same value.

    >>> embed_json({"text": "a</script>b<!--c"})
    '{"text":"a<\\\\/script>b\\\\u003c!--c"}'
    >>> json.loads(embed_json({"text": "a</script>b<!--c"}))["text"]
    'a</script>b<!--c'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


def _as_list(traces: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> list[Mapping[str, Any]]:
    items = [traces] if isinstance(traces, Mapping) else list(traces)
    if not items:
        raise ValueError("no trace to render")
    for i, trace in enumerate(items, 1):
        if not isinstance(trace, Mapping) or "puzzle" not in trace or not isinstance(trace.get("steps"), list):
            raise ValueError(f"trace {i} is not a sumlogic trace: it needs 'puzzle' and a 'steps' list")
    return items


LINKED_KINDS = ("sudoku", "killer", "kropki")
"""The kinds SudokuPad draws from an f-puzzles payload (not Kakuro, not Greater Killer relations)."""


def links_of(trace: Mapping[str, Any]) -> dict[str, str]:
    """The links that open a trace's puzzle in other solvers: ``{"sudokupad": URL}``
    for a Sudoku, Killer or Kropki (4x4..9x9, boxes or jigsaw), ``{}`` otherwise
    or when the trace's puzzle record cannot be read.

    >>> from puzzles import sample, to_record
    >>> links_of({"puzzle": to_record(sample("killer-1"))})["sudokupad"][:29]
    'https://sudokupad.app/fpuzzle'
    >>> links_of({"puzzle": to_record(sample("kakuro-6x6"))})
    {}
    """
    record = trace.get("puzzle")
    if not isinstance(record, Mapping) or record.get("kind") not in LINKED_KINDS:
        return {}
    from puzzles import from_record, sudokupad
    from solver.errors import SumlogicError

    try:
        return {"sudokupad": sudokupad.link(from_record(dict(record)))}
    except (SumlogicError, ValueError, TypeError, KeyError):
        return {}


def _title(items: list[Mapping[str, Any]]) -> str:
    """The page's title: the puzzle's title and author as its setter gave them
    (the record's ``title`` and ``author``), else its id, else its kind
    (control characters escaped, as the page shows them).

    >>> _title([{"id": "a\\x1b[2J\\u202eb", "puzzle": {}}])
    'sumlogic: a\\\\x1b[2J\\\\u202eb, step by step'
    >>> _title([{"id": "heart", "puzzle": {"title": "Heart in a Cage", "author": "Ann"}}])
    'sumlogic: Heart in a Cage by Ann, step by step'
    """
    from .cli.common import printable

    if len(items) > 1:
        return f"sumlogic: {len(items)} puzzles, step by step"
    trace = items[0]
    record = trace["puzzle"] if isinstance(trace["puzzle"], Mapping) else {}
    kind = str(trace.get("kind") or record.get("kind") or "puzzle")
    title, author = (" ".join(value.split()) if isinstance(value, str) else ""
                     for value in (record.get("title"), record.get("author")))
    name = (f"{title} by {author}" if title and author else title) or trace.get("id") or KIND_NAMES.get(kind, kind)
    return printable(f"sumlogic: {name}, step by step", frozenset())


def _inline(text: str, closing: str) -> str:
    if closing in text.lower():
        raise ValueError(f"a packaged viewer file contains {closing!r} and cannot be inlined")
    return text


def render_html(traces: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> str:
    """The complete viewer page for one trace or several (several get a puzzle picker).

    Raises :class:`ValueError` when an item is not a trace.
    """
    items = _as_list(traces)
    payload = items[0] if len(items) == 1 else items
    css = _inline(viewer_asset("viewer.css"), "</style")
    js = _inline(viewer_asset("arrows.js") + viewer_asset("viewer.js"), "</script")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n'
        "<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="sumlogic">\n'
        f"<title>{html.escape(_title(items))}</title>\n"
        f"<style>\n{css}</style>\n"
        "</head>\n"
        "<body>\n"
        '<main id="sumlogic-viewer"><noscript>This page needs JavaScript to show the steps.</noscript></main>\n'
        f'<script type="application/json" id="sumlogic-traces">{embed_json(payload)}</script>\n'
        f'<script type="application/json" id="sumlogic-links">{embed_json([links_of(t) for t in items])}</script>\n'
        f"<script>\n{js}</script>\n"
        "</body>\n"
        "</html>\n"
    )


def write_html(path: str | Path, traces: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> None:
    """Write :func:`render_html` to ``path`` as UTF-8 with ``\\n`` line ends."""
    Path(path).write_text(render_html(traces), encoding="utf-8", newline="\n")


def load_traces(text: str) -> list[dict[str, Any]]:
    """Traces from JSON text: one object, a list of objects, or JSON Lines.

    >>> len(load_traces('{"puzzle": {}, "steps": []}\\n{"puzzle": {}, "steps": []}\\n'))
    2
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [dict(t) for t in _as_list(data)]


def main(argv: Iterable[str] | None = None) -> int:
    """``python -m sumlogic.html TRACE.json [-o OUT.html]``: a trace file to a viewer page."""
    parser = argparse.ArgumentParser(prog="python -m sumlogic.html", description=main.__doc__)
    parser.add_argument("trace", help="trace JSON (sumlogic explain --json), '-' for standard input")
    parser.add_argument("-o", "--output", help="HTML file to write (default: standard output)")
    args = parser.parse_args(list(argv) if argv is not None else None)
    text = sys.stdin.read() if args.trace == "-" else Path(args.trace).read_text(encoding="utf-8")
    try:
        traces = load_traces(text)
    except (ValueError, json.JSONDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.output:
        write_html(args.output, traces)
    else:
        sys.stdout.write(render_html(traces))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
