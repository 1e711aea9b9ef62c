"""Play again: a new game at the same table, the deal passing on as it would have."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import anne_wins, make_game

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def test_new_game_keeps_the_table_and_the_rules(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins(), rules={"tie_break": "shared"})
    response = phone.post(reverse("play_again", args=[group.edit_key, game.code]))
    again = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("game", args=[group.edit_key, again.code])
    assert again.players == game.players
    assert (again.kind, again.rules, again.previous) == (game.kind, game.rules, game)
    assert again.created_by == "Anne"
    # Anne dealt the last hand of the old game: Bjørn, on her left, deals first.
    assert again.first_dealer == "Bjørn"
    assert not again.hands.exists()


def test_play_again_needs_a_post(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    url = reverse("play_again", args=[group.edit_key, game.code])
    assert phone.get(url).status_code == 405
    assert Game.objects.count() == 1


def test_a_second_tap_opens_the_same_new_game(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    url = reverse("play_again", args=[group.edit_key, game.code])
    first, second = phone.post(url), phone.post(url)
    assert Game.objects.count() == 2
    assert first["Location"] == second["Location"]


def test_once_the_next_game_has_started_the_finished_one_leads_to_it_alone(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    page = reverse("game", args=[group.edit_key, game.code])
    again = reverse("play_again", args=[group.edit_key, game.code])
    assert f'action="{again}"' in phone.get(page).content.decode()
    phone.post(again)
    html = phone.get(page).content.decode()
    assert f'action="{again}"' not in html
    assert "data-next-game" in html
