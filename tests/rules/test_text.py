"""Sentences are rendered in the reader's language; English without a translator."""

from __future__ import annotations

from games.rules import Names, RuleError, Text
from games.rules.text import Quoted, join_names, ngettext_lazy, sheet_number

NORWEGIAN = {
    "%(first)s and %(last)s": "%(first)s og %(last)s",
    "hand %(number)d: %(message)s": "spill %(number)d: %(message)s",
    "%(names)s reached %(target)d": "%(names)s nådde %(target)d",
    "took %(count)d trick": "tok %(count)d stikk",
    "took %(count)d tricks": "tok %(count)d stikk",
    "“%(value)s”": "«%(value)s»",
    "the rule %(key)s must be one of %(allowed)s, not %(value)s": (
        "regelen %(key)s må være en av %(allowed)s, ikke %(value)s"
    ),
}


def norwegian(message: str) -> str:
    return NORWEGIAN.get(message, message)


def norwegian_plural(singular: str, plural: str, count: int) -> str:
    return norwegian(singular if count == 1 else plural)


def test_names_are_joined_in_the_readers_language() -> None:
    text = Text(
        "%(names)s reached %(target)d", {"names": Names(("Anne", "Bjørn", "Cato")), "target": 52}
    )
    assert str(text) == "Anne, Bjørn and Cato reached 52"
    assert text.render(norwegian, norwegian_plural) == "Anne, Bjørn og Cato nådde 52"


def test_values_are_quoted_in_the_readers_own_marks() -> None:
    text = Text(
        "the rule %(key)s must be one of %(allowed)s, not %(value)s",
        {"key": "deal", "allowed": Quoted(("kitty", "full-deck")), "value": Quoted(("blind",))},
    )
    assert str(text) == "the rule deal must be one of “kitty”, “full-deck”, not “blind”"
    assert text.render(norwegian, norwegian_plural) == (
        "regelen deal må være en av «kitty», «full-deck», ikke «blind»"
    )


def test_short_name_lists() -> None:
    assert join_names([]) == ""
    assert join_names(["Anne"]) == "Anne"
    assert join_names(["Anne", "Bjørn"]) == "Anne and Bjørn"


def test_plural_follows_the_count() -> None:
    assert str(ngettext_lazy("took %(count)d trick", "took %(count)d tricks", 1)) == "took 1 trick"
    assert str(ngettext_lazy("took %(count)d trick", "took %(count)d tricks", 3)) == "took 3 tricks"
    assert (
        ngettext_lazy("took %(count)d trick", "took %(count)d tricks", 3).render(
            norwegian, norwegian_plural
        )
        == "tok 3 stikk"
    )


def test_text_without_parameters_is_left_alone() -> None:
    assert str(Text("100% sure")) == "100% sure"


def test_nested_text_is_translated_too() -> None:
    inner = Text("%(first)s and %(last)s", {"first": "A", "last": "B"})
    assert (
        Text("hand %(number)d: %(message)s", {"number": 2, "message": inner}).render(norwegian)
        == "spill 2: A og B"
    )


def test_rule_error_names_the_hand_in_the_readers_language() -> None:
    error = RuleError(
        Text("%(names)s reached %(target)d", {"names": "Anne", "target": 52}), field="bid"
    ).in_hand(3)
    assert (error.hand, error.field) == (3, "bid")
    assert str(error) == "hand 3: Anne reached 52"
    assert error.render(norwegian) == "spill 3: Anne nådde 52"
    assert str(RuleError(Text("no hand here"))) == "no hand here"


MINUS = "\u2212"


def test_a_score_sheet_writes_a_true_minus_sign() -> None:
    assert [sheet_number(n) for n in (-9, 0, 12)] == [f"{MINUS}9", "0", "12"]


def test_numbers_are_written_by_whoever_shows_the_sentence() -> None:
    lost = Text("Bidder and partner %(minus_bid)d each.", {"minus_bid": -9})
    # Plain, as a terminal or a number field reads it; on the pages as the tables write it.
    assert str(lost) == "Bidder and partner -9 each."
    assert lost.render(number=sheet_number) == f"Bidder and partner {MINUS}9 each."


def test_written_numbers_reach_nested_sentences_and_plurals() -> None:
    points = ngettext_lazy("%(count)d point", "%(count)d points", -2)
    text = Text("%(team)s scores its %(points)s.", {"team": "Sør", "points": points})
    assert text.render(number=sheet_number) == f"Sør scores its {MINUS}2 points."
    assert (
        ngettext_lazy("took %(count)d trick", "took %(count)d tricks", 3).render(
            norwegian, norwegian_plural, sheet_number
        )
        == "tok 3 stikk"
    )


def test_written_numbers_leave_literal_percent_signs_and_flags_alone() -> None:
    # "%%(n)d" is a percent sign and the words "(n)d"; a flag among the facts is 1 or 0.
    text = Text("%(n)d%% sure, %%(n)d, %(flag)d", {"n": -5, "flag": True})
    assert str(text) == "-5% sure, %(n)d, 1"
    assert text.render(number=sheet_number) == f"{MINUS}5% sure, %(n)d, 1"
