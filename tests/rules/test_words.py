"""Counted words agree with their number, and a winner's sentence says each figure once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given

from games import gamefile
from games.rules import get_game, make_table, play
from games.rules.base import Verdict
from games.rules.text import Text
from tests.factories import FOUR, TEAMS, bid, kaiser_hand

from .strategies import any_game

# "1 points", "-1 tricks", "1 games": a count of one (or minus one) with a plural noun.
ONE_WITH_PLURAL = re.compile(r"(?<![\d.])-?1 (points|tricks|games|hands)\b")
# "reached 10 (10)": the same figure twice in a row.
DOUBLED = re.compile(r"\b(\d+) \(\1\)")


def sentences(game: str, players: list[str], hands: list[dict[str, Any]], **setup: Any) -> str:
    """Everything the engine says about these hands: lines, reasons, the verdict, and the
    verdict's rule as it stands under the banner naming the winners."""
    result = play(make_table(game, players, **setup), hands)
    texts: list[Text] = []
    for scored in result.hands:
        texts += scored.outcome.explanation
        texts += [reason.text for reason in scored.outcome.reasons]
    if result.decision is not None:
        texts += [result.decision.text, result.decision.reason]
    return " | ".join(str(text) for text in texts)


@pytest.mark.parametrize(
    ("game", "players", "hands", "setup", "said"),
    [
        # Sør took 1 trick and the 3 of spades: 1 - 3 = -2 points; Nord 7 + 5 = 12.
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 7)],
            {"teams": TEAMS},
            [
                "Nord bid 7 and took 12 points: made, +12.",
                "Sør score what they took: -2 points.",
                "1 trick, -3 for the 3 of spades: -2 points.",
                "7 tricks, +5 for the 5 of hearts: 12 points.",
            ],
            id="kaiser-one-trick",
        ),
        # Sør took 2 tricks and the 3 of spades: 2 - 3 = -1 point.
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 6)],
            {"teams": TEAMS},
            ["Sør score what they took: -1 point.", "2 tricks, -3 for the 3 of spades: -1 point."],
            id="kaiser-minus-one-point",
        ),
        # Sør at bid-out (52 - 7 = 45) still loses its 1 - 3 = -2 points (the default rule).
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 7)],
            {"teams": TEAMS, "start": {"Sør": 45}},
            ["Sør are at bid-out (45 or more) but still lose their -2 points."],
            id="kaiser-at-bid-out-still-loses",
        ),
        # Sør took 1 trick with nothing else in it: 1 point; Nord 7 + 5 - 3 = 9.
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 7, spades="Nord")],
            {"teams": TEAMS},
            ["Sør score what they took: 1 point.", "1 trick: 1 point."],
            id="kaiser-one-point",
        ),
        # Nord bid 12 and took 7 tricks + 5 = 12 points: 40 + 12 = 52, the target exactly.
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(12, 7)],
            {"teams": TEAMS, "start": {"Nord": 40}},
            ["Nord made their bid, reached 52 and win. | Bid and reached 52."],
            id="kaiser-reached-exactly",
        ),
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 7)],
            {"teams": TEAMS, "start": {"Nord": 45}},
            [
                "Nord made their bid, reached 52 with 57 and win. | Bid and reached 52 with 57."
            ],  # 45 + 12
            id="kaiser-reached-past",
        ),
        # Euchred with one trick; the defenders' 2 points reach 10 exactly.
        pytest.param(
            "euchre",
            FOUR,
            [{"dealer": "Anne", "maker": "Anne", "tricks": 1}],
            {"teams": TEAMS, "start": {"Sør": 8}},
            [
                "Nord made trump and took only 1 trick: euchred.",
                "Sør reached 10 and win. | Reached 10.",
            ],
            id="euchre-one-trick-reached-exactly",
        ),
        pytest.param(
            "euchre",
            FOUR,
            [{"dealer": "Anne", "maker": "Anne", "tricks": 1, "alone": True}],
            {"teams": TEAMS, "start": {"Sør": 9}},
            [
                "Anne went alone and took only 1 trick: euchred.",
                "Sør reached 10 with 11 and win. | Reached 10 with 11.",
            ],
            id="euchre-lone-one-trick-reached-past",
        ),
        # Euchred with none: "took no tricks", not "took only 0 tricks".
        pytest.param(
            "euchre",
            FOUR,
            [{"dealer": "Anne", "maker": "Anne", "tricks": 0}],
            {"teams": TEAMS},
            ["Nord made trump and took no tricks: euchred."],
            id="euchre-no-trick",
        ),
        pytest.param(
            "euchre",
            FOUR,
            [{"dealer": "Anne", "maker": "Anne", "tricks": 0, "alone": True}],
            {"teams": TEAMS},
            ["Anne went alone and took no tricks: euchred."],
            id="euchre-lone-no-trick",
        ),
        # A made Amerikaner: the bidder alone scores.
        pytest.param(
            "amerikaner",
            FOUR,
            [bid("Bjørn", "amerikaner", None, {"Anne": 0, "Cato": 0, "Dina": 0})],
            {},
            [
                "Bjørn bid Amerikaner and took all 12 tricks: made.",
                "Opponent: nobody else scores when an Amerikaner is made.",
            ],
            id="amerikaner-made",
        ),
        # A redeal says so in every game that has one.
        pytest.param(
            "euchre",
            FOUR,
            [{"dealer": "Anne", "redeal": True}],
            {"teams": TEAMS},
            ["Redeal: nobody scores."],
            id="euchre-redeal",
        ),
        # The kaiser bid: every trick, and the game.
        pytest.param(
            "kaiser",
            FOUR,
            [{"dealer": "Anne", "bidder": "Anne", "kaiser": True, "made": True}],
            {"teams": TEAMS},
            ["Anne bid kaiser and made it: Nord win the game. | Anne bid kaiser and made it."],
            id="kaiser-bid-made",
        ),
        pytest.param(
            "kaiser",
            FOUR,
            [{"dealer": "Anne", "bidder": "Anne", "kaiser": True, "made": False}],
            {"teams": TEAMS},
            ["Anne bid kaiser and failed: Sør win the game. | Anne bid kaiser and failed."],
            id="kaiser-bid-failed",
        ),
        # Nord bid 7 and took 4 tricks with the 3 of spades: 1 point, failed, -45 - 7 = -52.
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 4, hearts="Sør", spades="Nord")],
            {"teams": TEAMS, "rules": {"lose_at": -52}, "start": {"Nord": -45}},
            [
                "Nord fell to -52, at or below -52 (house rule): Sør win. | "
                "Nord fell to -52, at or below -52 (house rule)."
            ],
            id="kaiser-fell",
        ),
        # The same hand; Sør's 4 tricks and the 5 of hearts reach 52 without a bid of its own.
        pytest.param(
            "kaiser",
            FOUR,
            [kaiser_hand(7, 4, hearts="Sør", spades="Nord")],
            {"teams": TEAMS, "rules": {"win_needs_bid": False}, "start": {"Sør": 44}},
            ["Sør reached 52 with 53 and win. | Reached 52 with 53."],
            id="kaiser-reached-without-a-bid",
        ),
        pytest.param(
            "kaiser",
            FOUR,
            [{"dealer": "Anne", "redeal": True}],
            {"teams": TEAMS},
            ["Redeal: nobody scores."],
            id="kaiser-redeal",
        ),
        pytest.param(
            "american",
            ["Anne", "Bjørn"],
            [{"winner": "Anne"}],
            {"rules": {"target_wins": 1}},
            [
                "Anne has won 1 game, reaching the match target of 1. | Won 1 game: the match target."
            ],
            id="american-one-game",
        ),
        pytest.param(
            "american",
            ["Anne", "Bjørn"],
            [{"winner": "Anne"}],
            {"rules": {"target_wins": 2}, "start": {"Anne": 1}},
            [
                "Anne has won 2 games, reaching the match target of 2. | Won 2 games: the match target."
            ],
            id="american-two-games",
        ),
    ],
)
def test_counted_words_and_winners(
    game: str, players: list[str], hands: list[dict[str, Any]], setup: Any, said: list[str]
) -> None:
    words = sentences(game, players, hands, **setup)
    for sentence in said:
        assert sentence in words
    assert not ONE_WITH_PLURAL.search(words)
    assert not DOUBLED.search(words)


@given(any_game)
def test_no_count_of_one_takes_a_plural_noun(document: dict[str, Any]) -> None:
    table, hands = gamefile.read(document)
    for scored in play(table, hands).hands:
        texts = [*scored.outcome.explanation, *(r.text for r in scored.outcome.reasons)]
        for text in texts:
            assert not ONE_WITH_PLURAL.search(str(text)), str(text)


def test_a_hands_words_are_put_together_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay (every change makes one) scores the hands; the words wait for a page that
    reads them, and are then the same each time they are read."""
    rules = type(get_game("amerikaner"))
    explained: list[int] = []
    explain = rules.explain

    def counted(self: Any, table: Any, hand: Any, score: Any) -> Any:
        explained.append(1)
        return explain(self, table, hand, score)

    monkeypatch.setattr(rules, "explain", counted)
    hands = [
        {
            "dealer": "Anne",
            "bidder": "Bjørn",
            "bid": 8,
            "partner": "Dina",
            "tricks": {"Anne": 2, "Cato": 1},
        }
    ] * 3
    result = play(make_table("amerikaner", list(FOUR)), hands)
    assert explained == []
    outcome = result.hands[1].outcome
    lines, reasons = outcome.explanation, outcome.reasons
    assert explained == [1]
    assert outcome.explanation == lines and outcome.reasons == reasons
    assert explained == [1]
    assert [str(reason.text) for reason in reasons if reason.side == "Anne"] == [
        "Opponent: took 2 tricks, +1 per trick."
    ]


def test_a_rule_with_no_line_of_its_own_keeps_its_sentence_under_the_banner() -> None:
    """A game whose way of ending has no line without the winner's name (a game added
    later, say) shows its sentence as it is: naming the winner twice, never nothing."""
    game = get_game("euchre")
    table = make_table("euchre", FOUR, teams=TEAMS)
    verdict = Verdict(("Nord",), "conceded", {"winner": "Nord", "total": 7, "target": 10})
    assert game.explain_reason(table, verdict) == game.explain_verdict(table, verdict)
