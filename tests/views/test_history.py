"""The history: every change to a game, newest first, with who made it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group
from tests.factories import bid, hand_post, make_game, revision
from tests.views.pages import list_items, text

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
    entries = list_items(response, "changes")
    # Newest first: who did what to which hand, in words.
    assert [e.split(" · ")[0] for e in entries] == [
        "Hand 2 brought back by Dina",
        "Hand 2 deleted by Cato",
        "Hand 1 corrected by Bjørn",
        "Hand 2 entered by Anne",
        "Hand 1 entered by Anne",
    ]
    # A correction shows the hand before and after.
    before, after = entries[2].split(" was ", 1)[1].split(" now ", 1)
    assert "Bjørn 8 with Dina" in before
    assert "Bjørn 9 with Dina" in after


def test_a_new_hand_is_told_from_a_deleted_one_with_its_number(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST, SECOND])
    game.delete_hand(2, revision(game, 2), "Cato")
    game.add_hand(2, {**SECOND, "bid": 8}, "Dina")
    response = phone.get(reverse("history", args=[group.edit_key, game.code]))
    entries = list_items(response, "changes")
    assert entries[0].startswith("A new hand 2, entered by Dina")
    assert entries[1].startswith("Hand 2 deleted by Cato")
    # The hand first entered as 2 is gone; the deletion offers it back by its number.
    assert entries[2].startswith("Hand 2 entered by Anne (deleted since)")
    assert "Bring back hand 2 (deleted)" in entries[1]
    assert "Bring back" not in entries[0] + entries[2]
    # Only the deletion brings it back: "make hand 2 this version" would name Dina's hand.
    assert "this version again" not in entries[2]


def test_a_hand_that_moved_says_its_number_now(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST, SECOND])
    game.delete_hand(1, revision(game, 1), "Cato")
    entries = list_items(phone.get(reverse("history", args=[group.edit_key, game.code])), "changes")
    assert entries[1].startswith("Hand 2 entered by Anne (now hand 1)")
    assert "Bring back hand 1 (deleted)" in entries[0]


def test_a_hand_brought_back_is_not_offered_again(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST, SECOND])
    game.delete_hand(2, revision(game, 2), "Cato")
    game.restore(game.changes.get(action="delete"), "Dina")
    response = phone.get(reverse("history", args=[group.edit_key, game.code]))
    assert not any("Bring back" in entry for entry in list_items(response, "changes"))


def test_full_link_can_restore_from_the_history(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    game.edit_hand(1, revision(game, 1), SECOND, "Bjørn")
    html = text(phone.get(reverse("history", args=[group.edit_key, game.code])))
    # The version entered first can come back; the current one has nothing to restore.
    added, corrected = game.changes.get(action="add"), game.changes.get(action="edit")
    assert reverse("restore", args=[group.edit_key, game.code, added.code]) in html
    assert reverse("restore", args=[group.edit_key, game.code, corrected.code]) not in html


def test_bringing_back_a_hand_whose_number_another_has_asks_first(
    phone: Client, group: Group
) -> None:
    """Hand 2 undone and entered anew: bringing the deleted one back pushes the new one to
    hand 3 and changes the totals, so the button asks; with the number free it does not."""
    game = make_game(group, hands=[FIRST, SECOND])
    game.delete_hand(2, revision(game, 2), "Bjørn")
    url = reverse("history", args=[group.edit_key, game.code])
    deleted = game.changes.get(action="delete")
    restore = reverse("restore", args=[group.edit_key, game.code, deleted.code])
    assert f'action="{restore}">' in text(phone.get(url))  # nothing to ask
    game.add_hand(2, SECOND | {"dealer": "Bjørn"}, "Bjørn")
    html = text(phone.get(url))
    assert (
        f'action="{restore}" data-confirm="Bring back the deleted hand 2? It goes in before '
        'the hand 2 there now, which becomes hand 3, and the totals change."' in html
    )


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


@pytest.mark.parametrize(
    ("language", "was", "now", "before", "after"),
    [
        (
            "en",
            "was",
            "now",
            "Bjørn 8 with Dina (tricks: Anne 2, Cato 1), dealt by Anne",
            "Bjørn 8 with Dina (tricks: Anne 2, Cato 1), dealt by Cato",
        ),
        (
            "nb",
            "før",
            "nå",
            "Bjørn 8 med Dina (stikk: Anne 2, Cato 1), gitt av Anne",
            "Bjørn 8 med Dina (stikk: Anne 2, Cato 1), gitt av Cato",
        ),
    ],
)
def test_a_corrected_dealer_shows_in_was_and_now(
    phone: Client, group: Group, language: str, was: str, now: str, before: str, after: str
) -> None:
    # The same bid and tricks, so the same points: only who dealt tells the versions apart.
    game = make_game(group, hands=[FIRST])
    game.edit_hand(1, revision(game, 1), {**FIRST, "dealer": "Cato"}, "Bjørn")
    url = reverse("history", args=[group.edit_key, game.code])
    corrected = list_items(phone.get(url, HTTP_ACCEPT_LANGUAGE=language), "changes")[0]
    assert corrected.split(f" {was} ", 1)[1].split(f" {now} ") == [before, after]


@pytest.mark.parametrize(
    "tricks",
    [FIRST["tricks"], {"Cato": 1, "Anne": 2}],
    # The other as PostgreSQL's jsonb keeps keys, the shorter first: read in seating order.
    ids=["in-seating-order", "kept-in-another-order"],
)
def test_a_correction_that_keeps_the_dealer_does_not_name_it(
    phone: Client, group: Group, tricks: dict[str, int]
) -> None:
    game = make_game(group, hands=[{**FIRST, "tricks": tricks}])
    game.edit_hand(1, revision(game, 1), {**FIRST, "bid": 9, "tricks": tricks}, "Bjørn")
    corrected = list_items(
        phone.get(reverse("history", args=[group.edit_key, game.code])), "changes"
    )[0]
    assert corrected.split(" was ", 1)[1].split(" now ") == [
        "Bjørn 8 with Dina (tricks: Anne 2, Cato 1)",
        "Bjørn 9 with Dina (tricks: Anne 2, Cato 1)",
    ]
