"""``manage.py import_group``: a group back from its backup, all or nothing, never twice."""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from pytest_django import Settings

from games import derived
from games.models import Change, Game, GameStat, Group, Hand, Night, Player
from tests.factories import FOUR, anne_wins, bid, make_game, make_group
from tests.test_derived import _kept, _rebuilt
from tests.test_stats import shared_win_hands

pytestmark = pytest.mark.django_db

EVENING = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Files are named as a person types them, so messages read "backup.json: ...".
    monkeypatch.chdir(tmp_path)


def _busy_group() -> Group:
    """Two games of one evening: a corrected open game, then Anne's win (5 hands)."""
    group = make_group()
    first = make_game(group, hands=[bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2})])
    first.edit_hand(
        1,
        first.hands.get().revision,
        bid("Cato", 8, None, {"Anne": 2, "Bjørn": 1, "Dina": 2}),
        "Bjørn",
    )
    second = make_game(group, hands=anne_wins(), by="Dina")
    Game.objects.filter(pk__in=[first.pk, second.pk]).update(created_at=EVENING)
    return group


def _export(key: str, path: str) -> bytes:
    call_command("export_group", "-o", path, "--", key, stdout=io.StringIO())
    return Path(path).read_bytes()


def _run(path: str) -> str:
    out = io.StringIO()
    call_command("import_group", path, stdout=out)
    return out.getvalue()


def _counts() -> tuple[int, ...]:
    models: tuple[Any, ...] = (Group, Player, Night, Game, Hand, Change, GameStat)
    return tuple(model.objects.count() for model in models)


def test_round_trip_gives_identical_bytes() -> None:
    key = _busy_group().edit_key
    first = _export(key, "backup.json")
    Group.objects.all().delete()
    assert (
        _run("backup.json")
        == "The Friday table: 2 games added, 0 already here and the same, 0 already here but different\n"
    )
    assert _export(key, "again.json") == first


def test_round_trip_of_a_game_and_the_next_one_at_the_table_gives_identical_bytes() -> None:
    """The next game's start was a new version of the one before (its pages offer the next
    game): the backup's version counts it already, and the import adds none."""
    group = make_group()
    game = make_game(group, hands=anne_wins())
    assert game.play_again("Anne") is not None
    key = group.edit_key
    first = _export(key, "backup.json")
    Group.objects.all().delete()
    _run("backup.json")
    assert _export(key, "again.json") == first


def test_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    key = _busy_group().edit_key
    first = _export(key, "backup.json")
    Group.objects.all().delete()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(first), encoding="utf-8"))
    assert (
        _run("-")
        == "The Friday table: 2 games added, 0 already here and the same, 0 already here but different\n"
    )
    assert _export(key, "again.json") == first


def test_importing_twice_adds_nothing() -> None:
    key = _busy_group().edit_key
    _export(key, "backup.json")
    before = _counts()
    assert (
        _run("backup.json")
        == "The Friday table: 0 games added, 2 already here and the same, 0 already here but different\n"
    )
    assert (
        _run("backup.json")
        == "The Friday table: 0 games added, 2 already here and the same, 0 already here but different\n"
    )
    assert _counts() == before


def test_only_the_missing_games_are_added() -> None:
    group = _busy_group()
    first = _export(group.edit_key, "backup.json")
    group.games.order_by("pk").last().delete()  # type: ignore[union-attr]
    assert (
        _run("backup.json")
        == "The Friday table: 1 game added, 1 already here and the same, 0 already here but different\n"
    )
    assert _export(group.edit_key, "again.json") == first


def _damaged(change: Callable[[dict[str, Any]], object]) -> str:
    """The busy group's backup, damaged, with the database emptied as on a new server."""
    key = _busy_group().edit_key
    file = json.loads(_export(key, "backup.json"))
    change(file)
    Path("backup.json").write_text(json.dumps(file), encoding="utf-8")
    Group.objects.all().delete()
    return "backup.json"


def _dina_becomes_anne(file: dict[str, Any]) -> None:
    # The rules tell "Anne" from "anne"; the group cannot seat one player twice.
    game = json.dumps(file["games"][0]["game"], ensure_ascii=False)
    file["games"][0]["game"] = json.loads(game.replace('"Dina"', '"anne"'))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(
            # Anne bid 12 alone on hand 3; the others' 13 tricks do not fit in 12.
            lambda f: f["games"][1]["game"]["hands"][2]["tricks"].update(Bjørn=13),
            "backup.json: game 2 (amerikaner, 2026-11-20): hand 3: "
            "the tricks add up to 13, but a hand has 12 tricks",
            id="impossible-hand",
        ),
        pytest.param(
            lambda f: f["games"][0]["game"]["hands"][0].update(bidder="Xavier"),
            "backup.json: game 1 (amerikaner, 2026-11-20): hand 1: "
            "\u201cXavier\u201d is not one of the players",
            id="unknown-player",
        ),
        pytest.param(
            lambda f: f["players"].pop(3),
            "backup.json: game 1 (amerikaner, 2026-11-20): Dina is not among the group's players",
            id="player-missing",
        ),
        pytest.param(
            lambda f: f["games"][1]["hands"].pop(),
            "backup.json: game 2 (amerikaner, 2026-11-20): its hands and their details do not match",
            id="hand-details-missing",
        ),
        pytest.param(
            lambda f: f.update(format="scorekeeper/1"),
            "backup.json: not a group backup: the format must be \u201cscorekeeper-backup/1\u201d",
            id="a-game-file",
        ),
        pytest.param(
            lambda f: f.pop("nights"),
            "backup.json: the backup is incomplete or damaged ('nights')",
            id="no-nights",
        ),
        pytest.param(
            lambda f: f["players"].append({"name": "B" * 41, "code": "longname0001"}),
            "backup.json: the backup is incomplete or damaged (player name is longer than 40 characters)",
            id="name-too-long",
        ),
        pytest.param(
            lambda f: f["nights"][0].update(place="Hytta\x00"),
            "backup.json: the backup is incomplete or damaged "
            "(night place holds control characters or broken Unicode)",
            id="nul-in-a-place",
        ),
        pytest.param(
            lambda f: f["games"][0]["changes"][0].update(by="Bj\x1børn"),
            "backup.json: game 1 (amerikaner, 2026-11-20): "
            "who made a change holds control characters or broken Unicode",
            id="escape-in-a-name",
        ),
        pytest.param(
            _dina_becomes_anne,
            "backup.json: game 1 (amerikaner, 2026-11-20): "
            "two players have the same name (letter case aside)",
            id="same-name-twice",
        ),
    ],
)
def test_bad_backup_names_file_game_and_hand_and_changes_nothing(
    damage: Callable[[dict[str, Any]], object], message: str
) -> None:
    path = _damaged(damage)
    with pytest.raises(CommandError) as caught:
        _run(path)
    assert str(caught.value).startswith(message)
    assert _counts() == (0,) * 7


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"\xff", "backup.json: cannot read the file (not UTF-8 text)", id="not-utf8"),
        pytest.param(
            b"[1, 2,]", "backup.json: the file is not valid JSON (Expecting value", id="not-json"
        ),
        pytest.param(
            b"NaN", "backup.json: the file is not valid JSON (NaN is not a number", id="nan"
        ),
    ],
)
def test_unreadable_file_is_named(content: bytes, message: str) -> None:
    Path("backup.json").write_bytes(content)
    with pytest.raises(CommandError) as caught:
        _run("backup.json")
    assert str(caught.value).startswith(message)


def test_missing_file_is_named() -> None:
    with pytest.raises(CommandError, match=r"^nowhere\.json: cannot read the file"):
        _run("nowhere.json")


def test_statistics_come_back_with_the_games() -> None:
    key = _busy_group().edit_key
    _export(key, "backup.json")
    stats = GameStat.objects.count()
    Group.objects.all().delete()
    _run("backup.json")
    # Anne's finished game: a row per player; the open game has none.
    assert GameStat.objects.count() == stats == len(FOUR)


def test_ratings_come_back_whole_though_the_process_ends_at_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game in the backup played before one restored ahead of it puts the chain behind,
    and a server works it out in a thread after the commit: the command ends first, so it
    works it out itself (the ratings were left as if the earlier game was never played,
    the pages saying "being updated" for good)."""
    group = make_group()
    later = make_game(group, hands=anne_wins())
    earlier = make_game(group, hands=shared_win_hands())
    Game.objects.filter(pk=later.pk).update(created_at=EVENING)
    Game.objects.filter(pk=earlier.pk).update(created_at=EVENING - dt.timedelta(days=7))
    expected = _rebuilt(group)
    _export(group.edit_key, "backup.json")
    Group.objects.all().delete()
    settings.CHAIN_AFTER_COMMIT = True
    monkeypatch.setattr(derived, "catch_up_apart", lambda group: None)  # the process ended
    _run("backup.json")
    restored = Group.objects.get()
    assert restored.behind == {}
    assert _kept(restored) == _rebuilt(restored)
    assert len(_kept(restored)) == len(expected)
