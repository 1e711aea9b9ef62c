"""Reading a game page the way a player does: the scoreboard, the winner, the messages."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Protocol

_ROW = re.compile(
    r'<tr class="[^"]*" data-side="([^"]*)"[^>]*>\s*<td>.*?</td>\s*'
    r'<td class="total" data-total>(?:<a [^>]*>)?([-\u2212+]?\d+)(?:</a>)?</td>',
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
    return {i["name"]: unescape(i.get("value", "")) for i in inputs if i.get("type") == "hidden"}


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


class _Finder(HTMLParser):
    """The words inside the element with one id, and the forms' actions inside it."""

    VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"})

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted, self.depth, self.found = wanted, 0, False
        self.words: list[str] = []
        self.actions: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if self.depth == 0 and values.get("id") == self.wanted and not self.found:
            self.found, self.depth = True, 1
            return
        if self.depth:
            if tag == "form":
                self.actions.append(values.get("action") or "")
            if tag not in self.VOID:
                self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.words.append(data)


def part(response: Page, id_: str) -> tuple[str, list[str]] | None:
    """The text of the element with this id (spaces squeezed) and the actions of the forms
    in it; None when the page has no such element."""
    finder = _Finder(id_)
    finder.feed(text(response))
    if not finder.found:
        return None
    return " ".join("".join(finder.words).split()), finder.actions


class _Rows(HTMLParser):
    """The cells of the table with one id, row by row, as text."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted, self.inside, self.cell = wanted, 0, False
        self.rows: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            if self.inside or dict(attrs).get("id") == self.wanted:
                self.inside += 1
        elif self.inside == 1 and tag == "tr":
            self.rows.append([])
        elif self.inside == 1 and tag in ("td", "th"):
            self.rows[-1].append("")
            self.cell = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self.inside:
            self.inside -= 1
        elif tag in ("td", "th"):
            self.cell = False

    def handle_data(self, data: str) -> None:
        if self.inside == 1 and self.cell:
            self.rows[-1][-1] = " ".join(f"{self.rows[-1][-1]} {data}".split())


def table_rows(response: Page, id_: str) -> list[list[str]]:
    """Every row of the table with this id (its head row first), each cell as its text."""
    rows = _Rows(id_)
    rows.feed(text(response))
    return rows.rows


class _Items(HTMLParser):
    """The text of each item of the list with one id."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted, self.inside = wanted, 0
        self.items: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "ul" and (self.inside or dict(attrs).get("id") == self.wanted):
            self.inside += 1
        elif self.inside == 1 and tag == "li":
            self.items.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul" and self.inside:
            self.inside -= 1

    def handle_data(self, data: str) -> None:
        if self.inside and self.items:
            self.items[-1] = " ".join(f"{self.items[-1]} {data}".split())


def list_items(response: Page, id_: str) -> list[str]:
    """The text of every item of the list with this id, spaces squeezed."""
    items = _Items(id_)
    items.feed(text(response))
    return items.items


class _Values(HTMLParser):
    """What each form field on a page would send: inputs, checked boxes, selected options,
    text boxes (only in the forms that have the attribute `within`, when given)."""

    def __init__(self, within: str | None) -> None:
        super().__init__()
        self.values: dict[str, list[str]] = {}
        self._select: str | None = None
        self._textarea: str | None = None
        self._within = within
        self._inside = within is None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        name = found.get("name")
        if tag == "form" and self._within is not None:
            self._inside = self._within in found
        if not self._inside:
            return
        if tag == "select":
            self._select = name
        elif tag == "textarea" and name:
            self._textarea = name
            self.values.setdefault(name, []).append("")
        elif tag == "option" and self._select and "selected" in found:
            self.values.setdefault(self._select, []).append(found.get("value", ""))
        elif tag == "input" and name:
            kind = found.get("type", "text")
            if kind not in ("radio", "checkbox") or "checked" in found:
                self.values.setdefault(name, []).append(found.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        if tag == "textarea" and self._textarea:
            # A browser drops the line break that opens a text box's contents.
            box = self.values[self._textarea]
            box[-1] = box[-1].removeprefix("\n")
            self._textarea = None
        if tag == "form" and self._within is not None:
            self._inside = False

    def handle_data(self, data: str) -> None:
        if self._textarea and self._inside:
            self.values[self._textarea][-1] += data


def field_values(response: Page, within: str | None = None) -> dict[str, list[str]]:
    """Each field of the page's forms by name, with the values it would send (parsed);
    with `within`, only those of the forms that have that attribute."""
    parser = _Values(within)
    parser.feed(text(response))
    return parser.values


def options(response: Page, name: str) -> list[str]:
    """The values a radio group or select called `name` offers, in page order (parsed)."""
    found: list[str] = []

    class _Options(HTMLParser):
        select: str | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = {key: value or "" for key, value in attrs}
            if tag == "select":
                self.select = values.get("name")
            elif (tag == "option" and self.select == name) or (
                tag == "input" and values.get("name") == name
            ):
                found.append(values.get("value", ""))

        def handle_endtag(self, tag: str) -> None:
            if tag == "select":
                self.select = None

    _Options().feed(text(response))
    return found


_MESSAGE = re.compile(r'<ul class="messages" role="status"[^>]*>(.*?)</ul>', re.DOTALL)
_ITEM = re.compile(r"<li[^>]*>(.*?)</li>", re.DOTALL)


def notices(response: Page) -> list[str]:
    """The messages the page shows above the game (saved, deleted, ...), as read aloud (without
    the button a message may offer)."""
    found = _MESSAGE.search(text(response))
    items = _ITEM.findall(found.group(1)) if found else []
    return [unescape(item.split("<form", 1)[0]).strip() for item in items]


def attribute(response: Page, id_: str, name: str) -> str | None:
    """The value of attribute `name` on the element with this id (None if either is absent)."""
    found: list[str | None] = []

    class _Attribute(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = dict(attrs)
            if values.get("id") == id_ and not found:
                found.append(values.get(name))

    _Attribute().feed(text(response))
    return found[0] if found else None


class _Errors(HTMLParser):
    """The text of every element of class "errorlist", in page order."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._depth:
            self._depth += 1
        elif "errorlist" in (dict(attrs).get("class") or "").split():
            self._depth = 1
            self.errors.append("")

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.errors[-1] = " ".join(f"{self.errors[-1]} {data}".split())


def form_errors(response: Page) -> list[str]:
    """What the page says is wrong with what was sent, each message as read (parsed)."""
    parser = _Errors()
    parser.feed(text(response))
    return parser.errors
