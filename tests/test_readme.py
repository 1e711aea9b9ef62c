"""The README says what is true: the games' house rules as declared, commands that exist,
every setting the app reads, links that lead somewhere, and it stays short enough to read."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import scorekeeper.settings
from games.rules import GAMES
from games.rules.base import house_rules_table

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


@pytest.mark.engine_coverage  # the house rules' table (house_rules_table)
@pytest.mark.parametrize("name", list(GAMES))
def test_the_readme_lists_each_games_house_rules_as_declared(name: str) -> None:
    # Regenerate with games.rules.base.house_rules_table(GAMES[name]) when a rule changes.
    assert house_rules_table(GAMES[name]) in README.read_text()


def _make_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text()
    return set(re.findall(r"^([\w-]+):", makefile, flags=re.MULTILINE))


def test_every_make_command_in_the_readme_is_in_the_makefile() -> None:
    commands = set(re.findall(r"`make ([\w-]+)", README.read_text()))
    commands |= set(re.findall(r"^make ([\w-]+)", README.read_text(), flags=re.MULTILINE))
    assert {"run", "test"} <= commands
    assert commands - _make_targets() == set()


def _variables_read_by_settings() -> set[str]:
    """Every name the settings read from the environment: `os.environ.get("X")`,
    `os.environ["X"]` and the settings' own `_env_flag("X")` and `_env_list("X", ...)`."""
    tree = ast.parse(Path(scorekeeper.settings.__file__).read_text())
    names = set()
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Call) and node.args:
            if ast.unparse(node.func) in ("os.environ.get", "os.getenv", "_env_flag", "_env_list"):
                name = node.args[0]
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
            name = node.slice
        # The helpers' own `os.environ.get(name)` reads whatever name they are given.
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            names.add(name.value)
    return names


def test_every_environment_variable_the_settings_read_is_in_the_readme() -> None:
    variables = _variables_read_by_settings()
    assert {"SECRET_KEY", "DATABASE_URL", "CACHE_URL"} <= variables
    documented = set(re.findall(r"^\| `(\w+)` \|", README.read_text(), flags=re.MULTILINE))
    assert variables - documented == set()


def test_the_readmes_links_to_the_docs_lead_to_files() -> None:
    targets = re.findall(r"\]\(([^)#:]+)\)", README.read_text())
    assert targets
    assert [t for t in targets if not (ROOT / t).exists()] == []


def test_the_readme_stays_short_enough_to_read() -> None:
    # Design notes and figures go to docs/ and bench/README.md. Each game takes a dozen
    # lines or so of its own (its rules table, taps and a worked example).
    assert len(README.read_text().splitlines()) <= 520
