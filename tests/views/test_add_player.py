"""Adding a player to the group: names are unique in a group, whatever their case."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group

pytestmark = pytest.mark.django_db


def _names(group: Group) -> list[str]:
    return sorted(p.name for p in group.players.all())


def test_new_player_joins_the_group(phone: Client, group: Group) -> None:
    response = phone.post(reverse("add_player", args=[group.edit_key]), {"name": " Erik "})
    assert response.status_code == 302
    assert _names(group) == ["Anne", "Bjørn", "Cato", "Dina", "Erik"]
    page = phone.get(response["Location"])
    assert "Erik joined the group." in page.content.decode()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        pytest.param("Anne", "Anne is already in the group.", id="duplicate"),
        # Said as the group spells the name; "Ø" is "ø" in another case on every database.
        pytest.param("ANNE", "Anne is already in the group.", id="duplicate-other-case"),
        pytest.param(" bjørn ", "Bjørn is already in the group.", id="duplicate-spaces"),
        pytest.param("BJØRN", "Bjørn is already in the group.", id="duplicate-beyond-a-to-z"),
        pytest.param("", "This field is required.", id="empty"),
        pytest.param("   ", "This field is required.", id="blank"),
        pytest.param("x" * 41, "At most 40 characters, not 41.", id="too-long"),
    ],
)
def test_bad_player_name_is_answered_with_a_message(
    phone: Client, group: Group, name: str, message: str
) -> None:
    response = phone.post(reverse("add_player", args=[group.edit_key]), {"name": name}, follow=True)
    assert response.status_code == 200
    assert message in response.content.decode()
    # A name too long is said once, by the field (the engine's own check says it too).
    assert "name has at most" not in response.content.decode()
    assert _names(group) == ["Anne", "Bjørn", "Cato", "Dina"]


def test_adding_a_player_needs_a_post(phone: Client, group: Group) -> None:
    assert phone.get(reverse("add_player", args=[group.edit_key])).status_code == 405
