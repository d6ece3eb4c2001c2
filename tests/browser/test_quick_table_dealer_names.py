"""开一桌 on a phone: each first-dealer choice names the player typed for its seat
(1号位 · 张伟), as names are typed or changed; a seat left blank shows its number alone.
Screenshot: tests/artifacts/quick-new-dealer-names.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def dealer_labels(page):
    return [
        page.locator(f'label:has(input[name="first_dealer"][value="{i}"])').inner_text().strip()
        for i in range(4)
    ]


def test_each_first_dealer_choice_names_the_player_typed_for_its_seat(page):
    page.goto(f"{page.base}/t/new/")
    plain = dealer_labels(page)

    page.fill('[name="seat_0"]', "张伟")
    page.fill('[name="seat_2"]', "李娜")
    page.screenshot(path=str(ARTIFACTS / "quick-new-dealer-names.png"), full_page=True)
    named = dealer_labels(page)
    page.fill('[name="seat_0"]', "")
    cleared = dealer_labels(page)

    assert named == [f"{plain[0]} · 张伟", plain[1], f"{plain[2]} · 李娜", plain[3]]
    assert cleared[0] == plain[0]
