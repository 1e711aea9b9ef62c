"""The big screen: one game's scoreboard for a TV or a tablet in landscape, in large type,
kept up to date by the same polling as the phones (304 while the game is unchanged)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET

from games.forms import say
from games.models import Game
from games.rules import get_game
from games.rules.text import sheet_number
from games.views.access import Access, access_for, could_be_code, find_game
from games.views.games import _scoreboard, next_games

# As many as fit under the totals on a 16:9 screen with the winner's banner above them.
LAST_HANDS = 4


def _etag(request: HttpRequest, key: str, code: str) -> str:
    """What the board is drawn from: the game's version and the reader's language. Starting
    the game after it bumps the version too (`Game.play_again`), so the screen follows the table."""
    if not (could_be_code(key) and could_be_code(code)):
        raise Http404  # not worth a query (and a NUL byte would make PostgreSQL refuse it)
    found = (
        Game.objects.filter(code=code)
        .filter(Q(group__edit_key=key) | Q(group__view_key=key))
        .values_list("version", flat=True)
        .first()
    )
    if found is None:
        raise Http404
    return f"tv-{found}-{get_language()}"


@require_GET
def game_tv(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_for(key)
    game = find_game(access, code)
    return _answer(
        render(request, "games/tv.html", _context(access, game, _etag(request, key, code)))
    )


@require_GET
@condition(etag_func=_etag)
def game_tv_live(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The board alone, for the polling screen; `condition` answers 304 while unchanged."""
    access = access_for(key)
    game = find_game(access, code)
    return _answer(render(request, "games/tv.html#board", _context(access, game, "")))


def _answer(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _context(access: Access, game: Game, etag: str) -> dict[str, Any]:
    table = game.table()
    stored = game.hand_list()
    card_game = get_game(game.kind)
    result = game.result()
    dealer = game.next_dealer()
    standing = card_game.standing(table, result)
    board = _scoreboard(table, result, standing, dealer)
    last = list(zip(stored, result.hands, strict=True))[-LAST_HANDS:]
    return {
        "access": access,
        "game": game,
        "table": table,
        "result": result,
        "target": standing.target,
        "board": board,
        # The longest total, in characters: the totals' type is sized to fit it (pages.css).
        "total_chars": max(len(sheet_number(row["total"])) for row in board),
        "winner_text": say(result.decision.text) if result.decision else "",
        "last_hands": [
            {
                "number": hand.number,
                "summary": say(card_game.summary(hand.data)),
                "points": [scored.points.get(side, 0) for side in table.sides],
            }
            for hand, scored in reversed(last)
        ],
        "live_url": reverse("game_tv_live", args=[access.key, game.code]),
        "next_game": next_games(game).first(),
        # As `condition` writes it, so the first poll can already be answered with a 304.
        "etag": f'"{etag}"' if etag else "",
    }
