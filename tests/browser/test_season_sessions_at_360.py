"""A season's recent sessions on a 360 px phone, in Chinese and in English: each session's
link reads as lines, not columns. Its date and time stay on one line, and a table's label
(a league night's 周五晚场 第1轮 第2桌, a paper sheet's 2号桌) follows on the same line or
starts a line of its own under the date, never as a column beside a broken date; the names
and rounds go under the link, which is a thumb's height. Screenshots:
tests/artifacts/season-sessions-*-360x780.png."""

from __future__ import annotations

import datetime

import pytest

from tests.browser.test_recording import ARTIFACTS, NAMES
from tests.browser.test_table import log_in_and_start

pytestmark = [pytest.mark.browser]

WIDTH = 360

SESSIONS = """() => {
  const box = el => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, h: r.height}; };
  // each line a piece of text takes: its top and its leftmost edge
  const lines = node => { const r = document.createRange(); r.selectNodeContents(node);
    const out = new Map();
    for (const x of r.getClientRects()) { if (x.width <= 0) continue;
      const top = Math.round(x.top); out.set(top, Math.min(out.get(top) ?? Infinity, x.left)); }
    return Array.from(out, ([top, left]) => ({top, left})).sort((a, b) => a.top - b.top); };
  const list = Array.from(document.querySelectorAll('h2')).find(h => h.nextElementSibling
    && h.nextElementSibling.querySelector('.list')).nextElementSibling.querySelector('.list');
  return {
    page: document.documentElement.scrollWidth,
    rows: Array.from(list.querySelectorAll(':scope > li')).map(li => {
      const link = li.querySelector('a[href*="/sessions/"]');
      const date = link.querySelector('b');
      // the label: whatever of the link's text is not the date
      const rest = []; const w = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      while (w.nextNode()) if (!date.contains(w.currentNode) && w.currentNode.textContent.trim())
        rest.push(...lines(w.currentNode));
      return {text: link.textContent.trim(), link: box(link), date: lines(date), label: rest,
              meta: box(li.querySelector('.meta')), li: box(li)};
    }),
  };
}"""


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_seasons_recent_sessions_read_line_by_line_on_a_360_px_phone(page, league, language):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from scoring import services
    from tests.factories import round_self_draw

    season = league["season"]
    owner = get_user_model().objects.get(username="owner")
    session = log_in_and_start(page, league)  # a session of the table's four, no label
    services.round_record(session=session, data=round_self_draw(1), actor=owner)
    players = sorted(
        season.club.players.filter(display_name__in=NAMES),
        key=lambda p: NAMES.index(p.display_name),
    )
    earlier = timezone.make_aware(datetime.datetime(2025, 10, 10, 19, 30))  # a Friday night
    services.session_start(
        season=season,
        players=players,
        first_dealer=0,
        table_label="周五晚场 第1轮 第2桌",  # a league night's table
        started_at=earlier,
        actor=owner,
    )
    services.paper_session_record(
        season=season,
        players=players,
        nets=[12, -2, -4, -6],
        table_label="2号桌",
        started_at=earlier - datetime.timedelta(days=7),
        actor=owner,
    )

    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])
    page.set_viewport_size({"width": WIDTH, "height": 780})
    page.goto(f"{page.base}/c/yuelu/seasons/{season.pk}/")
    m = page.evaluate(SESSIONS)
    page.locator("[data-pager], .list").last.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"season-sessions-{language}-360x780.png"), full_page=True)

    assert m["page"] <= WIDTH
    assert len(m["rows"]) == 3
    for row in m["rows"]:
        assert len(row["date"]) == 1, row  # 2025-10-10 19:30 on one line
        assert row["link"]["h"] >= 44, row  # a thumb's target
        assert row["link"]["right"] <= WIDTH, row
        assert row["meta"]["top"] >= row["link"]["bottom"] - 0.5, row  # names under the link
        date = row["date"][0]
        for line in row["label"]:
            if line["top"] != date["top"]:  # a line of the label's own starts under the date
                assert abs(line["left"] - date["left"]) < 1, row
    labelled = [row for row in m["rows"] if row["label"]]
    assert [row["text"].split()[-1] for row in labelled] == ["第2桌", "2号桌"]
