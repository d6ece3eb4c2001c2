"""What an upgrade must keep: the standings, the ratings and the round results of a
database, as plain JSON values keyed by the rows' ids. ``make_fixture.py`` takes it at the
released commit (``released-expected.json``); ``test_upgrade.py`` takes it again after the
migrations to HEAD and after a rebuild. It reads only what the released code has too
(the standings selectors, the rating tables, the rounds and their transfers), so the same
file runs against both."""

from __future__ import annotations

from typing import Any

# The columns of a standings row that an upgrade keeps (StandingRow's fields).
STANDING_FIELDS = (
    "rank",
    "net",
    "penalties",
    "sessions",
    "rounds",
    "wins",
    "self_draws",
    "deal_ins",
    "big_hands",
)
RATING_FIELDS = ("club_id", "season_id", "player_id", "mu", "sigma", "ordinal", "sessions")
RATING_EVENT_FIELDS = ("club_id", "season_id", "player_id", "session_id", "mu", "sigma", "ordinal")
TRANSFER_FIELDS = (
    "payer_id",
    "payee_id",
    "payer_seat",
    "payee_seat",
    "amount",
    "event",
    "winner_seat",
)


def _plain(value: Any) -> Any:
    """Floats to 9 places (a replay on another database or platform may differ in the
    last bit); everything else as it is."""
    return round(value, 9) if isinstance(value, float) else value


def snapshot() -> dict[str, Any]:
    """The standings of every season and club, every rating and rating history row, and
    every round's stored result and transfers."""
    from leagues.models import Club, Season
    from scoring.models import Round, Transfer
    from scoring.standings.models import PlayerRating, RatingEvent
    from scoring.standings.selectors import club_leaderboard, season_standings

    def table(rows: Any) -> list[list[Any]]:
        return [
            [row.player.pk, row.player.display_name, *(getattr(row, f) for f in STANDING_FIELDS)]
            for row in rows
        ]

    standings = {f"season {s.pk}": table(season_standings(season=s)) for s in Season.objects.all()}
    standings |= {f"club {c.pk}": table(club_leaderboard(club=c)) for c in Club.objects.all()}
    ratings = sorted(
        ([_plain(v) for v in row] for row in PlayerRating.objects.values_list(*RATING_FIELDS)),
        key=repr,
    )
    rating_events = sorted(
        ([_plain(v) for v in row] for row in RatingEvent.objects.values_list(*RATING_EVENT_FIELDS)),
        key=repr,
    )
    transfers: dict[int, list[list[Any]]] = {}
    for round_id, *row in Transfer.objects.values_list("round_id", *TRANSFER_FIELDS):
        transfers.setdefault(round_id, []).append(row)
    rounds = {
        str(r.pk): {
            "session": r.session_id,
            "number": r.number,
            "version": r.version,
            "void": r.is_void,
            "result": r.result,
            "transfers": sorted(transfers.get(r.pk, []), key=repr),
        }
        for r in Round.objects.order_by("pk")
    }
    return {
        "standings": dict(sorted(standings.items())),
        "ratings": ratings,
        "rating_events": rating_events,
        "rounds": rounds,
    }
