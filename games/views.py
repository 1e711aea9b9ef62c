"""Views: a group is reached by its secret link; the link decides what a device may do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails

from games.forms import (
    GroupForm,
    HandForm,
    NewGameForm,
    PlayerForm,
    WhoForm,
    initial_for,
    rule_error,
    say,
)
from games.models import Change, Game, GameChanged, Group, Player, Seat
from games.rules import GAMES, GameResult, RuleError, Standing, Table, get_game


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# --- Lookups ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Access:
    """A group as reached through one of its links."""

    group: Group
    key: str
    can_edit: bool


def _get_access(key: str) -> Access:
    group = Group.objects.filter(Q(edit_key=key) | Q(view_key=key)).first()
    if group is None:
        raise Http404
    return Access(group, key, group.edit_key == key)


def _get_access_to_edit(key: str) -> Access:
    access = _get_access(key)
    if not access.can_edit:
        raise PermissionDenied(_("This is a view-only link: it cannot change anything."))
    return access


def _get_game(access: Access, code: str) -> Game:
    game = (
        Game.objects.filter(group=access.group, code=code)
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("position")), "hands")
        .first()
    )
    if game is None:
        raise Http404
    return game


def _who(request: HttpRequest, group: Group) -> str:
    """The name this device gave for this group ("" before it was asked)."""
    names: dict[str, str] = request.session.get("who", {})
    return names.get(str(group.pk), "")


def _set_who(request: HttpRequest, group: Group, name: str) -> None:
    request.session["who"] = {**request.session.get("who", {}), str(group.pk): name}


def _ask_who(request: HttpRequest, access: Access) -> HttpResponse | None:
    """Send a device with the full link to say who it is, once."""
    if access.can_edit and not _who(request, access.group):
        return redirect(f"{reverse('who', args=[access.key])}?next={request.get_full_path()}")
    return None


def _game_url(access: Access, game: Game) -> str:
    return reverse("game", args=[access.key, game.code])


# --- Group --------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            group = Group.objects.create(name=form.cleaned_data["name"].strip())
            me = Player.objects.create(group=group, name=form.cleaned_data["me"].strip())
        _set_who(request, group, me.name)
        return redirect("group", group.edit_key)
    return render(request, "games/home.html", {"form": form})


@require_GET
def group_detail(request: HttpRequest, key: str) -> HttpResponse:
    access = _get_access(key)
    if asked := _ask_who(request, access):
        return asked
    group = access.group
    games = list(
        group.games.prefetch_related(
            Prefetch("seats", queryset=Seat.objects.order_by("position")), "hands"
        )[:30]
    )
    rows = []
    for game in games:
        try:
            result: GameResult | None = game.result()
        except RuleError:
            result = None
        rows.append({"game": game, "result": result})
    links = None
    if access.can_edit:
        links = [
            _link(request, group.edit_key, _("Full access: keep score and correct")),
            _link(request, group.view_key, _("View only: follow the score")),
        ]
    return render(
        request,
        "games/group.html",
        {
            "access": access,
            "group": group,
            "rows": rows,
            "players": group.players.all(),
            "links": links,
            "player_form": PlayerForm(group=group),
            "other_games": [
                (name, say(game.title)) for name, game in GAMES.items() if name != "amerikaner"
            ],
            "who": _who(request, group),
        },
    )


def _link(request: HttpRequest, key: str, label: str) -> dict[str, str]:
    url = request.build_absolute_uri(reverse("group", args=[key]))
    qr = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)
    return {"url": url, "label": label, "qr": qr}


@require_http_methods(["GET", "POST"])
def who(request: HttpRequest, key: str) -> HttpResponse:
    access = _get_access_to_edit(key)
    form = WhoForm(
        request.POST if request.method == "POST" else None,
        group=access.group,
        initial={"player": _who(request, access.group)},
    )
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        next_url = ""
    if request.method == "POST" and form.is_valid():
        _set_who(request, access.group, form.cleaned_data["who"])
        return redirect(next_url or reverse("group", args=[key]))
    return render(request, "games/who.html", {"access": access, "form": form, "next": next_url})


@require_POST
def replace_links(request: HttpRequest, key: str) -> HttpResponse:
    access = _get_access_to_edit(key)
    access.group.replace_keys()
    messages.success(request, _("New links made. The old links no longer work."))
    return redirect("group", access.group.edit_key)


@require_POST
def add_player(request: HttpRequest, key: str) -> HttpResponse:
    access = _get_access_to_edit(key)
    form = PlayerForm(request.POST, group=access.group)
    if form.is_valid():
        Player.objects.create(group=access.group, name=form.cleaned_data["name"])
        messages.success(
            request, _("%(name)s joined the group.") % {"name": form.cleaned_data["name"]}
        )
    else:
        for error in form["name"].errors:
            messages.error(request, str(error))
    return redirect("group", key)


# --- Games --------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest, key: str, kind: str = "amerikaner") -> HttpResponse:
    access = _get_access_to_edit(key)
    if kind not in GAMES:
        raise Http404
    if asked := _ask_who(request, access):
        return asked
    group = access.group
    # Seats as at the group's last game of this kind, else the group's players in the
    # order they joined.
    last = group.games.filter(kind=kind).prefetch_related("seats").first()
    seats = last.players if last else [p.name for p in group.players.order_by("id")[:6]]
    form = NewGameForm(
        request.POST if request.method == "POST" else None, group=group, kind=kind, seats=seats
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        token = data.get("token") or ""
        made = group.games.filter(form_token=token).first() if token else None
        if made is None:
            try:
                with transaction.atomic():
                    made = Game.objects.create(
                        group=group,
                        kind=kind,
                        rules=data["rules"],
                        teams=data["teams"],
                        start=data["start"],
                        first_dealer=data["dealer"],
                        created_by=_who(request, group),
                        form_token=token,
                    )
                    _seat(made, group.players_named(data["players"]))
            except IntegrityError:  # the same form, sent twice at once: the first one won
                made = group.games.get(form_token=token)
        return redirect(_game_url(access, made))
    return render(request, "games/new_game.html", {"access": access, "form": form})


def _seat(game: Game, players: list[Player]) -> None:
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=i, name=player.name)
        for i, player in enumerate(players, 1)
    )


@require_POST
def play_again(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """A new game at the same table, same rules, the deal passing on as it would have."""
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    with transaction.atomic():
        # A second tap finds the game the first one started (the row lock orders them).
        Game.objects.select_for_update().filter(pk=game.pk).first()
        again = Game.objects.filter(previous=game).first()
        if again is None:
            again = Game.objects.create(
                group=access.group,
                kind=game.kind,
                rules=game.rules,
                teams=game.teams,
                first_dealer=_dealer_after_game(game),
                created_by=_who(request, access.group),
                previous=game,
            )
            _seat(again, [seat.player for seat in game.seats.select_related("player")])
    return redirect(_game_url(access, again))


def _dealer_after_game(game: Game) -> str:
    hands = [hand.data for hand in game.hand_list()]
    table = game.table()
    if not hands:
        return game.first_dealer
    last_dealer = hands[-1].get("dealer")
    return table.seat_after(last_dealer) if last_dealer in table.players else game.first_dealer


@require_GET
def game_detail(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = _get_access(key)
    if asked := _ask_who(request, access):
        return asked
    game = _get_game(access, code)
    context = _game_context(request, access, game)
    return render(request, "games/game.html", context)


@require_GET
def game_live(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The scoreboard and hands, for polling phones: 304 while the game is unchanged."""
    version = (
        Game.objects.filter(code=code)
        .filter(Q(group__edit_key=key) | Q(group__view_key=key))
        .values_list("version", "group__edit_key")
        .first()
    )
    if version is None:
        raise Http404
    etag = _etag(version[0], version[1] == key)
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        access = _get_access(key)
        game = _get_game(access, code)
        context = _game_context(request, access, game)
        # A phone that polls keeps its own open form; it only needs to know the state.
        context["polling"] = True
        response = render(request, "games/game.html#live", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _etag(version: int, can_edit: bool) -> str:
    # The fragment depends on the game, the reader's language and what the link allows.
    return f'W/"{version}-{get_language()}-{int(can_edit)}"'


def _game_context(
    request: HttpRequest,
    access: Access,
    game: Game,
    form: HandForm | None = None,
    conflict: dict[str, Any] | None = None,
) -> dict[str, Any]:
    table = game.table()
    stored = game.hand_list()
    hands = [hand.data for hand in stored]
    rules = get_game(game.kind)
    result = rules.play(table, hands)
    next_dealer = rules.next_dealer(table, hands) if hands else game.first_dealer or None
    standing = rules.standing(table, result)
    target = standing.target
    if form is None and access.can_edit and not result.finished:
        form = HandForm(
            game=game,
            table=table,
            hands=hands,
            initial={"number": len(hands) + 1, "dealer": next_dealer},
        )
    return {
        "access": access,
        "game": game,
        "table": table,
        "etag": _etag(game.version, access.can_edit),
        "form_action": reverse("hand_create", args=[access.key, game.code]),
        "preview_url": reverse("hand_preview", args=[access.key, game.code]),
        "save_label": _("Save hand %(number)d") % {"number": len(hands) + 1},
        "htmx_target": "#main",
        "result": result,
        "scoreboard": _scoreboard(table, result, standing, next_dealer),
        "rows": [
            {
                "stored": hand,
                "scored": scored,
                "summary": say(rules.summary(hand.data)),
                # (total, points) per side in seating order, ready for the table.
                "cells": [
                    (scored.totals[side], scored.points.get(side, 0)) for side in table.sides
                ],
            }
            for hand, scored in reversed(list(zip(stored, result.hands, strict=True)))
        ],
        "hand_url": reverse("hand", args=[access.key, game.code, 0]).removesuffix("0/"),
        "form": form,
        "conflict": conflict,
        "winner_text": say(result.decision.text) if result.decision else "",
        "live_url": reverse("game_live", args=[access.key, game.code]),
        "who": _who(request, access.group),
        "target": target,
    }


def _scoreboard(
    table: Table[Any], result: GameResult, standing: Standing, dealer: str | None
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


@require_POST
def hand_create(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    hands = [hand.data for hand in game.hand_list()]
    form = HandForm(request.POST, game=game, table=game.table(), hands=hands)
    conflict = None
    if form.is_valid():
        try:
            game.add_hand(
                form.cleaned_data["number"], form.cleaned_data["hand"], _who(request, access.group)
            )
        except GameChanged as changed:
            conflict = _conflict(game, changed, form.cleaned_data["hand"])
            form = _fresh_form(game, request.POST)
        except RuleError as exc:  # the game moved on under us and the hand no longer fits
            form.add_error(None, rule_error(exc))
        else:
            if request.htmx:
                game = _get_game(access, code)
                return render(request, "games/game.html#main", _game_context(request, access, game))
            return redirect(_game_url(access, game))
    game = _get_game(access, code)
    context = _game_context(request, access, game, form=form, conflict=conflict)
    template = "games/game.html#main" if request.htmx else "games/game.html"
    return render(request, template, context, status=200 if request.htmx else 422)


def _fresh_form(game: Game, data: Any) -> HandForm:
    """The same inputs, on top of the game as it is now."""
    fresh = _get_game_again(game)
    hands = [hand.data for hand in fresh.hand_list()]
    values = data.copy()
    values["number"] = len(hands) + 1
    form = HandForm(values, game=fresh, table=fresh.table(), hands=hands)
    form.is_valid()
    return form


def _get_game_again(game: Game) -> Game:
    return Game.objects.prefetch_related("seats", "hands").get(pk=game.pk)


def _conflict(game: Game, changed: GameChanged, mine: dict[str, Any]) -> dict[str, Any]:
    theirs = changed.hand
    return {
        "mine": _describe(game, mine),
        "theirs": _describe(game, theirs.data) if theirs else None,
        "theirs_by": theirs.entered_by if theirs else "",
        "number": theirs.number if theirs else None,
    }


@require_GET
def hand_preview(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """What the hand being entered would score, before it is saved."""
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    hands = [hand.data for hand in game.hand_list()]
    replacing = request.GET.get("replacing")
    number = _int(replacing) if replacing else None
    if number is not None and not 1 <= number <= len(hands):
        raise Http404
    form = HandForm(request.GET, game=game, table=game.table(), hands=hands, replacing=number)
    preview = None
    if form.is_valid():
        hands = list(hands)
        if number is None:
            hands.append(form.cleaned_data["hand"])
        else:
            hands[number - 1] = form.cleaned_data["hand"]
        result = get_game(game.kind).play(game.table(), hands)
        scored = result.hands[(number or len(hands)) - 1]
        preview = {
            "made": scored.made,
            "points": scored.points,
            "explanation": " ".join(say(t) for t in scored.outcome.explanation),
            "winner": say(scored.decision.text) if scored.decision else "",
        }
    return render(request, "games/_hand_form.html#preview", {"form": form, "preview": preview})


@require_GET
def hand_detail(request: HttpRequest, key: str, code: str, number: int) -> HttpResponse:
    """Why each player got their points on this hand."""
    access = _get_access(key)
    game = _get_game(access, code)
    result = game.result()
    if not 1 <= number <= len(result.hands):
        raise Http404
    scored = result.hands[number - 1]
    before = result.hands[number - 2].totals if number > 1 else game.table().start_totals()
    hand = next(h for h in game.hand_list() if h.number == number)
    changes = game.changes.filter(number=number)
    return render(
        request,
        "games/hand.html",
        {
            "access": access,
            "game": game,
            "hand": hand,
            "scored": scored,
            "summary": say(get_game(game.kind).summary(hand.data)),
            "explanation": [say(t) for t in scored.outcome.explanation],
            "reasons": [
                {
                    "side": r.side,
                    "points": r.points,
                    "text": say(r.text),
                    "before": before[r.side],
                    "after": scored.totals[r.side],
                }
                for r in scored.outcome.reasons
            ],
            "decision": say(scored.decision.text) if scored.decision else "",
            "changes": [_change_row(game, change, _current(game)) for change in changes],
            "is_last": number == len(result.hands),
        },
    )


def _current(game: Game) -> dict[int, dict[str, Any]]:
    return {hand.number: hand.data for hand in game.hand_list()}


def _describe(game: Game, data: dict[str, Any] | None) -> str:
    """A version of a hand in a few words, with the counts that tell versions apart."""
    if data is None:
        return ""
    rules = get_game(game.kind)
    details = rules.details(data)
    return f"{say(rules.summary(data))} ({details})" if details else say(rules.summary(data))


def _change_row(game: Game, change: Change, current: dict[int, dict[str, Any]]) -> dict[str, Any]:
    return {
        "change": change,
        "before": _describe(game, change.before),
        "after": _describe(game, change.after),
        # Restoring what the hand already is would change nothing: no button for it.
        "is_current": change.after is not None and current.get(change.number) == change.after,
    }


@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, key: str, code: str, number: int) -> HttpResponse:
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    hand = next((h for h in game.hand_list() if h.number == number), None)
    if hand is None:
        raise Http404
    hands = [h.data for h in game.hand_list()]
    table = game.table()
    conflict = None
    if request.method == "POST":
        form = HandForm(request.POST, game=game, table=table, hands=hands, replacing=number)
        if form.is_valid():
            try:
                game.edit_hand(
                    number,
                    form.cleaned_data["revision"] or 0,
                    form.cleaned_data["hand"],
                    _who(request, access.group),
                )
            except GameChanged as changed:
                conflict = _conflict(game, changed, form.cleaned_data["hand"])
                if changed.hand is not None:
                    # Show the newer version; the inputs stay as this phone entered them.
                    values = request.POST.copy()
                    values["revision"] = str(changed.hand.revision)
                    form = HandForm(values, game=game, table=table, hands=hands, replacing=number)
            except RuleError as exc:
                form.add_error(None, rule_error(exc))
            else:
                messages.success(request, _("Hand %(number)d corrected.") % {"number": number})
                return redirect(_game_url(access, game))
    else:
        initial = {
            **initial_for(game, table, hand.data),
            "number": number,
            "revision": hand.revision,
        }
        form = HandForm(game=game, table=table, hands=hands, replacing=number, initial=initial)
    return render(
        request,
        "games/hand_edit.html",
        {
            "access": access,
            "game": game,
            "hand": hand,
            "form": form,
            "conflict": conflict,
            "form_action": reverse("hand_edit", args=[key, code, number]),
            "preview_url": reverse("hand_preview", args=[key, code]),
            "save_label": _("Save the correction"),
        },
        status=422 if request.method == "POST" else 200,
    )


@require_POST
def hand_delete(request: HttpRequest, key: str, code: str, number: int) -> HttpResponse:
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    _delete(request, access, game, number)
    return redirect(_game_url(access, game))


@require_POST
def undo(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """Take back the last hand. The form names it, so a second tap undoes nothing more."""
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    number = _int(request.POST.get("number"))
    hands = game.hand_list()
    if not hands or hands[-1].number != number:
        messages.info(request, _("Nothing undone: that hand is no longer the last one."))
    else:
        _delete(request, access, game, number)
    if request.htmx:
        game = _get_game(access, code)
        return render(request, "games/game.html#main", _game_context(request, access, game))
    return redirect(_game_url(access, game))


def _delete(request: HttpRequest, access: Access, game: Game, number: int) -> None:
    try:
        game.delete_hand(number, _int(request.POST.get("revision")), _who(request, access.group))
    except GameChanged:
        messages.error(
            request,
            _("Hand %(number)d was changed on another phone; nothing was deleted.")
            % {"number": number},
        )
    except RuleError as exc:
        messages.error(request, rule_error(exc))
    else:
        messages.success(
            request,
            _("Hand %(number)d deleted. The history can bring it back.") % {"number": number},
        )


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:  # junk, digits int() refuses ("²"), or more digits than it reads
        return 0


@require_GET
def history(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = _get_access(key)
    game = _get_game(access, code)
    current = _current(game)
    changes = [_change_row(game, change, current) for change in game.changes.all()]
    return render(
        request, "games/history.html", {"access": access, "game": game, "changes": changes}
    )


@require_POST
def restore(request: HttpRequest, key: str, code: str, change: str) -> HttpResponse:
    access = _get_access_to_edit(key)
    game = _get_game(access, code)
    found = game.changes.filter(code=change).first()
    if found is None:
        raise Http404
    try:
        game.restore(found, _who(request, access.group))
    except RuleError as exc:
        messages.error(request, rule_error(exc))
        return redirect("history", key, code)
    messages.success(request, _("Hand %(number)d restored.") % {"number": found.number})
    return redirect(_game_url(access, game))
