"""Unchanged since then: the live migration."""

from importlib import import_module

Migration = import_module("leagues.migrations.0009_player_is_guest").Migration
