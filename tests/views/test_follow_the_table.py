"""Everyone follows the table: a finished game's poll brings the game that "New game, same
table" started, as a link for the watching phone (full or view-only) to go to in one tap."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Group, Night
from tests.factories import FOUR, anne_wins, game_file, make_game, new_game_post
from tests.views.pages import text

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def _next_link(html: str) -> str | None:
    found = re.search(r'<a class="button primary wide" data-next-game href="([^"]*)"', html)
    return found.group(1) if found else None


@pytest.mark.parametrize("link", ["edit_key", "view_key"])
def test_a_watchers_poll_offers_the_next_game(
    phone: Client, client: Client, group: Group, link: str
) -> None:
    game = make_game(group, hands=anne_wins())
    key = getattr(group, link)
    live = reverse("game_live", args=[key, game.code])
    before = client.get(live)
    assert _next_link(text(before)) is None
    # The poll is answered 304 while nothing changed...
    assert client.get(live, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    phone.post(reverse("play_again", args=[group.edit_key, game.code]))
    again = Game.objects.exclude(pk=game.pk).get()
    # ... and the new game changes the answer, though the finished game did not change.
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert _next_link(text(after)) == reverse("game", args=[key, again.code])
    page = client.get(reverse("game", args=[key, game.code]))
    assert _next_link(text(page)) == reverse("game", args=[key, again.code])


def test_a_game_in_play_offers_no_next_game(client: Client, group: Group) -> None:
    game = make_game(group)
    assert _next_link(text(client.get(reverse("game", args=[group.view_key, game.code])))) is None


def _start_american(phone: Client, group: Group, *players: str) -> Game:
    data = new_game_post(*players)
    response = phone.post(reverse("new_game_of", args=[group.edit_key, "american"]), data)
    assert response.status_code == 302
    return Game.objects.filter(kind="american").latest("pk")


def test_a_game_of_another_kind_started_from_the_group_page_is_offered(
    phone: Client, client: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    live = reverse("game_live", args=[group.view_key, game.code])
    before = client.get(live)
    american = _start_american(phone, group, "Anne", "Bjørn")
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert _next_link(text(after)) == reverse("game", args=[group.view_key, american.code])
    # The offer says which game it is, on the phones and on the big screen.
    assert "Next game (American): go to it →" in text(after)
    tv = client.get(reverse("game_tv", args=[group.view_key, game.code]))
    assert "Next game (American): show it →" in text(tv)
    nb = client.get(live, HTTP_ACCEPT_LANGUAGE="nb")
    assert "Neste spill (American): gå dit →" in text(nb)


def test_a_game_at_another_table_of_the_group_is_not_offered(
    phone: Client, client: Client, group: Group
) -> None:
    # Anne's table finished; Eirik and Frida, of the same group, start a game of their own.
    game = make_game(group, hands=anne_wins())
    live = reverse("game_live", args=[group.view_key, game.code])
    before = client.get(live)
    group.add_player("Eirik")
    group.add_player("Frida")
    _start_american(phone, group, "Eirik", "Frida")
    assert client.get(live, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    assert _next_link(text(client.get(live))) is None


def test_a_table_goes_on_once_from_a_game(phone: Client, client: Client, group: Group) -> None:
    # The table went on to the first game; a second one started meanwhile is not offered
    # in its place.
    game = make_game(group, hands=anne_wins())
    first = _start_american(phone, group, "Anne", "Bjørn")
    _start_american(phone, group, "Cato", "Dina")
    page = client.get(reverse("game", args=[group.view_key, game.code]))
    assert _next_link(text(page)) == reverse("game", args=[group.view_key, first.code])


def _two_games_won(group: Group) -> tuple[Game, Game]:
    """Anne wins a game, and the next one the table went on to from it."""
    first = make_game(group, hands=anne_wins())
    second = group.start_game("amerikaner", FOUR, first_dealer="Anne", previous=first)
    for number, hand in enumerate(anne_wins(), 1):
        assert second.add_hand(number, hand, "Anne").stands
    return first, second


def test_a_phone_two_games_behind_is_offered_the_game_the_table_is_at(
    client: Client, group: Group
) -> None:
    # Game 1 is won; the table plays game 2 through and starts game 3 the same night. A
    # phone left on game 1 hears of it, and is offered game 3, not game 2 finished meanwhile.
    first, second = _two_games_won(group)
    live = reverse("game_live", args=[group.view_key, first.code])
    before = client.get(live)
    assert _next_link(text(before)) == reverse("game", args=[group.view_key, second.code])
    third = group.start_game("amerikaner", FOUR, first_dealer="Bjørn", previous=second)
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert _next_link(text(after)) == reverse("game", args=[group.view_key, third.code])
    # Game 2's own phones too; and game 3, in play, offers none.
    for game, offered in ((second, third), (third, None)):
        page = text(client.get(reverse("game", args=[group.view_key, game.code])))
        assert _next_link(page) == (
            offered and reverse("game", args=[group.view_key, offered.code])
        )


def test_a_game_deleted_two_games_on_is_no_longer_offered(client: Client, group: Group) -> None:
    first, second = _two_games_won(group)
    third = group.start_game("amerikaner", FOUR, first_dealer="Bjørn", previous=second)
    live = reverse("game_live", args=[group.view_key, first.code])
    before = client.get(live)
    assert _next_link(text(before)) == reverse("game", args=[group.view_key, third.code])
    assert third.delete_if_empty("Anne")
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert _next_link(text(after)) == reverse("game", args=[group.view_key, second.code])


def test_a_game_of_an_earlier_night_offers_only_the_one_the_table_went_on_to(
    client: Client, group: Group
) -> None:
    first, second = _two_games_won(group)
    # As if game 1 had been played a week before.
    last_week = Night.for_moment(group, timezone.now() - dt.timedelta(days=7))
    Game.objects.filter(pk=first.pk).update(night=last_week)
    group.start_game("amerikaner", FOUR, first_dealer="Bjørn", previous=second)
    page = text(client.get(reverse("game", args=[group.view_key, first.code])))
    assert _next_link(page) == reverse("game", args=[group.view_key, second.code])


def test_a_chain_of_games_that_loops_back_is_followed_once(client: Client, group: Group) -> None:
    # A backup can say that a game went on from a game that went on from it.
    first, second = _two_games_won(group)
    Game.objects.filter(pk=first.pk).update(previous=second)
    group.start_game("amerikaner", FOUR, first_dealer="Bjørn", previous=second)
    page = text(client.get(reverse("game", args=[group.view_key, first.code])))
    assert _next_link(page) == reverse("game", args=[group.view_key, second.code])


#: The pages of a game one may be left on once it is over (`games/followed.html`, and
#: the Why? page, which follows its hand).
SUBPAGES = [("hand", (1,)), ("side_totals", (1,)), ("history", ()), ("game_chart", ())]


@pytest.mark.parametrize(("name", "args"), SUBPAGES)
def test_a_page_of_a_finished_game_follows_the_table_to_the_next(
    phone: Client, client: Client, group: Group, name: str, args: tuple[int, ...]
) -> None:
    game = make_game(group, hands=anne_wins())
    url = reverse(name, args=[group.view_key, game.code, *args])
    before = text(client.get(url))
    assert _next_link(before) is None
    # It listens to the game's own stream, whose version moves on when the table goes on.
    assert 'hx-sse:connect="/events/' in before and f"?game={game.code}" in before
    american = _start_american(phone, group, "Anne", "Bjørn")
    assert _next_link(text(client.get(url))) == reverse(
        "game", args=[group.view_key, american.code]
    )


@pytest.mark.parametrize(("name", "args"), SUBPAGES)
def test_a_page_opened_while_the_game_was_in_play_follows_the_table_too(
    phone: Client, client: Client, group: Group, name: str, args: tuple[int, ...]
) -> None:
    hands = anne_wins()
    game = make_game(group, hands=hands[:1])
    url = reverse(name, args=[group.view_key, game.code, *args])
    page = text(client.get(url))
    assert 'hx-sse:connect="/events/' in page and f"?game={game.code}" in page
    assert _next_link(page) is None
    for number, hand in enumerate(hands[1:], start=2):
        game.add_hand(number, hand, "Anne")
    american = _start_american(phone, group, "Anne", "Bjørn")
    assert _next_link(text(client.get(url))) == reverse(
        "game", args=[group.view_key, american.code]
    )


def test_a_game_never_played_is_given_up_for_a_game_of_another_kind(
    phone: Client, client: Client, group: Group
) -> None:
    # "New game, same table" after a finished game; then the table would rather play
    # American, and starts it from the group page: the empty game is given up for it, and
    # every phone and the big screen that went to the empty game go on.
    finished = make_game(group, hands=anne_wins())
    phone.post(reverse("play_again", args=[group.edit_key, finished.code]))
    empty = Game.objects.exclude(pk=finished.pk).get()
    live = reverse("game_live", args=[group.view_key, empty.code])
    before = client.get(live)
    american = _start_american(phone, group, "Anne", "Bjørn")
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert _next_link(text(after)) == reverse("game", args=[group.view_key, american.code])
    tv = client.get(reverse("game_tv", args=[group.view_key, empty.code]))
    assert "Next game (American): show it →" in text(tv)
    empty.refresh_from_db()
    assert empty.abandoned_at is not None and empty.hands.count() == 0
    # The evening lists the games played: not the one given up before a hand was dealt.
    assert american.night is not None
    night = reverse("night", args=[group.view_key, american.night.code])
    for url in (reverse("group", args=[group.view_key]), night):
        listed = text(client.get(url))
        assert "American" in listed and "abandoned" not in listed, url


def test_the_same_game_started_again_after_back_is_the_game_already_started(
    phone: Client, group: Group
) -> None:
    # Start the game, the browser's Back, Start again: the form comes with a token of its
    # own, and the game started a moment ago opens, not given up for a twin.
    url = reverse("new_game_of", args=[group.edit_key, "american"])
    first = phone.post(url, new_game_post("Anne", "Bjørn", token="a" * 32))
    again = phone.post(url, new_game_post("Anne", "Bjørn", token="b" * 32))
    game = Game.objects.get()
    assert (
        first["Location"] == again["Location"] == reverse("game", args=[group.edit_key, game.code])
    )
    assert game.abandoned_at is None
    # Changed before the second Start (the other dealer first), it is a game of its own.
    other = phone.post(url, new_game_post("Anne", "Bjørn", first_dealer=2, token="c" * 32))
    assert other["Location"] != first["Location"] and Game.objects.count() == 2
    # The same again, but the one started lies unplayed since yesterday: tonight's is new.
    Game.objects.filter(pk=Game.objects.latest("pk").pk).update(
        created_at=timezone.now() - dt.timedelta(days=1)
    )
    later = phone.post(url, new_game_post("Anne", "Bjørn", first_dealer=2, token="d" * 32))
    assert later["Location"] != other["Location"] and Game.objects.count() == 3


def test_a_game_with_a_hand_in_it_is_not_given_up_for_another(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[anne_wins()[0]])
    american = _start_american(phone, group, "Anne", "Bjørn")
    game.refresh_from_db()
    assert game.abandoned_at is None and american.previous is None


def test_a_game_won_offers_its_last_hand_back_until_the_table_goes_on(
    phone: Client, group: Group
) -> None:
    # "Undo hand 5" on the game just won; once the next game has started, the old game's
    # page offers no tap that would open it again (its hand's page still corrects it).
    game = make_game(group, hands=anne_wins())
    url = reverse("game", args=[group.edit_key, game.code])
    assert "Undo hand 5" in text(phone.get(url))
    _start_american(phone, group, "Anne", "Bjørn")
    page = text(phone.get(url))
    assert "Undo hand 5" not in page and "Next game (American)" in page
    # Tapped on a page that still showed it: refused in words, the game still won.
    last = game.hands.get(number=5)
    undo = reverse("undo", args=[group.edit_key, game.code])
    refused = phone.post(undo, {"number": "5", "revision": str(last.revision)}, follow=True)
    assert "Nothing undone: the table has gone on to the next game." in text(refused)
    assert game.hands.count() == 5


def test_a_sheet_carried_on_tonight_is_offered_one_of_another_evening_is_not(
    phone: Client, client: Client, group: Group
) -> None:
    """A game file imported from the group page to be played on is a game the table goes
    on to, as one started there: the finished game's phones and big screen are offered it.
    A sheet of another evening is history."""
    live, before = _watched_won_game(client, group)
    earlier = timezone.localdate() - dt.timedelta(days=7)
    _imported(phone, group, game_file("american", ["Anne", "Bjørn"], []), earlier)
    assert client.get(live, HTTP_IF_NONE_MATCH=before).status_code == 304
    tonight = _imported(phone, group, game_file("american", ["Anne", "Cato"], []))
    after = client.get(live, HTTP_IF_NONE_MATCH=before)
    assert _next_link(text(after)) == reverse("game", args=[group.view_key, tonight.code])


def test_a_finished_sheet_imported_tonight_is_not_offered(
    phone: Client, client: Client, group: Group
) -> None:
    live, before = _watched_won_game(client, group)
    done = game_file("amerikaner", FOUR, anne_wins(), start={"Anne": 1})
    assert _imported(phone, group, done).winners == ["Anne"]
    assert client.get(live, HTTP_IF_NONE_MATCH=before).status_code == 304


def test_a_sheet_imported_beside_a_game_just_started_gives_it_not_up(
    phone: Client, client: Client, group: Group
) -> None:
    """The table went on from a won game to a game of Euchre, not played yet, when someone
    imports a sheet: the Euchre stays where the table is, not given up for the file."""
    game = make_game(group, hands=anne_wins())
    response = phone.post(
        reverse("new_game_of", args=[group.edit_key, "euchre"]), new_game_post(*FOUR)
    )
    assert response.status_code == 302
    euchre = Game.objects.get(kind="euchre")
    sheet = _imported(phone, group, game_file("american", ["Anne", "Cato"], []))
    euchre.refresh_from_db()
    assert euchre.abandoned_at is None and sheet.previous is None
    page = client.get(reverse("game", args=[group.view_key, game.code]))
    assert _next_link(text(page)) == reverse("game", args=[group.view_key, euchre.code])


def _watched_won_game(client: Client, group: Group) -> tuple[str, str]:
    """A game won, and its live part as a watching phone holds it: its address and ETag."""
    game = make_game(group, hands=anne_wins())
    live = reverse("game_live", args=[group.view_key, game.code])
    return live, client.get(live)["ETag"]


def _imported(
    phone: Client, group: Group, sheet: dict[str, object], played: dt.date | None = None
) -> Game:
    """The game file uploaded from the group page, as played tonight or on `played`."""
    upload = SimpleUploadedFile("sheet.json", json.dumps(sheet).encode())
    data = {"file": upload, **({"played": played.isoformat()} if played else {})}
    response = phone.post(reverse("import_game", args=[group.edit_key]), data)
    assert response.status_code == 302, text(response)
    return Game.objects.latest("pk")
