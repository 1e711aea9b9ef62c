"""The live poll's unchanged answer (304) without the database, when app servers share a
cache (CACHE_URL: Django's Redis backend).

Two small entries per game and per link: a game's code names its group and its version,
a link's key names its group and whether it is the full link. Every change to a game
writes the version it brings about here, under the game's row lock (so writes come in the
order of the versions); a poll that misses reads the database and adds what it found,
never overwriting what a change wrote meanwhile. A version written by a transaction that
then rolls back only costs 200 answers: the fragment's own ETag comes from the database.

Without a shared cache nothing is kept: a cache in one worker's memory cannot know what
another worker changed. With Redis down every call here reads as a miss or does nothing
(the backend's IGNORE_EXCEPTIONS, see settings), and the poll asks the database. A change
made meanwhile is not written here, so the entries live a minute only: a Redis that comes
back with what it held before answers with an old version for a minute at most (a 200 to
the phones that have the newer one: never an older version than one a phone has seen).
"""

from __future__ import annotations

from django.core.cache import BaseCache, caches
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django_redis.cache import RedisCache

# Thirty polls of a phone: the database is asked once a minute per game and link at most,
# and what a change could not write while Redis was down is forgotten within that.
LIFETIME = 60


def _cache() -> BaseCache:
    return caches["default"]


def shared() -> bool:
    """Whether the default cache is shared by every app server (Redis)."""
    return isinstance(_cache(), (RedisCache, DjangoRedisCache))


def _game(code: str) -> str:
    return f"live:game:{code}"


def _link(key: str) -> str:
    return f"live:link:{key}"


def known(key: str, code: str) -> tuple[int, bool] | None:
    """(version, full link) of this game reached by this link, from the shared cache; None
    when it does not know both (or the link is not the game's group's)."""
    if not shared():
        return None
    found = _cache().get_many([_game(code), _link(key)])
    game, link = found.get(_game(code)), found.get(_link(key))
    if game is None or link is None or game[0] != link[0]:
        return None
    return game[1], link[1]


def learn(key: str, code: str, group: int, version: int, can_edit: bool) -> None:
    """Keep what a poll read from the database, unless a change wrote something first."""
    if shared():
        _cache().add(_game(code), (group, version), LIFETIME)
        _cache().add(_link(key), (group, can_edit), LIFETIME)


def changed(code: str, group: int | None, version: int | None) -> None:
    """A change to the game brought it to `version` (called under the game's row lock); a
    deleted game has neither group nor version, and no link leads to it."""
    if shared():
        _cache().set(_game(code), (group, version), LIFETIME)


def links_replaced(*keys: str) -> None:
    """These links no longer lead anywhere."""
    if shared():
        _cache().delete_many([_link(key) for key in keys])
