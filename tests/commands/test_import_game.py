"""``manage.py import_game``: add a game file (even one kept on paper) to a group."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.utils.translation import override
from pytest_django import Settings

from games import backup, derived
from games.models import Game, Group, Hand, Player
from tests.factories import FOUR, anne_wins, bid, game_file, make_game, make_group
from tests.test_derived import _kept, _rebuilt
from tests.test_stats import shared_win_hands

pytestmark = pytest.mark.django_db

# A game begun on paper: the sheet's totals carry over, then one hand on the phone.
PAPER = game_file(
    "amerikaner",
    FOUR,
    [bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})],
    start={"Anne": 40, "Cato": -7},
)


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Files are named as a person types them, so messages read "game.json: ...".
    monkeypatch.chdir(tmp_path)


def _file(tmp_path: Path, content: Any, name: str = "game.json") -> str:
    content = content if isinstance(content, bytes) else json.dumps(content).encode()
    (tmp_path / name).write_bytes(content)
    return name


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("import_game", *args, stdout=out)
    return out.getvalue()


def test_paper_game_with_start_totals(tmp_path: Path) -> None:
    group = make_group()
    printed = _run(_file(tmp_path, PAPER), f"--group={group.edit_key}", "--by", "Paper")
    game = group.games.get()
    assert printed == f"imported game {game.code} into The Friday table\n"
    # The sheet's 40 and -7 plus the hand: Anne 2 tricks, Cato 1, Bjørn and Dina made 8.
    assert game.result().totals == {"Anne": 42, "Bjørn": 8, "Cato": -6, "Dina": 8}
    assert game.start == {"Anne": 40, "Cato": -7}
    assert (game.created_by, game.changes.get().by) == ("Paper", "Paper")


def test_key_that_starts_with_a_dash(tmp_path: Path) -> None:
    # Keys are random URL-safe text, so one in 64 starts with "-": "--group=KEY" reads it.
    group = make_group()
    Group.objects.filter(pk=group.pk).update(edit_key="-starts-with-a-dash")
    _run(_file(tmp_path, PAPER), "--group=-starts-with-a-dash")
    assert group.games.count() == 1


def test_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    group = make_group()
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(PAPER).encode()), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    _run("-", f"--group={group.edit_key}")
    assert group.games.get().changes.get().by == "import"


@pytest.mark.engine_coverage  # a stored hand read back as the file wrote it
def test_exported_game_comes_back_with_the_same_result(tmp_path: Path) -> None:
    game = make_game(hands=[bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2})])
    path = tmp_path / "export.json"
    call_command("export_game", "-o", str(path), "--", game.code, stdout=io.StringIO())
    other = make_group("Other table")
    _run(str(path), f"--group={other.edit_key}")
    assert other.games.get().result() == game.result()


def _nothing_saved() -> tuple[int, int, int]:
    return (Game.objects.count(), Hand.objects.count(), Player.objects.count())


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"\xff{}", "game.json: cannot read the file (not UTF-8 text)", id="not-utf8"),
        pytest.param(
            b"{", "game.json: the file is not valid JSON (Expecting property name", id="not-json"
        ),
        pytest.param(
            game_file("amerikaner", FOUR, []) | {"format": "scorekeeper/2"},
            "game.json: the format must be \u201cscorekeeper/1\u201d",
            id="wrong-format",
        ),
        pytest.param(
            game_file(
                "amerikaner",
                FOUR,
                [
                    bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}),
                    bid("Xavier", 8, None, {}, dealer="Bjørn"),
                ],
            ),
            "game.json: hand 2: \u201cXavier\u201d is not one of the players",
            id="unknown-player",
        ),
        pytest.param(
            game_file(
                "amerikaner",
                FOUR,
                [
                    bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}),
                    bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn"),
                    bid("Dina", 6, None, {"Anne": 9, "Bjørn": 9, "Cato": 9}, dealer="Cato"),
                ],
            ),
            "game.json: hand 3: the tricks add up to 27, but a hand has 12 tricks",
            id="impossible-hand",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Anne", [8], None, {})]),
            "game.json: hand 1: the bid must be a whole number, not a list",
            id="bid-not-a-number",
        ),
        pytest.param(
            game_file("amerikaner", ["Anne", "ANNE", "Cato"], []),
            "game.json: two players have the same name (letter case aside)",
            id="same-name-twice",
        ),
        pytest.param(
            game_file("amerikaner", ["A" * 41, "Bjørn", "Cato"], []),
            "game.json: a player's name has at most 40 characters",
            id="name-too-long",
        ),
    ],
)
def test_bad_file_names_the_file_and_the_hand_and_saves_nothing(
    tmp_path: Path, content: Any, message: str
) -> None:
    group = make_group()
    before = _nothing_saved()
    # In English whatever language is active: the import page words a problem for its
    # reader, the command does not.
    with override("nb"), pytest.raises(CommandError) as caught:
        _run(_file(tmp_path, content), f"--group={group.edit_key}")
    assert str(caught.value).startswith(message)
    assert _nothing_saved() == before


def test_missing_file_is_named(tmp_path: Path) -> None:
    group = make_group()
    with pytest.raises(CommandError, match=r"^nowhere\.json: cannot read the file \(No such file"):
        _run("nowhere.json", f"--group={group.edit_key}")


def test_the_same_game_twice_is_refused(tmp_path: Path) -> None:
    group = make_group()
    path = _file(tmp_path, PAPER)
    _run(path, f"--group={group.edit_key}")
    with pytest.raises(CommandError, match=r"^game\.json: this game is already in the group"):
        _run(path, f"--group={group.edit_key}")
    assert group.games.count() == 1


@pytest.mark.parametrize(
    "change",
    [{"start": {"Anne": 41, "Cato": -7}}, {"rules": {"target": 40}}, {"start": None}],
    ids=["start", "rules", "no-start"],
)
def test_a_game_differing_only_in_rules_or_start_is_another_game(
    tmp_path: Path, change: dict[str, object]
) -> None:
    group = make_group()
    _run(_file(tmp_path, PAPER), f"--group={group.edit_key}")
    other = {key: value for key, value in {**PAPER, **change}.items() if value is not None}
    _run(_file(tmp_path, other), f"--group={group.edit_key}")
    assert group.games.count() == 2


def test_unknown_group_is_an_error(tmp_path: Path) -> None:
    group = make_group()
    with pytest.raises(CommandError, match="no group has that full-access key"):
        _run(_file(tmp_path, PAPER), f"--group={group.view_key}")
    assert Group.objects.get().games.count() == 0


def test_import_problem_is_what_the_command_reports(tmp_path: Path) -> None:
    # The command adds only the file's name to the message `backup.import_game` gives.
    group = make_group()
    document = game_file("amerikaner", FOUR, [bid("Xavier", 8, None, {})])
    with pytest.raises(backup.ImportProblem) as problem:
        backup.import_game(group, document)
    with pytest.raises(CommandError) as caught:
        _run(_file(tmp_path, document), f"--group={group.edit_key}")
    assert str(caught.value) == f"game.json: {problem.value}"


def test_a_paper_game_played_another_evening_joins_that_night(tmp_path: Path) -> None:
    group = make_group()
    _run(_file(tmp_path, PAPER), f"--group={group.edit_key}", "--played", "2026-10-03")
    night = group.games.get().night
    assert night is not None and str(night.date) == "2026-10-03"


@pytest.mark.parametrize(
    ("played", "said"),
    [("2099-01-01", "has not come yet"), ("1999-12-31", "is before 2000")],
)
def test_an_evening_still_to_come_or_a_mistyped_year_is_refused_and_nothing_is_saved(
    tmp_path: Path, played: str, said: str
) -> None:
    group = make_group()
    with pytest.raises(CommandError, match=rf"game\.json: the evening it was played {said}$"):
        _run(_file(tmp_path, PAPER), f"--group={group.edit_key}", "--played", played)
    assert not group.games.exists()


def test_a_sheet_of_an_earlier_evening_is_rated_before_the_command_ends(
    tmp_path: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished game of an evening before the group's last puts the ratings behind; a
    server catches up in a thread after the commit, which the command's process would end
    first: the command catches up itself."""
    group = make_group()
    make_game(group, hands=anne_wins())
    settings.CHAIN_AFTER_COMMIT = True
    monkeypatch.setattr(derived, "catch_up_apart", lambda group: None)  # the process ended
    sheet = game_file("amerikaner", FOUR, shared_win_hands())
    _run(_file(tmp_path, sheet), f"--group={group.edit_key}", "--played", "2020-01-10")
    group.refresh_from_db()
    assert group.behind == {}
    assert len(_kept(group)) == 2 * len(FOUR)
    assert _kept(group) == _rebuilt(group)
