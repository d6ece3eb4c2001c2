"""纸面记录 through the pages: one paper session by form, many by CSV (all or nothing),
how they show on the season, session and player pages; the rating line on the chart."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from scoring import services
from scoring.models import Round, Session
from scoring.services import paper_session_record, session_finish
from scoring.standings.models import SessionResult
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db

HEADER = "date,table,player1,player2,player3,player4,net1,net2,net3,net4\n"


def paper_url(season, name="paper-session-new"):
    return reverse(name, args=[season.club.slug, season.pk])


def paper_form(names=("张三", "李四", "王五", "赵六"), nets=(30, -10, -5, -15), **extra):
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update({f"net_{i}": str(n) for i, n in enumerate(nets)})
    return {"table_label": "", "started_at": "", **data, **extra}


def upload(client, season, text, encoding="utf-8"):
    file = SimpleUploadedFile("paper.csv", text.encode(encoding), content_type="text/csv")
    return client.post(paper_url(season, "paper-session-upload"), {"file": file})


def paper_sessions():
    return list(SessionResult.objects.filter(is_paper=True).order_by("session__started_at"))


# ---------------------------------------------------------------- the form


def test_a_paper_session_is_stored_with_its_four_nets_by_seat(rec, season, players):
    response = rec.post(paper_url(season), paper_form(table_label="2号桌"))

    (result,) = paper_sessions()
    assert response.status_code == 302
    assert response.url == reverse("session", args=[season.club.slug, result.session_id])
    assert result.paper_nets == [30, -10, -5, -15]
    session = result.session
    assert [p.display_name for p in session.players_in_order()] == ["张三", "李四", "王五", "赵六"]
    assert session.table_label == "2号桌"


def test_names_may_be_aliases_and_nets_may_use_full_width_signs(rec, season, players):
    players[1].aliases = ["老李"]
    players[1].save()

    rec.post(
        paper_url(season),
        paper_form(names=("张三", "老李", "王五", "赵六"), nets=("+30", "－10", "-5", "-15")),
    )

    (result,) = paper_sessions()
    assert result.session.players_in_order()[1] == players[1]
    assert result.paper_nets == [30, -10, -5, -15]


def test_nets_that_do_not_sum_to_zero_are_refused_next_to_the_nets(rec, season, players):
    response = rec.post(paper_url(season), paper_form(nets=(30, -10, -5, -10)))

    assert response.status_code == 400
    assert not Session.objects.exists()
    form = response.context["form"]
    assert form.group_error_map["nets"] == ["得分之和必须为零（现在是 +5）"]
    page = response.content.decode()
    assert 'data-errors="nets"' in page and "现在是 +5" in page
    assert form["player_0"].value() == "张三"  # the input is kept to fix it


def test_each_bad_field_is_named_next_to_it(rec, season, players):
    response = rec.post(
        paper_url(season),
        paper_form(names=("张三", "老王", "张三", ""), nets=("30", "x", "", "-15")),
    )

    errors = response.context["form"].errors
    assert response.status_code == 400
    assert "名单里没有“老王”。" in errors["player_1"]
    assert "张三 已经坐下了。" in errors["player_2"]
    assert "player_3" in errors and "net_2" in errors
    assert "得分必须是整数，例如 30 或 -10。" in errors["net_1"]
    assert not Session.objects.exists()


def test_errors_are_in_english_when_english_is_chosen(rec, season, players):
    rec.cookies["django_language"] = "en"

    response = rec.post(paper_url(season), paper_form(nets=(30, -10, -5, -10)))

    assert response.context["form"].group_error_map["nets"] == [
        "The nets must sum to zero (now +5)"
    ]


def test_a_service_refusal_is_shown_in_the_page_language(rec, season, players):
    season.is_closed = True
    season.save()

    zh = rec.post(paper_url(season), paper_form())
    rec.cookies["django_language"] = "en"
    en = rec.post(paper_url(season), paper_form())

    assert not Session.objects.exists()
    assert zh.context["form"].other_errors() == ["赛季已结束"]
    assert en.context["form"].other_errors() == ["The season is closed"]


def test_a_date_outside_the_season_is_refused(rec, season, players):
    response = rec.post(paper_url(season), paper_form(started_at="2024-12-31T20:00"))

    assert response.status_code == 400
    assert "started_at" in response.context["form"].errors
    assert not Session.objects.exists()


@pytest.mark.parametrize("role", ["member", "outsider", "anonymous"])
def test_only_recorders_may_post_a_paper_session(client, users_by_role, season, players, role):
    if role != "anonymous":
        client.force_login(users_by_role[role])
    text = HEADER + "2025-03-14,,张三,李四,王五,赵六,30,-10,-5,-15\n"

    form = client.post(paper_url(season), paper_form())
    file = upload(client, season, text)

    expected = {"member": 403, "outsider": 404, "anonymous": 302}[role]
    assert (form.status_code, file.status_code) == (expected, expected)
    assert not Session.objects.exists()


# ---------------------------------------------------------------- the CSV upload


def test_a_csv_file_stores_every_row_as_a_paper_session(rec, season, players):
    text = (
        HEADER
        + "2025-03-14 19:30,1号桌,张三,李四,王五,赵六,30,-10,-5,-15\n"
        + "2025/3/15,,钱七,孙八,周九,吴十,-20,40,0,-20\n"
    )

    response = upload(rec, season, text)

    assert response.status_code == 302
    first, second = paper_sessions()
    assert first.paper_nets == [30, -10, -5, -15]
    assert timezone.localtime(first.session.started_at).replace(tzinfo=None) == datetime.datetime(
        2025, 3, 14, 19, 30
    )
    assert first.session.table_label == "1号桌"
    assert [p.display_name for p in second.session.players_in_order()] == [
        "钱七",
        "孙八",
        "周九",
        "吴十",
    ]


def test_a_bad_csv_stores_nothing_and_lists_every_bad_row_with_every_error(rec, season, players):
    text = (
        HEADER
        + "2025-03-14,,张三,李四,王五,赵六,30,-10,-5,-15\n"  # line 2: fine
        + "2025-03-14,,张三,老王,王五,赵六,30,-10,-5,-10\n"  # line 3: unknown name, sum 5
        + "\n"  # line 4: blank, skipped
        + "not a date,,钱七,孙八,周九,吴十,a,0,0,0\n"  # line 5: date and net1
    )

    response = upload(rec, season, text)

    assert response.status_code == 400
    assert not Session.objects.exists() and not SessionResult.objects.exists()
    rows = {r["line"]: r["messages"] for r in response.context["upload"].row_errors}
    assert sorted(rows) == [3, 5]
    assert "player2：名单里没有“老王”。" in rows[3]
    assert "得分之和必须为零（现在是 +5）" in rows[3]
    assert any(m.startswith("date：") for m in rows[5])
    assert "net1：得分必须是整数，例如 30 或 -10。" in rows[5]
    page = response.content.decode()
    assert 'data-line="3"' in page and 'data-line="5"' in page
    assert "整个文件都没有保存" in page


def test_an_english_page_lists_a_rows_errors_with_english_punctuation(rec, season, players):
    text = HEADER + "not a date,,张三,老王,王五,赵六,30,-10,-5,-10\n"
    rec.cookies["django_language"] = "en"

    page = upload(rec, season, text).content.decode()

    row = page[page.index('data-line="2"') : page.index("</li>", page.index('data-line="2"'))]
    assert "</b>: date: " in row and "; player2: " in row
    assert not {"：", "；", "、"} & set(row)


def test_a_csv_with_chinese_headers_in_gbk_is_read(rec, season, players):
    text = "日期,桌号,选手1,选手2,选手3,选手4,得分1,得分2,得分3,得分4\n2025-03-14,,张三,李四,王五,赵六,4,-4,0,0\n"

    response = upload(rec, season, text, encoding="gb18030")

    assert response.status_code == 302
    assert [r.paper_nets for r in paper_sessions()] == [[4, -4, 0, 0]]


def test_a_csv_without_the_expected_header_is_refused(rec, season, players):
    response = upload(rec, season, "2025-03-14,,张三,李四,王五,赵六,30,-10,-5,-15\n")

    assert response.status_code == 400
    assert [r["line"] for r in response.context["upload"].row_errors] == [1]
    assert not Session.objects.exists()


def test_uploading_the_same_file_twice_stores_it_once(rec, season, players):
    text = HEADER + "2025-03-14 19:30,,张三,李四,王五,赵六,30,-10,-5,-15\n"
    upload(rec, season, text)

    again = upload(rec, season, text + "2025-03-14 19:30,,张三,李四,王五,赵六,30,-10,-5,-15\n")

    assert again.status_code == 400
    assert len(paper_sessions()) == 1
    rows = again.context["upload"].row_errors
    assert [(r["line"], r["messages"]) for r in rows] == [
        (2, ["这一场已经录入过了。"]),
        (3, ["这一场已经录入过了。"]),
    ]


def test_a_repeated_row_in_one_file_is_refused(rec, season, players):
    row = "2025-03-14 19:30,,张三,李四,王五,赵六,30,-10,-5,-15\n"

    response = upload(rec, season, HEADER + row + row)

    assert [(r["line"], r["messages"]) for r in response.context["upload"].row_errors] == [
        (3, ["和第 2 行重复。"])
    ]
    assert not Session.objects.exists()


# ---------------------------------------------------------------- on the other pages


def test_a_paper_session_shows_as_paper_with_its_totals_and_takes_no_rounds(
    rec, season, players, recorder
):
    session = paper_session_record(
        season=season, players=players[:4], nets=[30, -10, -5, -15], actor=recorder
    )
    url = reverse("session", args=[season.club.slug, session.pk])

    page = rec.get(url)
    listing = rec.get(paper_url(season, "season")).content.decode()
    form = rec.get(reverse("round-new", args=[season.club.slug, session.pk]))

    assert [s["total"] for s in page.context["seats"]] == [30, -10, -5, -15]
    assert page.context["paper"] and page.context["rounds"] == []
    assert "纸面记录" in page.content.decode()
    assert 'data-role="record-next"' not in page.content.decode()
    assert 'data-paper="1"' in listing and "+30" in listing
    assert form.status_code == 302 and not Round.objects.exists()


def test_a_paper_session_counts_in_the_standings_net_and_sessions_not_in_rounds(
    rec, season, session, players, recorder
):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    before = {
        r.player.display_name: r for r in rec.get(paper_url(season, "season")).context["rows"]
    }

    rec.post(paper_url(season), paper_form(nets=(30, -10, -5, -15)))
    after = {r.player.display_name: r for r in rec.get(paper_url(season, "season")).context["rows"]}

    zhang_before, zhang = before["张三"], after["张三"]
    assert zhang.net == zhang_before.net + 30
    assert zhang.sessions == zhang_before.sessions + 1
    assert (zhang.rounds, zhang.wins) == (zhang_before.rounds, zhang_before.wins)
    assert after["赵六"].net == before["赵六"].net - 15


def test_the_player_page_lists_a_paper_session_with_its_net(rec, season, players, recorder):
    paper_session_record(
        season=season, players=players[:4], nets=[30, -10, -5, -15], actor=recorder
    )

    response = rec.get(reverse("player", args=[season.club.slug, players[1].pk]))

    ((row, paper),) = response.context["sessions"]
    assert paper and row.net == -10


# ---------------------------------------------------------------- the rating line


def test_the_player_page_shows_the_rating_and_its_line_on_a_second_axis(
    rec, season, players, recorder
):
    from scoring.standings.selectors import player_rating, rating_history

    t0 = timezone.make_aware(datetime.datetime(2025, 3, 1, 20))
    for day, nets in enumerate([[30, -10, -5, -15], [-8, 8, 0, 0]]):
        paper_session_record(
            season=season,
            players=players[:4],
            nets=nets,
            actor=recorder,
            started_at=t0 + datetime.timedelta(days=day),
        )
    zhang = players[0]

    response = rec.get(reverse("player", args=[season.club.slug, zhang.pk]))

    chart = response.context["chart"]
    history = rating_history(player=zhang)
    assert len(history) == 2
    assert chart["ratings"] == [None] + [round(p.ordinal, 1) for p in history]
    assert len(chart["ratings"]) == len(chart["values"]) == len(chart["labels"])
    assert response.context["rating"] == player_rating(player=zhang).ordinal
    page = response.content.decode()
    assert f"{player_rating(player=zhang).ordinal:.1f}" in page
    assert 'id="chips-data"' in page


def test_the_rating_line_follows_the_chips_on_one_time_line(
    rec, season, session, players, recorder
):
    from scoring.standings.selectors import ChipPoint, RatingPoint
    from scoring.standings.views import player_chart

    t = [timezone.make_aware(datetime.datetime(2025, 3, d, 20)) for d in (1, 2, 3)]

    chart = player_chart(
        [ChipPoint(t[0], 10), ChipPoint(t[2], 4)], [RatingPoint(t[1], 1.25), RatingPoint(t[2], 0.5)]
    )

    assert chart["values"] == [0, 10, 10, 4]  # chips carry over a rated-only session
    assert chart["ratings"] == [None, None, 1.3, 0.5]  # 1.25: a half, away from zero


def test_a_player_never_rated_has_no_rating_line(rec, season, session, players, recorder):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)

    response = rec.get(reverse("player", args=[season.club.slug, players[0].pk]))

    assert response.context["chart"]["ratings"] == []
    assert response.context["rating"] is None
    session_finish(session=session, actor=recorder)
    rated = rec.get(reverse("player", args=[season.club.slug, players[0].pk]))
    assert rated.context["rating"] is not None
    assert len(rated.context["chart"]["ratings"]) == 2
