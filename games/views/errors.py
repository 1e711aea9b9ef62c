"""Error pages that must not fail themselves, each with a way back: to the group when the
address names one that this link still opens, else to the start page."""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse

from games.models import Group, ReplacedLink


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's own 400 view checks the CSRF token first, which reads the request body
    again: a form sent in another charset than UTF-8 then fails a second time, with a 500.
    This one answers 400 without touching the body."""
    return render(request, "400.html", status=400)


def link_key(request: HttpRequest) -> str:
    """The group link's key in the address ("/g/KEY/..."), if it could be one (the URLs'
    `code` converter lets nothing else through)."""
    try:
        return str(resolve(request.path_info).kwargs.get("key", ""))
    except Resolver404:
        return ""


def group_page(key: str) -> str:
    """The way back: the group's page when `key` still opens it, else "" (the templates
    then lead to the start page)."""
    if key and Group.objects.filter(Q(edit_key=key) | Q(view_key=key)).exists():
        return reverse("group", args=[key])
    return ""


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A link that leads nowhere; or one that did, until the group replaced it: then the
    phone is told so (410 Gone: it was there and was taken away on purpose), in a page, or
    for htmx and the phone's own requests in a fragment with `X-Link-Replaced`."""
    key = link_key(request)
    if key and ReplacedLink.was_replaced(key):
        if request.headers.get("HX-Request"):
            response = render(request, "410.html#replaced", status=410)
        else:
            response = render(request, "410.html", status=410)
        response["X-Link-Replaced"] = "1"
        return response
    return render(request, "404.html", {"group_page": group_page(key)}, status=404)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A view-only link asked to change something: back to the group it can still see."""
    message = str(exception) if exception and exception.args else ""
    context = {"exception": message, "group_page": group_page(link_key(request))}
    return render(request, "403.html", context, status=403)
