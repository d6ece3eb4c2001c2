"""Migrations depend one way (standings on scoring on leagues), and a database that an
older release migrated, wherever it stopped, upgrades to the tables a new database
gets, with its standings rows kept."""

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.test import override_settings
from django.utils import timezone

from scoring.services import round_record, session_finish
from scoring.standings.models import (
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
)
from tests.factories import round_self_draw

LAYER = {"leagues": 0, "scoring": 1, "standings": 2}
LEGACY_MODULES = {
    "leagues": "tests.migrations_legacy.leagues",
    "standings": "tests.migrations_legacy.standings",
}
STANDINGS = [
    SessionResult,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
]


def test_no_migration_depends_on_an_app_above_its_own():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    upward = [
        f"{app}.{name} → {dep_app}.{dep_name}"
        for (app, name), migration in loader.disk_migrations.items()
        if app in LAYER
        for dep_app, dep_name in migration.dependencies
        if LAYER.get(dep_app, -1) > LAYER[app]
    ]
    assert upward == []


def test_no_leagues_migration_touches_a_model_of_another_app():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    leagues_models = {m.__name__.lower() for m in apps.get_app_config("leagues").get_models()}
    touched = {
        (name, getattr(op, "model_name", None) or getattr(op, "name", ""))
        for (app, name), migration in loader.disk_migrations.items()
        if app == "leagues"
        for op in migration.operations
    }
    assert {
        (name, model) for name, model in touched if model and model.lower() not in leagues_models
    } == set()


@pytest.mark.django_db
def test_the_migrations_match_the_models():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def schema() -> dict:
    """Every column, index and constraint of leagues', scoring's and the standings' tables."""
    introspection = connection.introspection
    with connection.cursor() as cursor:
        tables = sorted(
            t for t in introspection.table_names(cursor) if t.startswith(("leagues_", "scoring_"))
        )
        return {
            table: {
                "columns": sorted(
                    (c.name, str(c.type_code), c.null_ok)
                    for c in introspection.get_table_description(cursor, table)
                ),
                "constraints": {
                    name: {k: v for k, v in details.items() if k != "definition"}
                    for name, details in introspection.get_constraints(cursor, table).items()
                },
            }
            for table in tables
        }


def standings_rows() -> dict:
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in STANDINGS}


def migrate(targets, *, legacy: bool):
    """Runs the live migrations, or the old ones (tests/migrations_legacy), to targets
    (None: to the end) and returns the models as they were there."""
    with override_settings(MIGRATION_MODULES=LEGACY_MODULES if legacy else {}):
        executor = MigrationExecutor(connection)
        targets = targets or executor.loader.graph.leaf_nodes()
        executor.migrate(targets)
        return executor.loader.project_state(targets, at_end=True).apps


# Where an older release's database can have stopped, and the app its standings were in
# there (leagues before the move, standings after it).
STOPS = {
    # leagues 0002 had created the standings tables, with all their indexes and constraints
    "standings_created": (
        [("leagues", "0005_audit_log"), ("scoring", "0002_idempotencykey")],
        "leagues",
    ),
    # leagues 0006 and 0007 had dropped some of them
    "standings_altered": (
        [
            ("leagues", "0007_denormalised_fks_no_constraint"),
            ("scoring", "0004_denormalised_fks_no_constraint"),
        ],
        "leagues",
    ),
    # every old migration had run, the standings moved to their app in state only
    "all_old_migrations": (None, "standings"),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("stop", list(STOPS))
def test_an_old_release_database_upgrades_to_the_new_tables_keeping_its_standings(
    stop, session, recorder, players
):
    for dealer in range(3):
        round_record(session=session, data=round_self_draw(dealer, birds=[2, 5]), actor=recorder)
    session_finish(session=session, actor=recorder)
    rows = standings_rows()
    assert all(rows.values()), {name: len(r) for name, r in rows.items()}
    new_database = schema()
    targets, old_app = STOPS[stop]

    migrate([("leagues", "0001_initial"), ("scoring", "0001_initial")], legacy=False)
    assert "leagues_sessionresult" not in connection.introspection.table_names()
    old_apps = migrate(targets, legacy=True)
    old_models = [old_apps.get_model(old_app, model.__name__) for model in STANDINGS]
    for old_model in old_models:
        old_model.objects.bulk_create(old_model(**row) for row in rows[old_model.__name__])
    with connection.cursor() as cursor:  # as if the rows had been inserted one by one
        for sql in connection.ops.sequence_reset_sql(no_style(), old_models):
            cursor.execute(sql)
    migrate(None, legacy=False)

    assert schema() == new_database
    assert standings_rows() == rows
    later = RatingEvent.objects.create(
        session=session,
        club=session.season.club,
        player=players[0],
        at=timezone.now(),
        mu=25,
        sigma=8,
        ordinal=1,
    )
    assert later.pk > max(r["id"] for r in rows["RatingEvent"])
