"""Each app's migrations run in one line from 0001_initial (the schema changes only by added
migrations, never squashed), they depend one way (standings and events on scoring on
leagues), they match the models, and a new database gets every app's tables under the
app's own name."""

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader

LAYER = {"leagues": 0, "scoring": 1, "standings": 2, "events": 2}


def test_each_apps_migrations_run_in_one_numbered_line_from_0001_initial():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    for app in LAYER:
        names = sorted(n for a, n in loader.disk_migrations if a == app)
        assert names[0] == "0001_initial", app
        assert [int(n[:4]) for n in names] == list(range(1, len(names) + 1)), (app, names)
        for before, after in zip(names, names[1:], strict=False):
            assert (app, before) in loader.disk_migrations[(app, after)].dependencies, (
                f"{app}.{after} must follow {app}.{before}"
            )


def test_no_migration_is_a_squash_of_others():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    squashes = [key for key, migration in loader.disk_migrations.items() if migration.replaces]
    assert squashes == []


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


@pytest.mark.django_db
def test_each_apps_tables_are_named_for_the_app():
    tables = set(connection.introspection.table_names())
    misnamed = {
        model._meta.label: model._meta.db_table
        for label in LAYER
        for model in apps.get_app_config(label).get_models()
        if not model._meta.db_table.startswith(f"{label}_")
    }
    missing = {
        model._meta.db_table
        for label in LAYER
        for model in apps.get_app_config(label).get_models()
        if model._meta.db_table not in tables
    }
    assert (misnamed, missing) == ({}, set())
