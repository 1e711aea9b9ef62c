"""The season page: a table per kind of game for a calendar year or a named season, the
form that names a season, and the champions of past seasons on the group page.

The games (tests/test_stats.py): `anne_wins()` ends Anne 54, the others 2 each (Anne
first, the other three level second); `shared_win_hands()` with the tie broken "shared"
ends Bjørn and Dina level on 54 (first, half a win each), Cato 3 (third), Anne 2 (fourth).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Game, Group, Rating, Season
from tests.factories import anne_wins, make_game, make_group
from tests.test_stats import euchre_game, move_to, nights, shared_win_hands
from tests.views.pages import list_items, part, table_rows, text

pytestmark = pytest.mark.django_db


def season_url(group: Group, slug: str = "", key: str = "") -> str:
    key = key or group.edit_key
    return reverse("season", args=[key, slug]) if slug else reverse("seasons", args=[key])


def _tonight() -> dt.date:
    return nights()[0]


def _last_new_years_eve() -> dt.date:
    return nights()[1]


def _two_games(group: Group) -> tuple[Game, Game]:
    """Anne's win, then the shared win, both tonight."""
    won = make_game(group, hands=anne_wins())
    shared = make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    return won, shared


def _table(response: object, kind: str = "amerikaner") -> dict[str, list[str]]:
    """The season's table of one kind by player: place, then games, wins, win rate,
    average place, rating and the last five (the place cell reads "1 Anne")."""
    head, *rows = table_rows(response, f"standing-{kind}")  # type: ignore[arg-type]
    assert head[0] == "Player"
    found = {}
    for row in rows:
        place, name = row[0].split(" ", 1)
        found[name] = [place, *row[1:]]
    return found


def _shown(game: Game, name: str) -> str:
    return str(Rating.objects.get(game=game, player__name=name).shown)


def test_this_years_table_counts_a_shared_win_as_its_share(client: Client) -> None:
    group = make_group()
    _won, shared = _two_games(group)
    response = client.get(season_url(group))
    assert response.status_code == 200
    # Place, games, wins, win rate, average place, rating after the last game, last five.
    assert _table(response) == {
        # Places 1 and 4.
        "Anne": ["1", "2", "1", "50%", "2.5", _shown(shared, "Anne"), "1 4"],
        # Places 2 and 1 (level with Dina): half a win. Level on everything: one place.
        "Bjørn": ["2", "2", "0.5", "25%", "1.5", _shown(shared, "Bjørn"), "2 1="],
        "Dina": ["2", "2", "0.5", "25%", "1.5", _shown(shared, "Dina"), "2 1="],
        # Places 2 and 3, no win.
        "Cato": ["4", "2", "0", "0%", "2.5", _shown(shared, "Cato"), "2 3"],
    }
    # On now: no champion yet.
    assert "data-champion" not in text(response)
    assert part(response, "season-dates")[0].endswith("on now")  # type: ignore[index]


def test_the_season_of_a_year_holds_the_games_of_its_evenings(client: Client) -> None:
    group = make_group()
    _won, shared = _two_games(group)
    move_to(shared, _last_new_years_eve())
    Game.objects.rebuild_statistics()
    last_year = str(_last_new_years_eve().year)
    this_year = _table(client.get(season_url(group)))
    assert {name: row[1] for name, row in this_year.items()} == dict.fromkeys(
        ["Anne", "Bjørn", "Cato", "Dina"], "1"
    )
    before = client.get(season_url(group, last_year))
    # Bjørn and Dina shared last New Year's Eve: both first, both champions.
    table = _table(before)
    assert [table[name][0] for name in ("Bjørn", "Dina", "Cato", "Anne")] == ["1", "1", "3", "4"]
    champion = part(before, "season-amerikaner")[0]  # type: ignore[index]
    assert "Champions: Bjørn and Dina" in champion


def test_a_named_season_holds_the_games_from_its_first_to_its_last_evening(
    client: Client,
) -> None:
    group = make_group()
    won, shared = _two_games(group)
    eve = _last_new_years_eve()
    move_to(won, eve - dt.timedelta(days=1))
    move_to(shared, eve)
    Game.objects.rebuild_statistics()
    cup, made = Season.name_one(group, "New Year's Eve cup", eve, eve)
    assert made
    response = client.get(season_url(group, cup.code))
    assert part(response, "season-dates") is not None
    table = _table(response)
    # The evening before is outside the cup: one game each.
    assert {name: row[1] for name, row in table.items()} == dict.fromkeys(
        ["Anne", "Bjørn", "Cato", "Dina"], "1"
    )
    assert "Champions: Bjørn and Dina" in part(response, "season-amerikaner")[0]  # type: ignore[index]


def test_a_season_without_games_says_so(client: Client) -> None:
    group = make_group()
    response = client.get(season_url(group, "2011"))
    assert response.status_code == 200
    assert part(response, "no-games") is not None
    assert part(response, "season-dates")[0].endswith("over")  # type: ignore[index]


def test_a_season_named_ahead_has_not_started(client: Client) -> None:
    group = make_group()
    start = _tonight() + dt.timedelta(days=30)
    ahead, _made = Season.name_one(group, "Spring", start, start + dt.timedelta(days=60))
    response = client.get(season_url(group, ahead.code))
    assert part(response, "season-dates")[0].endswith("not started yet")  # type: ignore[index]
    assert part(response, "no-games") is not None


def test_each_kind_of_game_has_its_own_table(client: Client) -> None:
    group = make_group()
    _two_games(group)
    euchre_game(group)
    response = client.get(season_url(group))
    assert set(_table(response, "euchre")) == {"Anne", "Bjørn", "Cato", "Dina"}
    assert _table(response)["Anne"][1] == "2"


def test_the_group_page_links_to_this_season_and_names_past_champions(client: Client) -> None:
    group = make_group()
    _won, shared = _two_games(group)
    move_to(shared, _last_new_years_eve())
    Game.objects.rebuild_statistics()
    response = client.get(reverse("group", args=[group.view_key]))
    seasons = part(response, "seasons")
    assert seasons is not None
    assert f"Season {_tonight().year}" in seasons[0]
    assert season_url(group, key=group.view_key) in text(response)
    last_year = _last_new_years_eve().year
    assert list_items(response, "champions") == [
        f"Season {last_year} Amerikaner: 🏆 Bjørn and Dina"
    ]
    assert season_url(group, str(last_year), key=group.view_key) in text(response)


def test_a_named_season_on_now_is_linked_from_the_group_page(client: Client) -> None:
    group = make_group()
    today = _tonight()
    league, _made = Season.name_one(group, "Winter league", today, today + dt.timedelta(days=90))
    response = client.get(reverse("group", args=[group.view_key]))
    assert "Winter league" in part(response, "seasons")[0]  # type: ignore[index]
    assert season_url(group, league.code, key=group.view_key) in text(response)


@pytest.mark.parametrize("games", [1, 8])
def test_the_season_page_answers_in_the_same_queries_for_any_number_of_games(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    group = make_group()
    for _ in range(games):
        make_game(group, hands=anne_wins())
    euchre_game(group)
    Season.name_one(group, "Winter league", _tonight(), _tonight())
    # The group by its key; its years (from its nights); its named seasons; its players'
    # names; the sums per kind and player; the last five by a window; the ratings after
    # them.
    with django_assert_num_queries(7):
        response = client.get(season_url(group))
    assert _table(response)["Anne"][1] == str(games)


@pytest.mark.parametrize("games", [1, 8])
def test_the_group_pages_seasons_cost_two_queries_for_any_number_of_games(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    from games.present.season import for_group_page

    group = make_group()
    for _ in range(games):
        game = make_game(group, hands=anne_wins())
        move_to(game, _last_new_years_eve())
    Game.objects.rebuild_statistics()
    # The named seasons; the champions' sums over the latest seasons over.
    with django_assert_num_queries(2):
        found = for_group_page(group)
    (past,) = found["champions"]
    assert past.tables[0].leaders == ["Anne"]


def test_a_season_named_through_the_form(client: Client) -> None:
    group = make_group()
    response = client.post(
        reverse("season_name", args=[group.edit_key]),
        {"name": "  Autumn league ", "start": "2025-09-01", "end": "2025-11-30"},
    )
    season = Season.objects.get(group=group)
    assert (season.name, season.start, season.end) == (
        "Autumn league",
        dt.date(2025, 9, 1),
        dt.date(2025, 11, 30),
    )
    assert response.status_code == 302
    assert response["Location"] == season_url(group, season.code)
    page = client.get(response["Location"])
    assert list_items(page, "named-seasons")[0].startswith("Autumn league")
    # Its evenings written as the season's own page writes them (it wrote 01.11.2026 there).
    nb = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="nb")
    assert "1. september 2025 \u2013 30. november 2025" in " ".join(
        list_items(nb, "named-seasons")[0].split()
    )


@pytest.mark.parametrize(
    ("posted", "error"),
    [
        (
            {"name": "x" * 41, "start": "2025-09-01", "end": "2025-11-30"},
            "At most 40 characters, not 41.",
        ),
        ({"name": "   ", "start": "2025-09-01", "end": "2025-11-30"}, "This field is required"),
        (
            {"name": "Autumn", "start": "2025-09-01", "end": "2025-08-31"},
            "cannot come before the first",
        ),
        ({"name": "Autumn", "start": "2025-09-01", "end": "tomorrow"}, "Enter a valid date"),
        ({"name": "Autumn", "start": "1999-09-01", "end": "2025-08-31"}, "from 2000 to 2099"),
        ({"name": "Autumn", "start": "2025-09-01"}, "This field is required"),
    ],
)
def test_a_season_form_with_bad_input_is_refused(
    client: Client, posted: dict[str, str], error: str
) -> None:
    group = make_group()
    response = client.post(reverse("season_name", args=[group.edit_key]), posted)
    assert response.status_code == 422
    assert error in text(response)
    assert not Season.objects.exists()


def test_an_overlapping_season_is_refused_and_named(client: Client) -> None:
    group = make_group()
    Season.name_one(group, "Summer", dt.date(2025, 6, 1), dt.date(2025, 8, 31))
    response = client.post(
        reverse("season_name", args=[group.edit_key]),
        {"name": "Autumn", "start": "2025-08-31", "end": "2025-11-30"},
    )
    assert response.status_code == 422
    errors = part(response, "season-errors")
    assert errors is not None and "“Summer”" in errors[0]
    assert list(Season.objects.values_list("name", flat=True)) == ["Summer"]


def test_a_named_season_is_removed_and_its_games_stay(client: Client) -> None:
    group = make_group()
    make_game(group, hands=anne_wins())
    season, _made = Season.name_one(group, "Cup", _tonight(), _tonight())
    response = client.post(reverse("season_forget", args=[group.edit_key, season.code]))
    assert response.status_code == 302
    assert not Season.objects.exists()
    assert _table(client.get(season_url(group)))["Anne"][1] == "1"


def test_the_view_only_link_shows_the_season_but_cannot_name_one(client: Client) -> None:
    group = make_group()
    make_game(group, hands=anne_wins())
    season, _made = Season.name_one(group, "Cup", _tonight(), _tonight())
    response = client.get(season_url(group, key=group.view_key))
    assert response.status_code == 200
    assert _table(response)["Anne"][0] == "1"
    assert part(response, "name-season") is None
    posted = {"name": "Autumn", "start": "2025-09-01", "end": "2025-11-30"}
    assert client.post(reverse("season_name", args=[group.view_key]), posted).status_code == 403
    forget = reverse("season_forget", args=[group.view_key, season.code])
    assert client.post(forget).status_code == 403
    assert Season.objects.count() == 1


def test_no_season_page_without_a_link_or_for_an_unknown_season(client: Client) -> None:
    group = make_group()
    other = make_group("Another table")
    theirs, _made = Season.name_one(other, "Theirs", _tonight(), _tonight())
    assert client.get(season_url(group, key="nosuchkey")).status_code == 404
    assert client.get(season_url(group, "nosuchseason")).status_code == 404
    assert client.get(season_url(group, theirs.code)).status_code == 404
    assert client.get(season_url(group, "0000")).status_code == 404
    gone = reverse("season_forget", args=[group.edit_key, theirs.code])
    assert client.post(gone).status_code == 404
    assert Season.objects.filter(pk=theirs.pk).exists()


def test_the_season_pages_answer_their_methods_only(client: Client) -> None:
    group = make_group()
    assert client.post(season_url(group)).status_code == 405
    assert client.get(reverse("season_name", args=[group.edit_key])).status_code == 405


def test_the_season_page_in_norwegian(client: Client) -> None:
    group = make_group()
    _two_games(group)
    response = client.get(season_url(group), HTTP_ACCEPT_LANGUAGE="nb")
    assert f"Sesong {_tonight().year}" in text(response)
    assert _table_norwegian(response)["Anne"][0] == "1"


def _table_norwegian(response: object) -> dict[str, list[str]]:
    head, *rows = table_rows(response, "standing-amerikaner")  # type: ignore[arg-type]
    assert head[0] == "Spiller"
    return {row[0].split(" ", 1)[1]: [row[0].split(" ", 1)[0], *row[1:]] for row in rows}
