"""No number breaks a league night: a seed, a timer, a penalty, a round count or a final
size outside its bound, or an id no database holds, is a clear error naming its field,
on the page, in the API and in the service alike, and nothing is stored."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from scoring.events import services
from scoring.events.models import Entrant, Event, SeatingRound
from scoring.events.services import entrants
from scoring.standings.models import Penalty
from tests.api_helpers import club_url, codes
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db

HUGE = 10**30
DAY = datetime.date(2025, 3, 7)


def _errors(excinfo):
    return [(e.field, e.code) for e in excinfo.value.errors]


# ---------------------------------------------------------------- the service


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rounds_planned", 10**6),
        ("rounds_planned", 0),
        ("final_size", 10**9),
        ("final_size", 5),
        ("timer_minutes", -30),
        ("timer_minutes", 100_000),
        ("timer_minutes", 10**10),
    ],
)
def test_a_night_with_a_number_out_of_bounds_is_refused_naming_it(season, organiser, field, value):
    with pytest.raises(ServiceErrors) as excinfo:
        services.event_create(season=season, name="夜", date=DAY, actor=organiser, **{field: value})

    assert _errors(excinfo) == [(field, "out_of_range")]
    assert not Event.objects.exists()


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
def test_a_night_dated_outside_the_sites_years_is_refused_in_the_api_naming_the_date(
    api_as, club, season, day
):
    body = {"season": season.pk, "name": "夜", "date": day}

    response = api_as("organiser").post(club_url(club, "events/"), body, format="json")

    assert response.status_code == 400
    assert codes(response) == [("date", "date_out_of_range")]
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("end", "day", "message"),
    [
        (None, "2024-12-31", "2024-12-31 在赛季开始（2025-01-01）之前"),
        ("2025-06-30", "2025-07-01", "2025-07-01 不在赛季之内（2025-01-01 到 2025-06-30）"),
    ],
)
def test_a_night_dated_outside_its_season_is_refused_on_the_page_and_in_the_api(
    org, api_as, club, season, end, day, message
):
    season.end_date = end and datetime.date.fromisoformat(end)
    season.save()
    body = {"season": season.pk, "name": "夜", "date": day}

    api = api_as("organiser").post(club_url(club, "events/"), body, format="json")
    page = org.post(reverse("event-list", args=[club.slug, season.pk]), body)

    assert api.status_code == 400 and codes(api) == [("date", "event_outside_season")]
    assert page.status_code == 400 and message in page.content.decode()
    assert not Event.objects.exists()


def test_the_create_form_offers_a_day_of_the_season(org, club, season):
    season.start_date = datetime.date(2099, 3, 1)
    season.save()

    page = org.get(reverse("event-list", args=[club.slug, season.pk])).content.decode()

    assert 'name="date" type="date" value="2099-03-01" min="2099-03-01"' in page


def test_a_night_at_its_bounds_is_created(season, organiser):
    event = services.event_create(
        season=season, name="夜", date=DAY, actor=organiser,
        rounds_planned=20, final_size=64, timer_minutes=600,
    )  # fmt: skip

    assert (event.rounds_planned, event.final_size, event.timer_minutes) == (20, 64, 600)


@pytest.mark.parametrize("seed", [HUGE, 2**63, 2**53, -1])
def test_a_draw_with_a_seed_out_of_bounds_is_refused(event, roster, organiser, seed):
    enter(event, roster[:8], organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.round_draw(event=event, actor=organiser, seed=seed)

    assert _errors(excinfo) == [("seed", "out_of_range")]
    assert not SeatingRound.objects.exists()


def test_the_largest_seed_draws(event, roster, organiser):
    enter(event, roster[:8], organiser)

    assert services.round_draw(event=event, actor=organiser, seed=2**53 - 1).seed == 2**53 - 1


@pytest.mark.parametrize("minutes", [10**12, -30, 601])
def test_a_timer_out_of_bounds_is_refused(drawn, organiser, minutes):
    rnd = SeatingRound.objects.get()

    with pytest.raises(ServiceErrors) as excinfo:
        services.timer_start(round=rnd, actor=organiser, minutes=minutes)

    assert _errors(excinfo) == [("minutes", "out_of_range")]
    assert SeatingRound.objects.get().timer_ends_at is None


@pytest.mark.parametrize("amount", [HUGE, 2**62, 100_001, -100_001])
def test_a_penalty_out_of_bounds_is_refused(season, event, roster, organiser, amount):
    enter(event, roster[:4], organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.penalty_give(
            season=season, event=event, player=roster[0], amount=amount, reason="x",
            actor=organiser,
        )  # fmt: skip

    assert _errors(excinfo) == [("amount", "out_of_range")]
    assert not Penalty.objects.exists()


def test_penalties_at_the_bound_add_up_on_every_page_of_the_season(
    org, club, season, event, roster, organiser
):
    enter(event, roster[:4], organiser)
    for _ in range(3):
        services.penalty_give(
            season=season, event=event, player=roster[0], amount=-100_000, reason="x",
            actor=organiser,
        )  # fmt: skip

    for name, args in [
        ("event", [club.slug, event.pk]),
        ("event-board", [club.slug, event.pk]),
    ]:
        page = org.get(reverse(name, args=args))
        assert page.status_code == 200
        assert "-300000" in page.content.decode()
    for url in [
        reverse("season", args=[club.slug, season.pk]),
        reverse("season-csv", args=[club.slug, season.pk]),
        club_url(club, f"seasons/{season.pk}/standings/"),
        club_url(club, f"events/{event.pk}/standings/"),
    ]:
        assert org.get(url).status_code == 200, url


def test_a_swap_with_an_id_no_database_holds_names_the_player(drawn, organiser):
    rnd = SeatingRound.objects.get()
    seated = rnd.tables.first().seats[0]

    with pytest.raises(ServiceErrors) as excinfo:
        services.table_swap(round=rnd, player_a=HUGE, player_b=seated, actor=organiser)

    assert _errors(excinfo) == [("player_a", "not_an_entrant")]


def test_a_dropped_player_cannot_be_swapped_into_a_seat(event, roster, organiser):
    entrants = enter(event, roster[:9], organiser)  # one bye
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    bye = rnd.sitting_out[0]
    services.entrant_drop(entrant=next(e for e in entrants if e.player_id == bye), actor=organiser)
    seated = rnd.tables.first().seats[0]

    with pytest.raises(ServiceErrors) as excinfo:
        services.table_swap(round=rnd, player_a=bye, player_b=seated, actor=organiser)

    assert _errors(excinfo) == [("player_a", "entrant_dropped")]
    assert seated in SeatingRound.objects.get().tables.first().seats


def test_a_player_who_dropped_after_the_draw_can_be_swapped_out_of_their_seat(
    event, roster, organiser
):
    entrants = enter(event, roster[:9], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    bye = rnd.sitting_out[0]
    seated = rnd.tables.first().seats[0]
    services.entrant_drop(
        entrant=next(e for e in entrants if e.player_id == seated), actor=organiser
    )

    services.table_swap(round=rnd, player_a=seated, player_b=bye, actor=organiser)

    assert SeatingRound.objects.get().sitting_out == [seated]


def test_a_dropped_player_out_of_the_round_is_named_as_dropped(drawn, roster, organiser):
    outsider = services.entrant_add(event=drawn, player=roster[8], actor=organiser)
    services.entrant_drop(entrant=outsider, actor=organiser)
    rnd = SeatingRound.objects.get()

    with pytest.raises(ServiceErrors) as excinfo:
        services.table_swap(
            round=rnd, player_a=rnd.tables.first().seats[0], player_b=roster[8].pk,
            actor=organiser,
        )  # fmt: skip

    assert _errors(excinfo) == [("player_b", "entrant_dropped")]


def test_a_night_takes_at_most_its_entrants_limit(event, roster, organiser, monkeypatch):
    monkeypatch.setattr(entrants, "ENTRANTS_MAX", 4)
    enter(event, roster[:4], organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.entrant_add(event=event, guest_name="客人", actor=organiser)

    assert _errors(excinfo) == [("entrants", "entrants_full")]
    assert "at most 4 entrants" in excinfo.value.errors[0].message
    assert Entrant.objects.count() == 4
    assert not roster[0].club.players.filter(display_name="客人").exists()


def test_a_night_stored_with_a_timer_beyond_the_bound_still_starts_its_tables(drawn, recorder):
    Event.objects.filter(pk=drawn.pk).update(
        timer_minutes=32767
    )  # beyond the bound; what the column holds
    drawn.refresh_from_db()
    table = SeatingRound.objects.get().tables.first()

    session = services.table_start(table=table, actor=recorder)

    assert session.pk is not None


# ---------------------------------------------------------------- the API


def test_the_api_refuses_a_final_size_that_is_not_a_multiple_of_four(api_as, club, season):
    response = api_as("organiser").post(
        club_url(club, "events/"),
        {"season": season.pk, "name": "夜", "date": "2025-03-07", "final_size": 5},
        format="json",
    )

    assert response.status_code == 400
    assert codes(response) == [("final_size", "out_of_range")]
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("draw/", {"seed": HUGE}, "seed"),
        ("draw/", {"seed": 2**63}, "seed"),
        ("timer/", {"round": 1, "minutes": 10**12}, "minutes"),
        ("check-in/", {"player": HUGE}, "player"),
        ("drop/", {"player": HUGE}, "player"),
        ("return/", {"player": HUGE}, "player"),
        ("swap/", {"round": 1, "player_a": HUGE, "player_b": 1}, "player_a"),
    ],
)
def test_the_api_refuses_a_number_out_of_bounds_naming_it(api_as, club, drawn, path, body, field):
    version = Event.objects.get().version

    response = api_as("organiser").post(
        club_url(club, f"events/{drawn.pk}/{path}"), body, format="json"
    )

    assert response.status_code == 400
    assert [f for f, _code in codes(response)] == [field]
    assert Event.objects.get().version == version


def test_the_api_refuses_to_swap_a_dropped_player_into_a_seat(api_as, club, event, roster,
                                                               organiser):  # fmt: skip
    entrants = enter(event, roster[:9], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    bye = rnd.sitting_out[0]
    services.entrant_drop(entrant=next(e for e in entrants if e.player_id == bye), actor=organiser)

    response = api_as("organiser").post(
        club_url(club, f"events/{event.pk}/swap/"),
        {"round": 1, "player_a": bye, "player_b": rnd.tables.first().seats[0]},
        format="json",
    )

    assert response.status_code == 400
    assert codes(response) == [("player_a", "entrant_dropped")]
    assert "has dropped out" in response.json()["errors"][0]["message"]


def test_the_api_refuses_a_penalty_beyond_the_bound(api_as, club, season, event, roster,
                                                    organiser):  # fmt: skip
    enter(event, roster[:4], organiser)

    response = api_as("organiser").post(
        club_url(club, "penalties/"),
        {"season": season.pk, "player": roster[0].pk, "amount": 2**62, "reason": "x"},
        format="json",
    )

    assert response.status_code == 400
    assert codes(response)[0][0] == "amount"
    assert not Penalty.objects.exists()


# ---------------------------------------------------------------- the pages


@pytest.mark.parametrize(
    ("name", "body", "shown"),
    [
        ("event-draw", {"seed": str(HUGE)}, "抽签号应为 0 到 9007199254740991 之间的整数"),
        ("event-draw", {"seed": str(2**63)}, "抽签号应为 0 到 9007199254740991 之间的整数"),
        ("event-timer", {"round": "1", "minutes": str(10**12)}, "应为 1 到 600 之间的整数"),
        (
            "event-penalty",
            {"player": "{player}", "amount": str(HUGE), "reason": "x"},
            "分数应为 -100000 到 100000 之间的整数",
        ),
        ("event-check-in", {"player": str(HUGE), "present": "1"}, "不是本场比赛的参赛者"),
        ("event-drop", {"player": str(HUGE)}, "不是本场比赛的参赛者"),
        ("event-return", {"player": str(HUGE)}, "不是本场比赛的参赛者"),
        ("event-swap", {"round": "1", "player_a": str(HUGE), "player_b": "1"}, "不是"),
    ],
)
def test_a_page_post_with_a_number_out_of_bounds_shows_the_error_and_stores_nothing(
    org, club, drawn, roster, name, body, shown
):
    body = {k: v.replace("{player}", str(roster[0].pk)) for k, v in body.items()}
    version = Event.objects.get().version

    page = org.post(reverse(name, args=[club.slug, drawn.pk]), body, follow=True)

    assert page.status_code == 200
    assert shown in page.content.decode()
    assert Event.objects.get().version == version
    assert not Penalty.objects.exists()
    assert SeatingRound.objects.get().timer_ends_at is None


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("timer_minutes", str(10**10), "每轮时长（分钟）应为 1 到 600 之间的整数"),
        ("timer_minutes", "-30", "每轮时长（分钟）应为 1 到 600 之间的整数"),
        ("rounds_planned", str(10**6), "计划轮数应为 1 到 20 之间的整数"),
        ("rounds_planned", "0", "计划轮数应为 1 到 20 之间的整数"),
        ("rounds_planned", "两轮", "计划轮数应为 1 到 20 之间的整数"),
        ("final_size", "5", "决赛人数应为 0 到 64 之间 4 的倍数"),
        ("final_size", str(10**9), "决赛人数应为 0 到 64 之间 4 的倍数"),
    ],
)
def test_a_night_created_on_the_page_with_a_number_out_of_bounds_is_refused(
    org, club, season, field, value, shown
):
    url = reverse("event-list", args=[club.slug, season.pk])

    page = org.post(url, {"name": "夜", "date": "2025-03-07", field: value}, follow=True)

    assert shown in page.content.decode()
    assert not Event.objects.exists()


def test_a_refused_night_shows_the_form_again_holding_what_was_typed(org, club, season):
    url = reverse("event-list", args=[club.slug, season.pk])
    typed = {
        "name": "周五之夜", "date": "2025-03-07", "rounds_planned": "0", "timer_minutes": "45",
        "seating_mode": "swiss", "final_size": "8", "final_carry": "half",
    }  # fmt: skip

    page = org.post(url, typed)

    html = page.content.decode()
    assert page.status_code == 400
    assert "计划轮数应为 1 到 20 之间的整数" in html
    assert 'value="周五之夜"' in html
    assert 'value="2025-03-07"' in html
    assert 'name="rounds_planned" type="number" min="1" max="20" value="0"' in html
    assert 'placeholder="不计时" value="45"' in html
    assert '<option value="swiss" selected>' in html
    assert '<option value="half" selected>' in html
    assert 'step="4" value="8"' in html
    assert not Event.objects.exists()


def test_a_refused_nights_typed_values_are_cut_to_two_hundred_characters(org, club, season):
    url = reverse("event-list", args=[club.slug, season.pk])

    page = org.post(url, {"name": "夜" * 500, "date": "2025-03-07", "rounds_planned": "0"})

    assert 'value="' + "夜" * 200 + '"' in page.content.decode()
    assert "夜" * 201 not in page.content.decode()


def test_the_create_form_reads_its_bounds_from_the_service(org, club, season):
    page = org.get(reverse("event-list", args=[club.slug, season.pk])).content.decode()

    assert 'name="timer_minutes" type="number" min="1" max="600"' in page
    assert 'name="final_size" type="number" min="0" max="64" step="4"' in page


def test_the_page_refuses_to_swap_a_dropped_player_into_a_seat(org, club, event, roster,
                                                                organiser):  # fmt: skip
    entrants = enter(event, roster[:9], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    bye = rnd.sitting_out[0]
    services.entrant_drop(entrant=next(e for e in entrants if e.player_id == bye), actor=organiser)
    seated = rnd.tables.first().seats[0]

    page = org.post(
        reverse("event-swap", args=[club.slug, event.pk]),
        {"round": "1", "player_a": str(bye), "player_b": str(seated)},
        follow=True,
    ).content.decode()

    assert "已退出比赛" in page
    assert SeatingRound.objects.get().sitting_out == [bye]


def test_the_entrant_limit_holds_on_the_page_and_in_the_api(
    org, api_as, club, event, roster, organiser, monkeypatch
):
    monkeypatch.setattr(entrants, "ENTRANTS_MAX", 4)
    enter(event, roster[:4], organiser)

    page = org.post(
        reverse("event-entrant-add", args=[club.slug, event.pk]),
        {"player": str(roster[4].pk)},
        follow=True,
    ).content.decode()
    response = api_as("organiser").post(
        club_url(club, f"events/{event.pk}/entrants/"), {"guest_name": "客人"}, format="json"
    )

    assert "一场比赛之夜最多 4 位参赛者" in page
    assert codes(response) == [("entrants", "entrants_full")]
    assert Entrant.objects.count() == 4
