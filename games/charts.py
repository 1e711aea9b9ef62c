"""Charts drawn on the server as SVG: no chart library, no JavaScript.

Each function returns markup ready for a template (a `SafeString`, or "" when there is
nothing to draw); every name in it is escaped. Lines are told apart by colour (the
Okabe-Ito palette, chosen to stay distinct for colour-blind readers) and also by dash
pattern and marker shape, so colour is never the only cue. Text and grid use
`currentColor` and the page's custom properties, so a chart follows dark mode; the
drawing has a viewBox and takes the full width of its container.
"""

from __future__ import annotations

import datetime as dt
import html
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.formats import date_format, number_format
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.numbers import number_text
from games.ratings import START as START_RATING

# Okabe-Ito colours, the darker ones first: they read best on a light page. A dark page
# swaps the blue for sky blue and black for yellow (app.css sets --series-1 and
# --series-6); these values are the fallbacks when the variables are not set.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#000000")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "16 4", "12 3 3 3 3 3")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus")

WIDTH = 340  # about the width of a phone's column, so one unit is about one pixel
PLOT_HEIGHT = 190
TOP = 24  # room for the y axis label above the plot
FONT = 13
# Widths of characters in ems, on the wide side of common phone fonts (DejaVu Sans draws
# a digit 0.64 em wide, the minus sign 0.84 em, "W" 0.99 em): text laid out by them fits.
NARROW = frozenset(" .,:;'!|ijlft()[]")
WIDE = frozenset("\u2212\u2026MWmw@%")
GAP = 14  # the least distance between two end labels
TEXT_LINE = 17  # a line of text under the plot: the tick labels, then the axis label


def wins_over_time(series: Mapping[str, Sequence[tuple[dt.date, float]]]) -> SafeString:
    """Cumulative wins per player over the dates they played, as stepped lines.

    `series` maps a name (a player, or a team) to its points in date order: each
    `(date, wins)` is the running total of wins up to and including that date, as a
    float because a shared win counts 1/n (`GameStat.win_share`). A line starts at its
    first point, steps up at each later one and runs flat to the last date in the chart,
    where its value is written. Names keep the mapping's order in the legend and in the
    choice of colour, dash and marker (distinct for the first six).

    Returns "" when no series has a point, so the page can say so in its own words.
    """
    named = {name: sorted(points) for name, points in series.items() if points}
    if not named:
        return SafeString("")
    first = min(points[0][0] for points in named.values())
    last = max(points[-1][0] for points in named.values())
    lo, hi = first.toordinal(), last.toordinal()
    if lo == hi:  # one evening: its points stand in the middle
        lo, hi = lo - 1, hi + 1
    top = max(value for points in named.values() for _date, value in points)
    y = _value_axis(0, max(top, 1), whole=True)
    lines = [
        _Line(
            name=name,
            points=[(float(day.toordinal()), value) for day, value in points]
            + [(float(last.toordinal()), points[-1][1])],
            label=_wins(points[-1][1]),
            stepped=True,
        )
        for name, points in named.items()
    ]
    summary = _("Wins over time, %(first)s to %(last)s: %(values)s.") % {
        "first": date_format(first, "DATE_FORMAT"),
        "last": date_format(last, "DATE_FORMAT"),
        "values": ", ".join(f"{line.name} {line.label}" for line in lines),
    }
    return _draw(
        title=_("Wins over time"),
        summary=summary,
        x=_Axis(lo, hi, _date_ticks(first, last), flush=True),
        y=y,
        lines=lines,
        x_label="",
        y_label=_("Wins"),
        guide=None,
    )


def running_totals(
    sides: Sequence[str],
    hands_totals: Sequence[Mapping[str, int]],
    start: Mapping[str, int],
    target: int | None,
) -> SafeString:
    """Each side's total after every hand of one game, with the target as a dashed line.

    `sides` are the players (or teams) in seating order; `hands_totals` holds the totals
    after each hand (`ScoredHand.totals`), `start` the totals before the first (hand 0),
    and `target` the total that wins, or None when the game has none.

    Returns "" for a game without hands.
    """
    if not hands_totals or not sides:
        return SafeString("")
    rows = [start, *hands_totals]
    # The target belongs on the chart even while every total is far below it.
    values = [row.get(side, 0) for row in rows for side in sides]
    values += [target] if target is not None else []
    y = _value_axis(min(values), max(values), whole=True)
    lines = [
        _Line(
            name=side,
            points=thin([(float(n), float(row.get(side, 0))) for n, row in enumerate(rows)]),
            label=_number(rows[-1].get(side, 0)),
            stepped=False,
            tag=tag,
        )
        for side, tag in zip(sides, _short(sides), strict=True)
    ]
    count = len(hands_totals)
    summary = ngettext(
        "Running totals over %(count)d hand: %(values)s.",
        "Running totals over %(count)d hands: %(values)s.",
        count,
    ) % {"count": count, "values": ", ".join(f"{line.name} {line.label}" for line in lines)}
    if target is not None:
        summary += " " + _("Target %(target)s.") % {"target": _number(target)}
    return _draw(
        title=_("Running totals"),
        summary=summary,
        x=_Axis(0, count, _hand_ticks(count)),
        y=y,
        lines=lines,
        x_label=_("Hand"),
        y_label=_("Total"),
        guide=(
            (float(target), _("Target %(target)s") % {"target": _number(target)})
            if target is not None
            else None
        ),
    )


def rating_over_time(ratings: Sequence[int]) -> SafeString:
    """A player's rating after each of their games of one kind, oldest first, from the
    rating a new player starts at (game 0). "" before their first game."""
    if not ratings:
        return SafeString("")
    points = [START_RATING, *ratings]
    count = len(ratings)
    line = _Line(
        name=_("Rating"),
        points=thin([(float(n), float(value)) for n, value in enumerate(points)]),
        label=_number(ratings[-1]),
        stepped=False,
    )
    summary = ngettext(
        "Rating over %(count)d game, from %(first)s to %(last)s.",
        "Rating over %(count)d games, from %(first)s to %(last)s.",
        count,
    ) % {"count": count, "first": _number(START_RATING), "last": line.label}
    return _draw(
        title=_("Rating over time"),
        summary=summary,
        x=_Axis(0, count, _hand_ticks(count)),
        y=_value_axis(min(points), max(points), whole=True),
        lines=[line],
        x_label=_("Games"),
        y_label=_("Rating"),
        guide=None,
    )


#: Points a line keeps at most: a phone-wide chart shows no more, and the page stays the
#: same size however long the game runs.
MOST_POINTS = 80


def thin(points: list[tuple[float, float]], most: int = MOST_POINTS) -> list[tuple[float, float]]:
    """`points` (in x order) with at most `most` of them: past that, the hands are cut into
    runs of equal length and each run keeps its lowest and its highest point, in order, so
    that every peak and dip (a made or failed Amerikaner) still shows. The first and the
    last point always stay."""
    if len(points) <= most:
        return points
    inner = points[1:-1]
    runs = (most - 2) // 2
    kept = [points[0]]
    for index in range(runs):
        run = inner[index * len(inner) // runs : (index + 1) * len(inner) // runs]
        low = min(run, key=lambda point: point[1])
        high = max(run, key=lambda point: point[1])
        kept.extend(sorted({low, high}))
    kept.append(points[-1])
    return kept


# --- Drawing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    name: str
    points: list[tuple[float, float]]  # (x, y) in data units, in x order
    label: str  # the value written at the end of the line
    stepped: bool
    # A short name written before the value, so that a line is known by its name and not
    # by its colour alone ("" to leave the value by itself).
    tag: str = ""

    @property
    def end_text(self) -> str:
        return f"{self.tag} {self.label}" if self.tag else self.label


@dataclass(frozen=True)
class _Axis:
    lo: float
    hi: float
    ticks: list[tuple[float, str]]  # (value, label)
    # Wide labels (dates) at the ends are aligned with the plot's edges, not centred.
    flush: bool = False


def text_width(text: str, size: float = FONT) -> float:
    """How wide `text` may be drawn at font size `size` (the chart's, unless told), erring
    wide, so that room kept for it (the end labels, the ticks, the legend, a picture's
    names) holds it in any font."""
    ems = sum(0.4 if c in NARROW else 1.0 if c in WIDE or c.isupper() else 0.66 for c in text)
    return ems * size


def _draw(
    *,
    title: str,
    summary: str,
    x: _Axis,
    y: _Axis,
    lines: list[_Line],
    x_label: str,
    y_label: str,
    guide: tuple[float, str] | None,
) -> SafeString:
    left = 10 + max(text_width(label) for _v, label in y.ticks)
    # The end labels stand right of the plot, their ends at the drawing's right edge.
    right = 22 + max(text_width(line.end_text) for line in lines)
    plot_w = WIDTH - left - right
    bottom = TOP + PLOT_HEIGHT

    def sx(value: float) -> float:
        return left + (value - x.lo) / (x.hi - x.lo) * plot_w

    def sy(value: float) -> float:
        return TOP + (y.hi - value) / (y.hi - y.lo) * PLOT_HEIGHT

    parts: list[str] = []
    # Grid and value labels; the zero line is stronger when totals go below it.
    for value, label in y.ticks:
        stroke = "var(--muted,#777)" if value == 0 and y.lo < 0 else "var(--line,#ccc)"
        parts.append(
            _svg(
                '<line x1="{}" x2="{}" y1="{}" y2="{}" style="stroke:{}" stroke-width="1"/>'
                '<text x="{}" y="{}" text-anchor="end" dy="0.35em" class="tick">{}</text>',
                _f(left),
                _f(left + plot_w),
                _f(sy(value)),
                _f(sy(value)),
                stroke,
                _f(left - 6),
                _f(sy(value)),
                label,
            )
        )
    for value, label, anchor in _fitting(x, sx):
        parts.append(
            _svg(
                '<line x1="{}" x2="{}" y1="{}" y2="{}" style="stroke:var(--muted,#777)"/>'
                '<text x="{}" y="{}" text-anchor="{}" class="tick">{}</text>',
                _f(sx(value)),
                _f(sx(value)),
                _f(bottom),
                _f(bottom + 4),
                _f(sx(value)),
                _f(bottom + TEXT_LINE),
                anchor,
                label,
            )
        )
    parts.append(
        _svg(
            '<line x1="{}" x2="{}" y1="{}" y2="{}" style="stroke:var(--muted,#777)"/>',
            _f(left),
            _f(left + plot_w),
            _f(bottom),
            _f(bottom),
        )
    )
    parts.append(_svg('<text x="4" y="12" class="axis">{}</text>', y_label))
    if x_label:
        parts.append(
            _svg(
                '<text x="{}" y="{}" text-anchor="middle" class="axis">{}</text>',
                _f(left + plot_w / 2),
                _f(bottom + 2 * TEXT_LINE),
                x_label,
            )
        )
    if guide is not None:
        value, label = guide
        at = sy(value)
        # Written above the line, unless that would leave the plot.
        text_y = at - 5 if at - 16 >= TOP else at + 14
        parts.append(
            _svg(
                '<line x1="{}" x2="{}" y1="{}" y2="{}" class="target" '
                'style="stroke:var(--muted,#777)" stroke-width="1.5" stroke-dasharray="6 4"/>'
                '<text x="{}" y="{}" class="axis">{}</text>',
                _f(left),
                _f(left + plot_w),
                _f(at),
                _f(at),
                _f(left + 4),
                _f(text_y),
                label,
            )
        )
    # Markers on every point while they have room; the end of each line leads to its
    # value, written beside the plot with the line's marker.
    points = max(len(line.points) for line in lines)
    every = points <= 1 or plot_w / (points - 1) >= 14
    ends = []
    for index, line in enumerate(lines):
        colour, dash, marker = _style(index)
        coords = [(sx(a), sy(b)) for a, b in line.points]
        ends.append(coords[-1])
        dasharray = _svg(' stroke-dasharray="{}"', dash) if dash else ""
        if line.stepped:
            path = [f"M{_f(coords[0][0])} {_f(coords[0][1])}"]
            path.extend(f"H{_f(cx)}V{_f(cy)}" for cx, cy in coords[1:])
            data = "".join(path)
        else:
            data = _relative(coords)
        parts.append(
            _svg(
                '<path class="series" d="{}" fill="none" style="stroke:{}" stroke-width="2.5" '
                'stroke-linejoin="round"{}><title>{}</title></path>',
                data,
                colour,
                dasharray,
                line.name,
            )
        )
        if every:
            # One path for all of a line's markers: a page draws hundreds of them.
            parts.append(_marker(marker, coords[:-1], colour))
    parts.extend(_end_labels(lines, ends, left + plot_w))
    legend, height = _legend(lines, _legend_top(bool(x_label)))
    parts.append(legend)
    return _svg(
        '<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" aria-label="{}" '
        'font-size="{}" fill="currentColor" style="max-width:100%;height:auto">'
        "<title>{}</title>{}</svg>",
        WIDTH,
        _f(height),
        summary,
        FONT,
        title,
        mark_safe("".join(parts)),  # every part was built by _svg
    )


def _fitting(x: _Axis, sx: Callable[[float], float]) -> list[tuple[float, str, str]]:
    """The x ticks whose labels have room, with their text-anchor: the first and the
    last always, those between while they keep clear of their neighbours."""
    placed = []
    for index, (value, label) in enumerate(x.ticks):
        anchor = "middle"
        if x.flush and len(x.ticks) > 1 and index in (0, len(x.ticks) - 1):
            anchor = "start" if index == 0 else "end"
        width = text_width(label)
        start = sx(value) - {"start": 0, "middle": width / 2, "end": width}[anchor]
        placed.append((value, label, anchor, start, start + width))
    kept = placed[:1]
    for tick in placed[1:-1]:
        if kept[-1][4] + 8 <= tick[3]:
            kept.append(tick)
    if len(placed) > 1:
        last = placed[-1]
        while len(kept) > 1 and kept[-1][4] + 8 > last[3]:
            kept.pop()  # a tick between gives way to the last one
        if kept[-1][4] + 8 <= last[3]:
            kept.append(last)
    return [(value, label, anchor) for value, label, anchor, _a, _b in kept]


def _end_labels(lines: list[_Line], ends: list[tuple[float, float]], x: float) -> list[str]:
    """Each line's short name and last value just right of the plot, pushed apart so that
    none overlap, with the line's marker and a thin lead from where the line ends."""
    order = sorted(range(len(lines)), key=lambda i: (ends[i][1], i))
    placed: dict[int, float] = {}
    previous = -math.inf
    for i in order:
        placed[i] = max(ends[i][1], previous + GAP)
        previous = placed[i]
    # Labels pushed below the plot move back up together.
    limit: float = TOP + PLOT_HEIGHT + 4
    for i in reversed(order):
        placed[i] = min(placed[i], limit)
        limit = placed[i] - GAP
    parts: list[str] = []
    for i, line in enumerate(lines):
        colour, _dash, marker = _style(i)
        if abs(placed[i] - ends[i][1]) > 0.5:
            # Only a label that had to move gets a lead: faint and dotted, so that it
            # cannot be read as the line going on after the last hand.
            parts.append(
                _svg(
                    '<polyline class="lead" points="{},{} {},{}" fill="none" '
                    'style="stroke:{}" stroke-width="0.75" stroke-dasharray="1 2" opacity="0.6"/>',
                    _f(ends[i][0]),
                    _f(ends[i][1]),
                    _f(x + 9),
                    _f(placed[i]),
                    colour,
                )
            )
        parts.append(
            _svg(
                # Written back from the right edge: a label wider than its room drawn in
                # some font moves towards the plot, never out of the drawing.
                '{}<text x="{}" y="{}" dy="0.35em" text-anchor="end" class="end">{}</text>',
                _marker(marker, [(x + 9, placed[i])], colour),
                _f(WIDTH - 4),
                _f(placed[i]),
                line.end_text,
            )
        )
    return parts


def _legend_columns(names: Sequence[str]) -> int:
    """Two columns for the legend when the names allow it, else one."""
    longest = max(text_width(name) for name in names)
    return 2 if len(names) > 1 and 34 + longest <= (WIDTH - 8) / 2 else 1


def _legend_height(names: Sequence[str]) -> float:
    return math.ceil(len(names) / _legend_columns(names)) * 20 + 4


def _legend_top(x_label: bool) -> float:
    """Where the legend starts: under the plot, its tick labels and its axis label."""
    return TOP + PLOT_HEIGHT + TEXT_LINE * (2 if x_label else 1) + 12


def running_totals_height(sides: Sequence[str]) -> float:
    """The height of `running_totals`' drawing for these sides (its width is WIDTH): what
    the page keeps free for the chart until it comes. Its x axis has a label ("Hand")."""
    return _legend_top(True) + _legend_height(sides)


def _legend(lines: list[_Line], top: float) -> tuple[str, float]:
    """The names with a sample of each line, in two columns when the names allow it."""
    names = [line.name for line in lines]
    columns = _legend_columns(names)
    width = (WIDTH - 8) / columns
    room = width - 40
    parts: list[str] = []
    for index, line in enumerate(lines):
        colour, dash, marker = _style(index)
        cx = 4 + (index % columns) * width
        cy = top + (index // columns) * 20 + 6
        name = fitted(line.name, room)
        dasharray = _svg(' stroke-dasharray="{}"', dash) if dash else ""
        parts.append(
            _svg(
                '<g class="legend"><line class="sample" x1="{}" x2="{}" y1="{}" y2="{}" '
                'style="stroke:{}" stroke-width="2.5"{}/>{}'
                '<text x="{}" y="{}" dy="0.35em">{}</text></g>',
                _f(cx),
                _f(cx + 28),
                _f(cy),
                _f(cy),
                colour,
                dasharray,
                _marker(marker, [(cx + 14, cy)], colour),
                _f(cx + 34),
                _f(cy),
                name,
            )
        )
    return "".join(parts), top + _legend_height(names)


def fitted(name: str, room: float, size: float = FONT) -> str:
    """`name`, or as much of it as fits `room` at font size `size` with "…" after it."""
    if text_width(name, size) <= room:
        return name
    while name and text_width(name + "…", size) > room:
        name = name[:-1]
    return name + "…"


def _style(index: int) -> tuple[str, str, str]:
    """Colour, dash pattern and marker of the line at `index`; past six, the three cues
    are combined differently so that lines still differ in at least one of them."""
    turn = index // len(COLOURS)
    colour = index % len(COLOURS)
    return (
        f"var(--series-{colour + 1},{COLOURS[colour]})",
        DASHES[(index + turn) % len(DASHES)],
        MARKERS[(index + 2 * turn) % len(MARKERS)],
    )


def _marker(shape: str, at: Sequence[tuple[float, float]], colour: str) -> str:
    """The marker `shape` at each point of `at`, drawn as one path."""
    d = "".join(_marker_outline(shape, cx, cy) for cx, cy in at)
    if not d:
        return ""
    return _svg(
        '<path class="marker" d="{}" style="fill:{};stroke:var(--surface,#fff)" stroke-width="1"/>',
        d,
        colour,
    )


def _marker_outline(shape: str, cx: float, cy: float, r: float = 3.5) -> str:
    if shape == "circle":
        return f"M{_f(cx - r)} {_f(cy)}a{_f(r)} {_f(r)} 0 1 0 {_f(2 * r)} 0a{_f(r)} {_f(r)} 0 1 0 {_f(-2 * r)} 0Z"
    if shape == "square":
        s = r * 0.9
        return f"M{_f(cx - s)} {_f(cy - s)}h{_f(2 * s)}v{_f(2 * s)}h{_f(-2 * s)}Z"
    if shape == "triangle":
        return f"M{_f(cx)} {_f(cy - r * 1.3)}L{_f(cx + r * 1.2)} {_f(cy + r * 0.8)}H{_f(cx - r * 1.2)}Z"
    if shape == "down":
        return f"M{_f(cx)} {_f(cy + r * 1.3)}L{_f(cx + r * 1.2)} {_f(cy - r * 0.8)}H{_f(cx - r * 1.2)}Z"
    if shape == "diamond":
        s = r * 1.3
        return f"M{_f(cx)} {_f(cy - s)}L{_f(cx + s)} {_f(cy)}L{_f(cx)} {_f(cy + s)}L{_f(cx - s)} {_f(cy)}Z"
    # A plus sign, drawn as one filled shape.
    a, b = r * 0.45, r * 1.25
    return (
        f"M{_f(cx - a)} {_f(cy - b)}h{_f(2 * a)}v{_f(b - a)}h{_f(b - a)}v{_f(2 * a)}"
        f"h{_f(a - b)}v{_f(b - a)}h{_f(-2 * a)}v{_f(a - b)}h{_f(a - b)}v{_f(-2 * a)}"
        f"h{_f(b - a)}Z"
    )


# --- Scales and numbers ----------------------------------------------------------------------


def _value_axis(lo: float, hi: float, *, whole: bool) -> _Axis:
    if lo == hi:  # all equal: a band around the one value
        lo, hi = lo - 1, hi + 1
    ticks = _steps(lo, hi, 6, whole=whole)
    step = ticks[1] - ticks[0]
    # The axis ends on ticks, so the highest and lowest values sit on a grid line.
    lo = min(lo, math.floor(lo / step) * step)
    hi = max(hi, math.ceil(hi / step) * step)
    ticks = _steps(lo, hi, 6, whole=whole, step=step)
    return _Axis(lo, hi, [(value, _number(value)) for value in ticks])


def _steps(
    lo: float, hi: float, most: int, *, whole: bool, step: float | None = None
) -> list[float]:
    """Round values from lo to hi, at most about `most` of them (1, 2 or 5 times 10ⁿ)."""
    if step is None:
        rough = (hi - lo) / max(most - 1, 1)
        step = 1.0
        if rough > 0:
            power = 10 ** math.floor(math.log10(rough))
            step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
        if whole:
            step = max(1.0, round(step))
    first = math.ceil(lo / step - 1e-9) * step
    values = []
    value = first
    while value <= hi + 1e-9:
        values.append(round(value, 6))
        value += step
    return values or [lo]


def _hand_ticks(count: int) -> list[tuple[float, str]]:
    """Round hand numbers, and the last hand so the end of the game is numbered."""
    numbers = [*_steps(0, count, 8, whole=True), float(count)]
    return [(n, str(int(n))) for n in sorted(set(numbers))]


def _date_ticks(first: dt.date, last: dt.date) -> list[tuple[float, str]]:
    """Up to four dates from first to last, as the reader's language writes a day (or a
    month and year, over more than half a year); `_draw` drops those without room."""
    span = (last - first).days
    form = "MONTH_DAY_FORMAT" if span <= 183 else "M Y"
    days = sorted({round(span * i / 3) for i in range(4)})
    dates = [first + dt.timedelta(days=d) for d in days]
    return [(float(day.toordinal()), date_format(day, form)) for day in dates]


def _short(names: Sequence[str], most: int = 7) -> list[str]:
    """Names short enough to stand beside the ends of their lines (the legend has them
    whole): cut after `most` characters, or, for two alike that way whose ends differ,
    before their last ones ("Sharks of the north" and "Sharks of the south" end "…north"
    and "…south")."""
    heads = [name if len(name) <= most else name[: most - 1].rstrip() + "…" for name in names]
    tails = [name if len(name) <= most else "…" + name[1 - most :].lstrip() for name in names]
    alike = {head for head in heads if heads.count(head) > 1}
    shorts = [tail if head in alike else head for head, tail in zip(heads, tails, strict=True)]
    # Alike at both ends too ("Sharks A north", "Sharks B north"): from where they part.
    twice = {short for short in shorts if shorts.count(short) > 1}
    shorts = [
        _from_where_they_part(name, names, most) if short in twice else short
        for name, short in zip(names, shorts, strict=True)
    ]
    return shorts if len(set(shorts)) == len(shorts) else heads


def _from_where_they_part(name: str, names: Sequence[str], most: int) -> str:
    """`name` from the first character it does not share with another name alike at its
    start ("…B north" of "Sharks B north" beside "Sharks A north"), cut after `most`."""
    start = name[: most - 1].rstrip()
    others = [other for other in names if other != name and other.startswith(start)]
    shared = max((_shared(name, other) for other in others), default=0)
    rest = name[shared:].strip()
    return "…" + (rest if len(rest) < most else rest[: most - 2].rstrip() + "…")


def _shared(one: str, other: str) -> int:
    """How many characters two names share at their start."""
    apart = (at for at, (a, b) in enumerate(zip(one, other, strict=False)) if a != b)
    return next(apart, min(len(one), len(other)))


def _number(value: float) -> str:
    """A whole number with a true minus sign, as the score pages write totals."""
    return number_text(round(value))


def _wins(value: float) -> str:
    """Wins: whole, or with one decimal in the reader's language (shared wins count 1/n)."""
    if abs(value - round(value)) < 0.05:
        return _number(value)
    return number_format(value, decimal_pos=1)


def _relative(coords: list[tuple[float, float]]) -> str:
    """A line through `coords` as path data: the first point, then each step from the one
    before ("M47.5 214l1-.1 4.1-.4"). Steps are short numbers that repeat, so a long line
    weighs about half what its points written out do. Each point lands exactly where its
    coordinates rounded to one decimal are, since the steps are taken between those."""
    tenths = [(round(x * 10), round(y * 10)) for x, y in coords]
    steps = []
    for (x0, y0), (x1, y1) in itertools.pairwise(tenths):
        dx, dy = _tenths(x1 - x0), _tenths(y1 - y0)
        # A minus sign parts two numbers by itself.
        steps.append(dx + dy if dy.startswith("-") else f"{dx} {dy}")
    start = f"M{_tenths(tenths[0][0])} {_tenths(tenths[0][1])}"
    return start + ("l" + " ".join(steps) if steps else "")


def _tenths(value: int) -> str:
    """A number of tenths, short: "12", "1.5", ".5", "-.5"."""
    whole, tenth = divmod(abs(value), 10)
    text = f"{whole}.{tenth}" if tenth else str(whole)
    if text.startswith("0."):
        text = text[1:]
    return f"-{text}" if value < 0 else text


def _svg(markup: str, *args: object) -> SafeString:
    """`format_html` for the chart's many small elements (a page draws hundreds): each value
    escaped unless it is markup already, without the lazy-text checks of Django's escape."""
    return mark_safe(
        markup.format(*(a if isinstance(a, SafeData) else html.escape(str(a)) for a in args))
    )


def _f(value: float) -> str:
    """A coordinate, short: one decimal at most."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
