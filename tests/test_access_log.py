"""The access log of the server `make run` starts: a phone that leaves before its answer is
logged 499 (nginx's "client closed request"), not as a server error, and an error outside
Django is still logged 500 (`games.logs`, `scorekeeper.asgi`)."""

from __future__ import annotations

import asyncio
import http.client
import re
import socket
from datetime import datetime
from pathlib import Path
from typing import cast
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from starlette.routing import Route, Router
from starlette.types import Message, Scope

from scorekeeper.asgi import serve
from tests.serving import gunicorn

pytestmark = pytest.mark.slow


def _logged(log: Path, path: str) -> list[str]:
    return re.findall(rf'"GET {re.escape(path)} HTTP/1.1" (\d+) ', log.read_text())


def test_a_phone_gone_before_its_answer_is_not_logged_as_a_server_error(
    tmp_path: Path, collected_static: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with gunicorn(database, tmp_path, collected_static, "--access-logfile", "-") as port:
        for _ in range(10):
            with socket.create_connection(("127.0.0.1", port)) as phone:
                phone.sendall(b"GET /?left HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            # closed at once: the page is drawn, and its answer has nowhere to go
        there = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        there.request("GET", "/?stayed")
        assert there.getresponse().status == 200
        there.close()
    log = tmp_path / "gunicorn.log"
    assert _logged(log, "/?stayed") == ["200"]
    left = _logged(log, "/?left")
    assert left, log.read_text()
    assert set(left) <= {"499", "200"}, left
    assert "499" in left
    # Every line in one time zone, the app's: Django moves a worker's to it as the app
    # loads, and the server's own lines (started, a worker booted) were in the machine's.
    zone = datetime.now(ZoneInfo(settings.TIME_ZONE)).strftime("%z")
    assert set(re.findall(r" ([+-]\d{4})\]", log.read_text())) == {zone}, log.read_text()


def test_an_error_outside_django_is_answered_and_logged_500(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A path outside Django raising: the phone gets a 500 with its headers, so the log does
    not take it for a phone gone (gunicorn's own 500 has none)."""

    def broken(request: object) -> None:
        raise RuntimeError("the stream broke")

    app = serve(object())
    cast(Router, app.app).routes.insert(0, Route("/broken/", broken))
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    async def ask() -> None:
        await app(scope, receive, send)

    scope: Scope = {
        "type": "http",
        "method": "GET",
        "path": "/broken/",
        "headers": [],
        "query_string": b"",
    }
    with pytest.raises(RuntimeError):
        asyncio.run(ask())
    start = sent[0]
    assert start["type"] == "http.response.start" and start["status"] == 500
    assert start["headers"]
    # In the error log, with what broke: gunicorn logs no error for an answered request.
    failed = [r for r in caplog.records if r.levelname == "ERROR" and r.exc_info]
    assert failed and "/broken/" in failed[0].getMessage()
    assert isinstance(failed[0].exc_info[1], RuntimeError)  # type: ignore[index]
