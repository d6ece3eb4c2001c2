"""Paper sessions (纸面记录): a session's final nets only, read as typed and checked."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from csmj_site.errors import reject
from leagues.audit import audit_record, audit_snapshot
from leagues.models import Player, Season
from scoring.models import Session
from scoring.services.engine_calls import ruleset_players
from scoring.services.sessions import session_start
from scoring.standings.models import SessionResult
from scoring.standings.services import ratings_session_finished, stats_session_refresh
from scoring.webhooks.tasks import webhooks_notify

# Signs a Chinese keyboard may produce in place of ASCII ones.
_SIGNS = str.maketrans({"－": "-", "−": "-", "—": "-", "＋": "+"})


def whole_number(value: Any) -> int:
    """A net as a whole number: an int, or text as typed ("+30", "－10", "３０", "- 10");
    ValueError for anything else (a bool, a float, other text). The one parser of paper
    nets: the page's form, the import lines and the API all read them through it."""
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.translate(_SIGNS).replace(" ", "").strip()
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
    raise ValueError(value)


# No table wins or loses ten million chips in one session: a bigger net is a typo.
PAPER_NET_LIMIT = 10_000_000


def paper_nets_validate(nets: Sequence[Any], *, seats: int = 4) -> list[int]:
    """One whole-number net a seat (``seats``: four, three or two), summing to zero, or
    ServiceErrors keyed "nets" (the catalogue's messages)."""
    try:
        values = [whole_number(n) for n in nets]
    except (TypeError, ValueError):
        raise reject("nets", "nets") from None
    if len(values) != seats:
        raise reject("nets", "nets", "count", players=seats)
    if any(abs(v) > PAPER_NET_LIMIT for v in values):
        raise reject("nets", "nets", "range", limit=PAPER_NET_LIMIT)
    if sum(values) != 0:
        raise reject("nets", "nets", "sum", sum=sum(values))
    return values


def paper_session_record(
    *,
    season: Season,
    players: Sequence[Player],
    nets: Sequence[int],
    actor: Any,
    started_at: datetime.datetime | None = None,
    table_label: str = "",
) -> Session:
    """Record a paper session (纸面记录): final nets only, by seat, one a player of the
    season's ruleset's table. It counts in net and sessions (and ratings), not in round or
    hand statistics."""
    values = paper_nets_validate(nets, seats=ruleset_players(config=season.ruleset.config))
    with transaction.atomic():
        session = session_start(
            season=season,
            players=players,
            first_dealer=0,
            table_label=table_label,
            started_at=started_at or timezone.now(),
            actor=actor,
        )
        result = SessionResult.objects.create(
            session=session,
            finished_by=actor if actor.is_authenticated else None,
            is_paper=True,
            paper_nets=values,
        )
        entry = audit_record(
            actor=actor,
            club=season.club,
            action="session.paper",
            obj=session,
            after=audit_snapshot(result),
        )
        webhooks_notify(entry=entry)
        # Rated just below (in place, or replayed when not the newest): no replay here.
        stats_session_refresh(session=session, rerate=False)
        ratings_session_finished(session=session)
    return session
