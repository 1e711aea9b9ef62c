"""``manage.py export_group``: a whole group as one backup file, by its full-access key."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games import backup, gamefile
from games.models import Group
from tests.factories import anne_wins, make_game, make_group

pytestmark = pytest.mark.django_db


def _run(key: str, *options: str) -> str:
    out = io.StringIO()
    # "--" first: a key is random URL-safe text and may start with "-".
    call_command("export_group", *options, "--", key, stdout=out)
    return out.getvalue()


def test_prints_the_backup() -> None:
    group = make_group()
    make_game(group, hands=anne_wins())
    printed = _run(group.edit_key)
    assert printed == gamefile.dumps(backup.group_backup(group))
    file = json.loads(printed)
    assert file["format"] == "scorekeeper-backup/1"
    assert file["games"][0]["game"]["winners"] == ["Anne"]


def test_writes_the_file_it_is_given(tmp_path: Path) -> None:
    group = make_group()
    path = tmp_path / "backup.json"
    assert _run(group.edit_key, "--output", str(path)) == ""
    assert path.read_text(encoding="utf-8") == gamefile.dumps(backup.group_backup(group))


def test_view_only_key_is_not_enough() -> None:
    # The backup holds the full link: the view-only key must not unlock it.
    group = make_group()
    with pytest.raises(CommandError, match="no group has that full-access key"):
        _run(group.view_key)


def test_unknown_key_is_an_error() -> None:
    with pytest.raises(CommandError, match="no group has that full-access key"):
        _run("made-up")


def test_key_that_starts_with_a_dash_follows_two_dashes() -> None:
    group = make_group()
    Group.objects.filter(pk=group.pk).update(edit_key="-starts-with-a-dash")
    assert json.loads(_run("-starts-with-a-dash"))["group"]["edit_key"] == "-starts-with-a-dash"
