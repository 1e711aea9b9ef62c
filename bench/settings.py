"""The project's settings, with a throwaway database and static root and a bench-only view.

`bench.run` sets BENCH_TMP (and DATABASE_URL for PostgreSQL) before Django reads this.
"""

import os
from pathlib import Path

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import DATABASES

_TMP = Path(os.environ["BENCH_TMP"])

# Measure the app as it runs for the table, whatever the developer's shell says.
DEBUG = False
ROOT_URLCONF = "bench.urls"
STATIC_ROOT = _TMP / "static"

if not os.environ.get("DATABASE_URL"):
    # Keep the settings' SQLite options (WAL, IMMEDIATE): a sqlite:// DATABASE_URL would
    # drop them. Only the file moves, so the developer's db.sqlite3 stays untouched.
    DATABASES = {"default": {**DATABASES["default"], "NAME": str(_TMP / "bench.sqlite3")}}

# The bench is one client asking as fast as it can, far beyond any table: the request
# rates (games.middleware) would refuse it after a few hundred requests.
RATELIMIT_ENABLE = False
