"""An upgrade keeps what a club has recorded: a database at the last released schema
(released.json: each app's last released migration), filled with the rows that release
stored (released-data.json, made by make_fixture.py from that commit's own migrations and
``load_demo``), migrated to HEAD, reads the same standings, ratings and round results as
the released code read from it (released-expected.json); so does a rebuild of the
standings and ratings from its rounds at HEAD, and HEAD's engine scores every stored round
as it was stored. Runs on SQLite in ``make test`` and on PostgreSQL in ``make test-db``.

The migrations after the released ones are unapplied to reach the released schema, so
every added migration must be reversible (a RunPython gives its reverse_code, ``noop``
when there is nothing to undo)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.apps.registry import Apps
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from tests.upgrade.snapshot import snapshot

HERE = Path(__file__).resolve().parent
RELEASED = json.loads((HERE / "released.json").read_text(encoding="utf-8"))
RELEASED_TARGETS = sorted(RELEASED["migrations"].items())


def _migrate(targets: list[tuple[str, str]]) -> Apps:
    """Migrate the test database to ``targets``; the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets, at_end=True).apps


def _head() -> list[tuple[str, str]]:
    leaves: list[tuple[str, str]] = MigrationExecutor(connection).loader.graph.leaf_nodes()
    return leaves


def _load(apps: Apps, rows: list[dict[str, Any]]) -> None:
    """The dumped rows through the models of the released state (not HEAD's, which may
    have columns the released tables lack), then the id sequences past them."""
    by_model: dict[Any, list[Any]] = {}
    many: list[tuple[Any, str, list[int]]] = []
    for row in rows:
        model = apps.get_model(row["model"])
        obj = model(pk=row["pk"])
        for name, value in row["fields"].items():
            field = model._meta.get_field(name)
            if field.many_to_many:
                many.extend([(obj, name, value)] if value else [])
            elif field.is_relation:
                setattr(obj, field.attname, value)
            else:
                setattr(obj, field.attname, field.to_python(value))
        by_model.setdefault(model, []).append(obj)
    with transaction.atomic():  # the foreign keys are checked at the end
        for model, objs in by_model.items():
            model.objects.bulk_create(objs)
        for obj, name, value in many:
            getattr(obj, name).set(value)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(by_model)):
            cursor.execute(sql)


def _rescored_rounds() -> dict[str, dict[str, Any]]:
    """Every stored round scored again by HEAD's engine, with the transfers it derives."""
    from scoring.models import Round
    from scoring.services.engine_calls import round_rows, round_score

    rescored = {}
    for r in Round.objects.order_by("pk"):
        scored = round_score(data=r.data, ruleset_config=r.ruleset_config)
        seats = {s.seat: s.player_id for s in r.session.seats.all()}
        transfers = [
            [
                seats.get(t["payer_seat"]),
                seats.get(t["payee_seat"]),
                t["payer_seat"],
                t["payee_seat"],
                t["amount"],
                t["event"],
                t["winner_seat"],
            ]
            for t in round_rows(data=r.data, scored=scored)["transfers"]
        ]
        rescored[str(r.pk)] = {"result": dict(scored.result), "transfers": transfers}
    return rescored


def test_the_released_migrations_are_on_disk_and_every_later_one_can_be_reversed():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    released = set(loader.graph.forwards_plan(RELEASED_TARGETS[0]))
    for target in RELEASED_TARGETS:
        assert target in loader.disk_migrations, f"released.json names {target}, not on disk"
        released |= set(loader.graph.forwards_plan(target))
    irreversible = [
        f"{app}.{name}: {operation.describe()}"
        for (app, name), migration in loader.disk_migrations.items()
        if app in RELEASED["migrations"] and (app, name) not in released
        for operation in migration.operations
        if not operation.reversible
    ]
    assert irreversible == [], "give each its reverse (RunPython.noop when nothing to undo)"


def _assert_session_counts_are_the_sessions() -> None:
    """The counts leagues 0004 filled in are each season's sessions."""
    from django.db.models import Count

    from leagues.models import Season
    from scoring.selectors import session_count

    seasons = Season.objects.annotate(n=Count("sessions"))
    assert any(s.n for s in seasons), "the released data has sessions to count"
    assert {s.pk: session_count(season=s) for s in seasons} == {s.pk: s.n for s in seasons}


def _assert_copies_are_their_sources() -> None:
    """scoring 0007 and 0008: each hand and kong row is ``counted`` as its round counts,
    and each seat carries its session's start."""
    from scoring.models import RoundHand, RoundKong, SessionSeat

    for model in (RoundHand, RoundKong):
        rows = list(model.objects.values_list("counted", "round__is_current", "round__is_void"))
        assert all(counted == (current and not void) for counted, current, void in rows), model
    assert RoundHand.objects.exists(), "the released data has hand rows to mark"
    seats = list(SessionSeat.objects.values_list("started_at", "session__started_at"))
    assert seats and all(mine == its for mine, its in seats)


def _by_rank(standings: dict[str, list[list[Any]]]) -> dict[str, list[list[Any]]]:
    """Each table's rows by rank, then player id: players who share a rank are listed in
    an order an upgrade may change (by pinyin at HEAD, by character code in the
    release), which is not a standing."""
    return {k: sorted(rows, key=lambda row: (row[2], row[0])) for k, rows in standings.items()}


def _assert_same(got: dict[str, Any], expected: dict[str, Any], when: str) -> None:
    got = {**got, "standings": _by_rank(got["standings"])}
    expected = {**expected, "standings": _by_rank(expected["standings"])}
    for part in expected:  # standings, ratings, rating_events, rounds: one at a time
        assert got[part] == expected[part], f"{part} differ from the release's {when}"


@pytest.mark.django_db(transaction=True)
def test_an_upgrade_from_the_released_schema_keeps_standings_ratings_and_round_results() -> None:
    from scoring.standings.rebuild import standings_rebuild

    expected = json.loads((HERE / "released-expected.json").read_text(encoding="utf-8"))
    rows = json.loads((HERE / "released-data.json").read_text(encoding="utf-8"))
    try:
        _load(_migrate(RELEASED_TARGETS), rows)
        _migrate(_head())
        _assert_same(snapshot(), expected, "after the migrations")
        _assert_session_counts_are_the_sessions()
        _assert_copies_are_their_sources()

        rescored = _rescored_rounds()
        assert {k: v["result"] for k, v in rescored.items()} == {
            k: v["result"] for k, v in expected["rounds"].items()
        }
        assert {k: sorted(v["transfers"], key=repr) for k, v in rescored.items()} == {
            k: v["transfers"] for k, v in expected["rounds"].items()
        }

        standings_rebuild()
        _assert_same(snapshot(), expected, "after a rebuild at HEAD")
    finally:
        _migrate(_head())


@pytest.mark.django_db(transaction=True)
def test_an_upgrade_marks_the_hand_and_kong_rows_of_rounds_that_no_longer_count() -> None:
    from scoring.models import RoundHand

    rows = json.loads((HERE / "released-data.json").read_text(encoding="utf-8"))
    try:
        _load(_migrate(RELEASED_TARGETS), rows)
        with connection.cursor() as cur:  # one round voided, another corrected since
            cur.execute("SELECT DISTINCT round_id FROM scoring_roundhand ORDER BY round_id")
            void, older = (r[0] for r in cur.fetchall()[:2])
            cur.execute("UPDATE scoring_round SET is_void = %s WHERE id = %s", [True, void])
            cur.execute("UPDATE scoring_round SET is_current = %s WHERE id = %s", [False, older])
        _migrate(_head())

        assert not RoundHand.objects.filter(round_id__in=[void, older], counted=True).exists()
        assert RoundHand.objects.filter(counted=True).exists()
        _assert_copies_are_their_sources()
    finally:
        _migrate(_head())


@pytest.mark.django_db(transaction=True)
def test_an_upgrade_writes_a_nights_table_label_started_in_english_in_the_sites_language() -> None:
    from scoring.events.models import Table
    from scoring.models import Session

    rows = json.loads((HERE / "released-data.json").read_text(encoding="utf-8"))
    try:
        _load(_migrate(RELEASED_TARGETS), rows)
        with connection.cursor() as cur:  # two tables started by readers of the English site
            cur.execute(
                "SELECT t.session_id, r.number, t.number FROM events_table t"
                " JOIN events_seatinground r ON r.id = t.round_id"
                " WHERE t.session_id IS NOT NULL ORDER BY t.id"
            )
            (started, rnd, table), (edited, _r, _t), *_ = cur.fetchall()
            english = f"周五之夜 Round {rnd} · Table {table}"
            cur.execute(
                "UPDATE scoring_session SET table_label = %s WHERE id = %s", [english, started]
            )
            cur.execute(
                "UPDATE scoring_session SET table_label = %s WHERE id = %s", ["窗边那桌", edited]
            )
        _migrate(_head())

        assert Session.objects.get(pk=started).table_label == f"周五之夜 第{rnd}轮 第{table}桌"
        assert Session.objects.get(pk=edited).table_label == "窗边那桌"
        assert Table.objects.filter(session__isnull=False).count() >= 2
    finally:
        _migrate(_head())
