"""The round form's save through fetch: idempotent retries, 409 with both versions,
errors in the page's language, the next round's dealer, the service worker and manifest."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services
from scoring.models import Round
from tests.factories import round_discard, round_self_draw
from tests.scoring.recording.test_round_save_queries import budget

pytestmark = pytest.mark.django_db


def save_url(session):
    return reverse("round-save", args=[session.season.club.slug, session.pk])


def save(client, session, data, *, number=None, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    body = {"data": data} if number is None else {"number": number, "data": data}
    return client.post(
        save_url(session), json.dumps(body), content_type="application/json", **headers
    )


def test_a_saved_round_answers_its_number_and_the_next_rounds_dealer(rec, session):
    response = save(rec, session, round_discard(2, 1, birds=[3, 4]), number=1, key="k-1")

    body = response.json()
    assert response.status_code == 201
    assert (body["number"], body["next_number"]) == (1, 2)
    assert (body["next_dealer"], body["next_dealers"]) == (2, [2])
    assert body["saved"] == "第 1 盘已保存"
    assert Round.objects.filter(session=session).count() == 1


def test_a_retry_with_the_same_key_stores_the_round_once(rec, session):
    data = round_self_draw(1, birds=[5, 9])

    first = save(rec, session, data, number=1, key="same-key")
    again = save(rec, session, data, number=1, key="same-key")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Round.objects.filter(session=session).count() == 1


def test_a_round_number_taken_by_someone_else_answers_409_with_their_round(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(3, birds=[1, 2]), actor=recorder)

    response = save(rec, session, round_discard(1, 2, birds=[3, 4]), number=1, key="late")

    body = response.json()
    assert response.status_code == 409
    assert body["expected"] == 2
    assert body["next_dealer"] == 3  # whoever keeps theirs as round 2 gets the right dealer
    assert body["existing"]["number"] == 1
    assert "赵六" in body["existing"]["what"] and "自摸" in body["existing"]["what"]
    assert [n["net"] for n in body["existing"]["net"]] == list(
        Round.objects.get(session=session).result["net"]
    )
    assert "下一盘应为第 2 盘" in body["errors"][0]["message"]
    assert Round.objects.filter(session=session).count() == 1
    # the board and counts with their round in them, for the form to show while I choose
    assert (
        body["scoreboard"]["totals"]
        == body["scoreboard"]["last"]
        == list(Round.objects.get(session=session).result["net"])
    )
    assert body["counts"] == {"counted": 1, "void": 0}


def test_a_refused_round_answers_the_fields_errors_in_chinese_and_spends_no_key(rec, session):
    bad = round_discard(1, 1)

    response = save(rec, session, bad, number=1, key="fix-me")
    fixed = save(rec, session, round_discard(1, 2, birds=[3, 4]), number=1, key="fix-me")

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors and all(e["field"].startswith("result") for e in errors)
    assert any("放炮" in e["message"] or "胡" in e["message"] for e in errors)
    assert fixed.status_code == 201


def test_a_member_who_may_not_record_is_refused_and_nothing_is_stored(reader, session):
    response = save(reader, session, round_self_draw(1, birds=[5, 9]), number=1)

    assert response.status_code == 403
    assert not Round.objects.exists()


def test_saving_costs_the_same_queries_on_round_2_as_on_round_9(rec, session, recorder):
    """Stats, the audit entry and the club's webhooks looked up included; no query per
    earlier round, and within the budget (tests.scoring.recording.test_round_save_queries.py; inside
    the test's transaction the request's own is a savepoint: on SQLite SAVEPOINT and
    RELEASE where it would send BEGIN)."""
    with CaptureQueriesContext(connection) as first:
        assert save(rec, session, round_self_draw(0), number=1, key="q-1").status_code == 201
    for _n in range(2, 9):
        services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    with CaptureQueriesContext(connection) as ninth:
        assert save(rec, session, round_self_draw(0), number=9, key="q-9").status_code == 201

    assert len(ninth) == len(first)
    assert len(ninth) <= budget() + (connection.vendor == "sqlite")


def test_the_undo_of_the_saved_banner_goes_back_to_the_round_form(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    response = rec.post(
        reverse("round-undo", args=[session.season.club.slug, session.pk]), {"back": "form"}
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("round-new", args=[session.season.club.slug, session.pk])


def test_the_service_worker_is_served_from_the_root_with_the_app_shell(client):
    response = client.get("/sw.js")

    code = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "__SHELL__" not in code and "js/round-form.js" in code
    # the round form's parts too: recording offline needs every one of them
    for part in ("state", "render", "picker", "sync"):
        assert f"js/round-form-{part}.js" in code


def test_the_service_worker_keeps_every_file_the_round_form_and_the_session_page_load(rec, session):
    """Offline, a page kept on the phone loads its scripts and styles from the worker's
    cache; one loaded before the worker was in charge (a phone's first visit) finds there
    only the shell, so the shell must hold every file those pages name."""
    import re

    code = rec.get("/sw.js").content.decode()
    slug = session.season.club.slug
    pages = [
        reverse("round-new", args=[slug, session.pk]),
        reverse("session", args=[slug, session.pk]),
    ]

    for url in pages:
        html = rec.get(url).content.decode()
        files = re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css))"', html)
        assert any(f.endswith("sync-queue.js") for f in files) or url == pages[1]
        missing = [f for f in files if f'"{f}"' not in code]
        assert missing == [], url


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")

    data = json.loads(response.content)
    assert data["display"] == "standalone"
    assert {i["sizes"] for i in data["icons"]} == {"192x192", "512x512"}
    for icon in data["icons"]:
        assert icon["src"].endswith(".png")


def test_favicon_ico_is_the_apps_icon_and_every_page_names_it(client):
    from django.templatetags.static import static

    response = client.get("/favicon.ico")

    assert response.status_code == 302 and response.url == static("icons/icon-192.png")
    assert f'rel="icon" type="image/png" href="{response.url}"' in client.get("/").content.decode()
