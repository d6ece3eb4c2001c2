"""Sign-up's password checks speak the page's language: every one of them in Chinese
under the Chinese page (the length check too), in English under the English one."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def signup_errors(client, password):
    data = {"username": "xinren", "password1": password, "password2": password}
    page = client.post(reverse("account_signup"), data).content.decode()
    return " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', page, re.S))


def test_a_short_password_is_refused_in_chinese_under_the_chinese_page(client):
    errors = signup_errors(client, "1234")

    assert "密码太短，至少要 8 个字符。" in errors
    assert "密码只包含数字。" in errors
    assert not re.search(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>", "", errors))


def test_a_short_password_is_refused_in_english_under_the_english_page(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    errors = signup_errors(client, "1234")

    assert "This password is too short. It must contain at least 8 characters." in errors
