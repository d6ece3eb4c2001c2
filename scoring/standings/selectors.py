"""Reads of standings, player statistics and ratings.

Every selector issues a fixed number of queries, however many rounds are stored:
standings read one row per player (``PlayerSeasonStat`` / ``PlayerClubStat``); a date range sums the per-session
rows instead (``PlayerSessionStat``, eight times fewer rows than the rounds' seats).

About 600 lines as one job: the standings, player statistics and ratings share their
row shapes (``StandingRow``, ``PlayerStats``) and the standings' order (``ranked_rows``).
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connections, router
from django.db.models import Count, DateTimeField, Max, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy

from csmj_site.names import name_order
from leagues.audit import AuditEntry
from leagues.models import Club, Player, Season, name_for_reader
from scoring.engine import HAND_TYPES, KONG_KINDS
from scoring.models import (
    KONG_FED,
    MAX_SEATS,
    Round,
    RoundHand,
    RoundKong,
    SessionSeat,
)
from scoring.selectors import (
    kong_kinds,
    round_data_filled,
    round_hand_codes,
    round_needs_codes,
)
from scoring.standings.cells import formula_safe
from scoring.standings.models import (
    STAT_FIELDS,
    Penalty,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
)
from scoring.standings.rounding import fixed
from scoring.sync.selectors import settle_seconds

# ---------------------------------------------------------------- standings


@dataclass(frozen=True, slots=True, kw_only=True)
class Totals:
    net: int
    sessions: int
    rounds: int
    wins: int
    self_draws: int
    deal_ins: int
    big_hands: int
    win_rate: float  # wins / rounds, 0..1
    avg_per_round: float  # net / rounds


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow(Totals):
    rank: int
    player: Player
    # Penalties and bonuses of the season (the standings' Penalty, cancelled ones left
    # out): outside zero-sum, their own column; ``net + penalties`` is what ranks.
    penalties: int = 0

    @property
    def total(self) -> int:
        """合计: the net after the season's penalties, what ranks."""
        return self.net + self.penalties


# order key -> (sort key on a row, natural direction is descending)
STANDINGS_ORDERS: dict[str, tuple[Any, bool]] = {
    "total": (lambda r: r.net + r.penalties, True),  # 合计, the official order's first key
    "net": (lambda r: r.net, True),
    "penalties": (lambda r: r.penalties, True),
    "avg_per_round": (lambda r: r.avg_per_round, True),
    "wins": (lambda r: r.wins, True),
    "win_rate": (lambda r: r.win_rate, True),
    "rounds": (lambda r: r.rounds, True),
    "sessions": (lambda r: r.sessions, True),
    "self_draws": (lambda r: r.self_draws, True),
    "deal_ins": (lambda r: r.deal_ins, True),
    "big_hands": (lambda r: r.big_hands, True),
    "player": (lambda r: name_order(r.player.display_name), False),
    "rank": (lambda r: r.rank, False),
}
DEFAULT_ORDER = "total"


def _standing_key(row: StandingRow) -> tuple[int, float, int]:
    """Official order: 合计 (the net after penalties), then average per round, then wins
    (all descending)."""
    return (-(row.net + row.penalties), -row.avg_per_round, -row.wins)


def totals_values(c: Mapping[str, Any]) -> dict[str, Any]:
    """The ``Totals`` fields from a player's counts (``net``, ``round_net``, ``sessions``,
    ``rounds``, ``wins``, ``self_draws``, ``deal_ins``, ``big_hands``). Paper sessions
    add to net but have no rounds: the average per round is over ``round_net``."""
    rounds = c["rounds"]
    return {
        "net": c["net"],
        "sessions": c["sessions"],
        "rounds": rounds,
        "wins": c["wins"],
        "self_draws": c["self_draws"],
        "deal_ins": c["deal_ins"],
        "big_hands": c["big_hands"],
        "win_rate": c["wins"] / rounds if rounds else 0.0,
        "avg_per_round": c["round_net"] / rounds if rounds else 0.0,
    }


def ranked_rows(rows: Iterable[StandingRow], order: str) -> list[StandingRow]:
    """Rank by the official order (full ties share a rank), then sort by ``order``."""
    official = sorted(
        rows, key=lambda r: (*_standing_key(r), name_order(r.player.display_name), r.player.pk)
    )
    ranked: list[StandingRow] = []
    for i, row in enumerate(official):
        if ranked and _standing_key(ranked[-1]) == _standing_key(row):
            rank = ranked[-1].rank
        else:
            rank = i + 1
        ranked.append(dataclasses.replace(row, rank=rank))
    return _sorted(ranked, order)


def _sorted(rows: list[StandingRow], order: str) -> list[StandingRow]:
    """Sort by a column; "-col" reverses its natural direction. Ties keep the official order."""
    reverse = order.startswith("-")
    name = order.lstrip("-")
    if name not in STANDINGS_ORDERS:
        name, reverse = DEFAULT_ORDER, False
    key, descending = STANDINGS_ORDERS[name]
    # rows are in official order; Python's sort is stable, so ties keep it.
    return sorted(rows, key=key, reverse=descending != reverse)


def season_standings(
    *,
    season: Season,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    order: str = DEFAULT_ORDER,
) -> list[StandingRow]:
    """Season standings. ``order`` is a key of STANDINGS_ORDERS, optionally "-"-prefixed to
    reverse it; an unknown order falls back to "total" (合计). Read from the materialised tables
    (``stats_standings``): one query, two with a date range."""
    return stats_standings(season=season, date_from=date_from, date_to=date_to, order=order)


def club_leaderboard(
    *,
    club: Club,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    order: str = DEFAULT_ORDER,
) -> list[StandingRow]:
    """All-time standings over every season of the club, from the materialised tables."""
    return stats_standings(club=club, date_from=date_from, date_to=date_to, order=order)


STANDINGS_CSV_HEADER = [
    "rank",
    "player",
    "net",
    "penalties",
    "total",
    "sessions",
    "rounds",
    "wins",
    "self_draws",
    "deal_ins",
    "big_hands",
    "win_rate",
    "avg_per_round",
]


def standings_csv_rows(*, rows: Iterable[StandingRow]) -> list[list[str | int]]:
    """Rows for a CSV export (header first); rates as fixed-point strings."""
    out: list[list[str | int]] = [list(STANDINGS_CSV_HEADER)]
    for r in rows:
        out.append(
            [
                r.rank,
                formula_safe(r.player.display_name),
                r.net,
                r.penalties,
                r.total,
                r.sessions,
                r.rounds,
                r.wins,
                r.self_draws,
                r.deal_ins,
                r.big_hands,
                fixed(r.win_rate, 4),
                fixed(r.avg_per_round, 2),
            ]
        )
    return out


# ---------------------------------------------------------------- players


@dataclass(frozen=True, slots=True)
class HandCount:
    code: str
    name_zh: str
    name_en: str
    is_big: bool
    is_opening: bool
    count: int


@dataclass(frozen=True, slots=True)
class KongCount:
    """How many kongs of one kind a player made (``an`` 暗杠, ``jia`` 加杠, ``ming`` 放杠:
    the kong on another's discard counts for the seat that made it), or fed (``fed``
    点杠: another seat's 放杠 on this player's discard), with its word in the page's
    language."""

    kind: str
    name: str
    count: int


# The kongs a player fed: the discarder's side of a 放杠 (the kinds' words are the engine's).
KONG_FED_WORD = gettext_lazy("点杠")


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats(Totals):
    player: Player
    season: Season | None
    opening_wins: int
    birds_hit: int
    hand_counts: list[HandCount] = field(default_factory=list)
    kong_counts: list[KongCount] = field(default_factory=list)


class ChipPoint(NamedTuple):
    at: datetime.datetime  # the session's start
    cumulative: int  # net chips after that session


def player_stats(*, player: Player, season: Season | None = None) -> PlayerStats:
    """Totals (materialised: paper sessions count in net and sessions), hand-type counts
    (occurrences), kongs (``player_kongs``) and birds hit for a player, in a season or all
    seasons. Three queries."""
    if season is not None:
        row: Any = PlayerSeasonStat.objects.filter(player=player, season=season).first()
    else:
        row = PlayerClubStat.objects.filter(player=player, club_id=player.club_id).first()
    counts = row.counts() if row is not None else dict.fromkeys(STAT_FIELDS, 0)
    scope = Q(player=player)
    if season is not None:
        scope &= Q(round__session__season=season)
    hands = (  # the rows of counted rounds (scoring.models COUNTED_ROWS_NOTE)
        RoundHand.objects.filter(scope, counted=True)
        .values("code")
        .annotate(n=Count("*"))
        .order_by()
    )
    return PlayerStats(
        player=player,
        season=season,
        **totals_values(counts),
        opening_wins=counts["opening_wins"],
        birds_hit=counts["birds_hit"],
        hand_counts=hand_counts_listed({h["code"]: h["n"] for h in hands}),
        kong_counts=player_kongs(scope=scope),
    )


def player_kongs(*, scope: Q) -> list[KongCount]:
    """The player's kongs over the counted rounds in ``scope`` (a filter on the player and
    the round, as on RoundHand; ``counted`` is added), by kind, from the RoundKong rows derived when each
    round was stored: 暗杠, 加杠 and 放杠 the player made, and 点杠 (``fed``) the 放杠 made on
    the player's discard; every kind listed, zeros too. Counted at every table size and
    under every ruleset (a kong is recorded even where ``kong_pay`` is off). One query."""
    counts = dict.fromkeys([*KONG_KINDS, KONG_FED], 0)
    rows = (
        RoundKong.objects.filter(scope, counted=True)
        .values("kind")
        .annotate(n=Count("*"))
        .order_by()
    )
    for row in rows:
        if row["kind"] in counts:
            counts[row["kind"]] = row["n"]
    words = kong_words()
    return [KongCount(kind, words[kind], n) for kind, n in counts.items()]


def kong_words() -> dict[str, str]:
    """Each kind of kong a player page counts, 点杠 (``fed``) too, in the page's language."""
    return {**kong_kinds(), KONG_FED: str(KONG_FED_WORD)}


def kong_counts_in_page_language(counts: Iterable[KongCount]) -> list[KongCount]:
    """Kong counts named again in the page's language (counts kept in a cache were named
    in the language of the page that computed them)."""
    words = kong_words()
    return [dataclasses.replace(k, name=words.get(k.kind, k.name)) for k in counts]


def hand_counts_listed(counts: dict[str, int]) -> list[HandCount]:
    """Most frequent first; ties in catalogue order. Unknown codes are kept, unnamed."""
    catalogue = list(HAND_TYPES)
    out = []
    for code, n in counts.items():
        ht = HAND_TYPES.get(code)
        out.append(
            HandCount(
                code=code,
                name_zh=ht.name_zh if ht else code,
                name_en=ht.name_en if ht else code,
                is_big=bool(ht and ht.is_big),
                is_opening=bool(ht and ht.is_opening),
                count=n,
            )
        )
    order = {c: i for i, c in enumerate(catalogue)}
    return sorted(out, key=lambda h: (-h.count, order.get(h.code, len(order)), h.code))


def player_chip_history(
    *, player: Player, season: Season | None = None, latest: int | None = None
) -> list[ChipPoint]:
    """Cumulative net chips, one point per session played (in start order; paper sessions
    included). One query on the materialised per-session rows.

    With ``latest``, only the points of the latest that many start times (sessions may
    share one: a paper session dated by its day, an import without times), every session
    at those times included; still one query, whatever the player's history. The
    cumulative before them is the player's net over every session in the scope
    (``PlayerSeasonStat`` / ``PlayerClubStat``, the sum of the session rows, read in the
    same statement) less theirs."""
    rows = PlayerSessionStat.objects.filter(player=player)
    if season is not None:
        rows = rows.filter(season=season)
    if latest is None:
        nets = list(rows.order_by("started_at", "session_id").values_list("started_at", "net"))
        before = 0
    else:
        window = (
            rows.filter(started_at__gte=_latest_times_start(rows, "started_at", latest))
            .annotate(total=Subquery(_total_net(player, season)))
            .order_by("started_at", "session_id")
            .values_list("started_at", "net", "total")
        )
        read = list(window)
        nets = [(at, net) for at, net, _total in read]
        before = (read[0][2] or 0) - sum(net for _at, net in nets) if read else 0
    points = []
    total = before
    for at, session_net in nets:
        total += session_net
        points.append(ChipPoint(at, total))
    return points


# Before any start time stored (a scope with fewer start times than asked for is read whole).
_THE_BEGINNING = datetime.datetime(1, 1, 1, tzinfo=datetime.UTC)


def _latest_times_start(rows: QuerySet[Any], field: str, latest: int) -> Coalesce:
    """The earliest of the latest ``latest`` distinct values of ``field`` among ``rows``
    (a subquery over the player's index read from its end), or the beginning of time
    when there are fewer."""
    nth = rows.order_by(f"-{field}").values(field).distinct()[latest - 1 : latest]
    return Coalesce(Subquery(nth), Value(_THE_BEGINNING), output_field=DateTimeField())


def _total_net(player: Player, season: Season | None) -> QuerySet[Any]:
    """The player's net over every session (with paper sessions), in a season or all: a
    one-row subquery."""
    if season is not None:
        nets: QuerySet[Any] = PlayerSeasonStat.objects.filter(player=player, season=season)
    else:
        nets = PlayerClubStat.objects.filter(player=player, club_id=player.club_id)
    return nets.values("net")[:1]


@dataclass(frozen=True, slots=True)
class PlayerSession:
    session: Any  # scoring.models.Session, with season
    seat: int
    net: int
    rounds: int


def _player_seats(player: Player, season: Season | None) -> QuerySet[SessionSeat]:
    seats = SessionSeat.objects.filter(player=player)
    if season is not None:
        seats = seats.filter(session__season=season)
    return seats


def player_sessions(
    *,
    player: Player,
    season: Season | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> list[PlayerSession]:
    """Sessions the player sat in (newest first) with their net and counted rounds (the
    materialised per-session rows: none where the player has no counted round); with
    ``limit``, one page of them (``offset`` rows skipped). Two queries, each a page of an
    index (SessionSeat.started_at)."""
    seats_qs = (  # a page of the player's seats index, newest first (SessionSeat.started_at)
        _player_seats(player, season)
        .select_related("session__season", "session__season__club")
        .order_by("-started_at", "-session_id")
    )
    seats = list(seats_qs[offset : offset + limit] if limit is not None else seats_qs[offset:])
    totals: dict[int, Mapping[str, Any]] = {
        row["session_id"]: row
        for row in PlayerSessionStat.objects.filter(
            player=player, session_id__in=[s.session_id for s in seats]
        ).values("session_id", "net", "rounds")
    }
    return [
        PlayerSession(
            session=s.session,
            seat=s.seat,
            net=(totals.get(s.session_id) or {}).get("net") or 0,
            rounds=(totals.get(s.session_id) or {}).get("rounds") or 0,
        )
        for s in seats
    ]


def player_session_count(*, player: Player, season: Season | None = None) -> int:
    """How many sessions the player sat in (what ``player_sessions`` pages through)."""
    return _player_seats(player, season).count()


def player_penalties(*, player: Player, limit: int = 50) -> list[Penalty]:
    """A player's penalties, bonuses and warnings, newest first, cancelled ones included
    (marked): the player page's list. One query."""
    return list(
        Penalty.objects.filter(player=player)
        .select_related("season", "event")
        .order_by("-created_at", "-id")[:limit]
    )


# ---------------------------------------------------------------- materialised tables, ratings


def _row(player: Player, c: dict[str, int]) -> StandingRow:
    return StandingRow(rank=0, player=player, **totals_values(c))


def stats_standings(
    *,
    season: Season | None = None,
    club: Club | None = None,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    order: str = DEFAULT_ORDER,
) -> list[StandingRow]:
    """Standings of a season (or, with ``club``, all-time) from the materialised tables,
    with a season's penalties. One query (two for a season); one more with a date range."""
    if season is None and club is None:
        raise TypeError("stats_standings() needs season or club")
    if date_from is None and date_to is None:
        if season is not None:
            qs: Any = PlayerSeasonStat.objects.filter(season=season, sessions__gt=0)
        else:
            qs = PlayerClubStat.objects.filter(club=club, sessions__gt=0)
        rows = [_row(s.player, s.counts()) for s in qs.select_related("player")]
        return ranked_rows(_with_penalties(rows, season, None, None), order)
    scope = Q(season=season) if season is not None else Q(club=club)
    if date_from is not None:
        scope &= Q(started_at__date__gte=date_from)
    if date_to is not None:
        scope &= Q(started_at__date__lte=date_to)
    sums: list[Mapping[str, Any]] = list(
        PlayerSessionStat.objects.filter(scope)
        .values("player_id")
        .annotate(**{f"{f}_sum": Sum(f) for f in STAT_FIELDS})
        .order_by()
    )
    players = Player.objects.in_bulk([s["player_id"] for s in sums])
    rows = [
        _row(players[s["player_id"]], {f: s[f"{f}_sum"] or 0 for f in STAT_FIELDS}) for s in sums
    ]
    return ranked_rows(_with_penalties(rows, season, date_from, date_to), order)


def _with_penalties(
    rows: list[StandingRow],
    season: Season | None,
    date_from: datetime.date | None,
    date_to: datetime.date | None,
) -> list[StandingRow]:
    """A season's rows with each player's penalties (given in the date range, when one is
    set). One query; none for all-time standings (penalties belong to a season)."""
    if season is None:
        return rows
    scope = Q(season=season, cancelled_at__isnull=True)
    if date_from is not None:
        scope &= Q(created_at__date__gte=date_from)
    if date_to is not None:
        scope &= Q(created_at__date__lte=date_to)
    totals = dict(
        Penalty.objects.filter(scope)
        .values("player_id")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("player_id", "total")
    )
    if not totals:
        return rows
    return [dataclasses.replace(r, penalties=totals.get(r.player.pk) or 0) for r in rows]


def ratings_ordinals(*, club: Club, season: Season | None = None) -> dict[int, float]:
    """player id -> conservative rating (ordinal) in the season, or club-wide. One query."""
    qs = PlayerRating.objects.filter(club=club, season=season)
    return dict(qs.values_list("player_id", "ordinal"))


# The pages' and exports' one order that is not a row's: the rating (等级分) sits in its
# own table, beside the standings.
RATING_ORDER = "rating"


def standings_order_valid(*, order: str) -> bool:
    """Whether a page or export can sort by ``order`` ("-"-prefixed reverses it)."""
    name = order.lstrip("-")
    return name in STANDINGS_ORDERS or name == RATING_ORDER


def rated_rows(
    *, rows: Iterable[StandingRow], ratings: Mapping[int, float], order: str
) -> list[tuple[StandingRow, float | None]]:
    """Each row with its player's rating (None before a finished session). Sorted by
    the rating for ``order`` "rating" (highest first; "-rating" lowest first), unrated
    players last either way and ties in the rows' order; otherwise as the rows come."""
    rated = [(r, ratings.get(r.player.pk)) for r in rows]
    if order.lstrip("-") != RATING_ORDER:
        return rated
    known = [p for p in rated if p[1] is not None]
    known.sort(key=lambda p: p[1] or 0.0, reverse=not order.startswith("-"))
    return known + [p for p in rated if p[1] is None]


class RatingPoint(NamedTuple):
    at: datetime.datetime  # the rated session's start
    ordinal: float


def rating_history(
    *, player: Player, season: Season | None = None, latest: int | None = None
) -> list[RatingPoint]:
    """The player's rating after each rated session (club-wide when season is None);
    with ``latest``, only those of the latest that many session start times (every event
    at those times). One query."""
    qs = RatingEvent.objects.filter(player=player, season=season)
    if latest is not None:
        qs = qs.filter(at__gte=_latest_times_start(qs, "at", latest))
    rows = qs.order_by("at", "session_id").values_list("at", "ordinal")
    return [RatingPoint(at, ordinal) for at, ordinal in rows]


def player_rating(*, player: Player, season: Season | None = None) -> PlayerRating | None:
    return PlayerRating.objects.filter(player=player, season=season).first()


# ---------------------------------------------------------------- versions


def club_read_version(*, slug: str) -> str | None:
    """The version of what a public club's result pages and standings API show a
    logged-out reader (``csmj_site.etags``: such a read is rendered once per version).

    It changes with every write the club's log records (rounds recorded, corrected or
    voided, sessions, penalties, merges, renames, rulesets, seasons, the club's settings:
    each write service logs inside its own transaction), with every ratings replay (the
    worker's, which the log does not record: the replay writes new rating rows) and with
    the players' "hide my name" choice. None when the club is not public, or when its
    newest log entry is younger than ``SYNC_SETTLE_SECONDS``: a transaction that took its
    entry earlier may still commit, so nothing is kept until the log settles (as the
    changes feed holds such entries back). One query, whatever the club's size, written
    out once (it runs before every kept read: the ORM would compile it each time)."""
    cutoff = timezone.now() - datetime.timedelta(seconds=settle_seconds())
    # Where the request's other reads go (a replica when routed there): a version read on
    # the primary would key content read from a replica behind it.
    db = connections[router.db_for_read(AuditEntry)]
    with db.cursor() as cur:
        cur.execute(_read_version_sql(), [db.ops.adapt_datetimefield_value(cutoff), slug])
        row = cur.fetchone()
    if row is None or row[1]:
        return None
    return "-".join(str(v or 0) for v in (row[0], *row[2:]))


@functools.cache
def _read_version_sql() -> str:
    """club_read_version's query: the club, whether its newest log entry is younger than
    the cutoff, that entry's id, the newest rating row's, and the hidden names' count,
    sum and last id."""
    club = Club._meta.db_table
    audit = AuditEntry._meta.db_table
    rating = PlayerRating._meta.db_table
    player = Player._meta.db_table
    newest = f"FROM {audit} a WHERE a.club_id = c.id ORDER BY a.at DESC, a.id DESC LIMIT 1"
    hidden = f"FROM {player} p WHERE p.club_id = c.id AND p.name_hidden"
    return (
        f"SELECT c.id, (SELECT a.at > %s {newest}), (SELECT a.id {newest}),"
        f" (SELECT MAX(r.id) FROM {rating} r WHERE r.club_id = c.id),"
        f" (SELECT COUNT(*) {hidden}), (SELECT SUM(p.id) {hidden}), (SELECT MAX(p.id) {hidden})"
        f" FROM {club} c WHERE c.slug = %s AND c.is_public AND NOT c.is_quick"
    )


SEASON_ROUNDS_CSV_HEADER = [
    "session",
    "started_at",
    "table",
    "round",
    "version",
    "void",
    "dealer",
    "kind",
    "winners",
    "discarder",
    "hands",
    "player_0",
    "player_1",
    "player_2",
    "player_3",
    "net_0",
    "net_1",
    "net_2",
    "net_3",
    "burned",
]


class SeasonRound(NamedTuple):
    """One current round of a season, with the names at its session's seats."""

    players: list[str]  # by seat
    session_id: int
    started_at: datetime.datetime
    table: str
    number: int
    version: int
    is_void: bool
    data: dict[str, Any]
    result: dict[str, Any]
    burned: int
    ruleset_config: Any  # what it was scored under (where its birds landed)
    birds: list[int]  # the final win's birds as the engine counted them

    def seat_names(self, seats: int = MAX_SEATS) -> list[str]:
        """The names by seat, one column a seat of the largest table (``seats``): a seat
        a smaller table lacks is blank."""
        return [*self.players, *[""] * (seats - len(self.players))]

    def seat_nets(self, seats: int = MAX_SEATS) -> list[int | None]:
        """The round's nets by seat, padded like ``seat_names`` (None: no such seat)."""
        net: list[int | None] = list(self.result["net"])
        return [*net, *[None] * (seats - len(net))]


def season_table_size(*, season: Season) -> int:
    """How many seats the season's tables have: its ruleset's, or more when one of its
    sessions sat more (the ruleset changed since). One query."""
    rules = season.ruleset.rules
    widest = SessionSeat.objects.filter(session__season=season).aggregate(m=Max("seat"))["m"]
    return max(rules.players if rules is not None else MAX_SEATS, (widest or 0) + 1)


def season_rounds(
    *,
    season: Season,
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
) -> Iterator[SeasonRound]:
    """Every current round of the season (void ones too), in session start order, each
    winner and opening given by tiles alone with the codes the engine found (as the API
    reads it back); with dates, those of the sessions started then (as the standings
    count them). Two queries, read in chunks, and one more for a chunk with such a
    round."""
    when = Q()
    if date_from is not None:
        when &= Q(session__started_at__date__gte=date_from)
    if date_to is not None:
        when &= Q(session__started_at__date__lte=date_to)
    names: dict[int, list[str]] = {}
    for sid, name, hidden in (
        SessionSeat.objects.filter(session__season=season)
        .order_by("session_id", "seat")
        .values_list("session_id", "player__display_name", "player__name_hidden")
    ):
        names.setdefault(sid, []).append(name_for_reader(name, hidden))
    rounds = (
        Round.objects.current()
        .filter(when, session__season=season)
        .order_by("session__started_at", "session_id", "number")
        .values_list(
            "id",
            "session_id",
            "session__started_at",
            "session__table_label",
            "number",
            "version",
            "is_void",
            "data",
            "result",
            "burned",
            "ruleset_config",
            "birds",
        )
    )
    rows = rounds.iterator(chunk_size=SEASON_ROUNDS_CHUNK)
    while chunk := list(itertools.islice(rows, SEASON_ROUNDS_CHUNK)):
        by_round: dict[int, dict[tuple[int, bool], list[str]]] = {}
        wanted = {r[0] for r in chunk if round_needs_codes(r[7])}
        for (rid, seat, opening), codes in round_hand_codes(round_ids=sorted(wanted)).items():
            by_round.setdefault(rid, {})[(seat, opening)] = codes
        for pk, sid, *rest in chunk:
            if pk in wanted:
                rest[5] = round_data_filled(rest[5], by_round.get(pk, {}))
            yield SeasonRound(names.get(sid, []), sid, *rest)


SEASON_ROUNDS_CHUNK = 2000


def season_rounds_csv_rows(*, season: Season) -> Iterator[list[Any]]:
    """Every current round of the season (void ones marked), header first, streamed in
    session start order: the API's CSV, with stable column codes. Two queries."""
    yield list(SEASON_ROUNDS_CSV_HEADER)
    for r in season_rounds(season=season):
        final = r.data.get("result") or {}
        winners = final.get("winners") or []
        yield [
            r.session_id,
            r.started_at.isoformat(),
            formula_safe(r.table),
            r.number,
            r.version,
            "void" if r.is_void else "",
            r.data.get("dealer"),
            final.get("kind", ""),
            " ".join(str(w["seat"]) for w in winners),
            "" if final.get("discarder") is None else final["discarder"],
            " ".join("+".join(w.get("hands") or []) for w in winners),
            *(formula_safe(name) for name in r.seat_names()),
            *r.seat_nets(),
            r.burned,
        ]
