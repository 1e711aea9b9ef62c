"""The README's tables of house rules are what the games declare."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.rules import GAMES
from games.rules.base import house_rules_table

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize("name", list(GAMES))
def test_the_readme_lists_each_games_house_rules_as_declared(name: str) -> None:
    # Regenerate with games.rules.base.house_rules_table(GAMES[name]) when a rule changes.
    assert house_rules_table(GAMES[name]) in README.read_text()
