"""Awards: named feats a player earns in a group, each with its rule in one line.

Two sorts. Some are earned within one game: each game declares its own (`CardGame.awards`,
found by `CardGame.earned`, e.g. a made Amerikaner), and one is shared by every game with a
target (`COMEBACK`: winning from last place at half the target, `comeback`). The others
read a season of the group's games, every kind together (`season_awards`): three wins in a
row, every game of a night won, most games in the season. A season is a calendar year of
evenings; its awards are worked out again from its games whenever one of them changes.

Arithmetic only: who earned what, and how far the others are (`Standings`); the sentences
are `Text`s rendered by whoever shows them.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .text import Text, _, ngettext_lazy

P = TypeVar("P", bound=Hashable)
G = TypeVar("G", bound=Hashable)

#: Wins in a row for `STREAK`; games in one evening for `SWEEP`.
STREAK_LENGTH = 3
SWEEP_GAMES = 3
#: Games a season asks of its regulars: the first game of the year makes nobody one.
REGULAR_GAMES = 10


@dataclass(frozen=True)
class AwardRule:
    """An award: its name and its rule in one line. `tries` names the statistics figure
    that counts a player's attempts at it (a game's award), for how far the others are."""

    id: str
    name: Text
    rule: Text
    tries: str | None = None


COMEBACK = AwardRule(
    "comeback",
    Text(_("Comeback")),
    Text(_("Win a game from last place when the leader had reached half the target.")),
)
STREAK = AwardRule(
    "streak",
    Text(_("Hat trick")),
    Text(_("Win three games in a row in one season (a shared win counts).")),
)
SWEEP = AwardRule(
    "sweep",
    Text(_("Clean sweep")),
    Text(_("Win every game you played in one evening, three games at least.")),
)
MOST_GAMES = AwardRule(
    "most_games",
    Text(_("Regular")),
    Text(_("Play the most games in a season, ten at least (earned when last taking the lead).")),
)
#: The awards every game shares, in the order pages list them.
SHARED = (COMEBACK, STREAK, SWEEP, MOST_GAMES)
#: Those read from a season's games rather than one game.
SEASON = (STREAK, SWEEP, MOST_GAMES)


def comeback(
    sides: Sequence[str],
    totals_after: Sequence[Mapping[str, int]],
    winners: Sequence[str],
    target: int | None,
) -> list[str]:
    """The winning sides that were last, alone, after the first hand on which any side
    reached half the target (`totals_after`: the totals after each hand, in order)."""
    if target is None or not winners or len(sides) < 2:
        return []
    half = target / 2
    for totals in totals_after:
        if max(totals[side] for side in sides) >= half:
            lowest = min(totals[side] for side in sides)
            last = [side for side in sides if totals[side] == lowest]
            return [side for side in winners if last == [side]]
    return []


@dataclass(frozen=True)
class SeasonGame(Generic[G, P]):
    """One finished game of a season, in the order the games were played: its evening
    and, for each of its players, whether they won it (alone or shared)."""

    game: G
    evening: dt.date
    won: Mapping[P, bool]


@dataclass(frozen=True)
class Awarded(Generic[G, P]):
    game: G
    player: P
    award: str


@dataclass(frozen=True)
class Standings(Generic[G, P]):
    """A season's awards and where everyone stands at its end (or now)."""

    earned: list[Awarded[G, P]]
    run: Mapping[P, int]  # wins in a row at the end
    best_evening: Mapping[P, int]  # most games won in an evening without a loss
    games: Mapping[P, int]  # games played


def season_awards(played: Sequence[SeasonGame[G, P]]) -> Standings[G, P]:
    """The season awards of these games (one season's, in the order they were played)."""
    earned: list[Awarded[G, P]] = []
    run: dict[P, int] = defaultdict(int)
    games: dict[P, int] = defaultdict(int)
    lead_since: dict[P, G] = {}
    evenings: dict[tuple[dt.date, P], list[tuple[G, bool]]] = defaultdict(list)
    for game in played:
        for player, won in game.won.items():
            run[player] = run[player] + 1 if won else 0
            if run[player] == STREAK_LENGTH:
                earned.append(Awarded(game.game, player, STREAK.id))
            evenings[(game.evening, player)].append((game.game, won))
        leaders_before = _regulars(games)
        for player in game.won:
            games[player] += 1
        for player in _regulars(games) - leaders_before:
            lead_since[player] = game.game
    best_evening: dict[P, int] = defaultdict(int)
    for (_evening, player), results in evenings.items():
        if all(won for _game, won in results):
            best_evening[player] = max(best_evening[player], len(results))
            if len(results) >= SWEEP_GAMES:
                earned.append(Awarded(results[-1][0], player, SWEEP.id))
    earned.extend(Awarded(lead_since[player], player, MOST_GAMES.id) for player in _regulars(games))
    return Standings(earned, dict(run), dict(best_evening), dict(games))


def _regulars(games: Mapping[P, int]) -> set[P]:
    """Those level at the top of the games played, once the top has played enough."""
    most = max(games.values(), default=0)
    if most < REGULAR_GAMES:
        return set()
    return {player for player, count in games.items() if count == most}


def how_far(award: str, standings: Standings[G, P], player: P) -> Text | None:
    """How far a player is from a season award this season (None: nothing to say)."""
    if award == STREAK.id:
        run = standings.run.get(player, 0)
        return ngettext_lazy(
            "%(count)d win in a row now, %(left)d to go.",
            "%(count)d wins in a row now, %(left)d to go.",
            run,
            left=max(STREAK_LENGTH - run, 0),
        )
    if award == SWEEP.id:
        best = standings.best_evening.get(player, 0)
        if not best:
            return None
        return ngettext_lazy(
            "Best evening: %(count)d game won without a loss.",
            "Best evening: %(count)d games won without a loss.",
            best,
        )
    most = max(standings.games.values(), default=0)
    played = standings.games.get(player, 0)
    if most < REGULAR_GAMES:
        return ngettext_lazy(
            "%(count)d game played, %(left)d to go.",
            "%(count)d games played, %(left)d to go.",
            played,
            left=REGULAR_GAMES - played,
        )
    behind = most - played
    return ngettext_lazy(
        "%(count)d game behind the leader.", "%(count)d games behind the leader.", behind
    )


def tries_text(tries: int) -> Text:
    """How far a player is from a game's award: how often they tried."""
    return ngettext_lazy(
        "Tried %(count)d time, not made yet.", "Tried %(count)d times, not made yet.", tries
    )
