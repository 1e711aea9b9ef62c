"""Deleting a hand: the later hands move up, totals and winners are worked out again."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import FOUR, anne_wins, bid, endless_hands, make_game, revision
from tests.views.pages import form_fields, hand_form_is_open, scoreboard, text, winner

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def _url(game: Game, number: int) -> str:
    return reverse("hand_delete", args=[game.group.edit_key, game.code, number])


def _delete(phone: Client, game: Game, number: int, revision: Any) -> Any:
    return phone.post(_url(game, number), {"revision": revision}, follow=True)


def test_deleting_a_middle_hand_moves_the_later_ones_up(phone: Client, group: Group) -> None:
    hands = endless_hands(3)
    game = make_game(group, hands=hands)
    response = _delete(phone, game, 2, revision(game, 2))
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
    # at the same revision again, which must not now delete the hand that moved up.
    hands = endless_hands(3)
    game = make_game(group, hands=hands)
    shown = revision(game, 2)
    _delete(phone, game, 2, shown)
    response = _delete(phone, game, 2, shown)
    assert [h.data for h in game.hand_list()] == [hands[0], hands[2]]
    assert "nothing was deleted" in text(response)


def test_deleting_the_winning_hand_reopens_the_game(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    response = _delete(phone, game, 5, revision(game, 5))
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
    response = _delete(phone, game, 2, revision(game, 2))
    assert len(game.hand_list()) == 7
    assert "the game was already won after hand 5" in text(response)


@pytest.mark.parametrize(
    ("number", "shown"),
    # Hand 1 is at revision 1 (the game's first change); "2" is hand 2's revision, and a
    # revision names one hand. Hands 4 and on do not exist, whatever the revision.
    [(1, "2"), (1, "x"), (1, "²"), (1, ""), (4, "1"), (99, "1"), (10**30, "1")],
)
def test_stale_or_unknown_delete_changes_nothing_and_says_so(
    phone: Client, group: Group, number: int, shown: str
) -> None:
    game = make_game(group, hands=endless_hands(3))
    response = _delete(phone, game, number, shown)
    assert response.status_code == 200
    assert len(game.hand_list()) == 3
    assert "nothing was deleted" in text(response)


def test_delete_sent_again_after_another_phone_added_a_new_hand_there_keeps_it(
    phone: Client, group: Group
) -> None:
    # This phone opened hand 3's page. Bjørn's phone deletes hand 3 and enters another
    # hand 3; then this phone's delete arrives (a late tap, a retried POST). It names the
    # hand 3 that is gone, not Bjørn's new one, so it must delete nothing.
    hands = endless_hands(3)
    game = make_game(group, hands=hands)
    page = phone.get(reverse("hand", args=[group.edit_key, game.code, 3]))
    shown = form_fields(page, _url(game, 3))["revision"]
    game.delete_hand(3, revision(game, 3), "Bjørn")
    new = {**hands[2], "dealer": "Anne"}
    game.add_hand(3, new, "Bjørn")
    response = _delete(phone, game, 3, shown)
    assert [h.data for h in game.hand_list()] == [hands[0], hands[1], new]
    assert game.changes.filter(action=Change.DELETE).count() == 1  # Bjørn's delete only
    assert "Hand 3 was changed on another phone; nothing was deleted." in text(response)


def test_delete_needs_a_post(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(1))
    assert phone.get(_url(game, 1)).status_code == 405
