"""What the table said: groups, players, games, seats, hands, and every change to a hand.

Points and totals are not stored: the rules engine works them out from the hands on
every read (`Game.result`; a game of a hundred hands scores in about two milliseconds).
What lists and statistics over thousands of games need is kept per finished game
(`Game.winners`, `GameStat`, `PairStat`), rewritten with every change and rebuilt by
`rebuild_stats`. Every change to a game is a method of the game: it runs in a
transaction that locks the game row, records a `Change`, moves `Game.version` on
(`Game._bump`) and rewrites the statistics, so two phones can never both write hand 7;
it returns what came of it (an `Attempt`) rather than raising.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import json
import operator
import secrets
import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.db import IntegrityError, models, transaction
from django.db.models import (
    Exists,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)
from django.db.models.functions import Lower
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import gamefile, live, ratings, stream
from games.rules import (
    GAMES,
    GameResult,
    RuleError,
    Table,
    awards_earned,
    get_game,
    make_table,
    play,
)
from games.rules import awards as award_rules
from games.rules.base import ADJUSTMENT, NOTE, PER_SIDE_KINDS, REASON, is_adjustment
from games.rules.limits import read_note

# Letters and digits only: a code that starts with "-" would read as an option on the
# command line (export_game CODE), and these are easy to read aloud at the table.
ALPHABET = string.ascii_letters + string.digits


def _random_text(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_key() -> str:
    """A secret link key: 24 letters and digits, about 143 random bits."""
    return _random_text(24)


def new_code() -> str:
    """An address inside a group (a game, a night, a player): random, so nothing can be
    found by counting; about 71 bits."""
    return _random_text(12)


class Group(models.Model):
    """A table of friends: the home of its players and games, reached only by its links."""

    name = models.CharField(_("name"), max_length=80)
    edit_key = models.CharField(max_length=32, unique=True, default=new_key)
    view_key = models.CharField(max_length=32, unique=True, default=new_key)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("group")

    def __str__(self) -> str:
        return self.name

    def players_by_name(self) -> dict[str, Player]:
        """The group's players by their names in lower case: a name in any letter case
        finds its player ("BJØRN" is Bjørn). Compared here, not in the database: SQLite
        compares letter case only from A to Z."""
        return {p.name.lower(): p for p in self.players.all()}

    def player_named(self, name: str) -> Player | None:
        """The group's player with this name in any letter case, or None."""
        return self.players_by_name().get(name.lower())

    def players_named(self, names: list[str]) -> list[Player]:
        """The group's players with these names (any letter case), adding the new ones."""
        existing = self.players_by_name()
        found = []
        for name in names:
            player = existing.get(name.lower())
            if player is None:
                player = existing[name.lower()] = self.add_player(name)
            found.append(player)
        return found

    def replace_keys(self) -> None:
        """New links for the group; the old ones stop working at once."""
        old = (self.edit_key, self.view_key)
        self.edit_key, self.view_key = new_key(), new_key()
        self.save(update_fields=["edit_key", "view_key"])
        ReplacedLink.remember(self, old)
        live.links_replaced(*old)
        stream.group_moved(self.pk)

    def add_player(self, name: str) -> Player:
        """A new player joins the group (the form has checked the name)."""
        player = Player.objects.create(group=self, name=name)
        stream.group_moved(self.pk)
        return player

    def start_game(
        self,
        kind: str,
        players: list[str],
        *,
        rules: dict[str, Any] | None = None,
        teams: dict[str, Any] | None = None,
        start: dict[str, Any] | None = None,
        first_dealer: str = "",
        by: str = "",
        form_token: str = "",
        previous: Game | None = None,
        note: str = "",
        at_the_table: bool = False,
    ) -> Game:
        """A new game of `kind`, these players seated in order. The form's one-time token
        starts it once: a second tap, even at the same moment, finds the game the first
        one started. The game it goes on from (`previous`; for a game started at the table
        now, `at_the_table`, the group's latest with any of its players, once over) offers
        it to its phones and big screen: a new version of that game."""
        if form_token and (started := self.games.filter(form_token=form_token).first()):
            return started
        try:
            with transaction.atomic():
                game = Game.objects.create(
                    group=self,
                    kind=kind,
                    rules=rules or {},
                    teams=teams,
                    start=start or {},
                    first_dealer=first_dealer,
                    created_by=by,
                    form_token=form_token,
                    previous=previous,
                    note=note,
                )
                game.take_seats(players)
                if previous is None and at_the_table and (left := game.goes_on_from()):
                    Game.objects.filter(pk=game.pk).update(previous=left)
                    game.previous = previous = left
                if previous is not None:
                    previous._lock()._bump()
                stream.group_moved(self.pk)
        except IntegrityError:
            if not form_token:
                raise
            return self.games.get(form_token=form_token)  # the same form, sent twice at once
        return game

    def restore_game(
        self,
        kind: str,
        players: list[str],
        *,
        code: str,
        rules: dict[str, Any],
        teams: dict[str, Any] | None,
        start: dict[str, Any],
        first_dealer: str,
        created_by: str,
        created_at: dt.datetime,
        night: Night | None,
        version: int,
        note: str = "",
    ) -> Game:
        """A game as a backup kept it (its code, night, version and when it was started),
        its players seated, without hands: `Game.load_history` brings those back."""
        game = Game.objects.create(
            group=self,
            code=code,
            kind=kind,
            rules=rules,
            teams=teams,
            start=start,
            first_dealer=first_dealer,
            created_by=created_by,
            night=night,
            version=version,
            created_at=created_at,
            note=note,
        )
        if game.created_at != created_at:
            # Creating stamped it with now; an update puts the time back.
            Game.objects.filter(pk=game.pk).update(created_at=created_at)
            game.created_at = created_at
        game.take_seats(players)
        return game


class Player(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    # The player page's address: random, like a game's, so nobody can be found by counting.
    code = models.CharField(max_length=16, unique=True, default=new_code)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint("group", Lower("name"), name="player_name_unique_in_group"),
        ]

    def __str__(self) -> str:
        return self.name


class Night(models.Model):
    """The games a group played on one evening. Made automatically; may be named and placed.

    An evening runs from six in the morning to six the next morning, local time, so a
    game started after midnight still belongs to the night it was part of.
    """

    EVENING_STARTS = dt.timedelta(hours=6)

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="nights")
    code = models.CharField(max_length=16, unique=True, default=new_code)
    date = models.DateField()
    name = models.CharField(_("name"), max_length=80, blank=True)
    place = models.CharField(_("place"), max_length=80, blank=True)

    class Meta:
        ordering = ["-date"]
        constraints = [models.UniqueConstraint("group", "date", name="night_date_unique_in_group")]

    def __str__(self) -> str:
        return self.name or f"{self.date:%Y-%m-%d}"

    @classmethod
    def evening_of(cls, moment: dt.datetime) -> dt.date:
        return (timezone.localtime(moment) - cls.EVENING_STARTS).date()

    @classmethod
    def for_moment(cls, group: Group, moment: dt.datetime) -> Night:
        night, _created = cls.objects.get_or_create(group=group, date=cls.evening_of(moment))
        return night


class Season(models.Model):
    """A stretch of evenings a group names ("Autumn league", from 1 September to 30
    November): its games are those played on its evenings, first to last (a game belongs by
    its night's date, as in the statistics). Every group also has a season per calendar
    year without naming one (`games.seasons`). A group's named seasons never overlap, so a
    game is in one named season at most; one evening alone is a season too (a cup night)."""

    NAME_LENGTH = 40

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="seasons")
    code = models.CharField(max_length=16, unique=True, default=new_code)
    name = models.CharField(_("name"), max_length=NAME_LENGTH)
    start = models.DateField(_("first evening"))
    end = models.DateField(_("last evening"))

    class Meta:
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=F("start")), name="season_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def overlapping(
        cls, group: Group, start: dt.date, end: dt.date, *, other_than: int | None = None
    ) -> Season | None:
        """The group's named season sharing an evening with start to end, if any."""
        found = cls.objects.filter(group=group, start__lte=end, end__gte=start)
        return found.exclude(pk=other_than).first()

    @classmethod
    def name_one(
        cls, group: Group, name: str, start: dt.date, end: dt.date, *, code: str | None = None
    ) -> tuple[Season, bool]:
        """(the new named season, True), or (the season it would overlap, False) with
        nothing written. The group's row is locked, so two phones naming overlapping
        seasons at once cannot both succeed. `code`: the season's code from a backup (a
        new one otherwise), so that links to its page keep working after a restore."""
        with transaction.atomic():
            list(Group.objects.select_for_update().filter(pk=group.pk).values_list("pk"))
            clash = cls.overlapping(group, start, end)
            if clash is not None:
                return clash, False
            season = cls(group=group, name=name, start=start, end=end)
            if code is not None:
                season.code = code
            season.save(force_insert=True)
            return season, True

    def forget(self) -> None:
        """The group no longer names this season; its games stay, in their calendar year."""
        self.delete()


def game_kinds() -> list[tuple[str, Any]]:
    """The games the engine knows, in its order, with their titles (marked for translation
    in the game modules). Read when asked, so every game in the registry is a choice."""
    return [(name, _(card_game.title.message)) for name, card_game in GAMES.items()]


def release() -> str:
    """This release of the app, as what is kept in the cache is keyed by it: the RELEASE
    setting, else the hash of the static files' manifest (empty without collected files)."""
    return settings.RELEASE or str(getattr(staticfiles_storage, "manifest_hash", ""))


#: A game's result is kept for the next change: at a table, a minute or two later.
RESULT_LIFETIME = 60 * 60


class GameManager(models.Manager["Game"]):
    def _reached(self, key: str, code: str, *, edit_only: bool = False) -> QuerySet[Game]:
        """The game with this code in the group this link (or, `edit_only`, this full link)
        leads to: nothing, or one game."""
        link = Q(group__edit_key=key)
        if not edit_only:
            link |= Q(group__view_key=key)
        return self.filter(link, code=code)

    def locked(self, key: str, code: str) -> Game | None:
        """The game with this code in the group whose full link is `key`, with its group,
        night, seats and hands, its row locked until the caller's transaction ends; None
        when the pair leads to no game to change. A change called on it works on this
        instance instead of reading it again. Its history is not loaded: a change asks it
        only for what it needs (see `add_hand`, `change_list`), so that a save does not
        grow with the game."""
        if not transaction.get_connection(self.db).in_atomic_block:
            # As on databases with row locks: a lock outside a transaction holds nothing.
            raise TransactionManagementError("A game is locked only inside a transaction.")
        found = (
            self._reached(key, code, edit_only=True)
            .select_related("group", "night")
            .select_for_update(of=("self",))
            # A save and its answer never show when a hand was entered: reading those two
            # times of every hand made a save of a long game a tenth slower. Neither is
            # ordered by the database: `players` and `hand_list` put them in order.
            .prefetch_related(
                Prefetch("seats", Seat.objects.order_by()),
                Prefetch("hands", Hand.objects.defer(*_WHEN).order_by()),
            )
        )
        try:
            # `get`, not `first`: no ordering to work out for the one game a code names.
            game = found.get()
        except Game.DoesNotExist:
            return None
        game._held = True
        return game

    def by_link(self, key: str, code: str) -> Game | None:
        """The game with this code in the group this link leads to, with its group (and
        nothing else: see `Game.read_seats_and_hands`); None when the pair leads nowhere."""
        try:
            # `get`, not `first`: no ordering to work out for the one game a code names.
            return self._reached(key, code).select_related("group").get()
        except Game.DoesNotExist:
            return None

    def version_by_link(self, key: str, code: str) -> tuple[int, bool, int] | None:
        """(version, whether `key` is the full link, group) of the game with this code in
        the group this link leads to; None when the pair leads nowhere. The live poll's
        one query, asked every few seconds by every phone."""
        found = self._reached(key, code).values_list("version", "group__edit_key", "group").first()
        if found is None:
            return None
        version, edit_key, group = found
        return version, edit_key == key, group

    def rebuild_statistics(self, games: Iterable[Game] | None = None) -> int:
        """Rewrite the statistics rows, ratings and cached winners of these games (all games
        when None) from their hands; returns how many were read. The ratings of every group
        and kind of game read are rated again from the first game on."""
        count = 0
        rated: set[tuple[int, str]] = set()
        chosen = games if games is not None else self.order_by("pk").iterator(chunk_size=500)
        for game in chosen:
            # Locked like any change, so a hand saved meanwhile waits instead of racing it.
            with transaction.atomic():
                game._lock()._write_statistics(rebuild=True)
            count += 1
            rated.add((game.group_id, game.kind))
        # A rebuild wrote each game's places alone: the ratings follow, game after game.
        for group, kind in sorted(rated):
            with transaction.atomic():
                Rating.objects.rate_from(group, kind)
        # And each season's awards, from its games' rows.
        for group in sorted({group for group, _kind in rated}):
            with transaction.atomic():
                Award.objects.award_seasons(group)
        return count


class Outcome(enum.Enum):
    """What an attempt to change a game came to (see `Attempt`)."""

    #: Written.
    DONE = "done"
    #: Already so: the entry was stored before (a retry, a double tap, an offline queue),
    #: or the hand already is what was asked. Nothing written.
    ALREADY_DONE = "already done"
    #: Another phone saved this very hand under this number first. Nothing written.
    DONE_ELSEWHERE = "done elsewhere"
    #: The entry was saved before and deleted since: not added back (the history can).
    ENTRY_DELETED = "entry deleted"
    #: The hand changed since the form was drawn (another phone, an earlier tap).
    CONFLICT = "conflict"
    #: The dealer the rotation named when the form was drawn is no longer the one it names.
    DEAL_MOVED = "deal moved"
    #: The rules refuse the game with this change (the game moved on under the form).
    REFUSED = "refused"


@dataclass(frozen=True)
class Attempt:
    """What a change to a game came to, for the caller to tell the table."""

    outcome: Outcome
    #: The hand as stored (done, already done, done elsewhere); on a conflict, the hand now
    #: under that number, if there is one.
    hand: Hand | None = None
    #: An entry deleted since: the number its hand had.
    number: int = 0
    #: The deal moved: who deals the hand now.
    dealer: str = ""
    #: Refused: the engine's reason.
    reason: RuleError | None = None

    @property
    def stands(self) -> bool:
        """Whether the game now holds what was asked for (written now or before)."""
        return self.outcome in (Outcome.DONE, Outcome.ALREADY_DONE, Outcome.DONE_ELSEWHERE)


#: When a hand was entered and last changed.
_WHEN = ("created_at", "updated_at")


def _places(table: Table[Any], result: GameResult) -> dict[str, int]:
    """Winners are first; the others follow by total (the lowest first where the lowest
    wins), level totals sharing a place."""
    sign = -1 if get_game(table.game).standing(table, result).low_wins else 1
    winners = set(result.winners)
    places = dict.fromkeys(winners, 1)
    others = [side for side in table.sides if side not in winners]
    for side in others:
        ahead = sum(1 for o in others if sign * result.totals[o] > sign * result.totals[side])
        places[side] = len(winners) + ahead + 1
    return places


class Game(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="games")
    code = models.CharField(max_length=16, unique=True, default=new_code)
    kind = models.CharField(max_length=16, choices=game_kinds)
    # As in the game file: house rules (only those set), teams, totals carried over.
    rules = models.JSONField(default=dict, blank=True)
    teams = models.JSONField(null=True, blank=True)
    start = models.JSONField(default=dict, blank=True)
    first_dealer = models.CharField(max_length=40, blank=True)
    # The one-time token of the form that created the game: a second tap on "Start"
    # finds the game the first tap made instead of making another.
    form_token = models.CharField(max_length=32, blank=True, default="")
    # Bumped by every change: the live scoreboard's ETag, and how a stale page is noticed.
    version = models.PositiveIntegerField(default=0)
    # The winners once the game is finished, None while it is played (or needs a
    # correction). Derived, kept so that lists of games need not replay every hand;
    # written with the statistics rows on every change (`Game._write_statistics`) and
    # rewritten by `manage.py rebuild_stats`.
    winners = models.JSONField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.CharField(max_length=40, blank=True)
    night = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Set while the table has given the game up: it leaves "In play" and the statistics,
    # and is kept with its hands so that it can be taken up again (see `GameEvent`).
    abandoned_at = models.DateTimeField(null=True, blank=True)
    # What the table wrote on the game as a whole (spec "Notes"), trimmed; "" for none.
    # A hand's note is in its `Hand.data`, as the game file has it.
    note = models.TextField(blank=True, default="")

    objects = GameManager()

    # Loaded locked by `Game.objects.locked()`; the hands as a change on this instance left
    # them (None: as read); the results of the hands played on this instance, by what they
    # were played from (`result`); and the table, with what it was made of (`table`).
    _held = False
    _hands: list[Hand] | None = None
    _results: list[tuple[str, list[Mapping[str, Any]], GameResult]] | None = None
    _table: tuple[str, Table[object]] | None = None
    # The rating rows the last change on this instance wrote (None: as read).
    _ratings: list[Rating] | None = None
    # The hand the last change on this instance added, when it added one.
    _added: Hand | None = None

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                "group",
                "form_token",
                condition=~models.Q(form_token=""),
                name="game_form_token_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.created_at:%Y-%m-%d}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.night_id is None and self.group_id is not None:
            self.night = Night.for_moment(self.group, self.created_at or timezone.now())
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        """Delete the game; when it was rated, every later game of its kind in its group is
        rated again without it."""
        since, rated = (self.created_at, self.pk), self.ratings.exists()
        season = self.night.date.year if rated and self.night else None
        with transaction.atomic():
            deleted = super().delete(*args, **kwargs)
            if rated:
                Rating.objects.rate_from(self.group_id, self.kind, since=since)
            if season is not None:
                Award.objects.award_season(self.group_id, season)
        return deleted

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        # The hands as read again, not as a change on this instance left them.
        self._hands = None
        self._ratings = None
        self._added = None
        super().refresh_from_db(*args, **kwargs)

    def get_kind_display(self) -> str:  # type: ignore[no-redef]  # Django allows overriding it
        """The game's title in the reader's language, as Django's own method gives it, but
        from the registry: Django's works out every game's title (the choices are made
        when asked) each time, a tenth of a game page kept in the cache."""
        if self.kind not in GAMES:
            return str(self.kind)
        return str(_(GAMES[self.kind].title.message))

    # --- Reading ---------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        """Names in seating order (uses prefetched seats when there are any)."""
        return [seat.name for seat in sorted(self.seats.all(), key=lambda s: s.position)]

    def read_seats_and_hands(self) -> None:
        """Read the seats and hands (two queries), as `prefetch_related` does for a list."""
        prefetch_related_objects([self], "seats", "hands")

    def hand_list(self) -> list[Hand]:
        """The hands in order: as the last change on this instance left them, else as read
        (prefetched, or asked for now)."""
        if self._hands is not None:
            return list(self._hands)
        return sorted(self.hands.all(), key=lambda h: h.number)

    def just_added(self, hand: Hand) -> bool:
        """Whether `hand` is the one the last change on this instance added: its history is
        that one change (no correction, no other number), so nothing needs reading."""
        return hand is self._added

    def entered(self, entry: str) -> Hand | None:
        """The hand stored from the form with this entry key (see `Hand.entry`), if any."""
        return next((h for h in self.hand_list() if entry and h.entry == entry), None)

    def change_list(self, hands: Sequence[Hand]) -> list[dict[str, Any]]:
        """The changes of these hands, oldest first, as who, when, which hand and what was
        done (not the hands they hold): what a page marks of the hands it shows, the same
        whatever the length of the game."""
        if not hands:
            return []
        changes = self.changes.filter(hand_code__in=[hand.code for hand in hands])
        rows = changes.order_by("at", "id").values(
            "id", "hand_code", "number", "action", "by", "at"
        )
        return [dict(row) for row in rows]

    def table(self) -> Table[object]:
        """The table these seats and house rules make; made again only if they changed
        (a save asks for it in its form, its write and its answer)."""
        return self._made_table()[1]

    def _made_table(self) -> tuple[str, Table[object]]:
        """The table, and what it is made of as JSON."""
        made_of = json.dumps([self.kind, self.players, self.rules, self.teams, self.start])
        if self._table is None or self._table[0] != made_of:
            table = make_table(self.kind, self.players, self.rules, self.teams, self.start)
            self._table = (made_of, table)
        return self._table

    def document(self) -> dict[str, Any]:
        """The game file of this game, as the table recorded it (without engine output).

        Keys come in one fixed order, whatever order the database keeps them in (PostgreSQL's
        jsonb sorts them its own way): the rules and a hand's inputs in the order the engine
        lists them, names in seating order. So the same game exports the same bytes from any
        database.
        """
        card_game = get_game(self.kind)
        table = self.table()
        sides = table.sides
        document: dict[str, Any] = {"format": gamefile.FORMAT, "game": self.kind}
        if self.rules:
            document["rules"] = _ordered(self.rules, [r.name for r in card_game.house_rules()])
        document["players"] = self.players
        if self.teams:
            document["teams"] = _ordered(self.teams, sides)
        if self.start:
            document["start"] = _ordered(self.start, sides)
        inputs = [
            "dealer",
            "redeal",
            ADJUSTMENT,
            REASON,
            *(i.name for i in card_game.inputs(table)),
            NOTE,
        ]
        document["hands"] = [_ordered(self.seated(hand.data), inputs) for hand in self.hand_list()]
        if self.note:
            document[NOTE] = self.note
        return document

    def scored_document(self) -> dict[str, Any]:
        """The game file with the engine's output, as the ``score`` command prints it."""
        return gamefile.with_results(self.table(), self.document(), self.result())

    def seated(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A hand with its tricks in seating order, whatever order the database kept."""
        table = self.table()
        per_side = {
            spec.name for spec in get_game(self.kind).inputs(table) if spec.kind in PER_SIDE_KINDS
        }
        return {
            key: _ordered(value, table.sides)
            if (key in per_side or key == ADJUSTMENT) and isinstance(value, dict)
            else value
            for key, value in data.items()
        }

    # --- The engine: every result of a game is asked for here --------------------------

    def result(self) -> GameResult:
        """The game's hands played at its table, within the spec's limits: played once
        for each state of the hands this instance sees (a request plays a game once).

        A game read under its lock (`Game.objects.locked()`), as a save reads it, takes the
        result of its version from the cache, where the change that made that version put
        it once committed (`_share_result`): a save does not play the hands before it
        again. Only there: a page reads the version and the hands in two queries, and a
        change committed between them would pair one version with another's hands."""
        hands = [hand.data for hand in self.hand_list()]
        if self._held and self._hands is None and self._results is None:
            made_of = self._made_table()[0]
            kept = cache.get(self._result_key())
            if kept is not None and kept[0] == made_of:
                self._results = [(made_of, hands, kept[1])]
        return self._play(hands)

    def result_with(self, hand: Mapping[str, Any], replacing: int | None = None) -> GameResult:
        """The game with `hand` added as the next hand, or in place of hand `replacing`:
        what a form checks and a preview shows. A hand added is played alone, on from the
        game's `result`; a save that checked it finds this result kept."""
        hands: list[Mapping[str, Any]] = [h.data for h in self.hand_list()]
        if replacing is not None:
            hands[replacing - 1] = hand
            return self._play(hands)
        return self._play([*hands, hand], self.result())

    def result_or_none(self) -> GameResult | None:
        """The result, or None when the rules refuse the game as stored (a hand or a house
        rule they no longer accept): it needs a correction, and must not take a page down."""
        try:
            return self.result()
        except RuleError:
            return None

    def is_finished(self) -> bool:
        """Won, by the hands as they are (a game needing a correction is not)."""
        result = self.result_or_none()
        return result is not None and result.finished

    def _play(
        self, hands: Sequence[Mapping[str, Any]], known: GameResult | None = None
    ) -> GameResult:
        """These hands played at this table (`known`: the result of the first of them),
        kept on this instance with the hands they were played from: the same hands asked
        for again are not played again (a save asks for its game's result six times).

        Hands are the same when they are the very same objects: a change gives a hand new
        contents (`hand.data = ...`), never changes them in place, so this is exact, and
        quick for a long game (comparing contents took as long as playing them)."""
        made_of, table = self._made_table()
        kept = self._results if self._results is not None else []
        for kept_of, kept_hands, result in kept:
            same = len(kept_hands) == len(hands) and all(map(operator.is_, kept_hands, hands))
            if same and kept_of == made_of:
                return result
        result = play(table, hands, known)
        # The list keeps the hands alive: no other object can take their place meanwhile.
        self._results = [*kept[-7:], (made_of, list(hands), result)]
        return result

    def next_dealer(self) -> str | None:
        """Who deals the next hand, as the rotation names them: the first dealer before any
        hand, then as the game's rules pass the deal on (None where the hands do not say);
        an adjustment deals no cards."""
        hands = [hand.data for hand in self.hand_list()]
        if all(is_adjustment(hand) for hand in hands):
            return self.first_dealer or None
        return get_game(self.kind).next_dealer(self.table(), hands)

    def take_seats(self, names: list[str]) -> None:
        """Seat these names in order, each as (or as a new) player of the group. A seat keeps
        the name exactly as given, since the hands, teams and start totals spell it so."""
        players = self.group.players_named(names)
        Seat.objects.bulk_create(
            Seat(game=self, player=player, position=i, name=name)
            for i, (name, player) in enumerate(zip(names, players, strict=True), start=1)
        )

    # --- Changing, always through these methods ----------------------------------------------

    def play_again(self, by: str) -> Game:
        """The next game at this table: the same players, rules and teams, the deal passing
        on as it would have. Started once: a second tap finds the game the first started
        (the row lock orders them). This game's watchers are offered it (a new version)."""
        with transaction.atomic():
            game = self._lock()
            again = Game.objects.filter(previous=game).order_by("pk").first()
            if again is None:
                again = game.group.start_game(
                    game.kind,
                    game.players,
                    rules=game.rules,
                    teams=game.teams,
                    first_dealer=game.next_dealer() or game.first_dealer,
                    by=by,
                    previous=game,
                )
            return again

    def goes_on_from(self) -> Game | None:
        """The game the table comes to this one from: the group's latest other game with
        any of its players, if that is over and the table has not gone on from it yet. (At
        another table of the group, other players: none.)"""
        players = self.seats.values("player")
        latest = self.group.games.exclude(pk=self.pk).filter(seats__player__in=players).first()
        if latest is None or (latest.winners is None and latest.abandoned_at is None):
            return None
        return None if Game.objects.filter(previous=latest).exists() else latest

    def follow(self, previous: Game) -> None:
        """Make this game the one started after `previous` (as a backup says), which then
        offers it ("the next game has started"): a new version of `previous`."""
        with transaction.atomic():
            Game.objects.filter(pk=self.pk).update(previous=previous)
            self.previous = previous
            previous._lock()._bump()

    def abandon(self, by: str) -> bool:
        """Give the game up: kept, out of "In play" and the statistics. False if it was
        already given up (a second tap), or finished meanwhile (nothing to give up)."""
        with transaction.atomic():
            game = self._lock()
            if game.abandoned_at is not None or game.is_finished():
                return False
            game._mark(timezone.now(), GameEvent.ABANDON, by)
            return True

    def take_up(self, by: str) -> bool:
        """Play an abandoned game on; False if it was not abandoned (a second tap)."""
        with transaction.atomic():
            game = self._lock()
            if game.abandoned_at is None:
                return False
            game._mark(None, GameEvent.TAKE_UP, by)
            return True

    def write_note(self, note: str, by: str) -> bool:
        """Write the game's note (spec "Notes": trimmed, "" for none; the form has checked
        it), a change in the game's history. False if it says that already (a second tap)."""
        note = read_note(note)
        with transaction.atomic():
            game = self._lock()
            if game.note == note:
                return False
            Game.objects.filter(pk=game.pk).update(note=note)
            game.note = self.note = note
            GameEvent.objects.create(game=game, action=GameEvent.NOTE, by=by)
            # A note changes no score: a new version for the pages, the statistics as they are.
            game._bump()
            if game is not self:
                self.version = game.version
            return True

    def last_abandon(self) -> GameEvent | None:
        """The last giving up or taking up of the game (prefetched events serve)."""
        return next((e for e in self.events.all() if e.action != GameEvent.NOTE), None)

    def delete_if_empty(self) -> bool:
        """Delete a game no hand was saved in; False (and nothing deleted) if one was, on
        another phone meanwhile, so that no saved hand is ever lost by this."""
        with transaction.atomic():
            game = self._lock()
            if game.hand_list():
                return False
            previous = game.previous_id
            game.delete()
            live.changed(game.code, None, None)
            # Its phones learn at once that it is gone, the group's pages too.
            stream.game_moved(game.group_id, game.code, 0)
            stream.group_moved(game.group_id)
            if previous is not None:
                # The game it followed offered it ("the next game has started"): no more.
                Game.objects.get(pk=previous)._lock()._bump()
            return True

    def _mark(self, abandoned_at: dt.datetime | None, action: str, by: str) -> None:
        Game.objects.filter(pk=self.pk).update(abandoned_at=abandoned_at)
        self.abandoned_at = abandoned_at
        GameEvent.objects.create(game=self, action=action, by=by)
        self._changed()

    def add_hand(
        self,
        number: int,
        data: dict[str, Any],
        by: str,
        entry: str = "",
        rotation_dealer: str = "",
    ) -> Attempt:
        """Save hand `number`, which must be the next one, checked against the game as it
        is under the lock; says what came of it.

        `entry` is the key of the form the hand was entered in. An entry that is already
        stored adds nothing, whatever number it carries now (a double tap, a retry after a
        lost answer, an offline phone sending its queue): the stored hand is the answer,
        as it is now. One that was stored and then deleted is not added back either.

        `rotation_dealer` is the dealer the rotation named when the form was drawn, while
        the hand's dealer is still that one: if a change on another phone moved the
        rotation since, nothing is saved with a dealer nobody chose.

        A hand saved into an abandoned game (a phone that was offline, or had the form
        open) is kept, and takes the game up again: the table is evidently playing it.

        Called on a game loaded with `Game.objects.locked()` in the caller's transaction,
        the change works on that instance and leaves it as the game now is (its hands,
        version and result), so the caller can answer without reading it again."""
        with self._locked() as game:
            hands = game.hand_list()
            if entry:
                if (stored := game.entered(entry)) is not None:
                    return Attempt(Outcome.ALREADY_DONE, stored)
                # Only the hand's "add" records its entry: one row at most, the number it had
                # (so nothing to order).
                added = game.changes.filter(entry=entry).order_by().values_list("number", flat=True)
                if gone := list(added[:1]):
                    return Attempt(Outcome.ENTRY_DELETED, number=gone[0])
            if number != len(hands) + 1:
                existing = next((h for h in hands if h.number == number), None)
                if existing is not None and existing.data == data:
                    # The same hand sent twice (a retry), or saved first by another phone.
                    same = (
                        Outcome.ALREADY_DONE if existing.entry == entry else Outcome.DONE_ELSEWHERE
                    )
                    return Attempt(same, existing)
                return Attempt(Outcome.CONFLICT, existing)
            if rotation_dealer and data.get("dealer") == rotation_dealer:
                named = game.next_dealer()
                if named is not None and named != rotation_dealer:
                    return Attempt(Outcome.DEAL_MOVED, dealer=named)
            try:
                game.result_with(data)
            except RuleError as exc:  # the game moved on under the form
                return Attempt(Outcome.REFUSED, reason=exc)
            if game.abandoned_at is not None:
                game._mark(None, GameEvent.TAKE_UP, by)
            # The row lock makes a clash on (game, number) or (game, entry) impossible here.
            hand = Hand.objects.create(
                game=game,
                number=number,
                data=data,
                revision=game._stamp(),
                entered_by=by,
                entry=entry,
            )
            game._hands = [*hands, hand]
            game._record(hand, Change.ADD, None, data, by, entry=entry)
            game._changed()
            game._added = hand
            return Attempt(Outcome.DONE, hand)

    def add_hands(self, hands: list[dict[str, Any]], by: str) -> Attempt:
        """Add these hands after the last one, as `add_hand` would one by one (each hand its
        own change and revision), but checked together and written at once, with the
        statistics once: how an imported file goes in (a long one must not hold the
        database hand by hand)."""
        with transaction.atomic():
            game = self._lock()
            before = game.hand_list()
            try:
                game._play([*(h.data for h in before), *hands])
            except RuleError as exc:
                return Attempt(Outcome.REFUSED, reason=exc)
            # Hand n is the game's next change: its revision is the version it brings about.
            first, version = len(before) + 1, game._stamp()
            rows = Hand.objects.bulk_create(
                Hand(game=game, number=first + i, data=data, revision=version + i, entered_by=by)
                for i, data in enumerate(hands)
            )
            Change.objects.bulk_create(
                Change(
                    game=game,
                    number=row.number,
                    hand_code=row.code,
                    action=Change.ADD,
                    after=row.data,
                    by=by,
                )
                for row in rows
            )
            game._hands = [*before, *rows]
            game._changed(len(rows))
            return Attempt(Outcome.DONE)

    def load_history(
        self,
        hands: list[Hand],
        changes: list[Change],
        events: Sequence[GameEvent] = (),
        abandoned_at: dt.datetime | None = None,
    ) -> None:
        """Write a game's hands and change history as a backup kept them (codes, revisions,
        who and when; the version is the backup's), with the times it was given up and taken
        up again and whether it is given up now, then its statistics (which leave an
        abandoned game out): how a restore brings a game back. Nothing here is a new change."""
        hand_times = [(hand.created_at, hand.updated_at) for hand in hands]
        change_times = [change.at for change in changes]
        event_times = [event.at for event in events]
        with transaction.atomic():
            game = self._lock()
            Hand.objects.bulk_create(hands)
            Change.objects.bulk_create(changes)
            GameEvent.objects.bulk_create(events)
            for event, at in zip(events, event_times, strict=True):
                event.at = at
            GameEvent.objects.bulk_update(events, ["at"])
            if abandoned_at is not None:
                Game.objects.filter(pk=game.pk).update(abandoned_at=abandoned_at)
                game.abandoned_at = self.abandoned_at = abandoned_at
            # Creating stamps them with now; an update puts back the times given (an update
            # leaves them alone).
            moved = [
                (hand, times)
                for hand, times in zip(hands, hand_times, strict=True)
                if (hand.created_at, hand.updated_at) != times
            ]
            for hand, (created, updated) in moved:
                hand.created_at, hand.updated_at = created, updated
            Hand.objects.bulk_update([hand for hand, _times in moved], ["created_at", "updated_at"])
            stamped = [
                (change, at)
                for change, at in zip(changes, change_times, strict=True)
                if change.at != at
            ]
            for change, at in stamped:
                change.at = at
            Change.objects.bulk_update([change for change, _at in stamped], ["at"])
            game._hands = sorted([*game.hand_list(), *hands], key=lambda h: h.number)
            game._write_statistics()

    def edit_hand(self, number: int, revision: int, data: dict[str, Any], by: str) -> Attempt:
        """Correct hand `number`, as the page showed it (`revision`)."""
        with transaction.atomic():
            game = self._lock()
            hand = next((h for h in game.hand_list() if h.number == number), None)
            if hand is not None and hand.data == data:
                return Attempt(Outcome.ALREADY_DONE, hand)  # the same correction sent twice
            if hand is None or hand.revision != revision:
                return Attempt(Outcome.CONFLICT, hand)
            return game._rewrite(hand, data, Change.EDIT, by)

    def delete_hand(self, number: int, revision: int, by: str) -> Attempt:
        """Delete hand `number`, as the page showed it (`revision`); the hands after it
        move up."""
        with transaction.atomic():
            game = self._lock()
            hands = game.hand_list()
            hand = next((h for h in hands if h.number == number), None)
            if hand is None or hand.revision != revision:
                return Attempt(Outcome.CONFLICT, hand)
            rest = [h for h in hands if h is not hand]
            try:
                game._play([h.data for h in rest])
            except RuleError as exc:
                return Attempt(Outcome.REFUSED, reason=exc)
            hand.delete()
            game._shift_after(rest, number, -1)
            game._record(hand, Change.DELETE, hand.data, None, by)
            game._changed()
            return Attempt(Outcome.DONE, hand)

    def restore(self, change: Change, by: str) -> Attempt:
        """Bring the hand `change` is about back to how it was after it (or before it, for a
        deletion). Hands are followed by their code, so a hand that has moved up or down
        since is still the one restored, and a deleted one goes back where it last was."""
        data = change.after if change.after is not None else change.before
        assert data is not None
        with transaction.atomic():
            game = self._lock()
            hands = game.hand_list()
            current = next((h for h in hands if h.code == change.hand_code), None)
            if current is not None:
                if current.data == data:  # the same restore sent twice
                    return Attempt(Outcome.ALREADY_DONE, current)
                return game._rewrite(current, data, Change.RESTORE, by)
            last = game.changes.filter(hand_code=change.hand_code).order_by("-pk").first()
            number = min((last or change).number, len(hands) + 1)
            datas = [h.data for h in hands]
            try:
                game._play([*datas[: number - 1], data, *datas[number - 1 :]])
            except RuleError as exc:
                return Attempt(Outcome.REFUSED, reason=exc)
            game._shift_after(hands, number - 1, +1)
            # The hand comes back with the entry key it was added with, so a late retry
            # of that entry still finds it instead of adding it a second time.
            added = game.changes.filter(hand_code=change.hand_code, action=Change.ADD).first()
            hand = Hand.objects.create(
                game=game,
                number=number,
                data=data,
                revision=game._stamp(),
                entered_by=by,
                code=change.hand_code or new_code(),
                entry=added.entry if added and change.hand_code else "",
            )
            game._hands = sorted([*hands, hand], key=lambda h: h.number)
            game._record(hand, Change.RESTORE, None, data, by)
            game._changed()
            return Attempt(Outcome.DONE, hand)

    def replace_hands(self, wanted: list[tuple[str, dict[str, Any]]], by: str) -> Attempt:
        """Make the hands these (code, hand) pairs, in this order: a correction from a backup.

        Hands are matched by code. One not wanted is deleted, one missing is restored, one
        whose contents differ is corrected; each is a change in the history, as if made
        one by one, and the rules check the game as it ends up.
        """
        with transaction.atomic():
            game = self._lock()
            try:
                game._play([data for _code, data in wanted])
            except RuleError as exc:
                return Attempt(Outcome.REFUSED, reason=exc)
            hands = {hand.code: hand for hand in game.hand_list()}
            codes = {code for code, _data in wanted}
            # Each change is a version of its own: its revision is the version it brings about.
            version = game.version
            for gone in hands.values():
                if gone.code not in codes:
                    gone.delete()
                    game._record(gone, Change.DELETE, gone.data, None, by)
                    version += 1
            # Out of the way first, so that (game, number) stays unique at every row.
            game.hands.update(number=-F("number"))
            kept = []
            for number, (code, data) in enumerate(wanted, start=1):
                hand = hands.get(code)
                if hand is None:
                    taken = Hand.objects.filter(code=code).exists()
                    version += 1
                    hand = Hand.objects.create(
                        game=game,
                        code=new_code() if taken else code,
                        number=number,
                        data=data,
                        revision=version,
                        entered_by=by,
                    )
                    game._record(hand, Change.RESTORE, None, data, by)
                    kept.append(hand)
                    continue
                before, moved = hand.data, hand.number != number
                hand.number = number
                if before != data:
                    version += 1
                    hand.data, hand.revision, hand.entered_by = data, version, by
                    hand.save(
                        update_fields=["number", "data", "revision", "entered_by", "updated_at"]
                    )
                    game._record(hand, Change.EDIT, before, data, by)
                elif moved:
                    # A hand that moved is not the one a page showed under its number.
                    version += 1
                    hand.revision = version
                    hand.save(update_fields=["number", "revision"])
                else:
                    hand.save(update_fields=["number"])
                kept.append(hand)
            game._hands = kept
            game._changed(version - game.version)
            return Attempt(Outcome.DONE)

    def _rewrite(self, hand: Hand, data: dict[str, Any], action: str, by: str) -> Attempt:
        """Give a hand new contents, once the rules accept the game with them."""
        try:
            self.result_with(data, replacing=hand.number)
        except RuleError as exc:
            return Attempt(Outcome.REFUSED, reason=exc)
        before = hand.data
        hand.data, hand.revision, hand.entered_by = data, self._stamp(), by
        hand.save(update_fields=["data", "revision", "entered_by", "updated_at"])
        self._record(hand, action, before, data, by)
        self._changed()
        return Attempt(Outcome.DONE, hand)

    def _stamp(self) -> int:
        """The revision for what this change writes: the game version it brings about.

        Unique within the game, so a page's (number, revision) names one state of one
        hand; an undo retried after another phone added a hand there cannot take it.
        """
        return self.version + 1

    def _lock(self) -> Game:
        """This game's row, locked until the transaction ends, with its group, night,
        seats and hands."""
        return (
            Game.objects.select_related("group", "night")
            .select_for_update(of=("self",))
            .prefetch_related("seats", "hands")
            .get(pk=self.pk)
        )

    @contextmanager
    def _locked(self) -> Iterator[Game]:
        """The game to change, locked until the change is written: this very instance when
        the caller loaded it locked (`Game.objects.locked()`) in the transaction it is in,
        else the game read again under the lock in a transaction of the change's own."""
        if self._held and transaction.get_connection().in_atomic_block:
            yield self
            return
        with transaction.atomic():
            yield self._lock()

    def _shift_after(self, hands: list[Hand], number: int, step: int) -> None:
        """Move the hands after `number` by `step` (a hand deleted or brought back before
        them), here and in the database."""
        # Two steps through negative numbers, so that (game, number) stays unique at every
        # row even on databases that check the constraint row by row.
        later = self.hands.filter(number__gt=number)
        # A hand that moves is not the hand a page showed under that number: a new
        # revision makes that page's delete or correction (a double tap) stale.
        later.update(number=-F("number"), revision=self._stamp())
        self.hands.filter(number__lt=0).update(number=-F("number") + step)
        for hand in hands:
            if hand.number > number:
                hand.number, hand.revision = hand.number + step, self._stamp()
        self._hands = list(hands)

    def _record(
        self, hand: Hand, action: str, before: Any, after: Any, by: str, entry: str = ""
    ) -> None:
        Change.objects.create(
            game=self,
            number=hand.number,
            hand_code=hand.code,
            action=action,
            before=before,
            after=after,
            by=by,
            entry=entry,
        )

    def _changed(self, steps: int = 1) -> None:
        """What every change does once it is written: a new version, and the statistics."""
        self._added = None
        self._bump(steps)
        self._write_statistics()
        self._share_result()

    def _result_key(self) -> str:
        return f"game-result:{self.pk}.{self.version}.{release()}"

    def _share_result(self) -> None:
        """The result of the version this change made, into the cache once the change is
        committed (a change rolled back leaves nothing), for the next change to start from
        (see `result`)."""
        result = self.result_or_none()
        if result is None:
            return
        key, kept = self._result_key(), (self._made_table()[0], result)
        transaction.on_commit(lambda: cache.set(key, kept, RESULT_LIFETIME))

    def _bump(self, steps: int = 1) -> None:
        """The one way a game's version moves on (under the row lock): what the game's
        page shows changed, so the phones watching it ask again."""
        Game.objects.filter(pk=self.pk).update(version=F("version") + steps)
        self.version += steps
        live.changed(self.code, self.group_id, self.version)
        stream.game_moved(self.group_id, self.code, self.version)

    def _write_statistics(self, *, rebuild: bool = False) -> None:
        """The statistics rows and cached winners follow the hands, in the same transaction
        (called under the row lock, with the seats and hands as they now are).

        Only a won game that is not abandoned has rows, and only such a game has winners
        stored: a game that had none and still has none has nothing to rewrite."""
        result = self.result_or_none() if self.abandoned_at is None else None
        winners = list(result.winners) if result is not None and result.finished else None
        if winners is None and self.winners is None and not rebuild:
            return
        if self.winners is not None or rebuild:
            GameStat.objects.filter(game=self).delete()
            PairStat.objects.filter(game=self).delete()
            BidStat.objects.filter(game=self).delete()
            self.awards.all().delete()
        # Only a game with winners stored has rating rows to compare with.
        rated = self.winners is not None
        self._write_ratings(result if winners is not None else None, rated, rebuild=rebuild)
        if winners != self.winners:
            Game.objects.filter(pk=self.pk).update(winners=winners)
            self.winners = winners
        when = self.night.date if self.night else Night.evening_of(self.created_at)
        if result is not None and winners is not None:
            self._write_rows(result, when)
        # The season's awards follow its games (a rebuild awards every season after).
        if not rebuild:
            Award.objects.award_season(self.group_id, when.year)

    def _write_rows(self, result: GameResult, when: dt.date) -> None:
        """A finished game's statistics rows, bids by level and awards of its own."""
        players = {seat.name: seat.player_id for seat in self.seats.all()}
        winners = result.winners
        table = self.table()
        # An adjustment is no hand of anybody's (no bid, no best hand); the totals count it.
        collected = get_game(self.kind).figures(table, result.played())
        places = _places(table, result)
        GameStat.objects.bulk_create(
            GameStat(
                game=self,
                player_id=players[name],
                group_id=self.group_id,
                kind=self.kind,
                date=when,
                place=places[table.side_of(name)],
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
                    game=self,
                    bidder_id=players[bidder],
                    partner_id=players[partner],
                    group_id=self.group_id,
                    kind=self.kind,
                    date=when,
                    hands=pair.hands,
                    made=pair.made,
                    points=pair.points,
                )
                for (bidder, partner), pair in collected.pairs.items()
            )
        levels = [
            BidStat(
                game=self,
                player_id=players[name],
                group_id=self.group_id,
                kind=self.kind,
                date=when,
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
                Award(
                    game=self,
                    player_id=players[name],
                    group_id=self.group_id,
                    kind=self.kind,
                    date=when,
                    played_at=self.created_at,
                    award=award,
                )
                for award, name in earned
            )

    def _write_ratings(
        self, result: GameResult | None, rated: bool, *, rebuild: bool = False
    ) -> None:
        """This game's rating rows follow its places (`result`: finished, else None), and
        the ratings of every later game of its kind in its group follow them in turn.
        Places that did not change rate nothing again; a rebuild writes the places only
        (`GameManager.rebuild_statistics` rates the whole chain after). `rated`: whether
        the game may have rows (a game newly won has none to read)."""
        rows = []
        if result is not None:
            players = {seat.name: seat.player_id for seat in self.seats.all()}
            table = self.table()
            places = _places(table, result)
            index = {side: i for i, side in enumerate(table.sides)}
            rows = [
                Rating(
                    game=self,
                    player_id=players[name],
                    group_id=self.group_id,
                    kind=self.kind,
                    played_at=self.created_at,
                    side=index[table.side_of(name)],
                    place=places[table.side_of(name)],
                )
                for name in table.players
            ]
        wanted = {(row.player_id, row.side, row.place) for row in rows}
        stored = set(self.ratings.values_list("player_id", "side", "place")) if rated else set()
        if wanted == stored and not rebuild:
            return
        if stored or rebuild:
            self.ratings.all().delete()
        if rebuild:
            Rating.objects.bulk_create(rows)
        else:
            since = (self.created_at, self.pk)
            Rating.objects.rate_from(self.group_id, self.kind, since=since, rows=rows)
            self._ratings = rows

    def rating_list(self) -> list[Rating]:
        """This game's rating rows: as the last change on this instance wrote them, else
        as read (prefetched, or asked for now)."""
        if self._ratings is not None:
            return list(self._ratings)
        return list(self.ratings.all())


def _ordered(mapping: dict[str, Any], order: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The same keys and values, those named in `order` first and in that order."""
    rank = {key: i for i, key in enumerate(order)}
    return dict(sorted(mapping.items(), key=lambda item: rank.get(item[0].strip(), len(rank))))


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    # A player who has played cannot be deleted alone; deleting the whole group can.
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    # The name as the game file spells it, fixed when the game was set up.
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint("game", "position", name="seat_position_unique"),
            models.UniqueConstraint("game", "player", name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    # Stays with the hand while its number changes (a hand before it deleted or restored):
    # what the change history and "restore" follow.
    code = models.CharField(max_length=16, unique=True, default=new_code)
    number = models.IntegerField()
    # The hand exactly as the game file writes it: names, bid, tricks, ...
    data = models.JSONField()
    revision = models.PositiveIntegerField(default=1)
    entered_by = models.CharField(max_length=40, blank=True)
    # The key of the form the hand was entered in (made when the form was shown): a form
    # sent again, however late and under whatever number, finds this hand. Corrections
    # keep it; empty for hands that came from a game file.
    entry = models.CharField(max_length=32, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # One hand per number: a double tap or a retried POST cannot add a second.
            models.UniqueConstraint("game", "number", name="hand_number_unique"),
            # One hand per entry: two requests with the same form can never both add it.
            models.UniqueConstraint(
                "game", "entry", condition=~models.Q(entry=""), name="hand_entry_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number}"


class Change(models.Model):
    """One change to a hand: who, when, and the hand before and after."""

    ADD, EDIT, DELETE, RESTORE = "add", "edit", "delete", "restore"
    ACTIONS = [
        (ADD, _("added")),
        (EDIT, _("corrected")),
        (DELETE, _("deleted")),
        (RESTORE, _("restored")),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    code = models.CharField(max_length=16, unique=True, default=new_code)
    # The number the hand had when it changed, and the hand's own code (see `Hand.code`).
    number = models.PositiveIntegerField()
    hand_code = models.CharField(max_length=16, blank=True, default="")
    action = models.CharField(max_length=8, choices=ACTIONS)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    by = models.CharField(max_length=40, blank=True)
    # On an "add": the entry key of the form (see `Hand.entry`), so that a hand deleted
    # since is still known as saved when its form is sent again.
    entry = models.CharField(max_length=32, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            # Every save asks whether its entry was added and deleted since (`add_hand`):
            # found by the index, without reading the game's history.
            models.Index(fields=["game", "entry"], name="change_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.action} #{self.number}"


class GameEvent(models.Model):
    """A change to the game as a whole (given up, taken up again, its note written), for
    its history."""

    ABANDON, TAKE_UP, NOTE = "abandon", "take-up", "note"
    ACTIONS = [
        (ABANDON, _("abandoned")),
        (TAKE_UP, _("taken up again")),
        (NOTE, _("note written")),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    action = models.CharField(max_length=8, choices=ACTIONS)
    by = models.CharField(max_length=40, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} {self.game_id}"


class GameStat(models.Model):
    """One player's figures from one finished game: derived from the hands, kept so that
    statistics over thousands of games stay quick. `games.stats` writes these rows on
    every change to a game and can rebuild them all (``manage.py rebuild_stats``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="stats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="stats")
    # Copied from the game so that period and group filters need no join.
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
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

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="pair_stats")
    bidder = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
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

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bid_stats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
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

    def award_season(self, group: int, year: int) -> None:
        """Work out a season's awards again from its games (see `standings`): only the
        awards that changed are deleted or written (finishing the latest game changes a
        few; a season holds hundreds)."""
        standings, games = self.standings(group, year)
        start, end = dt.date(year, 1, 1), dt.date(year + 1, 1, 1)
        season = [award.id for award in award_rules.SEASON]
        stored = {
            (game, player, award): pk
            for game, player, award, pk in self.filter(
                group_id=group, date__gte=start, date__lt=end, award__in=season
            ).values_list("game_id", "player_id", "award", "pk")
        }
        wanted = {(one.game, one.player, one.award) for one in standings.earned}
        gone = [pk for key, pk in stored.items() if key not in wanted]
        if gone:
            self.filter(pk__in=gone).delete()
        self.bulk_create(
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

    def award_seasons(self, group: int) -> None:
        """Every season's awards of a group again (a rebuild)."""
        self.filter(group_id=group, award__in=[award.id for award in award_rules.SEASON]).delete()
        for season in GameStat.objects.filter(group_id=group).dates("date", "year"):
            self.award_season(group, season.year)


class Award(models.Model):
    """An award one player earned in one finished game (`games.rules.awards`): the game's
    own and the comeback written with its statistics rows, the season's awards worked out
    again from the season's rows whenever one of its games changes (`award_season`)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="awards")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="awards")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
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


class ReplacedLink(models.Model):
    """A link the group replaced, kept as a hash: a phone still using it is told that the
    link was replaced (and what to do), not that it leads nowhere. The hash, not the key,
    so that even the database cannot open the group by it again."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="replaced_links")
    key_hash = models.CharField(max_length=64, unique=True)
    replaced_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"a replaced link of {self.group_id}"

    @staticmethod
    def hash_of(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @staticmethod
    def remember(group: Group, keys: Sequence[str]) -> None:
        ReplacedLink.objects.bulk_create(
            [ReplacedLink(group=group, key_hash=ReplacedLink.hash_of(key)) for key in keys]
        )

    @staticmethod
    def was_replaced(key: str) -> bool:
        """Whether `key` was once a link of some group, since replaced."""
        return ReplacedLink.objects.filter(key_hash=ReplacedLink.hash_of(key)).exists()


class RatingManager(models.Manager["Rating"]):
    def rate_from(
        self,
        group: int,
        kind: str,
        *,
        since: tuple[dt.datetime, int] | None = None,
        rows: Sequence[Rating] = (),
    ) -> None:
        """Rate the games of this kind in this group again, in the order they were played,
        from `since` on (from the first when None): `rows` are the places of `since`, not
        stored yet (none: it is not rated), written with their ratings; the later games'
        stored rows get theirs. Each player starts from their latest rating before it.
        `since` is a game's place in the order: when it was started, and its id."""
        # One chain is rated at a time (the caller's transaction holds the group's row):
        # two games of a group won at the same moment at two tables would each be rated
        # from the ratings before the other, and the later one would miss the earlier.
        list(Group.objects.select_for_update().filter(pk=group).values_list("pk"))
        chain = self.filter(group=group, kind=kind)
        earlier, game = self.none(), None
        if since is not None:
            at, game = since
            before = Q(played_at__lt=at) | Q(played_at=at, game_id__lt=game)
            chain, earlier = chain.exclude(before), chain.filter(before)
            chain = chain.exclude(game=game)
        later = list(chain.order_by("played_at", "game_id", "side", "pk"))
        games: dict[int, list[Rating]] = {}
        for row in [*rows, *later]:
            games.setdefault(row.game_id, []).append(row)
        if not games:
            return
        players = {row.player_id for row in [*rows, *later]}
        latest = earlier.filter(player=OuterRef("pk")).order_by("-played_at", "-game_id")
        known = {
            player: ratings.Skill(mu, sigma)
            for player, mu, sigma in Player.objects.filter(pk__in=players)
            .annotate(
                mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1])
            )
            .filter(mu__isnull=False)
            .values_list("pk", "mu", "sigma")
        }
        chained = ratings.rate_in_turn(known, (_finish(game) for game in games.values()))
        for game_rows, rated in zip(games.values(), chained, strict=True):
            for row in game_rows:
                skill = rated[row.player_id]
                row.mu_before, row.sigma_before = skill.before.mu, skill.before.sigma
                row.mu, row.sigma = skill.after.mu, skill.after.sigma
        if later:
            # Written again rather than updated: Django's bulk_update of thousands of rows
            # (a correction to a game played years ago) took thirty times as long.
            chain.delete()
        self.bulk_create([*rows, *later], batch_size=1000)

    def current(
        self, group: int, kind: str, players: Iterable[int]
    ) -> dict[int, ratings.Skill] | None:
        """These players' latest ratings at this game in this group (a player not rated
        yet is left out); None when the group has rated no game of this kind yet. One query."""
        rated = self.filter(group=group, kind=kind)
        latest = rated.filter(player=OuterRef("pk")).order_by("-played_at", "-game_id")
        rows = list(
            Player.objects.filter(pk__in=list(players))
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


def _finish(rows: Sequence[Rating]) -> ratings.Finish[int]:
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
    game's statistics rows (`Game._write_ratings`), and rated again from a game on when its
    places change (a correction, a hand deleted or restored, a game restored from a
    backup); ``manage.py rebuild_stats`` rates them all again from the first game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    # Copied from the game so that a group's chain of one game is read without a join.
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
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


class Announcement(models.Model):
    """A change told to the live streams of workers that share nothing but a SQLite
    database (`games.stream`): each worker watches the rows after the last it saw. Rows
    older than a minute go; a group here is its id alone, as the stream's address has it."""

    origin = models.CharField(max_length=16)
    group = models.BigIntegerField()
    name = models.CharField(max_length=8)
    data = models.CharField(max_length=40, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.name} {self.data}"
