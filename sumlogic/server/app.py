"""The ASGI application of ``sumlogic serve``: the JSON API under ``/api``
(the current API) and ``/api/v1`` (version 1, today the same), its OpenAPI
document at ``/openapi.json``, the API page at ``/docs``, the play page at
``/`` and the step viewer at ``/view``.

One table of endpoints (:func:`api_routes`) is served under every prefix of
:data:`~sumlogic.server.schema.PREFIXES`, so the prefixes cannot drift apart.

Requests are checked on the event loop (content type, body size, JSON, the
fields of :mod:`sumlogic.server.schema`); the work itself (reading the
puzzle, solving) runs in a pool of worker processes (:class:`Workers`), so
the server answers other requests while a hard puzzle is solved.  Past the
pool's queue limit a request is answered 503 with ``Retry-After`` at once.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(Settings(workers=1))) as client:
...     client.get("/api/health").json() == client.get("/api/v1/health").json()
True
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, AsyncIterator, Awaitable, Callable

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from puzzles.jsonl import loads
from solver.errors import InvalidArgumentError, ParseError
from solver.model import shown

from ..processes import stop_pool, worker_pool
from .jobs import STOPPABLE, STOPPED, BadField, Body, error_body, run_job, worker_start
from .stop import Flags
from .schema import FIELDS, PREFIXES, Limits, check_fields, openapi

GRACE = 5.0
"""Seconds the server waits for a job past its time limit before it answers 503."""

RETRY_AFTER = 1
"""Seconds a busy server asks a client to wait (the Retry-After header)."""

MAX_WORKERS = 256
"""The most worker processes a server starts (far more than a machine has cores)."""

MAX_STOPPABLE = 1024
"""The most jobs in hand that can be stopped at once (one stop flag each); past it a job runs to its limit."""

MAX_BODY = 1 << 30
"""The largest body limit a server takes (1 GiB; the default is 256 KiB)."""


@dataclass(frozen=True)
class Settings:
    """How the server runs: ``workers`` processes, at most ``queue_limit``
    requests in their hands at once (running or waiting), bodies of at most
    ``max_body`` bytes, and the ``limits`` of one request."""

    workers: int = 2
    queue_limit: int = 32
    max_body: int = 256 * 1024
    limits: Limits = field(default_factory=Limits)

    def __post_init__(self) -> None:
        for name, high in (("workers", MAX_WORKERS), ("queue_limit", None), ("max_body", MAX_BODY)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Settings: {name} must be a whole number, not {shown(value)}")
            if value < 1 or (high is not None and value > high):
                bounds = f"1..{high}" if high is not None else "1 or more"
                raise InvalidArgumentError(f"Settings: {name} must be {bounds}, not {shown(value)}")
        if not isinstance(self.limits, Limits):
            raise TypeError(f"Settings: limits must be a Limits, not {shown(self.limits)}")


class Busy(Exception):
    """The queue is full, the job ran out of time or its worker died: 503, try again later."""


class Cancelled(Exception):
    """The client left before its answer: the job was stopped and nobody is answered."""


class Workers:
    """A process pool with a bounded number of jobs in hand.

    The workers are :func:`sumlogic.processes.worker_pool`'s, the same as the
    command line's ``--jobs``: forked from the server (no fork server or
    resource tracker to outlive it), they end with it however it ends
    (Ctrl-C, SIGTERM, even ``kill -9``), idle or busy; they ignore Ctrl-C
    and import the solver before their first job.  A pool whose worker died
    is replaced.
    """

    def __init__(self, workers: int, queue_limit: int) -> None:
        self.workers = workers
        self.queue_limit = queue_limit
        self.queued = 0
        self.cancelled = 0
        self.pool: ProcessPoolExecutor | None = None
        self.flags = Flags(min(queue_limit, MAX_STOPPABLE))

    def start(self) -> None:
        """Start the pool and its processes now, from this thread (a job uncounted in the queue
        makes them start): forked before any client's connection is open, so that none of them
        holds a copy of one, which would hide from the server that its client left."""
        self.pool = worker_pool(self.workers, then=functools.partial(worker_start, self.flags))
        self.pool.submit(run_job, "warm", {})

    def stop(self) -> None:
        """Stop the pool now: queued jobs are cancelled, running ones killed, nothing waited for."""
        if self.pool is not None:
            pool, self.pool = self.pool, None
            stop_pool(pool)

    async def run(self, name: str, fields: Body, seconds: float,
                  gone: Callable[[], Awaitable[Any]] | None = None) -> tuple[int, Body]:
        """The job's ``(status, body)``; :class:`Busy` when it cannot be had now.  With
        ``gone`` (a coroutine that returns when the client has left), a job that can be
        stopped (:data:`~sumlogic.server.jobs.STOPPABLE`) is stopped then, waiting or
        running, and :class:`Cancelled` is raised."""
        if self.pool is None:
            self.start()
        assert self.pool is not None
        if self.queued >= self.queue_limit:
            raise Busy(f"busy: {self.queued} requests in hand (the limit); try again shortly")
        slot = self.flags.take()
        try:
            future: Future[tuple[int, Body]] = self.pool.submit(run_job, name, fields, slot)
        except BrokenProcessPool:
            self.flags.give_back(slot)
            self._replace()
            raise Busy("a worker process stopped; try again") from None
        self.queued += 1
        future.add_done_callback(functools.partial(self._done, slot))
        waiting = asyncio.ensure_future(gone()) if gone is not None and name in STOPPABLE else None
        job = asyncio.wrap_future(future)
        try:
            done, _ = await asyncio.wait({job} | ({waiting} if waiting else set()), timeout=seconds + GRACE,
                                         return_when=asyncio.FIRST_COMPLETED)
            if job in done:
                return job.result()
            if waiting is not None and waiting in done:
                self.cancelled += 1
                if not future.cancel():  # running: its worker stops it at the flag
                    self.flags.raise_flag(slot)
                raise Cancelled(name)
            raise Busy(f"no answer within {seconds + GRACE:g} seconds; try again later")
        except BrokenProcessPool:
            self._replace()
            raise Busy("a worker process stopped; try again") from None
        finally:
            if waiting is not None:
                waiting.cancel()

    def _done(self, slot: int | None, future: Future[Any]) -> None:
        self.queued -= 1
        self.flags.give_back(slot)

    def _replace(self) -> None:
        self.stop()
        self.start()

    async def warm(self) -> None:
        """Start every worker process now (each imports the solver), not at the first requests."""
        await asyncio.gather(*(self.run("warm", {}, 60.0) for _ in range(self.workers)))


# --------------------------------------------------------------------- reading requests


class BadRequest(Exception):
    """A request refused before any work: an HTTP status and the error's JSON."""

    def __init__(self, status: int, field: str | None, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.body = error_body(field, message)




async def read_body(request: Request, max_body: int) -> Any:
    """The request's JSON body: 415 when it is not ``application/json``, 413
    past ``max_body`` bytes (read no further), 400 when it is not JSON (or
    the client left before sending all of it).  A UTF-8 byte order mark
    before the JSON is dropped."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise BadRequest(415, "body", f"must be application/json, not {kind or 'unnamed'}")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_body:
        raise BadRequest(413, "body", f"larger than the limit of {max_body} bytes")
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > max_body:
                raise BadRequest(413, "body", f"larger than the limit of {max_body} bytes")
    except ClientDisconnect:  # the client left mid-body: nobody reads the answer, but no traceback either
        raise BadRequest(400, "body", "the client closed the connection before the end of the body") from None
    try:
        text = bytes(data).decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise BadRequest(400, "body", "not UTF-8 text") from None
    try:
        return loads(text)  # the readers' strict JSON: no NaN, no key twice, errors in plain words
    except ParseError as error:
        raise BadRequest(400, "body", str(error)) from None


class Answer(JSONResponse):
    """A JSON response whose strings may hold anything a request held: a lone
    surrogate (legal in JSON text as ``\\udc80``, not encodable as UTF-8) is
    written as that escape, so the answer stays exact and never fails."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, ensure_ascii=True, allow_nan=False, indent=None,
                              separators=(",", ":")).encode("ascii")


def answer(status: int, body: Body, retry: bool = False) -> JSONResponse:
    """A JSON response (``Retry-After`` on a 503).

    >>> answer(200, {"id": "a\\udc80"}).body
    b'{"id":"a\\\\udc80"}'
    """
    headers = {"Retry-After": str(RETRY_AFTER)} if retry else None
    return Answer(body, status_code=status, headers=headers)


async def client_gone(request: Request) -> None:
    """Return when the client of ``request`` has left (its body read already; the server
    says ``http.disconnect`` then, or once the answer is sent)."""
    while True:
        message = await request.receive()
        if message.get("type") == "http.disconnect":
            return


# --------------------------------------------------------------------- the application


STATIC = {
    "play.js": ("server/static/play.js", "text/javascript; charset=utf-8"),
    "play.css": ("server/static/play.css", "text/css; charset=utf-8"),
    "address.js": ("server/static/address.js", "text/javascript; charset=utf-8"),
    "view.js": ("server/static/view.js", "text/javascript; charset=utf-8"),
    "docs.js": ("server/static/docs.js", "text/javascript; charset=utf-8"),
    "viewer.js": ("web/viewer.js", "text/javascript; charset=utf-8"),
    "arrows.js": ("web/arrows.js", "text/javascript; charset=utf-8"),
    "board.js": ("web/board.js", "text/javascript; charset=utf-8"),
    "draw.js": ("web/draw.js", "text/javascript; charset=utf-8"),
    "play-grid.js": ("server/static/play-grid.js", "text/javascript; charset=utf-8"),
    "play-input.js": ("server/static/play-input.js", "text/javascript; charset=utf-8"),
    "play-draw.js": ("server/static/play-draw.js", "text/javascript; charset=utf-8"),
    "play-ask.js": ("server/static/play-ask.js", "text/javascript; charset=utf-8"),
    "play-practise.js": ("server/static/play-practise.js", "text/javascript; charset=utf-8"),
    "viewer.css": ("web/viewer.css", "text/css; charset=utf-8"),
}
"""The files the pages load, all from the package: nothing from another site."""

PAGES = {"/": "server/static/play.html", "/view": "server/static/view.html", "/docs": "server/static/docs.html"}
"""The HTML pages: the play page, the step viewer (of the position in its
address, ``#p=...``, as the play page writes it) and the API page."""


def api_routes(endpoints: list[tuple[str, str, Any]], prefixes: tuple[str, ...] = PREFIXES) -> list[Route]:
    """Each ``(name, method, handler)`` of ``endpoints`` under every prefix:
    the same handler answers ``/api/solve`` and ``/api/v1/solve``.

    >>> [route.path for route in api_routes([("health", "GET", None)])]
    ['/api/health', '/api/v1/health']
    """
    return [Route(f"{prefix}/{name}", handler, methods=[method])
            for prefix in prefixes for name, method, handler in endpoints]

SECURITY = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _package_text(path: str) -> str:
    return resources.files("sumlogic").joinpath(path).read_text(encoding="utf-8")


def create_app(settings: Settings | None = None) -> Starlette:
    """The application: the API, its OpenAPI document, and the play page."""
    from .. import __version__

    settings = settings or Settings()
    workers = Workers(settings.workers, settings.queue_limit)
    limits = settings.limits
    files = {name: (_package_text(path), kind) for name, (path, kind) in STATIC.items()}
    pages = {path: _package_text(name) for path, name in PAGES.items()}
    document = openapi(__version__, limits, settings.max_body)

    def make_endpoint(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                fields = check_fields(name, await read_body(request, settings.max_body), limits)
                status, body = await workers.run(name, fields, fields.get("timeout") or limits.time_limit,
                                                 gone=functools.partial(client_gone, request))
            except BadRequest as bad:
                return answer(bad.status, bad.body)
            except BadField as bad:
                return answer(422, error_body(bad.field, bad.message))
            except Busy as busy:
                return answer(503, error_body(None, str(busy)), retry=True)
            except Cancelled:
                return answer(STOPPED, error_body(None, f"{name}: stopped, the client left"))
            return answer(status, body)
        return endpoint

    async def health(request: Request) -> Response:
        return answer(200, {"status": "ok", "version": __version__, "workers": workers.workers,
                            "queued": workers.queued, "queue_limit": workers.queue_limit,
                            "cancelled": workers.cancelled,
                            "time_limit": limits.time_limit, "budget": limits.budget,
                            "max_body": settings.max_body})

    async def formats(request: Request) -> Response:
        from puzzles import FORMATS

        from ..cli.formats import format_record

        return answer(200, {"formats": [format_record(name) for name in FORMATS]})

    async def samples(request: Request) -> Response:
        from puzzles import SAMPLES, detect_format, sample
        from puzzles.samples import sample_text

        listed = []
        for name in SAMPLES:
            puzzle = sample(name)
            listed.append({"name": f"sample:{name}", "kind": puzzle.kind,
                           "notation": detect_format(sample_text(name)), "size": f"{puzzle.height}x{puzzle.width}"})
        return answer(200, {"samples": listed})

    async def schema(request: Request) -> Response:
        return answer(200, document)

    async def techniques(request: Request) -> Response:
        from puzzles.kinds import KINDS

        from ..catalogue import techniques as listed
        from ..needs import reachable_ids

        return answer(200, {"techniques": listed(), "needable": {kind: reachable_ids(kind) for kind in KINDS}})

    async def page(request: Request) -> Response:
        return Response(pages[request.url.path], media_type="text/html; charset=utf-8", headers=SECURITY)

    async def static(request: Request) -> Response:
        found = files.get(request.path_params["name"])
        if found is None:
            return answer(404, error_body(None, "no such file"))
        text, kind = found
        return Response(text, media_type=kind, headers=SECURITY)

    async def not_found(request: Request, exc: Exception) -> Response:
        return answer(404, error_body(None, f"no such page: {request.url.path}"))

    async def wrong_method(request: Request, exc: Exception) -> Response:
        return answer(405, error_body(None, f"{request.method} is not allowed on {request.url.path}"))

    async def internal(request: Request, exc: Exception) -> Response:
        return answer(500, error_body(None, f"internal error: {type(exc).__name__}"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        workers.start()
        try:
            yield
        finally:
            workers.stop()

    endpoints = [(name, "POST", make_endpoint(name)) for name in FIELDS]
    endpoints += [("health", "GET", health), ("formats", "GET", formats), ("samples", "GET", samples),
                  ("techniques", "GET", techniques), ("openapi.json", "GET", schema)]
    routes = api_routes(endpoints)
    routes += [Route(path, page, methods=["GET"]) for path in PAGES]
    routes += [
        Route("/openapi.json", schema, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found, 405: wrong_method, 500: internal})
    app.state.workers = workers
    return app


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` now (for tests and scripts)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def running(app: Starlette, host: str = "127.0.0.1", port: int | None = None,
            start_seconds: float = 60.0) -> Any:
    """Run ``app`` with uvicorn in a thread of this process while the block
    runs; yields its base URL (``http://127.0.0.1:PORT``).  For tests and
    scripts: the server stops when the block ends."""
    import threading
    import time

    import uvicorn

    port = port or free_port(host)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, name="sumlogic-serve", daemon=True)
    thread.start()
    waited = 0.0
    while not server.started:
        if not thread.is_alive() or waited > start_seconds:
            raise RuntimeError(f"the server did not start on {host}:{port}")
        time.sleep(0.05)
        waited += 0.05
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
