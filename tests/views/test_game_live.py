"""The live fragment that phones poll: cheap while nothing changed (304), fresh after."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games import live
from games.models import Group
from tests.factories import bid, endless_hands, make_game
from tests.views.pages import field_values, scoreboard, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def test_live_fragment_has_the_scoreboard_and_an_etag(client: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    response = client.get(reverse("game_live", args=[group.view_key, game.code]))
    assert response.status_code == 200
    assert scoreboard(response) == {"Anne": -12, "Bjørn": -11, "Cato": 1, "Dina": 0}
    assert "<html" not in text(response)
    assert response["ETag"] == 'W/"2-en-0"'  # version 2: two hands added
    assert response["Cache-Control"] == "no-cache"
    assert "Cookie" in response["Vary"]


def test_unchanged_game_answers_304_in_one_query(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = make_game(group, hands=endless_hands(40))
    url = reverse("game_live", args=[group.view_key, game.code])
    etag = client.get(url)["ETag"]
    # One query: the game's version, found by its code and the link together; none with
    # a shared cache (CACHE_URL), which the first poll filled.
    with django_assert_num_queries(0 if live.shared() else 1):
        response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag


def test_a_change_makes_the_old_etag_stale(client: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(1))
    url = reverse("game_live", args=[group.view_key, game.code])
    etag = client.get(url)["ETag"]
    game.add_hand(2, bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Bjørn"), "Anne")
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert "2. Bjørn 8 with Dina" in text(response)


def test_full_and_view_links_never_share_an_etag(phone: Client, group: Group) -> None:
    # The full link's fragment has the undo button; a view-only phone must never be
    # answered 304 for it (or the other way round).
    game = make_game(group, hands=endless_hands(1))
    full = phone.get(reverse("game_live", args=[group.edit_key, game.code]))
    view = phone.get(reverse("game_live", args=[group.view_key, game.code]))
    assert full["ETag"] != view["ETag"]
    assert "Undo hand 1" in text(full)
    assert "Undo hand 1" not in text(view)


def test_live_fragment_names_the_hand_an_open_form_saves_next(phone: Client, group: Group) -> None:
    # A poll brings the next hand's empty form, which htmx morphs into the open one (its
    # taps stay, its number and label move on), and the state the phone's script follows.
    game = make_game(group, hands=endless_hands(2))
    url = reverse("game_live", args=[group.edit_key, game.code])
    live = phone.get(url)
    assert 'data-state="open" data-next="3" data-save-label="Save hand 3"' in text(live)
    assert field_values(live, within="data-hand-form")["number"] == ["3"]
    game.add_hand(3, endless_hands(3)[2], "Bjørn")
    live = phone.get(url, HTTP_IF_NONE_MATCH=live["ETag"])
    assert 'data-next="4" data-save-label="Save hand 4"' in text(live)


def test_live_is_read_only(client: Client, group: Group) -> None:
    game = make_game(group)
    assert client.post(reverse("game_live", args=[group.view_key, game.code])).status_code == 405


def test_the_newest_hands_carry_their_entry_keys_for_the_phones_that_sent_them(
    client: Client, group: Group
) -> None:
    game = make_game(group)
    for number, hand in enumerate(endless_hands(12), 1):
        game.add_hand(number, hand, "Anne", entry=f"key{number}")
    html = text(client.get(reverse("game_live", args=[group.view_key, game.code])))
    # A phone whose answer was lost finds its own hand here: the newest ten are enough,
    # and the save itself is answered from the key whatever its age.
    assert re.findall(r'data-entry="(key\d+)"', html) == [f"key{n}" for n in range(12, 2, -1)]
    # Hand 12 is Dina's turn to bid 12 alone, and she loses a trick.
    assert 'data-number="12" data-entry="key12" data-summary="Dina 12 alone, failed"' in html
