"""The hand page: why each player got their points, in the engine's own words."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Group
from tests.factories import bid, make_game, revision
from tests.test_stats import kaiser_game
from tests.views.pages import part, text

pytestmark = pytest.mark.django_db

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
SECOND = bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn")


@pytest.fixture
def played(group: Group) -> Game:
    return make_game(group, hands=[FIRST, SECOND])


def _url(game: Game, number: int, link: str = "edit_key") -> str:
    return reverse("hand", args=[getattr(game.group, link), game.code, number])


def _rows(html: str) -> dict[str, str]:
    """Each player's row of the points table, as plain text."""
    rows = re.findall(r"<tr><td><strong>(.*?)</strong>(.*?)</tr>", html, re.DOTALL)
    return {name: " ".join(re.sub(r"<[^>]+>", " ", row).split()) for name, row in rows}


def test_hand_page_explains_the_hand_and_each_players_points(client: Client, played: Game) -> None:
    response = client.get(_url(played, 1, "view_key"))
    assert response.status_code == 200
    html = text(response)
    assert "Hand 1: Bjørn 8 with Dina" in html
    assert "Bidder side (Bjørn and Dina) took 9 of 12 tricks against a bid of 8: made." in html
    assert "Bidder and partner +8 each (overtricks do not count). Opponents +1 per trick." in html
    assert _rows(html) == {
        "Anne": "Opponent: took 2 tricks, +1 per trick. +2 0 → 2",
        "Bjørn": "Bidder: the bid of 8 was made. +8 0 → 8",
        "Cato": "Opponent: took 1 trick, +1 per trick. +1 0 → 1",
        "Dina": "Partner: the bid of 8 was made. +8 0 → 8",
    }


def test_a_later_hand_shows_each_total_before_and_after(client: Client, played: Game) -> None:
    html = text(client.get(_url(played, 2, "view_key")))
    assert "Cato played alone and took 6 of 12 tricks against a bid of 7: failed." in html
    rows = _rows(html)
    # Points and totals below zero have a true minus sign, as on a score sheet.
    assert rows["Cato"] == "Bidder: the bid of 7 failed. \u22127 1 → \u22126"
    assert rows["Anne"] == "Opponent: took 3 tricks, +1 per trick. +3 2 → 5"


def test_hand_page_lists_the_changes_to_that_hand(phone: Client, played: Game) -> None:
    played.edit_hand(1, revision(played, 1), {**FIRST, "bid": 9}, "Bjørn")
    html = text(phone.get(_url(played, 1)))
    assert "Changes to this hand" in html
    assert "by Bjørn" in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Entered by Anne", "corrected by Bjørn")),
        ("nb", ("Ført inn av Anne", "rettet av Bjørn")),
    ],
)
def test_a_corrected_hand_says_who_entered_it_and_who_corrected_it(
    phone: Client, played: Game, language: str, words: tuple[str, str]
) -> None:
    played.edit_hand(1, revision(played, 1), {**FIRST, "bid": 9}, "Bjørn")
    entered, corrected = words
    assert _entered(phone, played, 1, language).startswith(f"{entered} · {corrected}, ")
    # A hand never corrected: who entered it, and when.
    assert _entered(phone, played, 2, language).startswith(f"{entered} · ")


def _entered(phone: Client, game: Game, number: int, language: str) -> str:
    found = part(phone.get(_url(game, number), HTTP_ACCEPT_LANGUAGE=language), "entered")
    assert found is not None
    return found[0]


def test_full_link_can_correct_or_delete_the_hand(phone: Client, played: Game) -> None:
    html = text(phone.get(_url(played, 1)))
    assert reverse("hand_edit", args=[played.group.edit_key, played.code, 1]) in html
    assert reverse("hand_delete", args=[played.group.edit_key, played.code, 1]) in html


def test_view_only_link_sees_no_buttons(client: Client, played: Game) -> None:
    html = text(client.get(_url(played, 1, "view_key")))
    assert "Correct this hand" not in html
    assert "/delete/" not in html
    assert played.group.edit_key not in html


@pytest.mark.parametrize("number", [0, 3, 10**30])
def test_hand_number_out_of_range_is_not_found(client: Client, played: Game, number: int) -> None:
    assert client.get(_url(played, number, "view_key")).status_code == 404


def test_negative_hand_number_is_not_found(client: Client, played: Game) -> None:
    url = _url(played, 1, "view_key").replace("/hands/1/", "/hands/-1/")
    assert client.get(url).status_code == 404


def test_hand_page_is_read_only(client: Client, played: Game) -> None:
    assert client.post(_url(played, 1, "view_key")).status_code == 405


# Cato bids 9 with Anne and they take 12 - 4 = 8: failed, -9 each; Bjørn 3, Dina 1 trick.
FAILED = bid("Cato", 9, "Anne", {"Bjørn": 3, "Dina": 1}, dealer="Anne")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Bidder and partner \u22129 each. Opponents +1 per trick."),
        ("nb", "Melder og makker \u22129 hver. Motspillerne +1 per stikk."),
    ],
)
def test_why_writes_a_loss_with_the_minus_sign_of_the_points_beside_it(
    client: Client, group: Group, language: str, said: str
) -> None:
    game = make_game(group, hands=[FAILED])
    html = text(client.get(_url(game, 1, "view_key"), HTTP_ACCEPT_LANGUAGE=language))
    assert said in html
    assert _rows(html)["Cato"].endswith("\u22129 0 → \u22129")
    # No hyphen-minus before a number in the sentences or the points table.
    assert not re.search(r"-\d", html.split('<section class="card">', 1)[1].split("</table>")[0])


def test_kaiser_why_writes_the_3_of_spades_and_a_failed_bid_with_the_minus_sign(
    client: Client, group: Group
) -> None:
    game = kaiser_game(group)
    # Hand 1: Nord took 2 tricks and the 3 of spades, 2 - 3 = -1 point.
    first = text(client.get(_url(game, 1, "view_key")))
    assert "Nord score what they took: \u22121 point." in first
    norwegian = text(client.get(_url(game, 1, "view_key"), HTTP_ACCEPT_LANGUAGE="nb"))
    assert "Nord får det de tok: \u22121 poeng." in norwegian
    assert "2 tricks, \u22123 for the 3 of spades: \u22121 point." in first
    # Hand 2: Anne's 8 no trump failed, doubled: -16; Sør took both cards, 3 + 5 - 3 = 5.
    second = text(client.get(_url(game, 2, "view_key")))
    assert "Nord bid 8 no trump and took 5 points: failed, \u221216 (no trump doubles)." in second
    assert "3 tricks, +5 for the 5 of hearts, \u22123 for the 3 of spades: 5 points." in second


@pytest.mark.parametrize(
    ("language", "team", "player"), [("en", "Team", "Player"), ("nb", "Lag", "Spiller")]
)
def test_the_points_table_heads_its_rows_team_or_player(
    client: Client, group: Group, played: Game, language: str, team: str, player: str
) -> None:
    def heading(game: Game) -> str:
        html = client.get(_url(game, 1, "view_key"), HTTP_ACCEPT_LANGUAGE=language).content
        found = re.search(r"<thead><tr><th>([^<]*)</th>", html.decode())
        assert found
        return found[1]

    assert heading(kaiser_game(group)) == team
    assert heading(played) == player


# --- The page follows the table -------------------------------------------------------------


def _again(client: Client, played: Game, number: int) -> str:
    """The address the page asks again, as its `#followed` does: naming the hand it shows."""
    page = text(client.get(_url(played, number, "view_key")))
    again = re.search(r'<div id="followed" hx-get="([^"]+)"', page)
    assert again is not None, "the page asks again by itself"
    assert "hx-sse:connect" in page  # when the group's stream says a game moved on
    return again.group(1).replace("&amp;", "&")


def test_a_correction_shows_in_place(client: Client, played: Game) -> None:
    url = _again(client, played, 2)
    corrected = bid("Cato", 7, None, {"Anne": 1, "Bjørn": 1, "Dina": 2}, dealer="Bjørn")
    played.edit_hand(2, revision(played, 2), corrected, "Anne")
    html = text(client.get(url))
    assert "Cato played alone and took 8 of 12 tricks against a bid of 7: made." in html
    assert "corrected by Anne" in html


def test_a_hand_that_moved_says_its_new_number_and_goes_on_asking(
    client: Client, played: Game
) -> None:
    url = _again(client, played, 2)
    played.delete_hand(1, revision(played, 1), "Anne")
    html = text(client.get(url, HTTP_HX_REQUEST="true"))
    # Not the hand now numbered 2 (there is none), nor a 404: what became of the one shown.
    assert "This hand is hand 1 now: an earlier hand was deleted or brought back." in html
    assert f'href="{_url(played, 1, "view_key")}"' in html
    # Still asking: the deleted hand brought back, this one is hand 2 again and shows here.
    assert f'hx-get="{url.replace("&", "&amp;")}"' in html
    played.restore(played.changes.get(action="delete"), "Anne")
    back = text(client.get(url, HTTP_HX_REQUEST="true"))
    assert "Cato played alone" in back and "This hand is hand" not in back


def test_a_hand_that_went_says_so_in_norwegian(client: Client, played: Game) -> None:
    url = _again(client, played, 1)
    played.delete_hand(1, revision(played, 1), "Anne")
    # Hand 1 is now what was hand 2: the page does not show it under the deleted one's name.
    html = text(client.get(url, HTTP_ACCEPT_LANGUAGE="nb", HTTP_HX_REQUEST="true"))
    assert "Runde 1 ble slettet. Historikken for spillet kan hente den tilbake." in html
    assert "Cato" not in html
    # Brought back from the history, it shows in place again.
    assert f'hx-get="{url.replace("&", "&amp;")}"' in html
    played.restore(played.changes.get(action="delete"), "Anne")
    back = text(client.get(url, HTTP_ACCEPT_LANGUAGE="nb", HTTP_HX_REQUEST="true"))
    assert "Runde 1:" in back and "ble slettet" not in back


def test_the_address_the_page_asks_again_leads_to_the_page_and_names_only_hands_it_had(
    client: Client, played: Game
) -> None:
    url = _again(client, played, 2)
    played.delete_hand(1, revision(played, 1), "Anne")
    # Opened as a page (kept from the address bar, say): the hand where it is now.
    moved = client.get(url)
    assert (moved.status_code, moved["Location"]) == (302, _url(played, 1, "view_key"))
    played.delete_hand(1, revision(played, 1), "Anne")
    gone = client.get(url)
    history = reverse("history", args=[played.group.view_key, played.code])
    assert (gone.status_code, gone["Location"]) == (302, history)
    # A code no hand of this game ever had is no hand at all.
    made_up = _url(played, 1, "view_key") + "?hand=nosuchhand"
    assert client.get(made_up, HTTP_HX_REQUEST="true").status_code == 404
