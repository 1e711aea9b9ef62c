"""The feed filled from the history kept before it existed (the migration), and from a
backup's history when a group is restored: the same lines the changes wrote as they
were made, as far as that history tells."""

from __future__ import annotations

import json
from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from games import backup, gamefile
from games.feed import Entry
from games.models import Group
from tests.factories import anne_wins, bid, endless_hands, make_game, make_group, revision
from tests.views.pages import list_items

pytestmark = pytest.mark.django_db

fill = import_module("games.migrations.0022_feed_from_history").fill


def _busy_group() -> Group:
    """Two games: one won after a correction, a hand deleted and brought back; one given
    up and taken up again."""
    group = make_group()
    won = make_game(group, hands=anne_wins()[:3], by="Bjørn")
    won.edit_hand(2, revision(won, 2), {**anne_wins()[1], "bid": 11}, "Cato")
    won.delete_hand(3, revision(won, 3), "Dina")
    won.restore(won.changes.get(action="delete"), "Anne")
    won.add_hand(4, anne_wins()[3], "Bjørn")
    won.add_hand(5, anne_wins()[4], "Bjørn")
    other = make_game(group, hands=[bid("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 3})], by="Dina")
    other.abandon("Cato")
    other.take_up("Anne")
    other.add_hands(endless_hands(2, ["Anne", "Bjørn", "Cato", "Dina"])[1:], "Dina")
    return group


def _lines(group: Group) -> list[str]:
    """Every line of the group's feed, newest first, with its time."""
    lines, query = [], ""
    while True:
        response = Client().get(reverse("feed", args=[group.view_key]) + query)
        lines += list_items(response, "feed")
        older = response.context["older"]
        if not older:
            return lines
        query = f"?{older}"


def test_the_migration_fills_the_feed_as_the_changes_wrote_it() -> None:
    group = _busy_group()
    written = _lines(group)
    Entry.objects.all().delete()
    executor = MigrationExecutor(connection)
    state = executor.loader.project_state(("games", "0022_feed_from_history"))
    fill(state.apps, None)
    filled = _lines(group)
    # All but what the history never kept: the hands a file added are there one by one
    # (as their changes were kept) where the feed said them in one line.
    assert [line for line in written if "from a file" not in line] == [
        line for line in filled if not line.startswith("Dina saved hand 2 of Amerikaner")
    ]
    assert sum(line.startswith("Dina saved hand 2") for line in filled) == 1
    assert len(filled) == len(written)


def test_the_migration_says_a_note_without_its_words() -> None:
    game = make_game(by="Bjørn")
    game.write_note("At Cato's", "Dina")
    Entry.objects.all().delete()
    fill(MigrationExecutor(connection).loader.project_state().apps, None)
    assert _lines(game.group)[0].startswith("Dina wrote the note on Amerikaner ·")


def test_a_restored_group_has_its_feed_back() -> None:
    group = _busy_group()
    Entry.objects.all().delete()
    fill(MigrationExecutor(connection).loader.project_state().apps, None)
    before = _lines(group)
    kept = gamefile.dumps(backup.group_backup(group))
    Group.objects.all().delete()
    assert not Entry.objects.exists()
    restored = backup.import_group(json.loads(kept)).group
    assert _lines(restored) == before
