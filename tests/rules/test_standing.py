"""What the scoreboard says beside the totals: the target in force and notes per side."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import RuleError, get_game, make_table, play
from tests.factories import FOUR, TEAMS, kaiser_hand


def standing(game: str, players: list[str], hands: list[dict[str, Any]], **setup: Any) -> Any:
    table = make_table(game, players, **setup)
    return get_game(game).standing(table, play(table, hands))


def test_amerikaner_and_euchre_show_their_target() -> None:
    assert standing("amerikaner", FOUR, [], rules={"target": 40}).target == 40
    assert standing("euchre", FOUR, [], teams=TEAMS).target == 10


def test_american_target_is_the_match_target_or_none() -> None:
    assert standing("american", ["Anne", "Bjørn"], []).target is None
    assert standing("american", ["Anne", "Bjørn"], [], rules={"target_wins": 3}).target == 3


def test_kaiser_notes_a_team_at_bid_out() -> None:
    # Nord starts on 40 and makes 8 with 6 tricks and the 5 of hearts (11 points): 51 >= 45.
    result = standing("kaiser", FOUR, [kaiser_hand(8, 6)], teams=TEAMS, start={"Nord": 40})
    assert result.target == 52
    assert list(result.notes) == ["Nord"]
    assert str(result.notes["Nord"]) == "At bid-out (45): scores only by bidding."


def test_kaiser_62_raises_target_and_bid_out_once_a_no_trump_is_made() -> None:
    rules = {"no_trump_62": True}
    made = standing("kaiser", FOUR, [kaiser_hand(8, 6, no_trump=True)], teams=TEAMS, rules=rules)
    assert made.target == 62
    failed = standing("kaiser", FOUR, [kaiser_hand(12, 6, no_trump=True)], teams=TEAMS, rules=rules)
    assert failed.target == 52


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        pytest.param(
            {" ": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]},
            "each team needs a name",
            id="blank-name",
        ),
        pytest.param(
            {"Nord": ["Anne", "Cato"], " Nord ": ["Bjørn", "Dina"]},
            "the two teams need different names",
            id="same-name",
        ),
    ],
)
def test_team_names(teams: dict[str, list[str]], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        make_table("euchre", FOUR, teams=teams)


def test_match_target_must_be_at_least_one() -> None:
    with pytest.raises(RuleError, match="the rule target_wins must be at least 1, not 0"):
        make_table("american", ["Anne", "Bjørn"], rules={"target_wins": 0})


def test_lose_at_must_be_below_the_target() -> None:
    with pytest.raises(RuleError, match=r"the rule lose_at \(52\) must be below the target \(52\)"):
        make_table("kaiser", FOUR, teams=TEAMS, rules={"lose_at": 52})
