"""Limits every request meets before any view: body size and request rates; and what a
request meets when the database is out of reach.

The rates are far above what a table does (a phone polls every two seconds and a hand is
saved every minute or so), so only a flood or a script trying keys ever meets them. They
count per client address in the cache (django-ratelimit), per server process.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited

from games import gamefile
from games.views.errors import link_key

#: Room for the largest game file the upload takes, plus the form around it.
LARGEST_BODY = gamefile.LARGEST_FILE + 64 * 1024

#: (name, rate, which requests): a table of ten phones behind one address polls about
#: 300 times a minute and saves a few hands; the admin login is throttled hard.
RATES: tuple[tuple[str, str, Callable[[HttpRequest], bool]], ...] = (
    ("lookups", "600/m", lambda request: request.path.startswith("/g/")),
    ("writes", "60/m", lambda request: request.method not in ("GET", "HEAD", "OPTIONS")),
    (
        "admin",
        "10/m",
        lambda request: request.path.startswith("/admin/") and request.method == "POST",
    ),
)


def client_ip(request: HttpRequest) -> str:
    """The client's address: from the header the HTTPS proxy sets (`CLIENT_IP_HEADER`, its
    last entry, which the proxy itself wrote), else the connection's own."""
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if header:
        forwarded = request.headers.get(header, "").split(",")[-1].strip()
        try:
            return str(ipaddress.ip_address(forwarded))
        except ValueError:
            pass
    return str(request.META.get("REMOTE_ADDR") or "0.0.0.0")


class LimitsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > LARGEST_BODY:
            _read_away(request, length)
            return _refused(
                request,
                413,
                _("That is more than the server takes at once (%(size)d MB).")
                % {"size": LARGEST_BODY // (1024 * 1024)},
            )
        for name, rate, applies in RATES:
            if applies(request) and is_ratelimited(
                request, group=name, key=lambda _group, r: client_ip(r), rate=rate, increment=True
            ):
                response = _refused(
                    request, 429, _("Too many requests from this address: wait a minute.")
                )
                response["Retry-After"] = "60"
                return response
        return self.get_response(request)


#: Seconds a phone is asked to wait before it tries again while the database is away: a
#: poll comes every 2 s anyway, and a page or a save waits no longer than that once it is back.
RETRY_AFTER = 3

logger = logging.getLogger(__name__)


class LinkPagesUnindexedMiddleware:
    """Every answer behind a group's link (its pages, files, pictures and polls, all under
    /g/) asks search engines not to index it or follow its links: the link is the group's
    key. The home page, which has a description, stays findable."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path_info.startswith("/g/"):
            response["X-Robots-Tag"] = "noindex, nofollow"
        return response


class DatabaseAwayMiddleware:
    """A database out of reach (PostgreSQL stopped or restarting, SQLite's file locked past
    its timeout) is said in words, as a 503 with `Retry-After`, not as a server error: the
    request may simply be made again, and a hand form's entry key stores a save sent again
    once. Django connects again by itself at the next request (`CONN_HEALTH_CHECKS`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning("The database is out of reach: %s", exception)
        template = "503.html#away" if request.headers.get("HX-Request") else "503.html"
        context = {"retry_after": RETRY_AFTER}
        response = render(request, template, context, status=503)
        response["Retry-After"] = str(RETRY_AFTER)
        return response


#: A body up to this size is read before the refusal is sent; a larger one is not worth
#: the time, and its connection may break (see `_read_away`).
LONGEST_READ_AWAY = 4 * LARGEST_BODY


def _read_away(request: HttpRequest, length: int) -> None:
    """Read the body the server refuses, unless it is huge. A server that answers and then
    closes the connection with the body still unread makes the kernel reset it (TCP RST),
    which can throw away the answer before the browser reads it: gunicorn does so, and on
    PostgreSQL, where an answer went out sooner, 2 of 17 uploads of 9 MB got "connection
    reset" instead of the page. Django's own test server reads the rest itself."""
    if length <= LONGEST_READ_AWAY:
        while request.read(64 * 1024):
            pass


def _refused(request: HttpRequest, status: int, message: str) -> HttpResponse:
    """A refusal in the app's layout and language, with a way back: to the group whose
    link the address holds (not looked up: a flood must not cost queries), else home."""
    key = link_key(request)
    group_page = reverse("group", args=[key]) if key else ""
    return render(
        request, "refused.html", {"message": message, "group_page": group_page}, status=status
    )
