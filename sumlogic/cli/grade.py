"""The ``grade`` subcommand: ``sumlogic grade PATH... [--json] [--jobs N | --dask ADDRESS] [--budget N]``.

Each puzzle is solved with the technique engine in fast mode and graded from
the steps it needed (see :mod:`sumlogic.grading`).  ``--json`` writes one line per
puzzle; the human output is one line per puzzle and a table of counts per
band and kind.  Each line gives the band, the hardest level, the score and
the estimated solving time of a person in minutes: a figure inside the range the
estimate is calibrated on, ``>50 min`` beyond it, none for a puzzle that needs
guessing (``--json``: ``minutes``, null without an estimate; ``time_score``, its
tenths; ``minutes_open``, true for "more than"; ``estimate``, the words).  ``--jobs N`` spreads the puzzles over N
processes; ``--dask ADDRESS`` sends them to a Dask cluster instead (``local``:
one started here with ``--jobs`` workers; needs the ``dask`` extra).  The
output is in input order and the same however the puzzles are spread.  Over
many puzzles a progress bar goes to standard error when it is a terminal.

>>> import argparse
>>> from sumlogic.cli import build_parser
>>> args = build_parser().parse_args(["grade", "sample:sudoku-1", "--json"])
>>> args.run(args)  # doctest: +NORMALIZE_WHITESPACE
{"id": "sudoku-1", "kind": "sudoku", "status": "solved", "level": 1, "band": "Easy", "score": 1000,
 "hardest": "naked-single", "techniques": {"naked-single": 47, "hidden-single": 4}, "steps": 52,
 "minutes": 6.1, "time_score": 61, "minutes_open": false, "estimate": "about 6.1 minutes"}
0
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, Iterator, Sequence

from .common import add_jobs, add_techniques, in_order, progress, technique_ids

from .reading import InputError
from .explain import add_budget, add_max_depth
from solver.engine import DEFAULT_BUDGET
from ..grading import BAND_ORDER, Grade


def add_parser(commands: Any, add_input: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register ``grade`` on the CLI's subparsers."""
    grade = commands.add_parser("grade", help="grade puzzles by the techniques they need",
                                description="Grade puzzles by the hardest technique a human-style "
                                            "solution needs, then by how many hard steps it takes.")
    add_input(grade)
    add_jobs(grade)
    add_max_depth(grade)
    add_budget(grade, DEFAULT_BUDGET)
    add_techniques(grade)
    grade.add_argument("--dask", metavar="ADDRESS", default=None,
                       help="grade on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' "
                            "for one started here with --jobs workers (needs: pip install -e '.[dask]' in a checkout)")
    grade.set_defaults(run=cmd_grade)


def _grade_one(job: tuple[Any, ...]) -> Grade:
    """One grade (for a process pool or Dask); the techniques travel as ids (None: the default list)."""
    from ..grading import grade

    puzzle, timeout, max_depth, budget = job[:4]
    ids = job[4] if len(job) > 4 else None
    if ids is None:
        return grade(puzzle, timeout=timeout, max_depth=max_depth, budget=budget)
    from techniques import select

    return grade(puzzle, select(ids), timeout=timeout, max_depth=max_depth, budget=budget)


def graded(puzzles: Sequence[Any], jobs: int, timeout: float, max_depth: int,
           budget: int = DEFAULT_BUDGET, dask: str | None = None,
           ids: tuple[str, ...] | None = None) -> Iterator[Grade]:
    """Grades in input order, computed in ``jobs`` processes, or on the Dask
    cluster at ``dask`` (:func:`dask_graded`); ``ids`` the techniques (None: the default list)."""
    work = [(p, timeout, max_depth, budget, ids) for p in puzzles]
    if dask:
        yield from dask_graded(work, dask, jobs)
    else:
        yield from in_order(_grade_one, work, jobs)


def dask_graded(work: Sequence[tuple[Any, ...]], address: str, workers: int = 1) -> Iterator[Grade]:
    """Grade ``work`` on the Dask scheduler at ``address`` (``local``: a
    cluster of ``workers`` single-threaded processes on the loopback
    interface, closed afterwards), yielding the grades in input order.
    Grades count work and never time, so they are the same on any worker."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--dask needs Dask: pip install -e '.[dask]' (in a checkout of sumlogic)") from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        futures = client.map(_grade_one, list(work), pure=False)
        for future in futures:
            yield future.result()
            future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def minutes_text(g: Grade) -> str:
    """The estimate in a grade line: ``~6.1 min``, ``>50 min`` (beyond the calibrated range), or
    nothing (the puzzle needs guessing: only the band is said), with the two spaces after it."""
    said = g.estimate_minutes
    if said is None:
        return ""
    return f">{said:g} min  " if g.open_ended else f"~{said:g} min  "


def band_table(grades: Sequence[Grade]) -> list[str]:
    """Counts per band (rows) and kind (columns)."""
    kinds = sorted({g.kind for g in grades})
    bands = [b for b in BAND_ORDER if any(g.band == b for g in grades)]
    bands += sorted({g.band for g in grades} - set(bands))
    width = max([len(b) for b in bands] + [5])
    lines = ["band".ljust(width) + "".join(k.rjust(16) for k in kinds) + "total".rjust(8)]
    for band in bands:
        counts = [sum(1 for g in grades if g.band == band and g.kind == k) for k in kinds]
        lines.append(band.ljust(width) + "".join(str(c).rjust(16) for c in counts) + str(sum(counts)).rjust(8))
    totals = [sum(1 for g in grades if g.kind == k) for k in kinds]
    lines.append("total".ljust(width) + "".join(str(c).rjust(16) for c in totals) + str(len(grades)).rjust(8))
    return lines


def cmd_grade(args: argparse.Namespace) -> int:
    from .common import emit, emit_json, warn
    from .reading import read_all

    entries = read_all(args.paths, args.format, args.max_input)
    ids = technique_ids(args)
    puzzles = [e.puzzle for e in entries if e.puzzle is not None]
    failed = False
    for entry in entries:
        if entry.puzzle is None:
            failed = True
            if args.json:
                emit_json({"id": entry.id, "kind": entry.kind, "status": "invalid", "error": entry.error})
            else:
                warn(f"sumlogic: {entry.error}")
    grades: list[Grade] = []
    for g in progress(graded(puzzles, args.jobs, args.timeout, args.max_depth, args.budget, args.dask, ids),
                      len(puzzles), "grading"):
        grades.append(g)
        failed |= g.status != "solved"
        if args.json:
            emit_json(g.to_dict())
        else:
            needs = g.needs_text()
            emit(f"{g.id or '(no id)'}: {g.band}  level {g.level}  score {g.score}  {minutes_text(g)}"
                 f"hardest {g.hardest or '-'}" + (f"  needs {needs}" if needs else ""))
    if not args.json and grades:
        emit()
        for line in band_table(grades):
            emit(line)
    return 1 if failed else 0
