"""Bulk jobs pause Python's cyclic garbage collector while a batch lives, and only then
(csmj_site.bulk_rows.gc_paused; docs/performance.md, "The garbage collector")."""

import gc
import io

import pytest
from django.core.management import call_command

import scoring.bulk_import
import scoring.standings.rebuild
from csmj_site.bulk_rows import gc_paused
from leagues.models import Club
from scoring.standings.rebuild import ratings_rebuild


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_inside_a_pause_and_on_after_it(collector_on):
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_is_on_again_after_a_pause_that_raised(collector_on):
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("a batch failed")
    assert gc.isenabled()


def test_a_pause_inside_a_pause_leaves_the_collector_off_until_the_outer_one_ends(
    collector_on,
):
    with gc_paused():
        with gc_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_pause_leaves_a_collector_that_was_off_off():
    was = gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


@pytest.mark.django_db
def test_an_import_scores_its_rounds_with_the_collector_paused_and_ends_with_it_on(
    collector_on, monkeypatch
):
    seen = []
    score = scoring.bulk_import.round_score

    def watched(**kwargs):
        seen.append(gc.isenabled())
        return score(**kwargs)

    monkeypatch.setattr(scoring.bulk_import, "round_score", watched)
    out = io.StringIO()
    call_command("generate_demo_league", players=8, sessions=5, slug="gc", verbosity=0, stdout=out)
    assert "5 sessions" in out.getvalue()
    assert seen and not any(seen)
    assert gc.isenabled()


@pytest.mark.django_db
def test_a_ratings_replay_runs_with_the_collector_paused_and_ends_with_it_on(
    collector_on, monkeypatch
):
    call_command("generate_demo_league", players=8, sessions=5, slug="gc", verbosity=0)
    club = Club.objects.get(slug="gc")
    seen = []
    replay = scoring.standings.rebuild.ratings_replay

    def watched(sessions):
        seen.append(gc.isenabled())
        return replay(sessions)

    monkeypatch.setattr(scoring.standings.rebuild, "ratings_replay", watched)
    assert ratings_rebuild(club_id=club.pk, season_id=None) == 5
    assert seen == [False]
    assert gc.isenabled()
