"""Oh Hell through the pages: the new-game form, the hand form asking bids in turn with the
cards the schedule deals, its preview naming the bid the hook forbids, a correction, the
end of the schedule, the exports, ``score`` and the statistics."""

from __future__ import annotations

import json
import re
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

THREE = ["Anne", "Bjørn", "Cato"]


def _url(name: str, group: Group, *args: Any) -> str:
    return reverse(name, args=[group.edit_key, *args])


def _new_game(phone: Client, group: Group, **rules: str) -> Game:
    data = new_game_post(
        *THREE,
        first_dealer=3,
        rule_hook="on",  # ticked, as the form starts
        **{f"rule_{key}": value for key, value in rules.items()},
    )
    response = phone.post(_url("new_game_of", group, "oh_hell"), data)
    assert response.status_code == 302, form_errors(response)
    return Game.objects.get(kind="oh_hell")


def _taps(number: int, dealer: str, bids: list[int], tricks: list[int | None]) -> dict[str, Any]:
    """The form as the taps post it: a bid per seat, tricks per seat (None: not tapped)."""
    data: dict[str, Any] = {"number": number, "dealer": dealer}
    data.update({f"bids-{i}": bid for i, bid in enumerate(bids)})
    data.update({f"tricks-{i}": n for i, n in enumerate(tricks) if n is not None})
    return data


def test_the_new_game_form_explains_each_rule_with_the_specs_defaults(
    phone: Client, group: Group
) -> None:
    response = phone.get(_url("new_game_of", group, "oh_hell"))
    html = text(response)
    assertInHTML("<h1>New Oh Hell game</h1>", html)
    form = response.context["form"]
    # max_cards is worked out from the players when left empty; the others have defaults.
    assert form["rule_max_cards"].initial is None
    assert (form["rule_schedule"].initial, form["rule_scoring"].initial) == (
        "down-up",
        "exact-bonus",
    )
    assert form["rule_hook"].initial is True
    assertContains(response, "Empty: 10 with 3 to 5 players, 8 with 6, 7 with 7.")
    game = _new_game(phone, group, max_cards="2")
    assert (game.players, game.rules) == (THREE, {"max_cards": 2})


def test_a_game_is_bid_played_corrected_and_ends_with_the_schedule(
    phone: Client, group: Group
) -> None:
    # max 2, down and up: hands of 2, 1 and 2 cards.
    game = _new_game(phone, group, max_cards="2")
    page = phone.get(_url("game", group, game.code))
    assert page.context["hint"] == "Deal 1 of 3: 2 cards each."
    fields = page.context["form"].fields
    assert {"bids-0", "bids-2", "tricks-0", "tricks-2"} <= set(fields)

    # Cato deals: Anne and Bjørn bid 1 and 0, so Cato may not bid 1 (the hook).
    preview = phone.get(
        _url("hand_preview", group, game.code),
        {"number": "1", "dealer": "Cato", "bids-0": "1", "bids-1": "0"},
    )
    assertContains(
        preview, "Cato bids last, and may not bid 1 (the hook). Deal 1 of 3: 2 cards each."
    )
    # Tapped, before any trick: said at once, not "the tricks are missing".
    tapped = phone.get(
        _url("hand_preview", group, game.code),
        {"number": "1", "dealer": "Cato", "bids-0": "1", "bids-1": "0", "bids-2": "1"},
    )
    assertContains(tapped, "with the hook the dealer (Cato) may not bid 1")
    assertNotContains(tapped, "missing")
    # The refusal first, before the hand's cards: the foot of the form grows to hold it.
    said = text(tapped)
    assert said.index('class="refusal') < said.index("may not bid 1") < said.index("Deal 1 of 3")
    # Bids that may stand, and no trick yet: the tricks are missing, not each player's.
    bid = phone.get(
        _url("hand_preview", group, game.code),
        {"number": "1", "dealer": "Cato", "bids-0": "1", "bids-1": "0", "bids-2": "0"},
    )
    assertContains(bid, "the tricks are missing")
    # Tapped anyway: refused in words.
    refused = phone.post(
        _url("hand_create", group, game.code), _taps(1, "Cato", [1, 0, 1], [1, 1, None])
    )
    assert refused.status_code == 422
    assert any("may not bid 1" in error for error in form_errors(refused))

    # 2n taps: three bids and two players' tricks; Cato's are the rest of the 2 cards.
    saved = phone.post(
        _url("hand_create", group, game.code), _taps(1, "Cato", [1, 0, 0], [1, 1, None])
    )
    assert saved.status_code == 302, form_errors(saved)
    hand = game.hands.get()
    # The big screen says the next hand's cards, as the form does.
    tv = phone.get(_url("game_tv", group, game.code))
    assert part(tv, "tv-hint") == ("Deal 2 of 3: 1 card each.", [])
    # The next hand's form offers a bid and a count of at most that card (its style hides
    # the chips above, by the number its tag says).
    page = phone.get(_url("game", group, game.code))
    assertContains(page, 'data-hand-form data-most-bids="1" data-most-tricks="1"')
    hidden = "form[data-most-bids='1'] [data-input=bids] .choices > :nth-child(n+3)"
    assertContains(page, hidden)
    # Its correction, a hand of 2 cards, offers both.
    correcting = phone.get(_url("hand_edit", group, game.code, 1))
    assertContains(correcting, 'data-hand-form data-most-bids="2" data-most-tricks="2"')
    assert hand.data == {
        "dealer": "Cato",
        "cards": 2,
        "bids": {"Anne": 1, "Bjørn": 0, "Cato": 0},
        "tricks": {"Anne": 1, "Bjørn": 1, "Cato": 0},
    }
    # Anne 1 + 10, Bjørn took 1 for 0 (1), Cato 0 + 10.
    assert scoreboard(phone.get(_url("game", group, game.code))) == {
        "Anne": 11,
        "Bjørn": 1,
        "Cato": 10,
    }

    # Why: the cards and each player's bid against their tricks.
    why = phone.get(_url("hand", group, game.code, 1))
    assertContains(why, "2 cards each; the bids added up to 1.")
    assertContains(why, "Bid 0, took 1: a point a trick.")

    # A correction: Bjørn took none and Cato both.
    edit = _taps(1, "Cato", [1, 0, 0], [1, 0, None])
    edit["revision"] = hand.revision
    corrected = phone.post(_url("hand_edit", group, game.code, 1), edit)
    assert corrected.status_code == 302, form_errors(corrected)
    hand.refresh_from_db()
    assert hand.data["tricks"] == {"Anne": 1, "Bjørn": 0, "Cato": 1}

    # A misdeal takes no place in the schedule: the next hand still has 1 card.
    phone.post(
        _url("hand_create", group, game.code), {"number": 2, "dealer": "Anne", "redeal": "on"}
    )
    assert game.hands.get(number=2).data == {"dealer": "Anne", "redeal": True}
    page = phone.get(_url("game", group, game.code))
    assert page.context["hint"] == "Deal 2 of 3: 1 card each."
    # One card: who took its trick is all the tricks need; the others took none.
    one = phone.post(
        _url("hand_create", group, game.code), _taps(3, "Anne", [0, 0, 0], [None, 1, None])
    )
    assert one.status_code == 302, form_errors(one)
    assert game.hands.get(number=3).data["tricks"] == {"Anne": 0, "Bjørn": 1, "Cato": 0}
    phone.post(_url("hand_create", group, game.code), _taps(4, "Bjørn", [2, 0, 1], [2, 0, None]))
    page = phone.get(_url("game", group, game.code))
    # Hand 1: Anne 11, Bjørn 10, Cato 1. Hand 3 (1 card): Anne 10, Bjørn 1, Cato 10.
    # Hand 4 (2 cards): Anne 12, Bjørn 10, Cato 0. Anne 33, Bjørn 21, Cato 11.
    assert scoreboard(page) == {"Anne": 33, "Bjørn": 21, "Cato": 11}
    assert "Anne wins" in (winner(page) or "")
    game.refresh_from_db()
    assert game.winners == ["Anne"]
    assert part(phone.get(_url("game_tv", group, game.code)), "tv-hint") is None


def test_the_game_goes_out_as_a_file_that_score_agrees_with(
    phone: Client, group: Group, tmp_path: Path
) -> None:
    game = _new_game(phone, group, max_cards="1", schedule="down")
    phone.post(_url("hand_create", group, game.code), _taps(1, "Cato", [0, 0, 0], [1, 0, None]))
    exported = phone.get(_url("export_json", group, game.code))
    document = json.loads(exported.content)
    assert document["hands"][0]["made"] == {"Anne": False, "Bjørn": True, "Cato": True}
    assert (document["winners"], document["finished"]) == (["Bjørn", "Cato"], True)
    path = tmp_path / "oh_hell.json"
    path.write_bytes(exported.content)
    out = StringIO()
    call_command("score", str(path), stdout=out)
    assert out.getvalue() == exported.content.decode()
    csv = phone.get(_url("export_csv", group, game.code)).content.decode()
    assert "Exact: Bjørn and Cato" in csv and "Anne 0/1" in csv
    # The made column: those who made their own bid.
    assert '"Bjørn, Cato"' in csv


def test_statistics_show_exact_bids_by_cards(phone: Client, group: Group) -> None:
    game = _new_game(phone, group, max_cards="1", schedule="down")
    phone.post(_url("hand_create", group, game.code), _taps(1, "Cato", [0, 0, 0], [1, 0, None]))
    stats = phone.get(_url("stats", group), {"kind": "oh_hell"})
    html = text(stats)
    assertInHTML('<th scope="col">Every bid exact</th>', html)
    anne = group.players.get(name="Bjørn")
    player = phone.get(reverse("player", args=[group.edit_key, anne.code]), {"kind": "oh_hell"})
    assertContains(player, "1 card")
    # The levels are the cards in the hand, not bids; and Oh Hell has no partners to name.
    assertInHTML('<th scope="col" class="name">Cards in hand</th>', text(player))
    assert part(player, "best-partner") is None


def test_the_rows_asked_in_turn_come_in_turn_in_the_page_too(phone: Client, group: Group) -> None:
    """Bids and tricks go round from the dealer's left, the dealer last: in the page's own
    order, which a keyboard follows, not only as the style lays them out."""
    game = _new_game(phone, group)  # Cato deals the first hand: in seating order
    html = text(phone.get(_url("game", group, game.code)))

    def rows(name: str) -> list[str]:
        fieldset = html.split(f'data-input="{name}"', 1)[1].split("</fieldset>", 1)[0]
        return re.findall(r'class="tricks-row" data-side="([^"]+)"', fieldset)

    assert rows("bids") == ["Anne", "Bjørn", "Cato"]
    response = phone.post(
        _url("hand_create", group, game.code), _taps(1, "Cato", [0, 0, 1], [0, 0])
    )
    assert response.status_code == 302, form_errors(response)
    html = text(phone.get(_url("game", group, game.code)))
    assert rows("bids") == rows("tricks") == ["Bjørn", "Cato", "Anne"]  # Anne deals
