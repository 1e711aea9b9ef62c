"""Reading the statistics rows: figures over many games, added up by the database.

Each function below is one query whatever the number of games: the database adds up the
per-game rows (`Sum`, `Count`, `Avg` over group, kind and date) grouped by player ids
alone, and names come from `people`, read once per page: grouping by joined names, or
reading JSON counters a game kind does not have, made the sums twice as slow over ten
thousand games.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Avg, Count, F, IntegerField, Max, Min, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from games.models import GameStat, PairStat, Player
from games.rules import get_game

PERIODS = ("all", "year", "12m")


def period_start(period: str, today: dt.date) -> dt.date | None:
    """The first evening a period counts (None: all time).

    "12m" runs from the same date a year earlier, so a night on that date still counts;
    29 February falls back to the 28th.
    """
    if period == "year":
        return dt.date(today.year, 1, 1)
    if period == "12m":
        day = 28 if (today.month, today.day) == (2, 29) else today.day
        return today.replace(year=today.year - 1, day=day)
    return None


@dataclass(frozen=True)
class Selection:
    """The games a statistic reads: one group, one kind of game, one period."""

    group_id: int
    kind: str
    since: dt.date | None = None

    def stats(self) -> QuerySet[GameStat]:
        rows = GameStat.objects.filter(group_id=self.group_id, kind=self.kind)
        return rows if self.since is None else rows.filter(date__gte=self.since)

    def player_stats(self, player_id: int) -> QuerySet[GameStat]:
        """One player's rows. By player, kind and date alone: a player belongs to one group,
        and the index on those answers without going through the group's other rows (a
        player's count of 7,000 games: 0.3 ms, not 6 by the group's index)."""
        rows = GameStat.objects.filter(player_id=player_id, kind=self.kind)
        return rows if self.since is None else rows.filter(date__gte=self.since)

    def pairs(self) -> QuerySet[PairStat]:
        rows = PairStat.objects.filter(group_id=self.group_id, kind=self.kind)
        return rows if self.since is None else rows.filter(date__gte=self.since)


@dataclass(frozen=True)
class Who:
    """A player as a statistics page names and links them."""

    id: int
    name: str
    code: str


People = dict[int, Who]


def people(group_id: int) -> People:
    """The group's players by id, for naming the figures. One query."""
    rows = Player.objects.filter(group_id=group_id).values_list("id", "name", "code")
    return {id: Who(id, name, code) for id, name, code in rows}


def _rate(part: float, whole: float) -> float | None:
    """Part of whole in percent (None when there is nothing to divide by)."""
    return 100 * part / whole if whole else None


@dataclass(frozen=True)
class Line:
    """One player's figures added up over the selected games."""

    player: Who
    games: int
    wins: float  # a win shared by n counts 1/n
    average_place: float
    bids: int
    bids_made: int
    bid_total: int
    numeric_bids: int
    big_bids: int
    big_made: int
    points_bidder: int
    points_partner: int
    points_opponent: int
    best_hand: int
    worst_hand: int
    first_night: dt.date
    last_night: dt.date
    # The counters of this kind of game (`CardGame.counters`, `highest_counters`).
    counters: Mapping[str, int] = field(default_factory=dict)

    def value(self, name: str) -> Any:
        """A figure by name: a summed field, one worked out from them, or a counter."""
        return self.counters[name] if name in self.counters else getattr(self, name)

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.games)

    @property
    def made_rate(self) -> float | None:
        return _rate(self.bids_made, self.bids)

    @property
    def average_bid(self) -> float | None:
        return self.bid_total / self.numeric_bids if self.numeric_bids else None


_SUMMED = (
    "bids",
    "bids_made",
    "bid_total",
    "numeric_bids",
    "big_bids",
    "big_made",
    "points_bidder",
    "points_partner",
    "points_opponent",
)


def _extra(key: str) -> Cast:
    # A counter that stayed at zero is not in the JSON at all: NULL, which SUM skips.
    return Cast(KT(f"extra__{key}"), IntegerField())


def lines(selection: Selection, people: People, player_id: int | None = None) -> list[Line]:
    """Each player's figures (or one player's), most wins first. One query."""
    rows = selection.stats() if player_id is None else selection.player_stats(player_id)
    card_game = get_game(selection.kind)
    extras: dict[str, Any] = {
        f"c_{key}": Coalesce(Sum(_extra(key)), 0) for key in card_game.counters
    }
    for key in card_game.highest_counters:
        extras[f"c_{key}"] = Coalesce(Max(_extra(key)), 0)
    values = (
        rows.values("player_id")
        .annotate(
            n_games=Count("id"),
            n_wins=Sum("win_share"),
            n_place=Avg("place"),
            n_best=Max("best_hand"),
            n_worst=Min("worst_hand"),
            n_first=Min("date"),
            n_last=Max("date"),
            **{f"n_{name}": Sum(name) for name in _SUMMED},
            **extras,
        )
        .order_by()
    )
    # A player who joined after `people` was read waits for the next page.
    found = [_line(people[row["player_id"]], row) for row in values if row["player_id"] in people]
    # Level on wins and on the share of games won, the better average place goes first.
    return sorted(
        found,
        key=lambda line: (
            -line.wins,
            -(line.win_rate or 0),
            line.average_place if line.average_place is not None else float("inf"),
            line.player.name.lower(),
        ),
    )


def _line(player: Who, row: Mapping[str, Any]) -> Line:
    return Line(
        player=player,
        games=row["n_games"],
        # Thirds of a shared win add up to 0.999...: round away the float noise.
        wins=round(row["n_wins"], 6),
        average_place=row["n_place"],
        best_hand=row["n_best"],
        worst_hand=row["n_worst"],
        first_night=row["n_first"],
        last_night=row["n_last"],
        **{name: row[f"n_{name}"] for name in _SUMMED},
        counters={key[2:]: value for key, value in row.items() if key.startswith("c_")},
    )


@dataclass(frozen=True)
class PairLine:
    """How hands went with this bidder and this partner, added up."""

    bidder: Who
    partner: Who
    hands: int
    made: int
    points: int  # the bidder's

    @property
    def made_rate(self) -> float | None:
        return _rate(self.made, self.hands)


def pair_lines(
    selection: Selection, people: People, player_id: int | None = None
) -> list[PairLine]:
    """Every (bidder, partner) pair's hands (only those with this player, if given). One query."""
    rows = selection.pairs()
    if player_id is not None:
        rows = rows.filter(Q(bidder_id=player_id) | Q(partner_id=player_id))
    values = (
        rows.values("bidder_id", "partner_id")
        .annotate(n_hands=Sum("hands"), n_made=Sum("made"), n_points=Sum("points"))
        .order_by()
    )
    found = [
        PairLine(
            bidder=people[row["bidder_id"]],
            partner=people[row["partner_id"]],
            hands=row["n_hands"],
            made=row["n_made"],
            points=row["n_points"],
        )
        for row in values
        if row["bidder_id"] in people and row["partner_id"] in people
    ]
    return sorted(found, key=lambda p: (p.bidder.name.lower(), p.partner.name.lower()))


@dataclass(frozen=True)
class Matrix:
    """The partner matrix: a row per bidder, a column per partner, a cell per pair."""

    bidders: list[Who]
    partners: list[Who]
    rows: list[tuple[Who, list[PairLine | None]]]


def matrix(pairs: list[PairLine]) -> Matrix:
    def by_name(people: Iterable[Who]) -> list[Who]:
        return sorted(set(people), key=lambda who: who.name.lower())

    bidders = by_name(p.bidder for p in pairs)
    partners = by_name(p.partner for p in pairs)
    cells = {(p.bidder.id, p.partner.id): p for p in pairs}
    rows = [(b, [cells.get((b.id, p.id)) for p in partners]) for b in bidders]
    return Matrix(bidders, partners, rows)


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the selected games they both played."""

    games: int
    first_ahead: int  # games the first player finished in a better place
    second_ahead: int
    first_wins: float
    second_wins: float

    @property
    def level(self) -> int:
        """Games they finished in the same place: partners, or level totals."""
        return self.games - self.first_ahead - self.second_ahead


def head_to_head(selection: Selection, first_id: int, second_id: int) -> HeadToHead:
    """One query: the first player's rows joined to the second player's row of the same game."""
    other = "game__stats__"
    # The aggregates below reuse the join the filter made, so each names the second
    # player's row of the same game (Django reuses a filter's join in later aggregates).
    totals = (
        selection.stats()
        .filter(player_id=first_id, **{f"{other}player_id": second_id})
        .aggregate(
            games=Count("id"),
            first_ahead=Count("id", filter=Q(place__lt=F(f"{other}place"))),
            second_ahead=Count("id", filter=Q(place__gt=F(f"{other}place"))),
            first_wins=Coalesce(Sum("win_share"), 0.0),
            second_wins=Coalesce(Sum(f"{other}win_share"), 0.0),
        )
    )
    return HeadToHead(
        games=totals["games"],
        first_ahead=totals["first_ahead"],
        second_ahead=totals["second_ahead"],
        first_wins=round(totals["first_wins"], 6),
        second_wins=round(totals["second_wins"], 6),
    )


Series = dict[str, list[tuple[dt.date, float]]]


def wins_series(selection: Selection, lines: list[Line], player_id: int | None = None) -> Series:
    """The wins of these players (`lines`) added up night by night: name -> [(date, wins
    so far)], names in alphabetical order (which keeps their colours steady). One query.

    A series has a point on the player's first night (0 if they did not win it), on each
    night that added to their wins, and on their last night, so a line runs to the last
    time they played; the nights between change nothing on a stepped line, so only the
    nights with a win are read (first and last nights come with the lines).
    """
    rows = selection.stats() if player_id is None else selection.player_stats(player_id)
    rows = rows.filter(win_share__gt=0)
    won: dict[int, list[tuple[dt.date, float]]] = defaultdict(list)
    for player, date, wins in (
        rows.values_list("player_id", "date").annotate(n_wins=Sum("win_share")).order_by("date")
    ):
        won[player].append((date, wins))
    series: Series = {}
    for line in sorted(lines, key=lambda line: line.player.name.lower()):
        so_far = 0.0
        points = [(line.first_night, 0.0)]
        for date, wins in won[line.player.id]:
            so_far = round(so_far + wins, 6)
            if date == line.first_night:
                points = []
            points.append((date, so_far))
        if points[-1][0] != line.last_night:
            points.append((line.last_night, so_far))
        series[line.player.name] = points
    return series


def games_of(selection: Selection, player_id: int) -> QuerySet[GameStat]:
    """One player's rows, newest game first, each with its game and seats (for a page)."""
    return (
        selection.player_stats(player_id)
        .select_related("game")
        .prefetch_related("game__seats")
        .order_by("-date", "-game__created_at", "-game_id")
    )
