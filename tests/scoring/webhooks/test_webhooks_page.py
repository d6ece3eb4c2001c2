"""The organiser's webhooks page, /c/<slug>/webhooks/: register, read the delivery log,
send again, remove (scoring.webhooks.views)."""

import json

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.services import round_record
from scoring.webhooks.models import DeliveryStatus, Webhook, WebhookDelivery
from scoring.webhooks.services import webhook_create
from tests.factories import round_self_draw
from tests.scoring.webhooks.receiver import Receiver, down_url

pytestmark = pytest.mark.django_db

ALL = ["round.recorded", "round.corrected", "round.voided", "session.finished", "night.finished"]


@pytest.fixture(autouse=True)
def _loopback_only(settings):
    settings.WEBHOOK_ADDRESSES = "loopback"


def page(club):
    return reverse("club-webhooks", args=[club.slug])


def test_an_organiser_registers_a_webhook_and_sees_its_secret(client, club, organiser):
    client.force_login(organiser)
    response = client.post(
        page(club), {"url": "https://example.com/csmj", "events": ["round.recorded"]}
    )
    assert response.status_code == 302
    hook = Webhook.objects.get()
    assert (hook.club, hook.url, hook.events) == (
        club,
        "https://example.com/csmj",
        ["round.recorded"],
    )
    shown = client.get(page(club)).content.decode()
    assert hook.secret in shown
    assert "记录了一盘" in shown


def test_a_bad_url_is_refused_on_the_page_naming_the_field(client, club, organiser):
    client.force_login(organiser)
    response = client.post(page(club), {"url": "ftp://example.com/", "events": ALL})
    assert response.status_code == 400
    assert "http:// 或 https://" in response.content.decode()
    assert not Webhook.objects.exists()


def test_no_event_chosen_is_refused_on_the_page(client, club, organiser):
    client.force_login(organiser)
    response = client.post(page(club), {"url": "https://example.com/"})
    assert response.status_code == 400
    assert "至少选一个事件" in response.content.decode()


def test_the_page_speaks_english_when_asked(client, club, organiser):
    client.force_login(organiser)
    client.cookies["django_language"] = "en"
    with translation.override("en"):
        response = client.post(page(club), {"url": "nope", "events": ALL})
    body = response.content.decode()
    assert "Webhooks" in body
    assert "must start with http:// or https://" in body


@pytest.mark.parametrize(
    ("role", "status"), [("recorder", 403), ("member", 403), ("outsider", 404)]
)
def test_only_organisers_reach_the_page(client, club, users_by_role, role, status):
    client.force_login(users_by_role[role])
    assert client.get(page(club)).status_code == status
    assert (
        client.post(page(club), {"url": "https://example.com/", "events": ALL}).status_code
        == status
    )
    assert not Webhook.objects.exists()


def test_the_log_shows_a_failed_delivery_and_its_button_sends_it_again(
    client, club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    hook = webhook_create(club=club, url=down_url(), events=ALL, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    delivery = WebhookDelivery.objects.get()
    client.force_login(organiser)
    shown = client.get(page(club)).content.decode()
    assert "失败" in shown
    assert "refused" in shown.lower()
    redeliver = reverse("club-webhook-redeliver", args=[club.slug, delivery.pk])
    assert redeliver in shown

    with Receiver() as receiver:
        hook.url = receiver.url
        hook.save()
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(redeliver).status_code == 302
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED
    assert json.loads(receiver.received[0]["body"])["type"] == "round.recorded"
    assert "已送达" in client.get(page(club)).content.decode()


def test_a_recorder_cannot_send_a_delivery_again(
    client, club, organiser, recorder, session, django_capture_on_commit_callbacks
):
    webhook_create(club=club, url=down_url(), events=ALL, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    delivery = WebhookDelivery.objects.get()
    client.force_login(recorder)
    url = reverse("club-webhook-redeliver", args=[club.slug, delivery.pk])
    assert client.post(url).status_code == 403
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.FAILED


def test_an_organiser_removes_a_webhook(client, club, organiser):
    hook = webhook_create(club=club, url="https://example.com/", events=ALL, actor=organiser)
    client.force_login(organiser)
    url = reverse("club-webhook-delete", args=[club.slug, hook.pk])
    assert client.get(url).status_code == 405
    assert client.post(url).status_code == 302
    assert not Webhook.objects.exists()


def test_the_club_page_links_organisers_to_their_webhooks(client, club, organiser):
    client.force_login(organiser)
    assert page(club) in client.get(reverse("club", args=[club.slug])).content.decode()


def test_the_audit_log_reads_a_webhook_added_and_removed_and_never_shows_its_secret(
    client, club, organiser
):
    client.force_login(organiser)
    client.post(page(club), {"url": "https://example.com/csmj", "events": ALL})
    hook = Webhook.objects.get()
    client.post(reverse("club-webhook-delete", args=[club.slug, hook.pk]))
    log = client.get(reverse("club-audit", args=[club.slug])).content.decode()
    assert "添加了推送地址 https://example.com/csmj" in log
    assert "删除了推送地址 https://example.com/csmj" in log
    assert hook.secret not in log


def test_the_page_says_when_a_failed_delivery_is_sent_again_in_minutes_not_jargon(
    client, club, organiser
):
    client.force_login(organiser)

    shown = client.get(page(club)).content.decode()
    client.cookies["django_language"] = "en"
    english = client.get(page(club)).content.decode()

    assert "每次失败后分别隔 1、4、16、64、256 分钟再发" in shown and "退避" not in shown
    assert "sends it again after waits of 1, 4, 16, 64, 256 minutes" in english
    assert "backoff" not in english
