"""Statistics read over many games (`sums`), from the rows each finished game keeps
(`GameStat`, `PairStat`: written by the game itself, see `Game._write_statistics`)."""

from games.stats.sums import (
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
    "wins_series",
]
