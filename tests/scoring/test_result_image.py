"""晒战绩: the session's result as a PNG (Pillow, a Noto CJK font found on the system):
a valid image of a sensible size with a row per player, readable by the club's readers
and through the secret follow link; a clear 503 when no font draws Chinese. The tests that
draw an image ask for the font by name (the ``cjk_font`` fixture of tests/conftest.py)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from scoring import selectors, services, share_image
from scoring.views import session_card
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def played(session, recorder):
    services.round_record(
        session=session, data=round_self_draw(1, ["qingyise"], birds=[5, 9]), actor=recorder
    )
    return session


def image_url(session):
    return reverse("session-image", args=[session.season.club.slug, session.pk])


def test_the_result_image_is_a_png_a_phone_can_show(reader, played, cjk_font):
    response = reader.get(image_url(played))

    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert response.content.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(response.content))
    image.verify()
    width, height = Image.open(io.BytesIO(response.content)).size
    assert width == 1080 and 800 <= height <= 1400
    assert 10_000 < len(response.content) < 500_000


def test_the_card_has_the_club_the_date_and_each_players_total_and_biggest_win(played):
    card = session_card(played)

    assert card.title == played.season.club.name
    # the club's date (Asia/Shanghai), which is the next day in UTC's evening
    assert timezone.localtime(played.started_at).strftime("%Y-%m-%d") in card.subtitle
    assert [r.name for r in card.rows][0] == "李四"  # the winner first
    assert card.rows[0].best.startswith("最大一盘：第 1 盘 清一色 +")
    assert sum(r.total for r in card.rows) == 0
    assert all(r.best == "本场没有胡牌" for r in card.rows[1:])


def test_the_image_draws_with_a_font_that_has_chinese(cjk_font):
    from PIL import ImageFont

    path = cjk_font
    font = ImageFont.truetype(path, 40, index=share_image.face_index(path))

    assert font.getname()[0].endswith("SC")
    missing = bytes(font.getmask("\U0010fffd"))  # a code point no font has: the empty box
    for char in "麻将俱乐部":
        glyph = bytes(font.getmask(char))
        assert any(glyph) and glyph != missing, char


def test_the_font_can_be_named_and_a_missing_one_is_said_clearly(monkeypatch, tmp_path):
    share_image.cjk_font_path.cache_clear()
    monkeypatch.setenv("CSMJ_CJK_FONT", str(tmp_path / "none.ttc"))
    try:
        with pytest.raises(share_image.FontMissing, match="CSMJ_CJK_FONT"):
            share_image.cjk_font_path()
    finally:
        share_image.cjk_font_path.cache_clear()


def test_without_a_chinese_font_the_image_answers_503_saying_what_to_install(
    reader, played, monkeypatch
):
    share_image.cjk_font_path.cache_clear()
    monkeypatch.setattr(share_image, "FONT_CANDIDATES", ())
    monkeypatch.setattr(share_image, "_fc_match", lambda: None)
    monkeypatch.delenv("CSMJ_CJK_FONT", raising=False)
    try:
        response = reader.get(image_url(played))
    finally:
        share_image.cjk_font_path.cache_clear()

    assert response.status_code == 503
    assert "fonts-noto-cjk" in response.content.decode()


def test_a_private_clubs_image_is_not_given_to_a_logged_out_phone(client, played):
    response = client.get(image_url(played))

    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_paper_sessions_card_has_its_final_nets_and_no_wins(season, players, recorder):
    paper = services.paper_session_record(
        season=season, players=players[:4], nets=[30, -10, -5, -15], actor=recorder
    )

    card = session_card(selectors.session_get(pk=paper.pk))

    assert [(r.name, r.total, r.best) for r in card.rows] == [
        ("张三", 30, ""),
        ("王五", -5, ""),
        ("李四", -10, ""),
        ("赵六", -15, ""),
    ]
