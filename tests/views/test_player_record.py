"""A player's page: their record (rival, best partner, longest streak, bids by size),
their rating over time and their awards. Scoring as in tests/test_stats.py: in
`anne_wins()` Anne wins alone and the others are level second."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Award, Group
from tests.factories import anne_wins, anne_wins_on_hand_40, make_game
from tests.views.pages import Page, part, text
from tests.views.test_player import player_url
from tests.views.test_stats import table

pytestmark = pytest.mark.django_db


def _page(client: Client, group: Group, name: str) -> Page:
    response = client.get(player_url(group.players.get(name=name)))
    assert response.status_code == 200
    return response


def _said(response: Page, id_: str) -> str:
    found = part(response, id_)
    assert found is not None, id_
    return found[0]


def _awards(response: Page) -> list[str]:
    html = text(response).split('id="awards"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'data-award="([^"]+)"', html)


def test_the_record_names_rival_streak_and_bids_by_size(client: Client, group: Group) -> None:
    for _ in range(3):
        make_game(group, hands=anne_wins())
    cato = _page(client, group, "Cato")
    assert "Anne ahead 3 of 3" in _said(cato, "rival")
    assert _said(cato, "streak").endswith("0 games")
    anne = _page(client, group, "Anne")
    assert _said(anne, "rival").endswith("none yet")
    assert _said(anne, "streak").endswith("3 games")
    # Bids of 6 (three, all made, +6 each) and 12 (twelve, +12 each), 6 first.
    assert table(anne, "bid-levels") == {"6": ["3", "100%", "6.0"], "12": ["12", "100%", "12.0"]}
    assert list(table(anne, "bid-levels")) == ["6", "12"]
    assert '<th scope="col" class="name">Bid</th>' in text(anne)
    assert part(anne, "best-partner") is not None  # Amerikaner: the bidder's partner


def test_a_bid_failed_on_average_has_a_true_minus_sign(client: Client, group: Group) -> None:
    # Bjørn bid 12 eight times in this game and never made it: -12 on average.
    make_game(group, hands=anne_wins_on_hand_40())
    levels = table(_page(client, group, "Bjørn"), "bid-levels")
    assert levels["12"] == ["8", "0%", "\u221212.0"]
    norwegian = client.get(player_url(group.players.get(name="Bjørn")), HTTP_ACCEPT_LANGUAGE="nb")
    assert table(norwegian, "bid-levels")["12"] == ["8", "0%", "\u221212,0"]


def test_a_players_awards_are_listed_newest_first(client: Client, group: Group) -> None:
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    anne = _page(client, group, "Anne")
    # The third game's hat trick and clean sweep (three games make nobody a regular).
    assert _awards(anne) == ["streak", "sweep"]
    assert games[2].code in text(anne).split('id="awards"', 1)[1].split("</section>", 1)[0]


def test_a_player_without_awards_is_told_so(client: Client, group: Group) -> None:
    anne = _page(client, group, "Anne")
    assert part(anne, "no-awards") is not None
    assert part(anne, "rating-chart") is None


def test_the_rating_over_time_is_drawn_from_the_second_game(client: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    assert part(_page(client, group, "Anne"), "rating-chart") is None
    make_game(group, hands=anne_wins())
    html = text(_page(client, group, "Anne")).split('id="rating-chart"', 1)[1]
    assert html.lstrip(">").startswith("<svg")


def test_the_record_is_in_norwegian(client: Client, group: Group) -> None:
    for _ in range(3):
        make_game(group, hands=anne_wins())
    client.cookies["django_language"] = "nb"
    cato = _page(client, group, "Cato")
    assert "Lengste seiersrekke" in _said(cato, "streak")
    assert "Anne foran i 3 av 3" in _said(cato, "rival")


def test_each_award_is_listed_once_as_last_earned_with_how_often(
    client: Client, group: Group
) -> None:
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    anne = group.players.get(name="Anne")
    earned = Award.objects.filter(player=anne)
    # A hat trick earned before, in the first game (as in an earlier season).
    third = earned.get(award="streak")
    Award.objects.create(
        game=games[0],
        player=anne,
        group=group,
        kind=third.kind,
        date=third.date,
        played_at=games[0].created_at,
        award="streak",
    )
    html = text(_page(client, group, "Anne")).split('id="awards"', 1)[1].split("</section>", 1)[0]
    listed = re.findall(r'data-award="([^"]+)" data-times="(\d+)"', html)
    # (Three games make nobody a regular.)
    assert [award for award, _times in listed] == ["streak", "sweep"]
    assert dict(listed) == {"streak": "2", "sweep": "1"}
    assert "\u00d72" in html and games[0].code not in html.split('data-award="sweep"')[0]
