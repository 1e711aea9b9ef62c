"""Saving a hand: once, whatever the taps, retries and other phones do."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import rules, stream
from games.models import Change, Game, Group
from tests.factories import anne_wins, bid, hand_post, make_game, revision
from tests.test_stats import kaiser_game
from tests.views.pages import (
    checked,
    form_fields,
    notices,
    part,
    scoreboard,
    table_rows,
    text,
    winner,
)

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

#: A change committed is announced to the other workers' streams (games/stream.py): a row
#: on SQLite, a notice on PostgreSQL (one query each), by Redis with the shared cache.
ANNOUNCED = 0 if stream.transport() == "redis" else 1

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
OTHER = bid("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1}, dealer="Anne")


def _url(game: Game) -> str:
    return reverse("hand_create", args=[game.group.edit_key, game.code])


def test_hand_is_saved_with_who_entered_it(phone: Client, game: Game) -> None:
    response = phone.post(_url(game), hand_post(game, FIRST, 1))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.group.edit_key, game.code])
    hand = game.hands.get()
    assert (hand.number, hand.data, hand.entered_by) == (1, FIRST, "Anne")
    change = game.changes.get()
    assert (change.action, change.number, change.by) == (Change.ADD, 1, "Anne")
    game.refresh_from_db()
    assert game.version == 1


def test_htmx_gets_the_game_fragment_back(phone: Client, game: Game) -> None:
    response = phone.post(_url(game), hand_post(game, FIRST, 1), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = text(response)
    assert html.lstrip().startswith('<div id="main"')
    assert "<html" not in html
    assert scoreboard(response) == {"Anne": 2, "Bjørn": 8, "Cato": 1, "Dina": 8}
    assert 'name="number" value="2"' in html  # ready for the next hand


def test_the_game_menu_follows_the_saves(phone: Client, group: Group) -> None:
    """The menu is in the live part: a save's answer and the watching phones' polls carry
    it, so what it offers follows the game (delete an empty game, abandon one in play,
    neither once it is won)."""
    game = make_game(group, hands=anne_wins()[:3])
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    etag = phone.get(reverse("game_live", args=[group.edit_key, game.code]))["ETag"]
    menu = part(page, "game-menu")
    assert menu is not None and "Abandon the game" in menu[0]
    empty = make_game(group)
    menu = part(phone.get(reverse("game", args=[group.edit_key, empty.code])), "game-menu")
    assert menu is not None and "Delete the game" in menu[0]
    saved = phone.post(_url(empty), hand_post(empty, FIRST, 1), HTTP_HX_REQUEST="true")
    menu = part(saved, "game-menu")
    assert menu is not None and "Abandon the game" in menu[0]
    for hand in (4, 5):
        won = phone.post(
            _url(game), hand_post(game, anne_wins()[hand - 1], hand), HTTP_HX_REQUEST="true"
        )
    assert winner(won)
    menu = part(won, "game-menu")
    assert menu is not None and "Abandon" not in menu[0] and "Export" in menu[0]
    polled = phone.get(
        reverse("game_live", args=[group.edit_key, game.code]), HTTP_IF_NONE_MATCH=etag
    )
    assert polled.status_code == 200
    assert 'id="game-menu" data-live-part' in text(polled)
    menu = part(polled, "game-menu")
    assert menu is not None and "Abandon" not in menu[0]


@pytest.mark.parametrize("htmx", [False, True], ids=["browser", "htmx"])
def test_the_same_hand_sent_twice_is_saved_once(phone: Client, game: Game, htmx: bool) -> None:
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    first = phone.post(_url(game), hand_post(game, FIRST, 1), **headers)
    second = phone.post(_url(game), hand_post(game, FIRST, 1), **headers)
    assert game.hands.count() == 1
    assert game.changes.count() == 1
    # The retry is answered as the first tap was: no conflict, no error.
    for response in (first, second):
        if htmx:
            assert response.status_code == 200
            assert 'id="main"' in text(response)
            assert not re.search(r"<section[^>]*\bdata-conflict\b", text(response))
            assert 'class="errorlist"' not in text(response)
        else:
            assert response.status_code == 302


@pytest.mark.parametrize("htmx", [False, True], ids=["browser", "htmx"])
def test_a_different_hand_with_a_taken_number_is_refused_showing_both(
    phone: Client, game: Game, htmx: bool
) -> None:
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    phone.post(_url(game), hand_post(game, FIRST, 1))
    # Another phone had the same page open and sends its own hand 1.
    response = phone.post(_url(game), hand_post(game, OTHER, 1), **headers)
    assert response.status_code == (200 if htmx else 422)
    html = text(response)
    assert "The game changed on another phone" in html
    assert "Hand 1: Bjørn 8 with Dina" in html  # saved first ...
    assert "Saved first (Anne)" in html
    assert "Cato 7 with Anne" in html  # ... and this phone's, not saved
    # Nothing lost: the first hand stands; the second is offered as its correction, with
    # every tap, and the form is hand 2's (Bjørn's deal, as the scoreboard says).
    assert [h.data for h in game.hand_list()] == [FIRST]
    edit = reverse("hand_edit", args=[game.group.edit_key, game.code, 1])
    correction = form_fields(response, edit)
    assert {key: correction[key] for key in ("bidder", "bid", "partner", "tricks-1")} == {
        "bidder": "Cato",
        "bid": "7",
        "partner": "Anne",
        "tricks-1": "2",  # Bjørn's tricks
    }
    assert 'name="number" value="2"' in html
    assert checked(response, "dealer") == "Bjørn"


GOOD = {
    "number": "1",
    "dealer": "Anne",
    "bidder": "Bjørn",
    "bid": "8",
    "partner": "Dina",
    "tricks-0": "2",
    "tricks-2": "1",
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"bidder": None}, "the bidder is missing", id="missing-bidder"),
        pytest.param({"dealer": None}, "the dealer is missing", id="missing-dealer"),
        pytest.param({"bid": "5"}, "5 is not one of the available choices", id="bid-too-low"),
        pytest.param({"bid": "13"}, "13 is not one of the available choices", id="bid-too-high"),
        pytest.param({"bid": "abc"}, "abc is not one of the available choices", id="bid-abc"),
        pytest.param({"tricks-0": "-3"}, "-3 is not one of the available", id="tricks-negative"),
        pytest.param({"tricks-0": "99"}, "99 is not one of the available", id="tricks-99"),
        pytest.param({"tricks-0": "x"}, "x is not one of the available", id="tricks-x"),
        pytest.param({"bidder": "Zed"}, "Zed is not one of the available", id="unknown-bidder"),
        pytest.param({"partner": "Zed"}, "Zed is not one of the available", id="unknown-partner"),
        pytest.param({"number": "abc"}, "Enter a whole number.", id="number-abc"),
        pytest.param({"number": "²"}, "Enter a whole number.", id="number-superscript"),
        pytest.param({"number": None}, "This field is required.", id="number-missing"),
        pytest.param(
            {"number": "0"}, "Ensure this value is greater than or equal to 1.", id="number-0"
        ),
        pytest.param(
            {"partner": "Bjørn"},
            "the partner must be another player than the bidder (Bjørn)",
            id="partner-is-bidder",
        ),
        pytest.param(
            {"tricks-1": "4", "tricks-0": "5", "tricks-3": "0"},
            "the tricks add up to 10, but a hand has 12 tricks",
            id="tricks-add-up-wrong",
        ),
        pytest.param({"tricks-0": "9", "tricks-2": "4"}, "the tricks add up to 13", id="too-many"),
        pytest.param(
            {"tricks-2": None},
            "the tricks of Cato are missing",
            id="tricks-missing",
        ),
        pytest.param("empty", "This field is required.", id="empty-post"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["browser", "htmx"])
def test_bad_hand_is_answered_with_a_message(
    phone: Client, game: Game, change: dict[str, Any] | str, message: str, htmx: bool
) -> None:
    data = {} if change == "empty" else {**GOOD, **change}  # type: ignore[dict-item]
    data = {k: v for k, v in data.items() if v is not None}
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = phone.post(_url(game), data, **headers)
    assert response.status_code == (200 if htmx else 422)
    assert message in text(response)
    assert not game.hands.exists()


def test_a_hand_after_the_game_was_won_is_refused(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    response = phone.post(_url(game), hand_post(game, FIRST, 6))
    assert response.status_code == 422
    assert "the game was already won after hand 5" in text(response)
    assert game.hands.count() == 5


def test_hand_number_beyond_the_next_is_refused(phone: Client, game: Game) -> None:
    # Only a stale or forged page sends hand 7 to a game without hands.
    response = phone.post(_url(game), hand_post(game, FIRST, 7))
    assert response.status_code == 422
    assert "The game changed on another phone" in text(response)
    assert not game.hands.exists()


def test_a_made_bid_is_said_to_go_home_in_norwegian(phone: Client, game: Game) -> None:
    # "gikk hjem" / "hjem", as card players say it: not "ble klart".
    nb = {"Accept-Language": "nb"}
    saved = phone.post(_url(game), hand_post(game, FIRST, 1), headers={"HX-Request": "true", **nb})
    assert notices(saved) == ["Runde 1 lagret: Bjørn 8 med Dina, hjem."]
    page = phone.get(reverse("game", args=[game.group.edit_key, game.code]), headers=nb)
    assert table_rows(page, "hand-rows")[1][0].startswith("1. Bjørn 8 med Dina hjem")
    why = phone.get(reverse("hand", args=[game.group.edit_key, game.code, 1]), headers=nb).text
    assert "Melder: meldingen på 8 gikk hjem." in why


def test_saving_a_hand_needs_a_post(phone: Client, game: Game) -> None:
    assert phone.get(_url(game)).status_code == 405


# --- Entry keys: the form's own identity (see Game.add_hand) --------------------------------


def test_a_lost_answer_then_a_tap_on_the_renumbered_form_adds_nothing(
    phone: Client, game: Game
) -> None:
    phone.post(_url(game), hand_post(game, FIRST, 1, entry="k1"), HTTP_HX_REQUEST="true")
    # The answer never reached the phone; its poll moved the form on to hand 2.
    again = phone.post(_url(game), hand_post(game, FIRST, 2, entry="k1"), HTTP_HX_REQUEST="true")
    assert [(h.number, h.entry) for h in game.hand_list()] == [(1, "k1")]
    assert notices(again) == ["Hand 1 saved: Bjørn 8 with Dina, made."]
    assert again["X-Hand-Entry"] == "done"
    # A new form for hand 2, with a new key and nothing tapped.
    fields = form_fields(again, _url(game))
    assert fields["number"] == "2"
    assert fields["entry"] not in ("", "k1")
    assert checked(again, "bidder") is None


def test_a_retry_of_the_hand_that_won_the_game_is_answered_as_saved(
    phone: Client, group: Group
) -> None:
    hands = anne_wins()
    game = make_game(group, hands=hands[:4])
    phone.post(_url(game), hand_post(game, hands[4], 5, entry="last"))
    # The game is over now, so the same form checked again would be refused: it is not.
    again = phone.post(_url(game), hand_post(game, hands[4], 5, entry="last"))
    assert again.status_code == 302
    assert game.hands.count() == 5
    page = phone.get(again["Location"])
    # The winner banner says it, not two "saved" lines beside it (see test_game_detail).
    assert winner(page) is not None
    assert notices(page) == []


def test_the_same_hand_saved_first_by_another_phone_is_not_added_and_the_form_is_cleared(
    phone: Client, game: Game
) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    response = phone.post(
        _url(game), hand_post(game, FIRST, 1, entry="annes"), HTTP_HX_REQUEST="true"
    )
    assert game.hands.count() == 1
    assert notices(response) == [
        "Hand 1 was just saved on another phone (Bjørn), exactly as you entered it: "
        "Bjørn 8 with Dina. It was not added a second time."
    ]
    # Not ready to be saved again as hand 2: the form starts afresh.
    assert form_fields(response, _url(game))["number"] == "2"
    assert checked(response, "bidder") is None


def test_a_conflict_shows_the_dealer_of_each_version(phone: Client, game: Game) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    stale = {**OTHER, "dealer": "Dina"}
    response = phone.post(
        _url(game), hand_post(game, stale, 1, entry="annes"), HTTP_HX_REQUEST="true"
    )
    html = text(response)
    assert "Dealer: Anne" in html  # Bjørn's hand 1
    assert "Dealer: Dina" in html  # this phone's, not saved
    assert "X-Hand-Entry" not in response
    assert [h.entry for h in game.hand_list()] == ["bjorns"]


def test_a_conflicts_taps_are_offered_as_the_correction_of_the_hand_saved_first(
    phone: Client, game: Game
) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    post = hand_post(game, OTHER, 1, entry="annes")
    response = phone.post(_url(game), post, HTTP_HX_REQUEST="true")
    # Not waiting as hand 2, one Save from a second copy of hand 1: the form is hand 2's,
    # empty, with a key of its own; the box says so and offers the correction.
    fields = form_fields(response, _url(game))
    assert fields["number"] == "2"
    assert fields["entry"] not in ("", "annes")
    assert checked(response, "bidder") is None
    assert checked(response, "dealer") == "Bjørn"  # the rotation's, after hand 1
    assert "Your taps are not in the form below, which saves hand 2 now." in text(response)
    edit = reverse("hand_edit", args=[game.group.edit_key, game.code, 1])
    correction = form_fields(response, edit)
    corrected = phone.post(edit, correction)
    assert corrected.status_code == 302
    assert [(h.number, h.data) for h in game.hand_list()] == [(1, OTHER)]
    assert notices(phone.get(corrected["Location"])) == ["Hand 1 corrected."]
    # Sent once more (a double tap), it changes nothing.
    phone.post(edit, correction)
    assert [(h.number, h.data) for h in game.hand_list()] == [(1, OTHER)]


def test_a_conflicts_taps_may_be_saved_as_the_next_hand_in_one_tap(
    phone: Client, game: Game
) -> None:
    # Two phones saved at the same moment, each a hand of its own: this one's was the
    # next hand. One tap saves it as hand 2, dealt by the rotation's next dealer.
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    response = phone.post(
        _url(game), hand_post(game, OTHER, 1, entry="annes"), HTTP_HX_REQUEST="true"
    )
    assert "Save them as hand 2, Bjørn dealing" in text(response)
    as_next = form_fields(response, f"{_url(game)}#hands")
    assert (as_next["number"], as_next["dealer"], as_next["entry"]) == ("2", "Bjørn", "annes")
    saved = phone.post(_url(game), as_next)
    assert saved.status_code == 302
    assert [(h.number, h.data) for h in game.hand_list()] == [
        (1, FIRST),
        (2, {**OTHER, "dealer": "Bjørn"}),
    ]
    # Sent once more (a double tap), nothing is added.
    phone.post(_url(game), as_next)
    assert game.hands.count() == 2


def test_a_hand_sent_late_after_another_phones_hand_won_the_game_meets_the_conflict(
    phone: Client, group: Group
) -> None:
    # Offline, this phone saved hand 5 as Cato's 7 with Dina; another phone's hand 5,
    # Anne's 6 alone, won the game meanwhile. Its queue sends hand 5 now: both hands are
    # shown, its taps offered as hand 5's correction (not refused as a hand 6 after the win).
    won = make_game(group, hands=anne_wins())
    mine = bid("Cato", 7, "Dina", {"Anne": 2, "Bjørn": 3})
    post = hand_post(won, mine, 5, entry="offline")
    response = phone.post(_url(won), post, HTTP_HX_REQUEST="true")
    html = text(response)
    assert re.search(r"<section[^>]*\bdata-conflict\b", html)
    assert "Hand 5: Anne 6 alone" in html and "Cato 7 with Dina" in html
    assert "the game was already won" not in html
    edit = reverse("hand_edit", args=[group.edit_key, won.code, 5])
    assert form_fields(response, edit)["bidder"] == "Cato"
    assert won.hands.count() == 5


def test_the_correction_is_offered_in_norwegian(phone: Client, game: Game) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    post = hand_post(game, OTHER, 1, entry="annes")
    response = phone.post(_url(game), post, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="nb")
    assert "Rett runde 1 med disse trykkene" in text(response)


def test_a_save_refused_after_an_undo_comes_back_with_the_dealer_the_rotation_names(
    phone: Client, game: Game
) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    # This phone's form followed the game to hand 2, Bjørn's deal as the rotation named it;
    # then hand 1 was undone on Bjørn's phone.
    game.delete_hand(1, game.hands.get().revision, "Bjørn")
    followed = {**OTHER, "dealer": "Bjørn"}
    post = hand_post(game, followed, 2, entry="annes", rotation_dealer="Bjørn")
    response = phone.post(_url(game), post, HTTP_HX_REQUEST="true")
    assert "The hand was removed" in text(response)
    assert not game.hands.exists()
    # Hand 1 again, dealt by Anne as it was, with the same taps and the same entry key.
    fields = form_fields(response, _url(game))
    assert (fields["number"], fields["entry"], fields["rotation_dealer"]) == ("1", "annes", "Anne")
    assert checked(response, "dealer") == "Anne"
    assert checked(response, "bidder") == "Cato"

    # Saved as it came back: hand 1, Anne's deal, once, even when the tap comes twice.
    again = hand_post(game, OTHER, 1, entry="annes", rotation_dealer="Anne")
    for _ in range(2):
        saved = phone.post(_url(game), again, HTTP_HX_REQUEST="true")
        assert saved["X-Hand-Entry"] == "done"
    assert [(h.number, h.entry, h.data) for h in game.hand_list()] == [(1, "annes", OTHER)]
    # The next form names the dealer the rotation picked for hand 2.
    assert form_fields(saved, _url(game))["rotation_dealer"] == "Bjørn"
    assert checked(saved, "dealer") == "Bjørn"


def test_a_save_whose_rotation_moved_meanwhile_comes_back_with_the_dealer_it_names_now(
    phone: Client, game: Game
) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    # This phone's form for hand 2 names Bjørn, after Anne; before its next poll, hand 1's
    # dealer is corrected to Cato on another phone, and the rotation names Dina.
    game.edit_hand(1, game.hands.get().revision, {**FIRST, "dealer": "Cato"}, "Dina")
    stale = hand_post(game, {**OTHER, "dealer": "Bjørn"}, 2, entry="annes", rotation_dealer="Bjørn")
    response = phone.post(_url(game), stale, HTTP_HX_REQUEST="true")
    assert "X-Hand-Entry" not in response
    assert "The deal moved on another phone: Dina deals hand 2 now." in text(response)
    assert [h.number for h in game.hand_list()] == [1]
    fields = form_fields(response, _url(game))
    assert (fields["number"], fields["entry"], fields["rotation_dealer"]) == ("2", "annes", "Dina")
    assert checked(response, "dealer") == "Dina" and checked(response, "bidder") == "Cato"
    # Saved as it came back, once.
    again = hand_post(game, {**OTHER, "dealer": "Dina"}, 2, entry="annes", rotation_dealer="Dina")
    for _ in range(2):
        assert phone.post(_url(game), again, HTTP_HX_REQUEST="true")["X-Hand-Entry"] == "done"
    assert [(h.number, h.data["dealer"]) for h in game.hand_list()] == [(1, "Cato"), (2, "Dina")]


def test_a_dealer_picked_by_hand_is_saved_though_the_rotation_moved(
    phone: Client, game: Game
) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    game.edit_hand(1, game.hands.get().revision, {**FIRST, "dealer": "Cato"}, "Dina")
    picked = hand_post(game, {**OTHER, "dealer": "Bjørn"}, 2, entry="annes", rotation_dealer="")
    assert phone.post(_url(game), picked, HTTP_HX_REQUEST="true")["X-Hand-Entry"] == "done"
    assert [(h.number, h.data["dealer"]) for h in game.hand_list()] == [(1, "Cato"), (2, "Bjørn")]


@pytest.mark.parametrize(
    "named", ["", "Bjørn"], ids=["tapped-with-javascript", "changed-without-javascript"]
)
def test_a_dealer_picked_by_hand_stays_when_a_save_is_refused_after_an_undo(
    phone: Client, game: Game, named: str
) -> None:
    game.add_hand(1, FIRST, "Bjørn", entry="bjorns")
    game.delete_hand(1, game.hands.get().revision, "Bjørn")
    # Dina was tapped as dealer: table.js forgets the rotation's pick; a page without
    # JavaScript still names it, and the dealer sent differs from it.
    picked = {**OTHER, "dealer": "Dina"}
    post = hand_post(game, picked, 2, entry="annes", rotation_dealer=named)
    response = phone.post(_url(game), post, HTTP_HX_REQUEST="true")
    assert "The hand was removed" in text(response)
    assert form_fields(response, _url(game))["number"] == "1"
    assert checked(response, "dealer") == "Dina"


def test_an_entry_saved_and_deleted_since_is_not_added_back(phone: Client, game: Game) -> None:
    phone.post(_url(game), hand_post(game, FIRST, 1, entry="k1"), HTTP_HX_REQUEST="true")
    game.delete_hand(1, game.hands.get().revision, "Bjørn")
    response = phone.post(_url(game), hand_post(game, FIRST, 1, entry="k1"), HTTP_HX_REQUEST="true")
    assert not game.hands.exists()
    assert notices(response) == [
        "This hand was saved before as hand 1 and has been deleted since, so it was not "
        "added again. The history can bring it back."
    ]
    assert response["X-Hand-Entry"] == "done"


@contextmanager
def _plays() -> Iterator[list[tuple[int, int]]]:
    """Each play of the engine meanwhile, as (hands played, hands it went on from)."""
    played: list[tuple[int, int]] = []
    real_play = rules.play

    def counted(table: Any, hands: Any, known: Any = None) -> Any:
        played.append((len(hands), len(known.hands) if known else 0))
        return real_play(table, hands, known)

    with mock.patch("games.state.play", counted):
        yield played


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("finishing", [False, True], ids=["in-play", "finishing"])
def test_a_save_does_its_work_once(phone: Client, group: Group, finishing: bool) -> None:
    # Outside a test's transaction, as a server runs it: the game by its link (locked, with
    # its group, and whether the entry was saved and deleted before), its seats and hands, the
    # hand, its change, its line in the group's feed, the new version, and the history of
    # the hands shown (which marks corrected hands). The hand that finishes the game says
    # so in the feed (who made the change that won it, read back, and the line), writes
    # its winners and statistics rows too (it had none to delete), rates its players (the group's row locked, the later
    # games of its kind, their ratings before it, its rating rows), writes its bids by level,
    # awards its season again (the season's rows read, its awards deleted; none written: one
    # game earns nothing here, and makes nobody a regular), reads
    # the awards the page shows, and asks whether a next game was started. Once committed,
    # the change is announced to the other workers (`ANNOUNCED`).
    # The bracket of the transaction (BEGIN, COMMIT) is not counted.
    game = make_game(group, hands=anne_wins()[:4])
    hand = anne_wins()[4] if finishing else {**FIRST, "dealer": "Anne"}
    post = hand_post(game, hand, 5, entry="k" * 32)
    with CaptureQueriesContext(connection) as captured, _plays() as played:
        response = phone.post(_url(game), post, HTTP_HX_REQUEST="true")
    queries = [q["sql"] for q in captured if q["sql"] not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")]
    assert len(queries) == (21 if finishing else 8) + ANNOUNCED, "\n".join(q[:60] for q in queries)
    # Each hand is played once: the four stored, then the new hand alone, going on from
    # them. The form's check, the write, the statistics and the answer share that result.
    assert played == [(4, 0), (5, 4)]
    assert response.status_code == 200
    assert response["X-Hand-Entry"] == "done"
    assert game.hands.count() == 5
    game.refresh_from_db()
    assert game.version == 5
    assert (game.winners is not None) == finishing
    assert game.stats.count() == (4 if finishing else 0)


def test_a_hand_saved_into_a_game_given_up_takes_it_up_and_plays_the_hands_once(
    phone: Client, group: Group
) -> None:
    # Taking the game up is told the result of the stored hands: the one the form's check
    # played on its way to the new hand's, not a second play of the same hands.
    game = make_game(group, hands=anne_wins()[:4])
    assert game.abandon("Anne")
    post = hand_post(game, {**FIRST, "dealer": "Anne"}, 5, entry="k" * 32)
    with _plays() as played:
        response = phone.post(_url(game), post, HTTP_HX_REQUEST="true")
    assert response["X-Hand-Entry"] == "done"
    game.refresh_from_db()
    assert (game.abandoned_at, game.hands.count()) == (None, 5)
    assert played == [(4, 0), (5, 4)]


@pytest.mark.django_db(transaction=True)
def test_a_save_from_the_page_reads_no_history(phone: Client, group: Group) -> None:
    # The phone drew the page (its rows are kept), then saves the next hand: the game
    # (locked, with its group, and whether the entry was saved and deleted before: one
    # query), its seats and hands, the hand, its change, its line in the feed and the new
    # version; once committed, the announcement. The answer draws the new hand's row alone, and a hand just added has no
    # history to mark: nothing more is read.
    game = make_game(group, hands=anne_wins()[:4])
    phone.get(reverse("game", args=[group.edit_key, game.code]))
    post = hand_post(game, {**FIRST, "dealer": "Anne"}, 5, entry="k" * 32)
    with CaptureQueriesContext(connection) as captured:
        response = phone.post(_url(game), post, HTTP_HX_REQUEST="true")
    queries = [q["sql"] for q in captured if q["sql"] not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")]
    assert len(queries) == 7 + ANNOUNCED, "\n".join(q[:60] for q in queries)
    assert response["X-Hand-Entry"] == "done"
    shown = [row[0].split(".")[0] for row in table_rows(response, "hand-rows")[1:]]
    assert shown == ["5", "4", "3", "2", "1"]


def _kaiser_before_its_bid(group: Group) -> Game:
    """The Kaiser game of the statistics tests without its last hand (Cato's kaiser bid)."""
    game = kaiser_game(group)
    game.delete_hand(3, revision(game, 3), "Anne")
    return game


def test_a_kaiser_bid_saved_without_its_outcome_is_refused_and_decides_nothing(
    phone: Client, group: Group
) -> None:
    # A box left unticked used to say "lost a trick", and the game ended against the
    # bidders: a scorer must tap one of the two outcomes.
    game = _kaiser_before_its_bid(group)
    hand = {"dealer": "Cato", "bidder": "Cato", "kaiser": True}
    response = phone.post(_url(game), hand_post(game, hand, 3), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Hand 3: say whether the kaiser bid was made." in text(response)
    assert game.hands.count() == 2
    assert winner(response) is None


@pytest.mark.parametrize(("made", "decided"), [(True, "Nord"), (False, "Sør")])
def test_a_kaiser_bid_s_tapped_outcome_decides_the_game(
    phone: Client, group: Group, made: bool, decided: str
) -> None:
    game = _kaiser_before_its_bid(group)
    hand = {"dealer": "Cato", "bidder": "Cato", "kaiser": True, "made": made}
    # The two chips post the outcome as words: "True" for every trick, "False" for a lost one.
    assert hand_post(game, hand, 3)["made"] == str(made)
    response = phone.post(_url(game), hand_post(game, hand, 3))
    assert response.status_code == 302
    assert game.hands.get(number=3).data == hand
    # Cato plays for Nord (seats 1 and 3): the bid decides the game for or against them.
    assert winner(phone.get(response["Location"])) == f"🏆 {decided} win!"
