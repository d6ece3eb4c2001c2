"""A round's page on a 360 px phone: its payments table (who pays whom, the amount, the
arithmetic) fits the card, in Chinese and in English, so neither the page nor the table
scrolls sideways; the event goes under the names and the arithmetic wraps at its spaces.
The round is an opening win (四喜) then a self-draw: six payments, the widest arithmetic.
Screenshots: tests/artifacts/round-payments-*-360x780.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, ROUNDS
from tests.browser.test_table import log_in_and_start

pytestmark = [pytest.mark.browser]

WIDTH = 360

PAYMENTS = """() => {
  const wrap = document.querySelector('.card .table-wrap');
  const table = wrap.querySelector('table');
  const card = wrap.closest('.card').getBoundingClientRect();
  const right = el => el.getBoundingClientRect().right;
  const lines = node => { const r = document.createRange(); r.selectNodeContents(node);
    return new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size; };
  return {
    page: document.documentElement.scrollWidth,
    card: card.right,
    table: right(table),
    scroll: wrap.scrollWidth - wrap.clientWidth,
    cells: Array.from(table.querySelectorAll('th, td')).map(right),
    rows: table.querySelectorAll('tbody tr').length,
    // the lines an amount and a "payer → payee" take (two names of two characters fit one)
    amounts: Array.from(table.querySelectorAll('tbody td:nth-child(2)')).map(lines),
    names: Array.from(table.querySelectorAll('tbody td:first-child')).map(td => lines(td.firstChild)),
  };
}"""


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_rounds_payments_table_fits_a_360_px_phone(page, league, language):
    from django.contrib.auth import get_user_model

    from scoring import services

    session = log_in_and_start(page, league)
    recorder = get_user_model().objects.get(username="jilu")
    opening_then_self_draw = ROUNDS[3]
    services.round_record(
        session=session, data={"dealer": 0, **opening_then_self_draw}, actor=recorder
    )

    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])
    page.set_viewport_size({"width": WIDTH, "height": 780})
    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/rounds/1/")
    m = page.evaluate(PAYMENTS)
    page.screenshot(path=str(ARTIFACTS / f"round-payments-{language}-360x780.png"), full_page=True)

    assert m["rows"] == 6
    assert m["page"] <= WIDTH  # the page does not scroll sideways
    assert m["scroll"] <= 0  # nor does the table: all of it is on the screen
    assert m["table"] <= m["card"], m  # inside its card
    assert max(m["cells"]) <= m["card"], m
    assert m["amounts"] == [1] * 6  # a figure is never broken
    assert m["names"] == [1] * 6  # nor 张三 → 王五
