"""The game page: scoreboard, the hands newest first, and the form for the next hand."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Group
from tests.factories import anne_wins, bid, endless_hands, hand_post, make_game
from tests.test_stats import kaiser_game
from tests.views.pages import (
    attribute,
    checked,
    field_values,
    form_fields,
    hand_form_is_open,
    notices,
    scoreboard,
    table_rows,
    text,
    winner,
)

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def test_game_page_shows_totals_hands_and_the_next_hand_form(phone: Client, group: Group) -> None:
    game = make_game(
        group,
        hands=[
            bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"),
            bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn"),
        ],
    )
    response = phone.get(reverse("game", args=[group.edit_key, game.code]))
    assert response.status_code == 200
    # Hand 1: made, Bjørn and Dina +8, Anne +2, Cato +1. Hand 2: Cato alone takes
    # 12 - 6 = 6 of 7, failed: Cato -7, the others +1 per trick.
    assert scoreboard(response) == {"Anne": 5, "Bjørn": 9, "Cato": -6, "Dina": 10}
    html = text(response)
    assert html.index("2. Cato 7 alone") < html.index("1. Bjørn 8 with Dina")
    assert hand_form_is_open(response)
    assert field_values(response, within="data-hand-form")["number"] == ["3"]
    # The deal goes clockwise: Cato deals hand 3.
    assert checked(response, "dealer") == "Cato"
    assert "Undo hand 2" in html
    assert winner(response) is None


def test_the_hand_form_carries_what_a_poll_needs_to_say_how_the_game_moved(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(2))
    response = phone.get(reverse("game", args=[group.edit_key, game.code]))
    html = text(response)
    assert 'data-next="3" data-save-label="Save hand 3"' in html
    # Nothing moved yet: the notes wait hidden (a poll draws them, `test_open_form_follows`),
    # and the form names the rotation's dealer (Cato deals hand 3) for the poll to compare.
    fields = form_fields(response, reverse("hand_create", args=[group.edit_key, game.code]))
    assert fields["rotation_dealer"] == fields["follow_rotation"] == "Cato"
    assert [fields[f"follow_{name}"] for name in ("renumbered", "dealer", "same")] == ["", "", ""]
    assert re.findall(r"<p [^>]*data-game-moved[^>]*>", html) == [
        f'<p class="banner" data-{name} data-game-moved role="status" hidden>'
        for name in ("renumbered", "removed", "dealer-moved")
    ]


def test_full_link_asks_who_before_the_game(client: Client, group: Group) -> None:
    game = make_game(group)
    url = reverse("game", args=[group.edit_key, game.code])
    response = client.get(url)
    assert response.status_code == 302
    assert (
        response["Location"]
        == f"{reverse('who', args=[group.edit_key])}?next={quote(url, safe='')}"
    )


def test_view_only_link_follows_the_score_without_changing_it(client: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    response = client.get(reverse("game", args=[group.view_key, game.code]))
    assert response.status_code == 200
    assert scoreboard(response) == {"Anne": -12, "Bjørn": -11, "Cato": 1, "Dina": 0}
    assert not hand_form_is_open(response)
    html = text(response)
    assert "Undo" not in html
    assert group.edit_key not in html


def test_won_game_shows_the_winner_and_offers_a_new_game(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    response = phone.get(reverse("game", args=[group.edit_key, game.code]))
    assert winner(response) == "🏆 Anne wins!"
    assert scoreboard(response) == {"Anne": 54, "Bjørn": 2, "Cato": 2, "Dina": 2}
    assert not hand_form_is_open(response)
    assert reverse("play_again", args=[group.edit_key, game.code]) in text(response)
    # The same game again in one tap, named (it read "New game", and a table that wanted
    # another kind started one and deleted it); another kind from the group's page.
    assert "Amerikaner again, same table</button>" in text(response)
    another = attribute(response, "another-game", "href")
    assert another == reverse("group", args=[group.edit_key]) + "#new-game"
    assert 'id="new-game"' in text(phone.get(another))


@pytest.mark.parametrize("hands", [1, 40, 200])
@pytest.mark.parametrize("link", ["edit_key", "view_key"])
def test_game_page_is_drawn_once_per_version_and_flat_in_the_hands(
    phone: Client,
    group: Group,
    django_assert_num_queries: DjangoAssertNumQueries,
    hands: int,
    link: str,
) -> None:
    game = make_game(group)
    game.add_hands(endless_hands(hands), "Anne")
    url = reverse("game", args=[getattr(group, link), game.code])
    # The first phone: the game with its group; its seats and its hands (prefetched); its
    # changes (what marks a corrected hand). Scores are worked out in Python, and the
    # session is a signed cookie: no more queries.
    with django_assert_num_queries(4):
        first = phone.get(url)
    assert first.status_code == 200
    # The latest ten hands, newest first; the rest one tap away.
    rows = table_rows(first, "hand-rows")[1:]
    assert len(rows) == min(hands, 10)
    assert rows[0][0].startswith(f"{hands}. ")
    assert (f"Show the {hands - 10} earlier hands" in text(first)) == (hands > 10)
    # Every phone after it, at this version: the game's row, and the page from the cache.
    with django_assert_num_queries(1):
        again = phone.get(url)
    assert table_rows(again, "hand-rows")[1:] == rows
    assert scoreboard(again) == scoreboard(first)


def test_every_hand_is_one_tap_away_without_javascript(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(25))
    page = phone.get(reverse("game", args=[group.edit_key, game.code]))
    more = attribute(page, "all-hands", "href")
    assert more is not None
    everything = phone.get(more)
    rows = table_rows(everything, "hand-rows")[1:]
    assert [row[0].split(".")[0] for row in rows] == [str(n) for n in range(25, 0, -1)]
    assert "earlier hands" not in text(everything)
    # Its live part polls for every hand too.
    live = phone.get(attribute(everything, "main", "data-live-url") or "")
    assert len(table_rows(live, "hand-rows")) == 26


def test_the_page_size_does_not_grow_with_the_hands(phone: Client, group: Group) -> None:
    sizes = []
    for hands in (40, 400):
        game = make_game(group)
        game.add_hands(endless_hands(hands), "Anne")  # at once: an import's way in
        page = phone.get(reverse("game", args=[group.edit_key, game.code])).content
        chart = phone.get(reverse("game_chart", args=[group.edit_key, game.code])).content
        sizes.append((len(page), len(chart)))
    # Ten rows either way, and a chart (loaded when it comes into view) of at most 80
    # points a line.
    assert sizes[1][0] < sizes[0][0] * 1.15
    assert sizes[1][1] < sizes[0][1] * 1.15


def test_each_phone_gets_its_own_token_and_entry_key_from_the_kept_page(
    client: Client, phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(3))
    url = reverse("game", args=[group.edit_key, game.code])
    other = Client()
    other.cookies = phone.cookies
    first, second = phone.get(url), other.get(url)
    entries = [field_values(page, within="data-hand-form")["entry"] for page in (first, second)]
    assert entries[0] != entries[1]
    assert all(len(entry[0]) >= 16 and "\x00" not in entry[0] for entry in entries)
    assert "\x00" not in text(first) and "\x00" not in text(second)


def test_game_page_is_read_only(phone: Client, group: Group) -> None:
    game = make_game(group)
    assert phone.post(reverse("game", args=[group.edit_key, game.code])).status_code == 405


# --- Messages beside the winner banner ---------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["browser", "htmx"])
def test_the_winner_banner_stands_without_the_saved_line_of_the_hand_that_won(
    phone: Client, group: Group, htmx: bool
) -> None:
    hands = anne_wins()
    game = make_game(group, hands=hands[:4])
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = reverse("hand_create", args=[group.edit_key, game.code])
    answer = phone.post(url, hand_post(game, hands[4], 5), follow=not htmx, **headers)
    assert winner(answer) == "🏆 Anne wins!"
    assert notices(answer) == []
    # Read all the same: neither a reload nor the next page brings "Hand 5 saved" up again.
    for again in (
        phone.get(reverse("game", args=[group.edit_key, game.code])),
        phone.get(reverse("group", args=[group.edit_key])),
    ):
        assert notices(again) == []


def test_a_refusal_still_stands_beside_the_winner_banner(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    hand = game.hand_list()[-1]
    # Another phone corrects the dealer of hand 5 (Anne still wins); this phone's undo names
    # the hand as it was, so nothing is deleted, and the page must say so.
    game.edit_hand(5, hand.revision, {**hand.data, "dealer": "Bjørn"}, "Bjørn")
    undo = reverse("undo", args=[group.edit_key, game.code])
    page = phone.post(undo, {"number": 5, "revision": hand.revision}, follow=True)
    assert winner(page) == "🏆 Anne wins!"
    assert notices(page) == ["Hand 5 was changed on another phone; nothing was deleted."]


@pytest.mark.parametrize(
    ("language", "words"), [("en", "🏆 Anne & Cato win!"), ("nb", "🏆 Anne & Cato vinner!")]
)
def test_a_team_wins_in_the_plural(phone: Client, group: Group, language: str, words: str) -> None:
    # Euchre to 10 with the teams left unnamed: Anne and Cato march alone, 4 a hand.
    teams = {"Anne & Cato": ["Anne", "Cato"], "Bjørn & Dina": ["Bjørn", "Dina"]}
    game = group.start_game(
        "euchre", ["Anne", "Bjørn", "Cato", "Dina"], teams=teams, first_dealer="Anne", by="Anne"
    )
    dealers = ["Anne", "Bjørn", "Cato"]
    for number, dealer in enumerate(dealers, 1):
        hand = {"dealer": dealer, "maker": "Anne", "alone": True, "tricks": 5}
        assert game.add_hand(number, hand, "Anne").stands
    page = phone.get(
        reverse("game", args=[group.edit_key, game.code]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert winner(page) == words


@pytest.mark.parametrize("language", ["en", "nb"])
def test_nothing_is_to_go_after_a_kaiser_bid_wins(
    phone: Client, group: Group, language: str
) -> None:
    # Nord wins by Cato's kaiser bid on -17, far below the target: no "69 to go" beside it.
    game = kaiser_game(group)
    page = phone.get(
        reverse("game", args=[group.edit_key, game.code]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert winner(page) is not None
    to_go = re.findall(r'<td class="to-go">(.*?)</td>', text(page), re.DOTALL)
    assert len(to_go) == 2
    assert {cell.strip() for cell in to_go} == {""}


def test_the_printed_sheet_starts_on_the_start_totals(phone: Client, group: Group) -> None:
    game = group.start_game(
        "amerikaner", ["Anne", "Bjørn", "Cato", "Dina"], by="Anne", start={"Anne": 10, "Cato": -4}
    )
    game.add_hand(1, bid("Bjørn", 6, "Dina", {"Anne": 3, "Cato": 3}), "Anne")
    rows = table_rows(phone.get(reverse("game", args=[group.edit_key, game.code])), "sheet")
    # The head row, the start, then hand 1 added to it: Anne 10 + 3, Cato -4 + 3.
    assert rows[1] == ["Start", "10", "0", "\u22124", "0"]
    assert [cell.split()[0] for cell in rows[2][1:]] == ["13", "6", "\u22121", "6"]
