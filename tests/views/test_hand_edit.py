"""Correcting a hand: totals and winners follow, and a stale page never overwrites."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, Group
from games.present.words import winner_moved
from tests.factories import anne_wins, bid, endless_hands, hand_post, make_game, revision
from tests.test_stats import kaiser_game
from tests.views.pages import (
    checked,
    field_values,
    form_fields,
    hand_form_is_open,
    notices,
    scoreboard,
    text,
    winner,
)

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
FAILED = bid("Bjørn", 10, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
THEIRS = bid("Bjørn", 9, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")


def _url(game: Game, number: int) -> str:
    return reverse("hand_edit", args=[game.group.edit_key, game.code, number])


def _correct(phone: Client, game: Game, number: int, hand: dict[str, Any], revision: Any) -> Any:
    return phone.post(_url(game, number), hand_post(game, hand, number, revision=revision))


def test_edit_page_shows_the_hand_as_it_was_entered(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    response = phone.get(_url(game, 1))
    assert (checked(response, "bidder"), checked(response, "bid")) == ("Bjørn", "8")
    assert (checked(response, "partner"), checked(response, "tricks-0")) == ("Dina", "2")
    # Hand 1 was the game's first change, so it carries the game's first version.
    values = field_values(response)
    assert values["revision"] == ["1"]
    assert values["replacing"] == ["1"]  # so the preview replaces, not adds


def test_correction_is_saved_and_the_totals_follow(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    response = _correct(phone, game, 1, FAILED, revision(game, 1))
    assert response.status_code == 302
    hand = game.hands.get()
    # The correction is the game's second change (after adding hand 1): revision 2.
    assert (hand.data, hand.revision, hand.entered_by) == (FAILED, 2, "Anne")
    page = phone.get(response["Location"])
    assert "Hand 1 corrected." in text(page)
    # 9 tricks against 10: Bjørn and Dina -10; Anne and Cato keep their tricks.
    assert scoreboard(page) == {"Anne": 2, "Bjørn": -10, "Cato": 1, "Dina": -10}
    change = game.changes.first()
    assert change is not None
    assert (change.action, change.before, change.after, change.by) == (
        Change.EDIT,
        FIRST,
        FAILED,
        "Anne",
    )


def test_stale_correction_is_refused_showing_both_versions(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    # This phone opens the form at the hand's revision ...
    shown = form_fields(phone.get(_url(game, 1)), _url(game, 1))["revision"]
    game.edit_hand(1, revision(game, 1), THEIRS, "Bjørn")  # ... and Bjørn's phone saves first
    response = _correct(phone, game, 1, FAILED, shown)
    assert response.status_code == 422
    html = text(response)
    assert "Someone changed this hand after you opened it" in html
    assert "Now saved (Bjørn)" in html
    assert "Bjørn 9 with Dina" in html  # theirs
    assert "Bjørn 10 with Dina" in html  # mine
    hand = game.hands.get()
    # Bjørn's correction is the game's second change (after adding hand 1): revision 2.
    assert (hand.data, hand.revision) == (THEIRS, 2)
    # My inputs are still in the form, now against their revision: saving again wins.
    assert checked(response, "bid") == "10"
    assert field_values(response)["revision"] == ["2"]
    assert _correct(phone, game, 1, FAILED, hand.revision).status_code == 302
    assert game.hands.get().data == FAILED


def test_correction_of_a_hand_that_moved_is_refused(phone: Client, group: Group) -> None:
    # This phone opened hand 3; another deleted hand 2, so "hand 3" is now another hand.
    hands = endless_hands(4)
    game = make_game(group, hands=hands)
    shown = revision(game, 3)
    game.delete_hand(2, revision(game, 2), "Bjørn")
    mine = {**hands[2], "dealer": "Anne"}
    response = _correct(phone, game, 3, mine, shown)
    assert response.status_code == 422
    assert [h.data for h in game.hand_list()] == [hands[0], hands[2], hands[3]]


def test_the_same_correction_sent_twice_is_saved_once(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    shown = revision(game, 1)
    assert _correct(phone, game, 1, FAILED, shown).status_code == 302
    assert _correct(phone, game, 1, FAILED, shown).status_code == 302
    assert game.changes.filter(action=Change.EDIT).count() == 1
    # Saved once: the game's second change (after adding hand 1), and no third.
    assert game.hands.get().revision == 2


def test_correction_below_the_target_reopens_the_game(phone: Client, group: Group) -> None:
    hands = anne_wins()
    game = make_game(group, hands=hands)
    # Hand 5 really was a failed 6: the opponents took 7, Anne -6: 42, below 52.
    failed = bid("Anne", 6, None, {"Bjørn": 3, "Cato": 2, "Dina": 2}, dealer="Anne")
    response = _correct(phone, game, 5, failed, revision(game, 5))
    page = phone.get(response["Location"])
    assert winner(page) is None
    assert scoreboard(page) == {"Anne": 42, "Bjørn": 3, "Cato": 2, "Dina": 2}
    assert hand_form_is_open(page)
    assert field_values(page, within="data-hand-form")["number"] == ["6"]


def test_a_correction_that_changes_who_won_says_so_beside_the_winner(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=anne_wins())
    # Hand 5 really was Bjørn's Amerikaner, made: Bjørn 52, Anne 48.
    amerikaner = bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0})
    page = phone.get(_correct(phone, game, 5, amerikaner, revision(game, 5))["Location"])
    assert winner(page) == "🏆 Bjørn wins!"
    assert notices(page) == ["Hand 5 corrected. The winner changed: Bjørn won, not Anne."]
    # Back as it was: the same line, the other way round, in Norwegian too.
    posted = hand_post(game, anne_wins()[4], 5, revision=revision(game, 5))
    response = phone.post(_url(game, 5), posted, HTTP_ACCEPT_LANGUAGE="nb")
    page = phone.get(response["Location"], HTTP_ACCEPT_LANGUAGE="nb")
    said = "Runde 5 er rettet. Vinneren er endret: Anne vant, ikke Bjørn."
    assert notices(page) == [said]


def test_a_correction_that_ends_or_reopens_the_game_says_so(phone: Client, group: Group) -> None:
    game = make_game(group, hands=anne_wins())
    failed = bid("Anne", 6, None, {"Bjørn": 3, "Cato": 2, "Dina": 2}, dealer="Anne")
    page = phone.get(_correct(phone, game, 5, failed, revision(game, 5))["Location"])
    assert notices(page) == ["Hand 5 corrected. The game is no longer won: it goes on."]
    page = phone.get(_correct(phone, game, 5, anne_wins()[4], revision(game, 5))["Location"])
    assert notices(page) == ["Hand 5 corrected. This ends the game: Anne won."]
    # A correction that leaves the winner as it was says only what it did (beside the
    # winner banner for its offer to take it back).
    again = bid("Anne", 7, None, dict.fromkeys(["Bjørn", "Cato", "Dina"], 1), dealer="Anne")
    page = phone.get(_correct(phone, game, 5, again, revision(game, 5))["Location"])
    assert winner(page) == "🏆 Anne wins!"
    assert notices(page) == ["Hand 5 corrected."]


def test_correction_that_ends_the_game_before_later_hands_is_refused(
    phone: Client, group: Group
) -> None:
    game = make_game(group, hands=[*anne_wins()[:4], FIRST])
    # An Amerikaner for Anne on hand 1 would end the game there, before hands 2-5.
    amerikaner = bid("Anne", "amerikaner", None, {"Bjørn": 0, "Cato": 0, "Dina": 0})
    response = _correct(phone, game, 1, amerikaner, revision(game, 1))
    assert response.status_code == 422
    assert "the game was already won after hand 1" in text(response)
    assert game.hand_list()[0].data == anne_wins()[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            {"tricks-1": "5", "tricks-3": "5"}, "the tricks add up to 13", id="tricks-add-up-wrong"
        ),
        pytest.param({"bid": "abc"}, "abc is not one of the available choices", id="bid-abc"),
        pytest.param({"revision": "abc"}, "Enter a whole number.", id="revision-abc"),
        pytest.param({"partner": "Bjørn"}, "the partner must be another player", id="partner"),
        pytest.param({"bidder": None}, "the bidder is missing", id="missing-bidder"),
    ],
)
def test_bad_correction_is_answered_with_a_message(
    phone: Client, group: Group, change: dict[str, Any], message: str
) -> None:
    game = make_game(group, hands=[FIRST])
    data = {**hand_post(game, FIRST, 1, revision=revision(game, 1)), **change}
    response = phone.post(_url(game, 1), {k: v for k, v in data.items() if v is not None})
    assert response.status_code == 422
    assert message in text(response)
    assert game.hands.get().data == FIRST


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("number", [0, 2, 10**30])
def test_hand_that_does_not_exist_is_not_found(
    phone: Client, group: Group, method: str, number: int
) -> None:
    game = make_game(group, hands=[FIRST])
    # No hand has that number, so no revision could name it.
    response = getattr(phone, method)(_url(game, number), hand_post(game, FIRST, 1, revision=1))
    assert response.status_code == 404


def test_edit_answers_only_get_and_post(phone: Client, group: Group) -> None:
    game = make_game(group, hands=[FIRST])
    assert phone.put(_url(game, 1)).status_code == 405


def test_a_kaiser_bid_s_correction_shows_its_outcome_tapped(phone: Client, group: Group) -> None:
    # Cato's kaiser bid was made: its correction opens with "took every trick" chosen.
    game = kaiser_game(group)
    assert checked(phone.get(_url(game, 3)), "made") == "True"


def test_a_hand_whose_file_wrote_no_partner_as_null_opens_with_alone_chosen(
    phone: Client, group: Group
) -> None:
    # A game file may write "partner": null for a bid played alone: the correction opens
    # with "alone" tapped, not with nothing chosen (it posted "None" before).
    alone = bid("Bjørn", 8, None, {"Anne": 2, "Cato": 1, "Dina": 1}, dealer="Anne")
    game = make_game(group, hands=[{**alone, "partner": None}])
    assert checked(phone.get(_url(game, 1)), "partner") == ""


@pytest.mark.parametrize(
    ("before", "after", "said"),
    [
        (["Anne"], ["Bjørn"], "The winner changed: Bjørn won, not Anne."),
        (["Lars"], ["Kari", "Lars"], "The winner changed: Kari and Lars share the win; Lars had won alone."),
        (["Kari", "Lars"], ["Lars"], "The winner changed: Lars won alone; Kari and Lars had shared the win."),
        (["Anne", "Bjørn"], ["Kari", "Lars"], "The winner changed: Kari and Lars share the win, not Anne and Bjørn."),
        (None, ["Anne"], "This ends the game: Anne won."),
        (["Anne"], None, "The game is no longer won: it goes on."),
        (["Anne", "Bjørn"], ["Bjørn", "Anne"], ""),
    ],
)  # fmt: skip
def test_a_change_of_winner_is_said_as_it_happened(
    before: list[str] | None, after: list[str] | None, said: str
) -> None:
    assert winner_moved(before, after) == said


def test_the_undo_of_a_corrected_hand_asks_first(phone: Client, group: Group) -> None:
    """Right after a correction of the last hand the page offers to take the correction
    back; the toolbar's undo beside it takes the whole hand, so it asks (it took the hand
    in one tap). A correction of an earlier hand leaves the last one's undo as it was."""
    game = make_game(group, hands=[FIRST, FIRST])
    page = reverse("game", args=[group.edit_key, game.code])
    live = reverse("game_live", args=[group.edit_key, game.code])
    assert "hx-confirm" not in text(phone.get(page))  # saved on this phone, not corrected
    assert _correct(phone, game, 1, FAILED, revision(game, 1)).status_code == 302
    assert "hx-confirm" not in text(phone.get(page))
    assert _correct(phone, game, 2, FAILED, revision(game, 2)).status_code == 302
    # A poll between the correction and its page shows no message, and takes none away.
    phone.get(live, HTTP_HX_REQUEST="true")
    beside = text(phone.get(page))
    assert "Take the correction back" in beside
    assert (
        'hx-confirm="Hand 2 was corrected. Undo the whole hand, not only its correction?"' in beside
    )
    # The offer gone (the next page), the hand saved here is undone in one tap again.
    assert "hx-confirm" not in text(phone.get(page))
