"""Out-of-sample check of the grade on janko.at's graded puzzles outside /work/shared::

    python benchmarks/janko_outside.py --data DIR [--kinds sudoku killer kakuro kropki]
        [--limit N] [--jobs N] [--budget WORK] [--shared DIR] [--seed S] [--boot B]
        [--overlap-only] [--other-sizes] [--out FILE]

``DIR`` is a local folder with the ``.jsonl.bz2`` files of the scrape
``tkoz0/janko.at-puzzle-scraping`` (``data/Sudoku.jsonl.bz2``,
``Sudoku_Killer.jsonl.bz2``, ``Kakuro.jsonl.bz2``, ``Sudoku_Kropki.jsonl.bz2``).
The script never downloads anything.  Each line is ``{"file": "/Sudoku/0001.a.x-janko",
"data": {...}}``, ``data`` janko.at's own description (``problem``, ``solution``, ``info``...).

For each kind, every plain 9x9 (Kakuro: any size; with ``--other-sizes`` also,
as separate rows, the Sudoku, Killer and Kropki grids of sizes 4-8) record that carries a
janko.at grade is converted into a corpus-style JSON Lines record and read
with :func:`puzzles.jsonl.from_record`; the puzzle must solve uniquely (exact
search, counted nodes, no clock) to janko.at's published solution, else it is
counted as a failure.  Puzzles that are in the shared data (same janko.at
number for a janko record of the same kind, or the same solution grid as any
shared record of the kind) are excluded.  The rest are graded with
:func:`sumlogic.grading.grade` and the estimated minutes are compared with
janko.at's grade by Spearman's rho, with a percentile bootstrap interval.

The grade is read as the shared ``rated/README.md`` reads it: the 4th field of
a five-field ``info`` code (``5374-49-7090818-3-614`` -> 3; 0 means "no
grade"), Frank Beckmann's killer words leicht / mittel / schwer -> 1 / 3 / 5,
and for Kropki the ``[n]`` rating of Gabriele Argiolas' puzzles.
"""

from __future__ import annotations

import argparse
import bz2
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.calibrate_time import bootstrap  # noqa: E402
from puzzles.generate.kakuro import grid_of  # noqa: E402
from puzzles.jsonl import from_record  # noqa: E402
from solver.engine import DEFAULT_BUDGET  # noqa: E402
from solver.model import pair_holds  # noqa: E402
from solver.search import solve  # noqa: E402
from sumlogic.grading import grade, spearman  # noqa: E402

#: The scrape's file for each of our kinds (the first that exists is read).
FILES: dict[str, tuple[str, ...]] = {
    "sudoku": ("Sudoku.jsonl.bz2",),
    "killer": ("Sudoku_Killer.jsonl.bz2",),
    "kakuro": ("Kakuro.jsonl.bz2",),
    "kropki": ("Sudoku_Kropki.jsonl.bz2", "Sudoku-Kropki.jsonl.bz2"),
}
#: janko.at's ``puzzle`` field of the plain puzzles of each kind (variants such as
#: "sudoku, diagonals" are not our kinds).
PUZZLE_TYPES: dict[str, tuple[str, ...]] = {
    "sudoku": ("sudoku",),
    "killer": ("killer",),
    "kakuro": ("kakuro",),
    "kropki": ("sudoku, kropki",),
}
KINDS = tuple(FILES)
#: Search nodes the uniqueness check may use (counted, so the check never depends on the clock).
CHECK_NODES = 2_000_000
CODE = re.compile(r"\d+-\d+-\d+-(\d+)-\d+")
BECKMANN = {"leicht": 1, "mittel": 3, "schwer": 5}
#: How janko.at marks an empty cell in a ``problem`` grid.
EMPTY = ("-", ".")
#: The boxes (rows, columns) of a grid that names no ``patternx``/``patterny``.
DEFAULT_BOXES = {9: (3, 3), 6: (2, 3), 4: (2, 2)}
NUMBER = re.compile(r"/(\d+)\.[a-z]\.x-janko$")


class ConversionError(ValueError):
    """A janko.at record that cannot be turned into one of our puzzles."""


# --- reading the scrape ------------------------------------------------------------


def janko_grade(kind: str, data: dict[str, Any]) -> int | None:
    """janko.at's grade 1-5 (Kropki: the ``[n]`` rating) of a record, or None when it has none.

    >>> janko_grade("sudoku", {"info": "5374-49-7090818-3-614"}), janko_grade("sudoku", {"info": "9037-14-4-0-751"})
    (3, None)
    >>> janko_grade("killer", {"info": "schwer 4"}), janko_grade("kropki", {"info": "20091026 [3]"})
    (5, 3)
    """
    info = str(data.get("info", "")).strip()
    match = CODE.fullmatch(info)
    if match:
        value = int(match.group(1))
        return value if value > 0 else None
    if kind == "killer":
        word = re.fullmatch(r"([a-z]+)\s*\d+", info)
        if word and word.group(1) in BECKMANN:
            return BECKMANN[word.group(1)]
    if kind == "kropki":
        bracket = re.search(r"\[(\d+)\]", info)
        if bracket:
            return int(bracket.group(1))
    return None


def janko_number(file: str) -> int | None:
    """The puzzle number in a scrape path: ``/Sudoku/Killer/028.a.x-janko`` -> 28."""
    match = NUMBER.search(file)
    return int(match.group(1)) if match else None


def dimensions(data: dict[str, Any]) -> tuple[int, int]:
    """(rows, columns) of a record (``size`` or ``rows``/``cols``)."""
    if "size" in data:
        return int(data["size"]), int(data["size"])
    return int(data["rows"]), int(data["cols"])


def _matrix(data: dict[str, Any], key: str, rows: int, cols: int) -> list[list[str]]:
    grid = data.get(key)
    if not isinstance(grid, list) or len(grid) != rows or any(
            not isinstance(row, list) or len(row) != cols for row in grid):
        raise ConversionError(f"{key} is not a {rows}x{cols} grid")
    return [[str(token) for token in row] for row in grid]


def _digits(grid: list[list[str]]) -> str:
    text = "".join(token for row in grid for token in row)
    if len(text) != sum(len(row) for row in grid) or not text.isdigit() or "0" in text:
        raise ConversionError("solution is not one digit 1-9 per cell")
    return text


def plain_grid(data: dict[str, Any]) -> tuple[int, int, int] | None:
    """(size, box rows, box columns) of a square grid with rectangular boxes that our
    readers take (sizes 4-9), else None.  janko.at's ``patternx`` is a box's width and
    ``patterny`` its height; without them a 9x9 has 3x3 boxes, a 6x6 2x3, a 4x4 2x2."""
    try:
        rows, cols = dimensions(data)
        if rows != cols or "pattern" in data or not 4 <= rows <= 9:
            return None
        default = DEFAULT_BOXES.get(rows)
        if "patternx" in data or "patterny" in data:
            box_rows, box_cols = int(data["patterny"]), int(data["patternx"])
        elif default is not None:
            box_rows, box_cols = default
        else:
            return None
    except (KeyError, ValueError, TypeError):
        return None
    return (rows, box_rows, box_cols) if box_rows * box_cols == rows else None


def is_plain_nine(data: dict[str, Any]) -> bool:
    """A 9x9 grid with standard 3x3 boxes."""
    return plain_grid(data) == (9, 3, 3)


def check_boxes(solution: str, size: int, box_rows: int, box_cols: int) -> None:
    """Raise :class:`ConversionError` unless every row, column and box of ``solution`` holds 1..size once."""
    digits = [int(ch) for ch in solution]
    want = set(range(1, size + 1))
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    units += [[(r0 + r) * size + c0 + c for r in range(box_rows) for c in range(box_cols)]
              for r0 in range(0, size, box_rows) for c0 in range(0, size, box_cols)]
    if any({digits[i] for i in unit} != want for unit in units):
        raise ConversionError(f"the solution does not fill rows, columns and {box_rows}x{box_cols} boxes")


def solution_key(kind: str, data: dict[str, Any]) -> str:
    """janko.at's solution as one string comparable with :func:`shared_solution_key`."""
    rows, cols = dimensions(data)
    grid = _matrix(data, "solution", rows, cols)
    if kind == "kakuro":
        return "/".join("".join(token if token.isdigit() else "#" for token in row) for row in grid)
    return _digits(grid)


def shared_solution_key(record: dict[str, Any]) -> str:
    """A shared record's solution in the form of :func:`solution_key`."""
    solution = record["solution"]
    return "/".join(solution) if isinstance(solution, list) else str(solution)


def to_record(kind: str, file: str, data: dict[str, Any]) -> dict[str, Any]:
    """A corpus-schema record (``shared/corpus/README.md``) for a janko.at record of ``kind``.

    Raises :class:`ConversionError` when the record does not fit the kind.
    """
    number = janko_number(file)
    base: dict[str, Any] = {"id": f"{kind}/janko-outside/{number if number is not None else file}", "kind": kind}
    if kind == "kakuro":
        return base | kakuro_grid(data)
    grid = plain_grid(data)
    if grid is None:
        raise ConversionError("not a square grid of size 4-9 with rectangular boxes")
    size, box_rows, box_cols = grid
    solution = _digits(_matrix(data, "solution", size, size))
    check_boxes(solution, size, box_rows, box_cols)
    if size != 9:
        base["size"] = size
        base["box"] = f"{box_rows}x{box_cols}"
    else:
        base["size"] = 9
    if kind == "sudoku":
        if "areas" in data:
            raise ConversionError("irregular regions")
        problem = _matrix(data, "problem", size, size)
        givens = "".join(t if t.isdigit() and len(t) == 1 and t != "0" else "." for row in problem for t in row)
        if any(not (t.isdigit() or t in EMPTY) for row in problem for t in row):
            raise ConversionError("problem has a token that is neither a digit nor an empty mark")
        return base | {"givens": givens, "solution": solution}
    if kind == "killer":
        return base | {"cages": killer_cages(data, size), "solution": solution}
    if kind == "kropki":
        white, black = kropki_dots(solution, size)
        return base | {"white": white, "black": black, "negative": True, "solution": solution}
    raise ConversionError(f"unknown kind {kind}")


def _cell(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


def killer_cages(data: dict[str, Any], size: int = 9) -> list[dict[str, Any]]:
    """The cages of a janko.at killer: ``areas`` names each cell's cage, ``problem``
    prints each cage's sum in one of its cells (``-`` elsewhere)."""
    areas = _matrix(data, "areas", size, size)
    problem = _matrix(data, "problem", size, size)
    cells: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for r in range(size):
        for c in range(size):
            cells[areas[r][c]].append((r, c))
    cages = []
    for label, members in sorted(cells.items(), key=lambda item: item[1][0]):
        sums = [int(problem[r][c]) for r, c in members if problem[r][c].isdigit()]
        if len(sums) > 1:
            raise ConversionError(f"cage {label} prints {len(sums)} sums")
        cages.append({"label": label, "sum": sums[0] if sums else None,
                      "cells": [_cell(r, c) for r, c in members]})
    if any(cage["sum"] is None for cage in cages):
        raise ConversionError("a cage has no printed sum")
    return cages


def kropki_dots(solution: str, size: int = 9) -> tuple[list[list[str]], list[list[str]]]:
    """Every dot of a negative-rule Kropki, derived from its solution (janko.at stores no
    problem): white between consecutive digits, black where one is twice the other,
    a 1-2 pair black (as the shared corpus reads janko.at's Kropkis)."""
    white: list[list[str]] = []
    black: list[list[str]] = []
    for r in range(size):
        for c in range(size):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 >= size or c2 >= size:
                    continue
                a, b = int(solution[size * r + c]), int(solution[size * r2 + c2])
                pair = [_cell(r, c), _cell(r2, c2)]
                if pair_holds("ratio", a, b):
                    black.append(pair)
                elif pair_holds("consecutive", a, b):
                    white.append(pair)
    return white, black


def kakuro_grid(data: dict[str, Any]) -> dict[str, Any]:
    """``height``, ``width``, ``grid`` and ``solution`` of a janko.at kakuro, whose
    scrape stores only the solution: the clue sums are computed from it
    (:func:`puzzles.generate.kakuro.grid_of`, which gives a run of one cell no clue,
    as janko.at prints none)."""
    rows, cols = dimensions(data)
    sol = _matrix(data, "solution", rows, cols)
    digits = {(r, c): int(token) for r, row in enumerate(sol) for c, token in enumerate(row) if token.isdigit()}
    if any(d == 0 for d in digits.values()):
        raise ConversionError("a white cell holds 0")
    grid = [" ".join(row) for row in grid_of(rows, cols, set(digits), digits)]
    solution = ["".join(token if token.isdigit() else "#" for token in row) for row in sol]
    return {"height": rows, "width": cols, "grid": grid, "solution": solution}


def read_scrape(folder: Path, kind: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(file, data) of every record of ``kind``'s scrape file in ``folder``."""
    for name in FILES[kind]:
        path = folder / name
        if path.exists():
            with bz2.open(path, "rt", encoding="utf-8") as handle:
                for line in handle:
                    if line.strip():
                        record = json.loads(line)
                        yield str(record.get("file", "")), record.get("data", {})
            return
    raise FileNotFoundError(f"none of {', '.join(FILES[kind])} in {folder}")


# --- the shared overlap --------------------------------------------------------------


@dataclass
class Shared:
    """What identifies the shared puzzles of one kind: janko.at numbers and solution grids."""

    numbers: set[int] = field(default_factory=set)
    solutions: set[str] = field(default_factory=set)

    def holds(self, number: int | None, solution: str) -> bool:
        """True when a janko.at puzzle with this number or solution is shared."""
        return (number is not None and number in self.numbers) or solution in self.solutions


def shared_number(record: dict[str, Any]) -> int | None:
    """The janko.at puzzle number of a shared record taken from janko.at, else None
    (ids ``kind/janko/N``; the source names ``/Kind/N.a.x-janko`` or ``.../N.a.htm``)."""
    match = re.fullmatch(r"[a-z-]+/janko/(\d+)", str(record.get("id", "")))
    if match:
        return int(match.group(1))
    source = str(record.get("source", ""))
    if "janko" in source:
        found = re.search(r"/(\d+)\.a\.(?:x-janko|htm)", source)
        if found:
            return int(found.group(1))
    return None


def load_shared(records: Iterable[dict[str, Any]]) -> dict[str, Shared]:
    """Per kind, the numbers and solutions of the shared records."""
    out: dict[str, Shared] = defaultdict(Shared)
    for record in records:
        kind = str(record.get("kind", ""))
        number = shared_number(record)
        if number is not None:
            out[kind].numbers.add(number)
        if "solution" in record:
            out[kind].solutions.add(shared_solution_key(record))
    return out


def shared_records(folder: Path) -> Iterator[dict[str, Any]]:
    """Every record of ``corpus/*.jsonl`` and ``rated/*.jsonl`` under ``folder``."""
    for sub in ("corpus", "rated"):
        for path in sorted((folder / sub).glob("*.jsonl")):
            with path.open(encoding="utf-8") as handle:
                for line in handle:
                    if line.strip():
                        yield json.loads(line)


# --- statistics -------------------------------------------------------------------------


def bootstrap_interval(xs: Sequence[float], ys: Sequence[float], *, resamples: int = 2000,
                       seed: int = 19) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of Spearman's rho that the calibration report
    uses (:func:`benchmarks.calibrate_time.bootstrap`: pairs resampled with a fixed seed, so
    the same data always give the same interval)."""
    if len(xs) != len(ys) or len(xs) < 3:
        raise ValueError("the bootstrap needs two equally long lists of at least 3 values")
    return bootstrap(ys, xs, resamples=resamples, seed=seed)


def rho_text(xs: Sequence[float], ys: Sequence[float], *, seed: int = 19, resamples: int = 2000) -> str:
    """``+0.55 [+0.40, +0.68]``; ``n/a`` for fewer than 3 pairs, ``n/a (one value)`` when
    either side never varies (Spearman's rho is undefined there)."""
    if len(xs) < 3:
        return "n/a"
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return "n/a (one value)"
    low, high = bootstrap_interval(xs, ys, seed=seed, resamples=resamples)
    return f"{spearman(xs, ys):+.2f} [{low:+.2f}, {high:+.2f}]"


# --- the run ------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One candidate puzzle: graded (``minutes``, ``level``) or failed (``failure``)."""

    id: str
    rating: int
    size: str
    failure: str = ""
    status: str = ""
    minutes: float = 0.0
    level: int = 0
    #: baselines: the cells left to fill (Kakuro: white cells) and, for a killer, its largest cage
    open_cells: int = 0
    largest_cage: int = 0


def check_and_grade(job: tuple[dict[str, Any], int, str, int]) -> Outcome:
    """Read a converted record, prove it has janko.at's solution only, then grade it."""
    record, rating, size, budget = job
    outcome = Outcome(record["id"], rating, size)
    try:
        puzzle = from_record(record)
    except Exception as error:  # the reader's errors name the problem; all count as failures
        outcome.failure = f"read: {error}"
        return outcome
    result = solve(puzzle, timeout=None, node_limit=CHECK_NODES)
    if result.status != "solved":
        outcome.failure = f"solve: {result.status}"
        return outcome
    expected = record["solution"]
    flat = "".join(expected) if isinstance(expected, list) else expected
    digits = [int(ch) for ch in flat if ch.isdigit()]
    if list(result.solution or ()) != digits:
        outcome.failure = "solve: a different solution from janko.at's"
        return outcome
    outcome.open_cells = sum(1 for g in puzzle.givens if not g)
    outcome.largest_cage = max((len(cage["cells"]) for cage in record.get("cages", ())), default=0)
    graded = grade(puzzle, budget=budget)
    outcome.status, outcome.minutes, outcome.level = graded.status, graded.minutes, graded.level
    return outcome


@dataclass
class KindReport:
    """The counts and outcomes of one kind."""

    kind: str
    #: the row's name: the kind, or ``killer (other sizes)`` for the non-9x9 grids
    label: str = ""
    records: int = 0
    not_ours: int = 0
    ungraded: int = 0
    overlap: int = 0
    conversion_failures: list[tuple[str, str]] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)


def candidates(kind: str, scrape: Iterable[tuple[str, dict[str, Any]]], shared: Shared,
               report: KindReport, *, overlap_only: bool = False,
               other_sizes: bool = False) -> list[tuple[dict[str, Any], int, str]]:
    """The converted, graded, non-shared records of ``kind`` (counting the rest in ``report``).

    ``overlap_only`` turns the selection round: the shared puzzles are kept and
    the others counted as excluded (an in-sample comparison through the same conversion).
    ``other_sizes``: take the grids of sizes 4-8 instead of the 9x9 ones (not Kakuro).
    """
    out = []
    for file, data in scrape:
        report.records += 1
        puzzle_type = str(data.get("puzzle", "")).strip().lower()
        # a record without a ``puzzle`` line (12 of janko.at's 9x9 killers) is read as the file's kind;
        # the solve check below still has to accept it
        grid = None if kind == "kakuro" else plain_grid(data)
        wanted = kind == "kakuro" or (grid is not None and (grid[0] != 9 if other_sizes else grid == (9, 3, 3)))
        if (puzzle_type and puzzle_type not in PUZZLE_TYPES[kind]) or not wanted:
            report.not_ours += 1
            continue
        rating = janko_grade(kind, data)
        if rating is None:
            report.ungraded += 1
            continue
        try:
            key = solution_key(kind, data)
        except (ConversionError, KeyError, ValueError, TypeError) as error:
            report.conversion_failures.append((file, f"solution: {error}"))
            continue
        if shared.holds(janko_number(file), key) != overlap_only:
            report.overlap += 1
            continue
        try:
            record = to_record(kind, file, data)
        except (ConversionError, KeyError, ValueError, TypeError) as error:
            report.conversion_failures.append((file, str(error)))
            continue
        rows, cols = dimensions(data)
        out.append((record, rating, f"{rows}x{cols}"))
    return out


def run_kind(kind: str, data_dir: Path, shared: Shared, *, limit: int | None, jobs: int,
             budget: int, overlap_only: bool = False, other_sizes: bool = False) -> KindReport:
    """Convert, check and grade one kind (``other_sizes``: its grids of sizes 4-8, not 9x9)."""
    report = KindReport(kind, f"{kind} (other sizes)" if other_sizes else kind)
    todo = candidates(kind, read_scrape(data_dir, kind), shared, report, overlap_only=overlap_only,
                      other_sizes=other_sizes)
    if limit is not None:
        todo = todo[:limit]
    work = [(record, rating, size, budget) for record, rating, size in todo]
    print(f"{report.label}: grading {len(work)} puzzles ...", file=sys.stderr)
    if jobs <= 1:
        report.outcomes = [check_and_grade(job) for job in work]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            report.outcomes = list(pool.map(check_and_grade, work, chunksize=1))
    return report


def summary(report: KindReport, *, seed: int, resamples: int) -> list[str]:
    """The report's lines: counts, rho of the minutes and of the hardest level, per-size rho (Kakuro)."""
    graded = [o for o in report.outcomes if not o.failure]
    failed = len(report.conversion_failures) + sum(1 for o in report.outcomes if o.failure)
    ratings = [float(o.rating) for o in graded]
    minutes = [o.minutes for o in graded]
    levels = [float(o.level) for o in graded]
    label = report.label or report.kind
    lines = [f"## {label}",
             f"records {report.records}; not taken (another type or size) {report.not_ours}; "
             f"ungraded {report.ungraded}",
             "| kind | n graded | overlap excluded | failed to convert/solve | rho minutes [95% CI] "
             "| rho hardest level [95% CI] | grades (grade: n) | statuses |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |",
             f"| {label} | {len(graded)} | {report.overlap} | {failed} "
             f"| {rho_text(minutes, ratings, seed=seed, resamples=resamples)} "
             f"| {rho_text(levels, ratings, seed=seed, resamples=resamples)} "
             f"| {', '.join(f'{g}: {n}' for g, n in sorted(Counter(o.rating for o in graded).items()))} "
             f"| {', '.join(f'{s}: {n}' for s, n in sorted(Counter(o.status for o in graded).items()))} |"]
    base = [("open cells", [float(o.open_cells) for o in graded])]
    if report.kind == "killer":
        base.append(("largest cage", [float(o.largest_cage) for o in graded]))
    lines += ["", "baselines (rho against the grade): " + "; ".join(
        f"{name} {rho_text(xs, ratings, seed=seed, resamples=resamples)}" for name, xs in base)]
    if report.kind == "kakuro" or len({o.size for o in graded}) > 1:
        lines += ["", "| grid | n | grades (grade: n) | rho minutes [95% CI] | rho hardest level |",
                  "| --- | --- | --- | --- | --- |"]
        sizes = Counter(o.size for o in graded)
        for size, n in sorted(sizes.items(), key=lambda item: tuple(int(v) for v in item[0].split("x"))):
            if n < 20:
                continue
            group = [o for o in graded if o.size == size]
            ys = [float(o.rating) for o in group]
            lines.append(f"| {size} | {n} "
                         f"| {', '.join(f'{g}: {k}' for g, k in sorted(Counter(o.rating for o in group).items()))} "
                         f"| {rho_text([o.minutes for o in group], ys, seed=seed, resamples=resamples)} "
                         f"| {rho_text([float(o.level) for o in group], ys, seed=seed, resamples=resamples)} |")
    failures = report.conversion_failures + [(o.id, o.failure) for o in report.outcomes if o.failure]
    if failures:
        lines += ["", "failures:"] + [f"  {name}: {why}" for name, why in failures]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--data", type=Path, required=True, help="folder with the scrape's .jsonl.bz2 files")
    ap.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    ap.add_argument("--limit", type=int, default=None, help="grade at most N puzzles per kind (in file order)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1; at most 2 on the shared machine)")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                    help=f"the engine's work budget per puzzle (default {DEFAULT_BUDGET}, as sumlogic grade)")
    ap.add_argument("--shared", type=Path, default=Path("/work/shared"),
                    help="the shared data folder with corpus/ and rated/ (default /work/shared)")
    ap.add_argument("--seed", type=int, default=19, help="bootstrap seed (default 19)")
    ap.add_argument("--boot", type=int, default=2000, help="bootstrap resamples (default 2000)")
    ap.add_argument("--overlap-only", action="store_true",
                    help="grade the shared puzzles instead (in sample; the 'overlap excluded' column then "
                         "counts the outside ones)")
    ap.add_argument("--other-sizes", action="store_true",
                    help="also grade the Sudoku, Killer and Kropki grids of sizes 4-8 (separate rows)")
    ap.add_argument("--out", type=Path, default=None, help="also write every outcome as JSON Lines here")
    args = ap.parse_args(argv)
    shared = load_shared(shared_records(args.shared))
    passes = [(kind, False) for kind in args.kinds]
    if args.other_sizes:
        passes += [(kind, True) for kind in args.kinds if kind != "kakuro"]
    reports = [run_kind(kind, args.data, shared[kind], limit=args.limit, jobs=args.jobs, budget=args.budget,
                        overlap_only=args.overlap_only, other_sizes=other)
               for kind, other in passes]
    for report in reports:
        print("\n".join(summary(report, seed=args.seed, resamples=args.boot)))
        print()
    if args.out is not None:
        with args.out.open("w", encoding="utf-8") as handle:
            for report in reports:
                for o in report.outcomes:
                    handle.write(json.dumps({"kind": report.kind, "row": report.label, **o.__dict__}) + "\n")


if __name__ == "__main__":
    main()
