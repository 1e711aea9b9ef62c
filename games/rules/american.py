"""American: a shedding game for two (up to five allowed); each hand is one game.

Scoring (seed rules of the game file format, scorekeeper/1): the table records only who
won each game; a player's total is the games they have won. With the house rule
`target_wins` the first player to win that many games wins the match; without it the
tally simply runs on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .base import (
    CardGame,
    Explanation,
    GameResult,
    HandInput,
    Reason,
    Score,
    Standing,
    State,
    Table,
    Verdict,
    check_keys,
    dealer_input,
    number_rule,
    player_input,
    read_name,
)
from .figures import Figure, Figures, FigureTable, GameFigures
from .rulebook import read_house_rules
from .teams import higher_of
from .text import Text, _, error, ngettext_lazy


@dataclass(frozen=True, kw_only=True)
class Rules:
    target_wins: int | None = number_rule(
        _("Games to win the match"), help=_("Empty: just keep the tally."), minimum=1
    )


@dataclass(frozen=True)
class Win:
    winner: str
    dealer: str | None


class American(CardGame[Rules, Win]):
    name = "american"
    title = Text(_("American"))
    rules_class = Rules
    minutes_per_hand = 6.0
    counters = ("game_wins",)
    highest_counters = ("best_streak",)
    figure_tables = (
        FigureTable(
            "american",
            Text(_("Single games")),
            (
                Figure(Text(_("Games won")), "game_wins"),
                Figure(Text(_("Best streak")), "best_streak"),
            ),
        ),
    )
    seats = (2, 5)
    usual_players = 2

    def parse_rules(self, raw: Mapping[str, Any], players: tuple[str, ...]) -> Rules:
        if not 2 <= len(players) <= 5:
            raise error(_("American is for 2 to 5 players, not %(count)d"), count=len(players))
        return Rules(**read_house_rules(self.house_rules(), raw, self.name))

    def standing(self, table: Table[Rules], result: GameResult) -> Standing:
        return Standing(table.rules.target_wins, {})

    def parse_hand(self, table: Table[Rules], raw: Mapping[str, Any]) -> Win:
        check_keys(raw, {"winner", "dealer"})
        winner = read_name(raw, "winner", table.players)
        assert winner is not None
        return Win(winner, read_name(raw, "dealer", table.players, required=False))

    # --- The arithmetic ---

    def score(self, table: Table[Rules], state: State, hand: Win) -> Score:
        return Score({player: int(player == hand.winner) for player in table.players})

    def decide(self, table: Table[Rules], state: State, hand: Win, score: Score) -> Verdict | None:
        target = table.rules.target_wins
        if target is None:
            return None
        over = [player for player in table.players if state.totals[player] >= target]
        if not over:
            return None
        # Only the hand's winner gains, so several over the target can only come from start
        # totals or adjustments: the hand's winner first, else the highest; level, play goes on.
        winner = hand.winner if hand.winner in over else higher_of(over, state.totals)
        if winner is None:
            return None
        return Verdict(
            (winner,), "match", {"winner": winner, "total": state.totals[winner], "target": target}
        )

    # --- The words ---

    def explain(self, table: Table[Rules], hand: Win, score: Score) -> Explanation:
        return Explanation(
            (Text(_("%(winner)s won this game: +1 game won."), {"winner": hand.winner}),),
            tuple(
                Reason(
                    player,
                    score.points[player],
                    Text(_("Won the game."))
                    if player == hand.winner
                    else Text(_("Lost the game.")),
                )
                for player in table.players
            ),
        )

    def explain_verdict(self, table: Table[Rules], verdict: Verdict) -> Text:
        facts = verdict.facts
        total = facts["total"]
        assert isinstance(total, int)
        return ngettext_lazy(
            "%(winner)s has won %(count)d game, reaching the match target of %(target)d.",
            "%(winner)s has won %(count)d games, reaching the match target of %(target)d.",
            total,
            winner=facts["winner"],
            target=facts["target"],
        )

    def explain_reason(self, table: Table[Rules], verdict: Verdict) -> Text:
        total = verdict.facts["total"]
        assert isinstance(total, int)
        return ngettext_lazy(
            "Won %(count)d game: the match target.", "Won %(count)d games: the match target.", total
        )

    def figures(self, table: Table[Rules], result: GameResult) -> GameFigures:
        figures = {player: Figures() for player in table.players}
        streak = dict.fromkeys(table.players, 0)
        for scored in result.hands:
            assert isinstance(scored.hand, Win)
            for player in table.players:
                f = figures[player]
                if player == scored.hand.winner:
                    f.extra["game_wins"] += 1
                    streak[player] += 1
                    f.extra["best_streak"] = max(f.extra["best_streak"], streak[player])
                else:
                    streak[player] = 0
                f.hand(scored.points[player], "opponent")
        return GameFigures(figures)

    def hand_summary(self, raw: Mapping[str, Any]) -> Text:
        return Text(_("%(winner)s won"), {"winner": str(raw.get("winner", "?"))})

    def inputs(self, table: Table[Rules]) -> tuple[HandInput, ...]:
        return (
            dealer_input(table, required=False),
            player_input(table, "winner", _("Winner"), _("Who went out first."), shown_when={}),
        )
