"""The group page: its games, its players and, for the full link, the links to share."""

from __future__ import annotations

import datetime as dt
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries
from pytest_django.asserts import assertContains

from games.models import Game, Group, Hand
from tests.factories import bid, endless_hands, make_game
from tests.views.pages import part

pytestmark = pytest.mark.django_db


def test_full_link_shows_games_players_and_both_links(phone: Client, group: Group) -> None:
    make_game(group, hands=endless_hands(2))
    response = phone.get(reverse("group", args=[group.edit_key]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Anne, Bjørn, Cato and Dina" in html
    assert "2 hands, in play" in html
    assert f"/g/{group.edit_key}/" in html
    assert f"/g/{group.view_key}/" in html
    assert "<svg" in html  # the QR codes


def test_a_penalty_is_no_hand_in_the_count_of_a_game_in_play(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    revoke = {"adjustment": {"Bjørn": -10}, "reason": "Revoke"}
    assert game.add_hand(3, revoke, "Anne").stands
    night = game.night
    assert night is not None
    # As the night's standings count them.
    for url in (
        reverse("group", args=[group.edit_key]),
        reverse("night", args=[group.edit_key, night.code]),
    ):
        assert "2 hands, in play" in phone.get(url).content.decode(), url


@pytest.mark.parametrize("link", ["edit_key", "view_key"])
def test_each_player_links_to_their_page(phone: Client, group: Group, link: str) -> None:
    key = getattr(group, link)
    response = phone.get(reverse("group", args=[key]))
    for player in group.players.all():
        page = reverse("player", args=[key, player.code])
        assertContains(response, f'<a href="{page}">{player.name}</a>', html=True)
        assert phone.get(page).status_code == 200


def test_the_links_say_what_they_allow_in_norwegian(phone: Client, group: Group) -> None:
    response = phone.get(reverse("group", args=[group.edit_key]), headers={"Accept-Language": "nb"})
    # What each link lets its holder do, in the infinitive: not orders to the reader.
    assertContains(response, "<strong>Full tilgang: føre poeng og rette</strong>", html=True)
    assertContains(response, "<strong>Bare visning: følge med på poengene</strong>", html=True)


def test_view_only_link_never_shows_the_full_link(client: Client, group: Group) -> None:
    make_game(group)
    response = client.get(reverse("group", args=[group.view_key]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "View only" in html
    assert group.edit_key not in html
    assert f'action="{reverse("add_player", args=[group.view_key])}"' not in html


def test_full_link_asks_the_phone_who_it_is_first(client: Client, group: Group) -> None:
    url = reverse("group", args=[group.edit_key])
    response = client.get(url)
    assert response.status_code == 302
    assert (
        response["Location"]
        == f"{reverse('who', args=[group.edit_key])}?next={quote(url, safe='')}"
    )


def test_finished_game_shows_its_winner(phone: Client, group: Group) -> None:
    make_game(group, hands=[bid("Cato", "amerikaner", None, {"Anne": 0, "Bjørn": 0, "Dina": 0})])
    html = phone.get(reverse("group", args=[group.edit_key])).content.decode()
    assert "🏆 Cato" in html


def test_game_that_no_longer_scores_is_listed_not_crashed(phone: Client, group: Group) -> None:
    # A stored hand the engine refuses (say, written by an older version) must not take
    # the whole group page down.
    game = make_game(group)
    Hand.objects.create(game=game, number=1, data={"dealer": "Nobody"})
    response = phone.get(reverse("group", args=[group.edit_key]))
    assert response.status_code == 200
    # Lists read the cached winners: without any, the game is still being played. Its
    # own page says what needs correcting.
    assert "1 hand, in play" in response.content.decode()


@pytest.mark.parametrize("games", [1, 5])
def test_group_page_answers_in_the_same_number_of_queries_for_any_number_of_games(
    phone: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    for _ in range(games):
        make_game(group, hands=endless_hands(3))
    # The group by its key; how many nights (for the pages) and this page's nights; their
    # games with hand counts, and seats (two prefetched queries); its players; the latest
    # awards; its named seasons and the champions of the latest seasons over
    # (`games.present.season`).
    with django_assert_num_queries(9):
        phone.get(reverse("group", args=[group.edit_key]))


def test_group_page_is_read_only(phone: Client, group: Group) -> None:
    assert phone.post(reverse("group", args=[group.edit_key])).status_code == 405


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "7 Mar 2025, 21:55"), ("nb", "7. mars 2025 kl. 21.55")],
)
def test_a_game_in_play_is_dated_as_the_language_writes_dates(
    phone: Client, group: Group, language: str, written: str
) -> None:
    game = make_game(group, hands=endless_hands(1))
    started = dt.datetime(2025, 3, 7, 20, 55, tzinfo=dt.UTC)  # 21:55 in Oslo
    Game.objects.filter(pk=game.pk).update(created_at=started)
    response = phone.get(reverse("group", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE=language)
    found = part(response, "in-play")
    assert found is not None
    assert found[0].split(" · ")[0].endswith(written)
