"""Reading a game page the way a player does: the scoreboard, the winner, the messages."""

from __future__ import annotations

import re
from html import unescape
from typing import Protocol

_ROW = re.compile(
    r'<tr class="[^"]*" data-side="([^"]*)">\s*<td>.*?</td>\s*'
    r'<td class="total" data-total>([-\u2212+]?\d+)</td>',
    re.DOTALL,
)


class Page(Protocol):
    """What the test client answers: these helpers only read its body."""

    @property
    def content(self) -> bytes: ...


_WINNER = re.compile(r'<p class="banner" id="winner">(.*?)<br>', re.DOTALL)


def text(response: Page) -> str:
    return response.content.decode()


def scoreboard(response: Page) -> dict[str, int]:
    """Each side's total as the scoreboard shows it."""
    rows = _ROW.findall(text(response))
    # Totals may be written with a true minus sign, as a score sheet writes them.
    return {unescape(side): int(total.replace("\u2212", "-")) for side, total in rows}


def winner(response: Page) -> str | None:
    """The winner banner ("🏆 Anne wins!"), or None while the game is open."""
    found = _WINNER.search(text(response))
    return " ".join(unescape(found.group(1)).split()) if found else None


def form_fields(response: Page, action: str) -> dict[str, str]:
    """The hidden inputs of the form that posts to `action`: what that button sends."""
    form = text(response).split(f'action="{action}"', 1)[1].split("</form>", 1)[0]
    inputs = (dict(_ATTRIBUTE.findall(tag)) for tag in _INPUT.findall(form))
    return {i["name"]: unescape(i["value"]) for i in inputs if i.get("type") == "hidden"}


_INPUT = re.compile(r"<input\b([^>]*)>")
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


def hand_form_is_open(response: Page) -> bool:
    return 'data-state="open"' in text(response)


def checked(response: Page, name: str) -> str | None:
    """The value of the checked radio button called `name`, as the form shows it."""
    for tag in text(response).split("<input")[1:]:
        tag = tag.split(">", 1)[0]
        if f'name="{name}"' in tag and " checked" in tag:
            return tag.split('value="', 1)[1].split('"', 1)[0]
    return None
