"""Clubs, memberships, invitations, roster, rulesets and seasons through leagues.services."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import RestrictedError

from leagues.models import Club, Invitation, Membership, Player
from leagues.services import (
    club_create,
    club_update,
    invitation_accept,
    invitation_create,
    invitation_revoke,
    membership_remove,
    membership_set,
    player_create,
    player_update,
    ruleset_create,
    ruleset_update,
    season_close,
    season_create,
    season_reopen,
    season_update,
)
from scoring.engine import parse_ruleset
from tests.factories import make_club, make_ruleset, make_user

pytestmark = pytest.mark.django_db


def test_creating_a_club_makes_the_creator_its_owner(db):
    user = make_user()

    club = club_create(name=" 麻将社 ", slug="majiang", description="周五晚", owner=user)

    assert (club.name, club.slug, club.is_public) == ("麻将社", "majiang", False)
    assert Membership.objects.get(club=club).role == "owner"


def test_club_slugs_are_unique_and_checked(owner, club):
    with pytest.raises(ValidationError) as exc:
        club_create(name="重复", slug=club.slug, owner=owner)
    with pytest.raises(ValidationError):
        club_create(name="坏短名", slug="有 空格", owner=owner)
    assert "slug" in exc.value.message_dict
    assert Club.objects.count() == 1


def test_anonymous_users_cannot_create_clubs(anonymous):
    with pytest.raises(PermissionDenied):
        club_create(name="x", slug="x", owner=anonymous)


def test_club_update_changes_only_known_fields(club, organiser):
    club_update(club=club, is_public=True, description="公开了", actor=organiser)
    club.refresh_from_db()
    assert club.is_public and club.description == "公开了"
    with pytest.raises(TypeError):
        club_update(club=club, created_at=None, actor=organiser)


def test_membership_set_adds_then_changes_a_role(club, organiser):
    newcomer = make_user()

    membership_set(club=club, user=newcomer, role="member", actor=organiser)
    membership_set(club=club, user=newcomer, role="recorder", actor=organiser)

    assert Membership.objects.get(club=club, user=newcomer).role == "recorder"


def test_unknown_roles_are_refused(club, organiser, member):
    with pytest.raises(ValidationError):
        membership_set(club=club, user=member, role="admin", actor=organiser)


def test_the_last_owner_cannot_step_down_or_leave(club, owner):
    with pytest.raises(ValidationError):
        membership_set(club=club, user=owner, role="member", actor=owner)
    with pytest.raises(ValidationError):
        membership_remove(club=club, user=owner, actor=owner)
    assert Membership.objects.get(club=club, user=owner).role == "owner"


def test_an_owner_can_step_down_when_another_owner_remains(club, owner, organiser):
    membership_set(club=club, user=organiser, role="owner", actor=owner)

    membership_set(club=club, user=owner, role="member", actor=owner)

    assert Membership.objects.get(club=club, user=owner).role == "member"


def test_members_may_leave_and_organisers_may_remove_them(club, member, recorder, organiser):
    membership_remove(club=club, user=member, actor=member)
    membership_remove(club=club, user=recorder, actor=organiser)

    assert not Membership.objects.filter(club=club, user__in=[member, recorder]).exists()


def test_an_organiser_invites_a_recorder_who_accepts_once(club, organiser):
    invitation = invitation_create(club=club, role="recorder", actor=organiser)
    newcomer, latecomer = make_user(), make_user()

    membership = invitation_accept(token=invitation.token, user=newcomer)

    invitation.refresh_from_db()
    assert (membership.club, membership.user, membership.role) == (club, newcomer, "recorder")
    assert invitation.accepted_by == newcomer and invitation.is_accepted
    with pytest.raises(ValidationError):
        invitation_accept(token=invitation.token, user=latecomer)
    assert not Membership.objects.filter(user=latecomer).exists()


def test_invitation_tokens_are_long_random_and_distinct(club, organiser):
    tokens = {invitation_create(club=club, role="member", actor=organiser).token for _ in range(5)}

    assert len(tokens) == 5
    assert all(len(t) >= 30 for t in tokens)


def test_accepting_an_invitation_never_lowers_a_role(club, organiser):
    invitation = invitation_create(club=club, role="member", actor=organiser)

    membership = invitation_accept(token=invitation.token, user=organiser)

    assert membership.role == "organiser"


def test_an_unknown_token_or_anonymous_user_cannot_accept(club, organiser, anonymous):
    invitation = invitation_create(club=club, role="member", actor=organiser)

    with pytest.raises(ValidationError):
        invitation_accept(token="nope", user=make_user())
    with pytest.raises(PermissionDenied):
        invitation_accept(token=invitation.token, user=anonymous)


def test_an_unused_invitation_can_be_revoked(club, organiser):
    invitation = invitation_create(club=club, role="member", actor=organiser)

    invitation_revoke(invitation=invitation, actor=organiser)

    assert not Invitation.objects.exists()


def test_players_have_unique_names_and_clean_aliases(club, organiser, member):
    player = player_create(
        club=club,
        display_name=" 老王 ",
        aliases=["王哥", " 王哥 ", "", "老王"],
        user=member,
        actor=organiser,
    )

    assert (player.display_name, player.aliases, player.user) == ("老王", ["王哥"], member)
    with pytest.raises(ValidationError) as exc:
        player_create(club=club, display_name="老王", actor=organiser)
    assert "__all__" in exc.value.message_dict or "display_name" in exc.value.message_dict


def test_the_same_name_may_be_used_in_another_club(club, organiser, other_club, outsider):
    player_create(club=club, display_name="小李", actor=organiser)
    player_create(club=other_club, display_name="小李", actor=outsider)

    assert Player.objects.filter(display_name="小李").count() == 2


def test_player_update_renames_relinks_and_keeps_aliases(club, organiser, member):
    player = player_create(club=club, display_name="阿强", aliases=["强子"], actor=organiser)

    player_update(player=player, display_name="强哥", user=member, actor=organiser)
    player.refresh_from_db()

    assert (player.display_name, player.aliases, player.user) == ("强哥", ["强子"], member)
    player_update(player=player, user=None, actor=organiser)
    player.refresh_from_db()
    assert player.user is None


def test_rulesets_are_validated_by_the_engine(club, organiser):
    preset = ruleset_create(club=club, name="积分场", config="changsha-points", actor=organiser)
    custom = ruleset_create(
        club=club,
        name="自定义",
        config='{"preset": "changsha-67", "bird_count": 1}',
        actor=organiser,
    )

    assert preset.config == {"preset": "changsha-points"}
    assert custom.config == {"preset": "changsha-67", "bird_count": 1}
    rules, errors = parse_ruleset(custom.config)
    assert errors == [] and rules.bird_count == 1


@pytest.mark.parametrize(
    "config",
    [
        '{"preset": "changsha-67", "bird_count": 7}',
        {"preset": "changsha-67", "colour": "red"},
        "no-such-preset",
        "{not json",
        ["changsha-67"],
    ],
)
def test_bad_rulesets_are_refused_naming_the_problem(club, organiser, config):
    with pytest.raises(ValidationError) as exc:
        ruleset_create(club=club, name="坏规则", config=config, actor=organiser)

    assert list(exc.value.message_dict) == ["config"]
    assert not club.rulesets.exists()


def test_a_ruleset_update_is_validated_too(ruleset, organiser):
    with pytest.raises(ValidationError):
        ruleset_update(
            ruleset=ruleset, config={"preset": "changsha-67", "tongzhuang": "yes"}, actor=organiser
        )
    ruleset.refresh_from_db()
    assert ruleset.config == {"preset": "changsha-67"}


def test_seasons_need_the_clubs_own_ruleset_and_ordered_dates(club, organiser, other_club):
    foreign = other_club.rulesets.get()
    own = make_ruleset(club)

    with pytest.raises(ValidationError) as exc:
        season_create(
            club=club,
            name="A",
            start_date=datetime.date(2025, 1, 1),
            ruleset=foreign,
            actor=organiser,
        )
    assert "ruleset" in exc.value.message_dict
    with pytest.raises(ValidationError):
        season_create(
            club=club,
            name="B",
            start_date=datetime.date(2025, 2, 1),
            end_date=datetime.date(2025, 1, 1),
            ruleset=own,
            actor=organiser,
        )
    season = season_create(
        club=club, name="C", start_date=datetime.date(2025, 1, 1), ruleset=own, actor=organiser
    )
    assert not season.is_closed


def test_seasons_close_reopen_and_change(season, organiser):
    season_close(season=season, actor=organiser)
    assert season.is_closed
    season_reopen(season=season, actor=organiser)
    season_update(season=season, name="改名", end_date=datetime.date(2025, 12, 31), actor=organiser)
    season.refresh_from_db()
    assert (season.is_closed, season.name) == (False, "改名")


def test_a_ruleset_in_use_cannot_be_deleted(season):
    with pytest.raises(RestrictedError):
        season.ruleset.delete()


def test_club_names_of_other_clubs_do_not_clash(db):
    a, b = make_club(name="同名"), make_club(name="同名")
    assert a.slug != b.slug
