"""Grading throughput on a local Dask cluster with 1 and 2 workers (``sumlogic grade --dask local``).

    python benchmarks/bench_dask.py [--kinds sudoku killer] [--limit N] [--corpus DIR]

Needs the ``dask`` extra (``pip install -e '.[dask]'``).  It grades the same
corpus puzzles (``--limit`` per kind, evenly spaced) in this process
(``--jobs 1``) and on a :class:`~dask.distributed.LocalCluster` of 1 and 2
single-threaded worker processes on the loopback interface (the code path of
``sumlogic grade --dask``), checks that all three give the same records, and
prints puzzles per second of wall time.  The cluster's start-up (a few
seconds) is timed apart and left out of the rates.  On a shared machine the
rates depend on the load, which is printed too.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_grade import spread  # noqa: E402
from benchmarks.corpus import KINDS, corpus_dir, load  # noqa: E402


def on_cluster(puzzles: list[Any], workers: int) -> tuple[list[dict[str, Any]], float, float]:
    """Grade ``puzzles`` on a fresh local cluster of ``workers`` processes: the
    records, the start-up seconds and the grading seconds (wall time)."""
    from dask.distributed import Client, LocalCluster

    from solver.engine import DEFAULT_BUDGET
    from sumlogic.cli.grade import _grade_one

    start = time.perf_counter()
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        ready = time.perf_counter()
        futures = client.map(_grade_one, [(p, 60.0, 3, DEFAULT_BUDGET) for p in puzzles], pure=False)
        grades = [f.result().to_dict() for f in futures]
        done = time.perf_counter()
    return grades, ready - start, done - ready


def main() -> None:
    """Print the throughput table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", nargs="*", default=list(KINDS))
    ap.add_argument("--limit", type=int, default=20, help="puzzles per kind (default 20)")
    ap.add_argument("--corpus", default=None)
    args = ap.parse_args()
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        sys.exit("bench_dask needs Dask: pip install -e '.[dask]'")
    from sumlogic.cli.grade import graded

    folder = corpus_dir(args.corpus)
    puzzles = [p for kind in args.kinds for p in spread(load(kind, folder), args.limit)]
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{len(puzzles)} puzzles ({args.limit} per kind of {', '.join(args.kinds)}, evenly spaced)")
    wall = time.perf_counter()
    one = [g.to_dict() for g in graded(puzzles, 1, 60.0, 3)]
    wall = time.perf_counter() - wall
    print(f"{'run':22} {'start-up s':>10} {'grading s':>10} {'puzzles/s':>10}  same as --jobs 1")
    print(f"{'--jobs 1 (no Dask)':22} {0:>10.2f} {wall:>10.2f} {len(puzzles) / wall:>10.2f}  -")
    for workers in (1, 2):
        grades, startup, seconds = on_cluster(puzzles, workers)
        print(f"{f'dask, {workers} worker(s)':22} {startup:>10.2f} {seconds:>10.2f} "
              f"{len(puzzles) / seconds:>10.2f}  {grades == one}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
