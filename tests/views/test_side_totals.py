"""A total opened hand by hand: each hand's points for that side, the running total, why."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group
from tests.factories import bid, make_game
from tests.views.pages import text

pytestmark = pytest.mark.django_db

HANDS = [
    # Bjørn and Dina make 8: +8 each; Anne 2 and Cato 1 trick, +1 per trick.
    bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"),
    # Anne bids 9 with Cato and they take only 8: -9 each; Bjørn 3 and Dina 2 tricks.
    bid("Anne", 9, "Cato", {"Bjørn": 3, "Dina": 2}, dealer="Bjørn"),
    {"dealer": "Cato", "redeal": True},
]


def test_a_total_is_told_hand_by_hand_with_the_reasons(client: Client, group: Group) -> None:
    game = make_game(group, hands=HANDS)
    page = client.get(reverse("side_totals", args=[group.view_key, game.code, 1]))
    assert page.status_code == 200
    html = text(page)
    assert "How Anne reached \u22127" in html  # 2 - 9 + 0, with a true minus sign
    rows = page.context["rows"]
    assert [(r["number"], r["points"], r["total"]) for r in rows] == [
        (1, 2, 2),
        (2, -9, -7),
        (3, 0, -7),
    ]
    assert rows[0]["reason"] == "Opponent: took 2 tricks, +1 per trick."
    assert rows[1]["reason"] == "Bidder: the bid of 9 failed."
    assert rows[2]["reason"] == ""  # a redeal gives nobody a reason
    for number in (1, 2, 3):
        assert reverse("hand", args=[group.view_key, game.code, number]) in html


def test_the_scoreboard_total_opens_it(client: Client, group: Group) -> None:
    game = make_game(group, hands=HANDS)
    page = text(client.get(reverse("game", args=[group.view_key, game.code])))
    for seat in (1, 2, 3, 4):
        assert reverse("side_totals", args=[group.view_key, game.code, seat]) in page


@pytest.mark.parametrize("seat", [0, 5])
def test_no_such_seat(client: Client, group: Group, seat: int) -> None:
    game = make_game(group, hands=HANDS)
    assert (
        client.get(reverse("side_totals", args=[group.view_key, game.code, seat])).status_code
        == 404
    )


def test_only_get(client: Client, group: Group) -> None:
    game = make_game(group)
    assert (
        client.post(reverse("side_totals", args=[group.view_key, game.code, 1])).status_code == 405
    )


def test_every_hand_row_links_to_why(client: Client, group: Group) -> None:
    game = make_game(group, hands=HANDS)
    page = text(client.get(reverse("game", args=[group.view_key, game.code])))
    for number in (1, 2, 3):
        url = reverse("hand", args=[group.view_key, game.code, number])
        assert f'<a class="why" href="{url}"' in page
