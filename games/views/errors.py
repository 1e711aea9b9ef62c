"""Error pages that must not fail themselves."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's own 400 view checks the CSRF token first, which reads the request body
    again: a form sent in another charset than UTF-8 then fails a second time, with a 500.
    This one answers 400 without touching the body."""
    return render(request, "400.html", status=400)
