"""Pages and mails in the reader's language, never codes or the other language: the
lockout page, allauth's mails (no "Hello!" from an address), an invalid reset link
(no "不正确的 token"), the offline page in the site's layout, and a 403 that names the
role needed rather than the one held."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import mail
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db


def english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def locked_out(client):
    make_user("laozhang")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = client.post(reverse("account_login"), {"login": "laozhang", "password": "wrong"})
    return response


def test_the_lockout_page_speaks_chinese_only_under_the_chinese_page(client):
    page = locked_out(client).content.decode()

    assert "登录已暂停" in page and 'class="topbar"' in page
    assert "Login locked" not in page and "Too many failed logins" not in page


def test_the_lockout_page_speaks_english_only_under_the_english_page(client):
    page = locked_out(english(client)).content.decode()

    assert "Login paused" in page
    assert "登录已暂停" not in page


def reset_mail(client):
    user = make_user("laozhang")
    EmailAddress.objects.create(user=user, email="zhang@example.com", primary=True, verified=True)
    client.post(reverse("account_reset_password"), {"email": "zhang@example.com"})
    return mail.outbox[-1]


def test_a_mail_greets_from_the_sites_name_not_its_address(client):
    body = reset_mail(client).body

    first = body.strip().splitlines()[0]
    assert first == "你好！这封邮件来自长沙麻将计分。"
    assert "Hello" not in body and "testserver的" not in body


def test_a_mail_greets_in_english_under_the_english_page(client):
    body = reset_mail(english(client)).body

    assert body.strip().splitlines()[0] == "Hello from Changsha mahjong scores!"


def test_an_invalid_reset_link_says_so_in_words_not_token(client):
    response = client.get("/accounts/password/reset/key/1-not-a-key/", follow=True)

    page = response.content.decode()
    assert "重设密码的链接无效" in page
    assert "token" not in page.lower().replace("csrfmiddlewaretoken", "")
    assert reverse("account_reset_password") in page


def test_the_offline_page_is_in_the_sites_layout_and_kept_by_the_service_worker(client):
    page = client.get(reverse("offline")).content.decode()
    worker = client.get("/sw.js").content.decode()

    assert 'class="topbar"' in page and "离线" in page and "回到首页" in page
    assert f'"{reverse("offline")}"' in worker and "__OFFLINE__" not in worker
    assert "<!doctype html><meta charset=utf-8><p>" not in worker


def test_a_recorder_on_an_organisers_page_is_told_the_organiser_role_is_needed(
    client, recorder, club
):
    client.force_login(recorder)

    response = client.get(reverse("club-edit", args=[club.slug]))

    page = response.content.decode()
    assert response.status_code == 403
    assert "需要组织者权限" in page
    assert "记录员" not in page


def test_a_member_on_the_round_form_is_told_the_recorder_role_is_needed(reader, session):
    response = reader.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    assert response.status_code == 403
    assert "需要记录员权限" in response.content.decode()
