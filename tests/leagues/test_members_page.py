"""The members page (owner as 所有者, only the viewer's actions, copy and share buttons)
and closing a season while sessions are still open."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def members_page(client, user, club):
    client.force_login(user)
    return client.get(reverse("members", args=[club.slug])).content.decode()


def owner_row(page, owner):
    start = page.index(f"<b>{owner.get_username()}</b>")
    return page[start : page.index("</li>", start)]


def test_an_organiser_sees_the_owner_as_owner_with_no_actions(client, club, owner, organiser):
    row = owner_row(members_page(client, organiser, club), owner)

    assert "所有者" in row
    assert "member-actions" not in row and "改角色" not in row and "移除" not in row


def test_the_only_owner_may_change_roles_but_is_not_offered_removal(client, club, owner):
    row = owner_row(members_page(client, owner, club), owner)

    assert "改角色" in row
    assert "移除" not in row


def test_closing_a_season_with_open_sessions_warns_and_names_them_first(
    client, organiser, session, season
):
    from scoring.models import Session

    client.force_login(organiser)
    url = reverse("season-close", args=[season.club.slug, season.pk])

    first = client.post(url, follow=True)
    season.refresh_from_db()
    assert not season.is_closed
    page = first.content.decode()
    assert session.title in page and "仍然结束赛季" in page

    client.post(url, {"despite_open": "1"})
    season.refresh_from_db()
    assert season.is_closed
    assert Session.objects.filter(pk=session.pk).exists()


def test_invitation_links_and_new_tokens_have_a_copy_button(client, club, organiser):
    client.force_login(organiser)
    client.post(reverse("invitation-new", args=[club.slug]), {"role": "recorder"})

    members = client.get(reverse("members", args=[club.slug])).content.decode()
    tokens = client.post(reverse("account-tokens"), {"name": "bot"}).content.decode()

    assert "data-copy=" in members and "data-share=" in members
    assert 'data-role="copy-token"' in tokens


def test_two_open_sessions_started_in_the_same_minute_are_told_apart_by_their_players(
    client, organiser, season, players, recorder
):
    from tests.factories import make_session

    started = timezone.now()
    make_session(season, players[:4], actor=recorder, started_at=started)
    make_session(season, players[4:8], actor=recorder, started_at=started)
    client.force_login(organiser)

    answer = client.post(reverse("season-close", args=[season.club.slug, season.pk]), follow=True)

    [warning] = [str(m) for m in answer.context["messages"]]
    when = timezone.localtime(started).strftime("%m-%d %H:%M")
    for four in (players[:4], players[4:8]):
        assert f"{when} · {'、'.join(p.display_name for p in four)}" in warning
