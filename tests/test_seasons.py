"""Seasons (`Season`, `games.stats.seasons`): named seasons never overlap, a game belongs to
a season by its evening, and a table places players by wins, win rate, average place."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError
from django.utils import timezone

from games.models import Game, Night, Season
from games.stats import people, seasons
from games.stats.seasons import Period, SeasonLine
from games.stats.sums import Who
from tests.factories import anne_wins, make_game, make_group
from tests.test_stats import move_to

pytestmark = pytest.mark.django_db

SUMMER = (dt.date(2025, 6, 1), dt.date(2025, 8, 31))


def test_a_season_is_named_with_its_first_and_last_evening() -> None:
    group = make_group()
    season, made = Season.name_one(group, "Summer", *SUMMER)
    assert made
    assert (season.group, season.name, season.start, season.end) == (group, "Summer", *SUMMER)
    assert len(season.code) == 12


@pytest.mark.parametrize(
    ("start", "end", "overlaps"),
    [
        # Sharing one evening, the last of the summer, is an overlap.
        (dt.date(2025, 8, 31), dt.date(2025, 11, 30), True),
        (dt.date(2025, 5, 1), dt.date(2025, 6, 1), True),
        # Inside it, or around it.
        (dt.date(2025, 7, 1), dt.date(2025, 7, 1), True),
        (dt.date(2025, 1, 1), dt.date(2025, 12, 31), True),
        # The day after its last evening, or the day before its first: no overlap.
        (dt.date(2025, 9, 1), dt.date(2025, 11, 30), False),
        (dt.date(2025, 3, 1), dt.date(2025, 5, 31), False),
    ],
)
def test_named_seasons_never_overlap(start: dt.date, end: dt.date, overlaps: bool) -> None:
    group = make_group()
    summer, _made = Season.name_one(group, "Summer", *SUMMER)
    found, made = Season.name_one(group, "Other", start, end)
    assert made is not overlaps
    assert (found == summer) is overlaps
    assert Season.objects.count() == (1 if overlaps else 2)


def test_another_groups_season_is_no_overlap() -> None:
    Season.name_one(make_group("One"), "Summer", *SUMMER)
    _season, made = Season.name_one(make_group("Two"), "Summer", *SUMMER)
    assert made


def test_one_evening_is_a_season_but_an_end_before_the_start_is_not() -> None:
    group = make_group()
    day = dt.date(2025, 12, 31)
    _cup, made = Season.name_one(group, "Cup night", day, day)
    assert made
    with pytest.raises(IntegrityError):
        Season.objects.create(group=group, name="Backwards", start=day, end=day.replace(day=1))


def test_a_forgotten_season_leaves_its_games() -> None:
    group = make_group()
    game = make_game(group, hands=anne_wins())
    assert game.night is not None
    season, _made = Season.name_one(group, "Cup", game.night.date, game.night.date)
    season.forget()
    assert not Season.objects.exists()
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_game_after_midnight_on_new_years_day_counts_in_the_year_before() -> None:
    # Its night is the evening of 31 December, as the statistics count it.
    group = make_group()
    game = make_game(group, hands=anne_wins())
    after_midnight = timezone.make_aware(dt.datetime(2025, 1, 1, 1, 30))
    move_to(game, Night.evening_of(after_midnight))
    Game.objects.rebuild_statistics()
    names = people(group.pk)
    (in_2024,) = seasons.standings(group.pk, Period.year(2024), names)
    assert in_2024.leaders == ["Anne"]
    assert seasons.standings(group.pk, Period.year(2025), names) == []


def _line(name: str, games: int, wins: float, average: float) -> SeasonLine:
    return SeasonLine(0, Who(0, name, name), games, wins, average)


def test_players_are_placed_by_wins_then_win_rate_then_average_place() -> None:
    ranked = seasons._ranked(
        [
            _line("Cato", games=4, wins=1, average=2.0),  # a quarter of the games won
            _line("Anne", games=2, wins=1, average=2.0),  # half of them: ahead of Cato
            _line("Dina", games=4, wins=1.5, average=3.0),  # most wins: first
            _line("Bjørn", games=2, wins=1, average=1.5),  # as Anne, a better place
            _line("Erik", games=2, wins=1, average=1.5),  # level with Bjørn: the same place
        ]
    )
    assert [(line.place, line.player.name) for line in ranked] == [
        (1, "Dina"),
        (2, "Bjørn"),
        (2, "Erik"),
        (4, "Anne"),
        (5, "Cato"),
    ]


def test_the_group_page_names_the_champions_of_the_latest_seasons_over() -> None:
    now = dt.date(2026, 11, 26)
    named = [
        Period("a", "Autumn", dt.date(2026, 9, 1), dt.date(2026, 10, 31), named=True),
        Period("b", "Next", dt.date(2026, 12, 1), dt.date(2026, 12, 31), named=True),
    ]
    over = seasons.latest_over(named, now)
    # This year is on and so is "Next" (not started yet): the latest three over.
    assert [period.title for period in over] == ["Autumn", "Season 2025", "Season 2024"]
    assert [period.title for period in seasons.current(named, now)] == ["Season 2026"]
