"""Static files as served: our own scripts and stylesheet minified on the way out.

The sources in games/static/games/ keep their comments for the developers who read them;
a phone on slow Wi-Fi has no use for them. `collectstatic` minifies our own files before
the manifest storage hashes them and WhiteNoise compresses them, so the hashed name, the
file behind it and its .br and .gz all hold the same minified bytes. Files of other
projects (games/vendor/, htmx) are served exactly as they came.
"""

import os
from collections.abc import Callable, Iterator
from typing import Any

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Our own files sit directly in games/; vendored ones in a folder below it.
OWN_FOLDER = "games"

# Comments and white space go; "/*!" comments (licences) stay.
MINIFIERS: dict[str, Callable[[str], str]] = {
    ".js": lambda source: rjsmin.jsmin(source, keep_bang_comments=True),
    ".css": lambda source: rcssmin.cssmin(source, keep_bang_comments=True),
}


def minifier(name: str) -> Callable[[str], str] | None:
    """How the static file `name` is minified, or None when it is served as it is."""
    folder, extension = os.path.dirname(name), os.path.splitext(name)[1]
    return MINIFIERS.get(extension) if folder == OWN_FOLDER else None


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed and compressed storage, hashing the minified file, and saying
    each file's address once.

    The manifest is read when the storage is made, so a file's hashed address stays what it
    is until `collectstatic` writes a new one. Every page links the same few files, and
    working an address out (`url`: the name split, cleaned, looked up, joined) was a tenth of
    the Python calls of a game page drawn from its kept parts; a `{% cache %}` of the head
    would need three fragments around the pages' own blocks, each a lookup as dear."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._addresses: dict[tuple[str | None, bool], str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        key = (name, force)
        if (address := self._addresses.get(key)) is None:
            address = self._addresses[key] = super().url(name, force)
        return address

    def post_process(
        self, paths: dict[str, tuple[Storage, str]], dry_run: bool = False, **options: Any
    ) -> Iterator[tuple[str, str | None, bool | Exception]]:
        # The manifest storage hashes and rewrites each file as read from where it was
        # found (`paths`): point it at our minified copy instead of the source.
        if not dry_run:
            paths = {name: self._minify(name, *found) for name, found in paths.items()}
        yield from super().post_process(paths, dry_run=dry_run, **options)
        self._addresses.clear()  # the new manifest's addresses from now on

    def _minify(self, name: str, storage: Storage, path: str) -> tuple[Storage, str]:
        minify = minifier(name)
        if minify is None:
            return storage, path
        with storage.open(path) as source:
            minified = minify(source.read().decode())
        # Deleted first, never written over: with `collectstatic --link` the copy is a
        # link to the source, which must stay as the developers wrote it.
        if self.exists(name):
            self.delete(name)
        self._save(name, ContentFile(minified.encode()))
        return self, name
