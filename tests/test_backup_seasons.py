"""A group backup carries its named seasons and its games' notes (ratings and awards come
back with the games: tests/test_ratings.py and tests/test_awards.py)."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games import backup, gamefile
from games.models import GameEvent, Group, Season
from tests.factories import anne_wins, make_game, make_group

pytestmark = pytest.mark.django_db

SPRING = ("Vårligaen", dt.date(2026, 3, 1), dt.date(2026, 5, 31))
AUTUMN = ("Autumn league", dt.date(2026, 9, 1), dt.date(2026, 11, 30))
CUP = ("Nyttårscup", dt.date(2026, 12, 31), dt.date(2026, 12, 31))


def _group() -> Group:
    """Three named seasons (named out of their order), two finished games, one with a note."""
    group = make_group()
    for name, start, end in (AUTUMN, SPRING, CUP):
        Season.name_one(group, name, start, end)
    make_game(group, hands=anne_wins()).write_note("Dina's birthday", "Anne")
    make_game(group, hands=anne_wins())
    return group


def _dump(group: Group) -> str:
    return gamefile.dumps(backup.group_backup(group))


def _seasons(group: Group) -> list[tuple[str, str, dt.date, dt.date]]:
    return list(
        Season.objects.filter(group=group)
        .order_by("start")
        .values_list("code", "name", "start", "end")
    )


def test_the_backup_holds_the_named_seasons_in_order_of_their_first_evening() -> None:
    group = _group()
    file = backup.group_backup(group)
    assert [(s["name"], s["start"], s["end"]) for s in file["seasons"]] == [
        (name, start.isoformat(), end.isoformat()) for name, start, end in (SPRING, AUTUMN, CUP)
    ]
    assert [s["code"] for s in file["seasons"]] == [code for code, *_rest in _seasons(group)]


def test_an_empty_server_gets_the_seasons_with_their_codes_and_the_same_file_back() -> None:
    group = _group()
    first, seasons = _dump(group), _seasons(group)
    Group.objects.all().delete()
    report = backup.import_group(json.loads(first))
    assert _seasons(report.group) == seasons
    assert report.seasons_added == [SPRING[0], AUTUMN[0], CUP[0]]
    assert _dump(report.group) == first


def test_a_backup_from_before_seasons_still_restores() -> None:
    file = json.loads(_dump(_group()))
    del file["seasons"]
    Group.objects.all().delete()
    restored = backup.import_group(file)
    assert not Season.objects.filter(group=restored.group).exists()
    assert restored.report()[1:] == []


def test_a_merge_adds_the_missing_seasons_and_leaves_those_here_alone() -> None:
    group = _group()
    file = json.loads(_dump(group))
    Season.objects.get(name=SPRING[0]).forget()
    report = backup.import_group(file)
    assert [name for _code, name, *_dates in _seasons(group)] == [SPRING[0], AUTUMN[0], CUP[0]]
    assert (report.seasons_added, report.seasons_same) == ([SPRING[0]], [AUTUMN[0], CUP[0]])
    assert "  Named seasons: 1 added, 2 already here and the same, 0 left out" in report.report()
    again = backup.import_group(file)
    assert (again.seasons_added, len(again.seasons_same)) == ([], 3)


def test_a_season_here_that_differs_is_reported_and_kept() -> None:
    group = _group()
    file = json.loads(_dump(group))
    autumn = Season.objects.get(name=AUTUMN[0])
    Season.objects.filter(pk=autumn.pk).update(name="Høstligaen")  # as if renamed since
    report = backup.import_group(file)
    assert Season.objects.get(pk=autumn.pk).name == "Høstligaen"
    [line] = report.seasons_left_out
    assert f"season {autumn.code} \u201cAutumn league\u201d" in line
    assert "differs here (\u201cHøstligaen\u201d, 2026-09-01 to 2026-11-30)" in line
    assert f"  {line}" in report.report()


def test_a_season_sharing_evenings_with_one_here_is_reported_and_nothing_half_done() -> None:
    group = _group()
    file = json.loads(_dump(group))
    Season.objects.get(name=AUTUMN[0]).forget()
    Season.objects.get(name=SPRING[0]).forget()
    other, _made = Season.name_one(
        group, "Oktoberfest", dt.date(2026, 10, 1), dt.date(2026, 10, 31)
    )
    report = backup.import_group(file)
    assert [name for _code, name, *_dates in _seasons(group)] == [
        SPRING[0],
        "Oktoberfest",
        CUP[0],
    ]
    [line] = report.seasons_left_out
    assert line.endswith(
        f"shares evenings with season {other.code} \u201cOktoberfest\u201d "
        "(2026-10-01 to 2026-10-31) here; not added"
    )
    assert "Autumn league" in line


def test_the_import_command_prints_a_clashing_season_in_words(tmp_path: Path) -> None:
    group = _group()
    path = tmp_path / "backup.json"
    path.write_text(_dump(group), encoding="utf-8")
    Season.objects.get(name=CUP[0]).forget()
    Season.name_one(group, "Romjul", dt.date(2026, 12, 27), dt.date(2026, 12, 31))
    out = io.StringIO()
    call_command("import_group", str(path), stdout=out)
    printed = out.getvalue()
    assert "Named seasons: 0 added, 2 already here and the same, 1 left out" in printed
    assert "\u201cNyttårscup\u201d (2026-12-31 to 2026-12-31): shares evenings" in printed
    assert "Traceback" not in printed


def _with_seasons(change: Any) -> dict[str, Any]:
    file: dict[str, Any] = json.loads(_dump(_group()))
    change(file["seasons"])
    Group.objects.all().delete()
    return file


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda s: s[0].update(end="2026-02-01"), "ends before it starts"),
        (lambda s: s[1].update(start="2026-05-31"), "share an evening"),
        (lambda s: s[1].update(code=s[0]["code"]), "the same season code appears twice"),
        (lambda s: s[0].update(name="x" * 41), "season name is longer than 40"),
        (lambda s: s[0].update(name=" "), "has no name"),
        (lambda s: s[0].update(start="spring"), "Invalid isoformat"),
        (lambda s: s[0].pop("end"), "end"),
    ],
)
def test_a_damaged_season_refuses_the_backup_before_anything_is_written(
    damage: Any, message: str
) -> None:
    file = _with_seasons(damage)
    with pytest.raises(backup.ImportProblem, match=message):
        backup.import_group(file)
    assert not Group.objects.exists()


def test_a_season_code_used_by_another_group_refuses_the_backup() -> None:
    file = json.loads(_dump(_group()))
    Group.objects.all().delete()
    Season.name_one(make_group("Another table"), "Other", dt.date(2020, 1, 1), dt.date(2020, 2, 1))
    Season.objects.update(code=file["seasons"][0]["code"])
    with pytest.raises(backup.ImportProblem, match="a season in the backup has the same code"):
        backup.import_group(file)
    assert Group.objects.count() == 1


def test_a_game_differing_only_in_its_note_is_reported_and_corrected_from_the_backup() -> None:
    group = _group()
    file = json.loads(_dump(group))
    game = group.games.get(note="Dina's birthday")
    game.write_note("Cato's birthday", "Cato")
    report = backup.import_group(file)
    assert (len(report.same), report.different) == (
        1,
        [(game.code, backup._label(file["games"][0]), ["its note differs"])],
    )
    assert f"  game {game.code} ({report.different[0][1]}): its note differs" in report.report()
    game.refresh_from_db()
    assert game.note == "Cato's birthday"
    corrected = backup.import_group(file, correct=[game.code])
    assert len(corrected.corrected) == 1
    game.refresh_from_db()
    assert game.note == "Dina's birthday"
    assert list(game.events.order_by("pk").values_list("action", "by")) == [
        (GameEvent.NOTE, "Anne"),
        (GameEvent.NOTE, "Cato"),
        (GameEvent.NOTE, "backup"),
    ]
    assert game.hands.count() == len(anne_wins())  # the hands as they were


def test_a_note_and_a_hand_are_corrected_together() -> None:
    group = _group()
    file = json.loads(_dump(group))
    game = group.games.get(note="Dina's birthday")
    game.write_note("", "Cato")
    first = game.hands.get(number=1)
    game.edit_hand(1, first.revision, first.data | {"dealer": "Bjørn"}, "Cato")
    report = backup.import_group(file, correct=None)
    assert report.different[0][2] == ["its note differs", "hand 1 differs"]
    game.refresh_from_db()
    assert game.note == "Dina's birthday"
    assert game.hands.get(number=1).data == first.data


def test_a_game_file_differing_only_in_its_note_is_not_imported_twice() -> None:
    group = _group()
    file = backup.game_file(group.games.get(note="Dina's birthday")) | {"note": "Another"}
    with pytest.raises(backup.ImportProblem, match="already in the group"):
        backup.import_game(group, file)


def test_a_season_named_here_alike_under_another_code_counts_as_the_same() -> None:
    group = _group()
    file = json.loads(_dump(group))
    cup = Season.objects.get(name=CUP[0])
    cup.forget()
    again, _made = Season.name_one(group, *CUP)
    report = backup.import_group(file)
    assert (report.seasons_added, report.seasons_left_out) == ([], [])
    assert Season.objects.get(name=CUP[0]).code == again.code != cup.code
