"""The start page: a group is made with a name and its first player."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group

pytestmark = pytest.mark.django_db


def test_start_page_offers_the_group_form(client: Client) -> None:
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert 'name="name"' in response.content.decode()


def test_each_field_has_one_line_of_help_under_it(client: Client) -> None:
    page = unescape(client.get(reverse("home")).content.decode())
    assert page.count('class="help"') == 2
    assert '<p class="help">You become the group\'s first player. Up to 40 characters.</p>' in page


def test_new_group_gets_its_first_player_and_this_phone_is_that_player(client: Client) -> None:
    response = client.post(reverse("home"), {"name": " The Friday table ", "me": " Anne "})
    group = Group.objects.get()
    assert group.name == "The Friday table"
    assert [p.name for p in group.players.all()] == ["Anne"]
    assert response.status_code == 302
    assert response["Location"] == reverse("group", args=[group.edit_key])
    # The phone that made the group is not asked who it is.
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "This phone is Anne." in page.content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "This field is required.", id="empty"),
        pytest.param({"name": "", "me": "Anne"}, "This field is required.", id="no-name"),
        pytest.param({"name": "Table", "me": "   "}, "This field is required.", id="blank-me"),
        pytest.param(
            {"name": "x" * 81, "me": "Anne"},
            "At most 80 characters, not 81.",
            id="name-too-long",
        ),
        pytest.param(
            {"name": "Table", "me": "x" * 41},
            "At most 40 characters, not 41.",
            id="me-too-long",
        ),
    ],
)
def test_bad_group_form_is_answered_with_a_message(
    client: Client, data: dict[str, str], message: str
) -> None:
    response = client.post(reverse("home"), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Group.objects.exists()


def test_start_page_answers_only_get_and_post(client: Client) -> None:
    assert client.put(reverse("home")).status_code == 405
