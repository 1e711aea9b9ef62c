"""Plain whist, for the tests only: the proof that a new game is one module.

Scoring: two teams of two, partners sitting opposite; all 13 tricks are played each hand
and a hand lists both teams' tricks. The team that takes more than six scores a point for
each trick over six (its "odd tricks"); the other scores nothing. The first team to reach
the target (5) wins. A misdeal is redealt by the next player.

Nothing outside this module knows about whist: a test registers it (`registered`) and
plays it through the whole site.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from games.rules import GAMES
from games.rules.base import (
    PLAYED,
    REDEAL_SCORE,
    CardGame,
    Explanation,
    HandInput,
    Option,
    Reason,
    Redeal,
    Score,
    State,
    Table,
    Team,
    Verdict,
    check_keys,
    dealer_input,
    number_rule,
    reached,
    read_counts,
    read_name,
    read_redeal,
    redeal_explanation,
    redeal_input,
    redeal_summary,
)
from games.rules.figures import Figure, FigureTable
from games.rules.rulebook import read_house_rules
from games.rules.teams import parse_teams
from games.rules.text import Param, Text, _, error

TRICKS = 13
BOOK = 6  # the tricks that score nothing


@dataclass(frozen=True, kw_only=True)
class Rules:
    target: int = number_rule(_("Target"), 5, _("The first team to reach it wins."), minimum=1)


@dataclass(frozen=True)
class WhistHand:
    dealer: str
    tricks: Mapping[str, int]  # per team


class Whist(CardGame[Rules, WhistHand | Redeal]):
    name = "whist"
    title = Text("Whist")
    rules_class = Rules
    seats = (4, 4)
    team_game = True
    redeal_keeps_dealer = False
    figure_tables = (
        FigureTable(
            "hands",
            Text("Hands"),
            (
                Figure(Text("Best hand"), "best_hand", "signed"),
                Figure(Text("Worst hand"), "worst_hand", "signed"),
            ),
        ),
    )

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        return Rules(**read_house_rules(self.house_rules(), raw, self.name))

    def parse_teams(self, raw: object, players: tuple[str, ...]) -> tuple[Team, ...]:
        return parse_teams(raw, players, self.name)

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> WhistHand | Redeal:
        redeal = read_redeal(raw, table)
        if redeal is not None:
            return redeal
        check_keys(raw, {"dealer", "tricks", "redeal"})
        dealer = read_name(raw, "dealer", table.players)
        assert dealer is not None
        tricks = read_counts(raw, "tricks", table.sides, what="team")
        if set(tricks) != set(table.sides) or sum(tricks.values()) != TRICKS:
            raise error(
                "the two teams' tricks must add up to %(tricks)d", field="tricks", tricks=TRICKS
            )
        return WhistHand(dealer, tricks)

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: WhistHand | Redeal) -> Score:
        if isinstance(hand, Redeal):
            return REDEAL_SCORE
        return Score({team: max(hand.tricks[team] - BOOK, 0) for team in table.sides})

    def decide(
        self, table: Table[Rules], state: State, hand: WhistHand | Redeal, score: Score
    ) -> Verdict | None:
        over = reached(state, table.rules.target)
        if not over:
            return None
        winner = max(over, key=lambda team: state.totals[team])
        facts: dict[str, Param] = {
            "winner": winner,
            "total": state.totals[winner],
            "target": table.rules.target,
        }
        return Verdict((winner,), "reached", facts)

    # --- The words ---

    def explain(self, table: Table[Rules], hand: WhistHand | Redeal, score: Score) -> Explanation:
        if isinstance(hand, Redeal):
            return redeal_explanation()
        return Explanation(
            (Text("Each trick over six scores a point."),),
            tuple(
                Reason(
                    team,
                    score.points[team],
                    Text("Took %(tricks)d tricks.", {"tricks": hand.tricks[team]}),
                )
                for team in table.sides
            ),
        )

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        return Text("%(winner)s reached the target with %(total)d and wins.", verdict.facts)

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        redeal = redeal_summary(raw)
        return redeal if redeal is not None else Text("A hand of whist")

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        return (
            dealer_input(table),
            redeal_input("Misdeal", "Nobody scores; the next player deals."),
            HandInput(
                name="tricks",
                label=Text("Tricks per team"),
                kind="tricks",
                minimum=0,
                maximum=TRICKS,
                options=tuple(Option(team, Text(team)) for team in table.sides),
                shown_when=PLAYED,
            ),
        )


@contextmanager
def registered() -> Iterator[Whist]:
    """Whist in the registry (after the real games) for as long as the block runs."""
    game = GAMES["whist"] = Whist()
    try:
        yield game
    finally:
        del GAMES["whist"]
