"""Starting games and playing them: the game page, its live scoreboard and the hand form."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.forms import (
    HandForm,
    NewGameForm,
    initial_for,
    rule_error,
    say,
)
from games.models import Change, EntryDeleted, Game, GameChanged, Hand
from games.rules import GAMES, GameResult, RuleError, Standing, Table, get_game
from games.views.access import (
    Access,
    HtmxHttpRequest,
    access_for,
    access_to_edit,
    ask_who,
    could_be_code,
    find_game,
    game_url,
    to_int,
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
                        created_by=who_is(request, group),
                        form_token=token,
                    )
                    made.take_seats(data["players"])
            except IntegrityError:  # the same form, sent twice at once: the first one won
                made = group.games.get(form_token=token)
        return redirect(game_url(access, made))
    return render(request, "games/new_game.html", {"access": access, "form": form})


@require_POST
def play_again(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """A new game at the same table, same rules, the deal passing on as it would have."""
    access = access_to_edit(key)
    game = find_game(access, code)
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
                created_by=who_is(request, access.group),
                previous=game,
            )
            again.take_seats(game.players)
    return redirect(game_url(access, again))


def _dealer_after_game(game: Game) -> str:
    """Who deals first in the next game: the deal goes on round the table."""
    hands = [hand.data for hand in game.hand_list()]
    return get_game(game.kind).next_dealer(game.table(), hands) or game.first_dealer


@require_GET
def game_detail(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_for(key)
    if asked := ask_who(request, access):
        return asked
    game = find_game(access, code)
    context = game_context(request, access, game)
    return render(request, "games/game.html", context)


@require_GET
def game_live(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """The scoreboard and hands, for polling phones: 304 while the game is unchanged."""
    if not (could_be_code(key) and could_be_code(code)):
        raise Http404
    version = (
        Game.objects.filter(code=code)
        .filter(Q(group__edit_key=key) | Q(group__view_key=key))
        .annotate(next_code=Subquery(next_games(OuterRef("pk")).values("code")[:1]))
        .values_list("version", "group__edit_key", "next_code")
        .first()
    )
    if version is None:
        raise Http404
    etag = _etag(version[0], version[1] == key, version[2])
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        access = access_for(key)
        game = find_game(access, code)
        context = game_context(request, access, game)
        # A phone that polls keeps its own open form; it only needs to know the state.
        context["polling"] = True
        response = render(request, "games/game.html#live", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _etag(version: int, can_edit: bool, next_code: str | None = None) -> str:
    # The fragment depends on the game, the reader's language, what the link allows and
    # the game started after it ("New game, same table"), which a finished game offers.
    return f'W/"{version}-{get_language()}-{int(can_edit)}-{next_code or ""}"'


def next_games(game: Any) -> QuerySet[Game]:
    """The game started with "New game, same table" after this one (at most one)."""
    return Game.objects.filter(previous=game).order_by("pk")


def game_context(
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
    if form is None and access.can_edit and not result.finished and not game.abandoned_at:
        form = HandForm(
            game=game,
            table=table,
            hands=hands,
            initial={"number": len(hands) + 1, "dealer": next_dealer},
        )
    marks = _marks(game, stored)
    next_game = next_games(game).first() if result.finished else None
    return {
        "access": access,
        "game": game,
        "table": table,
        "etag": _etag(game.version, access.can_edit, next_game.code if next_game else None),
        # Watching phones are offered the next game in one tap (the poll brings it).
        "next_game": next_game,
        "form_action": reverse("hand_create", args=[access.key, game.code]),
        "preview_url": reverse("hand_preview", args=[access.key, game.code]),
        # Polls carry these too, so an open form can follow a hand saved elsewhere.
        "next_number": len(hands) + 1,
        "next_dealer": next_dealer,
        "save_label": _("Save hand %(number)d") % {"number": len(hands) + 1},
        "htmx_target": "#main",
        "result": result,
        "scoreboard": _scoreboard(table, result, standing, next_dealer),
        "rows": [
            {
                "stored": hand,
                "scored": scored,
                "mark": marks.get(hand.code),
                "summary": say(rules.summary(hand.data)),
                # The newest hand as the form's inputs: an open form holding exactly this
                # hand was too late, and is cleared rather than saved again (table.js).
                "inputs": urlencode(_form_values(table, hand.data))
                if access.can_edit and hand.number == len(stored)
                else "",
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
        "who": who_is(request, access.group),
        "target": target,
    }


def _form_values(table: Table[Any], data: dict[str, Any]) -> dict[str, str]:
    """A hand as the hand form's checked inputs send it (a ticked box sends "on")."""
    values = initial_for(table, data)
    return {k: "on" if v is True else str(v) for k, v in values.items() if v is not False}


def _marks(game: Game, stored: list[Hand]) -> dict[str, dict[str, Any]]:
    """What happened to each hand after it was entered, for its row: the last correction
    or bringing back (by whom, when), and the number it had before it moved, if it did."""
    numbers = {hand.code: hand.number for hand in stored}
    marks: dict[str, dict[str, Any]] = {}
    for change in sorted(game.changes.all(), key=lambda c: (c.at, c.pk)):
        number = numbers.get(change.hand_code)
        if number is None:
            continue  # a hand deleted since
        mark = marks.setdefault(change.hand_code, {"change": None, "was": None})
        if change.action in (Change.EDIT, Change.RESTORE):
            mark["change"] = change
        if change.number != number:
            mark["was"] = change.number
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


@require_POST
def hand_create(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    access = access_to_edit(key)
    game = find_game(access, code)
    # A form sent again whose hand is stored (the answer was lost, or an offline queue
    # sends it late) is answered as a save, before the form is checked against a game
    # that now holds the hand.
    entry = request.POST.get("entry", "")
    stored = game.hands.filter(entry=entry).first() if entry else None
    if stored is not None:
        messages.success(request, saved_line(game, stored))
        return _after_save(request, access, game)
    hands = [hand.data for hand in game.hand_list()]
    form = HandForm(request.POST, game=game, table=game.table(), hands=hands)
    conflict = None
    if form.is_valid():
        try:
            hand = game.add_hand(
                form.cleaned_data["number"],
                form.cleaned_data["hand"],
                who_is(request, access.group),
                entry=form.cleaned_data["entry"],
            )
        except EntryDeleted as deleted:
            messages.warning(
                request,
                _(
                    "This hand was saved before as hand %(number)d and has been deleted "
                    "since, so it was not added again. The history can bring it back."
                )
                % {"number": deleted.number},
            )
            return _after_save(request, access, game)
        except GameChanged as changed:
            conflict = conflict_between(game, changed, form.cleaned_data["hand"])
            form = _fresh_form(game, request.POST, changed.hand)
        except RuleError as exc:  # the game moved on under us and the hand no longer fits
            form.add_error(None, rule_error(exc))
        else:
            if hand.entry == form.cleaned_data["entry"]:
                messages.success(request, saved_line(game, hand))
            else:
                # Another phone saved this very hand under this number first.
                messages.info(request, same_hand_line(game, hand))
            return _after_save(request, access, game)
    game = find_game(access, code)
    context = game_context(request, access, game, form=form, conflict=conflict)
    template = "games/game.html#main" if request.htmx else "games/game.html"
    return render(request, template, context, status=200 if request.htmx else 422)


def _after_save(request: HtmxHttpRequest, access: Access, game: Game) -> HttpResponse:
    """The game as it is now, with a new form (and a new entry key) for the next hand."""
    if not request.htmx:
        return redirect(game_url(access, game))
    game = find_game(access, game.code)
    response = render(request, "games/game.html#main", game_context(request, access, game))
    # Tells a phone sending its offline queue that this entry needs nothing more.
    response["X-Hand-Entry"] = "done"
    return response


def saved_line(game: Game, hand: Hand) -> str:
    """What was saved, in one line: "Hand 6 saved: Bjørn 8 with Dina, made."."""
    params = {"number": hand.number, "summary": say(get_game(game.kind).summary(hand.data))}
    made = _reload(game).result().hands[hand.number - 1].made
    if made is True:
        return _("Hand %(number)d saved: %(summary)s, made.") % params
    if made is False:
        return _("Hand %(number)d saved: %(summary)s, failed.") % params
    return _("Hand %(number)d saved: %(summary)s.") % params


def same_hand_line(game: Game, hand: Hand) -> str:
    params = {
        "number": hand.number,
        "summary": say(get_game(game.kind).summary(hand.data)),
        "by": hand.entered_by or "?",
    }
    return (
        _(
            "Hand %(number)d was just saved on another phone (%(by)s), exactly as you "
            "entered it: %(summary)s. It was not added a second time."
        )
        % params
    )


def _fresh_form(game: Game, data: Any, theirs: Hand | None) -> HandForm:
    """The same inputs, on top of the game as it is now.

    A dealer that is the one of the hand saved first was that number's dealer, not this
    hand's: the dealer moves on with the rotation, as the scoreboard shows it.
    """
    fresh = _reload(game)
    hands = [hand.data for hand in fresh.hand_list()]
    values = data.copy()
    values["number"] = len(hands) + 1
    if theirs is not None and theirs.data.get("dealer") == values.get("dealer"):
        values["dealer"] = get_game(fresh.kind).next_dealer(fresh.table(), hands) or ""
    form = HandForm(values, game=fresh, table=fresh.table(), hands=hands)
    form.is_valid()
    return form


def _reload(game: Game) -> Game:
    return Game.objects.prefetch_related("seats", "hands").get(pk=game.pk)


def conflict_between(game: Game, changed: GameChanged, mine: dict[str, Any]) -> dict[str, Any]:
    """Both versions of the hand, each with its dealer (a stale form's dealer shows here)."""
    theirs = changed.hand
    return {
        "mine": describe_hand(game, mine),
        "mine_dealer": mine.get("dealer", ""),
        "theirs": describe_hand(game, theirs.data) if theirs else None,
        "theirs_dealer": theirs.data.get("dealer", "") if theirs else "",
        "theirs_by": theirs.entered_by if theirs else "",
        "number": theirs.number if theirs else None,
    }


@require_GET
def hand_preview(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """What the hand being entered would score, before it is saved."""
    access = access_to_edit(key)
    game = find_game(access, code)
    hands = [hand.data for hand in game.hand_list()]
    replacing = request.GET.get("replacing")
    number = to_int(replacing) if replacing else None
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


def describe_hand(game: Game, data: dict[str, Any] | None) -> str:
    """A version of a hand in a few words, with the counts that tell versions apart."""
    if data is None:
        return ""
    card_game = get_game(game.kind)
    summary, details = say(card_game.summary(data)), card_game.details(data)
    return f"{summary} ({details})" if details else summary
