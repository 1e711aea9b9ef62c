"""An open hand form follows the game: the poll sends what the form holds, and the live
fragment brings the next hand's form with the dealer it keeps and the notes that say how
the game moved under it (which the form carries to the next poll)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import FOUR, bid, make_game
from tests.views.pages import Page, checked, form_fields, part, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

HAND_1 = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
# Hand 1 as the open form holds it (tricks by seat: Anne's 0, Cato's 2).
TAPS = {"bidder": "Bjørn", "bid": "8", "partner": "Dina", "tricks-0": "2", "tricks-2": "1"}


def _poll(phone: Client, group: Group, game: Game, **form: Any) -> Page:
    """The live fragment, as htmx asks for it from a phone whose open form holds `form`."""
    sent = {"revision": "", "entry": "k1", "follow_renumbered": "", "follow_dealer": ""}
    sent |= {"follow_same": ""} | form
    url = reverse("game_live", args=[group.edit_key, game.code])
    response = phone.get(url, sent, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response


def _hand_1_polled(phone: Client, group: Group, game: Game, **taps: str) -> Page:
    """The poll of a form holding hand 1, Anne dealing as the rotation has it."""
    held = {"number": "1", "dealer": "Anne", "rotation_dealer": "Anne", "follow_rotation": "Anne"}
    return _poll(phone, group, game, **held, **taps)


def _notes(response: Page) -> list[str]:
    """The form's notes in view (those without `hidden`), as read aloud."""
    found = re.findall(r"<p ([^>]*data-game-moved[^>]*)>(.*?)</p>", text(response), re.DOTALL)
    return [" ".join(unescape(words).split()) for tag, words in found if " hidden" not in tag]


def _same_hand(response: Page) -> str:
    """The line in the status bar that the form holds the hand just saved elsewhere."""
    found = re.search(
        r'<p id="same-hand" data-lasting hx-swap-oob="true"( hidden)?>([^<]*)', text(response)
    )
    assert found, "the answer carries the line, out of band"
    return "" if found.group(1) else unescape(found.group(2))


def test_a_form_holding_the_hand_just_saved_elsewhere_moves_on_and_says_so(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[HAND_1])
    polled = _hand_1_polled(phone, group, game, **TAPS)
    assert _notes(polled) == ["Hand 1 was just saved on another phone: this form now saves hand 2."]
    assert _same_hand(polled) == (
        "Hand 1 was just saved on another phone exactly as this form has it: "
        "Bjørn 8 with Dina, made. Save it as hand 2 only if it is a new hand."
    )
    # The form carries what the next poll needs; it follows the rotation: Bjørn deals.
    fields = form_fields(polled, reverse("hand_create", args=[group.edit_key, game.code]))
    assert fields["number"] == "2"
    assert fields["follow_renumbered"] == "saved"
    assert fields["follow_held"] == "1"
    assert fields["follow_same"] == game.hands.get(number=1).code
    assert fields["rotation_dealer"] == fields["follow_rotation"] == "Bjørn"
    assert checked(polled, "dealer") == "Bjørn"


def test_the_identical_hand_line_stays_with_that_hand_under_its_new_number(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[bid("Anne", 8, "Cato", {"Bjørn": 3, "Dina": 1}), HAND_1])
    saved = game.hands.get(number=2).code
    game.delete_hand(1, game.hands.get(number=1).revision, "Anne")
    # The form was for hand 3 and said hand 2 was its hand; that hand is hand 1 now (the
    # form's dealer follows the rotation: Cato, who dealt no hand of these).
    polled = _poll(
        phone,
        group,
        game,
        number="3",
        dealer="Cato",
        rotation_dealer="Cato",
        follow_rotation="Cato",
        follow_renumbered="saved",
        follow_same=saved,
        **TAPS,
    )
    assert _same_hand(polled).startswith("Hand 1 was just saved on another phone exactly")
    assert _same_hand(polled).endswith("Save it as hand 2 only if it is a new hand.")
    assert _notes(polled) == ["A hand was removed on another phone: this form now saves hand 2."]


def test_a_different_hand_or_the_phones_own_hand_is_not_called_identical(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[HAND_1])
    other = {**TAPS, "bidder": "Cato"}
    polled = _poll(
        phone,
        group,
        game,
        number="1",
        dealer="Anne",
        rotation_dealer="Anne",
        follow_rotation="Anne",
        **other,
    )
    assert _same_hand(polled) == ""
    # The hand this phone saved itself, whose answer was lost: its script says so.
    game.hands.filter(number=1).update(entry="mine")
    polled = _poll(
        phone,
        group,
        game,
        number="1",
        dealer="Anne",
        rotation_dealer="Anne",
        follow_rotation="Anne",
        **{**TAPS, "entry": "mine"},
    )
    assert _same_hand(polled) == ""


def test_a_dealer_picked_by_hand_stays_and_the_form_names_the_rotations(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[HAND_1])
    # Picked by hand: the form names no rotation's dealer.
    polled = _poll(
        phone, group, game, number="1", dealer="Dina", rotation_dealer="", follow_rotation="Anne"
    )
    assert checked(polled, "dealer") == "Dina"
    fields = form_fields(polled, reverse("hand_create", args=[group.edit_key, game.code]))
    assert fields["rotation_dealer"] == ""
    assert fields["follow_dealer"] == "moved"
    assert "The rotation now names Bjørn as dealer; this form keeps the dealer you chose." in (
        _notes(polled)
    )


def test_a_form_following_the_rotation_says_why_its_dealer_changed(
    phone: Client, group: Group
) -> None:
    # Hand 1 was dealt by Cato after all: Dina deals hand 2, not Bjørn.
    game = make_game(group, hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, "Cato")])
    polled = _poll(
        phone,
        group,
        game,
        number="2",
        dealer="Bjørn",
        rotation_dealer="Bjørn",
        follow_rotation="Bjørn",
    )
    assert checked(polled, "dealer") == "Dina"
    assert _notes(polled) == [
        "A hand before this one was changed on another phone: Dina deals this hand now."
    ]
    # The next poll of the same game keeps the note the form carries.
    again = _poll(
        phone,
        group,
        game,
        number="2",
        dealer="Dina",
        rotation_dealer="Dina",
        follow_rotation="Dina",
        follow_dealer="followed",
    )
    assert _notes(again) == _notes(polled)


def test_a_poll_without_an_open_form_and_the_page_say_nothing(
    phone: Client, client: Client, group: Group
) -> None:
    game = make_game(group, hands=[HAND_1])
    polled = phone.get(
        reverse("game_live", args=[group.edit_key, game.code]), HTTP_HX_REQUEST="true"
    )
    assert _notes(polled) == []
    assert _same_hand(polled) == ""
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    assert part(page, "same-hand") == ("", [])
    assert "hx-swap-oob" not in text(page)


def test_a_spades_form_holding_the_hand_just_saved_elsewhere_says_so(
    phone: Client, group: Group
) -> None:
    # The open form sends all four trick counts (the phone fills in the fourth).
    teams = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
    game = group.start_game("spades", list(FOUR), teams=teams, first_dealer="Anne", by="Anne")
    bids, tricks = dict.fromkeys(FOUR, 3), dict(zip(FOUR, (4, 3, 3, 3), strict=True))
    assert game.add_hand(1, {"dealer": "Anne", "bids": bids, "tricks": tricks}, "Bjørn").stands
    taps = {f"bids-{i}": "3" for i in range(4)} | {
        f"tricks-{i}": str(tricks[p]) for i, p in enumerate(FOUR)
    }
    polled = _hand_1_polled(phone, group, game, **taps)
    assert _same_hand(polled).startswith(
        "Hand 1 was just saved on another phone exactly as this form has it:"
    )


def _moved_on(**taps: str) -> dict[str, str]:
    """A form moved on to hand 2 by a poll while it held only some of hand 1's taps (the
    bidder and the bid), its dealer following the rotation (Bjørn), then tapped on."""
    held = {"number": "2", "dealer": "Bjørn", "rotation_dealer": "Bjørn", "follow_held": "1"}
    return {**held, "follow_rotation": "Bjørn", "follow_renumbered": "saved", **taps}


def test_taps_finished_after_the_form_moved_on_are_called_identical(
    phone: Client, group: Group
) -> None:
    """The preview of each tap says it at once, in the status bar; so does the next poll."""
    game = make_game(group, hands=[HAND_1])
    preview = reverse("hand_preview", args=[group.edit_key, game.code])
    sent = {"revision": "", "entry": "k1", "follow_dealer": "", "follow_same": ""}
    answer = phone.get(preview, {**sent, **_moved_on(**TAPS)}, HTTP_HX_REQUEST="true")
    assert _same_hand(answer) == (
        "Hand 1 was just saved on another phone exactly as this form has it: "
        "Bjørn 8 with Dina, made. Save it as hand 2 only if it is a new hand."
    )
    assert _same_hand(_poll(phone, group, game, **_moved_on(**TAPS))).startswith("Hand 1 was")
    # A tap that makes it another hand takes the line away.
    other = _moved_on(**{**TAPS, "bid": "9"})
    assert _same_hand(phone.get(preview, {**sent, **other}, HTTP_HX_REQUEST="true")) == ""
    # A form that never moved on, or moved on holding nothing of its own, says nothing of
    # the hand before its own: a later hand may well be tapped the same.
    fresh = {**_moved_on(**TAPS), "follow_held": ""}
    assert 'id="same-hand"' not in text(
        phone.get(preview, {**sent, **fresh}, HTTP_HX_REQUEST="true")
    )
    assert _same_hand(_poll(phone, group, game, **fresh)) == ""


def test_a_form_moved_on_holding_only_its_dealer_takes_the_next_number_without_a_word(
    phone: Client, group: Group
) -> None:
    # Nobody tapped on this phone: no line fills its foot, and it is held to no hand.
    game = make_game(group, hands=[HAND_1])
    polled = _hand_1_polled(phone, group, game)
    assert _notes(polled) == []
    fields = form_fields(polled, reverse("hand_create", args=[group.edit_key, game.code]))
    assert (fields["number"], fields["follow_renumbered"], fields["follow_held"]) == ("2", "", "")
    # One tap of its own, or a note written for the hand, and it is told.
    tapped = _hand_1_polled(phone, group, game, bidder="Bjørn")
    assert _notes(tapped) == ["Hand 1 was just saved on another phone: this form now saves hand 2."]
    noted = _hand_1_polled(phone, group, game, note="Cato revoked")
    assert _notes(noted) == ["Hand 1 was just saved on another phone: this form now saves hand 2."]
    fields = form_fields(noted, reverse("hand_create", args=[group.edit_key, game.code]))
    assert (fields["follow_renumbered"], fields["follow_held"]) == ("saved", "")


def test_a_form_moved_on_empty_says_nothing_of_a_later_hand_tapped_the_same(
    phone: Client, group: Group
) -> None:
    """Moved on twice holding nothing of its own, the form is tapped as hand 2 was, but
    dealt by another: a new hand like the one before it, not that hand again."""
    hand_2 = bid("Anne", 9, "Cato", {"Bjørn": 2, "Dina": 2})
    game = make_game(group, hands=[HAND_1, hand_2])
    taps = {"bidder": "Anne", "bid": "9", "partner": "Cato", "tricks-1": "2", "tricks-3": "2"}
    sent = {"number": "3", "dealer": "Cato", "rotation_dealer": "Cato", "follow_rotation": "Cato"}
    sent |= {"follow_renumbered": "saved", "follow_held": ""} | taps
    preview = reverse("hand_preview", args=[group.edit_key, game.code])
    answer = phone.get(preview, {"revision": "", "entry": "k1", **sent}, HTTP_HX_REQUEST="true")
    assert 'id="same-hand"' not in text(answer)
    assert _same_hand(_poll(phone, group, game, **sent)) == ""
    # Held to hand 2 (it moved the form on while it held some of these taps), it is that hand.
    held = _poll(phone, group, game, **{**sent, "follow_held": "2"})
    assert _same_hand(held).startswith("Hand 2 was just saved on another phone exactly")


def test_a_form_moved_on_while_it_held_taps_saves_them_only_when_save_is_tapped_again(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[HAND_1])
    # The open form held hand 1's taps when hand 1 was saved on another phone: a poll moved
    # it on to hand 2. Its Save is refused once, in words, and nothing is saved.
    url = reverse("hand_create", args=[group.edit_key, game.code])
    fields = form_fields(_hand_1_polled(phone, group, game, **TAPS), url)
    sent = {**fields, **TAPS, "dealer": "Bjørn"}  # the rotation's, checked in the form
    refused = phone.post(url, sent, HTTP_HX_REQUEST="true")
    assert "Hand 1 was saved on another phone while this form was being filled in" in text(refused)
    assert "save again to add them as hand 2" in text(refused)
    assert game.hands.count() == 1
    # The form comes back with its taps and without the mark: Save again saves hand 2.
    again = form_fields(refused, url)
    assert again["follow_held"] == ""
    assert checked(refused, "bidder") == "Bjørn"
    saved = phone.post(url, {**sent, **again}, HTTP_HX_REQUEST="true")
    assert saved.status_code == 200
    assert [hand.number for hand in game.hands.order_by("number")] == [1, 2]


def test_a_held_form_refused_for_another_reason_says_it_was_held_too(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[HAND_1])
    url = reverse("hand_create", args=[group.edit_key, game.code])
    fields = form_fields(_hand_1_polled(phone, group, game, bidder="Bjørn", bid="8"), url)
    # No partner, no tricks yet: refused for those, and for having been held (said once).
    sent = {**fields, "bidder": "Bjørn", "bid": "8", "dealer": "Bjørn"}
    refused = text(phone.post(url, sent, HTTP_HX_REQUEST="true"))
    assert "Hand 1 was saved on another phone while this form was being filled in" in refused
    assert game.hands.count() == 1
    # A mark made up by hand says nothing (and takes nothing down); a redeal holds no
    # taps to tell: it is never refused for it, and saved.
    for odd in ({"follow_held": "²"}, {"redeal": "on"}):
        answer = phone.post(url, {**sent, **odd}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        assert "while this form was being filled in" not in text(answer)
    assert game.hands.count() == 2
