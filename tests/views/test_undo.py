"""Undo takes back the last hand. The form names that hand, so a second tap does nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import endless_hands, make_game
from tests.views.pages import scoreboard, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(group: Group) -> Game:
    return make_game(group, hands=endless_hands(3))


def _undo(phone: Client, game: Game, data: dict[str, Any], **headers: Any) -> Any:
    return phone.post(reverse("undo", args=[game.group.edit_key, game.code]), data, **headers)


def test_undo_takes_back_the_last_hand(phone: Client, three: Game) -> None:
    response = _undo(phone, three, {"number": "3", "revision": "1"}, follow=True)
    assert [h.number for h in three.hand_list()] == [1, 2]
    # Hands 1-2 only: Anne -12, Bjørn 1 - 12, Cato +1.
    assert scoreboard(response) == {"Anne": -12, "Bjørn": -11, "Cato": 1, "Dina": 0}
    assert "Hand 3 deleted. The history can bring it back." in text(response)
    change = three.changes.first()
    assert change is not None
    assert (change.action, change.number, change.by) == (Change.DELETE, 3, "Anne")


@pytest.mark.parametrize("htmx", [False, True], ids=["browser", "htmx"])
def test_a_second_tap_undoes_nothing_more(phone: Client, three: Game, htmx: bool) -> None:
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    _undo(phone, three, {"number": "3", "revision": "1"}, **headers)
    second = _undo(phone, three, {"number": "3", "revision": "1"}, **headers)
    assert [h.number for h in three.hand_list()] == [1, 2]
    assert three.changes.filter(action=Change.DELETE).count() == 1
    if htmx:
        assert second.status_code == 200
        assert text(second).lstrip().startswith('<div id="main"')
        assert "Undo hand 2" in text(second)  # the button now names hand 2
    else:
        assert second.status_code == 302
        page = phone.get(second["Location"])
        assert "Nothing undone: that hand is no longer the last one." in text(page)


def test_undo_of_a_hand_corrected_since_is_refused(phone: Client, three: Game) -> None:
    hand = three.hand_list()[-1]
    three.edit_hand(3, 1, {**hand.data, "dealer": "Anne"}, "Bjørn")
    response = _undo(phone, three, {"number": "3", "revision": "1"}, follow=True)
    assert len(three.hand_list()) == 3
    assert "Hand 3 was changed on another phone; nothing was deleted." in text(response)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({}, id="nothing"),
        pytest.param({"number": "abc", "revision": "1"}, id="number-abc"),
        pytest.param({"number": "²", "revision": "1"}, id="number-superscript"),
        pytest.param({"number": "9" * 5000, "revision": "1"}, id="number-too-long"),
        pytest.param({"number": "2", "revision": "1"}, id="not-the-last"),
        pytest.param({"number": "3", "revision": "²"}, id="revision-superscript"),
        pytest.param({"number": "3", "revision": "x"}, id="revision-junk"),
    ],
)
def test_bad_undo_changes_nothing_and_says_so(
    phone: Client, three: Game, data: dict[str, str]
) -> None:
    response = _undo(phone, three, data, follow=True)
    assert response.status_code == 200
    assert len(three.hand_list()) == 3
    assert "nothing" in text(response).lower()


def test_undo_in_a_game_without_hands_does_nothing(phone: Client, game: Game) -> None:
    response = _undo(phone, game, {"number": "1", "revision": "1"}, follow=True)
    assert "Nothing undone" in text(response)


def test_undo_needs_a_post(phone: Client, three: Game) -> None:
    assert phone.get(reverse("undo", args=[three.group.edit_key, three.code])).status_code == 405
