"""The round form under the table options (rules §9): which controls the page's context
allows, the 飘 stakes carried from the previous round, and the preview's new arithmetic."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring import services

pytestmark = pytest.mark.django_db


def url(name, session, *args):
    return reverse(name, args=[session.season.club.slug, session.pk, *args])


def form_context(client, session):
    return client.get(url("round-new", session)).context["rf_context"]


def set_rules(session, **options):
    session.season.ruleset.config = {"preset": "changsha-67", **options}
    session.season.ruleset.save()


def preview_html(client, session, data):
    response = client.post(
        url("round-preview", session), json.dumps(data), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response.json()["html"]


def test_the_default_ruleset_offers_no_mid_game_wins_and_no_piao(rec, session):
    ctx = form_context(rec, session)

    assert not [h for h in ctx["hand_types"] if h["class"] == "midgame"]
    assert ctx["rules"]["piao"] == "off"
    assert ctx["rules"]["opening_birds"] is True


def test_extra_small_hands_offer_the_mid_game_wins_they_name(rec, session):
    set_rules(session, extra_small_hands=["zhongtu_sixi"])

    ctx = form_context(rec, session)

    assert [h["code"] for h in ctx["hand_types"] if h["class"] == "midgame"] == ["zhongtu_sixi"]


@pytest.mark.parametrize(
    ("menqing", "kinds"), [("any", ["discard", "self_draw"]), ("self_draw", ["self_draw"])]
)
def test_the_form_offers_menqing_on_a_discard_only_where_the_ruleset_allows_it(
    rec, session, menqing, kinds
):
    set_rules(session, menqing=menqing)

    ctx = form_context(rec, session)

    [entry] = [h for h in ctx["hand_types"] if h["code"] == "menqing"]
    assert entry["win_kinds"] == kinds


def test_the_page_carries_the_bird_options_the_form_reads(rec, session):
    set_rules(session, bird_count=6, bird_origin="winner", opening_birds=False)

    rules = form_context(rec, session)["rules"]

    assert (rules["bird_count"], rules["bird_origin"], rules["opening_birds"]) == (
        6,
        "winner",
        False,
    )


def test_free_piao_stakes_start_from_the_previous_round_of_the_session(rec, session, recorder):
    set_rules(session, piao="free", piao_max=3)
    assert form_context(rec, session)["prefill"]["piao"] == [0, 0, 0, 0]
    data = {
        "dealer": 0,
        "piao": [1, 0, 2, 3],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 0, "hands": ["pinghu"]}],
            "birds": [3, 4],
        },
    }
    services.round_record(session=session, data=data, actor=recorder)

    ctx = form_context(rec, session)

    assert ctx["prefill"]["piao"] == [1, 0, 2, 3]
    assert ctx["rules"]["piao_max"] == 3


def test_the_preview_words_the_piao_added_to_a_payment(rec, session):
    set_rules(session, piao="free")
    data = {
        "dealer": 0,
        "piao": [1, 0, 2, 3],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "discarder": 3,
            "birds": [1, 4],
        },
    }

    html = preview_html(rec, session, data)

    # round-format.md's example: 1 × 2 from seat 3, plus 飘 0 + 3
    assert "1 × 2 + 飘 3 = 5" in html
    assert "= 5 = 5" not in html


def test_the_preview_says_when_the_cap_lowered_a_payment(rec, session):
    set_rules(session, cap=10)
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 0, "hands": ["qingyise"]}],
            "birds": [1, 5],
        },
    }

    html = preview_html(rec, session, data)

    assert "封顶 10" in html
