"""Accounts, invitations, the language switch and the organisers' management pages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from leagues.models import Invitation, Membership, Player, Ruleset, Season
from tests.factories import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def test_login_page_logs_in_and_logout_logs_out(client, member):
    page = client.get(reverse("account_login"))
    assert page.status_code == 200 and "登录" in page.content.decode()

    response = client.post(
        reverse("account_login"), {"login": member.username, "password": TEST_PASSWORD}
    )

    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == member
    client.post(reverse("account_logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_password_change_needs_the_old_password(client, member):
    client.force_login(member)
    url = reverse("account_change_password")
    new = "a-new-long-password-42"

    wrong = client.post(url, {"oldpassword": "nope", "password1": new, "password2": new})
    right = client.post(url, {"oldpassword": TEST_PASSWORD, "password1": new, "password2": new})

    assert wrong.status_code == 200 and wrong.context["form"].errors
    assert right.status_code == 302
    member.refresh_from_db()
    assert member.check_password(new)


def test_pages_are_chinese_by_default_and_english_after_the_switch(client, club, member):
    client.force_login(member)
    url = reverse("club", args=[club.slug])

    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": url})
    english = client.get(url).content.decode()

    assert "历史总排名" in chinese and 'lang="zh-hans"' in chinese
    assert "All-time leaderboard" in english and 'lang="en"' in english


def test_hand_types_keep_their_chinese_names_in_english(client, session, recorder):
    client.force_login(recorder)
    client.post(reverse("set_language"), {"language": "en"})
    url = reverse("round-new", args=[session.season.club.slug, session.pk])

    ctx = client.get(url).context["rf_context"]

    assert ctx["lang"] == "en"
    assert {h["code"]: h["name_zh"] for h in ctx["hand_types"]}["pengpenghu"] == "碰碰胡"


def test_an_invitation_creates_a_membership_for_a_logged_in_user(client, club, owner, outsider):
    invitation = Invitation.objects.create(club=club, role="recorder", created_by=owner)
    client.force_login(outsider)

    response = client.post(reverse("invite", args=[invitation.token]))

    assert response.status_code == 302
    assert Membership.objects.get(club=club, user=outsider).role == "recorder"
    invitation.refresh_from_db()
    assert invitation.accepted_by == outsider


def test_an_invitation_lets_a_newcomer_sign_up_and_join(client, club, owner):
    invitation = Invitation.objects.create(club=club, role="member", created_by=owner)
    password = "table-4-mahjong-pw"
    invite_url = reverse("invite", args=[invitation.token])

    client.get(invite_url)
    signed_up = client.post(
        f"{reverse('account_signup')}?next={invite_url}",
        {"username": "xinren", "password1": password, "password2": password},
    )
    landed = client.get(signed_up["Location"])

    user = get_user_model().objects.get(username="xinren")
    assert Membership.objects.get(club=club, user=user).role == "member"
    assert signed_up["Location"] == invite_url
    assert landed.status_code == 302 and landed["Location"] == reverse("club", args=[club.slug])


def test_an_invitation_opened_before_logging_in_is_accepted_by_the_login(
    client, club, owner, outsider
):
    invitation = Invitation.objects.create(club=club, role="recorder", created_by=owner)

    client.get(reverse("invite", args=[invitation.token]))
    client.post(reverse("account_login"), {"login": outsider.username, "password": TEST_PASSWORD})

    assert Membership.objects.get(club=club, user=outsider).role == "recorder"


def test_a_used_invitation_cannot_be_used_again(client, club, owner, outsider, member):
    invitation = Invitation.objects.create(club=club, role="organiser", created_by=owner)
    client.force_login(outsider)
    client.post(reverse("invite", args=[invitation.token]))
    client.force_login(member)

    client.post(reverse("invite", args=[invitation.token]))

    assert Membership.objects.get(club=club, user=member).role == "member"


def test_an_unknown_invitation_is_not_found(client):
    assert client.get(reverse("invite", args=["no-such-token"])).status_code == 404


def test_the_members_page_shows_an_invitation_link(client, club, organiser):
    client.force_login(organiser)

    client.post(reverse("invitation-new", args=[club.slug]), {"role": "recorder"})

    invitation = Invitation.objects.get(club=club)
    page = client.get(reverse("members", args=[club.slug])).content.decode()
    assert f"/invite/{invitation.token}/" in page


def test_a_ruleset_is_validated_by_the_engine_and_the_error_names_the_key(client, club, organiser):
    client.force_login(organiser)
    form = {"name": "坏规则", "preset": "changsha-67", "overrides": '{"bird_count": 7}'}

    response = client.post(reverse("ruleset-new", args=[club.slug]), form)

    assert response.status_code == 200
    assert "bird_count" in " ".join(response.context["form"].errors["overrides"])
    assert not Ruleset.objects.filter(name="坏规则").exists()


def test_a_ruleset_is_saved_as_preset_plus_overrides(client, club, organiser):
    client.force_login(organiser)
    form = {"name": "单鸟", "preset": "changsha-67", "overrides": '{"bird_count": 1}'}

    client.post(reverse("ruleset-new", args=[club.slug]), form)

    assert Ruleset.objects.get(name="单鸟").config == {"preset": "changsha-67", "bird_count": 1}


def test_seasons_are_created_and_closed_from_the_pages(client, club, organiser, ruleset):
    client.force_login(organiser)

    client.post(
        reverse("season-new", args=[club.slug]),
        {"name": "冬季赛", "start_date": "2025-12-01", "ruleset": ruleset.pk},
    )
    season = Season.objects.get(name="冬季赛")
    client.post(reverse("season-close", args=[club.slug, season.pk]))

    season.refresh_from_db()
    assert season.is_closed


def test_a_season_cannot_end_before_it_starts(client, club, organiser, ruleset):
    client.force_login(organiser)

    response = client.post(
        reverse("season-new", args=[club.slug]),
        {
            "name": "倒着",
            "start_date": "2025-12-01",
            "end_date": "2025-11-01",
            "ruleset": ruleset.pk,
        },
    )

    assert "end_date" in response.context["form"].errors
    assert not Season.objects.filter(name="倒着").exists()


def test_a_date_the_page_cannot_read_is_refused_in_the_sites_words(
    client, club, organiser, ruleset
):
    client.force_login(organiser)

    response = client.post(
        reverse("season-new", args=[club.slug]),
        {"name": "新赛季", "start_date": "2025-13-45", "ruleset": ruleset.pk},
    )

    assert response.context["form"].errors == {"start_date": ["应为真实的日期，格式 YYYY-MM-DD"]}
    assert not Season.objects.filter(name="新赛季").exists()


def test_the_roster_takes_aliases_separated_by_commas(client, club, organiser):
    client.force_login(organiser)

    client.post(
        reverse("player-new", args=[club.slug]),
        {"display_name": "刘一", "aliases": "老刘, 刘哥、一哥"},
    )

    assert Player.objects.get(display_name="刘一").aliases == ["老刘", "刘哥", "一哥"]


def test_a_duplicate_player_name_is_shown_on_the_form(client, club, organiser, players):
    client.force_login(organiser)

    response = client.post(
        reverse("player-new", args=[club.slug]), {"display_name": "张三", "aliases": ""}
    )

    assert response.status_code == 200
    assert response.context["form"].errors
    assert Player.objects.filter(club=club, display_name="张三").count() == 1


def test_the_user_menu_links_to_the_api_token_page(client, member):
    from django.urls import reverse

    client.force_login(member)
    page = client.get(reverse("home")).content.decode()
    assert reverse("account-tokens") in page


def test_a_user_name_of_a_quick_tables_keeper_is_refused_at_sign_up(client):
    password = "table-4-mahjong-pw"
    refused = client.post(
        reverse("account_signup"),
        {"username": "Quick-t-abc", "password1": password, "password2": password},
    )
    assert refused.status_code == 200
    assert "留给快速开桌" in refused.content.decode()
    assert not get_user_model().objects.filter(username__iexact="quick-t-abc").exists()
