"""The hand page: why each player got their points, in the engine's own words."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import bid, make_game, revision
from tests.views.pages import text

pytestmark = pytest.mark.django_db

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
SECOND = bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn")


@pytest.fixture
def played(group: Group) -> Game:
    return make_game(group, hands=[FIRST, SECOND])


def _url(game: Game, number: int, link: str = "edit_key") -> str:
    return reverse("hand", args=[getattr(game.group, link), game.code, number])


def _rows(html: str) -> dict[str, str]:
    """Each player's row of the points table, as plain text."""
    rows = re.findall(r"<tr><td><strong>(.*?)</strong>(.*?)</tr>", html, re.DOTALL)
    return {name: " ".join(re.sub(r"<[^>]+>", " ", row).split()) for name, row in rows}


def test_hand_page_explains_the_hand_and_each_players_points(client: Client, played: Game) -> None:
    response = client.get(_url(played, 1, "view_key"))
    assert response.status_code == 200
    html = text(response)
    assert "Hand 1: Bjørn 8 with Dina" in html
    assert "Bidder side (Bjørn and Dina) took 9 of 12 tricks against a bid of 8: made." in html
    assert "Bidder and partner +8 each (overtricks do not count). Opponents +1 per trick." in html
    assert _rows(html) == {
        "Anne": "Opponent: took 2 tricks, +1 per trick. +2 0 → 2",
        "Bjørn": "Bidder: the bid of 8 was made. +8 0 → 8",
        "Cato": "Opponent: took 1 trick, +1 per trick. +1 0 → 1",
        "Dina": "Partner: the bid of 8 was made. +8 0 → 8",
    }


def test_a_later_hand_shows_each_total_before_and_after(client: Client, played: Game) -> None:
    html = text(client.get(_url(played, 2, "view_key")))
    assert "Cato played alone and took 6 of 12 tricks against a bid of 7: failed." in html
    rows = _rows(html)
    # Points and totals below zero have a true minus sign, as on a score sheet.
    assert rows["Cato"] == "Bidder: the bid of 7 failed. \u22127 1 → \u22126"
    assert rows["Anne"] == "Opponent: took 3 tricks, +1 per trick. +3 2 → 5"


def test_hand_page_lists_the_changes_to_that_hand(phone: Client, played: Game) -> None:
    played.edit_hand(1, revision(played, 1), {**FIRST, "bid": 9}, "Bjørn")
    html = text(phone.get(_url(played, 1)))
    assert "Changes to this hand" in html
    assert "by Bjørn" in html
    assert "Entered by Bjørn" in html


def test_full_link_can_correct_or_delete_the_hand(phone: Client, played: Game) -> None:
    html = text(phone.get(_url(played, 1)))
    assert reverse("hand_edit", args=[played.group.edit_key, played.code, 1]) in html
    assert reverse("hand_delete", args=[played.group.edit_key, played.code, 1]) in html


def test_view_only_link_sees_no_buttons(client: Client, played: Game) -> None:
    html = text(client.get(_url(played, 1, "view_key")))
    assert "Correct this hand" not in html
    assert "/delete/" not in html
    assert played.group.edit_key not in html


@pytest.mark.parametrize("number", [0, 3, 10**30])
def test_hand_number_out_of_range_is_not_found(client: Client, played: Game, number: int) -> None:
    assert client.get(_url(played, number, "view_key")).status_code == 404


def test_negative_hand_number_is_not_found(client: Client, played: Game) -> None:
    url = _url(played, 1, "view_key").replace("/hands/1/", "/hands/-1/")
    assert client.get(url).status_code == 404


def test_hand_page_is_read_only(client: Client, played: Game) -> None:
    assert client.post(_url(played, 1, "view_key")).status_code == 405
