"""The group backup: everything, secret links included, so for the full link only."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games import backup, gamefile
from games.models import Game, Group
from tests.factories import anne_wins, make_game

pytestmark = pytest.mark.django_db


def test_full_link_downloads_the_backup(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    response = phone.get(reverse("backup", args=[group.edit_key]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-backup-')
    # It holds the links: no shared cache may keep it.
    assert response["Cache-Control"] == "no-store"
    assert response.content.decode() == gamefile.dumps(backup.group_backup(group))
    assert json.loads(response.content)["group"]["edit_key"] == group.edit_key


def test_downloaded_backup_brings_the_group_back(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    content = phone.get(reverse("backup", args=[group.edit_key])).content
    Group.objects.all().delete()
    report = backup.import_group(json.loads(content))
    restored, added = report.group, len(report.added)
    assert added == 1
    assert gamefile.dumps(backup.group_backup(restored)).encode() == content


def test_view_only_link_is_refused(client: Client, group: Group) -> None:
    make_game(group)
    response = client.get(reverse("backup", args=[group.view_key]))
    assert response.status_code == 403
    assert group.edit_key not in response.content.decode()
    assert "only the full link" in response.content.decode()


def test_group_page_offers_the_backup_to_the_full_link_only(phone: Client, group: Group) -> None:
    url = reverse("backup", args=[group.edit_key])
    assert url in phone.get(reverse("group", args=[group.edit_key])).content.decode()
    view_only = Client().get(reverse("group", args=[group.view_key])).content.decode()
    assert "backup.json" not in view_only


def test_made_up_key_is_not_found(client: Client) -> None:
    assert client.get(reverse("backup", args=["madeUpKey0123456789"])).status_code == 404


def test_backup_is_read_only(phone: Client, group: Group) -> None:
    assert phone.post(reverse("backup", args=[group.edit_key])).status_code == 405
    assert Game.objects.count() == 0
