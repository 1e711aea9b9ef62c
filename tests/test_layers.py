"""The app's layers, read from its source: a view asks the presentation (`games.present`)
and renders, never another view (but the lookups by link, `games.views.access`); the
template tags ask the presentation, never a view; and a concept is one class, named once
in the whole `games` package."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "games"
#: The lookups by secret link, which every view shares.
SHARED_VIEW = "games.views.access"
#: Names each module of a kind defines by convention: Django's management commands, and
#: each game's house rules (`Rules`, one per game module; see docs/design.md).
CONVENTIONS = {"Command", "Rules"}


def _modules(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "migrations" not in path.parts)


def _imported(path: Path) -> set[str]:
    """Every module `path` imports, its names' modules included (`from games.views import
    nights` imports `games.views.nights`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _views_in(names: set[str]) -> set[str]:
    return {name for name in names if name.startswith("games.views.")}


def test_no_view_module_imports_another() -> None:
    found = {}
    for path in _modules(GAMES / "views"):
        own = f"games.views.{path.stem}"
        others = _views_in(_imported(path)) - {own, SHARED_VIEW}
        others = {name for name in others if not name.startswith(f"{SHARED_VIEW}.")}
        if others:
            found[path.name] = sorted(others)
    assert found == {}


def test_template_tags_import_no_views() -> None:
    found = {path.name: _views_in(_imported(path)) for path in _modules(GAMES / "templatetags")}
    assert {name: views for name, views in found.items() if views} == {}


def _classes(path: Path) -> list[str]:
    """The classes a module defines, but those inside another class (Django's `Meta`)."""
    tree = ast.parse(path.read_text())
    nested = {
        id(inner)
        for outer in ast.walk(tree)
        if isinstance(outer, ast.ClassDef)
        for inner in ast.walk(outer)
        if inner is not outer
    }
    return [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and id(node) not in nested
    ]


def test_no_class_name_defined_twice() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for path in _modules(GAMES):
        for name in _classes(path):
            where[name].append(str(path.relative_to(GAMES.parent)))
    twice = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert {name: paths for name, paths in twice.items() if name not in CONVENTIONS} == {}


def test_the_checks_see_what_they_look_for() -> None:
    # The checks above find nothing; this says they would find something.
    assert "games.views.access" in _views_in(_imported(GAMES / "views" / "games.py"))
    assert "Meta" not in _classes(GAMES / "models.py")
    assert "Game" in _classes(GAMES / "models.py")


#: `Game` holds its state and the changes to it; what it shows, what follows from it and
#: what it is rated live elsewhere (issue "A thin Game").
GAME_LINES = 450


def _game_class() -> ast.ClassDef:
    found = ast.parse((GAMES / "models.py").read_text()).body
    return next(n for n in found if isinstance(n, ast.ClassDef) and n.name == "Game")


def test_game_stays_thin_and_keeps_no_hidden_state() -> None:
    game = _game_class()
    assert game.end_lineno is not None
    assert game.end_lineno - game.lineno + 1 <= GAME_LINES
    # No attribute of its own set outside `__init__` with an underscore: no memo on it.
    hidden = {
        f"{method.name}: self.{target.attr}"
        for method in game.body
        if isinstance(method, ast.FunctionDef) and method.name != "__init__"
        for node in ast.walk(method)
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
        and target.attr.startswith("_")
    }
    assert hidden == set()
