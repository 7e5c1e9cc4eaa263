"""``sumlogic serve``: a local web app to play puzzles (check, hints) and a JSON API for other apps.

Needs the ``serve`` extra (``pip install -e '.[serve]'`` in a checkout: Starlette and
uvicorn).  :func:`create_app` builds the ASGI application; the command line
runs it with uvicorn on the loopback interface.

* :mod:`sumlogic.server.app`: the application, the worker pool, request reading;
* :mod:`sumlogic.server.schema`: the fields of each endpoint and the OpenAPI document;
* :mod:`sumlogic.server.jobs`: the work of each endpoint, run in the worker processes;
* :mod:`sumlogic.server.practise`: ``POST /api/generate``, a fresh puzzle that needs chosen techniques;
* :mod:`sumlogic.server.stop`: stopping a long job when its client leaves or its time is up;
* ``static/``: the play page, the step viewer page and the API page (HTML,
  JavaScript, CSS), drawn with the step viewer's board code.
"""

from __future__ import annotations

from .app import Settings, create_app, free_port, running
from .schema import API, API_V1, PREFIXES, Limits

__all__ = ["API", "API_V1", "Limits", "PREFIXES", "Settings", "create_app", "free_port", "running"]
