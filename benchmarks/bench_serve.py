"""Load on ``sumlogic serve``: concurrent clients asking hints and grades, with a restart in the middle.

Starts ``sumlogic serve`` on a free loopback port (127.0.0.1 only) with
``--workers`` processes, then runs ``--clients`` clients for ``--seconds``
seconds (and at most ``--max-requests`` requests in all).  Each client plays
one corpus puzzle: it asks a level-3 hint for its position, places the
hint's digits (or, after a step that only removes candidates, the solution
digit of its next open cell: the player found it), and every other request
grades a corpus puzzle.  Halfway the server is stopped and started again;
clients whose requests fail then try the same request again (a 503 waits
for Retry-After).  The position lives in each client's requests, so the
restart must lose nothing: after it, each client asks once more the hint it
had before, and the answers must be the same; every digit a client placed
must be the solution's.

Prints requests/s, p50 and p99 latency of the answered requests, and the
counts of errors, 503s and connection failures during the restart.

    python benchmarks/bench_serve.py --workers 2 --clients 20 --seconds 30 --kind killer
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import corpus_dir  # noqa: E402

HOST = "127.0.0.1"


@dataclass
class Tally:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    by_status: dict[int, int] = field(default_factory=dict)
    connection_failures: int = 0
    same_after_restart: int = 0
    changed_after_restart: int = 0
    bad_digits: int = 0
    placed: int = 0
    requests: int = 0


@dataclass
class Player:
    """One client's puzzle and position (the only state: nothing is kept on the server)."""

    record: dict[str, Any]
    solution: str
    placed: dict[str, int] = field(default_factory=dict)
    last: tuple[dict[str, Any], Any] | None = None

    def cell_names(self) -> list[str]:
        n = self.record.get("size", 9)
        return [f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n)]

    def truth(self, name: str) -> int:
        n = self.record.get("size", 9)
        row, col = (int(part) for part in name[1:].split("c"))
        return int(self.solution[(row - 1) * n + col - 1])

    def hint_body(self) -> dict[str, Any]:
        return {"puzzle": self.record, "position": {"placed": dict(self.placed)}, "level": 3}

    def advance(self, answer: dict[str, Any]) -> bool:
        """Take the hint's placements (else place one solution digit); False when the puzzle is done."""
        step = answer.get("step") or {}
        placements = step.get("placements") or []
        for name, digit in placements:
            self.placed[name] = digit
        if not placements:
            givens = self.record.get("givens") or ""
            for index, name in enumerate(self.cell_names()):
                given = givens[index] if index < len(givens) else "."
                if name not in self.placed and not given.isdigit():
                    self.placed[name] = self.truth(name)
                    break
            else:
                return False
        return answer.get("status") not in ("done",)


def load_records(kind: str, limit: int, seed: int) -> list[dict[str, Any]]:
    path = corpus_dir() / f"{kind}.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    records = [r for r in records if r.get("solution") and r.get("size", 9) == 9]
    random.Random(seed).shuffle(records)
    return records[:limit]


def start_server(port: int, workers: int, queue: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "import sys; from sumlogic.cli import main; sys.exit(main())",
               "serve", "--host", HOST, "--port", str(port), "--workers", str(workers), "--queue", str(queue)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


async def wait_healthy(client: Any, base: str, seconds: float = 60.0) -> None:
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if (await client.get(f"{base}/api/health")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit(f"bench_serve: the server did not come up on {base}")


async def ask(client: Any, base: str, path: str, body: dict[str, Any], tally: Tally, stop_at: float) -> Any:
    """The answer of one request, tried again after a 503 or a connection failure (None when time is up)."""
    import httpx

    while time.monotonic() < stop_at + 30:
        started = time.perf_counter()
        try:
            response = await client.post(f"{base}/api/{path}", json=body)
        except httpx.TransportError:
            tally.connection_failures += 1
            await asyncio.sleep(0.2)
            continue
        tally.requests += 1
        tally.by_status[response.status_code] = tally.by_status.get(response.status_code, 0) + 1
        if response.status_code == 503:
            await asyncio.sleep(min(1.0, float(response.headers.get("retry-after", "1"))))
            continue
        tally.latencies.append(time.perf_counter() - started)
        return response.json() if response.status_code == 200 else None
    return None


async def play(player: Player, graded: list[dict[str, Any]], client: Any, base: str, tally: Tally,
               stop_at: float, budget: list[int], rng: random.Random) -> None:
    turn = 0
    while time.monotonic() < stop_at and budget[0] > 0:
        budget[0] -= 1
        if turn % 2 == 0:
            body = player.hint_body()
            answer = await ask(client, base, "hint", body, tally, stop_at)
            if answer is None:
                continue
            player.last = (body, answer)
            if not player.advance(answer):
                player.placed = {}
        else:
            await ask(client, base, "grade", {"puzzle": rng.choice(graded)}, tally, stop_at)
        turn += 1


async def run(args: argparse.Namespace) -> Tally:
    import httpx

    from sumlogic.server import free_port

    records = load_records(args.kind, args.puzzles, args.seed)
    if not records:
        raise SystemExit(f"bench_serve: no {args.kind} puzzles with solutions in the corpus")
    graded = [{k: v for k, v in r.items() if k != "solution"} for r in records]
    players = [Player(graded[i % len(graded)], records[i % len(records)]["solution"]) for i in range(args.clients)]
    port = free_port(HOST)
    base = f"http://{HOST}:{port}"
    tally = Tally()
    budget = [args.max_requests]
    server = start_server(port, args.workers, args.queue)
    limits = httpx.Limits(max_connections=args.clients + 2)
    try:
        async with httpx.AsyncClient(timeout=httpx.Timeout(60.0), limits=limits) as client:
            await wait_healthy(client, base)
            began = time.monotonic()
            stop_at = began + args.seconds

            async def restart() -> None:
                nonlocal server
                await asyncio.sleep(args.seconds / 2)
                server.terminate()
                server.wait(timeout=30)
                server = start_server(port, args.workers, args.queue)
                await wait_healthy(client, base)

            rngs = [random.Random(args.seed + i) for i in range(args.clients)]
            tasks = [play(p, graded, client, base, tally, stop_at, budget, rng) for p, rng in zip(players, rngs)]
            await asyncio.gather(restart(), *tasks)
            tally_seconds = time.monotonic() - began
            # nothing lost: each client's last hint, asked again of the restarted server, is the same
            for player in players:
                if player.last is None:
                    continue
                body, before = player.last
                again = await ask(client, base, "hint", body, Tally(), time.monotonic())
                if again == before:
                    tally.same_after_restart += 1
                else:
                    tally.changed_after_restart += 1
            for player in players:
                tally.placed += len(player.placed)
                tally.bad_digits += sum(1 for name, d in player.placed.items() if player.truth(name) != d)
            args.elapsed = tally_seconds
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load on sumlogic serve (loopback only), with a restart halfway.")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the clients run (default 30)")
    parser.add_argument("--max-requests", type=int, default=20_000, help="requests in all, at most")
    parser.add_argument("--queue", type=int, default=32, help="the server's --queue")
    parser.add_argument("--kind", default="killer")
    parser.add_argument("--puzzles", type=int, default=60, help="corpus puzzles to use")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.seconds > 600 or args.clients > 200:
        parser.error("keep it short: at most 600 seconds and 200 clients")
    tally = asyncio.run(run(args))
    answered = len(tally.latencies)
    lat = sorted(tally.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    errors = sum(n for status, n in tally.by_status.items() if status >= 400 and status != 503)
    print(f"workers {args.workers}, clients {args.clients}, {args.kind}, {args.elapsed:.1f} s, "
          "server restarted halfway")
    print(f"answered {answered} ({answered / args.elapsed:.1f} requests/s); latency p50 {p50:.0f} ms, p99 {p99:.0f} ms")
    print(f"statuses {dict(sorted(tally.by_status.items()))}; errors (4xx/5xx but 503) {errors}; "
          f"503 {tally.by_status.get(503, 0)}; connection failures during the restart {tally.connection_failures}")
    print(f"after the restart: {tally.same_after_restart} clients got the same hint again, "
          f"{tally.changed_after_restart} a different one; digits placed {tally.placed}, wrong {tally.bad_digits}")
    return 0 if errors == 0 and tally.changed_after_restart == 0 and tally.bad_digits == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
