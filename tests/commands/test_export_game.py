"""``manage.py export_game``: a game as its game file (what ``score`` prints) or as CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games import backup, gamefile
from games.models import Game
from tests.factories import anne_wins, bid, make_game

pytestmark = pytest.mark.django_db


def _run(code: str, *options: str) -> str:
    out = io.StringIO()
    # "--" first: a code is random URL-safe text and may start with "-".
    call_command("export_game", *options, "--", code, stdout=out)
    return out.getvalue()


def test_prints_what_score_prints_for_the_game(tmp_path: Path) -> None:
    game = make_game(hands=anne_wins())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.state().document()), encoding="utf-8")
    scored = io.StringIO()
    call_command("score", str(path), stdout=scored)
    assert _run(game.code) == scored.getvalue()
    assert json.loads(scored.getvalue())["winners"] == ["Anne"]


def test_writes_the_file_it_is_given(tmp_path: Path) -> None:
    game = make_game(hands=anne_wins())
    path = tmp_path / "out.json"
    assert _run(game.code, "-o", str(path)) == ""
    assert path.read_text(encoding="utf-8") == gamefile.dumps(backup.game_file(game))


def test_csv_has_a_row_per_hand() -> None:
    game = make_game(hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})])
    rows = list(csv.DictReader(io.StringIO(_run(game.code, "--csv"))))
    # Made: Bjørn and Dina 8 each, Anne and Cato a point per trick.
    assert [(r["hand"], r["made"], r["total Bjørn"], r["total Cato"]) for r in rows] == [
        ("1", "yes", "8", "1")
    ]


def test_unknown_code_is_an_error() -> None:
    with pytest.raises(CommandError, match="no game with the code madeUp"):
        _run("madeUp")


def test_a_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    game = make_game()
    path = tmp_path / "missing" / "out.json"
    with pytest.raises(CommandError, match=r"out\.json: cannot write the file"):
        _run(game.code, "-o", str(path))


def test_code_that_starts_with_a_dash_follows_two_dashes() -> None:
    game = make_game()
    Game.objects.filter(pk=game.pk).update(code="-dash-code")
    assert json.loads(_run("-dash-code"))["players"] == game.players
