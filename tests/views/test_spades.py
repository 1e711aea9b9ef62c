"""Spades through the pages: the new-game form, the hand form (a bid and tricks per player),
its preview, "Why?", a correction, the scoreboard and big screen with each team's bags,
the exports with the made object and the bags, and the awards."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML

from games.models import Game, Group
from tests.factories import make_group, new_game_post
from tests.views.pages import form_errors, notices, scoreboard, table_rows, text, winner

pytestmark = pytest.mark.django_db

SEATS = ["Anne", "Bjørn", "Cato", "Dina"]
TEAMS = {"Nord": ["Anne", "Cato"], "Sør": ["Bjørn", "Dina"]}


def _url(name: str, group: Group, *args: Any) -> str:
    return reverse(name, args=[group.edit_key, *args])


def _new_spades(phone: Client, group: Group, **rules: str) -> Game:
    data = new_game_post(
        *SEATS,
        team_1="Nord",
        team_2="Sør",
        rule_nil_tricks_bags="on",  # ticked to start with, as the form shows it
        **{f"rule_{key}": value for key, value in rules.items()},
    )
    response = phone.post(_url("new_game_of", group, "spades"), data)
    assert response.status_code == 302, form_errors(response)
    return Game.objects.get(kind="spades")


def _posted(number: int, bids: tuple[str, ...], tricks: tuple[int, ...]) -> dict[str, Any]:
    """The taps of a hand: four bids and three players' tricks (Dina's are the rest)."""
    return {
        "number": number,
        "dealer": SEATS[(number - 1) % 4],
        **{f"bids-{i}": bid for i, bid in enumerate(bids)},
        **{f"tricks-{i}": count for i, count in enumerate(tricks)},
    }


def test_the_new_game_form_has_the_spec_defaults_and_an_emptied_lose_at_is_off(
    phone: Client, group: Group
) -> None:
    form = phone.get(_url("new_game_of", group, "spades")).context["form"]
    assert {name: form[f"rule_{name}"].initial for name in ("target", "lose_at", "nil")} == {
        "target": 500,
        "lose_at": -200,
        "nil": 100,
    }
    assert form.team_game
    game = _new_spades(phone, group, lose_at="", target="300")
    assert game.rules == {"lose_at": None, "target": 300}
    assert game.teams == TEAMS
    # The file says null, and comes back in as null: nobody loses that way.
    exported = phone.get(_url("export_json", group, game.code)).content
    assert json.loads(exported)["rules"] == {"target": 300, "lose_at": None}
    other = make_group("Another table")
    phone.post(_url("who", other), {"player": "Anne"})
    upload = SimpleUploadedFile("spades.json", exported, "application/json")
    phone.post(_url("import_game", other), {"file": upload})
    assert Game.objects.get(group=other).table().rules.lose_at is None  # type: ignore[attr-defined]


def test_a_hand_is_four_bids_and_three_trick_counts(phone: Client, group: Group) -> None:
    game = _new_spades(phone, group)
    url = _url("hand_create", group, game.code)
    # Anne 4, Bjørn 3, Cato nil, Dina 3; Anne took 6, Bjørn 3, Cato 1: Dina the other 3.
    asked = _posted(1, ("4", "3", "nil", "3"), (6, 3, 1))
    preview = text(phone.get(_url("hand_preview", group, game.code), asked))
    # Nord: 40 + 2 for 2 bags, -100 for Cato's nil and +1 for its bag: -57.
    assert (
        "Nord bid 4 and took 6 tricks (not counting Cato&#x27;s): made, +40 and +2 for 2 bags."
        in preview
    )
    assert "Cato bid nil and took 1 trick: −100, and +1 for 1 bag." in preview  # noqa: RUF001
    response = phone.post(url, asked, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="nb")
    assert response.status_code == 200, form_errors(response)
    # What was saved says what came of each contract and the nil, as the hand's row does.
    assert notices(response) == [
        "Runde 1 lagret: Meldinger: Anne 4, Bjørn 3, Cato nil, Dina 3; "
        "Nord hjem, Sør hjem, Cato gikk bet på nil."
    ]
    assert game.hands.get().data == {
        "dealer": "Anne",
        "bids": {"Anne": 4, "Bjørn": 3, "Cato": "nil", "Dina": 3},
        "tricks": {"Anne": 6, "Bjørn": 3, "Cato": 1, "Dina": 3},
    }
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": -57, "Sør": 60}
    # The bags beside each total, on the game page and the big screen.
    assertContains(page, "3 bags: 7 to the penalty")
    tv = phone.get(_url("game_tv", group, game.code))
    assertContains(tv, "3 bags: 7 to the penalty")
    # The points to go on the note's line, never "· 557 to go" starting a line of its own.
    assertContains(tv, '7 to the penalty&nbsp;· <span class="tv-to-go">557 to go</span></span>')
    why = phone.get(_url("hand", group, game.code, 1))
    assertContains(why, "Sør bid 6 and took 6 tricks: made, +60.")
    # Its heading has one colon: "Hand 1 · Bids: …", not "Hand 1: Bids: …".
    assertContains(why, "<h1>Hand 1 · Bids: Anne 4, Bjørn 3, Cato nil, Dina 3</h1>", html=True)
    # Nord's total hand by hand: why it has its points, not only its bags.
    nord = phone.get(_url("side_totals", group, game.code, 1), HTTP_ACCEPT_LANGUAGE="nb")
    assertContains(nord, "Meldte 4, tok 6: hjem. Cato gikk bet på nil. 3 overstikk: 7 til straffen")


def test_a_refused_hand_says_why_beside_the_form(phone: Client, group: Group) -> None:
    game = _new_spades(phone, group)
    # Only three bids: Dina's is missing.
    asked = {**_posted(1, ("4", "3", "3"), (4, 3, 3)), "tricks-3": 3}
    response = phone.post(_url("hand_create", group, game.code), asked)
    assert response.status_code == 422
    assert any("the bid of Dina is missing" in error for error in form_errors(response))
    assert not game.hands.exists()


def test_a_correction_shows_the_hand_as_it_was_and_scores_it_again(
    phone: Client, group: Group
) -> None:
    game = _new_spades(phone, group)
    phone.post(_url("hand_create", group, game.code), _posted(1, ("4", "3", "3", "3"), (4, 3, 3)))
    hand = game.hands.get()
    edit_url = _url("hand_edit", group, game.code, 1)
    form = phone.get(edit_url).context["form"]
    # Dina's tricks are left open, as in a new hand's form: they are the rest of the 13.
    assert (form["bids-0"].value(), form["tricks-2"].value()) == ("4", 3)
    assert form["tricks-3"].value() is None
    # Cato took 4, Dina 2: Nord 8 of 7 bid (71, one bag), Sør 5 of 6 (-60).
    edit = {**_posted(1, ("4", "3", "3", "3"), (4, 3, 4)), "revision": hand.revision}
    response = phone.post(edit_url, edit)
    assert response.status_code == 302, form_errors(response)
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": 71, "Sør": -60}


@pytest.mark.parametrize(
    ("language", "made", "set_"), [("en", "made", "set"), ("nb", "hjem", "bet")]
)
def test_each_hand_row_says_which_team_made_its_contract(
    phone: Client, group: Group, language: str, made: str, set_: str
) -> None:
    game = _new_spades(phone, group)
    # Nord bid 7 and took 8; Sør bid 6 and took 5.
    phone.post(_url("hand_create", group, game.code), _posted(1, ("4", "3", "3", "3"), (4, 3, 4)))
    page = phone.get(_url("game", group, game.code), HTTP_ACCEPT_LANGUAGE=language)
    said = rf'<span class="made">Nord {made}</span>,\s*<span class="failed">Sør {set_}</span>'
    # In the hands table, and in the sheet to print.
    assert len(re.findall(said, page.content.decode())) == 2
    assert table_rows(page, "hand-rows")[1][-2:] == ["71 +71", "\u221260 \u221260"]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Nord made, Sør made, Bjørn's nil failed, Cato's nil made"),
        ("nb", "Nord hjem, Sør hjem, Bjørn gikk bet på nil, Cato gikk hjem på nil"),
    ],
)
def test_a_hand_row_says_each_nil_beside_the_contracts(
    phone: Client, group: Group, language: str, said: str
) -> None:
    game = _new_spades(phone, group)
    # Anne 4 and Cato nil (Nord: 4, took 5 and 0); Bjørn nil and Dina 4 (Sør: took 1 and 7).
    phone.post(
        _url("hand_create", group, game.code), _posted(1, ("4", "nil", "nil", "4"), (5, 1, 0))
    )
    page = phone.get(_url("game", group, game.code), HTTP_ACCEPT_LANGUAGE=language)
    assert f"Dina 4 {said}" in " ".join(
        table_rows(page, "hand-rows")[1][0].replace(" ,", ",").split()
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Anne's blind nil made"), ("nb", "Anne gikk hjem på blind nil")],
)
def test_a_blind_nil_is_called_one(phone: Client, group: Group, language: str, said: str) -> None:
    game = _new_spades(phone, group)
    # Anne blind nil, Cato 4 (Nord: took 0 and 4); Bjørn and Dina 4 each (Sør: 4 and 5).
    phone.post(
        _url("hand_create", group, game.code), _posted(1, ("blind_nil", "4", "4", "4"), (0, 4, 4))
    )
    page = phone.get(_url("game", group, game.code), HTTP_ACCEPT_LANGUAGE=language)
    assert f", {said} " in table_rows(page, "hand-rows")[1][0]


def test_a_game_to_its_end_exports_the_made_object_and_the_bags(
    phone: Client, group: Group, tmp_path: Path
) -> None:
    game = _new_spades(phone, group, target="150")
    url = _url("hand_create", group, game.code)
    # Nord: Anne's nil made (+100), Cato 7 of 7 (+70): 170, past 150. Sør 6 of 6: 60.
    phone.post(url, _posted(1, ("nil", "3", "7", "3"), (0, 3, 7)))
    page = phone.get(_url("game", group, game.code))
    assert "Nord" in (winner(page) or "")
    exported = phone.get(_url("export_json", group, game.code))
    document = json.loads(exported.content)
    assert document["hands"][0]["made"] == {"Nord": True, "Sør": True}
    assert (document["winners"], document["bags"]) == (["Nord"], {"Nord": 0, "Sør": 0})
    path = tmp_path / "spades.json"
    path.write_bytes(exported.content)
    out = StringIO()
    call_command("score", str(path), stdout=out)
    assert out.getvalue() == exported.content.decode()
    csv = phone.get(_url("export_csv", group, game.code)).content.decode()
    assert "Bids: Anne nil" in csv and "Nord yes, Sør yes" in csv
    picture = phone.get(_url("game_picture", group, game.code))
    assert (picture.status_code, picture["Content-Type"]) == (200, "image/png")
    # Anne's made nil is hers on the awards page, and counted in the statistics.
    assertContains(phone.get(_url("awards", group)), "Bid nil and take no trick.")
    stats = phone.get(_url("stats", group), {"kind": "spades"})
    assertInHTML('<th scope="col">Nil: made / tried</th>', stats.content.decode())
    anne = group.players.get(name="Anne")
    player = phone.get(reverse("player", args=[group.edit_key, anne.code]), {"kind": "spades"})
    assert player.status_code == 200


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Nord made, Sør made, Nord penalized"),
        ("nb", "Nord hjem, Sør hjem, Nord fikk straff"),
    ],
)
def test_a_hand_row_says_a_bag_penalty_beside_the_contracts(
    phone: Client, group: Group, language: str, said: str
) -> None:
    """The penalty that bags reaching the limit cost is said beside "made": the row read
    "Nord made" beside Nord's points below zero, with no word why."""
    game = _new_spades(phone, group, bag_limit="2")
    # Nord (Anne 2, Cato 2) took 4 + 3: made, 3 bags reach 2: 40 + 3 - 100 = -57.
    phone.post(_url("hand_create", group, game.code), _posted(1, ("2", "3", "2", "3"), (4, 3, 3)))
    page = phone.get(_url("game", group, game.code), HTTP_ACCEPT_LANGUAGE=language)
    row = table_rows(page, "hand-rows")[1]
    assert said in " ".join(row[0].replace(" ,", ",").split())
    assert row[-2] == "\u221257 \u221257"
