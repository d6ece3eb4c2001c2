"""我的 (/me/): every figure is the sum of the club player pages it covers, in a fixed
number of queries."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from leagues.models import Player, Season
from scoring.me import selectors
from scoring.standings import selectors as standings
from tests.factories import make_session
from tests.me.history import (
    ADDITIVE,
    assert_me_is_the_sum_of_the_player_pages,
    two_club_history,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def history():
    return two_club_history()


def test_every_total_on_me_is_the_sum_of_the_club_player_pages(history):
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    assert_me_is_the_sum_of_the_player_pages(report, history.mine)
    assert report.totals.rounds > 0


def test_each_club_line_is_that_clubs_player_page_and_leaderboard_rank(history):
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    assert [c.club for c in report.clubs] == sorted(history.clubs, key=lambda c: c.name)
    for line in report.clubs:
        page = standings.player_stats(player=line.player)
        assert line.totals.net == page.net and line.totals.rounds == page.rounds
        board = standings.club_leaderboard(club=line.club)
        assert line.rank == next(r.rank for r in board if r.player.pk == line.player.pk)
        assert line.ranked == len(board)
        rating = standings.player_rating(player=line.player)
        assert line.rating == (rating.ordinal if rating else None)


def test_each_season_line_is_that_seasons_standings_rank(history):
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    assert len(report.seasons) == 4
    for line in report.seasons:
        rows = standings.season_standings(season=line.season)
        row = next(r for r in rows if r.player.pk == line.player.pk)
        assert (line.rank, line.total, line.ranked) == (row.rank, row.total, len(rows))


def test_the_club_filter_shows_one_clubs_figures(history):
    club = history.clubs[1]
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters(club=club.slug))
    page = standings.player_stats(player=history.mine[1])
    assert report.totals.net == page.net and report.totals.rounds == page.rounds
    assert [c.club for c in report.clubs] == [club]


def test_the_year_filter_sums_the_sessions_of_that_year(history):
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    years = report.years
    by_year = [
        selectors.me_report(user=history.user, filters=selectors.MeFilters(year=y)) for y in years
    ]
    for name in ADDITIVE:
        assert sum(getattr(r.totals, name) for r in by_year) == getattr(report.totals, name)
    assert sum(sum(h.count for h in r.hand_counts) for r in by_year) == sum(
        h.count for h in report.hand_counts
    )


def test_the_biggest_win_is_the_users_largest_counted_round(history):
    from scoring.models import RoundPlayer, counting_q

    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    rows = RoundPlayer.objects.filter(counting_q("round"), player__in=history.mine)
    # a round the user won a hand in (a 起手胡 too) or gained in
    best = max(net for net, hands in rows.values_list("net", "hands") if net > 0 or hands)
    assert report.biggest_win is not None and report.biggest_win.net == best


def test_head_to_head_nets_are_what_the_two_paid_each_other(history):
    from scoring.models import RoundPlayer, Transfer, counting_q

    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    assert report.rivals
    for rival in report.rivals:
        me = next(p for p in history.mine if p.club_id == rival.club.pk)
        together = RoundPlayer.objects.filter(
            counting_q("round"), player=rival.opponent, round__players__player=me
        ).count()
        assert rival.rounds == together
        got = sum(
            Transfer.objects.filter(
                counting_q("round"), payer=rival.opponent, payee=me
            ).values_list("amount", flat=True)
        )
        paid = sum(
            Transfer.objects.filter(
                counting_q("round"), payer=me, payee=rival.opponent
            ).values_list("amount", flat=True)
        )
        assert rival.net == got - paid


def test_the_page_queries_do_not_grow_with_clubs_or_rounds(client, history):
    client.force_login(history.user)
    with CaptureQueriesContext(connection) as small:
        assert client.get(reverse("me")).status_code == 200
    more = two_club_history(seed=11, sessions_per_club=5, rounds=8)
    # the same user gets two more clubs
    from leagues.models import Player

    Player.objects.filter(pk__in=[p.pk for p in more.mine]).update(user=history.user)
    with CaptureQueriesContext(connection) as large:
        page = client.get(reverse("me"))
    assert page.status_code == 200
    assert len(page.context["report"].clubs) == 4
    assert len(large.captured_queries) == len(small.captured_queries)


def test_the_page_shows_the_totals_clubs_and_links_to_the_biggest_win(client, history):
    client.force_login(history.user)
    body = client.get(reverse("me")).content.decode()
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    assert f'data-stat="net">{report.totals.net}<' in body
    assert f'data-stat="rounds">{report.totals.rounds}<' in body
    for club in history.clubs:
        assert f'data-club="{club.slug}"' in body
    best = report.biggest_win
    assert reverse("round", args=[best.club.slug, best.session_id, best.number]) in body
    assert 'id="me-chart"' in body


def test_a_clubs_rating_and_a_seasons_rating_are_named_apart(client, history):
    client.force_login(history.user)
    body = client.get(reverse("me")).content.decode()
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    clubs = body.split('data-role="me-clubs"')[1].split('data-role="me-seasons"')[0]
    seasons = body.split('data-role="me-seasons"')[1].split("</ul>")[0]
    rated = [c for c in report.clubs if c.rating is not None]
    assert rated and clubs.count("俱乐部等级分") == len(rated) and "赛季等级分" not in clubs
    rated = [s for s in report.seasons if s.rating is not None]
    assert rated and seasons.count("赛季等级分") == len(rated) and "俱乐部等级分" not in seasons


def test_a_user_with_no_linked_player_is_told_how_to_claim_one(client, member):
    client.force_login(member)
    assert 'data-role="me-empty"' in client.get(reverse("me")).content.decode()


def test_me_needs_a_login(client):
    answer = client.get(reverse("me"))
    assert answer.status_code == 302 and "login" in answer["Location"]


def test_after_unlinking_one_club_me_is_the_other_clubs_player_page(history):
    from leagues import player_links

    player_links.player_unlink(player=history.mine[0], actor=history.user)
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())
    page = standings.player_stats(player=history.mine[1])
    for name in ADDITIVE:
        assert getattr(report.totals, name) == getattr(page, name), name
    assert [c.club.pk for c in report.clubs] == [history.clubs[1].pk]


def test_a_linked_guest_merged_into_a_player_stays_on_me(history):
    from leagues import player_links
    from leagues.models import Membership
    from leagues.services import player_create
    from scoring import services
    from scoring.merge.services import player_merge
    from tests.factories import make_session, round_self_draw

    club = history.clubs[0]
    owner = Membership.objects.filter(club=club, role="owner").get().user
    me = history.mine[0]
    player_links.player_unlink(player=me, actor=owner)
    guest = player_create(club=club, display_name="客人", is_guest=True, actor=owner)
    player_links.player_link(player=guest, user=history.user, actor=owner)
    others = list(club.players.exclude(pk__in=[me.pk, guest.pk]))[:3]
    session = make_session(me.club.seasons.first(), [guest, *others], actor=owner)
    services.round_record(session=session, data=round_self_draw(0, ["qingyise"]), actor=owner)
    only = selectors.MeFilters(club=club.slug)
    before = selectors.me_report(user=history.user, filters=only)
    assert before.clubs[0].player == guest and before.clubs[0].totals.rounds == 1
    target = player_create(club=club, display_name="正式", actor=owner)
    player_merge(source=guest, target=target, actor=owner)
    after = selectors.me_report(user=history.user, filters=only)
    line = after.clubs[0]
    assert line.player.pk == target.pk
    assert line.totals.net == before.clubs[0].totals.net and line.totals.rounds == 1


def test_the_year_in_review_image_is_a_square_png_of_the_years_figures(client, history):
    import io

    from PIL import Image

    from scoring.me.views import year_card

    client.force_login(history.user)
    year = selectors.me_report(user=history.user, filters=selectors.MeFilters()).years[0]
    answer = client.get(reverse("me-year-image"), {"year": year})
    assert answer.status_code == 200 and answer["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(answer.content))
    assert image.size == (1080, 1080)
    artifacts = Path(__file__).resolve().parents[1] / "artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "me-year-image.png").write_bytes(answer.content)
    report = selectors.me_report(user=history.user, filters=selectors.MeFilters(year=year))
    card = year_card(report, year=year, name="我")
    assert card.total == report.totals.net
    assert str(year) in card.title
    assert report.rivals[0].opponent.display_name in card.footer


def test_the_chart_keeps_its_latest_points_of_the_running_sums(history, monkeypatch):
    from itertools import accumulate

    from scoring.standings.models import PlayerSessionStat

    stats = PlayerSessionStat.objects.filter(player__in=history.mine).order_by(
        "started_at", "session_id"
    )
    nets = [s.net for s in stats]
    running = [0, *accumulate(nets)]
    for points in (2, 3, len(nets), len(nets) + 1, len(nets) + 2):
        monkeypatch.setattr(selectors, "CHART_POINTS", points)
        chart = selectors.me_chart(players=history.mine, year=None)
        together, *clubs = chart["lines"]
        assert together["values"] == running[-points:], points
        assert len(chart["labels"]) == len(together["values"])
        assert (chart["latest"] is not None) == (len(running) > points)
        for club, line in zip(history.clubs, clubs, strict=True):
            assert line["values"][-1] == sum(s.net for s in stats if s.club_id == club.pk)


def test_the_open_tables_are_the_unfinished_sessions_the_user_sits_at(history):
    club, me = history.clubs[0], history.mine[0]
    season = Season.objects.get(club=club, name="今年")
    others = list(Player.objects.filter(club=club).exclude(pk=me.pk).order_by("pk"))
    now = timezone.now()
    at_the_table = make_session(season, [me, *others[:3]], actor=history.user, started_at=now)
    make_session(season, others[:4], actor=history.user, started_at=now)  # not sitting

    report = selectors.me_report(user=history.user, filters=selectors.MeFilters())

    assert [(t.session_id, t.club) for t in report.open_tables] == [(at_the_table.pk, club)]
