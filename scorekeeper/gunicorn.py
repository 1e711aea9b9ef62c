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
