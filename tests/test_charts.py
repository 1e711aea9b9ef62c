"""The SVG charts: one line per side, the target where it belongs, every name escaped."""

from __future__ import annotations

import datetime as dt
import re
from xml.etree import ElementTree

import pytest
from django.utils import translation

from games import charts

SVG = "{http://www.w3.org/2000/svg}"
FOUR = ["Anne", "Bjørn", "Cato", "Dina"]
SCRIPT = "<script>alert(1)</script>"


def parse(markup: str) -> ElementTree.Element:
    """The chart as XML: also proves that it is well formed (escaping included)."""
    return ElementTree.fromstring(markup.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))


def series(svg: ElementTree.Element) -> list[ElementTree.Element]:
    return [e for e in svg.iter() if e.get("class") == "series"]


def y_of_line(svg: ElementTree.Element, css_class: str) -> float:
    line = next(e for e in svg.iter(f"{SVG}line") if e.get("class") == css_class)
    assert line.get("y1") == line.get("y2")  # horizontal
    return float(line.get("y1", "nan"))


def points_of(element: ElementTree.Element) -> list[tuple[float, float]]:
    """The points a line of the running totals passes through: its path's first point, then
    each step from the one before ("M47.5 214l1-.1 4.1-.4")."""
    data = element.get("d", "")
    assert data.startswith("M") and set(data) <= set("Ml0123456789.- ")
    numbers = [float(n) for n in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", data)]
    x, y = numbers[0], numbers[1]
    points = [(x, y)]
    for dx, dy in zip(numbers[2::2], numbers[3::2], strict=True):
        x, y = round(x + dx, 1), round(y + dy, 1)
        points.append((x, y))
    return points


def totals(*rows: tuple[int, ...]) -> list[dict[str, int]]:
    return [dict(zip(FOUR, row, strict=True)) for row in rows]


ZERO = dict.fromkeys(FOUR, 0)


def test_one_line_per_side_through_every_hand_from_the_start() -> None:
    hands = totals((8, -8, 2, 1), (16, -7, 3, -6), (20, 1, 3, -6))
    svg = parse(charts.running_totals(FOUR, hands, ZERO, 52))
    lines = series(svg)
    assert [line.tag for line in lines] == [f"{SVG}path"] * 4
    # Hand 0 (the start totals) and three hands: four points a line.
    assert [len(points_of(line)) for line in lines] == [4, 4, 4, 4]
    # The names, in seating order, say which line is whose.
    assert [line.findtext(f"{SVG}title") for line in lines] == FOUR


def test_target_is_a_dashed_line_at_the_height_of_its_value() -> None:
    # Anne climbs 0, 26, 52: on her line, the value 52 sits where the target is drawn.
    hands = totals((26, 0, 0, 0), (52, 0, 0, 0))
    svg = parse(charts.running_totals(FOUR, hands, ZERO, 52))
    anne = points_of(series(svg)[0])
    assert y_of_line(svg, "target") == pytest.approx(anne[2][1])
    assert next(e for e in svg.iter() if e.get("class") == "target").get("stroke-dasharray")
    assert "Target 52" in ElementTree.tostring(svg, encoding="unicode")


def test_target_stays_on_the_chart_while_every_total_is_far_below_it() -> None:
    svg = parse(charts.running_totals(FOUR, totals((1, 0, 0, 0)), ZERO, 52))
    top = min(y for line in series(svg) for _x, y in points_of(line))
    assert y_of_line(svg, "target") < top


def test_no_target_no_target_line() -> None:
    markup = charts.running_totals(FOUR, totals((1, 2, 3, 4)), ZERO, None)
    assert 'class="target"' not in markup


def test_names_are_escaped_everywhere() -> None:
    sides = [SCRIPT, '"><img src=x onerror=alert(2)>']
    hands = [{SCRIPT: 3, sides[1]: -3}]
    markup = charts.running_totals(sides, hands, dict.fromkeys(sides, 0), 10)
    assert "<script>" not in markup
    assert "<img" not in markup
    assert "&lt;script&gt;" in markup
    parse(markup)  # and still well-formed XML
    wins = charts.wins_over_time({SCRIPT: [(dt.date(2025, 3, 7), 1.0)]})
    assert "<script>" not in wins
    assert "&lt;script&gt;" in wins


def test_a_game_without_hands_draws_nothing() -> None:
    assert charts.running_totals(FOUR, [], ZERO, 52) == ""
    assert charts.wins_over_time({}) == ""
    assert charts.wins_over_time({"Anne": []}) == ""


def test_chart_is_labelled_and_scales_with_its_viewbox() -> None:
    svg = parse(charts.running_totals(FOUR, totals((8, -8, 2, 1)), ZERO, 52))
    assert re.fullmatch(r"0 0 \d+ \d+(\.\d)?", svg.get("viewBox", ""))
    assert svg.get("width") == "100%"
    assert svg.get("role") == "img"
    # The summary a screen reader says: how many hands and where everyone stands.
    assert svg.get("aria-label") == (
        "Running totals over 1 hand: Anne 8, Bjørn \u22128, Cato 2, Dina 1. Target 52."
    )
    assert svg.findtext(f"{SVG}title") == "Running totals"


@pytest.mark.parametrize(
    "sides",
    [
        ["Nord", "Sør"],
        ["Anne", "Bjørn", "Cato"],
        FOUR,
        ["Anne", "Bjørn", "Cato", "Dina", "Eli", "Frode"],
        ["Anne-Kristin", "Bjørn Olav", "Cato Andreas", "Dina Marie"],
    ],
)
def test_the_height_told_in_advance_is_the_charts_own(sides: list[str]) -> None:
    # The game page keeps this room for the chart until it comes.
    rows = [dict.fromkeys(sides, 3), dict.fromkeys(sides, -4)]
    svg = parse(charts.running_totals(sides, rows, dict.fromkeys(sides, 0), 52))
    assert svg.get("viewBox") == f"0 0 340 {charts.running_totals_height(sides):g}"


def test_lines_differ_by_more_than_colour() -> None:
    six = [*FOUR, "Erik", "Frida"]
    svg = parse(charts.running_totals(six, [dict.fromkeys(six, 1)], dict.fromkeys(six, 0), None))
    lines = series(svg)
    assert len({line.get("stroke-dasharray") for line in lines}) == 6
    assert len({line.get("style") for line in lines}) == 6
    # The legend repeats each line's dash and marker beside its name.
    legend = [e for e in svg.iter(f"{SVG}g") if e.get("class") == "legend"]
    assert [g.findtext(f"{SVG}text") for g in legend] == six


def test_each_line_ends_in_its_name_and_total() -> None:
    # Known by name, not by colour alone; a long name is cut (the legend has it whole).
    sides = ["Anne", "Kristoffer Andreas"]
    svg = parse(charts.running_totals(sides, [{"Anne": 8, "Kristoffer Andreas": -8}], {}, 52))
    ends = [e.text for e in svg.iter(f"{SVG}text") if e.get("class") == "end"]
    assert ends == ["Anne 8", "Kristo… \u22128"]
    assert "Kristoffer Andreas \u22128" in svg.get("aria-label", "")


def test_long_names_alike_at_their_start_end_in_what_tells_them_apart() -> None:
    sides = ["Sharks of the north", "Sharks of the south", "Kristoffer Andreas"]
    svg = parse(charts.running_totals(sides, [dict.fromkeys(sides, 5)], {}, 52))
    ends = [e.text for e in svg.iter(f"{SVG}text") if e.get("class") == "end"]
    assert ends == ["…north 5", "…south 5", "Kristo… 5"]


def test_long_names_alike_at_both_ends_end_in_where_they_part() -> None:
    sides = ["Sharks A of the north", "Sharks B of the north", "Sharks of the south"]
    svg = parse(charts.running_totals(sides, [dict.fromkeys(sides, 5)], {}, 52))
    ends = [e.text for e in svg.iter(f"{SVG}text") if e.get("class") == "end"]
    assert ends == ["…A of… 5", "…B of… 5", "…south 5"]


def test_negative_totals_and_one_hand_one_side() -> None:
    svg = parse(charts.running_totals(["Anne"], [{"Anne": -12}], {"Anne": 0}, None))
    (line,) = series(svg)
    (start, end) = points_of(line)
    assert end[1] > start[1]  # -12 is drawn below 0
    text = ElementTree.tostring(svg, encoding="unicode")
    assert "\u221212" in text  # written with a true minus sign


def test_equal_totals_still_draw_a_chart() -> None:
    svg = parse(charts.running_totals(FOUR, totals((0, 0, 0, 0)), ZERO, None))
    assert len(series(svg)) == 4
    # The four end labels all say 0, pushed apart so none sits on another.
    ends = [float(e.get("y", "0")) for e in svg.iter(f"{SVG}text") if e.get("class") == "end"]
    assert len(set(ends)) == 4
    assert min(b - a for a, b in zip(sorted(ends), sorted(ends)[1:], strict=False)) >= 14


def test_start_totals_are_where_the_lines_begin() -> None:
    start = {"Anne": 40, "Bjørn": 0, "Cato": 40, "Dina": 0}
    svg = parse(charts.running_totals(FOUR, totals((43, -7, 43, -7)), start, 52))
    anne, bjorn, cato, _dina = (points_of(line) for line in series(svg))
    assert anne[0] == cato[0]
    assert anne[0][1] < bjorn[0][1]  # 40 above 0


def test_wins_over_time_steps_up_on_each_date_and_runs_on_to_the_last() -> None:
    march, april, may = dt.date(2025, 3, 7), dt.date(2025, 4, 4), dt.date(2025, 5, 2)
    svg = parse(
        charts.wins_over_time(
            {"Anne": [(march, 1.0), (april, 1.5)], "Bjørn": [(march, 0.5), (may, 2.0)]}
        )
    )
    anne, bjorn = series(svg)
    assert anne.tag == f"{SVG}path"
    # Anne: start, one step (across then up) on 4 April, then flat to 2 May.
    assert anne.get("d", "").count("V") == 2
    right = max(float(x) for x in re.findall(r"H([\d.]+)", bjorn.get("d", "")))
    assert re.findall(r"H([\d.]+)", anne.get("d", ""))[-1] == f"{right:g}"
    labels = [e.text for e in svg.iter(f"{SVG}text") if e.get("class") == "end"]
    assert labels == ["1.5", "2"]


def test_wins_are_written_in_the_readers_language() -> None:
    points = {"Anne": [(dt.date(2025, 3, 7), 1.5)]}
    with translation.override("nb"):
        svg = parse(charts.wins_over_time(points))
    labels = [e.text for e in svg.iter(f"{SVG}text") if e.get("class") == "end"]
    assert labels == ["1,5"]
    assert "7. mars" in ElementTree.tostring(svg, encoding="unicode")


def test_wins_on_a_single_evening_are_drawn() -> None:
    day = dt.date(2025, 3, 7)
    svg = parse(charts.wins_over_time({"Anne": [(day, 1.0)], "Bjørn": [(day, 0.0)]}))
    assert len(series(svg)) == 2
    assert svg.get("aria-label", "").startswith("Wins over time")


def test_a_long_game_is_drawn_with_a_bounded_number_of_points() -> None:
    rows = [(n, -n, n % 7, 0) for n in range(1, 1001)]
    svg = parse(charts.running_totals(FOUR, totals(*rows), ZERO, None))
    assert all(len(points_of(line)) <= charts.MOST_POINTS for line in series(svg))
    # A short game keeps every hand: hand 0 and 50 hands.
    short = parse(charts.running_totals(FOUR, totals(*rows[:50]), ZERO, None))
    assert [len(points_of(line)) for line in series(short)] == [51] * 4


def test_thinning_keeps_every_peak_and_dip_and_both_ends() -> None:
    # 1,000 hands of slow growth, with one Amerikaner made (+52) and one failed (-52).
    values = [n // 10 for n in range(1001)]
    values[400] += 52
    values[700] -= 52
    points = [(float(n), float(v)) for n, v in enumerate(values)]
    kept = charts.thin(points)
    assert len(kept) <= charts.MOST_POINTS
    assert kept[0] == points[0] and kept[-1] == points[-1]
    assert (400.0, 92.0) in kept and (700.0, 18.0) in kept
    assert kept == sorted(kept)  # still in hand order
    assert set(kept) <= set(points)  # nothing made up


def test_a_long_line_ends_exactly_where_its_label_leads_from() -> None:
    # Each line is written as steps from point to point; 80 steps of rounding must not
    # move its end away from the lead that takes it to its value (a label that had to
    # move away from the line's end has one).
    rows = [(n * 3 + n % 5, n * 3 + n % 4, (n * 13) % 29, n // 3) for n in range(1, 301)]
    svg = parse(charts.running_totals(FOUR, totals(*rows), ZERO, None))
    ends = {points_of(line)[-1] for line in series(svg)}
    leads = [e.get("points", "") for e in svg.iter(f"{SVG}polyline") if e.get("class") == "lead"]
    assert leads
    for lead in leads:
        x, y = lead.split()[0].split(",")
        assert (float(x), float(y)) in ends


def test_each_point_but_the_last_has_its_lines_marker() -> None:
    hands = totals((8, -8, 2, 1), (16, -7, 3, -6), (20, 1, 3, -6))
    svg = parse(charts.running_totals(FOUR, hands, ZERO, 52))
    paths = list(svg.iter(f"{SVG}path"))
    for line in series(svg):
        colour = re.search(r"stroke:([^;]+)", line.get("style", "")).group(1)  # type: ignore[union-attr]
        # A line's markers are one path drawn after it, in its colour: one shape per point
        # but the last, which leads to the total written beside the chart.
        markers = paths[paths.index(line) + 1]
        assert markers.get("class") == "marker"
        assert f"fill:{colour}" in markers.get("style", "")
        assert markers.get("d", "").count("Z") == len(points_of(line)) - 1


def test_a_rating_over_time_runs_from_the_start_through_every_game() -> None:
    assert charts.rating_over_time([]) == ""
    svg = parse(charts.rating_over_time([1040, 1010, 1100]))
    [line] = series(svg)
    # The start (1000, game 0) and three games: four points.
    assert len(points_of(line)) == 4
    assert svg.get("aria-label") == "Rating over 3 games, from 1000 to 1100."
    assert svg.findtext(f"{SVG}title") == "Rating over time"
