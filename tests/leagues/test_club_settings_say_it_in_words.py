"""The club settings form refuses in the site's own words, naming the field: a short name
the address cannot hold or another club has, a rate per chip out of its bounds, a
description too long; and
nothing is stored (leagues.services.club_update, the one check)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from leagues.models import CLUB_DESCRIPTION_MAX, Club
from leagues.services import club_create, club_update
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def post(client, club, **changes):
    data = {"name": club.name, "slug": club.slug, "description": "", **changes}
    return client.post(reverse("club-edit", args=[club.slug]), data)


@pytest.mark.parametrize(
    ("changes", "shown"),
    [
        ({"slug": "我的俱乐部"}, "网址名只能含字母、数字、连字符和下划线"),
        ({"slug": "other-club"}, "网址名「other-club」已被别的俱乐部使用"),
        ({"chip_rate": "99999999999"}, "每子金额应在 0.01 到 10000 元之间，最多两位小数。"),
        ({"chip_rate": "0.001"}, "每子金额应在 0.01 到 10000 元之间，最多两位小数。"),
    ],
)
def test_the_settings_page_refuses_in_its_own_words_and_stores_nothing(
    client, club, organiser, other_club, changes, shown
):
    other_club.slug = "other-club"
    other_club.save()
    client.force_login(organiser)

    page = post(client, club, **changes).content.decode()

    assert shown in page
    assert "字段" not in page and "具有" not in page and "确认总共" not in page
    club.refresh_from_db()
    assert club.slug != "other-club" and club.chip_rate is None


def test_the_service_names_the_field_of_a_bad_short_name(club, organiser):
    with pytest.raises(ValidationError) as exc, translation.override("en"):
        club_update(club=club, slug="a b", actor=organiser)

    assert "slug" in exc.value.message_dict
    assert Club.objects.filter(slug="a b").count() == 0


def test_a_short_name_with_an_underscore_is_kept(client, club, organiser):
    client.force_login(organiser)

    post(client, club, slug="my_club")

    club.refresh_from_db()
    assert club.slug == "my_club"


LONG = "麻" * (CLUB_DESCRIPTION_MAX + 1)


def test_a_description_too_long_is_refused_on_the_page_naming_the_field(client, club, organiser):
    client.force_login(organiser)

    page = post(client, club, description=LONG).content.decode()

    assert f"简介最多 {CLUB_DESCRIPTION_MAX} 个字符" in page
    club.refresh_from_db()
    assert club.description == ""


def test_a_description_at_the_bound_is_kept(client, club, organiser):
    client.force_login(organiser)

    post(client, club, description=LONG[1:])

    club.refresh_from_db()
    assert len(club.description) == CLUB_DESCRIPTION_MAX


def test_the_api_and_the_service_refuse_the_same_description(api_as, club, organiser):
    response = api_as("organiser").patch(club_url(club), {"description": LONG}, format="json")
    with pytest.raises(ValidationError) as exc:
        club_create(name="新俱乐部", slug="new-club", description=LONG, owner=organiser)

    assert response.status_code == 400
    assert codes(response) == [("description", "max_length")]
    assert exc.value.message_dict == {"description": [f"简介最多 {CLUB_DESCRIPTION_MAX} 个字符"]}
    assert not Club.objects.filter(slug="new-club").exists()
    club.refresh_from_db()
    assert club.description == ""


def test_a_description_stored_longer_before_the_bound_does_not_block_other_settings(
    client, club, organiser
):
    Club.objects.filter(pk=club.pk).update(description=LONG)
    client.force_login(organiser)

    post(client, club, description=LONG, is_public="on")

    club.refresh_from_db()
    assert club.is_public and club.description == LONG


def test_line_breaks_count_as_the_browser_counts_them(client, club, organiser):
    client.force_login(organiser)
    text = "第一行\r\n" * (CLUB_DESCRIPTION_MAX // 4)  # 4 characters a line in a textarea

    post(client, club, description=text)

    club.refresh_from_db()
    assert club.description == text.replace("\r\n", "\n").strip()  # the form trims the end
