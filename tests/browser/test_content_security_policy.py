"""The Content-Security-Policy lets through everything the pages do: htmx, our script and
styles, the charts. A violation would show in the browser's console."""

from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    fill_new_game,
    open_new_game,
    play_hand,
    start_game,
    start_group,
    to_group,
)


def test_a_game_played_through_htmx_breaks_no_policy(live_server: LiveServer, page: Page) -> None:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if _is_violation(message) else None,
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " e => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )
    start_group(page, live_server.url, me="Anne")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)
    play_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    play_hand(page, "Cato", 7, "Anne", {"Bjørn": 3, "Dina": 2})
    expect(page.locator("#hands tbody tr")).to_have_count(2)
    # A correction draws the hand form's own style too (with its answer's nonce).
    page.locator('#hands a.why[href$="/hands/1/"]').click()
    page.locator('a[href$="/edit/"]').click()
    expect(page.locator("#preview .made")).to_be_visible()
    to_group(page)
    assert violations == []


def _is_violation(message: ConsoleMessage) -> bool:
    return "Content Security Policy" in message.text or "CSP violation" in message.text
