"""Webhooks' writes: registering and removing a club's webhooks (organisers), the
deliveries an audit entry calls for, one attempt at a delivery, a redelivery.

A delivery is a POST of JSON, signed like the well-known payment APIs: the header
``Csmj-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the webhook's
secret>``; the receiver recomputes it and refuses an old ``t`` (docs/api.md, "Webhooks").
Only a 2xx answer counts as delivered; redirects are not followed.

Addresses: with the setting ``WEBHOOK_ADDRESSES = "public"`` (the default) a delivery to
a host that resolves to a loopback, private, link-local or reserved address is refused;
``"loopback"`` allows loopback addresses only (tests, local development).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
import socket
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from csmj_site.errors import ServiceError
from leagues.audit import AuditEntry, audit_record, audit_snapshot
from leagues.models import Club
from leagues.permissions import require_manage
from scoring.sync.selectors import cursor_encode
from scoring.webhooks.models import (
    EVENT_OF_ACTION,
    EVENTS,
    DeliveryStatus,
    Webhook,
    WebhookDelivery,
)

SIGNATURE_HEADER = "Csmj-Signature"
EVENT_HEADER = "Csmj-Event"
DELIVERY_HEADER = "Csmj-Delivery"
TIMEOUT_SECONDS = 5
BODY_EXCERPT = 500
URL_MAX = 500
# A failed delivery is tried again 1, 4, 16, 64 and 256 minutes later (six attempts in
# all, about five and a half hours), then logged as failed (``tasks``).
ATTEMPTS = 6
BACKOFF_FIRST_SECONDS = 60
BACKOFF_FACTOR = 4


def backoff_seconds(retries: int) -> int:
    """The wait before the retry that follows ``retries`` earlier retries."""
    return int(BACKOFF_FIRST_SECONDS * BACKOFF_FACTOR**retries)


def retry_minutes() -> list[int]:
    """The waits before each retry, in minutes, as the webhooks page says them."""
    return [backoff_seconds(n) // 60 for n in range(ATTEMPTS - 1)]


# ---------------------------------------------------------------- signing


def signature(*, secret: str, timestamp: int, body: bytes) -> str:
    """The ``Csmj-Signature`` header's value for ``body`` sent at ``timestamp``."""
    signed = f"{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def signature_valid(
    *, secret: str, header: str, body: bytes, now: float, tolerance: int = 300
) -> bool:
    """Whether ``header`` signs ``body`` under ``secret`` within ``tolerance`` seconds of
    ``now`` (what a receiver checks; the docs show it on its own)."""
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    try:
        timestamp = int(parts.get("t", ""))
    except ValueError:
        return False
    if abs(now - timestamp) > tolerance:
        return False
    expected = signature(secret=secret, timestamp=timestamp, body=body).split("v1=", 1)[1]
    return hmac.compare_digest(expected, parts.get("v1", ""))


# ---------------------------------------------------------------- registering


def _url_refused() -> ServiceError:
    return ServiceError("url", "webhook_url", {"http": "http://", "https": "https://"})


def webhook_url_checked(url: Any) -> str:
    """The URL, stripped, if it is http(s) with a host; ServiceError(url, webhook_url)."""
    text = str(url or "").strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  (raises on a port that is not a number)
    except ValueError:
        raise _url_refused() from None
    if parts.scheme not in ("http", "https") or not parts.hostname or len(text) > URL_MAX:
        raise _url_refused()
    if any(c.isspace() for c in text) or parts.username or parts.password:
        raise _url_refused()
    return text


def webhook_create(*, club: Club, url: Any, events: Any, actor: Any) -> Webhook:
    """Register a webhook of the club (organisers) for ``events`` (some of EVENTS), with a
    new secret."""
    require_manage(actor, club)
    checked = webhook_url_checked(url)
    chosen = [e for e in EVENTS if e in set(events or [])]
    if not chosen or not isinstance(events, list | tuple) or len(set(events)) != len(chosen):
        raise ServiceError("events", "webhook_events")
    with transaction.atomic():
        webhook = Webhook.objects.create(
            club=club,
            url=checked,
            events=chosen,
            secret="whsec_" + secrets.token_hex(24),
            created_by=actor,
        )
        audit_record(
            actor=actor,
            club=club,
            action="webhook.create",
            obj=webhook,
            after=audit_snapshot(webhook),
        )
    return webhook


def webhook_delete(*, webhook: Webhook, actor: Any) -> None:
    """Remove a webhook and its delivery log (organisers)."""
    require_manage(actor, webhook.club)
    with transaction.atomic():
        audit_record(
            actor=actor,
            club=webhook.club,
            action="webhook.delete",
            obj=webhook,
            before=audit_snapshot(webhook),
        )
        webhook.delete()


# ---------------------------------------------------------------- deliveries


def payload_for(entry: AuditEntry, event: str) -> dict[str, Any]:
    """What a delivery of ``entry`` says: the event, when, the club, the ids to fetch and
    the changes feed's cursor of this change."""
    snap = entry.after or entry.before or {}
    if entry.action.startswith("round."):
        data: dict[str, Any] = {
            "session": snap.get("session_id"),
            "round": snap.get("id"),
            "number": snap.get("number"),
            "version": snap.get("version"),
        }
    elif entry.action == "event.finish":
        data = {"night": int(entry.object_id)}
    else:
        data = {"session": int(entry.object_id)}
    return {
        "id": f"evt_{entry.pk}",
        "type": event,
        "created": entry.at.isoformat(),
        "club": entry.club.slug if entry.club is not None else None,
        "cursor": cursor_encode(entry.pk),
        "data": data,
    }


def deliveries_create(*, entry: AuditEntry) -> list[WebhookDelivery]:
    """The deliveries an audit entry calls for: one per active webhook of its club that
    asked for its event (none for other actions). Call inside the entry's transaction."""
    event = EVENT_OF_ACTION.get(entry.action)
    if event is None or entry.club_id is None:
        return []
    hooks = [
        h
        for h in Webhook.objects.filter(club_id=entry.club_id, is_active=True)
        if event in h.events
    ]
    if not hooks:
        return []
    payload = payload_for(entry, event)
    return WebhookDelivery.objects.bulk_create(
        [WebhookDelivery(webhook=h, event=event, payload=payload) for h in hooks]
    )


def delivery_attempt(*, delivery_id: int, final: bool) -> bool:
    """POST a delivery once and log the answer; True when delivered (or nothing is left to
    deliver: the webhook was removed, or it was already delivered). ``final``: no retry
    follows, so a failure is logged as failed rather than retrying."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status == DeliveryStatus.DELIVERED:
        return True
    webhook = delivery.webhook
    body = json.dumps(delivery.payload, ensure_ascii=False, separators=(",", ":")).encode()
    status_code, excerpt, error = _post(webhook=webhook, delivery=delivery, body=body)
    ok = status_code is not None and 200 <= status_code < 300
    now = timezone.now()
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        attempts=delivery.attempts + 1,
        last_attempt_at=now,
        response_status=status_code,
        response_body=excerpt,
        error=error,
        status=(
            DeliveryStatus.DELIVERED
            if ok
            else DeliveryStatus.FAILED
            if final
            else DeliveryStatus.RETRYING
        ),
        delivered_at=now if ok else None,
    )
    return ok


def delivery_redeliver(*, delivery: WebhookDelivery, actor: Any) -> WebhookDelivery:
    """Send a delivery again (organisers): it is pending until the next attempt."""
    require_manage(actor, delivery.webhook.club)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=DeliveryStatus.PENDING, delivered_at=None
    )
    delivery.refresh_from_db()
    return delivery


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 3xx is the answer (not delivered), never followed


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirects())


def _post(
    *, webhook: Webhook, delivery: WebhookDelivery, body: bytes
) -> tuple[int | None, str, str]:
    """(status or None, body excerpt, error) of one POST."""
    refusal = _address_refusal(webhook.url)
    if refusal:
        return None, "", refusal
    request = urllib.request.Request(
        webhook.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "csmj-webhooks/1",
            SIGNATURE_HEADER: signature(
                secret=webhook.secret, timestamp=int(time.time()), body=body
            ),
            EVENT_HEADER: delivery.event,
            DELIVERY_HEADER: str(delivery.pk),
        },
    )
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            return response.status, _excerpt(response.read(BODY_EXCERPT * 4)), ""
    except urllib.error.HTTPError as exc:
        return exc.code, _excerpt(exc.read(BODY_EXCERPT * 4)), ""
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return None, "", str(reason)[:200] or type(exc).__name__


def _excerpt(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")[:BODY_EXCERPT]


def _address_refusal(url: str) -> str:
    """Why the URL's host may not be delivered to (empty: it may)."""
    host = urlsplit(url).hostname or ""
    if getattr(settings, "WEBHOOK_ADDRESSES", "public") == "loopback":
        # Decided without a DNS query: a name other than localhost is not looked up.
        if host == "localhost" or _is_loopback_literal(host):
            return ""
        return f"{host} is not a loopback address (WEBHOOK_ADDRESSES = loopback)"
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as exc:
        return f"cannot resolve {host}: {exc}"[:200]
    for info in infos:
        ip = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        if not ip.is_global:
            return f"{host} resolves to a private or reserved address"
    return ""


def _is_loopback_literal(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
