"""The round form's preview (the payments shown before 保存) on a 360 px and a 390 px
phone, in Chinese and in English: its tables fit the preview's card, so neither the page
nor a table scrolls sideways, and they break only at spaces: a name, a hand's name, a
header (金额) or a figure is never cut in two, "张三 → 王五" and an amount stay on one
line. The widest previews: an opening win (起手胡 · 四喜, dice birds) then a self-draw
(six payments), and a 通炮 whose two winners claim two hands each, with two kongs (杠分
on: the preview's second table).
Screenshots: tests/artifacts/round-preview-*-{360,390}px.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, ROUNDS, RULESET, enter_round, tap, win
from tests.browser.test_table import form_url, log_in_and_start

pytestmark = [pytest.mark.browser]

OPENING_THEN_SELF_DRAW = {"dealer": 0, **ROUNDS[3]}
TONGPAO_TWO_BIG_HANDS = {
    "dealer": 0,
    "result": win(
        "discard",
        [
            {"seat": 2, "hands": ["qingyise", "qixiaodui"]},
            {"seat": 3, "hands": ["pengpenghu", "jiangjianghu"]},
        ],
        birds=[4, 6],
        discarder=1,
    ),
}

# For each table of the preview: its place, its cells' right edges, and every word of a
# cell that runs onto a new line (a break not at a space, nor after a hyphen).
MEASURE = """() => {
  const card = document.querySelector('[data-role=preview]');
  const right = el => el.getBoundingClientRect().right;
  const lines = node => { const r = document.createRange(); r.selectNodeContents(node);
    return new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size; };
  // each word of a cell's text (a run of characters up to a space, or through a hyphen:
  // English breaks "self-draw" after its hyphen): on one line, or it was cut in two
  const broken = cell => {
    const out = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s-]+-?|-/g)) {
        const r = document.createRange();
        r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
    return out;
  };
  return {
    page: document.documentElement.scrollWidth,
    card: right(card),
    tables: Array.from(card.querySelectorAll('.table-wrap')).map(wrap => {
      const table = wrap.querySelector('table');
      const cells = Array.from(table.querySelectorAll('th, td'));
      return {
        right: right(table),
        scroll: wrap.scrollWidth - wrap.clientWidth,
        cells: Math.max(...cells.map(right)),
        rows: table.querySelectorAll('tbody tr').length,
        broken: cells.flatMap(broken),
        amounts: Array.from(table.querySelectorAll('tbody td:nth-child(2)')).map(lines),
        // "张三 → 王五" (a kong paid by three, "张三、王五、赵六 → 李四", wraps at a space)
        names: Array.from(table.querySelectorAll('tbody td:first-child'))
          .filter(td => !/[、,]/.test(td.firstChild.data)).map(td => lines(td.firstChild)),
      };
    }),
  };
}"""


def screenshot(page, width: int, path) -> None:
    """The preview's card across the screen's width, on a screen as tall as the page (the
    sticky scoreboard and the fixed 保存 bar then cover none of it)."""
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("[data-role=preview]").bounding_box()
    assert box is not None
    clip = {"x": 0, "y": box["y"] - 8, "width": width, "height": box["height"] + 16}
    page.screenshot(path=str(path), clip=clip)
    page.set_viewport_size({"width": width, "height": 780})


def preview_at(page, league, language: str, data: dict, *, kongs: bool = False) -> None:
    """The round tapped into the form (with kongs: 李四's 暗杠 and 王五's 放杠 on 张三's
    discard, under rules that pay them), up to its preview."""
    if kongs:
        from django.contrib.auth import get_user_model

        from leagues.services import ruleset_update

        owner = get_user_model().objects.get(username="owner")
        config = {**RULESET, "kong_pay": True}
        ruleset_update(ruleset=league["season"].ruleset, config=config, actor=owner)
    session = log_in_and_start(page, league)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    enter_round(page, data)
    if kongs:
        tap(page, '[data-role=kong-seat][data-seat="1"]')
        tap(page, "[data-role=kong-kind][data-kind=an]")
        tap(page, '[data-role=kong-seat][data-seat="2"]')
        tap(page, "[data-role=kong-kind][data-kind=ming]")
        tap(page, '[data-role=kong-from][data-seat="0"]')
        page.locator("[data-role=preview-kong]").nth(1).wait_for()
    page.locator("[data-role=preview] table").first.wait_for()
    page.wait_for_function("() => window.csmjRoundForm.idle()")


def what_does_not_fit(page, width: int, name: str, rows: list[int]) -> list[str]:
    """At this width: what of the preview scrolls sideways, leaves its card, or is cut in
    two (nothing, when it reads cleanly)."""
    page.set_viewport_size({"width": width, "height": 780})
    m = page.evaluate(MEASURE)
    screenshot(page, width, ARTIFACTS / f"round-preview-{name}-{width}px.png")
    wrong = []
    if m["page"] > width:
        wrong.append(f"the page scrolls sideways: {m['page']} px")
    if [t["rows"] for t in m["tables"]] != rows:
        wrong.append(f"rows of the tables: {[t['rows'] for t in m['tables']]}, not {rows}")
    for t in m["tables"]:
        if t["scroll"] > 0:
            wrong.append(f"the table scrolls sideways by {t['scroll']} px")
        if max(t["right"], t["cells"]) > m["card"]:
            wrong.append(f"the table ends at {t['cells']} px, past its card at {m['card']}")
        if t["broken"]:
            wrong.append(f"cut in two: {' '.join(t['broken'])}")
        if t["amounts"] != [1] * t["rows"]:
            wrong.append(f"lines of the amounts: {t['amounts']}")
        if not t["names"] or t["names"] != [1] * len(t["names"]):
            wrong.append(f"lines of payer → payee: {t['names']}")
    return wrong


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_an_opening_win_and_a_self_draw_preview_reads_whole_words_at_360_and_390_px(
    page, league, language
):
    preview_at(page, league, language, OPENING_THEN_SELF_DRAW)
    found = {w: what_does_not_fit(page, w, f"opening-{language}", [6]) for w in (390, 360)}

    assert found == {390: [], 360: []}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_tongpao_of_two_winners_and_its_kongs_preview_reads_whole_words_at_360_and_390_px(
    page, league, language
):
    preview_at(page, league, language, TONGPAO_TWO_BIG_HANDS, kongs=True)
    found = {w: what_does_not_fit(page, w, f"tongpao-{language}", [2, 2]) for w in (390, 360)}

    assert found == {390: [], 360: []}
