"""Amerikaner scoring, every rule of the spec, worked out by hand."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import RuleError, get_game, make_table, play
from tests.factories import FOUR, bid, scored

THREE = ["Anne", "Bjørn", "Cato"]
FIVE = [*FOUR, "Erik"]
SIX = [*FIVE, "Frida"]


def points(players: list[str], hand: dict[str, Any], **rules: Any) -> tuple[dict[str, int], bool]:
    result = scored("amerikaner", players, [hand], rules=rules)["hands"][0]
    return result["points"], result["made"]


@pytest.mark.parametrize(
    ("hand", "rules", "expected", "made"),
    [
        # Bidder side took 12 - 3 = 9 >= 8: bidder and partner +8 (no overtricks), others +tricks.
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}),
            {},
            {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8},
            True,
            id="made-with-overtricks",
        ),
        # 12 - 4 = 8 tricks against 8: made exactly.
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 3, "Cato": 1}),
            {},
            {"Anne": 3, "Bjørn": 8, "Cato": 1, "Dina": 8},
            True,
            id="made-exactly",
        ),
        # 8 tricks against 9: both lose the bid; opponents still get +1 per trick.
        pytest.param(
            bid("Bjørn", 9, "Dina", {"Anne": 3, "Cato": 1}),
            {},
            {"Anne": 3, "Bjørn": -9, "Cato": 1, "Dina": -9},
            False,
            id="failed",
        ),
        # Partner null: the bidder alone is the bidding side, 12 - 4 = 8 >= 7.
        pytest.param(
            bid("Bjørn", 7, None, {"Anne": 1, "Cato": 2, "Dina": 1}),
            {},
            {"Anne": 1, "Bjørn": 7, "Cato": 2, "Dina": 1},
            True,
            id="alone-made",
        ),
        pytest.param(
            bid("Bjørn", 10, None, {"Anne": 1, "Cato": 2, "Dina": 1}),
            {},
            {"Anne": 1, "Bjørn": -10, "Cato": 2, "Dina": 1},
            False,
            id="alone-failed",
        ),
        # Bidder's and partner's own split may be listed; the side is still 12 - (2 + 4) = 6.
        pytest.param(
            bid("Bjørn", 6, "Dina", {"Anne": 2, "Bjørn": 5, "Cato": 4, "Dina": 1}),
            {},
            {"Anne": 2, "Bjørn": 6, "Cato": 4, "Dina": 6},
            True,
            id="own-split-listed",
        ),
        pytest.param(
            bid("Bjørn", 6, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            {"Anne": 0, "Bjørn": 6, "Cato": 0, "Dina": 6},
            True,
            id="opponents-without-tricks",
        ),
        pytest.param(
            bid("Bjørn", 12, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            {"Anne": 0, "Bjørn": 12, "Cato": 0, "Dina": 12},
            True,
            id="highest-bid-made",
        ),
        # Amerikaner made: every trick to the bidder, +52, nobody else scores.
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0}),
            {},
            {"Anne": 0, "Bjørn": 52, "Cato": 0, "Dina": 0},
            True,
            id="amerikaner-made",
        ),
        # Amerikaner failed: -52, and every other player +1 per trick.
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 1, "Cato": 0, "Dina": 2}),
            {},
            {"Anne": 1, "Bjørn": -52, "Cato": 0, "Dina": 2},
            False,
            id="amerikaner-failed",
        ),
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Bjørn": 12, "Cato": 0, "Dina": 0}),
            {},
            {"Anne": 0, "Bjørn": 52, "Cato": 0, "Dina": 0},
            True,
            id="amerikaner-own-tricks-listed",
        ),
        # House rule amerikaner_points: the stake is 30 instead of 52.
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0}),
            {"amerikaner_points": 30},
            {"Anne": 0, "Bjørn": 30, "Cato": 0, "Dina": 0},
            True,
            id="amerikaner-points-made",
        ),
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 3, "Dina": 0}),
            {"amerikaner_points": 30},
            {"Anne": 0, "Bjørn": -30, "Cato": 3, "Dina": 0},
            False,
            id="amerikaner-points-failed",
        ),
        # House rule bidder_double: the bidder's points double, the partner's do not.
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}),
            {"bidder_double": True},
            {"Anne": 2, "Bjørn": 16, "Cato": 1, "Dina": 8},
            True,
            id="double-made",
        ),
        pytest.param(
            bid("Bjørn", 9, "Dina", {"Anne": 3, "Cato": 1}),
            {"bidder_double": True},
            {"Anne": 3, "Bjørn": -18, "Cato": 1, "Dina": -9},
            False,
            id="double-failed",
        ),
        pytest.param(
            bid("Bjørn", 7, None, {"Anne": 1, "Cato": 2, "Dina": 1}),
            {"bidder_double": True},
            {"Anne": 1, "Bjørn": 14, "Cato": 2, "Dina": 1},
            True,
            id="double-alone",
        ),
        pytest.param(
            bid("Bjørn", 10, None, {"Anne": 1, "Cato": 2, "Dina": 1}),
            {"bidder_double": True},
            {"Anne": 1, "Bjørn": -20, "Cato": 2, "Dina": 1},
            False,
            id="double-alone-failed",
        ),
        # bidder_double is for numeric bids only: an Amerikaner stays at 52.
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0}),
            {"bidder_double": True},
            {"Anne": 0, "Bjørn": 52, "Cato": 0, "Dina": 0},
            True,
            id="double-not-for-amerikaner",
        ),
        # The kitty deal's lowest bid is 6 by default; min_bid moves it.
        pytest.param(
            bid("Bjørn", 6, "Dina", {"Anne": 3, "Cato": 4}),
            {},
            {"Anne": 3, "Bjørn": -6, "Cato": 4, "Dina": -6},
            False,
            id="lowest-bid-failed",
        ),
        pytest.param(
            bid("Bjørn", 4, "Dina", {"Anne": 3, "Cato": 4}),
            {"min_bid": 4},
            {"Anne": 3, "Bjørn": 4, "Cato": 4, "Dina": 4},
            True,
            id="min-bid-lowered",
        ),
        # Full deck with 4 players: 13 tricks a hand (13 - 0 = 13 against 13; 13 - 8 = 5 against 5).
        pytest.param(
            bid("Bjørn", 13, "Dina", {"Anne": 0, "Cato": 0}),
            {"deal": "full-deck"},
            {"Anne": 0, "Bjørn": 13, "Cato": 0, "Dina": 13},
            True,
            id="full-deck-4-highest-bid",
        ),
        pytest.param(
            bid("Bjørn", 5, "Dina", {"Anne": 4, "Cato": 4}),
            {"deal": "full-deck"},
            {"Anne": 4, "Bjørn": 5, "Cato": 4, "Dina": 5},
            True,
            id="full-deck-4-lowest-bid",
        ),
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 1, "Dina": 0}),
            {"deal": "full-deck"},
            {"Anne": 0, "Bjørn": -52, "Cato": 1, "Dina": 0},
            False,
            id="full-deck-4-amerikaner-failed",
        ),
    ],
)
def test_four_player_hand(
    hand: dict[str, Any], rules: dict[str, Any], expected: dict[str, int], made: bool
) -> None:
    assert points(FOUR, hand, **rules) == (expected, made)


@pytest.mark.parametrize(
    ("players", "hand", "expected", "made"),
    [
        # 3 players share 17 tricks: 17 - 7 = 10 >= 9.
        pytest.param(
            THREE,
            bid("Bjørn", 9, "Cato", {"Anne": 7}),
            {"Anne": 7, "Bjørn": 9, "Cato": 9},
            True,
            id="3-bid-made",
        ),
        pytest.param(
            THREE,
            bid("Bjørn", 5, None, {"Anne": 6, "Cato": 6}),
            {"Anne": 6, "Bjørn": 5, "Cato": 6},
            True,
            id="3-lowest-bid-alone",
        ),
        pytest.param(
            THREE,
            bid("Bjørn", 17, "Cato", {"Anne": 1}),
            {"Anne": 1, "Bjørn": -17, "Cato": -17},
            False,
            id="3-highest-bid-failed",
        ),
        pytest.param(
            THREE,
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0}),
            {"Anne": 0, "Bjørn": 52, "Cato": 0},
            True,
            id="3-amerikaner-made",
        ),
        pytest.param(
            THREE,
            bid("Bjørn", "amerikaner", None, {"Anne": 2, "Cato": 3}),
            {"Anne": 2, "Bjørn": -52, "Cato": 3},
            False,
            id="3-amerikaner-failed",
        ),
        pytest.param(
            FOUR,
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0}),
            {"Anne": 0, "Bjørn": 52, "Cato": 0, "Dina": 0},
            True,
            id="4-amerikaner-made",
        ),
        pytest.param(
            FOUR,
            bid("Bjørn", "amerikaner", None, {"Anne": 4, "Cato": 0, "Dina": 0}),
            {"Anne": 4, "Bjørn": -52, "Cato": 0, "Dina": 0},
            False,
            id="4-amerikaner-failed",
        ),
        # 5 players: 10 tricks a hand.
        pytest.param(
            FIVE,
            bid("Cato", 7, "Erik", {"Anne": 1, "Bjørn": 1, "Dina": 1}),
            {"Anne": 1, "Bjørn": 1, "Cato": 7, "Dina": 1, "Erik": 7},
            True,
            id="5-bid-made",
        ),
        pytest.param(
            FIVE,
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0, "Erik": 0}),
            {"Anne": 0, "Bjørn": 52, "Cato": 0, "Dina": 0, "Erik": 0},
            True,
            id="5-amerikaner-made",
        ),
        pytest.param(
            FIVE,
            bid("Bjørn", "amerikaner", None, {"Anne": 2, "Cato": 0, "Dina": 1, "Erik": 0}),
            {"Anne": 2, "Bjørn": -52, "Cato": 0, "Dina": 1, "Erik": 0},
            False,
            id="5-amerikaner-failed",
        ),
        # 6 players: 8 tricks a hand, so 8 is the highest bid.
        pytest.param(
            SIX,
            bid("Bjørn", 8, "Frida", {"Anne": 0, "Cato": 0, "Dina": 0, "Erik": 0}),
            {"Anne": 0, "Bjørn": 8, "Cato": 0, "Dina": 0, "Erik": 0, "Frida": 8},
            True,
            id="6-highest-bid-made",
        ),
        pytest.param(
            SIX,
            bid(
                "Bjørn",
                "amerikaner",
                None,
                {"Anne": 0, "Cato": 0, "Dina": 0, "Erik": 0, "Frida": 0},
            ),
            {"Anne": 0, "Bjørn": 52, "Cato": 0, "Dina": 0, "Erik": 0, "Frida": 0},
            True,
            id="6-amerikaner-made",
        ),
        pytest.param(
            SIX,
            bid(
                "Bjørn",
                "amerikaner",
                None,
                {"Anne": 0, "Cato": 0, "Dina": 0, "Erik": 1, "Frida": 0},
            ),
            {"Anne": 0, "Bjørn": -52, "Cato": 0, "Dina": 0, "Erik": 1, "Frida": 0},
            False,
            id="6-amerikaner-failed",
        ),
    ],
)
def test_full_deck_hand(
    players: list[str], hand: dict[str, Any], expected: dict[str, int], made: bool
) -> None:
    assert points(players, hand) == (expected, made)


def test_redeal_scores_nothing_and_has_no_made() -> None:
    game = scored("amerikaner", FOUR, [{"dealer": "Anne", "redeal": True}])
    assert game["hands"][0]["points"] == {}
    assert "made" not in game["hands"][0]
    assert game["totals"] == dict.fromkeys(FOUR, 0)


def test_totals_run_from_start_totals() -> None:
    hands = [
        bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}),  # A+2 B+8 C+1 D+8
        {"dealer": "Bjørn", "redeal": True},
        bid(
            "Anne", 9, "Cato", {"Bjørn": 4, "Dina": 1}, dealer="Bjørn"
        ),  # side 7 < 9: A-9 C-9, B+4 D+1
    ]
    # Dina is missing from start: she starts at 0.
    game = scored("amerikaner", FOUR, hands, start={"Anne": 10, "Bjørn": -5, "Cato": 3})
    assert [hand["totals"] for hand in game["hands"]] == [
        {"Anne": 12, "Bjørn": 3, "Cato": 4, "Dina": 8},
        {"Anne": 12, "Bjørn": 3, "Cato": 4, "Dina": 8},
        {"Anne": 3, "Bjørn": 7, "Cato": -5, "Dina": 9},
    ]
    assert game["totals"] == {"Anne": 3, "Bjørn": 7, "Cato": -5, "Dina": 9}
    assert (game["winners"], game["finished"]) == ([], False)


def test_game_without_hands_has_its_start_totals() -> None:
    game = scored("amerikaner", FOUR, [], start={"Cato": 20})
    assert game["totals"] == {"Anne": 0, "Bjørn": 0, "Cato": 20, "Dina": 0}
    assert (game["winners"], game["finished"]) == ([], False)


def _finish(start: dict[str, int], hand: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return scored("amerikaner", FOUR, [hand], start=start, rules=rules)


# Bjørn bids 6 with Dina; the opponents' tricks decide who crosses 52 with whom.
SIDE_6 = bid("Bjørn", 6, "Dina", {"Anne": 3, "Cato": 3})  # side 6: B+6 D+6 A+3 C+3
BIDDER_LEVEL_WITH_OPPONENT = bid("Bjørn", 6, "Dina", {"Anne": 2, "Cato": 4})  # A+2 B+6
OPPONENT_AHEAD = bid("Bjørn", 6, "Dina", {"Anne": 4, "Cato": 2})  # A+4 B+6
OPPONENTS_ONLY = bid("Bjørn", 7, "Dina", {"Anne": 2, "Cato": 2})  # side 8: A+2 C+2


@pytest.mark.parametrize(
    ("start", "hand", "rules", "winners", "rule_words"),
    [
        # One player over the target: nothing to break.
        pytest.param(
            {"Bjørn": 46}, SIDE_6, {}, ["Bjørn"], "Bjørn reached 52 and wins.", id="single"
        ),
        # highest: A 50+4 = 54 beats B 46+6 = 52.
        pytest.param(
            {"Anne": 50, "Bjørn": 46},
            OPPONENT_AHEAD,
            {},
            ["Anne"],
            "highest total (54)",
            id="highest-opponent-ahead",
        ),
        # highest: bidder and partner cross together, level on 52: the bidder.
        pytest.param(
            {"Bjørn": 46, "Dina": 46},
            SIDE_6,
            {},
            ["Bjørn"],
            "the bidder wins ties",
            id="highest-bidder-partner-level",
        ),
        # highest: partner 50+6 = 56 above bidder 46+6 = 52: the higher total, even over the bidder.
        pytest.param(
            {"Bjørn": 46, "Dina": 50},
            SIDE_6,
            {},
            ["Dina"],
            "highest total (56)",
            id="highest-partner-above-bidder",
        ),
        # highest: an opponent level with the bidder on 52: the bidder.
        pytest.param(
            {"Anne": 50, "Bjørn": 46},
            BIDDER_LEVEL_WITH_OPPONENT,
            {},
            ["Bjørn"],
            "the bidder wins ties",
            id="highest-opponent-level-with-bidder",
        ),
        # highest: partner level with an opponent, bidder below: the partner.
        pytest.param(
            {"Anne": 50, "Dina": 46},
            BIDDER_LEVEL_WITH_OPPONENT,
            {},
            ["Dina"],
            "the partner wins ties",
            id="highest-partner-level-with-opponent",
        ),
        # highest: two opponents level, neither bidder nor partner: they share.
        pytest.param(
            {"Anne": 50, "Cato": 50},
            OPPONENTS_ONLY,
            {},
            ["Anne", "Cato"],
            "share the win",
            id="highest-opponents-share",
        ),
        # bidding-side: bidder on 52 wins although Anne has 54.
        pytest.param(
            {"Anne": 50, "Bjørn": 46},
            OPPONENT_AHEAD,
            {"tie_break": "bidding-side"},
            ["Bjørn"],
            "the bidding side wins",
            id="bidding-side-over-higher-opponent",
        ),
        # bidding-side: both bidder and partner over: the higher of them.
        pytest.param(
            {"Bjørn": 46, "Dina": 50},
            SIDE_6,
            {"tie_break": "bidding-side"},
            ["Dina"],
            "Dina (the partner) wins",
            id="bidding-side-partner-higher",
        ),
        pytest.param(
            {"Bjørn": 46, "Dina": 46},
            SIDE_6,
            {"tie_break": "bidding-side"},
            ["Bjørn"],
            "Bjørn (the bidder) wins",
            id="bidding-side-level-bidder",
        ),
        # bidding-side: only the partner of the bidding side over, with an opponent: the partner.
        pytest.param(
            {"Anne": 50, "Dina": 47},
            OPPONENT_AHEAD,
            {"tie_break": "bidding-side"},
            ["Dina"],
            "Dina (the partner) wins",
            id="bidding-side-partner-only",
        ),
        # bidding-side: neither over, so as "highest": 51+2 = 53 beats 50+2 = 52.
        pytest.param(
            {"Anne": 50, "Cato": 51},
            OPPONENTS_ONLY,
            {"tie_break": "bidding-side"},
            ["Cato"],
            "highest total (53)",
            id="bidding-side-falls-back-highest",
        ),
        pytest.param(
            {"Anne": 50, "Cato": 50},
            OPPONENTS_ONLY,
            {"tie_break": "bidding-side"},
            ["Anne", "Cato"],
            "share the win",
            id="bidding-side-falls-back-shared",
        ),
        # shared: bidder and opponent level on 52 share, listed in seating order.
        pytest.param(
            {"Anne": 50, "Bjørn": 46},
            BIDDER_LEVEL_WITH_OPPONENT,
            {"tie_break": "shared"},
            ["Anne", "Bjørn"],
            "share the win",
            id="shared-level",
        ),
        pytest.param(
            {"Anne": 50, "Bjørn": 46},
            OPPONENT_AHEAD,
            {"tie_break": "shared"},
            ["Anne"],
            "highest total (54)",
            id="shared-unique-highest",
        ),
        # A failed bid: the opponents' tricks carry them over; the higher one wins.
        pytest.param(
            {"Anne": 50, "Cato": 50},
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 3}),
            {},
            ["Cato"],
            "highest total (53)",
            id="opponents-cross-on-failed-bid",
        ),
        # target is a house rule.
        pytest.param({}, SIDE_6, {"target": 6}, ["Bjørn"], "the bidder wins ties", id="low-target"),
    ],
)
def test_who_wins(
    start: dict[str, int],
    hand: dict[str, Any],
    rules: dict[str, Any],
    winners: list[str],
    rule_words: str,
) -> None:
    game = _finish(start, hand, **rules)
    assert (game["winners"], game["finished"]) == (winners, True)
    table = make_table("amerikaner", FOUR, rules=rules, start=start)
    decision = play(table, [hand]).decision
    assert decision is not None and rule_words in str(decision.text)


@pytest.mark.parametrize(
    ("start", "hand", "rules", "reason"),
    [
        ({"Bjørn": 46}, SIDE_6, {}, "Reached 52."),
        (
            {"Anne": 50, "Bjørn": 46},
            OPPONENT_AHEAD,
            {},
            "Anne and Bjørn reached 52; the highest total (54) wins.",
        ),
        (
            {"Bjørn": 46, "Dina": 46},
            SIDE_6,
            {},
            "Bjørn and Dina reached 52, level on 52; the bidder wins ties.",
        ),
        (
            {"Anne": 50, "Dina": 46},
            BIDDER_LEVEL_WITH_OPPONENT,
            {},
            "Anne and Dina reached 52, level on 52; "
            "the partner wins ties when the bidder is not level.",
        ),
        (
            {"Anne": 50, "Bjørn": 46},
            OPPONENT_AHEAD,
            {"tie_break": "bidding-side"},
            "Anne and Bjørn reached 52; the bidding side wins (house rule).",
        ),
        # Those who share are named in the banner too ("Shared win: Anne and Cato"): the
        # rule says who was level, as the sentence does.
        (
            {"Anne": 50, "Cato": 50},
            OPPONENTS_ONLY,
            {},
            "Anne and Cato reached 52, level on 52; "
            "neither the bidder nor the partner is among them, so they share the win.",
        ),
    ],
)
def test_the_rule_under_the_banner_does_not_name_the_winner_again(
    start: dict[str, int], hand: dict[str, Any], rules: dict[str, Any], reason: str
) -> None:
    """The banner says "Anne wins!"; the line under it says why, without "so Anne wins"."""
    table = make_table("amerikaner", FOUR, rules=rules, start=start)
    decision = play(table, [hand]).decision
    assert decision is not None and str(decision.reason) == reason


def test_amerikaner_wins_outright_with_the_house_rule() -> None:
    hand = bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0})
    # 20 points would not reach 52, but amerikaner_wins ends the game at once.
    game = _finish({}, hand, amerikaner_points=20, amerikaner_wins=True)
    assert (game["totals"]["Bjørn"], game["winners"], game["finished"]) == (20, ["Bjørn"], True)
    game = _finish({}, hand, amerikaner_points=20)
    assert (game["winners"], game["finished"]) == ([], False)


def test_failed_amerikaner_does_not_win_with_the_house_rule() -> None:
    hand = bid("Bjørn", "amerikaner", None, {"Anne": 1, "Cato": 0, "Dina": 0})
    assert _finish({}, hand, amerikaner_wins=True)["winners"] == []


def test_amerikaner_reaching_52_wins() -> None:
    hand = bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0})
    assert _finish({}, hand)["winners"] == ["Bjørn"]


@pytest.mark.parametrize(
    "late", [SIDE_6, {"dealer": "Anne", "redeal": True}], ids=["hand", "redeal"]
)
def test_no_hand_after_the_game_is_won(late: dict[str, Any]) -> None:
    with pytest.raises(RuleError) as caught:
        scored("amerikaner", FOUR, [SIDE_6, late], start={"Bjørn": 46})
    assert str(caught.value) == "hand 2: the game was already won after hand 1"
    assert caught.value.hand == 2


@pytest.mark.parametrize(
    ("hand", "rules", "message"),
    [
        pytest.param(
            bid("Bjørn", 13, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "the bid must be from 6 to 12, or amerikaner (not 13)",
            id="bid-too-high",
        ),
        pytest.param(
            bid("Bjørn", 5, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "the bid must be from 6 to 12, or amerikaner (not 5)",
            id="bid-too-low",
        ),
        pytest.param(
            bid("Bjørn", 6, "Dina", {"Anne": 0, "Cato": 0}),
            {"min_bid": 7},
            "the bid must be from 7 to 12, or amerikaner (not 6)",
            id="bid-under-min-bid",
        ),
        pytest.param(
            bid("Bjørn", "8", "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "the bid must be a whole number, not \u201c8\u201d",
            id="bid-as-text",
        ),
        pytest.param(
            bid("Bjørn", 8.0, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "the bid must be a whole number, not 8.0",
            id="bid-as-float",
        ),
        pytest.param(
            bid("Bjørn", True, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "the bid must be a whole number, not true",
            id="bid-as-bool",
        ),
        pytest.param(
            {"dealer": "Anne", "bidder": "Bjørn", "tricks": {"Anne": 0, "Cato": 0, "Dina": 0}},
            {},
            "the bid is missing",
            id="bid-missing",
        ),
        pytest.param(
            {"bidder": "Bjørn", "bid": 6, "tricks": {"Anne": 0, "Cato": 0, "Dina": 0}},
            {},
            "the dealer is missing",
            id="dealer-missing",
        ),
        pytest.param(
            {"dealer": "Anne", "bid": 6, "tricks": {"Anne": 0, "Cato": 0, "Dina": 0}},
            {},
            "the bidder is missing",
            id="bidder-missing",
        ),
        pytest.param(
            {"dealer": "Anne", "bidder": "Bjørn", "bid": 6},
            {},
            "the tricks are missing",
            id="tricks-missing",
        ),
        pytest.param(
            {"dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner", "tricks": {}},
            {},
            "say whether the Amerikaner took every trick",
            id="amerikaner-outcome-unsaid",
        ),
        pytest.param(
            {"dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner", "made": False, "tricks": {}},
            {},
            "a lost Amerikaner: give the tricks the others took",
            id="amerikaner-lost-without-tricks",
        ),
        # Said made, but a file still lists the others' tricks (the form fills them in).
        pytest.param(
            {"dealer": "Anne", "bidder": "Bjørn", "bid": "amerikaner", "made": True, "tricks": {}},
            {},
            "the tricks of Anne, Cato and Dina are missing "
            "(every player outside the bidding side must be listed)",
            id="amerikaner-said-made-without-tricks",
        ),
        # A lost Amerikaner with one count given: the others still missing, named together.
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Cato": 1}) | {"made": False},
            {},
            "the tricks of Anne and Dina are missing "
            "(every player outside the bidding side must be listed)",
            id="amerikaner-lost-counts-missing",
        ),
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0}) | {"made": False},
            {},
            "the others took no trick: the Amerikaner was made",
            id="amerikaner-lost-but-swept",
        ),
        pytest.param(
            bid("Bjørn", "amerikaner", None, {"Anne": 1, "Cato": 0, "Dina": 0}) | {"made": True},
            {},
            "the others took 1 trick: the Amerikaner was lost",
            id="amerikaner-made-but-a-trick-lost",
        ),
        pytest.param(
            {"dealer": "Anne", "bidder": "Bjørn", "bid": 6, "tricks": [1, 2]},
            {},
            "the tricks must list a count for each name",
            id="tricks-not-object",
        ),
        pytest.param(
            bid("Bjørn", 8, "Xavier", {"Anne": 0, "Cato": 0}),
            {},
            "\u201cXavier\u201d is not one of the players (Anne, Bjørn, Cato and Dina)",
            id="unknown-partner",
        ),
        pytest.param(
            bid("Xavier", 8, "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "\u201cXavier\u201d is not one of the players (Anne, Bjørn, Cato and Dina)",
            id="unknown-bidder",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 0, "Cato": 0}, dealer="Xavier"),
            {},
            "\u201cXavier\u201d is not one of the players (Anne, Bjørn, Cato and Dina)",
            id="unknown-dealer",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 0, "Cato": 0, "Xavier": 1}),
            {},
            "\u201cXavier\u201d is not one of the players (Anne, Bjørn, Cato and Dina)",
            id="unknown-in-tricks",
        ),
        pytest.param(
            bid("Bjørn", 8, None, {"Anne": 0, "Cato": 0}) | {"bidder": 7},
            {},
            "the bidder must be a name, not 7",
            id="bidder-not-text",
        ),
        pytest.param(
            bid("Bjørn", 8, "Bjørn", {"Anne": 0, "Cato": 0, "Dina": 0}),
            {},
            "the partner must be another player than the bidder (Bjørn)",
            id="partner-is-bidder",
        ),
        pytest.param(
            bid("Bjørn", "amerikaner", "Dina", {"Anne": 0, "Cato": 0}),
            {},
            "an Amerikaner bid is played alone, without a partner",
            id="amerikaner-with-partner",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 3}),
            {},
            "the tricks of Cato are missing (every player outside the bidding side must be listed)",
            id="opponent-missing",
        ),
        pytest.param(
            bid("Bjørn", 8, None, {"Anne": 3, "Cato": 1}),
            {},
            "the tricks of Dina are missing (every player outside the bidding side must be listed)",
            id="alone-partner-slot-missing",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 7, "Cato": 6}),
            {},
            "the tricks add up to 13, but a hand has 12 tricks",
            id="tricks-over",
        ),
        # One count missing, the others already over: the sum is the mistake.
        pytest.param(
            bid("Bjørn", 8, None, {"Anne": 7, "Cato": 6}),
            {},
            "the tricks add up to 13, but a hand has 12 tricks",
            id="tricks-over-one-missing",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Bjørn": 3, "Cato": 2, "Dina": 3}),
            {},
            "the tricks add up to 10, but a hand has 12 tricks",
            id="all-listed-under",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Bjørn": 5, "Cato": 2, "Dina": 5}),
            {},
            "the tricks add up to 14, but a hand has 12 tricks",
            id="all-listed-over",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": -1, "Cato": 2}),
            {},
            "the tricks of Anne cannot be negative (-1)",
            id="negative-tricks",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": "two", "Cato": 2}),
            {},
            "the tricks of Anne must be a whole number, not \u201ctwo\u201d",
            id="tricks-as-text",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 1, " Anne ": 2, "Cato": 2}),
            {},
            "the tricks of Anne are given twice",
            id="tricks-twice",
        ),
        pytest.param(
            bid("Bjørn", 8, "Dina", {"Anne": 1, "Cato": 2}) | {"parnter": "Dina"},
            {},
            "unknown field \u201cparnter\u201d",
            id="misspelt-field",
        ),
        pytest.param(
            {"dealer": "Anne", "redeal": True, "bidder": "Bjørn"},
            {},
            "unknown field \u201cbidder\u201d",
            id="redeal-with-bid",
        ),
        pytest.param(
            {"dealer": "Anne", "redeal": "yes"},
            {},
            "redeal must be true or false",
            id="redeal-not-bool",
        ),
        pytest.param({"redeal": True}, {}, "the dealer is missing", id="redeal-without-dealer"),
        pytest.param(
            bid("Bjørn", 14, "Dina", {"Anne": 0, "Cato": 0}),
            {"deal": "full-deck"},
            "the bid must be from 5 to 13, or amerikaner (not 14)",
            id="full-deck-bid-too-high",
        ),
    ],
)
def test_impossible_hand_is_refused(
    hand: dict[str, Any], rules: dict[str, Any], message: str
) -> None:
    with pytest.raises(RuleError) as caught:
        scored("amerikaner", FOUR, [SIDE_6 | {"bid": 7}, hand], rules=rules, start={})
    assert str(caught.value) == f"hand 2: {message}"


def test_hand_must_be_an_object() -> None:
    with pytest.raises(RuleError, match=r"^hand 1: a hand must be an object"):
        scored("amerikaner", FOUR, [["Anne"]])


def test_names_are_trimmed() -> None:
    game = scored(
        "amerikaner",
        [" Anne", "Bjørn ", "Cato", "Dina"],
        [bid(" Bjørn", 8, "Dina ", {"Anne ": 2, "Cato": 1})],
    )
    assert game["totals"] == {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8}


@pytest.mark.parametrize(
    ("players", "rules", "message"),
    [
        pytest.param(
            ["Anne", "Bjørn"], {}, "Amerikaner is for 3 to 6 players, not 2", id="two-players"
        ),
        pytest.param(
            [*SIX, "Geir"], {}, "Amerikaner is for 3 to 6 players, not 7", id="seven-players"
        ),
        pytest.param(
            FIVE,
            {"deal": "kitty"},
            "the kitty deal is for exactly 4 players, not 5",
            id="kitty-needs-four",
        ),
        pytest.param(
            FOUR,
            {"deal": "blind"},
            "the rule deal must be one of \u201ckitty\u201d, \u201cfull-deck\u201d, not \u201cblind\u201d",
            id="unknown-deal",
        ),
        pytest.param(
            FOUR,
            {"min_bid": 13},
            "the rule min_bid must be from 1 to 12, not 13",
            id="min-bid-above-tricks",
        ),
        pytest.param(
            FOUR, {"min_bid": 0}, "the rule min_bid must be from 1 to 12, not 0", id="min-bid-zero"
        ),
        pytest.param(
            FOUR, {"target": 0}, "the rule target must be at least 1, not 0", id="target-zero"
        ),
        pytest.param(
            FOUR,
            {"target": "52"},
            "the rule target must be a whole number, not \u201c52\u201d",
            id="target-text",
        ),
        pytest.param(
            FOUR,
            {"amerikaner_points": -52},
            "the rule amerikaner_points must be at least 1, not -52",
            id="negative-stake",
        ),
        pytest.param(
            FOUR,
            {"tie_break": "coin"},
            "the rule tie_break must be one of \u201chighest\u201d, \u201cbidding-side\u201d, \u201cshared\u201d, not \u201ccoin\u201d",
            id="unknown-tie-break",
        ),
        pytest.param(
            FOUR,
            {"amerikaner_wins": 1},
            "the rule amerikaner_wins must be true or false, not 1",
            id="flag-not-bool",
        ),
        pytest.param(
            FOUR,
            {"bidder_doubles": True},
            "amerikaner has no rule \u201cbidder_doubles\u201d",
            id="unknown-rule",
        ),
    ],
)
def test_impossible_table_is_refused(
    players: list[str], rules: dict[str, Any], message: str
) -> None:
    with pytest.raises(RuleError) as caught:
        scored("amerikaner", players, [], rules=rules)
    assert str(caught.value) == message
    assert caught.value.hand is None


def test_null_means_left_out_for_optional_inputs() -> None:
    # "redeal": null and "partner": null are the same as leaving them out.
    hand = bid("Bjørn", 7, None, {"Anne": 1, "Cato": 2, "Dina": 1}) | {
        "redeal": None,
        "partner": None,
    }
    assert points(FOUR, hand) == ({"Anne": 1, "Bjørn": 7, "Cato": 2, "Dina": 1}, True)


@pytest.mark.parametrize(
    ("players", "deal", "help"),
    [
        (FOUR, None, "“Alone” when the called card was in the kitty: the bidder plays alone."),
        # Five players take 10 tricks each: two cards are the blind.
        (
            [*FOUR, "Eli"],
            None,
            "“Alone” when the called card was in the blind: the bidder plays alone.",
        ),
        # Four players with the whole deck hold every card: nothing is left over.
        (
            FOUR,
            "full-deck",
            "“Alone” when the bidder held the called card: the bidder plays alone.",
        ),
    ],
)
def test_the_partners_help_says_where_the_called_card_can_be(
    players: list[str], deal: str | None, help: str
) -> None:
    table = make_table("amerikaner", players, rules={"deal": deal})
    partner = next(i for i in get_game("amerikaner").inputs(table) if i.name == "partner")
    assert partner.help is not None and partner.help.render() == help
