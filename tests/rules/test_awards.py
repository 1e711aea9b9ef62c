"""Awards, each rule with its edges: the games' own, the comeback, and a season's awards."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from games.rules import GAMES, all_awards, awards_earned, get_game, make_table, play
from games.rules.awards import (
    SeasonGame,
    Standings,
    comeback,
    how_far,
    season_awards,
    tries_text,
)
from tests.factories import FOUR, TEAMS, bid

MON, TUE = dt.date(2026, 3, 2), dt.date(2026, 3, 3)
EVERYONE_ELSE = {"Anne": 0, "Cato": 0, "Dina": 0}


def earned(game: str, hands: list[dict[str, Any]], **setup: Any) -> list[tuple[str, str]]:
    table = make_table(game, FOUR, **setup)
    return awards_earned(table, play(table, hands))


def test_every_award_has_a_distinct_id_a_name_and_a_one_line_rule() -> None:
    found = all_awards()
    # The four every game shares, then each game's own.
    own = sum(len(game.awards) for game in GAMES.values())
    assert len({award.id for award in found}) == len(found) == 4 + own
    assert all(str(award.name) and "\n" not in str(award.rule) for award in found)


# --- A game's own awards ---------------------------------------------------------------------


def test_a_made_amerikaner_earns_the_bidder_the_amerikaner_award() -> None:
    # Target 52: a made Amerikaner is +52 and wins the game at once.
    hands = [bid("Bjørn", "amerikaner", None, EVERYONE_ELSE)]
    assert earned("amerikaner", hands) == [("amerikaner_made", "Bjørn")]


def test_a_failed_amerikaner_earns_nothing() -> None:
    hands = [
        bid("Bjørn", "amerikaner", None, {"Anne": 1, "Cato": 0, "Dina": 0}),
        bid("Anne", 12, "Cato", {"Bjørn": 0, "Dina": 0}),
        bid("Anne", 12, "Cato", {"Bjørn": 0, "Dina": 0}),
        bid("Anne", 12, "Cato", {"Bjørn": 0, "Dina": 0}),
        bid("Anne", 12, "Cato", {"Bjørn": 0, "Dina": 0}),
        bid("Anne", 12, "Cato", {"Bjørn": 0, "Dina": 0}),
    ]
    assert [award for award, _player in earned("amerikaner", hands)] == []


def test_a_made_kaiser_bid_earns_the_bidder_the_kaiser_award() -> None:
    hands = [{"dealer": "Bjørn", "bidder": "Cato", "kaiser": True, "made": True}]
    assert earned("kaiser", hands, teams=TEAMS) == [("kaiser_made", "Cato")]


def test_a_failed_kaiser_bid_earns_nothing() -> None:
    hands = [{"dealer": "Bjørn", "bidder": "Cato", "kaiser": True, "made": False}]
    assert earned("kaiser", hands, teams=TEAMS) == []


@pytest.mark.parametrize(
    ("alone", "tricks", "expected"),
    [
        pytest.param(True, 5, [("lone_march", "Anne")], id="alone-all-five"),
        pytest.param(True, 4, [], id="alone-four"),
        pytest.param(False, 5, [], id="march-with-partner"),
    ],
)
def test_a_lone_march_is_all_five_tricks_alone(
    alone: bool, tricks: int, expected: list[tuple[str, str]]
) -> None:
    # Euchre to 1: the first hand made wins the game.
    hands = [{"dealer": "Bjørn", "maker": "Anne", "alone": alone, "tricks": tricks}]
    assert earned("euchre", hands, teams=TEAMS, rules={"target": 1}) == expected


def test_a_team_comeback_is_earned_by_both_players_of_the_team() -> None:
    # Euchre to 4: Sør leads 2-0 (half the target) after a march; Nord then wins 4-2
    # with two marches.
    hands = [
        {"dealer": "Anne", "maker": "Bjørn", "tricks": 5},
        {"dealer": "Bjørn", "maker": "Anne", "tricks": 5},
        {"dealer": "Cato", "maker": "Anne", "tricks": 5},
    ]
    assert earned("euchre", hands, teams=TEAMS, rules={"target": 4}) == [
        ("comeback", "Anne"),
        ("comeback", "Cato"),
    ]


# --- The comeback ----------------------------------------------------------------------------

SIDES = ("A", "B", "C")


@pytest.mark.parametrize(
    ("totals", "winners", "target", "expected"),
    [
        # After the first hand A has 5 of 10 (half): C is last alone, and wins.
        pytest.param([{"A": 5, "B": 3, "C": 1}], ["C"], 10, ["C"], id="last-alone-wins"),
        pytest.param([{"A": 5, "B": 3, "C": 1}], ["A"], 10, [], id="leader-wins"),
        # B and C level at the bottom: neither was last alone.
        pytest.param([{"A": 5, "B": 1, "C": 1}], ["C"], 10, [], id="level-at-the-bottom"),
        # Half of an odd target: 4 is not yet half of 9, 5 is; the place then counts.
        pytest.param(
            [{"A": 4, "B": 3, "C": 1}, {"A": 5, "B": 0, "C": 2}],
            ["B"],
            9,
            ["B"],
            id="first-hand-at-half-counts",
        ),
        pytest.param([{"A": 4, "B": 3, "C": 1}], ["C"], 9, [], id="never-at-half"),
        pytest.param([{"A": 5, "B": 3, "C": 1}], ["C"], None, [], id="no-target"),
        pytest.param([{"A": 5, "B": 3, "C": 1}], [], 10, [], id="no-winner"),
    ],
)
def test_comeback_is_winning_from_last_place_at_half_the_target(
    totals: list[dict[str, int]], winners: list[str], target: int | None, expected: list[str]
) -> None:
    assert comeback(SIDES, totals, winners, target) == expected


def test_comeback_needs_two_sides() -> None:
    assert comeback(("A",), [{"A": 10}], ["A"], 10) == []


# --- A season's awards -----------------------------------------------------------------------


def season(*games: tuple[dt.date, dict[str, bool]]) -> Standings[int, str]:
    return season_awards([SeasonGame(i, day, won) for i, (day, won) in enumerate(games, start=1)])


def earned_of(standings: Standings[int, str], award: str) -> list[tuple[int, str]]:
    return sorted((one.game, one.player) for one in standings.earned if one.award == award)


def test_three_wins_in_a_row_earn_the_hat_trick_at_the_third() -> None:
    found = season(
        (MON, {"Ann": True, "Bo": False}),
        (MON, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": True, "Bo": False}),
    )
    # Once per run: the fourth win in a row earns nothing more.
    assert earned_of(found, "streak") == [(3, "Ann")]


def test_a_loss_breaks_the_run_and_a_shared_win_continues_it() -> None:
    found = season(
        (MON, {"Ann": True, "Bo": True}),  # shared
        (MON, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": False, "Bo": True}),
        (TUE, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": True, "Bo": False}),
    )
    assert earned_of(found, "streak") == []
    assert found.run == {"Ann": 2, "Bo": 0}


def test_a_game_not_played_does_not_break_a_run() -> None:
    found = season(
        (MON, {"Ann": True, "Bo": False}),
        (MON, {"Bo": True, "Cy": False}),
        (MON, {"Ann": True, "Cy": False}),
        (MON, {"Ann": True, "Cy": False}),
    )
    assert earned_of(found, "streak") == [(4, "Ann")]


def test_winning_every_game_of_an_evening_needs_three_games() -> None:
    found = season(
        (MON, {"Ann": True, "Bo": False}),
        (MON, {"Ann": True, "Bo": False}),
        (MON, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": True, "Bo": False}),
    )
    # Earned at the evening's last game; Tuesday's two are not enough.
    assert earned_of(found, "sweep") == [(3, "Ann")]
    assert found.best_evening == {"Ann": 3}


def test_one_loss_in_the_evening_spoils_the_sweep() -> None:
    found = season(
        (MON, {"Ann": True, "Bo": False}),
        (MON, {"Ann": True, "Bo": False}),
        (MON, {"Ann": False, "Bo": True}),
        (MON, {"Ann": True, "Bo": False}),
    )
    assert earned_of(found, "sweep") == []
    assert found.best_evening == {}


def test_most_games_is_earned_when_last_taking_the_lead() -> None:
    found = season(
        *[(MON, {"Ann": True, "Bo": False})] * 9,  # level on 9: nobody has played ten
        (TUE, {"Ann": True, "Cy": False}),  # Ann reaches ten, alone at the top
        (TUE, {"Bo": True, "Cy": False}),  # Bo joins her on ten
    )
    # Those level at the top share the award, each from when they last took the lead.
    assert earned_of(found, "most_games") == [(10, "Ann"), (11, "Bo")]
    assert found.games == {"Ann": 10, "Bo": 10, "Cy": 2}


def test_most_games_needs_ten_games() -> None:
    # Level at the top on three games each: too few for anyone to be a regular.
    found = season(*[(MON, {"Ann": True, "Bo": False, "Cy": False})] * 3)
    assert earned_of(found, "most_games") == []
    found = season(*[(MON, {"Ann": True, "Bo": False})] * 10)
    assert earned_of(found, "most_games") == [(10, "Ann"), (10, "Bo")]


def test_a_season_without_games_has_no_awards() -> None:
    assert season().earned == []


# --- How far the others are ------------------------------------------------------------------


def test_how_far_says_wins_in_a_row_to_go() -> None:
    found = season((MON, {"Ann": True, "Bo": False}), (MON, {"Ann": True, "Bo": False}))
    assert str(how_far("streak", found, "Ann")) == "2 wins in a row now, 1 to go."
    assert str(how_far("streak", found, "Bo")) == "0 wins in a row now, 3 to go."


def test_how_far_names_the_best_evening_and_the_games_behind() -> None:
    found = season(
        (MON, {"Ann": True, "Bo": False}),
        (TUE, {"Ann": True, "Cy": False}),
        (TUE, {"Ann": False, "Cy": True}),
    )
    assert str(how_far("sweep", found, "Ann")) == "Best evening: 1 game won without a loss."
    assert how_far("sweep", found, "Bo") is None
    # Nobody has played ten games yet: each is told how many are to go.
    assert str(how_far("most_games", found, "Bo")) == "1 game played, 9 to go."
    assert str(how_far("most_games", found, "Ann")) == "3 games played, 7 to go."
    ahead = season(*[(MON, {"Ann": True, "Bo": False})] * 10, (TUE, {"Ann": True, "Cy": False}))
    assert str(how_far("most_games", ahead, "Bo")) == "1 game behind the leader."
    assert str(how_far("most_games", ahead, "Cy")) == "10 games behind the leader."


def test_tries_say_how_often_a_player_tried() -> None:
    assert str(tries_text(1)) == "Tried 1 time, not made yet."
    assert str(tries_text(3)) == "Tried 3 times, not made yet."


# --- Bids by level ---------------------------------------------------------------------------


def figures(game: str, hands: list[dict[str, Any]], **setup: Any) -> Any:
    table = make_table(game, FOUR, **setup)
    return get_game(game).figures(table, play(table, hands)).players


def test_amerikaner_bids_are_kept_by_level_with_the_bidders_points() -> None:
    hands = [
        bid("Bjørn", 7, "Dina", {"Anne": 3, "Cato": 2}),  # 13 - 5 = 8 tricks: made, +7
        bid("Bjørn", 7, "Anne", {"Cato": 4, "Dina": 3}),  # 6 tricks: failed, -7
        bid("Anne", "amerikaner", None, {"Bjørn": 1, "Cato": 0, "Dina": 0}),  # failed, -52
    ]
    found = figures("amerikaner", hands)
    seven = found["Bjørn"].levels["7"]
    assert (seven.bids, seven.made, seven.points) == (2, 1, 0)
    alone = found["Anne"].levels["amerikaner"]
    assert (alone.bids, alone.made, alone.points) == (1, 0, -52)


def test_kaiser_bids_are_kept_apart_with_and_without_trump() -> None:
    cards = {"five_hearts": "Sør", "three_spades": "Nord"}
    hands = [
        {"dealer": "Anne", "bidder": "Bjørn", "bid": 7, "tricks": {"Sør": 7, "Nord": 1}, **cards},
        {
            "dealer": "Bjørn",
            "bidder": "Bjørn",
            "bid": 7,
            "no_trump": True,
            "tricks": {"Sør": 8, "Nord": 0},
            "five_hearts": "Sør",
            "three_spades": "Sør",
        },
    ]
    found = figures("kaiser", hands, teams=TEAMS)
    assert set(found["Bjørn"].levels) == {"7", "7nt"}
    assert found["Bjørn"].levels["7nt"].made == 1


def test_euchre_bids_are_kept_alone_or_with_partner() -> None:
    hands = [
        {"dealer": "Bjørn", "maker": "Anne", "alone": True, "tricks": 2},
        {"dealer": "Cato", "maker": "Anne", "tricks": 3},
    ]
    found = figures("euchre", hands, teams=TEAMS)
    alone, partner = found["Anne"].levels["alone"], found["Anne"].levels["partner"]
    assert (alone.bids, alone.made, alone.points) == (1, 0, 0)
    assert (partner.bids, partner.made, partner.points) == (1, 1, 1)


def test_every_level_a_game_keeps_is_one_it_names() -> None:
    for name in ("amerikaner", "kaiser", "euchre"):
        keys = [key for key, _label in get_game(name).bid_levels]
        assert len(keys) == len(set(keys))
    assert dict(get_game("kaiser").bid_levels)["7nt"].render() == "7 no trump"
