"""The hand form's choices: the partner is chosen like every other input ("alone" is a chip,
never a default); a dealer that may be left out has no "—" chip."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.forms import HandForm
from games.models import Game, Group
from tests.factories import bid, hand_post, make_game
from tests.views.pages import checked, text

pytestmark = pytest.mark.django_db

# Bjørn bids 8 with Dina as partner: Anne and Cato are the opponents (2 + 1 tricks).
WITH_DINA = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
# Bjørn bids 6 alone: every other player's tricks are given.
ALONE = bid("Bjørn", 6, None, {"Anne": 2, "Cato": 1, "Dina": 3}, dealer="Anne")


def _create(game: Game) -> str:
    return reverse("hand_create", args=[game.group.edit_key, game.code])


def test_a_new_hand_has_no_partner_chosen(phone: Client, game: Game) -> None:
    page = phone.get(reverse("game", args=[game.group.edit_key, game.code]))
    assert checked(page, "partner") is None
    # "alone" is one of the chips, after the players.
    chips = [tag for tag in text(page).split("<input")[1:] if 'name="partner"' in tag]
    assert len(chips) == 5
    assert 'value=""' in chips[-1]


@pytest.mark.engine_coverage  # the engine's "choose the partner, or alone" (RuleInput.unchosen)
def test_a_hand_without_a_partner_chosen_is_refused_and_asks_for_one(
    phone: Client, game: Game
) -> None:
    data = hand_post(game, WITH_DINA, 1)
    del data["partner"]  # the partner was forgotten: Dina's tricks are not the question
    response = phone.post(_create(game), data)
    assert response.status_code == 422
    assert "Choose the partner, or alone." in text(response)
    assert "the tricks of Dina are missing" not in text(response)
    assert not game.hands.exists()
    # Nothing tapped is kept: the bidder and bid are still chosen, the partner still not.
    assert (checked(response, "bidder"), checked(response, "bid")) == ("Bjørn", "8")
    assert checked(response, "partner") is None


def test_alone_is_tapped_like_a_player(phone: Client, game: Game) -> None:
    data = hand_post(game, ALONE, 1)
    assert data["partner"] == ""  # what the "alone" chip sends
    phone.post(_create(game), data)
    assert game.hands.get().data == ALONE


def test_the_partner_is_asked_for_in_norwegian_too(phone: Client, game: Game) -> None:
    data = hand_post(game, WITH_DINA, 1)
    del data["partner"]
    response = phone.post(_create(game), data, HTTP_ACCEPT_LANGUAGE="nb")
    assert "Velg makkeren, eller alene." in text(response)


def test_correcting_an_alone_hand_shows_alone_chosen(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[ALONE])
    page = phone.get(reverse("hand_edit", args=[group.edit_key, game.code, 1]))
    assert checked(page, "partner") == ""
    with_dina = make_game(group, hands=[WITH_DINA])
    page = phone.get(reverse("hand_edit", args=[group.edit_key, with_dina.code, 1]))
    assert checked(page, "partner") == "Dina"


def test_a_bid_played_alone_by_rule_asks_for_no_partner(phone: Client, game: Game) -> None:
    # An Amerikaner bid is always alone: the partner does not apply, so it is not asked for.
    hand = {"dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner", "tricks": {}}
    hand["tricks"] = {"Anne": 0, "Cato": 0, "Dina": 0}
    response = phone.post(_create(game), hand_post(game, hand, 1))
    assert response.status_code == 302
    assert "partner" not in game.hands.get().data


def test_a_dealer_that_may_be_left_out_has_no_empty_chip(phone: Client, group: Group) -> None:
    # American may leave the dealer out, but "—" is not a dealer anyone at the table is.
    game = Game.objects.create(group=group, kind="american", first_dealer="Anne")
    group.seat(game, ["Anne", "Bjørn"])
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    dealers = re.findall(r'name="dealer" value="([^"]*)"', text(page))
    assert dealers == ["Anne", "Bjørn"]
    # A hand without a dealer is still a hand.
    response = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]), {"number": 1, "winner": "Anne"}
    )
    assert response.status_code == 302
    assert game.hands.get().data == {"winner": "Anne"}


def test_each_form_has_fields_of_its_own_in_its_own_language(game: Game) -> None:
    """Each form gets fields of its own, so one form changed does not change the next."""
    first = HandForm(game=game)
    first.fields["bid"].widget.attrs["data-marked"] = "1"
    first.fields["partner"].required = True
    second = HandForm(game=game)
    assert "data-marked" not in second.fields["bid"].widget.attrs
    assert second.fields["partner"].required is False
    assert second.fields["bid"] is not first.fields["bid"]
    with translation.override("nb"):
        norwegian = HandForm(game=game)
    assert (second.fields["partner"].label, norwegian.fields["partner"].label) == (
        "Partner",
        "Makker",
    )
    # The other players' sides are their tricks, as many as the table has seats.
    other = make_game(game.group, players=["Anne", "Bjørn", "Cato"])
    three = HandForm(game=other)
    assert [name for name in three.fields if name.startswith("tricks-")] == [
        "tricks-0",
        "tricks-1",
        "tricks-2",
    ]


def test_the_forms_own_style_comes_with_the_nonce_of_its_answer(phone: Client, game: Game) -> None:
    # Drawn in the page's head (htmx swaps parts in with answers of other nonces).
    page = phone.get(reverse("game", args=[game.group.edit_key, game.code]))
    found = re.search(
        r'<head>.*<style nonce="([^"]+)">[^<]*\[data-input=partner\]', text(page), re.S
    )
    assert found is not None
    assert f"'nonce-{found[1]}'" in page["Content-Security-Policy"]
    watching = phone.get(reverse("game", args=[game.group.view_key, game.code]))
    assert "<style" not in text(watching)
