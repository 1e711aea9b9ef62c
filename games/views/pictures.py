"""Pictures of a result (`games.pictures`): a game's totals and chart, a night's standings
and winners, by either link, in the reader's language.

Drawing one takes tens of milliseconds, so each is kept in the cache per version of what
it shows (a game's version; a night's name, place and its games' versions) and language,
and answered with an ETag: a phone or a chat app asking again gets a 304 for one query.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable

from django.core.cache import cache
from django.db.models import Count, Max, Prefetch, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_safe

from games import pictures
from games.models import Game, Night, release
from games.present.game import LIFETIME
from games.present.night import games_with_hands, played
from games.present.picture import game_filename, game_picture_of, night_picture_of
from games.views.access import game_by_link


def _game_etag(request: HttpRequest, key: str, code: str) -> str:
    found = Game.objects.version_by_link(key, code)
    if found is None:
        raise Http404
    return f"game-{found[0]}-{get_language()}-{release()}"


@require_safe
@condition(etag_func=_game_etag)
def game_picture(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The game's picture: so far while it is played, its result once won."""
    access, game = game_by_link(key, code)
    kept = f"picture-game:{game.pk}.{game.version}.{get_language()}.{release()}"
    png = _kept(kept, lambda: pictures.png(game_picture_of(access, game)))
    return _answer(png, game_filename(game))


def _night_state(key: str, night: str) -> tuple[int, dt.date, str]:
    """The night's row and a digest of what its picture shows: its name and place and its
    games (their number, the newest, the sum of their versions, which only goes up), in
    one query."""
    found = (
        Night.objects.filter(code=night)
        .filter(Q(group__edit_key=key) | Q(group__view_key=key))
        .annotate(games_count=Count("games"), versions=Sum("games__version"), last=Max("games"))
        .values_list("pk", "date", "name", "place", "games_count", "versions", "last")
        .first()
    )
    if found is None:
        raise Http404
    return found[0], found[1], hashlib.blake2b(repr(found).encode(), digest_size=8).hexdigest()


def _night_etag(request: HttpRequest, key: str, night: str) -> str:
    return f"night-{_night_state(key, night)[2]}-{get_language()}-{release()}"


@require_safe
@condition(etag_func=_night_etag)
def night_picture(request: HttpRequest, key: str, night: str) -> HttpResponse:
    """The night's picture: its standings and its games' winners."""
    pk, date, state = _night_state(key, night)
    kept = f"picture-night:{pk}.{state}.{get_language()}.{release()}"
    found = Night.objects.select_related("group").prefetch_related(
        Prefetch("games", queryset=games_with_hands(["created_at", "id"]))
    )
    png = _kept(kept, lambda: pictures.png(_night_picture(get_object_or_404(found, pk=pk))))
    return _answer(png, f"night-{date.isoformat()}.png")


def _night_picture(night: Night) -> pictures.Picture:
    rows = [played(game) for game in night.games.all()]
    return night_picture_of(night, rows, night.group.name)


def _kept(key: str, draw: Callable[[], bytes]) -> bytes:
    png = cache.get(key)
    if png is None:
        png = draw()
        cache.set(key, png, LIFETIME)
    return bytes(png)


def _answer(png: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(png, content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    # Asked again each time (the ETag answers 304 while unchanged); in the reader's language.
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response
