"""Importing a game file: checked in full first; a bad file is named with what is wrong."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertInHTML

from games.models import Change, Game, GameStat, Group, Hand, Night, Player, Rating
from tests.factories import FOUR, anne_wins, bid, game_file, make_game, make_group
from tests.views.pages import Page, text

pytestmark = pytest.mark.django_db

PAPER = game_file(
    "amerikaner",
    FOUR,
    [bid("Bjørn", 8, "Dina", {"Anne": 2, "Cato": 1})],
    start={"Anne": 40, "Cato": -7},
)


def _upload(document: Any, name: str = "game.json") -> SimpleUploadedFile:
    content = document if isinstance(document, bytes) else json.dumps(document).encode()
    return SimpleUploadedFile(name, content, content_type="application/json")


def _url(group: Group) -> str:
    return reverse("import_game", args=[group.edit_key])


def _state() -> tuple[int, int, int, int]:
    return (
        Game.objects.count(),
        Hand.objects.count(),
        Change.objects.count(),
        Player.objects.count(),
    )


def test_upload_adds_the_game_and_opens_it(phone: Client, group: Group) -> None:
    response = phone.post(_url(group), {"file": _upload(PAPER, "paper sheet.json")})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[group.edit_key, game.code])
    # The carried-over totals count: Anne 40 + 2 tricks, Cato -7 + 1.
    assert game.result().totals == {"Anne": 42, "Bjørn": 8, "Cato": -6, "Dina": 8}
    # The phone that imported is named on the game and its hands, as when entering them.
    assert (game.created_by, game.changes.get().by) == ("Anne", "Anne")
    page = phone.get(response["Location"])
    assert "paper sheet.json imported." in text(page)


def test_exported_file_imports_into_another_group(phone: Client, group: Group) -> None:
    other = make_game(make_group("Other table"), hands=anne_wins())
    exported = phone.get(reverse("export_json", args=[other.group.view_key, other.code]))
    phone.post(_url(group), {"file": _upload(exported.content)})
    game = group.games.get()
    assert game.result().totals == other.result().totals
    assert game.result().winners == ("Anne",)


def test_new_names_in_the_file_join_the_group(phone: Client, group: Group) -> None:
    players = ["Anne", "Bjørn", "Erik"]
    phone.post(_url(group), {"file": _upload(game_file("amerikaner", players, []))})
    assert sorted(p.name for p in group.players.all()) == [*FOUR, "Erik"]


def test_import_page_shows_the_form(phone: Client, group: Group) -> None:
    response = phone.get(_url(group))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.is_multipart()  # the template sends enctype="multipart/form-data" for it
    file_input = (
        '<input type="file" name="file" id="id_file" accept=".json,application/json" required>'
    )
    assertContains(response, file_input, html=True)


def test_group_page_has_the_upload_form(phone: Client, group: Group) -> None:
    html = text(phone.get(reverse("group", args=[group.edit_key])))
    form = html.split(f'action="{_url(group)}"', 1)[1].split("</form>", 1)[0]
    assert 'enctype="multipart/form-data"' in form
    assert 'type="file" name="file"' in form


def test_import_page_asks_the_phone_who_it_is_first(client: Client, group: Group) -> None:
    response = client.get(_url(group))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("who", args=[group.edit_key]))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"\xff\xfe{}", "the file is not UTF-8 text.", id="not-utf8"),
        pytest.param(
            b"scores: 12", "the file is not valid JSON (Expecting value, line 1)", id="not-json"
        ),
        pytest.param(b"", "the file is not valid JSON (Expecting value, line 1)", id="empty"),
        pytest.param([], "a game file is a JSON object, not", id="not-an-object"),
        pytest.param(
            game_file("amerikaner", FOUR, []) | {"format": "scorekeeper/2"},
            "the format must be \u201cscorekeeper/1\u201d",
            id="wrong-format",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Xavier", 8, None, {})]),
            "hand 1: \u201cXavier\u201d is not one of the players",
            id="unknown-player",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 12, "Cato": 1})]),
            # Anne's 12 and Cato's 1 are already more than a hand holds.
            "hand 1: the tricks add up to 13, but a hand has 12 tricks",
            id="impossible-hand",
        ),
        pytest.param(
            b" " * (8 * 1024 * 1024) + b"{}", "the file is larger than 8 MB.", id="too-large"
        ),
        pytest.param(
            game_file("amerikaner", ["Anne", "anne", "Cato"], []),
            "two players have the same name",
            id="same-name-twice",
        ),
    ],
)
def test_bad_file_is_named_with_what_is_wrong_and_nothing_is_saved(
    phone: Client, group: Group, content: Any, message: str
) -> None:
    before = _state()
    response = phone.post(_url(group), {"file": _upload(content, "sheet.json")})
    assert response.status_code == 400
    assert f"sheet.json: {message}" in text(response)
    assert _state() == before


def _problem_shown(response: Page, problem: str) -> None:
    """The form's one error is the file's name and the whole problem, nothing added."""
    assertInHTML(f'<p class="errorlist" role="alert">{escape(problem)}</p>', text(response), 1)


# Each refusal in both languages the site speaks: every word of it in the reader's
# language (nothing left in English on a Norwegian phone), the file's name as sent.
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    ("content", "english", "norwegian"),
    [
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Bjørn", 8, "Dina", {"Anne": 12, "Cato": 1})]),
            # Anne's 12 and Cato's 1 are already more than the 12 tricks of a hand.
            "hand 1: the tricks add up to 13, but a hand has 12 tricks",
            "runde 1: stikkene blir til sammen 13, men en runde har 12 stikk",
            id="impossible-hand",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Bjørn", [8], "Dina", {"Anne": 2, "Cato": 1})]),
            "hand 1: the bid must be a whole number, not a list",
            "runde 1: meldingen må være et heltall, ikke en liste",
            id="bid-not-a-number",
        ),
        pytest.param(
            game_file("amerikaner", FOUR, [bid("Bjørn", "eight", "Dina", {"Anne": 2, "Cato": 1})]),
            # The value as written, in the reader's own quotation marks.
            "hand 1: the bid must be a whole number, not \u201ceight\u201d",
            "runde 1: meldingen må være et heltall, ikke \u00abeight\u00bb",
            id="bid-in-words",
        ),
        pytest.param(
            game_file("amerikaner", ["Anne", "ANNE", "Cato"], []),
            "two players have the same name (letter case aside)",
            "to spillere har samme navn (store og små bokstaver regnes som like)",
            id="same-name-twice",
        ),
        pytest.param(
            b"scores: 12",
            "the file is not valid JSON (Expecting value, line 1)",
            "filen er ikke gyldig JSON (forventet en verdi, linje 1)",
            id="not-json",
        ),
        pytest.param(
            b'{"format": "scorekeeper/1", "players": ["Anne", "Bj',
            "the file is not valid JSON (Unterminated string starting at, line 1)",
            "filen er ikke gyldig JSON (tekst uten avsluttende anførselstegn, linje 1)",
            id="cut-off",
        ),
        pytest.param(
            b'{"format": "scorekeeper/1", "start": {"Anne": NaN}}',
            "the file is not valid JSON (NaN is not a number, line 1)",
            "filen er ikke gyldig JSON (NaN er ikke et tall, linje 1)",
            id="not-a-number",
        ),
        pytest.param(
            [PAPER],
            "a game file is a JSON object, not a list",
            "en spillfil er et JSON-objekt, ikke en liste",
            id="not-a-game-file",
        ),
        pytest.param(
            {"format": "scorekeeper-backup/1", "group": {}, "players": [], "games": []},
            "this is a whole group's backup, not one game's file: the server's host brings"
            " a backup back with the import_group command (see the README)",
            "dette er en sikkerhetskopi av hele gruppen, ikke filen til ett spill: den som"
            " driver serveren, henter en sikkerhetskopi tilbake med kommandoen import_group"
            " (se README)",
            id="a-backup",
        ),
    ],
)
def test_a_refused_file_is_explained_in_the_readers_language(
    phone: Client, group: Group, content: Any, english: str, norwegian: str, language: str
) -> None:
    before = _state()
    response = phone.post(
        _url(group), {"file": _upload(content, "sheet.json")}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    _problem_shown(response, f"sheet.json: {english if language == 'en' else norwegian}")
    assert _state() == before


@pytest.mark.parametrize(
    ("language", "problem"),
    [
        ("en", "this game is already in the group"),
        ("nb", "dette spillet finnes allerede i gruppen"),
    ],
)
def test_the_same_game_twice_is_refused(
    phone: Client, group: Group, language: str, problem: str
) -> None:
    phone.post(_url(group), {"file": _upload(PAPER)})
    before = _state()
    response = phone.post(
        _url(group), {"file": _upload(PAPER, "again.json")}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    _problem_shown(response, f"again.json: {problem}")
    assert _state() == before


def test_no_file_is_asked_for(phone: Client, group: Group) -> None:
    response = phone.post(_url(group), {})
    assert response.status_code == 400
    assert "This field is required." in text(response)
    assert Game.objects.count() == 0


def test_names_in_messages_are_text_not_markup(phone: Client, group: Group) -> None:
    script = "<script>alert(1)</script>"
    document = game_file("amerikaner", FOUR, [bid(script, 8, None, {})])
    response = phone.post(_url(group), {"file": _upload(document, "<b onmouseover=x>.json")})
    html = text(response)
    assert script not in html
    assert "<b onmouseover" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b onmouseover=x&gt;.json:" in html


def test_view_only_link_cannot_import(client: Client, group: Group) -> None:
    assert client.get(reverse("import_game", args=[group.view_key])).status_code == 403
    response = client.post(reverse("import_game", args=[group.view_key]), {"file": _upload(PAPER)})
    assert response.status_code == 403
    assert "view-only link" in text(response)
    assert Game.objects.count() == 0


def test_view_only_group_page_has_no_upload_form(client: Client, group: Group) -> None:
    html = text(client.get(reverse("group", args=[group.view_key])))
    assert 'type="file"' not in html
    assert "/import/" not in html


def test_upload_without_csrf_token_is_refused(group: Group) -> None:
    browser = Client(enforce_csrf_checks=True)
    response = browser.post(_url(group), {"file": _upload(PAPER)})
    assert response.status_code == 403
    assert Game.objects.count() == 0


def test_upload_with_the_page_token_is_accepted(group: Group) -> None:
    browser = Client(enforce_csrf_checks=True)
    who_page = browser.get(reverse("who", args=[group.edit_key]))
    browser.post(
        reverse("who", args=[group.edit_key]),
        {"player": "Cato", "csrfmiddlewaretoken": str(who_page.context["csrf_token"])},
    )
    page = browser.get(_url(group))
    token = str(page.context["csrf_token"])
    response = browser.post(_url(group), {"file": _upload(PAPER), "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Game.objects.get().created_by == "Cato"


def test_made_up_key_is_not_found(phone: Client) -> None:
    assert phone.post(reverse("import_game", args=["madeUpKey0123"])).status_code == 404


def test_other_methods_are_refused(phone: Client, group: Group) -> None:
    assert phone.put(_url(group)).status_code == 405


def test_a_sheet_played_another_evening_joins_that_night_and_is_rated_before_tonight(
    phone: Client, group: Group
) -> None:
    tonight = make_game(group, hands=anne_wins())
    sheet = game_file("amerikaner", FOUR, anne_wins(), start={"Bjørn": 1})  # not tonight's
    response = phone.post(_url(group), {"file": _upload(sheet), "played": "2026-10-03"})
    assert response.status_code == 302
    game = Game.objects.exclude(pk=tonight.pk).get()
    assert game.night is not None and game.night.date == dt.date(2026, 10, 3)
    assert timezone.localtime(game.created_at).date() == dt.date(2026, 10, 3)
    assert GameStat.objects.filter(game=game).values_list("date", flat=True).distinct().get() == (
        dt.date(2026, 10, 3)
    )
    # Its night lists it, tonight's does not; and tonight's game is rated after it.
    night = text(phone.get(reverse("night", args=[group.edit_key, game.night.code])))
    assert reverse("game", args=[group.edit_key, game.code]) in night
    assert reverse("game", args=[group.edit_key, tonight.code]) not in night
    order = Rating.objects.filter(group=group).order_by("played_at", "game_id")
    assert list(order.values_list("game_id", flat=True).distinct()) == [game.pk, tonight.pk]
    anne = Rating.objects.get(game=tonight, player__name="Anne")
    assert (anne.mu_before, anne.sigma_before) == pytest.approx(
        Rating.objects.filter(game=game, player__name="Anne").values_list("mu", "sigma").get()
    )


def test_an_empty_date_is_tonight_and_a_date_to_come_is_refused(
    phone: Client, group: Group
) -> None:
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    response = phone.post(_url(group), {"file": _upload(PAPER), "played": tomorrow.isoformat()})
    assert response.status_code == 400
    assert "That date has not come yet." in text(response)
    long_ago = phone.post(_url(group), {"file": _upload(PAPER), "played": "0001-01-01"})
    assert "An evening from 2000 on." in text(long_ago)
    assert Game.objects.count() == 0
    assert phone.post(_url(group), {"file": _upload(PAPER), "played": ""}).status_code == 302
    game = Game.objects.get()
    assert game.night is not None and game.night.date == Night.evening_of(timezone.now())


def test_today_after_midnight_is_tonight_and_never_a_time_to_come(
    phone: Client, group: Group
) -> None:
    # Half past midnight on 1 December: the table's evening is 30 November's.
    after_midnight = timezone.make_aware(dt.datetime(2026, 12, 1, 0, 30))
    with mock.patch("django.utils.timezone.now", return_value=after_midnight):
        sent = phone.post(_url(group), {"file": _upload(PAPER), "played": "2026-12-01"})
    assert sent.status_code == 302
    game = Game.objects.get()
    assert game.created_at == after_midnight
    assert game.night is not None and game.night.date == dt.date(2026, 11, 30)
