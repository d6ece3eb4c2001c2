"""Reads of league nights: event standings, the board, the follow version.

Every selector issues a fixed number of queries, however many tables, rounds and
entrants the night has (``tests/scoring/events/test_query_counts.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Max, Q, Sum
from django.utils import timezone

from csmj_site.names import name_order
from leagues.models import Player, Season
from scoring.engine import WINDS, ValueLabel
from scoring.events.models import Entrant, Event, FinalCarry, SeatingRound, Table
from scoring.models import Round, RoundPlayer, counting_q, table_title
from scoring.selectors import best_wins, follow_version
from scoring.standings.models import Penalty, SessionResult


@dataclass(frozen=True, slots=True, kw_only=True)
class EventRow:
    """One player's night: net over the event's tables (a finalist's carried as the
    event says), penalties, and their sum, which ranks."""

    rank: int
    player: Player
    net: int
    penalties: int
    total: int
    rounds: int
    wins: int
    finalist: bool = False
    dropped: bool = False


def _carry(net: int, carry: str) -> int:
    if carry == FinalCarry.RESET:
        return 0
    if carry == FinalCarry.HALF:
        return int(net / 2)
    return net


def event_standings(*, event: Event) -> list[EventRow]:
    """Every entrant, ranked by net after penalties, then wins; entrants equal on both
    share a rank (1, 2, 2, 4) and are listed by name. A final's players rank above the
    rest, by their final net plus what they carried. Three queries."""
    entrants = list(Entrant.objects.filter(event=event).select_related("player"))
    played = (
        RoundPlayer.objects.filter(
            counting_q("round"), round__session__event_table__round__event=event
        )
        .values("player_id", "round__session__event_table__round__is_final")
        .annotate(net=Sum("net"), rounds=Count("id"), wins=Count("id", filter=Q(won=True)))
        .order_by()
    )
    pre: dict[int, dict[str, int]] = {}
    final: dict[int, int] = {}
    for row in played:
        counts = pre.setdefault(row["player_id"], {"net": 0, "rounds": 0, "wins": 0})
        counts["rounds"] += row["rounds"]
        counts["wins"] += row["wins"]
        if row["round__session__event_table__round__is_final"]:
            final[row["player_id"]] = final.get(row["player_id"], 0) + (row["net"] or 0)
        else:
            counts["net"] += row["net"] or 0
    penalties = dict(
        Penalty.objects.filter(event=event, cancelled_at__isnull=True)
        .values("player_id")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("player_id", "total")
    )
    rows = []
    for e in entrants:
        counts = pre.get(e.player_id, {"net": 0, "rounds": 0, "wins": 0})
        finalist = e.player_id in final
        net = (
            _carry(counts["net"], event.final_carry) + final[e.player_id]
            if finalist
            else counts["net"]
        )
        pen = penalties.get(e.player_id) or 0
        rows.append(
            EventRow(
                rank=0,
                player=e.player,
                net=net,
                penalties=pen,
                total=net + pen,
                rounds=counts["rounds"],
                wins=counts["wins"],
                finalist=finalist,
                dropped=e.is_dropped,
            )
        )
    rows.sort(key=lambda r: (*_rank_key(r), name_order(r.player.display_name), r.player.pk))
    ranked: list[EventRow] = []
    for i, r in enumerate(rows):
        tied = ranked and _rank_key(rows[i - 1]) == _rank_key(r)
        rank = ranked[-1].rank if tied else i + 1
        ranked.append(
            EventRow(**{**{f: getattr(r, f) for f in EventRow.__dataclass_fields__}, "rank": rank})
        )
    return ranked


def _rank_key(row: EventRow) -> tuple[bool, int, int]:
    """What ranks a night: finalists first, then the total (net after penalties), then
    wins. Rows equal on all three share a rank (1, 2, 2, 4); the name orders them only."""
    return (not row.finalist, -row.total, -row.wins)


def event_best_wins(*, event: Event) -> dict[int, dict[str, Any]]:
    """Each player's biggest win of the night, over every table (``best_wins``): by
    player id, ``{"round", "table", "number", "net", "codes"}`` (the seating round, the
    table, the hand's number at it, and its hand types). Two queries."""
    table = "round__session__event_table"
    return best_wins(
        scope=Q(**{f"{table}__round__event": event}),
        by="player_id",
        then=(f"{table}__round__number", "round_id"),
        extra={
            "round": f"{table}__round__number",
            "table": f"{table}__number",
            "number": "round__number",
        },
    )


def table_names(rnd: SeatingRound) -> list[list[str]]:
    """A round's tables as names in seat order (for the audit log). Two queries."""
    tables = list(rnd.tables.order_by("number").values_list("seats", flat=True))
    names = dict(
        Player.objects.filter(pk__in={p for t in tables for p in t}).values_list(
            "pk", "display_name"
        )
    )
    return [[names.get(p, str(p)) for p in seats] for seats in tables]


def event_list(*, season: Season) -> list[Event]:
    """The season's events, newest first, with their entrant and round counts. One query."""
    return list(
        Event.objects.filter(season=season)
        .annotate(
            entrant_count=Count("entrants", distinct=True),
            round_count=Count("seating_rounds", distinct=True),
        )
        .order_by("-date", "-id")
    )


@dataclass(slots=True, kw_only=True)
class SeatView:
    wind: ValueLabel  # the seat's wind (东 …): the engine's word, in both languages
    player_id: int
    name: str
    total: int = 0
    # dropped out while seated at this table before it started: it cannot start so
    dropped: bool = False


@dataclass(slots=True, kw_only=True)
class TableView:
    table: Table
    seats: list[SeatView]
    rounds: int = 0
    finished: bool = False

    @property
    def started(self) -> bool:
        return self.table.session_id is not None

    @property
    def blocked(self) -> bool:
        """Not started and a seat's player dropped out: someone must be swapped in (or
        the round redrawn, or the player brought back) before it can start."""
        return any(s.dropped for s in self.seats)


@dataclass(slots=True, kw_only=True)
class RoundView:
    round: SeatingRound
    tables: list[TableView] = field(default_factory=list)
    sitting_out: list[str] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return any(t.started for t in self.tables)

    @property
    def finished(self) -> bool:
        return bool(self.tables) and all(t.finished for t in self.tables)

    @property
    def timer_running(self) -> bool:
        """Whether the round's countdown is running (started, not yet at zero)."""
        ends = self.round.timer_ends_at
        return ends is not None and ends > timezone.now()


@dataclass(slots=True, kw_only=True)
class Board:
    event: Event
    rounds: list[RoundView]
    current: RoundView | None
    next: RoundView | None
    standings: list[EventRow]
    penalties: list[Penalty]
    entrants: list[Entrant]
    version: str

    @property
    def draw_number(self) -> int:
        """The round the next draw fills: the latest while none of its tables started
        (a re-draw), else the next (as ``services.round_draw`` decides)."""
        if not self.rounds:
            return 1
        latest = self.rounds[-1]
        return latest.round.number if not latest.started else latest.round.number + 1

    @property
    def redraw(self) -> bool:
        """Whether the next draw replaces the latest round's seating (重排)."""
        return bool(self.rounds) and not self.rounds[-1].started

    @property
    def final_drawn(self) -> bool:
        """Whether the final is drawn: the night's last round, so no draw follows it."""
        return any(r.round.is_final for r in self.rounds)

    @property
    def seatable(self) -> list[Entrant]:
        """The entrants a round can seat: checked in, not dropped out."""
        return [e for e in self.entrants if e.checked_in and not e.is_dropped]

    @property
    def dropped(self) -> list[Entrant]:
        """The entrants who dropped out (the organiser can bring them back)."""
        return [e for e in self.entrants if e.is_dropped]


def _round_views(
    event: Event, names: dict[int, str], dropped: frozenset[int] = frozenset()
) -> list[RoundView]:
    """Every round with its tables, live totals by seat, round counts and finished flags;
    the seats of unstarted tables whose player (of ``dropped``) dropped out are marked.
    Four queries, whatever the number of rounds and tables."""
    rounds = list(SeatingRound.objects.filter(event=event).order_by("number"))
    tables = list(Table.objects.filter(round__event=event).order_by("round__number", "number"))
    sessions = [t.session_id for t in tables if t.session_id is not None]
    totals: dict[tuple[int, int], int] = {}
    counts: dict[int, int] = {}
    for row in (
        RoundPlayer.objects.filter(counting_q("round"), round__session_id__in=sessions)
        .values("round__session_id", "seat")
        .annotate(net=Sum("net"), rounds=Count("id"))
        .order_by()
    ):
        totals[(row["round__session_id"], row["seat"])] = row["net"] or 0
        counts[row["round__session_id"]] = max(
            counts.get(row["round__session_id"], 0), row["rounds"]
        )
    finished = set(
        SessionResult.objects.filter(session_id__in=sessions).values_list("session_id", flat=True)
    )
    views = {
        r.pk: RoundView(round=r, sitting_out=[names.get(p, "?") for p in r.sitting_out])
        for r in rounds
    }
    for t in tables:
        seats = [
            SeatView(
                wind=WINDS[i],
                player_id=pid,
                name=names.get(pid, "?"),
                total=totals.get((t.session_id, i), 0) if t.session_id else 0,
                dropped=t.session_id is None and pid in dropped,
            )
            for i, pid in enumerate(t.seats)
        ]
        views[t.round_id].tables.append(
            TableView(
                table=t,
                seats=seats,
                rounds=counts.get(t.session_id or 0, 0),
                finished=t.session_id in finished,
            )
        )
    return [views[r.pk] for r in rounds]


def tables_waiting_for(*, event: Event, player_id: int) -> list[str]:
    """The night's drawn, unstarted tables where ``player_id`` sits, as 第1轮 第2桌: the
    ones that cannot start once that player drops out. One query."""
    tables = Table.objects.filter(round__event=event, session__isnull=True).select_related("round")
    return [
        table_title(round_number=t.round.number, table_number=t.number)
        for t in tables.order_by("round__number", "number")
        if player_id in t.seats
    ]


def event_version(*, event_id: int) -> str:
    """What the board follows: the event's own writes, and the rounds recorded,
    corrected or voided and the sessions finished at its tables. Three queries."""
    version = Event.objects.filter(pk=event_id).values_list("version", flat=True).first() or 0
    marks = (
        Round.objects.current()
        .filter(session__event_table__round__event_id=event_id)
        .aggregate(rows=Count("id"), last=Max("id"), voids=Count("id", filter=Q(is_void=True)))
    )
    done = SessionResult.objects.filter(session__event_table__round__event_id=event_id).count()
    rounds = follow_version(rounds=marks["rows"], last_id=marks["last"], voids=marks["voids"])
    return f"{version}-{rounds}-{done}"


def event_board(*, event: Event) -> Board:
    """Everything the event page and the board show. A fixed number of queries (twelve)."""
    entrants = list(Entrant.objects.filter(event=event).select_related("player").order_by("id"))
    names = {e.player_id: e.player.display_name for e in entrants}
    dropped = frozenset(e.player_id for e in entrants if e.is_dropped)
    rounds = _round_views(event, names, dropped)
    started = [r for r in rounds if r.started]
    current = started[-1] if started else None
    later = [r for r in rounds if not r.started]
    nxt = later[-1] if later else None
    if current is None and nxt is not None:
        current, nxt = nxt, None
    penalties = list(
        Penalty.objects.filter(event=event).select_related("player").order_by("-created_at", "-id")
    )
    return Board(
        event=event,
        rounds=rounds,
        current=current,
        next=nxt,
        standings=event_standings(event=event),
        penalties=penalties,
        entrants=entrants,
        version=event_version(event_id=event.pk),
    )


def table_of_session(*, session_ids: Iterable[int]) -> dict[int, Table]:
    """session id -> its event table (with round and event), for the recording page's
    timer. One query."""
    return {
        t.session_id: t
        for t in Table.objects.filter(session_id__in=list(session_ids)).select_related(
            "round__event"
        )
        if t.session_id is not None
    }


def event_rows_values(rows: Iterable[EventRow]) -> list[dict[str, Any]]:
    """Event standings as plain values (the API's rows)."""
    return [
        {
            "rank": r.rank,
            "player": r.player.pk,
            "player_name": r.player.display_name,
            "net": r.net,
            "penalties": r.penalties,
            "total": r.total,
            "rounds": r.rounds,
            "wins": r.wins,
            "finalist": r.finalist,
            "dropped": r.dropped,
        }
        for r in rows
    ]
