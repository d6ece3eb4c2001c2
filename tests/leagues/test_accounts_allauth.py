"""Accounts on django-allauth: sign-up, login by username or e-mail, password reset and
e-mail confirmation through Django's e-mail backend, sign-up switched off, the lockout."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from leagues.models import Invitation, Membership
from tests.factories import TEST_PASSWORD, make_user

pytestmark = pytest.mark.django_db
PASSWORD = "table-4-mahjong-pw"


def signup(client, **fields):
    data = {"username": "xinren", "password1": PASSWORD, "password2": PASSWORD, **fields}
    return client.post(reverse("account_signup"), data)


def test_signing_up_with_a_username_and_a_password_logs_in_and_opens_the_club_wizard(client):
    response = signup(client)

    assert response.status_code == 302 and response["Location"] == reverse("club-new")
    assert client.get(reverse("home")).context["user"].username == "xinren"
    assert mail.outbox == []  # no address, no confirmation mail


def test_an_email_address_given_at_sign_up_gets_a_confirmation_mail(client):
    signup(client, email="xinren@example.com")

    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["xinren@example.com"]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", mail.outbox[0].body).group(0)
    address = EmailAddress.objects.get(email="xinren@example.com")
    assert not address.verified
    client.post(link)
    address.refresh_from_db()
    assert address.verified


def test_the_sign_up_page_is_chinese_first_and_in_the_sites_layout(client):
    page = client.get(reverse("account_signup")).content.decode()

    assert 'lang="zh-hans"' in page and "注册" in page and 'class="topbar"' in page
    assert 'name="email"' in page


def test_the_login_page_names_its_field_in_chinese_and_offers_one_forgotten_password_link(client):
    page = client.get(reverse("account_login")).content.decode()

    label = re.search(r'<label[^>]*for="id_login"[^>]*>([^<]*)<', page)
    assert label and label.group(1).strip().rstrip("：:") == "用户名或邮箱"
    assert "email" not in page.split('id="id_login"')[1].split(">")[0]  # no English placeholder
    assert page.count("忘记密码？") == 1


def test_login_works_with_the_username_or_the_email_address(client):
    user = make_user("laozhang")
    EmailAddress.objects.create(user=user, email="zhang@example.com", primary=True, verified=True)

    by_email = client.post(
        reverse("account_login"), {"login": "zhang@example.com", "password": TEST_PASSWORD}
    )
    client.post(reverse("account_logout"))
    by_name = client.post(
        reverse("account_login"), {"login": "laozhang", "password": TEST_PASSWORD}
    )

    assert by_email.status_code == 302 and by_name.status_code == 302
    assert client.get(reverse("home")).context["user"] == user


def test_a_forgotten_password_is_reset_through_the_emailed_link(client):
    user = make_user("laozhang")
    EmailAddress.objects.create(user=user, email="zhang@example.com", primary=True, verified=True)
    new = "a-brand-new-pass-77"

    client.post(reverse("account_reset_password"), {"email": "zhang@example.com"})
    link = re.search(r"https?://\S+/accounts/password/reset/key/\S+/", mail.outbox[0].body)
    form_page = client.get(link.group(0), follow=True)
    client.post(form_page.redirect_chain[-1][0], {"password1": new, "password2": new})

    user.refresh_from_db()
    assert user.check_password(new)


def test_closed_sign_up_refuses_newcomers_but_not_an_invitation(client, settings, club, owner):
    settings.ACCOUNT_ALLOW_SIGNUP = False
    closed = signup(client)
    invitation = Invitation.objects.create(club=club, role="recorder", created_by=owner)

    client.get(reverse("invite", args=[invitation.token]))
    invited = signup(client, username="invited")

    assert not get_user_model().objects.filter(username="xinren").exists()
    assert closed.status_code == 200 and "signup_closed" in closed.templates[0].name
    assert invited.status_code == 302
    assert Membership.objects.get(club=club, user__username="invited").role == "recorder"


def test_failed_logins_by_email_lock_out_like_by_username(client, settings):
    """The lockout is django-axes': per typed login and address, whatever was typed."""
    user = make_user("laozhang")
    EmailAddress.objects.create(user=user, email="zhang@example.com", primary=True, verified=True)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post(
            reverse("account_login"), {"login": "zhang@example.com", "password": "wrong"}
        )
        assert response.status_code == 200
    locked = client.post(
        reverse("account_login"), {"login": "zhang@example.com", "password": "wrong"}
    )
    right = client.post(
        reverse("account_login"), {"login": "zhang@example.com", "password": TEST_PASSWORD}
    )

    assert locked.status_code == 429 and right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_allauth_limits_sign_ups_per_address(client, settings):
    settings.ACCOUNT_RATE_LIMITS = {"signup": "2/m/ip", "login_failed": None}
    answers = []
    for i in range(3):
        answers.append(signup(client, username=f"bot{i}").status_code)
        client.logout()

    assert answers[:2] == [302, 302] and answers[2] == 429
    assert get_user_model().objects.filter(username__startswith="bot").count() == 2
