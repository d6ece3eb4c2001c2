"""Closing the night: the event's result card (its standings) and each player's (rank,
net, penalties, rounds, wins, biggest win, the club and the date) are PNGs drawn on the
server, served on the site and through the API, a sensible size, and the Chinese in them
is drawn (not empty boxes). The images go to tests/artifacts/ to be looked at. Drawing
needs a Chinese font: every test here asks for it (``cjk_font``, tests/conftest.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.urls import reverse
from PIL import Image

from scoring import services as scoring_services
from scoring.events import cards, selectors, services
from tests.api_helpers import club_url
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("cjk_font")]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture
def night(event, roster, organiser):
    """Nine entrants (two tables, a bye); both tables record two rounds; a penalty."""
    enter(event, roster[:9], organiser)
    rnd = services.round_draw(event=event, seed=7, actor=organiser)
    for table in rnd.tables.order_by("number"):
        session = services.table_start(table=table, actor=organiser)
        scoring_services.round_record(
            session=session, data=round_self_draw(table.number - 1, ["qingyise"]), actor=organiser
        )
        scoring_services.round_record(session=session, data=round_self_draw(2), actor=organiser)
    services.penalty_give(
        season=event.season, event=event, player=roster[0], amount=-10, reason="迟到",
        actor=organiser,
    )  # fmt: skip
    return event


def png(content: bytes, name: str) -> Image.Image:
    assert content.startswith(PNG_SIGNATURE)
    Image.open(io.BytesIO(content)).verify()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / name).write_bytes(content)
    return Image.open(io.BytesIO(content))


def ink(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of ``box`` are darker than the paper."""
    return sum(1 for p in image.crop(box).convert("L").tobytes() if p < 160)


def test_the_nights_card_is_a_png_of_its_standings_for_a_reader(reader, night):
    url = reverse("event-card", args=[night.season.club.slug, night.pk])

    response = reader.get(url)

    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = png(response.content, "event-card.png")
    entrants = len(selectors.event_standings(event=night))
    assert image.width == 1080
    assert 400 + 150 * entrants <= image.height <= 600 + 150 * entrants
    assert 10_000 < len(response.content) < 1_500_000


def test_the_nights_card_ranks_as_the_standings_with_rounds_wins_penalties_and_best_win(night):
    card = cards.event_card(event=night)

    standings = selectors.event_standings(event=night)
    assert [(r.name, r.total) for r in card.rows] == [
        (s.player.display_name, s.total) for s in standings
    ]
    assert len(card.rows) == 9 and "9 人" in card.subtitle  # the bye too
    assert card.title == night.season.club.name and "2025-03-07" in card.subtitle
    assert night.name in card.subtitle
    winners = [r for r in card.rows if "清一色" in r.best]
    assert len(winners) == 2
    [penalised] = [r for r in card.rows if r.name == "张三"]
    assert "罚分 -10" in penalised.best


def test_a_players_card_has_rank_net_penalties_rounds_wins_and_the_biggest_win(night, roster):
    standings = selectors.event_standings(event=night)
    best = selectors.event_best_wins(event=night)
    winner = next(
        r for r in standings if r.player.pk in best and "qingyise" in best[r.player.pk]["codes"]
    )

    card = cards.player_card(event=night, player_id=winner.player.pk)

    assert card is not None and card.name == winner.player.display_name
    assert card.rank == f"第 {winner.rank} 名 · 共 {len(standings)} 人"
    assert card.total == winner.total
    assert dict(card.facts) == {
        "得分": f"{winner.net:+d}", "罚分": "0", "盘数": str(winner.rounds), "胡牌": str(winner.wins),
    }  # fmt: skip
    win = best[winner.player.pk]
    assert card.best == f"最大一盘：第 1 轮第 {win['table']} 桌 清一色 {win['net']:+d}"
    assert card.title == night.season.club.name and card.subtitle.startswith("2025-03-07")


def test_a_players_card_is_a_square_png_whose_chinese_is_drawn(reader, night, roster):
    url = reverse("event-player-card", args=[night.season.club.slug, night.pk, roster[0].pk])

    response = reader.get(url)

    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = png(response.content, "event-player-card.png")
    assert image.size == (1080, 1080)
    # The name (张三, 72 px) is drawn where the header ends: glyphs, not an empty row.
    assert ink(image, (64, 240, 400, 330)) > 1500


def test_a_player_who_is_not_an_entrant_has_no_card(reader, night, roster):
    url = reverse("event-player-card", args=[night.season.club.slug, night.pk, roster[12].pk])

    assert reader.get(url).status_code == 404


def test_the_api_serves_both_cards_as_png_even_to_a_client_that_accepts_only_png(
    api_as, night, roster
):
    api = api_as("member")
    base = club_url(night.season.club, f"events/{night.pk}/")

    event_png = api.get(f"{base}card.png", HTTP_ACCEPT="image/png")
    player_png = api.get(f"{base}players/{roster[1].pk}/card.png")
    missing = api.get(f"{base}players/{roster[12].pk}/card.png", HTTP_ACCEPT="image/png")

    assert event_png.status_code == 200 and event_png["Content-Type"] == "image/png"
    assert event_png.content.startswith(PNG_SIGNATURE)
    assert player_png.status_code == 200 and player_png.content.startswith(PNG_SIGNATURE)
    assert missing.status_code == 404 and missing["Content-Type"] == "application/json"


def test_the_api_hides_the_cards_of_a_club_the_user_cannot_read(api_as, night):
    base = club_url(night.season.club, f"events/{night.pk}/")

    assert api_as("outsider").get(f"{base}card.png").status_code == 404
