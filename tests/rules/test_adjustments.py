"""The spec's "Adjustments": points the table agreed on that no hand gave, in every game.

Each case is worked by hand from the spec's words; the engine's output is what
``manage.py score`` prints (`scored` is the same function).
"""

from __future__ import annotations

from typing import Any

import pytest

from games import gamefile
from games.rules import get_game, make_table, play
from games.rules.base import Adjustment
from tests.factories import FOUR, TEAMS, bid, game_file, kaiser_hand, refused, scored


def adjust(reason: str = "Revoke", **points: int) -> dict[str, Any]:
    return {"adjustment": points, "reason": reason}


REDEAL = {"dealer": "Bjørn", "redeal": True}


def outputs(document: dict[str, Any]) -> list[tuple[Any, Any]]:
    return [(hand["points"], hand["totals"]) for hand in document["hands"]]


# --- What an adjustment is in the file ------------------------------------------------------


def test_points_list_every_side_and_no_dealer_or_made() -> None:
    document = scored("amerikaner", FOUR, [adjust(" Revoke ", Bjørn=-10)])
    [hand] = document["hands"]
    assert hand == {
        "adjustment": {"Bjørn": -10},
        "reason": "Revoke",  # kept as a note is: trimmed
        "points": {"Anne": 0, "Bjørn": -10, "Cato": 0, "Dina": 0},
        "totals": {"Anne": 0, "Bjørn": -10, "Cato": 0, "Dina": 0},
    }
    assert (document["winners"], document["finished"]) == ([], False)


def test_the_totals_run_on_through_an_adjustment() -> None:
    hands = [
        bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}),
        adjust("Sheet carried over", Anne=3, Cato=-1),
        bid("Anne", 6, None, {"Bjørn": 3, "Cato": 2, "Dina": 1}, dealer="Bjørn"),
    ]
    assert outputs(scored("amerikaner", FOUR, hands)) == [
        (
            {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8},
            {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8},
        ),
        (
            {"Anne": 3, "Bjørn": 0, "Cato": -1, "Dina": 0},
            {"Anne": 5, "Bjørn": 8, "Cato": 0, "Dina": 8},
        ),
        # Anne alone took 12 - 6 = 6 of 6: +6; the others +1 a trick.
        (
            {"Anne": 6, "Bjørn": 3, "Cato": 2, "Dina": 1},
            {"Anne": 11, "Bjørn": 11, "Cato": 2, "Dina": 9},
        ),
    ]


def test_a_note_comes_too_and_both_survive_the_round_trip() -> None:
    hand = adjust("Revoke", Anne=-5) | {"note": " Cato saw it "}
    once = scored("amerikaner", FOUR, [hand])
    again = gamefile.score_document(gamefile.loads(gamefile.dumps(once)))
    assert again == once
    assert (again["hands"][0]["reason"], again["hands"][0]["note"]) == ("Revoke", "Cato saw it")


def test_a_reason_may_hold_a_new_line_and_120_characters() -> None:
    reason = "x" * 60 + "\n" + "y" * 59
    assert scored("american", ["Anne", "Bjørn"], [adjust(reason, Anne=1)])["totals"]["Anne"] == 1


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            adjust(Xavier=1),
            "hand 1: “Xavier” is not one of the players (Anne, Bjørn, Cato and Dina)",
        ),
        (adjust(Anne=0, Bjørn=0), "hand 1: an adjustment must change at least one total"),
        (
            {"adjustment": {}, "reason": "Revoke"},
            "hand 1: an adjustment must change at least one total",
        ),
        (
            adjust(Anne=10_001),
            "hand 1: the adjustment of Anne must be from -10000 to 10000, not 10001",
        ),
        (
            adjust(Anne=-10_001),
            "hand 1: the adjustment of Anne must be from -10000 to 10000, not -10001",
        ),
        (
            {"adjustment": {"Anne": 1.5}, "reason": "Revoke"},
            "hand 1: the adjustment of Anne must be a whole number, not 1.5",
        ),
        (
            {"adjustment": {"Anne": True}, "reason": "Revoke"},
            "hand 1: the adjustment of Anne must be a whole number, not true",
        ),
        (
            {"adjustment": {"Anne": "5"}, "reason": "Revoke"},
            "hand 1: the adjustment of Anne must be a whole number, not “5”",
        ),
        (
            {"adjustment": {"Anne": 1, " Anne ": 2}, "reason": "Revoke"},
            "hand 1: the adjustment of Anne is given twice",
        ),
        (
            {"adjustment": [1], "reason": "Revoke"},
            "hand 1: an adjustment must give a number to each player (or team) it changes, not a list",
        ),
        ({"adjustment": {"Anne": 1}}, "hand 1: an adjustment needs a reason"),
        (adjust("   ", Anne=1), "hand 1: an adjustment needs a reason"),
        ({"adjustment": {"Anne": 1}, "reason": 7}, "hand 1: a reason must be text"),
        (adjust("x" * 121, Anne=1), "hand 1: a reason has at most 120 characters, not 121"),
        (
            adjust("a\tb", Anne=1),
            "hand 1: a reason cannot hold control characters (other than a new line) or broken Unicode",
        ),
        (adjust(Anne=1) | {"dealer": "Anne"}, "hand 1: unknown field “dealer”"),
        (adjust(Anne=1) | {"note": 5}, "hand 1: a note must be text"),
    ],
)
def test_a_bad_adjustment_is_refused_naming_the_hand(hand: dict[str, Any], message: str) -> None:
    assert str(refused(game_file("amerikaner", FOUR, [hand]))) == message


def test_where_the_game_has_teams_a_player_is_no_side() -> None:
    error = refused(game_file("spades", FOUR, [adjust(Anne=-10)], teams=TEAMS))
    assert (
        str(error) == "hand 1: this game is scored by teams: adjust the total of Nord, not of Anne"
    )
    teams = {"Us": ["Anne", "Bjørn"], "Them": ["Cato", "Dina"]}
    error = refused(game_file("points", FOUR, [adjust(Dina=5)], teams=teams))
    assert (
        str(error) == "hand 1: this game is scored by teams: adjust the total of Them, not of Dina"
    )


def test_a_team_named_like_one_of_its_players_may_be_adjusted() -> None:
    teams = {"Anne": ["Anne", "Bjørn"], "Them": ["Cato", "Dina"]}
    assert scored("points", FOUR, [adjust(Anne=5)], teams=teams)["totals"] == {"Anne": 5, "Them": 0}


def test_after_the_finishing_hand_an_adjustment_is_an_error() -> None:
    hands = [{"winner": "Anne"}, adjust(Bjørn=1)]
    error = refused(game_file("american", ["Anne", "Bjørn"], hands, rules={"target_wins": 1}))
    assert str(error) == "hand 2: the game was already won after hand 1"


# --- It deals no cards ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "hands", "dealer"),
    [
        # Amerikaner passes the deal clockwise: Bjørn dealt, then the adjustment, Cato deals.
        (
            "amerikaner",
            [bid("Anne", 6, None, {"Bjørn": 6}, dealer="Bjørn"), adjust(Anne=1)],
            "Cato",
        ),
        # Spades keeps the dealer after a redeal, through an adjustment too.
        ("spades", [REDEAL, adjust(Nord=1), adjust(Sør=1)], "Bjørn"),
        # Points with no dealer said: none to follow.
        ("points", [{"scores": {"Anne": 1}}, adjust(Anne=1)], None),
        ("points", [adjust(Anne=1)], None),
    ],
)
def test_the_deal_follows_the_last_hand_that_had_a_dealer(
    game: str, hands: list[dict[str, Any]], dealer: str | None
) -> None:
    table = make_table(game, FOUR, teams=TEAMS if game == "spades" else None)
    assert get_game(game).next_dealer(table, hands) == dealer


def test_it_takes_no_place_in_oh_hells_schedule() -> None:
    # Three players, 2 cards then 1 ("down"); exact-bonus: a trick a point, 10 for exact.
    rules = {"max_cards": 2, "schedule": "down"}
    players = ["Anne", "Bjørn", "Cato"]
    first = {
        "dealer": "Anne",
        "bids": {"Anne": 1, "Bjørn": 0, "Cato": 0},
        "tricks": {"Anne": 1, "Bjørn": 0, "Cato": 1},
    }
    second = {
        "dealer": "Bjørn",
        "cards": 1,  # the schedule's second hand, whatever came between
        "bids": {"Anne": 0, "Bjørn": 0, "Cato": 0},
        "tricks": {"Anne": 0, "Bjørn": 0, "Cato": 1},
    }
    document = scored("oh_hell", players, [first, adjust("Sheet", Cato=20), second], rules=rules)
    # Anne 1 + 10, Bjørn 0 + 10, Cato 1; Cato +20; Anne 10, Bjørn 10, Cato 1.
    assert document["totals"] == {"Anne": 21, "Bjørn": 20, "Cato": 22}
    assert (document["winners"], document["finished"]) == (["Cato"], True)
    table = make_table("oh_hell", players, rules=rules)
    assert get_game("oh_hell").scheduled(table, [first, adjust(Anne=1)]) == {"cards": 1}
    assert get_game("oh_hell").next_dealer(table, [first, adjust(Anne=1)]) == "Bjørn"
    refused(game_file("oh_hell", players, [first, second, adjust(Anne=1)], rules=rules))


def test_it_changes_no_bags_in_spades() -> None:
    hand = {
        "dealer": "Anne",
        "bids": {"Anne": 3, "Bjørn": 3, "Cato": 3, "Dina": 3},
        "tricks": {"Anne": 4, "Bjørn": 3, "Cato": 3, "Dina": 3},
    }
    document = scored("spades", FOUR, [hand, adjust(Nord=-100)], teams=TEAMS)
    # Nord 7 of 6: 60 + 1 and a bag; Sør 6 of 6: 60; then Nord -100.
    assert document["totals"] == {"Nord": -39, "Sør": 60}
    assert document["bags"] == {"Nord": 1, "Sør": 0}


def test_it_does_not_count_towards_hands_in_points() -> None:
    hands = [{"scores": {"Anne": 5}}, adjust(Bjørn=10), {"scores": {"Cato": 3}}]
    early = scored("points", FOUR, hands[:2], rules={"hands": 2})
    assert early["finished"] is False
    document = scored("points", FOUR, hands, rules={"hands": 2})
    assert (document["winners"], document["totals"]) == (
        ["Bjørn"],
        {"Anne": 5, "Bjørn": 10, "Cato": 3, "Dina": 0},
    )


# --- It never ends a game by itself: the next hand decides ----------------------------------


def test_amerikaner_a_redeal_after_an_adjustment_decides() -> None:
    hands = [adjust(Anne=5), {"dealer": "Anne", "redeal": True}]
    before = scored("amerikaner", FOUR, hands[:1], start={"Anne": 50})
    assert (before["totals"]["Anne"], before["finished"]) == (55, False)
    document = scored("amerikaner", FOUR, hands, start={"Anne": 50})
    assert (document["hands"][1]["points"], document["winners"]) == ({}, ["Anne"])


@pytest.mark.parametrize("tie_break", ["highest", "bidding-side", "shared"])
def test_amerikaner_level_players_share_after_a_redeal(tie_break: str) -> None:
    hands = [adjust(Anne=2), {"dealer": "Anne", "redeal": True}]
    document = scored(
        "amerikaner", FOUR, hands, start={"Anne": 50, "Cato": 52}, rules={"tie_break": tie_break}
    )
    assert document["winners"] == ["Anne", "Cato"]


def test_euchre_level_after_a_redeal_plays_on_then_the_scorer_wins() -> None:
    hands = [
        adjust(Nord=1, Sør=1),
        {"dealer": "Anne", "redeal": True},
        {"dealer": "Bjørn", "maker": "Bjørn", "tricks": 3},
    ]
    start = {"Nord": 9, "Sør": 9}
    after_redeal = scored("euchre", FOUR, hands[:2], teams=TEAMS, start=start)
    assert (after_redeal["totals"], after_redeal["finished"]) == ({"Nord": 10, "Sør": 10}, False)
    document = scored("euchre", FOUR, hands, teams=TEAMS, start=start)
    assert (document["totals"], document["winners"]) == ({"Nord": 10, "Sør": 11}, ["Sør"])


def test_euchre_a_team_over_the_target_after_a_redeal_wins() -> None:
    hands = [adjust(Nord=2), {"dealer": "Anne", "redeal": True}]
    document = scored("euchre", FOUR, hands, teams=TEAMS, start={"Nord": 9})
    assert document["winners"] == ["Nord"]


def test_kaiser_needs_a_bid_to_win_even_after_an_adjustment() -> None:
    hands = [adjust(Nord=5), {"dealer": "Bjørn", "redeal": True}]
    document = scored("kaiser", FOUR, hands, teams=TEAMS, start={"Nord": 50})
    assert (document["totals"]["Nord"], document["finished"]) == (55, False)
    # Anne bids 7 for Nord and takes 7 tricks with the 5 of hearts: 7 + 5 = 12.
    won = scored("kaiser", FOUR, [*hands, kaiser_hand(7, 7)], teams=TEAMS, start={"Nord": 50})
    assert (won["totals"]["Nord"], won["winners"]) == (67, ["Nord"])


def test_kaiser_without_win_needs_bid_a_redeal_decides_by_the_higher_total() -> None:
    rules = {"win_needs_bid": False}
    hands = [adjust(Nord=5, Sør=8), {"dealer": "Bjørn", "redeal": True}]
    start = {"Nord": 50, "Sør": 50}
    assert scored("kaiser", FOUR, hands, teams=TEAMS, rules=rules, start=start)["winners"] == [
        "Sør"
    ]
    level = [adjust(Nord=5, Sør=5), {"dealer": "Bjørn", "redeal": True}]
    document = scored("kaiser", FOUR, level, teams=TEAMS, rules=rules, start=start)
    assert document["finished"] is False  # level: play goes on


def test_kaiser_lose_at_after_a_redeal() -> None:
    rules = {"lose_at": -52}
    fell = scored("kaiser", FOUR, [adjust(Sør=-60), REDEAL], teams=TEAMS, rules=rules)
    assert fell["winners"] == ["Nord"]
    both = [adjust(Nord=-60, Sør=-70), REDEAL]
    assert scored("kaiser", FOUR, both, teams=TEAMS, rules=rules)["winners"] == ["Nord"]
    level = [adjust(Nord=-60, Sør=-60), REDEAL]
    assert scored("kaiser", FOUR, level, teams=TEAMS, rules=rules)["finished"] is False


def test_kaiser_lose_at_on_a_played_hand_the_bidding_team_loses() -> None:
    # Both at -60; Anne bids 7 for Nord, which takes 2 tricks and the 3 of spades: 2 - 3.
    hand = kaiser_hand(7, 2, hearts="Sør", spades="Nord")
    document = scored(
        "kaiser",
        FOUR,
        [adjust(Nord=-60, Sør=-60), hand],
        teams=TEAMS,
        rules={"lose_at": -52},
    )
    # Nord failed: -7 (-67); Sør 6 tricks + 5 = 11 (-49): only Nord is at or below -52.
    assert (document["totals"], document["winners"]) == ({"Nord": -67, "Sør": -49}, ["Sør"])


def test_american_the_hand_decides_level_plays_on() -> None:
    players = ["Anne", "Bjørn", "Cato"]
    rules = {"target_wins": 3}
    hands = [adjust(Anne=3, Bjørn=3), {"winner": "Cato"}]
    assert scored("american", players, hands, rules=rules)["finished"] is False
    document = scored("american", players, [*hands, {"winner": "Bjørn"}], rules=rules)
    assert (document["winners"], document["totals"]["Bjørn"]) == (["Bjørn"], 4)
    higher = [adjust(Anne=4, Bjørn=3), {"winner": "Cato"}]
    assert scored("american", players, higher, rules=rules)["winners"] == ["Anne"]


def test_american_an_adjustment_to_the_target_waits_for_the_next_game() -> None:
    hands = [adjust("A game off the sheet", Anne=2), {"winner": "Bjørn"}, {"winner": "Anne"}]
    document = scored("american", ["Anne", "Bjørn"], hands, rules={"target_wins": 3})
    assert [hand["totals"]["Anne"] for hand in document["hands"]] == [2, 2, 3]
    assert document["winners"] == ["Anne"]


def test_spades_after_a_redeal_the_target_and_lose_at() -> None:
    over = scored("spades", FOUR, [adjust(Nord=20), REDEAL], teams=TEAMS, start={"Nord": 490})
    assert over["winners"] == ["Nord"]
    level = [adjust(Nord=20, Sør=20), REDEAL]
    start = {"Nord": 490, "Sør": 490}
    assert scored("spades", FOUR, level, teams=TEAMS, start=start)["finished"] is False
    fell = scored("spades", FOUR, [adjust(Nord=-60), REDEAL], teams=TEAMS, start={"Nord": -150})
    assert fell["winners"] == ["Sør"]


def test_five_hundred_needs_a_made_bid_to_win_after_an_adjustment() -> None:
    spades_six = {"dealer": "Anne", "bid": 6, "suit": "spades", "tricks": 6}
    hands = [
        adjust(Nord=20),
        {"dealer": "Anne", "redeal": True},
        spades_six | {"bidder": "Bjørn"},  # Sør +40, Nord 10 a trick: +40, but did not bid
        spades_six | {"bidder": "Cato"},  # Nord makes 6 spades: +40, 590, and wins
    ]
    start = {"Nord": 490}
    assert scored("five_hundred", FOUR, hands[:3], teams=TEAMS, start=start)["finished"] is False
    document = scored("five_hundred", FOUR, hands, teams=TEAMS, start=start)
    assert (document["totals"], document["winners"]) == ({"Nord": 590, "Sør": 80}, ["Nord"])


def test_five_hundred_without_win_needs_bid_and_lose_at_after_a_redeal() -> None:
    rules = {"win_needs_bid": False}
    hands = [adjust(Nord=20), {"dealer": "Anne", "redeal": True}]
    document = scored("five_hundred", FOUR, hands, teams=TEAMS, rules=rules, start={"Nord": 490})
    assert document["winners"] == ["Nord"]
    both = [adjust(Nord=-20, Sør=-30), {"dealer": "Anne", "redeal": True}]
    start = {"Nord": -490, "Sør": -490}
    assert scored("five_hundred", FOUR, both, teams=TEAMS, start=start)["winners"] == ["Nord"]


def test_oh_hell_level_after_the_last_hand_share() -> None:
    rules = {"max_cards": 1, "schedule": "down"}
    players = ["Anne", "Bjørn", "Cato"]
    hand = {
        "dealer": "Anne",
        "bids": {"Anne": 1, "Bjørn": 1, "Cato": 1},
        "tricks": {"Anne": 1, "Bjørn": 0, "Cato": 0},
    }
    # Anne 1 + 10 = 11, the others 0; Bjørn was owed 11 from the sheet.
    document = scored("oh_hell", players, [adjust(Bjørn=11), hand], rules=rules)
    assert document["winners"] == ["Anne", "Bjørn"]


def test_points_a_target_reached_by_an_adjustment_ends_the_game_at_the_next_hand() -> None:
    rules = {"target": 100, "low_wins": True}
    hands = [{"scores": {"Anne": 20, "Bjørn": 30}}, adjust(Anne=85)]
    assert scored("points", FOUR, hands, rules=rules)["finished"] is False
    document = scored("points", FOUR, [*hands, {"redeal": True}], rules=rules)
    assert document["winners"] == ["Cato", "Dina"]


# --- Statistics and awards read only the hands played ---------------------------------------


def test_a_penalty_is_no_hand_of_anybodys_in_the_figures() -> None:
    table = make_table("points", FOUR, rules={"hands": 1})
    result = play(table, [adjust(Anne=-50), {"scores": {"Anne": 5, "Bjørn": 2}}])
    played = result.played()
    assert isinstance(result.hands[0].hand, Adjustment)
    assert (len(played.hands), played.totals) == (1, result.totals)
    found = get_game("points").figures(table, played).players
    assert (found["Anne"].best_hand, found["Anne"].worst_hand) == (5, 5)


def test_the_words_for_an_adjustment() -> None:
    table = make_table("amerikaner", FOUR)
    scored_hand = play(table, [adjust("Revoke", Anne=-5)]).hands[0]
    assert [str(line) for line in scored_hand.outcome.explanation] == ["Adjustment: Revoke"]
    assert {reason.side: reason.points for reason in scored_hand.outcome.reasons}["Anne"] == -5
    said = {reason.side: str(reason.text) for reason in scored_hand.outcome.reasons}
    assert (said["Anne"], said["Bjørn"]) == ("Agreed by the table.", "No change.")
    game = get_game("amerikaner")
    assert str(game.summary(adjust("Revoke", Anne=-5))) == "⚖ Revoke"
    assert game.details(adjust("Revoke", Anne=-5)) == "Anne \u22125"
    assert game.details({"adjustment": {"Anne": 3, "Bo": "x"}}) == "Anne +3, Bo x"
    assert game.details({"adjustment": "broken"}) == ""
    kept = game.as_reported(table, adjust("  Revoke ", Anne=-5) | {"points": {}})
    assert kept == adjust("Revoke", Anne=-5)
