"""A hand's form takes only what the table has to say: inputs the outcome implies may be
left empty (the engine fills them in, `CardGame.implied`), and are stored in full."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from games.models import Game, Group
from tests.factories import FOUR, make_game
from tests.views.pages import form_errors, text

pytestmark = pytest.mark.django_db

SIX = [*FOUR, "Erik", "Frida"]


@pytest.mark.parametrize("players", [FOUR[:3], FOUR, SIX[:5], SIX])
def test_a_made_amerikaner_is_saved_from_bidder_bid_made_and_save(
    phone: Client, players: list[str]
) -> None:
    # The taps: the bidder, "Amerikaner", "took every trick", Save (the dealer comes from
    # the rotation): no opponent's "0" at any number of players.
    group = Group.objects.get()
    for name in players[4:]:
        group.players.create(name=name)
    game = make_game(group, players)
    url = reverse("hand_create", args=[group.edit_key, game.code])
    posted = {"number": 1, "dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner"}
    response = phone.post(url, {**posted, "made": "True"})
    assert response.status_code == 302, form_errors(response)
    # Stored in full: made, as the table said, and every opponent took no trick.
    assert game.hands.get().data == {
        "dealer": "Anne",
        "bidder": "Bjørn",
        "bid": "amerikaner",
        "made": True,
        "tricks": {p: 0 for p in players if p != "Bjørn"},
    }
    # Made: the bidder's Amerikaner points, nobody else scores.
    assert game.result().totals["Bjørn"] == 52


#: Bjørn bids Amerikaner on hand 1, Anne dealing; how it went is still to be said.
BJØRN_AMERIKANER: dict[str, str | int] = {
    "number": 1,
    "dealer": "Anne",
    "bidder": "Bjørn",
    "bid": "amerikaner",
}


def _save_amerikaner(phone: Client, game: Game, language: str = "en", **more: str) -> Any:
    url = reverse("hand_create", args=[game.group.edit_key, game.code])
    return phone.post(url, {**BJØRN_AMERIKANER, **more}, HTTP_ACCEPT_LANGUAGE=language)


def test_an_amerikaner_neither_made_nor_failed_is_not_saved(phone: Client) -> None:
    # A chip left untapped is no sweep of the table: the form asks how it went.
    game = make_game(Group.objects.get())
    response = _save_amerikaner(phone, game)
    assert response.status_code == 422
    assert form_errors(response) == ["Hand 1: say whether the Amerikaner took every trick."]
    assert not game.hands.exists()
    norwegian = _save_amerikaner(phone, game, "nb")
    assert form_errors(norwegian) == ["Runde 1: si om amerikaneren tok alle stikkene."]


def test_a_lost_amerikaner_asks_the_others_tricks(phone: Client) -> None:
    game = make_game(Group.objects.get())
    response = _save_amerikaner(phone, game, made="False")
    assert response.status_code == 422
    assert form_errors(response) == ["Hand 1: a lost Amerikaner: give the tricks the others took."]
    # Then the others' tricks: Anne 1, Cato 0, Dina 2. Bjørn -52, each other +1 a trick.
    tricks = {"tricks-0": "1", "tricks-2": "0", "tricks-3": "2"}
    response = _save_amerikaner(phone, game, made="False", **tricks)
    assert response.status_code == 302, form_errors(response)
    assert game.result().totals == {"Anne": 1, "Bjørn": -52, "Cato": 0, "Dina": 2}


def test_an_amerikaner_saved_by_its_tricks_alone_needs_no_chip(phone: Client) -> None:
    # The others' tricks say how it went: Anne took 2, so it failed.
    game = make_game(Group.objects.get())
    tricks = {"tricks-0": "2", "tricks-2": "0", "tricks-3": "0"}
    response = _save_amerikaner(phone, game, **tricks)
    assert response.status_code == 302, form_errors(response)
    assert game.result().totals["Bjørn"] == -52


def test_the_preview_says_made_once_the_chip_says_so(phone: Client) -> None:
    game = make_game(Group.objects.get())
    url = reverse("hand_preview", args=[game.group.edit_key, game.code])
    unsaid = phone.get(url, BJØRN_AMERIKANER)
    assert "made" not in text(unsaid)
    response = phone.get(url, {**BJØRN_AMERIKANER, "made": "True"})
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
            "made": "True",
        },
    )
    assert response.status_code == 302, form_errors(response)
    hand.refresh_from_db()
    assert hand.data["tricks"] == {"Bjørn": 0, "Cato": 0, "Dina": 0}
