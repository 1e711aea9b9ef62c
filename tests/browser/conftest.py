"""Playwright fixtures: the system Chromium, driven at the size of a phone."""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from django.db import connections
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

# Playwright's sync API runs an event loop in the test thread, and Django refuses
# database access from a thread with a running loop. Nothing here is async.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
# Chromium reads only the last --disable-features it is given: Playwright's own (1.65) are
# said again here, and to them the omnibox's popups. Debian's Chromium is the full browser
# (in headless mode), which loads those pages of its own for every window, so for every
# phone, in a renderer of their own: about 0.7 s of CPU a phone, more than the app's pages
# took in a test of three, and most of what a new phone cost.
PLAYWRIGHTS_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
]  # fmt: skip
OMNIBOX_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join([*PLAYWRIGHTS_DISABLED_FEATURES, *OMNIBOX_POPUPS]),
]
SCREENSHOTS = Path(__file__).parent / "screenshots"

# What a test waits for may take longer than Playwright's 5 s on a busy machine (CI shares
# two cores between the test processes, their browsers and the server); a longer wait costs
# nothing when it comes sooner.
expect.set_options(timeout=10_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """One Playwright per session: a test that needs a browser launched its own way (other
    Chromium flags) launches it from here."""
    with sync_playwright() as playwright:
        yield playwright
        # Playwright's event loop counts as running in this thread until it stops, and
        # meanwhile Django keeps this thread's connections apart from those made before it
        # started (asgiref's thread-critical Local turns per-context). pytest-django closes
        # only the earlier ones before dropping the test database: close these while they
        # can still be reached, or PostgreSQL refuses the drop ("accessed by other users").
        connections.close_all()


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def locale() -> str:
    """Override per test with `@pytest.mark.parametrize("locale", ["nb-NO"])`."""
    return "en-GB"


@pytest.fixture
def service_workers() -> Literal["allow", "block"]:
    """Blocked, so that `page.route` sees every request (Playwright does not route what a
    service worker handles); the offline test allows them with
    `@pytest.mark.parametrize("service_workers", ["allow"])`."""
    return "block"


@pytest.fixture
def new_phone(
    browser: Browser, locale: str, service_workers: Literal["allow", "block"]
) -> Iterator[Callable[..., Page]]:
    """Another phone at the table: its own context, so its own cookies and session."""
    contexts: list[BrowserContext] = []

    def open_phone(javascript: bool = True) -> Page:
        context = phone_context(browser, locale, service_workers, javascript)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        # A route still answering when the test ends (a save whose answer a test drops)
        # would fail the test as its page closes: Playwright's own advice.
        for phone in context.pages:
            phone.unroute_all(behavior="ignoreErrors")
        context.close()


def phone_context(
    browser: Browser,
    locale: str,
    service_workers: Literal["allow", "block"] = "block",
    javascript: bool = True,
) -> BrowserContext:
    """A phone of 390 x 844 CSS pixels, with touch, in this language."""
    return browser.new_context(
        service_workers=service_workers,
        java_script_enabled=javascript,
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=locale,
    )


@pytest.fixture
def page(new_phone: Callable[..., Page]) -> Page:
    return new_phone()


@pytest.fixture
def screenshots(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where tests save what the page looked like, for a human to check (gitignored).

    Only `make screenshots` (`--screenshots`) draws them: elsewhere a picture saved there
    is not taken (a full-page picture costs a few tenths of a second, and a test run took
    about a hundred that nobody looked at). A picture a test compares is taken as always."""
    SCREENSHOTS.mkdir(exist_ok=True)
    if not request.config.getoption("--screenshots"):
        take = Page.screenshot

        def for_a_person(page: Page, **options: Any) -> bytes:
            path = options.get("path")
            if path is not None and SCREENSHOTS in Path(path).parents:
                return b""
            return take(page, **options)

        monkeypatch.setattr(Page, "screenshot", for_a_person)
    return SCREENSHOTS


@pytest.fixture(autouse=True)
def links_on_the_opened_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live server listens on loopback alone, so the group page's links stay on the
    address the browser opened (as on a computer with no network); a test of the network
    address gives one itself."""
    from games.views import groups

    monkeypatch.setattr(groups, "lan_addresses", list)
