"""Undo takes back the last hand. The form names that hand, so a second tap does nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import endless_hands, make_game
from tests.views.pages import form_fields, scoreboard, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


@pytest.fixture
def three(group: Group) -> Game:
    return make_game(group, hands=endless_hands(3))


def _undo(phone: Client, game: Game, data: dict[str, Any], **headers: Any) -> Any:
    return phone.post(reverse("undo", args=[game.group.edit_key, game.code]), data, **headers)


def _undo_button(phone: Client, game: Game) -> dict[str, str]:
    """What the game page's undo button would post now: the last hand's number and revision."""
    page = phone.get(reverse("game", args=[game.group.edit_key, game.code]))
    url = reverse("undo", args=[game.group.edit_key, game.code])
    return {name: form_fields(page, url)[name] for name in ("number", "revision")}


def test_undo_button_names_the_last_hand_as_it_is_now(phone: Client, three: Game) -> None:
    # Hand 3 was the game's third change, so it carries the game's third version.
    assert _undo_button(phone, three) == {"number": "3", "revision": "3"}


def test_undo_takes_back_the_last_hand(phone: Client, three: Game) -> None:
    response = _undo(phone, three, _undo_button(phone, three), follow=True)
    assert [h.number for h in three.hand_list()] == [1, 2]
    # Hands 1-2 only: Anne -12, Bjørn 1 - 12, Cato +1.
    assert scoreboard(response) == {"Anne": -12, "Bjørn": -11, "Cato": 1, "Dina": 0}
    assert text(response).count("Hand 3 deleted. The history can bring it back.") == 1
    change = three.changes.first()
    assert change is not None
    assert (change.action, change.number, change.by) == (Change.DELETE, 3, "Anne")


@pytest.mark.parametrize("htmx", [False, True], ids=["browser", "htmx"])
def test_a_second_tap_undoes_nothing_more(phone: Client, three: Game, htmx: bool) -> None:
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    button = _undo_button(phone, three)
    _undo(phone, three, button, **headers)
    second = _undo(phone, three, button, **headers)
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


def test_htmx_undo_shows_its_message_in_the_fragment_and_only_there(
    phone: Client, three: Game
) -> None:
    response = _undo(phone, three, _undo_button(phone, three), HTTP_HX_REQUEST="true")
    main = text(response)
    assert main.lstrip().startswith('<div id="main"')
    assert "Hand 3 deleted. The history can bring it back." in main
    # Shown in the answer, so used up: the next page does not bring it up again.
    page = phone.get(reverse("group", args=[three.group.edit_key]))
    assert "Hand 3 deleted" not in text(page)


def test_undo_of_a_hand_corrected_since_is_refused(phone: Client, three: Game) -> None:
    button = _undo_button(phone, three)
    hand = three.hand_list()[-1]
    three.edit_hand(3, hand.revision, {**hand.data, "dealer": "Anne"}, "Bjørn")
    response = _undo(phone, three, button, follow=True)
    assert len(three.hand_list()) == 3
    assert "Hand 3 was changed on another phone; nothing was deleted." in text(response)


def test_undo_sent_again_after_another_phone_added_a_new_last_hand_keeps_it(
    phone: Client, three: Game
) -> None:
    # This phone shows "Undo hand 3". Bjørn's phone undoes hand 3 and enters another
    # hand 3; then this phone's undo arrives (a late tap, a retried POST). It names the
    # hand 3 that is gone, not Bjørn's new one, so it must delete nothing.
    button = _undo_button(phone, three)
    *kept, gone = three.hand_list()
    three.delete_hand(3, gone.revision, "Bjørn")
    new = {**gone.data, "dealer": "Anne"}
    three.add_hand(3, new, "Bjørn")
    response = _undo(phone, three, button, follow=True)
    assert [h.data for h in three.hand_list()] == [*(h.data for h in kept), new]
    assert three.changes.filter(action=Change.DELETE).count() == 1  # Bjørn's undo only
    assert "Hand 3 was changed on another phone; nothing was deleted." in text(response)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({}, id="nothing"),
        pytest.param({"number": "abc", "revision": "1"}, id="number-abc"),
        pytest.param({"number": "²", "revision": "1"}, id="number-superscript"),
        pytest.param({"number": "9" * 5000, "revision": "1"}, id="number-too-long"),
        # Hand 2's real revision (it was the game's second change), but not the last hand.
        pytest.param({"number": "2", "revision": "2"}, id="not-the-last"),
        # Hand 1's revision: a revision names one hand, so it cannot take hand 3.
        pytest.param({"number": "3", "revision": "1"}, id="revision-of-another-hand"),
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
    # What a page showing a hand 1 (now gone) would post: there is no hand to take back.
    response = _undo(phone, game, {"number": "1", "revision": "1"}, follow=True)
    assert "Nothing undone" in text(response)


def test_undo_needs_a_post(phone: Client, three: Game) -> None:
    assert phone.get(reverse("undo", args=[three.group.edit_key, three.code])).status_code == 405
