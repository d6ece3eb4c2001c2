"""Database rules of clubs, members, roster, rulesets and seasons."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from leagues.models import ROLE_RANK, Club, Invitation, Membership, Player, Role, Ruleset, Season

pytestmark = pytest.mark.django_db


def test_a_user_has_one_membership_per_club(club, member):
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(club=club, user=member, role="recorder")


def test_a_membership_role_must_be_known(club, outsider):
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(club=club, user=outsider, role="admin")


def test_roles_rank_owner_over_organiser_over_recorder_over_member():
    ranks = [ROLE_RANK[r] for r in (Role.OWNER, Role.ORGANISER, Role.RECORDER, Role.MEMBER)]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 4


def test_club_slugs_are_unique(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="另一个", slug=club.slug)


def test_player_names_are_unique_within_a_club(club, players, other_club):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, display_name=players[0].display_name)
    Player.objects.create(club=other_club, display_name=players[0].display_name)


def test_ruleset_names_are_unique_within_a_club(club, ruleset):
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruleset.objects.create(club=club, name=ruleset.name, config={"preset": "changsha-67"})


def test_a_season_cannot_end_before_it_starts(club, ruleset):
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(
            club=club,
            name="倒着的",
            ruleset=ruleset,
            start_date=datetime.date(2025, 2, 1),
            end_date=datetime.date(2025, 1, 1),
        )


def test_invitations_get_a_fresh_random_token(club, organiser):
    a = Invitation.objects.create(club=club, role="recorder", created_by=organiser)
    b = Invitation.objects.create(club=club, role="recorder", created_by=organiser)

    assert a.token != b.token and len(a.token) >= 30
    assert not a.is_accepted


def test_models_print_their_names(club, players, season, ruleset):
    assert [str(club), str(players[0]), str(season), str(ruleset)] == [
        "测试俱乐部",
        "张三",
        "2025 春季赛",
        "六七片",
    ]
