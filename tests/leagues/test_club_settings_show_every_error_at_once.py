"""The club settings page shows every refusal of one post at once, each once, in the
page's language and naming the field by its label (not its name in the code): a bad
short name beside a bad rate per chip, a rate far out of bounds; the new-season page
likewise for an end before the start. Nothing is stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.audit import AuditEntry
from leagues.models import Season

pytestmark = pytest.mark.django_db


def settings_post(client, club, **changes):
    data = {"name": club.name, "slug": club.slug, "description": "", **changes}
    return client.post(reverse("club-edit", args=[club.slug]), data)


def in_english(client):
    client.cookies["django_language"] = "en"


def field_errors(response, field):
    return [str(e) for e in response.context["form"].errors.get(field, [])]


def test_a_bad_short_name_and_a_bad_rate_are_both_refused_in_one_post(client, club, organiser):
    client.force_login(organiser)

    response = settings_post(client, club, slug="我的 俱乐部", chip_rate="0.001")

    assert field_errors(response, "slug") == ["网址名只能含字母、数字、连字符和下划线"]
    assert field_errors(response, "chip_rate") == [
        "每子金额应在 0.01 到 10000 元之间，最多两位小数。"
    ]
    club.refresh_from_db()
    assert club.slug != "我的 俱乐部" and club.chip_rate is None


def test_a_short_name_another_club_has_is_refused_beside_a_bad_rate(
    client, club, organiser, other_club
):
    client.force_login(organiser)

    response = settings_post(client, club, slug=other_club.slug, chip_rate="-1")

    assert field_errors(response, "slug") == [f"网址名「{other_club.slug}」已被别的俱乐部使用"]
    assert len(field_errors(response, "chip_rate")) == 1


def test_the_club_keeps_its_own_short_name_beside_a_bad_rate(client, club, organiser):
    client.force_login(organiser)

    response = settings_post(client, club, chip_rate="0.001")

    assert field_errors(response, "slug") == []


def test_a_good_new_short_name_beside_a_bad_rate_is_not_stored_nor_logged(client, club, organiser):
    client.force_login(organiser)
    logged = AuditEntry.objects.count()

    response = settings_post(client, club, slug="new-name", name="新名字", chip_rate="0.001")

    assert field_errors(response, "slug") == []
    assert len(field_errors(response, "chip_rate")) == 1
    club.refresh_from_db()
    assert (club.slug, club.name) != ("new-name", "新名字")
    assert AuditEntry.objects.count() == logged
    assert response.context["club"].slug == club.slug  # the page's links keep the stored one


@pytest.mark.parametrize("rate", ["1e9", "99999999999", "123456.789"])
def test_a_rate_far_out_of_bounds_is_refused_once_in_the_pages_language(
    client, club, organiser, rate
):
    client.force_login(organiser)

    chinese = field_errors(settings_post(client, club, chip_rate=rate), "chip_rate")
    in_english(client)
    english = field_errors(settings_post(client, club, chip_rate=rate), "chip_rate")

    assert chinese == ["每子金额应在 0.01 到 10000 元之间，最多两位小数。"]
    assert english == [
        "The rate per chip must be from 0.01 to 10000 yuan, with at most two decimals."
    ]
    club.refresh_from_db()
    assert club.chip_rate is None


def test_an_english_settings_page_names_the_short_name_not_the_field_in_the_code(
    client, club, organiser
):
    client.force_login(organiser)
    in_english(client)

    response = settings_post(client, club, slug="a b")

    [error] = field_errors(response, "slug")
    assert "slug" not in error
    assert error == "Address name may hold only letters, digits, hyphens and underscores"


def test_an_english_new_season_page_says_the_end_is_before_the_start_in_words(
    client, club, ruleset, organiser
):
    client.force_login(organiser)
    in_english(client)

    response = client.post(
        reverse("season-new", args=[club.slug]),
        {
            "name": "Backwards",
            "start_date": "2026-12-10",
            "end_date": "2026-12-01",
            "ruleset": ruleset.pk,
        },
    )

    [error] = field_errors(response, "end_date")
    assert "end_date" not in error
    assert error == "End date is before the start date, 2026-12-10"
    assert not Season.objects.filter(name="Backwards").exists()


def test_a_chinese_new_season_page_still_says_it_in_chinese(client, club, ruleset, organiser):
    client.force_login(organiser)

    response = client.post(
        reverse("season-new", args=[club.slug]),
        {
            "name": "倒着",
            "start_date": "2026-12-10",
            "end_date": "2026-12-01",
            "ruleset": ruleset.pk,
        },
    )

    assert field_errors(response, "end_date") == ["结束日期不能早于开始日期（2026-12-10）"]
