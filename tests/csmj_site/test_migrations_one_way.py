"""Each app has one migration, they depend one way (standings and events on scoring on
leagues), they match the models, and a new database gets every app's tables under the
app's own name."""

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader

LAYER = {"leagues": 0, "scoring": 1, "standings": 2, "events": 2}


def test_each_app_has_one_migration():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    names = {app: sorted(n for a, n in loader.disk_migrations if a == app) for app in LAYER}
    assert names == {app: ["0001_initial"] for app in LAYER}


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
