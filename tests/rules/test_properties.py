"""Invariants that must hold for every game, found by generating many of them."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import gamefile
from games.rules import RuleError, make_table, play

from .strategies import amerikaner_game, any_game, damaged_game, json_values


@given(any_game)
def test_totals_are_start_plus_the_sum_of_points(document: dict[str, Any]) -> None:
    output = gamefile.score_document(document)
    start = document.get("start", {})
    running = {side: start.get(side, 0) for side in output["totals"]}
    for hand in output["hands"]:
        for side, points in hand["points"].items():
            running[side] += points
        assert hand["totals"] == running
    assert output["totals"] == running


@given(amerikaner_game())
def test_a_hands_points_depend_on_that_hand_alone(document: dict[str, Any]) -> None:
    output = gamefile.score_document(document)
    for hand, scored in zip(document["hands"], output["hands"], strict=True):
        alone = gamefile.score_document({**document, "start": {}, "hands": [hand]})
        assert alone["hands"][0]["points"] == scored["points"]


@given(amerikaner_game())
def test_opponents_of_a_failed_amerikaner_score_exactly_their_tricks(
    document: dict[str, Any],
) -> None:
    output = gamefile.score_document(document)
    for hand in output["hands"]:
        if hand.get("bid") == "amerikaner" and not hand["made"]:
            for player, points in hand["points"].items():
                if player != hand["bidder"]:
                    assert points == hand["tricks"][player]
            assert hand["points"][hand["bidder"]] == -document["rules"]["amerikaner_points"]


@given(amerikaner_game(target=52))
def test_no_hand_follows_a_finished_game(document: dict[str, Any]) -> None:
    """A game either scores (and then stops at its winner) or names the hand after the win."""
    try:
        output = gamefile.score_document(document)
    except RuleError as exc:
        assert "the game was already won" in str(exc)
        return
    finished_at = [
        i for i, hand in enumerate(output["hands"]) if max(hand["totals"].values()) >= 52
    ]
    assert output["finished"] == bool(finished_at)
    if finished_at:
        assert finished_at[0] == len(output["hands"]) - 1


@pytest.mark.slow
@settings(max_examples=300)
@given(damaged_game() | json_values)
def test_nothing_but_rule_error_escapes(document: Any) -> None:
    try:
        gamefile.score_document(document)
    except RuleError as exc:
        assert str(exc)  # a message to show; the score command folds it onto one line


@given(st.text(max_size=40))
def test_any_text_is_read_or_refused_cleanly(text: str) -> None:
    with contextlib.suppress(RuleError):
        gamefile.score_document(gamefile.loads(text))


@given(any_game)
def test_the_words_tell_each_sides_points_as_the_arithmetic_scored_them(
    document: dict[str, Any],
) -> None:
    # The explanation is a layer of its own: whatever it says, each reason it gives names
    # a side once, with the points the arithmetic gave that side.
    table, hands = gamefile.read(document)
    for scored in play(table, hands).hands:
        sides = [reason.side for reason in scored.outcome.reasons]
        assert len(sides) == len(set(sides))
        for reason in scored.outcome.reasons:
            assert reason.points == scored.points[reason.side]
            assert str(reason.text)
        assert all(str(line) for line in scored.outcome.explanation)


@pytest.mark.slow
@given(any_game | amerikaner_game(target=52))
def test_going_on_from_a_known_result_is_playing_from_the_start(
    document: dict[str, Any],
) -> None:
    """`play` given the result of the first hands plays only the rest, and comes to the
    same result (or the same refusal) as playing them all, in every game."""
    table, hands = gamefile.read(document)
    try:
        whole = play(table, hands)
    except RuleError as exc:
        whole, refused = None, str(exc)
    for before in range(len(hands) + 1):
        try:
            known = play(table, hands[:before])
        except RuleError:
            break  # refused already: nothing to go on from
        if whole is None:
            with pytest.raises(RuleError) as again:
                play(table, hands, known)
            assert str(again.value) == refused
        else:
            went_on = play(table, hands, known)
            assert went_on == whole
            assert went_on.extra == whole.extra
            assert [h.outcome.explanation for h in went_on.hands] == [
                h.outcome.explanation for h in whole.hands
            ]
        # What it went on from is left as it was, every hand's totals included.
        fresh = play(table, hands[:before])
        assert (known, known.extra) == (fresh, fresh.extra)


def test_a_known_result_longer_than_the_hands_is_a_mistake() -> None:
    table = make_table("american", ["Anne", "Bjørn"])
    hands = [{"winner": "Anne"}, {"winner": "Bjørn"}]
    with pytest.raises(ValueError):
        play(table, hands[:1], play(table, hands))
