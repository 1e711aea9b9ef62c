"""Deleting a hand: the later hands move up, totals and winners are worked out again."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import FOUR, anne_wins, bid, endless_hands, make_game
from tests.views.pages import hand_form_is_open, scoreboard, text, winner

pytestmark = pytest.mark.django_db


def _delete(phone: Client, game: Game, number: int, revision: Any = "1") -> Any:
    url = reverse("hand_delete", args=[game.group.edit_key, game.code, number])
    return phone.post(url, {"revision": revision}, follow=True)


def test_deleting_a_middle_hand_moves_the_later_ones_up(phone: Client, group: Group) -> None:
    hands = endless_hands(3)
    game = make_game(group, hands=hands)
    response = _delete(phone, game, 2)
    assert [(h.number, h.data) for h in game.hand_list()] == [(1, hands[0]), (2, hands[2])]
    # Without Bjørn's failed 12: Anne -12 + 0, Bjørn +1, Cato -12, Dina +1.
    assert scoreboard(response) == {"Anne": -12, "Bjørn": 1, "Cato": -12, "Dina": 1}
    assert "Hand 2 deleted. The history can bring it back." in text(response)
    change = game.changes.first()
    assert change is not None
    assert (change.action, change.number, change.before, change.by) == (
        Change.DELETE,
        2,
        hands[1],
        "Anne",
    )


def test_a_second_tap_on_delete_deletes_nothing_more(phone: Client, group: Group) -> None:
    # The first tap deletes hand 2; hand 3 becomes hand 2. The retried POST names hand 2
    # at revision 1 again, which must not now delete the hand that moved up.
    hands = endless_hands(3)
    game = make_game(group, hands=hands)
    _delete(phone, game, 2)
    response = _delete(phone, game, 2)
    assert [h.data for h in game.hand_list()] == [hands[0], hands[2]]
    assert "nothing was deleted" in text(response)


def test_deleting_the_winning_hand_reopens_the_game(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    response = _delete(phone, game, 5)
    assert winner(response) is None
    assert scoreboard(response) == {"Anne": 48, "Bjørn": 0, "Cato": 0, "Dina": 0}
    assert hand_form_is_open(response)


def test_deleting_a_hand_that_kept_the_game_open_is_refused(phone: Client, group: Group) -> None:
    # Anne: +12, -12 (hand 2), +12, +12, +12, +6 = 42, then a hand where she scores 0.
    # Without hand 2 she would reach 54 on hand 5, and hand 6 would follow a won game.
    sweep = dict.fromkeys(FOUR[1:], 0)
    hands = [bid("Anne", 12, None, sweep, dealer=FOUR[i % 4]) for i in range(5)]
    hands[1] = bid("Anne", 12, None, {"Bjørn": 1, "Cato": 0, "Dina": 0}, dealer="Bjørn")
    hands.append(bid("Anne", 6, None, dict.fromkeys(FOUR[1:], 2), dealer="Bjørn"))
    hands.append(bid("Bjørn", 6, "Cato", {"Anne": 0, "Dina": 6}, dealer="Cato"))
    game = make_game(group, hands=hands)
    response = _delete(phone, game, 2)
    assert len(game.hand_list()) == 7
    assert "the game was already won after hand 5" in text(response)


@pytest.mark.parametrize(
    ("number", "revision"),
    [(1, "2"), (1, "x"), (1, "²"), (1, ""), (4, "1"), (99, "1"), (10**30, "1")],
)
def test_stale_or_unknown_delete_changes_nothing_and_says_so(
    phone: Client, group: Group, number: int, revision: str
) -> None:
    game = make_game(group, hands=endless_hands(3))
    response = _delete(phone, game, number, revision)
    assert response.status_code == 200
    assert len(game.hand_list()) == 3
    assert "nothing was deleted" in text(response)


def test_delete_needs_a_post(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(1))
    url = reverse("hand_delete", args=[group.edit_key, game.code, 1])
    assert phone.get(url).status_code == 405
