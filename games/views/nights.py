"""A group's nights: the games of one evening with their winners and charts, and the
night's name and place, which the full link may change."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.forms import NightForm
from games.models import Game, Night, Seat
from games.rules import GameResult, RuleError, Table, get_game
from games.views.access import (
    Access,
    HtmxHttpRequest,
    access_for,
    access_to_edit,
    ask_who,
    could_be_code,
)


@dataclass(frozen=True)
class Played:
    """One game as a list of games shows it: who won, or how far it got."""

    game: Game
    table: Table[Any] | None
    result: GameResult | None  # None: a stored hand the engine refuses (needs a correction)
    target: int | None

    @property
    def in_play(self) -> bool:
        return not self.abandoned and (self.result is None or not self.result.finished)

    @property
    def abandoned(self) -> bool:
        return self.game.abandoned_at is not None


def played(game: Game) -> Played:
    """Score a game whose seats and hands were prefetched."""
    rules = get_game(game.kind)
    try:
        table = game.table()
        result = rules.play(table, [hand.data for hand in game.hand_list()])
    except RuleError:
        # A stored hand the engine refuses must not take a whole page down.
        return Played(game, None, None, None)
    return Played(game, table, result, rules.standing(table, result).target)


@dataclass(frozen=True)
class Listed:
    """A game as the group page lists it: from its cached winners and a count of its hands,
    so that a page of nights replays no hand (see `Game.winners`)."""

    game: Game

    @property
    def in_play(self) -> bool:
        return self.game.winners is None and not self.abandoned

    @property
    def abandoned(self) -> bool:
        return self.game.abandoned_at is not None

    @property
    def winners(self) -> list[str]:
        return self.game.winners or []

    @property
    def hand_count(self) -> int:
        count: int = getattr(self.game, "hand_count", 0)
        return count


@dataclass(frozen=True)
class NightRow:
    """A night as the group page lists it: its date in words and its games."""

    night: Night
    date: str
    games: list[Listed]

    @classmethod
    def of(cls, night: Night) -> NightRow:
        return cls(night, night_date(night.date), [Listed(game) for game in night.games.all()])


def in_play_on(rows: Iterable[NightRow]) -> list[Listed]:
    """The games of these nights still being played, newest first."""
    games = [game for row in rows for game in row.games if game.in_play]
    return sorted(games, key=lambda p: (p.game.created_at, p.game.pk), reverse=True)


def listed_games() -> QuerySet[Game]:
    """Games as lists show them: seats in order and the number of hands (no hands)."""
    seats = Prefetch("seats", queryset=Seat.objects.order_by("position"))
    return (
        Game.objects.annotate(hand_count=Count("hands"))
        .prefetch_related(seats)
        .order_by("created_at", "id")
    )


def games_with_hands(order: Iterable[str]) -> QuerySet[Game]:
    """Games with what scoring them needs: seats in order and hands (two more queries)."""
    seats = Prefetch("seats", queryset=Seat.objects.order_by("position"))
    return Game.objects.prefetch_related(seats, "hands").order_by(*order)


def night_date(date: dt.date) -> str:
    """The evening's weekday and date, as the reader's language writes them."""
    return _("%(weekday)s, %(date)s") % {
        "weekday": date_format(date, "l"),
        "date": date_format(date, "DATE_FORMAT"),
    }


def _find_night(access: Access, code: str) -> Night:
    if not could_be_code(code):
        raise Http404
    night = (
        Night.objects.filter(group=access.group, code=code)
        .prefetch_related(Prefetch("games", queryset=games_with_hands(["created_at", "id"])))
        .first()
    )
    if night is None:
        raise Http404
    return night


def _context(access: Access, night: Night, form: NightForm | None) -> dict[str, Any]:
    return {
        "access": access,
        "night": night,
        "date": night_date(night.date),
        "rows": [played(game) for game in night.games.all()],
        "form": form,
    }


@require_GET
def night_detail(request: HttpRequest, key: str, night: str) -> HttpResponse:
    access = access_for(key)
    if asked := ask_who(request, access):
        return asked
    found = _find_night(access, night)
    form = NightForm(instance=found) if access.can_edit else None
    return render(request, "games/night.html", _context(access, found, form))


@require_POST
def night_edit(request: HtmxHttpRequest, key: str, night: str) -> HttpResponse:
    """Name the night and say where it was; htmx gets the page's head back, a browser
    without JavaScript the whole page."""
    access = access_to_edit(key)
    found = _find_night(access, night)
    stored = found.name, found.place
    form = NightForm(request.POST, instance=found)
    if form.is_valid():
        form.save()
        if request.htmx:
            context = _context(access, found, NightForm(instance=found))
            return render(request, "games/night.html#head", {**context, "saved": True})
        messages.success(request, _("Saved."))
        return redirect("night", key, night)
    # The form shows what was typed; the heading, what is saved (validating copied the
    # valid half onto the night).
    found.name, found.place = stored
    template = "games/night.html#head" if request.htmx else "games/night.html"
    return render(
        request, template, _context(access, found, form), status=200 if request.htmx else 422
    )
