"""A night's biggest round of a player (its cards) is the session's rule
(``scoring.selectors.biggest_rounds``): the round of the player's largest net, named by
the 起手胡 that paid the player there even when another player won the hand."""

from __future__ import annotations

import pytest

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.events import cards, selectors, services
from tests.scoring.events.conftest import enter
from tests.scoring.test_biggest_round import WANG, opening_then_someone_elses_win, wang_wins_small

pytestmark = pytest.mark.django_db


def test_a_players_biggest_round_of_the_night_is_their_opening_win(event, roster, organiser):
    enter(event, roster[:4], organiser)
    table = services.round_draw(event=event, seed=5, actor=organiser).tables.get()
    session = services.table_start(table=table, actor=organiser)
    for data in (wang_wins_small(), opening_then_someone_elses_win(2)):
        scoring_services.round_record(session=session, data=data, actor=organiser)
    player = session.seats.get(seat=WANG).player

    best = selectors.event_best_wins(event=event)[player.pk]
    card = cards.player_card(event=event, player_id=player.pk)

    assert best == {"round": 1, "table": table.number, "number": 2, "net": 17, "codes": ["sixi"]}
    assert {k: best[k] for k in ("number", "net", "codes")} == (
        scoring_selectors.session_best_wins(session=session)[WANG]
    )
    assert card is not None
    assert card.best == f"最大一盘：第 1 轮第 {table.number} 桌 四喜 +17"
