"""The history at the table: what happened to which hand, in words, and a deleted hand
brought back by its number with one tap."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import bid, endless_hands, make_game, make_group, revision


# The flow does not depend on the language: Norwegian here, English for the screenshots.
@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_history_tells_hands_apart_and_brings_one_back(
    live_server: LiveServer, page: Page, screenshots: Path, locale: str, transactional_db: None
) -> None:
    language = locale[:2]
    group = make_group()
    game = make_game(group, hands=endless_hands(3))
    game.edit_hand(1, revision(game, 1), bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}), "Cato")
    game.delete_hand(3, revision(game, 3), "Bjørn")
    game.add_hand(3, endless_hands(4)[3], "Dina")
    game.abandon("Anne")
    game.take_up("Anne")
    # Only the dealer corrected: the history names the dealer of each version.
    game.edit_hand(2, revision(game, 2), {**endless_hands(2)[1], "dealer": "Cato"}, "Dina")
    base = f"{live_server.url}/g/{group.edit_key}"
    page.goto(f"{base}/me/?next=/g/{group.edit_key}/games/{game.code}/history/")
    page.locator('label:has(> input[value="Anne"])').click()
    page.locator("form.card button.primary").click()
    expect(page.locator("#changes > li")).to_have_count(9)
    dealt = page.locator("#changes > li").first
    was, now = dealt.locator("del").inner_text(), dealt.locator("ins").inner_text()
    # Bjørn dealt the hand he bid; the correction says Cato did.
    assert (was.endswith(" Bjørn"), now.endswith(" Cato")) == (True, True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=screenshots / f"64-history-{language}-{scheme}.png", full_page=True)
    page.emulate_media(color_scheme="light")
    # One button for the deleted hand, named by its number.
    bring_back = page.locator("#changes li.delete button")
    expect(bring_back).to_have_count(1)
    expect(bring_back).to_contain_text("3")
    # Another hand has number 3 now: the phone asks first, and says what it will do.
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    bring_back.click()
    expect(page.locator("#hands tbody tr")).to_have_count(4)
    assert asked and "4" in asked[0]  # the hand 3 there now becomes hand 4
    assert [h.data for h in game.hand_list()][2] == endless_hands(3)[2]
