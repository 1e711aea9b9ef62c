"""Corrections on the record: a corrected, brought back or re-numbered hand is marked on
the game page's list of hands (by whom, when), with a way to the history."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import bid, endless_hands, make_game, revision
from tests.views.pages import text

pytestmark = pytest.mark.django_db


def _marks(client: Client, group: Group, game: Game) -> dict[int, str]:
    """Each hand row's mark, by the hand's number (rows without one are left out)."""
    page = text(client.get(reverse("game", args=[group.edit_key, game.code])))
    history = reverse("history", args=[group.edit_key, game.code])
    marks = {}
    for row in page.split("<tr")[1:]:
        found = re.search(r'href="[^"]*/hands/(\d+)/"', row)
        mark = re.search(r'<a class="mark" data-mark href="([^"]*)">(.*?)</a>', row, re.DOTALL)
        if found and mark:
            assert mark.group(1) == history
            marks[int(found.group(1))] = " ".join(mark.group(2).split())
    return marks


def test_a_correction_is_marked_with_who_and_when(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(3))
    assert _marks(phone, group, game) == {}
    hand = bid("Anne", 12, None, {"Bjørn": 0, "Cato": 0, "Dina": 0}, dealer="Anne")
    game.edit_hand(2, revision(game, 2), hand, "Bjørn")
    marks = _marks(phone, group, game)
    assert list(marks) == [2]
    assert marks[2].startswith("✎ Corrected by Bjørn, ")


def test_a_hand_brought_back_and_the_hands_that_moved_are_marked(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(3))
    game.delete_hand(2, revision(game, 2), "Cato")
    # Hand 3 is now hand 2.
    assert _marks(phone, group, game) == {2: "✎ was hand 3"}
    deleted = game.changes.get(action="delete")
    game.restore(deleted, "Dina")
    # Hand 2 is back where it was; the other hand is hand 3 again, as it was entered.
    marks = _marks(phone, group, game)
    assert list(marks) == [2]
    assert marks[2].startswith("✎ Brought back by Dina, ")


@pytest.mark.parametrize(
    ("language", "said"),
    # 17:16 UTC is 18:16 in Oslo, in winter; Norwegian writes a time after «kl.».
    [("en", "✎ Corrected by Bjørn, 18:16"), ("nb", "✎ Rettet av Bjørn, kl. 18.16")],
)
def test_the_time_of_a_correction_is_written_as_each_language_writes_it(
    phone: Client, group: Group, language: str, said: str
) -> None:
    game = make_game(group, hands=endless_hands(3))
    hand = bid("Anne", 12, None, {"Bjørn": 0, "Cato": 0, "Dina": 0}, dealer="Anne")
    game.edit_hand(2, revision(game, 2), hand, "Bjørn")
    game.changes.filter(action="edit").update(at=dt.datetime(2026, 11, 26, 17, 16, tzinfo=dt.UTC))
    phone.cookies["django_language"] = language
    assert _marks(phone, group, game)[2] == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Offline since %(time)s: the scores shown may be out of date."),
        ("nb", "Frakoblet siden kl. %(time)s: poengene som vises, kan være utdaterte."),
    ],
)
def test_offline_since_says_the_time_as_each_language_does(
    phone: Client, game: Game, language: str, said: str
) -> None:
    # The phone fills in the time it lost the connection; the words around it are ours.
    phone.cookies["django_language"] = language
    for view in ("game", "game_tv"):
        page = text(phone.get(reverse(view, args=[game.group.edit_key, game.code])))
        found = re.search(r'data-offline-since="([^"]*)"', page)
        assert found is not None and unescape(found.group(1)) == said
