"""/calc/ offers 杠分 up front, beside the table's size: the engine's name and answers
(杠分 是 / 否), the rules' answer chosen, each a link that keeps the names and the size;
the page tells its script it is the calculator (which keeps the hand across such a
change)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]


def calc(client, query: str):
    response = client.get(f"{reverse('calc')}?{query}")
    assert response.status_code == 200
    return response


def test_kong_pay_is_offered_up_front_in_the_engines_words_with_the_presets_answer(client):
    response = calc(client, "preset=changsha-67&n0=张三&opt_players=3")

    kong_pay = response.context["kong_pay"]
    assert kong_pay["label"] == "杠分"
    assert [(c["label"], c["chosen"]) for c in kong_pay["choices"]] == [("是", False), ("否", True)]
    on = parse_qs(urlsplit(kong_pay["choices"][0]["url"]).query)
    assert on["opt_kong_pay"] == ["true"] and on["n0"] == ["张三"] and on["opt_players"] == ["3"]
    html = response.content.decode()
    assert html.index('data-role="calc-kong-pay"') < html.index("calc-settings")


def test_kong_pay_chosen_is_marked_and_its_other_answer_turns_it_off(client):
    response = calc(client, "preset=changsha-67&opt_kong_pay=true")

    yes, no = response.context["kong_pay"]["choices"]
    assert yes["chosen"] and not no["chosen"]
    assert parse_qs(urlsplit(no["url"]).query)["opt_kong_pay"] == ["false"]


def test_the_calculator_page_tells_its_script_to_keep_the_hand(client):
    response = calc(client, "preset=changsha-67")

    assert response.context["rf_context"]["calculator"] is True
    assert "data-keep-hand" in response.content.decode()


def test_the_kong_pay_choice_is_in_english_on_an_english_page(client):
    client.cookies["django_language"] = "en"

    kong_pay = calc(client, "preset=changsha-67").context["kong_pay"]

    assert kong_pay["label"] == "Kong payments"
    assert [c["label"] for c in kong_pay["choices"]] == ["Yes", "No"]
