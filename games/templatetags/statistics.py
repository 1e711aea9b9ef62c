"""Filters for the statistics pages."""

from __future__ import annotations

from django import template
from django.template.defaultfilters import floatformat
from django.utils.formats import number_format

from games.numbers import number_text, signed_text
from games.rules import Figure
from games.stats import Line

register = template.Library()


@register.filter
def share(value: float | None) -> str:
    """Wins that may be shared, in the reader's language: 2, 1.5, 0.33 (two decimals at
    most, none that are zeros). `floatformat` would write 1.5 as 1.50."""
    if value is None:
        return ""
    rounded = round(value, 2)
    places = 0 if rounded == int(rounded) else 1 if round(rounded, 1) == rounded else 2
    return number_format(rounded, places)


NOTHING = "\u2013"  # a figure with nothing to work it out from


@register.simple_tag
def figure(line: Line, figure: Figure) -> str:
    """One player's figure, written as the figure says (see `Figure.shows`)."""
    value = line.value(figure.value)
    if figure.shows == "made_of":
        assert figure.of is not None
        return f"{value} / {line.value(figure.of)}"
    if figure.shows in ("percent", "average"):
        if value is None:
            return NOTHING
        if figure.shows == "percent":
            return f"{floatformat(value, 0)}%"
        return str(floatformat(value, 1))
    if figure.shows == "points":
        return number_text(value)
    if figure.shows == "signed":
        return signed_text(value)
    return str(value)
