"""The note on the game (spec "Notes"): written from the game's page, shown there and on
the night's page, a change in the history; refused beyond the limits in the form's words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, GameEvent, Group
from tests.factories import anne_wins, make_game
from tests.views.pages import field_values, form_errors, list_items, notices, part, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

NOTE = "Dina's birthday: she chose the game"


def _url(game: Game, key: str | None = None) -> str:
    return reverse("game_note", args=[key or game.group.edit_key, game.code])


def _page(game: Game, key: str | None = None) -> str:
    return reverse("game", args=[key or game.group.edit_key, game.code])


def test_the_note_is_written_trimmed_with_a_new_version(phone: Client, game: Game) -> None:
    response = phone.post(_url(game), {"note": f"  {NOTE}\r\n  "})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.note, game.version) == (NOTE, 1)
    page = phone.get(response["Location"])
    assert notices(page) == ["The note on the game is saved."]
    shown = part(page, "game-note")
    assert shown is not None and NOTE in shown[0]
    # The next hand's note and the adjustment's are empty; the box to change the game's
    # holds it.
    assert field_values(page)["note"] == ["", "", NOTE]
    assert "Change the note on the game" in text(page)


def test_the_box_to_change_the_note_holds_the_note_as_it_is_now(phone: Client, game: Game) -> None:
    # The page is kept between the notes: the box follows the note, whatever else is kept.
    for note in (NOTE, "Dina left at ten.", ""):
        phone.post(_url(game), {"note": note})
        assert field_values(phone.get(_page(game)))["note"][-1] == note


def test_the_same_note_again_is_no_change(phone: Client, game: Game) -> None:
    phone.post(_url(game), {"note": NOTE})
    phone.post(_url(game), {"note": NOTE})  # a double tap
    game.refresh_from_db()
    assert game.version == 1
    assert game.events.count() == 1


def test_an_empty_note_takes_the_note_away(phone: Client, game: Game) -> None:
    phone.post(_url(game), {"note": NOTE})
    phone.post(_url(game), {"note": "   "})
    game.refresh_from_db()
    assert game.note == ""
    assert part(phone.get(_page(game)), "game-note") is None


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "A note has at most 500 characters, not 501."),
        ("nb", "Et notat har høyst 500 tegn, ikke 501."),
    ],
)
def test_a_note_beyond_the_limits_is_refused_in_the_forms_words(
    phone: Client, game: Game, language: str, message: str
) -> None:
    # The page kept with its empty note field first: the refused note is not lost in it.
    phone.get(_page(game), HTTP_ACCEPT_LANGUAGE=language)
    response = phone.post(_url(game), {"note": "x" * 501}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 422
    assert form_errors(response) == [message]
    assert 'id="game-note-form" data-live-part open' in text(response)
    assert f"{'x' * 501}</textarea>" in text(response)
    game.refresh_from_db()
    assert (game.note, game.version) == ("", 0)


def test_the_history_says_the_note_was_written(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins()[:1])
    phone.post(_url(game), {"note": NOTE})
    history = list_items(phone.get(reverse("history", args=[group.edit_key, game.code])), "changes")
    assert history[0].startswith("The note on the game was written by Anne")


def test_the_abandoned_banner_still_names_who_gave_the_game_up(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins()[:1])
    game.abandon("Cato")
    phone.post(_url(game), {"note": NOTE})
    assert game.events.first().action == GameEvent.NOTE  # type: ignore[union-attr]
    banner = part(phone.get(_page(game)), "abandoned")
    assert banner is not None and "Abandoned by Cato" in banner[0]


def test_the_abandoned_banner_names_who_gave_the_game_up_last(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins()[:1])
    game.abandon("Cato")
    assert "Abandoned by Cato" in part(phone.get(_page(game)), "abandoned")[0]  # type: ignore[index]
    assert game.take_up("Dina") and game.abandon("Bjørn")
    banner = part(phone.get(_page(game)), "abandoned")
    assert banner is not None and "Abandoned by Bjørn" in banner[0]


def test_the_night_page_shows_the_games_note(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins()[:1])
    phone.post(_url(game), {"note": NOTE})
    assert game.night is not None
    night = phone.get(reverse("night", args=[group.view_key, game.night.code]))
    shown = part(night, "game-1")
    assert shown is not None and f"📝 {NOTE}" in shown[0]


def test_the_view_only_link_shows_the_note_and_cannot_write_it(
    client: Client, group: Group
) -> None:
    game = make_game(group)
    game.write_note(NOTE, "Anne")
    page = client.get(_page(game, group.view_key))
    assert part(page, "game-note") is not None
    assert part(page, "game-note-form") is None
    assert client.post(_url(game, group.view_key), {"note": "mine"}).status_code in (403, 404)
    game.refresh_from_db()
    assert game.note == NOTE


def test_the_note_is_only_posted(phone: Client, game: Game) -> None:
    assert phone.get(_url(game)).status_code == 405
