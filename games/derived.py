"""What a game's hands imply beyond the game, kept so that pages over thousands of games
add up rows instead of replaying hands; written here and nowhere else.

Per finished game (not given up): each player's figures (`GameStat`), a bidder's figures
with each partner (`PairStat`), bids by level (`BidStat`), the awards the game earns by
itself (`Award`), its winners (`Game.winners`) and its players' places and ratings
(`Rating`). Across games: the ratings, a chain per group and kind of game (a game's
rating moves from each player's rating before it), and the season awards (three wins in
a row, ...: they depend on the order of a season's games).

`follow` is called by every change to a game, under the game's row lock, with the
game's new result: the game's own rows follow it in the change's transaction. So do the
ratings and its season's awards when the game is the latest of its kind in its group (the
table's usual case: rated from the players' latest ratings, a few queries). A change to an
earlier game (a correction, a hand deleted or restored, a game deleted or restored from a
backup) would rate every later game of its kind again: thousands of rows in a group with
years of games. It marks the group's chain behind from that game instead (`Group.behind`,
with the season), and `catch_up` works the later ratings and the season's awards out once
the change is committed, in a thread of its own, so that the answer does not wait for
them (`settings.CHAIN_AFTER_COMMIT`; off, they are worked out inside the change, as the
tests have it). The group's row is the chain's lock: a change rating a game and a catch-up
take it, so two tables finishing at once are rated one after the other, and a game
finished while the chain is behind is left to the catch-up. If the process dies before
the catch-up commits, the mark stays: the next change that rates a game of the group
catches up, and so does `rebuild_stats` (`rebuild`). Pages say the ratings are being
updated while a group is behind.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from django.apps import apps
from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import Exists, OuterRef, Q, Subquery

from games import ratings
from games.rules import GameResult, Table, awards_earned, get_game
from games.rules import awards as award_rules

if TYPE_CHECKING:
    from games.models import Game, Group, Player

log = logging.getLogger(__name__)


class GameStat(models.Model):
    """One player's figures from one finished game: derived from the hands, kept so that
    statistics over thousands of games stay quick. `games.stats` writes these rows on
    every change to a game and can rebuild them all (``manage.py rebuild_stats``)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="stats")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="stats")
    # Copied from the game so that period and group filters need no join.
    group = models.ForeignKey("games.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    date = models.DateField()
    place = models.PositiveSmallIntegerField()
    win_share = models.FloatField()  # 1 for a win, 1/n for a win shared by n, else 0
    # 64 bits: the spec's limits keep totals below 10^9, but a total is never what fails a save.
    total = models.BigIntegerField()
    hands = models.PositiveIntegerField()
    bids = models.PositiveIntegerField(
        default=0
    )  # hands bid (amerikaner, kaiser) or made trump (euchre)
    bids_made = models.PositiveIntegerField(default=0)
    bid_total = models.PositiveIntegerField(default=0)  # sum of numeric bids, for the average
    numeric_bids = models.PositiveIntegerField(default=0)
    big_bids = models.PositiveIntegerField(
        default=0
    )  # Amerikaner; euchre lone hands; kaiser no trump
    big_made = models.PositiveIntegerField(default=0)
    points_bidder = models.IntegerField(default=0)
    points_partner = models.IntegerField(default=0)
    points_opponent = models.IntegerField(default=0)
    best_hand = models.IntegerField(default=0)
    worst_hand = models.IntegerField(default=0)
    # Counters only one game has (euchre marches and euchres, kaiser's five of hearts, ...).
    extra = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint("game", "player", name="gamestat_unique")]
        indexes = [
            models.Index(fields=["group", "kind", "date"]),
            models.Index(fields=["player", "kind", "date"]),
            # A season of every kind (`AwardManager.standings`), read on every change.
            models.Index(fields=["group", "date"], name="gamestat_season"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game_id}"


class PairStat(models.Model):
    """How a bidder did with one partner in one finished game (the partner matrix)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="pair_stats")
    bidder = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey("games.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    date = models.DateField()
    hands = models.PositiveIntegerField()
    made = models.PositiveIntegerField()
    points = models.IntegerField()  # the bidder's points on those hands

    class Meta:
        constraints = [models.UniqueConstraint("game", "bidder", "partner", name="pairstat_unique")]
        indexes = [
            # Covers the partner matrix: its sums read the index alone, not the table.
            models.Index(
                fields=["group", "kind", "date", "bidder", "partner", "hands", "made", "points"],
                name="pairstat_matrix",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bidder_id} with {self.partner_id} in {self.game_id}"


class BidStat(models.Model):
    """One player's bids of one level in one finished game (a key of the game's
    `bid_levels`): how many, how many made, and the points they brought."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="bid_stats")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey("games.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    date = models.DateField()
    level = models.CharField(max_length=16)
    bids = models.PositiveIntegerField()
    made = models.PositiveIntegerField()
    points = models.IntegerField()

    class Meta:
        constraints = [models.UniqueConstraint("game", "player", "level", name="bidstat_unique")]
        # Covers a player's bids by level: the sums read the index alone.
        indexes = [
            models.Index(
                fields=["player", "kind", "date", "level", "bids", "made", "points"],
                name="bidstat_player",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} bid {self.level} in {self.game_id}"


class AwardManager(models.Manager["Award"]):
    def standings(
        self, group: int, year: int
    ) -> tuple[award_rules.Standings[int, int], dict[int, tuple[dt.datetime, str, dt.date]]]:
        """A season's awards and where everyone stands, from its games' statistics rows
        (one calendar year of evenings, every kind of game, in the order the games were
        started); and each of its games' start, kind and evening. One query."""
        start, end = dt.date(year, 1, 1), dt.date(year + 1, 1, 1)
        rows = (
            GameStat.objects.filter(group_id=group, date__gte=start, date__lt=end)
            .order_by("game__created_at", "game_id")
            .values_list("game_id", "game__created_at", "kind", "date", "player_id", "win_share")
        )
        games: dict[int, tuple[dt.datetime, str, dt.date]] = {}
        won: dict[int, dict[int, bool]] = {}
        for game, at, kind, date, player, share in rows:
            games[game] = (at, kind, date)
            won.setdefault(game, {})[player] = share > 0
        played = [award_rules.SeasonGame(game, games[game][2], won[game]) for game in games]
        return award_rules.season_awards(played), games


class Award(models.Model):
    """An award one player earned in one finished game (`games.rules.awards`): the game's
    own and the comeback written with its statistics rows, the season's awards worked out
    again from the season's rows whenever one of its games changes (`award_season`)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="awards")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="awards")
    group = models.ForeignKey("games.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    date = models.DateField()  # the game's evening
    played_at = models.DateTimeField()  # the game's start: the order within an evening
    award = models.CharField(max_length=32)

    objects = AwardManager()

    class Meta:
        constraints = [models.UniqueConstraint("game", "player", "award", name="award_unique")]
        indexes = [
            models.Index(fields=["group", "date", "played_at"], name="award_group"),
            models.Index(fields=["player", "date"], name="award_player"),
        ]

    def __str__(self) -> str:
        return f"{self.award} to {self.player_id} in {self.game_id}"


class RatingManager(models.Manager["Rating"]):
    def current(
        self, group: int, kind: str, players: Iterable[int]
    ) -> dict[int, ratings.Skill] | None:
        """These players' latest ratings at this game in this group (a player not rated
        yet is left out); None when the group has rated no game of this kind yet. One query."""
        rated = self.filter(group=group, kind=kind)
        latest = rated.filter(player=OuterRef("pk")).order_by("-played_at", "-game_id")
        rows = list(
            _players()
            .filter(pk__in=list(players))
            .annotate(
                mu=Subquery(latest.values("mu")[:1]),
                sigma=Subquery(latest.values("sigma")[:1]),
                any_rated=Exists(rated),
            )
            .values_list("pk", "mu", "sigma", "any_rated")
        )
        if not any(any_rated for *_, any_rated in rows):
            return None
        return {player: ratings.Skill(mu, sigma) for player, mu, sigma, _ in rows if mu is not None}


def finish_of(rows: Sequence[Rating]) -> ratings.Finish[int]:
    """How a game ended, from its rating rows: its sides in order with their places."""
    sides: dict[int, list[Rating]] = {}
    for row in sorted(rows, key=lambda r: r.side):
        sides.setdefault(row.side, []).append(row)
    return ratings.Finish(
        tuple(tuple(row.player_id for row in side) for side in sides.values()),
        tuple(side[0].place for side in sides.values()),
    )


class Rating(models.Model):
    """One player's rating at one kind of game, before and after one finished game of it:
    worked out by `games.ratings` from the places of every game of that kind in the group
    until then, in the order they were played (`played_at`, then the game). Written with the
    game's statistics rows (`games.derived.follow`), and rated again from a game on when its
    places change (a correction, a hand deleted or restored, a game restored from a
    backup); ``manage.py rebuild_stats`` rates them all again from the first game."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="ratings")
    # Copied from the game so that a group's chain of one game is read without a join.
    group = models.ForeignKey("games.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    played_at = models.DateTimeField()  # the game's start: the order games are rated in
    side = models.PositiveSmallIntegerField()  # the player's side, as the table lists them
    place = models.PositiveSmallIntegerField()
    # The model's belief about the player's skill (see `games.ratings.Skill`).
    mu_before = models.FloatField(default=ratings.NEW.mu)
    sigma_before = models.FloatField(default=ratings.NEW.sigma)
    mu = models.FloatField(default=ratings.NEW.mu)
    sigma = models.FloatField(default=ratings.NEW.sigma)

    objects = RatingManager()

    class Meta:
        constraints = [models.UniqueConstraint("game", "player", name="rating_unique")]
        indexes = [
            models.Index(fields=["group", "kind", "played_at", "game"], name="rating_chain"),
            models.Index(fields=["player", "kind", "played_at", "game"], name="rating_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after {self.game_id}"

    @staticmethod
    def shown_unrounded() -> models.Expression:
        """`Skill.shown` of the rating after the game, before its rounding, worked out by
        the database in the same order of operations (so the same float): for reading
        thousands of ratings as numbers, without an object each."""
        value = ratings.START + ratings.SCALE * (models.F("mu") - 3 * models.F("sigma"))
        return models.ExpressionWrapper(value, output_field=models.FloatField())

    @property
    def before(self) -> ratings.Skill:
        return ratings.Skill(self.mu_before, self.sigma_before)

    @property
    def after(self) -> ratings.Skill:
        return ratings.Skill(self.mu, self.sigma)

    @property
    def shown(self) -> int:
        return self.after.shown

    @property
    def change(self) -> int:
        return self.after.shown - self.before.shown


def _players() -> models.QuerySet[Player]:
    return apps.get_model("games", "Player").objects.all()


def _groups() -> models.QuerySet[Group]:
    return apps.get_model("games", "Group").objects.all()


# --- Following a change ----------------------------------------------------------------


def follow(game: Game, result: GameResult | None, *, rebuild: bool = False) -> list[Rating] | None:
    """The game's rows follow its hands (`result`: the game's result as it now is, None
    when the rules refuse it), in the change's transaction, under the game's row lock with
    its seats as they are. Returns the game's rating rows when they were written, None when
    they stayed as stored. `rebuild`: every row written afresh, the ratings' places alone
    (`rebuild` rates the chains after).

    Only a won game that is not given up has rows, and only such a game has winners
    stored: a game that had none and still has none has nothing to rewrite."""
    finished = result if result is not None and result.finished else None
    if game.abandoned_at is not None:
        finished = None
    winners = list(finished.winners) if finished is not None else None
    if winners is None and game.winners is None and not rebuild:
        return None
    if game.winners is not None or rebuild:
        GameStat.objects.filter(game=game).delete()
        PairStat.objects.filter(game=game).delete()
        BidStat.objects.filter(game=game).delete()
        # A season's awards stay unless the game's places change (`_rate`).
        own = Award.objects.filter(game=game)
        (own if rebuild else own.exclude(award__in=SEASON_AWARDS)).delete()
    if finished is not None:
        _write_rows(game, finished)
    # Only a game with winners stored has rating rows to compare with. Rated after its
    # rows are written: its season's awards are read from them.
    rated = _rate(game, finished, game.winners is not None, rebuild=rebuild)
    if winners != game.winners:
        type(game).objects.filter(pk=game.pk).update(winners=winners)
        game.winners = winners
    return rated


def places(table: Table[Any], result: GameResult) -> dict[str, int]:
    """Winners are first; the others follow by total (the lowest first where the lowest
    wins), level totals sharing a place."""
    sign = -1 if get_game(table.game).standing(table, result).low_wins else 1
    winners = set(result.winners)
    placed = dict.fromkeys(winners, 1)
    others = [side for side in table.sides if side not in winners]
    for side in others:
        ahead = sum(1 for o in others if sign * result.totals[o] > sign * result.totals[side])
        placed[side] = len(winners) + ahead + 1
    return placed


def _write_rows(game: Game, result: GameResult) -> None:
    """A finished game's statistics rows, bids by level and awards of its own."""
    players = {seat.name: seat.player_id for seat in game.seats.all()}
    table, when = game.table(), game.evening()
    # An adjustment is no hand of anybody's (no bid, no best hand); the totals count it.
    collected = get_game(game.kind).figures(table, result.played())
    placed = places(table, result)
    winners = result.winners
    # What every row of the game carries, so that the sums need no join.
    common = {"game": game, "group_id": game.group_id, "kind": game.kind, "date": when}
    GameStat.objects.bulk_create(
        GameStat(
            **common,
            player_id=players[name],
            place=placed[table.side_of(name)],
            win_share=1 / len(winners) if table.side_of(name) in winners else 0.0,
            total=result.totals[table.side_of(name)],
            hands=len(result.played().hands),
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
    )
    if collected.pairs:
        PairStat.objects.bulk_create(
            PairStat(
                **common,
                bidder_id=players[bidder],
                partner_id=players[partner],
                hands=pair.hands,
                made=pair.made,
                points=pair.points,
            )
            for (bidder, partner), pair in collected.pairs.items()
        )
    levels = [
        BidStat(
            **common,
            player_id=players[name],
            level=level,
            bids=bids.bids,
            made=bids.made,
            points=bids.points,
        )
        for name, f in collected.players.items()
        for level, bids in f.levels.items()
    ]
    if levels:
        BidStat.objects.bulk_create(levels)
    earned = awards_earned(table, result)
    if earned:
        Award.objects.bulk_create(
            Award(**common, player_id=players[name], played_at=game.created_at, award=award)
            for award, name in earned
        )


def _rate(
    game: Game, result: GameResult | None, rated: bool, *, rebuild: bool = False
) -> list[Rating] | None:
    """The game's rating rows follow its places (`result`: finished, else None), and the
    ratings of every later game of its kind in its group and its season's awards follow
    them: at once when it is the latest of its kind, else after the commit (see the
    module's docstring). Places that did not change rate nothing again. `rated`: whether
    the game may have rows (a game newly won has none to read)."""
    rows = []
    if result is not None:
        players = {seat.name: seat.player_id for seat in game.seats.all()}
        table = game.table()
        placed = places(table, result)
        index = {side: i for i, side in enumerate(table.sides)}
        rows = [
            Rating(
                game=game,
                player_id=players[name],
                group_id=game.group_id,
                kind=game.kind,
                played_at=game.created_at,
                side=index[table.side_of(name)],
                place=placed[table.side_of(name)],
            )
            for name in table.players
        ]
    wanted = {(row.player_id, row.side, row.place) for row in rows}
    stored = set(game.ratings.values_list("player_id", "side", "place")) if rated else set()
    if wanted == stored and not rebuild:
        return None
    if stored or rebuild:
        game.ratings.all().delete()
    if rebuild:
        Rating.objects.bulk_create(rows)
        return rows
    since = (game.created_at, game.pk)
    behind = _lock_chain(game.group_id)
    later = Rating.objects.filter(group=game.group_id, kind=game.kind).exclude(_before(since))
    if settings.CHAIN_AFTER_COMMIT and (game.kind in behind.get(RATINGS, {}) or later.exists()):
        # Its own rows rated now, from the ratings before it, so that its page (drawn once
        # per version) shows them; the later games' wait for the catch-up.
        rate_chain(game.group_id, game.kind, since=since, rows=rows, later=False)
        _mark_behind(game.group_id, behind, game.kind, since, game.evening().year)
        return rows
    rate_chain(game.group_id, game.kind, since=since, rows=rows)
    award_season(game.group_id, game.evening().year)
    return rows


def forget(game: Game, since: tuple[dt.datetime, int], year: int) -> None:
    """The later games of a rated game just deleted (its place in the chain: `since`) are
    rated without it, and its season awarded again."""
    behind = _lock_chain(game.group_id)
    if settings.CHAIN_AFTER_COMMIT:
        _mark_behind(game.group_id, behind, game.kind, since, year)
        return
    rate_chain(game.group_id, game.kind, since=since)
    award_season(game.group_id, year)


# --- The chain ------------------------------------------------------------------------

#: The keys of `Group.behind`: per kind of game, the first game whose ratings (and every
#: later one's) are not worked out yet, as [its start in ISO 8601, its id]; the seasons
#: whose awards are not.
RATINGS, SEASONS = "ratings", "seasons"


def behind_on(group: Group, kind: str) -> bool:
    """Whether the group's ratings of this kind are being caught up (its row as read)."""
    return kind in group.behind.get(RATINGS, {})


def _lock_chain(group: int) -> dict[str, Any]:
    """Lock the group's row (the chain's lock) until the transaction ends; what of its
    chains is behind."""
    marks = _groups().select_for_update().filter(pk=group).values_list("behind", flat=True)
    return dict(marks.get() or {})


def _before(since: tuple[dt.datetime, int]) -> Q:
    """The rating rows of the games played before the game at `since`."""
    at, game = since
    return Q(played_at__lt=at) | Q(played_at=at, game_id__lt=game)


def _mark_behind(
    group: int, behind: dict[str, Any], kind: str, since: tuple[dt.datetime, int], year: int
) -> None:
    """Mark the group's chain of `kind` behind from `since` and the season `year`, under
    the chain's lock, and ask for a catch-up once the change is committed."""
    kinds = dict(behind.get(RATINGS, {}))
    if kind in kinds:
        at, game = kinds[kind]
        since = min(since, (dt.datetime.fromisoformat(at), game))
    kinds[kind] = [since[0].isoformat(), since[1]]
    seasons = sorted({*behind.get(SEASONS, []), year})
    _groups().filter(pk=group).update(behind={RATINGS: kinds, SEASONS: seasons})
    transaction.on_commit(partial(catch_up_apart, group))


def catch_up_apart(group: int) -> None:
    """`catch_up` in a thread of its own, with a database connection of its own: the
    answer to the change goes out meanwhile."""
    threading.Thread(target=_catch_up_and_close, args=(group,), daemon=True).start()


def _catch_up_and_close(group: int) -> None:
    try:
        catch_up(group)
    except Exception:  # the mark stays: the next change or `rebuild_stats` catches up
        log.exception("The ratings of group %s could not be caught up", group)
    finally:
        connection.close()


def catch_up(group: int) -> None:
    """Work out what the group's chains are behind on (see `Group.behind`), in its own
    transaction under the chain's lock: each kind's ratings from the first game marked on,
    then each season's awards marked; then nothing is behind."""
    with transaction.atomic():
        behind = _lock_chain(group)
        for kind, (at, game) in sorted(behind.get(RATINGS, {}).items()):
            rate_chain(group, kind, since=(dt.datetime.fromisoformat(at), game))
        for year in behind.get(SEASONS, []):
            award_season(group, year)
        if behind:
            _groups().filter(pk=group).update(behind={})


def rate_chain(
    group: int,
    kind: str,
    *,
    since: tuple[dt.datetime, int] | None = None,
    rows: Sequence[Rating] = (),
    later: bool = True,
) -> None:
    """Rate the games of this kind in this group again, in the order they were played,
    from `since` on (from the first when None): `rows` are the places of the game at
    `since`, not stored yet, written with their ratings; the stored rows from `since` on
    get theirs (not `later`: they are left as they are). Each player starts from their
    latest rating before it. `since` is a game's place in the order: when it was started,
    and its id. Called under the chain's lock: two games won at the same moment at two
    tables would each be rated from the ratings before the other, and the later one would
    miss the earlier."""
    chain = Rating.objects.filter(group=group, kind=kind)
    earlier = Rating.objects.none()
    if since is not None:
        chain, earlier = chain.exclude(_before(since)), chain.filter(_before(since))
    stored = list(chain.order_by("played_at", "game_id", "side", "pk")) if later else []
    games: dict[int, list[Rating]] = {}
    for row in [*rows, *stored]:
        games.setdefault(row.game_id, []).append(row)
    if not games:
        return
    latest = earlier.filter(player=OuterRef("pk")).order_by("-played_at", "-game_id")
    known = {
        player: ratings.Skill(mu, sigma)
        for player, mu, sigma in _players()
        .filter(pk__in={row.player_id for row in [*rows, *stored]})
        .annotate(mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1]))
        .filter(mu__isnull=False)
        .values_list("pk", "mu", "sigma")
    }
    chained = ratings.rate_in_turn(known, (finish_of(game) for game in games.values()))
    for game_rows, rated in zip(games.values(), chained, strict=True):
        for row in game_rows:
            skill = rated[row.player_id]
            row.mu_before, row.sigma_before = skill.before.mu, skill.before.sigma
            row.mu, row.sigma = skill.after.mu, skill.after.sigma
    if stored:
        # Written again rather than updated: Django's bulk_update of thousands of rows
        # (a correction to a game played years ago) took thirty times as long.
        chain.delete()
    Rating.objects.bulk_create([*rows, *stored], batch_size=1000)


# --- Seasons ----------------------------------------------------------------------------

#: The awards a season gives (worked out from its games), not a game by itself.
SEASON_AWARDS = [award.id for award in award_rules.SEASON]


def award_season(group: int, year: int) -> None:
    """Work out a season's awards again from its games (see `AwardManager.standings`):
    only the awards that changed are deleted or written (finishing the latest game changes
    a few; a season holds hundreds)."""
    standings, games = Award.objects.standings(group, year)
    start, end = dt.date(year, 1, 1), dt.date(year + 1, 1, 1)
    stored = {
        (game, player, award): pk
        for game, player, award, pk in Award.objects.filter(
            group_id=group, date__gte=start, date__lt=end, award__in=SEASON_AWARDS
        ).values_list("game_id", "player_id", "award", "pk")
    }
    wanted = {(one.game, one.player, one.award) for one in standings.earned}
    gone = [pk for key, pk in stored.items() if key not in wanted]
    if gone:
        Award.objects.filter(pk__in=gone).delete()
    Award.objects.bulk_create(
        Award(
            game_id=game,
            player_id=player,
            group_id=group,
            kind=games[game][1],
            date=games[game][2],
            played_at=games[game][0],
            award=award,
        )
        for game, player, award in sorted(wanted - stored.keys())
    )


# --- Everything again --------------------------------------------------------------------


def rebuild_chains(chains: Iterable[tuple[int, str]]) -> None:
    """After every game of these (group, kind) pairs was written afresh (`follow` with
    `rebuild`): each chain rated from its first game, and each of their groups' seasons
    awarded again; what was behind of those is no longer."""
    chains = sorted(set(chains))
    for group, kind in chains:
        with transaction.atomic():
            behind = _lock_chain(group)
            rate_chain(group, kind)
            behind.get(RATINGS, {}).pop(kind, None)
            _groups().filter(pk=group).update(behind=behind)
    for group in sorted({group for group, _kind in chains}):
        with transaction.atomic():
            behind = _lock_chain(group)
            Award.objects.filter(group_id=group, award__in=SEASON_AWARDS).delete()
            for season in GameStat.objects.filter(group_id=group).dates("date", "year"):
                award_season(group, season.year)
            behind.pop(SEASONS, None)
            _groups().filter(pk=group).update(behind=behind if behind.get(RATINGS) else {})
