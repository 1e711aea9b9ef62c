"""gunicorn's settings for `make run`, shared with the HTTP benchmark (`bench/http.py`), so
the figures in the README come from the server the table uses.

gunicorn's ASGI worker serves `scorekeeper.asgi`: the live streams in its event loop, and
Django in four threads (`scorekeeper.asgi.THREADS`). Two workers suit a 2-core laptop.
"""

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

# Seconds a stopping worker gives what it is doing (a save takes well under one): the
# phones' streams stay open until then, and each phone connects again after a delay of
# its own (htmx's jitter).
graceful_timeout = 10

# Seconds an idle connection stays open. At gunicorn's default of 2 s a poll and the server
# closing its connection could cross, and the poll failed. At 30 s a polling phone's
# connection is never idle that long.
keepalive = 30
