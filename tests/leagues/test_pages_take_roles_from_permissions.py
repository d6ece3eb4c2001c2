"""A club page offers recording and management by the rule in ``leagues.permissions``,
the one place that says which role reaches which level: owner and organiser manage and
record, a recorder records, a member and an outsider (of a public club) only read."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues import permissions
from leagues.models import Role
from scoring.selectors import session_list_open_for_user

pytestmark = pytest.mark.django_db

OFFERS = {
    "owner": (True, True),
    "organiser": (True, True),
    "recorder": (True, False),
    "member": (False, False),
    "outsider": (False, False),
    "anonymous": (False, False),
}


def club_page(client, club, user):
    if user.is_authenticated:
        client.force_login(user)
    response = client.get(reverse("club", args=[club.slug]))
    assert response.status_code == 200
    return response.context


@pytest.mark.parametrize("role", list(OFFERS))
def test_a_public_club_page_offers_recording_and_management_by_role(
    role, client, club, users_by_role
):
    club.is_public = True
    club.save()

    page = club_page(client, club, users_by_role[role])

    assert (page["can_record"], page["can_manage"]) == OFFERS[role]


def test_the_club_page_follows_a_change_of_the_rule_in_permissions(
    monkeypatch, client, club, member
):
    monkeypatch.setitem(permissions.LEVEL_ROLES, "record", Role.MEMBER)

    assert club_page(client, club, member)["can_record"] is True


def test_the_sessions_a_user_may_record_in_follow_the_rule_in_permissions(
    monkeypatch, session, member, recorder
):
    assert session_list_open_for_user(user=member) == []
    assert session_list_open_for_user(user=recorder) == [session]

    monkeypatch.setitem(permissions.LEVEL_ROLES, "record", Role.MEMBER)

    assert session_list_open_for_user(user=member) == [session]
