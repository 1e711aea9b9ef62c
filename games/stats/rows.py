"""Writing the statistics rows: each finished game's figures per player.

Figures are derived from the hands by the rules engine, like everything else; they are
stored only because statistics read thousands of games at once. `refresh` rewrites one
game's rows and runs inside the transaction of every change to that game, so the rows
can never disagree with the hands; `rebuild` writes them all afresh.

Only finished games count: a game still being played has no places or winners yet.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from games.models import Game, GameStat, Night, PairStat
from games.rules import GameResult, RuleError, Table
from games.rules.american import Win
from games.rules.amerikaner import Bid
from games.rules.euchre import Play as EuchrePlay
from games.rules.kaiser import KaiserBid
from games.rules.kaiser import Play as KaiserPlay


@dataclass
class Figures:
    """One player's figures from one game, before they become a `GameStat` row."""

    bids: int = 0
    bids_made: int = 0
    bid_total: int = 0
    numeric_bids: int = 0
    big_bids: int = 0
    big_made: int = 0
    points_bidder: int = 0
    points_partner: int = 0
    points_opponent: int = 0
    best_hand: int | None = None
    worst_hand: int | None = None
    extra: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def hand(self, points: int, role: str) -> None:
        setattr(self, f"points_{role}", getattr(self, f"points_{role}") + points)
        self.best_hand = points if self.best_hand is None else max(self.best_hand, points)
        self.worst_hand = points if self.worst_hand is None else min(self.worst_hand, points)

    def bid(self, made: bool, number: int | None, big: bool) -> None:
        self.bids += 1
        self.bids_made += made
        if number is not None:
            self.bid_total += number
            self.numeric_bids += 1
        if big:
            self.big_bids += 1
            self.big_made += made


@dataclass
class Pair:
    hands: int = 0
    made: int = 0
    points: int = 0


def refresh(game: Game) -> None:
    """Rewrite this game's statistics rows and cached winners from its hands (no rows
    while it is not finished, or while it is abandoned)."""
    GameStat.objects.filter(game=game).delete()
    PairStat.objects.filter(game=game).delete()
    game = Game.objects.select_related("night").prefetch_related("seats", "hands").get(pk=game.pk)
    try:
        result = game.result()
    except RuleError:
        # A game whose hands the rules no longer accept shows "needs a correction" and
        # has no figures until it is corrected; it must not stop `rebuild` for the rest.
        result = None
    if game.abandoned_at is not None:
        result = None  # given up: no winner, and out of the statistics until taken up
    winners = list(result.winners) if result is not None and result.finished else None
    if winners != game.winners:
        Game.objects.filter(pk=game.pk).update(winners=winners)
    if result is None or not result.finished:
        return
    stats, pairs = rows_for(game, game.table(), result)
    GameStat.objects.bulk_create(stats)
    PairStat.objects.bulk_create(pairs)


def rebuild(games: Iterable[Game] | None = None) -> int:
    """Rewrite the rows of these games (all games when None); returns how many were read."""
    count = 0
    queryset = games if games is not None else Game.objects.order_by("pk").iterator(chunk_size=500)
    for game in queryset:
        # Locked like any change, so a hand saved meanwhile waits instead of racing it.
        with transaction.atomic():
            refresh(Game.objects.select_for_update().get(pk=game.pk))
        count += 1
    return count


def rows_for(
    game: Game, table: Table[Any], result: GameResult
) -> tuple[list[GameStat], list[PairStat]]:
    players = {seat.name: seat.player_id for seat in game.seats.all()}
    when = game.night.date if game.night else Night.evening_of(game.created_at)
    figures = {name: Figures() for name in table.players}
    pairs: dict[tuple[str, str], Pair] = defaultdict(Pair)
    collect = COLLECTORS[game.kind]
    for scored in result.hands:
        collect(table, scored.hand, scored.points, scored.made, figures, pairs)
    places = _places(table.sides, result)
    side_of = {p: (table.team_of(p) if table.teams else p) for p in table.players}
    stats = [
        GameStat(
            game=game,
            player_id=players[name],
            group_id=game.group_id,
            kind=game.kind,
            date=when,
            place=places[side_of[name]],
            win_share=1 / len(result.winners) if side_of[name] in result.winners else 0.0,
            total=result.totals[side_of[name]],
            hands=len(result.hands),
            bids=f.bids,
            bids_made=f.bids_made,
            bid_total=f.bid_total,
            numeric_bids=f.numeric_bids,
            big_bids=f.big_bids,
            big_made=f.big_made,
            points_bidder=f.points_bidder,
            points_partner=f.points_partner,
            points_opponent=f.points_opponent,
            best_hand=f.best_hand or 0,
            worst_hand=f.worst_hand or 0,
            extra={key: value for key, value in f.extra.items() if key != "streak"},
        )
        for name, f in figures.items()
    ]
    pair_rows = [
        PairStat(
            game=game,
            bidder_id=players[bidder],
            partner_id=players[partner],
            group_id=game.group_id,
            kind=game.kind,
            date=when,
            hands=pair.hands,
            made=pair.made,
            points=pair.points,
        )
        for (bidder, partner), pair in pairs.items()
    ]
    return stats, pair_rows


def _places(sides: tuple[str, ...], result: GameResult) -> dict[str, int]:
    """Winners are first; the others follow by total, level totals sharing a place."""
    winners = set(result.winners)
    places = dict.fromkeys(winners, 1)
    others = [side for side in sides if side not in winners]
    for side in others:
        higher = sum(1 for o in others if result.totals[o] > result.totals[side])
        places[side] = len(winners) + higher + 1
    return places


Points = dict[str, int]
Figs = dict[str, Figures]
Pairs = dict[tuple[str, str], Pair]


def _amerikaner(
    table: Table[Any], hand: Any, points: Any, made: bool | None, figures: Figs, pairs: Pairs
) -> None:
    if not isinstance(hand, Bid):
        return
    figures[hand.bidder].bid(bool(made), hand.bid, big=hand.amerikaner)
    for player in table.players:
        role = (
            "bidder"
            if player == hand.bidder
            else "partner"
            if player == hand.partner
            else "opponent"
        )
        figures[player].hand(points[player], role)
    if hand.partner is not None:
        pair = pairs[(hand.bidder, hand.partner)]
        pair.hands += 1
        pair.made += bool(made)
        pair.points += points[hand.bidder]


def _euchre(
    table: Table[Any], hand: Any, points: Any, made: bool | None, figures: Figs, pairs: Pairs
) -> None:
    if not isinstance(hand, EuchrePlay):
        return
    makers = table.team_of(hand.maker)
    figures[hand.maker].bid(bool(made), None, big=hand.alone)
    for player in table.players:
        team = table.team_of(player)
        role = "bidder" if player == hand.maker else "partner" if team == makers else "opponent"
        figures[player].hand(points[team], role)
        if team == makers and hand.tricks == 5:
            figures[player].extra["marches"] += 1
        if team != makers and not made:
            figures[player].extra["euchres"] += 1


def _kaiser(
    table: Table[Any], hand: Any, points: Any, made: bool | None, figures: Figs, pairs: Pairs
) -> None:
    if isinstance(hand, KaiserBid):
        figures[hand.bidder].extra["kaiser_bids"] += 1
        figures[hand.bidder].extra["kaiser_made"] += hand.made
        # It scores nothing, but it is a hand: a game decided by a kaiser bid alone
        # still has a best and worst hand (0), not a missing one stored as 0.
        bidding = table.team_of(hand.bidder)
        for player in table.players:
            team = table.team_of(player)
            role = (
                "bidder" if player == hand.bidder else "partner" if team == bidding else "opponent"
            )
            figures[player].hand(0, role)
        return
    if not isinstance(hand, KaiserPlay):
        return
    bidding = table.team_of(hand.bidder)
    figures[hand.bidder].bid(bool(made), hand.bid, big=hand.no_trump)
    for player in table.players:
        team = table.team_of(player)
        role = "bidder" if player == hand.bidder else "partner" if team == bidding else "opponent"
        figures[player].hand(points[team], role)
        figures[player].extra["five_hearts"] += hand.five_hearts == team
        figures[player].extra["three_spades"] += hand.three_spades == team
    partner = next(p for p in table.players if p != hand.bidder and table.team_of(p) == bidding)
    pair = pairs[(hand.bidder, partner)]
    pair.hands += 1
    pair.made += bool(made)
    pair.points += points[bidding]


def _american(
    table: Table[Any], hand: Any, points: Any, made: bool | None, figures: Figs, pairs: Pairs
) -> None:
    assert isinstance(hand, Win)
    for player in table.players:
        f = figures[player]
        if player == hand.winner:
            f.extra["game_wins"] += 1
            f.extra["streak"] += 1
            f.extra["best_streak"] = max(f.extra["best_streak"], f.extra["streak"])
        else:
            f.extra["streak"] = 0
        f.hand(points[player], "opponent")


COLLECTORS = {
    "amerikaner": _amerikaner,
    "euchre": _euchre,
    "kaiser": _kaiser,
    "american": _american,
}
