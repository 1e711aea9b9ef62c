"""Restoring from the history: a deleted hand goes back in its place, once."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import FOUR, anne_wins, bid, endless_hands, make_game, revision
from tests.views.pages import hand_form_is_open, notices, scoreboard, text, winner

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def _restore(phone: Client, game: Game, change: Change, **kwargs: Any) -> Any:
    url = reverse("restore", args=[game.group.edit_key, game.code, change.code])
    return phone.post(url, **kwargs)


def test_deleted_middle_hand_goes_back_in_its_place(phone: Client, group: Group) -> None:
    hands = endless_hands(4)
    game = make_game(group, hands=hands)
    totals = scoreboard(phone.get(reverse("game", args=[group.edit_key, game.code])))
    game.delete_hand(2, revision(game, 2), "Bjørn")
    deleted = game.changes.get(action=Change.DELETE)
    response = _restore(phone, game, deleted)
    assert response["Location"] == reverse("game", args=[group.edit_key, game.code])
    assert [(h.number, h.data) for h in game.hand_list()] == list(enumerate(hands, 1))
    page = phone.get(response["Location"])
    assert scoreboard(page) == totals
    assert "Hand 2 restored." in text(page)
    restored = game.changes.first()
    assert restored is not None
    assert (restored.action, restored.number, restored.after, restored.by) == (
        Change.RESTORE,
        2,
        hands[1],
        "Anne",
    )


def test_a_second_tap_on_restore_brings_the_hand_back_once(phone: Client, group: Group) -> None:
    hands = endless_hands(4)
    game = make_game(group, hands=hands)
    game.delete_hand(2, revision(game, 2), "Bjørn")
    deleted = game.changes.get(action=Change.DELETE)
    _restore(phone, game, deleted)
    _restore(phone, game, deleted)
    assert [h.data for h in game.hand_list()] == hands
    assert game.changes.filter(action=Change.RESTORE).count() == 1


def test_restoring_the_deleted_winning_hand_ends_the_game_again(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    game.delete_hand(5, revision(game, 5), "Bjørn")
    deleted = game.changes.get(action=Change.DELETE)
    page = _restore(phone, game, deleted, follow=True)
    assert winner(page) == "🏆 Anne wins!"
    assert scoreboard(page) == {"Anne": 54, "Bjørn": 2, "Cato": 2, "Dina": 2}
    assert not hand_form_is_open(page)
    # Beside the winner banner, what the hand brought back did to the game.
    assert notices(page) == ["Hand 5 restored. This ends the game: Anne won."]


def test_deleting_the_winning_hand_says_the_game_goes_on(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    url = reverse("hand_delete", args=[group.edit_key, game.code, 5])
    page = phone.post(url, {"revision": revision(game, 5)}, follow=True)
    assert winner(page) is None
    assert notices(page) == [
        "Hand 5 deleted. The history can bring it back. The game is no longer won: it goes on."
    ]


def test_an_earlier_version_of_a_corrected_hand_comes_back(phone: Client, group: Group) -> None:
    first = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
    game = make_game(group, hands=[first])
    game.edit_hand(1, revision(game, 1), {**first, "bid": 10}, "Bjørn")
    added = game.changes.get(action=Change.ADD)
    response = _restore(phone, game, added, follow=True)
    hand = game.hands.get()
    # The game's third change (add, correct, restore), so the hand's revision is 3.
    assert (hand.data, hand.revision, hand.entered_by) == (first, 3, "Anne")
    assert scoreboard(response) == {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8}


def test_restore_that_no_longer_fits_is_refused_with_a_message(phone: Client, group: Group) -> None:
    # Anne +12 four times is 48. Hand 1 deleted (36), then +12 and +6 bring her to 54
    # on hand 5. With hand 1 back she would reach 60 on hand 5, and hand 6 would follow.
    sweep = dict.fromkeys(FOUR[1:], 0)
    game = make_game(group, hands=[bid("Anne", 12, None, sweep, dealer=p) for p in FOUR])
    game.delete_hand(1, revision(game, 1), "Anne")
    game.add_hand(4, bid("Anne", 12, None, sweep, dealer="Anne"), "Anne")
    game.add_hand(5, bid("Anne", 6, None, dict.fromkeys(FOUR[1:], 2), dealer="Bjørn"), "Anne")
    deleted = game.changes.get(action=Change.DELETE)
    before = [h.data for h in game.hand_list()]
    response = _restore(phone, game, deleted)
    assert response["Location"] == reverse("history", args=[group.edit_key, game.code])
    assert "Hand 6: the game was already won after hand 5." in text(phone.get(response["Location"]))
    assert [h.data for h in game.hand_list()] == before


def test_restore_needs_a_post(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(1))
    change = game.changes.get()
    url = reverse("restore", args=[group.edit_key, game.code, change.code])
    assert phone.get(url).status_code == 405
