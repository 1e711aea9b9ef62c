"""The pictures of a result (a game's, a night's) and what the pages tell a chat app that
shows a pasted link: a PNG of 1200 x 630 by either link, in the reader's language, kept
per version; og: tags with whole addresses, always of the view-only link."""

from __future__ import annotations

import datetime as dt
import struct
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from games import pictures
from games.models import Game, Group, Hand, Night
from games.present.night import played
from games.present.picture import night_picture_of
from tests.factories import anne_wins, bid, endless_hands, make_game, make_group

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

FRIDAY = dt.date(2025, 3, 7)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def picture_url(game: Game, key: str) -> str:
    return reverse("game_picture", args=[key, game.code])


def night_picture_url(night: Night, key: str) -> str:
    return reverse("night_picture", args=[key, night.code])


def a_night(group: Group) -> Night:
    """Friday's night with a game Anne won and one in play."""
    night = Night.objects.create(group=group, date=FRIDAY, name="Quiz", place="Hos Anne")
    for game in (make_game(group, hands=anne_wins()), make_game(group, hands=endless_hands(3))):
        Game.objects.filter(pk=game.pk).update(night=night)
    return night


class _Meta(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}
        self.share: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        name = values.get("property") or values.get("name")
        if tag == "meta" and name and values.get("content") is not None:
            self.found[name] = values["content"] or ""
        if tag == "a" and values.get("id") == "share":
            self.share = values


def meta(client: Client, url: str) -> _Meta:
    parser = _Meta()
    parser.feed(client.get(url).content.decode())
    return parser


# --- The game's picture ---------------------------------------------------------------------


@pytest.mark.parametrize("link", ["view_key", "edit_key"])
def test_a_won_game_has_a_picture_of_1200_by_630_by_either_link(
    client: Client, group: Group, link: str
) -> None:
    game = make_game(group, hands=anne_wins())
    response = client.get(picture_url(game, getattr(group, link)))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert png_size(response.content) == (1200, 630)
    # Saved under the game's kind and evening.
    evening = Night.evening_of(game.created_at).isoformat()
    assert response["Content-Disposition"] == f'inline; filename="amerikaner-{evening}.png"'


def test_the_picture_is_in_the_readers_language(client: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    url = picture_url(game, group.view_key)
    english = client.get(url, headers={"accept-language": "en"})
    norwegian = client.get(url, headers={"accept-language": "nb"})
    assert png_size(norwegian.content) == (1200, 630)
    assert english.content != norwegian.content
    assert english["ETag"] != norwegian["ETag"]
    assert "Accept-Language" in english["Vary"]
    # The same words by either link: one picture.
    same = client.get(picture_url(game, group.edit_key), headers={"accept-language": "en"})
    assert same.content == english.content


def test_an_emoji_is_left_out_of_the_picture_not_drawn_as_a_box() -> None:
    """The picture's fonts have no emoji: a name with one pictures as the name without it;
    the fonts' own signs, a card's suit among them, stay."""

    def picture(group: str, anne: str) -> pictures.Picture:
        return pictures.Picture(
            group=group,
            title="Amerikaner",
            subtitle="Friday 27 November",
            headline=f"{anne} wins",
            trophy=True,
            rows=[pictures.Row(anne, "52", won=True), pictures.Row("Bjørn", "40")],
            heading="Games",
            listed=[pictures.ListLine(f"1. Amerikaner: {anne}", trophy=True)],
            names=[anne, "Bjørn"],
        )

    plain = pictures.png(picture("Fredag", "Anne"))
    assert png_size(plain) == (1200, 630)
    assert pictures.png(picture("Fredag 🎉", "Anne 🦊")) == plain
    assert pictures.png(picture("Fredag ♠", "Anne")) != plain
    # A name that is nothing else stays whole, wherever it is said (a box is still a name).
    fox = pictures.drawing(picture("Fredag", "🦊"))
    assert fox.count("🦊") == 3


def test_a_game_in_play_has_a_picture_of_the_game_so_far(client: Client, group: Group) -> None:
    game = make_game(group, hands=endless_hands(3))
    before = client.get(picture_url(game, group.view_key))
    assert png_size(before.content) == (1200, 630)
    game.add_hand(4, endless_hands(4)[3], "Anne")
    after = client.get(picture_url(game, group.view_key))
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content


def test_a_game_without_hands_still_has_a_picture(client: Client, group: Group) -> None:
    response = client.get(picture_url(make_game(group), group.view_key))
    assert png_size(response.content) == (1200, 630)


def test_a_game_that_no_longer_scores_still_has_a_picture_and_a_night_too(
    client: Client, group: Group
) -> None:
    night = a_night(group)
    game = make_game(group)
    Game.objects.filter(pk=game.pk).update(night=night)
    Hand.objects.create(game=game, number=1, data={"dealer": "Nobody"})
    assert png_size(client.get(picture_url(game, group.view_key)).content) == (1200, 630)
    night_picture = client.get(night_picture_url(night, group.view_key))
    assert png_size(night_picture.content) == (1200, 630)


def test_a_wrong_link_or_code_finds_no_picture(client: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    other = make_group("Another table")
    assert client.get(picture_url(game, other.view_key)).status_code == 404
    assert client.get(reverse("game_picture", args=[group.view_key, "nope"])).status_code == 404
    assert client.get(reverse("game_picture", args=["wrong", game.code])).status_code == 404


def test_the_picture_is_read_only_and_answers_head(client: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    assert client.post(picture_url(game, group.view_key)).status_code == 405
    # Some chat apps ask what an image is before they fetch it.
    head = client.head(picture_url(game, group.view_key))
    assert head.status_code == 200
    assert head["Content-Type"] == "image/png"


def test_the_picture_is_drawn_once_per_version_and_then_answered_from_the_cache(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = make_game(group, hands=anne_wins())
    url = picture_url(game, group.view_key)
    cache.clear()
    # The version for the ETag; the game with its group; its seats and hands; its night
    # (the date it shows).
    with django_assert_num_queries(5):
        first = client.get(url)
    # Another phone: the version and the game's row; the PNG from the cache.
    with django_assert_num_queries(2):
        again = client.get(url)
    assert again.content == first.content
    # A phone that has it: the version alone, and nothing sent.
    with django_assert_num_queries(1):
        unchanged = client.get(url, headers={"if-none-match": first["ETag"]})
    assert unchanged.status_code == 304


# --- The night's picture --------------------------------------------------------------------


@pytest.mark.parametrize("link", ["view_key", "edit_key"])
def test_a_night_has_a_picture_of_1200_by_630_by_either_link(
    client: Client, group: Group, link: str
) -> None:
    night = a_night(group)
    response = client.get(night_picture_url(night, getattr(group, link)))
    assert response.status_code == 200
    assert png_size(response.content) == (1200, 630)
    assert response["Content-Disposition"] == 'inline; filename="night-2025-03-07.png"'


def test_the_nights_picture_is_in_the_readers_language(client: Client, group: Group) -> None:
    url = night_picture_url(a_night(group), group.view_key)
    english = client.get(url, headers={"accept-language": "en"})
    norwegian = client.get(url, headers={"accept-language": "nb"})
    assert png_size(norwegian.content) == (1200, 630)
    assert english.content != norwegian.content
    assert english["ETag"] != norwegian["ETag"]


def test_the_nights_picture_follows_its_name_and_its_games(client: Client, group: Group) -> None:
    night = a_night(group)
    url = night_picture_url(night, group.view_key)
    first = client.get(url)
    Night.objects.filter(pk=night.pk).update(place="Hos Bjørn")
    renamed = client.get(url)
    assert renamed["ETag"] != first["ETag"]
    played = night.games.get(winners__isnull=True)
    played.add_hand(4, bid("Dina", 6, None, {"Anne": 2, "Bjørn": 2, "Cato": 2}), "Anne")
    assert client.get(url)["ETag"] != renamed["ETag"]


def test_an_empty_night_has_a_picture(client: Client, group: Group) -> None:
    night = Night.objects.create(group=group, date=FRIDAY)
    assert png_size(client.get(night_picture_url(night, group.view_key)).content) == (1200, 630)


def test_a_wrong_link_finds_no_nights_picture(client: Client, group: Group) -> None:
    night = a_night(group)
    other = make_group("Another table")
    assert client.get(night_picture_url(night, other.view_key)).status_code == 404
    assert client.get(reverse("night_picture", args=[group.view_key, "nope"])).status_code == 404


def test_the_nights_picture_is_kept_until_the_night_changes(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    url = night_picture_url(a_night(group), group.view_key)
    cache.clear()
    # What it shows, for the ETag and then the kept picture's name; the night with its
    # group, its games, their seats and their hands.
    with django_assert_num_queries(6):
        first = client.get(url)
    with django_assert_num_queries(2):
        assert client.get(url).content == first.content
    with django_assert_num_queries(1):
        assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304


# --- What the pages tell a chat app, and their Share button ---------------------------------


def test_a_redeal_and_a_penalty_are_no_hands_played(phone: Client, group: Group) -> None:
    # As the big screen counts them: two hands played, around a redeal and a penalty.
    game = make_game(group, hands=endless_hands(1))
    game.add_hand(2, {"dealer": "Bjørn", "redeal": True}, "Anne")
    game.add_hand(3, {"adjustment": {"Cato": -5}, "reason": "Revoke"}, "Anne")
    game.add_hand(4, endless_hands(2)[1], "Anne")
    tags = meta(phone, reverse("game", args=[group.view_key, game.code])).found
    assert tags["og:title"] == "Amerikaner · 2 hands · The Friday table"
    night = phone.get(reverse("group", args=[group.edit_key])).content.decode()
    assert "2 hands, in play" in night


@pytest.mark.parametrize("link", ["view_key", "edit_key"])
def test_game_page_previews_with_the_view_only_link(phone: Client, group: Group, link: str) -> None:
    game = make_game(group, hands=anne_wins())
    game.refresh_from_db()
    page = meta(phone, reverse("game", args=[getattr(group, link), game.code]))
    tags = page.found
    assert tags["og:title"] == "Amerikaner · 5 hands · The Friday table"
    assert tags["og:description"] == "Anne wins! Anne 54, Bjørn 2, Cato 2 and Dina 2."
    assert tags["og:url"] == f"http://testserver{reverse('game', args=[group.view_key, game.code])}"
    image = urlsplit(tags["og:image"])
    assert (image.scheme, image.netloc) == ("http", "testserver")
    assert image.path == picture_url(game, group.view_key)
    assert image.query == f"v={game.version}"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["twitter:card"] == "summary_large_image"
    # Whichever link opened the page, the full link never leaves it with a preview or a
    # shared picture.
    assert group.edit_key not in str(tags)
    assert page.share is not None
    assert page.share["href"] == f"{picture_url(game, group.view_key)}?v={game.version}"
    assert page.share["data-url"] == reverse("game", args=[group.view_key, game.code])
    assert group.edit_key not in str(page.share)
    assert page.share["download"] == f"amerikaner-{Night.evening_of(game.created_at)}.png"


def test_a_game_in_play_previews_its_leader_and_offers_no_share(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=endless_hands(2))
    page = meta(phone, reverse("game", args=[group.edit_key, game.code]))
    # Hand 1: Anne -12, Bjørn +1; hand 2: Bjørn -12, Cato +1.
    assert (
        page.found["og:description"]
        == "Cato leads. Cato 1, Dina 0, Bjørn \u221211 and Anne \u221212."
    )
    assert page.share is None


def test_night_page_previews_with_the_view_only_link_and_shares(
    phone: Client, group: Group
) -> None:
    night = a_night(group)
    page = meta(phone, reverse("night", args=[group.edit_key, night.code]))
    tags = page.found
    assert tags["og:title"] == "Quiz · The Friday table"
    assert tags["og:description"].startswith("Anne won the only game finished. Anne 1, ")
    image = urlsplit(tags["og:image"])
    assert image.path == night_picture_url(night, group.view_key)
    assert (
        tags["og:url"] == f"http://testserver{reverse('night', args=[group.view_key, night.code])}"
    )
    assert group.edit_key not in str(tags)
    assert page.share is not None
    assert page.share["download"] == "night-2025-03-07.png"
    # The picture's address changes with what it shows.
    Night.objects.filter(pk=night.pk).update(name="Quiz night")
    renamed = meta(phone, reverse("night", args=[group.edit_key, night.code]))
    assert urlsplit(renamed.found["og:image"]).query != image.query


@pytest.mark.parametrize(("language", "games"), [("en", "1 game"), ("nb", "1 spill")])
def test_an_abandoned_game_is_out_of_the_nights_picture(
    group: Group, language: str, games: str
) -> None:
    night = a_night(group)
    in_play = night.games.get(winners__isnull=True)
    assert in_play.abandon("Anne")
    rows = [played(game) for game in night.games.order_by("created_at", "id")]
    with translation.override(language):
        picture = night_picture_of(night, rows, group.name)
    # Anne's won game alone: one game listed and counted, and only its players.
    assert len(picture.listed) == 1
    assert picture.subtitle.endswith(games)
    assert len(picture.rows) == 4
