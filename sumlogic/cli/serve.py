"""``sumlogic serve [--host 127.0.0.1] [--port 8000] [--workers N]``: the play page and the JSON API.

Runs the application of :mod:`sumlogic.server` with uvicorn until Ctrl-C.
The page is at ``http://HOST:PORT/``, the API under ``/api`` (the same
under ``/api/v1``, version 1; its OpenAPI document at ``/openapi.json``, a
page to try it at ``/docs``).  Solving runs in ``--workers``
processes; at most ``--queue`` requests are in hand at once (past that: 503
with Retry-After); each request may take ``--time-limit`` seconds and
``--budget`` work units; a body may hold ``--max-body`` bytes.  Needs
``pip install -e '.[serve]'`` (in a checkout of sumlogic).

>>> from sumlogic.cli import build_parser
>>> args = build_parser().parse_args(["serve", "--port", "0", "--workers", "1"])
>>> args.host, args.port, args.workers, args.queue
('127.0.0.1', 0, 1, 32)
"""

from __future__ import annotations

import argparse
import logging
import re
import warnings
from typing import Any

from .common import EXIT_INTERRUPTED, EXIT_OK, emit, number, warn

from .reading import InputError


STOP_WAIT = 2
"""Seconds a stopped server (Ctrl-C, SIGTERM) waits for the answers being worked on before it cuts them."""


def _count(text: str) -> int:
    value = number(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


def _port(text: str) -> int:
    value = number(text, int, "a port number")
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (0..65535)")
    return value


def _seconds(text: str) -> float:
    value = number(text, float, "a number of seconds")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{value:g} is not above 0 seconds")
    return value


def add_parser(commands: Any) -> None:
    """Register ``serve`` on the CLI's subparsers."""
    serve = commands.add_parser("serve", help="run the play page and the JSON API on this machine",
                                description="Serve a web page to play puzzles (check, hints) and a JSON API "
                                            "(/api, also as /api/v1) until Ctrl-C. "
                                            "Needs: pip install -e '.[serve]' in a checkout of sumlogic.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0: any free one)")
    serve.add_argument("--workers", type=_count, default=2, metavar="N",
                       help="solver processes (default 2)")
    serve.add_argument("--queue", type=_count, default=32, metavar="N",
                       help="requests in hand at most, running or waiting; past it: 503 (default 32)")
    serve.add_argument("--time-limit", type=_seconds, default=20.0, metavar="S",
                       help="seconds one request may take (default 20)")
    serve.add_argument("--budget", type=_count, default=None, metavar="N",
                       help="work units one request's searching techniques may spend (default: grade's, 200000)")
    serve.add_argument("--max-body", type=_count, default=256 * 1024, metavar="BYTES",
                       help="largest request body (default 262144)")
    serve.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """``sumlogic serve``."""
    try:
        import uvicorn
    except ImportError:
        raise InputError("serve needs Starlette and uvicorn: pip install -e '.[serve]' "
                         "(in a checkout of sumlogic)") from None
    from solver.engine import DEFAULT_BUDGET

    from ..server import Limits, Settings, create_app

    limits = Limits(time_limit=args.time_limit, budget=args.budget or DEFAULT_BUDGET)
    app = create_app(Settings(workers=args.workers, queue_limit=args.queue, max_body=args.max_body,
                              limits=limits))
    said = _take_uvicorn_logs()
    server = _server_class(uvicorn, said)(uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                                                   access_log=False, log_config=None,
                                                   timeout_graceful_shutdown=STOP_WAIT))
    stopped = False
    with warnings.catch_warnings():
        # A Ctrl-C before uvicorn has started its coroutine leaves it never awaited: not worth a warning.
        warnings.filterwarnings("ignore", "coroutine .* was never awaited", RuntimeWarning)
        try:
            server.run()
        except SystemExit:  # uvicorn gives up when it cannot listen (it has said why to our log handler)
            raise InputError(_cannot_serve(args.host, args.port, said.first_error)) from None
        except KeyboardInterrupt as stop:
            stopped_by: BaseException = stop
            stopped = True
        finally:
            app.state.workers.stop()  # also when uvicorn skipped the app's shutdown (a second Ctrl-C)
    if stopped:
        raise stopped_by
    # uvicorn takes Ctrl-C (and SIGTERM) itself and asks the server to exit: the status of an interrupt
    return EXIT_INTERRUPTED if server.should_exit else EXIT_OK


def _server_class(uvicorn: Any, said: _Said) -> Any:
    """uvicorn's server, saying where it listens once it does (the real port when ``--port 0``),
    and quiet about the requests it cuts once it is stopping."""

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=sockets)
            if not self.should_exit:
                emit(f"sumlogic: serving on {_address(self)} (Ctrl-C stops)")

        async def shutdown(self, sockets: Any = None) -> None:
            # Asked to stop: the requests cut after STOP_WAIT are not errors worth a line each.
            said.stopping = True
            await super().shutdown(sockets=sockets)

    return Server


def _address(server: Any) -> str:
    """``http://HOST:PORT/`` of a started uvicorn server (its own socket's port, or the one asked for)."""
    host, port = server.config.host, server.config.port
    for listening in getattr(server, "servers", None) or []:
        for sock in getattr(listening, "sockets", None) or []:
            name = sock.getsockname()
            if isinstance(name, tuple) and len(name) >= 2:
                port = name[1]
                break
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/"


class _Said(logging.Handler):
    """uvicorn's log: before the server is up, its first error is kept (the reason it
    could not start, said in sumlogic's own one line); after, each message is one line
    on standard error."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.first_error: str | None = None
        self.stopping = False

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
        except Exception:  # a message that cannot be formatted: not worth stopping the server
            return
        if self.stopping:
            return
        if self.first_error is None and record.levelno >= logging.ERROR:
            self.first_error = text
            return
        warn(f"sumlogic serve: {text}")


def _take_uvicorn_logs() -> _Said:
    """Send uvicorn's own log through :class:`_Said` (not its two-line "ERROR:" format)."""
    said = _Said()
    logger = logging.getLogger("uvicorn")
    for handler in list(logger.handlers):
        if isinstance(handler, _Said):
            logger.removeHandler(handler)
    logger.addHandler(said)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    return said


def _cannot_serve(host: str, port: int, reason: str | None) -> str:
    """The one line of a server that could not start: where, and why in plain words.

    >>> _cannot_serve("127.0.0.1", 80, "[Errno 98] error while attempting to bind on address "
    ...               "('127.0.0.1', 80): address already in use")
    'cannot serve on 127.0.0.1:80 (is the port in use?)'
    >>> _cannot_serve("999.1.1.1", 0, "[Errno -2] Name or service not known")
    'cannot serve on 999.1.1.1:0: name or service not known'
    """
    where = f"cannot serve on {host}:{port}"
    if reason is None or "in use" in reason.lower():
        return f"{where} (is the port in use?)"
    plain = re.sub(r"^\[Errno [^\]]*\]\s*", "", reason).strip()
    return f"{where}: {plain[:1].lower()}{plain[1:]}" if plain else f"{where} (is the port in use?)"
