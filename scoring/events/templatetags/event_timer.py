"""``{% event_timer session %}``: the round's countdown on the recording page of a league
night's table (nothing for any other session). One query."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.events.selectors import table_of_session

register = template.Library()


@register.inclusion_tag("events/_timer.html")
def event_timer(session: Any) -> dict[str, Any]:
    table = table_of_session(session_ids=[session.pk]).get(session.pk)
    if table is None:
        return {"rnd": None}
    return {"rnd": table.round, "event": table.round.event}
