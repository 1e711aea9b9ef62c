"""Our own JavaScript stays small: htmx polls and swaps, the server draws what the page says,
and our scripts keep only what htmx cannot do (the offline queue, keep-awake, what the
phone says while it has no connection). Files of other projects (games/vendor/) do not count."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Non-blank lines, comments included, of all our scripts together (issue 21).
MOST = 350


def _own_scripts() -> list[Path]:
    return [
        *sorted((ROOT / "games" / "static" / "games").glob("*.js")),
        ROOT / "templates" / "sw.js",
    ]


def test_our_own_scripts_keep_to_350_non_blank_lines() -> None:
    lines = {
        path.name: sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        for path in _own_scripts()
    }
    assert {"app.js", "table.js", "sw.js"} <= set(lines)
    assert sum(lines.values()) <= MOST, lines
