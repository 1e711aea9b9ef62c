"""Logs without the secret keys: a group's key in a logged address is as good as its link."""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

# "/g/KEY" wherever it appears: a path, a full address, a percent-encoded ?next=.
_KEY = re.compile(r"(/|%2F)g(/|%2F)[A-Za-z0-9]+", re.IGNORECASE)


def hide_keys(text: str) -> str:
    return _KEY.sub(lambda match: f"{match[1]}g{match[2]}…", text)


class HideKeys(logging.Filter):
    """For the app's own log: "Not Found: /g/KEY/..." and the like lose the key."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = hide_keys(message)
        if hidden != message:
            record.msg, record.args = hidden, None
        return True


class RefusalsInOneLine(logging.Filter):
    """A request refused (a view-only link asking to change something: 403) is the phone's
    slip, not the server's: logged in one line, without Django's traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if 400 <= getattr(record, "status_code", 0) < 500:
            record.exc_info = record.exc_text = None
        return True


#: nginx's status for a request whose client closed its connection before the answer.
CLIENT_GONE = "499"


class AccessLogger(Logger):
    """Gunicorn's access log with the keys taken out of the request line, the path, the
    query, the referrer and every header it might print.

    A phone that leaves before its answer (a page closed, a poll the network dropped) is
    logged 499, as nginx logs it, not 500: gunicorn's ASGI worker logs a request whose
    answer never started as its own "500 Internal Server Error" with no headers and no
    bytes. An error in the app is not that: Django answers its own, with headers, and
    `scorekeeper.asgi` answers (and logs) one outside Django."""

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> Any:
        atoms = super().atoms(resp, req, environ, request_time)
        if str(resp.status).startswith("500") and not resp.headers and not resp.sent:
            atoms["s"] = CLIENT_GONE
        for name, value in atoms.items():
            if isinstance(value, str):
                atoms[name] = hide_keys(value)
        return atoms
