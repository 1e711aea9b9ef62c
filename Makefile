# `make run` serves the app to the phones on this network; `make test` runs every test, as CI
# does.

PYTHON ?= python3
VENV ?= .venv
PORT ?= 8000
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/scorekeeper
BIN := $(VENV)/bin

# apt-get needs root: use sudo when we are not root and sudo exists.
SUDO := $(if $(filter 0,$(shell id -u)),,$(shell command -v sudo))

.PHONY: run test test-fast test-postgres test-redis screenshots messages

run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput
	@echo
	@echo "Scorekeeper is starting."
	-@$(BIN)/python manage.py lan_address --port $(PORT)
	@echo
	$(BIN)/gunicorn --config python:scorekeeper.gunicorn --bind 0.0.0.0:$(PORT) --access-logfile -

# Every test, as CI runs it (.ci/run calls exactly this): lint and types; every test on
# SQLite, measuring the coverage of the rules engine alone (it must be 100%; only its own
# tests and those marked engine_coverage are traced, see tests/conftest.py); then, where
# they answer (CI starts both, and a run there fails without them), on PostgreSQL the tests
# that reach the database and with Redis the tests whose outcome can depend on the cache.
# Two test processes (the machine has 2 cores), three for the tests without a browser on
# SQLite, where a few tests wait, and for the browser tests, which wait on their Chromium
# and server part of the time. The screenshots are left out: `make screenshots`.
test: $(VENV)/.installed-dev /usr/bin/chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	# The rules engine's own tests and the few others that alone reach a line of it, traced
	# for the engine's coverage; the others untraced, in a session of their own (traced, they
	# took half as long again), the browser tests in a third (docs/testing.md). The backup
	# test between databases borrows scratch databases from this PostgreSQL server.
	$(BIN)/pytest $(PARALLEL) $(ENGINE_COVERAGE) -m "$(TRACED)" --ignore=tests/browser
	TEST_DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/pytest $(PARALLEL_WAITING) -m "not ($(TRACED))" \
		--ignore=tests/browser
	$(BIN)/pytest $(BROWSER_PARALLEL) tests/browser
	$(BIN)/coverage report --include='games/rules/*' --fail-under=100 --show-missing
	@if [ "$${CI:-false}" != false ] || $(BIN)/python -c "$$POSTGRES_ANSWERS" $(TEST_DATABASE_URL) 2>/dev/null; then \
		$(MAKE) --no-print-directory test-postgres; \
	else echo "No PostgreSQL at $(TEST_DATABASE_URL): its run is left out here (CI runs it)."; fi
	@if [ "$${CI:-false}" != false ] || $(BIN)/python -c "$$REDIS_ANSWERS" 2>/dev/null; then \
		$(MAKE) --no-print-directory test-redis; \
	else echo "No Redis at 127.0.0.1:6379: its run is left out here (CI runs it)."; fi

# pytest keeps the test modules it rewrote (their asserts) as Python keeps bytecode, here in
# the venv: where the environment says to write none (PYTHONDONTWRITEBYTECODE), each of the
# six test processes of `make test` rewrote all 300 test modules again, 6 to 10 s of CPU
# each.
test test-postgres test-redis test-fast screenshots: export PYTHONDONTWRITEBYTECODE :=
test test-postgres test-redis test-fast screenshots: export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache

# The rules engine's branches, traced into .coverage for the report, by the tests that
# reach them: the engine's own and those marked as the only test of one of its lines.
ENGINE_COVERAGE = --cov=games/rules --cov-branch --cov-report=
TRACED = engine or engine_coverage

# Each test goes to whichever process is free (a file's tests kept in one process left the
# other idle for the last minute and a half of the PostgreSQL run), two at a time: in its
# load mode pytest-xdist otherwise starts each process on a run of consecutive tests (an
# eighth of them), so the first took every `slow` test (handed out first) and ran them
# alone for most of a minute after the other had finished (docs/testing.md).
PARALLEL = -n 2 --dist load --maxschedchunk 2
# The SQLite tests without a browser in three: a few of them wait (a PostgreSQL stopped for
# ten seconds, two processes of manage.py), and a third process uses what they leave.
PARALLEL_WAITING = -n 3 --dist load --maxschedchunk 2
# The browser tests in three: each waits on its browser and server part of the time (the
# machine was busy 95 % of the run with three; the whole took 4 min 41 s to 5 min 5 s,
# against 5 min 42 s with two; docs/testing.md).
BROWSER_PARALLEL = -n 3 --dist load
export POSTGRES_ANSWERS = import psycopg, sys; psycopg.connect(sys.argv[1], dbname="postgres", connect_timeout=3).close()
export REDIS_ANSWERS = import socket; socket.create_connection(("127.0.0.1", 6379), timeout=3).close()

# The tests that reach the database (marked `database` by tests/conftest.py). Of the
# browser tests only those of racing saves, lost answers and two phones saving at once,
# and of the page tests those of pages that write or count their queries
# (`every_database`): what a page shows does not depend on the database. The backup's trip
# between the databases (`between_databases`) already went both ways in the run on SQLite.
# The browser tests in a session of their own, as in `test`: 1 min 29 s instead of 1 min 54 s.
test-postgres: $(VENV)/.installed-dev /usr/bin/chromium
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/pytest $(PARALLEL) --ignore=tests/browser \
		-m "database and not between_databases and (not page or every_database)"
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/pytest $(BROWSER_PARALLEL) tests/browser -m every_database

# The view tests whose outcome can depend on the cache (`shared_cache`: pages kept per
# version, the live poll, request rates), with the cache several app servers share (Redis
# at 127.0.0.1:6379). Each test empties the cache: each test process has a database of
# its own (tests/conftest.py), 15 and 13.
test-redis: $(VENV)/.installed-dev
	CACHE_URL=redis://127.0.0.1:6379/15 $(BIN)/pytest $(PARALLEL) tests/views -m shared_cache

# For the edit-and-test loop: the rules engine and the pages without a browser, on SQLite,
# no lint, no coverage, and without the tests marked `slow` (the fuzzers, the request
# rates: `make test` runs them, and before committing).
test-fast: $(VENV)/.installed-dev
	$(BIN)/pytest $(PARALLEL) -q -m "not slow" tests/rules tests/views

# Every page at phone size, in both languages, light and dark, saved in
# tests/browser/screenshots/ for a person to look at (every test that saves any).
screenshots: $(VENV)/.installed-dev /usr/bin/chromium
	$(BIN)/pytest $(BROWSER_PARALLEL) --screenshots tests/browser

# Needs GNU gettext (apt-get install gettext). The compiled .mo is committed, so that
# `make run` works without it; run this after changing any user-visible text.
messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l nb --no-location --no-obsolete \
		--extension=html,txt,py,webmanifest \
		--ignore=.venv --ignore=staticfiles --ignore=tests
	$(BIN)/python manage.py compilemessages --ignore=.venv

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv installs what pyproject.toml asks for: from a clean clone 15 s, where pip took 65 s of
# a CI run (docs/testing.md). pip brings uv itself into the venv.
$(BIN)/uv: | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check uv

# Stamp files: the install runs again only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e ".[dev]"
	touch $@ $(VENV)/.installed

/usr/bin/chromium:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# Page weight, server time and engine speed; nothing is written outside a temp dir.
# `make bench BENCH_ARGS=--postgres` runs on PostgreSQL (see bench/README.md).
BENCH_ARGS ?=

.PHONY: bench bench-scale bench-load bench-engines bench-screens
bench: $(VENV)/.installed
	$(BIN)/python -m bench.run $(BENCH_ARGS)

# The pages of a generated group of 10,000 games (a few minutes; see bench/README.md).
bench-scale: $(VENV)/.installed
	$(BIN)/python -m bench.run --scale $(BENCH_ARGS)

# How many tables one server holds, phones on their streams (a few minutes a count; see
# docs/scale.md). `make bench-load TABLES=500,2000`.
TABLES ?= 500,1000,2000
bench-load: $(VENV)/.installed-dev
	$(BIN)/python -m bench.run --load $(TABLES) $(BENCH_ARGS)

# The hands table's rows drawn by Django's templates and by Jinja2, and where the first
# phone's and a save's time goes, by layer (a minute; see bench/README.md).
bench-engines: $(VENV)/.installed-dev
	$(BIN)/python -m bench.run --engines $(BENCH_ARGS)

# A saved hand on the other phones' screens, in Chromium (48 hands, about two minutes).
bench-screens: $(VENV)/.installed-dev /usr/bin/chromium
	$(BIN)/python -m bench.run --screens 48 $(BENCH_ARGS)
