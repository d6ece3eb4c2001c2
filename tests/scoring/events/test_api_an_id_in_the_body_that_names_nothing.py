"""An id in a request's body that names nothing here (a round the night has not drawn, a
table it has not, a player who did not enter) is the body's mistake: a 400 on that
field, with the code the night's services give the same refusal (``round_unknown``,
``table_unknown``, ``not_an_entrant``), not a 404, which an app reads as the night
itself being gone. Nothing changes."""

from __future__ import annotations

import pytest

from scoring.events.models import Entrant
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def _post(api, event, action, body):
    return api.post(
        club_url(event.season.club, f"events/{event.pk}/{action}/"), body, format="json"
    )


def test_a_player_who_did_not_enter_is_named_on_player(api_as, drawn, roster):
    api = api_as("organiser")

    dropped = _post(api, drawn, "drop", {"player": roster[9].pk})
    checked = _post(api, drawn, "check-in", {"player": 99999})

    assert (dropped.status_code, codes(dropped)) == (400, [("player", "not_an_entrant")])
    assert dropped.json()["errors"][0]["message"] == (
        f"{roster[9].display_name} is not an entrant of this event"
    )
    assert (checked.status_code, codes(checked)) == (400, [("player", "not_an_entrant")])
    assert not Entrant.objects.filter(event=drawn, dropped_after_round__isnull=False).exists()


def test_a_round_or_table_the_night_has_not_is_named_on_its_field(api_as, drawn):
    api = api_as("organiser")

    no_round = _post(api, drawn, "start-table", {"round": 9, "table": 1})
    no_table = _post(api, drawn, "start-table", {"round": 1, "table": 99})

    cancel = _post(api, drawn, "cancel-round", {"round": 9})
    assert (no_round.status_code, codes(no_round)) == (400, [("round", "round_unknown")])
    assert no_round.json()["errors"][0]["message"] == "This event has no round 9"
    assert codes(cancel) == [("round", "round_unknown")]  # the service's own, the same
    assert (no_table.status_code, codes(no_table)) == (400, [("table", "table_unknown")])
    assert no_table.json()["errors"][0]["message"] == "Round 1 of this event has no table 99"
    assert drawn.season.sessions.count() == 0


def test_the_nights_final_and_finish_take_no_body_keys(api_as, drawn):
    api = api_as("organiser")

    final = _post(api, drawn, "final", {"top": 4})
    finish = _post(api, drawn, "finish", {"force": True})

    assert (final.status_code, codes(final)) == (400, [("top", "unknown_field")])
    assert (finish.status_code, codes(finish)) == (400, [("force", "unknown_field")])
    drawn.refresh_from_db()
    assert drawn.finished_at is None and drawn.seating_rounds.count() == 1
