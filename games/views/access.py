"""How a request reaches a group: by one of its secret links, which decides what it may do."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from games import feed
from games.devices import who_is
from games.models import Game, Group, Player
from games.present.game import read_seats_and_hands


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@dataclass(frozen=True)
class Access:
    """A group as reached through one of its links."""

    group: Group
    key: str
    can_edit: bool


# Keys and codes reach the views as the URLs' `code` converter lets them through
# (games/urls.py): letters and digits only.


def access_for(key: str) -> Access:
    group = get_object_or_404(Group, Q(edit_key=key) | Q(view_key=key))
    return Access(group, key, group.edit_key == key)


def access_to_edit(key: str) -> Access:
    access = access_for(key)
    if not access.can_edit:
        raise PermissionDenied(_("This is a view-only link: it cannot change anything."))
    return access


def find_game(access: Access, code: str) -> Game:
    """The group's game with its seats and hands."""
    return read_seats_and_hands(get_object_or_404(Game, group=access.group, code=code))


def after_deletion(
    page: str, otherwise: str = "group"
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """For a game's `page` (a URL name taking the link and the game's code): once the game
    is deleted (it had no hands), a phone or a big screen still on it goes on to the same
    page of the game the table played before it, or to the group's `otherwise` page, and is
    told why. A poll (htmx) is sent there by its answer (`HX-Redirect`), as when the next
    game starts."""

    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def answer(request: HtmxHttpRequest, key: str, code: str, **kwargs: Any) -> HttpResponse:
            try:
                return view(request, key, code, **kwargs)
            except Http404:
                gone = feed.deleted(key, code)
                if gone is None:
                    raise
            previous = gone.get("previous")
            same_group = Q(group__edit_key=key) | Q(group__view_key=key)
            if previous and Game.objects.filter(same_group, code=previous).exists():
                url = reverse(page, args=[key, previous])
            else:
                url = reverse(otherwise, args=[key])
            # A warning: it stands beside the winner banner of the game gone back to.
            messages.warning(request, _("That game was deleted: no hand had been saved in it."))
            if request.htmx:
                response: HttpResponse = HttpResponseClientRedirect(url)
            else:
                response = redirect(url)
            response["Cache-Control"] = "no-cache"
            return response

        return answer

    return wrap


def game_to_change(key: str, code: str, entry: str = "") -> tuple[Access, Game]:
    """The game this full link and code lead to, with its group, seats and hands, its row
    locked until the caller's transaction ends (`Game.objects.locked`): the link and the
    game in one query, with whether the hand of this `entry` was deleted since. A view-only
    link is refused, as by `access_to_edit`."""
    game = Game.objects.locked(key, code, entry)
    if game is not None:
        return Access(game.group, key, can_edit=True), game
    access_to_edit(key)  # refuses a view-only link, and finds no group for a made-up one
    raise Http404


def game_by_link(key: str, code: str) -> tuple[Access, Game]:
    """The game reached by this link, and what the link allows, in one query: the game's
    row and its group, without seats or hands (`GamePage.read`): what a page whose parts
    are kept needs."""
    game = Game.objects.by_link(key, code)
    if game is None:
        raise Http404
    return Access(game.group, key, game.group.edit_key == key), game


def find_player(access: Access, code: str) -> Player:
    return get_object_or_404(Player, group=access.group, code=code)


def ask_who(request: HttpRequest, access: Access) -> HttpResponse | None:
    """Send a device with the full link to say who it is, once."""
    if access.can_edit and not who_is(request, access.group):
        query = urlencode({"next": request.get_full_path()})
        return redirect(f"{reverse('who', args=[access.key])}?{query}")
    return None


def game_url(access: Access, game: Game) -> str:
    return reverse("game", args=[access.key, game.code])


def local_path(value: str, request: HttpRequest) -> str:
    """`value` if it is a path on this site ("/g/..."), else "": where a form may send the
    browser next. A bare word ("abc") would otherwise be read as the name of a view."""
    if (
        value.isprintable()
        and value.startswith("/")
        and not value.startswith("//")
        and url_has_allowed_host_and_scheme(value, allowed_hosts={request.get_host()})
    ):
        return value
    return ""


def to_int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:  # junk, digits int() refuses ("²"), or more digits than it reads
        return 0
