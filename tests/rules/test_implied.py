"""Inputs a hand's outcome already implies (`CardGame.implied`): a form may leave them
empty, and the engine fills them in before the hand is checked and stored."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import get_game, make_table
from tests.factories import FOUR

SIX = [*FOUR, "Erik", "Frida"]
TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


def implied(game: str, players: list[str], hand: dict[str, Any], **setup: Any) -> dict[str, Any]:
    return get_game(game).implied(make_table(game, players, **setup), hand)


@pytest.mark.parametrize("players", [FOUR[:3], FOUR, SIX])
def test_a_made_amerikaner_implies_every_opponent_took_nothing(players: list[str]) -> None:
    # The bidder took every trick alone: the others took none, at any number of players.
    hand = {"dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner", "made": True, "tricks": {}}
    assert implied("amerikaner", players, hand)["tricks"] == {p: 0 for p in players if p != "Bjørn"}


@pytest.mark.parametrize("made", [None, False])
def test_an_amerikaner_not_said_made_implies_nothing(made: bool | None) -> None:
    # Unsaid, or lost: who took which tricks is for the table to say.
    hand: dict[str, Any] = {
        "dealer": "Anne",
        "bidder": "Bjørn",
        "bid": "amerikaner",
        "made": made,
        "tricks": {},
    }
    assert implied("amerikaner", FOUR, hand) == hand


def test_an_amerikaner_with_some_tricks_given_is_left_as_given() -> None:
    # Cato took one: who took the rest is for the table to say, not for the engine.
    hand = {"dealer": "Anne", "bidder": "Bjørn", "bid": "Amerikaner", "tricks": {"Cato": 1}}
    assert implied("amerikaner", FOUR, hand) == hand


def test_a_numeric_bid_with_no_tricks_is_left_as_given() -> None:
    hand = {"dealer": "Anne", "bidder": "Bjørn", "bid": 8, "partner": "Dina", "tricks": {}}
    assert implied("amerikaner", FOUR, hand) == hand


def test_the_last_opponents_tricks_are_the_rest_of_the_hand() -> None:
    # 12 tricks: Bjørn 6 and Dina 3 (the bidding side), Anne 2, so Cato took 1.
    hand = {
        "dealer": "Anne",
        "bidder": "Bjørn",
        "bid": 8,
        "partner": "Dina",
        "tricks": {"Bjørn": 6, "Dina": 3, "Anne": 2},
    }
    assert implied("amerikaner", FOUR, hand)["tricks"] == {
        "Anne": 2,
        "Bjørn": 6,
        "Cato": 1,
        "Dina": 3,
    }


@pytest.mark.parametrize(
    "tricks",
    [
        # The partner's tricks are not needed: they are the side's, never an opponent's.
        {"Bjørn": 6, "Anne": 2, "Cato": 1},
        # Without the bidder's count the opponents' are all there is: nothing to fill.
        {"Dina": 3, "Anne": 2, "Cato": 1},
        # Two left out: either could have taken the rest.
        {"Bjørn": 6, "Anne": 2},
    ],
)
def test_nothing_is_filled_in_where_it_could_be_either(tricks: dict[str, int]) -> None:
    hand = {"dealer": "Anne", "bidder": "Bjørn", "bid": 8, "partner": "Dina", "tricks": tricks}
    assert implied("amerikaner", FOUR, hand) == hand


@pytest.mark.parametrize(
    "hand",
    [
        {"dealer": "Anne", "redeal": True},
        {"dealer": "Anne", "bidder": "Nobody", "bid": "amerikaner", "tricks": {}},
        {"dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner", "tricks": "none"},
    ],
)
def test_a_hand_that_implies_nothing_is_left_as_given(hand: dict[str, Any]) -> None:
    assert implied("amerikaner", FOUR, hand) == hand


def test_one_teams_tricks_give_the_others() -> None:
    # Kaiser: 8 tricks a hand, shared by the two teams.
    hand = {"dealer": "Anne", "bidder": "Anne", "bid": 7, "tricks": {"Sør": 3}}
    assert implied("kaiser", FOUR, hand, teams=TEAMS)["tricks"] == {"Nord": 5, "Sør": 3}


@pytest.mark.parametrize("tricks", [{}, {"Nord": 5, "Sør": 3}, {"Nord": "x"}])
def test_teams_tricks_otherwise_stay_as_given(tricks: dict[str, Any]) -> None:
    hand = {"dealer": "Anne", "bidder": "Anne", "bid": 7, "tricks": tricks}
    assert implied("kaiser", FOUR, hand, teams=TEAMS)["tricks"] == tricks


def test_a_game_without_tricks_implies_nothing() -> None:
    hand = {"winner": "Anne"}
    assert implied("american", FOUR[:2], hand) == hand


@pytest.mark.parametrize(
    ("game", "tricks"),
    [
        ("spades", {"Anne": 6, "Bjørn": 6, "Cato": 3}),  # 15 of 13
        ("amerikaner", {"Bjørn": 8, "Dina": 3, "Anne": 2}),  # 13 of 12
    ],
)
def test_counts_over_the_hand_leave_the_last_one_out(game: str, tricks: dict[str, int]) -> None:
    """Not a count below zero for a player nobody gave one for: the form then says the
    counts add up to too many."""
    hand = {"dealer": "Anne", "bidder": "Bjørn", "bid": 8, "partner": "Dina", "tricks": tricks}
    if game == "spades":
        hand = {"dealer": "Anne", "bids": dict.fromkeys(FOUR, 3), "tricks": tricks}
        assert implied(game, FOUR, hand, teams=TEAMS) == hand
    else:
        assert implied(game, FOUR, hand) == hand
