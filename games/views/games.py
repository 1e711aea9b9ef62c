"""Starting games and playing them: the game page, its live scoreboard and the hand form."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial, wraps
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)

from games import live, pages
from games.forms import (
    HandForm,
    NewGameForm,
    posted,
    say,
)
from games.models import Change, Game, Hand
from games.rules import GAMES, GameResult, ScoredHand, Standing, Table, get_game
from games.views.access import (
    Access,
    HtmxHttpRequest,
    access_to_edit,
    ask_who,
    could_be_code,
    find_game,
    game_by_link,
    game_url,
    who_is,
    with_hands,
)


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest, key: str, kind: str = "") -> HttpResponse:
    """A new game of `kind`; without one, of the main game (the registry's first)."""
    access = access_to_edit(key)
    kind = kind or next(iter(GAMES))
    if kind not in GAMES:
        raise Http404
    if asked := ask_who(request, access):
        return asked
    group = access.group
    # Seats as at the group's last game of this kind, else the group's players in the
    # order they joined.
    last = group.games.filter(kind=kind).prefetch_related("seats").first()
    usual = GAMES[kind].usual_players
    seats = last.players if last else [p.name for p in group.players.order_by("id")[:usual]]
    form = NewGameForm(
        request.POST if request.method == "POST" else None, group=group, kind=kind, seats=seats
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        started = group.start_game(
            kind,
            data["players"],
            rules=data["rules"],
            teams=data["teams"],
            start=data["start"],
            first_dealer=data["dealer"],
            by=who_is(request, group),
            form_token=data.get("token") or "",
        )
        return redirect(game_url(access, started))
    return render(request, "games/new_game.html", {"access": access, "form": form})


@require_POST
def play_again(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """A new game at the same table, same rules, the deal passing on as it would have."""
    access = access_to_edit(key)
    game = find_game(access, code)
    again = game.play_again(who_is(request, access.group))
    return redirect(game_url(access, again))


@require_GET
def game_detail(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The game page: rendered once per version (`games.pages`), the latest hands shown
    and the rest one tap away (``?hands=all``)."""
    access, game = game_by_link(key, code)
    if asked := ask_who(request, access):
        return asked
    everything = all_hands(request)
    page = pages.render(
        request,
        "games/game.html",
        pages.key(request, "page", game, access.group.name, everything=everything),
        lambda: game_context(request, access, with_hands(game), all_hands=everything),
    )
    return HttpResponse(page)


@require_GET
def game_chart(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """The running totals chart: the game page loads it when it scrolls into view (htmx
    asks for the chart alone), so that a save's answer and the watching phones' polls go
    without it; without JavaScript, a page of its own. Drawn once per version."""
    access, game = game_by_link(key, code)
    template = "games/chart.html#chart" if request.htmx else "games/chart.html"
    page = pages.render(
        request,
        template,
        pages.key(request, "chart", game, access.group.name),
        lambda: _chart_context(access, with_hands(game)),
    )
    response = HttpResponse(page)
    # Asked again after every change (the page names no version), and two answers by
    # who asks: the chart alone for htmx, the page for a link followed.
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    return response


def _chart_context(access: Access, game: Game) -> dict[str, Any]:
    table = game.table()
    result = game.result()
    return {
        "access": access,
        "game": game,
        "table": table,
        "result": result,
        "target": get_game(game.kind).standing(table, result).target,
    }


def all_hands(request: HttpRequest) -> bool:
    """Whether this phone shows every hand: asked for, or (an htmx save or undo) asked
    from a page that shows them all."""
    if request.GET.get("hands") == "all":
        return True
    shown_on = request.headers.get("HX-Current-URL", "")
    return parse_qs(urlsplit(shown_on).query).get("hands") == ["all"]


def _live_etag(request: HttpRequest, key: str, code: str) -> str:
    """The live fragment's ETag: from the shared cache when it knows (`games.live`), else
    from one query, the game's version found by its code and the link together (a wrong
    pair is a 404 before anything else runs)."""
    if not (could_be_code(key) and could_be_code(code)):
        raise Http404
    if (cached := live.known(key, code)) is not None:
        return _etag(*cached)
    found = Game.objects.version_by_link(key, code)
    if found is None:
        raise Http404
    version, can_edit, group = found
    live.learn(key, code, group, version, can_edit)
    return _etag(version, can_edit)


def _live_headers(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Every answer of the poll, 304 included, is checked again each time and differs by
    language and by who asks."""

    @wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ["Accept-Language", "Cookie"])
        return response

    return answer


@require_GET
@_live_headers
@condition(etag_func=_live_etag)
def game_live(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The scoreboard and hands, for polling phones: 304 while the game is unchanged."""
    access, game = game_by_link(key, code)
    everything = all_hands(request)
    part = pages.render(
        request,
        "games/game.html#live",
        pages.key(request, "live", game, access.group.name, everything=everything),
        # A phone that polls keeps its own open form; it only needs to know the state.
        lambda: game_context(request, access, with_hands(game), all_hands=everything, polling=True),
    )
    response = HttpResponse(part)
    # The version just read (the ETag was read before it); the hands, read after it, are
    # as new as that or newer, so a phone never keeps an older state under a newer tag.
    response["ETag"] = _etag(game.version, access.can_edit)
    return response


def _etag(version: int, can_edit: bool) -> str:
    # The fragment depends on the game, the reader's language and what the link allows.
    # Starting the next game bumps the finished game's version (`Game.play_again`), so a
    # watcher's 304 ends when the next game it is offered begins.
    return f'W/"{version}-{get_language()}-{int(can_edit)}"'


#: Hands in the game page's table; the rest are one tap away.
LATEST = 10


def next_games(game: Any) -> QuerySet[Game]:
    """The game started with "New game, same table" after this one (at most one)."""
    return Game.objects.filter(previous=game).order_by("pk")


def game_context(
    request: HttpRequest,
    access: Access,
    game: Game,
    form: HandForm | None = None,
    conflict: dict[str, Any] | None = None,
    *,
    all_hands: bool = False,
    polling: bool = False,
) -> dict[str, Any]:
    """What the game page shows: its rows are the latest `LATEST` hands unless `all_hands`
    (so its cost and size do not grow with the game), its chart the whole game."""
    table = game.table()
    stored = game.hand_list()
    hands = [hand.data for hand in stored]
    rules = get_game(game.kind)
    result = game.result()
    next_dealer = game.next_dealer()
    standing = rules.standing(table, result)
    target = standing.target
    entering = form is not None or (
        access.can_edit and not result.finished and not game.abandoned_at
    )
    # The next hand's empty form: drawn once per game and language, its number and dealer
    # filled in (`games.pages.hand_form`); a poll needs none, a refused form has its own.
    # From the page of every hand, a save (with or without JavaScript) comes back to it.
    every = "?hands=all" if all_hands else ""
    form_urls = {
        "form_action": pages.link("hand_create", access.key, game.code) + every,
        "preview_url": pages.link("hand_preview", access.key, game.code),
        "htmx_target": "#main",
    }
    form_html = ""
    if form is None and entering and not polling:
        form_html = pages.hand_form(
            game,
            access.key + every,
            lambda: _empty_form(request, game, table, hands, form_urls),
            len(hands) + 1,
            next_dealer,
        )
    shown = len(stored) if all_hands else LATEST
    marks = _marks(game, stored[-shown:])
    live_url = pages.link("game_live", access.key, game.code)
    undo_url = pages.link("undo", access.key, game.code) + every
    next_game = next_games(game).first() if result.finished else None
    return {
        "access": access,
        "game": game,
        "table": table,
        "etag": _etag(game.version, access.can_edit),
        # Watching phones are offered the next game in one tap (the poll brings it).
        "next_game": next_game,
        **form_urls,
        "undo_url": undo_url,
        # Polls carry these too, so an open form can follow a hand saved elsewhere.
        "next_number": len(hands) + 1,
        "next_dealer": next_dealer,
        "save_label": _("Save hand %(number)d") % {"number": len(hands) + 1},
        "result": result,
        "scoreboard": _scoreboard(table, result, standing, next_dealer),
        "rows": _hand_rows(access, game, table, stored[-shown:], result, marks),
        "last_hand": stored[-1] if stored else None,
        # The hands not in the table, one tap away.
        "earlier_hands": len(stored) - shown if len(stored) > shown else 0,
        "all_hands": all_hands,
        "form": form,
        "form_html": form_html,
        "entering": entering,
        "polling": polling,
        "conflict": conflict,
        "winner_text": say(result.decision.text) if result.decision else "",
        # A phone showing every hand polls for every hand.
        "live_url": f"{live_url}?hands=all" if all_hands else live_url,
        "who": who_is(request, access.group),
        "target": target,
    }


def _empty_form(
    request: HttpRequest,
    game: Game,
    table: Table[Any],
    hands: list[Any],
    form_urls: dict[str, str],
) -> str:
    """The next hand's form with slots for what changes from hand to hand."""
    form = HandForm(
        game=game,
        initial={
            "number": pages.NUMBER,
            "dealer": pages.DEALER,
            "rotation_dealer": pages.DEALER,
            "entry": pages.ENTRY,
        },
    )
    context = {
        "form": form,
        **form_urls,
        # Its own message: the number is a slot here, filled in per hand.
        "save_label": pgettext("hand form", "Save hand %(number)s") % {"number": pages.NUMBER},
    }
    return render_to_string("games/_hand_form.html", context | pages.slots(), request)


def _hand_rows(
    access: Access,
    game: Game,
    table: Table[Any],
    shown: list[Hand],
    result: GameResult,
    marks: dict[str, dict[str, Any]],
) -> list[SafeString]:
    """The rows of the hands table, newest first, each kept by what it shows
    (`pages.kept_parts`): a hand's row stays the same text from one version to the next
    until the hand, its totals or its marks change, so a save draws only the rows that
    changed (its own, and the one that was the newest)."""
    last = len(result.hands)
    parts: list[tuple[str, Callable[[], str]]] = []
    for position, hand in enumerate(reversed(shown)):
        scored = result.hands[hand.number - 1]
        mark = marks.get(hand.code)
        # The newest rows carry what table.js reads; the newest hand, its form's inputs.
        recent = position < LATEST
        newest = access.can_edit and hand.number == last
        # (total, points) per side in seating order, ready for the table.
        cells = [(scored.totals[side], scored.points.get(side, 0)) for side in table.sides]
        seen = json.dumps(
            [
                game.pk,
                game.code,
                access.key,
                hand.number,
                hand.entry,
                hand.data,
                cells,
                scored.made,
                recent,
                newest,
                _mark_seen(mark),
            ],
            sort_keys=True,
        )
        draw = partial(_draw_row, access, game, table, hand, scored, cells, mark, recent, newest)
        parts.append((seen, draw))
    return pages.kept_parts("hand-row", parts)


def _mark_seen(mark: dict[str, Any] | None) -> list[Any] | None:
    """What a row shows of its mark, for its cache key."""
    if mark is None:
        return None
    change = mark["change"]
    when = change and [change["id"], change["action"], change["by"], change["at"].isoformat()]
    return [when, mark["was"], get_current_timezone_name()]


def _draw_row(
    access: Access,
    game: Game,
    table: Table[Any],
    hand: Hand,
    scored: ScoredHand,
    cells: list[tuple[int, int]],
    mark: dict[str, Any] | None,
    recent: bool,
    newest: bool,
) -> str:
    """One hand's row: its words, links and cells, made ready here so that the template
    only places them."""
    outcome = "made" if scored.made is True else "failed" if scored.made is False else ""
    row = {
        "number": hand.number,
        "entry": hand.entry,
        "url": reverse("hand", args=[access.key, game.code, hand.number]),
        "why_label": _("Why? Hand %(number)s") % {"number": hand.number},
        "mark": mark,
        "summary": say(get_game(game.kind).summary(hand.data)),
        "outcome": outcome,
        # The short word beside a hand; the engine's "made" names a field of the game file.
        "outcome_text": {
            "made": pgettext("hand outcome", "made"),
            "failed": pgettext("hand outcome", "failed"),
        }.get(outcome, ""),
        # The newest hand as the form's inputs: an open form holding exactly this hand
        # was too late, and is cleared rather than saved again (table.js).
        "inputs": urlencode(posted(table, hand.data)) if newest else "",
        "cells": cells,
    }
    context = {"row": row, "recent": recent, "access": access, "game": game}
    return render_to_string("games/game.html#hand-row", context)


def _marks(game: Game, shown: list[Hand]) -> dict[str, dict[str, Any]]:
    """What happened to each hand shown after it was entered, for its row: the last
    correction or bringing back (by whom, when), and the number it had before it moved,
    if it did."""
    numbers = {hand.code: hand.number for hand in shown}
    marks: dict[str, dict[str, Any]] = {}
    for change in game.change_list(shown):
        number = numbers[change["hand_code"]]
        mark = marks.setdefault(change["hand_code"], {"change": None, "was": None})
        if change["action"] in (Change.EDIT, Change.RESTORE):
            mark["change"] = change
        if change["number"] != number:
            mark["was"] = change["number"]
    return {code: mark for code, mark in marks.items() if mark["change"] or mark["was"]}


def _scoreboard(
    table: Table[object], result: GameResult, standing: Standing, dealer: str | None
) -> list[dict[str, Any]]:
    """A row per player, or per team with its members, in seating order."""
    totals = result.totals
    best = max(totals.values()) if result.hands else None
    target = standing.target
    members = {team.name: team.members for team in table.teams}
    rows = []
    for side in table.sides:
        players = members.get(side, (side,))
        rows.append(
            {
                "name": side,
                # Shown under a team's own name; a team named after its partners needs none.
                "members": players if side in members and side != " & ".join(players) else (),
                "total": totals[side],
                "dealer": dealer if dealer in players else None,
                "leader": best is not None and totals[side] == best,
                "to_go": target - totals[side]
                if target is not None and totals[side] < target
                else None,
                "note": say(standing.notes[side]) if side in standing.notes else "",
                "winner": side in result.winners,
            }
        )
    return rows
