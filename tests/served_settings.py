"""The project's settings for a server a test starts in a process of its own (gunicorn, as
`make run` serves): the static files are those the test run collected (`collected_static`),
named by SERVED_STATIC_ROOT."""

import os
from pathlib import Path

from scorekeeper.settings import *  # noqa: F403

DEBUG = False
STATIC_ROOT = Path(os.environ["SERVED_STATIC_ROOT"])
