"""The model's change methods: every change to a game locks it, is logged, bumps the version
the phones watch and rewrites the statistics, all in one transaction."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from pytest_django import DjangoAssertNumQueries

from games.models import Change, Game, GameStat, Outcome
from tests.factories import anne_wins, bid, make_game, revision

pytestmark = pytest.mark.django_db

HAND = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})


def _state(game: Game) -> tuple[int, list[tuple[int, dict[str, object]]], int, int]:
    """What a change may write: the version, the hands, the change rows, the statistics rows."""
    game.refresh_from_db()
    hands = [(hand.number, hand.data) for hand in game.hands.order_by("number")]
    return game.version, hands, Change.objects.count(), GameStat.objects.count()


def test_adding_a_hand_logs_it_and_bumps_the_version() -> None:
    game = make_game()
    hand = game.add_hand(1, HAND, "Cato").hand
    assert hand is not None
    game.refresh_from_db()
    change = Change.objects.get()
    assert (change.action, change.number, change.after, change.by) == ("add", 1, HAND, "Cato")
    assert change.hand_code == hand.code
    # The hand's revision is the version the game reached with it.
    assert game.version == hand.revision == 1


def test_the_same_hand_sent_twice_is_saved_once() -> None:
    game = make_game()
    first = game.add_hand(1, HAND, "Cato")
    again = game.add_hand(1, HAND, "Cato")
    assert again.outcome is Outcome.ALREADY_DONE
    assert again.hand is not None and first.hand is not None
    assert again.hand.pk == first.hand.pk
    assert _state(game)[0] == 1 and Change.objects.count() == 1


def test_a_hand_for_a_number_already_taken_is_refused_and_writes_nothing() -> None:
    game = make_game(hands=[HAND])
    before = _state(game)
    assert game.add_hand(1, HAND | {"bid": 9}, "Cato").outcome is Outcome.CONFLICT
    assert game.add_hand(3, HAND, "Cato").outcome is Outcome.CONFLICT
    assert _state(game) == before


def test_a_hand_the_rules_refuse_writes_nothing() -> None:
    game = make_game(hands=[HAND])
    before = _state(game)
    refused = game.add_hand(2, HAND | {"bid": 13}, "Cato")
    assert refused.outcome is Outcome.REFUSED
    assert refused.reason is not None and "13" in str(refused.reason)
    assert _state(game) == before


def test_a_failure_after_the_hand_is_written_rolls_everything_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game(hands=anne_wins()[:4])
    before = _state(game)

    def broken(game: Game, *, rebuild: bool = False) -> None:
        raise RuntimeError("the statistics could not be written")

    monkeypatch.setattr(Game, "_write_statistics", broken)
    with pytest.raises(RuntimeError):
        game.add_hand(5, anne_wins()[4], "Anne")
    assert _state(game) == before


def test_a_correction_logs_before_and_after_and_a_stale_one_is_refused() -> None:
    game = make_game(hands=[HAND])
    old = revision(game, 1)
    corrected = HAND | {"bid": 9}
    game.edit_hand(1, old, corrected, "Dina")
    change = Change.objects.get(action=Change.EDIT)
    assert (change.before, change.after, change.by) == (HAND, corrected, "Dina")
    assert _state(game)[0] == 2 == revision(game, 1)
    # A page that still shows the first version cannot correct it again.
    stale = game.edit_hand(1, old, HAND | {"bid": 10}, "Dina")
    assert stale.outcome is Outcome.CONFLICT
    assert _state(game)[0] == 2


def test_the_statistics_follow_every_change() -> None:
    game = make_game(hands=anne_wins())
    game.refresh_from_db()
    assert game.winners == ["Anne"]
    assert GameStat.objects.filter(game=game).count() == 4
    # Undoing the winning hand reopens the game: no winners, no figures.
    game.delete_hand(5, revision(game, 5), "Bjørn")
    game.refresh_from_db()
    assert game.winners is None
    assert not GameStat.objects.filter(game=game).exists()
    assert Change.objects.filter(action=Change.DELETE).get().before == anne_wins()[4]


def test_a_change_locks_the_game_row_first() -> None:
    game = make_game()
    with CaptureQueriesContext(connection) as queries:
        game.add_hand(1, HAND, "Cato")
    reads_game = [q["sql"] for q in queries if 'FROM "games_game"' in q["sql"]]
    assert reads_game, "the game row is read inside the change"
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" in reads_game[0]


def test_a_hand_saved_on_a_game_loaded_locked_takes_seven_queries(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # The game by its full link (locked, with its group and night, and whether the entry
    # was saved and deleted before), its seats, its hands, the hand, its change, its line
    # in the group's feed, the version. Nothing is read again: the change works on the
    # instance the caller loaded.
    game = make_game(hands=[HAND])
    with transaction.atomic(), django_assert_num_queries(7):
        locked = Game.objects.locked(game.group.edit_key, game.code, "k2")
        assert locked is not None
        done = locked.add_hand(2, HAND, "Cato", entry="k2")
        assert done.outcome is Outcome.DONE
        assert [hand.number for hand in locked.hand_list()] == [1, 2]
        assert locked.version == 2
        assert locked.result().hands[1].made is True


def test_hands_added_at_once_are_each_their_own_change() -> None:
    game = make_game(hands=[HAND])
    game.add_hands(anne_wins()[:2], "Paper")
    game.refresh_from_db()
    hands = list(game.hands.order_by("number").values_list("number", "revision", "entered_by"))
    assert hands == [(1, 1, "Anne"), (2, 2, "Paper"), (3, 3, "Paper")]
    assert game.version == 3
    assert [c.number for c in Change.objects.filter(by="Paper").order_by("pk")] == [2, 3]


def test_hands_added_at_once_are_refused_together() -> None:
    game = make_game(hands=[HAND])
    before = _state(game)
    refused = game.add_hands([anne_wins()[0], HAND | {"bid": 13}], "Paper")
    assert refused.outcome is Outcome.REFUSED
    assert _state(game) == before


def test_a_hand_with_the_dealer_the_rotation_no_longer_names_is_not_saved() -> None:
    game = make_game(hands=[HAND | {"dealer": "Anne"}])
    # The form for hand 2 named Bjørn, after Anne; then hand 1's dealer became Cato.
    game.edit_hand(1, revision(game, 1), HAND | {"dealer": "Cato"}, "Dina")
    before = _state(game)
    moved = game.add_hand(2, HAND | {"dealer": "Bjørn"}, "Anne", rotation_dealer="Bjørn")
    assert (moved.outcome, moved.dealer) == (Outcome.DEAL_MOVED, "Dina")
    assert _state(game) == before
    # A dealer picked by hand (the form no longer names the rotation's) is saved.
    assert game.add_hand(2, HAND | {"dealer": "Bjørn"}, "Anne").outcome is Outcome.DONE


def test_playing_again_starts_one_next_game_and_offers_it_once() -> None:
    game = make_game(hands=anne_wins())
    again = game.play_again("Bjørn")
    assert game.play_again("Cato") == again  # a second tap finds it
    game.refresh_from_db()
    # The finished game's watchers are offered the next game: one new version.
    assert game.version == len(anne_wins()) + 1
    assert (again.previous, again.players, again.created_by) == (game, game.players, "Bjørn")
    # The deal goes on round the table: hand 5 was Anne's, so Bjørn deals first.
    assert (anne_wins()[4]["dealer"], again.first_dealer) == ("Anne", "Bjørn")


def test_a_game_is_started_once_per_form() -> None:
    group = make_game().group
    first = group.start_game("amerikaner", ["Anne", "Bjørn", "Cato", "Dina"], form_token="t1")
    again = group.start_game("amerikaner", ["Anne", "Bjørn", "Cato", "Dina"], form_token="t1")
    assert again == first
    assert group.games.count() == 2


def test_the_statistics_are_rebuilt_from_the_hands() -> None:
    game = make_game(hands=anne_wins())
    GameStat.objects.all().delete()
    Game.objects.filter(pk=game.pk).update(winners=None)
    assert Game.objects.rebuild_statistics() == 1
    game.refresh_from_db()
    assert game.winners == ["Anne"]
    assert GameStat.objects.filter(game=game).count() == 4
