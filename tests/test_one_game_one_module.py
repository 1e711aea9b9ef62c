"""A game lives in its own module: no other code of the app names one.

Models, forms, views, templates, statistics, backups, commands and the page's script ask
the registry (`games.rules.GAMES`) instead. Comments and docstrings may mention games; code
(names, strings, template text, script) may not. Outside the check: the game modules
themselves, the registry that lists them, the made-up games of `generate_group`, and
migrations (history).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from games.rules import GAMES
from games.rules.base import OUTPUT_KEYS

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    *(Path("games/rules") / f"{name}.py" for name in GAMES),
    Path("games/rules/registry.py"),
    # The made-up games of `generate_group`, kept out of the engine (it draws nothing).
    Path("games/management/commands/_samples.py"),
}
#: A game named by a word the game file itself uses for something else ("points", the
#: change a hand made) is looked for only where code picks a game by its name: compared
#: with it, or looking it up.
COMMON = {name for name in GAMES if name in OUTPUT_KEYS}
# Whole words, in any letter case.
NAMES = re.compile(
    r"\b(" + "|".join(sorted(set(GAMES) - COMMON, key=len, reverse=True)) + r")\b", re.I
)
PICKED = re.compile(
    r"""(\b(?:kind|game)\s*[!=]?=|GAMES\s*\[|get_game\s*\()\s*["']("""
    + "|".join(COMMON or ["-"])
    + r""")["']"""
)


def _sources() -> list[Path]:
    found = [
        *(ROOT / "games").rglob("*.py"),
        *(ROOT / "scorekeeper").rglob("*.py"),
        *(ROOT / "templates").rglob("*.html"),
        *(ROOT / "games" / "static" / "games").glob("*.js"),
    ]
    return sorted(
        path
        for path in found
        if path.relative_to(ROOT) not in ALLOWED and "migrations" not in path.parts
    )


def _python_code(text: str) -> str:
    """Names, strings and operators, without comments and docstrings."""
    kept = []
    previous = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        docstring = token.type == tokenize.STRING and previous in (
            tokenize.NEWLINE,
            tokenize.NL,
            tokenize.INDENT,
            tokenize.DEDENT,
        )
        if token.type in (tokenize.NAME, tokenize.STRING, tokenize.OP) and not docstring:
            kept.append(token.string)
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            previous = token.type
    return "\n".join(kept)


def _template_code(text: str) -> str:
    text = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", text, flags=re.S)
    return re.sub(r"{#.*?#}", "", text, flags=re.S)


def _script_code(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|[^:])//.*$", r"\1", text, flags=re.M)


@pytest.mark.parametrize("path", _sources(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_code_outside_a_games_module_names_a_game(path: Path) -> None:
    text = path.read_text()
    code = {".py": _python_code, ".html": _template_code, ".js": _script_code}[path.suffix]
    assert not NAMES.findall(code(text))
    assert not PICKED.findall(code(text))


def test_the_check_finds_a_name_in_code_and_not_in_comments() -> None:
    sample = '"""Amerikaner in a docstring."""\n# kaiser in a comment\nKIND = "euchre"\n'
    assert NAMES.findall(_python_code(sample)) == ["euchre"]
    assert not NAMES.findall(_template_code("{# american #}<p>{{ game }}</p>"))
    assert NAMES.findall(_script_code('var k = "kaiser"; // euchre')) == ["kaiser"]
    # A game named by a common word: only where code picks it by name.
    assert not NAMES.findall(_python_code('total = hand["points"]\n'))
    assert PICKED.findall(_python_code('if kind == "points":\n    pass\n'))
