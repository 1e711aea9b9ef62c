"""Starting games and playing them: the game page, its live scoreboard and the hand form."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)

from games import live
from games.forms import AdjustmentForm, GameNoteForm, HandForm, NewGameForm, new_form_token, say
from games.models import Game
from games.present import Following, GamePage, Turn, follow_form
from games.rules import GAMES, get_game
from games.views.access import (
    Access,
    HtmxHttpRequest,
    access_to_edit,
    ask_who,
    find_game,
    game_by_link,
    game_url,
    who_is,
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
    # Seats as at the group's last game of this kind that was not abandoned (one given up
    # is no table to sit down at again), else the group's players in the order they joined.
    last = group.games.filter(kind=kind, abandoned_at=None).prefetch_related("seats").first()
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
            at_the_table=True,
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
    without it; without JavaScript, a page of its own. Drawn once per version."""
    access, game = game_by_link(key, code)
    template = "games/chart.html#chart" if request.htmx else "games/chart.html"
    page = GamePage(access, game)
    response = render(request, template, {"access": access, "game": game, "page": page})
    # Asked again after every change (the page names no version), and two answers by
    # who asks: the chart alone for htmx, the page for a link followed.
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
    return response


def all_hands(request: HttpRequest) -> bool:
    """Whether this phone shows every hand: asked for, or (an htmx save or undo) asked
    from a page that shows them all."""
    if request.GET.get("hands") == "all":
        return True
    try:
        shown_on = urlsplit(request.headers.get("HX-Current-URL", ""))
    except ValueError:  # a header no browser sends ("http://[::1"): a page like any other
        return False
    return parse_qs(shown_on.query).get("hands") == ["all"]


def _live_etag(request: HttpRequest, key: str, code: str) -> str:
    """The live fragment's ETag: from the shared cache when it knows (`games.live`), else
    from one query, the game's version found by its code and the link together (a wrong
    pair is a 404 before anything else runs)."""
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
    # The next hand's empty form comes too: htmx morphs it into the open one, which sent
    # what it holds, for the form to say how the game moved under it.
    context = game_context(request, access, game, all_hands=all_hands(request), polled=request.GET)
    response = render(request, "games/game.html#live", context)
    # The version just read (the ETag was read before it); the hands, read after it, are
    # as new as that or newer, so a phone never keeps an older state under a newer tag.
    response["ETag"] = _etag(game.version, access.can_edit)
    return response


def _etag(version: int, can_edit: bool) -> str:
    # The fragment depends on the game, the reader's language and what the link allows.
    # Starting the next game bumps the finished game's version (`Game.play_again`), so a
    # watcher's 304 ends when the next game it is offered begins.
    return f'W/"{version}-{get_language()}-{int(can_edit)}"'


def game_context(
    request: HttpRequest,
    access: Access,
    game: Game,
    form: HandForm | None = None,
    conflict: dict[str, Any] | None = None,
    *,
    all_hands: bool = False,
    polled: QueryDict | None = None,
    note_form: GameNoteForm | None = None,
    adjust_form: AdjustmentForm | None = None,
) -> dict[str, Any]:
    """What the game page draws: the parts kept per version come from `page` (worked out
    only if they are not kept); around them this request's own: its form (a refused one,
    or the next hand's empty form with a new entry key) and its links."""
    page = GamePage(access, game, all_hands=all_hands)
    turn = page.turn
    entering = form is not None or (access.can_edit and turn.open)
    # A poll carries the next hand's empty form too, for htmx to morph into the open
    # form (its taps stay).
    fresh_form = form is None and entering
    following = Following(turn.next_dealer or "", turn.next_dealer or "")
    if fresh_form:
        following = follow_form(page, polled or QueryDict())
        # Built only if its fields are not kept (`_hand_form.html`).
        form = cast(HandForm, SimpleLazyObject(lambda: _empty_form(page, turn, following)))
    # The penalty form below the hand form: one refused, or an empty one while the game
    # is open, built only if its fields are not kept (`_adjust_form.html`).
    adjust_fresh = adjust_form is None and access.can_edit and turn.open
    if adjust_fresh:
        adjust_form = cast(
            AdjustmentForm,
            SimpleLazyObject(
                lambda: AdjustmentForm(game=game, initial={"number": turn.next_number})
            ),
        )
    # From the page of every hand, a save (with or without JavaScript) comes back to it.
    every = "?hands=all" if all_hands else ""
    live_url = reverse("game_live", args=[access.key, game.code])
    return {
        "access": access,
        "game": game,
        "page": page,
        "turn": turn,
        "etag": _etag(game.version, access.can_edit),
        "form_action": reverse("hand_create", args=[access.key, game.code]) + every,
        "preview_url": reverse("hand_preview", args=[access.key, game.code]),
        "htmx_target": "#main",
        "undo_url": reverse("undo", args=[access.key, game.code]) + every,
        # A phone showing every hand polls for every hand.
        "live_url": f"{live_url}?hands=all" if all_hands else live_url,
        # Polls carry these too, so an open form can follow a hand saved elsewhere.
        "next_number": turn.next_number,
        "next_dealer": turn.next_dealer,
        "save_label": turn.save_label,
        "last_hand": turn.last_hand,
        "all_hands": all_hands,
        "form": form,
        "fresh_form": fresh_form,
        # What the empty form's tag says without the form being made.
        "redeal_keeps_dealer": get_game(game.kind).redeal_keeps_dealer,
        "entry_key": new_form_token() if fresh_form else "",
        "entering": entering,
        # What the game says of the next hand before it is tapped (the cards it deals).
        "hint": say(turn.hint) if fresh_form else "",
        "conflict": conflict,
        "following": following,
        # The game's note as it is, or as refused.
        "note_form": note_form or GameNoteForm(initial={"note": game.note}),
        "adjust_form": adjust_form,
        "adjust_fresh": adjust_fresh,
        "adjust_shown": adjust_fresh or adjust_form is not None,
        "adjust_key": new_form_token() if adjust_fresh else "",
        "adjust_action": reverse("adjustment_create", args=[access.key, game.code]) + every,
        "adjust_label": _("Save the adjustment"),
    }


def _empty_form(page: GamePage, turn: Turn, following: Following) -> HandForm:
    """The next hand's form, the rotation's dealer chosen (or the one picked by hand)."""
    return HandForm(
        game=page.game,
        initial={
            "number": turn.next_number,
            "dealer": following.dealer,
            "rotation_dealer": following.rotation_dealer,
        },
    )
