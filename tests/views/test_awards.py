"""The awards: the group's awards page (each with its rule, holders and how far the others
are), and the awards shown on a finished game's page, its night and the group page.
Scoring as in tests/test_stats.py: in `anne_wins()` Anne wins alone."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Group
from games.rules import GAMES
from tests.factories import anne_wins, make_game
from tests.views.pages import Page, part, text

pytestmark = pytest.mark.django_db


def awards_url(group: Group, key: str = "") -> str:
    return reverse("awards", args=[key or group.view_key])


def _said(response: Page, id_: str) -> str:
    found = part(response, id_)
    assert found is not None, id_
    return found[0]


def _holders(response: Page, award: str) -> list[str]:
    html = text(response).split(f'id="award-{award}"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'data-holder="([^"]+)"', html)


def _others(response: Page, award: str) -> dict[str, str]:
    html = text(response).split(f'id="award-{award}"', 1)[1].split("</section>", 1)[0]
    found = re.findall(r'<li data-other="([^"]+)">[^:]*: ([^<]*)</li>', html)
    return dict(found)


def test_every_award_is_listed_with_its_rule(client: Client, group: Group) -> None:
    response = client.get(awards_url(group))
    assert response.status_code == 200
    assert "Win three games in a row in one season" in _said(response, "award-streak")
    assert "Make an Amerikaner bid" in _said(response, "award-amerikaner_made")
    assert "Nobody yet." in _said(response, "award-lone_march")


def test_holders_and_how_far_the_others_are(client: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    make_game(group, hands=anne_wins())
    response = client.get(awards_url(group))
    assert _holders(response, "streak") == []
    # Two wins in a row this season: one to go; the others have none.
    others = _others(response, "streak")
    assert others["Anne"] == "2 wins in a row now, 1 to go."
    assert others["Bjørn"] == "0 wins in a row now, 3 to go."
    make_game(group, hands=anne_wins())
    response = client.get(awards_url(group))
    assert _holders(response, "streak") == ["Anne"]
    assert "Anne" not in _others(response, "streak")


def test_the_awards_page_reads_a_few_queries_for_any_number_of_games(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    for _ in range(3):
        make_game(group, hands=anne_wins())
    # The group; its players; the holders; this season's rows; each bidding game's tries
    # (one query a game whose awards count tries).
    tried = [game for game in GAMES.values() if any(award.tries for award in game.awards)]
    with django_assert_num_queries(4 + len(tried)):
        assert client.get(awards_url(group)).status_code == 200


def test_the_awards_page_is_read_only_and_needs_a_link(client: Client, group: Group) -> None:
    assert client.post(awards_url(group)).status_code == 405
    assert client.get(reverse("awards", args=["nosuchkey"])).status_code == 404


def test_a_finished_game_shows_the_awards_it_earned(client: Client, group: Group) -> None:
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    response = client.get(reverse("game", args=[group.view_key, games[2].code]))
    html = text(response).split("data-awards", 1)[1].split("</section>", 1)[0]
    # Three games make nobody a regular (most_games needs ten).
    assert re.findall(r'data-award="([^"]+)"', html) == ["streak", "sweep"]
    assert "Hat trick · Anne" in " ".join(re.sub(r"<[^>]+>", "", html).split())


def test_the_night_shows_each_games_awards(client: Client, group: Group) -> None:
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    night = games[0].night
    assert night is not None
    response = client.get(reverse("night", args=[group.view_key, night.code]))
    third = _said(response, "game-3")
    assert "Hat trick · Anne" in third and "Clean sweep · Anne" in third
    assert "Hat trick" not in _said(response, "game-2")


def test_the_group_page_shows_the_latest_awards(client: Client, group: Group) -> None:
    response = client.get(reverse("group", args=[group.view_key]))
    assert part(response, "latest-awards") is None
    for _ in range(3):
        make_game(group, hands=anne_wins())
    response = client.get(reverse("group", args=[group.view_key]))
    latest = _said(response, "latest-awards")
    assert latest.startswith("Latest awards 🏅 Hat trick · Anne")
    assert reverse("awards", args=[group.view_key]) in text(response)
