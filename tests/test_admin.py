"""The admin shows games, hands and changes, and changes none of them: a hand changes
only through the game's methods, which keep the change log, the version and the
statistics (`Game.add_hand`, `edit_hand`, ...)."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Hand
from tests.factories import anne_wins, make_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("admin_on")]


@pytest.fixture
def admin_client(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("admin", "admin@example.com", "pw"))
    return client


def _inline_post(game: Game) -> dict[str, str]:
    """What the change form would post to delete every hand and rewrite the rules."""
    hands = list(game.hands.order_by("number"))
    data = {
        "group": str(game.group_id),
        "kind": "euchre",
        "rules": '{"target": 1}',
        "hands-TOTAL_FORMS": str(len(hands)),
        "hands-INITIAL_FORMS": str(len(hands)),
        "seats-TOTAL_FORMS": "0",
        "seats-INITIAL_FORMS": "0",
    }
    for i, hand in enumerate(hands):
        data |= {f"hands-{i}-id": str(hand.pk), f"hands-{i}-game": str(game.pk)}
        data[f"hands-{i}-DELETE"] = "on"
    return data


def test_a_game_and_its_hands_are_shown_read_only(admin_client: Client) -> None:
    game = make_game(hands=anne_wins()[:2])
    response = admin_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert response.status_code == 200
    # A view-only page: no form to save, and each hand's contents as text.
    assert not response.context["has_change_permission"]
    assert response.context["inline_admin_formsets"][1].has_delete_permission is False


def test_the_admin_cannot_change_or_delete_a_hand_behind_the_change_log(
    admin_client: Client,
) -> None:
    game = make_game(hands=anne_wins()[:2])
    game.refresh_from_db()
    before = (
        game.version,
        list(Hand.objects.values_list("number", "data")),
        Change.objects.count(),
    )
    response = admin_client.post(
        reverse("admin:games_game_change", args=[game.pk]), _inline_post(game)
    )
    assert response.status_code == 403
    game.refresh_from_db()
    after = (game.version, list(Hand.objects.values_list("number", "data")), Change.objects.count())
    assert after == before
    assert (game.kind, game.rules) == ("amerikaner", {})


@pytest.mark.parametrize("model", ["game", "change"])
def test_nothing_of_a_game_is_added_through_the_admin(admin_client: Client, model: str) -> None:
    assert admin_client.get(reverse(f"admin:games_{model}_add")).status_code == 403


def test_hands_have_no_admin_page_of_their_own() -> None:
    # Only the game's read-only inline shows them.
    assert Hand not in admin.site._registry
