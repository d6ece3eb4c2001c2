"""结账 when a session finishes: who pays whom in the fewest payments, with money at the
club's rate per chip (set on the club's settings page and in the API, validated), on the
finished session's page, as text to copy, and in the session's API detail."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from leagues.models import Club
from scoring import selectors, services
from tests.api_helpers import club_url, codes
from tests.factories import round_discard, round_self_draw, self_draw_transfers, store_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(session, recorder):
    """Seat 1 self-draws, then seat 2 wins on seat 0's discard: a table to settle."""
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    services.round_record(
        session=session, data=round_discard(2, 0, dealer=1, birds=[2, 3]), actor=recorder
    )
    return session


def settings_post(client, club, **fields):
    body = {"name": club.name, "slug": club.slug, "description": "", **fields}
    return client.post(reverse("club-edit", args=[club.slug]), body)


def test_the_settlement_clears_the_totals_in_at_most_three_payments(played):
    totals = selectors.session_totals(session=played)

    settle = selectors.session_settlement(session=played)

    left = dict(totals)
    for p in settle["payments"]:
        left[p["payer"]] += p["chips"]
        left[p["payee"]] -= p["chips"]
    assert left == {0: 0, 1: 0, 2: 0, 3: 0}
    assert 1 <= len(settle["payments"]) <= 3
    assert settle["rate"] is None and all(p["money"] is None for p in settle["payments"])


def test_with_a_rate_each_payment_says_its_money_and_the_text_says_the_rate(played):
    club = played.season.club
    club.chip_rate = Decimal("2")
    club.save()

    settle = selectors.session_settlement(session=played)

    names = [p.display_name for p in played.players_in_order()]
    first = settle["payments"][0]
    assert first["money"] == Decimal(first["chips"] * 2)
    lines = settle["text"].splitlines()
    assert lines[0].startswith(f"{club.name} · ") and lines[0].endswith("结账（1子 = 2元）")
    assert lines[1] == (
        f"{names[first['payer']]} → {names[first['payee']]} {first['chips']}子"
        f" = {first['chips'] * 2}元"
    )
    assert len(lines) == 1 + len(settle["payments"])


def test_finishing_opens_the_session_page_at_the_settlement(rec, played):
    club = played.season.club
    Club.objects.filter(pk=club.pk).update(chip_rate=Decimal("0.5"))

    response = rec.post(reverse("session-finish", args=[club.slug, played.pk]))
    page = rec.get(reverse("session", args=[club.slug, played.pk])).content.decode()

    assert response["Location"].endswith("#settle")
    assert 'id="settle"' in page and "1子 = 0.5元" in page
    assert page.count('data-role="payment"') >= 1
    assert 'data-role="copy-settle"' in page


def test_an_unfinished_session_offers_the_settlement_folded(rec, played):
    page = rec.get(reverse("session", args=[played.season.club.slug, played.pk])).content.decode()

    assert 'data-role="settle-now"' in page


def test_an_organiser_sets_the_rate_on_the_settings_page(client, club, organiser):
    client.force_login(organiser)

    response = settings_post(client, club, chip_rate="2.5")

    assert response.status_code == 302
    assert Club.objects.get(pk=club.pk).chip_rate == Decimal("2.5")


def test_an_empty_rate_means_chips_only(client, club, organiser):
    Club.objects.filter(pk=club.pk).update(chip_rate=Decimal("3"))
    client.force_login(organiser)

    settings_post(client, club, chip_rate="")

    assert Club.objects.get(pk=club.pk).chip_rate is None


@pytest.mark.parametrize("bad", ["0", "-1", "abc", "1.234", "10001"])
def test_a_bad_rate_is_refused_next_to_its_field_and_nothing_is_stored(
    client, club, organiser, bad
):
    client.force_login(organiser)

    response = settings_post(client, club, chip_rate=bad, name="新名字")

    assert response.status_code == 200
    assert "chip_rate" in response.context["form"].errors
    stored = Club.objects.get(pk=club.pk)
    assert stored.chip_rate is None and stored.name == club.name


def test_the_api_reads_and_writes_the_rate_as_a_number(api_as, club):
    response = api_as("organiser").patch(club_url(club), {"chip_rate": 1.5}, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["chip_rate"] == 1.5
    assert Club.objects.get(pk=club.pk).chip_rate == Decimal("1.5")


def test_the_api_refuses_a_rate_out_of_range_by_field(api_as, club):
    response = api_as("organiser").patch(club_url(club), {"chip_rate": 0}, format="json")

    assert response.status_code == 400
    assert codes(response) == [("chip_rate", "min_value")]
    assert Club.objects.get(pk=club.pk).chip_rate is None


def test_the_session_detail_in_the_api_has_the_settlement(api_as, club, played):
    Club.objects.filter(pk=club.pk).update(chip_rate=Decimal("2"))

    body = api_as("member").get(club_url(club, f"sessions/{played.pk}/")).json()

    settle = body["settle"]
    assert settle["rate"] == 2.0
    paid = dict.fromkeys(range(4), 0)
    for p in settle["payments"]:
        paid[p["payer"]] -= p["chips"]
        paid[p["payee"]] += p["chips"]
        assert p["money"] == p["chips"] * 2
    assert [paid[s] for s in range(4)] == body["totals"]
    assert settle["text"].count("\n") == len(settle["payments"])


def test_a_paper_session_settles_its_final_nets(api_as, club, season, players, recorder):
    paper = services.paper_session_record(
        season=season, players=players[:4], nets=[30, -10, -5, -15], actor=recorder
    )

    settle = api_as("member").get(club_url(club, f"sessions/{paper.pk}/")).json()["settle"]

    assert [(p["payer"], p["payee"], p["chips"]) for p in settle["payments"]] == [
        (3, 0, 15),
        (1, 0, 10),
        (2, 0, 5),
    ]


def test_under_english_the_settlement_and_its_text_are_english(rec, played):
    club = played.season.club
    Club.objects.filter(pk=club.pk).update(chip_rate=Decimal("2"))
    rec.post(reverse("session-finish", args=[club.slug, played.pk]))
    rec.cookies["django_language"] = "en"

    page = rec.get(reverse("session", args=[club.slug, played.pk])).content.decode()

    assert "Settling up" in page and "1 chip = 2 yuan" in page
    assert "settling up (1 chip = 2 yuan)" in page  # the copied text's first line
    settle = page[page.index('id="settle"') : page.index("</section>")]
    assert " chips" in settle and " yuan" in settle
    assert "子" not in settle and "元" not in settle and "结账" not in settle


def test_chips_burned_by_an_escape_are_paid_to_no_one_and_listed_apart(session, recorder):
    # 张三 self-draws (2 from each), 李四 runs away: 10 burned (paid to no one).
    store_round(
        session,
        {**round_self_draw(0), "penalties": [{"seat": 1, "kind": "escape"}]},
        [*self_draw_transfers(0, 2), (1, None, 10, "penalty")],
        actor=recorder,
    )
    totals = selectors.session_totals(session=session)
    assert totals == {0: 6, 1: -12, 2: -2, 3: -2}  # the nets sum to -10

    settle = selectors.session_settlement(session=session)

    paid = [(p["payer_name"], p["payee_name"], p["chips"]) for p in settle["payments"]]
    assert sorted(paid) == [("李四", "张三", 2), ("王五", "张三", 2), ("赵六", "张三", 2)]
    assert settle["burned"] == [{"seat": 1, "name": "李四", "chips": 10}]
    assert settle["text"].splitlines()[-1] == "李四 烧掉 10子，不付给任何人"


def test_under_english_one_chip_is_a_chip_and_more_are_chips(rec, season, players, recorder):
    paper = services.paper_session_record(
        season=season, players=players[:4], nets=[3, -1, -2, 0], actor=recorder
    )
    rec.cookies["django_language"] = "en"

    page = rec.get(reverse("session", args=[season.club.slug, paper.pk])).content.decode()
    settle = page[page.index('id="settle"') : page.index("</section>", page.index('id="settle"'))]

    assert "1 chip<" in settle and "2 chips<" in settle and "1 chips" not in settle
    with translation.override("en"):
        text = selectors.session_settlement(session=paper)["text"]
    assert "1 chip\n" in text + "\n" and "2 chips" in text and "1 chips" not in text


@pytest.mark.parametrize(
    ("asked", "first_line_ends"),
    [
        ({}, "settling up"),
        ({"HTTP_ACCEPT_LANGUAGE": "en"}, "settling up"),
        ({"HTTP_ACCEPT_LANGUAGE": "zh-hans"}, "结账"),
        ({"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}, "结账"),
        # a language the site does not speak is not Chinese: English, as when none is asked
        ({"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}, "settling up"),
        ({"HTTP_ACCEPT_LANGUAGE": "*"}, "settling up"),
        ({"HTTP_ACCEPT_LANGUAGE": "de, zh-CN;q=0.5"}, "结账"),
    ],
)
def test_the_apis_group_chat_text_is_in_the_language_the_caller_asks_for(
    api_as, club, played, asked, first_line_ends
):
    url = club_url(club, f"sessions/{played.pk}/")
    body = api_as("member").get(url, **asked).json()
    plain = api_as("member").get(url).json()

    assert body["settle"]["text"].splitlines()[0].endswith(first_line_ends)
    # the rest of the answer is the API's, whatever the language asked for
    body["settle"].pop("text"), plain["settle"].pop("text")
    assert body == plain


def test_a_quick_tables_text_follows_the_callers_language_too():
    opened = (
        APIClient()
        .post(
            "/api/v1/tables/",
            {"names": ["张伟", "王芳", "李娜", "刘洋"], "ruleset": "changsha-67"},
            format="json",
        )
        .json()
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {opened['key']}")
    api.post(f"/api/v1/tables/{opened['id']}/rounds/", round_self_draw(1), format="json")

    chinese = api.get(f"/api/v1/tables/{opened['id']}/", HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    english = api.get(f"/api/v1/tables/{opened['id']}/").json()

    assert "结账" in chinese["settle"]["text"] and "结账" not in english["settle"]["text"]
    assert chinese["settle"]["payments"] == english["settle"]["payments"]
