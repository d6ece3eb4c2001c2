"""结账 with the table fee (台费), as an option of the settle-up step, for every session."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from scoring import selectors, services
from scoring.quick.services import quick_table_create
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    table = quick_table_create(
        names=["张伟", "王芳", "李娜", "刘洋"], config="changsha-67", first_dealer=0
    )
    services.round_record(session=table.session, data=round_self_draw(1), actor=table.keeper)
    services.round_record(
        session=table.session, data=round_self_draw(1, dealer=1), actor=table.keeper
    )
    return table


def received(settle, seats):
    out = [0] * (seats + 1)
    for p in settle["payments"]:
        out[p["payer"]] -= p["chips"]
        out[p["payee"]] += p["chips"]
    return out


def test_a_fee_for_the_table_paid_equally_is_one_more_payee_and_everything_sums_to_zero(table):
    plain = selectors.session_settlement(session=table.session)
    settle = selectors.session_settlement(session=table.session, fee=40, fee_by="equal")
    assert settle["fee"]["total"] == 40
    assert [r["chips"] for r in settle["fee"]["shares"]] == [10, 10, 10, 10]
    got = received(settle, 4)
    assert got[4] == 40 and sum(got[:4]) + 40 == 0
    assert received(plain, 4)[4] == 0
    assert "台费 40子" in settle["text"]
    assert any(p["to_fee"] and p["payee_name"] == "台费" for p in settle["payments"])


def test_a_fee_per_round_counts_the_rounds_and_the_biggest_winner_pays_it(table):
    settle = selectors.session_settlement(
        session=table.session, fee=5, fee_per="round", fee_by="top"
    )
    assert settle["fee"]["total"] == 10
    assert settle["fee"]["shares"] == [{"name": "王芳", "chips": 10}]


def test_the_winners_pay_the_fee_in_proportion(table):
    settle = selectors.session_settlement(session=table.session, fee=12, fee_by="winners")
    assert [r["name"] for r in settle["fee"]["shares"]] == ["王芳"]


def test_the_settle_up_step_takes_the_fee_and_shows_it_in_the_text_and_the_image_link(
    client, table
):
    client.force_login(table.keeper)
    url = reverse("session", args=[table.club.slug, table.session.pk])
    page = client.get(url, {"fee": "20", "fee_per": "table", "fee_by": "equal"}).content.decode()
    assert 'data-role="fee-form"' in page
    assert 'data-role="fee-shares"' in page
    copy = html.unescape(re.search(r'data-copy="([^"]*)"', page).group(1))
    assert "台费 20子" in copy
    image = re.search(r'href="([^"]+)" download data-role="result-image"', page).group(1)
    assert "fee=20" in html.unescape(image)
    assert client.get(url, {"fee": "-3"}).status_code == 200  # unreadable: no fee
    assert 'data-role="fee-shares"' not in client.get(url, {"fee": "x"}).content.decode()


def test_the_result_image_with_a_fee_says_the_fee(client, table, monkeypatch):
    from scoring import views

    seen = {}

    def card(session, fee=None):
        seen["fee"] = fee
        return original(session, fee)

    original = views.session_card
    monkeypatch.setattr(views, "session_card", card)
    client.force_login(table.keeper)
    url = reverse("session-image", args=[table.club.slug, table.session.pk])
    client.get(url, {"fee": "20", "fee_by": "top"})
    assert seen["fee"] == {"fee": 20, "fee_per": "table", "fee_by": "top"}
    assert "台费 20子" in original(table.session, seen["fee"]).more
