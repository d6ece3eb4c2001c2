"""A recorder at the table, in a real browser (Debian's headless Chromium via Playwright).

Logs in, starts a session through the type-ahead form, records nine rounds by tapping
through the round form (a 通炮, a 海底 win, an opening win, a draw, an escape, tiles
through the tile picker), corrects one, and checks that the session totals and the
season standings on the pages equal the engine's results for the same rounds; then
finishes the session, enters a 纸面记录 (paper session) through its form and checks that
the standings' net and sessions include it (its rounds do not), and that the player's
chart draws the rating line next to the chips.
Screenshots at phone size go to tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import score_round

pytestmark = [pytest.mark.browser]

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {"width": 390, "height": 844}
PASSWORD = "table-side-pass-1"
RULESET = {"preset": "changsha-67", "escape_penalty": 10}
NAMES = ["张三", "李四", "王五", "赵六"]


# ---------------------------------------------------------------- the rounds, as data


def win(kind, winners, *, birds=None, discarder=None, haidi=None):
    result: dict[str, Any] = {"kind": kind, "winners": winners}
    if discarder is not None:
        result["discarder"] = discarder
    if birds is not None:
        result["birds"] = birds
    if haidi is not None:
        result["haidi"] = haidi
    return result


ROUNDS: list[dict[str, Any]] = [
    # 1. the dealer self-draws a plain win
    {"result": win("self_draw", [{"seat": 0, "hands": ["pinghu"]}], birds=[5, 9])},
    # 2. 李四 wins a full flush on 王五's discard (corrected below)
    {"result": win("discard", [{"seat": 1, "hands": ["qingyise"]}], birds=[2, 3], discarder=2)},
    # 3. 通炮: 王五 and 赵六 both win on 李四's discard
    {
        "result": win(
            "discard",
            [{"seat": 2, "hands": ["pinghu"]}, {"seat": 3, "hands": ["pengpenghu"]}],
            birds=[4, 6],
            discarder=1,
        )
    },
    # 4. an opening win (四喜, dice birds), then 赵六 self-draws
    {
        "openings": [{"seat": 2, "hands": ["sixi"], "birds": [3, 5]}],
        "result": win("self_draw", [{"seat": 3, "hands": ["pinghu"]}], birds=[1, 1]),
    },
    # 5. 海底捞月: 张三 takes the last tile, 7万, and wins; the birds are its rank
    {
        "result": win(
            "self_draw",
            [{"seat": 0, "hands": ["haidilaoyue"]}],
            birds=[7, 7],
            haidi={"tile": "7m", "taker": 0, "first_offered": 0, "replaced_by": None},
        )
    },
    # 6. a draw: 王五 took the 海底 and deals next
    {
        "result": win(
            "draw", [], haidi={"tile": None, "taker": 2, "first_offered": 2, "replaced_by": None}
        )
    },
    # 7. 张三 wins on 赵六's discard while 李四 ran away (escape penalty, burned)
    {
        "result": win("discard", [{"seat": 0, "hands": ["pinghu"]}], birds=[8, 9], discarder=3),
        "penalties": [{"seat": 1, "kind": "escape"}],
    },
    # 8. 李四 self-draws seven pairs of one suit, entered through the tile picker
    {
        "result": win(
            "self_draw",
            [
                {
                    "seat": 1,
                    "hands": ["qingyise", "qixiaodui"],
                    "tiles": "11223344556677s",
                    "melds": [],
                    "win_tile": "7s",
                }
            ],
            birds=[2, 2],
        )
    },
    # 9. a big discard win, the last one
    {"result": win("discard", [{"seat": 2, "hands": ["pengpenghu"]}], birds=[6, 1], discarder=0)},
]
CORRECTION = (2, [1, 5])  # round 2's birds were 1 and 5, not 2 and 3
PAPER = [("钱七", 40), ("李四", -25), ("老赵", 5), ("张三", -20)]  # a 纸面记录, by seat


def with_dealers(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each round with the dealer the form pre-fills: the previous round's next dealer."""
    out, dealer = [], 0
    for data in rounds:
        full = {"dealer": dealer, **data}
        out.append(full)
        dealer = score_round({**full, "ruleset": RULESET})["next_dealer"]
    return out


# ---------------------------------------------------------------- driving the form


def tap(page, selector: str) -> None:
    """A tap once the form has stopped redrawing by itself: a preview that lands
    mid-click would redraw the buttons under the pointer (a hand looks first)."""
    page.wait_for_function("() => !window.csmjRoundForm || window.csmjRoundForm.idle()")
    page.locator(selector).first.click()


def enter_round(page, data: dict[str, Any]) -> None:
    """Tap the round into the form, as a recorder would."""
    assert (
        page.locator(f'[data-role=dealer][data-seat="{data["dealer"]}"]').get_attribute(
            "aria-pressed"
        )
        == "true"
    ), "the dealer should be pre-filled from the previous round"
    for i, o in enumerate(data.get("openings", [])):
        tap(page, "[data-role=opening-add]")
        scope = f'[data-fields="openings.{i}"]'
        tap(page, f'{scope} [data-role=opening-seat][data-seat="{o["seat"]}"]')
        for code in o["hands"]:
            tap(page, f"{scope} [data-hand={code}]")
        tap_birds(page, o["birds"], "opening-bird", scope)
    result = data["result"]
    tap(page, f"[data-kind={result['kind']}]")
    for w in result["winners"]:
        tap(page, f'[data-role=winner][data-seat="{w["seat"]}"]')
    if result.get("discarder") is not None:
        tap(page, f'[data-role=discarder][data-seat="{result["discarder"]}"]')
    for w in result["winners"]:
        scope = f'[data-winner="{w["seat"]}"]'
        if w.get("tiles"):
            pick_tiles(page, scope, w["tiles"])
            for code in w["hands"]:  # the analysis filled these in
                chip = page.locator(f"{scope} [data-hand={code}]")
                assert chip.get_attribute("aria-pressed") == "true", code
        else:
            for code in w["hands"]:
                chip = page.locator(f"{scope} [data-hand={code}]")
                if chip.get_attribute("aria-pressed") != "true":  # 平胡 is the default
                    chip.click()
    haidi = result.get("haidi")
    if result["kind"] == "draw":
        tap(page, f'[data-role=haidi-first][data-seat="{haidi["first_offered"]}"]')
        tap(page, f'[data-role=haidi-taker][data-seat="{haidi["taker"]}"]')
    elif haidi:
        tap(page, "[data-role=haidi-tile]")
        tap(page, f'#tile-picker [data-tile="{haidi["tile"]}"]')  # one tile: the picker closes
    elif result["kind"] != "draw":
        tap_birds(page, result["birds"], "bird")
    if data.get("penalties"):
        tap(page, "#rf-extras summary")
        for p in data["penalties"]:
            tap(page, f'[data-role=escape][data-seat="{p["seat"]}"]')


def tap_birds(page, birds: list[int], role: str, scope: str = "") -> None:
    """Each bird is one tap on its number: the same number again is a repeat."""
    for b in birds:
        tap(page, f'{scope} [data-role={role}][data-bird="{b}"]')


def pick_tiles(page, scope: str, tiles: str) -> None:
    tap(page, f"{scope} [data-role=winner-tiles]")
    for t in split_tiles(tiles):
        tap(page, f'#tile-picker [data-tile="{t}"]')
    tap(page, "[data-role=picker-done]")
    page.locator(f"{scope} .analysis-note.ok").wait_for()


def split_tiles(notation: str) -> list[str]:
    """ "1122s" -> ["1s", "1s", "2s", "2s"]"""
    return [d + suit for digits, suit in re.findall(r"(\d+)([msp])", notation) for d in digits]


def preview_and_save(page, expected_net: list[int], *, number: int | None = None) -> None:
    """The preview (it comes by itself once the round is complete) shows the engine's
    nets; 保存 stores the round and opens the next one's form with a banner, or (a
    correction) goes back to the session page."""
    page.locator("[data-role=preview]").wait_for()
    shown = [int(x) for x in page.locator("[data-role=preview] [data-net]").all_inner_texts()]
    assert shown == expected_net
    if number is None:
        with page.expect_navigation():
            tap(page, "#rf-save")
        return
    tap(page, "#rf-save")
    page.locator("[data-role=saved-text]", has_text=f"第 {number} 盘已保存").wait_for()


def test_a_recorder_records_a_session_and_the_pages_agree_with_the_engine(page, league):
    from scoring.models import Round, Session

    base = page.base
    season = league["season"]
    ARTIFACTS.mkdir(exist_ok=True)

    # 1. log in
    page.goto(f"{base}/accounts/login/?next=/c/yuelu/")
    page.fill("input[name=login]", "jilu")  # allauth: username or e-mail
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        tap(page, "form.form button[type=submit]")
    assert page.url.endswith("/c/yuelu/")

    # 2. start a session: type-ahead names (an alias too), seats in turn order, first dealer
    tap(page, "text=开一场")
    for i, name in enumerate(["张三", "李四", "王五", "老赵"]):
        page.fill(f"input[name=seat_{i}]", name)
    page.check("input[name=first_dealer][value='0']")
    with page.expect_navigation():
        tap(page, "form.form button[type=submit]")
    session = Session.objects.get()
    assert [p.display_name for p in session.players_in_order()] == NAMES

    # 3. record the rounds through the real form
    rounds = with_dealers(ROUNDS)
    for n, data in enumerate(rounds, start=1):
        # after a save the next round's blank form is already open
        page.locator("[data-role=rf-number]", has_text=f"第 {n} 盘").wait_for()
        page.locator("#rf-body .rf-section").first.wait_for()
        enter_round(page, data)
        if n == 3:
            page.screenshot(path=str(ARTIFACTS / "round-form-tongpao-390x844.png"))
        preview_and_save(page, score_round({**data, "ruleset": RULESET})["net"], number=n)
        assert Round.objects.filter(session=session, is_current=True).count() == n

    # ... and a correction of round 2, from its history page
    number, birds = CORRECTION
    page.goto(f"{base}/c/yuelu/sessions/{session.pk}/rounds/{number}/")
    tap(page, "[data-role=correct]")
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, "[data-role=bird-clear]")
    for b in birds:
        tap(page, f'[data-role=bird][data-bird="{b}"]')
    corrected = {**rounds[number - 1]}
    corrected["result"] = {**corrected["result"], "birds": birds}
    preview_and_save(page, score_round({**corrected, "ruleset": RULESET})["net"])
    rounds[number - 1] = corrected
    assert Round.objects.filter(session=session, number=number).count() == 2

    # 4. the pages show the engine's totals for the same rounds
    expected = [0, 0, 0, 0]
    for data in rounds:
        for seat, n in enumerate(score_round({**data, "ruleset": RULESET})["net"]):
            expected[seat] += n
    page.goto(f"{base}/c/yuelu/sessions/{session.pk}/")
    totals = [
        int(page.locator(f'#totals [data-seat="{s}"] [data-total]').inner_text()) for s in range(4)
    ]
    assert totals == expected
    assert page.locator("table.rounds tbody tr").count() == len(rounds)
    page.screenshot(path=str(ARTIFACTS / "session-390x844.png"), full_page=True)

    page.goto(f"{base}/c/yuelu/seasons/{season.pk}/")
    shown = {
        row.get_attribute("data-player"): int(row.locator("[data-col=net]").inner_text())
        for row in page.locator("table.standings tbody tr").all()
    }
    assert shown == dict(zip(NAMES, expected, strict=True))
    page.screenshot(path=str(ARTIFACTS / "standings-390x844.png"), full_page=True)

    # 5. 结束本场 (the session is rated), then a 纸面记录 from last week's paper sheet
    page.goto(f"{base}/c/yuelu/sessions/{session.pk}/")
    with page.expect_navigation():
        tap(page, "[data-role=finish]")
    page.goto(f"{base}/c/yuelu/seasons/{season.pk}/")
    with page.expect_navigation():
        tap(page, "[data-role=paper]")
    for i, (name, net) in enumerate(PAPER):
        page.fill(f"input[name=player_{i}]", name)
        page.fill(f"input[name=net_{i}]", str(abs(net)))
        if net < 0:
            tap(page, f'button[data-sign-for="id_net_{i}"]')  # phone pads have no minus key
    page.fill("input[name=started_at]", "2025-09-20T20:00")
    page.locator("#paper-sum.pos").wait_for()  # the running sum says 0
    page.screenshot(path=str(ARTIFACTS / "paper-session-390x844.png"), full_page=True)
    with page.expect_navigation():
        tap(page, "#paper-form button[type=submit]")
    assert page.locator("[data-role=paper]").count() == 1  # the session page says 纸面记录
    paper = dict(PAPER)
    paper["赵六"] = paper.pop("老赵")

    page.goto(f"{base}/c/yuelu/seasons/{season.pk}/")
    rows = {
        row.get_attribute("data-player"): (
            int(row.locator("[data-col=net]").inner_text()),
            int(row.locator("[data-col=sessions]").inner_text()),
            int(row.locator("[data-col=rounds]").inner_text()),
        )
        for row in page.locator("table.standings tbody tr").all()
    }
    for name, net in zip(NAMES, expected, strict=True):
        played = name in paper
        assert rows[name] == (net + paper.get(name, 0), 1 + played, len(rounds)), name
    assert rows["钱七"] == (paper["钱七"], 1, 0)

    player = session.players_in_order()[1]
    page.goto(f"{base}/c/yuelu/players/{player.pk}/")
    page.locator("#chips-chart").wait_for()
    page.wait_for_function("window.Chart && Object.keys(Chart.instances).length > 0")
    assert int(page.locator("[data-stat=net]").inner_text()) == expected[1] + paper["李四"]
    lines = page.evaluate("Object.values(Chart.instances)[0].data.datasets.length")
    assert lines == 2  # chips and rating
    assert page.locator("[data-stat=rating]").inner_text() != "–"
    page.screenshot(path=str(ARTIFACTS / "player-390x844.png"), full_page=True)


def test_the_recording_form_at_phone_size_is_saved_as_a_screenshot(page, league):
    """5. the form as a recorder sees it, mid-round, at 390×844."""
    from django.contrib.auth import get_user_model

    from scoring import services

    season = league["season"]
    recorder = get_user_model().objects.get(username="jilu")
    players = list(season.club.players.filter(display_name__in=NAMES))
    players.sort(key=lambda p: NAMES.index(p.display_name))
    session = services.session_start(season=season, players=players, first_dealer=0, actor=recorder)
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "jilu")  # allauth: username or e-mail
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        tap(page, "form.form button[type=submit]")
    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/rounds/new/")
    tap(page, "[data-kind=discard]")
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-winner="1"] [data-hand=qingyise]')
    tap(page, '[data-role=bird][data-bird="3"]')
    page.evaluate("window.scrollTo(0, 0)")
    path = ARTIFACTS / "round-form-390x844.png"
    ARTIFACTS.mkdir(exist_ok=True)

    page.screenshot(path=str(path))

    assert path.stat().st_size > 10_000


def test_a_paper_sheet_with_mistakes_is_explained_next_to_its_fields(page, league, tmp_path):
    """6. 纸面记录 refusals at phone size: the form's errors by field, a CSV's by line."""
    from scoring.models import Session

    season = league["season"]
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "jilu")  # allauth: username or e-mail
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        tap(page, "form.form button[type=submit]")
    page.goto(f"{page.base}/c/yuelu/seasons/{season.pk}/paper/")
    for i, (name, net) in enumerate(
        [("张三", "30"), ("老王", "-10"), ("王五", "-5"), ("赵六", "-10")]
    ):
        page.fill(f"input[name=player_{i}]", name)
        page.fill(f"input[name=net_{i}]", net)
    assert "+5" in page.locator("#paper-sum.neg").inner_text()  # seen before saving
    with page.expect_navigation():
        tap(page, "#paper-form button[type=submit]")
    assert "老王" in page.locator('[data-errors="player_1"]').inner_text()
    assert "+5" in page.locator('[data-errors="nets"]').inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "paper-session-errors-390x844.png"), full_page=True)

    sheet = tmp_path / "paper.csv"
    sheet.write_text(
        "date,table,player1,player2,player3,player4,net1,net2,net3,net4\n"
        "2025-09-20,,张三,李四,王五,赵六,30,-10,-5,-15\n"
        "2025-09-21,,张三,老王,王五,赵六,30,-10,-5,-10\n"
        "20250922,,钱七,孙八,张三,张三,x,0,0,0\n",
        encoding="utf-8",
    )
    page.set_input_files("input[name=file]", str(sheet))
    with page.expect_navigation():
        tap(page, "#upload button[type=submit]")
    assert page.locator(".row-errors li").count() == 2
    page.locator("#upload").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "paper-csv-errors-390x844.png"), full_page=True)
    assert not Session.objects.exists()
