"""A hand's form takes only what the table has to say: inputs the outcome implies may be
left empty (the engine fills them in, `CardGame.implied`), and are stored in full."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from games.models import Group
from tests.factories import FOUR, make_game
from tests.views.pages import form_errors, text

pytestmark = pytest.mark.django_db

SIX = [*FOUR, "Erik", "Frida"]


@pytest.mark.parametrize("players", [FOUR[:3], FOUR, SIX[:5], SIX])
def test_a_made_amerikaner_is_saved_from_bidder_bid_and_save(
    phone: Client, players: list[str]
) -> None:
    # The taps: the bidder, "Amerikaner", Save (the dealer comes from the rotation, a
    # fourth tap when it must be picked): no opponent's "0" at any number of players.
    group = Group.objects.get()
    for name in players[4:]:
        group.players.create(name=name)
    game = make_game(group, players)
    url = reverse("hand_create", args=[group.edit_key, game.code])
    posted = {"number": 1, "dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner"}
    response = phone.post(url, posted)
    assert response.status_code == 302, form_errors(response)
    # Stored in full: every opponent took no trick.
    assert game.hands.get().data == {
        "dealer": "Anne",
        "bidder": "Bjørn",
        "bid": "amerikaner",
        "tricks": {p: 0 for p in players if p != "Bjørn"},
    }
    # Made: the bidder's Amerikaner points, nobody else scores.
    assert game.result().totals["Bjørn"] == 52


def test_the_preview_says_made_before_any_trick_is_given(phone: Client) -> None:
    game = make_game(Group.objects.get())
    response = phone.get(
        reverse("hand_preview", args=[game.group.edit_key, game.code]),
        {"number": "1", "dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner"},
    )
    assertInHTML('<strong class="made">made</strong>', text(response))


def test_an_amerikaner_with_some_tricks_given_still_asks_for_the_rest(phone: Client) -> None:
    game = make_game(Group.objects.get())
    url = reverse("hand_create", args=[game.group.edit_key, game.code])
    # Cato took one; the others' tricks are not said: the table must say them.
    posted = {"number": 1, "dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner"}
    response = phone.post(url, {**posted, "tricks-2": "1"})
    assert response.status_code == 422
    assert not game.hands.exists()


def test_the_last_opponents_tricks_are_worked_out(phone: Client) -> None:
    game = make_game(Group.objects.get())
    url = reverse("hand_create", args=[game.group.edit_key, game.code])
    # Bjørn 6 and Dina 3 (the bidding side) and Anne 2 of 12: Cato took 1.
    posted = {"number": 1, "dealer": "Anne", "bidder": "Bjørn", "bid": "8", "partner": "Dina"}
    tricks = {"tricks-0": "2", "tricks-1": "6", "tricks-3": "3"}
    response = phone.post(url, {**posted, **tricks})
    assert response.status_code == 302, form_errors(response)
    assert game.hands.get().data["tricks"] == {"Anne": 2, "Bjørn": 6, "Cato": 1, "Dina": 3}


def test_a_made_amerikaner_corrected_from_the_edit_form(phone: Client) -> None:
    game = make_game(Group.objects.get())
    url = reverse("hand_create", args=[game.group.edit_key, game.code])
    posted = {"number": 1, "dealer": "Anne", "bidder": "Anne", "bid": "8", "partner": "Cato"}
    phone.post(url, {**posted, "tricks-1": "2", "tricks-3": "1"})
    hand = game.hands.get()
    edit = reverse("hand_edit", args=[game.group.edit_key, game.code, 1])
    response = phone.post(
        edit,
        {
            "number": 1,
            "revision": hand.revision,
            "dealer": "Anne",
            "bidder": "Anne",
            "bid": "amerikaner",
        },
    )
    assert response.status_code == 302, form_errors(response)
    hand.refresh_from_db()
    assert hand.data["tricks"] == {"Bjørn": 0, "Cato": 0, "Dina": 0}
