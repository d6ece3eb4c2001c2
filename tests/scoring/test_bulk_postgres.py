"""The bulk import in autocommit mode (as the commands run it: batches commit one by one,
COPY, ANALYZE), on PostgreSQL."""

import io
import json
import os

import pytest
from django.core.management import call_command
from django.db import connection

from leagues.models import Club
from scoring.models import Round
from scoring.selectors import session_count
from scoring.standings.models import PlayerSeasonStat, PlayerSessionStat, RatingEvent
from scoring.standings.rebuild import standings_rebuild
from tests.scoring.standings.live import live_standings

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def rows(club):
    return {
        "season": sorted(
            PlayerSeasonStat.objects.filter(season__club=club).values_list(
                "player_id", "net", "rounds", "sessions", "wins", "birds_hit"
            )
        ),
        "session": PlayerSessionStat.objects.filter(club=club).count(),
        "events": RatingEvent.objects.filter(club=club).count(),
    }


def test_a_committed_bulk_import_stores_what_a_rebuild_computes():
    out = io.StringIO()
    call_command(
        "generate_demo_league",
        players=16,
        sessions=60,
        slug="pipe",
        batch=7,
        verbosity=0,
        stdout=out,
    )
    club = Club.objects.get(slug="pipe")
    season = club.seasons.get()
    assert "60 sessions" in out.getvalue() and "0 failed" in out.getvalue()
    assert Round.objects.filter(session__season=season).count() >= 60 * 6
    imported = rows(club)
    assert imported["events"] == 60 * 4 * 2  # season and club ratings, four players a session
    standings_rebuild(club=club)
    assert rows(club) == imported
    live = {(r.player.pk, r.net, r.rounds) for r in live_standings(season=season)}
    assert {(p, n, r) for p, n, r, *_ in imported["season"]} == live


def exported(slug, new_slug):
    from scoring.club_file import club_export_lines

    lines = list(club_export_lines(club=Club.objects.get(slug=slug)))
    header = json.loads(lines[0])
    header["club"]["slug"] = new_slug
    return [json.dumps(header, ensure_ascii=False), *lines[1:]]


def test_an_import_in_forked_workers_stores_what_one_process_stores_in_file_order(monkeypatch):
    from django.contrib.auth import get_user_model

    from scoring.club_file import club_export_lines, lines_import
    from tests.scoring.test_import_export import snapshot

    call_command("generate_demo_league", players=16, sessions=60, slug="src", verbosity=0)
    actor = get_user_model().objects.get(username="src-admin")

    here, _ = lines_import(lines=exported("src", "here"), actor=actor, batch_size=7)
    forked_lines = exported("src", "forked")
    monkeypatch.setattr("scoring.bulk_import.FORK_CHUNK", 25)  # three pools of workers, one by one
    forked, club = lines_import(lines=forked_lines, actor=actor, batch_size=7, workers=2)

    assert (forked.sessions, forked.rounds, forked.failed) == (here.sessions, here.rounds, [])
    assert forked.rounds >= 60 * 6
    assert snapshot(club) == snapshot(Club.objects.get(slug="here"))
    assert snapshot(club)["ratings"]
    season = club.seasons.get()
    assert session_count(season=season) == here.sessions == season.sessions.count()
    # Sessions keep the file's order (their ids are allocated before the workers start),
    # so exporting the import gives the file back, line for line.
    assert list(club_export_lines(club=club))[1:] == forked_lines[1:]


def test_a_forked_import_reports_bad_sessions_by_line_and_stores_the_good_ones():
    from django.contrib.auth import get_user_model

    from scoring.club_file import lines_import

    call_command("generate_demo_league", players=8, sessions=20, slug="src", verbosity=0)
    actor = get_user_model().objects.get(username="src-admin")
    lines = exported("src", "forked")
    bad = json.loads(lines[5])
    bad["rounds"][0]["dealer"] = 7
    lines[5] = json.dumps(bad, ensure_ascii=False)
    lines[12] = "{not json"

    report, club = lines_import(lines=lines, actor=actor, batch_size=3, workers=2)

    assert [n for n, _ in report.failed] == [6, 13]
    assert report.failed[0][1][0]["field"] == "rounds[0].dealer"
    assert report.sessions == 18
    assert PlayerSessionStat.objects.filter(club=club).count() == 18 * 4
    stored = rows(club)
    standings_rebuild(club=club)
    assert rows(club) == stored


def test_the_import_command_uses_workers_and_says_how_fast(tmp_path):
    call_command("generate_demo_league", players=8, sessions=20, slug="src", verbosity=0)
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(exported("src", "copy")) + "\n", encoding="utf-8")
    out = io.StringIO()

    call_command(
        "import_rounds", str(path), user="src-admin", workers=2, batch=4, verbosity=0, stdout=out
    )

    assert "copy: imported 20 sessions" in out.getvalue() and "rounds/s" in out.getvalue()
    assert rows(Club.objects.get(slug="copy"))["session"] == 20 * 4


def _die(span):
    os._exit(3)  # a worker killed mid-batch (out of memory, kill -9)


def test_a_worker_that_dies_stops_the_import_with_an_error_instead_of_hanging(monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    from django.contrib.auth import get_user_model

    from scoring.club_file import lines_import

    call_command("generate_demo_league", players=8, sessions=12, slug="src", verbosity=0)
    actor = get_user_model().objects.get(username="src-admin")
    monkeypatch.setattr("scoring.bulk_import.batch_job", _die)

    with pytest.raises(BrokenProcessPool):
        lines_import(lines=exported("src", "copy"), actor=actor, batch_size=3, workers=2)
    assert not PlayerSessionStat.objects.filter(club__slug="copy").exists()


def test_a_forked_import_reads_the_next_chunk_while_the_workers_write_the_one_before(
    monkeypatch,
):
    import multiprocessing

    from django.contrib.auth import get_user_model

    from scoring.bulk_import import sessions_import
    from scoring.club_file import lines_import

    call_command("generate_demo_league", players=8, sessions=30, slug="src", verbosity=0)
    actor = get_user_model().objects.get(username="src-admin")
    monkeypatch.setattr("scoring.bulk_import.FORK_CHUNK", 10)
    workers_seen: list[int] = []
    real_import = sessions_import

    def watched(*, sessions, **kwargs):
        def sources():
            for n, src in enumerate(sessions):
                if n % 10 == 0:  # the first session of a chunk is asked for
                    workers_seen.append(len(multiprocessing.active_children()))
                yield src

        return real_import(sessions=sources(), **kwargs)

    monkeypatch.setattr("scoring.club_file.sessions_import", watched)
    report, club = lines_import(lines=exported("src", "copy"), actor=actor, workers=2)

    assert (report.sessions, report.failed) == (30, [])
    # The first chunk is read before any worker exists; the second and third while the
    # workers of the chunk before are there (alive until their chunk is read back).
    assert workers_seen[0] == 0 and all(seen > 0 for seen in workers_seen[1:])
    assert len(workers_seen) == 3
    stored = rows(club)
    standings_rebuild(club=club)
    assert rows(club) == stored


def test_a_source_that_fails_while_a_chunk_is_written_raises_after_that_chunk_commits(
    monkeypatch,
):
    from django.contrib.auth import get_user_model

    from scoring.bulk_import import sessions_import
    from scoring.club_file import lines_import

    call_command("generate_demo_league", players=8, sessions=20, slug="src", verbosity=0)
    actor = get_user_model().objects.get(username="src-admin")
    monkeypatch.setattr("scoring.bulk_import.FORK_CHUNK", 10)
    real_import = sessions_import

    def failing(*, sessions, **kwargs):
        def sources():
            for n, src in enumerate(sessions):
                if n == 15:
                    raise RuntimeError("the source broke")
                yield src

        return real_import(sessions=sources(), **kwargs)

    monkeypatch.setattr("scoring.club_file.sessions_import", failing)
    with pytest.raises(RuntimeError, match="the source broke"):
        lines_import(lines=exported("src", "copy"), actor=actor, workers=2)

    # The first ten sessions were being written when the source failed: they committed.
    assert PlayerSessionStat.objects.filter(club__slug="copy").count() == 10 * 4
