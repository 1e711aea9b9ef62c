"""Settings for Scorekeeper, all read from the environment.

Every value has a default that is safe for running on a home network with `make run`.
The README lists the variables. A server reachable from the internet must at least set
SECRET_KEY and ALLOWED_HOSTS.
"""

import ipaddress
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_flag("DEBUG")

# The fallback keeps `make run` working without any setup. Sessions and CSRF tokens
# signed with it are only as secret as this file, so production must set SECRET_KEY.
BUILT_IN_SECRET_KEY = "django-insecure-scorekeeper-local-only-set-SECRET_KEY-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", BUILT_IN_SECRET_KEY)

# "*" because the app is meant for a home network, where phones reach it by an IP
# address that nobody knows in advance. Set a list when serving on a real host name.
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "*")


# The networks of a home or an office, which the internet cannot reach: RFC 1918, the
# link-local ones, IPv6's unique local addresses, and the machine's own.
PRIVATE_NETWORKS = [
    ipaddress.ip_network(network)
    for network in (
        *("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8"),
        *("::1/128", "fc00::/7", "fe80::/10"),
    )
]


def _on_own_network(host: str) -> bool:
    """Whether only this machine or its own network can reach the app by `host`: "*" (the
    home-network default), "localhost", or a loopback or private address. A host name or
    a public address means the internet may."""
    if host in ("*", "localhost"):
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return any(address in network for network in PRIVATE_NETWORKS)


# Reachable from the internet, a key published in the source would let anyone forge
# sessions: refuse to start rather than run so.
if SECRET_KEY == BUILT_IN_SECRET_KEY and not all(map(_on_own_network, ALLOWED_HOSTS)):
    raise ImproperlyConfigured(
        "ALLOWED_HOSTS names a host or an address outside this network, so the app may be "
        "on the internet: set SECRET_KEY to a long random value of your own (see the "
        "README, Putting it on the internet)."
    )

# The admin pages only when asked for: they are one more login to guess at.
ADMIN = _env_flag("ADMIN")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    # SimpleAppConfig: the plain "template_partials" entry rewrites TEMPLATES at
    # start-up; we configure its loader below instead, so the settings say what runs.
    "template_partials.apps.SimpleAppConfig",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "games.middleware.LinkPagesUnindexedMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and live fragments compress about ten to one; Django's gzip adds random
    # padding against BREACH, and static files come precompressed from WhiteNoise.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before anything reads the body: refuses a body too large and a client too fast.
    "games.middleware.LimitsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, so that it sees a view's exception first: a database away answers 503.
    "games.middleware.DatabaseAwayMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # The partials loader serves "page.html#partial" names; it wraps the usual
            # cached filesystem and app-directory loaders (hence no APP_DIRS).
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
        },
    },
]

# SQLite (the default, or DATABASE_URL=sqlite:///path) in WAL mode, which lets the
# watching phones read while the scorer writes; IMMEDIATE takes the write lock when a
# transaction starts, so two writers wait for each other instead of failing with
# "database is locked"; and a write waits up to 30 s, far longer than the longest one
# (a 10,000-hand import held it 1.3 s on an idle 2-core machine, 5 s on a busy one).
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 30,
}

if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=600, conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / "db.sqlite3"),
            "OPTIONS": SQLITE_OPTIONS,
            # Each server thread keeps its connection, as with DATABASE_URL: opening the
            # file and setting its options again cost a poll more than its one query.
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
        }
    }


# Without CACHE_URL each worker process keeps a cache in its own memory. With
# CACHE_URL (e.g. redis://127.0.0.1:6379/0) every app server shares one Redis. The cache
# only ever saves work: django-redis's IGNORE_EXCEPTIONS answers a cache that is down
# (refused at once) or hung (half a second a call, SOCKET_*_TIMEOUT) as a miss, so pages,
# polls and saves go on from the database, and its connection pool connects again once
# Redis is back. The errors it ignores are not logged: every request meets them then.
def redis_cache(url: str) -> dict[str, object]:
    return {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": url,
        "OPTIONS": {
            "IGNORE_EXCEPTIONS": True,
            "SOCKET_CONNECT_TIMEOUT": 0.5,
            "SOCKET_TIMEOUT": 0.5,
        },
    }


CACHES: dict[str, dict[str, object]]
if os.environ.get("CACHE_URL"):
    CACHES = {"default": redis_cache(os.environ["CACHE_URL"])}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            # The kept parts of the game pages, beside the request rates; when full, the
            # least recently used tenth goes. A table of twelve hands followed by both
            # links keeps about 38 parts in a worker (each hand's row among them), and each
            # change leaves about 11 behind: a worker must hold every table's parts and
            # what a round of changes leaves, or the first phone after every change draws
            # every row again. 135,000 (what a cull leaves) hold 2,000 such tables (about
            # 100,000) with room for longer games. The parts a change leaves behind are
            # never read again and stay until culled, about 3 kB each: a worker's cache
            # fills to about 450 MB, at 2,000 tables within minutes, at one table after
            # some 13,000 hands in the worker's life. A tenth, not Django's third, so that
            # a cull holds the worker a few milliseconds, not tens (docs/scale.md).
            "OPTIONS": {"MAX_ENTRIES": 150_000, "CULL_FREQUENCY": 10},
        }
    }

# This release of the app: the parts of pages kept in the cache are kept under it, so a
# deploy never serves what the release before it drew from a shared cache. Set RELEASE
# (e.g. to the commit deployed); unset, the hash of the static files' manifest stands for
# it (`games.models.release`), which changes with every deploy that changes a static file.
RELEASE = os.environ.get("RELEASE", "")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("nb", _("Norsk bokmål")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Django's own formats for each language, but English tells the time as the table does,
# on a 24-hour clock (scorekeeper/formats/en/formats.py).
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Oslo")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # WhiteNoise's hashed, compressed files, with our own scripts and styles minified.
    "staticfiles": {"BACKEND": "games.storage.MinifiedStaticFilesStorage"},
}

# HTTPS-only settings (secure cookies, HSTS, SSL redirect) stay off: on a home network
# the app is reached over plain http, and `manage.py check --deploy` warns about them.
# HTTPS=1 turns them on, for the app behind an HTTPS proxy that sets X-Forwarded-Proto.
if _env_flag("HTTPS"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
CSRF_COOKIE_SAMESITE = "Lax"
# Sessions hold only which player a device is and its language: a signed cookie keeps
# them off the database, so a polling phone costs no session query.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"
SESSION_COOKIE_SAMESITE = "Lax"

# Only this site's own scripts, styles, images and requests (django-csp). Style
# attributes stay allowed: the server-drawn SVG charts colour their lines with them, and
# with images limited to this site they cannot fetch anything from elsewhere. A style
# element only with this response's nonce: the hand form's own rules (`HandForm.style`),
# drawn in the page's head, outside every part htmx swaps in with another response's nonce.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, NONCE],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        # NoSleep.js keeps a plain-http phone's screen on with a tiny video it carries
        # inline as data: URLs (games/static/games/vendor/); nothing is fetched.
        "media-src": [SELF, "data:"],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

# Request rates (games.middleware) count in the default cache: shared by every worker
# with CACHE_URL, else each worker counts alone (the README says so). A cache shared in
# files cost every counted request 0.8 ms against 24 µs in memory; a database cache 6.6 ms.
RATELIMIT_ENABLE = not _env_flag("NO_RATE_LIMITS")
# A cache that is down counts nothing: requests go through rather than being refused.
RATELIMIT_FAIL_OPEN = True
# Behind an HTTPS proxy every request comes from the proxy: name the header in which it
# passes on the client's address (nginx: X-Real-IP), so each client is counted apart.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "")

# A change to an earlier game (a correction, a game restored from a backup) rates every
# later game of its kind in the group again and awards its season again: after the change
# is committed, in a thread of its own, so that the answer does not wait for them (3,000
# games rated again took 0.6 s). CHAIN_IN_TRANSACTION=1 works them out inside the change
# instead, as the tests do (see games/derived.py).
CHAIN_AFTER_COMMIT = not _env_flag("CHAIN_IN_TRANSACTION")

# The address the group page gives the phones in its links and QR codes, as scheme and
# host ("https://score.example"), when the app sits behind a proxy or a host name.
# Unset, the links use the address the page was opened on, or this computer's address on
# the network when it was opened on its own (localhost).
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "filters": {
        "hide_keys": {"()": "games.logs.HideKeys"},
        "refusals_in_one_line": {"()": "games.logs.RefusalsInOneLine"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["hide_keys", "refusals_in_one_line"],
        },
    },
    "root": {"handlers": ["console"], "level": "INFO"},
    # Replaces Django's default "django" logger, which prints only when DEBUG is on
    # and would print every line twice through the root logger when it is.
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}
