"""``manage.py generate_group``: a made-up group whose games the app itself would have saved."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Count
from django.utils import timezone
from pytest_django import DjangoDbBlocker

from games.models import Change, Game, GameStat, Group, Night, PairStat

GAMES, HANDS = 20, 500

pytestmark = pytest.mark.django_db


OUTPUT = io.StringIO()


@pytest.fixture(scope="module")
def generated(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[Group]:
    """One small generated group for the whole module (the command takes a few seconds).

    Each test runs in its own transaction on top of it; the group goes at the end.
    """
    with django_db_blocker.unblock():
        call_command("generate_group", games=GAMES, hands=HANDS, seed=7, stdout=OUTPUT)
        group = Group.objects.get(name="The generated table")
        yield group
        group.delete()


def _games(group: Group) -> list[Game]:
    return list(group.games.prefetch_related("seats", "hands", "changes").select_related("night"))


def test_makes_about_the_games_and_hands_asked_for(generated: Group) -> None:
    games = _games(generated)
    hands = sum(len(game.hand_list()) for game in games)
    # Games are played in full in the planned order until the hands run out, so there are
    # never more games than asked for, and the hands overshoot by at most one game.
    assert 0.75 * GAMES <= len(games) <= GAMES
    assert 0.75 * HANDS <= hands <= HANDS + max(len(game.hand_list()) for game in games)
    assert {len(game.players) for game in games} <= {2, 4, 5}
    assert generated.players.count() == 8


def test_prints_the_two_links(generated: Group) -> None:
    output = OUTPUT.getvalue()
    assert f"full access: /g/{generated.edit_key}/" in output
    assert f"view only:   /g/{generated.view_key}/" in output


def test_every_game_passes_the_engine_and_is_won_at_its_last_hand(generated: Group) -> None:
    for game in _games(generated):
        result = game.result()  # raises RuleError on any hand the engine refuses
        assert result.finished, game.code
        assert len(result.hands) == len(game.hand_list()) > 0
        seats = sorted(game.seats.all(), key=lambda seat: seat.position)
        assert [seat.player.name for seat in seats] == game.players
        assert game.first_dealer == game.hand_list()[0].data.get("dealer", "")


def test_hands_carry_the_log_and_stamps_add_hand_writes(generated: Group) -> None:
    for game in _games(generated):
        hands = game.hand_list()
        changes = sorted(game.changes.all(), key=lambda change: change.number)
        # One "add" per hand, and the version counts the changes (`Game._record`).
        assert game.version == len(changes) == len(hands)
        assert [hand.number for hand in hands] == list(range(1, len(hands) + 1))
        # A hand's revision is the version its change brought about (`Game._stamp`).
        assert [hand.revision for hand in hands] == [hand.number for hand in hands]
        for hand, change in zip(hands, changes, strict=True):
            assert (change.action, change.number, change.before) == (Change.ADD, hand.number, None)
            assert change.after == hand.data
            assert change.at == hand.created_at >= game.created_at
            assert change.by == hand.entered_by == game.created_by
            assert change.by in game.players


def test_statistics_rows_are_those_a_rebuild_writes(generated: Group) -> None:
    def rows(model: type[GameStat] | type[PairStat]) -> list[dict[str, Any]]:
        found = model.objects.filter(group=generated).values()
        return sorted(({k: v for k, v in row.items() if k != "id"} for row in found), key=repr)

    written = rows(GameStat), rows(PairStat)
    assert len(written[0]) == sum(len(game.players) for game in generated.games.all())
    Game.objects.rebuild_statistics(generated.games.all())
    assert (rows(GameStat), rows(PairStat)) == written


def test_nights_hold_the_games_of_their_evening(generated: Group) -> None:
    games = _games(generated)
    for game in games:
        assert game.night is not None
        assert game.night.group_id == generated.pk
        # As `Game.save` would have placed it: the evening runs until six in the morning.
        assert Night.evening_of(game.created_at) == game.night.date
    sizes = generated.nights.annotate(n=Count("games")).values_list("n", flat=True)
    assert all(1 <= size <= 6 for size in sizes)  # a few games an evening
    assert sum(sizes) == len(games)
    latest = generated.nights.order_by("-date").first()
    assert latest is not None
    assert latest.date == timezone.localdate() - dt.timedelta(days=1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"games": 10, "hands": 5}, "--hands at least --games"),
        ({"games": 0, "hands": 5}, "--games must be at least 1"),
        ({"players": 3}, "--players must be from 4 to 12"),
    ],
)
def test_refuses_impossible_sizes(options: dict[str, int], message: str) -> None:
    groups = Group.objects.count()
    with pytest.raises(CommandError, match=message):
        call_command("generate_group", **options)
    assert Group.objects.count() == groups
