"""A game as CSV: a row per hand with each side's points and running totals."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import backup
from games.models import Group
from tests.factories import FOUR, bid, game_file, make_game, make_group

pytestmark = pytest.mark.django_db

HANDS = [
    bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"),
    {"dealer": "Bjørn", "redeal": True},
]


def _rows(content: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


def test_a_row_per_hand_with_points_and_totals(client: Client, group: Group) -> None:
    game = make_game(group, hands=HANDS)
    response = client.get(reverse("export_csv", args=[group.edit_key, game.code]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    day = timezone.localtime(game.created_at).date().isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="amerikaner-{day}-{game.code}.csv"'
    )
    rows = _rows(response.content)
    # Hand 1 made: Bjørn and Dina 8 each, Anne 2 and Cato 1 for their tricks. The
    # redeal scores nothing, so the totals stand.
    assert [(r["hand"], r["dealer"], r["summary"], r["made"]) for r in rows] == [
        ("1", "Anne", "Bjørn 8 with Dina", "yes"),
        ("2", "Bjørn", "Redeal", ""),
    ]
    assert [r["points Bjørn"] for r in rows] == ["8", "0"]
    assert [r["total Anne"] for r in rows] == ["2", "2"]


def test_same_rows_as_the_command(client: Client, group: Group) -> None:
    game = make_game(group, hands=HANDS)
    response = client.get(reverse("export_csv", args=[group.edit_key, game.code]))
    # A byte order mark first, so that spreadsheets read "Bjørn" as UTF-8; then the rows.
    assert response.content.startswith("\ufeff".encode())
    assert response.content.decode("utf-8-sig") == backup.game_csv(game)


def test_game_without_hands_is_a_header_only(client: Client, group: Group) -> None:
    game = make_game(group)
    response = client.get(reverse("export_csv", args=[group.view_key, game.code]))
    assert _rows(response.content) == []
    assert "total Dina" in response.content.decode("utf-8-sig")


def test_view_only_link_may_export(client: Client, group: Group) -> None:
    game = make_game(group, hands=HANDS)
    response = client.get(reverse("export_csv", args=[group.view_key, game.code]))
    assert response.status_code == 200
    assert len(_rows(response.content)) == 2


def test_unknown_code_is_not_found(client: Client, group: Group) -> None:
    response = client.get(reverse("export_csv", args=[group.view_key, "madeUpCode12"]))
    assert response.status_code == 404


def test_game_of_another_group_is_not_found(client: Client, group: Group) -> None:
    other = make_game(make_group("Other table"))
    response = client.get(reverse("export_csv", args=[group.view_key, other.code]))
    assert response.status_code == 404


def test_export_is_read_only(client: Client, group: Group) -> None:
    game = make_game(group)
    response = client.post(reverse("export_csv", args=[group.edit_key, game.code]))
    assert response.status_code == 405


def test_norwegian_csv_is_semicolon_separated_with_a_byte_order_mark(
    client: Client, group: Group
) -> None:
    # Norwegian Excel reads ";" as the column separator (its decimal separator is ","),
    # and needs the byte order mark to read the file as UTF-8.
    game = make_game(group, hands=HANDS)
    url = reverse("export_csv", args=[group.edit_key, game.code])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="nb")
    assert response.content.startswith("\ufeff".encode())
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[1][:2] == ["1", "Anne"]
    assert "," not in text.splitlines()[0]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode("utf-8-sig")
    assert ";" not in english.splitlines()[0]
    assert len(list(csv.reader(io.StringIO(english)))) == len(rows)


# Made with a partner, failed alone (Cato's side took 12 - 6 = 6 of 7), and a redeal.
WORDS = [
    bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1}, dealer="Anne"),
    bid("Cato", 7, None, {"Anne": 3, "Bjørn": 1, "Dina": 2}, dealer="Bjørn"),
    {"dealer": "Cato", "redeal": True, "note": "Cato misdealt"},
]


@pytest.mark.parametrize(
    ("language", "delimiter", "head", "words"),
    [
        pytest.param(
            "en",
            ",",
            ["hand", "dealer", "summary", "details", "made", "points Anne", "total Anne"],
            [("Bjørn 8 with Dina", "yes"), ("Cato 7 alone", "no"), ("Redeal", "")],
            id="en",
        ),
        pytest.param(
            "nb",
            ";",
            ["runde", "giver", "sammendrag", "detaljer", "gikk hjem", "poeng Anne", "sum Anne"],
            [("Bjørn 8 med Dina", "ja"), ("Cato 7 alene", "nei"), ("Ny giv", "")],
            id="nb",
        ),
    ],
)
def test_headers_and_words_follow_the_readers_language(
    client: Client,
    group: Group,
    language: str,
    delimiter: str,
    head: list[str],
    words: list[tuple[str, str]],
) -> None:
    game = make_game(group, hands=WORDS)
    url = reverse("export_csv", args=[group.edit_key, game.code])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    header, *rows = csv.reader(
        io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter
    )
    # A column per side for points, then one per side for totals.
    assert [*header[:6], header[9]] == head
    assert header[-1] == {"en": "note", "nb": "notat"}[language]
    assert [(row[2], row[4]) for row in rows] == words
    # Names, tricks and numbers are the same in every language: Cato's failed 7 is -7,
    # written with a hyphen that a spreadsheet reads as a minus.
    assert [[*row[:2], row[3], *row[5:]] for row in rows] == [
        ["1", "Anne", "Anne 2, Cato 1", "2", "8", "1", "8", "2", "8", "1", "8", ""],
        ["2", "Bjørn", "Anne 3, Bjørn 1, Dina 2", "3", "1", "-7", "2", "5", "9", "-6", "10", ""],
        # The note, as the table wrote it, in its own last column.
        ["3", "Cato", "", "0", "0", "0", "0", "5", "9", "-6", "10", "Cato misdealt"],
    ]


def test_a_note_is_one_cell_with_its_lines_and_commas(client: Client, group: Group) -> None:
    note = "Bjørn revoked, twice;\nthe table let the hand stand"
    game = make_game(group, hands=[{**HANDS[0], "note": note}, HANDS[1]])
    rows = _rows(client.get(reverse("export_csv", args=[group.edit_key, game.code])).content)
    assert [r["note"] for r in rows] == [note, ""]


def test_a_note_a_spreadsheet_would_run_stays_text(client: Client, group: Group) -> None:
    game = make_game(group, hands=[{**HANDS[0], "note": "=SUM(A1)"}])
    rows = _rows(client.get(reverse("export_csv", args=[group.edit_key, game.code])).content)
    assert rows[0]["note"] == "'=SUM(A1)"


@pytest.mark.parametrize(
    ("language", "delimiter", "word"), [("en", ",", "game"), ("nb", ";", "spill")]
)
def test_the_games_note_is_a_row_of_its_own_after_the_hands(
    client: Client, group: Group, language: str, delimiter: str, word: str
) -> None:
    game = make_game(group, hands=HANDS[:1])
    game.write_note("Played at the cabin; Dina left early", "Anne")
    url = reverse("export_csv", args=[group.edit_key, game.code])
    content = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(content), delimiter=delimiter))
    assert len(rows) == 3  # the header, the hand, the game's note
    last = rows[2]
    # First cell says whose note it is; the note in the note column; nothing in between.
    assert (last[0], last[-1]) == (word, "Played at the cabin; Dina left early")
    assert set(last[1:-1]) == {""}


def test_the_words_write_numbers_below_zero_with_a_hyphen(client: Client, group: Group) -> None:
    """As the points columns: a spreadsheet reads "-10" (the pages write a minus sign)."""
    hands = [
        {"dealer": "Anne", "scores": {"Anne": 26, "Bjørn": 0, "Cato": 0, "Dina": -10}},
        {"adjustment": {"Bjørn": -5}, "reason": "Revoke"},
    ]
    game = backup.import_game(group, game_file("points", FOUR, hands))
    rows = _rows(client.get(reverse("export_csv", args=[group.edit_key, game.code])).content)
    assert [(r["summary"], r["details"]) for r in rows] == [
        # Bjørn and Cato typed 0, as a box left empty: the words name who scored.
        ("Scores: Anne 26, Dina -10", "Anne 26, Dina -10"),
        ("⚖ Revoke", "Bjørn -5"),
    ]
    assert "\u2212" not in backup.game_csv(game)


@pytest.mark.parametrize(("language", "start"), [("en", "start"), ("nb", "start")])
def test_start_totals_are_a_row_before_the_first_hand(
    client: Client, group: Group, language: str, start: str
) -> None:
    game = group.start_game(
        "amerikaner", list(FOUR), first_dealer="Anne", by="Anne", start={"Anne": 10, "Cato": -4}
    )
    game.add_hand(1, HANDS[0], "Anne")
    response = client.get(
        reverse("export_csv", args=[group.edit_key, game.code]), HTTP_ACCEPT_LANGUAGE=language
    )
    delimiter = ";" if language == "nb" else ","
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter))
    # The start totals, then hand 1's points added to them: Anne 10 + 2, Cato -4 + 1.
    assert lines[1][0] == start
    assert lines[1][-5:] == ["10", "0", "-4", "0", ""]
    assert lines[2][:1] + lines[2][-5:] == ["1", "12", "8", "-3", "8", ""]
