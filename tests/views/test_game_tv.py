"""The big screen: a game's scoreboard in large type, for either link, polled with ETags."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import anne_wins, endless_hands, hand_post, make_game
from tests.views.pages import part, table_rows

pytestmark = pytest.mark.django_db


def _board(client: Client, game: Game, key: str, live: bool = False) -> dict[str, str]:
    """Each side's total as the big screen shows it, by the side's name."""
    name = "game_tv_live" if live else "game_tv"
    response = client.get(reverse(name, args=[key, game.code]))
    assert response.status_code == 200
    sides = {}
    for side in game.players:
        found = part(response, f"side-{game.players.index(side) + 1}")
        assert found is not None
        sides[side] = found[0]
    return sides


def test_big_screen_shows_totals_dealer_leader_and_points_to_go(
    client: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(2))
    board = _board(client, game, group.view_key)
    # 12 bid alone and lost by one trick: Anne -12, Bjørn +1 then -12, Cato +1.
    assert board["Anne"] == "Anne \u221212 64 to go"
    assert board["Cato"] == "Cato 1 leads dealer 51 to go"
    assert board["Dina"] == "Dina 0 52 to go"
    response = client.get(reverse("game_tv", args=[group.view_key, game.code]))
    rows = table_rows(response, "tv-hands")
    assert rows[1:] == [
        ["2", "Bjørn 12 alone", "0", "\u221212", "+1", "0"],
        ["1", "Anne 12 alone", "\u221212", "+1", "0", "0"],
    ]


def test_big_screen_names_the_winner(client: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    response = client.get(reverse("game_tv", args=[group.edit_key, game.code]))
    found = part(response, "tv-winner")
    assert found is not None and found[0].startswith("🏆 Anne wins!")
    assert _board(client, game, group.edit_key)["Anne"] == "Anne 54 winner"


def test_big_screen_is_answered_304_while_the_game_is_unchanged(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(1))
    url = reverse("game_tv_live", args=[group.view_key, game.code])
    first = phone.get(url)
    etag = first["ETag"]
    assert phone.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, endless_hands(2)[1], 2),
    )
    changed = phone.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert _board(phone, game, group.view_key, live=True)["Cato"].startswith("Cato 1")


def test_page_and_poll_agree_on_the_etag(client: Client, group: Group) -> None:
    game = make_game(group)
    page = client.get(reverse("game_tv", args=[group.view_key, game.code]))
    live = client.get(reverse("game_tv_live", args=[group.view_key, game.code]))
    assert f'data-etag="{live["ETag"].replace(chr(34), "&quot;")}"' in page.content.decode()


def test_game_page_links_to_the_big_screen_for_both_links(phone: Client, group: Group) -> None:
    game = make_game(group)
    for key in (group.edit_key, group.view_key):
        page = phone.get(reverse("game", args=[key, game.code]))
        found = part(page, "game-menu")
        assert found is not None
        assert reverse("game_tv", args=[key, game.code]) in page.content.decode()


def test_big_screen_of_a_made_up_game_is_not_found(client: Client, group: Group) -> None:
    url = reverse("game_tv_live", args=[group.view_key, "madeUpCode12"])
    assert client.get(url).status_code == 404


def test_big_screen_of_a_finished_game_follows_the_table_to_the_next(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    url = reverse("game_tv_live", args=[group.view_key, game.code])
    etag = phone.get(url)["ETag"]
    assert phone.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # "New game, same table" changes nothing in this game, but the screen must notice.
    phone.post(reverse("play_again", args=[group.edit_key, game.code]))
    following = phone.get(url, HTTP_IF_NONE_MATCH=etag)
    assert following.status_code == 200
    after = Game.objects.get(previous=game)
    found = part(following, "tv-board")
    assert found is not None
    assert reverse("game_tv", args=[group.view_key, after.code]) in following.content.decode()


@pytest.mark.parametrize("code", ["bad%00code", "x" * 500, "%C3%B8"])
def test_big_screen_of_a_code_that_cannot_be_one_is_not_found(
    client: Client, group: Group, code: str
) -> None:
    # No URL leads there (`reverse` refuses to make one): asked for by hand.
    for end in ("tv/", "tv/live/"):
        assert client.get(f"/g/{group.view_key}/games/{code}/{end}").status_code == 404
