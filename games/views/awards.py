"""The group's awards: each award with its rule, who holds it and since when, and how far
the others are from it. A few queries whatever the number of games: the holders are
added up by the database, how far the others are reads this season's rows and each game's
summed tries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games import stats
from games.models import Award, Night
from games.rules import GAMES, Text, all_awards
from games.rules import awards as award_rules
from games.rules.awards import AwardRule
from games.stats.sums import Who
from games.views.access import access_for


@dataclass(frozen=True)
class Holder:
    player: Who
    times: int
    last: dt.date


@dataclass(frozen=True)
class AwardLine:
    """One award on the page: its holders (most recent first) and the others' progress."""

    award: AwardRule
    holders: list[Holder]
    others: list[tuple[Who, Text]]


@require_GET
def awards(request: HttpRequest, key: str) -> HttpResponse:
    access = access_for(key)
    group = access.group.pk
    people = stats.people(group)
    held: dict[str, list[Holder]] = {}
    for row in (
        Award.objects.filter(group_id=group)
        .values("award", "player_id")
        .annotate(times=Count("id"), last=Max("date"))
        .order_by("-last", "player_id")
    ):
        if row["player_id"] in people:
            held.setdefault(row["award"], []).append(
                Holder(people[row["player_id"]], row["times"], row["last"])
            )
    season = Night.evening_of(timezone.now()).year
    standings, _games = Award.objects.standings(group, season)
    this_season = {(one.award, one.player) for one in standings.earned}
    # Each game's summed tries, for how far the others are from its awards.
    tries: dict[str, dict[int, int]] = {}
    for name, card_game in GAMES.items():
        figures = {award.tries for award in card_game.awards if award.tries}
        if figures:
            lines = stats.lines(stats.Selection(group, name), people)
            for figure in figures:
                tries[f"{name}.{figure}"] = {line.player.id: line.value(figure) for line in lines}
    kinds = {award.id: name for name, game in GAMES.items() for award in game.awards}
    found = []
    for award in all_awards():
        holders = held.get(award.id, [])
        others: list[tuple[Who, Text]] = []
        if award in award_rules.SEASON:
            for player in sorted(standings.games, key=lambda p: -standings.games[p]):
                far = award_rules.how_far(award.id, standings, player)
                if (award.id, player) not in this_season and far and player in people:
                    others.append((people[player], far))
        elif award.tries:
            holding = {holder.player.id for holder in holders}
            counted = tries.get(f"{kinds[award.id]}.{award.tries}", {})
            for player, count in sorted(counted.items(), key=lambda item: -item[1]):
                if count and player not in holding:
                    others.append((people[player], award_rules.tries_text(count)))
        found.append(AwardLine(award, holders, others))
    return render(
        request,
        "games/awards.html",
        {"access": access, "group": access.group, "lines": found, "season": season},
    )
