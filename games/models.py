"""What the table said: groups, players, games, seats, hands, and every change to a hand.

Points and totals are not stored: the rules engine works them out from the hands on
every read (a game of a hundred hands scores in about two milliseconds). What lists and
statistics over thousands of games need is kept per finished game (`Game.winners`,
`GameStat`, `PairStat`), rewritten with every change and rebuilt by `rebuild_stats`.
Every change to a game runs in a transaction that locks the game row, bumps
`Game.version` and records a `Change`, so two phones can never both write hand 7.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
import string
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from cachetools import LRUCache
from django.db import IntegrityError, connections, models, transaction
from django.db.models import F
from django.db.models.functions import Lower
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import gamefile, live
from games.rules import GAMES, GameResult, RuleError, Table, get_game, make_table, play

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
                player = existing[name.lower()] = Player.objects.create(group=self, name=name)
            found.append(player)
        return found

    def replace_keys(self) -> None:
        """New links for the group; the old ones stop working at once."""
        old = (self.edit_key, self.view_key)
        self.edit_key, self.view_key = new_key(), new_key()
        self.save(update_fields=["edit_key", "view_key"])
        ReplacedLink.remember(self, old)
        live.links_replaced(*old)


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


def game_kinds() -> list[tuple[str, Any]]:
    """The games the engine knows, in its order, with their titles (marked for translation
    in the game modules). Read when asked, so every game in the registry is a choice."""
    return [(name, _(card_game.title.message)) for name, card_game in GAMES.items()]


class GameManager(models.Manager["Game"]):
    def locked(self, key: str, code: str) -> Game | None:
        """The game with this code in the group whose full link is `key`, with its group,
        seats and hands, its row locked until the caller's transaction ends; None when
        the pair leads to no game to change. A change called on it works on this instance
        instead of reading it again. Its history is not loaded: a change asks it only for
        what it needs (see `add_hand`, `change_list`), so that a save does not grow with
        the game."""
        game = self._by_link(key, code, edit_only=True, lock=True)
        if game is None:
            return None
        game.read_seats_and_hands()
        game._held = True
        return game

    def by_link(self, key: str, code: str) -> Game | None:
        """The game with this code in the group this link leads to, with its group (and
        nothing else: see `Game.read_seats_and_hands`); None when the pair leads nowhere.
        Every game page asks it first, mostly to read the version its kept page is under
        (`games.pages`)."""
        return self._by_link(key, code)

    def _by_link(
        self, key: str, code: str, *, edit_only: bool = False, lock: bool = False
    ) -> Game | None:
        games, groups = Game._meta.concrete_fields, Group._meta.concrete_fields
        columns = [*(f.get_col("g") for f in games), *(f.get_col("gr") for f in groups)]
        row = self._row_by_link(columns, key, code, edit_only=edit_only, lock=lock)
        if row is None:
            return None
        converted = _reader(connections[self.db], columns)(row)
        game = Game.from_db(self.db, [f.attname for f in games], converted[: len(games)])
        game.group = Group.from_db(self.db, [f.attname for f in groups], converted[len(games) :])
        return game

    def version_by_link(self, key: str, code: str) -> tuple[int, bool, int] | None:
        """(version, whether `key` is the full link, group) of the game with this code in
        the group this link leads to; None when the pair leads nowhere. The live poll's
        one query, asked every few seconds by every phone."""
        columns = [
            Game._meta.get_field("version").get_col("g"),
            Group._meta.get_field("edit_key").get_col("gr"),
            Game._meta.get_field("group").get_col("g"),
        ]
        row = self._row_by_link(columns, key, code)
        if row is None:
            return None
        version, edit_key, group = row
        return int(version), edit_key == key, int(group)

    def _row_by_link(
        self,
        columns: list[Any],
        key: str,
        code: str,
        *,
        edit_only: bool = False,
        lock: bool = False,
    ) -> tuple[Any, ...] | None:
        """`columns` (of the game, "g", and its group, "gr") of the game with this code in
        the group this link (or, `edit_only`, this full link) leads to; the game's row
        locked (`lock`) where the database locks rows. Written out: these are asked by
        every page, poll and save, and building them through the ORM took longer than
        running them."""
        connection = connections[self.db]
        quote = connection.ops.quote_name
        links = f"gr.{quote('edit_key')} = %s"
        if not edit_only:
            links = f"({links} OR gr.{quote('view_key')} = %s)"
        sql = (
            "SELECT "
            + ", ".join(f"{column.alias}.{quote(column.target.column)}" for column in columns)
            + f" FROM {quote(Game._meta.db_table)} g"
            f" JOIN {quote(Group._meta.db_table)} gr ON gr.{quote('id')} = g.{quote('group_id')}"
            f" WHERE g.{quote('code')} = %s AND {links}"
        )
        if lock and not connection.in_atomic_block:
            # As the ORM's select_for_update: a lock outside a transaction holds nothing.
            raise TransactionManagementError("A game is locked only inside a transaction.")
        if lock and connection.features.has_select_for_update:
            # SQLite has no row locks: its write transactions (IMMEDIATE) take the file.
            sql += " FOR UPDATE" + (" OF g" if connection.features.has_select_for_update_of else "")
        with connection.cursor() as cursor:
            cursor.execute(sql, [code, key] if edit_only else [code, key, key])
            row: tuple[Any, ...] | None = cursor.fetchone()
        return row


def _reader(connection: Any, columns: list[Any]) -> Callable[[Sequence[Any]], list[Any]]:
    """What reads rows of these columns as the ORM would (JSON, dates, booleans per
    database): each column's converters, found once for all the rows."""
    converters = [
        (column, connection.ops.get_db_converters(column) + column.get_db_converters(connection))
        for column in columns
    ]

    def read(row: Sequence[Any]) -> list[Any]:
        values = []
        for (column, steps), value in zip(converters, row, strict=True):
            for step in steps:
                value = step(value, column, connection)
            values.append(value)
        return values

    return read


#: The results of the games this process played lately, by what they were played from
#: (`Game.replay`), the least recently used forgotten first. Counted in hands, not results:
#: a correction's result shares no hand with the game's, and a long game's is large (about
#: 2 kB a hand, 4 kB once its words are read), so this bounds a worker's memory at about
#: 40 MB (80 MB with every hand's words read): about five hundred results of 40-hand
#: games. Shared by a worker's threads; a result never changes.
_recent: LRUCache[bytes, GameResult] = LRUCache(
    maxsize=20_000, getsizeof=lambda result: max(1, len(result.hands))
)
_recent_lock = threading.Lock()


def _kept_result(key: bytes) -> GameResult | None:
    with _recent_lock:
        return _recent.get(key)


def _keep_result(key: bytes, result: GameResult) -> None:
    if _recent.getsizeof(result) > _recent.maxsize:
        return  # a game longer than all the room there is
    with _recent_lock:
        _recent[key] = result


def _as_json(value: object) -> str:
    """Hands as the results kept are known by: JSON in one spelling (keys sorted, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)


def _played_key(made_of: str, hands: str) -> bytes:
    """The key of a result: what the table is made of and the hands played, as JSON."""
    return hashlib.blake2b(f"{made_of}\n{hands}".encode(), digest_size=16).digest()


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
    # written with the statistics rows on every change (`games.stats.refresh`) and
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

    objects = GameManager()

    # Loaded locked by `Game.objects.locked()`; the result of the hands a change has just
    # checked (see `_hold`); and the table, with what it was made of (`table`).
    _held = False
    _played: GameResult | None = None
    _table: tuple[str, Table[object]] | None = None

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

    # --- Reading ---------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        """Names in seating order (uses prefetched seats when there are any)."""
        return [seat.name for seat in sorted(self.seats.all(), key=lambda s: s.position)]

    def read_seats_and_hands(self) -> None:
        """Read the seats and hands, as `prefetch_related` would (`players`, `hand_list`),
        written out: every save and every page drawn reads them."""
        self._keep("seats", _children(Seat, self, "position"))
        self._keep("hands", _children(Hand, self, "number"))

    def _keep(self, name: str, rows: list[Any]) -> None:
        """These rows as this game's `name` (seats or hands), as a prefetch keeps them."""
        kept_by_name = vars(self).setdefault("_prefetched_objects_cache", {})
        kept_by_name.pop(name, None)
        # The relation's own queryset, as a prefetch takes it: its rows know their game,
        # and its filter is built only if a later filter needs it (most never do).
        kept = getattr(self, name).get_queryset()
        kept._result_cache = rows
        kept._prefetch_done = True
        kept_by_name[name] = kept

    def hand_list(self) -> list[Hand]:
        return sorted(self.hands.all(), key=lambda h: h.number)

    def change_list(self, hands: Sequence[Hand]) -> list[dict[str, Any]]:
        """The changes of these hands, oldest first, as who, when, which hand and what was
        done (not the hands they hold): what a page marks of the hands it shows, the same
        whatever the length of the game. Read as values, written out: every page drawn and
        every save asks."""
        names = ["id", "hand_code", "number", "action", "by", "at"]
        rows = _read(Change, self, names, within=("hand_code", [hand.code for hand in hands]))
        changes = [dict(zip(names, row, strict=True)) for row in rows]
        return sorted(changes, key=lambda c: (c["at"], c["id"]))

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
        inputs = ["dealer", "redeal", *(i.name for i in card_game.inputs(table))]
        document["hands"] = [_ordered(self.seated(hand.data), inputs) for hand in self.hand_list()]
        return document

    def seated(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A hand with its tricks in seating order, whatever order the database kept."""
        sides = self.table().sides
        return {
            key: _ordered(value, sides) if key == "tricks" and isinstance(value, dict) else value
            for key, value in data.items()
        }

    def replay(self, hands: Sequence[Mapping[str, Any]]) -> GameResult:
        """These hands played at this game's table, through the results this process came
        to lately (`_recent`): the same hands asked for again are not played again (a save
        checks its form with the new hand, then writes it after the same check), and new
        hands go on from the result of those before them (a save plays its hand alone, and
        the next page drawn finds the save's result).

        Hands are compared by what they hold (as JSON, which is also what is stored), so a
        hand changed in between, even in place, is played afresh."""
        made_of, table = self._made_table()
        # The key of these hands and of those before the last, from one JSON text each.
        earlier = _as_json(hands[:-1])
        everything = earlier
        if hands:
            comma = "," if len(hands) > 1 else ""
            everything = f"{earlier[:-1]}{comma}{_as_json(hands[-1])}]"
        key = _played_key(made_of, everything)
        result = _kept_result(key)
        if result is None:
            before = None
            if hands:
                # Played from the start when not kept (another worker saved the hands
                # before, or took the last one back), and kept: the next save goes on
                # from it, and so does this hand saved again after an undo.
                before_key = _played_key(made_of, earlier)
                before = _kept_result(before_key)
                if before is None:
                    before = play(table, hands[:-1])
                    _keep_result(before_key, before)
            result = play(table, hands, before)
            _keep_result(key, result)
        return result

    def result(self) -> GameResult:
        """The game replayed (a change that just checked these hands keeps its result)."""
        if self._played is not None:
            return self._played
        return self.replay([hand.data for hand in self.hand_list()])

    def is_finished(self) -> bool:
        """Won, by the hands as they are (a game needing a correction is not)."""
        try:
            return self.result().finished
        except RuleError:
            return False

    def next_dealer(self) -> str | None:
        """Who deals the next hand, as the rotation names them: the first dealer before any
        hand, then as the game's rules pass the deal on (None where the hands do not say)."""
        hands = [hand.data for hand in self.hand_list()]
        if not hands:
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
            if previous is not None:
                # The game it followed offered it ("the next game has started"): no more.
                Game.objects.select_for_update().get(pk=previous).touch()
            return True

    def _mark(self, abandoned_at: dt.datetime | None, action: str, by: str) -> None:
        Game.objects.filter(pk=self.pk).update(abandoned_at=abandoned_at, version=F("version") + 1)
        live.changed(self.code, self.group_id, self.version + 1)
        GameEvent.objects.create(game=self, action=action, by=by)
        self.abandoned_at = abandoned_at
        self.version += 1
        from games import stats

        stats.refresh(self)

    def add_hand(self, number: int, data: dict[str, Any], by: str, entry: str = "") -> Hand:
        """Save hand `number`; it must be the next one.

        `entry` is the key of the form the hand was entered in. An entry that is already
        stored adds nothing, whatever number it carries now (a double tap, a retry after a
        lost answer, an offline phone sending its queue): the stored hand is the answer,
        as it is now. One that was stored and then deleted is not added back either.

        A hand saved into an abandoned game (a phone that was offline, or had the form
        open) is kept, and takes the game up again: the table is evidently playing it.

        Called on a game loaded with `Game.objects.locked()` in the caller's transaction,
        the change works on that instance and leaves it as the game now is (its hands,
        version and result), so the caller can answer without reading it again."""
        with self._locked() as game:
            hands = game.hand_list()
            if entry:
                stored = next((h for h in hands if h.entry == entry), None)
                if stored is not None:
                    return stored
                # Written out, as the locked read is: every save with a form asks this. Only
                # the hand's "add" records its entry: one row at most, the number it had.
                gone = _read(Change, game, ["number"], within=("entry", [entry]))
                if gone:
                    raise EntryDeleted(game, gone[0][0])
            if number != len(hands) + 1:
                existing = next((h for h in hands if h.number == number), None)
                if existing is not None and existing.data == data:
                    return existing  # the same hand sent twice (double tap, retry)
                raise GameChanged(game, existing)
            result = game.replay([*(h.data for h in hands), data])
            if game.abandoned_at is not None:
                game._mark(None, GameEvent.TAKE_UP, by)
            hand = Hand(
                game=game,
                number=number,
                data=data,
                revision=game._stamp(),
                entered_by=by,
                entry=entry,
            )
            try:
                hand.save(force_insert=True)
            # The row lock makes this a last resort.
            except IntegrityError as exc:  # pragma: no cover
                transaction.set_rollback(True)
                raise GameChanged(game, None) from exc
            game._record(hand, Change.ADD, None, data, by, entry=entry, result=result)
            game.version += 1
            game._hold([*hands, hand], result)
            return hand

    def add_hands(self, hands: list[dict[str, Any]], by: str) -> None:
        """Add these hands after the last one, as `add_hand` would one by one (each hand its
        own change and revision), but checked together and written at once, with the
        statistics once: how an imported file goes in (a long one must not hold the
        database hand by hand)."""
        with transaction.atomic():
            game = self._lock()
            before = game.hand_list()
            play(game.table(), [*(h.data for h in before), *hands])
            # Hand n is the game's next change: its revision is the version it brings about.
            first, version = len(before) + 1, game.version + 1
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
            Game.objects.filter(pk=game.pk).update(version=F("version") + len(hands))
            live.changed(game.code, game.group_id, game.version + len(hands))
            game._refresh_statistics()

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
            game._refresh_statistics()

    def edit_hand(self, number: int, revision: int, data: dict[str, Any], by: str) -> Hand:
        with transaction.atomic():
            game = self._lock()
            hands = game.hand_list()
            saved = next((h for h in hands if h.number == number), None)
            if saved is not None and saved.data == data:
                return saved  # already so: the same correction sent twice is no conflict
            hand = game._current(hands, number, revision)
            game._rewrite(hands, hand, data, Change.EDIT, by)
            return hand

    def delete_hand(self, number: int, revision: int, by: str) -> None:
        with transaction.atomic():
            game = self._lock()
            hands = game.hand_list()
            hand = game._current(hands, number, revision)
            play(game.table(), [h.data for h in hands if h.number != number])
            hand.delete()
            game._shift_after(number, -1)
            game._record(hand, Change.DELETE, hand.data, None, by)

    def restore(self, change: Change, by: str) -> None:
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
                if current.data != data:  # equal: the same restore sent twice
                    game._rewrite(hands, current, data, Change.RESTORE, by)
                return
            last = game.changes.filter(hand_code=change.hand_code).order_by("-pk").first()
            number = min((last or change).number, len(hands) + 1)
            play(
                game.table(),
                [
                    *(h.data for h in hands[: number - 1]),
                    data,
                    *(h.data for h in hands[number - 1 :]),
                ],
            )
            game._shift_after(number - 1, +1)
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
            game._record(hand, Change.RESTORE, None, data, by)

    def replace_hands(self, wanted: list[tuple[str, dict[str, Any]]], by: str) -> None:
        """Make the hands these (code, hand) pairs, in this order: a correction from a backup.

        Hands are matched by code. One not wanted is deleted, one missing is restored, one
        whose contents differ is corrected; each is a change in the history, as if made
        one by one, and the rules check the game as it ends up.
        """
        with transaction.atomic():
            game = self._lock()
            play(game.table(), [data for _code, data in wanted])
            hands = {hand.code: hand for hand in game.hand_list()}
            codes = {code for code, _data in wanted}
            for gone in hands.values():
                if gone.code not in codes:
                    gone.delete()
                    game._record(gone, Change.DELETE, gone.data, None, by)
                    game.version += 1
            # Out of the way first, so that (game, number) stays unique at every row.
            game.hands.update(number=-F("number"))
            for number, (code, data) in enumerate(wanted, start=1):
                kept = hands.get(code)
                if kept is None:
                    taken = Hand.objects.filter(code=code).exists()
                    hand = Hand.objects.create(
                        game=game,
                        code=new_code() if taken else code,
                        number=number,
                        data=data,
                        revision=game._stamp(),
                        entered_by=by,
                    )
                    game._record(hand, Change.RESTORE, None, data, by)
                    game.version += 1
                    continue
                hand = kept
                before, moved = hand.data, hand.number != number
                hand.number = number
                if before != data:
                    hand.data, hand.revision, hand.entered_by = data, game._stamp(), by
                    hand.save(
                        update_fields=["number", "data", "revision", "entered_by", "updated_at"]
                    )
                    game._record(hand, Change.EDIT, before, data, by)
                    game.version += 1
                elif moved:
                    # A hand that moved is not the one a page showed under its number.
                    game.version += 1
                    hand.revision = game.version
                    hand.save(update_fields=["number", "revision"])
                else:
                    hand.save(update_fields=["number"])
            Game.objects.filter(pk=game.pk).update(version=game.version)
            live.changed(game.code, game.group_id, game.version)

    def _rewrite(
        self, hands: list[Hand], hand: Hand, data: dict[str, Any], action: str, by: str
    ) -> None:
        """Give a hand new contents, once the rules accept the game with them."""
        self.replay([data if h.pk == hand.pk else h.data for h in hands])
        before = hand.data
        hand.data, hand.revision, hand.entered_by = data, self._stamp(), by
        hand.save(update_fields=["data", "revision", "entered_by", "updated_at"])
        self._record(hand, action, before, data, by)

    def _stamp(self) -> int:
        """The revision for what this change writes: the game version it brings about.

        Unique within the game, so a page's (number, revision) names one state of one
        hand; an undo retried after another phone added a hand there cannot take it.
        """
        return self.version + 1

    def _lock(self) -> Game:
        """This game's row, locked until the transaction ends, with its seats and hands."""
        return Game.objects.select_for_update().prefetch_related("seats", "hands").get(pk=self.pk)

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

    def _hold(self, hands: list[Hand], result: GameResult) -> None:
        """Remember the hands as just written, and their result, instead of reading and
        replaying them again (as Django's prefetch would have kept them)."""
        self._keep("hands", hands)
        self._played = result

    def _current(self, hands: list[Hand], number: int, revision: int) -> Hand:
        hand = next((h for h in hands if h.number == number), None)
        if hand is None or hand.revision != revision:
            raise GameChanged(self, hand)
        return hand

    def _shift_after(self, number: int, step: int) -> None:
        # Two steps through negative numbers, so that (game, number) stays unique at every
        # row even on databases that check the constraint row by row.
        later = self.hands.filter(number__gt=number)
        # A hand that moves is not the hand a page showed under that number: a new
        # revision makes that page's delete or correction (a double tap) stale.
        later.update(number=-F("number"), revision=self._stamp())
        self.hands.filter(number__lt=0).update(number=-F("number") + step)

    def _record(
        self,
        hand: Hand,
        action: str,
        before: Any,
        after: Any,
        by: str,
        entry: str = "",
        result: GameResult | None = None,
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
        self.touch()
        self._refresh_statistics(result)

    def touch(self) -> None:
        """A new version (call under the row lock): what the game's page shows changed, so
        the phones watching it ask again. Every change does it; so does starting the next
        game, which a finished game's page offers."""
        Game.objects.filter(pk=self.pk).update(version=F("version") + 1)
        live.changed(self.code, self.group_id, self.version + 1)

    def _refresh_statistics(self, result: GameResult | None = None) -> None:
        """The statistics rows and cached winners follow the hands, in the same transaction.

        With the `result` of the hands just written: a game that had no winners (so no
        rows) and is still not won has nothing to rewrite."""
        if result is not None and self.winners is None and not result.finished:
            return
        # Imported here: the statistics are written from these models.
        from games import stats

        stats.refresh(self)


def _ordered(mapping: dict[str, Any], order: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The same keys and values, those named in `order` first and in that order."""
    rank = {key: i for i, key in enumerate(order)}
    return dict(sorted(mapping.items(), key=lambda item: rank.get(item[0].strip(), len(rank))))


def _children(model: type[Any], game: Game, order: str) -> list[Any]:
    """The rows of `model` (seats or hands) of this game in `order`, every field as the
    ORM reads it, each knowing its game."""
    names = [field.attname for field in model._meta.concrete_fields]
    connection = connections[game._state.db or "default"]
    found = []
    for values in _read(model, game, names, order=order):
        child = model.from_db(connection.alias, names, values)
        model.game.field.set_cached_value(child, game)
        found.append(child)
    return found


def _read(
    model: type[Any],
    game: Game,
    names: list[str],
    *,
    order: str = "",
    within: tuple[str, list[Any]] | None = None,
) -> list[list[Any]]:
    """The fields `names` of this game's rows of `model` (those whose field `within` names
    has one of its values, if given), in the order of field `order`, each value as the ORM
    reads it."""
    connection = connections[game._state.db or "default"]
    quote = connection.ops.quote_name
    table = model._meta.db_table
    fields = [model._meta.get_field(name) for name in names]
    sql = (
        f"SELECT {', '.join(quote(field.column) for field in fields)}"
        f" FROM {quote(table)} WHERE {quote('game_id')} = %s"
    )
    params = [game.pk]
    if within is not None:
        name, values = within
        if not values:
            return []
        sql += f" AND {quote(model._meta.get_field(name).column)}"
        sql += f" IN ({', '.join(['%s'] * len(values))})"
        params += values
    if order:
        sql += f" ORDER BY {quote(model._meta.get_field(order).column)}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    read = _reader(connection, [field.get_col(table) for field in fields])
    return [read(row) for row in rows]


class GameChanged(Exception):
    """The game changed since the form was opened (another phone, or an earlier tap)."""

    def __init__(self, game: Game, hand: Hand | None):
        super().__init__("the game changed")
        self.game = game
        self.hand = hand


class EntryDeleted(GameChanged):
    """The entry was saved before, as hand `number`, and has been deleted since: a late
    retry of it must not bring it back (the history can)."""

    def __init__(self, game: Game, number: int):
        super().__init__(game, None)
        self.number = number


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
    """A change to the game as a whole (given up, taken up again), for its history."""

    ABANDON, TAKE_UP = "abandon", "take-up"
    ACTIONS = [(ABANDON, _("abandoned")), (TAKE_UP, _("taken up again"))]

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
