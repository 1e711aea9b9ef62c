"""Entry keys: a hand form's identity, so that no way of sending it twice adds it twice."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import IntegrityError, close_old_connections, connection, transaction

from games.models import Attempt, Change, Game, Hand, Outcome
from tests.factories import bid, endless_hands, make_game, revision

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
SECOND = bid("Cato", 7, "Anne", {"Bjørn": 2, "Dina": 1}, dealer="Bjørn")


@pytest.mark.django_db
def test_an_entry_sent_again_under_the_next_number_returns_the_stored_hand() -> None:
    game = make_game()
    saved = game.add_hand(1, FIRST, "Anne", entry="k1")
    # The answer was lost; the page moved its form on to hand 2 and the scorer tapped again.
    again = game.add_hand(2, FIRST, "Anne", entry="k1")
    assert (saved.outcome, again.outcome) == (Outcome.DONE, Outcome.ALREADY_DONE)
    assert again.hand is not None and saved.hand is not None
    assert again.hand.pk == saved.hand.pk
    assert [(h.number, h.entry) for h in game.hand_list()] == [(1, "k1")]
    assert game.changes.count() == 1


@pytest.mark.django_db
def test_the_same_hand_from_another_entry_is_a_new_hand_when_numbered_next() -> None:
    # American: "Anne won" twice in a row is two hands, told apart by their entries.
    game = make_game(hands=endless_hands(1))
    game.add_hand(2, endless_hands(2)[1], "Anne", entry="a")
    game.add_hand(3, endless_hands(2)[1], "Anne", entry="b")
    assert [h.entry for h in game.hand_list()] == ["", "a", "b"]


@pytest.mark.django_db
def test_a_corrected_hand_keeps_its_entry_and_a_late_retry_finds_the_correction() -> None:
    game = make_game()
    game.add_hand(1, FIRST, "Anne", entry="k1")
    corrected = {**FIRST, "bid": 9, "tricks": {"Anne": 2, "Cato": 1}}
    game.edit_hand(1, revision(game, 1), corrected, "Bjørn")
    answer = game.add_hand(1, FIRST, "Anne", entry="k1").hand
    assert answer is not None
    assert (answer.number, answer.data, answer.entry) == (1, corrected, "k1")
    assert game.hands.count() == 1


@pytest.mark.django_db
def test_a_deleted_entry_is_not_added_back_by_a_late_retry_but_a_restore_brings_its_key() -> None:
    game = make_game()
    game.add_hand(1, FIRST, "Anne", entry="k1")
    game.add_hand(2, SECOND, "Anne", entry="k2")
    game.delete_hand(1, revision(game, 1), "Cato")
    deleted = game.add_hand(2, FIRST, "Anne", entry="k1")
    assert (deleted.outcome, deleted.number) == (Outcome.ENTRY_DELETED, 1)
    assert [h.entry for h in game.hand_list()] == ["k2"]
    game.restore(game.changes.get(action=Change.DELETE), "Cato")
    assert [(h.number, h.entry) for h in game.hand_list()] == [(1, "k1"), (2, "k2")]
    # Found again by its key, under its number.
    found = game.add_hand(3, FIRST, "Anne", entry="k1")
    assert found.outcome is Outcome.ALREADY_DONE
    assert found.hand is not None and found.hand.number == 1


@pytest.mark.django_db
@pytest.mark.parametrize("asked", ["k1", "", "k2"], ids=["asked-by-the-lock", "not-asked", "other"])
def test_a_deleted_entry_is_found_whatever_the_lock_asked(asked: str) -> None:
    # A save's lock asks after its entry in its own query (`Game.objects.locked`); a game
    # locked without asking, or asking after another entry, is asked on its own.
    game = make_game()
    game.add_hand(1, FIRST, "Anne", entry="k1")
    game.delete_hand(1, revision(game, 1), "Cato")
    with transaction.atomic():
        locked = Game.objects.locked(game.group.edit_key, game.code, asked)
        assert locked is not None
        deleted = locked.add_hand(1, FIRST, "Anne", entry="k1")
    assert (deleted.outcome, deleted.number) == (Outcome.ENTRY_DELETED, 1)
    assert not game.hands.exists()


@pytest.mark.django_db
def test_what_the_lock_read_of_an_entry_goes_stale_with_a_change_on_the_same_instance() -> None:
    # The lock asked about "k1" before it was ever saved; saved, then deleted on the same
    # locked game in the same transaction, it is still not added back.
    game = make_game()
    with transaction.atomic():
        locked = Game.objects.locked(game.group.edit_key, game.code, "k1")
        assert locked is not None
        assert locked.add_hand(1, FIRST, "Anne", entry="k1").outcome is Outcome.DONE
        assert locked.delete_hand(1, revision(locked, 1), "Cato").outcome is Outcome.DONE
        again = locked.add_hand(1, FIRST, "Anne", entry="k1")
    assert (again.outcome, again.number) == (Outcome.ENTRY_DELETED, 1)
    assert not game.hands.exists()


@pytest.mark.django_db
def test_a_taken_number_with_a_new_entry_and_other_data_is_a_conflict() -> None:
    game = make_game()
    game.add_hand(1, FIRST, "Anne", entry="k1")
    conflict = game.add_hand(1, SECOND, "Bjørn", entry="k2")
    assert conflict.outcome is Outcome.CONFLICT
    assert conflict.hand is not None and conflict.hand.data == FIRST


@pytest.mark.django_db
def test_the_database_holds_one_hand_per_entry_in_a_game() -> None:
    game = make_game()
    other = make_game(game.group)
    Hand.objects.create(game=game, number=1, data=FIRST, entry="same")
    # The same key in another game, and hands without a key, are no clash.
    Hand.objects.create(game=other, number=1, data=FIRST, entry="same")
    Hand.objects.create(game=game, number=2, data=FIRST)
    Hand.objects.create(game=game, number=3, data=FIRST)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=game, number=4, data=FIRST, entry="same")


@pytest.mark.django_db(transaction=True)
def test_two_requests_with_the_same_entry_at_once_store_one_hand() -> None:
    game = make_game()
    start = threading.Barrier(2)
    answers: list[Any] = []

    def save() -> None:
        try:
            start.wait()
            answers.append(Game.objects.get(pk=game.pk).add_hand(1, FIRST, "Anne", entry="k1"))
        except Exception as exc:  # reported below, on the test thread
            answers.append(exc)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=save) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Both were answered with the one stored hand: neither saw an error.
    assert [type(a) for a in answers] == [Attempt, Attempt], answers
    assert {a.outcome for a in answers} == {Outcome.DONE, Outcome.ALREADY_DONE}
    assert answers[0].hand.pk == answers[1].hand.pk
    assert game.hands.count() == 1
    assert game.changes.count() == 1
