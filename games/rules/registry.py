"""The games the engine knows, and setting up a table for one of them.

The order of `GAMES` is the order the site offers them in: the first is the group's
main game (the big "New game" button, the statistics shown first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .american import American
from .amerikaner import Amerikaner
from .awards import COMEBACK, SHARED, AwardRule, comeback
from .base import CardGame, GameResult, Table, as_int, describe
from .euchre import Euchre
from .five_hundred import FiveHundred
from .kaiser import Kaiser
from .limits import check_hand_count, check_name, check_number, check_rules
from .oh_hell import OhHell
from .points import Points
from .spades import Spades
from .text import Names, _, error

# Each game's methods are typed with its own rules and hands; in the registry each is
# "some card game", given back only the tables it set up and the hands it parsed.
AnyCardGame = CardGame[object, object]

GAMES: dict[str, AnyCardGame] = {
    game.name: game
    for game in (
        Amerikaner(),
        Euchre(),
        Kaiser(),
        American(),
        Spades(),
        FiveHundred(),
        OhHell(),
        Points(),
    )
}


def get_game(name: object) -> AnyCardGame:
    if not isinstance(name, str) or name not in GAMES:
        raise error(
            _("unknown game %(game)s: the games are %(names)s"),
            field="game",
            game=describe(name),
            names=Names(tuple(GAMES)),
        )
    return GAMES[name]


def make_table(
    game: object,
    players: object,
    rules: object = None,
    teams: object = None,
    start: object = None,
) -> Table[object]:
    """Check who sits where and which rules are in force; the same checks for files and forms."""
    card_game = get_game(game)
    names = _read_players(players)
    if rules is None:
        rules = {}
    if not isinstance(rules, Mapping):
        raise error(_("the rules must be an object of house rules"), field="rules")
    check_rules(rules)
    parsed_rules = card_game.parse_rules(rules, names)
    if teams is not None and not (card_game.team_game or card_game.optional_teams):
        raise error(
            _("teams are only for %(games)s"),
            field="teams",
            games=Names(
                tuple(name for name, game in GAMES.items() if game.team_game or game.optional_teams)
            ),
        )
    parsed_teams = card_game.parse_teams(teams, names)
    for team in parsed_teams:
        check_name(team.name, team=True)
    table = Table(card_game.name, names, parsed_rules, parsed_teams)
    return Table(table.game, names, parsed_rules, parsed_teams, _read_start(start, table.sides))


def play(
    table: Table[object], hands: Sequence[Mapping[str, Any]], known: GameResult | None = None
) -> GameResult:
    """These hands checked and scored at this table (see `CardGame.play`; `known`, the
    result of the first of them, is gone on from)."""
    check_hand_count(hands)
    return GAMES[table.game].play(table, hands, known)


def _read_players(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw:
        raise error(_("players must be a list of names in seating order"), field="players")
    names: list[str] = []
    for value in raw:
        name = value.strip() if isinstance(value, str) else ""
        if not name:
            raise error(
                _("every player needs a name, not %(value)s"),
                field="players",
                value=describe(value),
            )
        if name in names:
            raise error(_("two players are called %(name)s"), field="players", name=name)
        check_name(name)
        names.append(name)
    return tuple(names)


def _read_start(raw: object, sides: tuple[str, ...]) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise error(_("start must be an object of totals before the first hand"), field="start")
    start: dict[str, int] = {}
    for key, value in raw.items():
        name = key.strip() if isinstance(key, str) else ""
        if name not in sides:
            raise error(
                _("start: %(name)s is not one of %(names)s"),
                field="start",
                name=describe(key),
                names=Names(sides),
            )
        start[name] = as_int(value, name, "start")
        check_number(start[name], name, "start")
    return start


def all_awards() -> list[AwardRule]:
    """Every award: the shared ones, then each game's own, in the order of `GAMES`."""
    return [*SHARED, *(award for game in GAMES.values() for award in game.awards)]


def awards_earned(table: Table[object], result: GameResult) -> list[tuple[str, str]]:
    """The awards earned within one finished game: (award id, player) pairs, the game's
    own and the shared comeback."""
    card_game = get_game(table.game)
    standing = card_game.standing(table, result)
    # Where the lowest total wins, the last place is the lead: no comeback from it.
    target = None if standing.low_wins else standing.target
    totals = [scored.totals for scored in result.hands]
    back = comeback(table.sides, totals, result.winners, target)
    return [
        *card_game.earned(table, result.played()),
        *((COMEBACK.id, player) for player in table.players if table.side_of(player) in back),
    ]
