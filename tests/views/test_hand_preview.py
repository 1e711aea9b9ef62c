"""The preview: what the hand being entered would score, before anything is saved."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from games import backup
from games.models import Game, Group
from tests.factories import FOUR, anne_wins, bid, game_file, hand_post, make_game, revision
from tests.test_stats import TEAMS, kaiser_game
from tests.views.pages import text

pytestmark = pytest.mark.django_db

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")


def _preview(phone: Client, game: Game, data: dict[str, Any]) -> Any:
    return phone.get(reverse("hand_preview", args=[game.group.edit_key, game.code]), data)


def test_preview_scores_the_hand_without_saving_it(phone: Client, game: Game) -> None:
    response = _preview(phone, game, hand_post(game, FIRST, 1))
    assert response.status_code == 200
    html = text(response)
    # 12 - 3 opponents' tricks = 9 against 8: made, +8 each, opponents +1 per trick.
    assert "made" in html
    assert "Bidder side (Bjørn and Dina) took 9 of 12 tricks against a bid of 8: made." in html
    assertInHTML('<span class="plus">+8</span>', html, count=2)  # Bjørn and Dina
    assert not game.hands.exists()


def test_preview_says_when_the_hand_would_win_the_game(phone: Client, group: Group) -> None:
    *played, last = anne_wins()
    game = make_game(group, hands=played)
    response = _preview(phone, game, hand_post(game, last, 5))
    html = text(response)
    # First in the preview, as the banner says it: the bar above Save shows two lines. The
    # winner is named once, and the rule that decided it (a sentence a line cannot hold)
    # comes first in the reasons, where it wraps.
    first = html.split("<div", 1)[1]
    winner = first.split("</div>", 1)[0]
    assert first.startswith(" data-winner>")
    assert "Anne wins!" in winner and "Reached" not in winner
    reasons = html.split('<div class="muted">', 1)[1]
    assert reasons.startswith("Reached 52 with 54. Anne played alone")
    assert "Anne reached" not in html


def test_preview_names_a_winning_team_as_the_banner_does(phone: Client, group: Group) -> None:
    # Kaiser's third hand, a kaiser bid made by Cato, wins the game for Nord at once.
    *played, last = [hand.data for hand in kaiser_game(group).hand_list()]
    game = backup.import_game(group, game_file("kaiser", FOUR, played, teams=TEAMS))
    for language, said in (("en", "Nord win!"), ("nb", "Nord vinner!")):
        response = phone.get(
            reverse("hand_preview", args=[group.edit_key, game.code]),
            hand_post(game, last, len(played) + 1),
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert said in text(response).split("</div>", 1)[0]


def test_preview_of_a_correction_replaces_that_hand(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    failed = bid("Bjørn", 10, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
    response = _preview(phone, game, {**hand_post(game, failed, 1), "replacing": "1"})
    assert "took 9 of 12 tricks against a bid of 10: failed." in text(response)


def test_preview_writes_a_loss_with_the_minus_sign_of_the_points_beside_it(
    phone: Client, game: Game
) -> None:
    # 9 tricks against 10: failed, -10 each, in the sentence as in the points.
    failed = bid("Bjørn", 10, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
    html = text(_preview(phone, game, hand_post(game, failed, 1)))
    assert "Bidder and partner \u221210 each. Opponents +1 per trick." in html
    assertInHTML('<span class="minus">\u221210</span>', html, count=2)  # Bjørn and Dina


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            {"bid": "abc", "tricks-0": "zz", "number": "x"},
            "abc is not one of the available choices",
            id="junk",
        ),
        pytest.param({}, "This field is required.", id="nothing"),
        pytest.param(
            {"bidder": "<b>Zed</b>", "dealer": "Anne", "number": "1"},
            "&lt;b&gt;Zed&lt;/b&gt; is not one of the available choices",
            id="stranger",
        ),
        pytest.param(
            {"dealer": "Anne", "bidder": "Anne", "bid": "6", "partner": "", "number": "1"},
            "the tricks of Bjørn, Cato and Dina are missing",
            id="half-filled",
        ),
        # No partner tapped: asked for, not taken for "alone" (whose tricks would then
        # be wrongly asked for).
        pytest.param(
            {"dealer": "Anne", "bidder": "Anne", "bid": "6", "number": "1"},
            "Choose the partner, or alone.",
            id="no-partner",
        ),
    ],
)
def test_junk_is_answered_with_the_form_errors(
    phone: Client, game: Game, data: dict[str, str], message: str
) -> None:
    response = _preview(phone, game, data)
    assert response.status_code == 200
    assert message in text(response)
    assert "made" not in text(response)


@pytest.mark.parametrize("replacing", ["0", "2", "99", "²", "abc", "-1", "9" * 5000])
def test_correcting_a_hand_that_does_not_exist_is_not_found(
    phone: Client, group: Group, replacing: str
) -> None:
    game = make_game(group, hands=[FIRST])
    response = _preview(phone, game, {**hand_post(game, FIRST, 1), "replacing": replacing})
    assert response.status_code == 404


def test_preview_is_read_only(phone: Client, game: Game) -> None:
    url = reverse("hand_preview", args=[game.group.edit_key, game.code])
    assert phone.post(url, hand_post(game, FIRST, 1)).status_code == 405


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Cato bid kaiser and made it."),
        ("nb", "Cato meldte kaiser og klarte den."),
    ],
)
def test_preview_of_a_kaiser_bid_says_its_sentence_once(
    phone: Client, group: Group, language: str, sentence: str
) -> None:
    game = kaiser_game(group)
    game.delete_hand(3, revision(game, 3), "Anne")  # Cato's kaiser bid, entered anew
    hand = {"dealer": "Cato", "bidder": "Cato", "kaiser": True, "made": True}
    response = phone.get(
        reverse("hand_preview", args=[group.edit_key, game.code]),
        hand_post(game, hand, 3),
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert unescape(text(response)).count(sentence) == 1


def test_an_outcome_takes_the_forms_refusals_away_for_htmx(phone: Client, game: Game) -> None:
    url = reverse("hand_preview", args=[game.group.edit_key, game.code])
    # What the form was refused for is no longer true once the hand has an outcome: htmx
    # deletes the hand form's error lines, out of band (the game's note form keeps its own).
    scored = text(phone.get(url, hand_post(game, FIRST, 1), HTTP_HX_REQUEST="true"))
    assert (
        "<template hx-swap-oob=\"delete target:'form[data-hand-form] .errorlist'\"></template>"
        in scored
    )
    # Not while the hand has none yet (the bidder alone), nor outside htmx.
    unfinished = text(phone.get(url, {"number": "1", "bidder": "Bjørn"}, HTTP_HX_REQUEST="true"))
    assert "hx-swap-oob" not in unfinished
    assert "hx-swap-oob" not in text(phone.get(url, hand_post(game, FIRST, 1)))
