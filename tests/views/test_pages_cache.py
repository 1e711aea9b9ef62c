"""The game page and its live part are kept per version in the cache (`games.pages`): with
several app servers, each with a cache of its own, no phone ever gets an older version
than the one a save made, whichever server answers."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.template.loader import render_to_string
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse, set_script_prefix
from django.utils import translation
from django.utils.translation import pgettext

from games import pages
from games.forms import HandForm
from games.models import Game, Group
from games.rules import get_game
from games.views import games as games_views
from games.views.access import Access
from games.views.games import game_context
from tests.factories import anne_wins, bid, endless_hands, hand_post, make_game, revision
from tests.views.pages import attribute, scoreboard, table_rows, text

pytestmark = pytest.mark.django_db


def server(name: str) -> AbstractContextManager[Any]:
    """Requests inside are answered by app server `name`: a cache in its memory alone."""
    cache = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
    return override_settings(CACHES={"default": cache})


def newest(response: Any) -> str:
    return table_rows(response, "hand-rows")[1][0].split(".")[0]


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


@pytest.mark.parametrize("hands", [0, 1, 5])
@pytest.mark.parametrize("first_dealer", ["Anne", ""])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_kept_empty_form_is_the_form_drawn_afresh(
    group: Group, hands: int, first_dealer: str, language: str
) -> None:
    game = make_game(group, hands=endless_hands(hands))
    Game.objects.filter(pk=game.pk).update(first_dealer=first_dealer)
    game = Game.objects.get(pk=game.pk)
    request = RequestFactory().get("/")
    request.session = SessionStore()
    access = Access(group, group.edit_key, True)
    rules = get_game(game.kind)
    data = [hand.data for hand in game.hand_list()]
    dealer = rules.next_dealer(game.table(), data) if data else first_dealer or None
    with translation.override(language):
        # Twice: drawn and kept, then from the cache.
        kept = [game_context(request, access, game)["form_html"] for _ in range(2)]
        fresh = HandForm(
            game=game,
            initial={
                "number": hands + 1,
                "dealer": dealer,
                "rotation_dealer": dealer,
                "entry": pages.ENTRY,
            },
        )
        context = {
            "form": fresh,
            "form_action": reverse("hand_create", args=[group.edit_key, game.code]),
            "preview_url": reverse("hand_preview", args=[group.edit_key, game.code]),
            "save_label": pgettext("hand form", "Save hand %(number)s") % {"number": hands + 1},
            "htmx_target": "#main",
        }
        drawn = render_to_string("games/_hand_form.html", context | pages.slots(), request)
    assert kept[0] == kept[1] == drawn
    assert (" checked>" in drawn) == bool(dealer)


def test_pages_kept_before_a_deploy_are_not_served_after_it(
    phone: Client,
    group: Group,
    monkeypatch: pytest.MonkeyPatch,
    django_assert_num_queries: Callable[[int], AbstractContextManager[Any]],
) -> None:
    # A kept page is of one release: its templates, translations, code and the hashed
    # names of the static files it links. The next release draws its own.
    game = make_game(group, hands=endless_hands(3))
    url = reverse("game", args=[group.edit_key, game.code])
    phone.get(url)
    with django_assert_num_queries(1):
        phone.get(url)
    monkeypatch.setattr(pages, "release", lambda: "next-release")
    with django_assert_num_queries(4):  # drawn again: the game, seats, hands, changes
        phone.get(url)


def test_the_release_names_the_static_files_too(monkeypatch: pytest.MonkeyPatch) -> None:
    pages.release.cache_clear()
    before = pages.release()
    monkeypatch.setattr(staticfiles_storage, "manifest_hash", "another", raising=False)
    pages.release.cache_clear()
    try:
        assert pages.release() != before
    finally:
        monkeypatch.undo()
        pages.release.cache_clear()


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
    assert "next game has started" in text(phone.get(url))
    started = Game.objects.get(previous=finished)
    assert started.delete_if_empty()
    assert "next game has started" not in text(phone.get(url))


def test_a_page_asked_with_a_query_it_does_not_know_is_not_kept(
    phone: Client,
    group: Group,
    django_assert_num_queries: Callable[[int], AbstractContextManager[Any]],
) -> None:
    game = make_game(group, hands=endless_hands(3))
    url = reverse("game", args=[group.edit_key, game.code]) + "?utm=anything"
    for _ in range(2):
        with django_assert_num_queries(4):
            assert phone.get(url).status_code == 200


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


def _drawn_rows(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the hands whose table row is drawn from now on (not taken as kept)."""
    drawn: list[int] = []
    draw = games_views._draw_row

    def counted(access: Access, game: Game, table: Any, hand: Any, *rest: Any) -> str:
        drawn.append(hand.number)
        return draw(access, game, table, hand, *rest)

    monkeypatch.setattr(games_views, "_draw_row", counted)
    return drawn


def test_a_save_draws_only_the_rows_that_changed(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game(group, hands=endless_hands(12))
    page = reverse("game", args=[group.edit_key, game.code])
    phone.get(page)
    drawn = _drawn_rows(monkeypatch)
    saved = phone.post(
        reverse("hand_create", args=[group.edit_key, game.code]),
        hand_post(game, endless_hands(13)[12], 13),
        headers={"HX-Request": "true"},
    )
    # Its own, and the one before it, which no longer carries the newest hand's inputs.
    assert drawn == [13, 12]
    # The rows kept from the version before are those a page drawn afresh has.
    cache.clear()
    assert table_rows(saved, "hand-rows") == table_rows(phone.get(page), "hand-rows")
    assert drawn == [13, 12, *range(13, 3, -1)]


def test_a_correction_redraws_every_row_whose_totals_moved(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game(group, hands=endless_hands(3))
    page = reverse("game", args=[group.edit_key, game.code])
    before = table_rows(phone.get(page), "hand-rows")
    drawn = _drawn_rows(monkeypatch)
    # Hand 2 made by two instead of lost alone: hands 2 and 3 show other totals.
    corrected = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 2}, dealer="Bjørn")
    game.edit_hand(2, revision(game, 2), corrected, "Cato")
    after = table_rows(phone.get(page), "hand-rows")
    assert sorted(drawn) == [2, 3]
    assert after[3] == before[3]  # hand 1, the last row, as it was
    assert after[1] != before[1] and after[2] != before[2]
    assert "Corrected by Cato" in after[2][0]
    cache.clear()
    assert after == table_rows(phone.get(page), "hand-rows")


def test_kept_rows_follow_the_language(phone: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(2))
    page = reverse("game", args=[group.view_key, game.code])
    english = text(phone.get(page, HTTP_ACCEPT_LANGUAGE="en"))
    norwegian = text(phone.get(page, HTTP_ACCEPT_LANGUAGE="nb"))
    assert 'aria-label="Why? Hand 2"' in english
    assert 'aria-label="Hvorfor? Runde 2"' in norwegian


def test_every_row_of_a_long_game_stays_kept(
    phone: Client, group: Group, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More rows than Django's default cache holds (300 entries): the page of every hand
    of a long game is drawn once, and is not drawn again at the next version."""
    game = make_game(group, hands=endless_hands(320))
    page = reverse("game", args=[group.view_key, game.code]) + "?hands=all"
    assert len(table_rows(phone.get(page), "hand-rows")) == 321
    drawn = _drawn_rows(monkeypatch)
    game.play_again("Anne")  # a new version of the game, its hands as they were
    assert len(table_rows(phone.get(page), "hand-rows")) == 321
    assert drawn == []


def test_a_link_is_made_once_and_is_the_one_url_makes(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def counted(name: str, **kwargs: Any) -> str:
        made.append(name)
        return reverse(name, **kwargs)

    pages._link.cache_clear()
    monkeypatch.setattr(pages, "reverse", counted)
    first = pages.link("side_totals", "k" * 22, "C0de", 3)
    assert first == reverse("side_totals", args=["k" * 22, "C0de", 3])
    assert pages.link("side_totals", "k" * 22, "C0de", 3) == first
    assert pages.link("side_totals", "k" * 22, "C0de", 4) != first
    assert made == ["side_totals", "side_totals"]
    # Under another script prefix (the app served below a path) the link is made again.
    set_script_prefix("/scores/")
    try:
        assert pages.link("side_totals", "k" * 22, "C0de", 3) == "/scores" + first
    finally:
        set_script_prefix("/")
