"""The game page draws its parts once per version and keeps them in Django's cache
(`games.present`): every phone after the first gets the same page without it being drawn
again, in a query; a change is seen at once, whichever app server (each with a cache of its
own) answers; languages and links never get each other's parts."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from games import live
from games.models import Game, Group
from games.present import game as present
from tests.factories import anne_wins, bid, endless_hands, hand_post, make_game, revision
from tests.views.pages import attribute, field_values, scoreboard, table_rows, text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

NumQueries = Callable[[int], AbstractContextManager[Any]]


def server(name: str) -> AbstractContextManager[Any]:
    """Requests inside are answered by app server `name`: a cache in its memory alone."""
    cache = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
    return override_settings(CACHES={"default": cache})


def newest(response: Any) -> str:
    return table_rows(response, "hand-rows")[1][0].split(".")[0]


def _drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The lengths of the hands tables drawn from now on (not taken as kept)."""
    drawn: list[int] = []
    draw = present.hand_rows

    def counted(*args: Any) -> list[present.HandRow]:
        rows = draw(*args)
        drawn.append(len(rows))
        return rows

    monkeypatch.setattr(present, "hand_rows", counted)
    return drawn


def test_a_second_phone_gets_the_same_page_without_it_being_drawn_again(
    phone: Client,
    group: Group,
    monkeypatch: pytest.MonkeyPatch,
    django_assert_num_queries: NumQueries,
) -> None:
    game = make_game(group, hands=endless_hands(12))
    url = reverse("game", args=[group.edit_key, game.code])
    drawn = _drawn(monkeypatch)
    first = phone.get(url)
    other = Client()
    other.cookies = phone.cookies
    # The game's row, and nothing else: the parts and what the page needs around them
    # (the hand that is next, its dealer, the last hand for the undo button) are kept.
    with django_assert_num_queries(1):
        second = other.get(url)
    assert drawn == [10]
    assert table_rows(second, "hand-rows") == table_rows(first, "hand-rows")
    assert scoreboard(second) == scoreboard(first)
    # The same form, but for its entry key and CSRF token, which are each phone's own.
    mine, theirs = (field_values(page, within="data-hand-form") for page in (first, second))
    assert mine.pop("entry") != theirs.pop("entry")
    assert mine.pop("csrfmiddlewaretoken") != theirs.pop("csrfmiddlewaretoken")
    assert mine == theirs


def test_the_kept_form_is_the_form_drawn_afresh(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(5))
    url = reverse("game", args=[group.edit_key, game.code])
    kept = phone.get(url), phone.get(url)
    cache.clear()
    fresh = phone.get(url)
    forms = [field_values(page, within="data-hand-form") for page in (*kept, fresh)]
    for form in forms:
        del form["entry"], form["csrfmiddlewaretoken"]
    assert forms[0] == forms[1] == forms[2]
    # The rotation's dealer for hand 6 is checked, and nothing else is.
    assert forms[0]["number"] == ["6"]
    assert forms[0]["dealer"] == forms[0]["rotation_dealer"] != [""]


def test_the_kept_form_follows_the_deal_round_the_table(phone: Client, group: Group) -> None:
    # The form's fields are kept by game and dealer, and so come back every few hands:
    # each time with that hand's number and the dealer checked, as a form drawn afresh.
    game = make_game(group, hands=endless_hands(4))
    url = reverse("game", args=[group.edit_key, game.code])
    dealers = []
    for number in range(5, 11):
        kept = field_values(phone.get(url), within="data-hand-form")
        cache.clear()
        fresh = field_values(phone.get(url), within="data-hand-form")
        for form in (kept, fresh):
            del form["entry"], form["csrfmiddlewaretoken"]
        assert kept == fresh
        assert kept["number"] == [str(number)]
        assert kept["dealer"] == kept["rotation_dealer"]
        dealers.append(kept["dealer"][0])
        game.add_hand(number, endless_hands(number)[-1], "Anne")
    assert len(set(dealers)) > 1


@pytest.mark.parametrize("hands", [1, 40])
def test_queries_of_the_live_poll_and_the_chart_are_pinned(
    client: Client, group: Group, hands: int, django_assert_num_queries: NumQueries
) -> None:
    game = make_game(group, hands=endless_hands(hands))
    poll = reverse("game_live", args=[group.view_key, game.code])
    chart = reverse("game_chart", args=[group.view_key, game.code])
    # The first poll: the version (for the tag), the game, its seats, its hands and their
    # changes; the next ones without a tag: the version and the game; with it, a 304. With
    # a shared cache (CACHE_URL) the version comes from it after the first poll.
    version = 0 if live.shared() else 1
    with django_assert_num_queries(5):
        etag = client.get(poll)["ETag"]
    with django_assert_num_queries(version + 1):
        assert client.get(poll).status_code == 200
    with django_assert_num_queries(version):
        assert client.get(poll, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # The chart: the game, its seats and hands (the hands table's rows are not drawn), then
    # the game alone.
    with django_assert_num_queries(3):
        drawn = client.get(chart, HTTP_HX_REQUEST="true")
    with django_assert_num_queries(1):
        assert client.get(chart, HTTP_HX_REQUEST="true").content == drawn.content


def test_no_page_is_stale_after_a_change(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game(group, hands=endless_hands(3))
    page = reverse("game", args=[group.edit_key, game.code])
    before = table_rows(phone.get(page), "hand-rows")
    # Hand 2 made by two instead of lost alone: hands 2 and 3 show other totals.
    corrected = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 2}, dealer="Bjørn")
    game.edit_hand(2, revision(game, 2), corrected, "Cato")
    drawn = _drawn(monkeypatch)
    after = table_rows(phone.get(page), "hand-rows")
    assert drawn == [3]
    assert after[3] == before[3]  # hand 1, the last row, as it was
    assert after[1] != before[1] and after[2] != before[2]
    assert "Corrected by Cato" in after[2][0]
    cache.clear()
    assert after == table_rows(phone.get(page), "hand-rows")


def test_two_languages_never_get_each_others_parts(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    page = reverse("game", args=[group.view_key, game.code])
    for _ in range(2):  # drawn, then kept
        english = text(phone.get(page, HTTP_ACCEPT_LANGUAGE="en"))
        norwegian = text(phone.get(page, HTTP_ACCEPT_LANGUAGE="nb"))
        assert 'aria-label="Why? Hand 2"' in english and "Hvorfor?" not in english
        assert 'aria-label="Hvorfor? Runde 2"' in norwegian and "Why?" not in norwegian


def test_two_links_never_get_each_others_parts(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    full = reverse("game", args=[group.edit_key, game.code])
    view_only = reverse("game", args=[group.view_key, game.code])
    for _ in range(2):  # drawn, then kept
        scorer, watcher = phone.get(full).content.decode(), phone.get(view_only).content.decode()
        # The scorer's page names the view-only link only in what it passes on: the preview
        # a chat app reads of a pasted link (its og: tags).
        scorer = re.sub(r'<meta property="og:[^>]*>', "", scorer)
        assert group.edit_key in scorer and group.view_key not in scorer
        assert group.view_key in watcher and group.edit_key not in watcher
        assert attribute(phone.get(full), "end-game", "href") is not None
        assert attribute(phone.get(view_only), "end-game", "href") is None


def test_parts_kept_before_a_deploy_are_not_served_after_it(
    phone: Client, group: Group, django_assert_num_queries: NumQueries
) -> None:
    # The parts are kept under the release (the RELEASE setting, or the static files'
    # manifest): the next release draws its own.
    game = make_game(group, hands=endless_hands(3))
    url = reverse("game", args=[group.edit_key, game.code])
    with override_settings(RELEASE="one"):
        phone.get(url)
        with django_assert_num_queries(1):
            phone.get(url)
    with override_settings(RELEASE="two"), django_assert_num_queries(4):
        phone.get(url)  # drawn again: the game, seats, hands, changes


@pytest.mark.parametrize("htmx", [False, True])
def test_a_watcher_never_gets_an_older_version_from_any_server(
    client: Client,
    phone: Client,
    group: Group,
    htmx: bool,
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
) -> None:
    game = make_game(group, hands=endless_hands(2))
    live = reverse("game_live", args=[group.view_key, game.code])
    page = reverse("game", args=[group.view_key, game.code])
    # Both servers keep version 2's page and live part.
    for name in ("a", "b"):
        with server(name):
            assert newest(client.get(page)) == newest(client.get(live)) == "2"
    before = scoreboard(client.get(page))
    # The scorer's phone saves hand 3 through server b.
    hand = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    headers = {"HX-Request": "true"} if htmx else {}
    with server("b"), django_capture_on_commit_callbacks(execute=True):
        saved = phone.post(
            reverse("hand_create", args=[group.edit_key, game.code]),
            hand_post(game, hand, 3),
            headers=headers,
        )
        assert saved.status_code == (200 if htmx else 302)
    version = Game.objects.get(pk=game.pk).version
    # Server a still holds version 2: whichever answers, the watcher sees hand 3.
    for name in ("a", "b", "a"):
        with server(name):
            fragment = client.get(live)
            assert fragment["ETag"] == f'W/"{version}-en-0"'
            assert newest(fragment) == newest(client.get(page)) == "3"
            assert scoreboard(client.get(page)) != before


def test_a_watcher_polling_with_the_old_tag_is_not_told_unchanged(
    client: Client, phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(2))
    live = reverse("game_live", args=[group.view_key, game.code])
    with server("a"):
        etag = client.get(live)["ETag"]
    with server("b"):
        phone.post(
            reverse("hand_create", args=[group.edit_key, game.code]),
            hand_post(game, bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}), 3),
        )
    with server("a"):
        answer = client.get(live, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200
    assert newest(answer) == "3"


def test_a_game_restored_under_its_old_code_and_version_is_not_served_an_old_page(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(3))
    code, version = game.code, Game.objects.get(pk=game.pk).version
    url = reverse("game", args=[group.edit_key, code])
    assert newest(phone.get(url)) == "3"
    # Deleted, and another game brought back under the same code and version (a restore).
    game.delete()
    again = make_game(group, hands=endless_hands(2))
    Game.objects.filter(pk=again.pk).update(code=code, version=version)
    assert newest(phone.get(url)) == "2"


def test_a_deleted_next_game_is_no_longer_offered(phone: Client, group: Group) -> None:
    finished = make_game(group, hands=anne_wins())
    url = reverse("game", args=[group.edit_key, finished.code])
    phone.post(reverse("play_again", args=[group.edit_key, finished.code]))
    assert attribute(phone.get(url), "main", "data-live-url")
    assert "Next game (" in text(phone.get(url))
    started = Game.objects.get(previous=finished)
    assert started.delete_if_empty()
    assert "Next game (" not in text(phone.get(url))


def test_a_save_from_the_page_of_every_hand_answers_with_every_hand(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(12))
    page = reverse("game", args=[group.edit_key, game.code])
    hand = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    answer = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, hand, 13),
        headers={"HX-Request": "true", "HX-Current-URL": f"http://testserver{page}?hands=all"},
    )
    assert len(table_rows(answer, "hand-rows")) == 14  # the head row and 13 hands


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_the_page_of_every_hand_saves_and_undoes_back_to_itself(
    phone: Client, group: Group, htmx: bool
) -> None:
    # Its forms post to the links they came from, so that a phone without JavaScript (a
    # redirect) and with it (htmx) both come back to every hand.
    game = make_game(group, hands=endless_hands(12))
    page = reverse("game", args=[group.edit_key, game.code])
    everything = phone.get(f"{page}?hands=all")
    save = reverse("hand_create", args=[group.edit_key, game.code]) + "?hands=all"
    undo = reverse("undo", args=[group.edit_key, game.code]) + "?hands=all"
    html = everything.content.decode()
    assert f'action="{save}"' in html and f'action="{undo}"' in html
    # The page of the latest hands keeps its own form, whichever was drawn first.
    latest = phone.get(page).content.decode()
    assert f'action="{save}"' not in latest and f'action="{undo}"' not in latest
    headers = {"HX-Request": "true"} if htmx else {}
    hand = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})
    saved = phone.post(save, hand_post(game, hand, 13), headers=headers)
    taken_back = phone.post(
        undo, {"number": 13, "revision": game.hands.get(number=13).revision}, headers=headers
    )
    if htmx:
        assert len(table_rows(saved, "hand-rows")) == 14  # the head row and 13 hands
        assert len(table_rows(taken_back, "hand-rows")) == 13
    else:
        assert saved.status_code == taken_back.status_code == 302
        assert saved["Location"] == taken_back["Location"] == f"{page}?hands=all#hands"
    assert game.hands.count() == 12


def test_a_refused_hand_on_the_page_of_every_hand_keeps_every_hand(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(12))
    save = reverse("hand_create", args=[group.edit_key, game.code]) + "?hands=all"
    refused = phone.post(save, {**hand_post(game, bid("Bjørn", 8, "Dina", {}), 13), "bid": ""})
    assert refused.status_code == 422
    assert len(table_rows(refused, "hand-rows")) == 13  # the head row and 12 hands
    assert f'action="{save}"' in refused.content.decode()


@pytest.mark.slow
def test_every_row_of_a_long_game_stays_kept(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long game's page of every hand is drawn once per version."""
    game = make_game(group, hands=endless_hands(320))
    page = reverse("game", args=[group.view_key, game.code]) + "?hands=all"
    assert len(table_rows(phone.get(page), "hand-rows")) == 321
    drawn = _drawn(monkeypatch)
    assert len(table_rows(phone.get(page), "hand-rows")) == 321
    assert drawn == []


def _rows_drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the hands table's rows drawn from now on (not taken as kept): the
    label of a row's "Why?" is read inside its kept part only."""
    drawn: list[int] = []
    label: Any = vars(present.HandRow)["why_label"]  # the property

    def counted(row: present.HandRow) -> str:
        drawn.append(row.number)
        return str(label.fget(row))

    monkeypatch.setattr(present.HandRow, "why_label", property(counted))
    return drawn


@pytest.mark.parametrize("htmx", [False, True])
def test_a_save_draws_only_the_rows_it_changed(
    phone: Client, group: Group, htmx: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game(group, hands=endless_hands(12))
    page = reverse("game", args=[group.edit_key, game.code])
    phone.get(page)
    drawn = _rows_drawn(monkeypatch)
    saved = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, endless_hands(13)[-1], 13),
        headers={"HX-Request": "true"} if htmx else {},
    )
    answer = saved if htmx else phone.get(page)
    # The new hand alone: hands 4 to 12 are shown as they were kept (a row says the same
    # whether a hand follows it or not).
    assert sorted(set(drawn)) == [13]
    rows = table_rows(answer, "hand-rows")
    assert [row[0].split(".")[0] for row in rows[1:]] == [str(n) for n in range(13, 3, -1)]
    cache.clear()
    assert rows == table_rows(phone.get(page), "hand-rows")


def test_a_kept_row_shows_a_correction_made_since(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A correction gives the hand a new revision, and the hands after it new totals: their
    # rows are drawn again, the rows before it are kept.
    game = make_game(group, hands=endless_hands(6))
    page = reverse("game", args=[group.edit_key, game.code])
    before = table_rows(phone.get(page), "hand-rows")
    # Hand 4: Dina bid 12 alone and lost one trick to Anne; now she lost two.
    corrected = bid("Dina", 12, None, {"Anne": 2, "Bjørn": 0, "Cato": 0}, dealer="Dina")
    assert game.edit_hand(4, revision(game, 4), corrected, "Cato").stands
    drawn = _rows_drawn(monkeypatch)
    after = table_rows(phone.get(page), "hand-rows")
    assert 4 in drawn and not {1, 2, 3} & set(drawn)
    assert after[-3:] == before[-3:]  # hands 3, 2, 1 as they were
    assert "Corrected by Cato" in after[3][0]
    cache.clear()
    assert after == table_rows(phone.get(page), "hand-rows")


def test_a_change_that_moves_no_hand_finds_the_printed_sheet_kept_whole(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The score sheet a page prints for a game given up is kept whole, by what its rows
    show: taking the game up and giving it up again looks it up once, not row by row."""
    game = make_game(group, hands=endless_hands(30))
    page = reverse("game", args=[group.edit_key, game.code])
    assert game.abandon("Anne")
    sheet = table_rows(phone.get(page), "sheet")
    assert len(sheet) == 31  # its head and every hand
    assert game.take_up("Anne") and game.abandon("Anne")
    asked: list[str] = []
    get = cache.get

    def counted(key: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(key)
        return get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", counted)
    assert table_rows(phone.get(page), "sheet") == sheet
    assert sum(".sheet-row." in key for key in asked) == 0
    assert sum(".sheet." in key for key in asked) == 1
    monkeypatch.undo()
    cache.clear()
    assert table_rows(phone.get(page), "sheet") == sheet
