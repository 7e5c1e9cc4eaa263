"""Trial share and explained-path CPU time on generated puzzles, with and without techniques.

    PYTHONPATH=. python benchmarks/bench_trial_share.py [--kind sudoku] [--count 200] [--seed 2601]
        [--without x-chain,xy-chain,aic] [--save puzzles.jsonl | --load puzzles.jsonl]

Generates ``count`` puzzles of ``kind`` from ``seed`` (or reads them), explains each
with :data:`techniques.DEFAULT` (less ``--without``), and prints how many needed
trial (a ``contradiction-*`` step or a guess), the median, mean and largest CPU
seconds (``time.process_time``) and how many puzzles used each technique.  The
numbers of issue 26 (the chain techniques) were measured with it: run it once with
``--without skyscraper,two-string-kite,empty-rectangle,turbot-fish,w-wing,x-chain,xy-chain,aic``
and once without ``--without``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzles.generate import generate_many  # noqa: E402
from sumlogic import api  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="sudoku")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2601)
    parser.add_argument("--without", default="")
    parser.add_argument("--save")
    parser.add_argument("--load")
    args = parser.parse_args(argv)
    if args.load:
        puzzles = api.read(args.load)
    else:
        puzzles = [p for p, _ in generate_many(args.kind, seed=args.seed, count=args.count)]
        if args.save:
            Path(args.save).write_text(api.write(puzzles, "jsonl"), encoding="utf-8")
    times: list[float] = []
    trial = 0
    used: Counter[str] = Counter()
    for p in puzzles:
        start = time.process_time()
        trace = api.explain(p, without=args.without or None, timeout=None)
        times.append(time.process_time() - start)
        ids = {s.technique for s in trace.steps} - {"givens"}
        trial += any(i.startswith("contradiction") or i == "guess" for i in ids)
        used.update(ids)
    n = len(puzzles)
    print(f"{n} puzzles: trial in {trial} ({100 * trial / n:.1f}%); CPU median {statistics.median(times):.4f}s, "
          f"mean {statistics.mean(times):.4f}s, max {max(times):.3f}s")
    print(", ".join(f"{k} {v}" for k, v in used.most_common()))


if __name__ == "__main__":
    main()
