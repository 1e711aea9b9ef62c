"""Translatable sentences and the engine's one error type.

The engine must not import Django, yet everything it says reaches players in
English or Norwegian. So it never builds finished strings: it returns a `Text`
(a message id marked for extraction plus its parameters) and whoever shows it
renders it with their own ``gettext``. Rendering without a translator gives
the English original, which is what the ``score`` command prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Union

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]


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


Param = Union[str, int, "Text", Names]


@dataclass(frozen=True)
class Text:
    """A sentence to show a player: a message id and the values it mentions."""

    message: str
    params: Mapping[str, Param] = field(default_factory=dict)
    # With a plural form, `count` picks between `message` and `plural`.
    plural: str | None = None
    count: int = 1

    def render(
        self, gettext: Translate = _identity, ngettext: TranslatePlural = _english_plural
    ) -> str:
        if self.plural is None:
            template = gettext(self.message)
        else:
            template = ngettext(self.message, self.plural, self.count)
        values = {
            key: _render_param(value, gettext, ngettext) for key, value in self.params.items()
        }
        return template % values if values else template

    def __str__(self) -> str:
        return self.render()


def ngettext_lazy(singular: str, plural_message: str, count: int, **params: Param) -> Text:
    """A `Text` with singular and plural forms, chosen by `count` (also ``%(count)d``).

    Named like Django's function so that ``makemessages`` extracts both forms. A negative
    count takes the form of its size: "-1 point", as one says "minus one point".
    """
    return Text(singular, {"count": count, **params}, plural=plural_message, count=abs(count))


def _render_param(value: Param, gettext: Translate, ngettext: TranslatePlural) -> str | int:
    if isinstance(value, Text):
        return value.render(gettext, ngettext)
    if isinstance(value, Names):
        return join_names(value.names, gettext)
    return value


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

    def render(
        self, gettext: Translate = _identity, ngettext: TranslatePlural = _english_plural
    ) -> str:
        message = self.text.render(gettext, ngettext)
        if self.hand is None:
            return message
        return gettext(_("hand %(number)d: %(message)s")) % {
            "number": self.hand,
            "message": message,
        }

    def __str__(self) -> str:
        return self.render()


def error(message: str, *, field: str | None = None, **params: Param) -> RuleError:
    return RuleError(Text(message, params), field=field)
