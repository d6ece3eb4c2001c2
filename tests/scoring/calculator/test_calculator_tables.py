"""/calc/ at any table size (rules.md §10): the size picker (四人 / 三人 / 二人, one tap),
the form's seats and names for that size, and a preview with kongs at three and two."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from scoring.engine import score_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]

NAMES = "n0=张三&n1=李四&n2=王五&n3=赵六"


def page(client, query):
    response = client.get(f"{reverse('calc')}?{query}")
    assert response.status_code == 200
    return response


def preview(client, data, query):
    return client.post(
        f"{reverse('calc-preview')}?{query}", json.dumps(data), content_type="application/json"
    )


def test_the_size_picker_offers_four_three_and_two_seats_in_words_keeping_the_names(client):
    response = page(client, f"preset=changsha-67&{NAMES}")

    sizes = response.context["sizes"]
    assert sizes["label"] == "人数"
    assert [(s["label"], s["chosen"]) for s in sizes["choices"]] == [
        ("四人", True),
        ("三人", False),
        ("二人", False),
    ]
    three = parse_qs(urlsplit(sizes["choices"][1]["url"]).query)
    assert three["opt_players"] == ["3"] and three["n0"] == ["张三"]
    assert 'data-role="calc-size" data-players="3"' in response.content.decode()


def test_at_three_seats_the_form_has_three_seats_and_three_name_fields(client):
    response = page(client, f"preset=changsha-67&opt_players=3&{NAMES}")

    ctx = response.context["rf_context"]
    assert [s["name"] for s in ctx["seats"]] == ["张三", "李四", "王五"]
    assert [f.name for f in response.context["name_fields"]] == ["n0", "n1", "n2"]
    assert [s["chosen"] for s in response.context["sizes"]["choices"]] == [False, True, False]


def test_leaving_two_seats_drops_quyimen_which_only_two_seats_allow(client):
    response = page(client, f"preset=changsha-67&opt_players=2&opt_quyimen=true&{NAMES}")

    assert response.context["rf_context"]["rules"]["quyimen"] is True
    for size in response.context["sizes"]["choices"]:
        query = parse_qs(urlsplit(size["url"]).query)
        assert ("opt_quyimen" in query) == (size["players"] == 2)


@pytest.mark.parametrize(
    ("query", "data"),
    [
        (
            "preset=changsha-67&opt_players=3&opt_kong_pay=true",
            {
                "dealer": 0,
                "result": {
                    "kind": "discard",
                    "winners": [{"seat": 1, "hands": ["pinghu"]}, {"seat": 2, "hands": ["pinghu"]}],
                    "discarder": 0,
                    "birds": [1, 4],
                },
                "kongs": [{"seat": 2, "kind": "an"}],
            },
        ),
        (
            "preset=changsha-67&opt_players=2&opt_quyimen=true&opt_kong_pay=true",
            {
                "dealer": 1,
                "result": {
                    "kind": "self_draw",
                    "winners": [{"seat": 0, "hands": ["pinghu"]}],
                    "birds": [5, 8],
                },
                "kongs": [{"seat": 0, "kind": "ming", "from": 1}],
            },
        ),
    ],
)
def test_the_calculator_scores_three_and_two_seats_with_kongs_as_the_engine(client, query, data):
    response = preview(client, data, f"{query}&{NAMES}")

    assert response.status_code == 200, response.content
    config = {"preset": "changsha-67"}
    for part in query.split("&")[1:]:
        key, value = part.split("=")
        config[key.removeprefix("opt_")] = int(value) if value.isdigit() else value == "true"
    expected = score_round({**data, "ruleset": config})
    html = response.json()["html"]
    assert [int(n) for n in re.findall(r'data-net="(-?\d+)"', html)] == expected["net"]
    assert "赵六" not in html
    assert 'data-role="preview-kong"' in html and " 家 = " in html
