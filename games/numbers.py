"""Numbers as the score pages and charts write them (a true minus sign, as a score sheet
does), for the template filters and the charts alike."""

from __future__ import annotations

from games.rules.text import sheet_number, sheet_points


def number_text(value: int | None) -> str:
    """A total: negative with a true minus sign, like points ("" for nothing)."""
    return "" if value is None else sheet_number(value)


def signed_text(value: int | None) -> str:
    """Points with their sign as a score sheet writes them: +8, 0, and a true minus sign."""
    return "" if value is None else sheet_points(value)
