"""Translatable sentences and the engine's one error type.

The engine must not import Django, yet everything it says reaches players in
English or Norwegian. So it never builds finished strings: it returns a `Text`
(a message id marked for extraction plus its parameters) and whoever shows it
renders it with their own ``gettext``. Rendering without a translator gives
the English original, which is what the ``score`` command prints.

Numbers are written by whoever shows the sentence too: plainly by default (a hyphen
before a negative one, as a terminal or a number field reads it), or with the score
sheet's minus sign (`sheet_number`) where the pages show them beside their tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Union

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]
WriteNumber = Callable[[int], str]

MINUS = "\u2212"


def sheet_number(value: int) -> str:
    """A whole number as a score sheet writes it: below zero with a true minus sign
    (U+2212), not a hyphen. The pages' tables and sentences both write numbers with it."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def sheet_points(value: int) -> str:
    """Points with their sign as a score sheet writes them: +8, 0, and a true minus sign."""
    return f"+{value}" if value > 0 else sheet_number(value)


def _(message: str) -> str:
    """Mark a message for extraction by ``makemessages``; translation happens on render."""
    return message


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _identity(message: str) -> str:
    return message


@dataclass(frozen=True)
class Names:
    """A list of names shown as "Anne, Bjørn and Cato"."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class Quoted:
    """Values a player typed or a file held, each in the reader's own quotation marks
    (English “kitty”, Norwegian «kitty»), joined by commas."""

    values: tuple[str, ...]


#: One quoted value: the translation puts in the language's own marks.
QUOTE = _("“%(value)s”")

Param = Union[str, int, "Text", Names, Quoted]


@dataclass(frozen=True)
class Text:
    """A sentence to show a player: a message id and the values it mentions."""

    message: str
    params: Mapping[str, Param] = field(default_factory=dict)
    # With a plural form, `count` picks between `message` and `plural`.
    plural: str | None = None
    count: int = 1

    def render(
        self,
        gettext: Translate = _identity,
        ngettext: TranslatePlural = _english_plural,
        number: WriteNumber | None = None,
    ) -> str:
        """The sentence in the language of `gettext`; with `number`, each whole number in
        it (nested sentences' too) is written by that function rather than by ``%d``."""
        if self.plural is None:
            template = gettext(self.message)
        else:
            template = ngettext(self.message, self.plural, self.count)
        values = {
            key: _render_param(value, gettext, ngettext, number)
            for key, value in self.params.items()
        }
        if not values:
            return template
        if number is not None:
            template = _numbers_written(template)
        return template % values

    def __str__(self) -> str:
        return self.render()


def ngettext_lazy(singular: str, plural_message: str, count: int, **params: Param) -> Text:
    """A `Text` with singular and plural forms, chosen by `count` (also ``%(count)d``).

    Named like Django's function so that ``makemessages`` extracts both forms. A negative
    count takes the form of its size: "-1 point", as one says "minus one point".
    """
    return Text(singular, {"count": count, **params}, plural=plural_message, count=abs(count))


def sentences(first: Text, *more: Text) -> Text:
    """Sentences said one after the other, as one `Text` ("Bid 9: failed. 1 bag: …")."""
    said = first
    for sentence in more:
        said = Text(_("%(sentence)s %(more)s"), {"sentence": said, "more": sentence})
    return said


def _render_param(
    value: Param, gettext: Translate, ngettext: TranslatePlural, number: WriteNumber | None
) -> str | int:
    if isinstance(value, Text):
        return value.render(gettext, ngettext, number)
    if isinstance(value, Names):
        return join_names(value.names, gettext)
    if isinstance(value, Quoted):
        quote = gettext(QUOTE)
        return ", ".join(quote % {"value": one} for one in value.values)
    if number is not None and isinstance(value, int):
        return number(int(value))  # a flag among the facts stays the 1 or 0 ``%d`` writes
    return value


# "%%" is read first, so that a literal "%%(x)d" is left alone.
_PLACEHOLDER = re.compile(r"%%|%\((\w+)\)d")


def _numbers_written(template: str) -> str:
    """The template with each ``%(name)d`` as ``%(name)s``, for a number written already.
    The messages keep ``%d``, which gettext checks in every translation."""
    return _PLACEHOLDER.sub(lambda m: m[0] if m[1] is None else f"%({m[1]})s", template)


def join_names(names: Sequence[str], gettext: Translate = _identity) -> str:
    if len(names) <= 1:
        return "".join(names)
    return gettext(_("%(first)s and %(last)s")) % {
        "first": ", ".join(names[:-1]),
        "last": names[-1],
    }


class RuleError(Exception):
    """Input the rules do not allow; the message names the hand and says what is wrong."""

    def __init__(self, text: Text, *, hand: int | None = None, field: str | None = None):
        self.text = text
        self.hand = hand
        # The hand input at fault (a key of the hand), so a form can show it there.
        self.field = field
        super().__init__(str(self))

    def in_hand(self, number: int) -> RuleError:
        return RuleError(self.text, hand=number, field=self.field)

    def whole_text(self) -> Text:
        """The message as a `Text` for whoever shows it later: the hand, then what is wrong."""
        if self.hand is None:
            return self.text
        return Text(_("hand %(number)d: %(message)s"), {"number": self.hand, "message": self.text})

    def render(
        self, gettext: Translate = _identity, ngettext: TranslatePlural = _english_plural
    ) -> str:
        return self.whole_text().render(gettext, ngettext)

    def __str__(self) -> str:
        return self.render()


def error(message: str, *, field: str | None = None, **params: Param) -> RuleError:
    return RuleError(Text(message, params), field=field)
