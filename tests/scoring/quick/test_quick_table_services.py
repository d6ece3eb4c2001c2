"""快速开桌's services: a hidden club with one season, roster and session."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from csmj_site.errors import ServiceErrors
from leagues.models import Club, Membership, Role
from leagues.permissions import can_record
from leagues.selectors import club_list_for_user
from leagues.table_keys import table_for_key
from scoring import selectors, services
from scoring.quick.services import (
    quick_seat_claim,
    quick_table_create,
    quick_table_join,
    quick_tables_expire,
)
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


def test_a_quick_table_is_a_hidden_club_with_one_session_seating_the_names():
    table = quick_table_create(
        names=["张伟", "王芳", "李娜", "刘洋"], config="changsha-67", first_dealer=2
    )
    assert table.club.is_quick and not table.club.is_public
    assert [p.display_name for p in table.session.players_in_order()] == [
        "张伟",
        "王芳",
        "李娜",
        "刘洋",
    ]
    assert table.session.first_dealer == 2
    assert table.session.follow_token
    assert table.key.startswith("tbl_")
    assert table_for_key(table.key) == table.club
    assert table.club.quick_key_hash != table.key
    assert not table.keeper.has_usable_password()
    assert can_record(table.keeper, table.club)


def test_a_quick_table_is_never_listed_to_anyone_but_its_members(anonymous, outsider):
    table = quick_table_create(
        names=["A", "B", "C"], config={"preset": "changsha-67", "players": 3}, first_dealer=0
    )
    assert table.club not in club_list_for_user(user=anonymous)
    assert table.club not in club_list_for_user(user=outsider)


def test_seats_left_blank_are_open_and_the_size_comes_from_the_ruleset():
    table = quick_table_create(
        names=["张伟", ""], config={"preset": "changsha-67", "players": 2}, first_dealer=1
    )
    assert [p.display_name for p in table.session.players_in_order()] == ["张伟", "#2"]


def test_a_wrong_number_of_names_or_a_name_twice_is_refused_and_nothing_is_stored():
    before = Club.objects.count()
    with pytest.raises(ValidationError) as too_few:
        quick_table_create(names=["A", "B", "C"], config="changsha-67", first_dealer=0)
    assert "names" in too_few.value.error_dict
    assert str(too_few.value.errors[0]) == "The ruleset seats 4: a table needs 4 names"
    with pytest.raises(ValidationError) as twice:
        quick_table_create(names=["A", "A", "B", "C"], config="changsha-67", first_dealer=0)
    assert [(e.field, e.params["name"]) for e in twice.value.errors] == [("names.1", "A")]
    assert twice.value.errors[0].message == "A already sits at this table"
    with pytest.raises(ValidationError) as rules:
        quick_table_create(names=["A", "B", "C", "D"], config="no-such-preset", first_dealer=0)
    assert [e.field for e in rules.value.errors] == ["ruleset"]
    assert rules.value.errors[0].message.startswith(
        'ruleset: unknown ruleset preset "no-such-preset"'
    )
    with pytest.raises(ValidationError) as hidden:
        quick_table_create(names=["A", "B\u200b", "C", "D"], config="changsha-67", first_dealer=0)
    assert [(e.field, e.code) for e in hidden.value.errors] == [
        ("names.1", "name_hidden_character")
    ]
    assert Club.objects.count() == before


def test_a_signed_in_creator_owns_the_table_outright(owner):
    table = quick_table_create(
        names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0, owner=owner
    )
    assert Membership.objects.get(club=table.club, user=owner).role == Role.OWNER
    assert table.club in club_list_for_user(user=owner)


def test_the_key_lets_a_signed_in_phone_record_and_a_wrong_key_is_refused(outsider):
    table = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    other = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    assert not can_record(outsider, table.club)
    club, user = quick_table_join(key=table.key, user=outsider)
    assert club == table.club and user == outsider
    assert can_record(outsider, table.club) and not can_record(outsider, other.club)
    with pytest.raises(ValidationError):
        quick_table_join(key=table.key + "x")
    assert quick_table_join(key=table.key)[1] == table.keeper


def test_a_player_claims_a_seat_once_and_not_another_players(owner, outsider):
    table = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    seat_a, seat_b = table.session.players_in_order()[:2]
    quick_seat_claim(club=table.club, player=seat_a, user=owner)
    seat_a.refresh_from_db()
    assert seat_a.user == owner
    with pytest.raises(ValidationError):
        quick_seat_claim(club=table.club, player=seat_a, user=outsider)
    with pytest.raises(ValidationError):
        quick_seat_claim(club=table.club, player=seat_b, user=owner)


def test_the_keeper_records_rounds_through_the_sessions_own_service():
    table = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    services.round_record(session=table.session, data=round_self_draw(1), actor=table.keeper)
    totals = selectors.session_totals(session=table.session)
    assert sum(totals.values()) == 0 and totals[1] > 0


def test_an_unclaimed_anonymous_table_is_deleted_after_90_days_and_a_claimed_one_is_kept(owner):
    old = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    services.round_record(session=old.session, data=round_self_draw(1), actor=old.keeper)
    claimed = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    quick_seat_claim(club=claimed.club, player=claimed.session.players_in_order()[0], user=owner)
    fresh = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    long_ago = timezone.now() - datetime.timedelta(days=91)
    Club.objects.filter(pk__in=[old.club.pk, claimed.club.pk]).update(created_at=long_ago)
    assert quick_tables_expire() == 1
    assert not Club.objects.filter(pk=old.club.pk).exists()
    assert not get_user_model().objects.filter(pk=old.keeper.pk).exists()
    assert Club.objects.filter(pk__in=[claimed.club.pk, fresh.club.pk]).count() == 2


def test_the_command_and_the_beat_task_delete_the_stale_tables():
    from django.core.management import call_command

    from csmj_site.celery import app
    from scoring.quick.tasks import tables_expire

    old = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    Club.objects.filter(pk=old.club.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=91)
    )
    call_command("quick_tables_expire")
    assert not Club.objects.filter(pk=old.club.pk).exists()
    assert tables_expire() == 0
    tasks = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert "quick.tables_expire" in tasks


def _stat_rows(season):
    from scoring.standings.models import PlayerSeasonStat

    return sorted(
        (r.player_id, r.net, r.rounds) for r in PlayerSeasonStat.objects.filter(season=season)
    )


def test_a_quick_table_moves_into_a_club_with_its_rounds_and_the_standings_equal_a_rebuild(
    club, season, owner
):
    from leagues.models import Player
    from scoring.models import Session
    from scoring.standings.rebuild import standings_rebuild

    regular = Player.objects.create(club=club, display_name="老王")
    table = quick_table_create(
        names=["王芳", "张伟", "李娜", "刘洋"], config="changsha-67", first_dealer=0, owner=owner
    )
    services.round_record(session=table.session, data=round_self_draw(0), actor=owner)
    services.round_record(session=table.session, data=round_self_draw(2, dealer=0), actor=owner)
    totals = selectors.session_totals(session=table.session)
    first = table.session.players_in_order()[0]
    from scoring.quick.services import quick_table_move

    moved = quick_table_move(
        club=table.club, season=season, matches={first.pk: regular}, actor=owner
    )
    moved = Session.objects.get(pk=moved.pk)
    assert moved.season == season
    names = [p.display_name for p in moved.players_in_order()]
    assert names == ["老王", "张伟", "李娜", "刘洋"]
    assert all(p.club == club for p in moved.players_in_order())
    assert [p.is_guest for p in moved.players_in_order()] == [False, True, True, True]
    assert selectors.session_totals(session=moved) == totals
    assert moved.rounds.count() == 2
    assert selectors.session_count(season=season) == Session.objects.filter(season=season).count()
    assert not Club.objects.filter(pk=table.club.pk).exists()
    assert table_for_key(table.key) is None
    after_move = _stat_rows(season)
    assert after_move
    standings_rebuild(season=season)
    assert _stat_rows(season) == after_move


def test_moving_needs_the_target_clubs_organiser(club, season, recorder):
    table = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    quick_table_join(key=table.key, user=recorder)
    from scoring.quick.services import quick_table_move

    with pytest.raises(PermissionDenied):
        quick_table_move(club=table.club, season=season, matches={}, actor=recorder)
    assert Club.objects.filter(pk=table.club.pk).exists()


def test_a_quick_table_cannot_be_made_public_by_its_keeper():
    from leagues import services as league_services

    table = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    with pytest.raises(ServiceErrors) as caught:
        league_services.club_update(club=table.club, actor=table.keeper, is_public=True)
    assert caught.value.errors[0].field == "is_public"
    table.club.refresh_from_db()
    assert not table.club.is_public
