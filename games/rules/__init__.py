"""The scoring engine: pure Python, no Django, one module per game.

`make_table` checks who plays and which rules apply; `play` checks and scores the hands
in order and decides the winners. Everything it says is a `Text` to be rendered in the
player's language; every refusal is a `RuleError`.
"""

from .base import (
    Choice,
    Decision,
    Field,
    GameResult,
    HandOutcome,
    Preset,
    Reason,
    ScoredHand,
    Standing,
    Table,
    Team,
)
from .registry import GAMES, get_game, make_table, play
from .text import Names, RuleError, Text

__all__ = [
    "GAMES",
    "Choice",
    "Decision",
    "Field",
    "GameResult",
    "HandOutcome",
    "Names",
    "Preset",
    "Reason",
    "RuleError",
    "ScoredHand",
    "Standing",
    "Table",
    "Team",
    "Text",
    "get_game",
    "make_table",
    "play",
]
