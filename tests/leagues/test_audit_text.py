"""The audit log in words: each entry is a sentence in the reader's language with the
fields that changed named in words and shown with readable values (player names, hand
types by name), never a raw dict or an ``_id`` key; the page reads in a flat number of
queries."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from leagues import services as club_services
from leagues.audit import AuditEntry
from leagues.audit_text import audit_lines
from scoring import services
from scoring.services import session_finish
from tests.factories import make_user, round_discard, round_self_draw


def texts(club, lang: str) -> list[str]:
    with translation.override(lang):
        entries = AuditEntry.objects.filter(club=club).order_by("at", "id")
        return [line.text for line in audit_lines(entries)]


def assert_readable(text: str) -> None:
    assert "_id" not in text and "{" not in text and "'" not in text, text
    assert not re.search(r"\b(None|True|False)\b", text), text


@pytest.fixture
def round_history(recorder, session):
    first = services.round_record(
        session=session, data=round_self_draw(0, birds=[9, 2]), actor=recorder
    )
    fixed = services.round_correct(
        round=first, data=round_self_draw(0, birds=[6, 2]), actor=recorder
    )
    second = services.round_record(
        session=session, data=round_discard({1: ["qingyise"]}, 2), actor=recorder
    )
    services.round_void(round=second, reason="记错了", actor=recorder)
    services.round_undo_last(session=session, actor=recorder)
    return fixed


def test_a_correction_names_the_recorder_the_round_and_only_the_birds_that_changed(
    club, round_history
):
    zh = texts(club, "zh-hans")
    assert zh[0].startswith("recorder 记录了第 1 盘：")
    assert "张三 平胡" in zh[0] and "鸟 9、2" in zh[0]
    correct = zh[1]
    assert correct.startswith("recorder 更正了第 1 盘：鸟 9、2→6、2")
    assert "平胡" not in correct  # only what changed
    assert "清一色" in zh[2] and "放炮 王五" in zh[2]


def test_voids_and_undos_read_as_sentences_with_their_reason(club, round_history):
    zh = texts(club, "zh-hans")
    assert zh[3] == "recorder 作废了第 2 盘（原因：记错了）"
    assert zh[4] == "recorder 撤销了第 1 盘"
    en = texts(club, "en")
    assert en[3] == "recorder voided round 2 (reason: entered wrongly)"
    assert en[4] == "recorder undid round 1"


def test_round_entries_read_in_english_with_english_punctuation(club, round_history):
    en = texts(club, "en")
    assert en[0].startswith("recorder recorded round 1: ")
    assert "winners 张三 Plain win" in en[0] and "result self-draw" in en[0]
    assert en[1] == (
        "recorder corrected round 1: birds 9, 2→6, 2; "
        "scores 张三 +17, 王五 −5, 赵六 −5→张三 +13, 王五 −3, 赵六 −3"
    )
    assert "：" not in "".join(en) and "、" not in "".join(en)
    for text in en + texts(club, "zh-hans"):
        assert_readable(text)


def test_club_writes_read_as_sentences_in_both_languages(owner, organiser, club, ruleset, players):
    p = club_services.player_create(club=club, display_name="新人", actor=organiser)
    club_services.player_update(player=p, actor=organiser, aliases=["小新"])
    s = club_services.season_create(
        club=club, name="夏季赛", start_date=datetime.date(2025, 6, 1), ruleset=ruleset, actor=owner
    )
    club_services.season_close(season=s, actor=owner)
    newcomer = make_user("newcomer")
    inv = club_services.invitation_create(club=club, role="member", actor=owner)
    club_services.invitation_accept(token=inv.token, user=newcomer)
    club_services.membership_set(club=club, user=newcomer, role="recorder", actor=owner)
    club_services.membership_remove(club=club, user=newcomer, actor=owner)
    zh = texts(club, "zh-hans")
    assert zh[0] == "organiser 添加了选手 新人：名字 新人"
    assert zh[1] == "organiser 修改了选手 新人：别名 小新"
    assert zh[2].startswith("owner 创建了赛季 夏季赛：") and "规则 六七片" in zh[2]
    assert zh[3] == "owner 结束了赛季 夏季赛：已结束 否→是"
    assert zh[4].startswith("owner 创建了一个") and "邀请" in zh[4]
    assert zh[5].startswith("newcomer 接受了邀请")
    assert "owner 把 newcomer 设为" in zh[6]
    assert zh[7].startswith("owner 把 newcomer 移出了俱乐部")
    en = texts(club, "en")
    assert en[0] == "organiser added the player 新人: name 新人"
    assert en[3] == "owner closed the season 夏季赛: closed no→yes"
    assert en[7].startswith("owner removed newcomer from the club")
    for text in zh + en:
        assert_readable(text)
        assert "********" not in text and inv.token not in text


def test_session_entries_name_the_four_players(recorder, club, season, players):
    session = services.session_start(
        season=season, players=players[:4], first_dealer=1, actor=recorder
    )
    services.session_update(session=session, actor=recorder, table_label="二号桌")
    services.round_record(session=session, data=round_self_draw(1, dealer=1), actor=recorder)
    session_finish(session=session, actor=recorder)
    zh = texts(club, "zh-hans")
    assert zh[0].startswith("recorder 开始了一场：张三、李四、王五、赵六")
    assert "首庄 李四" in zh[0]
    assert zh[1].endswith("桌号 二号桌")
    assert zh[3] == "recorder 结束了一场：张三、李四、王五、赵六"
    en = texts(club, "en")
    assert en[0].startswith("recorder started a session: 张三, 李四, 王五, 赵六")
    for text in zh + en:
        assert_readable(text)


def seed(club, recorder, session, n: int) -> None:
    for _ in range(n // 2):
        rnd = services.round_record(session=session, data=round_self_draw(0), actor=recorder)
        services.round_void(round=rnd, reason="重复", actor=recorder)


def page_queries(client, club) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        response = client.get(reverse("club-audit", args=[club.slug]))
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_the_audit_page_reads_in_the_same_number_of_queries_for_10_and_50_entries(
    client, owner, club, recorder, session, django_assert_max_num_queries
):
    client.force_login(owner)
    seed(club, recorder, session, 10)
    with django_assert_max_num_queries(10):
        at_10 = page_queries(client, club)
    seed(club, recorder, session, 40)
    with django_assert_max_num_queries(10):
        at_50 = page_queries(client, club)
    assert AuditEntry.objects.filter(club=club).count() >= 50
    assert at_50 == at_10, (at_10, at_50)
    html = client.get(reverse("club-audit", args=[club.slug])).content.decode()
    assert html.count('class="card audit-entry"') >= 50


def test_the_audit_page_shows_sentences_and_no_raw_snapshot(client, owner, club, round_history):
    client.force_login(owner)
    html = client.get(reverse("club-audit", args=[club.slug])).content.decode()
    assert "recorder 更正了第 1 盘" in html and "recorder 撤销了第 1 盘" in html
    assert "voided_by_id" not in html and "{&#x27;" not in html and "_id" not in html
    client.cookies["django_language"] = "en"
    html = client.get(
        reverse("club-audit", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "recorder corrected round 1" in html


def test_a_round_line_says_which_table_and_links_to_its_session(
    client, owner, club, session, round_history
):
    """On a night of several tables, 第 1 盘 alone does not say whose."""
    client.force_login(owner)
    html = client.get(reverse("club-audit", args=[club.slug])).content.decode()

    link = (
        f'<a href="{reverse("session", args=[club.slug, session.pk])}" data-role="audit-session">'
    )
    names = " · ".join(p.display_name for p in session.players_in_order())
    assert html.count(link + names + "</a>") >= 4  # recorded, corrected, voided, undone
