"""The app as `make run` serves it (gunicorn, `scorekeeper.gunicorn`), in a process of its
own on a free loopback port, for the tests that need the real server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(url: str, folder: Path, static: Path, *args: str) -> Iterator[int]:
    """The server on the database at `url`, with the static files collected at `static`;
    its output goes to `folder`/gunicorn.log. Yields its port."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--config", "python:scorekeeper.gunicorn"]
    # The machine's time zone, as a shell has it: Django set this process's to the app's.
    env = {
        **{name: value for name, value in os.environ.items() if name != "TZ"},
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "tests.served_settings",
        "SERVED_STATIC_ROOT": str(static),
    }
    with (
        (folder / "gunicorn.log").open("w") as log,
        subprocess.Popen(
            [*command, "--bind", f"127.0.0.1:{port}", *args],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        ) as server,
    ):
        try:
            while not _answers(port):
                time.sleep(0.1)
            yield port
        finally:
            server.terminate()  # and the `with` waits for it


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
        return True
    except OSError:
        return False
