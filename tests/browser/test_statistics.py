"""The statistics on a phone: a table wider than the screen scrolls sideways under a name
column that stays put, so a row is never read without its player."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import bid, make_game
from tests.test_stats import season


def test_the_name_column_stays_in_view_when_a_wide_table_scrolls(
    live_server: LiveServer, page: Page, transactional_db: None
) -> None:
    group = season().group
    long_name = "Margrethe Kristiansen"
    # Anne bids Amerikaner and takes every trick: +52, and the game.
    make_game(
        group,
        ["Anne", "Dina", long_name],
        [bid("Anne", "amerikaner", None, {"Dina": 0, long_name: 0})],
    )
    page.goto(f"{live_server.url}/g/{group.view_key}/stats/")
    expect(page.locator("#points")).to_be_visible()
    scroller = page.locator("#points").locator("xpath=..")
    name = page.locator("#points tbody th").first
    # A table that scrolls fades out at its right edge, so that it does not read as cut off;
    # one that fits does not.
    faded = """() => [...document.querySelectorAll('.scroll')].map((box) => [
      box.scrollWidth > box.clientWidth, getComputedStyle(box).getPropertyValue('--fade')])"""
    page.wait_for_function(f"({faded})().every(([wide, fade]) => wide === (fade !== '0px'))")
    assert {wide for wide, _fade in page.evaluate(faded)} == {True, False}
    before = name.bounding_box()
    assert scroller.evaluate("element => (element.scrollLeft = 1000, element.scrollLeft)") > 0
    after = name.bounding_box()
    assert before is not None and after is not None
    # Within the table's 1 px border, which scrolls away.
    assert abs(after["x"] - before["x"]) <= 1
    # At its end, nothing more to see: no fade.
    expect(scroller).to_have_css("--fade", "0px")
    # Reached by the keyboard, its focus ring whole (a mask would cut it off).
    scroller.evaluate("(box) => box.scrollTo(0, 0)")
    scroller.focus()
    expect(scroller).to_have_css("mask-image", "none")
    # A few pixels too wide, it fades no more than those: its last column stays in view.
    scroller.blur()
    over = scroller.evaluate(
        "(box) => (box.style.width = `${box.scrollWidth - 6}px`, box.scrollWidth - box.clientWidth)"
    )
    assert 0 < over < 40  # less than the fade's 2.5rem
    fade = "(box) => parseFloat(getComputedStyle(box).getPropertyValue('--fade'))"
    page.wait_for_function(f"() => ({fade})(document.querySelector('#points').parentElement) > 0")
    assert scroller.evaluate(fade) <= over + 0.5
