"""The group page's nights: newest first, each with its winners; games in play on top."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Group, Night
from games.views.groups import NIGHTS_PER_PAGE
from tests.factories import anne_wins, endless_hands, make_game
from tests.views.pages import text
from tests.views.test_night import make_euchre, on

pytestmark = pytest.mark.django_db

FRIDAY = dt.date(2025, 3, 7)


def nights(group: Group, count: int) -> list[Night]:
    """`count` Fridays back from 7 March 2025, each with one won game; newest first."""
    made = []
    for week in range(count):
        night = Night.objects.create(group=group, date=FRIDAY - dt.timedelta(weeks=week))
        on(night, make_game(group, hands=anne_wins()))
        made.append(night)
    return made


def section(html: str, heading: str) -> str:
    """The page from a heading to the next one."""
    return html.split(f"<h2>{heading}</h2>", 1)[1].split("<h2>", 1)[0]


def group_url(group: Group, page: int | None = None) -> str:
    url = reverse("group", args=[group.edit_key])
    return f"{url}?page={page}" if page else url


def test_each_night_lists_the_winner_of_each_game(phone: Client, group: Group) -> None:
    night = Night.objects.create(group=group, date=FRIDAY, place="Hos Cato")
    on(night, make_game(group, hands=anne_wins()))
    on(night, make_euchre(group, 5))  # five marches of 2: Nord (Anne & Cato) reach 10
    html = section(text(phone.get(group_url(group))), "Nights")
    assert reverse("night", args=[group.edit_key, night.code]) in html
    assert "Friday, 7 Mar 2025" in html
    assert "Hos Cato" in html
    assert "Amerikaner: 🏆 Anne" in html
    assert "Euchre: 🏆 Nord" in html


def test_nights_are_newest_first_and_named_nights_show_their_name(
    phone: Client, group: Group
) -> None:
    _newer, older = nights(group, 2)
    Night.objects.filter(pk=older.pk).update(name="Quiz")
    html = section(text(phone.get(group_url(group))), "Nights")
    assert html.index("7 Mar 2025") < html.index("Quiz")


def test_games_in_play_are_on_top_and_in_their_night(phone: Client, group: Group) -> None:
    playing = make_game(group, hands=endless_hands(2))
    make_game(group, hands=anne_wins())
    html = text(phone.get(group_url(group)))
    in_play = section(html, "In play")
    assert reverse("game", args=[group.edit_key, playing.code]) in in_play
    assert "Anne, Bjørn, Cato and Dina" in in_play
    assert "2 hands, in play" in in_play
    # The night lists its games in the order they were played.
    words = re.sub(r"<[^>]+>", "", section(html, "Nights"))
    assert "Amerikaner: in play · Amerikaner: 🏆 Anne" in words


def test_no_in_play_section_when_every_game_is_won(phone: Client, group: Group) -> None:
    make_game(group, hands=anne_wins())
    assert "<h2>In play</h2>" not in text(phone.get(group_url(group)))


def test_a_night_whose_games_are_gone_is_not_listed(phone: Client, group: Group) -> None:
    empty = Night.objects.create(group=group, date=FRIDAY)
    assert reverse("night", args=[group.edit_key, empty.code]) not in text(
        phone.get(group_url(group))
    )


def test_nights_come_a_page_at_a_time(phone: Client, group: Group) -> None:
    made = nights(group, NIGHTS_PER_PAGE + 3)
    first = text(phone.get(group_url(group)))
    assert first.count(f"/g/{group.edit_key}/nights/") == NIGHTS_PER_PAGE
    assert "Page 1 of 2" in first
    assert 'href="?page=2"' in first
    second = text(phone.get(group_url(group, 2)))
    assert second.count(f"/g/{group.edit_key}/nights/") == 3
    assert reverse("night", args=[group.edit_key, made[-1].code]) in second
    assert 'href="?page=1"' in second
    # A page past the end, or no number at all, shows the nearest real page.
    assert "Page 2 of 2" in text(phone.get(group_url(group, 99)))
    assert "Page 1 of 2" in text(phone.get(f"{group_url(group)}?page=junk"))


def test_one_page_needs_no_pager(phone: Client, group: Group) -> None:
    nights(group, 2)
    assert "?page=" not in text(phone.get(group_url(group)))


def test_in_play_games_are_listed_on_the_first_page_only(phone: Client, group: Group) -> None:
    made = nights(group, NIGHTS_PER_PAGE + 1)
    # A game left unfinished many nights ago waits in its own night, not on top.
    on(made[-1], make_game(group, hands=endless_hands(1)))
    assert "<h2>In play</h2>" not in text(phone.get(group_url(group)))
    second = text(phone.get(group_url(group, 2)))
    assert "<h2>In play</h2>" not in second
    assert "Amerikaner: in play" in second


def test_night_names_are_escaped(phone: Client, group: Group) -> None:
    script = "<script>alert(1)</script>"
    night = Night.objects.create(group=group, date=FRIDAY, name=script, place=script)
    on(night, make_game(group))
    html = text(phone.get(group_url(group)))
    assert "<script>alert" not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") == 2


def test_view_only_link_lists_the_nights_by_its_own_key(client: Client, group: Group) -> None:
    (night,) = nights(group, 1)
    html = text(client.get(reverse("group", args=[group.view_key])))
    assert reverse("night", args=[group.view_key, night.code]) in html
    assert group.edit_key not in html


@pytest.mark.parametrize("count", [1, 30])
def test_group_page_answers_in_the_same_number_of_queries_for_any_number_of_nights(
    phone: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries, count: int
) -> None:
    for night in nights(group, count):
        on(night, make_game(group, hands=endless_hands(3)))
    # The group by its key; how many nights there are (for the pager); this page's
    # nights; their games with hand counts, and seats (two prefetched queries); the players;
    # the latest awards; the named seasons and the champions of the latest seasons over.
    with django_assert_num_queries(9):
        phone.get(group_url(group))
