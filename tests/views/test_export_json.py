"""A game as its game file: exactly what ``manage.py score`` prints for it, as a download."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import backup, gamefile
from games.models import Group
from tests.factories import anne_wins, bid, make_game, make_group

pytestmark = pytest.mark.django_db


def test_download_is_what_score_prints_for_the_same_game(
    client: Client, group: Group, tmp_path: Path
) -> None:
    game = make_game(group, hands=anne_wins())
    response = client.get(reverse("export_json", args=[group.edit_key, game.code]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    day = timezone.localtime(game.created_at).date().isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="amerikaner-{day}-{game.code}.json"'
    )
    # The same document through the command, as a player with the file on disk would.
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.state().document()), encoding="utf-8")
    printed = io.StringIO()
    call_command("score", str(path), stdout=printed)
    assert response.content.decode() == printed.getvalue()
    assert response.content.decode() == gamefile.dumps(backup.game_file(game))
    assert json.loads(response.content)["winners"] == ["Anne"]


def test_names_stay_utf8_not_escaped(client: Client, group: Group) -> None:
    game = make_game(group, hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})])
    response = client.get(reverse("export_json", args=[group.edit_key, game.code]))
    assert '"Bjørn"'.encode() in response.content


def test_view_only_link_may_export(client: Client, group: Group) -> None:
    game = make_game(group)
    response = client.get(reverse("export_json", args=[group.view_key, game.code]))
    assert response.status_code == 200
    assert json.loads(response.content)["players"] == game.players


def test_game_page_links_to_both_exports(client: Client, group: Group) -> None:
    game = make_game(group)
    html = client.get(reverse("game", args=[group.view_key, game.code])).content.decode()
    assert reverse("export_json", args=[group.view_key, game.code]) in html
    assert reverse("export_csv", args=[group.view_key, game.code]) in html


def test_unknown_code_is_not_found(client: Client, group: Group) -> None:
    response = client.get(reverse("export_json", args=[group.edit_key, "madeUpCode12"]))
    assert response.status_code == 404


def test_game_of_another_group_is_not_found(client: Client, group: Group) -> None:
    other = make_game(make_group("Other table"))
    response = client.get(reverse("export_json", args=[group.edit_key, other.code]))
    assert response.status_code == 404


def test_export_is_read_only(client: Client, group: Group) -> None:
    game = make_game(group)
    response = client.post(reverse("export_json", args=[group.edit_key, game.code]))
    assert response.status_code == 405


# Made with a partner, then failed alone: the file says "made" in JSON's own words.
HANDS = [
    bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"),
    bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn"),
]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_game_file_is_the_same_in_every_language(
    client: Client, group: Group, language: str
) -> None:
    # The game file is a contract (scorekeeper/1): its keys and values are never translated.
    game = make_game(group, hands=HANDS)
    response = client.get(
        reverse("export_json", args=[group.edit_key, game.code]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.content.decode() == gamefile.dumps(backup.game_file(game))
    assert json.loads(response.content)["hands"][1]["made"] is False
