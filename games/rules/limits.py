"""The spec's "Limits": the bounds that keep any file from breaking a game, its page or the server.

Every way in (the forms, an uploaded file, a backup, the ``score`` command) reaches the
engine through `make_table` and `play`, which call these checks, so all of them refuse
the same files with the same message. With these bounds a running total stays far below
10^9: ten thousand hands of a few dozen points each, on top of a start of ten thousand.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from .text import _, error

#: Every whole number in `rules` and `start` lies within this distance of zero.
LARGEST_NUMBER = 10_000
PLAYER_NAME_LENGTH = 40
#: Room for two players' names, as a team named after its partners has.
TEAM_NAME_LENGTH = 100
MOST_HANDS = 10_000


def check_number(value: int, what: str, field: str) -> None:
    if not -LARGEST_NUMBER <= value <= LARGEST_NUMBER:
        raise error(
            _("%(what)s must be between %(low)d and %(high)d"),
            field=field,
            what=what,
            low=-LARGEST_NUMBER,
            high=LARGEST_NUMBER,
        )


def check_rules(rules: Mapping[str, Any]) -> None:
    """Every whole number among the house rules, before a game reads them."""
    for key, value in rules.items():
        if isinstance(value, int) and not isinstance(value, bool):
            check_number(value, str(key), "rules")


def check_name(name: str, *, team: bool = False) -> None:
    """A trimmed player's (or team's) name: not too long, only characters one can print."""
    longest = TEAM_NAME_LENGTH if team else PLAYER_NAME_LENGTH
    field = "teams" if team else "players"
    if len(name) > longest:
        message = (
            _("a team's name has at most %(count)d characters: %(name)s")
            if team
            else _("a player's name has at most %(count)d characters: %(name)s")
        )
        raise error(message, field=field, count=longest, name=name[:longest] + "…")
    if not printable(name):
        raise error(
            _("a name cannot hold control characters or broken Unicode: %(name)s"),
            field=field,
            name="".join(char if _printable(char) else "\ufffd" for char in name),
        )


def printable(text: str) -> bool:
    """No control characters (U+0000 to U+001F, U+007F) and no unpaired surrogates."""
    return all(_printable(char) for char in text)


def _printable(char: str) -> bool:
    return not (char < "\x20" or char == "\x7f" or unicodedata.category(char) == "Cs")


def check_hand_count(hands: Sequence[object]) -> None:
    if len(hands) > MOST_HANDS:
        raise error(
            _("a game has at most %(count)d hands, not %(hands)d"),
            field="hands",
            count=MOST_HANDS,
            hands=len(hands),
        )


#: A note (spec "Notes"): what the table wrote, on a hand or on the game.
NOTE_LENGTH = 500


def read_note(value: object) -> str:
    """A note as kept: trimmed, "" for none. Refused unless it is a string of at most
    `NOTE_LENGTH` characters after trimming, with no control character but the line feed
    and no unpaired surrogate. A note never changes a score."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise error(_("a note must be text"), field="note")
    note = value.strip()
    if len(note) > NOTE_LENGTH:
        raise error(
            _("a note has at most %(count)d characters, not %(length)d"),
            field="note",
            count=NOTE_LENGTH,
            length=len(note),
        )
    if not written(note):
        raise error(
            _("a note cannot hold control characters (other than a new line) or broken Unicode"),
            field="note",
        )
    return note


def written(text: str) -> bool:
    """What a note (or a reason) may hold: no control character but the line feed and no
    unpaired surrogate."""
    return all(char == "\n" or _printable(char) for char in text)


#: An adjustment's reason (spec "Adjustments"): 1 to this many characters after trimming.
REASON_LENGTH = 120


def read_reason(value: object) -> str:
    """An adjustment's reason as kept: trimmed; required, short, under the rules of a note."""
    if value is not None and not isinstance(value, str):
        raise error(_("a reason must be text"), field="reason")
    reason = (value or "").strip()
    if not reason:
        raise error(_("an adjustment needs a reason"), field="reason")
    if len(reason) > REASON_LENGTH:
        raise error(
            _("a reason has at most %(count)d characters, not %(length)d"),
            field="reason",
            count=REASON_LENGTH,
            length=len(reason),
        )
    if not written(reason):
        raise error(
            _("a reason cannot hold control characters (other than a new line) or broken Unicode"),
            field="reason",
        )
    return reason
