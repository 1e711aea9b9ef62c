"""A player's record over the selected games: their rival, their best partner, their
longest winning streak, their bids by level, and their awards.

Like `sums`, each function is one query whatever the number of games: the database
adds up the per-game rows (`GameStat`, `PairStat`, `Rating`, `BidStat`, `Award`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from django.db.models import Count, F, Q, QuerySet, Sum, Window
from django.db.models.functions import RowNumber

from games.models import Award, BidStat, Hand, Rating
from games.rules import Text, all_awards, get_game
from games.rules.awards import AwardRule
from games.rules.base import ADJUSTMENT
from games.stats.sums import PairLine, People, Selection, Who, _rate

#: Games together before one player can be another's rival, and hands (games in a team
#: game) together before a partner can be the best: fewer says more about luck.
RIVAL_GAMES = 3
PARTNER_HANDS = 5
PARTNER_GAMES = 3


@dataclass(frozen=True)
class Rival:
    """The player this one loses to most often: finished behind them in `lost` of `games`."""

    player: Who
    games: int
    lost: int


def rival(selection: Selection, people: People, player_id: int) -> Rival | None:
    """Among those with `RIVAL_GAMES` games together at least, the one this player finished
    behind most often; on a tie the higher share of those games, then the name. None
    when nobody has beaten them often enough together to say."""
    other = "game__stats__"
    rows = (
        selection.player_stats(player_id)
        .values(f"{other}player_id")
        .annotate(games=Count("id"), lost=Count("id", filter=Q(place__gt=F(f"{other}place"))))
        .filter(games__gte=RIVAL_GAMES, lost__gt=0)
        .order_by()
    )
    found = [
        Rival(people[row[f"{other}player_id"]], row["games"], row["lost"])
        for row in rows
        if row[f"{other}player_id"] != player_id and row[f"{other}player_id"] in people
    ]
    found.sort(key=lambda r: (-r.lost, -r.lost / r.games, r.player.name.lower()))
    return found[0] if found else None


@dataclass(frozen=True)
class Partner:
    """A partner and how it went together: `made` of `together` (bids made together in a
    bidding game, games won together in a team game)."""

    player: Who
    together: int
    made: int
    bids: bool  # True: counted in bids (a bidding side), False: in games (a team)

    @property
    def rate(self) -> float | None:
        return _rate(self.made, self.together)


def best_partner(
    selection: Selection, people: People, player_id: int, pairs: Sequence[PairLine] = ()
) -> Partner | None:
    """The partner with whom things went best: a team game's teammate with the most games
    won together (by share), `PARTNER_GAMES` at least; otherwise the bidding side (this
    player bidding or called: `pairs`, the player's `pair_lines`) with the most bids made
    together (by share), `PARTNER_HANDS` at least. Ties: more together, then the name.
    One query in a team game, none otherwise."""
    found: list[Partner] = []
    if get_game(selection.kind).team_game:
        mine = Rating.objects.filter(
            group_id=selection.group_id, kind=selection.kind, player_id=player_id
        )
        if selection.since is not None:
            mine = mine.filter(game__night__date__gte=selection.since)
        teams = (
            mine.filter(game__ratings__side=F("side"))
            .values("game__ratings__player_id")
            .annotate(together=Count("id"), won=Count("id", filter=Q(place=1)))
            .order_by()
        )
        found = [
            Partner(people[row["game__ratings__player_id"]], row["together"], row["won"], False)
            for row in teams
            if row["game__ratings__player_id"] != player_id
            and row["game__ratings__player_id"] in people
            and row["together"] >= PARTNER_GAMES
        ]
    else:
        sides: dict[int, tuple[Who, int, int]] = {}
        for pair in pairs:
            mate = pair.partner if pair.bidder.id == player_id else pair.bidder
            _who, hands, made = sides.get(mate.id, (mate, 0, 0))
            sides[mate.id] = (mate, hands + pair.hands, made + pair.made)
        found = [
            Partner(mate, hands, made, True)
            for mate, hands, made in sides.values()
            if hands >= PARTNER_HANDS
        ]
    found.sort(key=lambda p: (-p.made / p.together, -p.together, p.player.name.lower()))
    return found[0] if found else None


def penalties_received(selection: Selection, player_id: int) -> int:
    """The adjustments that went against this player (or their team) in the selected
    games: one that took points from their side (spec "Adjustments"; added them where the
    lowest total wins), or gave every other side more than theirs ("N to each other
    side"). Points given to one side alone go against nobody where three sides or more
    play; where two play, the other side came out worse, and it counts (a penalty given as
    N to the other side reads the same). One query: those games' adjustments, a row for
    every seat of the game, with its kind, rules and teams."""
    games = selection.player_stats(player_id).values("game_id")
    seat, game = ("game__seats__player_id", "game__seats__name"), ("game__kind", "game__rules")
    rows = (
        Hand.objects.filter(game_id__in=games, data__has_key=ADJUSTMENT)
        .values_list("pk", *seat, "data", *game, "game__teams")
        .order_by("pk")
    )
    count = 0
    for _hand, seat_rows in groupby(rows, key=itemgetter(0)):
        seated = list(seat_rows)
        seats = {player: name for _pk, player, name, *_rest in seated}
        data, kind, rules, teams = seated[0][3:]
        sides = list(teams) if teams else list(seats.values())
        mine = next((t for t, members in (teams or {}).items() if seats[player_id] in members), "")
        side = mine or seats[player_id]
        against = -1 if get_game(kind).low_wins(rules or {}) else 1
        given = {str(key).strip(): points * against for key, points in data[ADJUSTMENT].items()}
        others = [given.get(other, 0) for other in sides if other != side]
        count += given.get(side, 0) < 0 or given.get(side, 0) < min(others, default=0)
    return count


def longest_streak(selection: Selection, player_id: int) -> int:
    """The most games in a row this player won (a shared win counts), in the order the
    games were played."""
    won = (
        selection.player_stats(player_id)
        .order_by("date", "game__created_at", "game_id")
        .values_list("win_share", flat=True)
    )
    best = run = 0
    for share in won:
        run = run + 1 if share > 0 else 0
        best = max(best, run)
    return best


@dataclass(frozen=True)
class Level:
    """A player's bids of one level: how many, the share made, the average points."""

    key: str
    label: Text
    bids: int
    made: int
    points: int

    @property
    def made_rate(self) -> float | None:
        return _rate(self.made, self.bids)

    @property
    def average_points(self) -> float:
        return self.points / self.bids


def bids_by_level(selection: Selection, player_id: int) -> list[Level]:
    """This player's bids per level, in the order the game lists its levels."""
    # A player belongs to one group: by player alone, the covering index answers.
    rows = BidStat.objects.filter(kind=selection.kind, player_id=player_id)
    if selection.since is not None:
        rows = rows.filter(date__gte=selection.since)
    sums = {
        row["level"]: row
        for row in rows.values("level")
        .annotate(n_bids=Sum("bids"), n_made=Sum("made"), n_points=Sum("points"))
        .order_by()
    }
    return [
        Level(key, label, sums[key]["n_bids"], sums[key]["n_made"], sums[key]["n_points"])
        for key, label in get_game(selection.kind).bid_levels
        if key in sums
    ]


@dataclass(frozen=True)
class Earned:
    """One award earned: which, by whom, in which game and on which evening."""

    award: AwardRule
    player: Who
    date: dt.date
    game_code: str
    kind: str
    times: int = 1  # a player's page: how often the player earned it (this is the latest)


def awards_of(rows: QuerySet[Award]) -> list[Earned]:
    """Award rows (a queryset of `Award`, in the order to show) as `Earned`, for a page.
    One query."""
    rules = {award.id: award for award in all_awards()}
    return [
        Earned(rules[award], Who(player, name, code), date, game, kind)
        for award, player, name, code, date, game, kind in rows.values_list(
            "award", "player_id", "player__name", "player__code", "date", "game__code", "kind"
        )
        if award in rules
    ]


def player_awards(group_id: int, player_id: int) -> list[Earned]:
    """A player's awards in the group, every kind of game: each award once, as they last
    earned it, with how often they earned it; the latest first. One query, one row per
    award whatever the number of games (the database counts and picks the latest)."""
    newest = [F("date").desc(), F("played_at").desc(), F("game_id").desc()]
    rows = (
        Award.objects.filter(group_id=group_id, player_id=player_id)
        .annotate(
            times=Window(Count("id"), partition_by=[F("award")]),
            rank=Window(RowNumber(), partition_by=[F("award")], order_by=newest),
        )
        .filter(rank=1)
        .order_by("-date", "-played_at", "award")
    )
    rules = {award.id: award for award in all_awards()}
    return [
        Earned(rules[award], Who(player, name, code), date, game, kind, times)
        for award, player, name, code, date, game, kind, times in rows.values_list(
            "award",
            "player_id",
            "player__name",
            "player__code",
            "date",
            "game__code",
            "kind",
            "times",
        )
        if award in rules
    ]


def latest_awards(group_id: int, count: int) -> list[Earned]:
    """The group's latest awards, newest first. One query."""
    rows = Award.objects.filter(group_id=group_id).order_by("-date", "-played_at", "award")
    return awards_of(rows[:count])


def game_awards(game_ids: list[int]) -> dict[str, list[Earned]]:
    """The awards earned in these games, by game code. One query."""
    found: dict[str, list[Earned]] = {}
    rows = Award.objects.filter(game_id__in=game_ids).order_by("played_at", "award", "player__name")
    for one in awards_of(rows):
        found.setdefault(one.game_code, []).append(one)
    return found
