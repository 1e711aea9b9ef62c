"""Points (any other game) through the pages: the new-game form with its presets named by
game and optional teams, a score typed per side with its running sum, a correction, the
end by target with the lowest winning, the exports and ``score``."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML, assertNotContains

from games.models import Game, Group
from tests.factories import new_game_post
from tests.views.pages import form_errors, part, scoreboard, text, winner

pytestmark = pytest.mark.django_db

FOUR = ["Anne", "Bjørn", "Cato", "Dina"]


def _url(name: str, group: Group, *args: Any) -> str:
    return reverse(name, args=[group.edit_key, *args])


def _new_game(phone: Client, group: Group, *seats: str | dict[str, str], **fields: str) -> Game:
    data = new_game_post(*(seats or FOUR), **fields)
    response = phone.post(_url("new_game_of", group, "points"), data)
    assert response.status_code == 302, form_errors(response)
    return Game.objects.get(kind="points")


def _scores(number: int, *scores: int | str | None, **extra: str) -> dict[str, str]:
    """The form as typed: a score per seat (None: left empty)."""
    data = {"number": str(number), "dealer": "Anne", **extra}
    data.update({f"scores-{i}": str(n) for i, n in enumerate(scores) if n is not None})
    return data


def test_the_new_game_form_names_its_presets_by_game(phone: Client, group: Group) -> None:
    response = phone.get(_url("new_game_of", group, "points"))
    labels = [field.label for field in response.context["form"].preset_fields()]
    assert "Hearts: to 100, lowest wins" in labels
    game = _new_game(phone, group, preset_hearts="on")
    assert game.rules == {"target": 100, "low_wins": True}


@pytest.mark.parametrize(
    ("ticked", "rules"),
    [
        # Without the script: the preset gives the rules left as the form had them.
        ("on", {"target": 50, "low_wins": True}),
        # With it: the fields showed the preset's values, and say the rules as changed since
        # (the lowest wins unticked).
        ("shown", {"target": 50}),
    ],
)
def test_a_rule_changed_after_its_preset_is_played_as_changed(
    phone: Client, group: Group, ticked: str, rules: dict[str, Any]
) -> None:
    game = _new_game(phone, group, preset_hearts=ticked, rule_target="50")
    assert game.rules == rules


def test_a_hearts_game_is_typed_corrected_and_won_by_the_lowest(
    phone: Client, group: Group
) -> None:
    game = _new_game(phone, group, rule_target="100", rule_low_wins="on")
    page = phone.get(_url("game", group, game.code))
    assert {"scores-0", "scores-3"} <= set(page.context["form"].fields)

    # The running sum before Save: 13 + 13 = 26, the hearts of a hand.
    preview = phone.get(_url("hand_preview", group, game.code), _scores(1, 13, None, 13))
    assertContains(preview, "The scores add up to 26.")

    saved = phone.post(_url("hand_create", group, game.code), _scores(1, 13, -5, 13, ""))
    assert saved.status_code == 302, form_errors(saved)
    hand = game.hands.get()
    assert hand.data == {"dealer": "Anne", "scores": {"Anne": 13, "Bjørn": -5, "Cato": 13}}
    # Where the lowest wins, reaching 100 wins nothing: no "87 to go" beside anybody.
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page)["Anne"] == 13
    assertNotContains(page, "to go")
    # The rule instead, under the title, as the big screen says it.
    assert part(page, "low-wins") == ("Playing to 100 · the lowest total wins", [])
    tv = phone.get(reverse("game_tv", args=[group.view_key, game.code]))
    assertContains(tv, "playing to 100")
    assertContains(tv, "the lowest total wins")
    assertNotContains(tv, "to go")

    # A correction: Cato had 18, not 13.
    edit = _scores(1, 13, -5, 18, dealer="Anne", revision=str(hand.revision))
    assert phone.post(_url("hand_edit", group, game.code, 1), edit).status_code == 302
    hand.refresh_from_db()
    assert hand.data["scores"]["Cato"] == 18
    # The history says each version once, its scores as the sheet writes them.
    history = text(phone.get(_url("history", group, game.code)))
    assert "Scores: Anne 13, Bjørn \u22125, Cato 18" in history
    assert "(Anne 13" not in history

    # A score out of bounds is refused beside its side, and the sum before Save is not
    # said without it.
    refused = phone.post(_url("hand_create", group, game.code), _scores(2, 10_001))
    assert refused.status_code == 422
    preview = phone.get(_url("hand_preview", group, game.code), _scores(2, 10_001, 5))
    # At the form's foot, the box whose score it is.
    assertInHTML('<div class="refusal muted">Anne: At most 10,000.</div>', text(preview))
    assertNotContains(preview, "add up to")
    # Save tapped with every box empty: asked for a score, nothing saved. A 0 typed is a
    # hand nobody scored in.
    empty = phone.post(_url("hand_create", group, game.code), _scores(2))
    assert empty.status_code == 422
    assert form_errors(empty) == ["Write at least one score (0 for a hand nobody scored)."]
    assert game.hands.count() == 1
    nothing = phone.post(_url("hand_create", group, game.code), _scores(2, 0, entry="zero"))
    assert nothing.status_code == 302, form_errors(nothing)
    assert game.hands.get(number=2).data == {"dealer": "Anne", "scores": {"Anne": 0}}
    assert "2. Nobody scored" in text(phone.get(_url("game", group, game.code)))
    # Taken back, for the game to go on as before.
    undo = {"number": "2", "revision": str(game.hands.get(number=2).revision)}
    assert phone.post(_url("undo", group, game.code), undo).status_code == 302

    # Anne reaches 100 (13 + 87): the game ends, and Bjørn, lowest at -5, wins.
    phone.post(_url("hand_create", group, game.code), _scores(2, 87, dealer="Bjørn"))
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Anne": 100, "Bjørn": -5, "Cato": 18, "Dina": 0}
    assert "Bjørn" in (winner(page) or "")


def test_teams_of_any_size_from_the_new_game_form(phone: Client, group: Group) -> None:
    game = _new_game(
        phone,
        group,
        {"name": "Anne", "team": "Us", "start": "10"},
        {"name": "Bjørn", "team": "Them"},
        {"name": "Cato", "team": "us", "start": "5"},  # the same team in another letter case
        {"name": "Dina", "team": "Them"},
    )
    assert game.teams == {"Us": ["Anne", "Cato"], "Them": ["Bjørn", "Dina"]}
    # A team starts at its players' start totals added up.
    assert game.table().start == {"Us": 15}
    phone.post(_url("hand_create", group, game.code), _scores(1, 20, 30))
    assert scoreboard(phone.get(_url("game", group, game.code))) == {"Us": 35, "Them": 30}


def test_a_team_for_some_players_only_is_refused(phone: Client, group: Group) -> None:
    data = new_game_post({"name": "Anne", "team": "Us"}, *FOUR[1:])
    response = phone.post(_url("new_game_of", group, "points"), data)
    assert response.status_code == 200
    assert form_errors(response) == ["Every player plays in a team: Bjørn, Cato and Dina in none."]


def test_a_team_name_too_long_is_said_by_seat(phone: Client, group: Group) -> None:
    data = new_game_post({"name": "Anne", "team": "x" * 101}, *FOUR[1:])
    response = phone.post(_url("new_game_of", group, "points"), data)
    assert form_errors(response) == ["Seat 1: At most 100 characters, not 101."]


def test_the_game_goes_out_as_a_file_that_score_agrees_with(
    phone: Client, group: Group, tmp_path: Path
) -> None:
    game = _new_game(phone, group, rule_hands="1")
    phone.post(_url("hand_create", group, game.code), _scores(1, 5, 7))
    exported = phone.get(_url("export_json", group, game.code))
    document = json.loads(exported.content)
    assert "made" not in document["hands"][0]
    assert (document["winners"], document["finished"]) == (["Bjørn"], True)
    path = tmp_path / "points.json"
    path.write_bytes(exported.content)
    out = StringIO()
    call_command("score", str(path), stdout=out)
    assert out.getvalue() == exported.content.decode()
    csv = phone.get(_url("export_csv", group, game.code)).content.decode()
    assert "Scores: Anne 5, Bjørn 7" in csv


def test_the_big_screen_picture_and_why_of_a_game_the_lowest_wins(
    phone: Client, group: Group
) -> None:
    game = _new_game(phone, group, rule_target="100", rule_low_wins="on")
    phone.post(_url("hand_create", group, game.code), _scores(1, 100, 7, None, 3))
    why = phone.get(_url("hand", group, game.code, 1))
    assertContains(why, "Scored 100 points.")
    assertContains(why, "Left out: scores 0.")
    assertContains(why, "Anne reached 100: the game is over. Cato wins with the lowest total, 0.")
    tv = phone.get(reverse("game_tv", args=[group.view_key, game.code]))
    assert tv.status_code == 200
    # Cato, left out with 0, has the lowest total: the winner, on the board too, named once
    # above the rule that decided it.
    assertContains(tv, "Cato wins!")
    assertContains(tv, "Anne reached 100: the game is over. The lowest total, 0, wins.")
    assertNotContains(tv, "Cato wins with")
    picture = phone.get(_url("game_picture", group, game.code))
    assert (picture.status_code, picture["Content-Type"]) == (200, "image/png")
    # Anne's 100 is the most anyone scored on a hand, not her best: in this game the
    # least is the best, and a kind that holds both calls them the most and the least.
    stats = phone.get(reverse("stats", args=[group.edit_key]), {"kind": "points"})
    assertContains(stats, "Most on a hand")
    assertNotContains(stats, "Best hand")


def test_a_hand_that_ends_the_game_previews_its_winner_in_place_of_the_sum(
    phone: Client, group: Group
) -> None:
    # Two lines show above Save: the winner takes the running sum's place, then the points.
    game = _new_game(phone, group, rule_target="100", rule_low_wins="on")
    preview = phone.get(_url("hand_preview", group, game.code), _scores(1, 0, 100, 1, 2))
    assertContains(preview, "Anne wins!")
    assertNotContains(preview, "The scores add up to")
