"""Unchanged since then: the live migration."""

from importlib import import_module

Migration = import_module("leagues.migrations.0003_apitoken").Migration
