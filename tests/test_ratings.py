"""Ratings (`games.ratings`, `Rating`): each finished game rates its players by their
places, in the order the games were played, and every figure is checked against openskill's
Bradley-Terry model (full pairing) called by hand here.

Places (see tests/test_stats.py for the scoring): `anne_wins()` ends Anne 54, the others
2 each (Anne first, the other three share second place); `shared_win_hands()` (shared tie
break) ends Bjørn and Dina 54, Cato 3, Anne 2; `three_player_hands()` ends Bjørn 52,
Anne 1, Cato -38.
"""

from __future__ import annotations

import io
from importlib import import_module
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from openskill.models import BradleyTerryFull

from games import backup, ratings
from games.models import Change, Game, Group, Rating
from tests.factories import FOUR, anne_wins, bid, endless_hands, make_game, make_group, revision
from tests.test_stats import (
    THREE,
    euchre_game,
    kaiser_game,
    shared_win_hands,
    three_player_hands,
)

pytestmark = pytest.mark.django_db

MODEL = BradleyTerryFull()


def _kept(group: Group) -> list[tuple[Any, ...]]:
    """Every rating row of the group, in the order they were played."""
    rows = Rating.objects.filter(group=group).order_by("played_at", "game_id", "player__name")
    return list(
        rows.values_list(
            "game_id", "player__name", "side", "place", "mu_before", "sigma_before", "mu", "sigma"
        )
    )


def _after(game: Game) -> dict[str, tuple[float, float]]:
    return {r.player.name: (r.mu, r.sigma) for r in game.ratings.select_related("player")}


def _season(group: Group) -> tuple[Game, Game, Game]:
    first = make_game(group, hands=anne_wins())
    second = make_game(group, hands=shared_win_hands(), rules={"tie_break": "shared"})
    third = make_game(group, THREE, three_player_hands())
    return first, second, third


def _approx(skills: dict[str, Any]) -> dict[str, Any]:
    return {name: pytest.approx((s.mu, s.sigma), abs=1e-9) for name, s in skills.items()}


def test_three_games_are_rated_as_openskill_rates_them_one_after_the_other() -> None:
    first, second, third = _season(make_group())
    now = {name: MODEL.rating() for name in FOUR}
    a, b, c, d = (now[name] for name in FOUR)
    # Game 1: Anne first, the other three share second place.
    [[a], [b], [c], [d]] = MODEL.rate([[a], [b], [c], [d]], ranks=[1, 2, 2, 2])
    assert _after(first) == _approx({"Anne": a, "Bjørn": b, "Cato": c, "Dina": d})
    # Game 2: Bjørn and Dina share the win; Cato (3) third, Anne (2) fourth.
    [[a], [b], [c], [d]] = MODEL.rate([[a], [b], [c], [d]], ranks=[4, 1, 3, 1])
    assert _after(second) == _approx({"Anne": a, "Bjørn": b, "Cato": c, "Dina": d})
    # Game 3, three players: Bjørn, Anne, Cato. Dina sits out and keeps her rating.
    [[a], [b], [c]] = MODEL.rate([[a], [b], [c]], ranks=[2, 1, 3])
    assert _after(third) == _approx({"Anne": a, "Bjørn": b, "Cato": c})
    dina = Rating.objects.get(game=second, player__name="Dina")
    assert (dina.mu, dina.sigma) == pytest.approx((d.mu, d.sigma))


def test_the_rating_shown_starts_at_1000_and_its_change_is_the_games() -> None:
    first = make_game(hands=anne_wins())
    anne = first.ratings.get(player__name="Anne")
    assert anne.before.shown == 1000  # mu 25, sigma 25/3: mu - 3 sigma = 0
    expected = round(1000 + 40 * (anne.mu - 3 * anne.sigma))
    assert anne.shown == expected
    assert anne.change == expected - 1000
    # The winner gains more than those who shared second place.
    bjorn = first.ratings.get(player__name="Bjørn")
    assert anne.change > bjorn.change


def test_rebuilding_rates_every_game_again_to_the_numbers_kept() -> None:
    group = make_group()
    _season(group)
    euchre_game(group)
    kept = _kept(group)
    assert len(kept) == 4 + 4 + 3 + 4
    Rating.objects.all().update(mu=0, sigma=1, mu_before=0, sigma_before=1)
    Game.objects.rebuild_statistics()
    assert _kept(group) == kept


def test_the_migration_rates_every_chain_again_as_the_app_rates_it() -> None:
    """The ratings a database kept from the model before (Plackett-Luce) are rated again by
    the migration: each group's chain of each kind, as the games now rate themselves."""
    groups = [make_group(), make_group()]
    for group in groups:
        _season(group)
        euchre_game(group)
    kept = [_kept(group) for group in groups]
    Rating.objects.all().update(mu=0, sigma=1, mu_before=0, sigma_before=1)
    rate_again = import_module("games.migrations.0023_ratings_bradley_terry").rate_again
    rate_again(MigrationExecutor(connection).loader.project_state().apps, None)
    assert [_kept(group) for group in groups] == kept


def test_the_rebuild_command_rates_every_game_again() -> None:
    group = make_group()
    _season(group)
    kept = _kept(group)
    Rating.objects.all().delete()
    call_command("rebuild_stats", stdout=io.StringIO())
    assert _kept(group) == kept


def test_rebuilding_some_games_rates_their_whole_chain_again() -> None:
    group = make_group()
    first, _second, third = _season(group)
    kept = _kept(group)
    Rating.objects.filter(game=third).update(mu=0)
    Game.objects.rebuild_statistics([first])
    assert _kept(group) == kept


def test_a_correction_to_an_earlier_game_moves_every_later_rating() -> None:
    group = make_group()
    first, _second, third = _season(group)
    before = _after(third)
    # Hand 5 of the first game again with Bjørn 3 tricks, Cato 2, Dina 1 (Anne 7 of 13,
    # her 6 still made): Anne 54 wins, then Bjørn 3, Cato 2, Dina 1.
    hand = bid("Anne", 6, None, {"Bjørn": 3, "Cato": 2, "Dina": 1}, dealer="Anne")
    assert first.edit_hand(5, revision(first, 5), hand, "Anne").stands
    a, b, c, d = (MODEL.rating() for _ in FOUR)
    [[a], [b], [c], [d]] = MODEL.rate([[a], [b], [c], [d]], ranks=[1, 2, 3, 4])
    [[a], [b], [c], [d]] = MODEL.rate([[a], [b], [c], [d]], ranks=[4, 1, 3, 1])
    [[a], [b], [c]] = MODEL.rate([[a], [b], [c]], ranks=[2, 1, 3])
    assert _after(third) == _approx({"Anne": a, "Bjørn": b, "Cato": c})
    assert _after(third) != before
    # The same numbers a rebuild comes to.
    kept = _kept(group)
    Game.objects.rebuild_statistics()
    assert _kept(group) == kept


def test_a_deleted_hand_unrates_the_game_and_restoring_it_rates_it_again() -> None:
    group = make_group()
    first, second, _third = _season(group)
    kept = _kept(group)
    assert first.delete_hand(5, revision(first, 5), "Anne").stands
    # The first game is no longer won: the second is now everybody's first rated game.
    assert not first.ratings.exists()
    assert {(r.mu_before, r.sigma_before) for r in second.ratings.all()} == {
        (ratings.NEW.mu, ratings.NEW.sigma)
    }
    deleted = first.changes.get(action=Change.DELETE)
    assert first.restore(deleted, "Anne").stands
    assert _kept(group) == kept


def test_deleting_a_rated_game_rates_the_later_games_again_without_it() -> None:
    group = make_group()
    first, second, third = _season(group)
    first.delete()
    # The second game is now everybody's first.
    a, b, c, d = (MODEL.rating() for _ in FOUR)
    [[a], [b], [c], [d]] = MODEL.rate([[a], [b], [c], [d]], ranks=[4, 1, 3, 1])
    assert _after(second) == _approx({"Anne": a, "Bjørn": b, "Cato": c, "Dina": d})
    [[a], [b], [c]] = MODEL.rate([[a], [b], [c]], ranks=[2, 1, 3])
    assert _after(third) == _approx({"Anne": a, "Bjørn": b, "Cato": c})


def test_an_abandoned_game_is_not_rated() -> None:
    group = make_group()
    given_up = make_game(group, hands=endless_hands(3))
    assert given_up.abandon("Anne")
    finished = make_game(group, hands=anne_wins())
    assert not given_up.ratings.exists()
    assert not make_game(group, hands=endless_hands(2)).ratings.exists()  # still played
    # The finished game is everybody's first.
    a, b, c, d = MODEL.rate([[MODEL.rating()] for _ in FOUR], ranks=[1, 2, 2, 2])
    assert _after(finished) == _approx({"Anne": a[0], "Bjørn": b[0], "Cato": c[0], "Dina": d[0]})


@pytest.mark.parametrize("make", [euchre_game, kaiser_game])
def test_a_team_game_rates_each_team_as_a_team(make: Any) -> None:
    # Nord (Anne, Cato) wins both games; Sør (Bjørn, Dina) second.
    game = make(make_group())
    nord, sor = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[1, 2]
    )
    assert _after(game) == _approx(
        {"Anne": nord[0], "Cato": nord[1], "Bjørn": sor[0], "Dina": sor[1]}
    )
    assert {r.player.name: r.side for r in game.ratings.select_related("player")} == {
        "Anne": 0,
        "Cato": 0,
        "Bjørn": 1,
        "Dina": 1,
    }


def test_each_kind_of_game_has_its_own_ratings() -> None:
    group = make_group()
    euchre_game(group)
    amerikaner = make_game(group, hands=anne_wins())
    assert {(r.mu_before, r.sigma_before) for r in amerikaner.ratings.all()} == {
        (ratings.NEW.mu, ratings.NEW.sigma)
    }


def test_a_restored_backup_has_the_ratings_it_had() -> None:
    group = make_group()
    _season(group)
    euchre_game(group)
    kept = [row[1:] for row in _kept(group)]
    saved = backup.group_backup(group)
    group.delete()
    restored = backup.import_group(saved).group
    assert [row[1:] for row in _kept(restored)] == kept


def test_a_game_restored_from_an_earlier_date_rates_the_later_games_again() -> None:
    group = make_group()
    _season(group)
    kept = [row[1:] for row in _kept(group)]
    # The same history with the first game brought back last (its time is the earliest).
    saved = backup.group_backup(group)
    saved["games"] = [*saved["games"][1:], saved["games"][0]]
    group.delete()
    restored = backup.import_group(saved).group
    assert [row[1:] for row in _kept(restored)] == kept


# --- Chances --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shares", "expected"),
    [
        ([1 / 3, 1 / 3, 1 / 3], [34, 33, 33]),  # the leftover point to the first of equals
        ([0.25] * 4, [25, 25, 25, 25]),
        ([0.666, 0.334], [67, 33]),
        ([0.004, 0.003, 0.993], [1, 0, 99]),  # 0.4 is the largest remainder
        ([0.125, 0.125, 0.125, 0.625], [13, 13, 12, 62]),  # two points left, all at .5
    ],
)
def test_chances_in_per_cent_add_up_to_exactly_100(
    shares: list[float], expected: list[int]
) -> None:
    assert ratings.per_cent(shares) == expected
    assert sum(ratings.per_cent(shares)) == 100


def test_chances_follow_openskill_prediction() -> None:
    strong, weak = ratings.Skill(30, 2), ratings.Skill(20, 2)
    chances = ratings.chances([[strong], [weak], [ratings.NEW]])
    predicted = MODEL.predict_win([[MODEL.rating(30, 2)], [MODEL.rating(20, 2)], [MODEL.rating()]])
    assert chances == ratings.per_cent(predicted)
    assert sum(chances) == 100
    assert chances[0] > chances[2] > chances[1]


@pytest.mark.parametrize(
    "places",
    [(1, 1, 3, 4), (1, 2, 2, 4), (1, 1, 1, 1, 5, 6), (2, 1, 1, 4), (1, 2, 3, 3)],
)
def test_a_shared_place_rates_its_players_alike_and_between_the_places_around_it(
    places: tuple[int, ...],
) -> None:
    # Plackett-Luce (openskill 6.2) gave the third of (1, 1, 3, 4) more than either winner.
    finish = ratings.Finish(tuple((n,) for n in range(len(places))), places)
    rated = ratings.rate({}, finish)
    change = [rated[n].change for n in range(len(places))]
    for a in range(len(places)):
        for b in range(len(places)):
            if places[a] == places[b]:
                assert change[a] == change[b], change
            elif places[a] < places[b]:
                assert change[a] > change[b], change
