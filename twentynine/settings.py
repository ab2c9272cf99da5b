"""Settings for TwentyNine, read from the environment with embedded defaults.

With no variables set the site runs on SQLite, an in-memory channel layer and
console email, which is what ``scripts/serve`` uses. ``DATABASE_URL`` switches
to PostgreSQL and ``REDIS_URL`` to the Redis channel layer. Bad values stop the
server at start-up with a message naming the variable.
"""

from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from twentynine import redis_retry
from twentynine.build import build_id
from twentynine.env import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_str,
    env_url,
)
from twentynine.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
_DEV_SECRET = "dev-only-insecure-secret-key-change-me-in-production"
SECRET_KEY = env_str("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "game",
    "twentynine",  # its management commands (housekeeping)
    "learn",
]

MIDDLEWARE = [
    # First: a probe's Host (127.0.0.1 in docker-compose) is not in a production ALLOWED_HOSTS.
    "twentynine.health.HealthChecks",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "learn.middleware.AccountLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "game.invite.fence.GuestFence",
    "twentynine.error_pages.SiteErrorPages",
]

ROOT_URLCONF = "twentynine.urls"
ASGI_APPLICATION = "twentynine.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: SQLite by default, anything dj-database-url understands otherwise.
_database_url = env_url("DATABASE_URL", ("postgres", "postgresql", "sqlite"))
if _database_url:
    DATABASES = {"default": dj_database_url.parse(_database_url, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's PostgreSQL pool (psycopg-pool): a database call borrows an open connection
        # instead of opening one (CONN_MAX_AGE must stay 0 with a pool, and does: every call
        # from the table goes through database_sync_to_async, which closes, i.e. returns, its
        # connection after the call; see tests/table/test_pool.py).
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("DATABASE_POOL_MIN", 2, minimum=0),
            "max_size": env_int("DATABASE_POOL_MAX", 10, minimum=1),
            "timeout": 10,
        }
        # With a pool, Django's health checks make the pool test a connection (one round
        # trip) before lending it: after a PostgreSQL restart the pool replaces its dead
        # connections instead of failing one request for each
        # (tests/project/test_database_restart.py).
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # SQLite ignores select_for_update(): take the write lock at BEGIN instead.
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL with synchronous=NORMAL: a commit costs no fsync (a table action is one commit),
    # and a committed action survives a crash or restart of the server process. Closing the
    # last connection checkpoints the WAL (with fsyncs), so connections are kept for a
    # minute: an SQLite connection is a file handle, not a server slot (PostgreSQL keeps 0).
    DATABASES["default"]["CONN_MAX_AGE"] = 60
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

# Channels: Redis pub/sub when REDIS_URL is set, in-memory otherwise.
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss"))
CHANNEL_LAYERS: dict[str, Any]
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # redis-py's own cap (100) fails a burst of handshakes: set it, per process.
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "max_connections": env_int("REDIS_MAX_CONNECTIONS", 500, minimum=1),
                        **redis_retry.async_options(),
                    }
                ]
            },
        }
    }
else:
    # Channels' in-memory layer, its expiry sweep throttled (see game/table/channels_adapter.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "game.table.channels_adapter.InMemoryChannelLayer"}}

# The cache holds allauth's rate limits (failed log-ins, sign-ups, password resets): with
# several processes it must be the same for all of them, so it is Redis whenever REDIS_URL
# is set (each process's own memory otherwise, enough for one process).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "twentynine",
            "OPTIONS": redis_retry.sync_options(),
        }
    }

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SITE_ID = 1
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

# django-allauth: email only, verification mandatory.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
# A confirmation link confirms on a click (POST), not on opening (a mail scanner opens it).
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
# One address per account: nobody can add someone else's address as a second one (which
# would hold it, unconfirmed, against its owner's sign-up).
ACCOUNT_MAX_EMAIL_ADDRESSES = 1
# allauth's limits plus the "Send the link again" page's per-IP one (accounts/confirmation.py).
ACCOUNT_RATE_LIMITS = {"resend_confirmation": "5/m/ip,20/h/ip"}
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"  # asks for the first name
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"  # refuses emails longer than a column holds

DEFAULT_ACCOUNT_TYPE = env_choice(
    "DEFAULT_ACCOUNT_TYPE", "standard", ("basic", "standard", "standard_guest")
)

# Email: printed to the console unless EMAIL_HOST is set.
EMAIL_HOST = env_str("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "TwentyNine <noreply@localhost>")

# The live table.
NEXT_DEAL_DELAY = env_float("NEXT_DEAL_DELAY", 4.0)
# Computer players: the pause before a bot acts, and the worker processes that think for them.
BOT_DELAY = env_float("BOT_DELAY", 1.0)
BOT_WORKERS = env_int("BOT_WORKERS", 1, minimum=1)
# Whether finished deals are analysed in the bot workers (game.table.deal_review).
DEAL_ANALYSIS = env_bool("DEAL_ANALYSIS", True)
# Seconds a process holds a bot turn it claimed (game.table.bot_claims) before another may take it.
BOT_TURN_LEASE = env_float("BOT_TURN_LEASE", 5.0, minimum=0.1)
# The turn timer (game.table.turn_timer): every timer length the host picks, and the minute a
# person may be gone while it is their turn, are multiplied by TURN_TIMER_SCALE (tests: short).
TURN_TIMER_SCALE = env_float("TURN_TIMER_SCALE", 1.0, minimum=0.001)
TURN_AWAY_AFTER = env_float("TURN_AWAY_AFTER", 60.0, minimum=1.0)
# Joins by invite link (a seat taken, a guest made, watching) one client address may make in
# ten minutes (game.invite.throttle).
INVITE_JOINS_PER_WINDOW = env_int("INVITE_JOINS_PER_WINDOW", 10, minimum=1)
# A post refused for its CSRF token gets the site's own page (templates/403_csrf.html).
CSRF_FAILURE_VIEW = "twentynine.error_pages.csrf_failure"
# Content-Security-Policy (django-csp) on every page: scripts, styles, fonts and sockets from
# the site itself only, no inline script or style (a script someone slips into a name, a chat
# line or a game's title would not run), no framing, forms posted only to the site.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
WEBSOCKET_MAX_MESSAGE_BYTES = 4096
WEBSOCKET_RATE_PER_SECOND = env_int("WEBSOCKET_RATE_PER_SECOND", 20, minimum=1)
# Sockets (tables' and dashboards' together) one account may hold open in one process
# (game.table.socket_cap); the next one is closed with 4429.
WEBSOCKETS_PER_USER = env_int("WEBSOCKETS_PER_USER", 20, minimum=1)
# Chat lines a socket may send per second (bursts of as many); three times that is a flood.
CHAT_RATE_PER_SECOND = env_int("CHAT_RATE_PER_SECOND", 1, minimum=1)
# An open socket renews its presence row this often; a row not renewed this long stops counting.
PRESENCE_REFRESH = env_float("PRESENCE_REFRESH", 30.0, minimum=1.0)
PRESENCE_EXPIRY = env_float("PRESENCE_EXPIRY", 90.0, minimum=1.0)

# The site's languages: a switcher on every page sets the language for the browser (a cookie)
# and the account (accounts.User.language); the first visit follows Accept-Language.
# The catalogues are locale/<code>/LC_MESSAGES/django.po and djangojs.po, with their
# compiled .mo files beside them (scripts/messages rebuilds both).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("bn", "বাংলা"),
    ("hi", "हिन्दी"),
    ("ne", "नेपाली"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# With DEBUG off, `collectstatic` (run by the Dockerfile) writes each file under a name with
# its content's hash, gzip and Brotli copies beside it, and WhiteNoise serves those names
# with a far-future cache; a JavaScript module's imports name the hashed files too.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "twentynine.static_storage.HashedCompressedStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

if not DEBUG:
    # A browser sends a Secure cookie back only over HTTPS: with these on, logging in over
    # plain HTTP (say http://192.168.1.5:8000 on a LAN trial) silently fails, the session
    # and CSRF cookies never coming back. Turn both off only for such a trial.
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)

LOG_LEVEL = env_choice("LOG_LEVEL", "WARNING", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"))
LOGGING = logging_config(LOG_LEVEL, env_choice("LOG_FORMAT", "text", ("text", "json")), DEBUG)

# Prometheus metrics of each process on this port (twentynine/metrics.py); off when unset.
METRICS_PORT = env_int("METRICS_PORT", 0, minimum=0)
METRICS_ADDRESS = env_str("METRICS_ADDRESS", "127.0.0.1")

# The build a page was served by; a table page whose socket reports another one reloads.
BUILD_ID = build_id(BASE_DIR)

# Under DEBUG too, a page that does not exist (or that the user may not know about) is the
# site's own 404 page, never Django's debug page with its list of URLs.
SITE_ERROR_PAGES = env_bool("SITE_ERROR_PAGES", True)
