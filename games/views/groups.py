"""The start page and a group's own page: its links, players and games."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Exists, OuterRef, Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.devices import set_who, who_is
from games.forms import GroupForm, PlayerForm, WhoForm
from games.management.commands.lan_address import lan_addresses
from games.models import Game, Group
from games.present.night import NightRow, in_play_on, listed_games, on_a_night
from games.present.season import for_group_page
from games.present.words import say
from games.rules import GAMES
from games.rules.text import join_names
from games.stats import record
from games.views.access import HtmxHttpRequest, access_for, access_to_edit, ask_who, local_path

NIGHTS_PER_PAGE = 20
#: The latest awards on the group page.
LATEST_AWARDS = 3


@require_http_methods(["GET", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            group = Group.objects.create(name=form.cleaned_data["name"].strip())
            name = form.cleaned_data["me"].strip()
            me = group.add_player(name, by=name)
        set_who(request, group, me.name)
        return redirect("group", group.edit_key)
    titles = [say(game.title) for game in GAMES.values()]
    context = {"form": form, "main_game": titles[0], "games": join_names(titles, _)}
    return render(request, "games/home.html", context)


@require_GET
def group_detail(request: HtmxHttpRequest, key: str) -> HttpResponse:
    access = access_for(key)
    if asked := ask_who(request, access):
        return asked
    group = access.group
    # Nights newest first, a page at a time, each with its games scored; the games still
    # being played on the first page's nights are listed on top as well.
    nights = Paginator(
        group.nights.filter(
            Exists(Game.objects.filter(on_a_night(), night=OuterRef("pk")))
        ).prefetch_related(Prefetch("games", queryset=listed_games())),
        NIGHTS_PER_PAGE,
    ).get_page(request.GET.get("page"))
    rows = [NightRow.of(night) for night in nights]
    in_play = in_play_on(rows) if nights.number == 1 else []
    links, site, other_sites = None, "", list[str]()
    # Not for htmx: the page following the table takes its live part alone.
    if access.can_edit and not request.htmx:
        site, other_sites = _site_for_phones(request)
        links = [
            _link(site, group.edit_key, _("Full access: keep score and correct")),
            _link(site, group.view_key, _("View only: follow the score")),
        ]
    return render(
        request,
        "games/group.html",
        {
            "access": access,
            "group": group,
            "nights": nights,
            "rows": rows,
            "in_play": in_play,
            "players": group.players.all(),
            "links": links,
            # Opened on this computer's own address, the links use its network address
            # (or, without one, say that only this computer can open them).
            "loopback": site and _on_loopback(request) and not settings.PUBLIC_URL,
            "reachable": site and not _on_loopback(request, site),
            "other_sites": other_sites,
            "player_form": PlayerForm(group=group),
            # The registry's first game is the group's main one: the big button.
            "main_game": say(next(iter(GAMES.values())).title),
            "other_games": [(name, say(game.title)) for name, game in list(GAMES.items())[1:]],
            "who": who_is(request, group),
            "seasons": for_group_page(group),
            "latest_awards": record.latest_awards(group.pk, LATEST_AWARDS),
        },
    )


def _on_loopback(request: HttpRequest, site: str = "") -> bool:
    """Whether the page was opened by an address only this computer reaches (or `site`,
    "http://host:port", is one)."""
    host = urlsplit(site or f"//{request.get_host()}").hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _site_for_phones(request: HttpRequest) -> tuple[str, list[str]]:
    """The start of the links the phones are given ("http://192.168.1.20:8000"), and any
    other address of this computer they could use. `PUBLIC_URL` wins when set (behind a
    proxy or a host name); on this computer's own address (localhost), its address on
    the network, as `make run` prints it; else the address the page was opened on."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL, []
    opened_on = f"{request.scheme}://{request.get_host()}"
    if not _on_loopback(request):
        return opened_on, []
    # The port the browser asked for, as in "localhost:8000" (none: the scheme's own).
    port = urlsplit(f"//{request.get_host()}").port
    after = f":{port}" if port else ""
    sites = [f"{request.scheme}://{address}{after}" for address in lan_addresses()]
    return (sites[0], sites[1:]) if sites else (opened_on, [])


def _link(site: str, key: str, label: str) -> dict[str, str]:
    url = site + reverse("group", args=[key])
    return {"url": url, "label": label, "qr": _qr_code(url)}


@lru_cache(maxsize=256)
def _qr_code(url: str) -> str:
    """A link's QR code as inline SVG; drawing one takes several milliseconds."""
    return str(
        segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)
    )


@require_http_methods(["GET", "POST"])
def who(request: HttpRequest, key: str) -> HttpResponse:
    access = access_to_edit(key)
    form = WhoForm(
        request.POST if request.method == "POST" else None,
        group=access.group,
        initial={"player": who_is(request, access.group)},
    )
    next_url = local_path(request.POST.get("next") or request.GET.get("next") or "", request)
    if request.method == "POST" and form.is_valid():
        # A new name makes a new player, in the letter case the table already uses for a
        # known one: the next game's seats and the next phone's names offer them.
        name = form.cleaned_data["who"]
        # A phone joining as a new player adds itself.
        (me,) = access.group.players_named([name], by=name)
        set_who(request, access.group, me.name)
        return HttpResponseRedirect(next_url or reverse("group", args=[key]))
    return render(request, "games/who.html", {"access": access, "form": form, "next": next_url})


@require_POST
def replace_links(request: HttpRequest, key: str) -> HttpResponse:
    access = access_to_edit(key)
    access.group.replace_keys(who_is(request, access.group))
    messages.success(request, _("New links made. The old links no longer work."))
    return redirect("group", access.group.edit_key)


@require_POST
def add_player(request: HttpRequest, key: str) -> HttpResponse:
    access = access_to_edit(key)
    form = PlayerForm(request.POST, group=access.group)
    if form.is_valid():
        access.group.add_player(form.cleaned_data["name"], who_is(request, access.group))
        messages.success(
            request, _("%(name)s joined the group.") % {"name": form.cleaned_data["name"]}
        )
    else:
        for error in form["name"].errors:
            messages.error(request, str(error))
    return redirect("group", key)
