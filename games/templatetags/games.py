"""Small filters for score pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.translation import gettext

from games.rules.text import join_names

register = template.Library()


@register.filter
def get(mapping: Mapping[str, Any] | None, key: str) -> Any:
    """``totals|get:name``: a value by key, for names that are not identifiers."""
    return mapping.get(key) if mapping else None


@register.filter
def signed(value: int | None) -> str:
    """Points with their sign as a score sheet writes them: +8, 0, and a true minus sign."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


@register.filter
def names(values: Sequence[str]) -> str:
    """ "Anne, Bjørn and Cato", in the reader's language."""
    return join_names(list(values), gettext)


@register.filter
def num(value: int | None) -> str:
    """A total as the page prints it: negative with a true minus sign, like points."""
    if value is None:
        return ""
    return f"\u2212{-value}" if value < 0 else str(value)
