"""Webhooks (scoring.webhooks): registered by organisers, delivered by Celery after the
change commits, signed, retried with backoff, logged; against a local receiver."""

import json
import time

import pytest
from django.db import transaction

from csmj_site.errors import ServiceError
from leagues.permissions import Forbidden
from scoring.services import round_record, round_void, session_finish
from scoring.webhooks.models import DeliveryStatus, WebhookDelivery
from scoring.webhooks.services import (
    ATTEMPTS,
    SIGNATURE_HEADER,
    backoff_seconds,
    delivery_redeliver,
    signature,
    signature_valid,
    webhook_create,
    webhook_url_checked,
)
from scoring.webhooks.tasks import webhook_deliver_task
from tests.factories import round_discard, round_self_draw
from tests.scoring.webhooks.receiver import Receiver, down_url

pytestmark = pytest.mark.django_db

ALL = ["round.recorded", "round.corrected", "round.voided", "session.finished", "night.finished"]


@pytest.fixture(autouse=True)
def _loopback_only(settings):
    settings.WEBHOOK_ADDRESSES = "loopback"


def record(session, recorder, capture, data=None):
    with capture(execute=True):
        return round_record(
            session=session, data=data or round_self_draw(0, birds=[5, 9]), actor=recorder
        )


def test_a_recorded_round_is_delivered_signed_once_the_change_commits(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    with Receiver() as receiver:
        hook = webhook_create(club=club, url=receiver.url, events=ALL, actor=organiser)
        rnd = record(session, recorder, django_capture_on_commit_callbacks)

    [got] = receiver.received
    body = json.loads(got["body"])
    assert body["type"] == "round.recorded"
    assert body["club"] == club.slug
    assert body["data"] == {"session": session.pk, "round": rnd.pk, "number": 1, "version": 1}
    assert got["headers"]["Csmj-Event"] == "round.recorded"
    assert signature_valid(
        secret=hook.secret,
        header=got["headers"][SIGNATURE_HEADER],
        body=got["body"],
        now=time.time(),
    )
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_status) == (
        DeliveryStatus.DELIVERED,
        1,
        200,
    )
    assert delivery.response_body == "ok"


def test_nothing_is_delivered_for_a_change_that_rolls_back(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    with Receiver() as receiver:
        webhook_create(club=club, url=receiver.url, events=ALL, actor=organiser)
        with (
            django_capture_on_commit_callbacks(execute=True) as callbacks,
            pytest.raises(RuntimeError),
            transaction.atomic(),
        ):
            round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
            raise RuntimeError("the caller's transaction fails after the round")
    assert callbacks == []
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_webhook_hears_only_the_events_it_asked_for(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    with Receiver() as receiver:
        webhook_create(club=club, url=receiver.url, events=["session.finished"], actor=organiser)
        record(session, recorder, django_capture_on_commit_callbacks)
        with django_capture_on_commit_callbacks(execute=True):
            session_finish(session=session, actor=recorder)
    assert [json.loads(r["body"])["type"] for r in receiver.received] == ["session.finished"]
    assert json.loads(receiver.received[0]["body"])["data"] == {"session": session.pk}


def test_a_receiver_that_is_down_is_retried_with_backoff_and_the_failure_logged(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    webhook_create(club=club, url=down_url(), events=ALL, actor=organiser)
    record(session, recorder, django_capture_on_commit_callbacks)

    delivery = WebhookDelivery.objects.get()
    assert delivery.status == DeliveryStatus.FAILED
    assert delivery.attempts == ATTEMPTS
    assert delivery.response_status is None
    assert "refused" in delivery.error.lower()
    assert [backoff_seconds(n) for n in range(ATTEMPTS - 1)] == [60, 240, 960, 3840, 15360]


def test_an_error_answer_is_retried_until_it_succeeds_and_its_body_logged(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    with Receiver(statuses=[500, 503]) as receiver:
        webhook_create(club=club, url=receiver.url, events=ALL, actor=organiser)
        record(session, recorder, django_capture_on_commit_callbacks)
    assert len(receiver.received) == 3
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_status) == (
        DeliveryStatus.DELIVERED,
        3,
        200,
    )
    # all three carry the same event id, so a receiver can drop repeats
    assert len({json.loads(r["body"])["id"] for r in receiver.received}) == 1


def test_the_last_error_answer_is_kept_as_an_excerpt(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    with Receiver(statuses=[410] * ATTEMPTS) as receiver:
        webhook_create(club=club, url=receiver.url, events=ALL, actor=organiser)
        record(session, recorder, django_capture_on_commit_callbacks)
    assert len(receiver.received) == ATTEMPTS
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.response_status) == (DeliveryStatus.FAILED, 410)
    assert delivery.response_body.startswith("receiver says no")
    assert len(delivery.response_body) == 500


def test_a_failed_delivery_can_be_sent_again_by_an_organiser(
    club, organiser, recorder, session, django_capture_on_commit_callbacks
):
    hook = webhook_create(club=club, url=down_url(), events=ALL, actor=organiser)
    record(session, recorder, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == DeliveryStatus.FAILED

    with pytest.raises(Forbidden):
        delivery_redeliver(delivery=delivery, actor=recorder)
    with Receiver() as receiver:
        hook.url = receiver.url
        hook.save()
        delivery_redeliver(delivery=delivery, actor=organiser)
        webhook_deliver_task.delay(delivery_id=delivery.pk)
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED
    assert delivery.attempts == ATTEMPTS + 1
    assert len(receiver.received) == 1


def test_a_non_loopback_address_is_never_delivered_to_in_tests(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    webhook_create(club=club, url="http://192.0.2.1/hook", events=ALL, actor=organiser)
    record(session, recorder, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == DeliveryStatus.FAILED
    assert "not a loopback address" in delivery.error


def test_outside_tests_private_addresses_are_refused(
    settings, club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_ADDRESSES = "public"
    with Receiver() as receiver:
        webhook_create(club=club, url=receiver.url, events=ALL, actor=organiser)
        record(session, recorder, django_capture_on_commit_callbacks)
    assert receiver.received == []
    assert "private or reserved" in WebhookDelivery.objects.get().error


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/",
        "javascript:alert(1)",
        "example.com/hook",
        "http://",
        "",
        "http://a b/",
        "http://user:pw@example.com/",
        "http://example.com:port/",
    ],
)
def test_a_webhook_url_must_be_http_or_https_with_a_host(url):
    with pytest.raises(ServiceError) as refused:
        webhook_url_checked(url)
    assert (refused.value.field, refused.value.code) == ("url", "webhook_url")


@pytest.mark.parametrize("events", [[], ["round.exploded"], "round.recorded", None])
def test_a_webhook_needs_known_events(club, organiser, events):
    with pytest.raises(ServiceError) as refused:
        webhook_create(club=club, url="https://example.com/", events=events, actor=organiser)
    assert (refused.value.field, refused.value.code) == ("events", "webhook_events")
    assert not club.webhooks.exists()


def test_only_organisers_register_webhooks(club, recorder):
    with pytest.raises(Forbidden):
        webhook_create(club=club, url="https://example.com/", events=ALL, actor=recorder)


def test_the_signature_is_refused_when_the_body_secret_or_time_differ():
    body, now = b'{"a":1}', 1_700_000_000
    header = signature(secret="s", timestamp=now, body=body)
    assert signature_valid(secret="s", header=header, body=body, now=now + 10)
    assert not signature_valid(secret="s", header=header, body=body + b" ", now=now)
    assert not signature_valid(secret="t", header=header, body=body, now=now)
    assert not signature_valid(secret="s", header=header, body=body, now=now + 301)
    assert not signature_valid(secret="s", header="garbage", body=body, now=now)


def test_a_discard_round_and_its_void_are_two_deliveries(
    club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    with Receiver() as receiver:
        webhook_create(club=club, url=receiver.url, events=ALL, actor=organiser)
        rnd = record(session, recorder, django_capture_on_commit_callbacks, round_discard(1, 2))
        with django_capture_on_commit_callbacks(execute=True):
            round_void(round=rnd, reason="记错了", actor=recorder)
    assert [json.loads(r["body"])["type"] for r in receiver.received] == [
        "round.recorded",
        "round.voided",
    ]


def test_in_loopback_mode_a_host_name_is_refused_without_a_dns_query(
    club, organiser, session, recorder, django_capture_on_commit_callbacks, monkeypatch
):
    import socket

    looked_up = []
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: looked_up.append(a) or [])
    webhook_create(club=club, url="https://hooks.example.com/x", events=ALL, actor=organiser)
    record(session, recorder, django_capture_on_commit_callbacks)
    assert "not a loopback address" in WebhookDelivery.objects.get().error
    assert looked_up == []
