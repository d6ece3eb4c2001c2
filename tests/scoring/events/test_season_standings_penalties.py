"""Penalties in the season standings: their own column, and net after penalties ranks;
a cancelled penalty and a warning change nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services as scoring_services
from scoring.events import services
from scoring.standings.selectors import season_standings
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def won(session, recorder):
    """张三 (seat 0) self-draws: he leads the season."""
    scoring_services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    return session


def names(rows):
    return [r.player.display_name for r in rows]


def test_a_penalty_larger_than_the_lead_puts_the_leader_last(won, season, players, organiser):
    before = season_standings(season=season)
    lead = before[0]
    assert lead.player == players[0]

    services.penalty_give(
        season=season, player=players[0], amount=-(lead.net + 100), reason="作弊", actor=organiser
    )
    after = season_standings(season=season)

    assert names(after)[-1] == "张三"
    assert after[-1].net == lead.net and after[-1].penalties == -(lead.net + 100)
    assert after[-1].rank == len(after)


def test_a_cancelled_penalty_and_a_warning_change_no_standing(won, season, players, organiser):
    before = [(r.player.pk, r.rank) for r in season_standings(season=season)]
    penalty = services.penalty_give(
        season=season, player=players[0], amount=-500, reason="迟到", actor=organiser
    )
    services.penalty_cancel(penalty=penalty, reason="弄错了", actor=organiser)
    services.penalty_give(
        season=season, player=players[0], amount=0, reason="警告", actor=organiser
    )

    rows = season_standings(season=season)

    assert [(r.player.pk, r.rank) for r in rows] == before
    assert all(r.penalties == 0 for r in rows)
    penalty.refresh_from_db()
    assert penalty.cancelled_by == organiser and penalty.cancel_reason == "弄错了"


def test_the_season_page_shows_the_penalty_column(won, rec, club, season, players, organiser):
    services.penalty_give(
        season=season, player=players[1], amount=-30, reason="看牌", actor=organiser
    )

    page = rec.get(reverse("season", args=[club.slug, season.pk])).content.decode()

    assert 'data-col="penalties"' in page
    assert '<td data-col="penalties" class="neg">-30</td>' in page
