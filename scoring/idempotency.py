"""Idempotency-Key for the API's POST requests that change something (a round recorded,
corrected or voided, a session started, finished or reopened, a paper session, every
create, a league night's steps).

A client that is unsure whether its request arrived sends it again with the same
``Idempotency-Key`` header. The first 2xx response is kept with the key and replayed
for a retry with the same body; the same key with a different body is refused with
422. A key is spent only when the request succeeded: the key row is written in the same
transaction as the write, so a failure (or a crash) leaves no key behind and the client
may simply retry.

The decorators are csmj_site.api's (``idempotent``, ``idempotent_view``); ``run`` is the
store they call, registered from scoring's AppConfig.ready.

Keys belong to a user (all of the user's tokens and their browser session share them)
and are kept for ``KEY_TTL``. An endpoint open without a sign-in (``POST /tables/``)
keeps an anonymous caller's keys under the caller's address: a retry from the same
address is answered the first answer, and another caller's same key is another key.

The model is registered through ``scoring.models`` (one import line there).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from csmj_site.api import IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, idempotent
from csmj_site.bulk_rows import Statement, insert_statement

HEADER = IDEMPOTENCY_HEADER
KEY_MAX_LENGTH = IDEMPOTENCY_KEY_MAX_LENGTH
KEY_TTL = datetime.timedelta(hours=24)
REPLAYED_HEADER = "Idempotent-Replayed"


class IdempotencyKey(models.Model):
    # None: an anonymous caller's key, stored as ``anonymous_key`` (its address's own)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="idempotency_keys",
        null=True,
        blank=True,
    )
    key = models.CharField(max_length=KEY_MAX_LENGTH)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    response_body = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "scoring"
        ordering = ["-created_at", "-id"]
        verbose_name = _("幂等键")
        verbose_name_plural = _("幂等键")
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotencykey_unique_user_key"),
            models.UniqueConstraint(
                fields=["key"],
                condition=models.Q(user__isnull=True),
                name="idempotencykey_unique_anonymous_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"


# A path's club slug: left out of a request's fingerprint, so a retry sent to a club's
# address from before its slug changed (a round that waited on a phone, redirected once
# already) replays the stored answer. The rest of the path (a session's or a round's id,
# unique across clubs) still names what the request is about.
_CLUB_IN_PATH = re.compile(r"^(/c/|/api/v1/clubs/)[^/]+/")


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    """SHA-256 of the method, the path and the body as canonical JSON (key order and
    whitespace do not matter)."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode()).hexdigest()


def _key_error(message: str, code: str) -> ValidationError:
    return ValidationError({HEADER: [message]}, code=code)


class IdempotencyMismatch(APIException):
    """The key was used before with a different request."""

    status_code = 422
    default_code = "idempotency_key_reused"
    default_detail = _(
        "This Idempotency-Key was already used with a different request; use a new key."
    )


def _clean_key(key: str) -> str:
    key = key.strip()
    if not key:
        raise _key_error("Idempotency-Key is empty", "blank")
    if len(key) > KEY_MAX_LENGTH:
        raise _key_error(
            f"Idempotency-Key is longer than {KEY_MAX_LENGTH} characters", "max_length"
        )
    if not key.isprintable() or not key.isascii():
        raise _key_error("Idempotency-Key must be printable ASCII", "invalid")
    return key


def anonymous_key(request: Any, key: str) -> str:
    """The stored form of an anonymous caller's ``key``: a digest of the caller's address
    (as the rate limits read it) and the key, so callers who happen to pick the same key
    never share an answer (a quick table's answer carries its key)."""
    ident = BaseThrottle().get_ident(request)
    return "anon:" + hashlib.sha256(f"{ident}\n{key}".encode()).hexdigest()


def _claim(*, user: Any, key: str, fingerprint: str) -> IdempotencyKey | None:
    """The key's new row, or None when the user (or, for ``user`` None, the anonymous
    caller's address) holds the key already: one INSERT … ON CONFLICT DO NOTHING, which
    covers both unique indexes (a concurrent request with the key waits on the index
    until the first one's transaction ends)."""
    record = IdempotencyKey(
        user=user, key=key, request_hash=fingerprint, status_code=0, response_body={}
    )
    sql, params = insert_statement(IdempotencyKey, [record])
    q = connection.ops.quote_name
    with connection.cursor() as cur:
        cur.execute(
            f"{sql} ON CONFLICT DO NOTHING RETURNING {q('id')}",
            params,
        )
        row = cur.fetchone()
    if row is None:
        return None
    record.pk = row[0]
    return record


def answer_statements(request: Any, *, body: Any, status: int) -> list[Statement]:
    """For a view whose change is one write (recording a round): the UPDATE that keeps its
    answer with the request's Idempotency-Key, to run in that write's statement, so that
    ``run`` need not store it after (one query less). [] without a key. ``body`` and
    ``status`` must be the answer the view then gives."""
    record = getattr(request, "idempotency_record", None)
    if record is None:
        return []
    record.status_code = status
    record.response_body = json.loads(JSONRenderer().render(body))
    field = IdempotencyKey._meta.get_field("response_body")
    q = connection.ops.quote_name
    return [
        (
            f"UPDATE {q(IdempotencyKey._meta.db_table)} SET {q('status_code')} = %s, "
            f"{q('response_body')} = %s WHERE {q('id')} = %s",
            [status, field.get_db_prep_save(record.response_body, connection), record.pk],
        )
    ]


def run(request: Any, call: Callable[[], Any]) -> Any:
    """Run ``call`` (the view) under the request's ``Idempotency-Key``.

    Without the header the call runs as usual. With it, the key is claimed, the call
    runs and its 2xx response is stored, all in one transaction; a replay returns the
    stored response with ``Idempotent-Replayed: true``. Concurrent requests with one
    key wait on the key's unique index, so only one of them runs the call.
    """
    raw_key = request.headers.get(HEADER)
    if raw_key is None:
        return call()
    key = _clean_key(raw_key)
    # the views check permissions first: an anonymous caller here may write (POST /tables/)
    user = request.user if request.user.is_authenticated else None
    if user is None:
        key = anonymous_key(request, key)
    slugless = _CLUB_IN_PATH.sub(r"\1*/", request.path)
    fingerprint = request_fingerprint(method=request.method, path=slugless, body=request.data)
    with transaction.atomic():
        record = _claim(user=user, key=key, fingerprint=fingerprint)
        if record is None:
            previous = IdempotencyKey.objects.get(user=user, key=key)
            if previous.created_at < timezone.now() - KEY_TTL:  # expired: a new key
                previous.delete()
                record = _claim(user=user, key=key, fingerprint=fingerprint)
            elif previous.request_hash != fingerprint and previous.request_hash != (
                # a key stored before the slug was left out: the path as sent
                request_fingerprint(method=request.method, path=request.path, body=request.data)
            ):
                raise IdempotencyMismatch()
            else:
                return Response(
                    previous.response_body,
                    status=previous.status_code,
                    headers={REPLAYED_HEADER: "true"},
                )
        assert record is not None
        request.idempotency_record = record
        response = call()
        if not 200 <= response.status_code < 300:
            transaction.set_rollback(True)
            return response
        if record.status_code == response.status_code:  # kept by the view's own write
            return response
        record.status_code = response.status_code
        record.response_body = json.loads(JSONRenderer().render(response.data))
        record.save(update_fields=["status_code", "response_body"])
        return response


__all__ = ["HEADER", "KEY_MAX_LENGTH", "IdempotencyKey", "answer_statements", "idempotent", "run"]
