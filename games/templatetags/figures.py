"""Filters for the statistics pages."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

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
