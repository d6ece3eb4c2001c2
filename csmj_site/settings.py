"""One settings module, driven by environment variables.

Defaults are safe for a local run: DEBUG off unless asked for, SQLite next to the
code, Celery eager. Set DEBUG=false with a real SECRET_KEY and ALLOWED_HOSTS for
production; `manage.py check --deploy` is then clean.
"""

import datetime
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", False)
_DEV_SECRET = "csmj-insecure-local-only-key-do-not-use-in-production-7c1f0e"
SECRET_KEY = os.environ.get("SECRET_KEY") or _DEV_SECRET
# Production mode: a real secret key was given and DEBUG is off.
PRODUCTION = SECRET_KEY != _DEV_SECRET and not DEBUG
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "allauth",
    "allauth.account",
    "oauth2_provider",
    "scoring",
    "scoring.standings",
    "scoring.events",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csmj_site.middleware.ApiBodyGuardMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "leagues.middleware.ChineseFirstLocaleMiddleware",
    "csmj_site.middleware.ApiEnglishMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "leagues.middleware.HiddenNamesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csmj_site.middleware.DatabaseUnavailableMiddleware",
    "csmj_site.etags.PolledReadETagMiddleware",
    "axes.middleware.AxesMiddleware",
    "leagues.oauth_limits.RateLimitHeadersMiddleware",
    "leagues.middleware.ClubMovedMiddleware",
]

ROOT_URLCONF = "csmj_site.urls"
WSGI_APPLICATION = "csmj_site.wsgi.application"

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
                "scoring.quick.views.keeper_nav",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("DB_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the lock (BEGIN IMMEDIATE, waiting up to 20 s) rather than fail
    # with "database is locked" (read as the database being unavailable, 503) when a few
    # rounds are posted at once under `make run`.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
# A PostgreSQL streaming replica for the reads that tolerate a second of lag (boards,
# standings, player pages, follow polls: csmj_site/replica.py lists them); writes,
# migrations, Celery tasks and a caller's reads for REPLICA_STICKY_SECONDS after their own
# write stay on the primary (docs/deploy.md). Unset: one database, no router.
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
REPLICA_STICKY_SECONDS = envint("REPLICA_STICKY_SECONDS", 5)
DATABASE_ROUTERS: list[str] = []
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL, conn_max_age=envint("DB_CONN_MAX_AGE", 0)
    )
    # Test runs create no database on a read-only server: the alias reads the default's.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["csmj_site.replica.PrimaryReplicaRouter"]
    # Before the kept reads (csmj_site.etags), so that their version is read where the
    # page's content is; after everything else, so that it wraps the view and those alone.
    MIDDLEWARE.insert(
        MIDDLEWARE.index("csmj_site.etags.PolledReadETagMiddleware"),
        "csmj_site.replica.ReplicaReadsMiddleware",
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "csmj_site.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Accounts (django-allauth): sign-up with a username, a password and an optional e-mail
# address (confirmed when given), login by username or e-mail, password reset by e-mail.
# ALLOW_SIGNUP=false closes sign-up for a private installation: invitations still open it.
# Login rate limiting (django-axes): AXES_FAILURE_LIMIT failures for one username (or the
# e-mail address typed instead) from one address lock that pair out for
# AXES_COOLOFF_MINUTES (docs/reliability.md). allauth's own limits cover the rest: sign-up,
# reset and confirmation e-mails, logins per address; its failed-login limit is left to axes.
AUTHENTICATION_BACKENDS = [
    "csmj_site.auth_backends.LoginRateLimitBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=envint("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "csmj_site.middleware.lockout_response"
AXES_VERBOSE = False
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

ACCOUNT_ADAPTER = "leagues.accounts.AccountAdapter"
ACCOUNT_FORMS = {"login": "leagues.accounts.LoginForm"}
ACCOUNT_ALLOW_SIGNUP = envbool("ALLOW_SIGNUP", True)
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_SIGNUP_REDIRECT_URL = "club-new"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[csmj] "
ACCOUNT_RATE_LIMITS = {"login_failed": None}

# E-mail: printed to the console unless EMAIL_HOST names an SMTP server (README).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = envint("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = envbool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "csmj <noreply@localhost>")

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Asia/Shanghai")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# JSON bodies above this size are refused (rounds are a few KB).
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", 256 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "leagues.oauth_auth.AppTokenAuthentication",
        "leagues.token_auth.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # Signed-in callers (a token, an app's sign-in or the session) are limited per token.
    "DEFAULT_THROTTLE_CLASSES": ["leagues.oauth_limits.TokenRateThrottle"],
    # Every API body is read by the project's one JSON reader (csmj_site/jsonio.py).
    "DEFAULT_PARSER_CLASSES": ["csmj_site.jsonio.JsonBodyParser"],
    "DEFAULT_SCHEMA_CLASS": "csmj_site.api.ApiAutoSchema",
    "EXCEPTION_HANDLER": "csmj_site.api.exception_handler",
    # JSON only: any other Accept (text/html included) answers 406, as the schema says.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # The answer's type is chosen by Accept alone (no ?format=, which DRF would read).
    "URL_FORMAT_OVERRIDE": None,
    "DEFAULT_THROTTLE_RATES": {
        "anon_calculator": os.environ.get("ANON_CALCULATOR_RATE", "120/min"),
        "token": os.environ.get("API_TOKEN_RATE", "600/min"),
    },
}
# Sign-in from apps: OAuth 2 authorization code with PKCE (leagues/oauth_auth.py).
# http redirect URIs stay allowed for desktop apps' loopback callbacks (RFC 8252 §7.3):
# staff register an app's URIs in the admin, https or http://127.0.0.1 (docs/api.md).
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W008"]
OAUTH2_PROVIDER = {
    "SCOPES": {
        "read": "Read the clubs, sessions and standings you can see",
        "record": "Record, correct and void rounds; start and finish sessions",
        "organise": "Manage clubs you organise: roster, rulesets, seasons, nights",
    },
    "DEFAULT_SCOPES": ["read"],
    "PKCE_REQUIRED": True,
    "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
    "REFRESH_TOKEN_EXPIRE_SECONDS": 60 * 60 * 24 * 30,
    "ROTATE_REFRESH_TOKEN": True,
    # A spent refresh token used again (stolen?) revokes every token of its sign-in.
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https", "http"],
    # Only a checksum of each token is stored, as for personal tokens.
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    # The OAuth 2.0 Security BCP (RFC 9700) in full: no implicit or password grant, S256
    # only, tokens in the Authorization header only, exact redirect URIs, the issuer in
    # the authorization response, refresh tokens bound to their client. Plain http stays
    # allowed for a desktop app's loopback redirect (RFC 8252 §7.3), so that one check is
    # silenced below.
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_PKCE_REQUIRED": True,
    "COMPLIANT_BCP_RFC9700_REDIRECT_URI_MATCHING": True,
    "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
    "OAUTH2_VALIDATOR_CLASS": "leagues.oauth_validator.AppSignInValidator",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "csmj API",
    "DESCRIPTION": "Changsha mahjong (长沙麻将) scoring and leagues.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "csmj_site.api_schema.finish",
        "leagues.oauth_schema.rate_limit_headers",
        "csmj_site.etags.schema_hook",
    ],
    "ENUM_NAME_OVERRIDES": {
        "HandTypeCode": "scoring.api.enums.HAND_TYPE_CODES",
        "OpeningHandCode": "scoring.api.enums.OPENING_HAND_CODES",
        "FinalHandCode": "scoring.api.enums.FINAL_HAND_CODES",
        "MidgameHandCode": "scoring.api.enums.MIDGAME_HAND_CODES",
        "Preset": "leagues.api.serializers.PRESET_CODES",
        "Role": "leagues.models.Role",
        "Scope": "leagues.oauth_auth.SCOPES",
        "OutcomeKind": "scoring.api.enums.OUTCOME_KINDS",
        "Stacking": "leagues.api.serializers.STACKING_CHOICES",
        "PairRule": "leagues.api.serializers.PAIR_CHOICES",
        "TransferEvent": "scoring.api.enums.TRANSFER_EVENTS",
        "HandClass": "scoring.api.enums.HAND_CLASSES",
        "TableFeeBy": "scoring.models.FeeBy",
        "TableFeePer": "scoring.models.FeePer",
        "PenaltyKind": "scoring.api.enums.PENALTY_KINDS",
        "KongKind": "scoring.api.enums.KONG_KINDS",
        "EmptyBirds": "leagues.api.serializers.EMPTY_BIRDS_CHOICES",
        "MeldKind": "scoring.api.enums.MELD_KINDS",
        "FinalAnalysisKind": "scoring.api.analyse.FINAL_KIND",
        "DealtAnalysisKind": "scoring.api.analyse.DEALT_KIND",
        "DecompositionKind": "scoring.api.analyse.DECOMPOSITION_KINDS",
        "AnalysisMeldKind": "scoring.api.analyse.ANALYSIS_MELD_KINDS",
        "SeatingMode": "scoring.events.models.SeatingMode",
    },
}

# Celery: eager (in-process) unless a broker is configured.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A web request gives up publishing after ~1 s when the broker is down (the write has
# committed; scoring.standings.tasks logs the lost task; docs/reliability.md).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 0.5,
}

# The cache: Redis when CACHE_URL is set (one cache for every web process: the reads kept
# once per change, the follow versions, the rate counters), else each process's memory.
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# How long a read served once per change is kept (csmj_site.etags); a new version
# replaces it at once.
READ_CACHE_SECONDS = envint("READ_CACHE_SECONDS", 600)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_secrets": {"()": "csmj_site.log_filters.SecretMaskingFilter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_secrets"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
