"""Reading and writing the scorekeeper/1 game file."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils.translation import gettext, ngettext, override

from games import gamefile
from games.rules import RuleError
from tests.factories import FOUR, bid, game_file, scored


def test_output_is_added_and_input_kept() -> None:
    hands = [bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), {"dealer": "Bjørn", "redeal": True}]
    document = game_file("amerikaner", FOUR, hands, rules={"target": 40})
    output = gamefile.score_document(document)
    assert list(output) == [
        "format",
        "game",
        "players",
        "rules",
        "hands",
        "totals",
        "winners",
        "finished",
    ]
    assert output["rules"] == {"target": 40}
    assert output["hands"][0] == {
        **hands[0],
        "points": {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8},
        "totals": {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8},
        "made": True,
    }
    assert output["hands"][1] == {**hands[1], "points": {}, "totals": output["hands"][0]["totals"]}
    assert document["hands"][0] == hands[0], "the input document is not changed"


def test_scored_file_scores_the_same_again() -> None:
    """Old output in the input is ignored and worked out afresh, so exports read back."""
    once = scored("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})])
    stale = {**once, "totals": {"Anne": 99}, "winners": ["Anne"], "finished": True}
    stale["hands"] = [{**once["hands"][0], "points": {"Anne": 99}, "made": False}]
    assert gamefile.score_document(stale) == once


def test_dumps_writes_utf8_json() -> None:
    text = gamefile.dumps({"players": ["Bjørn"]})
    assert "Bjørn" in text and text.endswith("\n")
    assert gamefile.loads(text) == {"players": ["Bjørn"]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "{",
            "the file is not valid JSON (Expecting property name enclosed in double quotes, line 1)",
            id="broken",
        ),
        pytest.param("", "the file is not valid JSON (Expecting value, line 1)", id="empty"),
        pytest.param(
            '{"a": NaN}', "the file is not valid JSON (NaN is not a number, line 1)", id="nan"
        ),
    ],
)
def test_not_json(text: str, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        gamefile.loads(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Expecting value"),
        ("{", "Expecting property name enclosed in double quotes"),
        ('{"a" 1}', "Expecting ':' delimiter"),
        ("[1 2]", "Expecting ',' delimiter"),
        ("{} {}", "Extra data"),
        ('"Bj', "Unterminated string starting at"),
        ('"Bj\x01rn"', "Invalid control character at"),
        ('"Bj\\ørn"', "Invalid \\escape"),
        ('"Bj\\u00"', "Invalid \\uXXXX escape"),
    ],
)
def test_the_json_readers_reasons_are_translated(text: str, reason: str) -> None:
    # Python's own words, which a Norwegian phone would otherwise show in English; a
    # Python that words one differently fails here rather than in front of a player.
    with pytest.raises(RuleError) as caught:
        gamefile.loads(text)
    assert str(caught.value) == f"the file is not valid JSON ({reason}, line 1)"
    with override("nb"):
        norwegian = caught.value.render(gettext, ngettext)
        assert norwegian == f"filen er ikke gyldig JSON ({gettext(reason)}, linje 1)"
        assert gettext(reason) != reason


def _without(key: str) -> dict[str, Any]:
    document = game_file("amerikaner", FOUR, [])
    del document[key]
    return document


@pytest.mark.engine_coverage  # the registry's refusals of teams and of start totals
@pytest.mark.parametrize(
    ("document", "message"),
    [
        pytest.param([], "a game file is a JSON object, not a list", id="not-object"),
        pytest.param(
            _without("format"),
            "the format must be \u201cscorekeeper/1\u201d, not null",
            id="no-format",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, []) | {"format": "scorekeeper/2"},
            "the format must be \u201cscorekeeper/1\u201d, not \u201cscorekeeper/2\u201d",
            id="wrong-version",
        ),
        pytest.param(
            game_file("whist", FOUR, []),
            "unknown game \u201cwhist\u201d: the games are amerikaner, euchre, kaiser, american, spades, five_hundred, oh_hell and points",
            id="unknown-game",
        ),
        pytest.param(
            _without("game"),
            "unknown game null: the games are amerikaner, euchre, kaiser, american, spades, five_hundred, oh_hell and points",
            id="no-game",
        ),
        pytest.param(
            _without("players"), "players must be a list of names in seating order", id="no-players"
        ),
        pytest.param(
            game_file("amerikaner", "Anne", []),
            "players must be a list of names in seating order",
            id="players-text",
        ),
        pytest.param(
            game_file("amerikaner", ["Anne", " ", "Cato"], []),
            "every player needs a name, not \u201c \u201d",
            id="blank-name",
        ),
        pytest.param(
            game_file("amerikaner", ["Anne", 2, "Cato"], []),
            "every player needs a name, not 2",
            id="name-number",
        ),
        pytest.param(
            game_file("amerikaner", ["Anne", "Bjørn", "Anne "], []),
            "two players are called Anne",
            id="same-name",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [], rules=[]),
            "the rules must be an object of house rules",
            id="rules-list",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [], teams={"A": ["Anne", "Cato"]}),
            "teams are only for euchre, kaiser, spades, five_hundred and points",
            id="teams-for-amerikaner",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [], start=[1]),
            "start must be an object of totals before the first hand",
            id="start-list",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [], start={"Xavier": 3}),
            "start: \u201cXavier\u201d is not one of Anne, Bjørn, Cato and Dina",
            id="start-unknown",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [], start={"Anne": "3"}),
            "Anne must be a whole number, not \u201c3\u201d",
            id="start-text",
        ),
        pytest.param(
            _without("hands"),
            "hands must be a list of the hands played (empty for a new game), not null",
            id="no-hands",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, []) | {"date": "today"},
            "unknown field \u201cdate\u201d in the game file",
            id="unknown-key",
        ),
    ],
)
def test_bad_document(document: Any, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        gamefile.score_document(document)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "[" * 100_000 + "]" * 100_000, "the file nests more than 16 levels deep", id="deep"
        ),
        pytest.param(
            '{"hands": [{"tricks": ' + "[" * 5000 + "]" * 5000 + "}]}",
            "the file nests more than 16 levels deep",
            id="deep-inside-a-hand",
        ),
        pytest.param(
            '{"start": {"Anne": ' + "9" * 5000 + "}}",
            "the file is not valid JSON (a number has more than 20 digits, line 1)",
            id="5000-digits",
        ),
        pytest.param(
            '{"players": ["An\\ud800ne"]}',
            "the file holds broken Unicode (an unpaired surrogate)",
            id="lone-surrogate",
        ),
        pytest.param(
            '{"\\udfff": 1}', "the file holds broken Unicode (an unpaired surrogate)", id="in-a-key"
        ),
        pytest.param(" " * (8 * 1024 * 1024 + 1), "the file is larger than 8 MB", id="too-large"),
    ],
)
def test_loads_refuses_what_is_no_plain_data(text: str, message: str) -> None:
    with pytest.raises(RuleError) as info:
        gamefile.loads(text)
    assert str(info.value) == message


def test_loads_reads_strings_with_brackets_and_paired_surrogates() -> None:
    # Brackets inside strings are no nesting; an escaped pair is one character (U+1F600).
    text = '{"name": "[[[[[[[[[[[[[[[[[[[[\\"{{", "smile": "\\ud83d\\ude00", "n": -12345678901234567890}'
    assert gamefile.loads(text) == {
        "name": "[" * 20 + '"{{',
        "smile": "\U0001f600",
        "n": -12345678901234567890,
    }


def test_a_backup_may_be_larger_than_a_game_file() -> None:
    text = '{"padding": "' + "x" * (9 * 1024 * 1024) + '"}'
    assert len(gamefile.loads(text, largest=None)["padding"]) == 9 * 1024 * 1024
