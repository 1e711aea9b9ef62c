"""A game the site has never heard of, played through every page and command.

Whist (`tests/whist.py`) is one module, registered only by these tests. If anything outside
a game's module still knew the games by name, one of these steps would fail: the new-game
form, the hand form and its preview, the game page, the why page, a correction, the
exports and an import, ``manage.py score``, the statistics and a player's page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML

from games import gamefile
from games.models import Change, Game, GameStat, Group
from tests.factories import make_group, new_game_post
from tests.views.pages import scoreboard, winner
from tests.whist import registered

pytestmark = pytest.mark.django_db

TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


@pytest.fixture(autouse=True)
def _whist() -> Iterator[None]:
    with registered():
        yield


def _url(name: str, group: Group, *args: Any) -> str:
    return reverse(name, args=[group.edit_key, *args])


def _new_whist(phone: Client, group: Group) -> Game:
    data = new_game_post(
        "Anne", "Bjørn", "Cato", "Dina", team_1="Nord", team_2="Sør", rule_target=3
    )
    response = phone.post(_url("new_game_of", group, "whist"), data)
    game = Game.objects.get(kind="whist")
    assert response["Location"] == _url("game", group, game.code)
    return game


def _hand(phone: Client, game: Game, number: int, dealer: str, nord: int) -> None:
    """Save a hand as the form sends it: Nord's tricks; Sør's are the rest of 13."""
    data = {"number": number, "dealer": dealer, "tricks-0": nord}
    phone.post(_url("hand_create", game.group, game.code), data)


def test_the_new_game_form_offers_whist_with_its_teams_and_house_rule(
    phone: Client, group: Group
) -> None:
    response = phone.get(_url("new_game_of", group, "whist"))
    assertInHTML("<h1>New Whist game</h1>", response.content.decode())
    form = response.context["form"]
    assert (form.team_game, form["rule_target"].initial) == (True, 5)
    game = _new_whist(phone, group)
    assert (game.players, game.teams, game.rules) == (
        ["Anne", "Bjørn", "Cato", "Dina"],
        TEAMS,
        {"target": 3},
    )
    # The group page offers it with the other games.
    assertContains(phone.get(_url("group", group)), "Whist")


def test_a_whist_game_is_played_corrected_and_won(phone: Client, group: Group) -> None:
    game = _new_whist(phone, group)
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": 0, "Sør": 0}
    assert "tricks-0" in page.context["form"].fields

    # The preview: Nord takes 9 of 13, three over six.
    asked: dict[str, str | int] = {"number": 1, "dealer": "Anne", "tricks-0": 9}
    preview = phone.get(_url("hand_preview", group, game.code), asked)
    assertInHTML('<span class="plus">+3</span>', preview.content.decode())

    _hand(phone, game, 1, "Anne", 8)
    hand = game.hands.get()
    assert hand.data == {"dealer": "Anne", "tricks": {"Nord": 8, "Sør": 5}}

    # Why: each team's tricks, and the rule.
    why = phone.get(_url("hand", group, game.code, 1))
    assertContains(why, "Each trick over six scores a point.")
    assertContains(why, "Took 8 tricks.")

    # A correction: Nord took 7, not 8.
    edit = {"number": 1, "revision": hand.revision, "dealer": "Anne", "tricks-0": 7}
    phone.post(_url("hand_edit", group, game.code, 1), edit)
    hand.refresh_from_db()
    assert hand.data["tricks"] == {"Nord": 7, "Sør": 6}
    assert [c.action for c in Change.objects.order_by("pk")] == ["add", "edit"]

    # Sør takes 10: four over six passes the target of 3.
    _hand(phone, game, 2, "Bjørn", 3)
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": 1, "Sør": 4}
    assert "Sør" in (winner(page) or "")
    game.refresh_from_db()
    assert game.winners == ["Sør"]
    rows = GameStat.objects.filter(game=game)
    assert {(row.player.name, row.place, row.best_hand) for row in rows} == {
        ("Anne", 2, 1),
        ("Cato", 2, 1),
        ("Bjørn", 1, 4),
        ("Dina", 1, 4),
    }


def test_a_whist_game_goes_out_as_a_file_scores_and_comes_back(
    phone: Client, group: Group, tmp_path: Path
) -> None:
    game = _new_whist(phone, group)
    _hand(phone, game, 1, "Anne", 9)  # Nord three over six: the target, and the game
    exported = phone.get(_url("export_json", group, game.code))
    document = json.loads(exported.content)
    assert (document["game"], document["winners"], document["totals"]) == (
        "whist",
        ["Nord"],
        {"Nord": 3, "Sør": 0},
    )
    csv = phone.get(_url("export_csv", group, game.code)).content.decode()
    assert "A hand of whist" in csv

    # `score` prints exactly what the export holds.
    path = tmp_path / "whist.json"
    path.write_bytes(exported.content)
    out = StringIO()
    call_command("score", str(path), stdout=out)
    assert out.getvalue() == exported.content.decode()
    assert out.getvalue() == gamefile.dumps(gamefile.score_document(document))

    # And it imports into another group as the same game.
    other = make_group("Another table")
    phone.post(_url("who", other), {"player": "Anne"})
    upload = SimpleUploadedFile("whist.json", exported.content, "application/json")
    phone.post(_url("import_game", other), {"file": upload})
    copy = Game.objects.get(group=other)
    assert (copy.kind, copy.teams, [h.data for h in copy.hand_list()]) == (
        "whist",
        TEAMS,
        [{"dealer": "Anne", "tricks": {"Nord": 9, "Sør": 4}}],
    )


@pytest.mark.engine_coverage  # a figure's own heading on the player page (long_label)
def test_whist_has_its_statistics_and_player_pages(phone: Client, group: Group) -> None:
    game = _new_whist(phone, group)
    _hand(phone, game, 1, "Anne", 9)  # Nord 3: the target
    stats = phone.get(_url("stats", group), {"kind": "whist"})
    html = stats.content.decode()
    assertInHTML('<a href="?kind=whist&amp;period=all" aria-current="page">Whist</a>', html)
    # Its own table: each player's best and worst hand.
    assertInHTML('<th scope="col">Best hand</th>', html)
    assertInHTML(
        '<tr data-player="Cato"><th scope="row" class="name">Cato</th><td>+3</td><td>+3</td></tr>',
        html,
    )
    anne = group.players.get(name="Anne")
    player = phone.get(reverse("player", args=[group.edit_key, anne.code]), {"kind": "whist"})
    assertInHTML("<div><dt>Worst hand</dt><dd>+3</dd></div>", player.content.decode())
