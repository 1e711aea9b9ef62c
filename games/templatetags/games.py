"""Small filters for score pages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import template
from django.contrib.messages import WARNING
from django.template.defaultfilters import floatformat
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games import stream
from games.forms import HandForm
from games.models import Game
from games.numbers import number_text, signed_text
from games.present.words import TAKE_BACK, WINNER_MOVED, say, take_back_of
from games.rules.text import join_names

register = template.Library()

register.filter("signed", signed_text)
register.filter("num", number_text)
register.filter("say", say)


@register.simple_tag
def stream_url(group: Any, game: Any = None) -> str:
    """The address of the group's live stream; with a game, of that game's changes alone."""
    return stream.url_for(group.pk, game.code if game else "")


@register.filter
def decimal(value: float | None, places: int = 1) -> str:
    """A figure with `places` decimals in the reader's language, negative with the true
    minus sign the totals have (`num`): Django's `floatformat` writes a hyphen."""
    return floatformat(value, places).replace("-", "\N{MINUS SIGN}")


@register.filter
def names(values: Sequence[str]) -> str:
    """ "Anne, Bjørn and Cato", in the reader's language."""
    return join_names(list(values), gettext)


@register.filter
def beside_winner(messages: Iterable[Any], finished: bool) -> list[Any]:
    """This phone's messages, all read; beside a winner banner (`finished`) only those that
    stand there (`stands_beside_winner`)."""
    return [message for message in messages if not finished or stands_beside_winner(message)]


@register.filter
def stands_beside_winner(message: Any) -> bool:
    """Whether a message says more than a winner banner: that something was refused or
    did not happen (a warning, an error), that a change to a hand changed who won
    (`WINNER_MOVED`: the banner says who, not that it changed), or offers to take a
    correction back (`TAKE_BACK`). The page keeps these when a poll brings the banner."""
    return message.level >= WARNING or bool(
        {WINNER_MOVED, TAKE_BACK} & set(message.extra_tags.split())
    )


register.filter("take_back_of", take_back_of)


@register.filter
def earned_in(awards: Mapping[str, list[Any]], game: Any) -> list[Any]:
    """The awards earned in this game, from awards by game code."""
    return awards.get(game.code, [])


@register.simple_tag
def hand_form_style(game: Game) -> SafeString:
    """The hand form's own CSS (`HandForm.style`), for a page that may draw the form."""
    return HandForm(game=game).style()
