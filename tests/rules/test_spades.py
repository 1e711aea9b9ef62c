"""Spades scoring through the game file, every line of the spec, worked out by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "Spades" and "Errors". Seating: Ann, Bo, Cy, Di (clockwise); partners sit
opposite, so the teams are Us = Ann & Cy and Them = Bo & Di.

Defaults: target 500, lose_at -200, nil 100, blind_nil 200, bag_limit 10, bag_penalty
100, nil_tricks_bags true. A team's contract is the sum of its number bids; made: 10 a
trick bid plus a point (and a bag) a trick over; failed: -10 a trick bid.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import gamefile
from games.rules import get_game, make_table, play
from tests.factories import game_file, refused

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bo", "Di"]}
US, THEM = "Us", "Them"


def doc(
    hands: list[Any], *, rules: dict[str, Any] | None = None, start: dict[str, int] | None = None
) -> dict[str, Any]:
    return game_file("spades", PLAYERS, hands, teams=TEAMS, rules=rules, start=start)


def score(hands: list[Any], **kwargs: Any) -> dict[str, Any]:
    return gamefile.score_document(doc(hands, **kwargs))


def h(
    bids: tuple[Any, ...], tricks: tuple[int, int, int, int], dealer: str = "Di"
) -> dict[str, Any]:
    """A hand: bids and tricks of Ann, Bo, Cy, Di in seating order."""
    return {
        "dealer": dealer,
        "bids": dict(zip(PLAYERS, bids, strict=True)),
        "tricks": dict(zip(PLAYERS, tricks, strict=True)),
    }


def redeal(dealer: str = "Di") -> dict[str, Any]:
    return {"dealer": dealer, "redeal": True}


# --- One hand from zero --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hand", "points", "made", "bags"),
    [
        # Us bid 4 + 3 = 7 and took 4 + 3 = 7: exactly made, 70. Them 3 + 3 = 6, took 6: 60.
        ({}, h((4, 3, 3, 3), (4, 3, 3, 3)), {US: 70, THEM: 60}, {US: True, THEM: True}, (0, 0)),
        # Us bid 7 and took 9: 70 + 2 over = 72, 2 bags. Them bid 6 and took 4: -60.
        ({}, h((4, 3, 3, 3), (5, 2, 4, 2)), {US: 72, THEM: -60}, {US: True, THEM: False}, (2, 0)),
        # A failed contract gets no bags for its tricks: Them took 4 of 6 bid.
        ({}, h((3, 3, 3, 3), (5, 2, 4, 2)), {US: 63, THEM: -60}, {US: True, THEM: False}, (3, 0)),
        # Cy's nil made: +100; Ann bid 4 alone and took 5: 40 + 1 = 41, 1 bag. Them 6, took 8.
        (
            {},
            h((4, 3, "nil", 3), (5, 4, 0, 4)),
            {US: 141, THEM: 62},
            {US: True, THEM: True},
            (1, 2),
        ),
        # Cy's nil failed with 2 tricks: -100, and +2 for 2 bags; Ann's 4 made exactly: 40.
        # The nil's tricks never help the partner: Ann bid 5 and took 4 -> -50.
        (
            {},
            h((5, 3, "nil", 3), (4, 4, 2, 3)),
            {US: -50 - 100 + 2, THEM: 61},
            {US: False, THEM: True},
            (2, 1),
        ),
        # The same with nil_tricks_bags false: the nil's tricks count for nothing.
        (
            {"nil_tricks_bags": False},
            h((5, 3, "nil", 3), (4, 4, 2, 3)),
            {US: -150, THEM: 61},
            {US: False, THEM: True},
            (0, 1),
        ),
        # Bo's blind nil made: +200; Di bid 4 and took 4: 40.
        (
            {},
            h((4, "blind_nil", 5, 4), (4, 0, 5, 4)),
            {US: 90, THEM: 240},
            {US: True, THEM: True},
            (0, 0),
        ),
        # Bo's blind nil failed with 1 trick: -200 +1 (a bag); Di 4 took 3: -40.
        (
            {},
            h((4, "blind_nil", 5, 4), (4, 1, 5, 3)),
            {US: 90, THEM: -239},
            {US: True, THEM: False},
            (0, 1),
        ),
        # Both of Us bid nil: no contract (absent from `made`), Ann's made +100, Cy's failed
        # with 3 tricks -100 +3. Them bid 10 and took 10: 100.
        (
            {},
            h(("nil", 5, "nil", 5), (0, 5, 3, 5)),
            {US: 3, THEM: 100},
            {THEM: True},
            (3, 0),
        ),
        # House values: nil 50, blind nil 150.
        (
            {"nil": 50, "blind_nil": 150},
            h(("nil", "blind_nil", 6, 7), (0, 0, 6, 7)),
            {US: 110, THEM: 220},
            {US: True, THEM: True},
            (0, 0),
        ),
        # 13 bid, 13 taken: 130, no bags.
        (
            {},
            h((7, "nil", 6, "nil"), (7, 0, 6, 0)),
            {US: 130, THEM: 200},
            {US: True},
            (0, 0),
        ),
    ],
)
def test_one_hand_scores_each_team_by_the_spec(
    rules: dict[str, Any],
    hand: dict[str, Any],
    points: dict[str, int],
    made: dict[str, bool],
    bags: tuple[int, int],
) -> None:
    out = score([hand], rules=rules)
    assert out["hands"][0]["points"] == points
    assert out["hands"][0]["made"] == made
    assert out["bags"] == {US: bags[0], THEM: bags[1]}


def test_each_nil_is_made_or_failed_apart_from_the_file_s_made() -> None:
    # Ann's nil made, Cy's failed with 3 tricks; Bo's blind nil made. The file's "made"
    # names the teams' contracts only (Them's 10): the nils are for the pages.
    table = make_table("spades", PLAYERS, teams=TEAMS)
    scored = play(table, [h(("nil", "blind_nil", "nil", 10), (0, 0, 3, 10))]).hands[0]
    assert scored.made_alone == {"Ann": True, "Bo": True, "Cy": False}
    assert scored.made_each == {THEM: True}
    assert score([h(("nil", "blind_nil", "nil", 10), (0, 0, 3, 10))])["hands"][0]["made"] == {
        THEM: True
    }
    # What the pages call each: Bo's was a blind nil. A game without nils has no such bid.
    spades = get_game("spades")
    raw = h(("nil", "blind_nil", "nil", 10), (0, 0, 3, 10))
    assert [str(spades.own_bid(raw, name)) for name in scored.made_alone] == [
        "nil",
        "blind nil",
        "nil",
    ]
    assert str(get_game("amerikaner").own_bid({}, "Ann")) == "own bid"


# --- Bags carry, and cost a penalty each time they reach the limit -------------------------


def test_bags_carry_from_hand_to_hand_and_cost_100_at_10() -> None:
    # Us bid 4 (Ann 2, Cy 2) and take 9 (Ann 5, Cy 4): 40 + 5, 5 bags a hand.
    bagging = h((2, 2, 2, 2), (5, 2, 4, 2))
    out = score([bagging, bagging, bagging])
    # Hand 1: 45, 5 bags. Hand 2: 45, bags 10 reach the limit: -100, 0 carry: -55.
    # Hand 3: 45, 5 bags. Them bid 4 and took 4 each hand: 40.
    assert [hand["points"][US] for hand in out["hands"]] == [45, -55, 45]
    assert [hand["totals"][US] for hand in out["hands"]] == [45, -10, 35]
    assert out["bags"] == {US: 5, THEM: 0}


def test_the_rest_of_the_bags_carry_on_after_a_penalty() -> None:
    # Start with 8 bags from hand 1 (bid 2 took 10: 20 + 8); hand 2 brings 5 more: 13,
    # the penalty takes 10 and 3 carry on: 20 + 5 - 100 = -75.
    out = score([h((1, 1, 1, 1), (5, 1, 5, 2)), h((1, 1, 1, 1), (3, 2, 4, 4))])
    assert out["hands"][0]["points"][US] == 28
    assert out["hands"][1]["points"][US] == 25 - 100
    # Them bid 2 and took 3, then 6: 1 + 4 bags.
    assert out["bags"] == {US: 3, THEM: 5}


def test_bags_that_reach_the_limit_twice_in_a_hand_cost_twice() -> None:
    # bag_limit 3: Us bid 2, took 11: 20 + 9 over, 9 bags = 3 penalties, 0 carry.
    out = score([h((1, 1, 1, 1), (6, 1, 5, 1))], rules={"bag_limit": 3})
    assert out["hands"][0]["points"][US] == 29 - 300
    assert out["bags"][US] == 0
    assert "3 times" in str(_explained([h((1, 1, 1, 1), (6, 1, 5, 1))], {"bag_limit": 3}))


def test_with_no_bag_penalty_bags_only_score_their_point() -> None:
    bagging = h((2, 2, 2, 2), (5, 2, 4, 2))
    out = score([bagging, bagging], rules={"bag_penalty": 0})
    # 45 a hand: the 10 bags cost nothing, and go down by the limit all the same.
    assert [hand["points"][US] for hand in out["hands"]] == [45, 45]
    assert out["bags"][US] == 0


def test_a_failed_nils_tricks_are_bags_that_can_reach_the_limit() -> None:
    # Hand 1: Us bid 2, took 10: 20 + 8, 8 bags. Hand 2: Cy's nil fails with 3 tricks:
    # -100 + 3, 3 bags -> 11: -100 penalty, 1 carries; Ann bid 3 took 3: 30.
    out = score([h((1, 1, 1, 1), (5, 1, 5, 2)), h((3, 4, "nil", 4), (3, 3, 3, 4))])
    assert out["hands"][1]["points"][US] == 30 - 100 + 3 - 100
    assert out["bags"][US] == 1


def test_a_redeal_scores_nothing_and_keeps_the_bags() -> None:
    out = score([h((2, 2, 2, 2), (5, 2, 4, 2)), redeal()])
    assert out["hands"][1]["points"] == {}
    assert "made" not in out["hands"][1]
    assert out["bags"] == {US: 5, THEM: 0}


def test_no_hands_no_bags() -> None:
    out = score([])
    assert out["bags"] == {US: 0, THEM: 0}
    assert out["totals"] == {US: 0, THEM: 0}
    assert out["finished"] is False


# --- Who wins --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "hand", "rules", "winners"),
    [
        # Us 440 + 70 = 510: at or above 500, Us wins.
        ({US: 440}, h((4, 3, 3, 3), (4, 3, 3, 3)), {}, [US]),
        # Both over: Us 440 + 70 = 510, Them 460 + 60 = 520: the higher total wins.
        ({US: 440, THEM: 460}, h((4, 3, 3, 3), (4, 3, 3, 3)), {}, [THEM]),
        # Both over and level (510 each): play goes on.
        ({US: 440, THEM: 450}, h((4, 3, 3, 3), (4, 3, 3, 3)), {}, []),
        # Them -150 - 60 = -210: at or below -200, Them loses.
        ({THEM: -150}, h((3, 3, 3, 3), (5, 2, 4, 2)), {}, [US]),
        # Both bid 14 and fail: Us -100 - 140 = -240, Them -80 - 140 = -220: both at or
        # below -200, the higher total wins.
        ({US: -100, THEM: -80}, h((7, 7, 7, 7), (3, 3, 3, 4)), {}, [THEM]),
        # Both fall, level at -240: play goes on.
        ({US: -100, THEM: -100}, h((7, 7, 7, 7), (3, 3, 3, 4)), {}, []),
        # lose_at null: nobody loses that way, -210 plays on.
        ({THEM: -150}, h((3, 3, 3, 3), (5, 2, 4, 2)), {"lose_at": None}, []),
        # A lower house target: 70 reaches 50.
        ({}, h((4, 3, 3, 3), (4, 3, 3, 3)), {"target": 50}, [THEM, US][1:]),
    ],
)
def test_a_team_at_the_target_wins_and_one_at_lose_at_loses(
    start: dict[str, int], hand: dict[str, Any], rules: dict[str, Any], winners: list[str]
) -> None:
    out = score([hand], start=start, rules=rules)
    assert out["winners"] == winners
    assert out["finished"] is bool(winners)


def test_level_at_the_target_plays_on_and_the_next_hand_decides() -> None:
    hands = [h((4, 3, 3, 3), (4, 3, 3, 3)), h((4, 3, 3, 3), (4, 3, 3, 3))]
    out = score(hands, start={US: 440, THEM: 450})
    assert out["hands"][0]["totals"] == {US: 510, THEM: 510}
    # 580 against 570: Us.
    assert out["winners"] == [US]


def test_a_hand_after_the_game_was_won_is_an_error() -> None:
    exc = refused(doc([h((4, 3, 3, 3), (4, 3, 3, 3)), redeal()], start={US: 440}))
    assert str(exc) == "hand 2: the game was already won after hand 1"


# --- Bad input, said in words and naming the hand -------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rules", "message"),
    [
        (h((4, 3, 3, 3), (4, 3, 3, 4)), {}, "the tricks add up to 14, but a hand has 13 tricks"),
        (
            h((0, 3, 3, 3), (4, 3, 3, 3)),
            {},
            "the bid of Ann must be from 1 to 13, nil or blind nil, not 0",
        ),
        (
            h((14, 3, 3, 3), (4, 3, 3, 3)),
            {},
            "the bid of Ann must be from 1 to 13, nil or blind nil, not 14",
        ),
        (
            h(("zero", 3, 3, 3), (4, 3, 3, 3)),
            {},
            "the bid of Ann must be from 1 to 13, nil or blind nil, not “zero”",
        ),
        (
            h((True, 3, 3, 3), (4, 3, 3, 3)),
            {},
            "the bid of Ann must be from 1 to 13, nil or blind nil, not true",
        ),
        (
            h(("blind_nil", 3, 3, 3), (0, 3, 7, 3)),
            {"blind_nil": 0},
            "Ann bid blind nil, which is not allowed (house rule)",
        ),
        ({"dealer": "Di", "tricks": {"Ann": 13}}, {}, "the bids are missing"),
        (
            {"dealer": "Di", "bids": [4], "tricks": {}},
            {},
            "the bids must list a bid for each player",
        ),
        (
            {"dealer": "Di", "bids": {"Ann": 4, "Bo": 3, "Cy": 3}, "tricks": {}},
            {},
            "the bid of Di is missing",
        ),
        (
            {"dealer": "Di", "bids": {"Bo": 3}, "tricks": {}},
            {},
            "the bids of Ann, Cy and Di are missing",
        ),
        (
            {"dealer": "Di", "bids": {"Ann": 4, " Ann": 4}, "tricks": {}},
            {},
            "the bid of Ann is given twice",
        ),
        (
            {"dealer": "Di", "bids": {"Eve": 4}, "tricks": {}},
            {},
            "“Eve” is not one of the players (Ann, Bo, Cy and Di)",
        ),
        (
            {"dealer": "Di", "bids": {"Ann": 4, "Bo": 3, "Cy": 3, "Di": 3}, "tricks": {"Ann": 13}},
            {},
            "the tricks of Bo, Cy and Di are missing",
        ),
        # None given: not every player named (on the phone three are enough).
        (
            {"dealer": "Di", "bids": {"Ann": 4, "Bo": 3, "Cy": 3, "Di": 3}, "tricks": {}},
            {},
            "the tricks are missing",
        ),
        # Three counts that take more than a hand has: that is the mistake, not the fourth.
        (
            {
                "dealer": "Di",
                "bids": {"Ann": 4, "Bo": 3, "Cy": 3, "Di": 3},
                "tricks": {"Ann": 6, "Bo": 6, "Cy": 3},
            },
            {},
            "the tricks add up to 15, but a hand has 13 tricks",
        ),
        ({**h((4, 3, 3, 3), (4, 3, 3, 3)), "bid": 4}, {}, "unknown field “bid”"),
        ({"bids": {}, "tricks": {}}, {}, "the dealer is missing"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_hand(
    hand: dict[str, Any], rules: dict[str, Any], message: str
) -> None:
    exc = refused(doc([h((4, 3, 3, 3), (4, 3, 3, 3)), hand], rules=rules))
    assert str(exc) == f"hand 2: {message}"


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"lose_at": 500}, "the rule lose_at (500) must be below the target (500)"),
        ({"bag_limit": 0}, "the rule bag_limit must be at least 1, not 0"),
        ({"nil": -1}, "the rule nil must be at least 0, not -1"),
        ({"bags": 3}, "spades has no rule “bags”"),
        ({"lose_at": "never"}, "the rule lose_at must be a whole number, not “never”"),
    ],
)
def test_bad_house_rules_are_refused(rules: dict[str, Any], message: str) -> None:
    assert str(refused(doc([], rules=rules))) == message


def test_spades_is_for_two_teams_of_four_players() -> None:
    three = game_file("spades", PLAYERS[:3], [], teams=TEAMS)
    assert str(refused(three)) == "spades is for 4 players, not 3"


def test_an_exported_file_reads_back_to_the_same_output() -> None:
    out = score([h((4, 3, "nil", 3), (6, 3, 1, 3))])
    assert gamefile.score_document(out) == out


# --- Words -------------------------------------------------------------------------------------


def _explained(hands: list[Any], rules: dict[str, Any] | None = None) -> list[str]:
    table = make_table("spades", PLAYERS, rules or {}, TEAMS)
    result = play(table, hands)
    return [str(line) for line in result.hands[-1].outcome.explanation]


def test_the_words_say_the_contract_the_nil_and_the_penalty() -> None:
    lines = _explained([h((1, 1, 1, 1), (5, 1, 5, 2)), h((3, 4, "nil", 4), (3, 3, 3, 4))])
    assert lines == [
        "Us bid 3 and took 3 tricks (not counting Cy's): made, +30.",
        "Cy bid nil and took 3 tricks: -100, and +3 for 3 bags.",
        "Us's bags reached 10: -100, and they count on from 1.",
        "Them bid 8 and took 7 tricks: failed, -80.",
    ]


def test_bags_past_the_limit_twice_in_one_hand_say_how_often() -> None:
    lines = _explained([h((1, 1, 1, 1), (6, 0, 6, 1))], {"bag_limit": 5})
    assert "Us's bags reached 5 (2 times): -200, and they count on from 0." in lines


def _reasons(hands: list[Any], rules: dict[str, Any] | None = None) -> dict[str, str]:
    table = make_table("spades", PLAYERS, rules or {}, TEAMS)
    result = play(table, hands)
    return {reason.side: str(reason.text) for reason in result.hands[-1].outcome.reasons}


@pytest.mark.parametrize(
    ("hands", "reasons"),
    [
        (
            [h((1, 1, 1, 1), (5, 1, 5, 2)), h((3, 4, "nil", 4), (3, 3, 3, 4))],
            {
                US: "Bid 3, took 3: made. Cy's nil failed. Bags penalty: -100. "
                "1 bag: 9 to the penalty",
                THEM: "Bid 8, took 7: set. 1 bag: 9 to the penalty",
            },
        ),
        (
            [h(("nil", "blind_nil", 7, 6), (0, 1, 7, 5))],
            {
                US: "Bid 7, took 7: made. Ann's nil made. 0 bags: 10 to the penalty",
                THEM: "Bid 6, took 5: set. Bo's blind nil failed. 1 bag: 9 to the penalty",
            },
        ),
        (
            [h(("nil", "blind_nil", 7, 6), (1, 0, 6, 6))],
            {
                US: "Bid 7, took 6: set. Ann's nil failed. 1 bag: 9 to the penalty",
                THEM: "Bid 6, took 6: made. Bo's blind nil made. 0 bags: 10 to the penalty",
            },
        ),
    ],
)
def test_each_teams_reason_says_its_contract_its_nils_its_penalty_and_its_bags(
    hands: list[Any], reasons: dict[str, str]
) -> None:
    # What a total's page, hand by hand, says beside each hand (the bags alone before).
    assert _reasons(hands) == reasons


def test_the_scoreboard_says_each_teams_bags_and_how_many_to_the_penalty() -> None:
    table = make_table("spades", PLAYERS, {}, TEAMS)
    result = play(table, [h((4, 3, 3, 3), (5, 1, 6, 1))])
    notes = get_game("spades").standing(table, result).notes
    # Us bid 7 and took 11: 4 bags, 6 more to the penalty.
    assert str(notes[US]) == "4 bags: 6 to the penalty"
    assert str(notes[THEM]) == "0 bags: 10 to the penalty"


def test_the_fourth_players_tricks_are_the_rest_of_13() -> None:
    table = make_table("spades", PLAYERS, {}, TEAMS)
    hand = {"bids": {}, "tricks": {"Ann": 4, "Bo": 3, "Cy": 2}}
    assert get_game("spades").implied(table, hand)["tricks"] == {
        "Ann": 4,
        "Bo": 3,
        "Cy": 2,
        "Di": 4,
    }


# --- Awards and statistics ---------------------------------------------------------------------


def test_awards_for_a_made_nil_a_made_blind_nil_and_a_won_game_with_a_penalty() -> None:
    bagging = h((2, 2, 2, 2), (5, 2, 4, 2))
    hands = [bagging, redeal(), bagging, h(("nil", "blind_nil", 6, 7), (0, 0, 7, 6))]
    rules = {"target": 150, "lose_at": None}
    table = make_table("spades", PLAYERS, rules, TEAMS, {THEM: -400})
    result = play(table, hands)
    # Us: 45 - 55 + (100 + 61) = 151 >= 150, having paid a penalty on hand 2; Them
    # -400 + 40 + 40 + (200 - 70) = -190.
    assert result.winners == (US,)
    assert get_game("spades").earned(table, result) == [
        ("bag_survivor", "Ann"),
        ("bag_survivor", "Cy"),
        ("blind_nil_made", "Bo"),
        ("nil_made", "Ann"),
    ]


def test_the_statistics_count_nils_and_bag_penalties() -> None:
    bagging = h((2, 2, 2, 2), (5, 2, 4, 2))
    hands = [bagging, bagging, h(("nil", "blind_nil", 6, 6), (1, 0, 6, 6)), redeal()]
    table = make_table("spades", PLAYERS, {}, TEAMS)
    figures = get_game("spades").figures(table, play(table, hands)).players
    assert (figures["Ann"].extra["nils"], figures["Ann"].extra["nils_made"]) == (1, 0)
    assert (figures["Bo"].extra["blind_nils"], figures["Bo"].extra["blind_nils_made"]) == (1, 1)
    assert figures["Cy"].extra["bag_penalties"] == 1
    # Best and worst hand: Us's 45 and -55 (hand 3: Ann's failed nil -100 + 1, Cy's 60: -39).
    assert (figures["Cy"].best_hand, figures["Cy"].worst_hand) == (45, -55)
    assert figures["Di"].extra["bag_penalties"] == 0
    # Cy bid a number in every hand: 3 bids, all made by Us.
    assert (figures["Cy"].bids, figures["Cy"].bids_made) == (3, 3)


# --- Invariants --------------------------------------------------------------------------------

BIDS = st.one_of(st.integers(1, 13), st.sampled_from(["nil", "blind_nil"]))


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    bids = tuple(draw(BIDS) for _ in PLAYERS)
    return h(bids, tricks)


@given(st.lists(hands(), max_size=12))
def test_bags_stay_below_the_limit_and_points_add_up(played: list[dict[str, Any]]) -> None:
    table = make_table("spades", PLAYERS, {"target": 10000, "lose_at": None}, TEAMS)
    result = play(table, played)
    bags = get_game("spades").result_output(table, result)["bags"]
    assert all(0 <= count < 10 for count in bags.values())
    for team in (US, THEM):
        assert result.totals[team] == sum(scored.points[team] for scored in result.hands)


@pytest.mark.parametrize(
    ("rules", "hand", "lines"),
    [
        ({}, redeal(), ["Redeal: nobody scores."]),
        (
            {},
            h(("nil", 5, "nil", 5), (0, 6, 0, 7)),
            [
                "Ann bid nil and took no trick: +100.",
                "Cy bid nil and took no trick: +100.",
                "Them bid 10 and took 13 tricks: made, +100 and +3 for 3 bags.",
            ],
        ),
        (
            {},
            h((6, "blind_nil", 6, 1), (6, 1, 6, 0)),
            [
                "Us bid 12 and took 12 tricks: made, +120.",
                "Them bid 1 and took 0 tricks (not counting Bo's): failed, -10.",
                "Bo bid blind nil and took 1 trick: -200, and +1 for 1 bag.",
            ],
        ),
        (
            {"nil_tricks_bags": False},
            h(("nil", "blind_nil", 7, 6), (1, 0, 6, 6)),
            [
                "Us bid 7 and took 6 tricks (not counting Ann's): failed, -70.",
                "Ann bid nil and took 1 trick: -100.",
                "Them bid 6 and took 6 tricks: made, +60.",
                "Bo bid blind nil and took no trick: +200.",
            ],
        ),
    ],
)
def test_the_words_of_each_kind_of_hand(
    rules: dict[str, Any], hand: dict[str, Any], lines: list[str]
) -> None:
    assert _explained([hand], rules) == lines


@pytest.mark.parametrize(
    ("start", "rules", "verdict", "reason"),
    [
        ({US: 430}, {}, "Us reached 500 and win.", "Reached 500."),
        ({US: 440}, {}, "Us reached 500 with 510 and win.", "Reached 500 with 510."),
        (
            {THEM: -80},
            {},
            "Them fell to -200, at or below -200: Us win.",
            "Them fell to -200, at or below -200.",
        ),
    ],
)
def test_the_words_of_the_verdict(
    start: dict[str, int], rules: Any, verdict: str, reason: str
) -> None:
    """The sentence (a hand's "Why?"), and the rule alone under the banner naming the team."""
    # Us bid 7 and take 7: +70; Them bid 12 and take 6: -120.
    table = make_table("spades", PLAYERS, rules, TEAMS, start)
    result = play(table, [h((4, 6, 3, 6), (4, 3, 3, 3))])
    assert result.decision is not None
    assert (str(result.decision.text), str(result.decision.reason)) == (verdict, reason)


def test_without_a_bag_penalty_the_scoreboard_only_counts_bags() -> None:
    table = make_table("spades", PLAYERS, {"bag_penalty": 0}, TEAMS)
    result = play(table, [h((4, 3, 3, 3), (5, 1, 6, 1))])
    assert str(get_game("spades").standing(table, result).notes[US]) == "4 bags"


def test_a_hand_in_a_few_words() -> None:
    spades = get_game("spades")
    assert str(spades.summary(redeal())) == "Redeal"
    assert str(spades.summary(h((4, "nil", "blind_nil", 3), (4, 0, 0, 9)))) == (
        "Bids: Ann 4, Bo nil, Cy blind nil, Di 3"
    )
    assert str(spades.summary({"bids": None})) == "A hand of spades"


def test_the_hand_inputs_offer_blind_nil_only_where_allowed() -> None:
    spades = get_game("spades")
    for rules, offered in (({}, True), ({"blind_nil": 0}, False)):
        table = make_table("spades", PLAYERS, rules, TEAMS)
        bids = next(spec for spec in spades.inputs(table) if spec.name == "bids")
        assert bids.each == tuple(PLAYERS)
        assert ("blind_nil" in [option.value for option in bids.options]) is offered


def test_only_three_counts_give_the_fourth_unless_two_make_up_the_13() -> None:
    table = make_table("spades", PLAYERS, {}, TEAMS)
    hand = {"tricks": {"Ann": 4, "Bo": 3}}
    assert get_game("spades").implied(table, hand) == hand
    # No tricks given, nothing worked out.
    assert get_game("spades").implied(table, {"bids": {}}) == {"bids": {}}
    # Nothing is left for Bo and Di.
    swept = {"tricks": {"Cy": 6, "Ann": 7}}
    assert get_game("spades").implied(table, swept)["tricks"] == {
        "Ann": 7,
        "Bo": 0,
        "Cy": 6,
        "Di": 0,
    }
