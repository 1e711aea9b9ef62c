"""The history: every change to a game, newest first, with who made it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group
from tests.factories import bid, hand_post, make_game, revision
from tests.views.pages import text

pytestmark = pytest.mark.django_db

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
SECOND = bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn")


def test_every_change_is_in_the_history_with_the_phone_that_made_it(
    client: Client, group: Group
) -> None:
    game = make_game(group)
    key = group.edit_key

    def as_(name: str) -> None:
        client.post(reverse("who", args=[key]), {"name": name})

    as_("Anne")
    client.post(reverse("hand_create", args=[key, game.code]), hand_post(game, FIRST, 1))
    client.post(reverse("hand_create", args=[key, game.code]), hand_post(game, SECOND, 2))
    as_("Bjørn")
    corrected = hand_post(game, {**FIRST, "bid": 9}, 1, revision=revision(game, 1))
    client.post(reverse("hand_edit", args=[key, game.code, 1]), corrected)
    as_("Cato")
    client.post(reverse("hand_delete", args=[key, game.code, 2]), {"revision": revision(game, 2)})
    as_("Dina")
    deleted = game.changes.get(action="delete")
    client.post(reverse("restore", args=[key, game.code, deleted.code]))

    response = client.get(reverse("history", args=[group.view_key, game.code]))
    assert response.status_code == 200
    items = text(response).split('<ul class="plain">', 1)[1].split("<li>")[1:]
    entries = [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]
    # Newest first: who did what to which hand.
    assert [e.split(",")[0] for e in entries] == [
        "Hand 2 restored by Dina",
        "Hand 2 deleted by Cato",
        "Hand 1 corrected by Bjørn",
        "Hand 2 added by Anne",
        "Hand 1 added by Anne",
    ]
    # A correction shows the hand before and after.
    before, after = items[2].split("<del>", 1)[1].split("<ins>", 1)
    assert "Bjørn 8 with Dina" in before
    assert "Bjørn 9 with Dina" in after


def test_full_link_can_restore_from_the_history(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    game.edit_hand(1, revision(game, 1), SECOND, "Bjørn")
    html = text(phone.get(reverse("history", args=[group.edit_key, game.code])))
    # The version entered first can come back; the current one has nothing to restore.
    added, corrected = game.changes.get(action="add"), game.changes.get(action="edit")
    assert reverse("restore", args=[group.edit_key, game.code, added.code]) in html
    assert reverse("restore", args=[group.edit_key, game.code, corrected.code]) not in html


def test_view_only_link_sees_the_history_without_restore_buttons(
    client: Client, group: Group
) -> None:
    game = make_game(group, hands=[FIRST])
    html = text(client.get(reverse("history", args=[group.view_key, game.code])))
    assert "Hand 1" in html
    assert "/restore/" not in html
    assert group.edit_key not in html


def test_empty_history_says_so(client: Client, group: Group) -> None:
    game = make_game(group)
    html = text(client.get(reverse("history", args=[group.view_key, game.code])))
    assert "No changes yet." in html


def test_history_is_read_only(client: Client, group: Group) -> None:
    game = make_game(group)
    url = reverse("history", args=[group.view_key, game.code])
    assert client.post(url).status_code == 405
