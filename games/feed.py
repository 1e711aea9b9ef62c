"""What changed: one entry per change to anything a group keeps, for its feed.

Each change method of the models (`Game.add_hand`, `Group.start_game`, `Night.rename`, ...)
writes an `Entry` here in its own transaction, with one call: who made the change (the
phone's player, as the hands record it), when, what kind of change, and a little JSON
with what the words need. The words are worked out when the page is read, in the
reader's language (`games.present.feed`). An entry keeps its game's kind, so that the
line still reads when the game has been deleted (and then links nowhere).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Q
from django.utils import timezone

if TYPE_CHECKING:
    from games.models import Change, Game, GameEvent, Group


class Entry(models.Model):
    """One change to what a group keeps, for its feed (see the module's docstring)."""

    HAND = "hand"  # a hand saved, corrected, deleted or brought back (data: the `Change`)
    HANDS = "hands"  # hands added from a file (data: count)
    STARTED = "started"  # data: players
    WON = "won"  # data: winners
    ABANDONED = "abandoned"
    TAKEN_UP = "taken-up"
    DELETED = "deleted"
    NOTE = "note"  # data: note
    NIGHT = "night"  # data: night (code), date, name, place
    SEASON = "season"  # data: season (code), name, start, end
    SEASON_REMOVED = "season-gone"  # data: name
    LINKS = "links"
    PLAYER = "player"  # data: player (code), name

    # The group's index below starts with it: no index of its own.
    group = models.ForeignKey(
        "games.Group", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    # Kept when the game is deleted (then None), with its kind, so the line still reads.
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game_kind = models.CharField(max_length=16, blank=True)
    by = models.CharField(max_length=40, blank=True)
    # Not `auto_now_add`: history brought back from a backup keeps its own times.
    at = models.DateTimeField(default=timezone.now)
    what = models.CharField(max_length=12)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        indexes = [
            # The feed newest first, and its two filters: each page reads one index.
            models.Index(fields=["group", "at", "id"], name="entry_group"),
            models.Index(fields=["group", "game", "at", "id"], name="entry_game"),
            models.Index(fields=["group", "by", "at", "id"], name="entry_by"),
        ]

    def __str__(self) -> str:
        return f"{self.what} in {self.group_id}"


# --- Written by the models, in the transaction of the change --------------------------------


def record(group: Group | int, what: str, by: str, game: Game | None = None, **data: Any) -> None:
    """One change to the group (or to `game`), by `by`, now."""
    group_id = group if isinstance(group, int) else group.pk
    Entry.objects.create(
        group_id=group_id,
        game=game,
        game_kind=game.kind if game else "",
        by=by,
        what=what,
        data=data,
    )


def deleted(key: str, code: str) -> dict[str, Any] | None:
    """What was recorded of the game with this code in the group of this link when it was
    deleted (`Game.delete_if_empty`): the game it followed; None if no such game was."""
    found = Entry.objects.filter(
        Q(group__edit_key=key) | Q(group__view_key=key), what=Entry.DELETED, data__code=code
    )
    # The latest: a code brought back from a backup and deleted again says its new way.
    return found.order_by("-at", "-id").values_list("data", flat=True).first()


def record_hand(game: Game, change: Change) -> None:
    """A hand saved, corrected, deleted or brought back (the `Change` just written)."""
    Entry.objects.create(**_hand_entry(game, change))


def record_won(game: Game, before: Sequence[str] | None = None) -> None:
    """The game is won now, won by others than `before` (a correction changed the winner),
    or no longer won (a hand undone or corrected reopened it, winners []): by whoever made
    the change just recorded (the game's latest entry), one query only when it is so."""
    last = Entry.objects.filter(game=game).order_by("-at", "-id").values_list("by", flat=True)
    said: dict[str, Any] = {"winners": list(game.winners or [])}
    if before:
        said["before"] = list(before)
    record(game.group_id, Entry.WON, last.first() or "", game, **said)


def record_history(
    game: Game, changes: Sequence[Change], events: Sequence[GameEvent], *, won: bool
) -> None:
    """A game's history as a backup kept it, brought back (`Game.load_history`): its start,
    its changes and events, and its win at its last change."""
    Entry.objects.bulk_create(
        Entry(**row) for row in history_entries(game, changes, events, won=won)
    )


def history_entries(
    game: Any, changes: Iterable[Any], events: Iterable[Any], *, won: bool
) -> list[dict[str, Any]]:
    """The entries a game's kept history makes, oldest first, as fields of `Entry`: the
    game's start, each change to a hand, each event (given up, taken up, its note), and,
    if `won`, its win at the time of its last change. Read from any objects with the
    models' fields: the migration that fills the feed passes its historical models."""
    changes = sorted(changes, key=lambda c: (c.at, c.pk or 0))
    common = {"group_id": game.group_id, "game_id": game.pk, "game_kind": game.kind}
    rows: list[dict[str, Any]] = [
        {
            **common,
            "by": game.created_by,
            "at": game.created_at,
            "what": Entry.STARTED,
            # `all()`, sorted here: the seats a caller prefetched serve.
            "data": {"players": [s.name for s in sorted(game.seats.all(), key=_position)]},
        }
    ]
    rows += [_hand_entry(game, change) for change in changes]
    for event in events:
        what = _EVENTS.get(event.action)
        if what is not None:
            data = {"note": ""} if what == Entry.NOTE else {}
            rows.append({**common, "by": event.by, "at": event.at, "what": what, "data": data})
    if won and game.winners and changes:
        rows.append(
            {
                **common,
                "by": changes[-1].by,
                "at": changes[-1].at,
                "what": Entry.WON,
                "data": {"winners": list(game.winners)},
            }
        )
    return sorted(rows, key=lambda row: row["at"])


def _position(seat: Any) -> int:
    return int(seat.position)


#: `GameEvent.action` → `Entry.what`.
_EVENTS = {"abandon": Entry.ABANDONED, "take-up": Entry.TAKEN_UP, "note": Entry.NOTE}


def record_event(game: Game, action: str, by: str, **data: Any) -> None:
    """A `GameEvent` of the game (given up, taken up again, its note written)."""
    record(game.group_id, _EVENTS[action], by, game, **data)


def _hand_entry(game: Any, change: Any) -> dict[str, Any]:
    return {
        "group_id": game.group_id,
        "game_id": game.pk,
        "game_kind": game.kind,
        "by": change.by,
        "at": change.at,
        "what": Entry.HAND,
        "data": {
            "action": change.action,
            "number": change.number,
            "before": change.before,
            "after": change.after,
        },
    }
