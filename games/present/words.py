"""An engine sentence in the reader's language, and the app's own words around them: who won,
what a hand's details count."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from games.rules import AnyCardGame, Text
from games.rules.text import join_names, sheet_number

#: The tag of the message that says a change to a hand changed who won: it stands beside
#: the winner banner, which says who won, not that it changed.
WINNER_MOVED = "winner-moved"
#: The tag of the message that says a hand was corrected, before the code of that change:
#: the message offers to take the correction back (`take_back_of`).
TAKE_BACK = "take-back"
#: Beside an offer to take a correction back, the hand it corrected ("hand-2").
HAND_TAG = "hand-"


def take_back_of(extra_tags: str) -> str:
    """The code of the correction a message offers to take back ("" if it offers none)."""
    tags = extra_tags.split()
    return tags[tags.index(TAKE_BACK) + 1] if TAKE_BACK in tags[:-1] else ""


def named_by_players(members: Sequence[str]) -> str:
    """What a team goes by when the table gives it no name: its players' ("Anne & Cato")."""
    return " & ".join(members)


def say(text: Text | None) -> str:
    """An engine sentence in the reader's language, its numbers written as the score pages'
    tables write them ("" for none). The templates' ``say`` filter too."""
    return text.render(gettext, ngettext, sheet_number) if text is not None else ""


def winner_moved(before: list[str] | None, after: list[str] | None) -> str:
    """The line that says a change to a hand changed who won the game ("" if it did not)."""
    if (set(before) if before else None) == (set(after) if after else None):
        return ""
    if not after:
        return gettext("The game is no longer won: it goes on.")
    if not before:
        return gettext("This ends the game: %(names)s won.") % {"names": _names(after)}
    said = {"names": _names(after), "before": _names(before)}
    if len(after) > 1 and len(before) == 1:
        return (
            gettext("The winner changed: %(names)s share the win; %(before)s had won alone.") % said
        )
    if len(after) > 1:
        return gettext("The winner changed: %(names)s share the win, not %(before)s.") % said
    if len(before) > 1:
        return (
            gettext("The winner changed: %(names)s won alone; %(before)s had shared the win.")
            % said
        )
    return gettext("The winner changed: %(names)s won, not %(before)s.") % said


def _names(names: list[str]) -> str:
    return join_names(names, gettext)


def counted(card_game: AnyCardGame, details: str) -> str:
    """A hand's `details` named by what they count ("tricks: Anne 2, Cato 1"), or "" where
    there are none or the hand's summary already says them."""
    if not details or card_game.details_in_summary:
        return ""
    return f"{say(card_game.details_label)}: {details}"
