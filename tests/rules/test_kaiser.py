"""Kaiser scoring through the game file, every line of the spec, worked out by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "Kaiser" and "Errors". Seating: Ann, Bo, Cy, Di (clockwise); partners sit
opposite, so the teams are Us = Ann & Cy (seats 1 and 3) and Them = Bo & Di.

Defaults: min_bid 7, target 52, bid_out 52 - 7 = 45, win_needs_bid true, lose_at null,
negative_at_bid_out true, no_trump_62 false. Hand points: tricks, +5 for the 5 of hearts,
-3 for the 3 of spades; the two teams' hand points add up to 8 + 5 - 3 = 10.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from games import gamefile
from games.rules import get_game, make_table, play
from tests.factories import game_file, refused

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
TEAMS = {"Us": ["Ann", "Cy"], "Them": ["Bo", "Di"]}
US, THEM = "Us", "Them"
BIDDERS_TEAM = {"Ann": US, "Cy": US, "Bo": THEM, "Di": THEM}
NT = True  # readability in tables


def doc(
    hands: list[Any],
    *,
    rules: dict[str, Any] | None = None,
    start: dict[str, int] | None = None,
    teams: dict[str, Any] = TEAMS,
) -> dict[str, Any]:
    return game_file("kaiser", PLAYERS, hands, teams=teams, rules=rules, start=start)


def score(hands: list[Any], **kwargs: Any) -> dict[str, Any]:
    return gamefile.score_document(doc(hands, **kwargs))


def h(
    bidder: str,
    bid: int,
    us: int,
    hearts: str,
    spades: str,
    no_trump: bool | None = None,
    dealer: str = "Di",
) -> dict[str, Any]:
    """A numeric-bid hand: Us took `us` tricks, Them the other 8 - us."""
    hand: dict[str, Any] = {
        "dealer": dealer,
        "bidder": bidder,
        "bid": bid,
        "tricks": {US: us, THEM: 8 - us},
        "five_hearts": hearts,
        "three_spades": spades,
    }
    if no_trump is not None:
        hand["no_trump"] = no_trump
    return hand


def kaiser(bidder: str, made: bool, dealer: str = "Di") -> dict[str, Any]:
    return {"dealer": dealer, "bidder": bidder, "kaiser": True, "made": made}


def redeal(dealer: str = "Di") -> dict[str, Any]:
    return {"dealer": dealer, "redeal": True}


# --- One hand from zero: hand points, made / failed, no trump ------------------------------


@pytest.mark.parametrize(
    ("rules", "hand", "points", "made"),
    [
        # Us 7 + 5 = 12 >= 7: +12. Them 1 - 3 = -2 (1 trick + 3 of spades): scores its -2.
        pytest.param(
            None, h("Ann", 7, 7, US, THEM), {US: 12, THEM: -2}, True, id="made-other-negative"
        ),
        # Us 6 - 3 = 3 < 7: -7. Them 2 + 5 = 7: +7.
        pytest.param(None, h("Ann", 7, 6, THEM, US), {US: -7, THEM: 7}, False, id="failed"),
        # All 8 tricks and both cards: 8 + 5 - 3 = 10 >= 8; Them took nothing: 0.
        pytest.param(None, h("Ann", 8, 8, US, US), {US: 10, THEM: 0}, True, id="all-tricks"),
        # Us 5 + 5 - 3 = 7 < 9: -9. Them 3: +3.
        pytest.param(
            None, h("Ann", 9, 5, US, US), {US: -9, THEM: 3}, False, id="failed-both-cards"
        ),
        # Us 4 + 5 = 9 = bid: made exactly, +9. Them 4 - 3 = 1.
        pytest.param(None, h("Ann", 9, 4, US, THEM), {US: 9, THEM: 1}, True, id="made-exactly"),
        # Us 4 + 5 = 9 < 10: one short, -10. Them 1.
        pytest.param(None, h("Ann", 10, 4, US, THEM), {US: -10, THEM: 1}, False, id="one-short"),
        # Us 5 plain tricks < 7: -7. Them 3 + 5 - 3 = 5.
        pytest.param(
            None, h("Ann", 7, 5, THEM, THEM), {US: -7, THEM: 5}, False, id="failed-no-cards"
        ),
        # Us 7 plain = 7: made, +7 (overtricks are points too, here none). Them 1 + 5 - 3 = 3.
        pytest.param(None, h("Ann", 7, 7, THEM, THEM), {US: 7, THEM: 3}, True, id="made-no-cards"),
        # Highest bid 12: 7 + 5 = 12 made. Them 1 - 3 = -2.
        pytest.param(None, h("Ann", 12, 7, US, THEM), {US: 12, THEM: -2}, True, id="bid-12-made"),
        # 12 needs the 5 of hearts without the 3 of spades: 8 + 5 - 3 = 10 < 12: -12.
        pytest.param(None, h("Ann", 12, 8, US, US), {US: -12, THEM: 0}, False, id="bid-12-failed"),
        # Bidding team 1 trick + 3 of spades = -2: fails, loses the bid 7. Them 7 + 5 = 12.
        pytest.param(
            None, h("Ann", 7, 1, THEM, US), {US: -7, THEM: 12}, False, id="bidders-negative"
        ),
        # Overtricks count: bid 7, points 11 -> +11 (scores its points, not the bid).
        pytest.param(None, h("Ann", 7, 6, US, THEM), {US: 11, THEM: -1}, True, id="overtricks"),
        # No trump doubles: 6 + 5 = 11 >= 7 -> +22. Them 2 - 3 = -1 (not doubled).
        pytest.param(
            None, h("Ann", 7, 6, US, THEM, NT), {US: 22, THEM: -1}, True, id="no-trump-made"
        ),
        # No trump failed: 3 - 3 = 0 < 8 -> -2 * 8 = -16. Them 5 + 5 = 10 (not doubled).
        pytest.param(
            None, h("Ann", 8, 3, THEM, US, NT), {US: -16, THEM: 10}, False, id="no-trump-failed"
        ),
        # No trump made exactly: 5 + 5 = 10 -> +20. Them 3 - 3 = 0.
        pytest.param(
            None, h("Ann", 10, 5, US, THEM, NT), {US: 20, THEM: 0}, True, id="no-trump-made-exactly"
        ),
        # No trump 12 failed: 10 < 12 -> -24.
        pytest.param(
            None, h("Ann", 12, 8, US, US, NT), {US: -24, THEM: 0}, False, id="no-trump-12-failed"
        ),
        # no_trump false given explicitly: same as left out.
        pytest.param(
            None, h("Ann", 7, 7, US, THEM, False), {US: 12, THEM: -2}, True, id="no-trump-false"
        ),
        # Them bids: 5 + 5 = 10 >= 7 -> +10; Us 3 - 3 = 0.
        pytest.param(None, h("Bo", 7, 3, THEM, US), {US: 0, THEM: 10}, True, id="them-bid-made"),
        # Them bids 9: 3 - 3 = 0 < 9 -> -9; Us 5 + 5 = 10.
        pytest.param(
            None, h("Di", 9, 5, US, THEM), {US: 10, THEM: -9}, False, id="them-bid-failed"
        ),
        # Cy bids for Us (seat 3): 6 + 5 = 11 >= 8 -> +11; Them 2 - 3 = -1.
        pytest.param(None, h("Cy", 8, 6, US, THEM), {US: 11, THEM: -1}, True, id="partner-bids"),
        # All passed: the dealer's forced bid is just a bid. Di bids 7: Them 4 - 3 = 1 -> -7; Us 4 + 5 = 9.
        pytest.param(
            None,
            h("Di", 7, 4, US, THEM, dealer="Di"),
            {US: 9, THEM: -7},
            False,
            id="dealer-forced-bid",
        ),
        # min_bid 5: a bid of 5 is allowed; Us 5 = 5 made; Them 3 + 5 - 3 = 5.
        pytest.param(
            {"min_bid": 5}, h("Ann", 5, 5, THEM, THEM), {US: 5, THEM: 5}, True, id="min-bid-5"
        ),
        # min_bid 8: a bid of 8 is allowed; 6 + 5 - 3 = 8 made; Them 2.
        pytest.param(
            {"min_bid": 8}, h("Ann", 8, 6, US, US), {US: 8, THEM: 2}, True, id="min-bid-8"
        ),
    ],
)
def test_one_hand(
    rules: dict[str, Any] | None, hand: dict[str, Any], points: dict[str, int], made: bool
) -> None:
    result = score([hand], rules=rules)
    scored = result["hands"][0]
    assert scored["points"] == points
    assert scored["totals"] == points  # from zero
    assert scored["made"] is made  # made: the bidding team's points reach the bid
    assert result["totals"] == points
    assert result["winners"] == []
    assert result["finished"] is False


def _spec_hand(
    bidder_team: str, bid: int, no_trump: bool, us: int, hearts: str, spades: str
) -> tuple[dict[str, int], bool]:
    """The Kaiser scoring paragraph of the spec, written out (nobody at bid-out)."""
    tricks = {US: us, THEM: 8 - us}
    hand_points = {
        t: tricks[t] + (5 if hearts == t else 0) - (3 if spades == t else 0) for t in (US, THEM)
    }
    assert sum(hand_points.values()) == 10  # "the two teams' points add up to 10"
    other = THEM if bidder_team == US else US
    k = 2 if no_trump else 1
    made = hand_points[bidder_team] >= bid
    return {
        bidder_team: k * hand_points[bidder_team] if made else -k * bid,
        other: hand_points[other],
    }, made


@pytest.mark.parametrize(
    ("bidder", "no_trump"),
    [
        pytest.param(b, nt, id=f"{b}-{'nt' if nt else 'trump'}")
        for b in ("Ann", "Bo")
        for nt in (False, True)
    ],
)
def test_every_deal_of_the_cards(bidder: str, no_trump: bool) -> None:
    # Every split of the 8 tricks, every holder of the two cards, every bid 7..12.
    for us, hearts, spades, bid in itertools.product(
        range(9), (US, THEM), (US, THEM), range(7, 13)
    ):
        hand = h(bidder, bid, us, hearts, spades, no_trump)
        tricks = {US: us, THEM: 8 - us}
        if tricks[hearts] == 0 or tricks[spades] == 0:
            # "A team that took no trick cannot have taken the 5 of hearts or the 3 of spades."
            exc = refused(doc([hand]))
            assert str(exc).startswith("hand 1: ")
            continue
        points, made = _spec_hand(BIDDERS_TEAM[bidder], bid, no_trump, us, hearts, spades)
        scored = score([hand])["hands"][0]
        assert (scored["points"], scored["made"]) == (points, made), hand


# --- Bid-out ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "start", "hand", "points"),
    [
        # Them at 45 = 52 - 7 (default bid-out): its +3 is not scored.
        pytest.param(
            None, {THEM: 45}, h("Ann", 7, 5, US, US), {US: 7, THEM: 0}, id="at-default-bid-out"
        ),
        # Them at 44, below bid-out: scores its 3.
        pytest.param(
            None, {THEM: 44}, h("Ann", 7, 5, US, US), {US: 7, THEM: 3}, id="below-default-bid-out"
        ),
        # Far above bid-out: still nothing gained.
        pytest.param(
            None, {THEM: 51}, h("Ann", 7, 5, US, US), {US: 7, THEM: 0}, id="above-bid-out"
        ),
        # At bid-out, bidders failed: Them's 3 still not scored (gains only from its own bids).
        pytest.param(
            None,
            {THEM: 45},
            h("Ann", 9, 5, US, US),
            {US: -9, THEM: 0},
            id="at-bid-out-bidders-fail",
        ),
        # At bid-out, negative hand points (1 - 3 = -2): still lost (negative_at_bid_out default true).
        pytest.param(
            None, {THEM: 45}, h("Ann", 7, 7, US, THEM), {US: 12, THEM: -2}, id="at-bid-out-negative"
        ),
        # negative_at_bid_out false: the -2 is not lost either.
        pytest.param(
            {"negative_at_bid_out": False},
            {THEM: 45},
            h("Ann", 7, 7, US, THEM),
            {US: 12, THEM: 0},
            id="negative-off",
        ),
        # negative_at_bid_out false only matters at bid-out: at 44 the -2 is scored.
        pytest.param(
            {"negative_at_bid_out": False},
            {THEM: 44},
            h("Ann", 7, 7, US, THEM),
            {US: 12, THEM: -2},
            id="negative-off-below",
        ),
        # negative_at_bid_out true explicitly, positive points: nothing gained.
        pytest.param(
            {"negative_at_bid_out": True},
            {THEM: 45},
            h("Ann", 7, 5, US, US),
            {US: 7, THEM: 0},
            id="negative-on-positive",
        ),
        # Explicit bid_out 30: at 30 nothing gained, at 29 the 3 is scored.
        pytest.param(
            {"bid_out": 30}, {THEM: 30}, h("Ann", 7, 5, US, US), {US: 7, THEM: 0}, id="explicit-at"
        ),
        pytest.param(
            {"bid_out": 30},
            {THEM: 29},
            h("Ann", 7, 5, US, US),
            {US: 7, THEM: 3},
            id="explicit-below",
        ),
        # min_bid 8: default bid-out 52 - 8 = 44. 6 + 5 - 3 = 8 made; Them 2.
        pytest.param(
            {"min_bid": 8},
            {THEM: 44},
            h("Ann", 8, 6, US, US),
            {US: 8, THEM: 0},
            id="min-bid-8-at-44",
        ),
        pytest.param(
            {"min_bid": 8},
            {THEM: 43},
            h("Ann", 8, 6, US, US),
            {US: 8, THEM: 2},
            id="min-bid-8-below-44",
        ),
        # target 60: default bid-out 60 - 7 = 53.
        pytest.param(
            {"target": 60},
            {THEM: 53},
            h("Ann", 7, 5, US, US),
            {US: 7, THEM: 0},
            id="target-60-at-53",
        ),
        pytest.param(
            {"target": 60},
            {THEM: 52},
            h("Ann", 7, 5, US, US),
            {US: 7, THEM: 3},
            id="target-60-below-53",
        ),
        # target 60, min_bid 9: bid-out 51. 7 + 5 - 3 = 9 made; Them 1.
        pytest.param(
            {"target": 60, "min_bid": 9},
            {THEM: 51},
            h("Ann", 9, 7, US, US),
            {US: 9, THEM: 0},
            id="t60-m9-at-51",
        ),
        pytest.param(
            {"target": 60, "min_bid": 9},
            {THEM: 50},
            h("Ann", 9, 7, US, US),
            {US: 9, THEM: 1},
            id="t60-m9-below-51",
        ),
        # The bidding team at bid-out still scores its own bid (made and failed).
        pytest.param(
            {"bid_out": 30},
            {US: 30},
            h("Ann", 7, 5, US, US),
            {US: 7, THEM: 3},
            id="bidders-at-bid-out-made",
        ),
        pytest.param(
            None,
            {US: 45},
            h("Ann", 9, 5, US, US),
            {US: -9, THEM: 3},
            id="bidders-at-bid-out-failed",
        ),
        pytest.param(
            None,
            {US: 45},
            h("Ann", 8, 3, THEM, US, NT),
            {US: -16, THEM: 10},
            id="bidders-at-bid-out-nt-failed",
        ),
        # Both at bid-out: Them bids 7, 5 + 5 = 10 -> +10; Us 3 - 3 = 0 -> 0.
        pytest.param(
            None,
            {US: 45, THEM: 45},
            h("Bo", 7, 3, THEM, US),
            {US: 0, THEM: 10},
            id="both-at-bid-out",
        ),
        # Them bids while Us is at bid-out: Us 5 + 5 = 10 not gained; Them 0 < 9 -> -9.
        pytest.param(
            None, {US: 45}, h("Di", 9, 5, US, THEM), {US: 0, THEM: -9}, id="us-at-bid-out-them-fail"
        ),
    ],
)
def test_bid_out(
    rules: dict[str, Any] | None,
    start: dict[str, int],
    hand: dict[str, Any],
    points: dict[str, int],
) -> None:
    result = score([hand], rules=rules, start=start)
    assert result["hands"][0]["points"] == points
    totals = {team: start.get(team, 0) + points[team] for team in (US, THEM)}
    assert result["totals"] == totals


# --- Who wins: target, win_needs_bid, lose_at -------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "start", "hands", "totals", "winners"),
    [
        # The bidding team reaches 52 exactly: 45 + 7 = 52. Them 3.
        pytest.param(
            None,
            {US: 45},
            [h("Ann", 7, 5, US, US)],
            {US: 52, THEM: 3},
            [US],
            id="bidders-reach-target",
        ),
        # 44 + 7 = 51 < 52: not yet.
        pytest.param(
            None, {US: 44}, [h("Ann", 7, 5, US, US)], {US: 51, THEM: 3}, [], id="bidders-one-short"
        ),
        # No trump doubles into the target: 38 + 14 = 52.
        pytest.param(
            None,
            {US: 38},
            [h("Ann", 7, 5, US, US, NT)],
            {US: 52, THEM: 3},
            [US],
            id="no-trump-reaches",
        ),
        # target 30: 25 + 7 = 32 >= 30.
        pytest.param(
            {"target": 30},
            {US: 25},
            [h("Ann", 7, 5, US, US)],
            {US: 32, THEM: 3},
            [US],
            id="target-30",
        ),
        # win_needs_bid (default): Them 44 + 10 = 54 >= 52 but did not bid -> no winner. Us 0 < 12: -12.
        pytest.param(
            None,
            {THEM: 44},
            [h("Ann", 12, 0, THEM, THEM)],
            {US: -12, THEM: 54},
            [],
            id="needs-bid-other-over",
        ),
        # Same with win_needs_bid false: any team at or above the target wins.
        pytest.param(
            {"win_needs_bid": False},
            {THEM: 44},
            [h("Ann", 12, 0, THEM, THEM)],
            {US: -12, THEM: 54},
            [THEM],
            id="any-team-other-over",
        ),
        # win_needs_bid, bid_out 100 so the other team gains: Them 50 + 3 = 53 but did not bid;
        # then Them bids, 5 + 5 - 3 = 7 -> 60: now the bidding team is over. Us 7 + 3 = 10.
        pytest.param(
            {"bid_out": 100},
            {THEM: 50},
            [h("Ann", 7, 5, US, US), h("Bo", 7, 3, THEM, THEM)],
            {US: 10, THEM: 60},
            [THEM],
            id="needs-bid-then-bids",
        ),
        pytest.param(
            {"bid_out": 100},
            {THEM: 50},
            [h("Ann", 7, 5, US, US)],
            {US: 7, THEM: 53},
            [],
            id="needs-bid-over-not-bidding",
        ),
        # win_needs_bid false, both over: the bidding team first. Us 50 + 7 = 57, Them 50 + 3 = 53.
        pytest.param(
            {"win_needs_bid": False, "bid_out": 100},
            {US: 50, THEM: 50},
            [h("Ann", 7, 5, US, US)],
            {US: 57, THEM: 53},
            [US],
            id="both-over-us-bid",
        ),
        # ... even when the bidding team has the lower total: Us 60 + 3 = 63, Them 50 + 7 = 57.
        pytest.param(
            {"win_needs_bid": False, "bid_out": 100},
            {US: 60, THEM: 50},
            [h("Bo", 7, 3, THEM, THEM)],
            {US: 63, THEM: 57},
            [THEM],
            id="both-over-them-bid-lower",
        ),
        # Literal reading: "the bidding team wins if its total after the hand is at or above the
        # target", even on a failed bid: 70 - 7 = 63 >= 52 (Us 5 plain tricks < 7). Them 3 + 5 - 3 = 5.
        pytest.param(
            None,
            {US: 70},
            [h("Ann", 7, 5, THEM, THEM)],
            {US: 63, THEM: 5},
            [US],
            id="bidders-over-after-failing",
        ),
        # win_needs_bid false, only the bidders over: 45 + 7 = 52.
        pytest.param(
            {"win_needs_bid": False},
            {US: 45},
            [h("Ann", 7, 5, US, US)],
            {US: 52, THEM: 3},
            [US],
            id="any-team-bidders-over",
        ),
        # lose_at -52: Us -45 fails 7 (4 - 3 = 1) -> -52, at lose_at -> the other team wins. Them 4 + 5 = 9.
        pytest.param(
            {"lose_at": -52},
            {US: -45},
            [h("Ann", 7, 4, THEM, US)],
            {US: -52, THEM: 9},
            [THEM],
            id="lose-at-bidders",
        ),
        pytest.param(
            {"lose_at": -52},
            {US: -44},
            [h("Ann", 7, 4, THEM, US)],
            {US: -51, THEM: 9},
            [],
            id="lose-at-not-yet",
        ),
        # The other team falls: Them -50 + (1 - 3) = -52 -> Us wins. Us 7 + 5 = 12.
        pytest.param(
            {"lose_at": -52},
            {THEM: -50},
            [h("Ann", 7, 7, US, THEM)],
            {US: 12, THEM: -52},
            [US],
            id="lose-at-other",
        ),
        # Both at or below: the bidding team loses, even though it is not the lowest.
        # Them bid 12, 6 + 5 = 11 < 12 -> -40 - 12 = -52; Us 2 - 3 = -1 -> -61.
        pytest.param(
            {"lose_at": -52},
            {US: -60, THEM: -40},
            [h("Bo", 12, 2, THEM, US)],
            {US: -61, THEM: -52},
            [US],
            id="lose-at-both-bidders-lose",
        ),
        # Both at or below, the bidding team lowest: Us bid 12, 6 + 5 = 11 -> -45 - 12 = -57; Them -51 + (2 - 3) = -52.
        pytest.param(
            {"lose_at": -52},
            {US: -45, THEM: -51},
            [h("Ann", 12, 6, US, THEM)],
            {US: -57, THEM: -52},
            [THEM],
            id="lose-at-both-bidders-lowest",
        ),
        # lose_at -20: -10 - 10 = -20 (4 + 5 = 9 < 10). Them 4 - 3 = 1.
        pytest.param(
            {"lose_at": -20},
            {US: -10},
            [h("Ann", 10, 4, US, THEM)],
            {US: -20, THEM: 1},
            [THEM],
            id="lose-at-20",
        ),
        # lose_at null (default): nobody ever loses by falling.
        pytest.param(
            None,
            {US: -1000},
            [h("Ann", 7, 4, THEM, US)],
            {US: -1007, THEM: 9},
            [],
            id="lose-at-null",
        ),
        pytest.param(
            {"lose_at": None},
            {US: -1000},
            [h("Ann", 7, 4, THEM, US)],
            {US: -1007, THEM: 9},
            [],
            id="lose-at-null-explicit",
        ),
    ],
)
def test_winners(
    rules: dict[str, Any] | None,
    start: dict[str, int],
    hands: list[Any],
    totals: dict[str, int],
    winners: list[str],
) -> None:
    result = score(hands, rules=rules, start=start)
    assert result["totals"] == totals
    assert result["hands"][-1]["totals"] == totals
    assert result["winners"] == winners
    assert result["finished"] is bool(winners)


# --- no_trump_62 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "start", "hands", "totals", "winners"),
    [
        # Made no trump: +14 -> 54. Without the house rule 54 >= 52 wins ...
        pytest.param(
            None, {US: 40}, [h("Ann", 7, 5, US, US, NT)], {US: 54, THEM: 3}, [US], id="off-54-wins"
        ),
        # ... with it the target is 62 from that hand on, that hand included: 54 < 62.
        pytest.param(
            {"no_trump_62": True},
            {US: 40},
            [h("Ann", 7, 5, US, US, NT)],
            {US: 54, THEM: 3},
            [],
            id="on-target-62-same-hand",
        ),
        # ... and 62 is reached later: 54 + 10 (8 + 5 - 3 >= 8) = 64.
        pytest.param(
            {"no_trump_62": True},
            {US: 40},
            [h("Ann", 7, 5, US, US, NT), h("Ann", 8, 8, US, US)],
            {US: 64, THEM: 3},
            [US],
            id="on-target-62-later",
        ),
        # A failed no trump does not raise: 60 - 16 = 44, Them 5 + 5 - 3 = 7; then 44 + 10 = 54 >= 52 wins.
        pytest.param(
            {"no_trump_62": True},
            {US: 60},
            [h("Ann", 8, 3, THEM, THEM, NT), h("Ann", 8, 8, US, US)],
            {US: 54, THEM: 7},
            [US],
            id="failed-nt-no-raise",
        ),
        # A second made no trump does not raise again: 20 + 14 = 34 (raise to 62), + 2 * 12 = 58,
        # + 7 = 65 >= 62 wins (it would not against 72). Them 3 - 2 + 3 = 4.
        pytest.param(
            {"no_trump_62": True},
            {US: 20},
            [h("Ann", 7, 5, US, US, NT), h("Ann", 7, 7, US, THEM, NT), h("Ann", 7, 5, US, US)],
            {US: 65, THEM: 4},
            [US],
            id="second-nt-no-second-raise",
        ),
        # The other team's made no trump raises too: Them 7 >= 7 NT -> +14; Us 40 + 3 = 43;
        # then Us 4 + 5 = 9 -> 52 < 62. Them 14 + (4 - 3) = 15.
        pytest.param(
            {"no_trump_62": True},
            {US: 40},
            [h("Bo", 7, 3, THEM, THEM, NT), h("Ann", 9, 4, US, THEM)],
            {US: 52, THEM: 15},
            [],
            id="them-nt-raises",
        ),
        # Same hands without the house rule: 52 wins.
        pytest.param(
            None,
            {US: 40},
            [h("Bo", 7, 3, THEM, THEM, NT), h("Ann", 9, 4, US, THEM)],
            {US: 52, THEM: 15},
            [US],
            id="them-nt-off",
        ),
    ],
)
def test_no_trump_62_target(
    rules: dict[str, Any] | None,
    start: dict[str, int],
    hands: list[Any],
    totals: dict[str, int],
    winners: list[str],
) -> None:
    result = score(hands, rules=rules, start=start)
    assert result["totals"] == totals
    assert result["winners"] == winners
    assert result["finished"] is bool(winners)


@pytest.mark.parametrize(
    ("rules", "start", "hands", "them_points"),
    [
        # Them at 50 >= 45: without the rule a made no trump leaves Them's 3 unscored.
        pytest.param(None, {THEM: 50}, [h("Ann", 7, 5, US, US, NT)], [0], id="off"),
        # With it, bid-out is 55 on that very hand: 50 < 55, Them scores its 3.
        pytest.param(
            {"no_trump_62": True},
            {THEM: 50},
            [h("Ann", 7, 5, US, US, NT)],
            [3],
            id="raised-on-that-hand",
        ),
        # An explicit bid_out rises too: 30 -> 40; Them 35 < 40 scores 3 (without the rule: 0).
        pytest.param(
            {"no_trump_62": True, "bid_out": 30},
            {THEM: 35},
            [h("Ann", 7, 5, US, US, NT)],
            [3],
            id="explicit-raised",
        ),
        pytest.param(
            {"bid_out": 30}, {THEM: 35}, [h("Ann", 7, 5, US, US, NT)], [0], id="explicit-not-raised"
        ),
        # A failed no trump raises nothing: Them 50 >= 45, its 5 + 5 - 3 = 7 not scored.
        pytest.param(
            {"no_trump_62": True}, {THEM: 50}, [h("Ann", 8, 3, THEM, THEM, NT)], [0], id="failed-nt"
        ),
        # The raise lasts: 50 < 55 scores 3 -> 53; 53 < 55 scores 3 -> 56; then 56 >= 55: 0.
        pytest.param(
            {"no_trump_62": True},
            {THEM: 50},
            [h("Ann", 7, 5, US, US, NT), h("Ann", 7, 5, US, US), h("Ann", 7, 5, US, US)],
            [3, 3, 0],
            id="raise-lasts",
        ),
        # Raised once only: bid_out 30 -> 40 after the first made NT, not 50 after the second.
        # Them 35 + 3 = 38, 38 + 3 = 41 (38 < 40), then 41 >= 40: 0 (it would score against 50).
        pytest.param(
            {"no_trump_62": True, "bid_out": 30},
            {THEM: 35},
            [h("Ann", 7, 5, US, US, NT), h("Ann", 7, 5, US, US, NT), h("Ann", 7, 5, US, US)],
            [3, 3, 0],
            id="bid-out-raised-once",
        ),
    ],
)
def test_no_trump_62_bid_out(
    rules: dict[str, Any] | None, start: dict[str, int], hands: list[Any], them_points: list[int]
) -> None:
    result = score(hands, rules=rules, start=start)
    assert [hand["points"][THEM] for hand in result["hands"]] == them_points


# --- The kaiser bid ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "hands", "winners", "made"),
    [
        # Made: won by the bidding team; not made: by the other team.
        pytest.param(None, [kaiser("Ann", True)], [US], True, id="us-made"),
        pytest.param(None, [kaiser("Ann", False)], [THEM], False, id="us-not-made"),
        pytest.param(None, [kaiser("Bo", True)], [THEM], True, id="them-made"),
        pytest.param(None, [kaiser("Di", False)], [US], False, id="them-not-made"),
        pytest.param(None, [kaiser("Cy", True, dealer="Cy")], [US], True, id="dealer-bids-kaiser"),
        # Decides at once whatever the totals: Us far behind still wins.
        pytest.param({US: -30, THEM: 50}, [kaiser("Ann", True)], [US], True, id="behind-wins"),
        # After ordinary hands (no winner yet): 7 + 3 = 10 / 3 + 7 = 10, then the kaiser bid.
        pytest.param(
            None,
            [h("Ann", 7, 5, US, US), h("Bo", 7, 3, THEM, THEM), kaiser("Bo", False)],
            [US],
            False,
            id="after-hands",
        ),
    ],
)
def test_kaiser_bid(
    start: dict[str, int] | None, hands: list[Any], winners: list[str], made: bool
) -> None:
    result = score(hands, start=start)
    last = result["hands"][-1]
    before = result["hands"][-2]["totals"] if len(hands) > 1 else {US: 0, THEM: 0, **(start or {})}
    assert last["points"] == {US: 0, THEM: 0}  # "it scores no points"; every team listed
    assert last["totals"] == before
    assert last["made"] is made  # "for the kaiser bid: its made"
    assert result["winners"] == winners
    assert result["finished"] is True


# --- Redeal, start, empty game, order ----------------------------------------------------------


def test_redeal() -> None:
    result = score([h("Ann", 7, 5, US, US), redeal("Ann"), h("Bo", 7, 3, THEM, THEM)])
    again = result["hands"][1]
    assert again["points"] == {}  # {} for a redeal
    assert again["totals"] == {US: 7, THEM: 3}  # unchanged
    assert "made" not in again
    assert result["totals"] == {US: 10, THEM: 10}  # 7 + 3, 3 + 7


def test_no_hands() -> None:
    result = score([], start={THEM: 12})
    assert result["totals"] == {US: 0, THEM: 12}
    assert result["winners"] == []
    assert result["finished"] is False


def test_no_hands_no_start_even_over_target() -> None:
    # "A game with no hands has its start totals, no winners and is not finished."
    result = score([], start={US: 60}, rules={"win_needs_bid": False})
    assert result["totals"] == {US: 60, THEM: 0}
    assert result["winners"] == []
    assert result["finished"] is False


def test_teams_in_seating_order() -> None:
    teams = {THEM: ["Di", "Bo"], US: ["Cy", "Ann"]}
    result = score([h("Ann", 7, 5, US, US)], teams=teams, start={US: 45})
    assert list(result["totals"]) == [US, THEM]  # team of seat 1 (Ann) first
    assert list(result["hands"][0]["points"]) == [US, THEM]
    assert list(result["hands"][0]["totals"]) == [US, THEM]
    assert result["winners"] == [US]  # 45 + 7 = 52


# --- A hand after the game was won -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "number"),
    [
        pytest.param([h("Ann", 7, 5, US, US), h("Ann", 7, 5, US, US)], 2, id="after-target"),
        pytest.param([h("Ann", 7, 5, US, US), redeal()], 2, id="redeal-after-target"),
        pytest.param([kaiser("Ann", True), h("Ann", 7, 5, US, US)], 2, id="after-kaiser-made"),
        pytest.param([redeal(), kaiser("Bo", False), redeal()], 3, id="redeal-after-kaiser-failed"),
    ],
)
def test_hand_after_the_game_was_won(hands: list[Any], number: int) -> None:
    exc = refused(doc(hands, start={US: 45}))  # 45 + 7 = 52 wins on the first numeric hand
    assert str(exc).startswith(f"hand {number}: ")
    assert exc.hand == number
    assert "won" in str(exc)


# --- Errors in a hand --------------------------------------------------------------------------


def _with(hand: dict[str, Any], **changes: Any) -> dict[str, Any]:
    new = {**hand, **changes}
    return {k: v for k, v in new.items() if v is not _DROP}


_DROP: Any = object()
GOOD = h("Ann", 7, 5, US, US)


@pytest.mark.parametrize(
    ("rules", "bad", "field", "words"),
    [
        # min_bid 7
        pytest.param(None, _with(GOOD, bid=6), "bid", "6", id="bid-below-min"),
        # n <= 12
        pytest.param(None, _with(GOOD, bid=13), "bid", "13", id="bid-above-12"),
        pytest.param({"min_bid": 8}, _with(GOOD, bid=7), "bid", "7", id="bid-below-min-8"),
        pytest.param(None, _with(GOOD, bid=_DROP), "bid", "bid", id="bid-missing"),
        pytest.param(None, _with(GOOD, bid="seven"), "bid", "seven", id="bid-not-a-number"),
        # "the tricks adding up to 8"
        pytest.param(None, _with(GOOD, tricks={US: 5, THEM: 4}), "tricks", "9", id="tricks-9"),
        pytest.param(None, _with(GOOD, tricks={US: 4, THEM: 3}), "tricks", "7", id="tricks-7"),
        # Both teams listed.
        pytest.param(
            None,
            _with(GOOD, tricks={US: 8}, three_spades=US, five_hearts=US),
            "tricks",
            THEM,
            id="tricks-team-missing",
        ),
        pytest.param(
            None, _with(GOOD, tricks={US: 4, "Zed": 4}), "tricks", "Zed", id="tricks-unknown-team"
        ),
        pytest.param(
            None, _with(GOOD, tricks={US: 9, THEM: -1}), "tricks", "-1", id="tricks-negative"
        ),
        pytest.param(None, _with(GOOD, tricks=_DROP), "tricks", "trick", id="tricks-missing"),
        # A team that took no trick cannot have the 5 of hearts / the 3 of spades.
        pytest.param(None, h("Ann", 7, 8, THEM, US), "five_hearts", "heart", id="hearts-no-trick"),
        pytest.param(None, h("Ann", 7, 8, US, THEM), "three_spades", "spade", id="spades-no-trick"),
        pytest.param(
            None, h("Ann", 7, 0, US, THEM), "five_hearts", "heart", id="bidders-no-trick-hearts"
        ),
        # 0 tricks with the 3 of spades is impossible (there is no -3 team).
        pytest.param(
            None, h("Bo", 7, 0, THEM, US), "three_spades", "spade", id="zero-tricks-spades"
        ),
        pytest.param(
            None,
            _with(GOOD, five_hearts="Ann"),
            "five_hearts",
            "Ann",
            id="hearts-a-player-not-a-team",
        ),
        pytest.param(
            None, _with(GOOD, five_hearts=_DROP), "five_hearts", "heart", id="hearts-missing"
        ),
        pytest.param(
            None, _with(GOOD, three_spades=_DROP), "three_spades", "spade", id="spades-missing"
        ),
        pytest.param(None, _with(GOOD, dealer=_DROP), "dealer", "dealer", id="dealer-missing"),
        pytest.param(None, _with(GOOD, dealer="Zed"), "dealer", "Zed", id="dealer-unknown"),
        pytest.param(None, _with(GOOD, bidder="Zed"), "bidder", "Zed", id="bidder-unknown"),
        pytest.param(None, _with(GOOD, bidder=_DROP), "bidder", "bidder", id="bidder-missing"),
        pytest.param(
            None, _with(GOOD, no_trump="yes"), "no_trump", "trump", id="no-trump-not-a-flag"
        ),
        pytest.param(
            None,
            {"dealer": "Di", "bidder": "Ann", "kaiser": True},
            "made",
            "made",
            id="kaiser-made-missing",
        ),
        pytest.param(
            None,
            {**kaiser("Ann", True), "made": "yes"},
            "made",
            "made",
            id="kaiser-made-not-a-flag",
        ),
        pytest.param(None, {"redeal": True}, "dealer", "dealer", id="redeal-without-dealer"),
        pytest.param(
            None,
            {"bidder": "Ann", "kaiser": True, "made": True},
            "dealer",
            "dealer",
            id="kaiser-without-dealer",
        ),
    ],
)
def test_bad_hand(
    rules: dict[str, Any] | None, bad: dict[str, Any], field: str, words: str
) -> None:
    # Two good hands first (no winner; a bid of 8 suits every min_bid here): the bad one is hand 3.
    exc = refused(doc([h("Ann", 8, 6, US, US), redeal(), bad], rules=rules))
    assert str(exc).startswith("hand 3: ")
    assert exc.hand == 3
    assert exc.field == field
    assert words in str(exc)


def test_tricks_message_from_the_brief() -> None:
    exc = refused(doc([GOOD, GOOD, _with(GOOD, tricks={US: 5, THEM: 4})]))
    assert str(exc) == "hand 3: the tricks add up to 9, but a hand has 8 tricks"


@pytest.mark.parametrize(
    ("players", "teams", "words"),
    [
        pytest.param(
            PLAYERS, {"A": ["Ann", "Bo"], "B": ["Cy", "Di"]}, "opposite", id="partners-side-by-side"
        ),
        pytest.param(PLAYERS, {"A": ["Ann", "Cy"], "B": ["Bo", "Zed"]}, "Zed", id="unknown-member"),
        pytest.param(PLAYERS, {"A": ["Ann", "Cy"]}, "two", id="one-team"),
        pytest.param(
            ["Ann", "Bo", "Cy"], {"A": ["Ann", "Cy"], "B": ["Bo"]}, "4", id="three-players"
        ),
        pytest.param([*PLAYERS, "Eve"], TEAMS, "4", id="five-players"),
    ],
)
def test_teams_are_checked(players: list[str], teams: Any, words: str) -> None:
    document = doc([], teams=teams)
    document["players"] = players
    exc = refused(document)
    assert exc.hand is None
    assert words in str(exc)


def test_an_exported_file_reads_back_the_same() -> None:
    # The format is that of export and import: output keys are worked out again, not trusted.
    hands = [h("Ann", 7, 5, US, US, NT), redeal(), h("Bo", 9, 4, US, THEM), kaiser("Cy", False)]
    once = score(hands, start={US: 5}, rules={"no_trump_62": True})
    assert once["winners"] == [THEM]  # the kaiser bid failed: the other team wins
    again = gamefile.score_document(json.loads(json.dumps(once)))
    assert again == once


def test_wrong_output_keys_in_the_input_are_worked_out_again() -> None:
    # Us 7 + 5 = 12 made; the file claims otherwise.
    hand = {**h("Ann", 7, 7, US, THEM), "points": {US: -99}, "totals": {}, "made": False}
    result = gamefile.score_document(
        {**doc([hand]), "totals": {US: 1}, "winners": [THEM], "finished": True}
    )
    assert result["hands"][0]["points"] == {US: 12, THEM: -2}
    assert result["hands"][0]["made"] is True
    assert result["totals"] == {US: 12, THEM: -2}
    assert result["winners"] == []
    assert result["finished"] is False


def test_the_first_no_trump_made_says_the_target_rises() -> None:
    # no_trump_62: Us make 7 no trump (5 tricks + 5 - 3 = 7), the first no trump made; the
    # hand's words say the target and bid-out rise (bid-out 62 - 7 = 55).
    table, hands = gamefile.read(
        doc([h("Ann", 7, 5, US, US, NT)], rules={"no_trump_62": True}, start={US: 40})
    )
    words = [str(text) for text in play(table, hands).hands[0].outcome.explanation]
    assert any("rises to 62" in line and "bid-out to 55" in line for line in words), words


@pytest.mark.parametrize(
    ("start", "hand", "reasons"),
    [
        (
            {},
            h("Ann", 7, 5, US, THEM),
            {
                US: "5 tricks, +5 for the 5 of hearts: 10 points. Bid 7: made.",
                THEM: "3 tricks, -3 for the 3 of spades: 0 points.",
            },
        ),
        (
            {},
            h("Bo", 9, 4, US, US),
            {
                US: "4 tricks, +5 for the 5 of hearts, -3 for the 3 of spades: 6 points.",
                THEM: "4 tricks: 4 points. Bid 9: failed.",
            },
        ),
        (
            {},
            h("Ann", 8, 6, US, THEM, no_trump=True),
            {
                US: "6 tricks, +5 for the 5 of hearts: 11 points. Bid 8 no trump: made, doubled.",
                THEM: "2 tricks, -3 for the 3 of spades: -1 point.",
            },
        ),
        (
            {},
            h("Ann", 9, 5, US, US, no_trump=True),
            {
                US: "5 tricks, +5 for the 5 of hearts, -3 for the 3 of spades: 7 points. Bid 9 no trump: failed, doubled.",
                THEM: "3 tricks: 3 points.",
            },
        ),
        # Them at bid-out: its 3 points are not scored, and its reason says so.
        (
            {THEM: 45},
            h("Ann", 9, 5, US, US),
            {
                US: "5 tricks, +5 for the 5 of hearts, -3 for the 3 of spades: 7 points. Bid 9: failed.",
                THEM: "3 tricks: 3 points. At bid-out: nothing.",
            },
        ),
    ],
)
def test_each_teams_reason_says_what_its_cards_made_and_what_came_of_the_bid(
    start: dict[str, int], hand: dict[str, Any], reasons: dict[str, str]
) -> None:
    # What a total's page, hand by hand, says beside each hand (the cards alone before).
    table = make_table("kaiser", PLAYERS, {}, TEAMS, start)
    outcome = play(table, [hand]).hands[0].outcome
    assert {reason.side: str(reason.text) for reason in outcome.reasons} == reasons


def test_a_team_past_the_target_without_a_bid_is_told_it_wins_by_making_one() -> None:
    # Them at 44 take 7 tricks and the five of hearts on Ann's 7: 56, past the 52, not a
    # winner (only a bid made wins); at bid-out too, the note of the target said instead.
    table = make_table("kaiser", PLAYERS, {}, TEAMS, {THEM: 44})
    result = play(table, [h("Ann", 7, 1, THEM, US)])
    assert result.totals[THEM] == 56 and not result.finished
    notes = get_game("kaiser").standing(table, result).notes
    assert {team: str(note) for team, note in notes.items()} == {
        THEM: "At 52 or more: wins by making a bid of its own."
    }
    # Where any team reaching the target wins, the game is over: no word of a bid to make.
    open_win = make_table("kaiser", PLAYERS, {"win_needs_bid": False}, TEAMS, {THEM: 44})
    won = play(open_win, [h("Ann", 7, 1, THEM, US)])
    said = [str(note) for note in get_game("kaiser").standing(open_win, won).notes.values()]
    assert won.finished and said == ["At bid-out (45): scores only by bidding."]
