"""Starting games and playing them: the game page, its live scoreboard and the hand form."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)

from games import live
from games.devices import who_is
from games.forms import GameNoteForm, NewGameForm
from games.models import Game, Group, seats_and_hands
from games.present.game import GamePage, all_hands, etag, game_context
from games.present.words import named_by_players
from games.rules import GAMES
from games.rules.teams import partners
from games.views.access import (
    HtmxHttpRequest,
    access_to_edit,
    after_deletion,
    ask_who,
    find_game,
    game_by_link,
    game_url,
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
    seats, dealer, teams = _table_for(group, kind)
    form = NewGameForm(
        request.POST if request.method == "POST" else None,
        group=group,
        kind=kind,
        seats=seats,
        initial={"first_dealer": dealer, **teams},
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
            at_the_table=True,
        )
        return redirect(game_url(access, started))
    return render(request, "games/new_game.html", {"access": access, "form": form})


def _table_for(group: Group, kind: str) -> tuple[list[str], int, dict[str, str]]:
    """Who sits down to a new game of `kind`, in which seat the first dealer, and the names
    of its teams: the table that played the group's last game, of any kind, if that many
    can play this one, with the deal passed on; else the table of its last game of this
    kind; else the last game's table in its seating order, as many as usually play (the
    partners across from each other stay so), then the group's others in the order they
    joined. A game given up is no table to sit down at again."""
    low, high = GAMES[kind].seats
    played = group.games.filter(abandoned_at=None).prefetch_related(*seats_and_hands())
    last = played.first()
    if last is not None and low <= len(last.players) <= high:
        dealer = last.state().next_dealer()
        # A game read from a backup may name a first dealer who sits nowhere: seat 1 then.
        seat = last.players.index(dealer) + 1 if dealer in last.players else 1
        return last.players, seat, _team_names(last, kind)
    if same := played.filter(kind=kind).first():
        return same.players, 1, _team_names(same, kind)
    joined = [player.name for player in group.players.order_by("id")]
    # As the group spells them: a game file may have written "anne" for Anne.
    spelling = {name.lower(): name for name in joined}
    table = [spelling.get(name.lower(), name) for name in (last.players if last else [])]
    others = [name for name in joined if name not in table]
    return [*table, *others][: GAMES[kind].usual_players], 1, {}


def _team_names(game: Game, kind: str) -> dict[str, str]:
    """For a game of two teams (seats 1 and 3 against 2 and 4), the name each pair was
    given in `game` where the same two played together there: Euchre's "Nord" and "Sør"
    sit down to Kaiser as "Nord" and "Sør"."""
    if not GAMES[kind].team_game or len(game.players) != 4:
        return {}
    pairs = {frozenset(members): name for name, members in (game.teams or {}).items()}
    names = {}
    for i, pair in enumerate(partners(game.players), start=1):
        name = pairs.get(frozenset(pair), "")
        # A name the table gave, not the one a team without a name goes by ("Anne & Cato"):
        # that one follows the seats, should the form change them.
        if name and name != named_by_players(pair):
            names[f"team_{i}"] = name
    return names


@require_POST
def play_again(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """A new game at the same table, same rules, the deal passing on as it would have."""
    access = access_to_edit(key)
    game = find_game(access, code)
    again = game.play_again(who_is(request, access.group))
    return redirect(game_url(access, again))


@require_GET
@after_deletion("game")
def game_detail(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The game page: its parts drawn once per version and kept (`games.present`), the
    latest hands shown and the rest one tap away (``?hands=all``)."""
    access, game = game_by_link(key, code)
    if asked := ask_who(request, access):
        return asked
    context = game_context(request, access, game, all_hands=all_hands(request))
    return render(request, "games/game.html", context)


@require_POST
def game_note(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """Write the note on the game (spec "Notes"); a note beyond the limits is refused in
    the form, on the game's page."""
    access = access_to_edit(key)
    game = find_game(access, code)
    form = GameNoteForm(request.POST)
    if not form.is_valid():
        context = game_context(request, access, game, note_form=form)
        return render(request, "games/game.html", context, status=422)
    if game.write_note(form.cleaned_data["note"], who_is(request, access.group)):
        messages.success(request, _("The note on the game is saved."))
    return redirect(game_url(access, game))


@require_GET
def game_chart(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """The running totals chart: the game page loads it when it scrolls into view (htmx
    asks for the chart alone), so that a save's answer and the watching phones' polls go
    without it; without JavaScript, a page of its own, which asks for itself again as the
    game changes (`?page`, `games/followed.html`). Drawn once per version."""
    access, game = game_by_link(key, code)
    alone = request.htmx and "page" not in request.GET
    template = "games/chart.html#chart" if alone else "games/chart.html"
    page = GamePage(access, game)
    response = render(request, template, {"access": access, "game": game, "page": page})
    # Asked again after every change (the page names no version), and two answers by
    # who asks: the chart alone for htmx, the page for a link followed.
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    return response


def _live_etag(request: HttpRequest, key: str, code: str) -> str:
    """The live fragment's ETag: from the shared cache when it knows (`games.live`), else
    from one query, the game's version and its group's links found by its code (a code
    and a link of another group are a 404 before anything else runs)."""
    if (cached := live.known(key, code)) is not None:
        return etag(*cached)
    found = Game.objects.version_by_link(key, code)
    if found is None:
        raise Http404
    version, can_edit, group = found
    live.learn(key, code, group, version, can_edit)
    return etag(version, can_edit)


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
@after_deletion("game")
@_live_headers
@condition(etag_func=_live_etag)
def game_live(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The scoreboard and hands, for polling phones: 304 while the game is unchanged."""
    access, game = game_by_link(key, code)
    # The next hand's empty form comes too: htmx morphs it into the open one, which sent
    # what it holds, for the form to say how the game moved under it.
    context = game_context(request, access, game, all_hands=all_hands(request), polled=request.GET)
    response = render(request, "games/game.html#live", context)
    # The version just read (the ETag was read before it); the hands, read after it, are
    # as new as that or newer, so a phone never keeps an older state under a newer tag.
    response["ETag"] = etag(game.version, access.can_edit)
    return response
