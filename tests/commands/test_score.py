"""``manage.py score``: JSON in, scored JSON out; one line and a non-zero exit on bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games import gamefile
from tests.factories import FOUR, bid, game_file

ROOT = Path(__file__).resolve().parents[2]
GAME = game_file("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})])


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    # A database that cannot be reached: score must never need one.
    env = {**os.environ, "DATABASE_URL": "postgres://nobody@127.0.0.1:9/none"}
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        env=env,
    )


def test_scores_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    assert json.loads(out.getvalue()) == gamefile.score_document(GAME)
    assert json.loads(out.getvalue())["totals"] == {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8}


@pytest.mark.parametrize("named", [("-",), ()], ids=["dash", "no-file-named"])
def test_reads_standard_input_without_a_database(named: tuple[str, ...]) -> None:
    result = run(*named, stdin=json.dumps(GAME))  # `score - < game.json`, `score < game.json`
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout)["hands"][0]["made"] is True


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        pytest.param(
            "not json", "the file is not valid JSON (Expecting value, line 1)", id="not-json"
        ),
        pytest.param(
            json.dumps(
                game_file("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 9, "Cato": 9})])
            ),
            "hand 1: the tricks add up to 18, but a hand has 12 tricks",
            id="impossible-tricks",
        ),
        pytest.param(
            json.dumps(
                game_file(
                    "amerikaner",
                    # A line separator is no control character: a name may hold it.
                    ["Anne\u2028Berit", "Bjørn", "Cato"],
                    [bid("Xavier", 8, None, {}, dealer="Bjørn")],
                )
            ),
            "hand 1: \u201cXavier\u201d is not one of the players (Anne Berit, Bjørn and Cato)",
            id="message-stays-one-line",
        ),
    ],
)
def test_bad_input_exits_with_one_line(stdin: str, message: str) -> None:
    result = run("-", stdin=stdin)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == message + "\n"


def test_missing_file(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nowhere.json"))
    assert result.returncode == 1
    assert result.stderr.strip().endswith(
        "nowhere.json: cannot read the file (No such file or directory)"
    )


def test_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = run(str(path))
    assert result.returncode == 1
    assert result.stderr.strip() == f"{path}: cannot read the file (not UTF-8 text)"


def test_an_adjustment_goes_through_the_command() -> None:
    # Hand 1 gives Bjørn and Dina 8 each; the table then takes 10 from Bjørn for a revoke.
    penalty = {"adjustment": {"Bjørn": -10}, "reason": "Revoke", "note": "Cato saw it"}
    game = {**GAME, "hands": [*GAME["hands"], penalty]}
    result = run("-", stdin=json.dumps(game))
    assert (result.returncode, result.stderr) == (0, "")
    hand = json.loads(result.stdout)["hands"][1]
    assert hand == {
        **penalty,
        "points": {"Anne": 0, "Bjørn": -10, "Cato": 0, "Dina": 0},
        "totals": {"Anne": 2, "Bjørn": -2, "Cato": 1, "Dina": 8},
    }
    refused = run("-", stdin=json.dumps({**GAME, "hands": [{"adjustment": {"Anne": 0}}]}))
    assert refused.stderr == "hand 1: an adjustment must change at least one total\n"


def test_nothing_named_and_nothing_piped_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At a keyboard, `score` alone does not wait for a file typed in: it says what it needs."""
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    with pytest.raises(SystemExit) as exited:
        call_command("score")
    assert exited.value.code == 1
    assert "pipe one: manage.py score < game.json" in capsys.readouterr().err
