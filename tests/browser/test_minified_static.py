"""The game page with its scripts and stylesheet as `make run` serves them: collected,
minified and hashed (games/storage.py). The other browser tests read the sources."""

import re
from pathlib import Path

import pytest
from django.core.cache import cache
from playwright.sync_api import Page, expect
from pytest_django import Settings
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import expect_totals, fill_hand, play_hand, start_four


@pytest.fixture
def minified(settings: Settings, served_static: Path) -> Path:
    # The live server serves static files through the finders: this one finds the
    # collected files by the hashed names the pages link.
    settings.STATICFILES_DIRS = [served_static]
    return served_static


def sources(settings: Settings) -> None:
    """Back to the static files straight from the app, as tests/conftest.py has them."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.STATIC_ROOT = None
    settings.STATICFILES_DIRS = []
    # Game pages are kept rendered, their links to static files too (games/pages.py).
    cache.clear()


@pytest.mark.parametrize("locale", ["nb-NO", pytest.param("en-GB", marks=pytest.mark.screenshots)])
def test_a_hand_saves_and_the_page_looks_the_same_with_the_minified_files(
    live_server: LiveServer, page: Page, minified: Path, settings: Settings, screenshots: Path
) -> None:
    # A script the minifier broke fails as it loads: an uncaught error on the page.
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_four(page, live_server.url)

    links = {
        "games/app.css": page.locator('link[rel="stylesheet"]').get_attribute("href"),
        "games/app.js": page.locator('script[src*="/games/app."]').get_attribute("src"),
        "games/table.js": page.locator('script[src*="/games/table."]').get_attribute("src"),
    }
    for name, url in links.items():
        assert url is not None, name
        assert url != f"/static/{name}", "the page links the hashed, collected file"
        served = page.request.get(f"{live_server.url}{url}").body()
        assert served == (minified / url.removeprefix("/static/")).read_bytes()

    # Saved by the scripts, not by a plain form post: the page is never loaded again.
    page.evaluate("window.stillTheSamePage = true")
    # Dina bids 9 with Bjørn; Anne and Cato take 4 each, leaving them 4: failed.
    play_hand(page, "Dina", 9, "Bjørn", {"Anne": 4, "Cato": 4})
    expect_totals(page, {"Anne": 4, "Bjørn": -9, "Cato": 4, "Dina": -9})
    assert page.evaluate("window.stillTheSamePage === true")
    assert page.evaluate("typeof window.scorekeeper.setUp") == "function"
    assert errors == []

    # The minified stylesheet draws the page exactly as the source does, light and dark.
    language = page.evaluate("document.documentElement.lang")
    drawn: dict[str, dict[str, bytes]] = {"minified": {}, "source": {}}
    for files in drawn:
        if files == "source":
            sources(settings)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.reload()
            expect(page.locator("#hands tbody tr")).to_have_count(1)
            stylesheet = page.locator('link[rel="stylesheet"]').get_attribute("href")
            assert (stylesheet == "/static/games/app.css") == (files == "source")
            drawn[files][scheme] = page.screenshot(full_page=True)
            path = screenshots / f"minified-static-{files}-{language}-{scheme}.png"
            path.write_bytes(drawn[files][scheme])
    assert drawn["minified"] == drawn["source"]
    assert errors == []


def test_a_hand_kept_offline_is_listed_in_words_the_minifier_left_whole(
    live_server: LiveServer, page: Page, minified: Path
) -> None:
    """Spaces inside the scripts' texts survive minifying (one inside a template within a
    template did not: "Tricks:Anne 2")."""
    start_four(page, live_server.url)
    page.context.set_offline(True)
    fill_hand(page, "Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    page.locator("button[name=save]").click()
    waiting = page.locator("#hands [data-waiting] li")
    expect(waiting).to_have_count(1)
    assert re.search(r"\w+: Anne 2, Cato 1$", waiting.inner_text()), waiting.inner_text()
