"""The spec's "Limits": every file beyond them is refused like any other bad input."""

from __future__ import annotations

from typing import Any

import pytest

from games import gamefile
from games.rules.limits import MOST_HANDS, printable
from tests.factories import FOUR, bid, game_file, refused

TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
REDEAL = {"dealer": "Anne", "redeal": True}


@pytest.mark.parametrize(
    ("document", "message"),
    [
        pytest.param(
            game_file("amerikaner", FOUR, [], rules={"target": 10_001}),
            "target must be between -10000 and 10000",
            id="rule-too-high",
        ),
        pytest.param(
            # 10^400 written out: the charts once overflowed drawing a target like it.
            game_file("amerikaner", FOUR, [], rules={"amerikaner_points": 10**400}),
            "amerikaner_points must be between -10000 and 10000",
            id="rule-huge",
        ),
        pytest.param(
            game_file("kaiser", FOUR, [], teams=TEAMS, rules={"lose_at": -10_001}),
            "lose_at must be between -10000 and 10000",
            id="rule-too-low",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [], start={"Anne": 3_000_000_000}),
            "Anne must be between -10000 and 10000",
            id="start-beyond-32-bits",
        ),
        pytest.param(
            game_file("euchre", FOUR, [], teams=TEAMS, start={"Sør": -10_001}),
            "Sør must be between -10000 and 10000",
            id="team-start-too-low",
        ),
        pytest.param(
            game_file("amerikaner", ["A" * 41, "Bjørn", "Cato"], []),
            "a player's name has at most 40 characters: " + "A" * 40 + "…",
            id="player-name-too-long",
        ),
        pytest.param(
            game_file(
                "euchre", FOUR, [], teams={"N" * 101: ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
            ),
            "a team's name has at most 100 characters: " + "N" * 100 + "…",
            id="team-name-too-long",
        ),
        pytest.param(
            game_file("amerikaner", ["An\x00ne", "Bjørn", "Cato"], []),
            "a name cannot hold control characters or broken Unicode: An\ufffdne",
            id="nul-in-name",
        ),
        pytest.param(
            game_file("amerikaner", ["An\ud800ne", "Bjørn", "Cato"], []),
            "a name cannot hold control characters or broken Unicode: An\ufffdne",
            id="lone-surrogate-in-name",
        ),
        pytest.param(
            game_file(
                "kaiser", FOUR, [], teams={"Nord\x7f": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}
            ),
            "a name cannot hold control characters or broken Unicode: Nord\ufffd",
            id="delete-in-team-name",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [REDEAL] * (MOST_HANDS + 1)),
            "a game has at most 10000 hands, not 10001",
            id="too-many-hands",
        ),
    ],
)
def test_a_file_beyond_the_limits_is_refused(document: dict[str, Any], message: str) -> None:
    assert str(refused(document)) == message


def test_the_limits_themselves_are_allowed() -> None:
    players = ["A" * 40, "Bjørn", "Cato", "Dina"]
    document = game_file(
        "kaiser",
        players,
        [REDEAL | {"dealer": "Bjørn"}] * MOST_HANDS,
        teams={"N" * 100: [players[0], "Cato"], "Sør": ["Bjørn", "Dina"]},
        rules={"target": 10_000, "lose_at": -10_000},
        start={"N" * 100: -9_999, "Sør": 9_999},
    )
    output = gamefile.score_document(document)
    assert len(output["hands"]) == MOST_HANDS
    assert output["totals"] == {"N" * 100: -9_999, "Sør": 9_999}


def test_names_may_hold_any_printable_letters() -> None:
    assert printable("Bjørn Ærlig-Åsen 😀\u2028")
    assert not printable("tab\there")


def test_hands_stay_bounded_by_the_game() -> None:
    # Numbers inside hands need no limit of their own: the tricks of a hand bound them.
    assert "bid" in str(refused(game_file("amerikaner", FOUR, [bid("Anne", 10**30, "Cato", {})])))
