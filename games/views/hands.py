"""One hand at a time: saving it, its preview, why it scored what it did, corrections,
deletion, undo and history."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.forms import (
    HandForm,
    initial_for,
    rule_error,
    say,
)
from games.models import EntryDeleted, Game, GameChanged, Hand
from games.present import change_rows, describe_hand
from games.rules import RuleError, get_game
from games.views.access import (
    Access,
    HtmxHttpRequest,
    access_for,
    access_to_edit,
    find_game,
    game_to_change,
    game_url,
    to_int,
    who_is,
)
from games.views.games import all_hands, game_context


@require_GET
def hand_detail(request: HttpRequest, key: str, code: str, number: int) -> HttpResponse:
    """Why each player got their points on this hand."""
    access = access_for(key)
    game = find_game(access, code)
    result = game.result()
    if not 1 <= number <= len(result.hands):
        raise Http404
    scored = result.hands[number - 1]
    before = result.hands[number - 2].totals if number > 1 else game.table().start_totals()
    hand = next(h for h in game.hand_list() if h.number == number)
    changes = game.changes.filter(hand_code=hand.code)
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
            "changes": change_rows(game, changes),
            "is_last": number == len(result.hands),
        },
    )


@require_GET
def side_totals(request: HttpRequest, key: str, code: str, seat: int) -> HttpResponse:
    """How one player's (or team's) total was reached, hand by hand, each with its reason."""
    access = access_for(key)
    game = find_game(access, code)
    table = game.table()
    if not 1 <= seat <= len(table.sides):
        raise Http404
    side = table.sides[seat - 1]
    result = game.result()
    summaries = [say(get_game(game.kind).summary(hand.data)) for hand in game.hand_list()]
    rows = []
    for scored, summary in zip(result.hands, summaries, strict=True):
        reason = next((r.text for r in scored.outcome.reasons if r.side == side), None)
        rows.append(
            {
                "number": scored.number,
                "summary": summary,
                "points": scored.points.get(side, 0),
                "total": scored.totals[side],
                "reason": say(reason) if reason else "",
            }
        )
    return render(
        request,
        "games/totals.html",
        {
            "access": access,
            "game": game,
            "side": side,
            "start": table.start_totals()[side],
            "total": result.totals[side],
            "rows": rows,
        },
    )


@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, key: str, code: str, number: int) -> HttpResponse:
    access = access_to_edit(key)
    game = find_game(access, code)
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
                    who_is(request, access.group),
                )
            except GameChanged as changed:
                conflict = conflict_between(game, changed, form.cleaned_data["hand"])
                if changed.hand is not None:
                    # Show the newer version; the inputs stay as this phone entered them.
                    values = request.POST.copy()
                    values["revision"] = str(changed.hand.revision)
                    form = HandForm(values, game=game, table=table, hands=hands, replacing=number)
            except RuleError as exc:
                form.add_error(None, rule_error(exc))
            else:
                messages.success(request, _("Hand %(number)d corrected.") % {"number": number})
                return redirect(game_url(access, game))
    else:
        initial = {
            **initial_for(table, hand.data),
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
    access = access_to_edit(key)
    game = find_game(access, code)
    _delete(request, access, game, number)
    return redirect(game_url(access, game))


@require_POST
def undo(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """Take back the last hand. The form names it, so a second tap undoes nothing more."""
    access = access_to_edit(key)
    game = find_game(access, code)
    number = to_int(request.POST.get("number"))
    hands = game.hand_list()
    if not hands or hands[-1].number != number:
        # A refusal: it stands even beside a winner banner (a phone must see its tap was
        # not taken).
        messages.warning(request, _("Nothing undone: that hand is no longer the last one."))
    else:
        _delete(request, access, game, number)
    if request.htmx:
        return _main(request, access, find_game(access, code))
    return redirect(_page_url(request, access, game))


def _page_url(request: HttpRequest, access: Access, game: Game) -> str:
    """The game page a change sends a browser back to: the one it was made from, the
    latest hands or every hand."""
    if all_hands(request):
        return f"{game_url(access, game)}?hands=all#hands"
    return game_url(access, game)


def _delete(request: HttpRequest, access: Access, game: Game, number: int) -> None:
    try:
        game.delete_hand(
            number, to_int(request.POST.get("revision")), who_is(request, access.group)
        )
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


@require_GET
def history(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_for(key)
    game = find_game(access, code)
    changes = change_rows(game, game.changes.all())
    # Abandoning and taking up the whole game, in among the changes to its hands.
    events = [{"event": event, "at": event.at} for event in game.events.all()]
    changes = sorted([*changes, *events], key=lambda row: row["at"], reverse=True)
    return render(
        request, "games/history.html", {"access": access, "game": game, "changes": changes}
    )


@require_POST
def restore(request: HttpRequest, key: str, code: str, change: str) -> HttpResponse:
    access = access_to_edit(key)
    game = find_game(access, code)
    found = get_object_or_404(game.changes, code=change)
    try:
        game.restore(found, who_is(request, access.group))
    except RuleError as exc:
        messages.error(request, rule_error(exc))
        return redirect("history", key, code)
    messages.success(request, _("Hand %(number)d restored.") % {"number": found.number})
    return redirect(game_url(access, game))


@require_POST
def hand_create(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """Save the next hand, reading the game once: load it locked (seats and hands), check
    and write the hand on that instance, then answer from it as it now is."""
    entry = request.POST.get("entry", "")
    conflict = None
    with transaction.atomic():
        access, game = game_to_change(key, code)
        by = who_is(request, access.group)
        hands = game.hand_list()
        # A form sent again whose hand is stored (the answer was lost, or an offline queue
        # sends it late) is answered as a save, before the form is checked against a game
        # that now holds the hand.
        stored = next((hand for hand in hands if entry and hand.entry == entry), None)
        form = HandForm(request.POST, game=game, table=game.table(), hands=[h.data for h in hands])
        if stored is not None:
            messages.success(request, saved_line(game, stored))
            return _after_save(request, access, game)
        moved = _rotation_moved(game, request.POST, len(hands) + 1)
        if moved is not None:
            # The form's dealer was the rotation's, and a change on another phone (the last
            # hand's dealer corrected, a hand undone and entered again) moved the rotation
            # since: nothing is saved with a dealer nobody chose.
            form = _fresh_form(game, request.POST, None)
            form.add_error(
                None,
                _(
                    "The deal moved on another phone: %(name)s deals hand %(number)d now. "
                    "Check the dealer and save again."
                )
                % {"name": moved, "number": len(hands) + 1},
            )
        elif form.is_valid():
            mine = form.cleaned_data["hand"]
            try:
                hand = game.add_hand(form.cleaned_data["number"], mine, by, entry=entry)
            except EntryDeleted as deleted:
                transaction.set_rollback(True)
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
                transaction.set_rollback(True)
                conflict = conflict_between(game, changed, mine)
                form = _fresh_form(game, request.POST, changed.hand)
            except RuleError as exc:  # the game moved on under us and the hand no longer fits
                transaction.set_rollback(True)
                form.add_error(None, rule_error(exc))
            else:
                if hand.entry == form.cleaned_data["entry"]:
                    messages.success(request, saved_line(game, hand))
                else:
                    # Another phone saved this very hand under this number first.
                    messages.info(request, same_hand_line(game, hand))
                return _after_save(request, access, game)
    context = game_context(
        request, access, game, form=form, conflict=conflict, all_hands=all_hands(request)
    )
    template = "games/game.html#main" if request.htmx else "games/game.html"
    return render(request, template, context, status=200 if request.htmx else 422)


def _after_save(request: HtmxHttpRequest, access: Access, game: Game) -> HttpResponse:
    """The game as it is now, with a new form (and a new entry key) for the next hand."""
    if not request.htmx:
        return redirect(_page_url(request, access, game))
    response = _main(request, access, game)
    # Tells a phone sending its offline queue that this entry needs nothing more.
    response["X-Hand-Entry"] = "done"
    return response


def _main(request: HttpRequest, access: Access, game: Game) -> HttpResponse:
    """The game page's #main as it is at this version: what htmx swaps in after a change.
    Its parts are kept for the next phone once drawn after the change commits."""
    context = game_context(request, access, game, all_hands=all_hands(request))
    return render(request, "games/game.html#main", context)


def saved_line(game: Game, hand: Hand) -> str:
    """What was saved, in one line: "Hand 6 saved: Bjørn 8 with Dina, made."."""
    params = {"number": hand.number, "summary": say(get_game(game.kind).summary(hand.data))}
    made = game.result().hands[hand.number - 1].made
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


def _rotation_moved(game: Game, data: Any, number: int) -> str | None:
    """The dealer the rotation names now, if the form for this hand (the one the game
    expects: another number is a conflict, shown as such) still holds the one the rotation
    named when it was drawn, and that is no longer it. None if the dealer was picked by
    hand, or the rotation names nobody."""
    if data.get("number") != str(number) or not _rotations_pick(data):
        return None
    named = game.next_dealer()
    return named if named is not None and named != data["dealer"] else None


def _rotations_pick(data: Any) -> bool:
    """Whether the form's dealer is the one the rotation named when it was drawn (not one
    picked by hand)."""
    dealer = data.get("dealer")
    return bool(dealer) and dealer == data.get("rotation_dealer")


def _fresh_form(fresh: Game, data: Any, theirs: Hand | None) -> HandForm:
    """The same inputs and entry key, on top of the game as it is now (`fresh`: loaded
    under the lock), for the hand it now expects.

    The dealer follows the rotation, on or back, as the scoreboard shows it, when it was
    the rotation's (the form says so: see `HandForm.rotation_dealer`), or when it is the
    one of the hand saved first: that was that number's dealer, not this hand's. A dealer
    picked by hand stays.
    """
    hands = [hand.data for hand in fresh.hand_list()]
    values = data.copy()
    values["number"] = len(hands) + 1
    dealer = values.get("dealer")
    if _rotations_pick(values) or (theirs is not None and theirs.data.get("dealer") == dealer):
        values["dealer"] = values["rotation_dealer"] = fresh.next_dealer() or ""
    form = HandForm(values, game=fresh, table=fresh.table(), hands=hands)
    form.is_valid()
    return form


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
