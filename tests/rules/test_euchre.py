"""Euchre scoring through the game file, every line of the spec, worked out by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "Euchre" and "Errors". Seating: Ann, Bo, Cy, Di (clockwise); partners sit
opposite, so the teams are Us = Ann & Cy (seats 1 and 3) and Them = Bo & Di (seats 2 and 4).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import gamefile
from games.rules import get_game
from tests.factories import game_file, refused

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bo", "Di"]}
UNSET: Any = object()

# Every value different, so each result names the one rule that produced it.
DISTINCT = {
    "point": 3,
    "march": 5,
    "lone_point": 7,
    "lone_march": 11,
    "euchre": 13,
    "lone_euchre": 17,
}
TOURNAMENT = {"lone_point": 1}
OLD_LAWS = {"lone_euchre": 4}


def doc(
    hands: list[Any],
    *,
    rules: dict[str, Any] | None = None,
    players: list[str] = PLAYERS,
    teams: Any = UNSET,
    start: dict[str, int] | None = None,
) -> dict[str, Any]:
    teams = TEAMS if teams is UNSET else teams
    return game_file("euchre", players, hands, teams=teams, rules=rules, start=start)


def score(hands: list[Any], **kwargs: Any) -> dict[str, Any]:
    return gamefile.score_document(doc(hands, **kwargs))


def play(
    maker: str = "Ann", tricks: int = 3, alone: bool | None = None, dealer: str = "Di"
) -> dict[str, Any]:
    hand: dict[str, Any] = {"dealer": dealer, "maker": maker, "tricks": tricks}
    if alone is not None:
        hand["alone"] = alone
    return hand


def redeal(dealer: str = "Di") -> dict[str, Any]:
    return {"dealer": dealer, "redeal": True}


# --- One hand: points and made --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hand", "points", "made"),
    [
        # Seed defaults (point 1, march 2, lone_point 2, lone_march 4, euchre 2, lone_euchre 2).
        # point = 1
        pytest.param(None, play("Ann", 3, False), {"Us": 1, "Them": 0}, True, id="seed-point-3"),
        # 3 or 4: point = 1
        pytest.param(None, play("Ann", 4, False), {"Us": 1, "Them": 0}, True, id="seed-point-4"),
        # all 5: march = 2
        pytest.param(None, play("Ann", 5, False), {"Us": 2, "Them": 0}, True, id="seed-march"),
        # <=2: euchre = 2 to defenders
        pytest.param(None, play("Ann", 2, False), {"Us": 0, "Them": 2}, False, id="seed-euchre-2"),
        # euchre = 2
        pytest.param(None, play("Ann", 1, False), {"Us": 0, "Them": 2}, False, id="seed-euchre-1"),
        # euchre = 2
        pytest.param(None, play("Ann", 0, False), {"Us": 0, "Them": 2}, False, id="seed-euchre-0"),
        # lone_point = 2 ("double")
        pytest.param(
            None, play("Ann", 3, True), {"Us": 2, "Them": 0}, True, id="seed-lone-point-3"
        ),
        # lone_point = 2
        pytest.param(
            None, play("Ann", 4, True), {"Us": 2, "Them": 0}, True, id="seed-lone-point-4"
        ),
        # lone_march = 4
        pytest.param(None, play("Ann", 5, True), {"Us": 4, "Them": 0}, True, id="seed-lone-march"),
        # lone_euchre = 2
        pytest.param(
            None, play("Ann", 2, True), {"Us": 0, "Them": 2}, False, id="seed-lone-euchre"
        ),
        # lone_euchre = 2
        pytest.param(
            None, play("Ann", 0, True), {"Us": 0, "Them": 2}, False, id="seed-lone-euchre-0"
        ),
        # The maker's team is the maker's, whoever of the four makes trump.
        # Cy is Us
        pytest.param(
            None, play("Cy", 5, True), {"Us": 4, "Them": 0}, True, id="partner-seat-3-lone-march"
        ),
        # Bo is Them: point
        pytest.param(None, play("Bo", 3, False), {"Us": 0, "Them": 1}, True, id="them-make-point"),
        # Us defend: euchre = 2
        pytest.param(None, play("Di", 1, False), {"Us": 2, "Them": 0}, False, id="them-euchred"),
        # lone_point = 2
        pytest.param(None, play("Di", 4, True), {"Us": 0, "Them": 2}, True, id="them-lone-point"),
        # alone left out defaults to false: a 3-trick hand is a point, 5 a march, 2 a plain euchre.
        # point, not lone_point
        pytest.param(None, play("Ann", 3), {"Us": 1, "Them": 0}, True, id="alone-default-point"),
        # march, not lone_march
        pytest.param(None, play("Ann", 5), {"Us": 2, "Them": 0}, True, id="alone-default-march"),
        # euchre 2, not lone 4
        pytest.param(
            OLD_LAWS, play("Ann", 2), {"Us": 0, "Them": 2}, False, id="alone-default-euchre"
        ),
        # Tournament table: lone_point = 1, the rest as seeded.
        # lone_point = 1
        pytest.param(
            TOURNAMENT,
            play("Ann", 3, True),
            {"Us": 1, "Them": 0},
            True,
            id="tournament-lone-point-3",
        ),
        # lone_point = 1
        pytest.param(
            TOURNAMENT,
            play("Ann", 4, True),
            {"Us": 1, "Them": 0},
            True,
            id="tournament-lone-point-4",
        ),
        # lone_march still 4
        pytest.param(
            TOURNAMENT, play("Ann", 5, True), {"Us": 4, "Them": 0}, True, id="tournament-lone-march"
        ),
        # point still 1
        pytest.param(
            TOURNAMENT, play("Ann", 3, False), {"Us": 1, "Them": 0}, True, id="tournament-point"
        ),
        # lone_euchre 2
        pytest.param(
            TOURNAMENT,
            play("Ann", 2, True),
            {"Us": 0, "Them": 2},
            False,
            id="tournament-lone-euchre",
        ),
        # Old laws: lone_euchre = 4; a plain euchre stays 2.
        # lone_euchre = 4
        pytest.param(
            OLD_LAWS, play("Ann", 2, True), {"Us": 0, "Them": 4}, False, id="old-laws-lone-euchre"
        ),
        # lone_euchre = 4
        pytest.param(
            OLD_LAWS, play("Ann", 0, True), {"Us": 0, "Them": 4}, False, id="old-laws-lone-euchre-0"
        ),
        # euchre still 2
        pytest.param(
            OLD_LAWS, play("Ann", 2, False), {"Us": 0, "Them": 2}, False, id="old-laws-euchre"
        ),
        # lone_point still 2
        pytest.param(
            OLD_LAWS, play("Ann", 3, True), {"Us": 2, "Them": 0}, True, id="old-laws-lone-point"
        ),
        # Both tables at once: a lone Bo with 1 trick is euchred, lone_euchre = 4 to Us.
        pytest.param(
            {**TOURNAMENT, **OLD_LAWS},
            play("Bo", 1, True),
            {"Us": 4, "Them": 0},
            False,
            id="both-tables-lone-euchre",
        ),
        # Every value a house rule: distinct values show which key each case reads.
        # point
        pytest.param(DISTINCT, play("Ann", 3, False), {"Us": 3, "Them": 0}, True, id="rule-point"),
        # point
        pytest.param(
            DISTINCT, play("Ann", 4, False), {"Us": 3, "Them": 0}, True, id="rule-point-4"
        ),
        # march
        pytest.param(DISTINCT, play("Ann", 5, False), {"Us": 5, "Them": 0}, True, id="rule-march"),
        # lone_point
        pytest.param(
            DISTINCT, play("Ann", 3, True), {"Us": 7, "Them": 0}, True, id="rule-lone-point"
        ),
        # lone_march
        pytest.param(
            DISTINCT, play("Ann", 5, True), {"Us": 11, "Them": 0}, True, id="rule-lone-march"
        ),
        # euchre
        pytest.param(
            DISTINCT, play("Ann", 2, False), {"Us": 0, "Them": 13}, False, id="rule-euchre"
        ),
        # lone_euchre
        pytest.param(
            DISTINCT, play("Ann", 2, True), {"Us": 0, "Them": 17}, False, id="rule-lone-euchre"
        ),
        # euchre
        pytest.param(
            DISTINCT, play("Ann", 0, False), {"Us": 0, "Them": 13}, False, id="rule-euchre-0"
        ),
    ],
)
def test_one_hand(
    rules: dict[str, Any] | None, hand: dict[str, Any], points: dict[str, int], made: bool
) -> None:
    result = score([hand], rules={"target": 100, **(rules or {})})
    scored = result["hands"][0]
    # "every team is listed; 0 where unchanged" and only one team scores.
    assert scored["points"] == points
    assert scored["totals"] == points  # first hand from zero
    assert scored["made"] is made  # made: the makers took 3 tricks or more
    assert result["totals"] == points
    assert result["winners"] == []
    assert result["finished"] is False


# --- Redeal ---------------------------------------------------------------------------------


def test_redeal_scores_nothing_and_has_no_made() -> None:
    result = score([play("Ann", 5), redeal("Bo"), play("Bo", 3)])
    first, again, last = result["hands"]
    assert first["totals"] == {"Us": 2, "Them": 0}  # march = 2
    assert again["points"] == {}  # "{} for a redeal"
    assert again["totals"] == {"Us": 2, "Them": 0}  # unchanged by the redeal
    assert "made" not in again  # "absent for redeals"
    assert last["totals"] == {"Us": 2, "Them": 1}  # point = 1 to Them
    assert result["totals"] == {"Us": 2, "Them": 1}


def test_only_redeals() -> None:
    result = score([redeal("Ann"), redeal("Bo")], start={"Them": 3})
    assert [h["points"] for h in result["hands"]] == [{}, {}]
    assert [h["totals"] for h in result["hands"]] == [
        {"Us": 0, "Them": 3}
    ] * 2  # start totals, unchanged
    assert result["winners"] == []
    assert result["finished"] is False


# --- Target, winners, finished --------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "start", "hands", "totals", "winners"),
    [
        # Five marches of 2: 2, 4, 6, 8, 10 -> reaches the default target 10 on hand 5.
        pytest.param(
            None, None, [play("Ann", 5)] * 5, {"Us": 10, "Them": 0}, ["Us"], id="default-target-10"
        ),
        # Four marches: 8 < 10, the game goes on.
        pytest.param(
            None, None, [play("Ann", 5)] * 4, {"Us": 8, "Them": 0}, [], id="default-target-not-yet"
        ),
        # Passing the target counts too: 8 + lone march 4 = 12 >= 10.
        pytest.param(
            None,
            {"Us": 8},
            [play("Cy", 5, True)],
            {"Us": 12, "Them": 0},
            ["Us"],
            id="passes-target",
        ),
        # 9 + 1 point = 10: exactly the target.
        pytest.param(
            None,
            {"Them": 9},
            [play("Di", 3)],
            {"Us": 0, "Them": 10},
            ["Them"],
            id="reaches-exactly",
        ),
        # Defenders can win by a euchre: 8 + 2 = 10.
        pytest.param(
            None,
            {"Them": 8, "Us": 9},
            [play("Ann", 2)],
            {"Us": 9, "Them": 10},
            ["Them"],
            id="win-by-euchre",
        ),
        # target 5: lone march 4 < 5, then point 1 -> 5.
        pytest.param(
            {"target": 5},
            None,
            [play("Ann", 5, True), play("Cy", 3)],
            {"Us": 5, "Them": 0},
            ["Us"],
            id="target-5",
        ),
        # target 5: 4 is not enough.
        pytest.param(
            {"target": 5},
            None,
            [play("Ann", 5, True)],
            {"Us": 4, "Them": 0},
            [],
            id="target-5-not-yet",
        ),
        # target 1: the first point wins.
        pytest.param(
            {"target": 1}, None, [play("Bo", 4)], {"Us": 0, "Them": 1}, ["Them"], id="target-1"
        ),
        # target 15 with start totals: 13 + march 2 = 15.
        pytest.param(
            {"target": 15},
            {"Us": 13, "Them": 14},
            [play("Ann", 5)],
            {"Us": 15, "Them": 14},
            ["Us"],
            id="target-15-start",
        ),
    ],
)
def test_target_and_winners(
    rules: dict[str, Any] | None,
    start: dict[str, int] | None,
    hands: list[Any],
    totals: dict[str, int],
    winners: list[str],
) -> None:
    result = score(hands, rules=rules, start=start)
    assert result["totals"] == totals
    assert result["hands"][-1]["totals"] == totals
    assert result["winners"] == winners  # "the first team to reach it after a hand wins"
    assert result["finished"] is bool(winners)  # finished once there are winners


def test_running_totals_hand_by_hand() -> None:
    hands = [play("Ann", 3), play("Bo", 5), play("Cy", 1, True), redeal("Ann"), play("Di", 4, True)]
    result = score(hands)
    assert [h["points"] for h in result["hands"]] == [
        {"Us": 1, "Them": 0},  # point
        {"Us": 0, "Them": 2},  # march
        {"Us": 0, "Them": 2},  # lone euchre to the defenders
        {},  # redeal
        {"Us": 0, "Them": 2},  # lone point (seed "double")
    ]
    assert [h["totals"] for h in result["hands"]] == [
        {"Us": 1, "Them": 0},
        {"Us": 1, "Them": 2},
        {"Us": 1, "Them": 4},
        {"Us": 1, "Them": 4},
        {"Us": 1, "Them": 6},
    ]
    assert [h.get("made") for h in result["hands"]] == [True, True, False, None, True]


def test_no_hands_has_start_totals_and_is_not_finished() -> None:
    result = score([], start={"Them": 7})
    assert result["hands"] == []
    assert result["totals"] == {"Us": 0, "Them": 7}  # missing names start at 0
    assert result["winners"] == []
    assert result["finished"] is False


def test_no_hands_no_start_is_all_zero() -> None:
    result = score([])
    assert result["totals"] == {"Us": 0, "Them": 0}
    assert result["winners"] == []
    assert result["finished"] is False


def test_start_totals_carry_into_the_first_hand() -> None:
    result = score([play("Bo", 5, True)], start={"Us": 3, "Them": 2})
    assert result["hands"][0]["points"] == {"Us": 0, "Them": 4}  # lone march
    assert result["hands"][0]["totals"] == {"Us": 3, "Them": 6}  # 2 + 4


# --- Team order: seating order, not the order in `teams` ---------------------------------


def test_teams_in_seating_order_even_when_listed_second() -> None:
    # "Them" is listed first, and Cy before Ann, but Ann sits in seat 1: "Us" comes first.
    teams = {"Them": ["Di", "Bo"], "Us": ["Cy", "Ann"]}
    result = score([play("Bo", 3), play("Ann", 5)] + [play("Ann", 5)] * 4, teams=teams)
    assert list(result["totals"]) == ["Us", "Them"]
    for hand in result["hands"]:
        assert list(hand["points"]) == ["Us", "Them"]
        assert list(hand["totals"]) == ["Us", "Them"]
    assert result["totals"] == {"Us": 10, "Them": 1}  # five marches of 2; one point to Them
    assert result["winners"] == ["Us"]


def test_team_names_and_members_are_trimmed() -> None:
    teams = {"Us": [" Ann", "Cy "], "Them": ["Bo", "Di"]}
    result = score([play(" Cy ", 3, dealer=" Bo")], teams=teams)
    assert result["totals"] == {
        "Us": 1,
        "Them": 0,
    }  # names refer to players after trimming; point 1


# --- Hand after the game was won -----------------------------------------------------------


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param(play("Bo", 3), id="played-hand"),
        pytest.param(redeal("Bo"), id="redeal"),
    ],
)
def test_hand_after_the_winning_hand_is_refused(extra: dict[str, Any]) -> None:
    # Hand 5 takes Us to 10 (five marches); hand 6 must not be there, "a redeal too".
    exc = refused(doc([play("Ann", 5)] * 5 + [extra]))
    assert str(exc).startswith("hand 6: ")
    assert exc.hand == 6
    assert "won" in str(exc)


# --- Teams: exactly two teams of two, partners opposite -----------------------------------


@pytest.mark.parametrize(
    ("players", "teams", "words"),
    [
        pytest.param(PLAYERS, None, "team", id="teams-missing"),
        pytest.param(PLAYERS, {"Us": ["Ann", "Cy"]}, "two", id="one-team"),
        pytest.param(
            PLAYERS,
            {"A": ["Ann", "Cy"], "B": ["Bo", "Di"], "C": ["Ann", "Bo"]},
            "two",
            id="three-teams",
        ),
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Cy", "Bo"], "Them": ["Di"]}, "two", id="team-of-three"
        ),
        pytest.param(PLAYERS, {"Us": ["Ann"], "Them": ["Bo", "Cy", "Di"]}, "two", id="team-of-one"),
        # Partners must sit opposite: seats 1 & 3 and 2 & 4.
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Bo"], "Them": ["Cy", "Di"]}, "opposite", id="neighbours-1-2"
        ),
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Di"], "Them": ["Bo", "Cy"]}, "opposite", id="neighbours-1-4"
        ),
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Ann"], "Them": ["Bo", "Di"]}, "", id="same-player-twice"
        ),
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Cy"], "Them": ["Bo", "Cy"]}, "", id="player-in-both-teams"
        ),
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Cy"], "Them": ["Bo", "Zed"]}, "Zed", id="unknown-member"
        ),
        pytest.param(
            PLAYERS, {"Us": ["Ann", "Cy"], "Them": "Bo and Di"}, "two", id="members-not-a-list"
        ),
        pytest.param(
            ["Ann", "Bo", "Cy"], {"Us": ["Ann", "Cy"], "Them": ["Bo"]}, "4", id="three-players"
        ),
        pytest.param(
            ["Ann", "Bo", "Cy", "Di", "Eve"],
            {"Us": ["Ann", "Cy"], "Them": ["Bo", "Di"]},
            "4",
            id="five-players",
        ),
    ],
)
def test_teams_are_checked(players: list[str], teams: Any, words: str) -> None:
    exc = refused(doc([], players=players, teams=teams))
    assert exc.hand is None  # not a hand's fault
    assert not str(exc).startswith("hand ")
    assert words in str(exc)


def test_start_names_a_team_not_a_player() -> None:
    # start maps "player or team": in a team game, the teams.
    exc = refused(doc([], start={"Ann": 3}))
    assert exc.hand is None
    assert "Ann" in str(exc)


# --- Hand errors: named hand, in words ------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "field", "words"),
    [
        # m is 0 to 5
        pytest.param(play("Ann", 6), "tricks", "6", id="tricks-6"),
        pytest.param(play("Ann", -1), "tricks", "-1", id="tricks-negative"),
        pytest.param(play("Ann", "three"), "tricks", "three", id="tricks-not-a-number"),  # type: ignore[arg-type]
        pytest.param(play("Ann", True), "tricks", "trick", id="tricks-boolean"),
        pytest.param({"dealer": "Di", "maker": "Ann"}, "tricks", "trick", id="tricks-missing"),
        pytest.param(play("Zed", 3), "maker", "Zed", id="unknown-maker"),
        pytest.param({"dealer": "Di", "tricks": 3}, "maker", "maker", id="maker-missing"),
        pytest.param(play("Ann", 3, dealer="Zed"), "dealer", "Zed", id="unknown-dealer"),
        # every hand has a dealer
        pytest.param({"maker": "Ann", "tricks": 3}, "dealer", "dealer", id="dealer-missing"),
        pytest.param({"redeal": True}, "dealer", "dealer", id="redeal-without-dealer"),
        pytest.param({**play("Ann", 3), "alone": "yes"}, "alone", "alone", id="alone-not-a-flag"),
    ],
)
def test_bad_hand_names_the_hand(bad: dict[str, Any], field: str, words: str) -> None:
    # Two good hands first: the bad one is hand 3.
    exc = refused(doc([play("Ann", 3), redeal("Bo"), bad]))
    assert str(exc).startswith("hand 3: ")
    assert exc.hand == 3
    assert exc.field == field
    assert words in str(exc)


def test_a_hand_that_is_not_an_object() -> None:
    exc = refused(doc([play("Ann", 3), "Ann made it"]))
    assert str(exc).startswith("hand 2: ")
    assert exc.hand == 2


def test_unknown_player_name_is_trimmed_but_exact() -> None:
    # "Names in hands refer to players exactly (after trimming)": case matters.
    exc = refused(doc([play("ann", 3)]))
    assert str(exc).startswith("hand 1: ")
    assert "ann" in str(exc)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        pytest.param({"target": "ten"}, "target", id="target-not-a-number"),
        pytest.param({"lone_point": "two"}, "lone_point", id="lone-point-not-a-number"),
    ],
)
def test_bad_rules_are_refused(rules: dict[str, Any], words: str) -> None:
    exc = refused(doc([], rules=rules))
    assert exc.hand is None
    assert words in str(exc)


def test_an_exported_file_reads_back_the_same() -> None:
    once = score(
        [play("Ann", 5), redeal("Bo"), play("Bo", 2, True), play("Di", 4)] + [play("Ann", 5)] * 3
    )
    # Us: march 2 + lone euchre of Bo 2 + three marches 6 = 10 (wins on the last hand); Them: point 1.
    assert once["totals"] == {"Us": 10, "Them": 1}
    assert once["winners"] == ["Us"]
    again = gamefile.score_document(json.loads(json.dumps(once)))
    assert again == once


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ({"maker": "Anne", "tricks": 1}, "Anne made trump, 1 trick"),
        ({"maker": "Anne", "alone": True, "tricks": 5}, "Anne alone, 5 tricks"),
        # History shows versions as they were given, even one that was never a count.
        ({"maker": "Anne", "tricks": "x"}, "Anne made trump, x"),
    ],
)
def test_a_hands_summary_counts_its_tricks_as_words_do(hand: dict[str, Any], words: str) -> None:
    assert str(get_game("euchre").summary(hand).render()) == words
