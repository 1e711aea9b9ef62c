"""The server's entry point (`make run`: gunicorn's ASGI worker). The live stream is served
here, outside Django (`games.stream`: no thread, no database connection, no middleware for
an open stream); every other path goes to Django, unchanged under WSGI, in a pool of
threads (a2wsgi)."""

import logging
import os
from typing import Any, cast

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi_typing import WSGIApp
from django.core.wsgi import get_wsgi_application
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route, Router
from starlette.types import ASGIApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

#: Django's threads a worker: while a save waits for its game's row lock (or SQLite's one
#: writer), the worker's other requests go on in the other thread. Fewer threads answered
#: faster: they share one interpreter lock, and at 2,000 tables a 304 waited its turn
#: behind the others' drawing (request p99 143 ms with one, 189 with two, 279 and 571 with
#: four; 2.4 s with eight before the collector's change; docs/scale.md).
THREADS = 2


logger = logging.getLogger(__name__)


async def _failed(request: Request, exc: Exception) -> Response:
    """An error outside Django, in the log (the keys hidden: `games.logs`) and answered 500
    with its headers: once answered, gunicorn no longer logs it itself."""
    logger.error("Error outside Django: %s %s", request.method, request.url.path, exc_info=exc)
    return PlainTextResponse("Internal Server Error", status_code=500)


def serve(django: Any, threads: int = THREADS) -> ServerErrorMiddleware:
    """The stream's path to `games.stream`, every other to `django` (a WSGI application).
    An error outside Django is answered 500 with its headers, as Django answers its own:
    the access log tells it from a phone gone before its answer (`games.logs`)."""
    from games import stream  # once Django is set up

    router = Router(
        routes=[
            Route(f"/{stream.PATH}{{token}}/", stream.events),
            Mount("/", cast(ASGIApp, WSGIMiddleware(cast(WSGIApp, django), workers=threads))),
        ],
        lifespan=stream.lifespan,
    )
    return ServerErrorMiddleware(router, handler=_failed)


application = serve(get_wsgi_application())
