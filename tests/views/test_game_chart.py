"""The running totals chart: not in the game page, nor in a save's answer or a poll, but
asked for by itself when it scrolls into view (htmx), or as a page of its own."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Group
from tests.factories import bid, endless_hands, hand_post, make_game
from tests.views.pages import attribute, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

HTMX = {"HX-Request": "true"}


def chart_summary(html: str) -> str:
    """What the chart says in words (its aria-label), the one chart in `html`."""
    found: list[str] = re.findall(r'<svg class="chart"[^>]* aria-label="([^"]*)"', html)
    assert len(found) == 1, found
    return found[0]


def test_the_page_asks_for_the_chart_when_it_comes_into_view(phone: Client, group: Group) -> None:
    game = make_game(
        group,
        hands=[
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"),
            bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn"),
        ],
    )
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    assert '<svg class="chart"' not in text(page)
    url = attribute(page, "chart", "hx-get")
    assert url == reverse("game_chart", args=[group.edit_key, game.code])
    # Asked for once it scrolls into view (and again when the script says a change made it
    # stale: the "retry" event; or 2 s after a request that got no answer).
    assert attribute(page, "chart", "hx-trigger") == "intersect once, retry, htmx:error delay:2s"
    alone = phone.get(url, headers=HTMX)
    assert alone.status_code == 200
    html = text(alone)
    assert html.startswith("<svg") and "<html" not in html
    # Hand 1: made, Bjørn and Dina +8, Anne +2, Cato +1. Hand 2: Cato alone, failed, -7.
    assert chart_summary(html) == (
        "Running totals over 2 hands: Anne 5, Bjørn 9, Cato \u22126, Dina 10. Target 52."
    )
    assert "HX-Request" in alone["Vary"] and alone["Cache-Control"] == "no-cache"


def test_without_javascript_the_chart_is_a_page_of_its_own(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(3))
    page = text(phone.get(reverse("game", args=[group.edit_key, game.code])))
    url = reverse("game_chart", args=[group.edit_key, game.code])
    assert f'<noscript><p class="actions"><a class="button" href="{url}">Show the chart</a>' in page
    own = text(phone.get(url))
    assert "<html" in own and "Running totals over 3 hands" in chart_summary(own)
    assert f'href="{reverse("game", args=[group.edit_key, game.code])}"' in own


def test_the_chart_follows_the_saves_and_is_drawn_once_a_version(
    phone: Client, group: Group, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    game = make_game(group, hands=endless_hands(4))
    url = reverse("game_chart", args=[group.edit_key, game.code])
    assert "over 4 hands" in chart_summary(text(phone.get(url, headers=HTMX)))
    # The game and its link, read afresh; the chart itself is the one kept for the version.
    with django_assert_max_num_queries(1):
        again = phone.get(url, headers=HTMX)
    assert "over 4 hands" in chart_summary(text(again))
    saved = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, endless_hands(5)[4], number=5),
        headers=HTMX,
    )
    # The save's answer goes without the chart, and its page asks for it again.
    assert saved.status_code == 200 and '<svg class="chart"' not in text(saved)
    assert attribute(saved, "chart", "hx-get") == url
    assert "over 5 hands" in chart_summary(text(phone.get(url, headers=HTMX)))


def test_a_poll_goes_without_the_chart(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(3))
    live = phone.get(reverse("game_live", args=[group.edit_key, game.code]))
    assert live.status_code == 200
    assert '<svg class="chart"' not in text(live)
    assert attribute(live, "chart", "hx-get") == reverse(
        "game_chart", args=[group.edit_key, game.code]
    )


def test_a_watcher_sees_the_chart_and_a_wrong_link_nothing(client: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    watching = client.get(reverse("game_chart", args=[group.view_key, game.code]), headers=HTMX)
    assert "over 2 hands" in chart_summary(text(watching))
    assert client.get(reverse("game_chart", args=["x" * 22, game.code])).status_code == 404


def test_a_game_without_hands_says_so(phone: Client, group: Group) -> None:
    game = make_game(group)
    own = text(phone.get(reverse("game_chart", args=[group.edit_key, game.code])))
    assert "No hands yet." in own and '<svg class="chart"' not in own
