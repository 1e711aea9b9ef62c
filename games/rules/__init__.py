"""The scoring engine: pure Python, no Django, one module per game.

`make_table` checks who plays and which rules apply; `play` checks and scores the hands
in order and decides the winners. Everything it says is a `Text` to be rendered in the
player's language; every refusal is a `RuleError`.
"""

from .base import (
    CardGame,
    Decision,
    GameResult,
    HandInput,
    HandOutcome,
    HouseRule,
    Option,
    Preset,
    Reason,
    ScoredHand,
    Standing,
    Table,
    Team,
    applies,
)
from .figures import Figure, Figures, FigureTable, GameFigures
from .registry import GAMES, AnyCardGame, all_awards, awards_earned, get_game, make_table, play
from .text import Names, RuleError, Text

__all__ = [
    "GAMES",
    "AnyCardGame",
    "CardGame",
    "Decision",
    "Figure",
    "FigureTable",
    "Figures",
    "GameFigures",
    "GameResult",
    "HandInput",
    "HandOutcome",
    "HouseRule",
    "Names",
    "Option",
    "Preset",
    "Reason",
    "RuleError",
    "ScoredHand",
    "Standing",
    "Table",
    "Team",
    "Text",
    "all_awards",
    "applies",
    "awards_earned",
    "get_game",
    "make_table",
    "play",
]
