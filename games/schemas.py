"""The group backup (`scorekeeper-backup/1`) declared: every key, its type and its bounds,
with the words an import says when one is wrong.

`Backup.model_validate` checks a whole file before anything is written; `problem` turns
the first thing it found into the sentence an import reports: "the backup is incomplete or
damaged (...)" for the group, its players, nights and seasons, "game 2 (amerikaner,
2026-11-20): ..." for what belongs to one game. What only the database or the engine can
tell (a code another group uses, a hand the rules refuse, a player not in the group) is
checked after the schema, in `games.backup`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from itertools import pairwise
from typing import Annotated, Any, Self

from pydantic import BaseModel, BeforeValidator, ValidationError, model_validator

from games.models import Change, GameEvent, Season
from games.rules.limits import printable
from games.rules.text import Text, _

#: Two seats for one player: the group knows "Anne" and "anne" as one.
SAME_NAME_TWICE = Text(_("two players have the same name (letter case aside)"))


# --- The checks a value goes through ---------------------------------------------------------


def text(value: Any, what: str, longest: int | None = None) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text")
    if longest is not None and len(value) > longest:
        raise ValueError(f"{what} is longer than {longest} characters")
    if not printable(value):
        raise ValueError(f"{what} holds control characters or broken Unicode")
    return value


def code(value: Any, what: str, longest: int = 16) -> str:
    """A code or key as the server makes them: letters and digits."""
    found = text(value, what, longest)
    if not found or not found.isascii() or not found.isalnum():
        raise ValueError(f"{what} {found!r} is not letters and digits")
    return found


def parse_time(value: Any) -> dt.datetime:
    moment = dt.datetime.fromisoformat(text(value, "a time"))
    if moment.tzinfo is None:
        raise ValueError(f"{value} has no time zone")
    return moment


def one_name_twice(names: list[str]) -> bool:
    return len({name.lower() for name in names}) < len(names)


def check_names(names: list[str]) -> None:
    """Names the seats can hold: one player each, letter case aside (the engine has
    checked their length and characters)."""
    if one_name_twice(names):
        raise ValueError(str(SAME_NAME_TWICE))


def _unique(values: list[str], what: str) -> set[str]:
    if len(set(values)) < len(values):
        raise ValueError(f"the same {what} appears twice")
    return set(values)


def _checked(check: Callable[[Any], object]) -> BeforeValidator:
    """A value that `check` lets through as it is, or refuses with its own words."""

    def through(value: Any) -> Any:
        check(value)
        return value

    return BeforeValidator(through)


def Words(what: str, longest: int | None = None) -> BeforeValidator:
    return _checked(lambda value: text(value, what, longest))


def Code(what: str, longest: int = 16) -> BeforeValidator:
    return _checked(lambda value: code(value, what, longest))


def Date(what: str) -> BeforeValidator:
    return _checked(lambda value: dt.date.fromisoformat(text(value, what)))


def _one_of(choices: set[str], what: str) -> Callable[[Any], object]:
    def check(value: Any) -> None:
        if value not in choices:
            raise ValueError(f"unknown {what} {value!r}")

    return check


def _hand_named(value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"a change names hand {value!r}")


def _whole_number(value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError("its version is not a whole number")


def _list_of_seasons(value: Any) -> None:
    if not isinstance(value, list):
        raise ValueError("the named seasons are not a list")


Time = Annotated[str, _checked(parse_time)]


# --- The file ------------------------------------------------------------------------------


class GroupInfo(BaseModel):
    name: Annotated[str, Words("the group's name", 80)]
    edit_key: Annotated[str, Code("the group's full link", 32)]
    view_key: Annotated[str, Code("the group's view-only link", 32)]
    created_at: Time

    @model_validator(mode="after")
    def _two_links(self) -> Self:
        if self.edit_key == self.view_key:
            raise ValueError("the full and the view-only link are the same")
        return self


class PlayerEntry(BaseModel):
    name: Annotated[str, Words("player name", 40)]
    code: Annotated[str, Code("player code")]


class NightEntry(BaseModel):
    code: Annotated[str, Code("night code")]
    date: Annotated[str, Date("night date")]
    name: Annotated[str, Words("night name", 80)]
    place: Annotated[str, Words("night place", 80)]


class SeasonEntry(BaseModel):
    """A named season: a code, a name, a first evening no later than the last."""

    code: Annotated[str, Code("season code")]
    name: Annotated[str, Words("season name", Season.NAME_LENGTH)]
    start: Annotated[str, Date("a season's first evening")]
    end: Annotated[str, Date("a season's last evening")]

    @model_validator(mode="after")
    def _a_span_with_a_name(self) -> Self:
        if not self.name.strip():
            raise ValueError(f"season {self.code} has no name")
        if self.last < self.first:
            raise ValueError(f"season {self.code} ends before it starts")
        return self

    @property
    def first(self) -> dt.date:
        return dt.date.fromisoformat(self.start)

    @property
    def last(self) -> dt.date:
        return dt.date.fromisoformat(self.end)


class HandEntry(BaseModel):
    """Who entered a hand and when; the hand itself is in the game file."""

    code: Annotated[str, Code("hand code")]
    number: Any  # checked with the game: the hands are numbered 1, 2, 3, ...
    revision: Any  # checked with the game: from 1 to its version
    entered_by: Annotated[str, Words("who entered a hand", 40)]
    created_at: Time
    updated_at: Time


class ChangeEntry(BaseModel):
    code: Annotated[str, Code("change code")]
    hand: Annotated[str, Words("a change's hand code", 16)]
    number: Annotated[int, _checked(_hand_named)]
    action: Annotated[
        str, _checked(_one_of({Change.ADD, Change.EDIT, Change.DELETE, Change.RESTORE}, "change"))
    ]
    before: Any
    after: Any
    by: Annotated[str, Words("who made a change", 40)]
    at: Time

    @model_validator(mode="after")
    def _something_changed(self) -> Self:
        if self.before is None and self.after is None:
            raise ValueError("a change has neither a before nor an after")
        return self


class EventEntry(BaseModel):
    action: Annotated[
        str, _checked(_one_of({GameEvent.ABANDON, GameEvent.TAKE_UP, GameEvent.NOTE}, "event"))
    ]
    by: Annotated[str, Words("who gave the game up or took it up again", 40)]
    at: Time


class GameEntry(BaseModel):
    """A game: its game file (`game`, checked by the engine) and what the file does not
    hold (its code, night, who entered each hand, its history)."""

    code: Annotated[str, Code("game code")]
    night: str | None
    created_at: Time
    created_by: Annotated[str, Words("who started it", 40)]
    first_dealer: Annotated[str, Words("the first dealer", 40)]
    previous: str | None
    version: Annotated[int, _checked(_whole_number)]
    game: dict[str, Any]
    hands: list[HandEntry]
    changes: list[ChangeEntry]
    # A backup made before games could be abandoned has neither.
    abandoned_at: Time | None = None
    events: list[EventEntry] = []

    @model_validator(mode="after")
    def _hands_in_order(self) -> Self:
        for n, meta in enumerate(self.hands, start=1):
            # The hands as the file lists them, numbered 1, 2, 3, ...: the order the rules
            # checked them in is the order they are stored in.
            if meta.number != n or isinstance(meta.number, bool):
                raise ValueError(f"hand {n} is numbered {meta.number!r}")
            revision = meta.revision
            if (
                not isinstance(revision, int)
                or isinstance(revision, bool)
                or not 1 <= revision <= self.version
            ):
                raise ValueError(
                    f"hand {n} has revision {revision!r}, outside 1 to the game's version"
                )
        return self


class Backup(BaseModel):
    """A group backup; its `format` is checked before (a game file is no backup)."""

    group: GroupInfo
    players: list[PlayerEntry]
    nights: list[NightEntry]
    # A backup from before seasons has none.
    seasons: Annotated[list[SeasonEntry], _checked(_list_of_seasons)] = []
    games: list[GameEntry]

    @model_validator(mode="after")
    def _each_once(self) -> Self:
        """Codes, names and evenings that must be unique, and seasons that never overlap."""
        _unique([player.code for player in self.players], "player code")
        check_names([player.name for player in self.players])
        _unique([night.code for night in self.nights], "night code")
        dates = [dt.date.fromisoformat(night.date).isoformat() for night in self.nights]
        _unique(dates, "night date")
        _unique([season.code for season in self.seasons], "season code")
        spans = sorted((season.first, season.last, season.code) for season in self.seasons)
        for (_start, end, earlier), (start, _end, later) in pairwise(spans):
            if start <= end:
                raise ValueError(f"seasons {earlier} and {later} share an evening")
        _unique([game.code for game in self.games], "game code")
        _unique([hand.code for game in self.games for hand in game.hands], "hand code")
        _unique([change.code for game in self.games for change in game.changes], "change code")
        return self


def game_label(document: Any, number: int) -> str:
    """A game of the backup as a problem names it: "game 2 (amerikaner, 2026-11-20)", or
    "game 2" when the entry is too damaged to say more."""
    try:
        entry = document["games"][number - 1]
        return f"game {number} ({entry['game'].get('game')}, {entry['created_at'][:10]})"
    except (KeyError, TypeError, AttributeError, IndexError):
        return f"game {number}"


def problem(document: Any, exc: ValidationError) -> str:
    """The first thing the schema found wrong, in the words of an import's report."""
    error = exc.errors(include_url=False)[0]
    where = error["loc"]
    if error["type"] == "missing":
        reason = repr(where[-1])  # as a key looked up: 'nights'
    elif error["type"] == "value_error":
        reason = str(error["ctx"]["error"])
    else:  # a value of the wrong type: "players.0: input should be a valid dictionary"
        reason = ".".join(str(part) for part in where) + ": " + error["msg"][:1].lower()
        reason += error["msg"][1:]
    if len(where) >= 2 and where[0] == "games" and isinstance(where[1], int):
        return f"{game_label(document, where[1] + 1)}: {reason}"
    return f"the backup is incomplete or damaged ({reason})"
