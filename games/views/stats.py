"""Statistics: the group's figures per player, the partner matrix, head-to-head, and a
page per player. Every figure is added up by the database (`games.stats`), so each page
costs the same few queries whether the group has played ten games or ten thousand."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from games import charts, derived, stats
from games.models import Game, Night, Rating
from games.present.words import say
from games.rules import GAMES, get_game
from games.stats import HeadToHead, Line, Selection, record
from games.views.access import access_for, find_player

GAMES_PER_PAGE = 20
#: A player's latest ratings on their page.
RATINGS_SHOWN = 10

PERIODS = {
    "all": gettext_lazy("All time"),
    "year": gettext_lazy("This year"),
    "12m": gettext_lazy("Last 12 months"),
}


@dataclass(frozen=True)
class FilterLink:
    """One filter link: what it shows, where it goes, and whether it is the one in force."""

    label: str
    query: str
    current: bool


@dataclass(frozen=True)
class Filters:
    kind: str
    period: str
    kinds: list[FilterLink]
    periods: list[FilterLink]

    @property
    def kind_label(self) -> str:
        return say(get_game(self.kind).title)

    @property
    def query(self) -> str:
        """The filters as a query string, for links that keep them (player pages)."""
        return f"kind={self.kind}&period={self.period}"


def _filters(request: HttpRequest, played: QuerySet[Game]) -> Filters:
    """The game type and period asked for; anything else is a page that does not exist.
    Without a type, that of the latest game won among `played`, or else the main game."""
    kind = request.GET.get("kind") or _latest_kind(played)
    period = request.GET.get("period") or stats.PERIODS[0]
    if kind not in GAMES or period not in stats.PERIODS:
        raise Http404

    def link(**change: str) -> str:
        # The other parameters stay (the head-to-head pair); a new filter starts at page 1.
        query = QueryDict(mutable=True)
        query.update({"kind": kind, "period": period, **change})
        for name, values in request.GET.lists():
            if name not in {"kind", "period", "page"}:
                query.setlist(name, values)
        return query.urlencode()

    return Filters(
        kind,
        period,
        kinds=[
            FilterLink(say(card_game.title), link(kind=name), name == kind)
            for name, card_game in GAMES.items()
        ],
        periods=[
            FilterLink(str(label), link(period=value), value == period)
            for value, label in PERIODS.items()
        ],
    )


def _latest_kind(played: QuerySet[Game]) -> str:
    kind = played.filter(winners__isnull=False).values_list("kind", flat=True).first()
    return kind if kind in GAMES else next(iter(GAMES))


def _selection(filters: Filters, group_id: int) -> Selection:
    # Periods are counted in evenings, like nights: a game after midnight is yesterday's.
    today = Night.evening_of(timezone.now())
    return Selection(group_id, filters.kind, stats.period_start(filters.period, today))


def _head_to_head(
    request: HttpRequest, selection: Selection, lines: list[Line]
) -> tuple[HeadToHead | None, str]:
    """The two players asked for (by code) and their figures, or what is wrong with the ask.

    Only players who played in the selection can be chosen, so the lines already name them.
    """
    first, second = request.GET.get("a", ""), request.GET.get("b", "")
    if not first and not second:
        return None, ""
    players = {line.player.code: line.player for line in lines}
    if first not in players or second not in players:
        return None, _("Choose two players who played this game in this period.")
    if first == second:
        return None, _("Choose two different players.")
    return stats.head_to_head(selection, players[first].id, players[second].id), ""


def _chart(series: stats.Series) -> str:
    """Wins over time, when there is some time: one night alone is the table again."""
    nights = {date for points in series.values() for date, _wins in points}
    return charts.wins_over_time(series) if len(nights) > 1 else ""


@require_GET
def group_stats(request: HttpRequest, key: str) -> HttpResponse:
    access = access_for(key)
    filters = _filters(request, access.group.games.all())
    selection = _selection(filters, access.group.pk)
    people = stats.people(access.group.pk)
    lines = stats.lines(selection, people)
    card_game = get_game(selection.kind)
    matrix = None
    if card_game.paired:
        matrix = stats.matrix(stats.pair_lines(selection, people))
    versus, versus_problem = _head_to_head(request, selection, lines)
    players = {line.player.code: line.player for line in lines}
    return render(
        request,
        "games/stats.html",
        {
            "access": access,
            "group": access.group,
            "filters": filters,
            "lines": lines,
            "tables": card_game.figure_tables,
            "matrix": matrix,
            "versus": versus,
            "versus_problem": versus_problem,
            "first": players.get(request.GET.get("a", "")),
            "second": players.get(request.GET.get("b", "")),
            "chart": _chart(stats.wins_series(selection, lines)),
        },
    )


@require_GET
def player_detail(request: HttpRequest, key: str, code: str) -> HttpResponse:
    access = access_for(key)
    player = find_player(access, code)
    filters = _filters(request, access.group.games.filter(seats__player=player))
    selection = _selection(filters, access.group.pk)
    people = stats.people(access.group.pk)
    line = next(iter(stats.lines(selection, people, player.pk)), None)
    card_game = get_game(selection.kind)
    pairs = []
    if card_game.paired:
        pairs = stats.pair_lines(selection, people, player.pk)
    # The player's latest ratings at this game, newest first (the rating is of all time).
    ratings = player.ratings.filter(kind=selection.kind).select_related("game__night")
    rated = list(ratings.order_by("-played_at", "-game_id")[:RATINGS_SHOWN])
    games = Paginator(stats.games_of(selection, player.pk), GAMES_PER_PAGE)
    page = games.get_page(request.GET.get("page"))
    over_time = player.ratings.filter(kind=selection.kind).order_by("played_at", "game_id")
    # Rounded here, as `Skill.shown` rounds (halves to even).
    shown = [round(value) for value in over_time.values_list(Rating.shown_unrounded(), flat=True)]
    return render(
        request,
        "games/player.html",
        {
            "access": access,
            "group": access.group,
            "player": player,
            "filters": filters,
            "line": line,
            "figures": [figure for table in card_game.figure_tables for figure in table.figures],
            "with_partners": [p for p in pairs if p.bidder.id == player.pk],
            "as_partner": [p for p in pairs if p.partner.id == player.pk],
            "page": page,
            "rated": rated,
            # A correction to an earlier game is being rated through (`games.derived`).
            "ratings_behind": derived.behind_on(access.group, selection.kind),
            "chart": _chart(stats.wins_series(selection, [line] if line else [], player.pk)),
            "rating_chart": charts.rating_over_time(shown) if len(shown) > 1 else "",
            "awards": record.player_awards(access.group.pk, player.pk),
            "rival": record.rival(selection, people, player.pk),
            "partner": record.best_partner(selection, people, player.pk, pairs),
            "streak": record.longest_streak(selection, player.pk) if line else 0,
            "penalties": record.penalties_received(selection, player.pk) if line else 0,
            "levels": record.bids_by_level(selection, player.pk),
            # What the levels are: a bid's size, or in Oh Hell the cards in the hand.
            "levels_label": say(card_game.bid_levels_label),
            "levels_title": say(card_game.bid_levels_title),
            # A best partner only where a game has partners: teams, or a bidder's partner.
            "has_partners": card_game.team_game or card_game.paired,
            # A partner called by the bidder (Amerikaner), or one sitting opposite (teams).
            "partner_called": not card_game.team_game,
            "record": record,
        },
    )
