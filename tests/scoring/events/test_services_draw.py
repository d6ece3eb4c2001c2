"""Drawing a round: every checked-in player seated once or sitting out, reproducible from
its seed, drawn again freely until a table starts; byes go to the fewest byes so far."""

from __future__ import annotations

import pytest

from csmj_site.errors import ServiceErrors
from leagues.models import Player
from scoring.events import services
from scoring.events.models import Entrant, SeatingRound
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def seating(rnd):
    return [t.seats for t in rnd.tables.order_by("number")]


def test_every_checked_in_player_sits_once_or_sits_out(event, roster, organiser):
    entrants = enter(event, roster[:10], organiser)
    services.entrant_check_in(entrant=entrants[9], present=False, actor=organiser)

    rnd = services.round_draw(event=event, actor=organiser, seed=3)

    seated = [p for t in seating(rnd) for p in t]
    assert len(seated) == 8 and len(rnd.sitting_out) == 1
    assert sorted(seated + rnd.sitting_out) == sorted(p.pk for p in roster[:9])


def test_the_same_entrants_history_and_seed_give_the_same_seating(event, roster, organiser):
    enter(event, roster[:12], organiser)
    first = seating(services.round_draw(event=event, actor=organiser, seed=99))

    services.round_draw(event=event, actor=organiser, seed=5, number=1)
    again = seating(services.round_draw(event=event, actor=organiser, seed=99, number=1))

    assert again == first
    assert SeatingRound.objects.count() == 1


def test_byes_go_to_players_who_had_fewest(event, roster, organiser):
    enter(event, roster[:5], organiser)
    first = services.round_draw(event=event, actor=organiser, seed=1)
    services.table_start(table=first.tables.get(), actor=organiser)

    second = services.round_draw(event=event, actor=organiser, seed=1)

    assert second.number == 2
    assert second.sitting_out != first.sitting_out


def test_a_dropped_player_is_not_drawn_and_a_late_arrival_joins_the_next_round(
    event, roster, organiser
):
    entrants = enter(event, roster[:8], organiser)
    first = services.round_draw(event=event, actor=organiser, seed=1)
    for table in first.tables.all():
        services.table_start(table=table, actor=organiser)
    services.entrant_drop(entrant=entrants[0], actor=organiser)
    late = services.entrant_add(event=event, player=roster[8], actor=organiser)

    second = services.round_draw(event=event, actor=organiser, seed=1)

    seated = {p for t in seating(second) for p in t}
    assert roster[0].pk not in seated and roster[8].pk in seated
    assert late.joined_round == 2
    assert Entrant.objects.get(pk=entrants[0].pk).dropped_after_round == 1


def test_a_guest_added_on_the_spot_joins_the_roster_as_a_guest(event, organiser):
    entrant = services.entrant_add(event=event, guest_name="路人甲", actor=organiser)

    assert Player.objects.get(display_name="路人甲").is_guest
    assert entrant.player.display_name == "路人甲"


def test_too_few_players_name_the_count(event, roster, organiser):
    enter(event, roster[:3], organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.round_draw(event=event, actor=organiser)

    assert [(e.field, e.code, e.params["count"]) for e in excinfo.value.errors] == [
        ("entrants", "too_few_players", 3)
    ]


def test_tables_of_three_are_refused_when_the_ruleset_cannot_play_at_three(club, roster, organiser):
    from tests.factories import make_table_season

    season = make_table_season(club, 2, quyimen=True)  # 缺一门 is for two players only
    event = services.event_create(
        season=season, name="夜", date=season.start_date, remainder="three", actor=organiser
    )
    enter(event, roster[:7], organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.round_draw(event=event, actor=organiser, seed=1)

    assert [(e.field, e.code) for e in excinfo.value.errors] == [("remainder", "three_unsupported")]
    assert not SeatingRound.objects.exists()


def test_a_round_seated_by_hand_keeps_its_tables_and_the_rest_sit_out(event, roster, organiser):
    enter(event, roster[:9], organiser)
    ids = [p.pk for p in roster[:9]]

    rnd = services.round_seat(event=event, actor=organiser, tables=[ids[4:8], ids[:4]])

    assert seating(rnd) == [ids[4:8], ids[:4]]
    assert rnd.mode == "manual" and rnd.sitting_out == [ids[8]]


def test_a_swap_with_a_player_sitting_out_brings_them_in(event, roster, organiser):
    enter(event, roster[:5], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=2)
    out = rnd.sitting_out[0]
    seated = rnd.tables.get().seats[2]

    services.table_swap(round=rnd, player_a=out, player_b=seated, actor=organiser)

    rnd.refresh_from_db()
    assert rnd.sitting_out == [seated] and rnd.tables.get().seats[2] == out
