"""An engine sentence in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.rules import Text
from games.rules.text import sheet_number


def say(text: Text | None) -> str:
    """An engine sentence in the reader's language, its numbers written as the score pages'
    tables write them ("" for none). The templates' ``say`` filter too."""
    return text.render(gettext, ngettext, sheet_number) if text is not None else ""
