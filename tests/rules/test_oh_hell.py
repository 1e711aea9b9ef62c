"""Oh Hell through the game file, every line of the spec's section, worked out by hand.

Spec: the game file format (scorekeeper/1), sections "Top level", "Output added by the
engine", "Oh Hell", "Limits" and "Errors". Seating: Ann, Bo, Cy (clockwise), and Di, Ed,
Flo, Gus when more sit down.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import get_game, make_table, play
from games.rules.oh_hell import Rules, schedule
from tests.factories import game_file, refused, scored
from tests.rules.strategies import split

THREE = ["Ann", "Bo", "Cy"]
SEVEN = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]


def hand(
    bids: tuple[int, ...], tricks: tuple[int, ...], dealer: str = "Cy", **extra: Any
) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "bids": dict(zip(THREE, bids, strict=True)),
        "tricks": dict(zip(THREE, tricks, strict=True)),
        **extra,
    }


def score(
    hands: list[Any], rules: dict[str, Any] | None = None, players: list[str] = THREE
) -> dict[str, Any]:
    return scored("oh_hell", players, hands, rules=rules)


def error(hands: list[Any], rules: dict[str, Any] | None = None, players: list[str] = THREE) -> str:
    return str(refused(game_file("oh_hell", players, hands, rules=rules)))


def rules_for(players: list[str], rules: dict[str, Any] | None = None) -> Rules:
    found = make_table("oh_hell", players, rules).rules
    assert isinstance(found, Rules)
    return found


# --- The schedule -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        # The spec's defaults: 10 with 3 to 5 players, 8 with 6, 7 with 7.
        pytest.param(3, 10, id="three"),
        pytest.param(5, 10, id="five"),
        pytest.param(6, 8, id="six"),
        pytest.param(7, 7, id="seven"),
    ],
)
def test_max_cards_defaults_by_the_players(players: int, expected: int) -> None:
    assert rules_for(SEVEN[:players]).max_cards == expected


@pytest.mark.parametrize(
    ("players", "highest"),
    [
        # 52 // players: 17 for 3 (51 cards dealt), 7 for 7 (49 dealt).
        pytest.param(3, 17, id="three"),
        pytest.param(4, 13, id="four"),
        pytest.param(7, 7, id="seven"),
    ],
)
def test_max_cards_is_bounded_by_the_deck(players: int, highest: int) -> None:
    assert rules_for(SEVEN[:players], {"max_cards": highest}).max_cards == highest
    message = error([], {"max_cards": highest + 1}, SEVEN[:players])
    assert message == f"the rule max_cards must be from 1 to {highest}, not {highest + 1}"
    assert "max_cards must be from 1" in error([], {"max_cards": 0}, SEVEN[:players])


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # down-up: 3, one fewer down to 1, back up to 3: 2 * 3 - 1 = 5 hands.
        pytest.param("down-up", (3, 2, 1, 2, 3), id="down-up"),
        pytest.param("up-down", (1, 2, 3, 2, 1), id="up-down"),
        pytest.param("down", (3, 2, 1), id="down"),
        pytest.param("up", (1, 2, 3), id="up"),
    ],
)
def test_the_four_schedules(name: str, expected: tuple[int, ...]) -> None:
    assert schedule(Rules(max_cards=3, schedule=name)) == expected


@given(st.integers(1, 17))
def test_schedule_lengths(top: int) -> None:
    # Down and up share the single-card hand: 2 * max - 1 hands; one way, max hands.
    assert len(schedule(Rules(max_cards=top, schedule="down-up"))) == 2 * top - 1
    assert len(schedule(Rules(max_cards=top, schedule="up-down"))) == 2 * top - 1
    assert len(schedule(Rules(max_cards=top, schedule="down"))) == top
    assert len(schedule(Rules(max_cards=top, schedule="up"))) == top


def test_the_default_game_is_19_hands_of_ten_down_and_up() -> None:
    assert schedule(rules_for(THREE)) == (*range(10, 0, -1), *range(2, 11))


# --- One hand: points and made ------------------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "bids", "tricks", "points"),
    [
        # exact-bonus: a point a trick, +10 when exact. Ann 2/2: 2 + 10; Bo 0/1: 1; Cy 2/0: 0.
        pytest.param(
            "exact-bonus", (2, 0, 2), (2, 1, 0), {"Ann": 12, "Bo": 1, "Cy": 0}, id="bonus"
        ),
        # exact at 0 is worth the bonus alone: 0 + 10.
        pytest.param(
            "exact-bonus", (3, 0, 1), (3, 0, 0), {"Ann": 13, "Bo": 10, "Cy": 0}, id="bonus-nil"
        ),
        # exact-only: 10 + bid when exact (Ann 12), otherwise 0 (Bo 0/1, Cy 2/0).
        pytest.param("exact-only", (2, 0, 2), (2, 1, 0), {"Ann": 12, "Bo": 0, "Cy": 0}, id="only"),
        pytest.param(
            "exact-only", (3, 0, 1), (3, 0, 0), {"Ann": 13, "Bo": 10, "Cy": 0}, id="only-nil"
        ),
        # penalty: 10 + bid when exact; otherwise minus the difference (Bo took 1 over 0: -1,
        # Cy 2 under his 2: -2).
        pytest.param(
            "penalty", (2, 0, 2), (2, 1, 0), {"Ann": 12, "Bo": -1, "Cy": -2}, id="penalty"
        ),
        # Ann bid 0 and took all 3: -3; Bo bid 2 took 0: -2; Cy bid 0 took 0: 10.
        pytest.param(
            "penalty", (0, 2, 0), (3, 0, 0), {"Ann": -3, "Bo": -2, "Cy": 10}, id="penalty-far"
        ),
    ],
)
def test_one_hand_of_three_cards(
    scoring: str, bids: tuple[int, ...], tricks: tuple[int, ...], points: dict[str, int]
) -> None:
    result = score([hand(bids, tricks)], {"max_cards": 3, "scoring": scoring})
    first = result["hands"][0]
    assert first["points"] == points
    assert first["totals"] == points
    # made: each player whose tricks equal their bid.
    assert first["made"] == {p: b == t for p, b, t in zip(THREE, bids, tricks, strict=True)}
    assert result["winners"] == [] and result["finished"] is False


def test_a_redeal_scores_nothing_and_takes_no_place_in_the_schedule() -> None:
    # max 2, down-up: 2, 1, 2. The redeal between the hands is dealt again: the hand after
    # it still has 1 card, and "cards": 1 agrees.
    result = score(
        [
            hand((1, 0, 0), (1, 1, 0)),
            {"dealer": "Ann", "redeal": True},
            hand((0, 0, 0), (0, 0, 1), dealer="Ann", cards=1),
        ],
        {"max_cards": 2},
    )
    redeal = result["hands"][1]
    assert redeal["points"] == {} and "made" not in redeal
    # Hand 3, one card: Ann and Bo exact at 0 (10 each), Cy took the trick for 0 (1).
    assert result["hands"][2]["points"] == {"Ann": 10, "Bo": 10, "Cy": 1}


def test_the_game_ends_with_the_schedules_last_hand_highest_wins() -> None:
    # max 1, "down": a single hand of one card. Bo bid 1 and took it: 11, the others 10.
    result = score([hand((0, 1, 1), (0, 1, 0))], {"max_cards": 1, "schedule": "down"})
    assert result["totals"] == {"Ann": 10, "Bo": 11, "Cy": 0}
    assert result["winners"] == ["Bo"] and result["finished"] is True


def test_players_level_on_the_highest_total_share_the_win() -> None:
    # "up" with max 2: a hand of 1 card, then one of 2. Hand 1: Ann bid 0 took 0 (10), Bo
    # 1/1 (11), Cy 1/0 (0). Hand 2: Ann 2/1 (1), Bo 1/1 (11), Cy 0/0 (10).
    hands = [hand((0, 1, 1), (0, 1, 0)), hand((2, 1, 0), (1, 1, 0), dealer="Ann")]
    rules = {"max_cards": 2, "schedule": "up"}
    alone = score(hands, rules)
    # Ann 10 + 1 = 11, Bo 11 + 11 = 22, Cy 0 + 10 = 10: Bo alone.
    assert alone["totals"] == {"Ann": 11, "Bo": 22, "Cy": 10}
    assert alone["winners"] == ["Bo"]
    shared = scored("oh_hell", THREE, hands, rules=rules, start={"Ann": 11})
    # Ann starts at 11: 11 + 11 = 22, level with Bo: both win, in seating order.
    assert shared["totals"] == {"Ann": 22, "Bo": 22, "Cy": 10}
    assert shared["winners"] == ["Ann", "Bo"] and shared["finished"] is True


def test_a_hand_after_the_last_scheduled_hand_is_an_error() -> None:
    hands = [hand((0, 1, 1), (0, 1, 0)), {"dealer": "Ann", "redeal": True}]
    assert error(hands, {"max_cards": 1, "schedule": "up"}) == (
        "hand 2: the game was already won after hand 1"
    )


def test_without_the_hook_the_bids_may_add_up_to_the_cards() -> None:
    # One card, bids 0 + 1 + 0 = 1: allowed without the hook. Bo exact: 11.
    result = score([hand((0, 1, 0), (0, 1, 0))], {"max_cards": 1, "hook": False})
    assert result["hands"][0]["points"] == {"Ann": 10, "Bo": 11, "Cy": 10}


# --- Errors name the hand ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "rules", "message"),
    [
        pytest.param(
            [hand((1, 0, 0), (1, 0, 0))],
            {"max_cards": 1},
            "hand 1: the bids add up to 1, the cards dealt: with the hook the dealer (Cy) may not bid 0",
            id="hook",
        ),
        pytest.param(
            [hand((0, 0, 0), (0, 0, 1)), hand((3, 0, 0), (2, 0, 0), dealer="Ann")],
            {"max_cards": 2, "schedule": "up"},
            "hand 2: Ann bid 3, but a hand of 2 cards has 2 tricks",
            id="bid-over-cards",
        ),
        pytest.param(
            [hand((0, 0, 0), (1, 1, 0))],
            {"max_cards": 1},
            "hand 1: the tricks add up to 2, but a hand of 1 card has 1 trick",
            id="tricks-sum",
        ),
        pytest.param(
            [hand((0, 0, 0), (0, 0, 2), cards=1)],
            {"max_cards": 2},
            "hand 1: the schedule deals 2 cards for this hand, not 1",
            id="cards-disagree",
        ),
        pytest.param(
            [hand((0, 0, 0), (0, 1, 1), cards=2)],
            {"max_cards": 1},
            "hand 1: the schedule deals 1 card for this hand, not 2",
            id="one-card-not-two",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": 0}, "tricks": {"Ann": 1}}],
            None,
            "hand 1: the bids of Bo and Cy are missing",
            id="bids-missing",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": 0, "Bo": 1}, "tricks": {"Ann": 1}}],
            None,
            "hand 1: the bid of Cy is missing",
            id="a-bid-missing",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": 0, "Bo": 0, "Cy": 0}, "tricks": {"Ann": 1}}],
            None,
            "hand 1: the tricks of Bo and Cy are missing",
            id="tricks-missing",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": 0, "Bo": 0, "Cy": 0}, "tricks": {}}],
            None,
            "hand 1: the tricks are missing",
            id="no-tricks",
        ),
        # A hand that says its cards has its bids checked before its tricks: the hook (or
        # a bid above the cards) is said as soon as the bids are in.
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": 1, "Bo": 0, "Cy": 0}, "cards": 1}],
            {"max_cards": 1},
            "hand 1: the bids add up to 1, the cards dealt: with the hook the dealer (Cy) may not bid 0",
            id="hook-before-tricks",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": -1, "Bo": 0, "Cy": 0}, "tricks": {}}],
            None,
            "hand 1: the bid of Ann cannot be negative (-1)",
            id="negative-bid",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": "two"}, "tricks": {}}],
            None,
            "hand 1: the bid of Ann must be a whole number, not “two”",
            id="bid-in-words",
        ),
        pytest.param(
            [{"dealer": "Cy", "bids": {"Ann": 0, " Ann ": 1}, "tricks": {}}],
            None,
            "hand 1: the bid of Ann is given twice",
            id="bid-twice",
        ),
        pytest.param(
            [hand((0, 0, 0), (0, 0, 1), cards="one")],
            {"max_cards": 1},
            "hand 1: the cards must be a whole number, not “one”",
            id="cards-in-words",
        ),
        pytest.param(
            [hand((0, 0, 0), (0, 0, 1), bidder="Ann")],
            None,
            "hand 1: unknown field “bidder”",
            id="unknown-field",
        ),
        pytest.param(
            [{"bids": {}, "tricks": {}}],
            None,
            "hand 1: the dealer is missing",
            id="no-dealer",
        ),
    ],
)
def test_errors_name_the_hand(hands: list[Any], rules: dict[str, Any] | None, message: str) -> None:
    assert error(hands, rules) == message


@pytest.mark.parametrize(
    ("players", "message"),
    [
        pytest.param(["Ann", "Bo"], "Oh Hell is for 3 to 7 players, not 2", id="two"),
        pytest.param([*SEVEN, "Hal"], "Oh Hell is for 3 to 7 players, not 8", id="eight"),
    ],
)
def test_three_to_seven_players(players: list[str], message: str) -> None:
    assert error([], None, players) == message


def test_rules_are_read_and_checked() -> None:
    assert "the rule scoring must be one of" in error([], {"scoring": "bonus"})
    assert "the rule schedule must be one of" in error([], {"schedule": "sideways"})
    assert "the rule hook must be true or false" in error([], {"hook": "yes"})


# --- The form's words ----------------------------------------------------------------------


def test_the_hint_names_the_cards_and_the_bid_the_hook_forbids() -> None:
    game = get_game("oh_hell")
    table = make_table("oh_hell", THREE, {"max_cards": 3})
    played = [hand((0, 0, 0), (1, 1, 1)), {"dealer": "Ann", "redeal": True}]
    # Hand 2 by the schedule (the redeal takes no place): 2 cards.
    assert str(game.hint(table, played, {})) == "Deal 2 of 5: 2 cards each."
    # Ann and Bo bid 1 + 0: the dealer Cy may not bid 2 - 1 = 1.
    bids = {"dealer": "Cy", "bids": {"Ann": 1, "Bo": 0}}
    assert str(game.hint(table, played, bids)) == (
        "Cy bids last, and may not bid 1 (the hook). Deal 2 of 5: 2 cards each."
    )
    # Once the dealer has bid, the outcome (or the hook's refusal) says the rest.
    dealt = {"dealer": "Cy", "bids": {"Ann": 1, "Bo": 0, "Cy": 0}}
    assert str(game.hint(table, played, dealt)) == "Deal 2 of 5: 2 cards each."
    # Bids already over the cards: the dealer may bid anything.
    over = {"dealer": "Cy", "bids": {"Ann": 2, "Bo": 1}}
    assert str(game.hint(table, played, over)).startswith("Cy bids last, and may bid anything.")
    # Not every other bid in yet, or no hook: only the cards.
    assert str(game.hint(table, played, {"dealer": "Cy", "bids": {"Ann": 1}})) == (
        "Deal 2 of 5: 2 cards each."
    )
    free = make_table("oh_hell", THREE, {"max_cards": 3, "hook": False})
    assert str(game.hint(free, played, bids)) == "Deal 2 of 5: 2 cards each."
    # After the last hand there is no next hand.
    assert game.hint(make_table("oh_hell", THREE, {"max_cards": 1}), played[:1], {}) is None
    assert str(game.hint(table, [], {})) == "Deal 1 of 5: 3 cards each."


def test_explanations_and_summary() -> None:
    game = get_game("oh_hell")
    table = make_table("oh_hell", THREE, {"max_cards": 3, "scoring": "penalty"})
    result = play(table, [hand((2, 0, 0), (2, 1, 0))])
    outcome = result.hands[0].outcome
    assert [str(t) for t in outcome.explanation] == [
        "3 cards each; the bids added up to 2.",
        "Exact: Ann and Cy.",
    ]
    assert [str(r.text) for r in outcome.reasons] == [
        "Bid 2, took 2: exact, 10 plus the bid.",
        "Bid 0, took 1: minus the difference.",
        "Bid 0, took 0: exact, 10 plus the bid.",
    ]
    assert str(game.summary(hand((2, 0, 0), (2, 1, 0)))) == "Exact: Ann and Cy"
    assert str(game.summary(hand((1, 1, 0), (2, 1, 0)))) == "Exact: Bo and Cy"
    assert str(game.summary(hand((2, 0, 1), (0, 1, 2)))) == "Nobody exact"
    assert str(game.summary({"dealer": "Ann", "redeal": True})) == "Redeal"
    assert str(game.summary({"dealer": "Ann"})) == "A hand"
    assert game.details(hand((2, 0, 0), (2, 1, 0))) == "Ann 2/2, Bo 0/1, Cy 0/0"
    assert game.details({"dealer": "Ann"}) == ""


# --- Invariants ----------------------------------------------------------------------------


@st.composite
def full_games(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rules: dict[str, Any] = {
        "max_cards": draw(st.integers(1, 4)),
        "schedule": draw(st.sampled_from(["down-up", "up-down", "down", "up"])),
        "scoring": draw(st.sampled_from(["exact-bonus", "exact-only", "penalty"])),
        "hook": False,
    }
    hands = []
    for cards in schedule(Rules(max_cards=rules["max_cards"], schedule=rules["schedule"])):
        bids = draw(st.lists(st.integers(0, cards), min_size=3, max_size=3))
        tricks = draw(split(cards, 3))
        hands.append(hand(tuple(bids), tuple(tricks)))
    return rules, hands


@given(full_games())
def test_every_scheduled_game_finishes_on_its_last_hand_and_points_follow_each_player(
    game: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    rules, hands = game
    result = score(hands, rules)
    assert result["finished"] is True
    best = max(result["totals"].values())
    assert result["winners"] == [p for p in THREE if result["totals"][p] == best]
    for played in result["hands"]:
        for player in THREE:
            exact = played["bids"][player] == played["tricks"][player]
            assert played["made"][player] is exact
            # Exact always scores at least 10; a miss never does.
            assert (played["points"][player] >= 10) is exact


# --- Statistics and awards -------------------------------------------------------------------


def test_figures_count_exact_bids_by_cards_and_spot_on_games() -> None:
    game = get_game("oh_hell")
    table = make_table("oh_hell", THREE, {"max_cards": 2, "schedule": "up"})
    # Hand 1 (1 card): Ann 0/0, Bo 1/1, Cy 1/0. Hand 2 (2 cards): Ann 2/1, Bo 1/1, Cy 0/0.
    hands = [
        hand((0, 1, 1), (0, 1, 0)),
        {"dealer": "Ann", "redeal": True},
        hand((2, 1, 0), (1, 1, 0), dealer="Ann"),
    ]
    result = play(table, hands)
    figures = game.figures(table, result).players
    # Bo met both bids; Ann one of two; Cy one of two.
    assert (figures["Bo"].bids, figures["Bo"].bids_made) == (2, 2)
    assert (figures["Ann"].bids, figures["Ann"].bids_made) == (2, 1)
    # Ann's bids by cards in hand: exact with 1 card (10 points), not with 2 (1 point).
    assert (figures["Ann"].levels["1"].made, figures["Ann"].levels["1"].points) == (1, 10)
    assert (figures["Ann"].levels["2"].made, figures["Ann"].levels["2"].points) == (0, 1)
    # Bo bid 1 and 1: a bid total of 2 over two hands.
    assert figures["Bo"].bid_total == 2
    assert (figures["Ann"].best_hand, figures["Ann"].worst_hand) == (10, 1)
    # Every bid exact: Bo alone, who earns "Spot on".
    assert figures["Bo"].extra["exact_games"] == 1 and figures["Ann"].extra["exact_games"] == 0
    assert game.earned(table, result) == [("spot_on", "Bo")]
    # A game still going earns nobody the award.
    assert game.earned(table, play(table, hands[:1])) == []


@pytest.mark.parametrize(
    ("scoring", "reasons"),
    [
        pytest.param(
            "exact-bonus",
            [
                "Bid 2, took 2: exact, a point a trick and 10 more.",
                "Bid 0, took 1: a point a trick.",
            ],
            id="bonus",
        ),
        pytest.param(
            "exact-only",
            ["Bid 2, took 2: exact, 10 plus the bid.", "Bid 0, took 1: not exact, nothing."],
            id="only",
        ),
    ],
)
def test_reasons_say_the_scoring_in_force(scoring: str, reasons: list[str]) -> None:
    table = make_table("oh_hell", THREE, {"max_cards": 3, "scoring": scoring})
    outcome = play(table, [hand((2, 0, 0), (2, 1, 0))]).hands[0].outcome
    assert [str(r.text) for r in outcome.reasons][:2] == reasons


def test_words_for_a_redeal_a_hand_nobody_met_and_the_end() -> None:
    table = make_table("oh_hell", THREE, {"max_cards": 1, "schedule": "up"})
    result = play(table, [{"dealer": "Cy", "redeal": True}, hand((1, 1, 0), (0, 0, 1))])
    assert [str(t) for t in result.hands[0].outcome.explanation] == ["Redeal: nobody scores."]
    assert str(result.hands[1].outcome.explanation[1]) == "Nobody met their bid."
    # Ann and Bo took no trick for 1 (0 each), Cy the trick for 0 (1): Cy wins.
    assert result.decision is not None
    assert str(result.decision.text) == (
        "The schedule's last hand (1 hand) is played: Cy wins with 1."
    )
    # Under the banner that names Cy, the rule alone.
    assert str(result.decision.reason) == (
        "The schedule's last hand (1 hand) is played: the highest total, 1, wins."
    )
    level = play(table, [hand((0, 0, 0), (1, 0, 0))])
    # Bo and Cy exact at 0 (10 each), Ann 1: they share.
    assert level.decision is not None
    assert str(level.decision.text) == (
        "The schedule's last hand (1 hand) is played: Bo and Cy share the win with 10."
    )
    assert str(level.decision.reason) == (
        "The schedule's last hand (1 hand) is played: level on 10."
    )


def test_the_form_is_given_the_cards_and_the_last_players_tricks() -> None:
    game = get_game("oh_hell")
    table = make_table("oh_hell", THREE, {"max_cards": 2, "schedule": "down"})
    # "down" from 2: hands of 2 and 1 cards; a redeal deals no hand of the schedule.
    assert game.scheduled(table, []) == {"cards": 2}
    assert game.scheduled(table, [hand((0, 0, 0), (1, 1, 0)), {"redeal": True}]) == {"cards": 1}
    assert game.scheduled(table, [hand((0, 0, 0), (1, 1, 0))] * 2) == {}
    # The form offers no bid and no count above the hand's cards; after the last hand,
    # nothing is said of them.
    assert game.limits(table, [hand((0, 0, 0), (1, 1, 0))]) == {"bids": 1, "tricks": 1}
    assert game.limits(table, [hand((0, 0, 0), (1, 1, 0))] * 2) == {}
    # A game that schedules nothing limits nothing.
    amerikaner = get_game("amerikaner")
    assert amerikaner.limits(make_table("amerikaner", ["Ann", "Bo", "Cy", "Di"]), []) == {}
    # With the cards known, the one player left out took the rest: 2 - 1 - 0.
    tapped = {"dealer": "Cy", "cards": 2, "tricks": {"Ann": 1, "Bo": 0}}
    assert game.implied(table, tapped)["tricks"] == {"Ann": 1, "Bo": 0, "Cy": 1}
    # Two left out: the table has to say, until the tricks given make up the cards: the
    # one card's trick tapped for Bo, Ann and Cy took none.
    assert game.implied(table, {"cards": 2, "tricks": {"Ann": 1}})["tricks"] == {"Ann": 1}
    assert game.implied(table, {"cards": 1, "tricks": {"Bo": 1}})["tricks"] == {
        "Ann": 0,
        "Bo": 1,
        "Cy": 0,
    }
    # A name not at the table is left for the engine to refuse by name, not dropped.
    assert game.implied(table, {"cards": 1, "tricks": {"Zed": 1}})["tricks"] == {"Zed": 1}
    # A redeal deals no cards; without the cards nothing is worked out.
    assert game.implied(table, {"dealer": "Cy", "redeal": True, "cards": 2}) == {
        "dealer": "Cy",
        "redeal": True,
    }
    assert game.implied(table, {"tricks": {"Ann": 1, "Bo": 0}}) == {"tricks": {"Ann": 1, "Bo": 0}}
