"""Five Hundred through the pages: the new-game form, the hand form (bidder, bid, suit,
tricks) and its preview naming the bid's value, "Why?", a correction, the exports and
the awards."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML

from games.models import Game, Group
from tests.factories import new_game_post
from tests.views.pages import form_errors, scoreboard, text, winner

pytestmark = pytest.mark.django_db

SEATS = ["Anne", "Bjørn", "Cato", "Dina"]


def _url(name: str, group: Group, *args: Any) -> str:
    return reverse(name, args=[group.edit_key, *args])


def _new_game(phone: Client, group: Group, **rules: str) -> Game:
    data = new_game_post(
        *SEATS,
        team_1="Nord",
        team_2="Sør",
        rule_win_needs_bid="on",  # ticked to start with, as the form shows it
        **{f"rule_{key}": value for key, value in rules.items()},
    )
    response = phone.post(_url("new_game_of", group, "five_hundred"), data)
    assert response.status_code == 302, form_errors(response)
    return Game.objects.get(kind="five_hundred")


def _posted(number: int, bidder: str, bid: str, suit: str | None, tricks: int) -> dict[str, Any]:
    """The taps of a hand: bidder, bid, suit (not on a misère), tricks (and Save)."""
    posted = {"number": number, "dealer": SEATS[(number - 1) % 4], "bidder": bidder, "bid": bid}
    return {**posted, "tricks": tricks, **({"suit": suit} if suit else {})}


def test_the_new_game_form_has_the_spec_defaults(phone: Client, group: Group) -> None:
    form = phone.get(_url("new_game_of", group, "five_hundred")).context["form"]
    assert {name: form[f"rule_{name}"].initial for name in ("target", "lose_at", "slam")} == {
        "target": 500,
        "lose_at": -500,
        "slam": 250,
    }
    game = _new_game(phone, group, misere="0")
    assert game.rules == {"misere": 0}
    # Misère not allowed: the bid form does not offer it, open misère still.
    bids = phone.get(_url("game", group, game.code)).context["form"].fields["bid"].choices
    assert [value for value, _label in bids][-2:] == ["10", "open_misere"]


def _words(response: Any) -> str:
    """The words an answer shows, one space apart."""
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split()).replace(" ,", ",")


def test_a_hand_is_previewed_with_its_value_saved_and_explained(
    phone: Client, group: Group
) -> None:
    game = _new_game(phone, group)
    asked = _posted(1, "Bjørn", "8", "hearts", 9)
    answer = phone.get(_url("hand_preview", group, game.code), asked)
    preview = text(answer)
    # 8 hearts: 40 + 3 * 20 + 2 * 100 = 300; Nord took the 1 trick left: 10.
    assert "Bjørn bid 8 hearts (worth 300) and Sør took 9 tricks: made, +300." in preview
    # The outcome names the team whose bid it is, before both teams' points.
    assert "Sør made Nord +10, Sør +300" in _words(answer)
    failed = _posted(1, "Bjørn", "8", "hearts", 7)
    nb = phone.get(_url("hand_preview", group, game.code), failed, HTTP_ACCEPT_LANGUAGE="nb")
    assert "Sør bet Nord +30, Sør \u2212300" in _words(nb)
    response = phone.post(_url("hand_create", group, game.code), asked)
    assert response.status_code == 302, form_errors(response)
    assert game.hands.get().data == {
        "dealer": "Anne",
        "bidder": "Bjørn",
        "bid": 8,
        "suit": "hearts",
        "tricks": 9,
    }
    assert scoreboard(phone.get(_url("game", group, game.code))) == {"Nord": 10, "Sør": 300}
    assertContains(phone.get(_url("hand", group, game.code, 1)), "Nord took 1 trick: +10")
    # A misère has no suit: the chips for it are not sent, and not stored.
    misere = {**_posted(2, "Cato", "misere", None, 0), "suit": "clubs"}
    response = phone.post(_url("hand_create", group, game.code), misere)
    assert response.status_code == 302, form_errors(response)
    assert "suit" not in game.hands.get(number=2).data


def test_a_correction_and_a_game_to_its_end(phone: Client, group: Group) -> None:
    game = _new_game(phone, group, target="400")
    url = _url("hand_create", group, game.code)
    phone.post(url, _posted(1, "Anne", "10", "no_trump", 9))  # failed: -520
    hand = game.hands.get()
    # Corrected: all ten, made: +520.
    edit = {**_posted(1, "Anne", "10", "no_trump", 10), "revision": hand.revision}
    assert phone.post(_url("hand_edit", group, game.code, 1), edit).status_code == 302
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": 520, "Sør": 0}
    assert "Nord" in (winner(page) or "")
    document = json.loads(phone.get(_url("export_json", group, game.code)).content)
    assert (document["hands"][0]["made"], document["winners"]) == (True, ["Nord"])
    picture = phone.get(_url("game_picture", group, game.code))
    assert (picture.status_code, picture["Content-Type"]) == (200, "image/png")
    assertContains(phone.get(_url("awards", group)), "Bid tricks and take all ten.")
    stats = phone.get(_url("stats", group), {"kind": "five_hundred"})
    assertInHTML('<th scope="col">Slams</th>', stats.content.decode())
    anne = group.players.get(name="Anne")
    player = phone.get(
        reverse("player", args=[group.edit_key, anne.code]), {"kind": "five_hundred"}
    )
    assert player.status_code == 200


def test_nobody_leads_while_the_teams_are_level(phone: Client, group: Group) -> None:
    """A hand all passed leaves 0 to 0: no team is marked as leading (both were)."""
    game = _new_game(phone, group)
    url = _url("hand_create", group, game.code)
    phone.post(url, {"number": 1, "dealer": "Anne", "redeal": "on"})
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": 0, "Sør": 0}
    assert text(page).count('class="badge lead"') == 0
    saved = phone.post(url, _posted(2, "Bjørn", "6", "spades", 7))
    assert saved.status_code == 302, form_errors(saved)
    page = phone.get(_url("game", group, game.code))
    assert scoreboard(page) == {"Nord": 30, "Sør": 40}
    assert text(page).count('class="badge lead"') == 1
