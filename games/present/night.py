"""The nights as the pages show them: a list's games by their kept winners (the group
page), and a night's games scored with its standings and its summary in words (the
night page and its picture)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _

from games.derived import places
from games.forms import NightForm
from games.models import Game, Hand, Night, Seat
from games.present.game import rating_changes
from games.rules import GameResult, Table, get_game
from games.rules.base import ADJUSTMENT
from games.rules.text import join_names
from games.stats.record import game_awards

if TYPE_CHECKING:
    from games.views.access import Access


@dataclass(frozen=True)
class ListedGame:
    """One game as a list of games shows it: who won, or how far it got."""

    game: Game
    table: Table[object] | None
    result: GameResult | None  # None: a stored hand the engine refuses (needs a correction)
    target: int | None

    @property
    def in_play(self) -> bool:
        return not self.abandoned and (self.result is None or not self.result.finished)

    @property
    def abandoned(self) -> bool:
        return self.game.abandoned_at is not None


def played(game: Game) -> ListedGame:
    """Score a game whose seats and hands were prefetched."""
    result = game.state().result_or_none()
    if result is None:  # a stored hand the engine refuses must not take a whole page down
        return ListedGame(game, None, None, None)
    table = game.table()
    return ListedGame(game, table, result, get_game(game.kind).standing(table, result).target)


@dataclass(frozen=True)
class Listed:
    """A game as the group page lists it: from its cached winners and a count of its hands,
    so that a page of nights replays no hand (see `Game.winners`)."""

    game: Game

    @property
    def in_play(self) -> bool:
        return self.game.winners is None and not self.abandoned

    @property
    def abandoned(self) -> bool:
        return self.game.abandoned_at is not None

    @property
    def winners(self) -> list[str]:
        return self.game.winners or []

    @property
    def hand_count(self) -> int:
        count: int = getattr(self.game, "hand_count", 0)
        return count


@dataclass(frozen=True)
class NightRow:
    """A night as the group page lists it: its date in words and its games."""

    night: Night
    date: str
    games: list[Listed]

    @classmethod
    def of(cls, night: Night) -> NightRow:
        return cls(night, night_date(night.date), [Listed(game) for game in night.games.all()])


def in_play_on(rows: Iterable[NightRow]) -> list[Listed]:
    """The games of these nights still being played, newest first."""
    games = [game for row in rows for game in row.games if game.in_play]
    return sorted(games, key=lambda p: (p.game.created_at, p.game.pk), reverse=True)


def on_a_night() -> Q:
    """The games a night lists: all but those given up before a hand was entered (a game
    started by mistake, or replaced by another kind before anyone dealt); the history
    still says they were started and given up."""
    return Q(abandoned_at=None) | Q(Exists(Hand.objects.filter(game=OuterRef("pk"))))


def listed_games() -> QuerySet[Game]:
    """Games as lists show them: seats in order and the number of hands played (no hands;
    an adjustment is no hand played, nor is a redeal, as the big screen counts them)."""
    seats = Prefetch("seats", queryset=Seat.objects.order_by("position"))
    played = Count("hands", filter=~Q(hands__data__has_key=ADJUSTMENT)) - Count(
        "hands", filter=Q(hands__data__redeal=True)
    )
    return (
        Game.objects.filter(on_a_night())
        .annotate(hand_count=played)
        .prefetch_related(seats)
        .order_by("created_at", "id")
    )


def games_with_hands(order: Iterable[str]) -> QuerySet[Game]:
    """Games with what scoring them needs: seats in order and hands (two more queries)."""
    seats = Prefetch("seats", queryset=Seat.objects.order_by("position"))
    return Game.objects.filter(on_a_night()).prefetch_related(seats, "hands").order_by(*order)


@dataclass(frozen=True)
class Cell:
    """One player's final (or current) total in one game of the night."""

    total: int | None  # None: the game needs a correction
    won: bool


@dataclass
class NightStanding:
    """One player's evening: games won (a win shared by n counts 1/n) and each total."""

    name: str
    won: float = 0.0
    cells: list[Cell | None] = field(default_factory=list)  # None: not at that table
    places: list[int] = field(default_factory=list)  # in the games won, level totals sharing

    @property
    def average_place(self) -> float:
        """Over the games it counts; none finished: after every player who has one."""
        return sum(self.places) / len(self.places) if self.places else float("inf")

    @property
    def wins(self) -> str:
        return wins_text(self.won)


def wins_text(value: float) -> str:
    """Games won as a score sheet writes them: 2, 1½ (a win shared by two), 0,33."""
    whole, part = divmod(round(value * 6), 6)  # halves and thirds come out exactly
    if part == 0:
        return str(whole)
    if part == 3:
        return f"{whole or ''}½"
    return number_format(value, 2)


def counted(row: ListedGame) -> bool:
    """A game that decides something for the evening: won, and not abandoned."""
    return not row.abandoned and row.result is not None and row.result.finished


def in_standings(rows: list[ListedGame]) -> list[tuple[int, ListedGame]]:
    """The night's games that its standings count, each with its number in the night: an
    abandoned game is out of them (and out of its picture)."""
    return [(number, row) for number, row in enumerate(rows, 1) if not row.abandoned]


def standings(rows: list[ListedGame]) -> list[NightStanding]:
    """The night's players, most games won first (then the better average place), each
    with a cell per game it counts."""
    players: dict[int, NightStanding] = {}
    rows = [row for _number, row in in_standings(rows)]
    for index, row in enumerate(rows):
        members = {team.name: team.members for team in row.table.teams} if row.table else {}
        side_of = {name: side for side, names in members.items() for name in names}
        won_by = row.result if counted(row) else None
        placed = places(row.table, won_by) if won_by and row.table else {}
        for seat in row.game.seats.all():
            standing = players.setdefault(seat.player_id, NightStanding(seat.name))
            standing.cells += [None] * (index - len(standing.cells))
            side = side_of.get(seat.name, seat.name)
            if row.result is None:
                standing.cells.append(Cell(None, False))
                continue
            won = counted(row) and side in row.result.winners
            if won:
                standing.won += 1 / len(row.result.winners)
            if side in placed:
                standing.places.append(placed[side])
            standing.cells.append(Cell(row.result.totals[side], won))
    for standing in players.values():
        standing.cells += [None] * (len(rows) - len(standing.cells))
    # Most games won; of as many, the better average place (as the statistics place them).
    return sorted(players.values(), key=lambda s: (-s.won, s.average_place))


def evening_in_words(rows: list[ListedGame], table: list[NightStanding]) -> str:
    """One line for the evening: who won most of the games that were won.

    Several players lead together when they won the same number: partners whose team
    won, or players who shared wins. Wins add up in sixths (halves and thirds). While
    another game of the night is in play, or was given up, the games won are those
    finished, not all those played."""
    count = sum(1 for row in rows if counted(row))
    if not count:
        return _("No game was won yet this evening.")
    every = count == len(rows)
    best = table[0].won
    sixths = round(best * 6)
    leaders = [s.name for s in table if s.won == best]
    values = {"won": wins_text(best), "count": count, "names": join_names(leaders, _)}
    if count == 1 and sixths < 6:
        # The only game won ended in a win shared by the leaders.
        if every:
            return _("%(names)s shared the win in the only game played.") % values
        return _("%(names)s shared the win in the only game finished.") % values
    if count == 1:
        # The only game won: its winner, or a team's partners, won it.
        if every:
            return _("%(names)s won the only game played.") % values
        return _("%(names)s won the only game finished.") % values
    # From here on there are several games (so "games" is always plural).
    if len(leaders) == 1 and every and sixths == count * 6:
        # Every game: "both", "all 3".
        if count == 2:
            return _("%(names)s won both games.") % values
        return _("%(names)s won all %(count)d games.") % values
    if len(leaders) == 1:
        if every:
            return _("%(names)s won %(won)s of %(count)d games.") % values
        return _("%(names)s won %(won)s of the %(count)d games finished.") % values
    # Several leaders, each with the same number won: one whole game, or any other share
    # ("each won ½ of the 2 games played", never "½ games").
    if sixths == 6:
        if every:
            return _("%(names)s won one game each of the %(count)d played.") % values
        return _("%(names)s won one game each of the %(count)d finished.") % values
    if every:
        return _("%(names)s each won %(won)s of the %(count)d games played.") % values
    return _("%(names)s each won %(won)s of the %(count)d games finished.") % values


def night_date(date: dt.date) -> str:
    """The evening's weekday and date, as the reader's language writes them."""
    return _("%(weekday)s, %(date)s") % {
        "weekday": date_format(date, "l"),
        "date": date_format(date, "DATE_FORMAT"),
    }


def night_context(access: Access, night: Night, form: NightForm | None) -> dict[str, Any]:
    rows = [played(game) for game in night.games.all()]
    table = standings(rows)
    cards = [(row, rating_changes(row.game)) for row in rows]
    return {
        "access": access,
        "night": night,
        "date": night_date(night.date),
        "rows": rows,
        # Each game with how it moved its players' ratings (nothing for a game not rated),
        # and what a rating means, said once under them.
        "cards": cards,
        # The awards earned in the night's games, by game code.
        "awards": game_awards([row.game.pk for row in rows]),
        "rated": any(changes for _row, changes in cards),
        "standings": table,
        "columns": in_standings(rows),
        "summary": evening_in_words(rows, table) if rows else "",
        "form": form,
    }
