"""Ending a game early: abandon (kept, taken up again later) or delete one with no hands.
Each is asked on a page of its own first, so it works without JavaScript."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, GameEvent, GameStat, Group
from tests.factories import anne_wins, endless_hands, hand_post, make_game, make_group, revision
from tests.views.pages import hand_form_is_open, part, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def _url(name: str, game: Game, key: str | None = None) -> str:
    return reverse(name, args=[key or game.group.edit_key, game.code])


def _in_play(client: Client, group: Group) -> str:
    found = part(client.get(reverse("group", args=[group.edit_key])), "in-play")
    return found[0] if found else ""


def test_the_question_page_offers_abandoning_a_game_with_hands(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(3))
    response = phone.get(_url("game_end", game))
    assert response.status_code == 200
    found = part(response, "abandon")
    assert found is not None
    assert found[1] == [_url("game_abandon", game)]
    assert part(response, "delete") is None
    # Nothing happens by opening the question.
    assert Game.objects.get(pk=game.pk).abandoned_at is None


def test_abandoned_game_leaves_in_play_is_kept_and_is_in_its_history(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(3))
    version = Game.objects.get(pk=game.pk).version
    assert "Anne" in _in_play(phone, group)

    response = phone.post(_url("game_abandon", game))
    assert response.status_code == 302
    assert response["Location"] == reverse("group", args=[group.edit_key])
    game.refresh_from_db()
    assert game.abandoned_at is not None
    assert game.version == version + 1  # watching phones notice (the live ETag)
    assert game.hands.count() == 3  # kept
    assert [(e.action, e.by) for e in game.events.all()] == [(GameEvent.ABANDON, "Anne")]
    assert _in_play(phone, group) == ""
    nights = part(phone.get(reverse("group", args=[group.edit_key])), "nights")
    assert nights is not None and "Amerikaner: abandoned" in nights[0]

    page = phone.get(_url("game", game))
    assert not hand_form_is_open(page)
    banner = part(page, "abandoned")
    assert banner is not None and "Abandoned by Anne" in banner[0]
    assert banner[1] == [_url("game_take_up", game)]

    history = part(phone.get(_url("history", game, group.view_key)), "content")
    assert history is not None
    assert history[0].index("The game was abandoned by Anne") < history[0].index("Hand 3 ")


def test_second_tap_on_abandon_changes_nothing_more(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    phone.post(_url("game_abandon", game))
    version = Game.objects.get(pk=game.pk).version
    response = phone.post(_url("game_abandon", game))
    assert response["Location"] == _url("game", game)
    assert game.events.count() == 1
    assert Game.objects.get(pk=game.pk).version == version


def test_abandoned_game_is_taken_up_again(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    undo = reverse("undo", args=[group.edit_key, game.code])
    assert f'action="{undo}"' in text(phone.get(_url("game", game)))
    phone.post(_url("game_abandon", game))
    # Given up, no hand is taken back: taking it up is what goes on with it.
    assert f'action="{undo}"' not in text(phone.get(_url("game", game)))
    response = phone.post(_url("game_take_up", game))
    assert response["Location"] == _url("game", game)
    game.refresh_from_db()
    assert game.abandoned_at is None
    assert [e.action for e in game.events.all()] == [GameEvent.TAKE_UP, GameEvent.ABANDON]
    assert "Anne" in _in_play(phone, group)
    assert hand_form_is_open(phone.get(_url("game", game)))
    # A second tap takes up nothing more.
    phone.post(_url("game_take_up", game))
    assert game.events.count() == 2


def test_abandoned_game_stays_out_of_the_statistics_until_taken_up(
    phone: Client, group: Group
) -> None:
    # Anne's winning fifth hand is corrected into the game while it is abandoned.
    hands = anne_wins()
    game = make_game(group, hands=[*hands[:4], {**hands[4], "bid": 7}])
    game.refresh_from_db()
    assert game.winners is None  # 7 alone with 6 tricks fails: Anne is at 48 - 7 = 41
    phone.post(_url("game_abandon", game))
    post = hand_post(game, hands[4], 5, revision=revision(game, 5))
    phone.post(reverse("hand_edit", args=[group.edit_key, game.code, 5]), post)
    game.refresh_from_db()
    assert game.state().is_finished()
    assert game.winners is None
    assert not GameStat.objects.filter(game=game).exists()

    phone.post(_url("game_take_up", game))
    game.refresh_from_db()
    assert game.winners == ["Anne"]
    assert GameStat.objects.filter(game=game).count() == 4


def test_finished_game_cannot_be_abandoned(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    found = part(phone.get(_url("game_end", game)), "finished")
    assert found is not None
    assert part(phone.get(_url("game", game)), "end-game") is None
    response = phone.post(_url("game_abandon", game))
    assert response["Location"] == _url("game", game)
    assert Game.objects.get(pk=game.pk).abandoned_at is None
    assert not game.events.exists()


def test_a_hand_saved_into_an_abandoned_game_is_kept_and_takes_it_up(
    phone: Client, group: Group
) -> None:
    # A phone that had the form open (or was offline) saves after the game was given up.
    game = make_game(group, hands=endless_hands(2))
    phone.post(_url("game_abandon", game))
    hand = endless_hands(3)[2]
    phone.post(_url("hand_create", game), hand_post(game, hand, 3))
    game.refresh_from_db()
    assert game.hands.count() == 3
    assert game.abandoned_at is None
    assert [e.action for e in game.events.all()] == [GameEvent.TAKE_UP, GameEvent.ABANDON]


def test_game_without_hands_is_deleted_after_asking(phone: Client, group: Group) -> None:
    game = make_game(group)
    assert part(phone.get(_url("game", game)), "end-game") is not None
    page = phone.get(_url("game_end", game))
    found = part(page, "delete")
    assert found is not None and found[1] == [_url("game_delete", game)]
    assert part(page, "abandon") is None
    response = phone.post(_url("game_delete", game), follow=True)
    assert response.redirect_chain[-1][0] == reverse("group", args=[group.edit_key])
    assert "Game deleted." in text(response)
    assert not Game.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize("link", ["edit_key", "view_key"])
def test_phones_and_the_big_screen_on_a_deleted_game_go_back_to_the_one_before(
    phone: Client, client: Client, group: Group, link: str
) -> None:
    finished = make_game(group, hands=anne_wins())
    again = finished.play_again(by="Anne")
    key = getattr(group, link)
    pages = {name: reverse(name, args=[key, again.code]) for name in ("game_live", "game_tv_live")}
    assert client.get(pages["game_live"]).status_code == 200
    phone.post(_url("game_delete", again))
    # A poll (htmx) is sent on, as when the next game starts; the page it lands on says why.
    for name, to in (("game_live", "game"), ("game_tv_live", "game_tv")):
        answer = client.get(pages[name], HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        assert answer["HX-Redirect"] == reverse(to, args=[key, finished.code])
    said = "That game was deleted: no hand had been saved in it."
    assert said in text(client.get(reverse("game", args=[key, finished.code])))
    # The page itself, asked for again (a reload), goes there too.
    page = client.get(reverse("game", args=[key, again.code]))
    assert page["Location"] == reverse("game", args=[key, finished.code])
    # A code no game of this group ever had is still not found.
    assert client.get(reverse("game_live", args=[key, "nosuchgame"])).status_code == 404


def test_a_deleted_game_that_followed_no_game_sends_its_phones_to_the_group(
    phone: Client, client: Client, group: Group
) -> None:
    game = make_game(group)
    phone.post(_url("game_delete", game))
    answer = client.get(_url("game_live", game, group.view_key), HTTP_HX_REQUEST="true")
    assert answer["HX-Redirect"] == reverse("group", args=[group.view_key])
    # A game of another group under this code is no way in either.
    other = make_game(make_group(name="Others"))
    other_deleted = other.code
    other.delete_if_empty("Anne")
    assert client.get(reverse("game", args=[group.view_key, other_deleted])).status_code == 404


def test_game_with_a_hand_is_not_deleted(phone: Client, group: Group) -> None:
    # The question page was opened before another phone saved hand 1.
    game = make_game(group, hands=endless_hands(1))
    response = phone.post(_url("game_delete", game), follow=True)
    assert response.redirect_chain[-1][0] == _url("game", game)
    assert "Not deleted" in text(response)
    assert Game.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize("name", ["game_abandon", "game_take_up", "game_delete"])
def test_changing_the_game_needs_a_post(phone: Client, group: Group, name: str) -> None:
    game = make_game(group)
    assert phone.get(_url(name, game)).status_code == 405
    assert Game.objects.filter(pk=game.pk, abandoned_at=None).exists()


@pytest.mark.parametrize("name", ["game_end", "game_abandon", "game_take_up", "game_delete"])
def test_the_view_only_link_cannot_end_a_game(client: Client, group: Group, name: str) -> None:
    game = make_game(group)
    method = client.get if name == "game_end" else client.post
    assert method(_url(name, game, group.view_key)).status_code == 403
    assert Game.objects.filter(pk=game.pk, abandoned_at=None).exists()
    assert part(client.get(_url("game", game, group.view_key)), "end-game") is None


def test_the_question_page_asks_who_this_phone_is_first(client: Client, group: Group) -> None:
    game = make_game(group)
    response = client.get(_url("game_end", game))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("who", args=[group.edit_key]))
