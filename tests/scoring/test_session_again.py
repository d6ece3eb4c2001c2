"""再来一场 on the club page: one tap starts a session with the last session's players in
their seats, at its size, in that session's own season under its ruleset; not offered
(and refused, saying why) when that season is closed or no longer seats that many. While
the last session is not finished the page offers to go on with it, or to finish it and
start again, never a second session beside it."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Session
from tests.factories import (
    make_ruleset,
    make_season,
    make_session,
    make_table_season,
    round_self_draw,
)

pytestmark = pytest.mark.django_db


def again_url(club):
    return reverse("session-again", args=[club.slug])


def finished(session, recorder):
    services.session_finish(session=session, actor=recorder)
    return session


def test_the_club_page_offers_the_last_four_with_the_next_dealer(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    finished(session, recorder)

    page = rec.get(reverse("club", args=[session.season.club.slug])).content.decode()

    assert 'data-role="session-again"' in page
    assert "张三 · 李四 · 王五 · 赵六" in page and "王五 坐庄" in page
    # the dealer on a line of its own: "… · 赵六 · 王五 坐庄" reads as five players
    assert "赵六 · 王五 坐庄" not in page


def test_one_tap_starts_the_last_table_in_its_own_season_even_when_a_newer_one_is_open(
    rec, club, session, season, recorder
):
    season.start_date = datetime.date(2025, 1, 1)
    season.save()
    make_season(
        club,
        make_ruleset(club, {"preset": "changsha-67", "players": 3}),
        name="夏季赛（三人）",
        start_date=datetime.date(2025, 6, 1),
    )

    finished(session, recorder)
    page = rec.get(reverse("club", args=[club.slug])).content.decode()
    response = rec.post(again_url(club))

    assert "再来一场（上一场的 4 位）" in page and season.name in page
    new = Session.objects.exclude(pk=session.pk).get()
    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
    assert new.season == season
    assert [p.pk for p in new.players_in_order()] == [p.pk for p in session.players_in_order()]


def test_after_a_table_of_three_one_tap_starts_the_same_three_in_their_season(
    rec, club, session, season, players, recorder
):
    three = make_table_season(club, 3)
    last = make_session(three, players[4:7], actor=recorder)
    services.round_record(session=last, data=round_self_draw(1), actor=recorder)
    finished(last, recorder)

    page = rec.get(reverse("club", args=[club.slug])).content.decode()
    assert "再来一场（上一场的 3 位）" in page and "钱七 · 孙八 · 周九" in page
    assert three.name in page

    response = rec.post(again_url(club))

    new = Session.objects.exclude(pk__in=[session.pk, last.pk]).get()
    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
    assert new.season == three
    assert [p.pk for p in new.players_in_order()] == [p.pk for p in players[4:7]]
    assert new.first_dealer == 1  # 孙八 won: he deals next


def test_a_league_nights_table_of_three_starts_again_at_three(
    rec, club, session, season, players, recorder
):
    night_table = services.session_start(
        season=season, players=players[4:7], first_dealer=0, table_size=3, actor=recorder
    )
    finished(night_table, recorder)

    response = rec.post(again_url(club))

    new = Session.objects.exclude(pk__in=[session.pk, night_table.pk]).get()
    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
    assert (new.season, new.table_size, new.seats.count()) == (season, 3, 3)


def test_a_table_its_season_no_longer_seats_is_not_offered(rec, club, session, season):
    season.ruleset.config = {"preset": "changsha-67", "players": 3}
    season.ruleset.save()

    page = rec.get(reverse("club", args=[club.slug])).content.decode()
    response = rec.post(again_url(club), follow=True)

    assert 'data-role="session-again"' not in page
    assert Session.objects.count() == 1
    assert "上一场的赛季已结束或已改了桌上人数" in response.content.decode()


def test_without_an_open_season_nothing_starts_and_the_club_page_says_why(
    rec, club, session, season
):
    season.is_closed = True
    season.save()

    page = rec.get(reverse("club", args=[club.slug])).content.decode()
    response = rec.post(again_url(club), follow=True)

    assert 'data-role="session-again"' not in page
    assert Session.objects.count() == 1
    assert "上一场的赛季已结束" in response.content.decode()


def test_a_member_who_may_not_record_has_no_button_and_cannot_start(reader, club, session):
    page = reader.get(reverse("club", args=[club.slug])).content.decode()
    response = reader.post(again_url(club))

    assert 'data-role="session-again"' not in page
    assert response.status_code == 403 and Session.objects.count() == 1


def test_a_club_without_sessions_offers_no_button(rec, club, season):
    page = rec.get(reverse("club", args=[club.slug])).content.decode()

    assert 'data-role="session-again"' not in page


def started_night_table(season, four, organiser, recorder, name):
    """A league night of ``four`` entrants, its one table drawn and started."""
    from scoring.events import services as events

    event = events.event_create(season=season, name=name, date=season.start_date, actor=organiser)
    for p in four:
        events.entrant_add(event=event, player=p, actor=organiser)
    rnd = events.round_draw(event=event, actor=organiser, seed=1)
    return events.table_start(table=rnd.tables.get(), actor=recorder)


def test_again_after_a_league_nights_table_does_not_carry_the_nights_table_title(
    rec, club, season, players, organiser, recorder
):
    night_table = started_night_table(season, players[:4], organiser, recorder, "审查之夜")
    assert night_table.table_label == "审查之夜 第1轮 第1桌"
    finished(night_table, recorder)

    rec.post(again_url(club))

    new = Session.objects.exclude(pk=night_table.pk).get()
    assert new.table_label == ""
    assert not hasattr(new, "event_table")


def test_a_league_nights_open_table_is_offered_to_go_on_with_never_to_finish_from_outside(
    rec, club, season, players, organiser, recorder
):
    """The recorder started the night's table: the club page and 开一场 still never end
    it (the night's own page does), nor start a casual table of its four beside it."""
    night_table = started_night_table(season, players[:4], organiser, recorder, "周五夜赛")

    club_page = rec.get(reverse("club", args=[club.slug])).content.decode()
    start_page = rec.get(reverse("session-new", args=[club.slug, season.pk])).content.decode()
    response = rec.post(again_url(club), {"finish_last": str(night_table.pk)})

    assert reverse("round-new", args=[club.slug, night_table.pk]) in club_page
    assert "结束上一场" not in club_page and "结束上一场" not in start_page
    assert response["Location"] == reverse("round-new", args=[club.slug, night_table.pk])
    night_table.refresh_from_db()
    assert not hasattr(night_table, "result") and Session.objects.count() == 1


def test_again_after_an_ordinary_table_keeps_its_own_label(rec, club, season, players, recorder):
    last = services.session_start(
        season=season, players=players[:4], first_dealer=0, table_label="3号桌", actor=recorder
    )
    finished(last, recorder)

    rec.post(again_url(club))

    assert Session.objects.filter(table_label="3号桌").count() == 2


def test_an_unfinished_last_session_is_offered_to_go_on_with_not_a_second_one(
    rec, club, session, recorder
):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)

    page = rec.get(reverse("club", args=[club.slug])).content.decode()
    response = rec.post(again_url(club))  # a page from before, or a second tap

    assert "上一场还没结束" in page and "已记 1 盘" in page
    assert reverse("round-new", args=[club.slug, session.pk]) in page
    assert "结束上一场，再来一场" in page
    assert response["Location"] == reverse("round-new", args=[club.slug, session.pk])
    assert Session.objects.count() == 1


def test_finish_the_last_and_play_again_finishes_it_and_starts_the_same_table(
    rec, club, session, recorder
):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)

    response = rec.post(again_url(club), {"finish_last": str(session.pk)})

    session.refresh_from_db()
    new = Session.objects.exclude(pk=session.pk).get()
    assert hasattr(session, "result") and not hasattr(new, "result")
    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
    assert [p.pk for p in new.players_in_order()] == [p.pk for p in session.players_in_order()]
    assert new.first_dealer == 2  # 王五 won: he deals next


def test_a_refused_start_leaves_the_last_session_unfinished(rec, club, session, season):
    season.ruleset.config = {"preset": "changsha-67", "players": 3}  # seats three now
    season.ruleset.save()
    same = {"finish_last": str(session.pk)}

    rec.post(reverse("session-same-table", args=[club.slug, season.pk]), same)

    session.refresh_from_db()
    assert not hasattr(session, "result")
    assert Session.objects.count() == 1


def test_each_recorder_goes_on_with_their_own_table(rec, club, session, season, players, organiser):
    """Two tables of the club at once: the other table's newer session is not offered to
    this recorder, whose own table is the one they go on with."""
    other = services.session_start(
        season=season, players=players[4:8], first_dealer=0, actor=organiser
    )

    page = rec.get(reverse("club", args=[club.slug])).content.decode()

    assert other.started_at >= session.started_at
    assert reverse("round-new", args=[club.slug, session.pk]) in page
    assert reverse("round-new", args=[club.slug, other.pk]) not in page


def test_a_second_tap_on_finish_and_play_again_finishes_nothing_more(rec, club, session, recorder):
    """The second post names the table the first one finished: the new table goes on."""
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    tap = {"finish_last": str(session.pk)}
    rec.post(again_url(club), tap)
    new = Session.objects.exclude(pk=session.pk).get()

    response = rec.post(again_url(club), tap)

    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
    assert Session.objects.count() == 2
    new.refresh_from_db()
    assert not hasattr(new, "result")


def test_another_tables_game_is_offered_to_go_on_with_never_to_finish(
    client, club, session, recorder, organiser
):
    """The organiser started no table: the club's last one is the recorder's, going on."""
    client.force_login(organiser)
    page = client.get(reverse("club", args=[club.slug])).content.decode()
    response = client.post(again_url(club), {"finish_last": str(session.pk)})

    assert reverse("round-new", args=[club.slug, session.pk]) in page
    assert "结束上一场，再来一场" not in page
    assert response["Location"] == reverse("round-new", args=[club.slug, session.pk])
    session.refresh_from_db()
    assert not hasattr(session, "result") and Session.objects.count() == 1


def test_a_closed_seasons_unfinished_table_starts_again_in_a_new_season(
    rec, club, session, season, players, recorder
):
    """A closed season's sessions are final: its last table, never finished, is not one
    to go on with; the same four start in the season open now."""
    season.is_closed = True
    season.save()
    new_season = make_season(club, name="冬季赛")

    page = rec.get(reverse("session-new", args=[club.slug, new_season.pk])).content.decode()
    response = rec.post(reverse("session-same-table", args=[club.slug, new_season.pk]))

    assert "同一桌再来一场" in page and "结束上一场" not in page
    new = Session.objects.exclude(pk=session.pk).get()
    assert new.season == new_season
    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
