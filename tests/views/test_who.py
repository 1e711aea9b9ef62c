"""Saying once which player this phone is: the name goes with every change it makes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group
from tests.factories import make_game
from tests.views.pages import attribute, form_errors, options, part

pytestmark = pytest.mark.django_db


def test_who_page_lists_the_group_players(client: Client, group: Group) -> None:
    response = client.get(reverse("who", args=[group.edit_key]))
    assert response.status_code == 200
    assert options(response, "player") == ["Anne", "Bjørn", "Cato", "Dina"]


def test_picking_a_player_remembers_it_and_goes_on_to_next(client: Client, group: Group) -> None:
    game = make_game(group)
    game_url = reverse("game", args=[group.edit_key, game.code])
    response = client.post(
        reverse("who", args=[group.edit_key]), {"player": "Cato", "next": game_url}
    )
    assert response.status_code == 302
    assert response["Location"] == game_url
    page = client.get(reverse("group", args=[group.edit_key]))
    assert "This phone is Cato." in page.content.decode()


def test_a_written_name_wins_over_the_picked_one(client: Client, group: Group) -> None:
    client.post(reverse("who", args=[group.edit_key]), {"player": "Cato", "name": "  Erik "})
    page = client.get(reverse("group", args=[group.edit_key]))
    assert "This phone is Erik." in page.content.decode()


def test_the_asked_for_address_comes_back_whole(client: Client, group: Group) -> None:
    # "&" and "?" in the address must not split it when it rides along as `next`.
    game = make_game(group)
    wanted = reverse("game", args=[group.edit_key, game.code]) + "?from=night&x=a?b"
    asked = client.get(wanted)
    assert asked.status_code == 302
    who_page = client.get(asked["Location"])
    assert who_page.context["next"] == wanted
    response = client.post(asked["Location"], {"player": "Anne", "next": who_page.context["next"]})
    assert response["Location"] == wanted


def test_next_to_another_site_is_ignored(client: Client, group: Group) -> None:
    response = client.post(
        reverse("who", args=[group.edit_key]),
        {"player": "Anne", "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("group", args=[group.edit_key])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({}, "Pick your name, or write it.", id="empty"),
        pytest.param({"name": "   "}, "Pick your name, or write it.", id="blank"),
        # A field refused says why, once, and nothing more.
        pytest.param(
            {"player": "Zed"},
            "Select a valid choice. Zed is not one of the available choices.",
            id="not-a-player",
        ),
        pytest.param(
            {"name": "x" * 41},
            "At most 40 characters, not 41.",
            id="too-long",
        ),
    ],
)
def test_bad_who_form_is_answered_with_a_message(
    client: Client, group: Group, data: dict[str, str], message: str
) -> None:
    response = client.post(reverse("who", args=[group.edit_key]), data)
    assert response.status_code == 200
    assert form_errors(response) == [message]
    # Still not known: the edit pages keep asking.
    assert client.get(reverse("group", args=[group.edit_key])).status_code == 302


def test_who_answers_only_get_and_post(client: Client, group: Group) -> None:
    assert client.delete(reverse("who", args=[group.edit_key])).status_code == 405


@pytest.mark.parametrize(
    ("language", "said"), [("en", "Up to 40 characters."), ("nb", "Opptil 40 tegn.")]
)
def test_the_name_limit_is_said_before_typing(
    client: Client, group: Group, language: str, said: str
) -> None:
    # The field stops at 40 characters; the page says so rather than cutting silently.
    response = client.get(reverse("who", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE=language)
    found = part(response, "name-limit")
    assert found is not None and found[0] == said


@pytest.mark.parametrize("typed", ["dina", "DINA", " Dina "])
def test_a_player_s_name_typed_in_another_case_is_that_player(
    client: Client, group: Group, typed: str
) -> None:
    # The phone's name goes on every hand it saves: "dina" would be a second Dina there.
    client.post(reverse("who", args=[group.edit_key]), {"name": typed})
    page = client.get(reverse("group", args=[group.edit_key]))
    assert "This phone is Dina." in page.content.decode()


def test_a_new_name_joins_the_group_as_a_player(client: Client, group: Group) -> None:
    client.post(reverse("who", args=[group.edit_key]), {"name": "Frode"})
    assert [p.name for p in group.players.all()] == ["Anne", "Bjørn", "Cato", "Dina", "Frode"]
    # Every list where players are chosen offers Frode now: the next phone's "I am"...
    other_phone = Client()
    assert "Frode" in options(other_phone.get(reverse("who", args=[group.edit_key])), "player")
    # ...and the seats of a new game.
    new_game = client.get(reverse("new_game", args=[group.edit_key]))
    assert "Frode" in options(new_game, "seats-0-name")


def test_a_known_name_in_another_letter_case_adds_nobody(client: Client, group: Group) -> None:
    client.post(reverse("who", args=[group.edit_key]), {"name": "Frode"})
    other_phone = Client()
    other_phone.post(reverse("who", args=[group.edit_key]), {"name": "frode"})
    assert [p.name for p in group.players.filter(name__iexact="frode")] == ["Frode"]
    page = other_phone.get(reverse("group", args=[group.edit_key]))
    assert "This phone is Frode." in page.content.decode()
    assert group.players.count() == 5


def test_a_name_over_the_limit_adds_no_player(client: Client, group: Group) -> None:
    response = client.post(reverse("who", args=[group.edit_key]), {"name": "F" * 41})
    assert response.status_code == 200
    assert group.players.count() == 4


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "A name the group does not have yet joins its players."),
        ("nb", "Et navn gruppen ikke har fra før, blir med blant spillerne."),
    ],
)
def test_the_page_says_a_new_name_joins_the_players(
    client: Client, group: Group, language: str, said: str
) -> None:
    response = client.get(reverse("who", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE=language)
    found = part(response, "name-joins")
    assert found is not None and found[0] == said


def test_a_big_screen_given_the_full_link_need_not_be_a_player(
    client: Client, group: Group
) -> None:
    """A TV given the full link is offered the big screen instead, by the view-only link
    (it shows the table, and it saves nothing)."""
    response = client.get(reverse("who", args=[group.edit_key]))
    screen = reverse("group_tv", args=[group.view_key])
    assert attribute(response, "only-watching", "href") == screen
    assert client.get(screen).status_code == 200
