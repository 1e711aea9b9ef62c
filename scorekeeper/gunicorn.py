"""gunicorn's settings for `make run`, shared with the HTTP benchmark (`bench/http.py`), so
the figures in the README come from the server the table uses.

Two workers of four threads suit a 2-core laptop: a save waits for the game's row lock,
and the watching phones' polls go on in the other threads meanwhile.
"""

wsgi_app = "scorekeeper.wsgi"
workers = 2
threads = 4
# The access log without the groups' secret keys (games/logs.py).
logger_class = "games.logs.AccessLogger"

# Seconds an idle connection stays open. Phones poll every 2 s (games/static/games/
# table.js); at gunicorn's default of 2 s a poll and the server closing its connection
# could cross, and the poll failed. At 30 s a polling phone's connection is never idle
# that long, and the idle ones cost the threaded workers no thread.
keepalive = 30
