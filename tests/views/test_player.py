"""A player's page: their figures for one game type and period, partners, and games.

The games are those of `tests.test_stats.season()` (see there for every hand): tonight
Anne wins 54 to 2, 2, 2; last New Year's Eve Bjørn and Dina share the win on 54, Cato
3rd on 3, Anne 4th on 2; the New Year's Eve before, Bjørn wins the three-player game on
52, Anne 2nd on 1, Cato 3rd on -38.
"""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries
from pytest_django.asserts import assertInHTML

from games.models import Group, Player
from games.views import stats as stats_views
from tests.factories import anne_wins, bid, make_game, make_group
from tests.test_stats import Season, euchre_game, kaiser_game, nights, season
from tests.views.pages import Page, text
from tests.views.test_stats import table

pytestmark = pytest.mark.django_db


def player_url(player: Player, key: str = "", **params: str) -> str:
    url = reverse("player", args=[key or player.group.view_key, player.code])
    return f"{url}?{'&'.join(f'{k}={v}' for k, v in params.items())}" if params else url


def figures(response: Page) -> dict[str, str]:
    html = text(response).split('id="figures"', 1)[1].split("</dl>", 1)[0]
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html, re.DOTALL)
    return {unescape(k): unescape(v) for k, v in pairs}


def games(response: Page) -> list[tuple[str, str, str]]:
    """Each game listed: (its link, place, total), top to bottom."""
    html = text(response).split('id="game-list"', 1)[1].split("</ul>", 1)[0]
    found = re.findall(r'data-place="(\d+)" data-total="(-?\d+)"><a href="([^"]+)"', html)
    return [(href, place, total) for place, total, href in found]


def game_url(s: Season, game: str) -> str:
    return reverse("game", args=[s.group.view_key, getattr(s, game).code])


def test_a_players_figures(client: Client) -> None:
    s = season()
    response = client.get(player_url(s.players["Anne"]))
    assert response.status_code == 200
    assert figures(response) == {
        "Games": "3",
        "Wins": "1",  # tonight's
        "Win rate": "33%",
        "Avg. place": "2.3",  # (1 + 4 + 2) / 3
        "Hands bid": "7",  # 5 tonight, 2 in the three-player game
        "Made": "86%",  # 6 of 7: the second 10 with Bjørn failed
        "Avg. bid": "10.6",  # (12 * 4 + 6 + 10 + 10) / 7 = 74 / 7
        "Amerikaner: made / tried": "0 / 0",
        "Points as bidder": "54",  # 54 tonight, +10 - 10 with Bjørn
        "Points as partner": "0",  # nobody called her
        "Points as opponent": "3",  # 2 on New Year's Eve, 1 on the failed Amerikaner
        "Best hand": "+12",
        "Worst hand": "\u221210",
    }


def test_partners_as_bidder_and_as_partner(client: Client) -> None:
    s = season()
    response = client.get(player_url(s.players["Bjørn"]))
    rows = table(response, "partners")
    # Bjørn called Dina five times, all made, 54 points; Anne called him twice, one made,
    # +10 - 10 for her.
    assert rows == {"Dina": ["5", "100%", "54"], "Anne": ["2", "50%", "0"]}
    html = text(response)
    assert html.index('data-with="Dina"') < html.index('data-by="Anne"')
    dina = reverse("player", args=[s.group.view_key, s.players["Dina"].code])
    assert f'href="{dina}?kind=amerikaner&amp;period=all"' in html
    assert "Bjørn was called by…" in html


def test_a_team_games_partner_is_no_partner_called(client: Client) -> None:
    group = make_group()
    kaiser_game(group)
    cato = group.players.get(name="Cato")
    html = text(client.get(player_url(cato, kind="kaiser")))
    # Anne bid with Cato opposite her: he was her partner, called by nobody.
    assert 'data-by="Anne"' in html
    assert "Cato was the partner of…" in html and "called by" not in html


def test_games_newest_first_with_place_and_total(client: Client) -> None:
    s = season()
    response = client.get(player_url(s.players["Anne"]))
    assert games(response) == [
        (game_url(s, "tonight"), "1", "54"),
        (game_url(s, "shared"), "4", "2"),
        (game_url(s, "three"), "2", "1"),
    ]
    html = text(response)
    assert "Place 2 of 3" in html  # the three-player game
    assert html.count("🏆") == 1
    assert "🏆 Won · Place 1 of 4 · total 54" in html


def test_a_shared_win_says_so(client: Client) -> None:
    s = season()
    html = text(client.get(player_url(s.players["Dina"])))
    assert "🏆 Shared win · Place 1 of 4 · total 54" in html


def test_period_filter(client: Client) -> None:
    s = season()
    response = client.get(player_url(s.players["Bjørn"], period="12m"))
    # Tonight (2nd) and New Year's Eve (half a win): the three-player game is older.
    assert [place for _, place, _ in games(response)] == ["2", "1"]
    assert (figures(response)["Games"], figures(response)["Wins"]) == ("2", "0.5")
    assert (figures(response)["Amerikaner: made / tried"]) == "0 / 0"


def test_game_type_filter(client: Client) -> None:
    s = season()
    euchre_game(s.group)
    response = client.get(player_url(s.players["Anne"], kind="euchre"))
    found = figures(response)
    # Two lone hands made, two marches, one euchre (see `euchre_game`).
    assert (found["Made trump"], found["Alone: made / tried"]) == ("2", "2 / 2")
    assert (found["Marches"], found["Euchres"], found["Points as maker"]) == ("2", "1", "6")
    assert len(games(response)) == 1
    assert 'id="partners"' not in text(response)


def test_a_player_without_games_in_the_selection(client: Client) -> None:
    s = season()
    response = client.get(player_url(s.players["Dina"], period="year", kind="kaiser"))
    assert response.status_code == 200
    assert "No finished Kaiser games in this period." in text(response)


def test_games_come_a_page_at_a_time(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_views, "GAMES_PER_PAGE", 2)
    s = season()
    anne = s.players["Anne"]
    first = client.get(player_url(anne))
    assert [href for href, _, _ in games(first)] == [game_url(s, "tonight"), game_url(s, "shared")]
    assert "?kind=amerikaner&amp;period=all&amp;page=2#games" in text(first)
    second = client.get(player_url(anne, page="2"))
    assert [href for href, _, _ in games(second)] == [game_url(s, "three")]
    # A made-up page number shows a real page instead of failing.
    assert games(client.get(player_url(anne, page="junk"))) == games(first)
    assert games(client.get(player_url(anne, page="99"))) == games(second)


def test_filter_links_start_again_at_the_first_page(client: Client) -> None:
    s = season()
    html = text(client.get(player_url(s.players["Anne"], page="2")))
    assertInHTML('<a href="?kind=amerikaner&amp;period=year">This year</a>', html)
    assert "page=2&amp;" not in html


def test_unknown_player_is_not_found(client: Client, group: Group) -> None:
    url = reverse("player", args=[group.view_key, "madeUpCode12"])
    assert client.get(url).status_code == 404


def test_player_of_another_group_is_not_found(client: Client, group: Group) -> None:
    stranger = make_group("Other table").players.get(name="Anne")
    url = reverse("player", args=[group.view_key, stranger.code])
    assert client.get(url).status_code == 404


def test_unknown_key_is_not_found(client: Client, group: Group) -> None:
    anne = group.players.get(name="Anne")
    url = reverse("player", args=["madeUpKey0123456789abcdef", anne.code])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("params", [{"kind": "poker"}, {"period": "1999"}])
def test_unknown_kind_or_period_is_not_found(
    client: Client, group: Group, params: dict[str, str]
) -> None:
    anne = group.players.get(name="Anne")
    assert client.get(player_url(anne, **params)).status_code == 404


def test_full_link_can_read_and_keeps_its_key_in_links(phone: Client) -> None:
    s = season()
    anne = s.players["Anne"]
    response = phone.get(player_url(anne, key=s.group.edit_key))
    assert response.status_code == 200
    assert reverse("game", args=[s.group.edit_key, s.tonight.code]) in text(response)


def test_view_only_page_does_not_show_the_full_link(client: Client) -> None:
    s = season()
    assert s.group.edit_key not in text(client.get(player_url(s.players["Anne"])))


def test_player_page_is_read_only(client: Client, group: Group) -> None:
    assert client.post(player_url(group.players.get(name="Anne"))).status_code == 405


def test_player_codes_are_random_not_counted(group: Group) -> None:
    codes = [p.code for p in group.players.all()]
    assert len(set(codes)) == 4
    assert all(len(code) == 12 and not code.isdigit() for code in codes)


def test_names_are_escaped(client: Client) -> None:
    script, attribute = "<script>alert(1)</script>", "\"'><img src=x onerror=alert(2)>"
    group = make_group(name=script, players=[script, attribute, "Cato", "Dina"])
    hands = [bid(script, 12, attribute, {"Cato": 0, "Dina": 0}, dealer=script)] * 5
    make_game(group, [script, attribute, "Cato", "Dina"], hands)
    html = text(client.get(player_url(group.players.get(name=script))))
    assert script not in html
    assert attribute not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_wins_over_time_chart_is_drawn(client: Client) -> None:
    s = season()
    assert "<svg" in text(client.get(player_url(s.players["Bjørn"])))


@pytest.mark.parametrize("count", [1, 20])
def test_player_page_answers_in_the_same_number_of_queries_for_any_number_of_games(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries, count: int
) -> None:
    for _ in range(count):
        # Dina is Bjørn's partner (made): Anne's page lists the pair from Dina's side.
        make_game(group, hands=[bid("Bjørn", 6, "Dina", {"Anne": 3, "Cato": 3}), *anne_wins()])
    dina = group.players.get(name="Dina")
    with django_assert_num_queries(17):
        assert table(client.get(player_url(dina)), "partners") == {
            "Bjørn": [str(count), "100%", str(6 * count)]
        }
    anne = group.players.get(name="Anne")
    # The group by its key; the player by code; the game the page opens on, where none is
    # asked for (the kind of the player's latest game won); the group's players (for
    # names); their figures; their latest ratings; their partners; the games: how many,
    # one page of them, the seats of that page; the wins over time; the rating over time;
    # their awards; their rival, longest streak, penalties received and bids by level (one
    # query each; the best bidding partner comes from the partners read already).
    with django_assert_num_queries(17):
        response = client.get(player_url(anne))
    with django_assert_num_queries(16):
        client.get(player_url(anne, kind="amerikaner"))
    assert figures(response)["Games"] == str(count)
    assert len(games(response)) == min(count, stats_views.GAMES_PER_PAGE)


def test_tonight_is_counted_in_this_year(client: Client) -> None:
    # `nights()` puts the season's first game on tonight's date: "this year" has it.
    s = season()
    tonight, _, _ = nights()
    response = client.get(player_url(s.players["Anne"], period="year"))
    assert games(response) == [(game_url(s, "tonight"), "1", "54")]
    assert str(tonight.year) in text(response)


def test_a_game_is_dated_by_its_evening(client: Client, group: Group) -> None:
    """A game finished at four in the morning belongs to the evening before, as its night
    page and the game list say: the rating table dates it by its night too, not by the
    moment it was rated."""
    game = make_game(group, hands=anne_wins())
    assert game.night is not None
    game.night.date = dt.date(2020, 1, 15)
    game.night.save()
    anne = group.players.get(name="Anne")
    html = text(client.get(player_url(anne, group.view_key)))
    rating_table = html.split('id="rating-history"', 1)[1].split("</table>", 1)[0]
    dated = re.search(r'<th scope="row" class="name"><a [^>]*>([^<]*)</a>', rating_table)
    assert dated is not None and "2020" in dated[1] and "15" in dated[1], dated


def test_the_page_opens_on_the_game_the_player_last_won_at(client: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    kaiser_game(group)
    cato = group.players.get(name="Cato")
    html = text(client.get(player_url(cato)))
    assert "kind=kaiser&amp;period=all" in html and 'data-by="Anne"' in html
