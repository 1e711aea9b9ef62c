"""What changed, in words: each entry of a group's feed (`games.feed`) as a line in the
reader's language, with its link through the link the page was opened by.

A hand's words come from its game's module (`summary`, `details`), so nothing here names
a game; a correction says only what differs. A hand whose data has an `adjustment`
(points the table agreed on without a deal, and its `reason`) is said as an adjustment,
whatever the game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.feed import Entry
from games.models import Game, Group
from games.numbers import signed_text
from games.present.words import counted, say, winner_moved
from games.rules import GAMES
from games.rules.base import NOTE
from games.rules.text import join_names

#: A note in a line is cut to this many characters.
NOTE_SHOWN = 80
#: The games the feed's filter offers: the latest, and any game chosen from a link.
GAMES_OFFERED = 30


@dataclass(frozen=True)
class FeedLine:
    """One change as the feed shows it."""

    entry: Entry
    words: str
    link: str  # "" for none: a deleted game, the links replaced

    @property
    def at(self) -> dt.datetime:
        return self.entry.at


def lines(key: str, entries: Sequence[Entry], seasons: set[str]) -> list[FeedLine]:
    """The entries in words, each with its link through this group link (`key`). Their
    games come with them (`select_related`) with their seats; `seasons`: the codes of the
    group's named seasons (a season removed since links nowhere)."""
    return [FeedLine(entry, *_said(key, entry, seasons)) for entry in entries]


def _said(key: str, entry: Entry, seasons: set[str]) -> tuple[str, str]:
    data, game = entry.data, entry.game
    values = {"by": entry.by or _("Someone unnamed"), "game": _title(entry.game_kind)}
    game_url = reverse("game", args=[key, game.code]) if game is not None else ""
    what = entry.what
    if what == Entry.HAND:
        link = reverse("history", args=[key, game.code]) if game is not None else ""
        return _hand_words(entry, values), link
    if what == Entry.HANDS:
        count = int(data.get("count", 0))
        words = ngettext(
            "%(by)s added %(count)d hand to %(game)s from a file",
            "%(by)s added %(count)d hands to %(game)s from a file",
            count,
        )
        return words % {**values, "count": count}, game_url
    if what == Entry.STARTED:
        players = join_names(list(data.get("players", [])), _)
        return _("%(by)s started %(game)s: %(players)s") % {**values, "players": players}, game_url
    if what == Entry.WON:
        if data.get("before"):  # a correction changed who won
            changed = winner_moved(list(data["before"]), list(data.get("winners", [])))
            return _("%(game)s: %(changed)s") % {**values, "changed": changed}, game_url
        winners = join_names(list(data.get("winners", [])), _)
        # Whose change decided it is the entry before (the hand, its correction).
        words = _("%(winners)s won %(game)s")
        return words % {**values, "winners": winners}, game_url
    if what == Entry.ABANDONED:
        return _("%(by)s abandoned %(game)s") % values, game_url
    if what == Entry.TAKEN_UP:
        return _("%(by)s took %(game)s up again") % values, game_url
    if what == Entry.DELETED:
        return _("%(by)s deleted %(game)s (it had no hands)") % values, ""
    if what == Entry.NOTE:
        note = str(data.get("note", ""))
        if not note:
            return _("%(by)s wrote the note on %(game)s") % values, game_url
        return _("%(by)s wrote the note on %(game)s: “%(note)s”") % {
            **values,
            "note": _cut(note),
        }, game_url
    if what == Entry.NIGHT:
        night = str(data.get("night", ""))
        return _night_words(data, values), reverse("night", args=[key, night]) if night else ""
    if what == Entry.SEASON:
        code = str(data.get("season", ""))
        words = _("%(by)s named the season “%(name)s”, %(start)s to %(end)s") % {
            **values,
            "name": data.get("name", ""),
            "start": _date(data.get("start")),
            "end": _date(data.get("end")),
        }
        return words, reverse("season", args=[key, code]) if code in seasons else ""
    if what == Entry.SEASON_REMOVED:
        return _("%(by)s removed the season “%(name)s”") % {
            **values,
            "name": data.get("name", ""),
        }, ""
    if what == Entry.LINKS:
        return _("%(by)s replaced the group's links; the old ones no longer work") % values, ""
    if what == Entry.PLAYER:
        name, code = str(data.get("name", "")), str(data.get("player", ""))
        link = reverse("player", args=[key, code]) if code else ""
        if name == entry.by:
            return _("%(name)s joined the group") % {"name": name}, link
        return _("%(by)s added %(name)s to the group") % {**values, "name": name}, link
    return what, ""


def _hand_words(entry: Entry, values: dict[str, str]) -> str:
    data = entry.data
    action, before, after = data.get("action"), data.get("before"), data.get("after")
    shown = after if after is not None else before
    adjustment = isinstance(shown, Mapping) and "adjustment" in shown
    values = {**values, "number": data.get("number", 0)}
    if action == "edit" or (action == "restore" and before is not None):
        old, new = _difference(entry, before, after)
        values = {**values, "before": old, "after": new}
        if action == "edit":
            sentence = (
                _("%(by)s corrected an adjustment in %(game)s: %(before)s → %(after)s")
                if adjustment
                else _("%(by)s corrected hand %(number)s of %(game)s: %(before)s → %(after)s")
            )
        elif adjustment:
            sentence = _(
                "%(by)s put an adjustment in %(game)s back to an earlier version: "
                "%(before)s → %(after)s"
            )
        else:
            sentence = _(
                "%(by)s put hand %(number)s of %(game)s back to an earlier version: "
                "%(before)s → %(after)s"
            )
        return sentence % values
    values["hand"] = _version(entry, shown)
    if adjustment:
        sentence = {
            "add": _("%(by)s added an adjustment in %(game)s: %(hand)s"),
            "delete": _("%(by)s deleted an adjustment in %(game)s: %(hand)s"),
        }.get(str(action), _("%(by)s brought back an adjustment in %(game)s: %(hand)s"))
    else:
        sentence = {
            "add": _("%(by)s saved hand %(number)s of %(game)s: %(hand)s"),
            "delete": _("%(by)s deleted hand %(number)s of %(game)s: %(hand)s"),
        }.get(str(action), _("%(by)s brought back hand %(number)s of %(game)s: %(hand)s"))
    return sentence % values


def _difference(entry: Entry, before: Any, after: Any) -> tuple[str, str]:
    """Two versions of a hand in words, leaving out what they share: the summary when
    only the counts changed ("tricks: Anne 2, Cato 1 → tricks: Anne 3, Cato 1"), the
    counts when only the summary did; a note that changed is said on both sides ("no
    note" for none)."""
    old, new = _parts(entry, before), _parts(entry, after)
    kept = {i for i in range(3) if old[i] != new[i]}
    if not kept - {2}:
        kept.add(0)  # only the note changed (or nothing): the hand it is on, in brief
    said = [
        _joined(*(part if i in kept else "" for i, part in enumerate(version)))
        for version in (old, new)
    ]
    if 2 in kept:
        said = [
            words if version[2] else _("%(hand)s · no note") % {"hand": words}
            for words, version in zip(said, (old, new), strict=True)
        ]
    return said[0], said[1]


def _version(entry: Entry, data: Any) -> str:
    return _joined(*_parts(entry, data))


def _joined(summary: str, details: str, note: str) -> str:
    """The parts that are there, as "summary (details) · note"."""
    words = f"{summary} ({details})" if summary and details else summary or details
    if note:
        words = _("%(hand)s · note: “%(note)s”") % {"hand": words, "note": note}
    return words


def _parts(entry: Entry, data: Any) -> tuple[str, str, str]:
    """A version of a hand as (summary, details, note), per-side counts in seating order."""
    if not isinstance(data, Mapping):
        return "", "", ""
    note = _cut(str(data.get(NOTE, "")))
    sides = _sides(entry)
    if "adjustment" in data:
        points = data.get("adjustment")
        points = points if isinstance(points, Mapping) else {}
        said = ", ".join(
            f"{side} {signed_text(value) if isinstance(value, int) else value}"
            for side, value in _in_order(points, sides)
        )
        reason = str(data.get("reason", ""))
        return (f"{said} ({reason})" if reason else said), "", note
    card_game = GAMES.get(entry.game_kind)
    if card_game is None:
        return "", "", note
    seated = {
        key: dict(_in_order(value, sides)) if isinstance(value, Mapping) else value
        for key, value in data.items()
    }
    summary = say(card_game.summary(seated))
    if card_game.details_in_summary:
        # A summary that is its counts ("Scores: Anne 5, Bjørn 3"): the counts alone, since
        # the line already names the game ("hand 2 of Points: Anne 5, Bjørn 3"), not
        # "Points: Scores: …", in Norwegian "Poeng: Poeng: …".
        return card_game.details(seated) or summary, "", note
    return summary, counted(card_game, card_game.details(seated)), note


def _sides(entry: Entry) -> list[str]:
    """The game's sides in seating order (teams first, as the game file lists them), or
    none for a deleted game (its hands' own order then)."""
    game = entry.game
    if game is None:
        return []
    teams = game.teams or {}
    return [*teams, *game.players]


def _in_order(mapping: Mapping[str, Any], order: list[str]) -> list[tuple[str, Any]]:
    rank = {name: i for i, name in enumerate(order)}
    return sorted(mapping.items(), key=lambda item: rank.get(item[0], len(rank)))


def _night_words(data: Mapping[str, Any], values: dict[str, str]) -> str:
    name, place = str(data.get("name", "")), str(data.get("place", ""))
    date = _date(data.get("date"))
    if name and place:
        called = _("“%(name)s”, at %(place)s") % {"name": name, "place": place}
    elif name:
        called = _("“%(name)s”") % {"name": name}
    elif place:
        said = {**values, "date": date, "place": place}
        return _("%(by)s set the place of the night of %(date)s to %(place)s") % said
    else:
        return _("%(by)s took the name off the night of %(date)s") % {**values, "date": date}
    return _("%(by)s named the night of %(date)s %(called)s") % {
        **values,
        "date": date,
        "called": called,
    }


def _date(value: Any) -> str:
    try:
        return date_format(dt.date.fromisoformat(str(value)), "DATE_FORMAT")
    except ValueError:
        return str(value or "")


def _title(kind: str) -> str:
    card_game = GAMES.get(kind)
    return _(card_game.title.message) if card_game is not None else kind


def _cut(note: str) -> str:
    return note if len(note) <= NOTE_SHOWN else note[: NOTE_SHOWN - 1] + "…"


def offered(group: Group, chosen: Game | None) -> list[dict[str, Any]]:
    """The games the filter offers, newest first: the latest few, and the chosen one."""
    games = list(group.games.select_related("night").order_by("-created_at", "-id")[:GAMES_OFFERED])
    if chosen is not None and chosen not in games:
        games.append(chosen)
    labels = [
        _("%(game)s, %(date)s")
        % {
            "game": game.get_kind_display(),
            # The evening's date, as the night page says it (after midnight, the day before).
            "date": date_format(game.evening(), "DATE_FORMAT"),
        }
        for game in games
    ]
    # Two games of a kind the same evening are told apart by the time each was started.
    twice = {label for label in labels if labels.count(label) > 1}
    return [
        {
            "code": game.code,
            "label": _("%(game)s, %(time)s") % {"game": label, "time": _started(game)}
            if label in twice
            else label,
        }
        for game, label in zip(games, labels, strict=True)
    ]


def _started(game: Game) -> str:
    """When the game was started: the time, and after midnight the day too ("15 Jan 2020,
    16 Jan 01:57"), never a time the evening's date did not have."""
    started = timezone.localtime(game.created_at)
    if started.date() == game.evening():
        return time_format(started, "TIME_FORMAT")
    return f"{date_format(started, 'MONTH_DAY_FORMAT')} {time_format(started, 'TIME_FORMAT')}"
