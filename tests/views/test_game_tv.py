"""The big screen: a game's scoreboard in large type, for either link, polled with ETags."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Game, Group
from tests.factories import (
    FOUR,
    anne_wins,
    endless_hands,
    hand_post,
    kaiser_hand,
    make_game,
)
from tests.test_stats import TEAMS, euchre_game
from tests.views.pages import part, table_rows, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


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
    # Each says whether the bid was made, as the phones' hands table does.
    assert rows[1:] == [
        ["2", "Bjørn 12 alone failed", "0", "\u221212", "+1", "0"],
        ["1", "Anne 12 alone failed", "\u221212", "+1", "0", "0"],
    ]
    assert "2 hands played" in response.content.decode()


def test_a_redeal_is_no_hand_played(client: Client, group: Group) -> None:
    game = make_game(group, hands=[*endless_hands(2), {"dealer": "Cato", "redeal": True}])
    response = client.get(reverse("game_tv", args=[group.view_key, game.code]))
    assert table_rows(response, "tv-hands")[1][:2] == ["3", "Redeal"]
    # Said beside the count, so that "2 hands played" reads right under a hand 3.
    assert " ".join(text(response).split()).count("2 hands played · 1 redeal") == 1
    nb = client.get(reverse("game_tv", args=[group.view_key, game.code]), HTTP_ACCEPT_LANGUAGE="nb")
    assert "2 runder spilt · 1 ny giv" in " ".join(text(nb).split())


def test_a_game_given_up_marks_no_leader_dealer_or_points_to_go(
    client: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(2))
    game.abandon(by="Anne")
    response = client.get(reverse("game_tv", args=[group.view_key, game.code]))
    assert "abandoned" in response.content.decode()
    board = _board(client, game, group.view_key)
    assert board["Anne"] == "Anne \u221212"
    assert board["Cato"] == "Cato 1"
    assert board["Dina"] == "Dina 0"


def test_a_team_at_bid_out_is_noted_while_the_game_is_played(client: Client, group: Group) -> None:
    game = group.start_game("kaiser", list(FOUR), teams=TEAMS, start={"Nord": 40}, by="Anne")
    assert game.add_hand(1, kaiser_hand(8, 6), "Anne").stands  # Nord 51: past bid-out (45)
    note = "At bid-out (45): scores only by bidding."
    page = client.get(reverse("game_tv", args=[group.view_key, game.code])).content.decode()
    assert note in page
    game.abandon(by="Anne")
    page = client.get(reverse("game_tv", args=[group.view_key, game.code])).content.decode()
    assert note not in page


def test_big_screen_names_the_winner(client: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    response = client.get(reverse("game_tv", args=[group.edit_key, game.code]))
    found = part(response, "tv-winner")
    assert found is not None and found[0].startswith("🏆 Anne wins!")
    assert _board(client, game, group.edit_key)["Anne"] == "Anne 54 winner"
    # Marked as the winner, no longer as the leader (a kaiser bid can win below the other
    # team's total, which would have kept the leader's border).
    assert 'class="tv-side winner"' in response.content.decode()
    assert "tv-side leader" not in response.content.decode()


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
    # The polling screen goes on to it by itself: htmx follows the header.
    assert following["HX-Redirect"] == reverse("game_tv", args=[group.view_key, after.code])
    assert "HX-Redirect" not in phone.get(
        reverse("game_tv_live", args=[group.view_key, after.code])
    )


def test_between_games_the_big_screen_waits_and_then_opens_the_game_started(
    client: Client, group: Group
) -> None:
    finished = make_game(group, hands=anne_wins())
    waiting = reverse("group_tv", args=[group.view_key])
    answer = client.get(waiting)
    assert answer.status_code == 200
    found = part(answer, "tv-waiting")
    assert found is not None and found[0].startswith("Waiting for the next game")
    assert "HX-Redirect" not in client.get(waiting, headers={"HX-Request": "true"})
    # A game started from the group page (of any kind): the waiting screen's next ask opens it.
    started = make_game(group)
    opened = client.get(waiting, headers={"HX-Request": "true"})
    assert opened["HX-Redirect"] == reverse("game_tv", args=[group.view_key, started.code])
    assert client.get(waiting)["Location"] == reverse(
        "game_tv", args=[group.view_key, started.code]
    )
    assert finished.code not in opened.content.decode()


def test_a_screen_whose_only_game_was_deleted_waits_for_the_next(
    client: Client, group: Group
) -> None:
    game = make_game(group)
    live = reverse("game_tv_live", args=[group.view_key, game.code])
    assert game.delete_if_empty("Anne")
    gone = client.get(live, headers={"HX-Request": "true"})
    assert gone["HX-Redirect"] == reverse("group_tv", args=[group.view_key])
    waiting = client.get(gone["HX-Redirect"])
    assert part(waiting, "tv-waiting") is not None
    assert "That game was deleted: no hand had been saved in it." in waiting.content.decode()
    assert waiting["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.parametrize("code", ["bad%00code", "x" * 500, "%C3%B8"])
def test_big_screen_of_a_code_that_cannot_be_one_is_not_found(
    client: Client, group: Group, code: str
) -> None:
    # No URL leads there (`reverse` refuses to make one): asked for by hand.
    for end in ("tv/", "tv/live/"):
        assert client.get(f"/g/{group.view_key}/games/{code}/{end}").status_code == 404


def _chances(client: Client, game: Game, language: str = "en") -> dict[str, str]:
    """Each side's card on the big screen, by the side's name, as read in `language`."""
    response = client.get(
        reverse("game_tv", args=[game.group.view_key, game.code]), HTTP_ACCEPT_LANGUAGE=language
    )
    cards = {}
    for number, side in enumerate(game.table().sides, start=1):
        found = part(response, f"side-{number}")
        assert found is not None
        cards[side] = found[0]
    return cards


def _per_cent(card: str, words: str = "Chance to win") -> int:
    found = re.search(rf"{words} (\d+) %$", card)
    assert found is not None, card
    return int(found.group(1))


def test_big_screen_gives_each_player_a_chance_before_the_first_hand_then_drops_them(
    phone: Client, group: Group
) -> None:
    make_game(group, hands=anne_wins())
    game = make_game(group)
    cards = _chances(phone, game)
    chances = {name: _per_cent(card) for name, card in cards.items()}
    assert sum(chances.values()) == 100
    # Anne won the only game: she is the likeliest to win; the other three are equal.
    assert chances["Anne"] > chances["Bjørn"] == chances["Cato"] == chances["Dina"]
    assert cards["Anne"] == f"Anne 0 dealer 52 to go Chance to win {chances['Anne']} %"
    tv = phone.get(reverse("game_tv", args=[group.view_key, game.code]))
    found = part(tv, "tv-chances")
    assert found is not None
    assert found[0] == "From the players' ratings at this game (a new player counts as 1000)."

    phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, endless_hands(1)[0], 1),
    )
    live = phone.get(reverse("game_tv_live", args=[group.view_key, game.code]))
    assert part(live, "tv-chances") is None
    assert "data-chance" not in live.content.decode()


def test_big_screen_gives_each_team_a_chance(phone: Client, group: Group) -> None:
    euchre_game(group)  # Nord (Anne, Cato) won
    game = group.start_game("euchre", list(FOUR), teams=TEAMS, first_dealer="Anne")
    chances = {name: _per_cent(card) for name, card in _chances(phone, game).items()}
    assert list(chances) == ["Nord", "Sør"]
    assert sum(chances.values()) == 100 and chances["Nord"] > chances["Sør"]


def test_big_screen_says_no_games_yet_before_the_first_finished_game(
    phone: Client, group: Group
) -> None:
    make_game(group, hands=endless_hands(3))  # played, never finished
    game = make_game(group)
    tv = phone.get(reverse("game_tv", args=[group.view_key, game.code]))
    found = part(tv, "tv-chances")
    assert found is not None
    assert found[0] == (
        "No finished game of this kind yet: the chances show once the group has finished one."
    )
    assert "data-chance" not in tv.content.decode()


def test_big_screen_chances_in_norwegian(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    game = make_game(group)
    cards = _chances(phone, game, "nb")
    chances = [_per_cent(card, "Sjanse til å vinne") for card in cards.values()]
    assert sum(chances) == 100
    tv = phone.get(reverse("game_tv", args=[group.view_key, game.code]), HTTP_ACCEPT_LANGUAGE="nb")
    found = part(tv, "tv-chances")
    assert found is not None and found[0].startswith("Ut fra spillernes rating")


#: The big screen's board, as each poll after a change draws it.
QUERIES = 5


@pytest.mark.parametrize(("finished_before", "hands"), [(0, 0), (1, 0), (5, 0), (1, 1)])
def test_big_screen_draws_in_the_same_queries_whatever_the_history(
    phone: Client,
    group: Group,
    django_assert_num_queries: DjangoAssertNumQueries,
    finished_before: int,
    hands: int,
) -> None:
    for _ in range(finished_before):
        make_game(group, hands=anne_wins())
    game = make_game(group, hands=endless_hands(hands))
    # The game's version (the ETag); the group by its link; the game; its seats and its
    # hands (prefetched); no next game is looked for while it is played. Before the first hand one more: the players' latest ratings at this
    # game with whether the group rated any game of this kind (the chances, one query).
    with django_assert_num_queries(QUERIES + (0 if hands else 1)):
        response = phone.get(reverse("game_tv_live", args=[group.view_key, game.code]))
    assert (part(response, "tv-chances") is None) == bool(hands)


def test_a_team_named_after_its_players_still_says_who_deals(phone: Client, group: Group) -> None:
    teams = {"Anne & Cato": ["Anne", "Cato"], "Bjørn & Dina": ["Bjørn", "Dina"]}
    game = group.start_game("spades", FOUR, teams=teams, first_dealer="Anne", by="Anne")
    page = phone.get(reverse("game", args=[group.edit_key, game.code])).content.decode()
    assert re.search(r"data-side=\"Anne &amp; Cato\"\s+data-members=\"Anne&#10;Cato\">", page)
    assert "<span data-dealer>Anne</span>:" in page
    board = part(phone.get(reverse("game_tv", args=[group.view_key, game.code])), "side-1")
    assert board is not None and "Anne: dealer" in board[0]


def test_the_group_page_offers_the_big_screen_by_the_view_only_link(
    phone: Client, group: Group
) -> None:
    """Before any game, the TV is set up from the group page: it waits, and opens each game
    the table starts (a screen across the room needs no right to change the score)."""
    page = phone.get(reverse("group", args=[group.edit_key]))
    found = part(page, "big-screen")
    assert found is not None and found[0].startswith("📺 Big screen")
    waiting = reverse("group_tv", args=[group.view_key])
    assert f'href="{waiting}"' in page.content.decode()
    assert phone.get(waiting).status_code == 200


def test_the_view_only_group_page_offers_the_big_screen_too(client: Client, group: Group) -> None:
    # A TV given only the view-only link finds its screen without going through a game.
    page = client.get(reverse("group", args=[group.view_key]))
    found = part(page, "tv-link")
    assert found is not None and found[0] == "📺 Big screen"
    assert f'href="{reverse("group_tv", args=[group.view_key])}"' in page.content.decode()


def test_an_adjustment_is_no_hand_played(client: Client, group: Group) -> None:
    game = make_game(
        group, hands=[*endless_hands(2), {"adjustment": {"Cato": -3}, "reason": "Revoke"}]
    )
    response = client.get(reverse("game_tv", args=[group.view_key, game.code]))
    # Said beside the count: "2 hands played" under a hand 3 (it read as a count gone wrong).
    assert " ".join(text(response).split()).count("2 hands played · 1 adjustment") == 1
    nb = client.get(reverse("game_tv", args=[group.view_key, game.code]), HTTP_ACCEPT_LANGUAGE="nb")
    assert "2 runder spilt · 1 justering" in " ".join(text(nb).split())
