"""The Norwegian translation: complete, faithful to its placeholders, compiled, and used.

`make messages` extracts and compiles; the compiled .mo is committed so that `make run`
needs no gettext. These tests fail when a string was added without running it.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import polib  # type: ignore[import-untyped]
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from games.forms import rule_error
from games.present.words import say
from games.rules import RuleError, get_game, make_table, play
from tests.factories import FOUR, TEAMS, bid, kaiser_hand

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "nb" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
# Python sources that makemessages reads (it ignores .venv, staticfiles and tests).
SOURCES = sorted([*(ROOT / "games").rglob("*.py"), *(ROOT / "scorekeeper").glob("*.py")])
PLACEHOLDER = re.compile(r"%\(\w+\)[a-z]")
MARKERS = {"_", "gettext", "gettext_lazy"}
PLURAL_MARKERS = {"ngettext", "ngettext_lazy"}


@pytest.fixture(scope="module")
def po() -> polib.POFile:
    return polib.pofile(str(PO))


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _translations(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(English, Norwegian) pairs: one, or one per plural form (Norwegian has two)."""
    if entry.msgid_plural:
        return [(entry.msgid, entry.msgstr_plural[0]), (entry.msgid_plural, entry.msgstr_plural[1])]
    return [(entry.msgid, entry.msgstr)]


def test_every_entry_is_translated_and_none_is_fuzzy(po: polib.POFile) -> None:
    assert len(po) > 0
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []
    assert [e.msgid for e in po if any(not nb for _, nb in _translations(e))] == []


def test_translations_keep_the_placeholders_of_the_english(po: polib.POFile) -> None:
    # A lost or renamed %(name)s raises KeyError when the sentence is rendered.
    wrong = [
        (en, nb)
        for entry in po
        for en, nb in _translations(entry)
        if _placeholders(en) != _placeholders(nb)
    ]
    assert wrong == []


def test_compiled_catalogue_matches_the_po_file(po: polib.POFile) -> None:
    with MO.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    stale: list[tuple[str, int | None, str]] = []
    for entry in po:
        if entry.msgid_plural:
            for count, index in ((1, 0), (2, 1), (5, 1)):
                got = catalogue.ngettext(entry.msgid, entry.msgid_plural, count)
                if got != entry.msgstr_plural[index]:
                    stale.append((entry.msgid, count, got))
        else:
            got = (
                catalogue.pgettext(entry.msgctxt, entry.msgid)
                if entry.msgctxt
                else catalogue.gettext(entry.msgid)
            )
            if got != entry.msgstr:
                stale.append((entry.msgid, None, got))
    assert stale == [], "run `make messages` and commit locale/nb/LC_MESSAGES/django.mo"


def _marked_strings(path: Path) -> list[tuple[int, str | tuple[str, str]]]:
    found: list[tuple[int, str | tuple[str, str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        texts = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
        if node.func.id in MARKERS and isinstance(node.args[0], ast.Constant):
            found.append((node.lineno, str(texts[0])))
        elif node.func.id in PLURAL_MARKERS and len(texts) == 2:
            found.append((node.lineno, (str(texts[0]), str(texts[1]))))
    return found


def test_every_marked_string_in_the_code_is_in_the_catalogue(po: polib.POFile) -> None:
    # Also catches what xgettext reads differently from Python: it keeps "\u201c" in a
    # plain string literally, so such a message would never be found at run time.
    known = {(e.msgid, e.msgid_plural) if e.msgid_plural else e.msgid for e in po}
    missing = [
        (str(path.relative_to(ROOT)), line, text)
        for path in SOURCES
        for line, text in _marked_strings(path)
        if text not in known
    ]
    assert missing == [], "run `make messages` and translate the new strings"


def test_engine_explains_a_hand_in_norwegian() -> None:
    table = make_table("amerikaner", FOUR)
    # Anne bids 7 with Cato; the opponents take 3 + 2 of the 12 tricks, so the side has 7.
    result = play(table, [bid("Anne", 7, "Cato", {"Bjørn": 3, "Dina": 2})])
    explanation = result.hands[0].outcome.explanation
    with override("nb"):
        norwegian = " ".join(say(text) for text in explanation)
    with override("en"):
        english = " ".join(say(text) for text in explanation)
    assert "stikk" in norwegian
    assert "stikk: hjem." in norwegian
    assert "Anne og Cato" in norwegian
    assert "tricks" in english


@pytest.mark.parametrize(
    ("hand", "start", "said"),
    [
        # Sør took 1 trick with nothing else in it: one point, in the singular.
        pytest.param(
            kaiser_hand(7, 7, spades="Nord"), {}, "Sør får det de tok: 1 poeng.", id="one"
        ),
        # Sør took 3 tricks: 3 points.
        pytest.param(
            kaiser_hand(7, 5, spades="Nord"), {}, "Sør får det de tok: 3 poeng.", id="many"
        ),
        # Sør took 1 trick and the 3 of spades at bid-out (45): 1 - 3 = -2 points still count.
        pytest.param(
            kaiser_hand(7, 7),
            {"Sør": 45},
            "Sør har nådd meldegrensen (45 eller mer), men får likevel \u22122 poeng.",
            id="at-bid-out",
        ),
    ],
)
def test_kaiser_says_what_the_other_team_gets_in_norwegian(
    hand: dict[str, object], start: dict[str, int], said: str
) -> None:
    result = play(make_table("kaiser", FOUR, teams=TEAMS, start=start), [hand])
    with override("nb"):
        sentences = [say(text) for text in result.hands[0].outcome.explanation]
    assert said in sentences


def test_kaiser_notes_a_team_at_bid_out_in_norwegian() -> None:
    # Nord starts on 40 and makes 8 with 6 tricks and the 5 of hearts: 51, past 45.
    table = make_table("kaiser", FOUR, teams=TEAMS, start={"Nord": 40})
    note = get_game("kaiser").standing(table, play(table, [kaiser_hand(8, 6)])).notes["Nord"]
    with override("nb"):
        # At bid-out or above it: «har nådd», as the hand's own sentences say.
        assert say(note) == "Har nådd meldegrensen (45): får bare poeng på egne meldinger."


def test_rule_errors_name_the_hand_in_norwegian() -> None:
    table = make_table("amerikaner", FOUR)
    with pytest.raises(RuleError) as caught:
        play(table, [bid("Anne", 7, "Cato", {"Bjørn": 3, "Dina": 2}), {"dealer": "Bjørn"}])
    with override("nb"):
        message = rule_error(caught.value)
    # A sentence of its own on the page: a capital first, a full stop last.
    assert message == "Runde 2: melderen mangler."


def test_a_team_error_names_the_members_as_sides_in_norwegian() -> None:
    # The default team names ("Anne & Bjørn") are the game file's; the sentence pairs
    # the partners with «og» and sets the teams against each other with «mot».
    with pytest.raises(RuleError) as caught:
        make_table("euchre", FOUR, teams={"Nord": ["Anne", "Bjørn"], "Sør": ["Cato", "Dina"]})
    with override("nb"):
        message = rule_error(caught.value)
    with override("en"):
        english = rule_error(caught.value)
    assert "lagene må være Anne og Cato mot Bjørn og Dina" in message
    assert "the teams must be Anne and Cato against Bjørn and Dina" in english


def test_curly_quoted_messages_are_translated() -> None:
    with pytest.raises(RuleError) as caught:
        make_table("amerikaner", FOUR, rules={"jokers": True})
    with override("nb"):
        assert "har ingen regel «jokers»" in rule_error(caught.value)


def test_start_page_answers_in_the_browsers_language(client: Client) -> None:
    response = client.get(reverse("home"), headers={"Accept-Language": "nb"})
    assert response.status_code == 200
    assert '<html lang="nb">' in response.text
    assert "Før poeng ved kortbordet" in response.text


def test_chosen_language_is_remembered(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "nb", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nb"
    # The browser still asks for English; the cookie wins.
    later = client.get(reverse("home"), headers={"Accept-Language": "en"})
    assert "Før poeng ved kortbordet" in later.text
