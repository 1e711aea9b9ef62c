"""A night's page: its games with winners and charts, and the form that names the night."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import cast

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from games.models import Game, Group, Hand, Night, Seat
from games.present.night import ListedGame, NightStanding, evening_in_words, wins_text
from tests.factories import FOUR, anne_wins, endless_hands, make_game, make_group
from tests.test_stats import THREE, three_player_hands
from tests.views.pages import part, table_rows, text

pytestmark = pytest.mark.django_db

FRIDAY = dt.date(2025, 3, 7)
NORD_SOR = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


def on(night: Night, game: Game) -> Game:
    """Move a game to a night (games made in a test all belong to today's)."""
    Game.objects.filter(pk=game.pk).update(night=night)
    return game


def friday(group: Group) -> Night:
    return Night.objects.create(group=group, date=FRIDAY)


def make_euchre(group: Group, marches: int) -> Game:
    """A Euchre game, Nord (Anne & Cato) against Sør; Anne marches `marches` times (2 each)."""
    game = Game.objects.create(group=group, kind="euchre", teams=NORD_SOR, first_dealer="Anne")
    players = {p.name: p for p in group.players.all()}
    for position, name in enumerate(FOUR, 1):
        Seat.objects.create(game=game, player=players[name], position=position, name=name)
    for number in range(1, marches + 1):
        game.add_hand(number, {"dealer": FOUR[number % 4], "maker": "Anne", "tricks": 5}, "Anne")
    return game


def night_url(night: Night, key: str) -> str:
    return reverse("night", args=[key, night.code])


def edit_url(night: Night, key: str) -> str:
    return reverse("night_edit", args=[key, night.code])


def test_night_shows_its_games_with_winners_and_charts(phone: Client, group: Group) -> None:
    night = friday(group)
    won = on(night, make_game(group, hands=anne_wins()))
    # Five marches of 2 points: Nord reaches the target of 10.
    on(night, make_euchre(group, 5))
    on(night, make_game(group, hands=endless_hands(2)))
    response = phone.get(night_url(night, group.edit_key))
    assert response.status_code == 200
    html = text(response)
    assert "Friday, 7 Mar 2025" in html
    assert "🏆 Anne" in html
    assert "🏆 Nord" in html
    assert "2 hands, in play" in html
    assert reverse("game", args=[group.edit_key, won.code]) in html
    assert html.count('<svg class="chart"') == 3
    # The games in the order they were played.
    assert html.index("Amerikaner") < html.index("Euchre")


def test_night_date_is_written_in_the_readers_language(phone: Client, group: Group) -> None:
    night = friday(group)
    on(night, make_game(group, hands=endless_hands(1)))
    response = phone.get(night_url(night, group.edit_key), HTTP_ACCEPT_LANGUAGE="nb")
    heading = text(response).split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert heading.startswith("fredag")
    assert heading.endswith("7. mars 2025")


def test_named_night_shows_name_date_and_place(client: Client, group: Group) -> None:
    night = Night.objects.create(group=group, date=FRIDAY, name="Annes bursdag", place="Hos Cato")
    on(night, make_game(group))
    html = text(client.get(night_url(night, group.view_key)))
    assert "<h1>Annes bursdag</h1>" in html
    assert "Friday, 7 Mar 2025" in html
    assert "Hos Cato" in html


def test_view_only_link_sees_the_night_without_the_form(client: Client, group: Group) -> None:
    night = friday(group)
    on(night, make_game(group, hands=endless_hands(1)))
    response = client.get(night_url(night, group.view_key))
    assert response.status_code == 200
    html = text(response)
    assert edit_url(night, group.view_key) not in html
    assert group.edit_key not in html


def test_full_link_asks_who_first(client: Client, group: Group) -> None:
    night = friday(group)
    response = client.get(night_url(night, group.edit_key))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("who", args=[group.edit_key]))


def test_unknown_night_is_not_found(phone: Client, group: Group) -> None:
    assert phone.get(reverse("night", args=[group.edit_key, "madeUpNight1"])).status_code == 404


def test_night_of_another_group_is_not_found(phone: Client, group: Group) -> None:
    other = make_group("Other table")
    theirs = friday(other)
    on(theirs, make_game(other))
    assert phone.get(night_url(theirs, group.edit_key)).status_code == 404
    post = phone.post(edit_url(theirs, group.edit_key), {"name": "Mine now", "place": ""})
    assert post.status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == ""


def test_game_that_no_longer_scores_is_listed_not_crashed(phone: Client, group: Group) -> None:
    night = friday(group)
    game = on(night, make_game(group))
    Hand.objects.create(game=game, number=1, data={"dealer": "Nobody"})
    response = phone.get(night_url(night, group.edit_key))
    assert response.status_code == 200
    assert "needs a correction" in text(response)


def test_names_are_escaped(client: Client) -> None:
    script = "<script>alert(1)</script>"
    players = [script, "Bjørn", "Cato", "Dina"]
    group = make_group(name=script, players=players)
    night = Night.objects.create(group=group, date=FRIDAY, name=script, place=script)
    on(night, make_game(group, players, endless_hands(2, players)))
    html = text(client.get(night_url(night, group.view_key)))
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.parametrize("games", [1, 10])
def test_night_answers_in_the_same_number_of_queries_for_any_number_of_games(
    phone: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    night = friday(group)
    for count in range(games):
        on(night, make_game(group, hands=endless_hands(1 + count % 4)))
    # The group by its key; the night; its games, their seats, their hands and their
    # ratings (four prefetched queries); the awards earned in them. Scores and charts are
    # worked out in Python.
    with django_assert_num_queries(7):
        response = phone.get(night_url(night, group.edit_key))
    assert text(response).count('<svg class="chart"') == games


def test_night_page_is_read_only(phone: Client, group: Group) -> None:
    assert phone.post(night_url(friday(group), group.edit_key)).status_code == 405


# --- Naming the night ---------------------------------------------------------------------------


def test_full_link_names_the_night_and_says_where(phone: Client, group: Group) -> None:
    night = friday(group)
    response = phone.post(edit_url(night, group.edit_key), {"name": " Quiz ", "place": "Hos Anne"})
    assert response.status_code == 302
    assert response["Location"] == night_url(night, group.edit_key)
    night.refresh_from_db()
    assert (night.name, night.place) == ("Quiz", "Hos Anne")
    page = text(phone.get(response["Location"]))
    assert "<h1>Quiz</h1>" in page
    assert "Saved." in page


def test_clearing_the_name_brings_back_the_date(phone: Client, group: Group) -> None:
    night = Night.objects.create(group=group, date=FRIDAY, name="Quiz")
    phone.post(edit_url(night, group.edit_key), {"name": "", "place": ""})
    night.refresh_from_db()
    assert night.name == ""
    assert "<h1>Friday, 7 Mar 2025</h1>" in text(phone.get(night_url(night, group.edit_key)))


def test_htmx_gets_the_head_of_the_page_back(phone: Client, group: Group) -> None:
    night = friday(group)
    response = phone.post(
        edit_url(night, group.edit_key), {"name": "Quiz", "place": ""}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = text(response)
    assert html.lstrip().startswith('<div id="night-head">')
    assert "<h1>Quiz</h1>" in html
    assert "<html" not in html


def test_too_long_a_name_is_refused_with_a_message(phone: Client, group: Group) -> None:
    night = Night.objects.create(group=group, date=FRIDAY, name="Quiz")
    response = phone.post(edit_url(night, group.edit_key), {"name": "x" * 81, "place": "Hos Bo"})
    assert response.status_code == 422
    html = text(response)
    assert "at most 80 characters" in html
    # What was typed stays in the form; the heading still shows what is saved.
    assert "x" * 81 in html
    assert "<h1>Quiz</h1>" in html
    night.refresh_from_db()
    assert (night.name, night.place) == ("Quiz", "")


def test_htmx_bad_input_shows_the_message_in_place(phone: Client, group: Group) -> None:
    night = friday(group)
    response = phone.post(
        edit_url(night, group.edit_key), {"name": "x" * 81, "place": ""}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "at most 80 characters" in text(response)
    assert "<html" not in text(response)


def test_view_only_link_cannot_rename(client: Client, group: Group) -> None:
    night = friday(group)
    response = client.post(edit_url(night, group.view_key), {"name": "Mine", "place": ""})
    assert response.status_code == 403
    night.refresh_from_db()
    assert night.name == ""


def test_as_many_games_won_are_placed_by_the_better_average_place(
    phone: Client, group: Group
) -> None:
    night = friday(group)
    on(night, make_game(group, hands=anne_wins()))  # Anne first, the other three second
    on(night, make_game(group, THREE, three_player_hands()))  # Bjørn, Anne, Cato
    rows = table_rows(phone.get(night_url(night, group.edit_key)), "standings")
    # Anne and Bjørn won one each (places 1 and 2 on average 1.5); Dina, second in the one
    # game she played, before Cato, second and third (2.5), though Cato sat down first.
    assert [row[:2] for row in rows[1:]] == [
        ["Anne", "1"],
        ["Bjørn", "1"],
        ["Dina", "0"],
        ["Cato", "0"],
    ]


def test_renaming_takes_a_post(phone: Client, group: Group) -> None:
    assert phone.get(edit_url(friday(group), group.edit_key)).status_code == 405


def test_standings_count_the_games_won_and_show_every_total(phone: Client, group: Group) -> None:
    night = friday(group)
    on(night, make_game(group, hands=anne_wins()))  # Anne 54, the others 2
    on(night, make_euchre(group, 5))  # Nord (Anne and Cato) 10, Sør 0
    on(night, make_game(group, hands=endless_hands(2)))  # in play
    given_up = on(night, make_game(group, hands=endless_hands(1)))
    given_up.abandon("Anne")
    response = phone.get(night_url(night, group.edit_key))
    rows = table_rows(response, "standings")
    assert rows[0] == [
        "Player",
        "Won",
        "Game 1 Amerikaner",
        "Game 2 Euchre",
        # The game in play is named by its kind too (a Kaiser in play after two
        # Amerikaner games is not any game).
        "Game 3 Amerikaner, in play",
    ]
    # Anne won both decided games; Cato shared Nord's win with her, as a team, not a half.
    # The game in play decides nothing (12 bid alone and lost by the one trick the next
    # player took: Anne -12 and Bjørn +1, then Bjørn -12 and Cato +1); the abandoned game 4
    # is out of the standings, though still listed below them.
    assert rows[1:] == [
        ["Anne", "2", "🏆 54", "🏆 10", "\u221212"],
        ["Cato", "1", "2", "🏆 10", "1"],
        ["Bjørn", "0", "2", "0", "\u221211"],
        ["Dina", "0", "2", "0", "0"],
    ]
    assert 'id="game-4"' in text(response)
    found = part(response, "night-summary")
    assert found is not None and found[0] == "Anne won 2 of the 2 games finished."


def test_summary_names_every_player_who_won_most(phone: Client, group: Group) -> None:
    night = friday(group)
    on(night, make_euchre(group, 5))
    found = part(phone.get(night_url(night, group.edit_key)), "night-summary")
    assert found is not None and found[0] == "Anne and Cato won the only game played."


def test_summary_before_any_game_is_won(phone: Client, group: Group) -> None:
    night = friday(group)
    on(night, make_game(group, hands=endless_hands(2)))
    found = part(phone.get(night_url(night, group.edit_key)), "night-summary")
    assert found is not None and found[0] == "No game was won yet this evening."


def test_summary_in_norwegian(phone: Client, group: Group) -> None:
    night = friday(group)
    on(night, make_game(group, hands=anne_wins()))
    on(night, make_game(group, hands=anne_wins()))
    response = phone.get(night_url(night, group.edit_key), HTTP_ACCEPT_LANGUAGE="nb")
    found = part(response, "night-summary")
    assert found is not None and found[0] == "Anne vant begge spillene."


def _says(
    rows: list[ListedGame], leaders: list[tuple[str, float]], english: str, norwegian: str
) -> None:
    """The evening's line over `rows`, the `leaders` ahead of one who won nothing."""
    table = [NightStanding(name, wins) for name, wins in leaders] + [NightStanding("Per", 0.0)]
    with translation.override("en"):
        assert evening_in_words(rows, table) == english
    with translation.override("nb"):
        assert evening_in_words(rows, table) == norwegian


@pytest.mark.parametrize(
    ("leaders", "count", "english", "norwegian"),
    [
        pytest.param(
            [("Anne", 2.0)], 3, "Anne won 2 of 3 games.", "Anne vant 2 av 3 spill.", id="one"
        ),
        pytest.param(
            [("Anne", 2.0)], 2, "Anne won both games.", "Anne vant begge spillene.", id="both"
        ),
        pytest.param(
            [("Anne", 3.0)], 3, "Anne won all 3 games.", "Anne vant alle de 3 spillene.", id="all"
        ),
        pytest.param(
            [("Anne", 1.0), ("Cato", 1.0)],
            1,
            "Anne and Cato won the only game played.",
            "Anne og Cato vant det eneste spillet som ble spilt.",
            id="a-team-won-the-only-game",
        ),
        pytest.param(
            [("Anne", 0.5), ("Bjørn", 0.5)],
            1,
            "Anne and Bjørn shared the win in the only game played.",
            "Anne og Bjørn delte seieren i det eneste spillet som ble spilt.",
            id="a-shared-win-of-the-only-game",
        ),
        pytest.param(
            [("Bjørn", 1.0), ("Dina", 1.0), ("Ola", 1.0), ("Kari", 1.0)],
            3,
            "Bjørn, Dina, Ola and Kari won one game each of the 3 played.",
            "Bjørn, Dina, Ola og Kari vant ett spill hver av de 3 som ble spilt.",
            id="several-one-each",
        ),
        pytest.param(
            [("Anne", 2.0), ("Cato", 2.0)],
            3,
            "Anne and Cato each won 2 of the 3 games played.",
            "Anne og Cato vant hver 2 av de 3 spillene som ble spilt.",
            id="several-two-each",
        ),
        pytest.param(
            [("Anne", 1.5), ("Bjørn", 1.5)],
            3,
            "Anne and Bjørn each won 1½ of the 3 games played.",
            "Anne og Bjørn vant hver 1½ av de 3 spillene som ble spilt.",
            id="several-with-shared-wins",
        ),
        # Two games, each shared by the same two: half a game each, never "½ games".
        pytest.param(
            [("Anne", 0.5), ("Bjørn", 0.5)],
            2,
            "Anne and Bjørn each won ½ of the 2 games played.",
            "Anne og Bjørn vant hver ½ av de 2 spillene som ble spilt.",
            id="several-with-halves",
        ),
    ],
)
def test_summary_counts_games_in_words_for_one_and_for_many(
    leaders: list[tuple[str, float]], count: int, english: str, norwegian: str
) -> None:
    # Only whether a game was won counts here, so a stand-in for each won game will do.
    won = SimpleNamespace(abandoned=False, result=SimpleNamespace(finished=True))
    rows = [cast(ListedGame, won)] * count
    _says(rows, leaders, english, norwegian)


@pytest.mark.parametrize(
    ("won", "written"), [(2.0, "2"), (1.5, "1½"), (0.5, "½"), (1 / 3, "0.33"), (0.0, "0")]
)
def test_games_won_are_written_as_on_a_score_sheet(won: float, written: str) -> None:
    with translation.override("en"):
        assert wins_text(won) == written
    with translation.override("nb"):
        assert wins_text(won) == written.replace(".", ",")


@pytest.mark.parametrize(
    ("leaders", "won", "others", "english", "norwegian"),
    [
        pytest.param(
            [("Anne", 1.0)],
            1,
            ["in play"],
            "Anne won the only game finished.",
            "Anne vant det eneste spillet som ble spilt ferdig.",
            id="one-won-one-in-play",
        ),
        pytest.param(
            [("Anne", 0.5), ("Bjørn", 0.5)],
            1,
            ["abandoned"],
            "Anne and Bjørn shared the win in the only game finished.",
            "Anne og Bjørn delte seieren i det eneste spillet som ble spilt ferdig.",
            id="one-shared-one-abandoned",
        ),
        pytest.param(
            [("Anne", 2.0)],
            2,
            ["in play", "abandoned"],
            "Anne won 2 of the 2 games finished.",
            "Anne vant 2 av de 2 spillene som ble spilt ferdig.",
            id="two-won-and-two-not",
        ),
        pytest.param(
            [("Anne", 1.0), ("Cato", 1.0)],
            2,
            ["in play"],
            "Anne and Cato won one game each of the 2 finished.",
            "Anne og Cato vant ett spill hver av de 2 som ble spilt ferdig.",
            id="one-each-and-one-in-play",
        ),
        pytest.param(
            [("Anne", 1.5), ("Bjørn", 1.5)],
            3,
            ["abandoned"],
            "Anne and Bjørn each won 1½ of the 3 games finished.",
            "Anne og Bjørn vant hver 1½ av de 3 spillene som ble spilt ferdig.",
            id="shared-wins-and-one-abandoned",
        ),
    ],
)
def test_summary_says_finished_while_another_game_is_in_play_or_given_up(
    leaders: list[tuple[str, float]], won: int, others: list[str], english: str, norwegian: str
) -> None:
    # A game in play or given up counts for nothing: "the only game played" would be false.
    finished = SimpleNamespace(abandoned=False, result=SimpleNamespace(finished=True))
    not_won = {
        "in play": SimpleNamespace(abandoned=False, result=SimpleNamespace(finished=False)),
        "abandoned": SimpleNamespace(abandoned=True, result=SimpleNamespace(finished=True)),
    }
    rows = [cast(ListedGame, finished)] * won + [cast(ListedGame, not_won[o]) for o in others]
    _says(rows, leaders, english, norwegian)
