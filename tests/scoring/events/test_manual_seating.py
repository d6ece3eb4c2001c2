"""Manual mode: a draw is the random starting point, shown as the random draw it is;
the organiser then places people (the seat editor posts every seat), and only then is
the round 手动, without a seed (issue 28, item 6)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.events import services
from scoring.events.models import SeatingRound
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def manual(season, roster, organiser):
    event = services.event_create(
        season=season, name="手动夜", date=season.start_date, seating_mode="manual",
        actor=organiser,
    )  # fmt: skip
    enter(event, roster[:9], organiser)
    return event


def test_a_manual_nights_draw_is_stored_as_the_random_draw_it_is(manual, organiser):
    rnd = services.round_draw(event=manual, actor=organiser, seed=7)
    assert (rnd.mode, rnd.seed) == ("random", 7)


def test_the_seat_editor_places_people_and_the_round_becomes_manual(
    client, club, manual, roster, organiser
):
    rnd = services.round_draw(event=manual, actor=organiser, seed=7)
    client.force_login(organiser)
    url = reverse("event", args=[club.slug, manual.pk])
    page = client.get(url).content.decode()
    assert 'data-role="seat-editor" open' in page  # a manual night opens it
    assert page.count("data-seat-select") == 8 and "seat-editor.js" in page
    assert "随机 · 抽签号 7" in page

    out = rnd.sitting_out[0]
    first, second = rnd.tables.order_by("number")
    # the player sitting out takes table 2's 东; table 1's 东 and 南 change places
    post = {"round": "1"}
    for t in (first, second):
        for i, pid in enumerate(t.seats):
            post[f"seat-{t.number}-{i}"] = str(pid)
    post["seat-1-0"], post["seat-1-1"] = str(first.seats[1]), str(first.seats[0])
    post["seat-2-0"] = str(out)
    answer = client.post(reverse("event-seat", args=[club.slug, manual.pk]), post, follow=True)

    assert "第 1 轮的座位已按手动排好" in answer.content.decode()
    rnd = SeatingRound.objects.get(event=manual)
    tables = [t.seats for t in rnd.tables.order_by("number")]
    assert tables == [[first.seats[1], first.seats[0], *first.seats[2:]], [out, *second.seats[1:]]]
    assert rnd.mode == "manual" and rnd.sitting_out == [second.seats[0]]
    page = answer.content.decode()
    seed_line = page[page.index('data-role="seed"') :].split("</p>")[0]
    assert "手动" in seed_line and "抽签号" not in seed_line


def test_a_seat_left_empty_or_a_player_seated_twice_is_refused_and_nothing_changes(
    client, club, manual, organiser
):
    rnd = services.round_draw(event=manual, actor=organiser, seed=7)
    before = [t.seats for t in rnd.tables.order_by("number")]
    client.force_login(organiser)
    post = {"round": "1"}
    for t in rnd.tables.order_by("number"):
        for i, pid in enumerate(t.seats):
            post[f"seat-{t.number}-{i}"] = str(pid)
    post["seat-2-3"] = post["seat-1-0"]
    answer = client.post(reverse("event-seat", args=[club.slug, manual.pk]), post, follow=True)
    assert "msg-error" in answer.content.decode()
    assert [t.seats for t in rnd.tables.order_by("number")] == before
    assert SeatingRound.objects.get(event=manual).mode == "random"


def test_the_swap_pickers_start_on_two_different_names(client, club, manual, organiser):
    services.round_draw(event=manual, actor=organiser, seed=7)
    client.force_login(organiser)
    page = client.get(reverse("event", args=[club.slug, manual.pk])).content.decode()
    swap = page[page.index('data-role="swap"') :]
    a = swap[swap.index('name="player_a"') : swap.index("</select>")]
    b_start = swap.index('name="player_b"')
    b = swap[b_start : swap.index("</select>", b_start)]
    assert " selected" not in a and b.count(" selected") == 1
