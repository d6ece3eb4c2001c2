"""A newcomer's first ten minutes, in a real browser (Debian's headless Chromium, Playwright).

1. From the empty home page: sign up, build a club with the wizard, start the first session
   and record the first round. Every tap and every field filled is counted: having the club
   ready to record takes at most 20 of them and at most 2 minutes.
2. A forgotten password is reset through the console e-mail backend (the link is read
   from what the backend prints).
3. The calculator without an account: one hand, its preview, and its share link opened in
   a fresh browser context shows the same payments.
Phone-size screenshots go to tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.engine import score_round

pytestmark = [pytest.mark.browser]

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {"width": 390, "height": 844}
PASSWORD = "first-table-pass-9"
PLAYERS = ["张三", "李四", "王五", "赵六"]
MAX_STEPS = 20
# The calculator's taps for 李四's 清一色 on 王五's discard, birds 2 and 6.
CALC_TAPS = (
    "[data-kind=discard]",
    '[data-role=winner][data-seat="1"]',
    '[data-role=discarder][data-seat="2"]',
    '[data-winner="1"] [data-hand=qingyise]',
    '[data-role=bird][data-bird="2"]',
    '[data-role=bird][data-bird="6"]',
)
MAX_SECONDS = 120


class Phone:
    """A phone-size page that counts what the user does: each tap and each field filled."""

    def __init__(self, browser, base: str) -> None:
        self.context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.base = base
        self.steps = 0

    def tap(self, selector: str) -> None:
        self.steps += 1
        self.page.locator(selector).first.click()

    def tap_and_wait(self, selector: str) -> None:
        with self.page.expect_navigation():
            self.tap(selector)

    def fill(self, selector: str, value: str) -> None:
        self.steps += 1
        self.page.fill(selector, value)

    def shot(self, name: str, *, full_page: bool = False) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}-390x844.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"JavaScript errors: {self.errors}"


@pytest.fixture
def phone(browser, live_server):
    p = Phone(browser, live_server.url)
    yield p
    p.close()


def test_sign_up_build_a_club_and_record_the_first_round_within_20_steps_and_2_minutes(
    phone, transactional_db
):
    from leagues.models import Club, Invitation
    from scoring.models import Round

    page = phone.page
    page.goto(f"{phone.base}/")  # the empty home page: no club yet
    assert page.locator("[data-role=home-calc]").is_visible()
    shot = phone.shot("home")
    assert shot.stat().st_size > 10_000
    started = time.monotonic()

    # sign up: username and password (the e-mail address is optional)
    phone.tap_and_wait("[data-role=home-signup]")
    phone.fill("input[name=username]", "laoban")
    phone.fill("input[name=password1]", PASSWORD)
    phone.fill("input[name=password2]", PASSWORD)
    phone.tap_and_wait("form.form button[type=submit]")
    assert page.url.endswith("/clubs/new/"), "sign-up opens the club wizard"

    # the wizard: 1. name  2. rules (the preset as it is)  3. players  4. first season
    phone.fill("input[name=name]", "岳麓麻将社")
    phone.tap_and_wait("[data-role=wizard-next]")
    assert page.locator("input[name=preset]:checked").count() == 1
    phone.shot("club-wizard-rules")
    phone.tap_and_wait("[data-role=wizard-next]")
    phone.fill("textarea[name=players]", "\n".join([*PLAYERS, "钱七"]))
    phone.tap_and_wait("[data-role=wizard-next]")
    phone.tap_and_wait("[data-role=wizard-next]")

    # the welcome page: the recorders' invitation, with a QR code; then the first session
    club = Club.objects.get()
    invitation = Invitation.objects.get(club=club)
    link = page.locator("[data-role=invite-link]").inner_text()
    assert link.endswith(f"/invite/{invitation.token}/")
    assert page.locator(".qr svg").count() == 1
    phone.shot("club-welcome", full_page=True)
    phone.tap_and_wait("[data-role=start-first-session]")
    page.locator("#rf-body .rf-section").first.wait_for()
    ready_steps, ready_seconds = phone.steps, time.monotonic() - started

    # the first round: 李四 wins 平胡 on 王五's discard, birds 3 and 5
    # (平胡 is the default and the preview comes by itself once the round is complete;
    # saving opens the next round's form with a banner instead of leaving the page)
    for selector in (
        '[data-role=winner][data-seat="1"]',
        '[data-role=discarder][data-seat="2"]',
        '[data-role=bird][data-bird="3"]',
        '[data-role=bird][data-bird="5"]',
    ):
        phone.tap(selector)
    page.locator("[data-role=preview]").wait_for()
    phone.tap("#rf-save")
    page.locator("[data-role=saved-text]").wait_for()
    total_steps, total_seconds = phone.steps, time.monotonic() - started

    data = {
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "discarder": 2,
            "birds": [3, 5],
        },
    }
    stored = Round.objects.get()
    assert stored.result["net"] == score_round({**data, "ruleset": "changsha-67"})["net"]
    print(
        f"\nnewcomer path: club ready to record after {ready_steps} taps and fields in "
        f"{ready_seconds:.1f} s; first round stored after {total_steps} in {total_seconds:.1f} s"
    )
    assert ready_steps <= MAX_STEPS and ready_seconds <= MAX_SECONDS
    assert total_seconds <= MAX_SECONDS


def test_a_forgotten_password_is_reset_through_the_console_email_backend(
    phone, transactional_db, settings, capfd
):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    user = get_user_model().objects.create_user("laozhang", password="an-old-password-1")
    EmailAddress.objects.create(user=user, email="zhang@example.com", primary=True, verified=True)
    page = phone.page
    new = "a-brand-new-pass-77"

    page.goto(f"{phone.base}/accounts/login/")
    phone.tap_and_wait("a[href='/accounts/password/reset/']")
    phone.fill("input[name=email]", "zhang@example.com")
    phone.tap_and_wait("form.form button[type=submit]")
    printed = capfd.readouterr().out
    link = re.search(r"http://\S+/accounts/password/reset/key/\S+/", printed)
    assert link, printed[-2000:]
    page.goto(link.group(0))
    phone.fill("input[name=password1]", new)
    phone.fill("input[name=password2]", new)
    phone.tap_and_wait("form.form button[type=submit]")
    phone.shot("password-reset-done")

    page.goto(f"{phone.base}/accounts/login/")
    phone.fill("input[name=login]", "zhang@example.com")  # by e-mail this time
    phone.fill("input[name=password]", new)
    phone.tap_and_wait("form.form button[type=submit]")
    assert page.locator(".usermenu summary").inner_text() == "laozhang"


def test_the_calculator_result_travels_by_link_to_a_fresh_browser(phone, browser, transactional_db):
    page = phone.page
    page.goto(f"{phone.base}/")
    phone.tap_and_wait("[data-role=home-calc]")
    phone.tap(".calc-settings summary")
    for i, name in enumerate(PLAYERS):
        phone.fill(f"input[name=n{i}]", name)
    phone.tap_and_wait("[data-role=calc-apply]")
    for selector in CALC_TAPS:
        phone.tap(selector)
    expected = score_round(
        {
            "ruleset": "changsha-67",
            "dealer": 0,
            "result": {
                "kind": "discard",
                "winners": [{"seat": 1, "hands": ["qingyise"]}],
                "discarder": 2,
                "birds": [2, 6],
            },
        }
    )["net"]
    # The preview runs by itself once the hand is complete; it may run more than once
    # while the taps settle, so wait (up to the timeout) for the engine's nets.
    expect(page.locator("#rf-preview [data-net]")).to_have_text([str(n) for n in expected])
    page.locator("[data-role=share-url]").wait_for()
    link = page.locator("[data-role=share-url]").inner_text()
    phone.shot("calculator", full_page=True)

    fresh = Phone(browser, phone.base)  # no cookies, no history: someone in the group chat
    try:
        fresh.page.goto(link)
        # the page's own copy, then the form's preview in its place: the same payments
        expect(fresh.page.locator("#rf-preview [data-net]")).to_have_text(
            [str(n) for n in expected]
        )
        expect(fresh.page.locator("#rf-preview .net-grid .small")).to_have_text(PLAYERS)
        fresh.page.locator("#rf-body .rf-section").first.wait_for()
        fresh.tap("#rf-preview-btn")  # the form holds the same hand
        expect(fresh.page.locator("#rf-preview [data-net]")).to_have_text(
            [str(n) for n in expected]
        )
        fresh.shot("calculator-shared", full_page=True)
    finally:
        fresh.close()
