"""Standings with penalties read right: where a row has penalties, 总分, 罚分 and 合计
stand side by side, the rows rank by 合计 and the footnote says so, on the season page,
the printable table, the site's CSV and workbook and the API (JSON and CSV); equal
totals (and tie-breaks) share a rank. Without penalties, 总分 alone, as before."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring import services
from scoring.events.services import penalty_give
from scoring.standings.selectors import season_standings
from tests.api_helpers import club_url, token_client
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def overtaken(session, recorder, players, season, owner):
    """李四 (seat 1) self-draws and leads on 总分. 王五 and 赵六 pay alike and are each
    fined 1: they share a rank. A fine puts 李四's 合计 one below theirs: he ranks third,
    under two players with less 总分."""
    services.round_record(session=session, data=round_self_draw(1, birds=[1, 2]), actor=recorder)
    for p in players[2:4]:
        penalty_give(season=season, player=p, amount=-1, reason="看牌", actor=owner)
    first, second = season_standings(season=season)[:2]
    assert first.player == players[1] and second.player in players[2:4]
    fine = -(first.net - second.total + 1)
    penalty_give(season=season, player=players[1], amount=fine, reason="迟到", actor=owner)
    return {"leader": players[1].display_name, "above": ["王五", "赵六"], "fine": fine}


def test_the_rows_rank_by_total_and_equal_totals_share_a_rank(season, overtaken):
    rows = season_standings(season=season)
    by_name = {r.player.display_name: r for r in rows}
    leader = by_name[overtaken["leader"]]

    assert sorted(r.player.display_name for r in rows[:2]) == overtaken["above"]
    assert [r.rank for r in rows[:3]] == [1, 1, 3]
    assert leader.rank == 3 and leader.net > rows[0].net
    assert leader.total == leader.net + overtaken["fine"] == rows[0].total - 1


def header_cells(html: str) -> list[str]:
    head = html.split("<thead>")[1].split("</thead>")[0]
    return [c.split('"')[0] for c in head.split('data-col="')[1:]][2:]  # after #, 选手


@pytest.mark.parametrize("name", ["season", "season-print"])
def test_the_page_and_the_print_show_net_penalties_and_total_and_say_what_ranks(
    reader, season, overtaken, name
):
    html = reader.get(reverse(name, args=[season.club.slug, season.pk])).content.decode()

    assert header_cells(html)[:5] == ["net", "penalties", "total", "rating", "sessions"]
    row = html.split(f'data-player="{overtaken["leader"]}"')[1].split("</tr>")[0]
    assert f'data-col="penalties" class="neg">{overtaken["fine"]}<' in row
    assert 'data-col="total"' in row
    assert "先比合计（总分加罚分）" in html
    assert "先比总分，" not in html
    body = html.split("<tbody>")[1]
    assert body.index(overtaken["leader"]) > max(body.index(n) for n in overtaken["above"])


def test_without_penalties_the_page_shows_net_alone(reader, season, session, recorder):
    services.round_record(session=session, data=round_self_draw(1), actor=recorder)

    html = reader.get(reverse("season", args=[season.club.slug, season.pk])).content.decode()

    assert header_cells(html)[:2] == ["net", "rating"]
    assert 'data-col="total"' not in html and 'data-col="penalties"' not in html
    assert "先比总分，再比每盘平均" in html


def by_player(rows, column=1):
    return {row[column]: row for row in rows}


def test_the_site_csv_and_workbook_carry_total_in_ranking_order(reader, season, overtaken):
    slug = season.club.slug
    body = reader.get(reverse("season-csv", args=[slug, season.pk])).content
    header, *rows = csv.reader(io.StringIO(body.decode("utf-8-sig")))
    assert header[2:5] == ["总分", "罚分", "合计"]
    assert [r[1] for r in rows][2] == overtaken["leader"]
    leader = by_player(rows)[overtaken["leader"]]
    assert int(leader[4]) == int(leader[2]) + overtaken["fine"]

    body = reader.get(reverse("season-xlsx", args=[slug, season.pk])).content
    sheet = load_workbook(io.BytesIO(body)).worksheets[0]
    header, *rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert header[2:5] == ["总分", "罚分", "合计"]
    leader = by_player(rows)[overtaken["leader"]]
    assert leader[4] == leader[2] + overtaken["fine"]
    assert by_player(rows)["王五"][0] == by_player(rows)["赵六"][0] == 1  # a shared rank
    assert leader[0] == 3


def test_the_api_gives_total_in_json_and_csv(member, season, overtaken):
    client = token_client(member)
    data = client.get(club_url(season.club, f"seasons/{season.pk}/standings/")).json()
    rows = data["results"] if isinstance(data, dict) else data
    ranks = {r["player"]["display_name"]: r["rank"] for r in rows}
    assert (ranks["王五"], ranks["赵六"], ranks[overtaken["leader"]]) == (1, 1, 3)
    assert all(r["total"] == r["net"] + r["penalties"] for r in rows)

    response = client.get(club_url(season.club, f"seasons/{season.pk}/standings.csv"))
    body = response.content if not response.streaming else b"".join(response.streaming_content)
    header, *rows = csv.reader(io.StringIO(body.decode("utf-8-sig")))
    total, net, pen = header.index("total"), header.index("net"), header.index("penalties")
    assert all(int(r[total]) == int(r[net]) + int(r[pen]) for r in rows)
