"""Limits every request meets before any view: body size and request rates.

The rates are far above what a table does (a phone polls every two seconds and a hand is
saved every minute or so), so only a flood or a script trying keys ever meets them. They
count per client address in the cache (django-ratelimit), per server process.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited

from games import gamefile

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


def _refused(request: HttpRequest, status: int, message: str) -> HttpResponse:
    return render(request, "refused.html", {"message": message}, status=status)
