"""The page header holds on one line on a 360 px phone, in Chinese and in English, logged
out and logged in: the site's mark and name, the language switch (English / 中文) and the
login link or the user's menu, none broken over two lines, all inside the screen and 44 px
tall and wide. The name gives way to the mark alone when a user's name needs its room,
and a user name too long for the bar ends in an ellipsis. Screenshots:
tests/artifacts/header-*-360x780.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, PASSWORD
from tests.browser.test_tap_targets_everywhere import log_in

pytestmark = [pytest.mark.browser]

WIDTH = 360
ONE_LINE = 44 + 2 * 8  # a 44 px tap target and the bar's padding (.5rem) above and below

HEADER = """() => {
  const bar = document.querySelector('.topbar');
  const box = el => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, w: r.width, h: r.height}; };
  // the lines a piece of text shows: the distinct tops of its text's boxes (above ``below``:
  // what an element clips under itself is not shown)
  const lines = (nodes, below = Infinity) => { const tops = new Set();
    for (const n of nodes) { const r = document.createRange(); r.selectNodeContents(n);
      for (const x of r.getClientRects()) if (x.width > 0 && x.top < below) tops.add(Math.round(x.top)); }
    return tops.size; };
  const texts = el => { const out = [], w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (w.nextNode()) if (w.currentNode.textContent.trim()) out.push(w.currentNode);
    return out; };
  const brand = bar.querySelector('.brand');
  const name = texts(brand).filter(n => !n.parentElement.closest('.brand-mark'));
  const nameBox = (() => { const r = document.createRange();
    r.setStartBefore(name[0]); r.setEndAfter(name[name.length - 1]);
    const b = r.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; })();
  const targets = [brand, ...bar.querySelectorAll('.langswitch button, .topnav > a, .usermenu > summary')];
  return {
    bar: box(bar),
    page: document.documentElement.scrollWidth,
    brand: box(brand),
    name: nameBox,
    nameLines: lines(name),
    targets: targets.map(el => ({text: el.textContent.trim(), lines: lines(texts(el), box(el).bottom), ...box(el)})),
  };
}"""


def header(page, language: str, shot: str) -> dict:
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])
    page.set_viewport_size({"width": WIDTH, "height": 780})
    page.goto(f"{page.base}/")
    page.screenshot(path=str(ARTIFACTS / f"header-{shot}-{language}-360x780.png"))
    return page.evaluate(HEADER)


def assert_one_line(m: dict) -> None:
    assert m["page"] <= WIDTH  # no sideways scroll
    assert m["bar"]["h"] <= ONE_LINE + 0.5, m["bar"]
    for t in m["targets"]:
        assert t["lines"] == 1, t  # never broken over two lines
        assert t["left"] >= 0 and t["right"] <= WIDTH, t  # inside the screen
        assert t["w"] >= 44 and t["h"] >= 44, t  # a thumb's target
    # the name is whole on the bar's line, or gives way entirely (clipped under it)
    shown = m["name"]["bottom"] <= m["brand"]["bottom"] + 0.5
    assert m["nameLines"] == 1 or not shown
    if shown:
        assert m["name"]["right"] <= m["brand"]["right"] + 0.5


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_header_of_a_logged_out_phone_is_one_line_with_the_sites_name(
    page, transactional_db, language
):
    m = header(page, language, "logged-out")
    assert_one_line(m)
    assert m["name"]["bottom"] <= m["brand"]["bottom"] + 0.5  # the name shows, whole
    assert [t["text"] for t in m["targets"][1:]] == (
        ["English", "登录"] if language == "zh-hans" else ["中文", "Log in"]
    )


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_header_of_a_logged_in_phone_is_one_line_with_the_whole_user_name(
    page, transactional_db, language
):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("organiser", password=PASSWORD)  # the demo's
    log_in(page, "organiser")
    m = header(page, language, "organiser")
    assert_one_line(m)
    menu = m["targets"][-1]
    assert menu["text"] == "organiser"
    assert page.evaluate(  # the whole name, no ellipsis
        "(() => { const s = document.querySelector('.usermenu > summary');"
        " const t = s.querySelector('span') || s; return t.scrollWidth <= t.clientWidth; })()"
    )
    if language == "zh-hans":  # 长沙麻将 has room beside the menu
        assert m["name"]["bottom"] <= m["brand"]["bottom"] + 0.5


def test_a_long_user_name_ends_in_an_ellipsis_and_leaves_the_language_switch_in_view(
    page, transactional_db
):
    from django.contrib.auth import get_user_model

    long_name = "zhang.san.the.tuesday.night.recorder"
    get_user_model().objects.create_user(long_name, password=PASSWORD)
    log_in(page, long_name)
    m = header(page, "en", "long-user-name")
    assert_one_line(m)
    assert m["targets"][-1]["text"] == long_name  # the menu keeps the whole name as its text
    assert page.evaluate(  # and shows its start, then an ellipsis
        "(() => { const s = document.querySelector('.usermenu > summary > span');"
        " return s.scrollWidth > s.clientWidth && getComputedStyle(s).textOverflow === 'ellipsis'; })()"
    )
    page.locator(".usermenu > summary").click()  # and opens
    page.locator(".usermenu-body [data-role=nav-me]").wait_for()
