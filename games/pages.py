"""The game page and its live part, rendered once per version of the game and served from
the cache to every phone after the first.

What a page shows depends on the game's version, the language, the link (full or
view-only) and the group's name; all of them are in the cache key, and the version is read
afresh for every request (from the database, or for a poll from the shared cache that
every change writes, `games.live`). So whichever worker answers, and whatever its cache
holds, a phone never gets a page older than the version it read: an older page is kept
under an older key, which no request names any more.

The few bits that differ from one request to the next are slots in the kept text, filled
in on the way out: the CSRF token, the hand form's entry key (one per form shown, see
`Game.add_hand`), and the messages for this phone (beside a winner banner, only those
that say something was refused). A slot holds NUL characters, which no name or other text
stored here can contain (Django's form fields refuse them), so it can never be mistaken
for something a player typed.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.messages import WARNING, get_messages
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.forms import new_form_token

if TYPE_CHECKING:
    from games.models import Game

CSRF = "\x00csrf\x00"
ENTRY = "\x00entry\x00"
MESSAGES = "\x00messages\x00"
BESIDE_WINNER = "\x00messages-beside-winner\x00"
# In the next hand's empty form, kept once per game (`hand_form`).
NUMBER = "\x00number\x00"
DEALER = "\x00dealer\x00"
CHECKED = re.compile("\x00checked:([^\x00]*)\x00")


def checked_slot(value: object) -> SafeString:
    """Where a radio button says whether it is checked, when that is filled in later."""
    return mark_safe(f"\x00checked:{value}\x00")


def link(name: str, *args: str | int) -> str:
    """The path of the view `name` with these arguments, as ``{% url %}`` gives it (the
    `link` template tag), made once per process: a game's page draws the same dozen links
    at every version, and making one costs more than the rest of the link's work."""
    # By the URL conf in force (a request's, or the settings' at the time, which a test
    # may change) and the prefix the app is served under.
    return _link(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(), name, args)


@functools.lru_cache(maxsize=4096)
def _link(urlconf: str, prefix: str, name: str, args: tuple[str | int, ...]) -> str:
    return reverse(name, urlconf=urlconf, args=args)


#: A page is asked for again within minutes; an hour keeps a game night's pages warm.
LIFETIME = 60 * 60


def slots() -> dict[str, Any]:
    """What a kept page is rendered with instead of this request's own values."""
    return {
        "csrf_token": CSRF,
        "entry_slot": ENTRY,
        "messages_slot": mark_safe(MESSAGES),
        "messages_beside_winner_slot": mark_safe(BESIDE_WINNER),
    }


#: The only query strings a kept page is kept for; a page asked for with any other is
#: drawn for that request alone (so that made-up ones cannot crowd out the real pages).
KEPT_QUERIES = ("", "hands=all")


def key(
    request: HttpRequest, part: str, game: Game, group_name: str, *, everything: bool = False
) -> str | None:
    """The cache key of one part of one game's page at one version, as this request would
    see it, or None if it is not to be kept: the game's row (a restored game is a new row,
    even under its old code and version), its path (the link, full or view-only), whether
    it shows every hand, the group's name (in the page's title), whether htmx asks, and
    this release of the app."""
    query = request.META.get("QUERY_STRING", "")
    if query not in KEPT_QUERIES:
        return None
    htmx = "HX-Request" in request.headers
    seen = f"{request.path}?{query}\n{group_name}\n{everything}\n{htmx}\n{release()}"
    digest = hashlib.blake2b(seen.encode(), digest_size=12).hexdigest()
    return f"page:{part}:{game.pk}:{game.code}:{game.version}:{get_language()}:{digest}"


@functools.cache
def release() -> str:
    """This release of the app, as the pages it draws depend on it: its templates, its
    translations, its Python code, and the collected static files its pages link to. A
    page kept by the release before a deploy is then never served by the one after it."""
    digest = hashlib.blake2b(digest_size=12)
    base = Path(settings.BASE_DIR)
    for folder, pattern in (("templates", "*.html"), ("locale", "*.mo"), ("games", "*.py")):
        for path in sorted((base / folder).rglob(pattern)):
            digest.update(path.read_bytes())
    digest.update(str(getattr(staticfiles_storage, "manifest_hash", "")).encode())
    return digest.hexdigest()


def render(
    request: HttpRequest,
    template: str,
    cache_key: str | None,
    context: Callable[[], dict[str, Any]],
    *,
    after_change: bool = False,
) -> str:
    """`template` for this request: from the cache, or rendered with slots and kept.

    The answer to a change (`after_change`, inside its transaction) is kept only once the
    transaction commits: a page of a change rolled back would stand for a version that
    never was."""
    if cache_key is None:
        return render_once(request, template, context())
    text = _kept(
        cache_key,
        lambda: render_to_string(template, context() | slots(), request),
        after_change=after_change,
    )
    return fill(request, text)


def _kept(cache_key: str, draw: Callable[[], str], *, after_change: bool = False) -> str:
    """The text kept under `cache_key`, or `draw`n and kept (once the transaction around
    it commits, for the answer to a change)."""
    cache = caches["default"]
    text: str | None = cache.get(cache_key)
    if text is None:
        kept = text = draw()
        if after_change:
            transaction.on_commit(lambda: cache.set(cache_key, kept, LIFETIME))
        else:
            cache.set(cache_key, kept, LIFETIME)
    return text


def kept_parts(kind: str, parts: list[tuple[str, Callable[[], str]]]) -> list[SafeString]:
    """Fragments kept by what they show rather than by version: each `(seen, draw)` names
    in words everything its text depends on, and is drawn only if no text is kept under
    that. A hand's row at one version is the same text at the next unless its hand, its
    totals or its marks changed, so a new version draws only the rows that changed. Kept
    under the language and release as well; read and written in one go each (one round
    trip to a shared cache). Drawn with no slot in them, so they can be kept at once."""
    cache = caches["default"]
    suffix = f"\n{get_language()}\n{release()}"
    keys = [
        f"part:{kind}:" + hashlib.blake2b((seen + suffix).encode(), digest_size=16).hexdigest()
        for seen, _draw in parts
    ]
    kept: dict[str, str] = cache.get_many(keys)
    drawn = {key: draw() for key, (_seen, draw) in zip(keys, parts, strict=True) if key not in kept}
    if drawn:
        cache.set_many(drawn, LIFETIME)
    return [mark_safe(kept[key] if key in kept else drawn[key]) for key in keys]


def hand_form(
    game: Game, link: str, render: Callable[[], str], number: int, dealer: str | None
) -> SafeString:
    """The next hand's empty form: the same for every hand of a game but for its number
    and the dealer (checked, and named as the rotation's), so drawn once per game, link and
    language (`render`, with `NUMBER` and `DEALER` for them) and kept; the CSRF token and
    entry key stay slots for `fill`. A game's players and rules never change once it has
    started."""
    cache_key = f"page:form:{game.pk}:{game.code}:{link}:{get_language()}:{release()}"
    text = _kept(cache_key, render).replace(NUMBER, str(number))
    text = text.replace(DEALER, escape(dealer or ""))
    return mark_safe(CHECKED.sub(lambda m: " checked" if m[1] == dealer else "", text))


def fill(request: HttpRequest, text: str) -> SafeString:
    """A kept page with this request's CSRF token, entry keys and messages."""
    if CSRF in text:
        text = text.replace(CSRF, get_token(request))
    while ENTRY in text:
        text = text.replace(ENTRY, new_form_token(), 1)
    for slot in (MESSAGES, BESIDE_WINNER):
        if slot in text:
            text = text.replace(slot, _messages(request, beside_winner=slot == BESIDE_WINNER))
    return mark_safe(text)


def _messages(request: HttpRequest, *, beside_winner: bool) -> str:
    """This phone's messages. Beside a winner banner only what was refused (a warning, an
    error: nothing happened) stands; a confirmation ("Hand 12 saved") gives way to the
    banner, which says more. Every message is read either way, so none comes back later."""
    said = get_messages(request)
    if not len(said):
        return ""
    shown = [message for message in said if not beside_winner or message.level >= WARNING]
    return render_to_string("_messages.html", {"messages": shown}) if shown else ""


def render_once(request: HttpRequest, template: str, context: dict[str, Any]) -> SafeString:
    """`template` rendered for this request only (a form with its errors, a conflict): the
    same slots, filled at once, so that every game page is made one way."""
    return fill(request, render_to_string(template, context | slots(), request))
