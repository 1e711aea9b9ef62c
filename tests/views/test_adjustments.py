"""A penalty or adjustment on the game page (spec "Adjustments"): saved like a hand, once,
refused in the phone's language, and shown wherever the hands are."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games import backup
from games.models import Change, Game, Group
from tests.factories import FOUR, TEAMS, anne_wins, bid, game_file, make_game, make_group
from tests.views.pages import form_errors, part, scoreboard, table_rows, text

pytestmark = pytest.mark.django_db

FIRST = bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne")
REVOKE = {"adjustment": {"Bjørn": -10}, "reason": "Revoke"}


def _url(game: Game) -> str:
    return reverse("adjustment_create", args=[game.group.edit_key, game.code])


def _page(game: Game, key: str | None = None) -> str:
    return reverse("game", args=[key or game.group.edit_key, game.code])


def penalty(number: int, **fields: Any) -> dict[str, Any]:
    """The form's POST: Bjørn loses 10 for a revoke, unless told otherwise."""
    values = {"way": "from", "offender": "Bjørn", "amount": 10, "reason": "Revoke"}
    return {"number": number, "entry": f"key-{number}", **values, **fields}


@pytest.fixture
def played(group: Group) -> Game:
    return make_game(group, hands=[FIRST])


# --- Saving ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "points"),
    [
        ({}, {"Bjørn": -10}),
        ({"way": "others", "amount": 5}, {"Anne": 5, "Cato": 5, "Dina": 5}),
        ({"way": "each", "adjustment-0": "3", "adjustment-3": "-2"}, {"Anne": 3, "Dina": -2}),
    ],
    ids=["from-the-offender", "to-each-other-side", "side-by-side"],
)
def test_each_way_saves_an_adjustment_as_the_next_hand(
    phone: Client, played: Game, fields: dict[str, Any], points: dict[str, int]
) -> None:
    response = phone.post(_url(played), penalty(2, **fields))
    assert response.status_code == 302
    hand = played.hands.get(number=2)
    assert (hand.data, hand.entry, hand.entered_by) == (
        {"adjustment": points, "reason": "Revoke"},
        "key-2",
        "Anne",
    )
    assert played.changes.get(number=2).action == Change.ADD


@pytest.mark.parametrize(
    ("fields", "points"),
    [({}, {"Bjørn": 10}), ({"way": "others", "amount": 5}, {"Anne": -5, "Cato": -5, "Dina": -5})],
    ids=["to-the-offender", "from-each-other-side"],
)
def test_where_the_lowest_total_wins_a_penalty_adds_points(
    phone: Client, group: Group, fields: dict[str, Any], points: dict[str, int]
) -> None:
    hearts = backup.import_game(
        group, {**game_file("points", FOUR, [], rules={"target": 100, "low_wins": True})}
    )
    page = text(phone.get(_page(hearts)))
    assert "N to the offender" in page and "N from each other side" in page
    assert "Points per side (plus for a penalty)" in page
    assert "N from the offender" not in page and "minus for a penalty" not in page
    assert phone.post(_url(hearts), penalty(1, **fields)).status_code == 302
    assert hearts.hands.get(number=1).data["adjustment"] == points


def test_a_note_goes_with_it_and_the_reason_is_trimmed(phone: Client, played: Game) -> None:
    phone.post(_url(played), penalty(2, reason="  Revoke ", note="Cato saw it"))
    assert played.hands.get(number=2).data == {**REVOKE, "note": "Cato saw it"}


def test_sent_twice_it_is_saved_once(phone: Client, played: Game) -> None:
    first = phone.post(_url(played), penalty(2), HTTP_HX_REQUEST="true")
    # An offline queue sends it again, whatever number the form has now.
    again = phone.post(_url(played), penalty(3, entry="key-2"), HTTP_HX_REQUEST="true")
    assert first["X-Hand-Entry"] == again["X-Hand-Entry"] == "done"
    assert played.hands.count() == 2
    assert scoreboard(again) == {"Anne": 2, "Bjørn": -2, "Cato": 1, "Dina": 8}


def test_htmx_gets_the_game_back_with_a_fresh_form(phone: Client, played: Game) -> None:
    response = phone.post(_url(played), penalty(2), HTTP_HX_REQUEST="true")
    html = text(response)
    assert html.lstrip().startswith('<div id="main"')
    assert 'name="number" value="3" id="id_adjust_number"' in html  # ready for the next one
    assert "Adjustment saved as hand 2: ⚖ Revoke." in html


def test_a_number_taken_meanwhile_asks_to_check(phone: Client, played: Game) -> None:
    played.add_hand(2, FIRST | {"dealer": "Bjørn"}, "Cato")
    response = phone.post(_url(played), penalty(2))
    assert response.status_code == 422
    assert form_errors(response) == [
        "A hand was just saved on another phone: check the scores and save again."
    ]
    # The same entry, for the number that is next now.
    assert 'name="number" value="3" id="id_adjust_number"' in text(response)


def test_the_deal_does_not_move(phone: Client, played: Game) -> None:
    phone.post(_url(played), penalty(2))
    played.refresh_from_db()
    assert played.state().next_dealer() == "Bjørn"  # Anne dealt hand 1; the penalty dealt nothing


# --- Refusals, in the phone's language --------------------------------------------------


@pytest.mark.parametrize(
    ("language", "fields", "message"),
    [
        ("en", {"reason": " "}, "An adjustment needs a reason."),
        ("nb", {"reason": ""}, "En justering må ha en grunn."),
        ("en", {"way": "each"}, "An adjustment must change at least one total."),
        ("nb", {"way": "each", "adjustment-1": "0"}, "En justering må endre minst én sum."),
        ("nb", {"offender": ""}, "Velg hvem som brøt reglene."),
        ("nb", {"amount": ""}, "Oppgi antall poeng."),
        (
            "nb",
            {"reason": "x" * 121},
            "Høyst 120 tegn, ikke 121.",
        ),
    ],
)
def test_the_form_refuses_in_the_phones_language(
    phone: Client, played: Game, language: str, fields: dict[str, Any], message: str
) -> None:
    response = phone.post(_url(played), penalty(2, **fields), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 422
    assert message in form_errors(response)
    assert played.hands.count() == 1
    assert part(response, "adjust") is not None  # the form again, open


def test_what_is_missing_is_said_at_once(phone: Client, played: Game) -> None:
    empty = penalty(2, reason="", offender="", amount="")
    errors = form_errors(phone.post(_url(played), empty))
    assert set(errors) == {
        "An adjustment needs a reason.",
        "Choose who broke the rules.",
        "Give the number of points.",
    }


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "This game is scored by teams: adjust the total of Nord, not of Anne."),
        ("nb", "Dette spillet telles per lag: juster summen til Nord, ikke til Anne."),
    ],
)
def test_a_player_where_the_game_has_teams_is_refused(
    phone: Client, group: Group, language: str, message: str
) -> None:
    game = group.start_game("spades", ["Anne", "Bjørn", "Cato", "Dina"], teams=TEAMS)
    response = phone.post(_url(game), penalty(1, offender="Anne"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 422
    assert form_errors(response) == [message]
    assert not game.hands.exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Hand 6: the game was already won after hand 5."),
        ("nb", "Runde 6: spillet var allerede vunnet etter runde 5."),
    ],
)
def test_after_the_end_it_is_refused(
    phone: Client, group: Group, language: str, message: str
) -> None:
    game = make_game(group, hands=anne_wins())
    page = phone.get(_page(game))
    assert part(page, "adjust") is None  # no form once the game is won
    response = phone.post(_url(game), penalty(6), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 422
    assert form_errors(response) == [message]
    assert game.hands.count() == 5


def test_only_the_edit_link_has_the_form_and_may_save(
    client: Client, phone: Client, played: Game
) -> None:
    assert part(phone.get(_page(played)), "adjust") is not None
    assert part(client.get(_page(played, played.group.view_key)), "adjust") is None
    url = reverse("adjustment_create", args=[played.group.view_key, played.code])
    assert client.post(url, penalty(2)).status_code == 403
    assert phone.get(_url(played)).status_code == 405


# --- Where it shows ----------------------------------------------------------------------


@pytest.fixture
def penalised(played: Game) -> Game:
    assert played.add_hand(2, REVOKE, "Anne").stands
    return played


def test_a_row_of_its_own_in_the_hands(phone: Client, penalised: Game) -> None:
    rows = table_rows(phone.get(_page(penalised)), "hand-rows")
    # Newest first: the penalty's points beside the totals, Bjørn 8 - 10.
    assert rows[1] == ["2. ⚖ Revoke Why?", "2", "\u22122 \u221210", "1", "8"]


def test_on_the_big_screen(client: Client, penalised: Game) -> None:
    screen = client.get(reverse("game_tv", args=[penalised.group.view_key, penalised.code]))
    assert "⚖ Revoke" in text(screen)
    # A penalty is no hand played: one hand and the penalty.
    status = re.search(r'<p class="tv-status">\s*(\d+ hands? played)', text(screen))
    assert status is not None and status.group(1) == "1 hand played"


def test_on_the_print_sheet(phone: Client, penalised: Game) -> None:
    rows = table_rows(phone.get(_page(penalised)), "sheet")
    assert rows[2] == ["2. ⚖ Revoke", "2", "\u22122 \u221210", "1", "8"]


def test_in_the_csv(client: Client, penalised: Game) -> None:
    rows = list(csv.DictReader(io.StringIO(backup.game_csv(penalised))))
    assert (rows[1]["summary"], rows[1]["details"], rows[1]["dealer"]) == (
        "⚖ Revoke",
        "Bjørn -10",
        "",
    )
    assert (rows[1]["points Bjørn"], rows[1]["total Bjørn"], rows[1]["made"]) == ("-10", "-2", "")


def test_in_the_history_and_why(phone: Client, penalised: Game) -> None:
    history = phone.get(reverse("history", args=[penalised.group.edit_key, penalised.code]))
    assert "⚖ Revoke (Bjørn \u221210)" in text(history)
    why = phone.get(reverse("hand", args=[penalised.group.edit_key, penalised.code, 2]))
    assert "Adjustment: Revoke" in text(why)
    assert "Agreed by the table." in text(why)


def test_in_the_share_picture(client: Client, penalised: Game) -> None:
    url = reverse("game_picture", args=[penalised.group.view_key, penalised.code])
    response = client.get(url)
    assert (response.status_code, response["Content-Type"]) == (200, "image/png")


def test_corrected_in_its_own_form(phone: Client, penalised: Game) -> None:
    url = reverse("hand_edit", args=[penalised.group.edit_key, penalised.code, 2])
    form = phone.get(url)
    assert 'name="adjustment-1" value="-10"' in text(form)
    assert 'value="Revoke"' in text(form)
    revision = penalised.hands.get(number=2).revision
    fields = {"way": "each", "adjustment-1": "-5", "reason": "Revoke, half", "revision": revision}
    response = phone.post(url, {"number": 2, **fields})
    assert response.status_code == 302
    assert penalised.hands.get(number=2).data == {
        "adjustment": {"Bjørn": -5},
        "reason": "Revoke, half",
    }
    refused = phone.post(url, {"number": 2, **fields, "reason": "", "revision": revision + 1})
    assert form_errors(refused) == ["An adjustment needs a reason."]


def test_undone_deleted_and_restored_like_a_hand(phone: Client, penalised: Game) -> None:
    key, code = penalised.group.edit_key, penalised.code
    revision = penalised.hands.get(number=2).revision
    undone = phone.post(reverse("undo", args=[key, code]), {"number": 2, "revision": revision})
    assert undone.status_code == 302
    assert penalised.hands.count() == 1
    deleted = penalised.changes.get(action=Change.DELETE)
    restored = phone.post(reverse("restore", args=[key, code, deleted.code]))
    assert restored.status_code == 302
    assert penalised.hands.get(number=2).data == REVOKE


def test_a_players_page_counts_penalties_received(client: Client, group: Group) -> None:
    # Before Anne's winning run: Bjørn loses 10, one penalty for Bjørn; Anne gains 2, a
    # correction that goes against nobody; Cato revokes, and every other player gains 1,
    # one penalty for Cato.
    sheet = {"adjustment": {"Anne": 2}, "reason": "Sheet"}
    to_others = {"adjustment": {"Anne": 1, "Bjørn": 1, "Dina": 1}, "reason": "Cato revoked"}
    make_game(group, hands=[REVOKE, sheet, to_others, *anne_wins()])
    players = {player.name: player for player in group.players.all()}
    for name, count in (("Bjørn", "1"), ("Anne", "0"), ("Cato", "1"), ("Dina", "0")):
        url = reverse("player", args=[group.view_key, players[name].code])
        found = part(client.get(url), "penalties")
        assert found is not None and found[0] == f"Penalties received{count}"


def test_where_the_lowest_total_wins_a_penalty_received_is_points_added(
    client: Client, group: Group
) -> None:
    # Hearts: Bjørn is given 10 for a revoke and Anne 3 taken off a sheet; Bjørn ends it.
    hands = [
        {"adjustment": {"Bjørn": 10}, "reason": "Revoke"},
        {"adjustment": {"Anne": -3}, "reason": "Sheet"},
        {"scores": {"Anne": 6, "Bjørn": 100, "Cato": 0, "Dina": 20}},
    ]
    rules = {"target": 100, "low_wins": True}
    finished = backup.import_game(group, game_file("points", FOUR, hands, rules=rules))
    assert finished.winners
    players = {player.name: player for player in group.players.all()}
    for name, count in (("Bjørn", "1"), ("Anne", "0")):
        url = reverse("player", args=[group.view_key, players[name].code])
        found = part(client.get(url, {"kind": "points"}), "penalties")
        assert found is not None and found[0] == f"Penalties received{count}"


def test_in_a_team_game_points_given_to_the_other_team_are_a_penalty_received(
    client: Client, group: Group
) -> None:
    # Five Hundred: Bjørn makes 6 spades; Nord revokes and Sør is given 50 ("N to each
    # other side"); then Anne makes two misères (250 and 500): Nord wins all the same.
    hands = [
        {"dealer": "Dina", "bidder": "Bjørn", "bid": 6, "suit": "spades", "tricks": 6},
        {"adjustment": {"Sør": 50}, "reason": "Revoke"},
        {"dealer": "Anne", "bidder": "Anne", "bid": "misere", "tricks": 0},
        {"dealer": "Bjørn", "bidder": "Anne", "bid": "open_misere", "tricks": 0},
    ]
    assert backup.import_game(group, game_file("five_hundred", FOUR, hands, teams=TEAMS)).winners
    players = {player.name: player for player in group.players.all()}
    for name, count in (("Anne", "1"), ("Cato", "1"), ("Bjørn", "0"), ("Dina", "0")):
        url = reverse("player", args=[group.view_key, players[name].code])
        found = part(client.get(url, {"kind": "five_hundred"}), "penalties")
        assert found is not None and found[0] == f"Penalties received{count}"


def test_exported_and_imported_it_keeps_its_reason_and_note(phone: Client, group: Group) -> None:
    noted = {**REVOKE, "note": "Cato saw it"}
    other = make_game(make_group("Other table"), hands=[FIRST, noted])
    exported = phone.get(reverse("export_json", args=[other.group.view_key, other.code]))
    assert json.loads(exported.content)["hands"][1] == {
        **noted,
        "points": {"Anne": 0, "Bjørn": -10, "Cato": 0, "Dina": 0},
        "totals": {"Anne": 2, "Bjørn": -2, "Cato": 1, "Dina": 8},
    }
    upload = SimpleUploadedFile("game.json", exported.content, content_type="application/json")
    phone.post(reverse("import_game", args=[group.edit_key]), {"file": upload})
    game = group.games.get()
    assert [hand.data for hand in game.hand_list()] == [FIRST, noted]
    assert game.result().totals == other.result().totals
