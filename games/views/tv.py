"""The big screen: one game's scoreboard for a TV or a tablet in landscape, in large type,
kept up to date by the same polling as the phones (304 while the game is unchanged); between
games, a board that waits for the next."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET
from django_htmx.http import HttpResponseClientRedirect

from games.models import Game
from games.present import game as present
from games.views.access import HtmxHttpRequest, access_for, after_deletion, find_game


def _etag(request: HttpRequest, key: str, code: str) -> str:
    """What the board is drawn from: the game's version and the reader's language. Starting
    the game after it bumps the version too (`Game.play_again`), so the screen follows the table."""
    found = (
        Game.objects.filter(code=code)
        .filter(Q(group__edit_key=key) | Q(group__view_key=key))
        .values_list("version", flat=True)
        .first()
    )
    if found is None:
        raise Http404
    return _tag(found)


def _tag(version: int) -> str:
    return f"tv-{version}-{get_language()}"


def _board(key: str, code: str) -> dict[str, Any]:
    """The board and what its polls send: the live address, and the version shown (as
    `condition` writes it, so the first poll can already be answered with a 304)."""
    access = access_for(key)
    game = find_game(access, code)
    return present.big_screen(access, game) | {
        "live_url": reverse("game_tv_live", args=[access.key, game.code]),
        "etag": f'"{_tag(game.version)}"',
    }


@require_GET
def group_tv(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The big screen between games: the game in play (the newest, when two tables play),
    or a board that waits for one and opens it as soon as the group starts it (its stream
    says so). A screen whose game was deleted comes here when no game was before it."""
    access = access_for(key)
    playing = access.group.games.filter(winners__isnull=True, abandoned_at__isnull=True)
    game = playing.order_by("-created_at", "-pk").first()
    if game is not None:
        url = reverse("game_tv", args=[key, game.code])
        return _answer(HttpResponseClientRedirect(url) if request.htmx else redirect(url))
    return _answer(render(request, "games/tv_waiting.html", {"access": access}))


@require_GET
@after_deletion("game_tv", otherwise="group_tv")
def game_tv(request: HttpRequest, key: str, code: str) -> HttpResponse:
    return _answer(render(request, "games/tv.html", _board(key, code)))


@require_GET
@after_deletion("game_tv", otherwise="group_tv")
@condition(etag_func=_etag)
def game_tv_live(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The board alone, for the polling screen; `condition` answers 304 while unchanged.
    Once the table starts its next game, the screen goes on to it (htmx follows
    `HX-Redirect`)."""
    context = _board(key, code)
    response = _answer(render(request, "games/tv.html#board", context))
    if context["next_game"]:
        response["HX-Redirect"] = reverse("game_tv", args=[key, context["next_game"].code])
    return response


def _answer(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response
