"""An English page is English: the footer, a hand's name (Plain win, not 平胡 Plain win)
on the round page, the player page and in the round form's script, and the dealer's
mark (Dealer, not D)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from leagues.audit_text import hand_label
from scoring import services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db

CHINESE = re.compile(r"[\u4e00-\u9fff]")


def english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def footer(html: str) -> str:
    found = re.search(r'<footer class="footer[^"]*">(.*?)</footer>', html, flags=re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", " ", found.group(1)).strip()


def test_the_footer_is_english_on_an_english_page_and_chinese_on_a_chinese_one(client):
    assert footer(client.get(reverse("home")).content.decode()) == "csmj · 长沙麻将计分"

    text = footer(english(client).get(reverse("home")).content.decode())

    assert text == "csmj · Changsha mahjong scores"


def test_a_hands_name_is_its_english_name_alone_on_an_english_page():
    with translation.override("en"):
        assert hand_label("pinghu") == "Plain win"
    with translation.override("zh-hans"):
        assert hand_label("pinghu") == "平胡"


def test_the_round_page_names_the_hand_and_the_dealer_in_english(reader, club, session, recorder):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    rnd = session.rounds.get()

    html = english(reader).get(reverse("round", args=[club.slug, session.pk, rnd.number]))
    text = html.content.decode()

    assert "Plain win" in text and "平胡" not in text
    assert "Dealer: " in text


def test_the_player_page_counts_hands_by_their_english_names(reader, club, session, recorder):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    winner = session.players_in_order()[1]

    html = english(reader).get(reverse("player", args=[club.slug, winner.pk])).content.decode()

    row = re.search(r'<tr data-hand="pinghu">(.*?)</tr>', html, flags=re.S)
    assert row is not None and "Plain win" in row.group(1)
    assert not CHINESE.search(row.group(1))


def test_the_round_forms_dealer_mark_is_a_word_in_english(client):
    catalogue = english(client).get(reverse("javascript-catalog")).content.decode()

    assert '"\\u5e84": "Dealer"' in catalogue or '"庄": "Dealer"' in catalogue


def test_no_english_string_of_the_round_forms_script_holds_chinese():
    from django.utils.translation.trans_real import DjangoTranslation

    catalogue = DjangoTranslation("en", domain="djangojs")._catalog

    leftovers = [
        text for _msgid, text in catalogue.items() if isinstance(text, str) and CHINESE.search(text)
    ]
    assert leftovers == []
