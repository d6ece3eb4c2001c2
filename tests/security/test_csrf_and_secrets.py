"""CSRF on every browser form and every session-authenticated API write; secrets never in
error pages or logs; a lost database answers a clean 503."""

from __future__ import annotations

import io
import logging

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client, override_settings
from django.urls import include, path

from csmj_site.log_filters import MASK, SecretMaskingFilter, mask_secrets
from leagues.tokens import apitoken_create
from tests.security.urlwalk import all_routes

# Views that legitimately take a POST without a CSRF token: none among the pages. The
# calculator API is stateless, but with a session cookie DRF still demands the token.
UNSAFE_METHODS = ("post", "put", "patch", "delete")
# Read-only documentation pages: DRF answers a bare 403 before it looks at the method.
READ_ONLY_DOCS = {"swagger-ui", "redoc"}
# OAuth's token endpoints are called by apps, not browsers: they read no session cookie
# (the client proves itself with its code and verifier), so a forged form gains nothing,
# and the test below shows a signed-in browser's bare post gets OAuth's refusal.
OAUTH_APP_ENDPOINTS = {"/oauth/token/", "/oauth/revoke_token/"}


def browser(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def _routes(club, session):
    values = {"slug": club.slug, "club_slug": club.slug, "session_id": session.pk}
    return [r for r in all_routes(values) if not r.path.startswith("/admin/")]


def test_the_walk_finds_the_pages_and_the_api(club, session):
    paths = {r.path for r in _routes(club, session)}
    assert "/accounts/login/" in paths
    assert f"/c/{club.slug}/sessions/{session.pk}/rounds/new/" in paths
    assert f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/rounds/" in paths
    assert len(paths) > 40


@pytest.mark.parametrize("method", UNSAFE_METHODS)
def test_every_page_refuses_an_unsafe_request_without_a_csrf_token(owner, club, session, method):
    client = browser(owner)
    failures = []
    for route in _routes(club, session):
        if route.path in OAUTH_APP_ENDPOINTS:
            continue
        response = getattr(client, method)(route.path, {}, content_type="application/json")
        if response.status_code in (404, 405) and not route.path.startswith("/api/"):
            continue  # the page takes no such method: nothing to protect
        csrf_refusal = b"CSRF" in response.content or route.name in READ_ONLY_DOCS
        if response.status_code != 403 or not csrf_refusal:
            failures.append((route.path, response.status_code, response.content[:120]))
    assert failures == [], "\n".join(map(str, failures))


@pytest.mark.parametrize("path", sorted(OAUTH_APP_ENDPOINTS))
def test_oauths_app_endpoints_act_on_no_session_cookie(owner, path):
    response = browser(owner).post(path, {"grant_type": "authorization_code", "token": "x"})
    assert response.status_code in (400, 401)
    assert "error" in response.json()
    assert "access_token" not in response.json()


def test_the_admin_login_needs_a_csrf_token(client, db):
    response = Client(enforce_csrf_checks=True).post(
        "/admin/login/", {"username": "x", "password": "y"}
    )
    assert response.status_code == 403


def test_a_token_authenticated_api_write_needs_no_csrf_token(owner, club):
    _token, raw = apitoken_create(user=owner, name="bot")
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        f"/api/v1/clubs/{club.slug}/players/",
        {"display_name": "新人"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {raw}",
    )
    assert response.status_code == 201


# ---------------------------------------------------------------- secrets

SECRET = "s3cr3t-KEY-that-must-never-leak-0123456789abcdefghijklmnop"
DB_PASSWORD = "db-pa55word-never-shown"


def leaky_view(request):
    raise RuntimeError(
        f"boom {SECRET} postgres://csmj:{DB_PASSWORD}@db/csmj "
        f"Authorization: Bearer {request.headers.get('X-Token', '')}"
    )


def db_down_view(request):
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


def db_gone_view(request):
    raise InterfaceError("connection already closed")


urlpatterns = [
    path("leaky/", leaky_view),
    path("api/v1/leaky/", leaky_view),
    path("db-down/", db_down_view),
    path("api/v1/db-down/", db_down_view),
    path("api/v1/db-gone/", db_gone_view),
    path("", include("csmj_site.urls")),
]


@pytest.fixture
def console_log():
    """The configured console handler, writing into a buffer."""
    handler = next(h for h in logging.getLogger().handlers if h.get_name() == "console")
    buffer = io.StringIO()
    old = handler.setStream(buffer)
    yield buffer
    handler.setStream(old)


@pytest.mark.parametrize("url", ["/leaky/", "/api/v1/leaky/"])
@override_settings(ROOT_URLCONF=__name__, DEBUG=False, SECRET_KEY=SECRET)
def test_secrets_appear_neither_in_the_error_page_nor_in_the_log(owner, url, console_log):
    _token, raw = apitoken_create(user=owner, name="bot")
    client = Client(raise_request_exception=False)
    response = client.post(url, {}, HTTP_X_TOKEN=raw, HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code in (401, 500)
    logged = console_log.getvalue()
    for text in (response.content.decode(), logged):
        for secret in (SECRET, DB_PASSWORD, raw):
            assert secret not in text
    if response.status_code == 500:
        assert "RuntimeError: boom ********" in logged  # the error is logged, masked


def test_the_masking_filter_hides_tokens_headers_and_passwords():
    text = mask_secrets(
        "Authorization: Bearer csmj_abcdefghijklmnop token=csmj_zyxwvutsrqponm "
        "postgres://u:hunter2hunter2@h/db password='p4ss-w0rd-long'"
    )
    assert "csmj_abcdefghijklmnop" not in text and "csmj_zyxwvutsrqponm" not in text
    assert "hunter2hunter2" not in text and "p4ss-w0rd-long" not in text
    assert "postgres://u:********@h/db" in text


def test_the_masking_filter_masks_arguments_and_tracebacks():
    try:
        raise ValueError("token csmj_abcdefghijklmnop")
    except ValueError:
        import sys

        record = logging.LogRecord(
            "x", logging.ERROR, __file__, 1, "login %s", ("csmj_qwertyuiopasdf",), sys.exc_info()
        )
    SecretMaskingFilter().filter(record)
    out = logging.Formatter().format(record)
    assert "csmj_" not in out
    assert "ValueError: token ********" in out


# ---------------------------------------------------------------- database outages


@override_settings(ROOT_URLCONF=__name__)
@pytest.mark.parametrize("url", ["/api/v1/db-down/", "/api/v1/db-gone/"])
def test_a_lost_database_gives_the_api_a_503_in_the_error_format(url, console_log):
    response = Client(raise_request_exception=False).post(url, {})
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["errors"][0]["code"] == "service_unavailable"
    assert "Traceback" not in console_log.getvalue()


@override_settings(ROOT_URLCONF=__name__)
def test_a_lost_database_gives_the_pages_a_plain_503(console_log):
    response = Client(raise_request_exception=False).get("/db-down/")
    assert response.status_code == 503
    text = response.content.decode()
    assert "暂时无法服务" in text and "Service unavailable" in text
    assert "Connection refused" not in text


def test_a_round_write_that_loses_the_database_answers_503(recorder, club, session, monkeypatch):
    from scoring import services

    def lost(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(services, "round_record_at", lost)
    _token, raw = apitoken_create(user=recorder, name="bot")
    response = Client(raise_request_exception=False).post(
        f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/rounds/",
        {"ruleset": "changsha-67", "dealer": 0, "result": {"kind": "draw"}},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {raw}",
    )
    assert response.status_code == 503, response.content
    assert response.json()["errors"][0]["code"] == "service_unavailable"


def test_the_masking_filter_hides_the_smtp_password(settings):
    settings.EMAIL_HOST_PASSWORD = "smtp-pass-7781"

    masked = mask_secrets("SMTP login refused for smtp-pass-7781")

    assert masked == f"SMTP login refused for {MASK}"  # the rest of the line is kept
