"""The technique pages: ``docs/techniques/<id>.md`` for every technique of
:func:`techniques.catalogue` and the index ``docs/techniques/README.md``,
written from the engine, never by hand, so they stay true.

Each page says what the technique is (:data:`scripts.technique_about.ABOUT`)
and, for every kind it applies to, shows an example: a generated puzzle (in
the kind's usual notation, which reads back to the same puzzle, with a
``sumlogic serve`` play-page address that opens it), the number and the
sentence of the first step of the technique in ``sumlogic explain``'s
explanation of that puzzle, and a picture of that step drawn by the step
page itself (:mod:`scripts.technique_pictures`).  Examples come from
:func:`find_example`: generated puzzles with the seeds 0, 1, 2, ... (at most
``--tries`` of them per kind), the first whose explanation uses the
technique; where none does, the page says so.

    python scripts/technique_pages.py                        # every page and the index
    python scripts/technique_pages.py --only x-wing,w-wing   # these pages (and the index)
    python scripts/technique_pages.py --check                # exit 1 if a committed page is out of date

>>> play_address("4.6.8...5")
'http://127.0.0.1:8000/?link=4.6.8...5'
>>> play_address("......... abb\\na=3")
'http://127.0.0.1:8000/?link=.........%20abb%0Aa%3D3'
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import sumlogic  # noqa: E402
import techniques  # noqa: E402
from puzzles.kinds import KINDS  # noqa: E402
from scripts.technique_about import ABOUT  # noqa: E402
from solver.contract import Technique  # noqa: E402
from solver.errors import SumlogicError  # noqa: E402
from solver.model import Puzzle  # noqa: E402

OUT = ROOT / "docs" / "techniques"
PICTURES = "pictures"
"""The pictures' folder inside the output folder."""
TRIES = 300
"""Generated puzzles tried per kind (seeds 0 .. TRIES - 1) before a page says it has no example."""
SERVE = "http://127.0.0.1:8000/"
"""Where ``sumlogic serve`` listens by default."""
KIND_ORDER = ("sudoku", "killer", "greater-killer", "kropki", "kakuro")
"""The order of a page's examples."""
NOTE = ("<!-- made by scripts/technique_pages.py from the engine: "
        "edit that script or scripts/technique_about.py, not this file -->")


class PageError(ValueError):
    """A request the script cannot carry out (an unknown id, a technique without a description)."""


def play_address(text: str) -> str:
    """The ``sumlogic serve`` play-page address that opens the puzzle ``text`` (``?link=``, URL-encoded)."""
    return f"{SERVE}?link={quote(text, safe='')}"


def kinds_of(technique: Technique) -> list[str]:
    """The kinds a technique applies to, in :data:`KIND_ORDER`."""
    return [k for k in KIND_ORDER if k in KINDS and (not technique.kinds or k in technique.kinds)]


@dataclass
class Example:
    """A puzzle whose explanation uses a technique: its text, the trace and the (1-based) step."""

    kind: str
    seed: int
    text: str
    notation: str
    trace: dict[str, Any]
    step: int


@dataclass
class Search:
    """How the search for one kind went: the puzzles tried, and why it could not go on (if so)."""

    tried: int = 0
    reason: str | None = None


@dataclass
class Pool:
    """Generated puzzles of each kind by seed, with the techniques each one's explanation uses.

    Grown on demand and shared by every technique, so that each puzzle is
    generated and explained once; an example is always the lowest seed whose
    explanation uses the technique, whichever techniques are asked for.
    """

    tries: int = TRIES
    used: dict[str, list[frozenset[str]]] = field(default_factory=dict)
    searches: dict[str, Search] = field(default_factory=dict)

    def seeds(self, kind: str) -> Iterable[tuple[int, frozenset[str]]]:
        """Each seed of ``kind`` with the techniques its puzzle's explanation uses, generating as needed."""
        known = self.used.setdefault(kind, [])
        search = self.searches.setdefault(kind, Search())
        for seed in range(self.tries):
            if seed == len(known):
                if search.reason:
                    return
                try:
                    trace = sumlogic.explain(sumlogic.generate(kind, seed=seed), explain=False)
                except SumlogicError as error:
                    search.reason = f"`sumlogic generate {kind}` says: {error}"
                    return
                known.append(frozenset(s.technique for s in trace.steps))
                search.tried = len(known)
            yield seed, known[seed]


def example_for(kind: str, seed: int, technique_id: str) -> Example | None:
    """The example of ``technique_id`` in the puzzle of ``seed``, explained from its written text."""
    notation = KINDS[kind].notation
    text = sumlogic.write(sumlogic.generate(kind, seed=seed), notation).rstrip("\n")
    puzzle: Puzzle = sumlogic.parse(text, notation)
    if sumlogic.parse(text).kind != kind:  # the play page reads the text with no notation named
        raise SystemExit(f"{kind} seed {seed}: its {notation} text is not read back as {kind}")
    trace = sumlogic.explain(puzzle).to_dict()
    for number, step in enumerate(trace["steps"], 1):
        if step["technique"] == technique_id:
            return Example(kind, seed, text, notation, trace, number)
    return None


def find_example(pool: Pool, kind: str, technique_id: str) -> Example | None:
    """The first generated puzzle of ``kind`` (lowest seed) whose explanation uses ``technique_id``, or None."""
    for seed, used in pool.seeds(kind):
        if technique_id in used:
            example = example_for(kind, seed, technique_id)
            if example is not None:
                return example
    return None


def fenced(text: str) -> str:
    """``text`` in a fenced block long enough for any backticks inside."""
    ticks = "`" * max(3, max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    return f"{ticks}text\n{text}\n{ticks}"


def example_section(technique: Technique, kind: str, example: Example | None, search: Search | None,
                    picture: str | None) -> list[str]:
    """The markdown for one kind of a technique's page."""
    title = KINDS[kind].title
    lines = [f"## {title}", ""]
    if example is None:
        if search is not None and search.reason:
            lines.append(f"No example yet: {search.reason}.")
        else:
            tried = search.tried if search else 0
            lines.append(f"No example yet: none of the first {tried} generated {title} puzzles "
                         f"(`sumlogic generate {kind} --seed N`, N = 0-{max(tried - 1, 0)}) "
                         "uses it in its explanation.")
        return lines + [""]
    step = example.trace["steps"][example.step - 1]
    total = len(example.trace["steps"])
    lines += [
        f"The puzzle of `sumlogic generate {kind} --seed {example.seed}`, in the `{example.notation}` notation:",
        "",
        fenced(example.text),
        "",
        f"Play it: start `sumlogic serve` and open [the play page]({play_address(example.text)}).",
        "",
        f"Step {example.step} of {total} of `sumlogic explain` (the first {technique.name} step):",
        "",
        f"> {step['text']}",
        "",
    ]
    if picture:
        lines += [f"![{title}: step {example.step}, {technique.name}]({picture})", ""]
    return lines


def page_text(technique: Technique, sections: list[list[str]]) -> str:
    """A technique's whole page."""
    kinds = kinds_of(technique)
    listed = "every kind" if len(kinds) == len(KIND_ORDER) else ", ".join(KINDS[k].title for k in kinds)
    lines = [NOTE, "", f"# {technique.name}", "",
             f"Id `{technique.id}` · level {technique.level} · score {technique.score} per use · {listed}", "",
             ABOUT[technique.id], "",
             "[All techniques](README.md)", ""]
    for section in sections:
        lines += section
    return "\n".join(lines).rstrip("\n") + "\n"


def index_text() -> str:
    """The index: every technique of the catalogue with its level, kinds and page."""
    lines = [NOTE, "", "# Techniques", "",
             "Every technique sumlogic's explanations use, easiest first, each with a page that says what it is and "
             "shows it in generated puzzles, drawn by the step page. Made by `python scripts/technique_pages.py`.",
             "", "| id | name | level | kinds |", "| --- | --- | --- | --- |"]
    for t in techniques.catalogue():
        kinds = kinds_of(t)
        listed = "all" if len(kinds) == len(KIND_ORDER) else ", ".join(kinds)
        lines.append(f"| [`{t.id}`]({t.id}.md) | {t.name} | {t.level} | {listed} |")
    return "\n".join(lines) + "\n"


def build(only: Iterable[str] | None = None, kinds: Iterable[str] | None = None, tries: int = TRIES,
          painter: Callable[[dict[str, Any], int], str] | None = None,
          log: Callable[[str], None] = lambda _: None) -> dict[str, str]:
    """Every file to write, by its path inside the output folder: the index, and the
    pages (with their pictures) of ``only`` (ids; default every technique of the catalogue).

    ``kinds`` limits the examples to those kinds (the others are left out);
    ``painter`` draws a step (``Painter``); None: pages without pictures.
    """
    catalogue = {t.id: t for t in techniques.catalogue()}
    missing = sorted(set(catalogue) - set(ABOUT))
    if missing:
        raise PageError(f"no description in scripts/technique_about.py for {', '.join(missing)}")
    wanted = list(catalogue) if only is None else list(only)
    unknown = [i for i in wanted if i not in catalogue]
    if unknown:
        raise PageError(f"--only: unknown technique {', '.join(unknown)} (see sumlogic techniques)")
    allowed = set(KIND_ORDER if kinds is None else kinds)
    pool = Pool(tries)
    files = {"README.md": index_text()}
    for tid in wanted:
        technique = catalogue[tid]
        sections = []
        for kind in kinds_of(technique):
            if kind not in allowed:
                continue
            example = find_example(pool, kind, tid)
            picture = None
            if example is not None and painter is not None:
                picture = f"{PICTURES}/{tid}-{kind}.svg"
                files[picture] = painter(example.trace, example.step)
            log(f"{tid} {kind}: " + (f"seed {example.seed}, step {example.step}" if example else "no example"))
            sections.append(example_section(technique, kind, example, pool.searches.get(kind), picture))
        files[f"{tid}.md"] = page_text(technique, sections)
    return files


def differences(files: dict[str, str], out: Path, whole: bool) -> list[str]:
    """What differs between ``files`` and the folder ``out`` (with ``whole``, also the
    files there that would not be written)."""
    found = [name for name, text in files.items()
             if not (out / name).is_file() or (out / name).read_text(encoding="utf-8") != text]
    if whole and out.is_dir():
        extra = [str(p.relative_to(out)) for p in sorted(out.rglob("*")) if p.is_file()]
        found += [f"{name} (not made any more)" for name in extra if name not in files]
    return found


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) the technique pages; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated technique ids (default: every technique)")
    parser.add_argument("--kinds", help=f"comma-separated kinds for the examples (default: {','.join(KIND_ORDER)})")
    parser.add_argument("--tries", type=int, default=TRIES, help=f"generated puzzles tried per kind (default {TRIES})")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: docs/techniques)")
    parser.add_argument("--no-pictures", action="store_true", help="leave the pictures out (no browser needed)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the folder differs from what would be written")
    args = parser.parse_args(argv)
    only = [i.strip() for i in args.only.split(",") if i.strip()] if args.only else None
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()] if args.kinds else None
    if kinds and set(kinds) - set(KIND_ORDER):
        parser.error(f"--kinds: unknown kind {', '.join(sorted(set(kinds) - set(KIND_ORDER)))}")
    if args.tries < 1:
        parser.error("--tries must be at least 1")
    from scripts.technique_pictures import Painter, chromium

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        if args.no_pictures:
            files = build(only, kinds, args.tries, None, log)
        else:
            with chromium() as browser, Painter(browser) as paint:
                files = build(only, kinds, args.tries, paint, log)
    except PageError as error:
        print(f"technique pages: {error}", file=sys.stderr)
        return 2
    if args.check:
        changed = differences(files, args.out, whole=only is None and kinds is None)
        for name in changed:
            print(f"out of date: {args.out / name}")
        if changed:
            print("run python scripts/technique_pages.py to bring them up to date", file=sys.stderr)
        return 1 if changed else 0
    for name, text in files.items():
        target = args.out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(files)} files in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
