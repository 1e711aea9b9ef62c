"""Dates and times in each language's own format (Django's), on a 24-hour clock in both."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

# 20:55 UTC is 21:55 in Oslo, in winter.
MOMENT = dt.datetime(2026, 11, 23, 20, 55, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["23 Nov 2026, 21:55", "21:55", "21:55", "23 Nov 2026"]),
        # Norwegian writes a time after «kl.», with a full stop: «kl. 21.55».
        ("nb", ["23. november 2026 kl. 21.55", "kl. 21.55", "kl. 21.55", "23. november 2026"]),
    ],
)
def test_dates_in_each_languages_format_and_times_on_a_24_hour_clock(
    language: str, expected: list[str]
) -> None:
    # Each way the templates write a moment.
    template = Template(
        '{{ t|date:"DATETIME_FORMAT" }}|{{ t|time }}|{{ t|time:"TIME_FORMAT" }}'
        '|{{ t|date:"DATE_FORMAT" }}'
    )
    with translation.override(language), timezone.override("Europe/Oslo"):
        assert template.render(Context({"t": MOMENT})).split("|") == expected


def test_english_writes_a_date_one_way_short_or_long() -> None:
    # The season list's short dates and the night's long ones alike: "23 Nov 2026", never
    # "11/23/2026" on one page and "Nov. 23, 2026" on the next.
    template = Template('{{ t|date:"SHORT_DATE_FORMAT" }}|{{ t|date:"SHORT_DATETIME_FORMAT" }}')
    with translation.override("en-gb"), timezone.override("Europe/Oslo"):
        assert template.render(Context({"t": MOMENT})).split("|") == [
            "23 Nov 2026",
            "23 Nov 2026, 21:55",
        ]


def test_templates_write_dates_and_times_only_in_the_languages_formats() -> None:
    # A format spelled out ("j M Y", "g:i A") is the same in every language: "23 Nov 2026"
    # on a Norwegian page, or a 12-hour clock.
    spelled = [
        f"{path.relative_to(TEMPLATES)}: {found}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for found in re.findall(r'\|(?:date|time):"([^"]*)"', path.read_text(encoding="utf-8"))
        if not found.endswith("_FORMAT")
    ]
    assert spelled == []
