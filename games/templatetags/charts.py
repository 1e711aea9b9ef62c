"""Charts for the templates: `{% running_totals_chart table result target %}`, and
`{% chart_room table %}`, the room the page keeps for it until it comes."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games import charts
from games.rules import GameResult, Table

register = template.Library()


@register.simple_tag
def running_totals_chart(
    table: Table[object] | None, result: GameResult | None, target: int | None
) -> SafeString:
    """A game's running totals as the engine scored them ("" without hands or a result)."""
    if table is None or result is None:
        return SafeString("")
    totals = [hand.totals for hand in result.hands]
    return charts.running_totals(table.sides, totals, table.start_totals(), target)


@register.simple_tag
def chart_room(table: Table[object]) -> str:
    """The chart's width to height, as CSS's aspect-ratio reads it ("340 / 304")."""
    return f"{charts.WIDTH} / {charts.running_totals_height(table.sides):g}"
