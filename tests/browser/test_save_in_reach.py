"""Save and the preview's outcome stay in reach for the whole hand form on a phone
(390 x 844): a bar at the foot of the screen while the form scrolls by, which covers no
chip for good (each can be scrolled clear of it). Both languages: their words' lengths
are what the bar's height depends on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import LIVE, choice, fill_hand, join_as, play_hand, start_four

#: The chips a phone shows that no scroll brings clear of what sits over them.
COVERED = """() => [...document.querySelectorAll("form[data-hand-form] label:has(> input)")]
  .filter((label) => label.checkVisibility())
  .filter((label) => {
    label.scrollIntoView({ block: "center" });
    const box = label.getBoundingClientRect();
    return !label.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  })
  .map((label) => label.textContent.trim())"""


#: Whether the outcome's reasons show inside its box.
REASONS_SHOW = """() => {
  const box = document.querySelector("#preview");
  const bottom = box.querySelector(".muted")?.getBoundingClientRect().bottom;
  return bottom !== undefined && bottom <= box.getBoundingClientRect().bottom;
}"""


@pytest.mark.parametrize("locale", ["nb-NO", "en-GB"])
def test_save_and_the_outcome_stay_in_reach_through_the_whole_form(
    live_server: LiveServer, page: Page, locale: str, screenshots: Path
) -> None:
    start_four(page, live_server.url)
    save = page.locator("form[data-hand-form] button[name=save]")
    fieldsets = page.locator("form[data-hand-form] fieldset")
    # From the first input to the last, the form scrolled past: Save stays on the screen.
    for index in range(fieldsets.count()):
        fieldsets.nth(index).evaluate("(fieldset) => fieldset.scrollIntoView()")
        expect(save).to_be_in_viewport()
    # A hand tapped in from the top of the form down: the outcome shows beside Save, and
    # Save does not move when it comes.
    fieldsets.first.evaluate("(fieldset) => fieldset.scrollIntoView()")
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2})
    before = save.bounding_box()
    page.locator('.tricks-row[data-side="Cato"] label:has(> input[value="1"])').click()
    outcome = page.locator("#preview strong.made")
    expect(outcome).to_be_in_viewport()
    assert save.bounding_box() == before
    page.screenshot(path=screenshots / f"save-in-reach-{locale}.png")
    # The outcome's reasons run past the bar's two lines: a swipe inside it brings them,
    # and Save stays where it is.
    preview = page.locator("#preview")
    assert preview.evaluate("(box) => box.scrollHeight > box.clientHeight")
    expect(preview).to_have_css("overflow-y", "auto")  # a finger can scroll it
    expect(preview).not_to_have_css("--fade", "0px")  # its foot faded: there is more
    reasons = preview.locator(".muted")
    assert reasons.evaluate("(line) => line.getBoundingClientRect().bottom") > (
        preview.evaluate("(box) => box.getBoundingClientRect().bottom")
    )
    # Swiped to its foot, the reasons are in the box, and Save has not moved.
    preview.evaluate("(box) => box.scrollTo(0, box.scrollHeight)")
    assert page.evaluate(REASONS_SHOW)
    expect(preview).to_have_css("--fade", "0px")
    assert save.bounding_box() == before
    # The phone's polls find the game unchanged: the reasons stay where the swipe left them
    # (checked at the second, 2 s after what the first would have set going).
    for _ in range(2):
        with page.expect_response(LIVE) as poll:
            pass
        assert poll.value.status == 304
    assert page.evaluate(REASONS_SHOW)
    # The game's note written on another phone: the game changed, the outcome did not. The
    # phone asks it again, and the reasons still stay where the swipe left them.
    with page.expect_response(lambda answer: "/preview/" in answer.url) as asked:
        Game.objects.get().write_note("Dina's birthday", "Bjørn")
    expect(page.locator("#game-note")).to_contain_text("Dina's birthday")
    assert asked.value.status == 200
    assert page.evaluate(REASONS_SHOW)
    # The next tap's outcome comes from its first line again, not where the swipe left it.
    shown = preview.inner_text()
    page.locator('.tricks-row[data-side="Cato"] label:has(> input[value="0"])').click()
    expect(preview).not_to_have_text(shown)
    page.wait_for_function("() => document.querySelector('#preview').scrollTop === 0")
    assert page.evaluate(COVERED) == []


@pytest.mark.parametrize("locale", ["nb-NO"])
@pytest.mark.parametrize("where", ["top", "end"])
def test_what_moved_under_the_form_is_said_in_view_and_save_stays_put(
    live_server: LiveServer,
    page: Page,
    new_phone: Callable[[], Page],
    screenshots: Path,
    where: str,
) -> None:
    start_four(page, live_server.url)
    other = new_phone()
    join_as(other, page.url, "Bjørn")
    # Anne taps the bidder at the top of the form while Bjørn's phone saves hand 1; or
    # she is at the form's end, where Save's bar is in its place, not held at the foot.
    page.locator("form[data-hand-form] fieldset").first.evaluate("(f) => f.scrollIntoView()")
    choice(page, "bidder", "Cato").click()
    save = page.locator("form[data-hand-form] button[name=save]")
    if where == "end":
        page.locator("form[data-hand-form]").evaluate(
            "(form) => scrollBy(0, form.getBoundingClientRect().bottom - innerHeight * 0.7)"
        )
        bar = page.locator("form[data-hand-form] .save-bar").bounding_box()
        assert bar is not None and bar["y"] + bar["height"] < page.viewport_size["height"] - 50  # type: ignore[index]
    before = save.bounding_box()
    play_hand(other, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    notice = page.locator("[data-renumbered]")
    expect(notice).to_contain_text("Runde 1 ble nettopp lagret på en annen telefon")
    expect(notice).to_be_in_viewport()
    after = save.bounding_box()
    assert after is not None and before is not None
    # The notice came above it, not under a finger (within a pixel: the page scrolls by whole ones).
    assert abs(after["y"] - before["y"]) < 1, (before, after)
    page.screenshot(path=screenshots / f"moved-under-the-form-{where}.png")


def test_a_chip_reached_by_keyboard_is_scrolled_clear_of_the_bar(
    live_server: LiveServer, page: Page
) -> None:
    """Tab and the arrow keys move through the chips; the page scrolls each one reached
    above Save's bar, never under it (the last row's sat wholly under the bar)."""
    start_four(page, live_server.url)
    fill_hand(page, "Anne", 7, "Cato", {})
    page.locator('[data-input=tricks] .tricks-row[data-side="Bjørn"] input').first.focus()
    page.keyboard.press("ArrowRight")  # Bjørn 1
    # Dina's row just in view at the screen's foot, under the bar, as after reading down.
    dina = page.locator('[data-input=tricks] .tricks-row[data-side="Dina"]')
    page.evaluate(
        "(row) => scrollBy(0, row.getBoundingClientRect().top - innerHeight + 60)",
        dina.element_handle(),
    )
    for key in ("Tab", "ArrowRight"):  # on to Dina's row, Dina 1
        page.keyboard.press(key)
    focused = page.locator(":focus")
    expect(focused).to_be_checked()
    chip = focused.locator("xpath=..").bounding_box()
    bar = page.locator(".save-bar").bounding_box()
    assert chip and bar
    assert chip["y"] + chip["height"] <= bar["y"], (chip, bar)
