"""A result as it leaves the app: a page's preview for chat apps and its Share button
(`games.present.picture.Preview`), and the score sheet a printed game page carries.

`{% game_preview page as preview %}`, `{% night_preview as preview %}` on the night page,
`{% absolute path %}` (the whole address a chat app needs) and `{% game_date game %}`."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game, Night
from games.present.game import GamePage, over
from games.present.game import next_game as next_game_of
from games.present.night import night_date
from games.present.picture import Preview
from games.present.picture import game_preview as preview_of_game
from games.present.picture import night_preview as preview_of_night
from games.rules import RuleError

register = template.Library()


@register.simple_tag
def game_preview(page: GamePage) -> Preview:
    """The page's preview, from the result the page plays (not played a second time)."""
    try:
        played = page.result
    except RuleError:  # a game that needs a correction: the preview says so
        played = None
    return preview_of_game(page.access, page.game, played)


register.filter("over", over)


@register.simple_tag
def next_game(game: Game) -> Game | None:
    """The game the table went on to from `game`, once `game` is over."""
    return next_game_of(game)


@register.simple_tag(takes_context=True)
def night_preview(context: dict[str, Any]) -> Preview:
    return preview_of_night(context["access"], context["night"], context["rows"])


@register.simple_tag(takes_context=True)
def absolute(context: dict[str, Any], path: str) -> str:
    """`path` as a whole address, on the host this page was asked from."""
    return str(context["request"].build_absolute_uri(path))


@register.simple_tag
def game_date(game: Game) -> str:
    """The evening the game was played, as the night pages write it (no query)."""
    return night_date(Night.evening_of(game.created_at))
