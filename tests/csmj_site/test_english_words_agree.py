"""An English page says one thing one way: the round form's hint calls a win on a discard
by the outcome's English name (the engine's word, deal-in, on the button too); the round
page's birds are a label like Dealer (Birds:, capitalised); a new guest's button says what
it does (Take a seat); the logout page logs out (Log out, as the menu says, not allauth's
Sign Out)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.text import capfirst

from scoring import services
from scoring.engine.words import OUTCOMES
from tests.factories import round_discard

pytestmark = pytest.mark.django_db


def english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def main_of(response) -> str:
    """The page's own text, without the header's menu (which has its own 退出登录)."""
    found = re.search(r"<main\b.*?</main>", response.content.decode(), re.S)
    assert found is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def test_the_discarder_hint_names_the_outcome_as_its_button_does(client):
    catalogue = english(client).get(reverse("javascript-catalog")).content.decode()
    deal_in = OUTCOMES["discard"].en

    assert f'"\\u70b9\\u70ae": "{capfirst(deal_in)}"' in catalogue  # 点炮, the button
    assert f"makes it a {deal_in}" in catalogue
    assert "discard win" not in catalogue


def test_the_round_page_capitalises_its_birds_label_like_its_dealer_label(
    reader, club, session, recorder
):
    services.round_record(session=session, data=round_discard(1, 2, birds=[3, 5]), actor=recorder)

    text = text_of(english(reader).get(reverse("round", args=[club.slug, session.pk, 1])))

    assert "Dealer: " in text
    assert re.search(r"Birds: 3 \S", text), text
    assert "birds:" not in text


def test_a_new_guests_button_says_it_takes_a_seat(rec, season):
    text = text_of(english(rec).get(reverse("session-new", args=[season.club.slug, season.pk])))

    assert "Take a seat" in text


def test_the_logout_page_says_log_out_as_the_menu_does(reader):
    response = english(reader).get(reverse("account_logout"))
    text = main_of(response)

    assert "Log out" in text
    assert "sign out" not in text.lower()
    assert "sign out" not in text_of(response).lower()  # the title too


def test_the_chinese_logout_page_says_tui_chu_deng_lu(reader):
    text = main_of(reader.get(reverse("account_logout")))

    assert "退出登录" in text and "登出" not in text
