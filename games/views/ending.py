"""Ending a game early: abandoning it (kept, and it can be taken up again) or deleting one
that has no hands. Each asks first on a page of its own, so it works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.devices import who_is
from games.views.access import access_to_edit, ask_who, find_game, game_url


@require_GET
def game_end(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The question before abandoning, taking up or deleting: what each one does."""
    access = access_to_edit(key)
    if asked := ask_who(request, access):
        return asked
    game = find_game(access, code)
    return render(
        request,
        "games/game_end.html",
        {
            "access": access,
            "game": game,
            "hand_count": len(game.hand_list()),
            "finished": game.state().is_finished(),
        },
    )


@require_POST
def game_abandon(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_to_edit(key)
    game = find_game(access, code)
    if game.abandon(who_is(request, access.group)):
        messages.success(
            request,
            _("%(game)s abandoned. It is kept with its night and can be taken up again.")
            % {"game": game.get_kind_display()},
        )
        return redirect("group", key)
    # A second tap, or the game was won meanwhile: nothing more to do than show it.
    return redirect(game_url(access, game))


@require_POST
def game_take_up(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_to_edit(key)
    game = find_game(access, code)
    if game.take_up(who_is(request, access.group)):
        messages.success(request, _("The game is in play again."))
    return redirect(game_url(access, game))


@require_POST
def game_delete(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_to_edit(key)
    game = find_game(access, code)
    if not game.delete_if_empty(who_is(request, access.group)):
        messages.error(
            request,
            _("Not deleted: a hand was saved in this game meanwhile. It can be abandoned."),
        )
        return redirect(game_url(access, game))
    messages.success(request, _("Game deleted."))
    return redirect("group", key)
