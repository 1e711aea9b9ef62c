"""American scoring through the game file, every line of the spec, worked out by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "American" and "Errors": a hand is one game, `{"winner": P}` with an optional
dealer; totals are games won; `target_wins` (default null) ends the match.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import gamefile
from tests.factories import game_file, refused

TWO = ["Ann", "Bo"]
FIVE = ["Ann", "Bo", "Cy", "Di", "Eve"]


def doc(
    hands: list[Any],
    *,
    players: list[str] = TWO,
    rules: dict[str, Any] | None = None,
    start: dict[str, int] | None = None,
) -> dict[str, Any]:
    return game_file("american", players, hands, rules=rules, start=start)


def score(hands: list[Any], **kwargs: Any) -> dict[str, Any]:
    return gamefile.score_document(doc(hands, **kwargs))


def won(winner: str, dealer: str | None = None) -> dict[str, Any]:
    hand: dict[str, Any] = {"winner": winner}
    if dealer is not None:
        hand["dealer"] = dealer
    return hand


def test_each_game_is_one_point_to_its_winner() -> None:
    result = score([won("Ann"), won("Bo"), won("Ann")])
    assert [h["points"] for h in result["hands"]] == [
        {"Ann": 1, "Bo": 0},  # winner +1, every player listed
        {"Ann": 0, "Bo": 1},
        {"Ann": 1, "Bo": 0},
    ]
    assert [h["totals"] for h in result["hands"]] == [
        {"Ann": 1, "Bo": 0},  # totals are games won
        {"Ann": 1, "Bo": 1},
        {"Ann": 2, "Bo": 1},
    ]
    for hand in result["hands"]:
        assert "made" not in hand  # made is absent for american
    assert result["totals"] == {"Ann": 2, "Bo": 1}
    assert result["winners"] == []  # target_wins null: the tally runs on
    assert result["finished"] is False


@pytest.mark.parametrize(
    ("rules", "players", "start", "winners_of_games", "totals", "winners"),
    [
        # target_wins null (default): never finished, however many games.
        pytest.param(
            None, TWO, None, ["Ann"] * 40, {"Ann": 40, "Bo": 0}, [], id="default-never-finished"
        ),
        pytest.param(
            {"target_wins": None},
            TWO,
            None,
            ["Bo"] * 25,
            {"Ann": 0, "Bo": 25},
            [],
            id="null-never-finished",
        ),
        # target_wins 3: Ann's third game (hand 5) wins the match; Bo has 2.
        pytest.param(
            {"target_wins": 3},
            TWO,
            None,
            ["Ann", "Bo", "Ann", "Bo", "Ann"],
            {"Ann": 3, "Bo": 2},
            ["Ann"],
            id="target-3",
        ),
        # 2 + 2 after four games: not yet.
        pytest.param(
            {"target_wins": 3},
            TWO,
            None,
            ["Ann", "Bo", "Ann", "Bo"],
            {"Ann": 2, "Bo": 2},
            [],
            id="target-3-not-yet",
        ),
        # Bo reaches 3 first.
        pytest.param(
            {"target_wins": 3},
            TWO,
            None,
            ["Ann", "Bo", "Bo", "Ann", "Bo"],
            {"Ann": 2, "Bo": 3},
            ["Bo"],
            id="target-3-bo",
        ),
        # target_wins 1: the first game wins the match.
        pytest.param(
            {"target_wins": 1}, TWO, None, ["Bo"], {"Ann": 0, "Bo": 1}, ["Bo"], id="target-1"
        ),
        # start totals (games won on a paper sheet): Bo 2 + 1 = 3.
        pytest.param(
            {"target_wins": 3},
            TWO,
            {"Bo": 2},
            ["Bo"],
            {"Ann": 0, "Bo": 3},
            ["Bo"],
            id="start-carries",
        ),
        # Five players, target 2: Cy's second game (hand 4).
        pytest.param(
            {"target_wins": 2},
            FIVE,
            None,
            ["Cy", "Eve", "Ann", "Cy"],
            {"Ann": 1, "Bo": 0, "Cy": 2, "Di": 0, "Eve": 1},
            ["Cy"],
            id="five-players",
        ),
        # Three players, no target.
        pytest.param(
            None,
            ["Ann", "Bo", "Cy"],
            None,
            ["Cy", "Cy", "Bo"],
            {"Ann": 0, "Bo": 1, "Cy": 2},
            [],
            id="three-players",
        ),
    ],
)
def test_target_wins(
    rules: dict[str, Any] | None,
    players: list[str],
    start: dict[str, int] | None,
    winners_of_games: list[str],
    totals: dict[str, int],
    winners: list[str],
) -> None:
    result = score([won(w) for w in winners_of_games], players=players, rules=rules, start=start)
    assert result["totals"] == totals
    assert result["hands"][-1]["totals"] == totals
    assert result["winners"] == winners
    assert result["finished"] is bool(winners)


def test_points_list_every_player_in_seating_order() -> None:
    players = ["Cy", "Ann", "Eve", "Bo"]
    result = score([won("Bo", dealer="Eve")], players=players)
    assert list(result["hands"][0]["points"]) == players
    assert result["hands"][0]["points"] == {"Cy": 0, "Ann": 0, "Eve": 0, "Bo": 1}
    assert list(result["totals"]) == players


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([won("Ann"), won("Bo")], id="no-dealer"),
        pytest.param([won("Ann", dealer="Bo"), won("Bo", dealer="Ann")], id="with-dealer"),
        pytest.param([won("Ann", dealer="Ann"), won("Bo")], id="mixed"),
    ],
)
def test_dealer_is_optional(hands: list[Any]) -> None:
    result = score(hands)
    assert result["totals"] == {"Ann": 1, "Bo": 1}  # one game each


def test_no_hands() -> None:
    result = score([], start={"Ann": 4})
    assert result["totals"] == {"Ann": 4, "Bo": 0}  # start totals; missing names 0
    assert result["winners"] == []
    assert result["finished"] is False


def test_no_hands_with_target_is_not_finished() -> None:
    result = score([], rules={"target_wins": 2})
    assert result["totals"] == {"Ann": 0, "Bo": 0}
    assert result["winners"] == []
    assert result["finished"] is False


@pytest.mark.parametrize(
    "players",
    [
        pytest.param(["Ann", "Bo"], id="2"),
        pytest.param(["Ann", "Bo", "Cy"], id="3"),
        pytest.param(["Ann", "Bo", "Cy", "Di"], id="4"),
        pytest.param(FIVE, id="5"),
    ],
)
def test_two_to_five_players_are_allowed(players: list[str]) -> None:
    result = score([won(players[-1])], players=players)
    assert result["totals"] == {p: int(p == players[-1]) for p in players}


@pytest.mark.parametrize(
    "players",
    [
        pytest.param(["Ann"], id="1"),
        pytest.param([*FIVE, "Flo"], id="6"),
    ],
)
def test_one_or_six_players_are_refused(players: list[str]) -> None:
    exc = refused(doc([], players=players))
    assert exc.hand is None
    assert str(len(players)) in str(exc)


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param(won("Bo"), id="game"),
        pytest.param(won("Ann", dealer="Bo"), id="game-with-dealer"),
    ],
)
def test_a_game_after_the_match_was_won_is_refused(extra: dict[str, Any]) -> None:
    # target 2: Ann, Ann -> won after hand 2; hand 3 is an error.
    exc = refused(doc([won("Ann"), won("Ann"), extra], rules={"target_wins": 2}))
    assert str(exc).startswith("hand 3: ")
    assert exc.hand == 3
    assert "won" in str(exc)


@pytest.mark.parametrize(
    ("bad", "field", "words"),
    [
        pytest.param(won("Zed"), "winner", "Zed", id="unknown-winner"),
        pytest.param({}, "winner", "winner", id="winner-missing"),
        pytest.param({"dealer": "Bo"}, "winner", "winner", id="only-dealer"),
        pytest.param(won("Ann", dealer="Zed"), "dealer", "Zed", id="unknown-dealer"),
        pytest.param({"winner": 1}, "winner", "1", id="winner-not-a-name"),
    ],
)
def test_bad_hand_names_the_hand(bad: dict[str, Any], field: str, words: str) -> None:
    exc = refused(doc([won("Ann"), won("Bo"), bad]))
    assert str(exc).startswith("hand 3: ")
    assert exc.hand == 3
    assert exc.field == field
    assert words in str(exc)


def test_winner_name_is_trimmed() -> None:
    # "Names in hands refer to players exactly (after trimming)".
    result = score([won(" Bo ")])
    assert result["totals"] == {"Ann": 0, "Bo": 1}


def test_target_wins_must_be_a_number() -> None:
    exc = refused(doc([], rules={"target_wins": "three"}))
    assert exc.hand is None
    assert "target_wins" in str(exc)


def test_an_exported_file_reads_back_the_same() -> None:
    once = score([won("Ann", dealer="Bo"), won("Bo"), won("Ann")], rules={"target_wins": 2})
    assert once["winners"] == ["Ann"]  # Ann's second game
    again = gamefile.score_document(json.loads(json.dumps(once)))
    assert again == once


@pytest.mark.parametrize(
    ("players", "words"),
    [
        # Player names are unique and non-empty after trimming.
        pytest.param(["Ann", " Ann "], "Ann", id="same-name-after-trimming"),
        pytest.param(["Ann", "  "], "name", id="blank-name"),
    ],
)
def test_player_names_are_checked(players: list[str], words: str) -> None:
    exc = refused(doc([], players=players))
    assert exc.hand is None
    assert words in str(exc)
