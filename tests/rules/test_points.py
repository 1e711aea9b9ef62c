"""Points (any other game) through the game file, every line of the spec's section, by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "Points", "Limits" and "Errors". Seating: Ann, Bo, Cy, Di (clockwise).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import awards_earned, get_game, make_table, play
from tests.factories import game_file, refused, scored

FOUR = ["Ann", "Bo", "Cy", "Di"]
TWELVE = [*FOUR, "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Liv"]


def scores(**points: int) -> dict[str, Any]:
    return {"scores": points}


def score(hands: list[Any], rules: dict[str, Any] | None = None, **setup: Any) -> dict[str, Any]:
    return scored("points", setup.pop("players", FOUR), hands, rules=rules, **setup)


def error(hands: list[Any], rules: dict[str, Any] | None = None, **setup: Any) -> str:
    players = setup.pop("players", FOUR)
    return str(refused(game_file("points", players, hands, rules=rules, **setup)))


# --- Hands ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "rules", "low"),
    [("points", {}, False), ("points", {"low_wins": True}, True), ("oh_hell", {}, False)],
)
def test_a_penalty_adds_points_where_the_lowest_total_wins(
    kind: str, rules: dict[str, Any], low: bool
) -> None:
    make_table(kind, FOUR[:3], rules=rules)  # house rules a game may have
    assert get_game(kind).low_wins(rules) is low


def test_each_side_scores_what_the_table_said_and_a_side_left_out_scores_0() -> None:
    # Hand 1: Ann 26 (all the hearts), the others left out: 0. Hand 2: negative scores
    # count as they are (Bo -5); totals Ann 26 + 3 = 29, Bo -5, Cy 0, Di 8.
    result = score([scores(Ann=26), scores(Ann=3, Bo=-5, Di=8)])
    assert result["hands"][0]["points"] == {"Ann": 26, "Bo": 0, "Cy": 0, "Di": 0}
    assert result["totals"] == {"Ann": 29, "Bo": -5, "Cy": 0, "Di": 8}
    # No contract: no "made"; no target, no hands: a tally, never finished.
    assert all("made" not in hand for hand in result["hands"])
    assert result["winners"] == [] and result["finished"] is False


def test_a_redeal_scores_nothing_with_or_without_a_dealer() -> None:
    result = score([{"redeal": True}, {"dealer": "Bo", "redeal": True}, scores(Cy=4)])
    assert [hand["points"] for hand in result["hands"][:2]] == [{}, {}]
    assert result["totals"] == {"Ann": 0, "Bo": 0, "Cy": 4, "Di": 0}


def test_the_dealer_is_optional_and_named_like_any_player() -> None:
    result = score([{"dealer": " Di ", "scores": {"Ann": 1}}])
    assert result["hands"][0]["points"]["Ann"] == 1


def test_teams_score_as_teams_of_any_size() -> None:
    # Three teams: Ann alone, Bo & Cy, Di... every player in one; scores per team.
    teams = {"Solo": ["Ann"], "Pair": ["Bo", "Cy"], "Last": ["Di"]}
    result = score([{"scores": {"Pair": 120, "Solo": -20}}], {"target": 100}, teams=teams)
    # Pair reached 100 with 120 and has the highest total.
    assert result["totals"] == {"Solo": -20, "Pair": 120, "Last": 0}
    assert result["winners"] == ["Pair"]


@pytest.mark.parametrize(
    ("low_wins", "said"),
    [(False, "Pair win with 120."), (True, "Solo win with the lowest total, -20.")],
)
def test_a_team_that_wins_is_many(low_wins: bool, said: str) -> None:
    """ "Pair win", as the banner says it ("Pair win!"), not "Pair wins"."""
    teams = {"Solo": ["Ann"], "Pair": ["Bo", "Cy"], "Last": ["Di"]}
    table = make_table("points", FOUR, {"target": 100, "low_wins": low_wins}, teams)
    result = play(table, [{"scores": {"Pair": 120, "Solo": -20}}])
    assert result.decision is not None
    assert str(result.decision.text) == f"Pair reached 100: the game is over. {said}"


# --- The end of a game ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hands", "totals", "winners"),
    [
        # Target 100: Cy reaches 100 exactly on hand 2 (60 + 40): the highest wins, Cy.
        pytest.param(
            {"target": 100},
            [scores(Ann=50, Cy=60), scores(Cy=40)],
            {"Ann": 50, "Bo": 0, "Cy": 100, "Di": 0},
            ["Cy"],
            id="target-highest",
        ),
        # Hearts: Ann reaches 100 (26 + 74) and the game ends; the lowest total wins: Bo
        # and Di level at 0 share it.
        pytest.param(
            {"target": 100, "low_wins": True},
            [scores(Ann=26, Cy=5), scores(Ann=74)],
            {"Ann": 100, "Bo": 0, "Cy": 5, "Di": 0},
            ["Bo", "Di"],
            id="hearts-lowest-shared",
        ),
        # 2 hands: the redeal between them does not count; after the second played hand
        # the highest, Bo with 7, wins.
        pytest.param(
            {"hands": 2},
            [scores(Bo=3), {"redeal": True}, scores(Bo=4, Ann=5)],
            {"Ann": 5, "Bo": 7, "Cy": 0, "Di": 0},
            ["Bo"],
            id="hands",
        ),
        # 1 hand, lowest wins: Ann -3 is the lowest.
        pytest.param(
            {"hands": 1, "low_wins": True},
            [scores(Ann=-3, Bo=2)],
            {"Ann": -3, "Bo": 2, "Cy": 0, "Di": 0},
            ["Ann"],
            id="hands-lowest",
        ),
        # Both: the target ends it before the hands run out.
        pytest.param(
            {"target": 10, "hands": 5},
            [scores(Di=10)],
            {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 10},
            ["Di"],
            id="target-first",
        ),
        # Level on the highest total: both share, in seating order.
        pytest.param(
            {"target": 10},
            [scores(Di=10, Ann=10)],
            {"Ann": 10, "Bo": 0, "Cy": 0, "Di": 10},
            ["Ann", "Di"],
            id="shared",
        ),
    ],
)
def test_the_game_ends_by_target_or_hands(
    rules: dict[str, Any], hands: list[Any], totals: dict[str, int], winners: list[str]
) -> None:
    result = score(hands, rules)
    assert result["totals"] == totals
    assert result["winners"] == winners and result["finished"] is True


def test_below_the_target_and_the_hands_play_goes_on() -> None:
    result = score([scores(Ann=99)], {"target": 100, "hands": 2})
    assert result["winners"] == [] and result["finished"] is False


def test_start_totals_at_the_target_end_the_game_on_the_first_hand_a_redeal_too() -> None:
    result = score([{"redeal": True}], {"target": 100}, start={"Bo": 100})
    assert result["winners"] == ["Bo"]


def test_a_hand_after_the_end_is_an_error() -> None:
    assert error([scores(Ann=1), {"redeal": True}], {"hands": 1}) == (
        "hand 2: the game was already won after hand 1"
    )


# --- Errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        pytest.param(
            scores(Ann=10_001),
            "hand 1: the score of Ann must be from -10000 to 10000, not 10001",
            id="too-high",
        ),
        pytest.param(
            scores(Ann=-10_001),
            "hand 1: the score of Ann must be from -10000 to 10000, not -10001",
            id="too-low",
        ),
        pytest.param(
            {"scores": {"Ann": "ten"}},
            "hand 1: the score of Ann must be a whole number, not “ten”",
            id="words",
        ),
        pytest.param(
            {"scores": {"Ann": 1, " Ann": 2}},
            "hand 1: the score of Ann is given twice",
            id="twice",
        ),
        pytest.param(
            {"scores": {"Eve": 1}},
            "hand 1: “Eve” is not one of the players (Ann, Bo, Cy and Di)",
            id="stranger",
        ),
        pytest.param(
            {"scores": [1, 2]},
            "hand 1: the scores must give each player (or team) a number, not a list",
            id="list",
        ),
        pytest.param(
            {"dealer": "Ann"},
            "hand 1: the scores must give each player (or team) a number, not null",
            id="none",
        ),
        pytest.param({"scores": {}, "bid": 3}, "hand 1: unknown field “bid”", id="unknown-field"),
    ],
)
def test_errors_name_the_hand(hand: dict[str, Any], message: str) -> None:
    assert error([hand]) == message


def test_scores_within_the_limits_are_taken() -> None:
    result = score([scores(Ann=10_000, Bo=-10_000)])
    assert result["totals"]["Ann"] == 10_000 and result["totals"]["Bo"] == -10_000


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        pytest.param({"All": FOUR}, "teams: two teams or more, every player in one", id="one"),
        pytest.param(["Ann"], "teams: two teams or more, every player in one", id="list"),
        pytest.param({"A": ["Ann", "Bo"], " ": ["Cy", "Di"]}, "each team needs a name", id="blank"),
        pytest.param(
            {"A": ["Ann", "Bo"], "B": []}, "team B must list its players, not a list", id="empty"
        ),
        pytest.param(
            {"A": ["Ann", "Bo"], "B": ["Bo", "Cy", "Di"]}, "Bo plays in two teams", id="twice"
        ),
        pytest.param(
            {"A": ["Ann", "Bo"], "B": ["Cy"]}, "every player plays in a team: Di in none", id="left"
        ),
        pytest.param(
            {"A": ["Ann", "Bo"], "A ": ["Cy", "Di"]}, "two teams are called A", id="same-name"
        ),
        pytest.param(
            {"A": ["Ann", "Eve"], "B": ["Cy", "Di"]},
            "“Eve” is not one of the players (Ann, Bo, Cy and Di)",
            id="stranger",
        ),
    ],
)
def test_teams_every_player_in_exactly_one(teams: Any, message: str) -> None:
    assert error([], teams=teams) == message


@pytest.mark.parametrize(
    ("players", "message"),
    [
        pytest.param(["Ann"], "Points is for 2 to 12 players, not 1", id="one"),
        pytest.param([*TWELVE, "Max"], "Points is for 2 to 12 players, not 13", id="thirteen"),
    ],
)
def test_two_to_twelve_players(players: list[str], message: str) -> None:
    assert error([], players=players) == message
    assert score([], players=players[:12] if len(players) > 12 else FOUR[:2])["finished"] is False


def test_rules_are_checked() -> None:
    assert error([], {"hands": 0}) == "the rule hands must be at least 1, not 0"
    assert error([], {"target": 10_001}) == "target must be between -10000 and 10000"
    assert error([], {"low_wins": 1}) == "the rule low_wins must be true or false, not 1"


# --- Words, hints, awards -------------------------------------------------------------------


def test_words_for_a_hand_and_the_end() -> None:
    table = make_table("points", FOUR, {"target": 100, "low_wins": True})
    result = play(table, [scores(Ann=100, Bo=-4)])
    outcome = result.hands[0].outcome
    assert [str(t) for t in outcome.explanation] == ["The scores as the table counted them."]
    assert [str(r.text) for r in outcome.reasons] == [
        "Scored 100 points.",
        "Scored -4 points.",
        "Left out: scores 0.",
        "Left out: scores 0.",
    ]
    assert result.decision is not None
    assert str(result.decision.text) == (
        "Ann reached 100: the game is over. Bo wins with the lowest total, -4."
    )
    # Under the banner that names Bo, the rule alone.
    assert str(result.decision.reason) == (
        "Ann reached 100: the game is over. The lowest total, -4, wins."
    )
    counted = play(make_table("points", FOUR, {"hands": 1}), [scores(Ann=1, Bo=1)])
    assert counted.decision is not None
    assert str(counted.decision.text) == (
        "The one hand is played: the game is over. Ann and Bo share the win with 1."
    )
    assert str(counted.decision.reason) == "The one hand is played: the game is over. Level on 1."
    lowest = play(make_table("points", FOUR, {"hands": 2, "low_wins": True}), [scores()] * 2)
    assert lowest.decision is not None
    assert str(lowest.decision.text) == (
        "All 2 hands are played: the game is over. "
        "Ann, Bo, Cy and Di share the win with the lowest total, 0."
    )
    assert str(lowest.decision.reason).endswith("over. Level on the lowest total, 0.")
    highest = play(make_table("points", FOUR, {"hands": 1}), [scores(Cy=2)])
    assert highest.decision is not None
    assert str(highest.decision.text).endswith("Cy wins with 2.")
    assert str(highest.decision.reason).endswith("over. The highest total, 2, wins.")
    redeal = play(table, [{"redeal": True}]).hands[0].outcome
    assert [str(t) for t in redeal.explanation] == ["Redeal: nobody scores."]


def test_summary_details_and_the_running_sum() -> None:
    game = get_game("points")
    table = make_table("points", FOUR)
    assert str(game.summary(scores(Ann=26, Bo=-5))) == "Scores: Ann 26, Bo \u22125"
    assert str(game.summary({"redeal": True})) == "Redeal"
    assert game.details({"scores": None}) == ""
    # The details as the pages show them (the history): the score sheet's minus sign, as in
    # the summary and an adjustment's details (the CSV writes a hyphen, test_export_csv.py).
    assert game.details(scores(Ann=26, Bo=-5)) == "Ann 26, Bo \u22125"
    assert str(game.summary({"scores": None})) == "Nobody scored"
    assert str(game.summary(scores(Ann=0, Bo=0))) == "Nobody scored"
    assert str(game.summary({"scores": {}})) == "Nobody scored"
    # The sum of what is typed so far (Hearts: 26 a hand).
    assert str(game.hint(table, [], scores(Ann=13, Bo=13))) == "The scores add up to 26."
    assert game.hint(table, [], {}) is None


def test_lowest_wins_is_the_standing_and_earns_no_comeback() -> None:
    table = make_table("points", FOUR, {"target": 100, "low_wins": True})
    # After hand 1 Bo has 60, past half the target, and Ann is alone at the bottom (50).
    # Bo's 100 ends the game and Ann, lowest, wins: where the lowest wins, the bottom is
    # the lead, so that is no comeback.
    result = play(table, [scores(Ann=50, Bo=60, Cy=55, Di=55), scores(Bo=40)])
    assert get_game("points").standing(table, result).low_wins is True
    assert result.winners == ("Ann",)
    assert awards_earned(table, result) == []


# --- Invariants ----------------------------------------------------------------------------


@given(st.lists(st.dictionaries(st.sampled_from(FOUR), st.integers(-500, 500)), max_size=8))
def test_a_tally_never_finishes_and_its_totals_are_the_sums(hands: list[dict[str, int]]) -> None:
    result = score([{"scores": hand} for hand in hands])
    assert result["finished"] is False
    for player in FOUR:
        assert result["totals"][player] == sum(hand.get(player, 0) for hand in hands)
