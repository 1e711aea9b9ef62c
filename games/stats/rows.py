"""Writing the statistics rows: each finished game's figures per player.

Figures are derived from the hands by the rules engine, like everything else; they are
stored only because statistics read thousands of games at once. `refresh` rewrites one
game's rows and runs inside the transaction of every change to that game, so the rows
can never disagree with the hands; `rebuild` writes them all afresh.

Only finished games count: a game still being played has no places or winners yet.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from games.models import Game, GameStat, Night, PairStat
from games.rules import GameResult, RuleError, Table, get_game


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
    game: Game, table: Table[object], result: GameResult
) -> tuple[list[GameStat], list[PairStat]]:
    """The rows of one finished game: its figures per player (the game collects them) and
    per bidder and partner."""
    players = {seat.name: seat.player_id for seat in game.seats.all()}
    when = game.night.date if game.night else Night.evening_of(game.created_at)
    collected = get_game(game.kind).figures(table, result)
    places = _places(table.sides, result)
    stats = [
        GameStat(
            game=game,
            player_id=players[name],
            group_id=game.group_id,
            kind=game.kind,
            date=when,
            place=places[table.side_of(name)],
            win_share=1 / len(result.winners) if table.side_of(name) in result.winners else 0.0,
            total=result.totals[table.side_of(name)],
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
            extra=dict(f.extra),
        )
        for name, f in collected.players.items()
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
        for (bidder, partner), pair in collected.pairs.items()
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
