"""结账 with the table fee (台费), kept with the session: the session page, the follow
link, the result image and the API's settlement show the same fee."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
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


def fee_set(table, **fee):
    return services.session_table_fee_set(session=table.session, actor=table.keeper, **fee)


def test_a_fee_for_the_table_paid_equally_is_one_more_payee_and_everything_sums_to_zero(table):
    plain = selectors.session_settlement(session=table.session)
    fee_set(table, fee=40, by="equal")
    settle = selectors.session_settlement(session=table.session)
    assert settle["fee"]["total"] == 40
    assert [r["chips"] for r in settle["fee"]["shares"]] == [10, 10, 10, 10]
    got = received(settle, 4)
    assert got[4] == 40 and sum(got[:4]) + 40 == 0
    assert received(plain, 4)[4] == 0
    assert "台费 40子" in settle["text"]
    assert any(p["to_fee"] and p["payee_name"] == "台费" for p in settle["payments"])
    # the text copied to the group chat says who pays the fee, as the page does
    fee_lines = [line for line in settle["text"].splitlines() if "付台费" in line]
    assert len(fee_lines) == sum(p["to_fee"] for p in settle["payments"]) > 0
    assert "→ 台费" not in settle["text"]


def test_a_fee_per_round_counts_the_rounds_and_the_biggest_winner_pays_it(table):
    fee_set(table, fee=5, per="round", by="top")
    settle = selectors.session_settlement(session=table.session)
    assert settle["fee"]["total"] == 10
    assert settle["fee"]["shares"] == [{"name": "王芳", "chips": 10}]


def test_the_winners_pay_the_fee_in_proportion(table):
    fee_set(table, fee=12, by="winners")
    settle = selectors.session_settlement(session=table.session)
    assert [r["name"] for r in settle["fee"]["shares"]] == ["王芳"]


def test_a_fee_out_of_bounds_or_an_unknown_split_is_refused_naming_the_field(table):
    with pytest.raises(ServiceErrors) as caught:
        fee_set(table, fee=-1, per="hour", by="loser")
    assert {e.field for e in caught.value.errors} == {
        "table_fee",
        "table_fee_per",
        "table_fee_by",
    }
    table.session.refresh_from_db()
    assert table.session.table_fee == 0


def test_the_settle_up_step_keeps_the_fee_and_every_page_shows_it(client, table):
    client.force_login(table.keeper)
    url = reverse("session", args=[table.club.slug, table.session.pk])
    before = selectors.session_follow_version(session_id=table.session.pk)
    answer = client.post(
        reverse("session-table-fee", args=[table.club.slug, table.session.pk]),
        {"table_fee": "20", "table_fee_per": "table", "table_fee_by": "equal"},
    )
    assert answer.status_code == 302 and answer["Location"].endswith("#settle")
    assert selectors.session_follow_version(session_id=table.session.pk) != before
    page = client.get(url).content.decode()
    assert 'data-role="fee-form"' in page
    assert 'data-role="fee-shares"' in page
    # who bears the fee and who hands it over may differ: the page says the sums hold
    assert "（已算进下面各笔，谁代交都一样）" in page
    copy = html.unescape(re.search(r'data-copy="([^"]*)"', page).group(1))
    assert "台费 20子" in copy
    # the session page's follow version is the poll's, so followers do not reload forever
    version = re.search(r'data-version="([^"]*)"', page).group(1)
    assert version == selectors.session_follow_version(session_id=table.session.pk)
    services.session_finish(session=table.session, actor=table.keeper)
    client.logout()
    follow = client.get(reverse("follow", args=[table.session.follow_token])).content.decode()
    assert 'data-role="fee-shares"' in follow
    assert "台费 20子" in html.unescape(re.search(r'data-copy="([^"]*)"', follow).group(1))
    assert 'data-role="fee-form"' not in follow


@pytest.mark.parametrize(
    ("language", "said"), [("zh-hans", "台费 20子："), ("en", "Table fee 20 chips: ")]
)
def test_the_fee_shares_line_takes_its_languages_colon(client, table, language, said):
    fee_set(table, fee=20, by="equal")
    client.force_login(table.keeper)
    client.cookies["django_language"] = language

    page = client.get(reverse("session", args=[table.club.slug, table.session.pk])).content.decode()

    line = page.split('data-role="fee-shares">')[1].split("</p>")[0]
    assert line.startswith(said)


def test_a_bad_fee_on_the_page_is_a_message_not_an_error(client, table):
    client.force_login(table.keeper)
    url = reverse("session-table-fee", args=[table.club.slug, table.session.pk])
    answer = client.post(url, {"table_fee": "-3", "table_fee_per": "table", "table_fee_by": "x"})
    assert answer.status_code == 302
    table.session.refresh_from_db()
    assert table.session.table_fee == 0
    page = client.get(answer["Location"]).content.decode()
    error = re.search(r'<li class="msg msg-error">([^<]*)</li>', page).group(1)
    assert "台费（子）" in error and "谁付台费" in error


def test_a_reader_who_does_not_record_cannot_set_the_fee(client, table, django_user_model):
    bob = django_user_model.objects.create_user(username="bob", password="x")
    client.force_login(bob)
    url = reverse("session-table-fee", args=[table.club.slug, table.session.pk])
    assert client.post(url, {"table_fee": "20"}).status_code in (403, 404)
    table.session.refresh_from_db()
    assert table.session.table_fee == 0


def test_the_result_image_says_the_kept_fee(client, table, monkeypatch):
    from scoring import views

    seen = []

    def card(session):
        made = original(session)
        seen.append(made.more)
        return made

    original = views.session_card
    monkeypatch.setattr(views, "session_card", card)
    fee_set(table, fee=20, by="top")
    client.force_login(table.keeper)
    client.get(reverse("session-image", args=[table.club.slug, table.session.pk]))
    assert len(seen) == 1 and "台费 20子" in seen[0]


def test_the_api_settlement_carries_the_fee(client, table):
    fee_set(table, fee=8, by="equal")
    client.force_login(table.keeper)
    body = client.get(f"/api/v1/clubs/{table.club.slug}/sessions/{table.session.pk}/").json()
    assert body["settle"]["fee"]["total"] == 8
    assert any(p["to_fee"] and p["payee"] == 4 for p in body["settle"]["payments"])
