"""The spec's "Notes" in the game file: a note on any hand and on the game, kept as written
(trimmed), never changing a score; anything else under `note` is refused, naming the hand."""

from __future__ import annotations

from typing import Any

import pytest

from games import gamefile
from games.rules import RuleError
from tests.factories import FOUR, bid, game_file, refused

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
SECOND = {"dealer": "Bjørn", "redeal": True}
TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


def test_notes_are_kept_trimmed_and_change_no_score() -> None:
    plain = gamefile.score_document(game_file("amerikaner", FOUR, [FIRST, SECOND]))
    noted = gamefile.score_document(
        game_file(
            "amerikaner",
            FOUR,
            [FIRST | {"note": "  Bjørn revoked;\nthe table let it stand \n"}, SECOND],
            note=" Dina's birthday ",
        )
    )
    assert noted["note"] == "Dina's birthday"
    assert noted["hands"][0]["note"] == "Bjørn revoked;\nthe table let it stand"
    assert "note" not in noted["hands"][1]
    without = {
        **noted,
        "hands": [{k: v for k, v in h.items() if k != "note"} for h in noted["hands"]],
    }
    del without["note"]
    assert without == plain


def test_an_empty_note_is_no_note() -> None:
    scored = gamefile.score_document(
        game_file("amerikaner", FOUR, [FIRST | {"note": "  "}], note="")
    )
    assert "note" not in scored
    assert "note" not in scored["hands"][0]


@pytest.mark.parametrize(
    ("game", "hand"),
    [
        ("amerikaner", FIRST),
        ("euchre", {"dealer": "Anne", "maker": "Anne", "tricks": 3}),
        ("kaiser", {"dealer": "Anne", "bidder": "Bjørn", "kaiser": True, "made": False}),
        ("american", {"winner": "Anne"}),
    ],
)
def test_every_games_hands_take_a_note(game: str, hand: dict[str, Any]) -> None:
    players = FOUR[:2] if game == "american" else FOUR
    teams = TEAMS if game in ("euchre", "kaiser") else None
    scored = gamefile.score_document(
        game_file(game, players, [hand | {"note": "well played"}], teams=teams)
    )
    assert scored["hands"][0]["note"] == "well played"


def test_five_hundred_characters_and_line_feeds_are_taken() -> None:
    note = ("x" * 99 + "\n") * 5
    scored = gamefile.score_document(game_file("amerikaner", FOUR, [FIRST | {"note": note}]))
    assert scored["hands"][0]["note"] == note.strip()


@pytest.mark.parametrize(
    ("note", "message"),
    [
        pytest.param(7, "a note must be text", id="number"),
        pytest.param(["a", "b"], "a note must be text", id="list"),
        pytest.param({"text": "a"}, "a note must be text", id="object"),
        pytest.param(True, "a note must be text", id="boolean"),
        pytest.param("x" * 501, "a note has at most 500 characters, not 501", id="long"),
        pytest.param(
            " " + "x" * 501 + " ", "a note has at most 500 characters, not 501", id="long-trimmed"
        ),
        pytest.param(
            "one\ttwo",
            "a note cannot hold control characters (other than a new line) or broken Unicode",
            id="tab",
        ),
        pytest.param(
            "one\r\ntwo",
            "a note cannot hold control characters (other than a new line) or broken Unicode",
            id="carriage-return",
        ),
        pytest.param(
            "rub\x7fout",
            "a note cannot hold control characters (other than a new line) or broken Unicode",
            id="delete",
        ),
        pytest.param(
            "half \ud800 a letter",
            "a note cannot hold control characters (other than a new line) or broken Unicode",
            id="unpaired-surrogate",
        ),
    ],
)
def test_a_bad_note_is_refused_naming_the_hand(note: Any, message: str) -> None:
    error = refused(game_file("amerikaner", FOUR, [FIRST, SECOND | {"note": note}]))
    assert str(error) == f"hand 2: {message}"
    assert error.field == "note"
    # On the game itself: the same words, no hand named.
    assert str(refused(game_file("amerikaner", FOUR, [], note=note))) == message


def test_a_null_note_is_no_note() -> None:
    scored = gamefile.score_document(game_file("amerikaner", FOUR, [FIRST | {"note": None}]))
    assert "note" not in scored["hands"][0]


def test_an_unpaired_surrogate_in_a_files_text_is_refused_when_read() -> None:
    text = '{"format": "scorekeeper/1", "note": "\\ud800"}'
    with pytest.raises(RuleError, match="broken Unicode"):
        gamefile.loads(text)
