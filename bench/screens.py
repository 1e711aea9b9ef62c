"""Save to screen in real browsers (`make bench-screens`): four phones at a table, one of
them view-only, on the app as `make run` serves it.

The scoring phone taps hands in; each phone notes the moment its page names the next hand
(a MutationObserver on `#entry[data-next]`, the clock the browser's own). A hand's figure on
a watching phone is that moment less the scoring phone's. Then the phones sit for a minute
with nothing happening, and the requests a watching phone makes are counted.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from django.test import Client
from playwright.sync_api import BrowserContext, Page, sync_playwright

from bench import http, measure
from games.models import Group

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
QUIET = 60.0  # seconds of nothing happening, for the watching phones' requests

# Notes when the page names a new next hand (the form's heading and the scoreboard with it).
WATCH = """
window.__seen = {};
new MutationObserver(() => {
  const next = document.querySelector("#entry")?.dataset.next;
  if (next && !(next in window.__seen)) window.__seen[next] = Date.now();
}).observe(document, { subtree: true, attributes: true, childList: true });
"""


def _phone(browser_context: BrowserContext, base: str, cookies: dict[str, str]) -> Page:
    browser_context.add_cookies(
        [{"name": name, "value": value, "url": base} for name, value in cookies.items()]
    )
    browser_context.add_init_script(WATCH)
    return browser_context.new_page()


def _named(group: Group) -> dict[str, str]:
    """A phone that said who it is in this group: its cookies."""
    client = Client()
    measure.say_who(client, group)
    return {name: morsel.value for name, morsel in client.cookies.items()}


def _tap(page: Page, name: str, value: str) -> None:
    page.locator(f'form[data-hand-form] label:has(> input[name="{name}"][value="{value}"])').click()


def main(hands: int, tmp: Path) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    group = Group.objects.create(name="Screens")
    game = group.start_game(
        "amerikaner", list(measure.PLAYERS), rules=measure.RULES, first_dealer=measure.PLAYERS[0]
    )
    path = f"/games/{game.code}/"
    # Three phones that said who they are (full link), one on the view-only link; all made
    # before Playwright's event loop runs in this thread (Django refuses queries there).
    cookies = [_named(group), _named(group), _named(group), {}]
    print(f"# Scorekeeper: save to screen, four phones in Chromium. {measure.machine()}\n")
    with http.gunicorn(tmp) as port, sync_playwright() as playwright:
        base = f"http://127.0.0.1:{port}"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phones = []
        for named in cookies:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            phone = _phone(context, base, named)
            key = group.edit_key if named else group.view_key
            phone.goto(f"{base}/g/{key}{path}")
            phones.append(phone)
        scorer, watchers = phones[0], phones[1:]
        scorer.wait_for_timeout(3000)  # every phone's stream open
        lags: list[float] = []
        for index in range(hands):
            data = measure.hand_data(index)
            for name in ("bidder", "bid", "partner"):
                _tap(scorer, name, str(data[name]))
            for player, tricks in data["tricks"].items():
                side = f'.tricks-row[data-side="{player}"]'
                scorer.locator(f'{side} label:has(> input[value="{tricks}"])').click()
            scorer.locator("button[name=save]").click()
            wait = f"() => document.querySelector('#entry').dataset.next === '{index + 2}'"
            for phone in phones:
                phone.wait_for_function(wait, timeout=15_000)
            shown = scorer.evaluate(f"window.__seen['{index + 2}']")
            lags += [p.evaluate(f"window.__seen['{index + 2}']") - shown for p in watchers]
            scorer.wait_for_timeout(500)
        asked: list[str] = []
        watchers[-1].on("request", lambda request: asked.append(request.url))
        started = time.monotonic()
        watchers[-1].wait_for_timeout(QUIET * 1000)
        minute = len(asked) * 60 / (time.monotonic() - started)
        browser.close()
    cuts = statistics.quantiles(lags, n=20)
    print("| hands | samples | median | p95 | max | a watching phone's requests a minute |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    print(
        f"| {hands} | {len(lags)} | {statistics.median(lags):.0f} ms | {cuts[18]:.0f} ms "
        f"| {max(lags):.0f} ms | {minute:.1f} |"
    )
