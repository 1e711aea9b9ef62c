"""Statistics kept per finished game (`rows`) and read over many games (`figures`)."""

from games.stats.figures import (
    PERIODS,
    HeadToHead,
    Line,
    Matrix,
    PairLine,
    People,
    Selection,
    Series,
    games_of,
    head_to_head,
    lines,
    matrix,
    pair_lines,
    people,
    period_start,
    wins_series,
)
from games.stats.rows import rebuild, refresh, rows_for

__all__ = [
    "PERIODS",
    "HeadToHead",
    "Line",
    "Matrix",
    "PairLine",
    "People",
    "Selection",
    "Series",
    "games_of",
    "head_to_head",
    "lines",
    "matrix",
    "pair_lines",
    "people",
    "period_start",
    "rebuild",
    "refresh",
    "rows_for",
    "wins_series",
]
