"""Notes through the files (spec "Notes"): export, import, backups and the ``score``
command keep them exactly as written, trimmed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games import backup, gamefile
from games.models import Change, Game, GameEvent, Group
from tests.factories import FOUR, bid, game_file, make_game, make_group

pytestmark = pytest.mark.django_db

HAND_NOTE = "Bjørn revoked;\nthe table let the hand stand"
GAME_NOTE = "Dina's birthday — «kake» after hand 3"
FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
SECOND = bid("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1}, dealer="Bjørn")


def _noted_game(group: Group) -> Game:
    game = make_game(group, hands=[FIRST | {"note": HAND_NOTE}, SECOND])
    game.write_note(GAME_NOTE, "Anne")
    return game


def test_the_export_holds_both_notes_as_written(client: Client, group: Group) -> None:
    game = _noted_game(group)
    exported = json.loads(
        client.get(reverse("export_json", args=[group.edit_key, game.code])).content
    )
    assert exported["note"] == GAME_NOTE
    assert exported["hands"][0]["note"] == HAND_NOTE
    assert "note" not in exported["hands"][1]
    # The note comes after the hand's inputs, before what the engine adds.
    assert list(exported["hands"][0])[-4:] == ["note", "points", "totals", "made"]


def test_an_exported_game_imports_with_its_notes(group: Group) -> None:
    exported = backup.game_file(_noted_game(group))
    other = make_group(name="Another table")
    imported = backup.import_game(other, exported)
    assert imported.note == GAME_NOTE
    assert imported.hand_list()[0].data["note"] == HAND_NOTE
    assert backup.game_file(imported) == exported


@pytest.mark.engine_coverage  # a hand's note read from a file, trimmed
def test_an_import_keeps_a_note_trimmed_and_drops_an_empty_one(group: Group) -> None:
    file = game_file(
        "amerikaner",
        FOUR,
        [FIRST | {"note": f"  {HAND_NOTE}\n"}, SECOND | {"note": " "}],
        note=f"\n{GAME_NOTE}  ",
    )
    game = backup.import_game(group, file)
    assert game.note == GAME_NOTE
    assert [hand.data.get("note") for hand in game.hand_list()] == [HAND_NOTE, None]


def test_an_import_with_a_bad_note_names_the_hand_and_adds_nothing(group: Group) -> None:
    file = game_file("amerikaner", FOUR, [FIRST, SECOND | {"note": 42}])
    with pytest.raises(backup.ImportProblem, match="hand 2: a note must be text"):
        backup.import_game(group, file)
    assert not group.games.exists()


def test_a_backup_brings_the_notes_and_their_history_back() -> None:
    group = make_group()
    game = _noted_game(group)
    game.edit_hand(2, game.hands.get(number=2).revision, SECOND | {"note": "late"}, "Cato")
    first = gamefile.dumps(backup.group_backup(group))
    Group.objects.all().delete()
    restored = backup.import_group(json.loads(first)).group
    assert gamefile.dumps(backup.group_backup(restored)) == first
    game = restored.games.get()
    assert game.note == GAME_NOTE
    assert [hand.data.get("note") for hand in game.hand_list()] == [HAND_NOTE, "late"]
    edit = game.changes.get(action=Change.EDIT)
    assert (edit.before, edit.after) == (SECOND, SECOND | {"note": "late"})
    assert list(game.events.values_list("action", flat=True)) == [GameEvent.NOTE]


def test_a_note_changed_since_the_backup_is_corrected_from_it() -> None:
    group = make_group()
    game = _noted_game(group)
    file = json.loads(gamefile.dumps(backup.group_backup(group)))
    game.edit_hand(1, game.hands.get(number=1).revision, FIRST, "Cato")  # the note taken away
    report = backup.import_group(file, correct=None)
    assert [differs for _code, _label, differs in report.different] == [["hand 1 differs"]]
    assert game.hands.get(number=1).data["note"] == HAND_NOTE


def test_the_score_command_keeps_notes_trimmed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    file = game_file(
        "amerikaner", FOUR, [FIRST | {"note": f" {HAND_NOTE} "}], note=f"{GAME_NOTE}\n"
    )
    path.write_text(json.dumps(file), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    printed = json.loads(out.getvalue())
    assert (printed["note"], printed["hands"][0]["note"]) == (GAME_NOTE, HAND_NOTE)
    assert printed["totals"] == {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8}
