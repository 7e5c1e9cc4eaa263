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
:func:`generated`: ``sumlogic generate KIND --needs ID --seed 0`` (another seed for
the few of :data:`SEEDS`; at most ``--tries`` tries, by default :func:`tries_for`);
where it finds none, the page says so.

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
from dataclasses import dataclass
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
from sumlogic.needs import NEEDS_MERGE_LEVEL  # noqa: E402

OUT = ROOT / "docs" / "techniques"
PICTURES = "pictures"
"""The pictures' folder inside the output folder."""
TRIES: dict[str, int] = {"sudoku": 300, "killer": 3, "greater-killer": 8, "kropki": 30, "kakuro": 20}
"""Per kind, the tries the generator gets for an example (``--max-tries``) before a page says it has
none yet: a counted bound, never the clock (a Killer try costs most, a Kropki or Kakuro one least)."""
PLAIN_KILLER_TRIES = 100
"""The tries for a Killer example of a technique below :data:`sumlogic.needs.NEEDS_MERGE_LEVEL`:
such tries keep the cages as drawn (no merging, no judging after each merge), about a tenth of a
CPU second each, so they get many more than the merging tries of ``TRIES["killer"]``."""
MORE_TRIES: dict[tuple[str, str], int] = {
    ("cut-vertex", "kakuro"): 80,
    ("naked-quad", "kropki"): 160,
    ("naked-quad", "killer"): 10,
    ("finned-jellyfish", "killer"): 10,
    ("contradiction-2", "killer"): 10,
    ("contradiction-3", "killer"): 10,
    ("guess", "killer"): 10,
    ("jellyfish", "sudoku"): 125,
    ("sue-de-coq", "sudoku"): 45,
    ("hidden-triple", "sudoku"): 175,
    ("sue-de-coq", "kropki"): 70,
    ("contradiction-1", "sudoku"): 200,
}
"""(technique, kind) -> tries, where the kind's default is too few for an example at its seed
(:func:`seed_for`), or more than 200 (each about 1.5 times the tries that found it, measured
2026-11-28: Kakuro Cut vertex 52, Kropki Naked quad 117 at seed 0 before forcing nets (at its seed
23 now, within its first tries); Killer Naked quad 7, Finned Jellyfish,
Contradiction (depth 2 and 3) and Guess 6; those of :data:`SEEDS`: see there).
At most 200 (the ``sumlogic generate`` default), so that the command a page shows makes its puzzle
as it stands."""
SEED = 0
"""The generator's seed for every example but those of :data:`SEEDS`, so that the pages are reproducible."""
SEEDS: dict[tuple[str, str], int] = {
    ("jellyfish", "sudoku"): 6,
    ("sue-de-coq", "sudoku"): 7,
    ("sue-de-coq", "kropki"): 47,
    ("hidden-triple", "sudoku"): 1,
    ("turbot-fish", "greater-killer"): 8,
    ("xyz-wing", "greater-killer"): 3,
    ("finned-x-wing", "greater-killer"): 2,
    ("contradiction-1", "sudoku"): 2,
    ("contradiction-1", "killer"): 6,
    ("contradiction-2", "killer"): 7,
    ("x-chain", "greater-killer"): 1,
    ("xy-chain", "kropki"): 19,
    ("naked-quad", "kropki"): 23,
    ("finned-jellyfish", "killer"): 1,
}
"""(technique, kind) -> the generator's seed, where :data:`SEED` makes no example within 200 tries:
the first seed of 0, 1, 2, ... whose 200 tries make one (with :data:`MORE_TRIES` for that pair, at
most 200 too, so that the command a page shows, with its seed, makes its puzzle).  Measured
2026-11-28 by scanning seeds with 200 tries each (one generator run a try, judged on the way for
every technique still sought; its CPU through that seed): Sudoku Jellyfish at seed 6, its 82nd
try (1 282 tries in all, 208 CPU s; ``generate`` alone 9.9 CPU s); Sudoku Sue de Coq at seed 7,
its 28th try (1 428 tries, 226 CPU s; alone 4.1 CPU s); Kropki Sue de Coq at seed 47, its 47th
try (9 447 tries, 602 CPU s; alone 6.8 CPU s).  BENCHMARKS.md ("The rarest techniques") has the scan.
Sudoku Hidden triple: seed 0 finds it only after 200 tries (within the 300 of :data:`TRIES`, so its page's
command, which names no ``--max-tries``, did not make it); seed 1 does at its 117th try (8.2 s), checked
2026-11-28 with every Sudoku example of the pages (the others come within 200 at seed 0).
Greater Killer Turbot fish: seed 0 makes one, but only at its 61st try (83 CPU s, for the page's
command and for the test that runs it); seed 8 does at its 4th (7 CPU s), found 2026-11-28 by
scanning seeds 1-8 with 10 tries each, so it is the seed (a seed may be chosen to save that much).
Forcing nets (before ``contradiction-1``) took some examples away at seed 0; scanned 2026-11-29 with
the page's tries (``sumlogic.generate(kind, needs=[id], seed=S, max_tries=T)`` for S = 1, 2, ...;
T 200 for Kropki naked quad): Greater Killer XYZ-Wing seed 3, Finned X-Wing seed
2, X-Chain seed 1; Sudoku contradiction-1 seed 2 (seed 1: none in 200); Killer contradiction-1 seed 2
(seed 1: none in its 3 tries); Kropki contradiction-1 seed 14, XY-Chain
seed 19, naked quad seed 23 (seeds 1-22: none in 160-200 tries).  The propagator's fix of
2026-11-29 (a cage inside a house) took Killer Finned Jellyfish away at seed 0; seed 1 makes one
within its 10 tries (17 CPU s).  Five-case nets (2026-11-29) took Kropki contradiction-1 away at seed 14
(none in 30 tries at seeds 15-59); seed 0 makes one at its 117th try (5.8 CPU s), so it gets
:data:`MORE_TRIES`.  Nets of up to nine cases (session 25) took Killer contradiction-1 away at
seed 2 (seeds 3-5: none in its 3 tries; seed 6 makes one) and Killer contradiction-2 at seed 0
(seeds 1-6: none in its 10 tries; seed 7 makes one), scanned as above, and Kropki
contradiction-1 altogether (seeds 0-46: none in 200 tries each), so that page has no Kropki
example and no longer asks for more tries; and Killer contradiction-3 (seeds 0-12: none in its 10
tries), so that page has no Killer example."""
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


def tries_for(kind: str, technique: Technique) -> int:
    """The tries an example of ``technique`` in ``kind`` gets: :data:`MORE_TRIES`, else
    :data:`PLAIN_KILLER_TRIES` for a plain Killer, else :data:`TRIES`.

    >>> tries_for("killer", techniques.BY_ID["cage-pointing"]), tries_for("killer", techniques.BY_ID["x-wing"])
    (100, 3)
    """
    if (technique.id, kind) in MORE_TRIES:
        return MORE_TRIES[technique.id, kind]
    if kind == "killer" and technique.level < NEEDS_MERGE_LEVEL:
        return PLAIN_KILLER_TRIES
    return TRIES[kind]


def seed_for(kind: str, technique_id: str) -> int:
    """The seed an example of ``technique_id`` in ``kind`` is generated with: :data:`SEEDS`, else :data:`SEED`.

    >>> seed_for("sudoku", "naked-single") == SEED
    True
    """
    return SEEDS.get((technique_id, kind), SEED)


def kinds_of(technique: Technique) -> list[str]:
    """The kinds a technique applies to, in :data:`KIND_ORDER`."""
    return [k for k in KIND_ORDER if k in KINDS and (not technique.kinds or k in technique.kinds)]


@dataclass
class Example:
    """A puzzle whose explanation uses a technique: how it was made, its text, the trace and the (1-based) step."""

    kind: str
    command: str
    text: str
    notation: str
    trace: dict[str, Any]
    step: int


def generated(kind: str, technique_id: str, tries: int) -> tuple[Puzzle | None, str, str]:
    """A puzzle of ``kind`` that needs ``technique_id`` (seed :func:`seed_for`, at most ``tries``
    tries), the ``sumlogic generate`` command that makes it, and why there is none when there is none.

    The needs API (``sumlogic generate KIND --needs ID``): the puzzle's explanation uses the
    technique (``guess`` too: a puzzle whose explanation has to guess).
    """
    seed = seed_for(kind, technique_id)
    command = f"sumlogic generate {kind} --needs {technique_id} --seed {seed}"
    try:
        return sumlogic.generate(kind, seed=seed, max_tries=tries, needs=[technique_id]), command, ""
    except SumlogicError as error:
        return None, command, f"`{command} --max-tries {tries}` says: {error}"


def find_example(kind: str, technique_id: str, tries: int) -> tuple[Example | None, str]:
    """The example of ``technique_id`` in ``kind`` (or None and why): the puzzle of
    :func:`generated`, written in the kind's usual notation, read back and explained
    from that text, with the first step of the technique."""
    puzzle, command, why = generated(kind, technique_id, tries)
    if puzzle is None:
        return None, why
    notation = KINDS[kind].notation
    text = sumlogic.write(puzzle, notation).rstrip("\n")
    if sumlogic.parse(text).kind != kind:  # the play page reads the text with no notation named
        raise PageError(f"`{command}`: its {notation} text is not read back as {kind}")
    trace = sumlogic.explain(sumlogic.parse(text, notation)).to_dict()
    for number, step in enumerate(trace["steps"], 1):
        if step["technique"] == technique_id:
            return Example(kind, command, text, notation, trace, number), ""
    return None, f"`{command}` made a puzzle whose explanation from its {notation} text does not use it"


def fenced(text: str) -> str:
    """``text`` in a fenced block long enough for any backticks inside."""
    ticks = "`" * max(3, max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    return f"{ticks}text\n{text}\n{ticks}"


def example_section(technique: Technique, kind: str, example: Example | None, why: str,
                    picture: str | None) -> list[str]:
    """The markdown for one kind of a technique's page."""
    title = KINDS[kind].title
    lines = [f"## {title}", ""]
    if example is None:
        return lines + [f"No example yet: {why}.", ""]
    step = example.trace["steps"][example.step - 1]
    total = len(example.trace["steps"])
    lines += [
        f"The puzzle of `{example.command}`, in the `{example.notation}` notation:",
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


def build(only: Iterable[str] | None = None, kinds: Iterable[str] | None = None, tries: int | None = None,
          painter: Callable[[dict[str, Any], int], str] | None = None,
          log: Callable[[str], None] = lambda _: None,
          done: Callable[[dict[str, str]], None] = lambda _: None) -> dict[str, str]:
    """Every file to write, by its path inside the output folder: the index, and the
    pages (with their pictures) of ``only`` (ids; default every technique of the catalogue).

    ``kinds`` limits the examples to those kinds (the others are left out);
    ``painter`` draws a step (``Painter``); None: pages without pictures.
    ``done`` gets each page's files as soon as they are made (a long run keeps what it made).
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
    files = {"README.md": index_text()}
    for tid in wanted:
        technique = catalogue[tid]
        sections = []
        pictures: list[str] = []
        for kind in kinds_of(technique):
            if kind not in allowed:
                continue
            example, why = find_example(kind, tid, tries or tries_for(kind, technique))
            picture = None
            if example is not None and painter is not None:
                picture = f"{PICTURES}/{tid}-{kind}.svg"
                files[picture] = painter(example.trace, example.step)
                pictures.append(picture)
            log(f"{tid} {kind}: " + (f"step {example.step}" if example else f"no example ({why})"))
            sections.append(example_section(technique, kind, example, why, picture))
        files[f"{tid}.md"] = page_text(technique, sections)
        done({name: files[name] for name in [*pictures, f"{tid}.md"]})
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


def save(files: dict[str, str], out: Path) -> None:
    """Write ``files`` (paths inside ``out``) as UTF-8 with ``\\n`` line ends."""
    for name, text in files.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) the technique pages; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated technique ids (default: every technique)")
    parser.add_argument("--kinds", help=f"comma-separated kinds for the examples (default: {','.join(KIND_ORDER)})")
    parser.add_argument("--tries", type=int, default=None,
                        help="the generator's tries for each example (default per kind: "
                             f"{', '.join(f'{k} {n}' for k, n in TRIES.items())}; a Killer below level "
                             f"{NEEDS_MERGE_LEVEL} {PLAIN_KILLER_TRIES}; more for a few rare examples)")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: docs/techniques)")
    parser.add_argument("--no-pictures", action="store_true", help="leave the pictures out (no browser needed)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the folder differs from what would be written")
    args = parser.parse_args(argv)
    only = [i.strip() for i in args.only.split(",") if i.strip()] if args.only else None
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()] if args.kinds else None
    if kinds and set(kinds) - set(KIND_ORDER):
        parser.error(f"--kinds: unknown kind {', '.join(sorted(set(kinds) - set(KIND_ORDER)))}")
    if args.tries is not None and args.tries < 1:
        parser.error("--tries must be at least 1")
    from scripts.technique_pictures import Painter, chromium

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    def keep(files: dict[str, str]) -> None:
        if not args.check:
            save(files, args.out)

    try:
        if args.no_pictures:
            files = build(only, kinds, args.tries, None, log, keep)
        else:
            with chromium() as browser, Painter(browser) as paint:
                files = build(only, kinds, args.tries, paint, log, keep)
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
    save(files, args.out)
    print(f"wrote {len(files)} files in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
