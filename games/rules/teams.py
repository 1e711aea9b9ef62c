"""Two teams of two, partners sitting opposite: shared by the team games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .base import Team, describe
from .text import Names, Param, Text, _, error


def partners(players: Sequence[str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """The two teams four players make, partners sitting opposite: seats 1 and 3 against
    seats 2 and 4."""
    return (players[0], players[2]), (players[1], players[3])


def parse_teams(raw: object, players: tuple[str, ...], game: str) -> tuple[Team, ...]:
    if len(players) != 4:
        raise error(_("%(game)s is for 4 players, not %(count)d"), game=game, count=len(players))
    if raw is None:
        raise error(
            _("%(game)s needs two teams of two, partners sitting opposite"),
            field="teams",
            game=game,
        )
    if not isinstance(raw, Mapping) or len(raw) != 2:
        raise error(_("there must be exactly two teams"), field="teams")
    teams: list[Team] = []
    for raw_name, members in raw.items():
        name = raw_name.strip() if isinstance(raw_name, str) else ""
        if not name:
            raise error(_("each team needs a name"), field="teams")
        if any(team.name == name for team in teams):
            raise error(_("the two teams need different names"), field="teams")
        if not isinstance(members, list) or len(members) != 2:
            raise error(
                _("team %(team)s must list exactly two players, not %(value)s"),
                field="teams",
                team=name,
                value=describe(members),
            )
        names = []
        for member in members:
            if not isinstance(member, str) or member.strip() not in players:
                raise error(
                    _("team %(team)s: %(value)s is not one of the players (%(names)s)"),
                    field="teams",
                    team=name,
                    value=describe(member),
                    names=Names(players),
                )
            names.append(member.strip())
        teams.append(Team(name, (names[0], names[1])))
    seats = [sorted(players.index(m) for m in team.members) for team in teams]
    if sorted(seats) != [[0, 2], [1, 3]]:
        first, second = partners(players)
        raise error(
            _("partners sit opposite: the teams must be %(first)s against %(second)s"),
            field="teams",
            first=Names(first),
            second=Names(second),
        )
    # Teams are kept in seating order: the team of the first player first.
    return tuple(sorted(teams, key=lambda team: min(players.index(m) for m in team.members)))


def higher_of(teams: Sequence[str], totals: Mapping[str, int]) -> str | None:
    """The team with the higher total of these; None when they are level."""
    best = max(totals[team] for team in teams)
    top = [team for team in teams if totals[team] == best]
    return top[0] if len(top) == 1 else None


def fell_text(facts: Mapping[str, Param]) -> Text:
    """ "Them fell to -210, at or below -200: Us win." """
    return Text(_("%(loser)s fell to %(total)d, at or below %(lose_at)d: %(winner)s win."), facts)


def bid_out_text(facts: Mapping[str, Param]) -> Text:
    """ "Us made their bid, reached 500 and win.": reaching the target on the team's own bid, where
    a game asks that (Five Hundred, Kaiser's house rule)."""
    if facts["total"] == facts["target"]:
        return Text(_("%(winner)s made their bid, reached %(target)d and win."), facts)
    return Text(_("%(winner)s made their bid, reached %(target)d with %(total)d and win."), facts)


def bid_out_reason(facts: Mapping[str, Param]) -> Text:
    """ "Bid and reached 500.": under a banner that names the winner."""
    if facts["total"] == facts["target"]:
        return Text(_("Bid and reached %(target)d."), facts)
    return Text(_("Bid and reached %(target)d with %(total)d."), facts)


def fell_reason(facts: Mapping[str, Param]) -> Text:
    """ "Them fell to -210, at or below -200.": under a banner that names the winner."""
    return Text(_("%(loser)s fell to %(total)d, at or below %(lose_at)d."), facts)
