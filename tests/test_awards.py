"""Awards kept per finished game (`Award`) and bids by level (`BidStat`): written with the
statistics, following corrections, deletions and restores, and rebuilt to the same rows.

Scoring (see tests/test_stats.py): `anne_wins()` Anne wins alone; `shared_win_hands()`
Bjørn and Dina share the win, Anne 4th; `three_player_hands()` Bjørn wins, and Bjørn
makes an Amerikaner in it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from games import backup
from games.models import Award, BidStat, Change, Game, Group
from tests.factories import anne_wins, endless_hands, make_game, make_group, revision
from tests.test_stats import THREE, euchre_game, move_to, shared_win_hands, three_player_hands

pytestmark = pytest.mark.django_db


def _kept(group: Group) -> list[tuple[Any, ...]]:
    rows = Award.objects.filter(group=group).order_by("played_at", "game_id", "award", "player")
    return list(rows.values_list("game__code", "player__name", "award", "kind", "date"))


def _awards(game: Game) -> set[tuple[str, str]]:
    return set(game.awards.values_list("award", "player__name"))


def test_three_wins_in_a_row_earn_the_hat_trick_in_the_third_game() -> None:
    group = make_group()
    first, second, third = (make_game(group, hands=anne_wins()) for _ in range(3))
    assert ("streak", "Anne") not in _awards(second)
    assert ("streak", "Anne") in _awards(third)
    # All four played every game, but three games make nobody a regular (ten do).
    assert not {p for game in (first, second, third) for a, p in _awards(game) if a == "most_games"}


def test_a_deleted_hand_takes_the_award_away_and_restoring_it_gives_it_back() -> None:
    group = make_group()
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    kept = _kept(group)
    # The second game is no longer won: two wins in a row, not three.
    assert games[1].delete_hand(5, revision(games[1], 5), "Anne").stands
    assert not Award.objects.filter(group=group, award="streak").exists()
    deleted = games[1].changes.get(action=Change.DELETE)
    assert games[1].restore(deleted, "Anne").stands
    assert _kept(group) == kept


def test_a_correction_that_changes_the_winner_moves_the_hat_trick() -> None:
    group = make_group()
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    lost = make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    fourth = make_game(group, hands=anne_wins())
    assert ("streak", "Anne") in _awards(games[2])
    # The loss in between breaks the run: the fifth game starts a new one.
    assert ("streak", "Anne") not in _awards(fourth)
    assert lost.delete_hand(5, revision(lost, 5), "Anne").stands
    # Without the loss Anne has four in a row: still one hat trick, at the third.
    assert Award.objects.filter(award="streak").count() == 1


def test_deleting_a_game_awards_its_season_again_without_it() -> None:
    group = make_group()
    first, _second, _third = (make_game(group, hands=anne_wins()) for _ in range(3))
    first.delete()
    assert not Award.objects.filter(group=group, award="streak").exists()


def test_an_abandoned_game_earns_nothing() -> None:
    group = make_group()
    given_up = make_game(group, hands=endless_hands(3))
    assert given_up.abandon("Anne")
    assert not Award.objects.exists()


def test_a_made_amerikaner_is_kept_with_the_game() -> None:
    game = make_game(make_group(players=THREE), THREE, three_player_hands())
    assert ("amerikaner_made", "Bjørn") in _awards(game)


def test_bids_are_kept_by_level() -> None:
    game = make_game(hands=anne_wins())
    rows = set(BidStat.objects.filter(game=game).values_list("player__name", "level", "bids"))
    # Anne bid 12 four times and 6 once, all made.
    assert rows == {("Anne", "12", 4), ("Anne", "6", 1)}


def test_seasons_are_calendar_years() -> None:
    group = make_group()
    games = [make_game(group, hands=anne_wins()) for _ in range(3)]
    # The first game on last New Year's Eve: two wins this year, one last year.
    assert games[0].night is not None
    move_to(games[0], dt.date(games[0].night.date.year - 1, 12, 31))
    Game.objects.rebuild_statistics()
    assert not Award.objects.filter(group=group, award="streak").exists()


def test_rebuilding_gives_the_awards_kept() -> None:
    group = make_group()
    for _ in range(10):  # ten games: enough for the regulars
        make_game(group, hands=anne_wins())
    make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    make_game(group, THREE, three_player_hands())
    euchre_game(group)
    kept = _kept(group)
    levels = sorted(BidStat.objects.values_list("game_id", "player_id", "level", "bids", "made"))
    assert {row[2] for row in kept} >= {"streak", "most_games", "amerikaner_made"}
    Award.objects.all().delete()
    BidStat.objects.all().delete()
    Game.objects.rebuild_statistics()
    assert _kept(group) == kept
    assert sorted(BidStat.objects.values_list("game_id", "player_id", "level", "bids", "made")) == (
        levels
    )


def test_a_restored_backup_has_the_awards_it_had() -> None:
    group = make_group()
    for _ in range(3):
        make_game(group, hands=anne_wins())
    kept = [row[1:] for row in _kept(group)]
    saved = backup.group_backup(group)
    group.delete()
    restored = backup.import_group(saved).group
    assert [row[1:] for row in _kept(restored)] == kept
