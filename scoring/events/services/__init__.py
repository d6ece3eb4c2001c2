"""Writes of league nights: events, entrants, seating rounds, tables, penalties, one
module each, with what they share in ``common`` (used inside this package only).

Every write checks the role (organiser; starting a table: recorder), refuses bad input
with a ``ServiceErrors`` naming the field and stores nothing then, writes the audit log
in its transaction, and bumps ``Event.version`` (what the board follows).

The draw itself is pure Python (``scoring.events.seating``).
"""

from __future__ import annotations

from scoring.events.services.draws import (
    final_draw,
    round_cancel,
    round_draw,
    round_seat,
    table_swap,
)
from scoring.events.services.entrants import (
    entrant_add,
    entrant_check_in,
    entrant_drop,
    entrant_return,
    entrants_add,
)
from scoring.events.services.nights import (
    Finished,
    event_create,
    event_date_refusal,
    event_finish,
)
from scoring.events.services.penalties import (
    penalty_cancel,
    penalty_give,
)
from scoring.events.services.tables import (
    table_start,
    timer_running,
    timer_start,
)

__all__ = [
    "Finished",
    "entrant_add",
    "entrant_check_in",
    "entrant_drop",
    "entrant_return",
    "entrants_add",
    "event_create",
    "event_date_refusal",
    "event_finish",
    "final_draw",
    "penalty_cancel",
    "penalty_give",
    "round_cancel",
    "round_draw",
    "round_seat",
    "table_start",
    "table_swap",
    "timer_running",
    "timer_start",
]
