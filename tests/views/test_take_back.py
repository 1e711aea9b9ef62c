"""Taking a correction back from the message that says it was made: the hand as it was,
once, and never over a change made since."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import anne_wins, bid, hand_post, make_game, revision
from tests.views.pages import form_fields, notices, scoreboard, winner

pytestmark = pytest.mark.django_db

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
SLIP = bid("Bjørn", 10, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
THEIRS = bid("Bjørn", 9, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")


def _take_back_url(game: Game) -> str:
    return reverse("take_back", args=[game.group.edit_key, game.code])


def _corrected(phone: Client, game: Game) -> dict[str, str]:
    """Correct hand 1 to SLIP; what the message's button sends."""
    url = reverse("hand_edit", args=[game.group.edit_key, game.code, 1])
    response = phone.post(url, hand_post(game, SLIP, 1, revision=revision(game, 1)), follow=True)
    assert notices(response) == ["Hand 1 corrected."]
    return form_fields(response, _take_back_url(game))


def test_a_correction_is_taken_back_in_one_tap(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    sent = _corrected(phone, game)
    assert sent["change"] == game.changes.filter(action=Change.EDIT).get().code
    response = phone.post(_take_back_url(game), sent, follow=True)
    assert notices(response) == ["The correction of hand 1 is taken back."]
    assert game.hands.get().data == FIRST
    # Bjørn and Dina made their 8 again; the history keeps both corrections.
    assert scoreboard(response) == {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8}
    actions = list(game.changes.order_by("pk").values_list("action", "after"))
    assert actions == [(Change.ADD, FIRST), (Change.EDIT, SLIP), (Change.EDIT, FIRST)]
    # The message that says it was taken back offers nothing more.
    assert _take_back_url(game) not in response.content.decode()


def test_a_second_tap_takes_nothing_more_back(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    sent = _corrected(phone, game)
    phone.post(_take_back_url(game), sent, follow=True)
    response = phone.post(_take_back_url(game), sent, follow=True)
    assert notices(response) == ["The correction of hand 1 is taken back."]
    assert game.hands.get().data == FIRST
    assert game.changes.count() == 3


# Another phone's changes since: a correction of its own; or two, which bring the hand back
# to what this correction made (the button still on this phone takes nothing back over them).
@pytest.mark.parametrize("theirs", [[THEIRS], [THEIRS, SLIP]], ids=["corrected", "and back"])
def test_a_change_made_since_on_another_phone_is_not_taken_back(
    phone: Client, group: Group, theirs: list[dict[str, object]]
) -> None:
    game = make_game(group, hands=[FIRST])
    sent = _corrected(phone, game)
    for hand in theirs:
        game.edit_hand(1, revision(game, 1), hand, "Bjørn")
    response = phone.post(_take_back_url(game), sent, follow=True)
    assert notices(response) == ["Nothing taken back: hand 1 was changed again since."]
    assert game.hands.get().data == theirs[-1]


def test_a_deleted_hand_is_not_brought_back_by_taking_back(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    sent = _corrected(phone, game)
    game.delete_hand(1, revision(game, 1), "Bjørn")
    response = phone.post(_take_back_url(game), sent, follow=True)
    assert notices(response) == ["Nothing taken back: hand 1 was changed again since."]
    assert not game.hands.exists()


def test_only_the_full_link_takes_back_and_only_a_correction(
    phone: Client, client: Client, group: Group
) -> None:
    game = make_game(group, hands=[FIRST])
    sent = _corrected(phone, game)
    view_only = reverse("take_back", args=[group.view_key, game.code])
    assert client.post(view_only, sent).status_code == 403
    added = game.changes.get(action=Change.ADD)
    assert phone.post(_take_back_url(game), {"change": added.code}).status_code == 404
    assert game.hands.get().data == SLIP


def test_a_hand_saved_offers_no_take_back(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    response = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, THEIRS, 2),
        follow=True,
    )
    assert _take_back_url(game) not in response.content.decode()


def test_saving_a_correction_unchanged_offers_nothing_to_take_back(
    phone: Client, group: Group
) -> None:
    # Bjørn's correction stands; this phone opens the hand and saves it as it is.
    game = make_game(group, hands=[FIRST])
    game.edit_hand(1, revision(game, 1), SLIP, "Bjørn")
    url = reverse("hand_edit", args=[group.edit_key, game.code, 1])
    response = phone.post(url, hand_post(game, SLIP, 1, revision=revision(game, 1)), follow=True)
    assert notices(response) == ["Hand 1 corrected."]
    assert _take_back_url(game) not in response.content.decode()


def test_beside_the_winner_a_correction_is_offered_back_with_its_winner_line(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    # Hand 5 corrected to Bjørn's Amerikaner, made: Bjørn wins instead of Anne.
    amerikaner = bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0})
    url = reverse("hand_edit", args=[group.edit_key, game.code, 5])
    posted = hand_post(game, amerikaner, 5, revision=revision(game, 5))
    response = phone.post(url, posted, follow=True)
    assert winner(response) == "🏆 Bjørn wins!"
    assert notices(response) == ["Hand 5 corrected. The winner changed: Bjørn won, not Anne."]
    sent = form_fields(response, _take_back_url(game))
    # The change's code is what the button sends, not a class of the message; the message
    # stands beside the winner as the polls come (table.js keeps it).
    assert '<li class="success offer" data-stands>' in response.content.decode()
    response = phone.post(_take_back_url(game), sent, follow=True)
    assert winner(response) == "🏆 Anne wins!"
    said = "The correction of hand 5 is taken back. The winner changed: Anne won, not Bjørn."
    assert notices(response) == [said]


def test_taken_back_in_norwegian(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    sent = _corrected(phone, game)
    response = phone.post(_take_back_url(game), sent, follow=True, HTTP_ACCEPT_LANGUAGE="nb")
    assert notices(response) == ["Rettelsen av runde 1 er angret."]
