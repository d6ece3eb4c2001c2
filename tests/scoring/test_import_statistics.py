"""A big import refreshes the planner's statistics only when it changes the tables
enough to matter (scoring.bulk_import.analyse_due): autovacuum's 10 % rule, applied at once."""

import pytest
from django.db import connection

from scoring.bulk_import import ANALYZE_AFTER, analyse_due, statistics_stale


def test_a_small_import_never_analyses():
    assert not analyse_due(rounds=ANALYZE_AFTER - 1, seen=-1)
    assert not analyse_due(rounds=ANALYZE_AFTER - 1, seen=0)


def test_a_big_import_into_tables_never_analysed_or_empty_analyses():
    assert analyse_due(rounds=ANALYZE_AFTER, seen=-1)
    assert analyse_due(rounds=ANALYZE_AFTER, seen=0)


def test_a_big_import_analyses_only_when_it_adds_more_than_a_tenth():
    assert analyse_due(rounds=20_000, seen=199_999)
    assert not analyse_due(rounds=20_000, seen=200_000)
    assert not analyse_due(rounds=20_000, seen=400_000)


@pytest.mark.django_db
def test_the_statistics_are_read_from_the_database():
    if connection.vendor != "postgresql":
        assert not statistics_stale(10**6)  # SQLite has no ANALYZE step
        return
    with connection.cursor() as cur:
        cur.execute("ANALYZE scoring_round")  # the test database's rounds: a few at most
    assert statistics_stale(ANALYZE_AFTER)
    assert not statistics_stale(ANALYZE_AFTER - 1)
