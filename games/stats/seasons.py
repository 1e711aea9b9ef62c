"""A group's seasons and their tables, read from the statistics and rating rows.

Every group has a season per calendar year without naming one, and the seasons it names
with dates (`Season`). A game belongs to a season by its night's date, as the statistics
count it, so a game after midnight counts on the evening it was part of.

A season's table ranks the players of each kind of game by wins (a shared win counts as
its share), then win rate, then average place; players level on all three share a place.
Its champion is whoever is first when the season is over. Everything is added up by the
database, a few queries per page however many games the season holds: the sums grouped
by kind and player, each player's last five games picked by a window function, and the
ratings after each player's last game of the season.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from django.db.models import Avg, Count, F, Q, Sum, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.translation import gettext

from games import ratings
from games.models import GameStat, Night, Rating, Season
from games.rules import GAMES, Text
from games.stats.sums import People, Who

#: A player's latest results in a season's table.
LAST_RESULTS = 5
#: The past seasons whose champions the group page shows.
CHAMPIONS_SHOWN = 3


@dataclass(frozen=True)
class Period:
    """A season as the pages show it: a calendar year or a named season."""

    slug: str  # the year ("2026") or the named season's code: its address
    name: str
    start: dt.date
    end: dt.date
    named: bool = False

    @classmethod
    def year(cls, year: int) -> Period:
        return cls(str(year), str(year), dt.date(year, 1, 1), dt.date(year, 12, 31))

    @classmethod
    def of(cls, season: Season) -> Period:
        return cls(season.code, season.name, season.start, season.end, named=True)

    @property
    def title(self) -> str:
        """What the pages call it: a named season by its name, a year as "Season 2026"."""
        return self.name if self.named else gettext("Season %(year)s") % {"year": self.name}

    def holds(self, day: dt.date) -> bool:
        return self.start <= day <= self.end

    def is_over(self, today: dt.date) -> bool:
        return self.end < today

    def rows(self, group_id: int) -> Q:
        return _rows_between(group_id, self.start, self.end)


def _rows_between(group_id: int, start: dt.date, end: dt.date) -> Q:
    """The statistics rows of the group's evenings from start to end. Each kind of game is
    named, so that the index on group, kind and date finds the dates: asked for the group
    alone, SQLite read every row of the group (40,000 rows in ten thousand games)."""
    return Q(group_id=group_id, kind__in=list(GAMES), date__gte=start, date__lte=end)


def today() -> dt.date:
    """This evening's date: seasons, like nights, count in evenings."""
    return Night.evening_of(timezone.now())


def named(group_id: int) -> list[Period]:
    """The group's named seasons, the latest first. One query."""
    return [Period.of(season) for season in Season.objects.filter(group_id=group_id)]


def every(group_id: int, now: dt.date) -> list[Period]:
    """Every season of the group: the calendar years it played in and this one, the latest
    first, then its named seasons. Two queries."""
    years = {day.year for day in Night.objects.filter(group_id=group_id).dates("date", "year")}
    years.add(now.year)
    return [Period.year(year) for year in sorted(years, reverse=True)] + named(group_id)


@dataclass(frozen=True)
class Result:
    """One game in a player's last five: the place they finished in, and their share of
    the win (0: lost; 1: won alone; a half: won level with one other)."""

    place: int
    win_share: float

    @property
    def won(self) -> bool:
        return self.win_share > 0

    @property
    def shared(self) -> bool:
        return 0 < self.win_share < 1


@dataclass(frozen=True)
class SeasonLine:
    place: int
    player: Who
    games: int
    wins: float
    average_place: float
    #: The player's rating after their last game of the season (None: not rated).
    rating: int | None = None
    #: Their last games of the season, the oldest first.
    last: tuple[Result, ...] = ()

    @property
    def win_rate(self) -> float:
        return 100 * self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class SeasonTable:
    """A season's table for one kind of game."""

    kind: str
    rows: list[SeasonLine]

    @property
    def title(self) -> Text:
        return GAMES[self.kind].title

    @property
    def leaders(self) -> list[str]:
        """Who is first (the champion, once the season is over): one, or those level."""
        return [row.player.name for row in self.rows if row.place == 1]


def _ranked(lines: Iterable[SeasonLine]) -> list[SeasonLine]:
    """The lines in order (wins, then win rate, then average place, then name), each with
    its place; lines level on all three share one (1, 1, 3)."""

    def merit(line: SeasonLine) -> tuple[float, float, float]:
        # Rounded as shown, so two players who look level are level.
        return (-round(line.wins, 6), -round(line.win_rate, 6), round(line.average_place, 6))

    ordered = sorted(lines, key=lambda line: (merit(line), line.player.name.lower()))
    ranked: list[SeasonLine] = []
    for index, line in enumerate(ordered):
        place = ranked[-1].place if ranked and merit(ranked[-1]) == merit(line) else index + 1
        ranked.append(replace(line, place=place))
    return ranked


def _tables(by_kind: dict[str, list[SeasonLine]]) -> list[SeasonTable]:
    """A table per kind of game played, in the registry's order."""
    return [SeasonTable(kind, _ranked(by_kind[kind])) for kind in GAMES if kind in by_kind]


def standings(group_id: int, period: Period, people: People) -> list[SeasonTable]:
    """The season's tables, one per kind of game played in it. Three queries."""
    rows = GameStat.objects.filter(period.rows(group_id))
    sums = (
        rows.values("kind", "player")
        .annotate(games=Count("id"), wins=Sum("win_share"), average=Avg("place"))
        .order_by()
    )
    # Each player's last games of the season, the latest first: the window numbers them.
    recent = (
        rows.annotate(
            recent=Window(
                RowNumber(),
                partition_by=[F("kind"), F("player")],
                order_by=[F("date").desc(), F("game__created_at").desc(), F("game_id").desc()],
            )
        )
        .filter(recent__lte=LAST_RESULTS)
        .values_list("kind", "player", "game", "place", "win_share", "recent")
    )
    last: dict[tuple[str, int], list[tuple[int, Result]]] = defaultdict(list)
    latest: dict[tuple[str, int], int] = {}
    for kind, player, game, place, win_share, order in recent:
        last[kind, player].append((order, Result(place, win_share)))
        if order == 1:
            latest[kind, player] = game
    shown = _ratings_after(latest)
    by_kind: dict[str, list[SeasonLine]] = defaultdict(list)
    for line in sums:
        key = (line["kind"], line["player"])
        by_kind[line["kind"]].append(
            SeasonLine(
                place=0,
                player=people[line["player"]],
                games=line["games"],
                wins=line["wins"],
                average_place=line["average"],
                rating=shown.get(key),
                last=tuple(result for _n, result in sorted(last[key], reverse=True)),
            )
        )
    return _tables(by_kind)


def _ratings_after(latest: dict[tuple[str, int], int]) -> dict[tuple[str, int], int]:
    """Each player's shown rating after the game given for them (kind, player: game). One
    query: the rating rows of those games and players, the few extra pairs left out."""
    if not latest:
        return {}
    wanted = {(player, game) for (_kind, player), game in latest.items()}
    found = Rating.objects.filter(
        game_id__in={game for _player, game in wanted},
        player_id__in={player for player, _game in wanted},
    ).values_list("kind", "player", "game", "mu", "sigma")
    return {
        (kind, player): ratings.Skill(mu, sigma).shown
        for kind, player, game, mu, sigma in found
        if (player, game) in wanted
    }


@dataclass(frozen=True)
class Champions:
    """A season that is over, and the first of each kind of game in it."""

    period: Period
    tables: list[SeasonTable]


def champions(group_id: int, periods: Sequence[Period]) -> list[Champions]:
    """The champions of these seasons (those without games left out). One query whatever
    the seasons: each season's sums are the same rows filtered by its dates, named in
    the query (the rows of a few seasons, not of all time; see `games.stats.sums`)."""
    if not periods:
        return []
    every_row = Q()
    sums: dict[str, Count | Sum | Avg] = {}
    for index, period in enumerate(periods):
        inside = Q(date__gte=period.start, date__lte=period.end)
        every_row |= inside
        sums[f"games_{index}"] = Count("id", filter=inside)
        sums[f"wins_{index}"] = Sum("win_share", filter=inside)
        sums[f"place_{index}"] = Avg("place", filter=inside)
    first, last = min(p.start for p in periods), max(p.end for p in periods)
    lines = (
        GameStat.objects.filter(every_row, _rows_between(group_id, first, last))
        .values("kind", "player", "player__name", "player__code")
        .annotate(**sums)
        .order_by()
    )
    per_period: list[dict[str, list[SeasonLine]]] = [defaultdict(list) for _ in periods]
    # Keys made up per season: read as a plain mapping.
    for line in cast(Iterable[dict[str, Any]], lines):
        for index, by_kind in enumerate(per_period):
            if line[f"games_{index}"]:
                by_kind[line["kind"]].append(
                    SeasonLine(
                        place=0,
                        player=Who(line["player"], line["player__name"], line["player__code"]),
                        games=line[f"games_{index}"],
                        wins=line[f"wins_{index}"],
                        average_place=line[f"place_{index}"],
                    )
                )
    return [
        Champions(period, _tables(by_kind))
        for period, by_kind in zip(periods, per_period, strict=True)
        if by_kind
    ]


def latest_over(group_seasons: Sequence[Period], now: dt.date) -> list[Period]:
    """The seasons the group page names champions of: the latest over, calendar years (the
    last few) and named ones together, the one that ended last first."""
    years = [Period.year(now.year - back) for back in range(1, CHAMPIONS_SHOWN + 1)]
    over = [period for period in [*years, *group_seasons] if period.is_over(now)]
    return sorted(over, key=lambda period: (period.end, period.named), reverse=True)[
        :CHAMPIONS_SHOWN
    ]


def current(group_seasons: Sequence[Period], now: dt.date) -> list[Period]:
    """The seasons on now: this calendar year, and the named season holding today."""
    return [Period.year(now.year), *(p for p in group_seasons if p.holds(now))]
