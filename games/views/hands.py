"""One hand at a time: saving it, its preview, why it scored what it did, corrections,
deletion, undo and history."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.devices import who_is
from games.forms import (
    AdjustmentForm,
    HandForm,
    adjustment_initial,
    correction_initial,
    posted,
    rule_error,
)
from games.models import Attempt, Change, Game, Hand, Outcome
from games.present.game import (
    GamePage,
    all_hands,
    change_rows,
    describe_hand,
    follow_form,
    game_context,
    next_game,
    outcome_words,
    outcomes_of,
)
from games.present.words import HAND_TAG, TAKE_BACK, WINNER_MOVED, say, winner_moved
from games.rules import get_game
from games.rules.base import NOTE, is_adjustment
from games.views.access import (
    Access,
    HtmxHttpRequest,
    access_for,
    access_to_edit,
    find_game,
    game_to_change,
    game_url,
    to_int,
)


@require_GET
def hand_detail(request: HtmxHttpRequest, key: str, code: str, number: int) -> HttpResponse:
    """Why each player got their points on this hand.

    The page follows the table: it asks again, naming the hand it shows (`?hand=` its
    code), whenever the group's stream says a game moved on. A correction shows in place;
    a hand that moved (one before it deleted or brought back) or went says so rather than
    show another hand under the same address, and the page goes on asking: the hand shows
    again once it is back where it was."""
    access = access_for(key)
    game = find_game(access, code)
    hands = game.hand_list()
    shown = request.GET.get("hand")
    here = next((h for h in hands if h.number == number), None)
    if shown and (here is None or here.code != shown):
        # A hand of this game's: renumbered since, or deleted (its history says so).
        moved = next((h for h in hands if h.code == shown), None)
        if moved is None and not game.changes.filter(hand_code=shown).exists():
            raise Http404
        if not request.htmx:  # an address kept from the page's own asking: the page itself
            if moved is not None:
                return redirect("hand", key, code, moved.number)
            return redirect("history", key, code)
        context = {"access": access, "game": game, "number": number, "moved": moved, "shown": shown}
        return render(request, "games/hand.html#gone", context)
    if here is None:
        raise Http404
    hand, result = here, game.result()
    scored = result.hands[number - 1]
    before = result.hands[number - 2].totals if number > 1 else game.table().start_totals()
    changes = list(game.changes.filter(hand_code=hand.code))  # newest first
    # Who entered it (its first version) and who corrected it last: the hand itself keeps
    # the name of whoever wrote its version now.
    added = next((c for c in reversed(changes) if c.action == Change.ADD), None)
    corrected = next((c for c in changes if c.action == Change.EDIT), None)
    return render(
        request,
        "games/hand.html",
        {
            "access": access,
            "game": game,
            "hand": hand,
            "scored": scored,
            "summary": say(get_game(game.kind).summary(hand.data)),
            "note": hand.data.get(NOTE, ""),
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
            "entered_by": added.by if added else hand.entered_by,
            "corrected": corrected,
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
    conflict = None
    # An adjustment is corrected in its own form; a hand in the hand form.
    Form = AdjustmentForm if is_adjustment(hand.data) else HandForm
    form: HandForm | AdjustmentForm
    if request.method == "POST":
        form = Form(request.POST, game=game, replacing=number)
        if form.is_valid():
            mine = form.cleaned_data["hand"]
            by = who_is(request, access.group)
            done = game.edit_hand(number, form.cleaned_data["revision"] or 0, mine, by)
            if done.stands:
                # The message offers to take back the correction this phone wrote (a slip
                # on the wrong hand is undone in one tap, as a hand is).
                offer = f"{TAKE_BACK} {done.change.code}" if done.change is not None else ""
                offer += f" {HAND_TAG}{number}" if offer else ""
                said = _("Hand %(number)d corrected.") % {"number": number}
                _tell(request, said, done, offer)
                return redirect(game_url(access, game))
            if done.reason is not None:
                form.refuse(done.reason)
            else:
                conflict = conflict_between(game, done.hand, mine)
            if done.hand is not None:
                # Show the newer version; the inputs stay as this phone entered them.
                values = request.POST.copy()
                values["revision"] = str(done.hand.revision)
                form = Form(values, game=game, replacing=number)
    else:
        read = adjustment_initial if Form is AdjustmentForm else correction_initial
        initial = {**read(game.table(), hand.data), "number": number, "revision": hand.revision}
        form = Form(game=game, replacing=number, initial=initial)
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
            # An adjustment's own form, as the game page draws it.
            "adjusting": Form is AdjustmentForm,
            "limits": form.limits() if isinstance(form, HandForm) else {},
            "adjust_form": form,
            "adjust_action": reverse("hand_edit", args=[key, code, number]),
            "adjust_label": _("Save the correction"),
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
    elif game.winners is not None and next_game(game) is not None:
        # A page left open two games back: the won game is not opened again by one tap.
        messages.warning(
            request,
            _(
                "Nothing undone: the table has gone on to the next game. A hand of this one "
                "is corrected or deleted from its own page."
            ),
        )
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
    revision, by = to_int(request.POST.get("revision")), who_is(request, access.group)
    done = game.delete_hand(number, revision, by)
    if done.stands:
        said = _("Hand %(number)d deleted. The history can bring it back.") % {"number": number}
        _tell(request, said, done)
    elif done.reason is not None:
        messages.error(request, rule_error(done.reason))
    else:
        messages.error(
            request,
            _("Hand %(number)d was changed on another phone; nothing was deleted.")
            % {"number": number},
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
    done = game.restore(found, who_is(request, access.group))
    if done.reason is not None:
        messages.error(request, rule_error(done.reason))
        return redirect("history", key, code)
    _tell(request, _("Hand %(number)d restored.") % {"number": found.number}, done)
    return redirect(game_url(access, game))


def _takes_back(last: Change, correction: Change) -> bool:
    """Whether `last` is the change that took `correction` back."""
    return (
        last.pk > correction.pk
        and last.action == Change.EDIT
        and (last.before, last.after) == (correction.after, correction.before)
    )


def _tell(request: HttpRequest, said: str, done: Attempt, tags: str = "") -> None:
    """What a correction, a deletion or a hand brought back did, and what it did to who won
    the game (under the change's lock): beside the winner banner a confirmation gives way,
    but not that line."""
    played = done.played
    line = winner_moved(played.won_before, played.game.winners) if played is not None else ""
    if line:
        messages.success(request, f"{said} {line}", extra_tags=f"{WINNER_MOVED} {tags}".strip())
    else:
        messages.success(request, said, extra_tags=tags)


@require_POST
def take_back(request: HttpRequest, key: str, code: str) -> HttpResponse:
    """Take back the correction a message offered: the hand as it was before it, as long as
    nothing changed the hand since (a second tap, or another phone's change, takes nothing
    more back)."""
    access = access_to_edit(key)
    game = find_game(access, code)
    change = get_object_or_404(
        game.changes, code=request.POST.get("change", ""), action=Change.EDIT
    )
    hand = next((h for h in game.hand_list() if h.code == change.hand_code), None)
    # Only while the correction is the hand's last change (the lock's revision check covers
    # the moment between); a second tap finds the hand's last change taking it back.
    last = game.changes.filter(hand_code=change.hand_code).order_by("-pk").first()
    done = None
    if hand is not None and last == change and change.before is not None:
        by = who_is(request, access.group)
        done = game.edit_hand(hand.number, hand.revision, change.before, by)
    elif hand is not None and last is not None and _takes_back(last, change):
        done = Attempt(Outcome.ALREADY_DONE, hand)
    number = hand.number if hand is not None else change.number
    if done is not None and done.stands:
        said = _("The correction of hand %(number)d is taken back.") % {"number": number}
        _tell(request, said, done)
    elif done is not None and done.reason is not None:
        messages.error(request, rule_error(done.reason))
    else:  # the hand changed since (deleted, corrected again), or meanwhile
        said = _("Nothing taken back: hand %(number)d was changed again since.")
        messages.warning(request, said % {"number": number})
    return redirect(game_url(access, game))


@require_POST
def adjustment_create(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """Save a penalty or adjustment as the next hand: the same save as a hand's
    (`Game.add_hand` with the form's entry key), so a double tap or an offline phone's
    queue adds it once. The answer is the game as it now is, or the form again."""
    with transaction.atomic():
        access, game = game_to_change(key, code, request.POST.get("entry", ""))
        form = AdjustmentForm(request.POST, game=game)
        done = None
        if form.is_valid():
            entered = form.cleaned_data
            by = who_is(request, access.group)
            done = game.add_hand(
                entered["number"],
                entered["hand"],
                by,
                entry=entered["entry"],
                played=entered.get("result"),
            )
            if done.reason is not None:
                form.refuse(done.reason)
            elif done.outcome is Outcome.CONFLICT:
                # Another phone saved that number first: the same entry, for the next one.
                values = request.POST.copy()
                values["number"] = str(len(game.hand_list()) + 1)
                form = AdjustmentForm(values, game=game)
                form.is_valid()
                form.add_error(
                    None,
                    _("A hand was just saved on another phone: check the scores and save again."),
                )
    if done is not None and (done.stands or done.outcome is Outcome.ENTRY_DELETED):
        messages.add_message(request, *_told(game, done))
        return _after_save(request, access, game)
    context = game_context(request, access, game, all_hands=all_hands(request), adjust_form=form)
    template = "games/game.html#main" if request.htmx else "games/game.html"
    return render(request, template, context, status=200 if request.htmx else 422)


@require_POST
def hand_create(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """Save the next hand: the game, loaded locked, checks and writes it (`Game.add_hand`)
    and says what came of it; the answer is the game as it now is, or the form again."""
    conflict = done = None
    with transaction.atomic():
        access, game = game_to_change(key, code, request.POST.get("entry", ""))
        sent = HandForm(request.POST, game=game)
        # The form the answer shows: none for the next hand's empty one.
        form: HandForm | None = sent
        if held := _held_for_an_earlier_hand(request.POST):
            # Its taps were begun for the hand saved meanwhile on another phone: said once
            # (with any other refusal), the form comes back without that mark, and Save
            # tapped again saves them.
            sent.add_error(None, held)
        if sent.is_valid():
            entered = sent.cleaned_data
            done = game.add_hand(
                entered["number"],
                entered["hand"],
                who_is(request, access.group),
                entry=entered["entry"],
                rotation_dealer=entered["rotation_dealer"],
                # The game with the hand, as the form checked it: played once for both.
                played=entered.get("result"),
            )
            if done.reason is not None:  # the game moved on and the hand no longer fits
                sent.refuse(done.reason)
            elif done.outcome is Outcome.DEAL_MOVED:
                # The same inputs and entry key, on top of the game as it is now.
                form = _fresh_form(game, request.POST, done.hand)
                form.add_error(None, _deal_moved(done.dealer, entered["number"]))
            elif done.outcome is Outcome.CONFLICT:
                conflict = conflict_between(game, done.hand, entered["hand"])
                if done.hand is None:  # removed meanwhile: the same taps, for its number
                    form = _fresh_form(game, request.POST, None)
                else:
                    # Taps for the hand saved first elsewhere are not the next hand's: they
                    # are offered as its correction, and the form starts afresh.
                    form = None
                    conflict["correction"] = _correction(access, game, done.hand, entered["hand"])
                    conflict["as_next"] = _as_next(access, game, request.POST, done.hand)
    # Drawn once committed, outside the lock: what the answer keeps in the cache for the
    # next phone is never of a version rolled back.
    if done is not None and (done.stands or done.outcome is Outcome.ENTRY_DELETED):
        messages.add_message(request, *_told(game, done))
        return _after_save(request, access, game)
    context = game_context(
        request, access, game, form=form, conflict=conflict, all_hands=all_hands(request)
    )
    template = "games/game.html#main" if request.htmx else "games/game.html"
    return render(request, template, context, status=200 if request.htmx else 422)


def _held_for_an_earlier_hand(sent: QueryDict) -> str:
    """What to say when the form was moved on by a hand saved on another phone while it
    held taps begun for that hand (`Following.held`, which a poll gave it); "" when not,
    or for a redeal (it holds no taps to tell)."""
    held, number = sent.get("follow_held", ""), sent.get("number", "")
    moved = held.isdecimal() and number.isdecimal() and int(held) < int(number)
    if sent.get("redeal") or not moved:
        return ""
    return _(
        "Hand %(held)s was saved on another phone while this form was being filled in: check "
        "it in the list of hands. If these taps are a new hand, save again to add them as "
        "hand %(number)s."
    ) % {"held": held, "number": number}


def _told(game: Game, done: Attempt) -> tuple[int, str]:
    """The message that tells what came of a save the game answers for."""
    if done.outcome is Outcome.ENTRY_DELETED:
        return messages.WARNING, _(
            "This hand was saved before as hand %(number)d and has been deleted "
            "since, so it was not added again. The history can bring it back."
        ) % {"number": done.number}
    assert done.hand is not None
    if done.outcome is Outcome.DONE_ELSEWHERE:
        return messages.INFO, same_hand_line(game, done.hand)
    return messages.SUCCESS, saved_line(game, done.hand)


def _deal_moved(dealer: str, number: int) -> str:
    # The form's dealer was the rotation's, and a change on another phone (the last hand's
    # dealer corrected, a hand undone and entered again) moved the rotation since.
    return _(
        "The deal moved on another phone: %(name)s deals hand %(number)d now. "
        "Check the dealer and save again."
    ) % {"name": dealer, "number": number}


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
    if is_adjustment(hand.data):  # a hand of the list, not one played
        return _("Adjustment saved as hand %(number)d: %(summary)s.") % params
    scored = game.result().hands[hand.number - 1]
    if scored.made is True:
        return _("Hand %(number)d saved: %(summary)s, made.") % params
    if scored.made is False:
        return _("Hand %(number)d saved: %(summary)s, failed.") % params
    # Each side's contract and each nil, as the hand's row says them: "Nord made, Sør set".
    if words := outcome_words(game.kind, hand.data, outcomes_of(scored)):
        outcome = ", ".join(text for _class, text in words)
        return _("Hand %(number)d saved: %(summary)s; %(outcome)s.") % {
            **params,
            "outcome": outcome,
        }
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
        values["dealer"] = values["rotation_dealer"] = fresh.state().next_dealer() or ""
    form = HandForm(values, game=fresh)
    form.is_valid()
    return form


def _correction(access: Access, game: Game, theirs: Hand, mine: dict[str, Any]) -> dict[str, Any]:
    """The hand saved first, corrected to this phone's taps: the edit form's address and
    what it posts (the version it corrects, so that a later change is not overwritten)."""
    fields = {
        **posted(game.table(), mine),
        "number": theirs.number,
        "revision": theirs.revision,
        NOTE: mine.get(NOTE, ""),
    }
    url = reverse("hand_edit", args=[access.key, game.code, theirs.number])
    return {"url": url, "fields": fields.items()}


def _as_next(access: Access, game: Game, sent: QueryDict, theirs: Hand) -> dict[str, Any]:
    """The same taps saved as the hand the game expects now, when they were another hand
    after all: what the next hand's form would post (its number, the rotation's dealer
    where the form had the rotation's, the same entry key: a second tap adds nothing)."""
    values = _fresh_form(game, sent, theirs).data
    kept = [(k, v) for k, v in values.items() if k != "csrfmiddlewaretoken" and k[:7] != "follow_"]
    # Named on its button where it is not the taps' own (the rotation's, one seat on).
    moved = values.get("dealer", "") if values.get("dealer") != sent.get("dealer") else ""
    url = reverse("hand_create", args=[access.key, game.code])
    return {"url": url, "fields": kept, "dealer": moved}


def conflict_between(game: Game, theirs: Hand | None, mine: dict[str, Any]) -> dict[str, Any]:
    """Both versions of the hand, each with its dealer (a stale form's dealer shows here):
    theirs, the hand stored under that number now (None: removed)."""
    return {
        "mine": describe_hand(game, mine),
        "mine_dealer": mine.get("dealer", ""),
        "theirs": describe_hand(game, theirs.data) if theirs else None,
        "theirs_dealer": theirs.data.get("dealer", "") if theirs else "",
        "theirs_by": theirs.entered_by if theirs else "",
        "number": theirs.number if theirs else None,
    }


@require_GET
def hand_preview(request: HtmxHttpRequest, key: str, code: str) -> HttpResponse:
    """What the hand being entered would score, before it is saved."""
    access = access_to_edit(key)
    game = find_game(access, code)
    replacing = request.GET.get("replacing")
    number = to_int(replacing) if replacing else None
    if number is not None and not 1 <= number <= len(game.hand_list()):
        raise Http404
    form = HandForm(request.GET, game=game, replacing=number)
    preview = None
    # The game played with the hand once, by the form's check (none for a hand stored).
    result = form.cleaned_data.get("result") if form.is_valid() else None
    if result is not None:
        scored = result.hands[(number or len(result.hands)) - 1]
        preview = {
            "made": scored.made,
            # A team's bid: which team made it or was set (the points follow for both).
            "made_by": scored.outcome.made_by,
            "points": scored.points,
            "explanation": " ".join(say(t) for t in scored.outcome.explanation),
            "winner": say(scored.decision.reason) if scored.decision else "",
            "winners": scored.decision.winners if scored.decision else (),
        }
    context = {"form": form, "preview": preview, "hint": form.hint()}
    response = render(request, "games/_hand_form.html#preview", context)
    sent = request.GET
    if number is None and request.htmx and (sent.get("follow_held") or sent.get("follow_same")):
        # A form moved on by a hand saved on another phone: its taps, finished since, may
        # be that hand. The status bar says so as they come to match it, and no longer once
        # they do not (out of band).
        following = follow_form(GamePage(access, game), sent)
        response.write(
            render_to_string("games/game.html#same-hand", {"following": following}, request)
        )
    return response
