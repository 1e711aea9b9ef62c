"""Small filters for score pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from django import template
from django.forms import BoundField
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games import pages
from games.forms import say
from games.rules.text import join_names, sheet_number

register = template.Library()


@register.simple_tag
def link(name: str, *args: str | int) -> str:
    """``{% url %}`` for the links a game's page draws at every version (`pages.link`)."""
    return pages.link(name, *args)


@register.filter
def signed(value: int | None) -> str:
    """Points with their sign as a score sheet writes them: +8, 0, and a true minus sign."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else sheet_number(value)


@register.filter
def names(values: Sequence[str]) -> str:
    """ "Anne, Bjørn and Cato", in the reader's language."""
    return join_names(list(values), gettext)


@register.filter
def num(value: int | None) -> str:
    """A total as the page prints it: negative with a true minus sign, like points."""
    return "" if value is None else sheet_number(value)


register.filter("say", say)

CHECKED = mark_safe(" checked")


@register.simple_tag
def chips(field: BoundField) -> SafeString:
    """A radio field's choices drawn as tap targets, one label each.

    Written here rather than as a widget template per radio: an Amerikaner hand form has
    about seventy of them, and this is the form's largest part to draw. Nothing given
    checks nothing: an empty choice ("alone") is a chip like the others, never a default."""
    given = field.value()
    current = "" if given is None else str(given)

    def checked(value: object) -> SafeString | str:
        if given == pages.DEALER:  # the kept empty form: checked when it is filled in
            return pages.checked_slot(value)
        return CHECKED if given is not None and current == str(value) else ""

    return format_html_join(
        "",
        '<label><input type="radio" name="{}" value="{}"{}>{}</label>',
        ((field.html_name, value, checked(value), label) for value, label in _choices(field)),
    )


def _choices(field: BoundField) -> list[tuple[object, str]]:
    # The hand form's choice fields are flat lists of (value, label) pairs.
    return cast(list[tuple[object, str]], getattr(field.field, "choices", []))
