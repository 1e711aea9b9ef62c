"""A database out of reach answers in words: every page, poll and save a 503 with
`Retry-After` and a page in the phone's language, never a server error; a hand whose save
met it is stored once when sent again. Here SQLite's file stays locked past its timeout
(every query fails as it then does); tests/test_database_stopped.py stops a PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from games.middleware import RETRY_AFTER
from games.models import Game, Group
from tests.factories import endless_hands, hand_post, make_game
from tests.views.pages import field_values, text

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@contextmanager
def database_away() -> Iterator[None]:
    """Every query fails as it does when SQLite's file is locked past its timeout."""

    def locked(*args: Any) -> None:
        raise OperationalError("database is locked")

    with connection.execute_wrapper(locked):
        yield


def _requests(group: Group, game: Game) -> list[tuple[str, str, dict[str, Any]]]:
    """(method, address, data): the pages, the poll, the preview and the save of a game."""
    key, code = group.edit_key, game.code
    return [
        ("get", reverse("group", args=[key]), {}),
        ("get", reverse("game", args=[key, code]), {}),
        ("get", reverse("game_live", args=[group.view_key, code]), {}),
        ("get", reverse("hand_preview", args=[key, code]), {"number": 4, "dealer": "Anne"}),
        ("post", reverse("hand_create", args=[key, code]), hand_post(game, {"dealer": "Anne"}, 4)),
    ]


def test_every_page_poll_and_save_answers_503_with_retry_after(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(3))
    requests = _requests(group, game)
    with database_away():
        for method, url, data in requests:
            page = getattr(phone, method)(url, data)
            assert page.status_code == 503, url
            assert page["Retry-After"] == str(RETRY_AFTER)
            assertContains(page, "The scores are out of reach for a moment", status_code=503)
            # The same in the phone's language, and for htmx the fragment alone.
            norwegian = getattr(phone, method)(url, data, headers=HTMX, HTTP_ACCEPT_LANGUAGE="nb")
            assert norwegian.status_code == 503
            assert "<html" not in text(norwegian)
            assert "Poengene er utenfor rekkevidde et øyeblikk" in text(norwegian)
    # Back: the same requests answer as ever.
    for method, url, data in requests[:3]:
        assert getattr(phone, method)(url, data).status_code == 200


def test_a_page_asks_again_by_itself_and_a_form_sent_says_to_send_again(
    phone: Client, group: Group
) -> None:
    game = make_game(group)
    data = hand_post(game, endless_hands(1)[0], 1)
    with database_away():
        page = phone.get(reverse("game", args=[group.edit_key, game.code]))
        save = phone.post(reverse("hand_create", args=[group.edit_key, game.code]), data)
    assert 'http-equiv="refresh"' in text(page)
    assert "tries again by itself" in text(page)
    assert 'http-equiv="refresh"' not in text(save)
    assert "go back and save again in a moment" in text(save)


def test_a_save_that_met_the_outage_is_stored_once_when_sent_again(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(3))
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    entry = field_values(page, within="data-hand-form")["entry"][0]
    data = {**hand_post(game, endless_hands(4)[-1], 4), "entry": entry}
    url = reverse("hand_create", args=[group.edit_key, game.code])
    with database_away():
        assert phone.post(url, data, headers=HTMX).status_code == 503
    # The phone keeps it and sends it when the server answers again; an answer lost on the
    # way, it sends it once more: one hand 4.
    assert phone.post(url, data, headers=HTMX).status_code == 200
    assert phone.post(url, data, headers=HTMX).status_code == 200
    assert [hand.number for hand in game.hands.order_by("number")] == [1, 2, 3, 4]
