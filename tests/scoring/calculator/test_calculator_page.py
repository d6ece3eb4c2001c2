"""/calc/: the round form without a session, its share links, the throttle, and carrying a
hand into a club's session; /rules/ and the home page."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scoring.engine import score_round
from scoring.models import Round
from scoring.recording.calc_codes import calc_decode, calc_encode

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]

ROUND = {
    "dealer": 0,
    "result": {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["qingyise"]}],
        "discarder": 2,
        "birds": [2, 6],
    },
}
SETTINGS = "preset=changsha-67&n0=张三&n1=李四&n2=王五&n3=赵六"


def preview(client, data=ROUND, query=SETTINGS):
    return client.post(
        f"{reverse('calc-preview')}?{query}", json.dumps(data), content_type="application/json"
    )


def test_the_calculator_page_needs_no_account_and_holds_the_round_form(client):
    page = client.get(reverse("calc"))

    ctx = page.context["rf_context"]
    assert page.status_code == 200 and 'id="round-form"' in page.content.decode()
    assert [s["name"] for s in ctx["seats"]] == ["1号位", "2号位", "3号位", "4号位"]


def test_the_calculators_sentence_box_asks_for_no_save_it_does_not_have(client, rec, session):
    calc = client.get(reverse("calc")).content.decode()
    form = rec.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    assert "核对后点保存" not in calc and "下面算出每一笔" in calc
    assert "核对后点保存" in form.content.decode()


def test_the_preview_shows_every_transfer_the_engine_computes_with_the_typed_names(client):
    response = preview(client)

    expected = score_round({**ROUND, "ruleset": {"preset": "changsha-67"}})
    body = response.json()
    assert response.status_code == 200 and body["result"]["net"] == expected["net"]
    shown = [int(n) for n in re.findall(r'data-net="(-?\d+)"', body["html"])]
    assert shown == expected["net"] and "李四" in body["html"]
    assert "/calc/r/" in body["html"]


def test_a_table_option_changes_the_result(client):
    one = {**ROUND, "result": {**ROUND["result"], "birds": [2]}}

    refused = preview(client, data=one)
    one_bird = preview(client, data=one, query=SETTINGS + "&opt_bird_count=1")

    expected = score_round({**one, "ruleset": {"preset": "changsha-67", "bird_count": 1}})
    assert refused.status_code == 400  # two birds under the preset
    assert one_bird.json()["result"]["net"] == expected["net"]


def test_a_bad_round_is_refused_with_the_field_named(client):
    bad = {**ROUND, "result": {**ROUND["result"], "discarder": 1}}

    response = preview(client, data=bad)

    assert response.status_code == 400
    assert any(e["field"].startswith("result") for e in response.json()["errors"])


def test_the_share_link_reproduces_the_same_round_and_stores_nothing(client):
    shared = client.post(f"{reverse('calc-share')}?{SETTINGS}", {"data": json.dumps(ROUND)})
    page = client.get(shared["Location"])

    expected = score_round({**ROUND, "ruleset": {"preset": "changsha-67"}})["net"]
    assert shared.status_code == 302 and shared["Location"].startswith("/calc/r/")
    assert [n for _name, n in page.context["shared"]["net"]] == expected
    assert page.context["rf_context"]["initial"] == ROUND
    assert [s["name"] for s in page.context["rf_context"]["seats"]][1] == "李四"
    assert not Round.objects.exists()


def test_a_code_round_trips_and_garbage_is_not_found(client):
    code = calc_encode(ruleset={"preset": "changsha-67"}, names=["a", "", "", ""], data=ROUND)

    assert calc_decode(code=code) == ({"preset": "changsha-67"}, ["a", "", "", ""], ROUND)
    assert client.get(reverse("calc-result", args=["not-a-code"])).status_code == 404
    assert calc_decode(code="x" * 5000) is None


def test_the_calculator_is_throttled_like_the_apis_anonymous_calculator(client, monkeypatch):
    from scoring.api.calculator import AnonCalculatorThrottle

    # monkeypatch puts the class's own rates back after the test (a rate left at 3/min
    # would throttle every later test that uses the calculator).
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "3/min"})
    answers = [preview(client).status_code for _ in range(3)]
    api = client.post(
        "/api/v1/score/", {**ROUND, "ruleset": "changsha-67"}, content_type="application/json"
    )
    fourth = preview(client)

    assert answers == [200, 200, 200]
    assert api.status_code == 429 and fourth.status_code == 429


def test_record_at_my_club_carries_the_hand_into_the_open_sessions_round_form(
    client, session, recorder
):
    code = calc_encode(ruleset={"preset": "changsha-67"}, names=["", "", "", ""], data=ROUND)
    client.force_login(recorder)

    response = client.get(reverse("calc-record", args=[code]))
    form = client.get(response["Location"])

    club = session.season.club
    assert response["Location"].startswith(reverse("round-new", args=[club.slug, session.pk]))
    assert form.context["rf_context"]["initial"] == ROUND


def test_record_at_my_club_asks_an_anonymous_user_to_log_in(client):
    code = calc_encode(ruleset={"preset": "changsha-67"}, names=["", "", "", ""], data=ROUND)

    response = client.get(reverse("calc-record", args=[code]))

    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_the_rules_page_lists_every_preset_and_hand_type(client):
    page = client.get(reverse("rules")).content.decode()

    assert "changsha-67" in page and "碰碰胡" in page and "扎鸟数" in page


def test_the_rules_page_shows_each_value_in_words_in_the_pages_language(client):
    page = client.get(reverse("rules")).content.decode()

    assert "不飘" in page and "加法" in page  # 飘分 off, 中鸟计算 additive
    assert ">off<" not in page and ">additive<" not in page and "<code>" not in page

    client.cookies["django_language"] = "en"
    page = client.get(reverse("rules"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No piao" in page and "不飘" not in page


def test_the_home_page_explains_the_site_and_links_calculator_rules_signup_and_login(client):
    page = client.get(reverse("home")).content.decode()

    for url in ("calc", "rules", "account_signup", "account_login"):
        assert f'href="{reverse(url)}"' in page, url
    assert "长沙麻将" in page and 'lang="zh-hans"' in page
