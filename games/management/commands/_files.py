"""Reading and writing the files the import and export commands take."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import CommandError

from games import gamefile
from games.rules import RuleError


def read_text(path: str) -> str:
    """The UTF-8 text in `path` ('-': standard input), a byte order mark allowed."""
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8-sig")
    with open(path, encoding="utf-8-sig") as handle:
        return handle.read()


def read_json(path: str, *, largest: int | None = gamefile.LARGEST_FILE) -> Any:
    """The JSON document in `path` ('-': standard input); a clear error names the file."""
    try:
        return gamefile.loads(read_text(path), largest=largest)
    except OSError as exc:
        raise CommandError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: cannot read the file (not UTF-8 text)") from None
    except RuleError as exc:
        raise CommandError(f"{path}: {exc}") from None


def write_text(text: str, path: str | None, stdout: Any) -> None:
    if path in (None, "-"):
        stdout.write(text, ending="")
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise CommandError(f"{path}: cannot write the file ({exc.strerror})") from None
