"""Production settings, password validators and login rate limiting (django-axes)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

import csmj_site.settings as settings_module
from tests.factories import TEST_PASSWORD, make_user

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DEBUG"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_check_deploy_reports_nothing_with_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="csmj.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Silenced: only OAuth's http redirect URIs, kept for desktop apps' loopback callbacks.
    assert settings_module.SILENCED_SYSTEM_CHECKS == ["oauth2_provider.W008"]
    assert "System check identified no issues (1 silenced)." in result.stdout


@pytest.mark.slow
def test_check_deploy_complains_about_the_development_defaults():
    result = manage("check", "--deploy", "--fail-level", "WARNING", DEBUG="true")
    assert result.returncode != 0
    assert "security.W" in result.stdout + result.stderr


def test_production_settings_secure_cookies_and_send_hsts():
    code = (
        "from django.conf import settings as s;"
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0,"
        " s.SECURE_SSL_REDIRECT, s.SECURE_PROXY_SSL_HEADER)"
    )
    result = manage(
        "shell", "-c", code, DEBUG="false", SECRET_KEY="k" * 60, ALLOWED_HOSTS="csmj.example"
    )
    assert (
        result.stdout.strip().splitlines()[-1]
        == "True True True True ('HTTP_X_FORWARDED_PROTO', 'https')"
    )


@pytest.mark.parametrize("weak", ["12345678", "password", "abc", "qwertyuiop"])
def test_password_validators_reject_weak_passwords(db, weak):
    user = make_user("owner")
    with pytest.raises(ValidationError):
        validate_password(weak, user=user)


def test_a_strong_password_passes_the_validators(db):
    validate_password("牌桌上见-Tile-4417-Quiet", user=make_user("owner"))


def test_the_password_change_page_refuses_12345678(client, db):
    user = make_user("owner")
    client.force_login(user)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": TEST_PASSWORD, "password1": "12345678", "password2": "12345678"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["password1"]
    user.refresh_from_db()
    assert user.check_password(TEST_PASSWORD)


# ---------------------------------------------------------------- login rate limiting


def login(client, username: str, password: str, ip: str = "10.0.0.1"):
    return client.post(
        "/accounts/login/", {"login": username, "password": password}, REMOTE_ADDR=ip
    )


def test_five_failed_logins_lock_the_username_from_that_address(client, db, settings):
    make_user("owner")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client, "owner", "wrong").status_code == 200  # the form again
    locked = login(client, "owner", "wrong")
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "登录已暂停" in text and "Too many failed logins" not in text  # the page language only
    # Even the right password is refused while locked out.
    assert login(client, "owner", TEST_PASSWORD).status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_lockout_does_not_touch_another_address_or_another_username(client, db, settings):
    make_user("owner")
    make_user("member")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, "owner", "wrong")
    assert login(client, "owner", "wrong").status_code == 429
    assert login(client, "member", TEST_PASSWORD).status_code == 302
    client.logout()
    assert login(client, "owner", TEST_PASSWORD, ip="10.0.0.2").status_code == 302


def test_a_successful_login_resets_the_failure_count(client, db, settings):
    make_user("owner")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        login(client, "owner", "wrong")
    assert login(client, "owner", TEST_PASSWORD).status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client, "owner", "wrong").status_code == 200
