"""The ``leagues`` and ``standings`` migrations as they were before the standings'
tables moved into ``standings``' own first migration (commit 743cfe5).

Databases migrated by an older release recorded these; tests/csmj_site/test_migrations_one_way.py
builds such databases with them and upgrades them with the live migrations. They are
test fixtures: nothing outside that test loads them."""
