"""Writes for recorded play: sessions, rounds and paper sessions (merging a guest:
``scoring.merge.services``). Forms,
pages, the API and the bulk import all call these, from this package's front door.

The package's modules, from the top of its layers (``pyproject.toml``) down:

- ``rounds``: recording (``round_record``; ``round_record_at`` with the club, role and
  session read in the same query), previewing, correcting, voiding and undoing a round;
- ``paper``: paper sessions (纸面记录), final nets only;
- ``sessions``: starting, changing, finishing, reopening and deleting a session, its
  follow link;
- ``engine_calls``: the engine's calls, storing nothing (a ruleset parsed, a round scored,
  its rows);
- ``errors``: ``RoundRejected`` and the conflicts (409).
"""

from __future__ import annotations

from scoring.services.engine_calls import (
    round_calculate,
    round_data_problem,
    round_rows,
    round_score,
    ruleset_parse,
    ruleset_players,
    ruleset_resolve,
)
from scoring.services.errors import RoundConflict, RoundRejected, SessionFinished
from scoring.services.paper import (
    PAPER_NET_LIMIT,
    paper_nets_validate,
    paper_session_record,
    whole_number,
)
from scoring.services.rounds import (
    UNDO_REASON,
    Recorded,
    round_correct,
    round_preview,
    round_record,
    round_record_at,
    round_store,
    round_supersede,
    round_undo_last,
    round_void,
)
from scoring.services.sessions import (
    SESSION_FIELDS,
    SESSION_SIZES,
    season_closed_problem,
    session_delete,
    session_finish,
    session_finish_and_start,
    session_follow_link_set,
    session_reopen,
    session_start,
    session_start_problems,
    session_start_with_guests,
    session_table_fee_set,
    session_table_fee_update,
    session_update,
    table_fee_problems,
)

__all__ = [
    "PAPER_NET_LIMIT",
    "Recorded",
    "SESSION_FIELDS",
    "SESSION_SIZES",
    "UNDO_REASON",
    "RoundConflict",
    "RoundRejected",
    "SessionFinished",
    "paper_nets_validate",
    "paper_session_record",
    "round_calculate",
    "round_correct",
    "round_data_problem",
    "round_preview",
    "round_record",
    "round_record_at",
    "round_rows",
    "round_score",
    "round_store",
    "round_supersede",
    "round_undo_last",
    "round_void",
    "ruleset_parse",
    "ruleset_players",
    "ruleset_resolve",
    "session_delete",
    "session_finish",
    "session_finish_and_start",
    "session_follow_link_set",
    "session_reopen",
    "session_start",
    "season_closed_problem",
    "session_start_problems",
    "session_start_with_guests",
    "session_table_fee_set",
    "session_table_fee_update",
    "session_update",
    "table_fee_problems",
    "whole_number",
]
