"""Every page a phone user taps, at 390×844: each tap target (link, button, summary,
check box, radio, select) is at least 44×44 px, and wide tables show a scroll cue
on the edge where they go on. Screenshots go to tests/artifacts/tap-*.png.

Links inside running text (a sentence in a paragraph) are not counted: they are part of
the text, as WCAG 2.5.8 leaves them. A link alone in its paragraph (成员与更多邀请,
"+ 名单里没有？先加新选手") is no word in a sentence: it is counted. So is the way on from
the log-in and sign-up pages (还没有账户？ 注册, 已有账户？ 登录): a word after a question,
but the one thing there to tap."""

from __future__ import annotations

import json

import pytest

from scoring import services
from tests.browser.test_recording import ARTIFACTS, NAMES, PASSWORD

pytestmark = [pytest.mark.browser]

SMALL_TARGETS = """() => {
  const sel = 'a[href], button, summary, select, input[type=checkbox], input[type=radio], '
            + 'input[type=submit]';
  // a link with words of its own around it; a link alone in its line ("+" or "‹" aside)
  // is a tap target
  const inText = el => {
    const block = el.tagName === 'A' && el.closest('p, .helptext, .explain, .muted');
    if (!block || el.closest('.actions, .btn, .crumbs, .spread, .page-head')) return false;
    return block.textContent.replace(el.textContent, '').replace(/[+‹›·]/g, '').trim() !== '';
  };
  return Array.from(document.querySelectorAll(sel))
    .filter(el => el.offsetParent !== null && !inText(el))
    .filter(el => !el.closest('.usermenu-body') || el.closest('details[open]'))
    .map(el => {
      const box = (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') || el) : el;
      const r = box.getBoundingClientRect();
      return {what: (el.textContent || el.name || el.type || '').trim().slice(0, 24),
              tag: el.tagName.toLowerCase(), w: Math.round(r.width), h: Math.round(r.height)};
    })
    .filter(b => b.w < 44 || b.h < 44);
}"""


# The log-in and sign-up pages' links below their card, each the way on to the other page.
WAYS_ON = """() => Array.from(document.querySelectorAll(
    'main a[href^="/accounts/signup/"], main a[href^="/accounts/login/"]'))
  .map(el => { const r = el.getBoundingClientRect();
               return {what: el.textContent.trim(), w: Math.round(r.width), h: Math.round(r.height)}; })
"""


def log_in(page, username: str) -> None:
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def small_targets(page, name: str) -> list[dict]:
    page.screenshot(path=str(ARTIFACTS / f"tap-{name}-390x844.png"), full_page=True)
    return page.evaluate(SMALL_TARGETS)


@pytest.fixture
def played(league):
    """A session of three rounds in the league's season, the owner's club."""
    from django.contrib.auth import get_user_model

    from tests.factories import round_discard, round_self_draw

    season = league["season"]
    recorder = get_user_model().objects.get(username="jilu")
    players = sorted(
        season.club.players.filter(display_name__in=NAMES),
        key=lambda p: NAMES.index(p.display_name),
    )
    session = services.session_start(season=season, players=players, first_dealer=0, actor=recorder)
    for data in (round_self_draw(0), round_discard(1, 2), round_self_draw(1, dealer=1)):
        services.round_record(session=session, data=data, actor=recorder)
    return {**league, "session": session, "player": players[0]}


def member_pages(played) -> dict[str, str]:
    club, season, session = played["club"], played["season"], played["session"]
    c = f"/c/{club.slug}"
    return {
        "home": "/",
        "club": f"{c}/",
        "season": f"{c}/seasons/{season.pk}/",
        "player": f"{c}/players/{played['player'].pk}/",
        "session": f"{c}/sessions/{session.pk}/",
        "round-history": f"{c}/sessions/{session.pk}/rounds/2/",
        "round-form": f"{c}/sessions/{session.pk}/rounds/new/",
        "session-new": f"{c}/seasons/{season.pk}/sessions/new/",
        "welcome": f"{c}/welcome/",  # the wizard's last page: 成员与更多邀请, 换人入座
        "members": f"{c}/members/",
        "ruleset-editor": f"{c}/rulesets/{season.ruleset_id}/",
        "ruleset-rules": f"{c}/rulesets/{season.ruleset_id}/rules/",
        "webhooks": f"{c}/webhooks/",
        "tokens": "/accounts/tokens/",
        "me": "/me/",
        "me-privacy": "/me/privacy/",
        "wizard": "/clubs/new/",
        "calculator": "/calc/",
        "rules": "/rules/",
        "logout": "/accounts/logout/",
    }


def test_every_tap_target_a_logged_in_owner_meets_is_at_least_44_px(page, played):
    from django.contrib.auth import get_user_model

    from leagues.models import Invitation
    from leagues.player_links import player_link
    from leagues.tokens import apitoken_create

    owner = get_user_model().objects.get(username="owner")
    player_link(player=played["player"], user=owner, actor=owner)  # 我的 has a history
    apitoken_create(user=owner, name="记分 app")  # a token to revoke
    Invitation.objects.create(club=played["club"], role="recorder", created_by=owner)
    log_in(page, "owner")
    found = {}
    for name, path in member_pages(played).items():
        page.goto(page.base + path)
        assert page.title(), path
        if name == "round-form":
            page.locator("#rf-body .rf-section").first.wait_for()
        if name == "calculator":  # its settings, open: the names and the options
            page.locator(".calc-settings > summary").click()
            page.locator("details.options > summary").click()
        small = small_targets(page, name)
        if small:
            found[name] = small
        if name == "tokens":  # 撤销 on the first screen, not out in a sideways table
            box = page.locator("[data-role=token] button").bounding_box()
            assert box is not None and box["x"] + box["width"] <= 390
    page.locator(".usermenu > summary").click()  # the header's menu, open
    if small := small_targets(page, "usermenu"):
        found["usermenu"] = small
    page.goto(page.base + "/clubs/new/")  # the wizard's step 2: the rules, 各预设的规则说明
    page.fill("input[name=name]", "新的麻将社")
    with page.expect_navigation():
        page.locator("[data-role=wizard-next]").click()
    assert page.locator("form[data-step=rules]").count() == 1
    if small := small_targets(page, "wizard-rules"):
        found["wizard-rules"] = small

    assert found == {}, json.dumps(found, ensure_ascii=False)


def test_every_tap_target_of_the_logged_out_pages_is_at_least_44_px(page, played):
    found = {}
    ways_on = {}
    for name, path in {
        "login": "/accounts/login/",
        "signup": "/accounts/signup/",
        "calculator-anonymous": "/calc/",
        "home-anonymous": "/",
    }.items():
        page.goto(page.base + path)
        if small := small_targets(page, name):
            found[name] = small
        if name in ("login", "signup"):
            ways_on[name] = page.evaluate(WAYS_ON)
            if small := [b for b in ways_on[name] if b["w"] < 44 or b["h"] < 44]:
                found[f"{name}-way-on"] = small

    assert [b["what"] for b in ways_on["login"]] == ["注册"]
    assert [b["what"] for b in ways_on["signup"]] == ["登录"]
    assert found == {}, json.dumps(found, ensure_ascii=False)


def test_a_wide_table_shows_a_cue_on_the_edge_where_it_goes_on(page, played):
    log_in(page, "owner")
    page.goto(f"{page.base}/c/{played['club'].slug}/seasons/{played['season'].pk}/")
    box = page.locator(".table-scroll:has(table.standings)")
    wrap = box.locator(".table-wrap")

    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")  # it does overflow at 390
    cue = "(el, side) => getComputedStyle(el, side).opacity"
    assert box.evaluate(cue, "::after") == "1" and box.evaluate(cue, "::before") == "0"
    # the rating column is on the first screen, beside the total
    rating = page.locator("table.standings th[data-col=rating]").bounding_box()
    assert rating is not None and rating["x"] + rating["width"] <= 390
    page.screenshot(path=str(ARTIFACTS / "standings-scroll-cue-390x844.png"))

    wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function(
        "() => document.querySelector('.table-scroll:has(table.standings)')"
        ".classList.contains('more-left')"
    )
    assert box.evaluate(cue, "::before") == "1"
    assert box.evaluate(cue, "::after") == "0"
    # the player's name stays in view while the figures scroll under it
    name = page.locator("table.standings tbody td.l").first.bounding_box()
    assert name is not None and 0 <= name["x"] < 390
    page.screenshot(path=str(ARTIFACTS / "standings-scrolled-390x844.png"))


def test_the_rules_tables_fit_a_phone_and_show_no_cue(page, played):
    page.goto(f"{page.base}/rules/")
    boxes = page.locator(".table-scroll")

    assert boxes.count() >= 5  # four presets and the hand types
    shown = page.evaluate(
        "() => Array.from(document.querySelectorAll('.table-scroll')).map(b => "
        "{ const w = b.querySelector('.table-wrap'); "
        "return [w.scrollWidth > w.clientWidth, b.classList.contains('more-right')]; })"
    )
    assert shown == [[False, False]] * len(shown)  # wrapped: nothing to scroll to
