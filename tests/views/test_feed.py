"""What changed: the group's feed of every change, with who, when, what in words, and a
link to it; its filters, its pages, and the view-only link."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from games import feed
from games.feed import Entry
from games.models import Game, Group, Night
from tests.factories import anne_wins, bid, hand_post, make_game, revision
from tests.test_stats import euchre_game
from tests.views.pages import field_values, list_items, options, text

pytestmark = pytest.mark.django_db

MINUS = "\u2212"  # points are written with a true minus sign, as a score sheet does
FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")


class _Lines(HTMLParser):
    """Each line of the feed: its words (spaces squeezed) and its link, if any."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[tuple[str, str]] = []
        self._inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "ul" and ("id", "feed") in attrs:
            self._inside = True
        elif self._inside and tag == "li":
            self.lines.append(("", ""))
        elif self._inside and tag == "a" and self.lines:
            words, _link = self.lines[-1]
            self.lines[-1] = (words, dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self._inside = False

    def handle_data(self, data: str) -> None:
        if self._inside and self.lines:
            words, link = self.lines[-1]
            self.lines[-1] = (" ".join(f"{words} {data}".split()), link)


def feed_lines(client: Client, key: str, query: str = "") -> list[tuple[str, str]]:
    """The feed's lines, newest first, as (words, link); the time cut off the words."""
    response = client.get(reverse("feed", args=[key]) + query)
    assert response.status_code == 200
    parser = _Lines()
    parser.feed(text(response))
    return [(words.rsplit(" · ", 1)[0], link) for words, link in parser.lines]


def newest(client: Client, group: Group) -> tuple[str, str]:
    return feed_lines(client, group.edit_key)[0]


def as_(client: Client, group: Group, name: str) -> None:
    """This phone says it is `name` (a new name joins the group)."""
    client.post(reverse("who", args=[group.edit_key]), {"name": name})


def history_url(group: Group, game: Game) -> str:
    return reverse("history", args=[group.edit_key, game.code])


def game_url(group: Group, game: Game) -> str:
    return reverse("game", args=[group.edit_key, game.code])


# --- Every kind of change -----------------------------------------------------------------


def test_a_hand_saved_says_who_which_hand_and_what(phone: Client, group: Group) -> None:
    game = make_game(group)
    as_(phone, group, "Bjørn")
    phone.post(reverse("hand_create", args=[group.edit_key, game.code]), hand_post(game, FIRST, 1))
    assert game.hands.count() == 1
    assert newest(phone, group) == (
        "Bjørn saved hand 1 of Amerikaner: Bjørn 8 with Dina (tricks: Anne 2, Cato 1)",
        history_url(group, game),
    )


def test_a_correction_says_what_changed_and_no_more(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    fewer = bid("Bjørn", 8, "Dina", {"Anne": 3, "Cato": 1}, dealer="Anne")
    game.edit_hand(1, revision(game, 1), fewer, "Bjørn")
    # The bid is as it was: only the opponents' tricks are said, before and after.
    assert newest(phone, group) == (
        "Bjørn corrected hand 1 of Amerikaner: tricks: Anne 2, Cato 1 → tricks: Anne 3, Cato 1",
        history_url(group, game),
    )
    game.edit_hand(1, revision(game, 1), {**fewer, "bid": 9}, "Cato")
    assert newest(phone, group)[0] == (
        "Cato corrected hand 1 of Amerikaner: Bjørn 8 with Dina → Bjørn 9 with Dina"
    )
    game.edit_hand(1, revision(game, 1), {**fewer, "bid": 9, "note": "Dina revoked"}, "Dina")
    assert newest(phone, group)[0] == (
        # Only the note changed: the hand it is on, by its summary.
        "Dina corrected hand 1 of Amerikaner: Bjørn 9 with Dina · no note → "
        "Bjørn 9 with Dina · note: “Dina revoked”"
    )


def test_a_hand_deleted_and_brought_back(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    game.delete_hand(1, revision(game, 1), "Cato")
    assert newest(phone, group) == (
        "Cato deleted hand 1 of Amerikaner: Bjørn 8 with Dina (tricks: Anne 2, Cato 1)",
        history_url(group, game),
    )
    game.restore(game.changes.get(action="delete"), "Dina")
    assert newest(phone, group)[0] == (
        "Dina brought back hand 1 of Amerikaner: Bjørn 8 with Dina (tricks: Anne 2, Cato 1)"
    )


def test_a_hand_put_back_to_an_earlier_version(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    game.edit_hand(1, revision(game, 1), {**FIRST, "bid": 9}, "Bjørn")
    game.restore(game.changes.get(action="add"), "Dina")
    assert newest(phone, group)[0] == (
        "Dina put hand 1 of Amerikaner back to an earlier version: "
        "Bjørn 9 with Dina → Bjørn 8 with Dina"
    )


def test_undo_is_a_hand_deleted(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    phone.post(
        reverse("undo", args=[group.edit_key, game.code]),
        {"number": 1, "revision": revision(game, 1)},
    )
    assert newest(phone, group)[0].startswith("Anne deleted hand 1 of Amerikaner")


def test_an_adjustment_is_said_as_one_in_every_game(phone: Client, group: Group) -> None:
    # Adjustments are stored as hands of their own ({"adjustment": points by side,
    # "reason"}); the feed says them so whichever game they are in.
    game = group.start_game("kaiser", ["Anne", "Bjørn", "Cato", "Dina"], by="Anne")
    penalty = {"adjustment": {"Sør": -10}, "reason": "revoke"}
    changes = [
        ("add", None, penalty),
        ("edit", penalty, {**penalty, "adjustment": {"Sør": -5}}),
        ("delete", penalty, None),
        ("restore", None, penalty),
    ]
    for action, before, after in changes:
        change = SimpleNamespace(
            by="Bjørn", at=timezone.now(), action=action, number=3, before=before, after=after
        )
        feed.record_hand(game, change)  # type: ignore[arg-type]
    assert [words for words, _link in feed_lines(phone, group.edit_key)[:4]] == [
        f"Bjørn brought back an adjustment in Kaiser: Sør {MINUS}10 (revoke)",
        f"Bjørn deleted an adjustment in Kaiser: Sør {MINUS}10 (revoke)",
        f"Bjørn corrected an adjustment in Kaiser: Sør {MINUS}10 (revoke) → Sør {MINUS}5 (revoke)",
        f"Bjørn added an adjustment in Kaiser: Sør {MINUS}10 (revoke)",
    ]


def test_hands_from_a_file(phone: Client, group: Group) -> None:
    game = make_game(group)
    game.add_hands([FIRST, {**FIRST, "dealer": "Bjørn"}], "Cato")
    assert newest(phone, group) == (
        "Cato added 2 hands to Amerikaner from a file",
        game_url(group, game),
    )


def test_a_game_started(phone: Client, group: Group) -> None:
    game = make_game(group, by="Bjørn")
    assert newest(phone, group) == (
        "Bjørn started Amerikaner: Anne, Bjørn, Cato and Dina",
        game_url(group, game),
    )


def test_a_game_won_names_the_winner_and_who_decided_it(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins()[:-1], by="Cato")
    game.add_hand(5, anne_wins()[-1], "Dina")
    lines = feed_lines(phone, group.edit_key)
    assert lines[0] == (
        "Anne won Amerikaner",
        game_url(group, game),
    )
    assert lines[1][0].startswith("Dina saved hand 5 of Amerikaner")
    # Won once: a later note says nothing of a win.
    game.write_note("Well played", "Anne")
    assert [words for words, _link in feed_lines(phone, group.edit_key)].count(lines[0][0]) == 1


def test_a_correction_that_changes_the_winner_says_so(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    # Hand 5 was Bjørn's Amerikaner, made: 52 to Anne's 48.
    amerikaner = bid("Bjørn", "amerikaner", None, dict.fromkeys(("Anne", "Cato", "Dina"), 0))
    assert game.edit_hand(5, revision(game, 5), amerikaner, "Cato").stands
    assert feed_lines(phone, group.edit_key)[0] == (
        "Amerikaner: The winner changed: Bjørn won, not Anne.",
        game_url(group, game),
    )


def test_an_undo_that_reopens_a_won_game_says_so(phone: Client, group: Group) -> None:
    """Won, the winning hand undone, won again: the line between the two wins says the
    game went on, not only that a hand went."""
    game = make_game(group, hands=anne_wins())
    as_(phone, group, "Bjørn")
    last = game.hand_list()[-1]
    taken_back = {"number": last.number, "revision": last.revision}
    response = phone.post(reverse("undo", args=[group.edit_key, game.code]), taken_back)
    assert response.status_code == 302 and Game.objects.get(pk=game.pk).winners is None
    lines = [words for words, _link in feed_lines(phone, group.edit_key)]
    assert lines[0] == "Amerikaner: The game is no longer won: it goes on."
    assert lines[1].startswith("Bjørn ")


def test_a_game_abandoned_and_taken_up(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    as_(phone, group, "Cato")
    phone.post(reverse("game_abandon", args=[group.edit_key, game.code]))
    assert newest(phone, group) == ("Cato abandoned Amerikaner", game_url(group, game))
    as_(phone, group, "Dina")
    phone.post(reverse("game_take_up", args=[group.edit_key, game.code]))
    assert newest(phone, group) == ("Dina took Amerikaner up again", game_url(group, game))


def test_a_game_deleted_keeps_its_lines_without_links(phone: Client, group: Group) -> None:
    game = make_game(group, by="Bjørn")
    as_(phone, group, "Cato")
    phone.post(reverse("game_delete", args=[group.edit_key, game.code]))
    assert not Game.objects.filter(pk=game.pk).exists()
    lines = feed_lines(phone, group.edit_key)
    assert lines[0] == ("Cato deleted Amerikaner (it had no hands)", "")
    assert lines[1] == ("Bjørn started Amerikaner: Anne, Bjørn, Cato and Dina", "")


def test_a_note_written(phone: Client, group: Group) -> None:
    game = make_game(group)
    as_(phone, group, "Dina")
    phone.post(reverse("game_note", args=[group.edit_key, game.code]), {"note": "At Cato's"})
    assert newest(phone, group) == (
        "Dina wrote the note on Amerikaner: “At Cato's”",
        game_url(group, game),
    )


def test_a_night_renamed(phone: Client, group: Group) -> None:
    game = make_game(group)
    night = game.night
    assert night is not None
    as_(phone, group, "Bjørn")
    url = reverse("night_edit", args=[group.edit_key, night.code])
    phone.post(url, {"name": "Cup final", "place": "Cato's"})
    words, link = newest(phone, group)
    assert words.startswith("Bjørn named the night of ")
    assert words.endswith(" “Cup final”, at Cato's")
    assert link == reverse("night", args=[group.edit_key, night.code])
    # The same again changes nothing, and says nothing.
    phone.post(url, {"name": "Cup final", "place": "Cato's"})
    assert Entry.objects.filter(what=Entry.NIGHT).count() == 1
    phone.post(url, {"name": "", "place": ""})
    assert newest(phone, group)[0].startswith("Bjørn took the name off the night of ")
    # A place alone is said as a place, in Norwegian too ("hos" is said of a person's home).
    phone.post(url, {"name": "", "place": "Grünerløkka"})
    words = newest(phone, group)[0]
    assert words.startswith("Bjørn set the place of the night of ")
    assert words.endswith(" to Grünerløkka")


def test_a_season_named_and_removed(phone: Client, group: Group) -> None:
    as_(phone, group, "Cato")
    phone.post(
        reverse("season_name", args=[group.edit_key]),
        {"name": "Autumn league", "start": "2025-09-01", "end": "2025-11-30"},
    )
    season = group.seasons.get()
    assert newest(phone, group) == (
        "Cato named the season “Autumn league”, 1 Sep 2025 to 30 Nov 2025",
        reverse("season", args=[group.edit_key, season.code]),
    )
    phone.post(reverse("season_forget", args=[group.edit_key, season.code]))
    lines = feed_lines(phone, group.edit_key)
    assert lines[0] == ("Cato removed the season “Autumn league”", "")
    # A season no longer named has no page to link to.
    assert lines[1][1] == ""


def test_the_links_replaced(phone: Client, group: Group) -> None:
    as_(phone, group, "Dina")
    phone.post(reverse("replace_links", args=[group.edit_key]))
    group.refresh_from_db()
    assert newest(phone, group) == (
        "Dina replaced the group's links; the old ones no longer work",
        "",
    )


def test_a_phone_joining_as_a_new_player(phone: Client, group: Group) -> None:
    as_(phone, group, "Erik")
    erik = group.players.get(name="Erik")
    assert newest(phone, group) == (
        "Erik joined the group",
        reverse("player", args=[group.edit_key, erik.code]),
    )
    phone.post(reverse("add_player", args=[group.edit_key]), {"name": "Frida"})
    assert newest(phone, group)[0] == "Erik added Frida to the group"


def test_a_new_group_starts_with_its_first_player(client: Client) -> None:
    client.post(reverse("home"), {"name": "The Friday table", "me": "Anne"})
    group = Group.objects.get()
    assert newest(client, group)[0] == "Anne joined the group"


def test_a_change_nobody_named_says_so(phone: Client, group: Group) -> None:
    make_game(group, by="")
    assert newest(phone, group)[0].startswith("Someone unnamed started Amerikaner")


def test_each_line_says_when_in_local_time(phone: Client, group: Group) -> None:
    make_game(group)
    Entry.objects.update(at=dt.datetime(2026, 11, 27, 20, 5, tzinfo=dt.UTC))
    response = phone.get(reverse("feed", args=[group.edit_key]))
    # Oslo, in winter: an hour ahead of UTC.
    assert list_items(response, "feed")[0].endswith("· 27 Nov 2026, 21:05")


def test_in_norwegian(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST], by="Bjørn")
    game.edit_hand(1, revision(game, 1), {**FIRST, "bid": 9}, "Cato")
    response = phone.get(reverse("feed", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE="nb")
    lines = list_items(response, "feed")
    assert lines[0].startswith("Cato rettet")
    assert "Amerikaner" in lines[0]


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", f"Cato corrected hand 1 of Points: Anne 5, Bjørn {MINUS}2 → Anne 6, Bjørn {MINUS}2"),
        ("nb", f"Cato rettet runde 1 i Poeng: Anne 5, Bjørn {MINUS}2 → Anne 6, Bjørn {MINUS}2"),
    ],
)
def test_a_points_hand_is_said_by_its_scores_once(
    phone: Client, group: Group, language: str, line: str
) -> None:
    # The line names the game; the hand's summary ("Scores: …", "Poeng: …") is not said
    # again before each version.
    scored = {"scores": {"Anne": 5, "Bjørn": -2}}
    game = group.start_game("points", ["Anne", "Bjørn"], first_dealer="Anne", by="Bjørn")
    game.add_hand(1, scored, "Bjørn")
    game.edit_hand(1, revision(game, 1), {"scores": {"Anne": 6, "Bjørn": -2}}, "Cato")
    response = phone.get(reverse("feed", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE=language)
    assert list_items(response, "feed")[0].startswith(line)


# --- Filters, pages, links ----------------------------------------------------------------


def test_filtered_by_game(phone: Client, group: Group) -> None:
    one = make_game(group, by="Bjørn")
    other = make_game(group, hands=[FIRST], by="Cato")
    lines = feed_lines(phone, group.edit_key, f"?game={one.code}")
    assert lines == [("Bjørn started Amerikaner: Anne, Bjørn, Cato and Dina", game_url(group, one))]
    response = phone.get(reverse("feed", args=[group.edit_key]) + f"?game={other.code}")
    # The form shows the filter chosen, and offers the group's games.
    assert options(response, "game") == ["", other.code, one.code]
    assert field_values(response, "method")["game"] == [other.code]


def test_the_game_filter_dates_a_game_by_its_evening(phone: Client, group: Group) -> None:
    """As its night page does: a game started after midnight is the evening before's."""
    game = make_game(group)
    assert game.night is not None
    game.night.date = dt.date(2020, 1, 15)
    game.night.save()
    html = text(phone.get(reverse("feed", args=[group.edit_key])))
    label = re.search(rf'<option value="{game.code}"[^>]*>([^<]*)<', html)
    assert label is not None and label[1] == "Amerikaner, 15 Jan 2020", label


def test_the_game_filter_tells_two_games_of_an_evening_apart_by_their_start(
    phone: Client, group: Group
) -> None:
    first, second, euchre = make_game(group), make_game(group), euchre_game(group)
    # An evening's games: started at 20.00, 21.00 and 21.30 on 15 January.
    evening = timezone.make_aware(dt.datetime(2020, 1, 15, 20, 0))
    for game, hours in ((first, 0), (second, 1), (euchre, 1.5)):
        Game.objects.filter(pk=game.pk).update(created_at=evening + dt.timedelta(hours=hours))
    Night.objects.filter(games__group=group).update(date=dt.date(2020, 1, 15))
    html = text(phone.get(reverse("feed", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE="nb"))
    labels = dict(re.findall(r'<option value="(\w+)"[^>]*>([^<]*)<', html))
    assert labels[first.code] == "Amerikaner, 15. januar 2020, kl. 20.00"
    assert labels[second.code] == "Amerikaner, 15. januar 2020, kl. 21.00"
    assert labels[euchre.code] == "Euchre, 15. januar 2020"  # the only one of its kind: no time


def test_a_game_started_after_midnight_is_told_apart_by_its_day_and_time(
    phone: Client, group: Group
) -> None:
    first, second = make_game(group), make_game(group)
    evening = timezone.make_aware(dt.datetime(2020, 1, 15, 22, 30))
    Game.objects.filter(pk=first.pk).update(created_at=evening)
    Game.objects.filter(pk=second.pk).update(created_at=evening + dt.timedelta(hours=3))
    Night.objects.filter(games__in=[first, second]).update(date=dt.date(2020, 1, 15))
    html = text(phone.get(reverse("feed", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE="nb"))
    labels = dict(re.findall(r'<option value="(\w+)"[^>]*>([^<]*)<', html))
    # Both of the evening of 15 January; the second started at 01.30 on the 16th.
    assert labels[first.code] == "Amerikaner, 15. januar 2020, kl. 22.30"
    assert labels[second.code] == "Amerikaner, 15. januar 2020, 16. januar kl. 01.30"
    html = text(phone.get(reverse("feed", args=[group.edit_key]), HTTP_ACCEPT_LANGUAGE="en"))
    labels = dict(re.findall(r'<option value="(\w+)"[^>]*>([^<]*)<', html))
    assert labels[second.code] == "Amerikaner, 15 Jan 2020, 16 Jan 01:30"


def test_filtered_by_the_player_who_made_the_change(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST], by="Bjørn")
    game.write_note("Late start", "Cato")
    bjorn = group.players.get(name="Bjørn")
    lines = feed_lines(phone, group.edit_key, f"?player={bjorn.code}")
    assert [words for words, _link in lines] == [
        "Bjørn saved hand 1 of Amerikaner: Bjørn 8 with Dina (tricks: Anne 2, Cato 1)",
        "Bjørn started Amerikaner: Anne, Bjørn, Cato and Dina",
    ]
    cato = group.players.get(name="Cato")
    both = feed_lines(phone, group.edit_key, f"?player={cato.code}&game={game.code}")
    assert [words for words, _link in both] == ["Cato wrote the note on Amerikaner: “Late start”"]


@pytest.mark.parametrize(
    "query",
    [
        "?game=nothere",
        "?game=%00",
        "?game=" + "x" * 5000,
        "?player=nothere",
        "?player=<script>",
        "?before=abc",
        "?before=99999999999999999999",
        "?before=-5&skip=-3",
        "?skip=abc",
        "?game=&player=",
    ],
)
def test_bad_filters_are_ignored_with_a_word(phone: Client, group: Group, query: str) -> None:
    make_game(group, by="Bjørn")
    response = phone.get(reverse("feed", args=[group.edit_key]) + query)
    assert response.status_code == 200
    assert list_items(response, "feed")[0].startswith("Bjørn started Amerikaner")
    if "nothere" in query or "%00" in query or "xxx" in query or "script" in query:
        assert "There is no such" in text(response)


def _entries(group: Group, count: int, *, at: dt.datetime | None = None, name: str = "S") -> None:
    """`count` changes to the group, a minute apart and the newest now (or all at `at`)."""
    now = timezone.now()
    Entry.objects.bulk_create(
        Entry(
            group=group,
            by="Anne",
            what=Entry.SEASON_REMOVED,
            data={"name": f"{name}{i}"},
            at=at or now - dt.timedelta(minutes=count - i),
        )
        for i in range(count)
    )


def _all_pages(client: Client, group: Group) -> list[list[str]]:
    pages, query = [], ""
    while True:
        response = client.get(reverse("feed", args=[group.view_key]) + query)
        pages.append([line.split(" · ")[0] for line in list_items(response, "feed")])
        older = [attrs for attrs in _links(response) if attrs.get("rel") == "next"]
        if not older:
            return pages
        query = older[0]["href"]


def _links(response: object) -> list[dict[str, str]]:
    found: list[dict[str, str]] = []

    class _A(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "a":
                found.append({key: value or "" for key, value in attrs})

    _A().feed(text(response))  # type: ignore[arg-type]
    return found


def test_pages_of_fifty_newest_first(client: Client, group: Group) -> None:
    _entries(group, 120)
    pages = _all_pages(client, group)
    assert [len(page) for page in pages] == [50, 50, 20]
    said = [line for page in pages for line in page]
    assert said == [f"Anne removed the season “S{i}”" for i in reversed(range(120))]


def test_changes_at_the_same_moment_are_neither_lost_nor_repeated(
    client: Client, group: Group
) -> None:
    # 70 changes at one moment (a file's history), across the page's end.
    _entries(group, 30)
    _entries(group, 70, at=timezone.now() - dt.timedelta(days=1), name="T")
    pages = _all_pages(client, group)
    said = [line for page in pages for line in page]
    assert len(said) == 100 == len(set(said))


def test_the_older_pages_keep_the_filters(phone: Client, group: Group) -> None:
    make_game(group, hands=[FIRST], by="Bjørn")
    _entries(group, 60)
    anne = group.players.get(name="Anne")
    response = phone.get(reverse("feed", args=[group.edit_key]) + f"?player={anne.code}")
    older = next(a["href"] for a in _links(response) if a.get("rel") == "next")
    assert f"player={anne.code}" in older
    more = phone.get(reverse("feed", args=[group.edit_key]) + older)
    assert len(list_items(more, "feed")) == 10  # Anne's 60, none of Bjørn's


def test_the_view_only_link_sees_it_with_its_own_links(client: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST], by="Bjørn")
    lines = feed_lines(client, group.view_key)
    assert lines[0] == (
        "Bjørn saved hand 1 of Amerikaner: Bjørn 8 with Dina (tricks: Anne 2, Cato 1)",
        reverse("history", args=[group.view_key, game.code]),
    )
    assert group.edit_key not in text(client.get(reverse("feed", args=[group.view_key])))


def test_reached_from_the_group_page_by_either_link(phone: Client, group: Group) -> None:
    for key in (group.edit_key, group.view_key):
        links = _links(phone.get(reverse("group", args=[key])))
        assert {"class": "button", "id": "feed-link", "href": reverse("feed", args=[key])} in links


def test_not_indexed(client: Client, group: Group) -> None:
    response = client.get(reverse("feed", args=[group.view_key]))
    assert response["X-Robots-Tag"] == "noindex, nofollow"


def test_only_read(client: Client, group: Group) -> None:
    assert client.post(reverse("feed", args=[group.view_key])).status_code == 405
    assert client.get(reverse("feed", args=["nosuchgroup"])).status_code == 404


def test_another_groups_changes_are_not_shown(phone: Client, group: Group) -> None:
    other = Group.objects.create(name="Other")
    make_game(other, by="Erik", players=["Erik", "Frida", "Gro", "Hans"])
    assert feed_lines(phone, group.edit_key) == [("No changes here yet.", "")]
    game = make_game(other, players=["Erik", "Frida", "Gro", "Hans"])
    assert "There is no such game" in text(
        phone.get(reverse("feed", args=[group.edit_key]) + f"?game={game.code}")
    )


def test_queries_do_not_grow_with_the_group(
    client: Client, group: Group, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    def many(games: int) -> None:
        for _ in range(games):
            game = make_game(group, hands=[FIRST], by="Bjørn")
            game.write_note("note", "Cato")

    url = reverse("feed", args=[group.view_key])
    many(3)
    # The group, the page's entries, their games' seats, the games offered, the players.
    with django_assert_num_queries(5):
        client.get(url)
    many(30)
    with django_assert_num_queries(5):
        response = client.get(url)
    assert len(list_items(response, "feed")) == 50


def test_a_games_history_leads_to_its_lines_in_the_feed(phone: Client, group: Group) -> None:
    game = make_game(group, by="Bjørn")
    history = phone.get(reverse("history", args=[group.view_key, game.code]))
    href = next(a["href"] for a in _links(history) if a.get("id") == "feed-link")
    assert href == reverse("feed", args=[group.view_key]) + f"?game={game.code}"
    assert feed_lines(phone, group.view_key, href.split("/changes/")[1])[0][1] == reverse(
        "game", args=[group.view_key, game.code]
    )
