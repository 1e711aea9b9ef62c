"""Five Hundred scoring through the game file, every line of the spec, worked out by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "Five Hundred" and "Errors". Seating: Ann, Bo, Cy, Di (clockwise); the teams
are Us = Ann & Cy and Them = Bo & Di.

Defaults: target 500, lose_at -500, win_needs_bid true, misere 250, open_misere 500,
slam 250. A bid of n tricks in suit i (spades 0 .. no trump 4) is worth
40 + 20 * i + 100 * (n - 6).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import gamefile
from games.rules import get_game, make_table, play
from games.rules.five_hundred import SUITS, bid_value
from tests.factories import game_file, refused

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bo", "Di"]}
US, THEM = "Us", "Them"


def doc(
    hands: list[Any], *, rules: dict[str, Any] | None = None, start: dict[str, int] | None = None
) -> dict[str, Any]:
    return game_file("five_hundred", PLAYERS, hands, teams=TEAMS, rules=rules, start=start)


def score(hands: list[Any], **kwargs: Any) -> dict[str, Any]:
    return gamefile.score_document(doc(hands, **kwargs))


def h(bidder: str, bid: Any, suit: str | None, tricks: int, dealer: str = "Di") -> dict[str, Any]:
    hand = {"dealer": dealer, "bidder": bidder, "bid": bid, "tricks": tricks}
    if suit is not None:
        hand["suit"] = suit
    return hand


def redeal(dealer: str = "Di") -> dict[str, Any]:
    return {"dealer": dealer, "redeal": True}


# --- The Avondale values ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "suit", "value"),
    [
        (6, "spades", 40),  # the spec's examples
        (6, "no_trump", 120),
        (7, "spades", 140),
        (10, "no_trump", 520),
        (6, "clubs", 60),  # 40 + 20
        (8, "hearts", 300),  # 40 + 60 + 200
        (9, "diamonds", 380),  # 40 + 40 + 300
    ],
)
def test_a_bid_is_worth_the_avondale_value(tricks: int, suit: str, value: int) -> None:
    assert bid_value(tricks, suit) == value


def test_the_schedule_has_25_values_from_40_to_520_each_once() -> None:
    values = [bid_value(n, suit) for n in range(6, 11) for suit in SUITS]
    assert len(set(values)) == 25 and (min(values), max(values)) == (40, 520)


# --- One hand from zero ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hand", "points", "made"),
    [
        # 8 hearts (300) made with 9: +300, no more for the overtrick; Them 1 trick: 10.
        ({}, h("Ann", 8, "hearts", 9), {US: 300, THEM: 10}, True),
        # 8 hearts failed with 7: -300; Them took 3: +30, made or not.
        ({}, h("Cy", 8, "hearts", 7), {US: -300, THEM: 30}, False),
        # 6 spades (40) with all 10: the slam, 250 (worth more than 40).
        ({}, h("Bo", 6, "spades", 10), {US: 0, THEM: 250}, True),
        # 8 no trump (320) with all 10: its own value, more than the slam's 250.
        ({}, h("Bo", 8, "no_trump", 10), {US: 0, THEM: 320}, True),
        # The slam only when the value is lower: 7 no trump is 220 < 300 (house slam).
        ({"slam": 300}, h("Di", 7, "no_trump", 10), {US: 0, THEM: 300}, True),
        # slam 0: no bonus, 6 spades with all 10 is 40.
        ({"slam": 0}, h("Ann", 6, "spades", 10), {US: 40, THEM: 0}, True),
        # 10 no trump failed with 9: -520; Them +10.
        ({}, h("Ann", 10, "no_trump", 9), {US: -520, THEM: 10}, False),
        # Misère made (the bidder took none): +250, the other team nothing.
        ({}, h("Ann", "misere", None, 0), {US: 250, THEM: 0}, True),
        # Misère failed: -250; the other team scores nothing for its tricks.
        ({}, h("Bo", "misere", None, 2), {US: 0, THEM: -250}, False),
        # Open misère made: 500; failed: -500.
        ({}, h("Cy", "open_misere", None, 0), {US: 500, THEM: 0}, True),
        ({}, h("Di", "open_misere", None, 1), {US: 0, THEM: -500}, False),
        # House values for misère.
        ({"misere": 200}, h("Ann", "misere", None, 0), {US: 200, THEM: 0}, True),
    ],
)
def test_one_hand_scores_by_the_spec(
    rules: dict[str, Any], hand: dict[str, Any], points: dict[str, int], made: bool
) -> None:
    out = score([hand], rules=rules)
    assert out["hands"][0]["points"] == points
    assert out["hands"][0]["made"] is made


def test_a_redeal_scores_nothing_and_has_no_made() -> None:
    out = score([redeal()])
    assert out["hands"][0]["points"] == {}
    assert "made" not in out["hands"][0]
    assert out["finished"] is False


# --- Who wins --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "hand", "rules", "winners"),
    [
        # Us 400 + 140 (7 spades made) = 540: the bidding team made its bid and reached 500.
        ({US: 400}, h("Ann", 7, "spades", 7), {}, [US]),
        # Us bid and failed: 400 - 140 = 260; Them 490 + 50 = 540, but did not bid: plays on.
        ({US: 400, THEM: 490}, h("Ann", 7, "spades", 5), {}, []),
        # The same without win_needs_bid: Them at 540 wins.
        ({US: 400, THEM: 490}, h("Ann", 7, "spades", 5), {"win_needs_bid": False}, [THEM]),
        # Both at or above without win_needs_bid: the bidding team first (Us 540, Them 510).
        ({US: 400, THEM: 500}, h("Ann", 7, "spades", 9), {"win_needs_bid": False}, [US]),
        # Both over, with win_needs_bid: the bidding team made it, it wins, not Them's 510.
        ({US: 400, THEM: 500}, h("Ann", 7, "spades", 9), {}, [US]),
        # Us fell to -400 - 140 = -540: Them wins.
        ({US: -400}, h("Ann", 7, "spades", 6), {}, [THEM]),
        # Both at or below -500 (Us -540, Them -540 + 40 = -500): the bidding team loses.
        ({US: -400, THEM: -540}, h("Ann", 7, "spades", 6), {}, [THEM]),
        # lose_at null: nobody falls.
        ({US: -400}, h("Ann", 7, "spades", 6), {"lose_at": None}, []),
        # A misère made to reach the target wins: 300 + 250.
        ({US: 300}, h("Cy", "misere", None, 0), {}, [US]),
    ],
)
def test_who_wins_after_a_hand(
    start: dict[str, int], hand: dict[str, Any], rules: dict[str, Any], winners: list[str]
) -> None:
    out = score([hand], start=start, rules=rules)
    assert out["winners"] == winners
    assert out["finished"] is bool(winners)


@pytest.mark.parametrize(
    ("start", "rules", "winners"),
    [
        # After a redeal nobody bid: with win_needs_bid nobody wins by the target.
        ({US: 600}, {}, []),
        # Without it, the higher of the teams at or above it.
        ({US: 600, THEM: 550}, {"win_needs_bid": False}, [US]),
        ({US: 600, THEM: 600}, {"win_needs_bid": False}, []),
        # A team at or below lose_at loses; both: the lower total; level: play goes on.
        ({THEM: -500}, {}, [US]),
        ({US: -600, THEM: -550}, {}, [THEM]),
        ({US: -600, THEM: -600}, {}, []),
    ],
)
def test_after_a_redeal_the_totals_as_they_stand_decide(
    start: dict[str, int], rules: dict[str, Any], winners: list[str]
) -> None:
    assert score([redeal()], start=start, rules=rules)["winners"] == winners


@pytest.mark.parametrize(
    ("start", "rules", "noted"),
    [
        # Above the target without a bid of its own: play goes on, and the board says why.
        ({THEM: 560}, {}, {THEM: "At 500 or more: wins by making a bid of its own."}),
        ({THEM: 400}, {}, {}),
        # Without win_needs_bid such a team would have won already: nothing to explain.
        ({THEM: 450}, {"win_needs_bid": False}, {}),
    ],
)
def test_the_board_says_why_a_team_over_the_target_plays_on(
    start: dict[str, int], rules: dict[str, Any], noted: dict[str, str]
) -> None:
    table = make_table("five_hundred", PLAYERS, rules=rules, teams=TEAMS, start=start)
    result = play(table, [h("Ann", 6, "spades", 6)])  # Us make 6 spades: 40
    notes = get_game("five_hundred").standing(table, result).notes
    assert {team: str(note) for team, note in notes.items()} == noted


def test_a_finished_game_needs_no_such_note() -> None:
    table = make_table("five_hundred", PLAYERS, teams=TEAMS, start={US: 480, THEM: 560})
    result = play(table, [h("Ann", 6, "spades", 6)])  # Us reach 520 on their own bid
    assert result.finished
    assert get_game("five_hundred").standing(table, result).notes == {}


def test_a_hand_after_the_game_was_won_is_an_error() -> None:
    exc = refused(doc([h("Ann", 7, "spades", 7), redeal()], start={US: 400}))
    assert str(exc) == "hand 2: the game was already won after hand 1"


# --- Bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rules", "message"),
    [
        (
            h("Ann", 5, "spades", 5),
            {},
            "the bid must be 6 to 10 tricks, misère or open misère, not 5",
        ),
        (
            h("Ann", 11, "spades", 5),
            {},
            "the bid must be 6 to 10 tricks, misère or open misère, not 11",
        ),
        (
            h("Ann", "nil", None, 5),
            {},
            "the bid must be 6 to 10 tricks, misère or open misère, not “nil”",
        ),
        (
            h("Ann", True, "clubs", 5),
            {},
            "the bid must be 6 to 10 tricks, misère or open misère, not true",
        ),
        ({"dealer": "Di", "bidder": "Ann", "tricks": 5}, {}, "the bid is missing"),
        (h("Ann", 7, None, 7), {}, "the suit is missing"),
        (
            h("Ann", 7, "trumps", 7),
            {},
            "the suit must be one of “spades”, “clubs”, “diamonds”, “hearts”, “no_trump”, not “trumps”",
        ),
        (h("Ann", 7, "hearts", 11), {}, "the bidding team's tricks must be from 0 to 10, not 11"),
        (h("Ann", 7, "hearts", -1), {}, "the bidding team's tricks must be from 0 to 10, not -1"),
        (h("Ann", "misere", None, 11), {}, "the bidder's tricks must be from 0 to 10, not 11"),
        (h("Ann", "misere", "hearts", 0), {}, "a misère is played without trumps: it has no suit"),
        (h("Ann", "misere", None, 0), {"misere": 0}, "misère is not allowed (house rule)"),
        (
            h("Ann", "open_misere", None, 0),
            {"open_misere": 0},
            "open misère is not allowed (house rule)",
        ),
        ({**h("Ann", "misere", None, 0), "alone": True}, {}, "unknown field “alone”"),
        ({**h("Ann", 7, "hearts", 7), "alone": True}, {}, "unknown field “alone”"),
        (
            {"dealer": "Di", "bidder": "Eve", "bid": 7},
            {},
            "“Eve” is not one of the players (Ann, Bo, Cy and Di)",
        ),
        (
            {"dealer": "Di", "bidder": "Ann", "bid": 7, "suit": "clubs"},
            {},
            "the bidding team's tricks are missing",
        ),
    ],
)
def test_a_bad_hand_is_refused_naming_the_hand(
    hand: dict[str, Any], rules: dict[str, Any], message: str
) -> None:
    exc = refused(doc([h("Ann", 6, "spades", 6), hand], rules=rules))
    assert str(exc) == f"hand 2: {message}"


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"lose_at": 500}, "the rule lose_at (500) must be below the target (500)"),
        ({"slam": -1}, "the rule slam must be at least 0, not -1"),
        ({"win_needs_bid": 1}, "the rule win_needs_bid must be true or false, not 1"),
    ],
)
def test_bad_house_rules_are_refused(rules: dict[str, Any], message: str) -> None:
    assert str(refused(doc([], rules=rules))) == message


# --- Words -------------------------------------------------------------------------------------


def _explained(hand: dict[str, Any], rules: dict[str, Any] | None = None) -> list[str]:
    table = make_table("five_hundred", PLAYERS, rules or {}, TEAMS)
    return [str(line) for line in play(table, [hand]).hands[0].outcome.explanation]


@pytest.mark.parametrize(
    ("hand", "reasons"),
    [
        (
            h("Ann", 8, "hearts", 9),
            {US: "Bid 8 hearts, took 9 tricks: made.", THEM: "10 a trick taken."},
        ),
        (
            h("Bo", 7, "spades", 6),
            {US: "10 a trick taken.", THEM: "Bid 7 spades, took 6 tricks: failed."},
        ),
        (
            h("Cy", 6, "clubs", 10),
            {US: "Bid 6 clubs, took all 10 tricks: a slam.", THEM: "10 a trick taken."},
        ),
        (
            h("Ann", "misere", None, 0),
            {US: "Ann's misère, no trick: made.", THEM: "Nothing on a misère."},
        ),
        (
            h("Di", "open_misere", None, 2),
            {US: "Nothing on a misère.", THEM: "Di's open misère, 2 tricks: failed."},
        ),
    ],
)
def test_each_teams_reason_says_what_came_of_the_bid(
    hand: dict[str, Any], reasons: dict[str, str]
) -> None:
    # What a total's page, hand by hand, says beside each hand ("Bidding team." before).
    table = make_table("five_hundred", PLAYERS, {}, TEAMS)
    outcome = play(table, [hand]).hands[0].outcome
    assert {reason.side: str(reason.text) for reason in outcome.reasons} == reasons


@pytest.mark.parametrize(
    ("hand", "lines"),
    [
        (
            h("Ann", 8, "hearts", 9),
            [
                "Ann bid 8 hearts (worth 300) and Us took 9 tricks: made, +300.",
                "Them took 1 trick: +10 (10 a trick).",
            ],
        ),
        (
            h("Bo", 7, "no_trump", 5),
            [
                "Bo bid 7 no trump (worth 220) and Them took 5 tricks: failed, -220.",
                "Us took 5 tricks: +50 (10 a trick).",
            ],
        ),
        (
            h("Cy", 6, "clubs", 10),
            [
                "Cy bid 6 clubs (worth 60) and Us took all 10 tricks: a slam, +250.",
                "Them took 0 tricks: +0 (10 a trick).",
            ],
        ),
        (
            h("Di", "open_misere", None, 0),
            ["Di bid open misère and took no trick: +500.", "Us scores nothing on a misère."],
        ),
        (
            h("Di", "misere", None, 3),
            ["Di bid misère and took 3 tricks: failed, -250.", "Us scores nothing on a misère."],
        ),
        (redeal(), ["Redeal: nobody scores."]),
    ],
)
def test_the_words_name_the_bid_and_its_value(hand: dict[str, Any], lines: list[str]) -> None:
    assert _explained(hand) == lines


@pytest.mark.parametrize(
    ("start", "hand", "rules", "verdict", "reason"),
    [
        (
            {US: 360},
            h("Ann", 7, "spades", 7),
            {},
            "Us made their bid, reached 500 and win.",
            "Bid and reached 500.",
        ),
        (
            {US: 400},
            h("Ann", 7, "spades", 7),
            {},
            "Us made their bid, reached 500 with 540 and win.",
            "Bid and reached 500 with 540.",
        ),
        (
            {THEM: 490},
            h("Ann", 7, "spades", 5),
            {"win_needs_bid": False},
            "Them reached 500 with 540 and win.",
            "Reached 500 with 540.",
        ),
        (
            {US: -400},
            h("Ann", 7, "spades", 6),
            {},
            "Us fell to -540, at or below -500: Them win.",
            "Us fell to -540, at or below -500.",
        ),
    ],
)
def test_the_words_of_the_verdict(
    start: dict[str, int], hand: dict[str, Any], rules: dict[str, Any], verdict: str, reason: str
) -> None:
    """The sentence (a hand's "Why?"), and the rule alone under the banner naming the team."""
    table = make_table("five_hundred", PLAYERS, rules, TEAMS, start)
    decision = play(table, [hand]).decision
    assert decision is not None
    assert (str(decision.text), str(decision.reason)) == (verdict, reason)


def test_a_hand_in_a_few_words() -> None:
    game = get_game("five_hundred")
    assert str(game.summary(h("Ann", 8, "hearts", 9))) == "Ann 8 hearts, 9 tricks"
    assert str(game.summary(h("Ann", "open_misere", None, 0))) == "Ann open misère, 0 tricks"
    assert str(game.summary(h("Ann", "misere", None, 1))) == "Ann misère, 1 trick"
    assert str(game.summary({"bidder": "Ann", "bid": 8})) == "Ann 8, ? tricks"
    assert str(game.summary(redeal())) == "Redeal"


def test_the_bid_input_offers_misere_only_where_allowed() -> None:
    game = get_game("five_hundred")
    for rules, offered in (({}, ["misere", "open_misere"]), ({"misere": 0, "open_misere": 0}, [])):
        table = make_table("five_hundred", PLAYERS, rules, TEAMS)
        bid = next(spec for spec in game.inputs(table) if spec.name == "bid")
        assert [o.value for o in bid.options] == [6, 7, 8, 9, 10, *offered]
        # The tricks' help speaks of a misère only where one can be bid.
        tricks = next(spec for spec in game.inputs(table) if spec.name == "tricks")
        assert tricks.help is not None
        assert ("misère" in str(tricks.help)) == bool(offered)


# --- Awards and statistics -----------------------------------------------------------------------


def test_awards_for_a_slam_and_a_made_misere() -> None:
    hands = [
        h("Bo", 6, "spades", 10),  # Them's slam: 250
        h("Ann", "misere", None, 1),  # failed: no award
        h("Cy", "open_misere", None, 0),  # made: 500
        redeal(),
        h("Di", 7, "clubs", 7),  # made, but no feat
    ]
    table = make_table("five_hundred", PLAYERS, {"target": 1000}, TEAMS)
    result = play(table, hands)
    assert get_game("five_hundred").earned(table, result) == [("misere_made", "Cy"), ("slam", "Bo")]


def test_the_statistics_count_bids_misere_and_slams() -> None:
    hands = [
        h("Bo", 6, "spades", 10),
        h("Ann", "misere", None, 1),
        redeal(),
        h("Bo", 8, "hearts", 7),
    ]
    table = make_table("five_hundred", PLAYERS, {}, TEAMS)
    figures = get_game("five_hundred").figures(table, play(table, hands))
    bo, ann = figures.players["Bo"], figures.players["Ann"]
    assert (bo.bids, bo.bids_made, bo.bid_total, bo.extra["slams"]) == (2, 1, 14, 1)
    assert (ann.bids, ann.big_bids, ann.big_made) == (1, 1, 0)
    assert figures.pairs[("Bo", "Di")].hands == 2
    # Ann's misère was played alone: Ann and Cy played no hand together.
    assert list(figures.pairs) == [("Bo", "Di")]
    # Bo's best hand: the slam's 250; worst: 8 hearts failed, -300.
    assert (bo.best_hand, bo.worst_hand) == (250, -300)


# --- Invariants --------------------------------------------------------------------------------


@given(st.integers(6, 10), st.sampled_from(SUITS), st.integers(0, 10))
def test_a_trick_bid_gives_the_other_team_ten_a_trick_made_or_not(
    bid: int, suit: str, tricks: int
) -> None:
    out = score([h("Ann", bid, suit, tricks)], rules={"lose_at": None})
    assert out["hands"][0]["points"][THEM] == 10 * (10 - tricks)
    assert abs(out["hands"][0]["points"][US]) >= bid_value(bid, suit)
