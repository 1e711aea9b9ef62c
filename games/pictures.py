"""Pictures of a result, for a group chat: a PNG of 1200 x 630, the size chat apps show in
a link's preview, drawn on the server.

A picture is an SVG drawing like the charts (`games.charts`, whose running totals a game's
picture carries), turned into a PNG by resvg with the fonts shipped in games/fonts/
(DejaVu Sans, for every letter of a Norwegian or any other European name), never the
machine's: every server draws the same picture. They have no emoji: an emoji in a name is
left out of the picture, not drawn as a box. The drawing says what it shows in the
reader's language; the views keep the PNG per version of what it shows.

A picture has a band with the group's name, a title, a line under it, a headline, and
two columns: named rows with a value each on the left (the totals, the games won), and a
chart or a list on the right.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import resvg_py
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext
from fontTools.ttLib import TTFont

from games import charts

WIDTH, HEIGHT = 1200, 630
MARGIN = 60
BAND = 84  # the band across the top, with the group's name
LEFT_END = 560  # the right edge of the left column (its values end there)
RIGHT = 620  # where the right column starts
BOTTOM = HEIGHT - 30

INK = "#1d1d1b"
MUTED = "#5b5b57"
GREEN = "#1f5f46"  # the app's theme colour (base.html's theme-color)
PALE = "#e3efe8"  # behind a winner's row
GOLD = "#E69F00"  # the trophy: the charts' orange (Okabe-Ito)

FONTS = Path(__file__).resolve().parent / "fonts"
FONT_FILES = [str(FONTS / "DejaVuSans.ttf"), str(FONTS / "DejaVuSans-Bold.ttf")]
FAMILY = "DejaVu Sans"
#: Bold letters are wider than `charts.text_width` reckons for regular ones.
BOLD = 1.1

#: What a page's stylesheet gives the charts' text (app.css), for resvg, which reads no page.
CHART_STYLE = ".tick, .axis { fill: #5b5b57; }"
#: A chart's colours are custom properties with the colour to use without them
#: ("var(--series-1,#0072B2)"); resvg knows no custom properties.
CUSTOM_PROPERTY = re.compile(r"var\(--[\w-]+,\s*([^()]+?)\s*\)")


@dataclass(frozen=True)
class Row:
    """A named row of the left column: a side and its total, a player and games won."""

    name: str
    value: str
    won: bool = False


@dataclass(frozen=True)
class ListLine:
    """A line of the list beside the rows (a night's game and who won it)."""

    text: str
    trophy: bool = False


@dataclass(frozen=True)
class Picture:
    """What a picture says, in the reader's language: under the band with the group's
    name, a title, a line under it and a headline, then named rows, and beside them either
    a chart (from the title down) or a list under a heading (from the rows down)."""

    group: str
    title: str
    subtitle: str
    headline: str
    trophy: bool  # a trophy before the headline: someone won
    rows: Sequence[Row]
    #: A chart as `games.charts` draws it for a page.
    chart: SafeString | None = None
    heading: str = ""
    listed: Sequence[ListLine] = ()
    #: The names it may say (players, teams): one the fonts have no letter of is kept whole.
    names: Sequence[str] = ()


def png(picture: Picture) -> bytes:
    """The picture as a PNG of WIDTH x HEIGHT."""
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=drawing(picture),
            skip_system_fonts=True,
            font_files=FONT_FILES,
            font_family=FAMILY,
            sans_serif_family=FAMILY,
            style_sheet=CHART_STYLE,
        )
    )


def drawing(picture: Picture) -> SafeString:
    """The picture as SVG."""
    picture = _without_boxes(picture)
    # Beside a chart, the head keeps to the left column; else it takes the width.
    end = LEFT_END if picture.chart else WIDTH - MARGIN
    headline_x = MARGIN + (56 if picture.trophy else 0)
    size, lines = _headline(picture.headline, end - headline_x)
    parts = [
        format_html(
            '<rect width="{}" height="{}" fill="#ffffff"/><rect width="{}" height="{}" fill="{}"/>',
            WIDTH,
            HEIGHT,
            WIDTH,
            BAND,
            GREEN,
        ),
        _text(MARGIN, 55, picture.group, 32, WIDTH - 2 * MARGIN - 200, fill="#ffffff", bold=True),
        _text(WIDTH - MARGIN, 53, "Scorekeeper", 22, 200, fill="#cfe3d8", anchor="end"),
        _text(MARGIN, 140, picture.title, 30, end - MARGIN, bold=True),
        _text(MARGIN, 180, picture.subtitle, 24, end - MARGIN, fill=MUTED),
    ]
    baseline = 200 + size
    if picture.trophy:
        parts.append(_trophy(MARGIN, baseline - size * 0.85, size))
    for line in lines:
        parts.append(_text(headline_x, baseline, line, size, end - headline_x, bold=True))
        baseline += size * 1.2
    top = baseline - size * 0.2 + 16
    beside = bool(picture.chart or picture.listed)
    parts.append(_rows(picture.rows, top, LEFT_END if beside else WIDTH - MARGIN))
    if picture.chart:
        parts.append(_chart(picture.chart, picture.names))
    if picture.listed:
        parts.append(_listed(picture.heading, picture.listed, top))
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" '
        'font-family="{}">{}</svg>',
        WIDTH,
        HEIGHT,
        WIDTH,
        HEIGHT,
        FAMILY,
        mark_safe("".join(parts)),  # every part was built by format_html
    )


def _chart(chart: SafeString, names: Sequence[str]) -> SafeString:
    """A chart of `games.charts` (as drawn for a page) in the right column, as large as
    the column lets it be, in the colours it has without a page's custom properties."""
    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', chart)
    if not found:
        return SafeString("")
    width, height = float(found[1]), float(found[2])
    room_w, room_h = WIDTH - MARGIN - RIGHT, BOTTOM - (BAND + 30)
    scale = min(room_w / width, room_h / height)
    place = format_html(
        'x="{}" y="{}" width="{}" height="{}"',
        round(RIGHT + (room_w - width * scale) / 2, 1),
        BAND + 30,
        round(width * scale, 1),
        round(height * scale, 1),
    )
    # The chart's own size says "as wide as the page's column": here, its place.
    placed = drawable(chart.replace('width="100%"', place, 1), names)
    return mark_safe(CUSTOM_PROPERTY.sub(r"\1", placed))


def _listed(heading: str, lines: Sequence[ListLine], top: float) -> SafeString:
    """The list beside the rows, under its heading: as many lines as there is room for,
    the rest counted on the last one."""
    step = 44
    baseline = top + 30
    room = int((BOTTOM - baseline) // step)  # lines under the heading
    shown = list(lines)
    if len(shown) > room:
        more = len(shown) - (room - 1)
        rest = ngettext("and %(count)d more game", "and %(count)d more games", more)
        shown = [*shown[: room - 1], ListLine(rest % {"count": more})]
    width = WIDTH - MARGIN - RIGHT
    parts = [_text(RIGHT, baseline, heading, 26, width, fill=MUTED, bold=True)]
    for index, line in enumerate(shown, 1):
        y = baseline + step * index
        if line.trophy:
            parts.append(_trophy(RIGHT, y - 22, 26))
        parts.append(_text(RIGHT + 36, y, line.text, 24, width - 36))
    return mark_safe("".join(parts))


def _rows(rows: Sequence[Row], top: float, right: float) -> SafeString:
    """The rows from `top` down, each name on the left and its value on the right, a
    winner's on a pale band; as high as the room and their number allow."""
    if not rows:
        return SafeString("")
    step = min(56.0, (BOTTOM - top) / len(rows))
    size = min(28.0, step * 0.55)
    value_room = max(charts.text_width(row.value, size * BOLD) for row in rows) + 16
    parts = []
    for index, row in enumerate(rows):
        y = top + index * step
        if row.won:
            parts.append(
                format_html(
                    '<rect x="{}" y="{}" width="{}" height="{}" rx="8" fill="{}"/>',
                    MARGIN - 12,
                    round(y + 2, 1),
                    round(right - MARGIN + 24, 1),
                    round(step - 4, 1),
                    PALE,
                )
            )
        baseline = y + step / 2 + size * 0.35
        parts.append(
            _text(MARGIN, baseline, row.name, size, right - MARGIN - value_room, bold=row.won)
        )
        parts.append(_text(right, baseline, row.value, size, value_room, bold=True, anchor="end"))
    return mark_safe("".join(parts))


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    room: float,
    *,
    fill: str = INK,
    bold: bool = False,
    anchor: str = "start",
) -> SafeString:
    """`text` at (x, y) (its baseline), cut with "…" to fit `room`."""
    if not text:
        return SafeString("")
    return format_html(
        '<text x="{}" y="{}" font-size="{}" fill="{}"{} text-anchor="{}">{}</text>',
        round(x, 1),
        round(y, 1),
        round(size, 1),
        fill,
        mark_safe(' font-weight="bold"') if bold else "",
        anchor,
        charts.fitted(text, room, size * (BOLD if bold else 1)),
    )


@functools.cache
def _letters() -> frozenset[int]:
    """Every character the shipped fonts draw (DejaVu Sans has no emoji)."""
    return frozenset(code for path in FONT_FILES for code in TTFont(path, lazy=True).getBestCmap())


def _drawn(text: str) -> str:
    return "".join(c for c in text if c < "\x80" or ord(c) in _letters())


def drawable(text: str, names: Sequence[str] = ()) -> str:
    """`text` without the characters the fonts would draw as a box (the emoji in a name
    or a night's name), but for a name of `names` that is nothing else: "🦊 wins" stays."""
    whole = sorted({name for name in names if name and not _drawn(name).strip()}, key=len)
    parts = re.split(f"({'|'.join(map(re.escape, whole[::-1]))})", text) if whole else [text]
    return "".join(part if part in whole else _drawn(part) for part in parts)


def _without_boxes(picture: Picture) -> Picture:
    """Every line of `picture` as `drawable`, its spaces closed up where a sign went."""

    def drawn(text: str) -> str:
        return " ".join(drawable(text, picture.names).split()) or text

    return replace(
        picture,
        group=drawn(picture.group),
        title=drawn(picture.title),
        subtitle=drawn(picture.subtitle),
        headline=drawn(picture.headline),
        rows=[replace(row, name=drawn(row.name)) for row in picture.rows],
        listed=[replace(line, text=drawn(line.text)) for line in picture.listed],
    )


def _headline(text: str, room: float) -> tuple[float, list[str]]:
    """The headline's font size and lines: one line, as large as fits (44 down to 32),
    else two lines at 32 (`_text` cuts what still does not fit)."""
    for size in range(44, 31, -2):
        if charts.text_width(text, size * BOLD) <= room:
            return size, [text]
    words, lines = text.split(" "), [""]
    for word in words:
        wider = f"{lines[-1]} {word}".strip()
        if len(lines) < 2 and lines[-1] and charts.text_width(wider, 32 * BOLD) > room:
            lines.append(word)
        else:
            lines[-1] = wider
    return 32, lines


def _trophy(x: float, y: float, size: float) -> SafeString:
    """A trophy `size` high with its top left corner at (x, y): a cup with two handles on
    a stem and a foot (drawn, since the font has no 🏆)."""
    return format_html(
        '<g transform="translate({} {}) scale({})" fill="{}">'
        '<path d="M6 0H34V10C34 19 28 25 20 25C12 25 6 19 6 10Z"/>'
        '<path d="M6 4H1V9C1 14 4 17 8 18M34 4H39V9C39 14 36 17 32 18" fill="none" '
        'stroke="{}" stroke-width="3"/>'
        '<rect x="17" y="24" width="6" height="8"/><rect x="10" y="32" width="20" height="6" rx="1"/>'
        "</g>",
        round(x, 1),
        round(y, 1),
        round(size / 40, 3),
        GOLD,
        GOLD,
    )
