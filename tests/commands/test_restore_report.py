"""What a restore says it did: games added, already here and the same, or here but different;
and the backup's version of a different game brought in as a correction, kept in its history."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.models import Change, Game
from tests.factories import endless_hands, make_game, make_group

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("import_group", *args, stdout=out)
    return out.getvalue()


def _table() -> tuple[Game, Game]:
    group = make_group()
    first, second = (
        make_game(group, hands=endless_hands(4)),
        make_game(group, hands=endless_hands(2)),
    )
    call_command("export_group", "-o", "backup.json", "--", group.edit_key, stdout=io.StringIO())
    return first, second


def _hands(game: Game) -> list[tuple[str, dict[str, object]]]:
    return [(h.code, h.data) for h in Game.objects.get(pk=game.pk).hand_list()]


def test_a_game_changed_since_the_backup_is_named_with_what_differs() -> None:
    first, _second = _table()
    first.delete_hand(2, first.hands.get(number=2).revision, "Anne")
    changes = Change.objects.count()
    assert _run("backup.json").splitlines() == [
        "The Friday table: 0 games added, 1 already here and the same, "
        "1 already here but different",
        f"  game {first.code} (amerikaner, {first.created_at:%Y-%m-%d}): hand 2 differs; "
        "hand 3 differs; hand 4 is not here",
        "  To bring the backup's version of a game in as a correction (kept in its history), "
        "import again with --correct CODE (or --correct for all of them).",
    ]
    assert Change.objects.count() == changes  # reporting changes nothing


def test_correct_brings_the_backups_hands_back_through_the_history() -> None:
    first, second = _table()
    wanted = _hands(first)
    first.delete_hand(2, first.hands.get(number=2).revision, "Anne")
    second.edit_hand(1, second.hands.get(number=1).revision, endless_hands(3)[2], "Bjørn")
    report = _run("backup.json", "--correct", first.code)
    assert (
        f"game {first.code} (amerikaner, {first.created_at:%Y-%m-%d}): corrected from the backup"
        in report
    )
    # The deleted hand is back with its own code, at its number; the other game is untouched.
    assert _hands(first) == wanted
    assert Game.objects.get(pk=second.pk).hands.get(number=1).entered_by == "Bjørn"
    restore = first.changes.order_by("-pk").first()
    assert restore is not None
    assert (restore.action, restore.number, restore.by) == (Change.RESTORE, 2, "backup")
    assert restore.hand_code == wanted[1][0]
    # --correct alone brings in every game that differs; after it, all are the same.
    assert "corrected from the backup" in _run("backup.json", "--correct")
    assert _hands(second)[0][1] == endless_hands(1)[0]
    assert "0 already here but different" in _run("backup.json")


def test_a_game_whose_rules_differ_cannot_be_corrected_from_the_backup() -> None:
    first, _second = _table()
    Game.objects.filter(pk=first.pk).update(rules={"target": 40})
    assert "its house rules differ" in _run("backup.json")
    with pytest.raises(
        CommandError, match="only the hands and the note of a game can be corrected"
    ):
        _run("backup.json", "--correct", first.code)
    assert Game.objects.get(pk=first.pk).rules == {"target": 40}
