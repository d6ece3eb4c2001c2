"""Guests (客): a recorder adds one at the table; an organiser merges it (or a regular
player entered twice) into a regular player, and every round, seat, transfer and
standing follows; one who never played is deleted instead."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.core.exceptions import PermissionDenied, ValidationError

from leagues import services as league_services
from leagues.models import AuditEntry, Player
from scoring import services
from scoring.merge import services as merge
from scoring.models import Round
from scoring.standings.models import STAT_FIELDS, PlayerClubStat, PlayerRating, PlayerSeasonStat
from scoring.standings.selectors import season_standings
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def player_fields() -> set[tuple[str, str]]:
    """(model label, field name) of every concrete field, in every model, pointing at Player."""
    return {
        (model._meta.label, field.name)
        for model in apps.get_models()
        for field in model._meta.get_fields()
        if field.is_relation and field.concrete and field.related_model is Player
    }


def play(session, actor, rounds):
    for data in rounds:
        services.round_record(session=session, data=data, actor=actor)
    services.session_finish(session=session, actor=actor)


@pytest.fixture
def guest(club, recorder):
    return league_services.player_create(
        club=club, display_name="路人甲", is_guest=True, actor=recorder
    )


@pytest.fixture
def evening(season, players, guest, recorder):
    """The guest plays one session and the target (players[4]) another, both finished."""
    target = players[4]
    with_guest = services.session_start(
        season=season, players=[guest, *players[1:4]], first_dealer=0, actor=recorder
    )
    play(with_guest, recorder, [round_self_draw(0), round_discard(2, 0, dealer=1)])
    with_target = services.session_start(
        season=season, players=[target, *players[1:4]], first_dealer=0, actor=recorder
    )
    play(with_target, recorder, [round_discard(0, 3), round_self_draw(1, dealer=1)])
    return target


def counts(model, **scope):
    row = model.objects.get(**scope)
    return {f: getattr(row, f) for f in STAT_FIELDS}


def test_the_merge_lists_name_every_field_that_points_at_a_player():
    listed = {
        (m._meta.label, f)
        for m, f in (*merge.PLAYER_MOVED, *merge.PLAYER_REBUILT, *merge.PLAYER_REFUSED)
    }

    assert listed == player_fields()


def test_a_merge_moves_every_reference_and_the_target_keeps_the_sum_of_both(
    club, season, organiser, guest, evening
):
    target = evening
    season_before = [counts(PlayerSeasonStat, season=season, player=p) for p in (guest, target)]
    club_before = [counts(PlayerClubStat, club=club, player=p) for p in (guest, target)]
    rounds_before = Round.objects.count()

    merge.player_merge(source=guest, target=target, actor=organiser)

    assert not Player.objects.filter(pk=guest.pk).exists()
    for label, name in player_fields():
        model = apps.get_model(label)
        assert not model.objects.filter(**{f"{name}_id": guest.pk}).exists(), (label, name)
    summed = {f: season_before[0][f] + season_before[1][f] for f in STAT_FIELDS}
    assert summed["sessions"] == 2
    assert counts(PlayerSeasonStat, season=season, player=target) == summed
    assert counts(PlayerClubStat, club=club, player=target) == {
        f: club_before[0][f] + club_before[1][f] for f in STAT_FIELDS
    }
    row = next(r for r in season_standings(season=season) if r.player == target)
    assert (row.net, row.sessions) == (summed["net"], 2)
    assert PlayerRating.objects.filter(player=target, season=season).exists()
    assert Round.objects.count() == rounds_before
    entry = AuditEntry.objects.filter(action="player.merge").get()
    assert entry.actor == organiser


def test_a_merge_is_refused_when_both_sat_in_the_same_session_and_names_it(
    season, players, guest, organiser, recorder
):
    shared = services.session_start(
        season=season,
        players=[guest, *players[:3]],
        first_dealer=0,
        table_label="三号桌",
        actor=recorder,
    )

    with pytest.raises(ValidationError) as info:
        merge.player_merge(source=guest, target=players[0], actor=organiser)

    assert f"{shared.season.name} {shared.title}" in str(info.value)
    assert "三号桌" in str(info.value)
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_player_entered_twice_merges_into_the_other_and_the_name_still_finds_them(
    club, season, players, organiser, recorder
):
    twice = league_services.player_create(
        club=club, display_name="老张", aliases=["张哥"], actor=organiser
    )
    session = services.session_start(
        season=season, players=[twice, *players[1:4]], first_dealer=0, actor=recorder
    )
    play(session, recorder, [round_self_draw(0)])
    net = PlayerSeasonStat.objects.get(season=season, player=twice).net

    merge.player_merge(source=twice, target=players[4], actor=organiser)

    players[4].refresh_from_db()
    assert not Player.objects.filter(pk=twice.pk).exists()
    assert players[4].aliases[-2:] == ["老张", "张哥"]
    assert PlayerSeasonStat.objects.get(season=season, player=players[4]).net == net
    assert [p.pk for p in session.players_in_order()][0] == players[4].pk
    entry = AuditEntry.objects.get(action="player.merge")
    assert entry.after["merged_guest"] == "老张"


def test_a_merged_word_another_player_holds_is_left_out(club, players, organiser):
    twice = league_services.player_create(
        club=club, display_name="老李", aliases=["李哥", "阿李"], actor=organiser
    )
    Player.objects.filter(pk=players[1].pk).update(aliases=["李哥"])  # stored before the check

    merge.player_merge(source=twice, target=players[4], actor=organiser)

    players[4].refresh_from_db()
    assert "老李" in players[4].aliases and "阿李" in players[4].aliases
    assert "李哥" not in players[4].aliases


def test_merged_words_stop_at_the_alias_bound(club, players, organiser):
    Player.objects.filter(pk=players[4].pk).update(aliases=[f"别名{i}" for i in range(49)])
    twice = league_services.player_create(
        club=club, display_name="老赵", aliases=["赵哥"], actor=organiser
    )

    merge.player_merge(source=twice, target=Player.objects.get(pk=players[4].pk), actor=organiser)

    players[4].refresh_from_db()
    assert len(players[4].aliases) == 50 and players[4].aliases[-1] == "老赵"


def test_a_player_holds_at_most_fifty_aliases(players, organiser):
    with pytest.raises(ValidationError) as info:
        league_services.player_update(
            player=players[0], aliases=[f"别名{i}" for i in range(51)], actor=organiser
        )

    assert info.value.message_dict == {"aliases": ["别名最多 50 个"]}


def test_a_guests_name_does_not_become_an_alias(players, guest, organiser):
    merge.player_merge(source=guest, target=players[4], actor=organiser)

    players[4].refresh_from_db()
    assert "路人甲" not in players[4].aliases


def test_a_player_is_not_merged_into_themselves(players, organiser):
    with pytest.raises(ValidationError) as info:
        merge.player_merge(source=players[0], target=players[0], actor=organiser)

    assert "target" in info.value.message_dict
    assert Player.objects.filter(pk=players[0].pk).exists()


def test_a_player_who_never_played_is_deleted_and_the_delete_audited(club, organiser):
    typo = league_services.player_create(club=club, display_name="张三三", actor=organiser)

    merge.player_delete(player=typo, actor=organiser)

    assert not Player.objects.filter(pk=typo.pk).exists()
    assert AuditEntry.objects.get(action="player.delete").object_repr == "张三三"


def test_a_player_who_played_is_not_deleted_and_the_error_says_to_merge(
    players, guest, evening, organiser
):
    for player in (guest, players[4]):
        with pytest.raises(ValidationError) as info:
            merge.player_delete(player=player, actor=organiser)

        assert info.value.message_dict == {
            "player": [f"{player.display_name} 已有战绩，不能删除；可以合并到另一位选手"]
        }
        assert Player.objects.filter(pk=player.pk).exists()


def test_a_night_entrant_who_never_played_is_not_deleted(season, players, organiser):
    from scoring.events import services as events

    night = events.event_create(
        season=season, name="周五夜", date=season.start_date, actor=organiser
    )
    events.entrant_add(event=night, player=players[0], actor=organiser)

    with pytest.raises(ValidationError) as info:
        merge.player_delete(player=players[0], actor=organiser)

    assert [e.key for e in info.value.errors] == ["player_has_rounds:night"]
    assert Player.objects.filter(pk=players[0].pk).exists()


def test_a_player_linked_to_an_account_is_not_deleted(club, organiser, member):
    from leagues import player_links

    typo = league_services.player_create(club=club, display_name="张三三", actor=organiser)
    player_links.player_link(player=typo, user=member, actor=organiser)

    with pytest.raises(ValidationError) as info:
        merge.player_delete(player=typo, actor=organiser)

    assert info.value.message_dict == {"player": ["张三三 已关联账户，请先解除关联"]}
    assert Player.objects.filter(pk=typo.pk).exists()


def test_a_recorder_cannot_delete_a_player(club, players, recorder):
    with pytest.raises(PermissionDenied):
        merge.player_delete(player=players[0], actor=recorder)
    assert Player.objects.filter(pk=players[0].pk).exists()


def test_a_guest_merges_only_into_a_regular_player_of_the_same_club(
    club, guest, other_club, organiser, recorder
):
    second = league_services.player_create(
        club=club, display_name="路人乙", is_guest=True, actor=recorder
    )
    elsewhere = Player.objects.filter(club=other_club).first()

    for target in (second, elsewhere, guest):
        with pytest.raises(ValidationError) as info:
            merge.player_merge(source=guest, target=target, actor=organiser)
        assert "target" in info.value.message_dict


def test_a_recorder_adds_guests_but_neither_regular_players_nor_merges(
    club, players, guest, recorder
):
    assert guest.is_guest

    with pytest.raises(PermissionDenied):
        league_services.player_create(club=club, display_name="正式", actor=recorder)
    with pytest.raises(PermissionDenied):
        merge.player_merge(source=guest, target=players[0], actor=recorder)
    assert Player.objects.filter(pk=guest.pk).exists()


def test_an_outsider_can_neither_add_a_guest_nor_merge(club, players, guest, outsider, other_club):
    with pytest.raises(PermissionDenied):
        league_services.player_create(
            club=club, display_name="路人丙", is_guest=True, actor=outsider
        )
    with pytest.raises(PermissionDenied):
        merge.player_merge(source=guest, target=players[0], actor=outsider)


def test_a_session_starts_with_a_new_guest_and_a_refused_start_adds_none(season, players, recorder):
    session = services.session_start_with_guests(
        season=season, seats=[players[0], "新来的", *players[1:3]], first_dealer=0, actor=recorder
    )

    guest = session.players_in_order()[1]
    assert (guest.display_name, guest.is_guest) == ("新来的", True)

    with pytest.raises(ValidationError):
        services.session_start_with_guests(
            season=season, seats=[players[0], "又来的", players[1]], first_dealer=0, actor=recorder
        )
    assert not Player.objects.filter(display_name="又来的").exists()


def test_a_guest_who_entered_a_league_night_is_not_merged_and_stays(
    season, players, guest, organiser
):
    from scoring.events import services as events

    night = events.event_create(
        season=season, name="周五夜", date=season.start_date, actor=organiser
    )
    events.entrant_add(event=night, player=guest, actor=organiser)

    with pytest.raises(ValidationError) as info:
        merge.player_merge(source=guest, target=players[4], actor=organiser)

    assert "路人甲" in str(info.value)
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_merge_moves_the_guests_penalties_to_the_target(season, players, guest, organiser):
    from scoring.events import services as events
    from scoring.standings.models import Penalty

    events.penalty_give(season=season, player=guest, amount=-5, reason="迟到", actor=organiser)

    merge.player_merge(source=guest, target=players[4], actor=organiser)

    assert list(Penalty.objects.values_list("player", "amount")) == [(players[4].pk, -5)]
