"""The browser tests' fixtures: one headless Chromium a test process (launched once, for
the whole session, not once a module), a fresh browser context a test (its own cookies,
storage and service worker), and the club most tests start from."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

from tests.browser.test_recording import NAMES, PASSWORD, PHONE, RULESET

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, shared by every test of this process: each test opens a context
    of its own (``page``), which shares nothing with another test's."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser-deps`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _contexts_closed_before_the_database_is_emptied(transactional_db, browser):
    """Every browser context a test opened is closed before its database is emptied: a
    page left open (a board polling, a queue syncing) would otherwise send the live server
    a request while the flush runs, and SQLite answers "database table is locked".
    Requesting ``transactional_db`` here sets it up before, and so tears it down after,
    the test's pages."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture
def page(browser, live_server):
    """A phone-size page (390×844) in a context of its own; no JavaScript error may occur."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base = live_server.url  # type: ignore[attr-defined]
    yield pg
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.fixture
def league(transactional_db):
    """A club with a recorder, eight roster players and an open season."""
    from django.contrib.auth import get_user_model

    from leagues import services as league
    from leagues.models import Club, Membership

    owner = get_user_model().objects.create_user("owner", password=PASSWORD)
    recorder = get_user_model().objects.create_user("jilu", password=PASSWORD)
    club = Club.objects.create(name="岳麓麻将社", slug="yuelu", is_public=False)
    Membership.objects.create(club=club, user=owner, role="owner")
    Membership.objects.create(club=club, user=recorder, role="recorder")
    for name in [*NAMES, "钱七", "孙八"]:
        league.player_create(club=club, display_name=name, actor=owner)
    league.player_update(
        player=club.players.get(display_name="赵六"), aliases=["老赵"], actor=owner
    )
    ruleset = league.ruleset_create(club=club, name="六七片逃跑罚十", config=RULESET, actor=owner)
    season = league.season_create(
        club=club,
        name="2025 秋季赛",
        start_date=datetime.date(2025, 9, 1),
        ruleset=ruleset,
        actor=owner,
    )
    return {"club": club, "season": season}


@pytest.fixture(autouse=True)
def _follow_polls_fast(settings):
    """A following page (the board, a table's page, the follow link) polls every 0.3 s
    instead of 3 (``FOLLOW_POLL_SECONDS``): a test that saves and waits for the page to
    follow waits for the poll, not out a 3-second interval. The page's own 3 s default is
    checked in tests/scoring/follow/test_views_follow.py."""
    settings.FOLLOW_POLL_SECONDS = 0.3
