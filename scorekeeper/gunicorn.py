"""gunicorn's settings for `make run`, shared with the HTTP benchmark (`bench/http.py`), so
the figures in the README come from the server the table uses.

gunicorn's ASGI worker serves `scorekeeper.asgi`: the live streams in its event loop, and
Django in two threads (`scorekeeper.asgi.THREADS`). Two workers suit a 2-core laptop.
"""

import gc
import os
import time
from typing import Any

from django.conf import settings

wsgi_app = "scorekeeper.asgi:application"
worker_class = "asgi"
workers = 2
# Connections a worker holds at once: every phone following a table keeps its stream open
# (docs/scale.md).
worker_connections = 10_000
# The worker's event loop and HTTP parser in C (uvloop, gunicorn_h1c: dependencies): the
# open streams and the requests' headers cost the worker less (docs/scale.md).
asgi_loop = "uvloop"
http_parser = "fast"
# The access log without the groups' secret keys (games/logs.py).
logger_class = "games.logs.AccessLogger"

# Django moves a worker's clock to the app's time zone (TIME_ZONE) as it reads its settings,
# so the server's own lines (starting, a worker booted or gone) were logged in the
# machine's and the requests in the app's. Every line in the app's zone:
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ["TZ"] = settings.TIME_ZONE
time.tzset()

# Seconds a stopping worker gives what it is doing (a save takes well under one): the
# phones' streams stay open until then, and each phone connects again after a delay of
# its own (htmx's jitter).
graceful_timeout = 10

# Seconds an idle connection stays open. At gunicorn's default of 2 s a poll and the server
# closing its connection could cross, and the poll failed. At 30 s a polling phone's
# connection is never idle that long.
keepalive = 30


def post_worker_init(worker: Any) -> None:
    """Python's cycle collector, tuned for a worker holding thousands of open streams (each
    about 250 objects of the streaming library's tasks, all long-lived): at the default
    thresholds it went through all of them, a million objects, every 10 to 15 s at 2,000
    tables, a second each time with every request of the worker waiting. The objects of
    the loaded app are set aside for good (`freeze`, after a collection of what loading
    left); the young generation is collected every 10,000 new objects instead of 700, so
    that fewer of a request's objects outlive it into the older ones, and all of them at
    most once every 1,000 of those collections instead of 100 (docs/scale.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 100)
