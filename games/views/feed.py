"""What changed: a group's feed of every change, newest first, fifty at a time, for
either link; filtered by game and by the player who made the change (a plain GET form)."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.feed import Entry
from games.models import Game, Group, Player
from games.present.feed import lines, offered
from games.views.access import access_for, ask_who, to_int

PER_PAGE = 50


@require_GET
def feed(request: HttpRequest, key: str) -> HttpResponse:
    access = access_for(key)
    if asked := ask_who(request, access):
        return asked
    group = access.group
    entries = Entry.objects.filter(group=group)
    problems = []
    game = _game(group, request.GET.get("game", ""))
    if game is not None:
        entries = entries.filter(game=game)
    elif request.GET.get("game"):
        problems.append(_("There is no such game in this group: every game is shown."))
    player = _player(group, request.GET.get("player", ""))
    if player is not None:
        entries = entries.filter(by=player.name)
    elif request.GET.get("player"):
        problems.append(_("There is no such player in this group: everyone's changes are shown."))
    shown, older = _page(entries, request)
    chosen = {"game": game.code if game else "", "player": player.code if player else ""}
    filters = {name: value for name, value in chosen.items() if value}
    seasons = set()
    if any(entry.what == Entry.SEASON for entry in shown):
        seasons = set(group.seasons.values_list("code", flat=True))
    return render(
        request,
        "games/feed.html",
        {
            "access": access,
            "group": group,
            "lines": lines(access.key, shown, seasons),
            "games": offered(group, game),
            "players": group.players.all(),
            "chosen": chosen,
            "problems": problems,
            "older": urlencode({**filters, **older}) if older else "",
            "newest": urlencode(filters) if request.GET.get("before") else None,
        },
    )


def _page(entries: QuerySet[Entry], request: HttpRequest) -> tuple[list[Entry], dict[str, str]]:
    """The page of entries the request asks for, and what asks for the one after it.

    Pages go by time, not by number, so that a page stays put while the table goes on
    saving: `before` is the time of the last line shown (in microseconds), `skip` how many
    lines at that very time were shown already (one moment can hold several)."""
    before, skip = _moment(request.GET.get("before")), max(to_int(request.GET.get("skip")), 0)
    if before is None:
        skip = 0
    else:
        entries = entries.filter(at__lte=before)
    found = list(
        entries.select_related("game")
        .prefetch_related("game__seats")
        .order_by("-at", "-id")[skip : skip + PER_PAGE + 1]
    )
    shown = found[:PER_PAGE]
    if len(found) <= PER_PAGE:
        return shown, {}
    last = shown[-1].at
    at_last = sum(1 for entry in shown if entry.at == last)
    if before is not None and last == before:
        at_last += skip
    return shown, {"before": str(_microseconds(last)), "skip": str(at_last)}


def _microseconds(moment: dt.datetime) -> int:
    return (moment - dt.datetime.fromtimestamp(0, dt.UTC)) // dt.timedelta(microseconds=1)


def _moment(value: str | None) -> dt.datetime | None:
    """The time `_microseconds` wrote, or None for anything else (ignored: the newest)."""
    if not value or not value.isdecimal() or len(value) > 18:
        return None
    try:
        return dt.datetime.fromtimestamp(0, dt.UTC) + dt.timedelta(microseconds=int(value))
    except OverflowError:
        return None


def _game(group: Group, code: str) -> Game | None:
    if not code or not code.isalnum() or len(code) > 32:
        return None
    return group.games.select_related("night").filter(code=code).first()


def _player(group: Group, code: str) -> Player | None:
    if not code or not code.isalnum() or len(code) > 32:
        return None
    return group.players.filter(code=code).first()
