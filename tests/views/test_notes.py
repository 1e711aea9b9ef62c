"""Notes on hands (spec "Notes"): written in the hand form or a correction, shown on the
hand's row, its page and the history, refused beyond the limits in the form's words."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from tests.factories import bid, hand_post, make_game, revision
from tests.views.pages import (
    field_values,
    form_errors,
    list_items,
    part,
    scoreboard,
    table_rows,
    text,
)

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
NOTE = "Bjørn revoked; the table let the hand stand"


def _create(game: Game) -> str:
    return reverse("hand_create", args=[game.group.edit_key, game.code])


def _edit(game: Game, number: int) -> str:
    return reverse("hand_edit", args=[game.group.edit_key, game.code, number])


def _correct(phone: Client, game: Game, hand: dict[str, Any], note: str) -> Any:
    return phone.post(
        _edit(game, 1), hand_post(game, hand, 1, revision=revision(game, 1), note=note)
    )


def _game_page(phone: Client, game: Game) -> Any:
    return phone.get(reverse("game", args=[game.group.edit_key, game.code]))


def test_a_note_written_in_the_form_is_kept_trimmed_and_changes_no_score(
    phone: Client, game: Game
) -> None:
    # A text box sends its lines with CR LF; the note keeps them as line feeds.
    sent = f"  {NOTE}\r\nSecond line  "
    response = phone.post(_create(game), hand_post(game, FIRST, 1, note=sent))
    assert response.status_code == 302
    assert game.hands.get().data == {**FIRST, "note": f"{NOTE}\nSecond line"}
    # Bjørn and Dina made 8: 8 each; Anne and Cato their tricks, as without a note.
    assert scoreboard(phone.get(response["Location"])) == {
        "Anne": 2,
        "Bjørn": 8,
        "Cato": 1,
        "Dina": 8,
    }


def test_a_note_left_empty_is_no_note(phone: Client, game: Game) -> None:
    phone.post(_create(game), hand_post(game, FIRST, 1, note="  \r\n "))
    assert game.hands.get().data == FIRST


def test_the_next_hands_form_has_its_note_closed_and_empty(phone: Client, game: Game) -> None:
    page = _game_page(phone, game)
    html = text(page)
    assert '<details class="note-field">' in html  # closed: no tap spent on it
    assert field_values(page, "data-hand-form")["note"] == [""]


@pytest.mark.parametrize(
    ("language", "note", "message"),
    [
        pytest.param("en", "x" * 501, "A note has at most 500 characters, not 501.", id="long-en"),
        pytest.param("nb", "x" * 501, "Et notat har høyst 500 tegn, ikke 501.", id="long-nb"),
        pytest.param(
            "en",
            "ring\x07",
            "A note cannot hold control characters (other than a new line) or broken Unicode.",
            id="control-en",
        ),
        pytest.param(
            "nb",
            "ring\x07",
            "Et notat kan ikke ha kontrolltegn (utenom linjeskift) eller ødelagt Unicode.",
            id="control-nb",
        ),
    ],
)
def test_a_note_beyond_the_limits_is_refused_in_the_forms_words(
    phone: Client, game: Game, language: str, note: str, message: str
) -> None:
    response = phone.post(
        _create(game), hand_post(game, FIRST, 1, note=note), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 422
    assert message in form_errors(response)
    assert not game.hands.exists()
    # The box stays open with what was written, to be shortened rather than typed again.
    assert '<details class="note-field" open>' in text(response)
    assert field_values(response, "data-hand-form")["note"] == [note]


def test_five_hundred_characters_after_trimming_are_taken(phone: Client, game: Game) -> None:
    note = "x" * 500
    phone.post(_create(game), hand_post(game, FIRST, 1, note=f"\n {note} \n"))
    assert game.hands.get().data["note"] == note


def test_the_row_has_a_mark_that_opens_the_note(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST | {"note": f"{NOTE}\nSecond line"}, FIRST])
    page = _game_page(phone, game)
    _head, second, first = table_rows(page, "hand-rows")
    # Newest first: hand 2 has no note, hand 1 has its mark and the note under it.
    assert "Note" not in second[0]
    assert first[0].endswith(f"Why? 📝 Note {NOTE} Second line")
    html = text(page)
    assert 'aria-label="Note on hand 1"' in html
    assert "Second line" in html.split('aria-label="Note on hand 1"', 1)[1].split("</details>")[0]


def test_the_hand_page_and_its_why_show_the_note(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST | {"note": NOTE}, FIRST])
    url = reverse("hand", args=[group.edit_key, game.code, 1])
    shown = part(phone.get(url), "note")
    assert shown is not None and shown[0].endswith(NOTE)
    assert part(phone.get(reverse("hand", args=[group.edit_key, game.code, 2])), "note") is None


def test_a_correction_adds_changes_and_removes_a_note(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    edit = phone.get(_edit(game, 1))
    assert '<details class="note-field">' in text(edit)  # no note yet: closed
    assert _correct(phone, game, FIRST, NOTE).status_code == 302
    assert game.hands.get().data == FIRST | {"note": NOTE}
    edit = phone.get(_edit(game, 1))
    # The correction form shows the note, its box open.
    assert '<details class="note-field" open>' in text(edit)
    assert field_values(edit, "data-hand-form")["note"] == [NOTE]
    _correct(phone, game, FIRST, "The table let it stand")
    assert game.hands.get().data["note"] == "The table let it stand"
    _correct(phone, game, FIRST, "")
    assert game.hands.get().data == FIRST
    assert list(game.changes.values_list("action", flat=True)) == [
        Change.EDIT,
        Change.EDIT,
        Change.EDIT,
        Change.ADD,
    ]


def test_the_same_note_sent_twice_is_one_change(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    post = hand_post(game, FIRST, 1, revision=revision(game, 1), note=NOTE)
    phone.post(_edit(game, 1), post)
    phone.post(_edit(game, 1), post)  # a double tap
    assert game.changes.filter(action=Change.EDIT).count() == 1


def test_a_changed_note_is_a_change_in_the_history(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    _correct(phone, game, FIRST, NOTE)
    _correct(phone, game, FIRST, "")
    history = list_items(phone.get(reverse("history", args=[group.edit_key, game.code])), "changes")
    # Newest first: the note taken away, the note written, the hand entered.
    removed, written, entered = history
    assert "was Bjørn 8 with Dina (tricks: Anne 2, Cato 1) · note: “" + NOTE + "”" in removed
    assert "now Bjørn 8 with Dina (tricks: Anne 2, Cato 1) · no note" in removed
    assert "was Bjørn 8 with Dina (tricks: Anne 2, Cato 1) · no note" in written
    assert "now Bjørn 8 with Dina (tricks: Anne 2, Cato 1) · note: “" + NOTE + "”" in written
    assert "note" not in entered


def test_a_poll_of_a_changed_note_draws_the_row_again(phone: Client, group: Group) -> None:
    """Rows are kept in the cache by what they show: the note is part of it."""
    game = make_game(group, hands=[FIRST | {"note": "first words"}])
    assert "first words" in text(_game_page(phone, game))
    _correct(phone, game, FIRST, "second words")
    page = text(_game_page(phone, game))
    assert "second words" in page and "first words" not in page
