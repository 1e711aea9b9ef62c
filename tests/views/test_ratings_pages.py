"""Where the ratings show: a finished game's page (each player's rating and its change), a
new game's page before its first hand (each side's chance to win), the night page and the
player page. The numbers themselves are checked against openskill in tests/test_ratings.py."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Game, Group, Rating
from tests.factories import FOUR, anne_wins, endless_hands, make_game
from tests.test_stats import TEAMS, euchre_game
from tests.views.pages import part, table_rows, text
from tests.views.test_night import friday, night_url, on
from tests.views.test_player import player_url

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def _game_url(game: Game, key: str = "") -> str:
    return reverse("game", args=[key or game.group.edit_key, game.code])


def _per_cents(found: str) -> list[int]:
    return [int(n) for n in re.findall(r"(\d+) %", found)]


def test_a_finished_game_shows_each_players_rating_and_its_change(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    found = part(phone.get(_game_url(game)), "ratings")
    assert found is not None
    rows = {r.player.name: r for r in game.ratings.select_related("player")}
    anne, bjorn = rows["Anne"], rows["Bjørn"]
    assert anne.change > 0 and anne.shown == 1000 + anne.change  # her first game
    # In seating order: name, rating, change (a true minus sign for a fall).
    assert found[0].startswith(
        f"Ratings Anne {anne.shown} +{anne.change} Bjørn {bjorn.shown} {_signed(bjorn.change)}"
    )
    assert "A rating starts at 1000" in found[0]
    assert part(phone.get(_game_url(game)), "chances") is None


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The rating shown also rises as the app grows surer of each player"),
        (
            "nb",
            "Ratingen som vises, stiger også etter hvert som appen blir sikrere på hver spiller",
        ),
    ],
)
def test_changes_that_add_up_to_more_than_nothing_are_explained_beside_them(
    phone: Client, group: Group, language: str, said: str
) -> None:
    game = make_game(group, hands=anne_wins())
    # The shown rating is cautious at first and rises with the app's certainty: a table's
    # changes add up to more than zero, which would look like points made from nothing.
    assert sum(rating.change for rating in game.ratings.all()) > 0
    found = part(phone.get(_game_url(game), HTTP_ACCEPT_LANGUAGE=language), "ratings")
    assert found is not None and said in found[0]


def _signed(change: int) -> str:
    # A fall has a true minus sign, as points do.
    return f"+{change}" if change > 0 else ("±0" if change == 0 else f"\u2212{-change}")


def test_a_game_in_play_shows_neither_ratings_nor_chances(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    game = make_game(group, hands=endless_hands(1))
    response = phone.get(_game_url(game))
    assert part(response, "ratings") is None
    assert part(response, "chances") is None


def test_a_new_game_before_any_finished_game_says_no_games_yet(phone: Client, group: Group) -> None:
    make_game(group, hands=endless_hands(3))  # played, never finished
    game = make_game(group)
    found = part(phone.get(_game_url(game)), "chances")
    assert found is not None
    assert found[0] == (
        "Chance to win No finished game of this kind yet: the chances show once the group "
        "has finished one."
    )


def test_a_new_game_gives_each_player_a_chance_adding_up_to_100(
    phone: Client, group: Group
) -> None:
    make_game(group, hands=anne_wins())
    game = make_game(group)
    found = part(phone.get(_game_url(game, group.view_key)), "chances")
    assert found is not None
    chances = _per_cents(found[0])
    assert len(chances) == 4 and sum(chances) == 100
    # Anne won the only game: she is the likeliest to win; the other three are equal.
    assert chances[0] > chances[1] == chances[2] == chances[3]
    assert found[0].startswith(f"Chance to win Anne {chances[0]} % Bjørn")


def test_a_new_team_game_gives_each_team_a_chance(phone: Client, group: Group) -> None:
    euchre_game(group)  # Nord (Anne, Cato) won
    game = group.start_game("euchre", list(FOUR), teams=TEAMS, first_dealer="Anne")
    found = part(phone.get(_game_url(game)), "chances")
    assert found is not None
    nord, sor = _per_cents(found[0])
    assert nord + sor == 100 and nord > sor
    assert found[0].startswith(f"Chance to win Nord (Anne and Cato) {nord} % Sør (Bjørn and Dina)")


def test_a_team_named_after_its_players_is_not_followed_by_them(
    phone: Client, group: Group
) -> None:
    euchre_game(group)
    teams = {"Anne & Cato": ["Anne", "Cato"], "Bjørn & Dina": ["Bjørn", "Dina"]}
    game = group.start_game("euchre", list(FOUR), teams=teams, first_dealer="Anne")
    found = part(phone.get(_game_url(game)), "chances")
    assert found is not None
    assert "Anne & Cato" in found[0] and "(Anne and Cato)" not in found[0]


def test_a_new_game_of_another_kind_has_no_games_yet(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    game = group.start_game("euchre", list(FOUR), teams=TEAMS, first_dealer="Anne")
    found = part(phone.get(_game_url(game)), "chances")
    assert found is not None and "No finished game of this kind yet" in found[0]


def test_chances_in_norwegian(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    game = make_game(group)
    found = part(phone.get(_game_url(game), HTTP_ACCEPT_LANGUAGE="nb"), "chances")
    assert found is not None and found[0].startswith("Sjanse til å vinne Anne")
    finished = part(
        phone.get(_game_url(Game.objects.earliest("pk")), HTTP_ACCEPT_LANGUAGE="nb"), "ratings"
    )
    assert finished is not None and "En rating starter på 1000" in finished[0]


@pytest.mark.parametrize("finished_before", [0, 1, 5])
def test_the_new_game_page_draws_its_chances_in_the_same_queries_whatever_the_history(
    phone: Client,
    group: Group,
    django_assert_num_queries: DjangoAssertNumQueries,
    finished_before: int,
) -> None:
    for _ in range(finished_before):
        make_game(group, hands=anne_wins())
    game = make_game(group)
    # The game with its group; its seats and hands (prefetched); the players' latest
    # ratings at this game with whether the group rated any game of this kind (one query).
    # The next phone: the game's row, the rest from the cache.
    with django_assert_num_queries(4):
        response = phone.get(_game_url(game))
    assert part(response, "chances") is not None
    with django_assert_num_queries(1):
        phone.get(_game_url(game))


def test_the_finished_game_page_reads_its_ratings_in_one_query(
    phone: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = make_game(group, hands=anne_wins())
    # The game with its group; its seats and its hands; its changes (the marks); the next
    # game started (none); its rating rows; its awards.
    with django_assert_num_queries(7):
        response = phone.get(_game_url(game))
    assert part(response, "ratings") is not None


def test_the_night_page_shows_each_games_rating_changes(phone: Client, group: Group) -> None:
    night = friday(group)
    won = on(night, make_game(group, hands=anne_wins()))
    on(night, make_game(group, hands=endless_hands(2)))
    response = phone.get(night_url(night, group.edit_key))
    first, second = part(response, "game-1"), part(response, "game-2")
    assert first is not None and second is not None
    anne = Rating.objects.get(game=won, player__name="Anne")
    assert f"Ratings Anne {anne.shown} +{anne.change}" in first[0]
    assert "Ratings" not in second[0]  # still played: nothing rated
    # What a rating means, said once for the night.
    assert text(response).count("A rating starts at 1000") == 1


def test_the_player_page_lists_the_rating_after_each_latest_game(
    client: Client, group: Group
) -> None:
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    anne = group.players.get(name="Anne")
    response = client.get(player_url(anne))
    found = part(response, "rating")
    assert found is not None
    rows = list(Rating.objects.filter(player=anne).order_by("-played_at", "-game_id"))
    assert [r.game_id for r in rows] == [g.pk for g in reversed(games)]
    assert found[0].startswith(f"Rating at Amerikaner {rows[0].shown} after the latest game")
    # Newest first: place, rating and change of each game; every win raises it.
    assert [cells[1:] for cells in table_rows(response, "rating-history")[1:]] == [
        ["1", str(row.shown), f"+{row.change}"] for row in rows
    ]
    assert rows[0].shown > rows[1].shown > rows[2].shown > 1000


def test_the_player_page_without_a_rating_says_so(client: Client, group: Group) -> None:
    anne = group.players.get(name="Anne")
    found = part(client.get(player_url(anne, kind="euchre")), "rating")
    assert found is not None
    assert found[0] == (
        "Rating at Euchre No rating yet: it comes with the first finished Euchre game."
    )
