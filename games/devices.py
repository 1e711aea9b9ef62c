"""The name each device gave itself at a group's table, kept in its session: what the
history says a change was made by, and what the pages ask once."""

from __future__ import annotations

from django.http import HttpRequest

from games.models import Group


def who_is(request: HttpRequest, group: Group) -> str:
    """The name this device gave for this group ("" before it was asked)."""
    names: dict[str, str] = request.session.get("who", {})
    return names.get(str(group.pk), "")


def set_who(request: HttpRequest, group: Group, name: str) -> None:
    request.session["who"] = {**request.session.get("who", {}), str(group.pk): name}
