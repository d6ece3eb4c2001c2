"""Fast inserts of many rows given as column dicts: COPY on PostgreSQL, bulk_create elsewhere
(the bulk import, scoring.bulk_import, and the ratings rebuild, scoring.standings.rebuild);
and a write of several tables at once (``insert_statement``, ``statements_run``: recording a
round writes its round, rows, standings and audit line in one round trip on PostgreSQL).
"""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Iterator
from operator import itemgetter
from typing import Any

from django.db import connection, models
from django.db.models.sql import InsertQuery

# One SQL statement with its parameters, not run yet.
Statement = tuple[str, list[Any]]


def insert_statement(model: type[models.Model], objs: list[Any]) -> Statement:
    """The one INSERT of ``objs`` (unsaved instances of ``model``, primary keys all set or
    all None for the identity column's) as SQL and parameters, the statement
    ``bulk_create`` would run, not run (``statements_run`` runs it with others)."""
    fields = [f for f in model._meta.concrete_fields if not f.generated]
    if objs[0].pk is None:
        fields = [f for f in fields if not f.primary_key]
    query = InsertQuery(model)
    query.insert_values(fields, objs, raw=False)
    ((sql, params),) = query.get_compiler(connection=connection).as_sql()
    return sql, list(params)


def statements_run(statements: list[Statement]) -> None:
    """Run writes that read nothing back, in order. On PostgreSQL in one round trip: one
    statement whose data-modifying WITH queries are all but the last (they see one
    snapshot, so none may read another's rows: each writes its own table). Elsewhere
    (SQLite has no data-modifying WITH) one by one."""
    if not statements:
        return
    with connection.cursor() as cur:
        if connection.vendor != "postgresql" or len(statements) == 1:
            for sql, params in statements:
                cur.execute(sql, params)
            return
        *first, (last, _params) = statements
        withs = ", ".join(f"w{i} AS ({sql})" for i, (sql, _p) in enumerate(first))
        cur.execute(f"WITH {withs} {last}", [p for _sql, ps in statements for p in ps])


def allocate_ids(model: type[models.Model], n: int) -> list[int]:
    """``n`` fresh primary keys for ``model`` (its sequence on PostgreSQL)."""
    if n == 0:
        return []
    table = model._meta.db_table
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                [table, n],
            )
            return [r[0] for r in cur.fetchall()]
        cur.execute(f'SELECT COALESCE(MAX(id), 0) FROM "{table}"')  # noqa: S608
        start = cur.fetchone()[0] + 1
    return list(range(start, start + n))


def insert_rows(model: type[models.Model], rows: list[dict[str, Any]]) -> None:
    """Insert column dicts (keys are attnames) in one statement per few thousand rows:
    COPY on PostgreSQL, bulk_create elsewhere."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create([model(**r) for r in rows], batch_size=2000)
        return
    rows = _with_defaults(model, rows)
    columns = list(rows[0])
    json_cols = {f.attname for f in model._meta.concrete_fields if isinstance(f, models.JSONField)}
    to_encode = [(i, _json_encoder()) for i, c in enumerate(columns) if c in json_cols]
    values = itemgetter(*columns) if len(columns) > 1 else lambda r: (r[columns[0]],)
    quoted = ", ".join(connection.ops.quote_name(c) for c in columns)
    sql = f"COPY {connection.ops.quote_name(model._meta.db_table)} ({quoted}) FROM STDIN"
    with connection.cursor() as cur, cur.cursor.copy(sql) as copy_:
        write = copy_.write_row
        if not to_encode:
            for r in rows:
                write(values(r))
            return
        for r in rows:
            row = list(values(r))
            for i, enc in to_encode:
                row[i] = enc(row[i])
            write(row)


def _with_defaults(model: type[models.Model], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with the model's defaults for the columns they leave out (COPY, unlike
    bulk_create, knows only the database's defaults, and Django's live in Python: a
    field added with a default, such as a session's table fee, would be NULL)."""
    given = set(rows[0])
    missing = [
        f
        for f in model._meta.concrete_fields
        if f.has_default() and not f.primary_key and f.attname not in given
    ]
    if not missing:
        return rows
    fixed = {f.attname: f.default for f in missing if not callable(f.default)}
    per_row = [(f.attname, f.default) for f in missing if callable(f.default)]
    if not per_row:
        return [{**fixed, **r} for r in rows]
    return [{**fixed, **{name: make() for name, make in per_row}, **r} for r in rows]


def _json_encoder() -> Any:
    """json.dumps with a memo for values that repeat by identity (one season's ruleset dict)
    or by content (short lists of hand codes)."""
    by_id: dict[int, tuple[Any, str]] = {}
    by_value: dict[tuple[Any, ...], str] = {}

    def encode(value: Any) -> str | None:
        if value is None:
            return None
        if isinstance(value, list) and len(value) < 4:
            key = tuple(value)
            if key not in by_value:
                by_value[key] = json.dumps(value, ensure_ascii=False)
            return by_value[key]
        hit = by_id.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        text = json.dumps(value, ensure_ascii=False)
        if isinstance(value, dict) and "preset" in value:
            by_id[id(value)] = (value, text)
        return text

    return encode


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for a bulk job's batch, and on again after it.
    Every object a batch makes (its rounds scored, its rows, a ratings replay's history)
    lives until the batch is written, so each collection meanwhile walks them all and frees
    nothing; those objects hold no reference cycles (docs/performance.md, "The garbage
    collector"). Reference counting still frees what the batch drops; a cycle made
    meanwhile waits for the first collection after it."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
