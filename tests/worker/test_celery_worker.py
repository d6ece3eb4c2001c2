"""Celery through a real broker and a real worker process (``make test-worker``).

The Makefile target migrates a throw-away database, starts ``celery -A csmj_site worker``
against the machine's Redis with the same DATABASE_URL, runs this module and stops the
worker. The test writes to that database directly (not pytest-django's test database,
which the worker could not see). With no CELERY_BROKER_URL (the normal ``make test``)
it is skipped with a notice; under CI, ``make test-worker`` runs it.
"""

import os
import uuid

import pytest

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(
        not os.environ.get("CELERY_BROKER_URL"),
        reason="NOTICE: no CELERY_BROKER_URL; run `make test-worker` for the real-worker test",
    ),
]


def test_a_real_worker_rebuilds_the_standings_queued_after_commit(django_db_blocker):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from csmj_site.celery import app
    from leagues.models import Club, Membership, Player, Ruleset, Season
    from scoring.services import round_record, session_start
    from scoring.standings.models import PlayerSeasonStat, PlayerSessionStat
    from scoring.standings.services import stats_session_refresh
    from scoring.standings.tasks import standings_rebuild_task
    from tests.factories import round_discard, round_self_draw

    assert not settings.CELERY_TASK_ALWAYS_EAGER and not app.conf.task_always_eager
    tag = uuid.uuid4().hex[:8]
    with django_db_blocker.unblock():
        user = get_user_model().objects.create(username=f"worker-{tag}")
        club = Club.objects.create(name=f"worker {tag}", slug=f"worker-{tag}")
        Membership.objects.create(club=club, user=user, role="owner")
        ruleset = Ruleset.objects.create(club=club, name="67", config={"preset": "changsha-67"})
        season = Season.objects.create(
            club=club, name="S", start_date="2025-01-01", ruleset=ruleset
        )
        players = [Player.objects.create(club=club, display_name=f"p{i}") for i in range(4)]
        session = session_start(season=season, players=players, first_dealer=0, actor=user)
        round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=user)
        round_record(session=session, data=round_discard(2, 1), actor=user)
        stats_session_refresh(session=session)  # a no-op when round_record already did it
        expected = sorted(
            PlayerSeasonStat.objects.filter(season=season).values_list("player_id", "net", "rounds")
        )
        # Lose the materialised rows, then let the worker rebuild them (twice: idempotent).
        PlayerSessionStat.objects.filter(club=club).delete()
        PlayerSeasonStat.objects.filter(season=season).delete()
        results = []
        with transaction.atomic():
            transaction.on_commit(
                lambda: results.append(standings_rebuild_task.delay(club_id=club.pk))
            )
            assert results == []  # nothing is sent before the commit
        results.append(standings_rebuild_task.delay(club_id=club.pk))
        assert [r.get(timeout=60) for r in results] == [1, 1]
        rebuilt = sorted(
            PlayerSeasonStat.objects.filter(season=season).values_list("player_id", "net", "rounds")
        )
    assert rebuilt == expected
    assert sum(net for _, net, _ in rebuilt) == 0 and all(n == 2 for _, _, n in rebuilt)
