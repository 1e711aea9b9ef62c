"""Model helpers that the rest stands on."""

from __future__ import annotations

import math
from typing import Any
from unittest import mock

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.models import ALPHABET, Change, Game, Group, Hand, Seat, new_code, new_key
from games.present.game import changes_of, read_seats_and_hands
from games.rules import GAMES, RuleError, Text, play
from tests.factories import FOUR, bid, endless_hands, make_game, make_group, revision


def test_keys_are_unguessable_and_safe_on_a_command_line() -> None:
    keys = [new_key() for _ in range(200)]
    # At least 128 random bits per link key, as the group's only protection.
    assert len(keys[0]) * math.log2(len(ALPHABET)) >= 128
    assert len(set(keys)) == len(keys)
    for text in [*keys, *(new_code() for _ in range(200))]:
        # Never a leading "-", which a command would take for an option.
        assert text.isalnum() and text.isascii()


def _hands(game: object) -> list[dict[str, object]]:
    return [hand.data for hand in game.hand_list()]  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_restore_follows_a_hand_that_moved() -> None:
    game = make_game(hands=endless_hands(4))
    _first, second, third, fourth = endless_hands(4)
    corrected = third | {"dealer": "Dina"}
    game.edit_hand(3, revision(game, 3), corrected, "Anne")
    game.edit_hand(3, revision(game, 3), third, "Bjørn")  # and back again
    game.delete_hand(1, revision(game, 1), "Cato")  # hands 2..4 move up to 1..3
    # Restoring the first correction changes the hand that is now number 2, nothing else.
    game.restore(Change.objects.get(action=Change.EDIT, by="Anne"), "Dina")
    assert _hands(game) == [second, corrected, fourth]


@pytest.mark.django_db
def test_restoring_a_version_of_a_deleted_hand_puts_it_back_instead_of_overwriting() -> None:
    game = make_game(hands=endless_hands(3))
    first, second, third = endless_hands(3)
    game.delete_hand(2, revision(game, 2), "Anne")
    # "Restore this version" on the hand's first entry: it comes back where it last was.
    added = Change.objects.get(action=Change.ADD, number=2)
    game.restore(added, "Bjørn")
    assert _hands(game) == [first, second, third]
    # Its history is one history, under one code, across the deletion.
    code = game.hands.get(number=2).code
    assert list(
        Change.objects.filter(hand_code=code).values_list("action", flat=True).order_by("pk")
    ) == [
        "add",
        "delete",
        "restore",
    ]


@pytest.mark.django_db
def test_a_hand_keeps_its_code_when_its_number_changes() -> None:
    game = make_game(
        hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), *endless_hands(2, FOUR)]
    )
    code = game.hands.get(number=3).code
    game.delete_hand(1, revision(game, 1), "Anne")
    assert game.hands.get(number=2).code == code


@pytest.mark.django_db
def test_the_next_dealer_is_the_first_one_until_a_hand_passes_the_deal_on() -> None:
    game = make_game()  # Anne deals first
    assert game.state().next_dealer() == "Anne"
    game.add_hand(1, bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"), "Anne")
    assert game.state().next_dealer() == "Bjørn"  # clockwise from Anne
    # Hand 1 taken back: the first dealer deals it again.
    game.delete_hand(1, revision(game, 1), "Anne")
    assert game.state().next_dealer() == "Anne"


@pytest.mark.django_db
def test_the_game_file_has_one_key_order_whatever_the_database_keeps() -> None:
    game = make_game(
        hands=[bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})],
        rules={"target": 40, "deal": "kitty"},
    )
    hand = game.hands.get()
    # As PostgreSQL's jsonb might hand them back: keys in an order of its own.
    hand.data = {
        "tricks": {"Cato": 1, "Anne": 2},
        "partner": "Dina",
        "bid": 8,
        "bidder": "Bjørn",
        "dealer": "Anne",
    }
    hand.save()
    game.rules = {"target": 40, "deal": "kitty"}
    game.save()
    document = game.state().document()
    assert list(document["hands"][0]) == ["dealer", "bidder", "bid", "partner", "tricks"]
    assert list(document["hands"][0]["tricks"]) == ["Anne", "Cato"]
    assert list(document["rules"]) == ["deal", "target"]


@pytest.mark.django_db
def test_a_game_by_its_link_reads_as_the_orm_reads_it() -> None:
    group = make_group()
    game = make_game(group, hands=endless_hands(2), rules={"target": 60})
    game.abandon("Anne")
    other = make_group(players=FOUR)
    fields = [f.attname for f in Game._meta.concrete_fields]
    group_fields = [f.attname for f in Group._meta.concrete_fields]
    expected = Game.objects.get(pk=game.pk)
    for key in (group.edit_key, group.view_key):
        found = Game.objects.by_link(key, game.code)
        assert found is not None
        assert [getattr(found, f) for f in fields] == [getattr(expected, f) for f in fields]
        assert [getattr(found.group, f) for f in group_fields] == [
            getattr(group, f) for f in group_fields
        ]
    # A link of another group, or a code that is not the game's, leads nowhere.
    assert Game.objects.by_link(other.edit_key, game.code) is None
    assert Game.objects.by_link(group.edit_key, "nosuchgame") is None


@pytest.mark.django_db
def test_a_game_to_change_reads_as_the_orm_reads_it() -> None:
    """`Game.objects.locked` (every save): the game, its group, seats and hands in three
    queries, its row locked, and only by the full link."""
    group = make_group()
    game = make_game(group, hands=endless_hands(3), rules={"target": 60})
    game.edit_hand(2, revision(game, 2), endless_hands(2)[0], "Bjørn")
    make_game(group, hands=endless_hands(2))  # another game's seats and hands stay out
    with transaction.atomic(), CaptureQueriesContext(connection) as locking:
        found = Game.objects.locked(group.edit_key, game.code)
        assert found is not None
        assert Game.objects.locked(group.view_key, game.code) is None
    # The game's row is locked where the database locks rows (SQLite locks the file).
    assert ("FOR UPDATE" in locking[0]["sql"]) == connection.features.has_select_for_update
    expected = Game.objects.prefetch_related("seats", "hands").get(pk=game.pk)
    for model, mine, theirs in (
        (Game, [found], [expected]),
        (Group, [found.group], [group]),
        (Seat, found.seats.all(), expected.seats.order_by("position")),
        (Hand, found.hand_list(), expected.hands.order_by("number")),
    ):
        fields = [f.attname for f in model._meta.concrete_fields]
        assert [[getattr(row, f) for f in fields] for row in mine] == [
            [getattr(row, f) for f in fields] for row in theirs
        ]
    # Read, not asked again; a further question about them still asks of this game only.
    with CaptureQueriesContext(connection) as asked:
        assert found.players == ["Anne", "Bjørn", "Cato", "Dina"]
        assert [hand.game for hand in found.hand_list()] == [found] * 3
    assert len(asked) == 0
    assert found.hands.filter(number__gte=1).count() == 3
    assert found.seats.filter(position__gte=1).count() == 4
    later = list(found.hands.filter(number__gt=1))
    with CaptureQueriesContext(connection) as asked:
        assert [hand.game for hand in later] == [found] * 2
        assert all(hand.game is found for hand in later)
    assert len(asked) == 0


@pytest.mark.django_db
def test_the_changes_of_the_hands_shown_read_as_the_orm_reads_them() -> None:
    """`changes_of` (every page drawn, every save): one query, of the hands asked
    about and of this game only, oldest first."""
    group = make_group()
    game = make_game(group, hands=endless_hands(4))
    game.edit_hand(2, revision(game, 2), endless_hands(2)[0], "Bjørn")
    game.delete_hand(1, revision(game, 1), "Cato")
    make_game(group, hands=endless_hands(2))  # another game's changes stay out
    shown = game.hand_list()[:-1]  # the edited hand, now hand 1, and the next
    expected = list(
        Change.objects.filter(game=game, hand_code__in=[hand.code for hand in shown])
        .order_by("at", "id")
        .values("id", "hand_code", "number", "action", "by", "at")
    )
    with CaptureQueriesContext(connection) as asked:
        assert changes_of(game, shown) == expected
    assert len(asked) == 1
    assert {change["action"] for change in expected} == {Change.ADD, Change.EDIT}
    assert changes_of(game, []) == []


@pytest.mark.django_db(transaction=True)
def test_a_game_is_locked_only_inside_a_transaction() -> None:
    group = make_group()
    game = make_game(group)
    with pytest.raises(TransactionManagementError):
        Game.objects.locked(group.edit_key, game.code)
    with transaction.atomic():
        assert Game.objects.locked(group.edit_key, game.code) == game


@pytest.mark.django_db
def test_a_change_leaves_its_result_on_the_game_and_a_hand_added_is_played_alone() -> None:
    """`result_with` plays a hand added alone, on from the game's result; a change leaves
    the game's new hands and result on the instance, which the change returns too, so the
    game is not played again after it."""
    hands = endless_hands(6)
    game = make_game(hands=hands[:5])
    read_seats_and_hands(game)
    played: list[tuple[int, int]] = []

    def counted(table: Any, hands: Any, known: Any = None) -> Any:
        played.append((len(hands), len(known.hands) if known else 0))
        return play(table, hands, known)

    with mock.patch("games.state.play", counted):
        # Played as read, each time asked (a page asks once), then the hand alone after it.
        result = game.result()
        added = game.state().result_with(hands[5])
        changed = {**hands[1], "tricks": {**hands[1]["tricks"], "Cato": 2}}
        replaced = game.state().result_with(changed, replacing=2)
        # The correction plays the game once (its check), and its statistics share that.
        done = game.edit_hand(2, revision(game, 2), changed, "Anne")
    assert played == [(5, 0), (5, 0), (6, 5), (5, 0), (5, 0)]
    assert done.played is not None
    assert done.played.result().totals == replaced.totals
    assert [hand.data for hand in done.played.hands][1] == changed
    assert added.totals == play(game.table(), hands).totals
    assert replaced.totals != result.totals


@pytest.mark.django_db
def test_a_game_beyond_the_spec_s_hand_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every way into the engine goes through the registry's `play`, which applies the
    # spec's limits: the preview and a save too.
    monkeypatch.setattr("games.rules.registry.check_hand_count", _at_most_two)
    game = make_game(hands=endless_hands(2))
    with pytest.raises(RuleError, match="at most 2"):
        game.state().result_with(endless_hands(3)[2])


def _at_most_two(hands: Any) -> None:
    if len(hands) > 2:
        raise RuleError(Text("a game has at most 2 hands"))


@pytest.mark.django_db
def test_the_table_is_made_once_from_what_the_game_was_set_up_with() -> None:
    game = make_game(rules={"target": 60})
    table = game.table()
    assert game.table() is table
    assert table.rules == Game.objects.get(pk=game.pk).table().rules


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_game_s_title_is_its_kind_as_the_choices_name_it(language: str) -> None:
    choices = Game._meta.get_field("kind")
    with translation.override(language):
        named = {kind: str(title) for kind, title in choices.flatchoices}
        assert {kind: Game(kind=kind).get_kind_display() for kind in GAMES} == named
