"""Why, in reach: every hand row has a visible "Why?" link, big enough to tap, and a total
on the scoreboard opens to show how it was reached, hand by hand."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.browser.steps import play_hand, redeal, start_four, total
from tests.conftest import StreamingServer
from tests.factories import bid, revision

WHY = {"en-GB": "Why?", "nb-NO": "Hvorfor?"}

# The words of the table heads that a line break splits ("Poen / g"): each word's box.
SPLIT_WORDS = """() => [...document.querySelectorAll("th")].flatMap((head) => {
  const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
  const split = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      if (range.getClientRects().length > 1) split.push(word[0]);
    }
  }
  return split;
})"""


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_every_hand_row_says_why_and_a_total_opens_hand_by_hand(
    live_server: LiveServer, page: Page, locale: str, screenshots: Path, transactional_db: None
) -> None:
    def shot(name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            path = screenshots / f"60-{name}-{locale[:2]}-{scheme}.png"
            page.screenshot(path=path, full_page=True)

    start_four(page, live_server.url)
    # Bjørn and Dina make 8 (+8 each); Anne 2 and Cato 1 trick.
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    redeal(page)
    shot("after-a-redeal")
    # Anne and Cato bid 9 and take 8: -9 each; Bjørn 3, Dina 1 trick.
    play_hand(page, "Cato", 9, "Anne", {"Bjørn": 3, "Dina": 1})
    shot("game-why-links")
    links = page.locator("#hands tbody tr a.why")
    expect(links).to_have_count(3)
    for link in links.all():
        expect(link).to_be_visible()
        expect(link).to_have_text(WHY[locale])
        box = link.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    # The newest hand is first: its "Why?" explains hand 3.
    links.first.click()
    expect(page.locator("h1")).to_contain_text("3")
    # The sentence writes the loss with the minus sign of the points table below it.
    expect(page.locator("section.card")).to_contain_text("\u22129")
    expect(page.locator("section.card")).not_to_contain_text("-9")
    # Its table's heads whole at a phone's width ("Poeng", not "Poen / g").
    assert page.evaluate(SPLIT_WORDS) == []
    shot("why-a-failed-bid")
    page.go_back()
    # Anne's total, opened: +2, redeal 0, -9 = -7.
    total(page, "Anne").locator("a").click()
    steps = page.locator("#steps tbody tr")
    expect(steps).to_have_count(3)
    expect(steps.locator("td:last-child")).to_have_text(["2", "2", "\u22127"])
    assert page.evaluate(SPLIT_WORDS) == []
    shot("total-hand-by-hand")
    steps.first.locator("a").click()
    expect(page.locator("h1")).to_contain_text("1")


def test_a_corrected_hand_is_marked_and_leads_to_the_history(
    live_server: LiveServer, page: Page, screenshots: Path, transactional_db: None
) -> None:
    start_four(page, live_server.url)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    play_hand(page, "Cato", 9, "Anne", {"Bjørn": 3, "Dina": 1})
    expect(page.locator("#hands a.mark")).to_have_count(0)
    # Hand 1 is corrected: Anne took 3 tricks, not 2 (from its own page, as at the table).
    page.locator('#hands tbody tr a.why[href$="/hands/1/"]').click()
    page.locator('a[href$="/hands/1/edit/"]').click()
    page.locator('.tricks-row[data-side="Anne"] label:has(> input[value="3"])').click()
    page.locator('.tricks-row[data-side="Cato"] label:has(> input[value="0"])').click()
    page.locator("button[name=save]").click()
    expect(page.locator("#live .scoreboard")).to_be_visible()
    mark = page.locator("#hands a.mark")
    expect(mark).to_have_count(1)
    expect(mark).to_contain_text("Corrected by Anne")
    page.screenshot(path=screenshots / "60-corrected-hand-en.png", full_page=True)
    mark.click()
    expect(page).to_have_url(re.compile(r"/history/$"))


def test_a_why_page_follows_a_correction_and_says_when_its_hand_moved_or_went(
    streaming_server: StreamingServer,
    page: Page,
    new_phone: Callable[..., Page],
    screenshots: Path,
) -> None:
    """Someone at the table checks hand 2's "Why?" while the scorer corrects it, then
    deletes the hand before it, then it: the page says each as it happens, never another
    hand's points under hand 2's name."""
    view_link = start_four(page, streaming_server.url)
    game = Game.objects.get()
    game.add_hand(1, bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"), "Anne")
    game.add_hand(2, bid("Cato", 9, "Anne", {"Bjørn": 3, "Dina": 1}, dealer="Bjørn"), "Anne")
    watcher = new_phone()
    watcher.goto(f"{view_link}games/{game.code}/hands/2/")
    why = watcher.locator("section.card")
    expect(why).to_contain_text("took 8 of 12 tricks against a bid of 9: failed")
    # Corrected on the scorer's phone: Bjørn took 2 tricks, not 3.
    corrected = bid("Cato", 9, "Anne", {"Bjørn": 2, "Dina": 1}, dealer="Bjørn")
    game.edit_hand(2, revision(game, 2), corrected, "Anne")
    expect(why).to_contain_text("took 9 of 12 tricks against a bid of 9: made", timeout=3000)
    expect(watcher.locator("#entered")).to_contain_text("corrected by Anne")
    # Hand 1 deleted: this hand is hand 1 now, one tap away.
    game.delete_hand(1, revision(game, 1), "Anne")
    moved = watcher.locator("#followed")
    expect(moved).to_contain_text("This hand is hand 1 now", timeout=3000)
    expect(why).to_have_count(0)
    watcher.screenshot(path=screenshots / "60-why-hand-moved-en.png", full_page=True)
    moved.locator("a").click()
    expect(watcher.locator("h1")).to_contain_text("Hand 1: Cato 9 with Anne")
    # Then it goes too: the page says so, and shows no other hand's points.
    game.delete_hand(1, revision(game, 1), "Anne")
    expect(moved).to_contain_text("Hand 1 was deleted.", timeout=3000)
    expect(watcher.locator("h1")).to_have_count(0)
