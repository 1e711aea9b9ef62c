"""Templates stay readable in a diff: no line over 200 characters. Django reads a template
tag on one line, so a long one is broken where HTML shows no difference: between a tag's
attributes, between block elements, at a space of text, or inside
`{% blocktranslate trimmed %}` (the message stays the same)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 200


def test_no_template_line_is_over_200_characters() -> None:
    long = [
        f"{path.relative_to(ROOT)}:{number} ({len(line)})"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > LONGEST
    ]
    assert long == []


def test_no_one_line_comment_runs_onto_a_second_line() -> None:
    # Django reads `{# ... #}` on one line only: one that goes on shows its words on the page.
    open_comments = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*"))
        if path.is_file()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert open_comments == []
