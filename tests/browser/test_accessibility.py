"""Every main page passes axe-core's WCAG 2 A and AA rules (colour contrast, a sideways
scroller reachable by keyboard, names for controls …): axe-core (package.json, pinned) is
injected into each page, at phone size and on the board at 1920×1080, and must find no
violation. A failure lists each rule with the elements it found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring import services as scoring_services
from tests.browser.test_tap_targets_everywhere import log_in, played  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations']});
  return result.violations.map(v => ({
    rule: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 6).map(n => ({target: n.target.join(' '),
                                          why: (n.failureSummary || '').slice(0, 200)})),
    count: v.nodes.length,
  }));
}"""


OPENED = "details:not([open]) > summary"


def violations(page, path: str, *, opened: bool = False) -> list[dict]:
    """axe-core's WCAG A/AA violations on the page at ``path`` (opened and settled); with
    ``opened``, every closed <details> on it opened first (menus, settings, more)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (package.json pins axe-core)")
    page.goto(page.base + path)
    if "/rounds/new/" in path:  # the round form draws itself
        page.locator("#rf-body .rf-section").first.wait_for()
    page.wait_for_timeout(200)  # deferred scripts (the scroll cue, the countdown) have run
    if opened:
        page.evaluate(f"() => document.querySelectorAll('{OPENED}').forEach(s => s.click())")
        page.wait_for_timeout(100)
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, WCAG_A_AA)


@pytest.fixture
def night(played):  # noqa: F811 (the fixture imported above)
    """A league night in the played season, with every look its pages have (the played
    session's third round voided): ten entrants
    (one checked in, one dropped out), round 1 drawn and timed, table 1 playing with a
    round saved, table 2 finished, round 2 drawn as the next, a penalty given."""
    from django.contrib.auth import get_user_model

    from leagues import services as league_services
    from scoring.events import services
    from tests.factories import round_self_draw

    owner = get_user_model().objects.get(username="owner")
    club, season = played["club"], played["season"]
    for name in ["周九", "吴十", "郑一", "冯二"]:
        league_services.player_create(club=club, display_name=name, actor=owner)
    event = services.event_create(
        season=season, name="周五之夜", date=season.start_date, timer_minutes=40, actor=owner
    )
    for player in club.players.all():
        services.entrant_add(event=event, player=player, actor=owner)
    rnd = services.round_draw(event=event, actor=owner, seed=11)
    table = services.table_start(table=rnd.tables.get(number=1), actor=owner)
    scoring_services.round_record(session=table, data=round_self_draw(0), actor=owner)
    done = services.table_start(table=rnd.tables.get(number=2), actor=owner)
    scoring_services.round_record(session=done, data=round_self_draw(1), actor=owner)
    scoring_services.session_finish(session=done, actor=owner)
    services.entrant_check_in(entrant=event.entrants.first(), actor=owner)
    services.entrant_drop(entrant=event.entrants.get(player_id=rnd.sitting_out[0]), actor=owner)
    services.round_draw(event=event, actor=owner, seed=12)
    services.penalty_give(season=season, event=event, player=club.players.first(),
                          amount=-10, reason="迟到", actor=owner)  # fmt: skip
    voided = played["session"].rounds.get(number=3)
    scoring_services.round_void(round=voided, reason="记错了", actor=owner)
    return {**played, "event": event}


def main_pages(night) -> dict[str, str]:
    club, season, session = night["club"], night["season"], night["session"]
    c = f"/c/{club.slug}"
    return {
        "home": "/",
        "club": f"{c}/",
        "season": f"{c}/seasons/{season.pk}/",
        "player": f"{c}/players/{night['player'].pk}/",
        "session": f"{c}/sessions/{session.pk}/",
        "round-form": f"{c}/sessions/{session.pk}/rounds/new/",
        "event": f"{c}/events/{night['event'].pk}/",
        "board": f"{c}/events/{night['event'].pk}/board/",
        "rules": "/rules/",
        "ruleset-rules": f"{c}/rulesets/{season.ruleset_id}/rules/",
        "calculator": "/calc/",
        # and the other pages a member meets
        "round-detail": f"{c}/sessions/{session.pk}/rounds/2/",
        "event-list": f"{c}/seasons/{season.pk}/events/",
        "season-print": f"{c}/seasons/{season.pk}/print/",
        "players": f"{c}/players/",
        "members": f"{c}/members/",
        "rulesets": f"{c}/rulesets/",
        "ruleset-editor": f"{c}/rulesets/{season.ruleset_id}/",
        "audit": f"{c}/audit/",
        "session-new": f"{c}/seasons/{season.pk}/sessions/new/",
        "paper": f"{c}/seasons/{season.pk}/paper/",
        "club-new": "/clubs/new/",
        "tokens": "/accounts/tokens/",
    }


def test_every_main_page_of_a_logged_in_owner_has_no_wcag_a_or_aa_violation(page, night):
    log_in(page, "owner")
    found = {}
    for name, path in main_pages(night).items():
        if found_here := violations(page, path):
            found[name] = found_here
    for name in ["event", "calculator", "round-form", "session", "season"]:  # menus open
        if found_here := violations(page, main_pages(night)[name], opened=True):
            found[f"{name} (opened)"] = found_here

    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)


def test_the_logged_out_pages_have_no_wcag_a_or_aa_violation(page, night):
    found = {}
    for name, path in {
        "login": "/accounts/login/",
        "signup": "/accounts/signup/",
        "home": "/",
        "calculator": "/calc/",
        "password-reset": "/accounts/password/reset/",
    }.items():
        if found_here := violations(page, path):
            found[name] = found_here

    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)


def test_the_board_on_a_room_screen_has_no_wcag_a_or_aa_violation(browser, live_server, night):
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720}):
        context = browser.new_context(viewport=size, locale="zh-CN")
        board = context.new_page()
        board.base = live_server.url
        log_in(board, "owner")
        found = violations(board, f"/c/{night['club'].slug}/events/{night['event'].pk}/board/")
        context.close()

        assert found == [], json.dumps(found, ensure_ascii=False, indent=1)


def test_a_wide_table_that_scrolls_sideways_is_reached_and_scrolled_by_keyboard(page, night):
    log_in(page, "owner")
    page.goto(f"{page.base}/c/{night['club'].slug}/seasons/{night['season'].pk}/")
    wide = page.locator(".table-wrap[tabindex='0']")
    assert wide.count() >= 1
    first = wide.first
    assert first.get_attribute("role") == "region"
    assert first.get_attribute("aria-label")  # named after its heading
    for _ in range(60):  # Tab through the page until the scroller has the focus
        page.keyboard.press("Tab")
        if first.evaluate("el => el === document.activeElement"):
            break

    assert first.evaluate("el => el === document.activeElement")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("el => el.scrollLeft > 0", arg=first.element_handle())
    # a table that fits is no keyboard stop of its own: every table of /rules/ at 390 px
    page.goto(f"{page.base}/rules/")
    page.locator("#hand-types .table-wrap").wait_for()
    assert page.locator(".table-wrap").count() >= 5
    assert page.locator(".table-wrap[tabindex]").count() == 0
