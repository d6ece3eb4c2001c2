"""The permission matrix: owner / organiser / recorder / member / outsider / anonymous × action.

Every write service checks the actor's role in the club it touches. A denied call raises
PermissionDenied and changes nothing; an allowed one goes through.
"""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

from leagues import services as leagues_services
from leagues.models import Membership
from leagues.permissions import can_manage_club, can_read_club, can_record
from leagues.selectors import club_list_for_user
from scoring import services as scoring_services
from tests.conftest import ROLES
from tests.factories import make_session, make_user, round_self_draw, store_round

pytestmark = pytest.mark.django_db

MANAGERS = {"owner", "organiser"}
RECORDERS = MANAGERS | {"recorder"}
MEMBERS = RECORDERS | {"member"}


@pytest.fixture
def table(club, season, session, players, recorder):
    """Everything an action may need, plus a stored round (stored without the engine)."""
    rnd = store_round(session, round_self_draw(0), [(1, 0, 1, "result")], actor=recorder)
    return {
        "club": club,
        "season": season,
        "session": session,
        "players": players,
        "round": rnd,
        "ruleset": season.ruleset,
    }


def _membership_set(t, actor):
    leagues_services.membership_set(club=t["club"], user=make_user(), role="recorder", actor=actor)


def _player_update(t, actor):
    leagues_services.player_update(player=t["players"][7], display_name="新名字", actor=actor)


def _season_create(t, actor):
    leagues_services.season_create(
        club=t["club"],
        name="新赛季",
        start_date=datetime.date(2025, 9, 1),
        ruleset=t["ruleset"],
        actor=actor,
    )


def _session_start(t, actor):
    scoring_services.session_start(
        season=t["season"], players=t["players"][4:], first_dealer=0, actor=actor
    )


MANAGE_ACTIONS = {
    "club_update": lambda t, a: leagues_services.club_update(
        club=t["club"], description="新简介", actor=a
    ),
    "membership_set": _membership_set,
    "invitation_create": lambda t, a: leagues_services.invitation_create(
        club=t["club"], role="recorder", actor=a
    ),
    "player_create": lambda t, a: leagues_services.player_create(
        club=t["club"], display_name="新人", actor=a
    ),
    "player_update": _player_update,
    "ruleset_create": lambda t, a: leagues_services.ruleset_create(
        club=t["club"], name="新规则", config="changsha-points", actor=a
    ),
    "season_create": _season_create,
    "season_close": lambda t, a: leagues_services.season_close(season=t["season"], actor=a),
}

RECORD_ACTIONS = {
    "session_start": _session_start,
    "round_record": lambda t, a: scoring_services.round_record(
        session=t["session"], data=round_self_draw(1), actor=a
    ),
    "round_correct": lambda t, a: scoring_services.round_correct(
        round=t["round"], data=round_self_draw(2), actor=a
    ),
    "round_void": lambda t, a: scoring_services.round_void(
        round=t["round"], reason="测试", actor=a
    ),
    "round_undo_last": lambda t, a: scoring_services.round_undo_last(session=t["session"], actor=a),
}

MATRIX = [(name, role, role in MANAGERS) for name in MANAGE_ACTIONS for role in ROLES] + [
    (name, role, role in RECORDERS) for name in RECORD_ACTIONS for role in ROLES
]


@pytest.mark.parametrize(("action", "role", "allowed"), MATRIX)
def test_each_role_may_do_exactly_its_actions(table, users_by_role, action, role, allowed):
    run = {**MANAGE_ACTIONS, **RECORD_ACTIONS}[action]
    actor = users_by_role[role]

    if allowed:
        run(table, actor)
    else:
        with pytest.raises(PermissionDenied):
            run(table, actor)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("is_public", [False, True])
def test_reading_needs_membership_unless_the_club_is_public(club, users_by_role, role, is_public):
    club.is_public = is_public
    club.save()
    user = users_by_role[role]

    assert can_read_club(user, club) == (is_public or role in MEMBERS)
    assert can_record(user, club) == (role in RECORDERS)
    assert can_manage_club(user, club) == (role in MANAGERS)
    assert (club in club_list_for_user(user=user)) == (is_public or role in MEMBERS)


def test_recording_needs_the_recorder_role_even_in_a_public_club(club, users_by_role, table):
    club.is_public = True
    club.save()

    for role in ["member", "outsider", "anonymous"]:
        with pytest.raises(PermissionDenied):
            RECORD_ACTIONS["round_record"](table, users_by_role[role])


def test_a_recorder_of_one_club_cannot_write_to_another(other_club, recorder, outsider):
    season = other_club.seasons.get()
    session = make_session(season, list(other_club.players.all()), actor=outsider)

    with pytest.raises(PermissionDenied):
        scoring_services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    with pytest.raises(PermissionDenied):
        leagues_services.player_create(club=other_club, display_name="偷偷", actor=recorder)
    assert not can_read_club(recorder, other_club)
    assert other_club not in club_list_for_user(user=recorder)
    assert session.rounds.count() == 0


def test_an_outsider_cannot_see_or_touch_the_club(club, outsider, table):
    assert not can_read_club(outsider, club)
    for run in [*MANAGE_ACTIONS.values(), *RECORD_ACTIONS.values()]:
        with pytest.raises(PermissionDenied):
            run(table, outsider)
    assert table["round"].session.rounds.count() == 1


def test_organisers_cannot_grant_or_take_away_ownership(club, organiser, member, owner):
    with pytest.raises(PermissionDenied):
        leagues_services.membership_set(club=club, user=member, role="owner", actor=organiser)
    with pytest.raises(PermissionDenied):
        leagues_services.membership_set(club=club, user=owner, role="member", actor=organiser)
    with pytest.raises(PermissionDenied):
        leagues_services.invitation_create(club=club, role="owner", actor=organiser)
    with pytest.raises(PermissionDenied):
        leagues_services.membership_remove(club=club, user=owner, actor=organiser)
    assert Membership.objects.get(club=club, user=owner).role == "owner"


def test_owners_can_grant_ownership(club, owner, member):
    leagues_services.membership_set(club=club, user=member, role="owner", actor=owner)

    assert Membership.objects.get(club=club, user=member).role == "owner"


def test_a_member_cannot_promote_themselves(club, member, recorder):
    for user in (member, recorder):
        with pytest.raises(PermissionDenied):
            leagues_services.membership_set(club=club, user=user, role="organiser", actor=user)
