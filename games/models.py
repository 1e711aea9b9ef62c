"""What the table said: groups, players, games, seats, hands, and every change to a hand.

Points and totals are not stored: the rules engine works them out from the hands on
every read (`Game.result`; a game of a hundred hands scores in about two milliseconds).
What lists and statistics over thousands of games need is kept per finished game
(`Game.winners`, `GameStat`, `PairStat`, ...: written by `games.derived`, called by every
change, and rebuilt by `rebuild_stats`). Every change to a game is a method of the game:
it runs in a transaction that locks the game row, records a `Change`, moves
`Game.version` on (`Game._bump`) and has the derived rows follow, so two phones can never
both write hand 7; it returns what came of it (an `Attempt`, with the game as it now is:
`Played`) rather than raising.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import secrets
import string
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any, ParamSpec

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.db import IntegrityError, models, transaction
from django.db.models import (
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Lower
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from games import derived, feed, live, stream
from games.derived import Award as Award
from games.derived import BidStat as BidStat
from games.derived import GameStat as GameStat
from games.derived import PairStat as PairStat
from games.derived import Rating as Rating
from games.rules import GAMES, GameResult, RuleError, Table, make_table, play
from games.rules.limits import read_note
from games.state import Played

P = ParamSpec("P")

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


#: How long after a game was started the same form sent again opens it (`Group.start_game`).
SAME_START = dt.timedelta(hours=1)


class Group(models.Model):
    """A table of friends: the home of its players and games, reached only by its links."""

    name = models.CharField(_("name"), max_length=80)
    edit_key = models.CharField(max_length=32, unique=True, default=new_key)
    view_key = models.CharField(max_length=32, unique=True, default=new_key)
    created_at = models.DateTimeField(auto_now_add=True)
    # What of the group's ratings and season awards is not worked out yet, and from where
    # (`games.derived`): empty but for the moment between a change to an earlier game and
    # its catch-up, or after a process died between them.
    behind = models.JSONField(default=dict, blank=True, editable=False)

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

    def players_named(self, names: list[str], by: str = "") -> list[Player]:
        """The group's players with these names (any letter case), adding the new ones
        (`by`: who adds them)."""
        existing = self.players_by_name()
        found = []
        for name in names:
            player = existing.get(name.lower())
            if player is None:
                player = existing[name.lower()] = self.add_player(name, by)
            found.append(player)
        return found

    def replace_keys(self, by: str = "") -> None:
        """New links for the group; the old ones stop working at once."""
        old = (self.edit_key, self.view_key)
        self.edit_key, self.view_key = new_key(), new_key()
        with transaction.atomic():
            self.save(update_fields=["edit_key", "view_key"])
            ReplacedLink.remember(self, old)
            feed.record(self, feed.Entry.LINKS, by)
        live.links_replaced(*old)
        stream.group_moved(self.pk)

    def add_player(self, name: str, by: str = "") -> Player:
        """A new player joins the group (the form has checked the name): `by` adds them,
        or they join themselves (`by` is their name)."""
        with transaction.atomic():
            player = Player.objects.create(group=self, name=name)
            feed.record(self, feed.Entry.PLAYER, by, player=player.code, name=name)
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
        played_at: dt.datetime | None = None,
    ) -> Game:
        """A new game of `kind`, these players seated in order. The form's one-time token
        starts it once: a second tap, even at the same moment, finds the game the first
        one started. The game it goes on from (`previous`; for a game started at the table
        now, `at_the_table`, the group's latest with any of its players, once over) offers
        it to its phones and big screen: a new version of that game. A game copied from a
        sheet played another evening is started as then (`played_at`), on that night."""
        if form_token and (started := self.games.filter(form_token=form_token).first()):
            return started
        same = {"kind": kind, "rules": rules or {}, "teams": teams, "start": start or {}}
        if at_the_table and (started := self._started_already(players, first_dealer, same)):
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
                    night=Night.for_moment(self, played_at) if played_at else None,
                )
                if played_at is not None:  # creating stamped it with now
                    Game.objects.filter(pk=game.pk).update(created_at=played_at)
                    game.created_at = played_at
                self.seat(game, players)
                feed.record(self, feed.Entry.STARTED, by, game, players=players)
                if previous is not None:
                    Game.objects.offer_on_from(previous)
                elif at_the_table:
                    self.go_on_at_the_table(game)
                stream.group_moved(self.pk)
        except IntegrityError:
            if not form_token:
                raise
            return self.games.get(form_token=form_token)  # the same form, sent twice at once
        return game

    def seat(self, game: Game, names: list[str]) -> None:
        """Seat these names in order at a new `game`, each as (or as a new) player of the
        group. A seat keeps the name exactly as given: the hands, teams and start totals
        spell it so."""
        players = self.players_named(names, by=game.created_by)
        Seat.objects.bulk_create(
            Seat(game=game, player=player, position=i, name=name)
            for i, (name, player) in enumerate(zip(names, players, strict=True), start=1)
        )

    def _started_already(
        self, players: list[str], first_dealer: str, same: dict[str, Any]
    ) -> Game | None:
        """The group's latest game, if it is this one started the same way within the
        hour and no hand is in it yet: the same form sent again (after the browser's Back,
        with a token of its own) opens it, rather than giving it up for a twin. (One left
        unplayed since another evening is given up as before: tonight's game is tonight's.)"""
        latest = self.games.prefetch_related("seats").first()
        if (
            latest is None
            or latest.created_at < timezone.now() - SAME_START
            or latest.abandoned_at is not None
            or latest.winners is not None
            or latest.first_dealer != first_dealer
            or any(getattr(latest, name) != value for name, value in same.items())
            or [seat.name for seat in latest.seats.all()] != players
            or latest.hands.exists()
        ):
            return None
        return latest

    def go_on_at_the_table(self, game: Game, *, give_up: bool = True) -> None:
        """`game` is where the table went on to from the game it left (`_left_for`), which
        offers it to its phones and big screen."""
        if (left := self._left_for(game, give_up=give_up)) is not None:
            Game.objects.filter(pk=game.pk).update(previous=left)
            game.previous = left
            Game.objects.offer_on_from(left)

    def _left_for(self, game: Game, *, give_up: bool = True) -> Game | None:
        """The game the table comes to `game` from: the group's latest other game with any
        of its players, if that is over and the table has not gone on from it yet. (At
        another table of the group, other players: none.) A game in play with no hand
        (started, then another kind chosen) is given up for `game`, and left for it, if
        `give_up` (a game started at the table; not a sheet imported beside it)."""
        players = game.seats.values("player")
        latest = self.games.exclude(pk=game.pk).filter(seats__player__in=players).first()
        if latest is None:
            return None
        in_play = latest.winners is None and latest.abandoned_at is None
        if in_play and not give_up:
            return None
        if in_play and (latest.hands.exists() or not latest.abandon(game.created_by)):
            return None
        return None if Game.objects.filter(previous=latest).exists() else latest

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
        self.seat(game, players)
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

    def rename(self, name: str, place: str, by: str) -> bool:
        """Name the night and say where it was (the form has checked them); False if it
        says that already (a second tap)."""
        if (name, place) == (self.name, self.place):
            return False
        with transaction.atomic():
            Night.objects.filter(pk=self.pk).update(name=name, place=place)
            self.name, self.place = name, place
            feed.record(
                self.group_id,
                feed.Entry.NIGHT,
                by,
                night=self.code,
                date=self.date.isoformat(),
                name=name,
                place=place,
            )
        stream.group_moved(self.group_id)  # the group's and the night's pages follow
        return True


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
        cls,
        group: Group,
        name: str,
        start: dt.date,
        end: dt.date,
        *,
        code: str | None = None,
        by: str = "",
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
            feed.record(
                group,
                feed.Entry.SEASON,
                by,
                season=season.code,
                name=name,
                start=start.isoformat(),
                end=end.isoformat(),
            )
            return season, True

    def forget(self, by: str = "") -> None:
        """The group no longer names this season; its games stay, in their calendar year."""
        with transaction.atomic():
            self.delete()
            feed.record(self.group_id, feed.Entry.SEASON_REMOVED, by, name=self.name)


def game_kinds() -> list[tuple[str, Any]]:
    """The games the engine knows, in its order, with their titles (marked for translation
    in the game modules). Read when asked, so every game in the registry is a choice."""
    return [(name, _(card_game.title.message)) for name, card_game in GAMES.items()]


def release() -> str:
    """This release of the app, as what is kept in the cache is keyed by it: the RELEASE
    setting, else the hash of the static files' manifest (empty without collected files)."""
    return settings.RELEASE or str(getattr(staticfiles_storage, "manifest_hash", ""))


def seats_and_hands() -> tuple[
    Prefetch[str, QuerySet[Seat], str], Prefetch[str, QuerySet[Hand], str]
]:
    """A game's seats and hands as a change or its page reads them. Neither shows when a
    hand was entered: reading those two times of every hand made a save of a long game a
    tenth slower. Neither is ordered by the database: `players` and `state` put them in
    order."""
    return (
        Prefetch("seats", Seat.objects.order_by()),
        Prefetch("hands", Hand.objects.defer("created_at", "updated_at").order_by()),
    )


class GameManager(models.Manager["Game"]):
    def offer_on_from(self, previous: Game) -> None:
        """A game started after `previous`, or deleted: `previous` moves on, so that its
        phones and big screen hear which game to offer now; so does each game the table
        went on from before it that night, whose phones `present.game.next_game` offers
        the same game."""
        fields = ("code", "group_id", "version", "night_id", "previous_id")
        night, seen = previous.night_id, set[int]()
        pk: int | None = previous.pk
        while pk is not None and pk not in seen:  # a chain from a backup may loop
            seen.add(pk)
            game = self.select_for_update().only(*fields).get(pk=pk)
            if game.night_id != night:
                return
            game._bump()
            pk = game.previous_id

    def locked(self, key: str, code: str, entry: str = "") -> Game | None:
        """The game with this code in the group whose full link is `key`, locked until the
        caller's transaction ends (`holding`); None when the pair leads to no game to
        change. A change called on it works on this instance instead of reading it again."""
        try:
            return self.holding(self.filter(group__edit_key=key, code=code), entry)
        except Game.DoesNotExist:
            return None

    def holding(self, found: QuerySet[Game], entry: str = "") -> Game:
        """The one game `found` names, with its group, night, seats and hands, its row locked
        until the transaction ends, and the game as it is under the lock (`Game.now`). With
        `entry`, whether the hand saved from that entry was deleted since comes in the same
        query (`Game.entry_gone`). Its history is not loaded: a change asks it only for what
        it needs, so that a save does not grow with the game."""
        if not transaction.get_connection(self.db).in_atomic_block:
            # As on databases with row locks: a lock outside a transaction holds nothing.
            raise TransactionManagementError("A game is locked only inside a transaction.")
        found = (
            found.select_related("group", "night")
            .select_for_update(of=("self",))
            .prefetch_related(*seats_and_hands())
        )
        if entry:
            # Only the hand's "add" records its entry: one row at most, the number it had.
            added = Change.objects.filter(game=OuterRef("pk"), entry=entry).order_by()
            asked = {
                "entry_asked": Value(entry),
                "entry_gone": Subquery(added.values("number")[:1]),
                "entry_at": F("version"),
            }
            found = found.annotate(**asked)
        # `get`, not `first`: no ordering to work out for the one game a code names.
        game = found.get()
        game.held = True
        game.now = Played(game, tuple(sorted(game.hands.all(), key=_number)))
        return game

    def by_link(self, key: str, code: str) -> Game | None:
        """The game with this code in the group this link leads to, with its group (and
        nothing else: `GamePage.read` reads them when a part is drawn); None when the pair leads
        nowhere."""
        try:
            # By the code alone, then the link checked on the group read with it: the same
            # answer as asking both in the query (a code names one game), which Django
            # builds a fifth faster without the two links' condition. `get`, not `first`:
            # no ordering to work out.
            game = self.select_related("group").get(code=code)
        except Game.DoesNotExist:
            return None
        return game if key in (game.group.edit_key, game.group.view_key) else None

    def version_by_link(self, key: str, code: str) -> tuple[int, bool, int] | None:
        """(version, whether `key` is the full link, group) of the game with this code in
        the group this link leads to; None when the pair leads nowhere. The live poll's
        one query, asked by every phone after each nudge and every 30 s besides."""
        # By the code alone, the link checked on what was read with it, as `by_link`, and
        # in no order (a code names one game): the query built in half the Python calls.
        found = (
            self.filter(code=code)
            .order_by()
            .values_list("version", "group__edit_key", "group__view_key", "group")
        )
        for version, edit_key, view_key, group in found[:1]:
            if key in (edit_key, view_key):
                return version, edit_key == key, group
        return None

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
        # A rebuild wrote each game's places alone: the ratings follow, game after game,
        # then each season's awards.
        derived.rebuild_chains(rated)
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
    #: Done: the game as the change left it, its new hands and result.
    played: Played | None = None
    #: Done by rewriting a hand (a correction, a hand brought back): that change, which the
    #: page may offer to take back.
    change: Change | None = None

    @property
    def stands(self) -> bool:
        """Whether the game now holds what was asked for (written now or before)."""
        return self.outcome in (Outcome.DONE, Outcome.ALREADY_DONE, Outcome.DONE_ELSEWHERE)


def _refusable(change: Callable[P, Attempt]) -> Callable[P, Attempt]:
    """A change refused, with nothing written, when the rules refuse the game it would make:
    each plays the game before it writes (the engine's `RuleError`, then, says why)."""

    @wraps(change)
    def refusable(*args: P.args, **kwargs: P.kwargs) -> Attempt:
        try:
            return change(*args, **kwargs)
        except RuleError as exc:
            return Attempt(Outcome.REFUSED, reason=exc)

    return refusable


def _number(hand: Hand) -> int:
    return hand.number


class Game(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="games")
    code = models.CharField(max_length=16, unique=True, default=new_code)
    kind = models.CharField(max_length=16, choices=game_kinds)
    # As in the game file: house rules (only those set), teams, totals carried over.
    rules = models.JSONField(default=dict, blank=True)
    teams = models.JSONField(null=True, blank=True)
    start = models.JSONField(default=dict, blank=True)
    first_dealer = models.CharField(max_length=40, blank=True)
    # The one-time token of the form that started the game: a second tap finds that game.
    form_token = models.CharField(max_length=32, blank=True, default="")
    # Bumped by every change: the live scoreboard's ETag, and how a stale page is noticed.
    version = models.PositiveIntegerField(default=0)
    # The winners once finished (None while played, or needing a correction): kept so that
    # lists of games need not replay every hand, written with the rows (`derived.follow`).
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
    # The table's note on the whole game (spec "Notes"; a hand's is in its data), "" for none.
    note = models.TextField(blank=True, default="")

    objects = GameManager()

    #: Set by `Game.objects.holding(..., entry)`: the entry it asked about, the number the
    #: hand saved from it had if it was ever saved (None: never; `add_hand` looks for it
    #: among the hands first, so a number found here is a hand deleted since), and the
    #: version it asked at (a change on this instance since makes the answer stale).
    entry_asked = ""
    entry_gone: int | None = None
    entry_at = -1

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Whether the row is locked for the caller's transaction (`GameManager.holding`), and
        # the game as that lock or the last change on this instance left it (None: as read).
        self.held = False
        self.now: Played | None = None

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.created_at:%Y-%m-%d}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.night_id is None and self.group_id is not None:
            self.night = Night.for_moment(self.group, self.created_at or timezone.now())
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        """Delete the game; a rated game's later games are rated again (`derived.forget`)."""
        since, rated = (self.created_at, self.pk), self.ratings.exists()
        with transaction.atomic():
            deleted = super().delete(*args, **kwargs)
            if rated:
                derived.forget(self, since, self.evening().year)
        return deleted

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        self.now = None  # the hands as read again, not as a change on this instance left them
        super().refresh_from_db(*args, **kwargs)

    def get_kind_display(self) -> str:  # type: ignore[no-redef]  # Django allows overriding it
        """The game's title in the reader's language, from the registry: Django's own works
        out every game's title each time, a tenth of a game page kept in the cache."""
        if self.kind not in GAMES:
            return str(self.kind)
        return str(_(GAMES[self.kind].title.message))

    # --- Reading: the game as it is (`state`), and what nearly every caller asks of it ------

    @property
    def players(self) -> list[str]:
        """Names in seating order (uses prefetched seats when there are any)."""
        return [seat.name for seat in sorted(self.seats.all(), key=lambda s: s.position)]

    def state(self) -> Played:
        """The game as its lock or last change on this instance left it, else as read."""
        return self.now or Played(self, tuple(sorted(self.hands.all(), key=_number)))

    def hand_list(self) -> list[Hand]:
        return list(self.state().hands)

    def result(self) -> GameResult:
        return self.state().result()

    def table(self) -> Table[object]:
        """The table these seats and house rules make: made once, as they never change."""
        return self.seated_table

    @cached_property
    def seated_table(self) -> Table[object]:
        return make_table(self.kind, self.players, self.rules, self.teams, self.start)

    def evening(self) -> dt.date:
        """The evening the game belongs to (its night's; the statistics count it so)."""
        return self.night.date if self.night else Night.evening_of(self.created_at)

    def last_abandon(self) -> GameEvent | None:
        """The last giving up or taking up of the game: one row, however often it was
        given up and taken up again."""
        return self.events.exclude(action=GameEvent.NOTE).first()

    # --- Changing, always through these methods ----------------------------------------------

    def play_again(self, by: str) -> Game:
        """The next game at this table (the same players, rules and teams, the deal passed on),
        started once: a second tap finds it (the lock orders them). Its watchers are offered it."""
        with self._locked() as game:
            if again := Game.objects.filter(previous=game).order_by("pk").first():
                return again
            dealer = game.state().next_dealer() or game.first_dealer
            setup = {"rules": game.rules, "teams": game.teams, "first_dealer": dealer}
            return game.group.start_game(game.kind, game.players, **setup, by=by, previous=game)

    def follow(self, previous: Game, *, announce: bool = True) -> None:
        """Make this game the one started after `previous` (as a backup says), which then
        offers it ("the next game has started"): a new version of `previous`, so that its
        open pages hear of it (not `announce`: `previous` came in with this game, its
        version from the same backup already counts the next game's start)."""
        with transaction.atomic():
            Game.objects.filter(pk=self.pk).update(previous=previous)
            self.previous = previous
            if announce:
                previous._lock()._bump()

    def abandon(self, by: str) -> bool:
        """Give the game up: kept, out of "In play" and the statistics. False if it was
        already given up (a second tap), or finished meanwhile (nothing to give up)."""
        with self._locked() as game:
            result = game.state().result_or_none()
            if game.abandoned_at is not None or (result is not None and result.finished):
                return False
            game._mark(timezone.now(), GameEvent.ABANDON, by, result)
            return True

    def take_up(self, by: str) -> bool:
        """Play an abandoned game on; False if it was not abandoned (a second tap)."""
        with self._locked() as game:
            if game.abandoned_at is None:
                return False
            game._mark(None, GameEvent.TAKE_UP, by, game.state().result_or_none())
            return True

    def write_note(self, note: str, by: str) -> bool:
        """Write the game's note (spec "Notes": trimmed, "" for none; the form has checked
        it), a change in the game's history. False if it says that already (a second tap)."""
        note = read_note(note)
        with self._locked() as game:
            if game.note == note:
                return False
            Game.objects.filter(pk=game.pk).update(note=note)
            game.note = self.note = note
            GameEvent.record(game, GameEvent.NOTE, by, note=note)
            # A note changes no score: a new version for the pages, the statistics as they are.
            game._bump()
            self.version = game.version
            return True

    def delete_if_empty(self, by: str = "") -> bool:
        """Delete a game no hand was saved in; False (and nothing deleted) if one was, on
        another phone meanwhile, so that no saved hand is ever lost by this."""
        with self._locked() as game:
            if game.hand_list():
                return False
            # Its code, and the game it followed: where a phone still on it goes next.
            previous = game.previous
            went_back = previous.code if previous is not None else ""
            feed.record(
                game.group_id, feed.Entry.DELETED, by, game, code=game.code, previous=went_back
            )
            game.delete()
            live.changed(game.code, None, None)
            # Its phones learn at once that it is gone, the group's pages too.
            stream.game_moved(game.group_id, game.code, 0)
            stream.group_moved(game.group_id)
            if previous is not None:
                # The games it followed offered it ("the next game has started"): no more.
                Game.objects.offer_on_from(previous)
            return True

    def _mark(
        self, abandoned_at: dt.datetime | None, action: str, by: str, result: GameResult | None
    ) -> None:
        Game.objects.filter(pk=self.pk).update(abandoned_at=abandoned_at)
        self.abandoned_at = abandoned_at
        GameEvent.record(self, action, by)
        self._changed(self.hand_list(), result)

    @_refusable
    def add_hand(
        self,
        number: int,
        data: dict[str, Any],
        by: str,
        entry: str = "",
        rotation_dealer: str = "",
        played: GameResult | None = None,
    ) -> Attempt:
        """Save hand `number`, which must be the next one, checked against the game as it is
        under the lock. `entry`, the key of the form the hand was entered in: stored once,
        whatever number it has now (a double tap, a retry, an offline queue), never again
        once deleted. `rotation_dealer`, the dealer the rotation named when the form was
        drawn: nothing is saved with a dealer nobody chose if the rotation moved since.
        `played`: the game with this hand as the form checked it on this instance, loaded
        locked (`Played.result_with`): one play for both. It takes an abandoned game up."""
        with self._locked(entry) as game:
            now = game.state()
            if entry and (stored := now.entered(entry)) is not None:
                return Attempt(Outcome.ALREADY_DONE, stored)
            if entry and (gone := game._entry_deleted(entry)) is not None:
                return Attempt(Outcome.ENTRY_DELETED, number=gone)
            if number != len(now.hands) + 1:
                existing = now.numbered(number)
                if existing is not None and existing.data == data:
                    # The same hand sent twice (a retry), or saved first by another phone.
                    same = (
                        Outcome.ALREADY_DONE if existing.entry == entry else Outcome.DONE_ELSEWHERE
                    )
                    return Attempt(same, existing)
                return Attempt(Outcome.CONFLICT, existing)
            if rotation_dealer and data.get("dealer") == rotation_dealer:
                named = now.next_dealer()
                if named is not None and named != rotation_dealer:
                    return Attempt(Outcome.DEAL_MOVED, dealer=named)
            if played is None or len(played.hands) != number:
                played = now.result_with(data)  # the game moved on under the form
            if game.abandoned_at is not None:
                game._mark(None, GameEvent.TAKE_UP, by, now.result_or_none())
            # The row lock makes a clash on (game, number) or (game, entry) impossible here.
            hand = Hand.objects.write(
                game, Change.ADD, by, number, data, game._stamp(), entry=entry
            )
            played_now = game._changed([*now.hands, hand], played, added=hand)
            return Attempt(Outcome.DONE, hand, played=played_now)

    def _entry_deleted(self, entry: str) -> int | None:
        """The number of the hand saved from `entry` if it was deleted since: as the lock read
        it (`holding`) while no change was made on this instance since, else asked now (only
        a hand's "add" records its entry)."""
        if entry == self.entry_asked and self.version == self.entry_at:
            return self.entry_gone
        return self.changes.filter(entry=entry).values_list("number", flat=True).first()

    @_refusable
    def add_hands(self, hands: list[dict[str, Any]], by: str) -> Attempt:
        """Add these hands after the last one, each its own change and revision, checked and
        written at once: how a long imported file goes in without holding the database."""
        with self._locked() as game:
            before = game.hand_list()
            result = play(game.table(), [*(h.data for h in before), *hands])
            # Hand n is the game's next change: its revision is the version it brings about.
            first, version = len(before) + 1, game._stamp()
            rows = Hand.objects.bulk_create(
                Hand(game=game, number=first + i, data=data, revision=version + i, entered_by=by)
                for i, data in enumerate(hands)
            )
            Change.objects.bulk_create(
                Change.of(row, Change.ADD, None, row.data, by) for row in rows
            )
            feed.record(game.group_id, feed.Entry.HANDS, by, game, count=len(rows))
            return Attempt(Outcome.DONE, played=game._changed([*before, *rows], result, len(rows)))

    def load_history(
        self,
        hands: list[Hand],
        changes: list[Change],
        events: Sequence[GameEvent] = (),
        abandoned_at: dt.datetime | None = None,
    ) -> None:
        """Write the hands, history and giving up of a game as a backup kept them (codes, who
        and when; the version is the backup's), then its statistics: no new change."""
        with self._locked() as game:
            _create_as_kept(Hand.objects, hands, ("created_at", "updated_at"))
            _create_as_kept(Change.objects, changes, ("at",))
            _create_as_kept(GameEvent.objects, events, ("at",))
            if abandoned_at is not None:
                Game.objects.filter(pk=game.pk).update(abandoned_at=abandoned_at)
                game.abandoned_at = self.abandoned_at = abandoned_at
            game.now = Played(game, tuple(sorted([*game.hand_list(), *hands], key=_number)))
            game._write_statistics()
            feed.record_history(game, changes, events, won=game.winners is not None)

    @_refusable
    def edit_hand(self, number: int, revision: int, data: dict[str, Any], by: str) -> Attempt:
        """Correct hand `number`, as the page showed it (`revision`)."""
        with self._locked() as game:
            hand = game.state().numbered(number)
            if hand is not None and hand.data == data:
                return Attempt(Outcome.ALREADY_DONE, hand)  # the same correction sent twice
            if hand is None or hand.revision != revision:
                return Attempt(Outcome.CONFLICT, hand)
            return game._rewrite(hand, data, Change.EDIT, by)

    @_refusable
    def delete_hand(self, number: int, revision: int, by: str) -> Attempt:
        """Delete hand `number`, as the page showed it (`revision`); those after move up."""
        with self._locked() as game:
            hand = game.state().numbered(number)
            if hand is None or hand.revision != revision:
                return Attempt(Outcome.CONFLICT, hand)
            rest = [h for h in game.hand_list() if h is not hand]
            result = play(game.table(), [h.data for h in rest])
            hand.remove(by)
            game.hands.shift_after(rest, number, -1, game._stamp())
            return Attempt(Outcome.DONE, hand, played=game._changed(rest, result))

    @_refusable
    def restore(self, change: Change, by: str) -> Attempt:
        """Bring the hand `change` is about back to how it was after it (before it, for a
        deletion), followed by its code: a deleted one goes back where it last was."""
        data = change.after if change.after is not None else change.before
        assert data is not None
        with self._locked() as game:
            hands = game.hand_list()
            current = next((h for h in hands if h.code == change.hand_code), None)
            if current is not None:
                if current.data == data:  # the same restore sent twice
                    return Attempt(Outcome.ALREADY_DONE, current)
                return game._rewrite(current, data, Change.RESTORE, by)
            last = game.changes.filter(hand_code=change.hand_code).order_by("-pk").first()
            number = min((last or change).number, len(hands) + 1)
            datas = [h.data for h in hands]
            result = play(game.table(), [*datas[: number - 1], data, *datas[number - 1 :]])
            game.hands.shift_after(hands, number - 1, +1, game._stamp())
            # The hand comes back with the entry key it was added with, so a late retry
            # of that entry still finds it instead of adding it a second time.
            added = game.changes.filter(hand_code=change.hand_code, action=Change.ADD).first()
            entry = added.entry if added and change.hand_code else ""
            code = change.hand_code or new_code()
            hand = Hand.objects.write(
                game, Change.RESTORE, by, number, data, game._stamp(), code=code, entry=entry
            )
            return Attempt(Outcome.DONE, hand, played=game._changed([*hands, hand], result))

    @_refusable
    def replace_hands(self, wanted: list[tuple[str, dict[str, Any]]], by: str) -> Attempt:
        """Make the hands these (code, hand) pairs, in this order: a correction from a backup.
        By code, one not wanted is deleted, one missing restored, one that differs corrected,
        each a change of its own; the rules check the game as it ends up."""
        with self._locked() as game:
            result = play(game.table(), [data for _code, data in wanted])
            hands = {hand.code: hand for hand in game.hand_list()}
            codes = {code for code, _data in wanted}
            # Each change is a version of its own: its revision is the version it brings about.
            version = game.version
            for gone in hands.values():
                if gone.code not in codes:
                    gone.remove(by)
                    version += 1
            # Out of the way first, so that (game, number) stays unique at every row.
            game.hands.update(number=-F("number"))
            kept = []
            for number, (code, data) in enumerate(wanted, start=1):
                hand = hands.get(code)
                if hand is None:
                    version += 1
                    taken = Hand.objects.filter(code=code).exists()
                    code = new_code() if taken else code
                    hand = Hand.objects.write(
                        game, Change.RESTORE, by, number, data, version, code=code
                    )
                elif hand.data != data:
                    version += 1
                    hand.number = number
                    hand.rewrite(data, version, by, Change.EDIT)
                elif hand.number != number:
                    # A hand that moved is not the one a page showed under its number.
                    version += 1
                    hand.number, hand.revision = number, version
                    hand.save(update_fields=["number", "revision"])
                else:
                    hand.save(update_fields=["number"])
                kept.append(hand)
            return Attempt(Outcome.DONE, played=game._changed(kept, result, version - game.version))

    def _rewrite(self, hand: Hand, data: dict[str, Any], action: str, by: str) -> Attempt:
        """Give a hand new contents, once the rules accept the game with them."""
        result = self.state().result_with(data, replacing=hand.number)
        change = hand.rewrite(data, self._stamp(), by, action)
        played = self._changed(self.hand_list(), result)
        return Attempt(Outcome.DONE, hand, played=played, change=change)

    def _stamp(self) -> int:
        """The revision of what this change writes: the version it brings about, so that a
        page's (number, revision) names one state of one hand (a late undo takes no other)."""
        return self.version + 1

    def _lock(self, entry: str = "") -> Game:
        """This game, read again with its row locked until the transaction ends (`holding`)."""
        return Game.objects.holding(Game.objects.filter(pk=self.pk), entry)

    @contextmanager
    def _locked(self, entry: str = "") -> Iterator[Game]:
        """The game to change, locked: this instance when its caller holds it locked in its
        transaction (`Game.objects.locked`), else read again locked in a transaction of its own."""
        if self.held and transaction.get_connection().in_atomic_block:
            yield self
            return
        with transaction.atomic():
            yield self._lock(entry)

    def _changed(
        self,
        hands: Sequence[Hand],
        result: GameResult | None,
        steps: int = 1,
        *,
        added: Hand | None = None,
    ) -> Played:
        """What every change does once written: the instance as the game now is (returned), a
        new version, the derived rows."""
        won_before = self.winners
        ordered = tuple(sorted(hands, key=_number))
        self.now = Played(self, ordered, result, added=added, won_before=won_before)
        self._bump(steps)
        self._write_statistics()
        if set(won_before or ()) != set(self.winners or ()):  # won, lost, or won by others
            feed.record_won(self, before=won_before)
        return self.now

    def _bump(self, steps: int = 1) -> None:
        """The one way a game's version moves on (under the row lock): the phones ask again."""
        Game.objects.filter(pk=self.pk).update(version=F("version") + steps)
        self.version += steps
        live.changed(self.code, self.group_id, self.version)
        stream.game_moved(self.group_id, self.code, self.version)

    def _write_statistics(self, *, rebuild: bool = False) -> None:
        """The derived rows follow the hands as they now are (`games.derived.follow`)."""
        rows = derived.follow(self, self.state().result_or_none(), rebuild=rebuild)
        if rows is not None and self.now is not None and not rebuild:
            self.now = replace(self.now, ratings=tuple(rows))


def _create_as_kept(
    manager: models.Manager[Any], rows: Sequence[Any], times: tuple[str, ...]
) -> None:
    """Create these rows with the times they carry: creating stamps them with now, and an
    update puts the times back (an update leaves them alone)."""
    kept = [tuple(getattr(row, name) for name in times) for row in rows]
    manager.bulk_create(rows)
    for row, values in zip(rows, kept, strict=True):
        for name, value in zip(times, values, strict=True):
            setattr(row, name, value)
    manager.bulk_update(rows, list(times))


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


class HandQuerySet(models.QuerySet["Hand"]):
    def write(
        self, game: Game, action: str, by: str, number: int, data: Any, revision: int, **fields: Any
    ) -> Hand:
        """Hand `number` written into `game` with its change (added, or brought back); only
        an "add" records the entry the hand carries (`Game.add_hand`)."""
        hand = self.create(
            game=game, number=number, data=data, revision=revision, entered_by=by, **fields
        )
        entry = hand.entry if action == Change.ADD else ""
        Change.record(hand, action, None, hand.data, by, entry=entry)
        return hand

    def shift_after(self, hands: Sequence[Hand], number: int, step: int, revision: int) -> None:
        """Move the hands after `number` by `step` (a hand deleted or brought back before
        them), here and in `hands`, with this `revision`: a hand that moves is not the hand
        a page showed under that number, so that page's correction (a double tap) is stale."""
        # Two steps through negative numbers, so that (game, number) stays unique at every
        # row even on databases that check the constraint row by row.
        self.filter(number__gt=number).update(number=-F("number"), revision=revision)
        self.filter(number__lt=0).update(number=-F("number") + step)
        for hand in hands:
            if hand.number > number:
                hand.number, hand.revision = hand.number + step, revision


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

    objects = HandQuerySet.as_manager()

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

    def rewrite(self, data: dict[str, Any], revision: int, by: str, action: str) -> Change:
        """Write the hand's new contents (and number, if it moved) with its change."""
        before = self.data
        self.data, self.revision, self.entered_by = data, revision, by
        self.save(update_fields=["number", "data", "revision", "entered_by", "updated_at"])
        return Change.record(self, action, before, data, by)

    def remove(self, by: str) -> None:
        """Delete the hand, with its change."""
        self.delete()
        Change.record(self, Change.DELETE, self.data, None, by)


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
            # Every save asks whether its entry was added and deleted since (`GameManager.holding`):
            # found by the index, without reading the game's history.
            models.Index(fields=["game", "entry"], name="change_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.action} #{self.number}"

    @staticmethod
    def of(hand: Hand, action: str, before: Any, after: Any, by: str, entry: str = "") -> Change:
        """One change to `hand` in its game's history, with the number the hand has now."""
        return Change(
            game=hand.game,
            number=hand.number,
            hand_code=hand.code,
            action=action,
            before=before,
            after=after,
            by=by,
            entry=entry,
        )

    @staticmethod
    def record(
        hand: Hand, action: str, before: Any, after: Any, by: str, entry: str = ""
    ) -> Change:
        """One change to `hand` in its game's history, and its line in the group's feed."""
        change = Change.of(hand, action, before, after, by, entry)
        change.save()
        feed.record_hand(hand.game, change)
        return change


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

    @staticmethod
    def record(game: Game, action: str, by: str, **data: Any) -> None:
        """An event in `game`'s history, and its line in the group's feed."""
        GameEvent.objects.create(game=game, action=action, by=by)
        feed.record_event(game, action, by, **data)


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
