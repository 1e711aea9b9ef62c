"""Keep the screen on: where the Screen Wake Lock API is missing, as on a LAN's plain http
address, the toggle still shows and holds the screen on (NoSleep.js's looping video)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Playwright, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, phone_context
from tests.browser.steps import fill_new_game, open_new_game, start_game, start_group


def _start_a_game(page: Page, base_url: str) -> None:
    start_group(page, base_url, me="Anne")
    open_new_game(page)
    fill_new_game(page, ["Bjørn", "Cato", "Dina"])
    start_game(page)


def test_keep_awake_works_on_an_insecure_http_address(
    live_server: LiveServer, playwright: Playwright
) -> None:
    # A made-up host name that Chromium resolves to this machine: the traffic stays on
    # loopback, and the page is an http origin that is not localhost, so not secure.
    rules = "--host-resolver-rules=MAP scorekeeper.test 127.0.0.1"
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, rules]
    )
    try:
        page = phone_context(browser, "en-GB").new_page()
        # The video is inline (data: URLs): the page's Content-Security-Policy allows it.
        blocked: list[str] = []
        page.on("console", lambda m: blocked.append(m.text) if "CSP" in m.text else None)
        page.add_init_script(
            "document.addEventListener('securitypolicyviolation',"
            " e => console.error('CSP violation: ' + e.violatedDirective))"
        )
        _start_a_game(page, f"http://scorekeeper.test:{urlsplit(live_server.url).port}")
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'wakeLock' in navigator") is False
        toggle = page.locator("[data-wake-lock]")
        expect(toggle).to_be_visible()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        # The video may start only after a tap: NoSleep.js comes with the first tap
        # anywhere (a first visit does not carry it), which starts the video.
        assert page.evaluate("typeof window.NoSleep") == "undefined"
        page.locator("#live").click()
        expect(toggle).to_have_attribute("data-awake", "on")
        # Off and on again from the toggle itself.
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "false")
        expect(toggle).to_have_attribute("data-awake", "off")
        toggle.click()
        expect(toggle).to_have_attribute("data-awake", "on")
        # After a reload, a first tap on the toggle itself turns it off.
        page.reload()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "false")
        expect(toggle).to_have_attribute("data-awake", "off")
        assert page.evaluate("localStorage.getItem('scorekeeper-awake')") == "off"
        assert blocked == []
    finally:
        browser.close()


def test_keep_awake_uses_the_wake_lock_api_on_a_secure_origin(
    live_server: LiveServer, page: Page
) -> None:
    _start_a_game(page, live_server.url)  # localhost counts as secure
    assert page.evaluate("'wakeLock' in navigator") is True
    toggle = page.locator("[data-wake-lock]")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize(
    ("locale", "on", "off"),
    [
        ("en-GB", "☀ Screen kept on", "☀ Keep the screen on"),
        ("nb-NO", "☀ Skjermen holdes på", "☀ Hold skjermen på"),
    ],
)
def test_the_keep_awake_button_says_whether_it_is_on(
    live_server: LiveServer, page: Page, locale: str, on: str, off: str
) -> None:
    _start_a_game(page, live_server.url)
    toggle = page.locator("[data-wake-lock]")
    # What it shows, as a sighted player reads it (the other label is not shown).
    expect(toggle).to_have_text(on, use_inner_text=True)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_text(off, use_inner_text=True)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_text(on, use_inner_text=True)
