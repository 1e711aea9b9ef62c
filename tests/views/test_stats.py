"""The group's statistics page: figures per player, partners, head-to-head, filters.

The figures are those of `tests.test_stats.season()`, three Amerikaner games:
tonight Anne wins (54, the others 2 each); last New Year's Eve Bjørn and Dina share the
win on 54 (Cato 3rd on 3, Anne 4th on 2); the New Year's Eve before, a three-player game
Bjørn wins on 52 (Anne 2nd on 1, Cato 3rd on -38). See that module for every hand.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries
from pytest_django.asserts import assertInHTML

from games.models import Group
from tests.factories import anne_wins, bid, make_game, make_group
from tests.test_stats import american_game, euchre_game, kaiser_game, season
from tests.views.pages import Page, field_values, table_rows, text

pytestmark = pytest.mark.django_db

NONE = "\u2013"  # the dash a figure shows when there is nothing to work it out from


def _clean(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def table(response: Page, table_id: str) -> dict[str, list[str]]:
    """The rows of one table, by the player each row is about: its cells as text."""
    html = text(response).split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr data-[a-z]+="([^"]*)">(.*?)</tr>', html, re.DOTALL)
    return {
        unescape(name): [_clean(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)]
        for name, row in rows
    }


def stats_url(group: Group, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{reverse('stats', args=[group.view_key])}?{query}"


def test_results_per_player_most_wins_first(client: Client) -> None:
    s = season()
    results = table(client.get(stats_url(s.group)), "results")
    # Games, wins, win rate, average place.
    assert results == {
        # Places 2, 1, 1; half of New Year's Eve and all of the three-player game.
        "Bjørn": ["3", "1.5", "50%", "1.3"],
        # Places 1, 4, 2: 7 / 3 = 2.33.
        "Anne": ["3", "1", "33%", "2.3"],
        # Places 2, 1; half a win of two games is a quarter.
        "Dina": ["2", "0.5", "25%", "1.5"],
        # Places 2, 3, 3.
        "Cato": ["3", "0", "0%", "2.7"],
    }
    assert list(results) == ["Bjørn", "Anne", "Dina", "Cato"]


def test_bidding_and_points_per_player(client: Client) -> None:
    s = season()
    response = client.get(stats_url(s.group, kind="amerikaner"))
    # Hands bid, made, average numeric bid, Amerikaner made / tried.
    assert table(response, "bidding") == {
        # 6 of 7 made; (54 + 20) / 7 = 10.57.
        "Anne": ["7", "86%", "10.6", "0 / 0"],
        # 5 numeric bids of 54 in all, and a made Amerikaner: 6 of 6.
        "Bjørn": ["6", "100%", "10.8", "1 / 1"],
        # Only bid was an Amerikaner, failed: no numeric bid to average.
        "Dina": ["0", NONE, NONE, "0 / 0"],
        "Cato": ["1", "0%", NONE, "0 / 1"],
    }
    # As bidder, as partner, as opponent, best and worst hand (true minus signs).
    assert table(response, "points") == {
        "Anne": ["54", "0", "3", "+12", "\u221210"],
        # 54 bidding with Dina, 52 for the Amerikaner; +10 - 10 as Anne's partner.
        "Bjørn": ["106", "0", "2", "+52", "\u221210"],
        "Dina": ["0", "54", "2", "+12", "0"],
        # -52 for the failed Amerikaner; 2 + 3 + (5 + 9 + 0) as opponent.
        "Cato": ["\u221252", "0", "19", "+9", "\u221252"],
    }


def test_partner_matrix_rows_are_bidders_and_columns_partners(client: Client) -> None:
    s = season()
    response = client.get(stats_url(s.group))
    html = text(response).split('id="partners"', 1)[1].split("</table>", 1)[0]
    assert _clean(html.split("</thead>")[0]).endswith("Bjørn Dina")
    # Anne called Bjørn twice, one made; Bjørn called Dina five times, all made.
    assert table(response, "partners") == {"Anne": ["2 50%", "·"], "Bjørn": ["·", "5 100%"]}


def test_names_link_to_the_player_pages_with_the_same_filters(client: Client) -> None:
    s = season()
    html = text(client.get(stats_url(s.group, kind="amerikaner", period="12m")))
    anne = reverse("player", args=[s.group.view_key, s.players["Anne"].code])
    assert f'href="{anne}?kind=amerikaner&amp;period=12m"' in html


def test_this_year_counts_only_tonight(client: Client) -> None:
    s = season()
    results = table(client.get(stats_url(s.group, period="year")), "results")
    assert results == {
        "Anne": ["1", "1", "100%", "1.0"],
        "Bjørn": ["1", "0", "0%", "2.0"],
        "Cato": ["1", "0", "0%", "2.0"],
        "Dina": ["1", "0", "0%", "2.0"],
    }


def test_last_12_months_adds_last_new_years_eve(client: Client) -> None:
    s = season()
    results = table(client.get(stats_url(s.group, period="12m")), "results")
    # Anne: places 1 and 4; Bjørn and Dina half a win each; Cato 2nd and 3rd.
    assert results["Anne"] == ["2", "1", "50%", "2.5"]
    assert results["Bjørn"] == ["2", "0.5", "25%", "1.5"]
    assert results["Dina"] == ["2", "0.5", "25%", "1.5"]
    assert results["Cato"] == ["2", "0", "0%", "2.5"]


def test_the_filter_in_force_is_marked_and_the_others_are_links(client: Client) -> None:
    s = season()
    html = text(client.get(stats_url(s.group, kind="amerikaner", period="year")))
    current = '<a href="?kind=amerikaner&amp;period=year" aria-current="page">Amerikaner</a>'
    assertInHTML(current, html)
    assertInHTML('<a href="?kind=euchre&amp;period=year">Euchre</a>', html)
    assertInHTML('<a href="?kind=amerikaner&amp;period=all">All time</a>', html)


def test_the_period_filters_read_as_periods_in_norwegian(client: Client) -> None:
    s = season()
    response = client.get(stats_url(s.group, period="year"), headers={"Accept-Language": "nb"})
    html = text(response)
    # «Totalt» beside «I år»: not «Alltid», which says "always".
    assertInHTML('<a href="?kind=amerikaner&amp;period=all">Totalt</a>', html)
    assertInHTML('<a href="?kind=amerikaner&amp;period=year" aria-current="page">I år</a>', html)


def test_euchre_figures(client: Client) -> None:
    group = make_group()
    euchre_game(group)
    response = client.get(stats_url(group, kind="euchre"))
    # Made trump, made, alone made / tried, marches, euchres (see `euchre_game`).
    bidding = table(response, "bidding")
    assert bidding["Anne"] == ["2", "100%", "2 / 2", "2", "1"]
    assert bidding["Bjørn"] == ["1", "0%", "0 / 0", "0", "0"]
    assert bidding["Dina"] == ["1", "100%", "0 / 0", "0", "0"]
    # The partners of a euchre team never change: no matrix.
    assert 'id="partners"' not in text(response)


def test_euchre_figures_in_norwegian_name_a_set_and_explain_it(client: Client) -> None:
    group = make_group()
    euchre_game(group)
    response = client.get(stats_url(group, kind="euchre"), headers={"Accept-Language": "nb"})
    head = table_rows(response, "bidding")[0]
    assert head[-2:] == ["Marsjer", "Satte bet"]
    assert "Satte bet: runder der spillerens lag var motparten og satte melderlaget bet." in (
        text(response)
    )


def test_kaiser_figures(client: Client) -> None:
    group = make_group()
    kaiser_game(group)
    response = client.get(stats_url(group, kind="kaiser"))
    # Hands bid, made, average bid, no trump made / tried, kaiser made / tried.
    bidding = table(response, "bidding")
    assert bidding["Anne"] == ["1", "0%", "8.0", "0 / 1", "0 / 0"]
    assert bidding["Bjørn"] == ["1", "100%", "7.0", "0 / 0", "0 / 0"]
    assert bidding["Cato"] == ["0", NONE, NONE, "0 / 0", "1 / 1"]
    # Sør took the 5♥ on both hands and the 3♠ on the second; Nord the 3♠ on the first.
    assert table(response, "cards") == {
        "Anne": ["0", "1"],
        "Cato": ["0", "1"],
        "Bjørn": ["2", "1"],
        "Dina": ["2", "1"],
    }
    # Anne's no-trump bid with Cato failed; Bjørn's 7 with Dina was made.
    assert table(response, "partners") == {"Anne": ["1 0%", "·"], "Bjørn": ["·", "1 100%"]}


def test_american_figures(client: Client) -> None:
    group = make_group(players=["Anne", "Bjørn", "Cato"])
    american_game(group)
    response = client.get(stats_url(group, kind="american"))
    # Games won and best streak: Anne, Anne, Bjørn, Anne.
    assert table(response, "american") == {
        "Anne": ["3", "2"],
        "Bjørn": ["1", "1"],
        "Cato": ["0", "0"],
    }
    assert 'id="bidding"' not in text(response)


def test_no_games_of_a_kind_says_so(client: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    response = client.get(stats_url(group, kind="kaiser"))
    assert response.status_code == 200
    assert "No finished Kaiser games in this period." in text(response)
    assert 'id="results"' not in text(response)


def test_games_in_play_are_not_counted(client: Client, group: Group) -> None:
    make_game(group, hands=anne_wins()[:4])
    assert "No finished Amerikaner games" in text(client.get(stats_url(group)))


def test_head_to_head(client: Client) -> None:
    s = season()
    anne, bjorn = s.players["Anne"].code, s.players["Bjørn"].code
    response = client.get(stats_url(s.group, a=anne, b=bjorn))
    html = text(response).split('id="head-to-head"', 1)[1].split("</table>", 1)[0]
    rows = [_clean(row) for row in re.findall(r"<tr>(.*?)</tr>", html, re.DOTALL)]
    # Three games together; Anne ahead tonight only, Bjørn on both New Year's Eves;
    # wins 1 against 1.5.
    assert rows == [
        "Anne Bjørn",
        "Games together 3",
        "Finished ahead 1 2",
        "Same place 0",
        "Wins 1 1.5",
    ]
    # The choices stay chosen.
    assert field_values(response)["b"] == [bjorn]


@pytest.mark.parametrize(
    "params",
    [
        {"a": "madeUpCode12", "b": "alsoMadeUp12"},
        {"a": "onlyOne"},
    ],
)
def test_head_to_head_with_unknown_players_says_so(client: Client, params: dict[str, str]) -> None:
    s = season()
    response = client.get(stats_url(s.group, **params))
    assert response.status_code == 200
    assert "Choose two players who played this game in this period." in text(response)
    assert 'id="head-to-head"' not in text(response)


def test_head_to_head_of_a_player_without_games_in_the_selection_says_so(client: Client) -> None:
    s = season()
    # Dina did not play in the three-player game, the only one before last year.
    anne, dina = s.players["Anne"].code, s.players["Dina"].code
    response = client.get(stats_url(s.group, period="year", a=anne, b=dina))
    assert 'id="head-to-head"' in text(response)
    response = client.get(stats_url(s.group, kind="euchre", a=anne, b=dina))
    assert "Choose two players who played this game in this period." in text(response)


def test_head_to_head_of_a_player_with_themselves_says_so(client: Client) -> None:
    s = season()
    anne = s.players["Anne"].code
    response = client.get(stats_url(s.group, a=anne, b=anne))
    assert "Choose two different players." in text(response)


def test_head_to_head_cannot_reach_a_player_of_another_group(client: Client) -> None:
    s = season()
    other = make_group("Other table")
    make_game(other, hands=anne_wins())
    stranger = other.players.get(name="Anne").code
    response = client.get(stats_url(s.group, a=s.players["Bjørn"].code, b=stranger))
    assert "Choose two players who played this game in this period." in text(response)


@pytest.mark.parametrize("params", [{"kind": "poker"}, {"period": "forever"}, {"kind": "<script>"}])
def test_unknown_kind_or_period_is_not_found(client: Client, params: dict[str, str]) -> None:
    s = season()
    assert client.get(stats_url(s.group, **params)).status_code == 404


def test_view_only_and_full_links_can_read(client: Client, phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    assert client.get(reverse("stats", args=[group.view_key])).status_code == 200
    # The full link shows the same page (no "who are you?" detour: nothing is written).
    response = phone.get(reverse("stats", args=[group.edit_key]))
    assert table(response, "results")["Anne"] == ["1", "1", "100%", "1.0"]


def test_view_only_page_does_not_show_the_full_link(client: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    html = text(client.get(reverse("stats", args=[group.view_key])))
    assert group.edit_key not in html


def test_unknown_key_is_not_found(client: Client) -> None:
    assert client.get(reverse("stats", args=["madeUpKey0123456789abcdef"])).status_code == 404


def test_stats_page_is_read_only(client: Client, group: Group) -> None:
    assert client.post(reverse("stats", args=[group.edit_key])).status_code == 405


def test_group_page_links_to_the_statistics(phone: Client, group: Group) -> None:
    html = text(phone.get(reverse("group", args=[group.edit_key])))
    assert f'href="{reverse("stats", args=[group.edit_key])}"' in html


def test_norwegian_numbers_have_a_decimal_comma(client: Client) -> None:
    s = season()
    response = client.get(stats_url(s.group), HTTP_ACCEPT_LANGUAGE="nb")
    assert table(response, "results")["Bjørn"][1:4:2] == ["1,5", "1,3"]


def test_names_are_escaped(client: Client) -> None:
    script, attribute = "<script>alert(1)</script>", "\"'><img src=x onerror=alert(2)>"
    group = make_group(name=script, players=[script, attribute, "Cato", "Dina"])
    hands = [bid(script, 12, attribute, {"Cato": 0, "Dina": 0}, dealer=script)] * 5
    make_game(group, [script, attribute, "Cato", "Dina"], hands)
    codes = {p.name: p.code for p in group.players.all()}
    html = text(client.get(stats_url(group, a=codes[script], b=codes[attribute])))
    assert script not in html
    assert attribute not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'id="head-to-head"' in html


def test_the_wins_over_time_chart_is_drawn(client: Client) -> None:
    s = season()
    html = text(client.get(stats_url(s.group)))
    assert "<svg" in html.split('id="results"', 1)[1]


@pytest.mark.parametrize("games", [1, 20])
def test_stats_page_answers_in_the_same_number_of_queries_for_any_number_of_games(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    for _ in range(games):
        # Bjørn bids with Dina and makes it each time: a pair for the partner matrix.
        make_game(group, hands=[bid("Bjørn", 6, "Dina", {"Anne": 3, "Cato": 3}), *anne_wins()])
    codes = {p.name: p.code for p in group.players.all()}
    url = stats_url(group, a=codes["Anne"], b=codes["Bjørn"])
    # The group by its key; the game the page opens on, where none is asked for (the kind
    # of the group's latest game won); its players (for names); each player's figures; the
    # partner matrix; head-to-head; the wins over time. The figures are summed per player
    # id, so no query joins or repeats per player or per game.
    with django_assert_num_queries(7):
        response = client.get(url)
    assert table(response, "results")["Anne"][:2] == [str(games), str(games)]
    # Without a head-to-head, one fewer.
    with django_assert_num_queries(6):
        client.get(stats_url(group))
    # Euchre has no partner matrix: one fewer again.
    with django_assert_num_queries(4):
        client.get(stats_url(group, kind="euchre"))


def test_one_night_has_no_chart(client: Client, group: Group) -> None:
    # Over a single evening the chart would only repeat the table.
    make_game(group, hands=anne_wins())
    html = text(client.get(stats_url(group)))
    assert 'id="results"' in html
    assert "<svg" not in html


def test_the_page_opens_on_the_game_the_group_last_won(client: Client, group: Group) -> None:
    # A group that has played only Kaiser is not shown an empty Amerikaner page first.
    kaiser_game(group)
    html = text(client.get(stats_url(group)))
    assert "No finished" not in html and "kind=kaiser&amp;period=all" in html
